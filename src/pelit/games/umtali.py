"""Umtali, the two-player rummy of the Rhodesian railways.

Rule source: seed 004 (ten games from a card-game site), "Umtali" (line
412): Object, Setup, Game play, Melding, Single-card melds, Melding jacks,
Going out.

Two players, a 52-card pack, ten cards each; the upcard starts the discard
pile.  A turn: draw (the stock's top card, or the top discard, and then the
next discard too when both can be melded at once), meld on one's own side,
discard.  Basic melds: sets of three or four of a rank (no jacks),
sequences of three or more number cards of a suit (A low, up to the 10) and
marriages (king and queen of a suit).  A card that extends a set or
sequence on either side, or another single card (same rank, or the same
suit one rank away), is melded alone on one's own side; jacks are always
melded alone.  Cards that make a basic meld must be laid as one.  Going out
(every card melded, with one pair allowed in that turn, the discard
optional and maybe face down) gives the opponent one last turn; what he
cannot meld then goes to the side of the player who went out.  Each side
scores its cards: tens and faces 5, others 1, marriages 20.  Four hands.

How actions are written (``pelit rules umtali``): ``draw``, ``take``,
``take two``; ``meld 5H 6H 7H`` / ``meld KC QC`` / ``meld 8H`` (a single
card) / ``meld 9S 9D`` (a pair, going out); the discard is the card
(``QS``), ``down QS`` discards face down when going out; ``done`` ends the
opponent's last turn without a discard.

Decisions where the seed is silent (each pinned by a test):

- Setup and deal: one card at a time, non-dealer first; the deal
  alternates.  A hand ends when a player finds the stock empty at the start
  of his turn: nobody went out and the cards still in the hands score for
  nobody.
- Drawing: ``take two`` takes the top two discards at once, and only when
  both can then be melded in this turn; until both are melded, only melds
  that use one of them (and leave the other meldable) may be laid.
- Extensions: marriages cannot be extended; a single card is extended by
  a card of its rank or of its suit one rank above or below (the ace is
  below the 2 only); a set or pair by a card of its rank; a sequence by its
  suit's next card at either end.  A single card is allowed only when it
  extends some meld on the table (either side) or is a jack, and it is not
  part of a basic meld the hand could lay ("must always be played as
  such").  Basic melds may be laid in any length the hand holds.
- Going out: melding the last card goes out at once; a player may instead
  discard his last card (``QS`` face up, ``down QS`` face down).  Every
  other turn ends with a discard.  A pair (two cards of a rank, not jacks)
  is allowed once in the going-out turn, when it leaves at most one card.
- The opponent's last turn: he draws (from the stock after a face-down
  discard), melds (a pair too, if he then goes out), and ends with a
  discard or ``done``; the cards left in his hand then go to the other
  side as single-card melds.  Pairs count as two-card sets for his
  extensions.
- Match: four hands (option ``hands``); the higher total wins, equal
  totals draw.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import (ACE, JACK, KING, QUEEN, Card, CardSet, ids, mask_of, pretty,
                          standard_deck)
from ..cards.deal import sample_hands, shuffled
from ..cards.meld_screen import seat_label
from ..cards.rummy import (WEB_SHOW, RUN, SET, Meld, MeldRules, RummyActions, cards_for_faces,
                           cards_in_order, count_cards, view_hands)
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
RULES = MeldRules(DECK, ace_low=True, ace_high=False, run_top=10, wild_limit="none",
                  set_ranks=[r for r in range(2, 15) if r != JACK])
HAND_SIZE = 10
MARRIAGE, SINGLE, PAIR = 2, 3, 4
KINDS = {SET: "set", RUN: "sequence", MARRIAGE: "marriage", SINGLE: "single", PAIR: "pair"}
KIND_OF = {v: k for k, v in KINDS.items()}


def card_points(card: int) -> int:
    """Going out: tens and face cards 5, other cards 1."""
    return 5 if DECK.rank_of[card] >= 10 and DECK.rank_of[card] != ACE else 1


def side_points(melds) -> int:
    """A side's score: its cards, a marriage 20 (double its two faces)."""
    total = 0
    for m in melds:
        if m.kind == MARRIAGE:
            total += 20
        else:
            total += sum(card_points(c) for c in m.cards)
    return total


def low_rank(card: int) -> int:
    """A card's rank with the ace low (Umtali's aces are always low)."""
    r = DECK.rank_of[card]
    return 1 if r == ACE else r


def extends(card: int, meld) -> bool:
    """Whether ``card`` may be melded alone off ``meld`` (Single-card melds)."""
    r, su = low_rank(card), DECK.suit_of[card]
    if meld.kind in (SET, PAIR):
        return low_rank(meld.cards[0]) == r
    if meld.kind == RUN:
        return su == meld.key and r in (meld.low - 1, meld.high + 1)
    if meld.kind == SINGLE:
        y = meld.cards[0]
        ry, sy = low_rank(y), DECK.suit_of[y]
        return r == ry or (su == sy and abs(r - ry) == 1)
    return False


class Phase(enum.Enum):
    DRAW = 1
    MELD = 2


@dataclass(frozen=True)
class UmtaliOptions:
    hands: int = option(4, "hands in the match", min=1, max=40)


class UmtaliState(State):
    __slots__ = ("dealer", "hand_no", "hands", "stock", "pile", "face_down", "sides", "turn",
                 "pending", "pair_laid", "out", "last_turn", "totals", "results", "public",
                 "known")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.pile = self.pile.copy()
        new.face_down = self.face_down
        new.sides = [x.copy() for x in self.sides]
        new.turn = self.turn
        new.pending = self.pending
        new.pair_laid = self.pair_laid
        new.out = self.out
        new.last_turn = self.last_turn
        new.totals = self.totals.copy()
        new.results = self.results.copy()
        new.public = self.public
        new.known = self.known.copy()


@register
class Umtali(Game):
    info = GameInfo(
        id="umtali", name="Umtali", min_seats=2, max_seats=2, family="rummy",
        source="004 Umtali (line 412)", hidden=True, chance=True, zero_sum=True,
        summary=(
            "Two players, a 52-card pack, ten cards each, an upcard starts the discard "
            "pile. On your turn draw the top card of the stock or of the discard pile "
            "(and the next discard too if you can meld both at once), meld on your side, "
            "discard. Melds: three or four of a rank (no jacks), three or more number "
            "cards of a suit in sequence (aces low, up to the 10), and a king with the "
            "queen of its suit (a marriage). A card that extends a set or sequence on "
            "either side, or another single card (same rank, or same suit one rank "
            "away), is melded alone on your side; jacks are always melded alone; cards "
            "that form a meld must be laid as one. Meld every card to go out (one pair "
            "allowed then; the last discard optional, face down if you like): the "
            "opponent has one more turn, and what he cannot meld goes to your side. "
            "Every side scores its cards: tens and faces 5, others 1, marriages 20. "
            "Four hands; the higher total wins."),
        verbs=(("draw", "draw the top card of the stock"),
               ("take", "take the top discard"),
               ("take two", "take the top two discards, melding both this turn"),
               ("meld 5H 6H 7H", "a set, sequence or marriage; 'meld 8H' a single card; "
                "'meld 9S 9D' a pair when going out"),
               ("QS", "discard (ends the turn)"),
               ("down QS", "discard your last card face down, going out"),
               ("done", "end your last turn without a discard")),
    )
    Options = UmtaliOptions
    Phase = Phase
    State = UmtaliState
    deck = DECK
    test_options = {"hands": 2}
    # the web table: each partnership's melds (no canastas here), the pile,
    # the stock; the end-of-hand sheet
    web_layout = {
        "table": "meld",
        "show": {
            **WEB_SHOW, "sides": "melds", "pile": ["pile", "pile"],
            "totals": ["side", "points"], "out": ["tag", "went out"],
            "hand_no": {"role": "info", "label": "hand", "one_based": True},
        },
        "melds": {"canasta": 99},
        "sheet": {"event": "hand_scored", "gained": "points", "total": "totals", "hide": ["hands"]},
    }
    render_hints = {
        "hide": ["sides", "pile", "face_down", "stock", "hand_sizes", "turn", "dealer",
                 "hand_no", "totals", "results", "pending", "out", "last_turn", "hand_known",
                 "pair_laid"],
    }

    def __init__(self):
        super().__init__()
        a = RummyActions(DECK)
        a.cards()                                         # discards
        self.A_DRAW = a.verb("draw")
        self.A_TAKE = a.verb("take")
        self.A_TAKE2 = a.verb("take two")
        self.A_DONE = a.verb("done")
        self.A_DOWN = a.card_block("down")
        self.A_MELD = a.faces("meld", 10)
        self.actions = a

    def num_players(self, s):
        return 2

    # -- the match ------------------------------------------------------------------
    def _setup(self, s):
        s.dealer = 1
        s.hand_no = 0
        s.totals = [0, 0]
        s.results = []
        self._deal(s)

    def _deal(self, s):
        pack = s.deal_pack(DECK, s.hand_no)
        s.stock = pack[::-1]
        s.hands = [0, 0]
        first = 1 - s.dealer
        for _ in range(HAND_SIZE):
            for p in (first, 1 - first):
                s.hands[p] |= 1 << s.stock.pop()
        for p in (0, 1):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND_SIZE)
        up = s.stock.pop()
        s.pile = [up]
        s.face_down = 0
        s.public = 1 << up
        s.known = [0, 0]
        s.log("upcard", None, card=Card(up), stock=len(s.stock))
        s.sides = [[], []]
        s.out = None
        s.last_turn = False
        self._start_turn(s, first)

    def _start_turn(self, s, p):
        s.turn = p
        s.pending = 0
        s.pair_laid = False
        if not s.stock and not s.last_turn:
            s.log("stock_empty", p)
            self._end_hand(s)
            return
        s.phase = Phase.DRAW
        if s.last_turn and not s.stock and (not s.pile or s.face_down):
            s.log("nothing_to_draw", p)
            s.phase = Phase.MELD
        s.to_act = (p,)

    # -- what may be melded ------------------------------------------------------------
    def _basic(self, hand):
        """Every basic meld the hand can lay: sets, sequences (every length), marriages."""
        out = RULES.starters(hand, 0, sizes=tuple(range(3, 11)))
        for su in range(4):
            k = DECK.suit_mask[su]
            kq = hand & k & (DECK.rank_mask[KING] | DECK.rank_mask[QUEEN])
            if kq.bit_count() == 2:
                king_first = sorted(ids(kq), key=lambda c: -DECK.rank_of[c])
                out.append(tuple(RULES.face[c] for c in king_first))
        return out

    def _targets(self, s):
        return [m for side in s.sides for m in side if m.kind != MARRIAGE]

    def _meld_options(self, s, p):
        """Every meld ``p`` may lay now, as face tuples."""
        hand = s.hands[p]
        basic = self._basic(hand)
        in_basic = 0
        for faces in basic:
            in_basic |= mask_of(cards_for_faces(RULES, faces, hand))
        out = list(basic)
        targets = self._targets(s)
        left = hand.bit_count()
        for c in ids(hand & ~in_basic):
            if DECK.rank_of[c] == JACK or any(extends(c, m) for m in targets):
                out.append((RULES.face[c],))
        if not s.pair_laid and left <= 3:
            for r in range(2, 15):
                if r == JACK:
                    continue
                pair = hand & DECK.rank_mask[r] & ~in_basic
                if pair.bit_count() == 2:
                    out.append(tuple(RULES.face[c] for c in ids(pair)))
        return out

    def _meld_kind(self, cards):
        if len(cards) == 1:
            return SINGLE
        if len(cards) == 2:
            return MARRIAGE if DECK.rank_of[cards[0]] != DECK.rank_of[cards[1]] else PAIR
        return RULES.read(cards, 0).kind

    def _feasible(self, s, p, pending):
        """Whether the ``pending`` cards can all still be melded this turn."""
        if not pending:
            return True
        for faces in self._meld_options(s, p):
            cards = cards_for_faces(RULES, faces, s.hands[p])
            used = mask_of(cards)
            if not used & pending or self._bad_pair(s, p, cards):
                continue
            trial = s.clone()
            self._lay(trial, p, cards)
            if self._feasible(trial, p, pending & ~used):
                return True
        return False

    def _bad_pair(self, s, p, cards):
        return len(cards) == 2 and self._meld_kind(cards) == PAIR and \
            (s.hands[p] & ~mask_of(cards)).bit_count() > 1

    # -- drawing ---------------------------------------------------------------------
    def _legal_draw(self, s, seat):
        out = []
        if s.stock:
            out.append(self.A_DRAW)
        if s.pile and not (s.last_turn and s.face_down):
            out.append(self.A_TAKE)
            if len(s.pile) >= 2:
                trial = s.clone()
                two = (1 << s.pile[-1]) | (1 << s.pile[-2])
                trial.hands[seat] |= two
                if self._feasible(trial, seat, two):
                    out.append(self.A_TAKE2)
        return out

    def _apply_draw(self, s, seat, action):
        if action == self.A_DRAW:
            c = s.stock.pop()
            s.hands[seat] |= 1 << c
            s.log("draw", seat, audience=(seat,), private={"card": Card(c)}, stock=len(s.stock))
        else:
            k = 2 if action == self.A_TAKE2 else 1
            taken = [s.pile.pop() for _ in range(k)]
            for c in taken:
                s.hands[seat] |= 1 << c
                s.known[seat] |= 1 << c
            if k == 2:
                s.pending = mask_of(taken)
            s.log("take", seat, cards=[Card(c) for c in taken])
        s.phase = Phase.MELD
        s.to_act = (seat,)

    # -- melding ---------------------------------------------------------------------
    def _legal_meld(self, s, seat):
        a = self.actions
        hand = s.hands[seat]
        out = []
        for faces in self._meld_options(s, seat):
            cards = cards_for_faces(RULES, faces, hand)
            if self._bad_pair(s, seat, cards):
                continue
            if s.pending:
                used = mask_of(cards)
                if not used & s.pending:
                    continue
                trial = s.clone()
                self._lay(trial, seat, cards)
                if not self._feasible(trial, seat, s.pending & ~used):
                    continue
            out.append(a.faces_id(self.A_MELD, faces))
        if not s.pending:
            out += ids(hand)
            if hand.bit_count() == 1 and not s.last_turn:
                out.append(self.A_DOWN + hand.bit_length() - 1)
            if s.last_turn:
                out.append(self.A_DONE)
        return out

    def _lay(self, s, p, cards):
        kind = self._meld_kind(cards)
        if kind in (SET, RUN):
            meld = RULES.read(cards, 0)
            meld.owner = p
        else:
            key = DECK.rank_of[cards[0]]
            meld = Meld(kind, key, 0, tuple(cards), p)
        s.sides[p].append(meld)
        used = mask_of(cards)
        s.hands[p] &= ~used
        s.known[p] &= ~used
        s.pending &= ~used
        s.public |= used
        if kind == PAIR:
            s.pair_laid = True
        return meld

    def _apply_meld(self, s, seat, action):
        if action < DECK.size:
            self._discard(s, seat, action, down=False)
            return
        if self.A_DOWN <= action < self.A_DOWN + DECK.size:
            self._discard(s, seat, action - self.A_DOWN, down=True)
            return
        if action == self.A_DONE:
            s.log("done", seat)
            self._after_last_turn(s, seat)
            return
        _, _, (_, faces) = self.actions.decode(action)
        cards = cards_for_faces(RULES, faces, s.hands[seat])
        meld = self._lay(s, seat, cards)
        s.log("meld", seat, cards=[Card(c) for c in cards], what=KINDS[meld.kind])
        if not s.hands[seat]:
            self._gone_out(s, seat)
            return
        s.to_act = (seat,)

    def _discard(self, s, p, card, down):
        s.hands[p] &= ~(1 << card)
        s.known[p] &= ~(1 << card)
        if down:
            s.face_down = 1 << card
            s.log("discard", p, face_down=True)
        else:
            s.pile.append(card)
            s.public |= 1 << card
            s.log("discard", p, card=Card(card))
        if s.last_turn:
            self._after_last_turn(s, p)
        elif not s.hands[p]:
            self._gone_out(s, p)
        else:
            self._start_turn(s, 1 - p)

    def _gone_out(self, s, p):
        if s.last_turn:
            self._after_last_turn(s, p)
            return
        s.out = p
        s.last_turn = True
        s.log("out", p)
        self._start_turn(s, 1 - p)

    def _after_last_turn(self, s, p):
        """The opponent's last turn is over: what he holds goes to the other side."""
        rest = s.hands[p]
        for c in ids(rest):
            s.sides[s.out].append(Meld(SINGLE, DECK.rank_of[c], 0, (c,), s.out))
        if rest:
            s.log("to_other_side", p, cards=CardSet(rest), side=s.out)
        s.public |= rest
        s.hands[p] = 0
        s.known[p] = 0
        self._end_hand(s)

    # -- the end of a hand and of the match -------------------------------------------
    def _end_hand(self, s):
        points = [side_points(s.sides[p]) for p in (0, 1)]
        s.totals = [s.totals[p] + points[p] for p in (0, 1)]
        s.results.append(tuple(points))
        s.log("hand_scored", None, points=points, totals=list(s.totals), out=s.out,
              hands=[CardSet(h) for h in s.hands])
        s.hand_no += 1
        if s.hand_no >= s.options.hands:
            a, b = s.totals
            winners = () if a == b else ((0,) if a > b else (1,))
            reason = f"{s.options.hands} hand{'' if s.options.hands == 1 else 's'} played: {a} to {b}" + (", a draw" if a == b else "")
            self.finish(s, Outcome((a, b), winners, reason,
                                   details={"hands": [list(r) for r in s.results]}))
            return
        s.dealer = 1 - s.dealer
        self._deal(s)

    # -- text ----------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        a = self.actions
        if not 0 <= action < a.size:
            return super().why_illegal(s, seat, action)
        text = a.text(action)
        if s.phase is Phase.DRAW:
            if action == self.A_TAKE2:
                return "take two only when you can meld both discards this turn"
            if action == self.A_TAKE and s.last_turn and s.face_down:
                return "the last discard was face down: draw from the stock"
            return "draw first ('draw', 'take' or 'take two')"
        if s.pending and (action < DECK.size or action in (self.A_DONE,)
                          or self.A_DOWN <= action < self.A_DOWN + DECK.size):
            return "meld the two cards you took from the discard pile first"
        if action < DECK.size:
            return f"{DECK.text(action)} is not in your hand"
        if self.A_DOWN <= action < self.A_DOWN + DECK.size:
            return "a face-down discard is only for your last card, going out"
        if action == self.A_DONE:
            return "'done' ends only the opponent's last turn; discard to end yours"
        d = a.decode(action)
        if d is not None and d[1] == "meld":
            return (f"{text}: not a meld you can lay (a set of three or four, no jacks; a "
                    f"sequence of number cards; a marriage; a single card extending a meld "
                    f"on the table, or a jack, that is not part of a meld in your hand; a "
                    f"pair only when going out)")
        return f"{text} is not allowed now"

    # -- views -----------------------------------------------------------------------
    def _view(self, s, seat, v):
        view_hands(s, seat, v)
        v["pile"] = [Card(c) for c in s.pile]
        v["face_down"] = bool(s.face_down)
        if s.face_down and seat is not None and seat == s.out:
            v["face_down_card"] = Card(s.face_down.bit_length() - 1)
        v["sides"] = [[{"kind": KINDS[m.kind], "cards": [Card(c) for c in m.cards]}
                       for m in side] for side in s.sides]
        v["turn"] = s.turn
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no
        v["totals"] = list(s.totals)
        v["results"] = [list(r) for r in s.results]
        v["pending"] = CardSet(s.pending)
        v["pair_laid"] = s.pair_laid
        v["out"] = s.out
        v["last_turn"] = s.last_turn

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "pile": mask_of(s.pile), "face_down": s.face_down}
        for p in (0, 1):
            z[f"hand{p}"] = s.hands[p]
            z[f"side{p}"] = mask_of(c for m in s.sides[p] for c in m.cards)
        return z

    def unknown_cards(self, s, seat):
        hidden = mask_of(s.stock)
        if seat is None:
            hidden |= s.hands[0] | s.hands[1]
        else:
            hidden |= s.hands[1 - seat]
        if seat is None or seat != s.out:
            hidden |= s.face_down
        return hidden & ~s.public

    def sample_world(self, view, rng):
        # A player melding two cards taken from the pile can meld both: a world
        # whose hand cannot is drawn again (rejection sampling)
        for _ in range(100):
            s = self._sample(view, rng)
            if not s.pending or s.to_act[0] == view["seat"] or s.phase is not Phase.MELD \
                    or self._feasible(s, s.turn, s.pending):
                return s
        s.pending = 0
        return s

    def _sample(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view["hand"]) if seat is not None else 0
        s.pile = [int(c) for c in view["pile"]]
        s.sides = [[_meld_of(rec, p) for rec in view["sides"][p]] for p in (0, 1)]
        known = [int(k) for k in view["hand_known"]]
        on_sides = mask_of(c for side in s.sides for m in side for c in m.cards)
        seen = own | mask_of(s.pile) | on_sides | known[0] | known[1]
        s.out = view["out"]
        s.last_turn = view["last_turn"]
        zones = {"stock": view["stock"]}
        own_down = int(view["face_down_card"]) if "face_down_card" in view else None
        if own_down is not None:
            seen |= 1 << own_down
        elif view["face_down"]:
            zones["face_down"] = 1          # its discarder alone knows the card
        for p in (0, 1):
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p] - known[p].bit_count()
        placed = sample_hands(DECK.all_mask & ~seen, zones, rng)
        s.face_down = (1 << own_down) if own_down is not None else placed.get("face_down", 0)
        s.hands = [own if p == seat else placed[f"hand{p}"] | known[p] for p in (0, 1)]
        s.known = known
        s.stock = shuffled(placed["stock"], rng)
        s.public = seen & ~own
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"]
        s.totals = list(view["totals"])
        s.results = [tuple(r) for r in view["results"]]
        s.turn = view["turn"]
        s.pending = int(view["pending"])
        s.pair_laid = view["pair_laid"]
        return s

    # -- terminal --------------------------------------------------------------------
    def describe_event(self, e):
        return _describe(e)

    def render_board(self, view):
        me = view["seat"]
        o = view["options"]
        totals = view["totals"]
        lines = [f"Hand {min(view['hand_no'] + 1, o.hands)} of {o.hands}   "
                 f"dealer: {_name(view['dealer'], me)}"
                 f"   totals: {_name(0, me)} {totals[0]}, {_name(1, me)} {totals[1]}"]
        for p in (0, 1):
            side = view["sides"][p]
            pts = side_points([_meld_of(rec, p) for rec in side])
            lines.append("")
            whose = "Your side" if p == me else f"Seat {p}'s side"
            lines.append(f"{whose} ({pts} points), {_count(view['hand_sizes'][p])} in hand")
            if not side:
                lines.append("  nothing melded")
            for rec in side:
                cards = " ".join(pretty(DECK.text(int(c))) for c in rec["cards"])
                lines.append(f"  {cards}   ({rec['kind']})")
        lines.append("")
        pile = view["pile"]
        if not pile:
            top = ""
        elif len(pile) == 1:
            top = f", top {pretty(DECK.text(int(pile[-1])))}"
        else:
            top = (f", top {pretty(DECK.text(int(pile[-1])))} on "
                   f"{pretty(DECK.text(int(pile[-2])))}")
        extra = "; one card face down" if view["face_down"] else ""
        lines.append(f"Discard pile: {_count(len(pile))}{top}{extra}"
                     f"   Stock: {view['stock']}")
        if view["pending"]:
            lines.append("To meld this turn (taken from the pile): " +
                         " ".join(pretty(DECK.text(c)) for c in view["pending"]))
        if view["last_turn"]:
            other = 1 - view["out"]
            has = "have" if other == me else "has"
            lines.append(f"{_name(view['out'], me)} went out: {_name(other, me)} {has} "
                         f"one last turn")
        lines.append(f"Turn: {_name(view['turn'], me)}")
        return "\n".join(lines)


def _describe(e):
    k = e.get("kind")
    if k == "upcard":
        return f"the upcard {pretty(DECK.text(int(e['card'])))} starts the discard pile"
    if k == "draw":
        card = e.get("card")
        what = "a card" if card is None else pretty(DECK.text(int(card)))
        return f"seat {e['seat']} draws {what} from the stock ({e['stock']} left)"
    if k == "take":
        return (f"seat {e['seat']} takes {cards_in_order(DECK, e['cards'])} from the "
                "discard pile")
    if k == "discard":
        if e.get("face_down"):
            return f"seat {e['seat']} discards his last card face down"
        return f"seat {e['seat']} discards {pretty(DECK.text(int(e['card'])))}"
    if k == "done":
        return f"seat {e['seat']} ends his last turn without a discard"
    if k == "nothing_to_draw":
        return (f"seat {e['seat']} has nothing to draw: the stock is empty and the last "
                "discard lies face down")
    if k == "meld":
        return f"seat {e['seat']} melds {cards_in_order(DECK, e['cards'])} ({e['what']})"
    if k == "to_other_side":
        return (f"seat {e['seat']} cannot meld {cards_in_order(DECK, ids(int(e['cards'])))}: "
                f"they go to seat {e['side']}'s side")
    if k == "hand_scored":
        pts, tot = e["points"], e["totals"]
        return (f"The hand is scored: seat 0's side {pts[0]}, seat 1's side {pts[1]}. "
                f"Totals: seat 0 {tot[0]}, seat 1 {tot[1]}")
    if k == "stock_empty":
        return "The stock is empty: the hand ends, the cards in the hands score for nobody"
    if k == "out":
        return f"seat {e['seat']} goes out"
    return NotImplemented


def _meld_of(rec, owner):
    cards = tuple(int(c) for c in rec["cards"])
    kind = KIND_OF[rec["kind"]]
    if kind in (SET, RUN):
        m = RULES.read(cards, 0)
        m.owner = owner
        return m
    return Meld(kind, DECK.rank_of[cards[0]], 0, cards, owner)


_count = count_cards
_name = seat_label
