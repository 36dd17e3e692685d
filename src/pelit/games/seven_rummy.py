"""Seven Rummy (Seven Bridge), the Japanese rummy whose sevens meld alone.

Rule source: seed 001 (ten games from a card-game site), "Seven Rummy"
(line 216): Object, Setup, Game play, Melding, Drawing from the discard
pile, Ending the hand.

Two to five players, one 52-card pack, seven cards each; the upcard starts
the discard pile.  A turn: draw, meld, discard.  Melds are sets (three or
four of a kind) and sequences (three or more of a suit, aces low); a meld
holding a seven may be shorter (a lone seven, a pair of sevens, 6-7 or 7-8
of a suit).  Cards may be laid off on anyone's melds.

How actions are written (``pelit rules seven-rummy``): ``draw``; a new meld
``meld 5H 6H 7H`` (sets by suit, sequences low to high; every longer meld
grows one card at a time with ``layoff 8H to 3``, meld 3 being the
table's third meld); a discard is the card itself (``QS``).  The top
discard is taken only together with the new meld it makes: ``take with 6H
8H`` (the player on turn: a sequence or a set) or ``claim with 5S 5D`` (a
set, out of turn); ``pass`` lets the card go.

Decisions where the seed is silent (each pinned by a test):

- Setup: dealt one at a time from the dealer's left; the deal passes left
  (the seed: "the player to the left of the dealer becomes the new dealer").
- Drawing from the discard pile: the card may be taken only while it is the
  last discard (the upcard is nobody's discard, and no one has drawn from
  the stock before the first round anyway).  The new meld is laid with the
  fewest cards that make it (two from the hand, one for a pair of sevens or
  a two-card sequence with a seven) and grows afterwards by laying off.  A
  set taken out of turn may also be a pair of sevens (a seven waives the
  minimum); a single seven cannot be taken to meld alone (the card is
  always melded "along with" cards from the hand).
- Out-of-turn claims race the next player's draw: after a discard, every
  other player who has drawn from the stock at least once is asked, and
  answers ``claim with ...`` or ``pass``; the next player's ``draw`` closes
  the moment.  A set claim wins over the next player's sequence: when the
  next player takes the card for a sequence while others have not yet
  answered, the take waits for them, and a set claim made meanwhile takes
  the card instead.  Between two set claims the first one made wins.
- Melding: a meld may not use the last card of the hand (the final discard
  is always required); a lone seven grows into a set or a sequence,
  whichever the laid-off card makes.
- Stock (the seed does not say what happens when it runs out): the
  discards under the top card are shuffled into a new stock.  A hand can
  lock, every card a player could meld held by another who needs it too:
  when a rebuilt stock runs out again and not one card has been laid on
  the table since it was rebuilt (no meld, no lay-off, no discard taken),
  the hand is a deadlock.  It also ends when the stock runs out with no
  discards under the top card to rebuild it from.  Either way nobody
  wins or scores.
- Going out all at once (double) means: the winner had melded nothing
  earlier in the hand (a claim's meld counts as melding).
- Match end: a target score (option ``target``, default 200) or a number of
  hands (option ``hands``).  At the target the match ends after the hand
  that reached it, if one player alone has the highest score (equal
  leaders play another hand); after a fixed number of hands equal leaders
  share the win.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import JACK, KING, QUEEN, Card, CardSet, ids, mask_of, pretty, standard_deck
from ..cards.meld_screen import seat_label
from ..cards.rummy import (MELDED, WEB_SHOW, MeldRules, RUN, RummyActions, cards_for_faces, cards_in_order,
                           count_cards, describe_meld_event, discard_line, draw_cards, drawable,
                           layoff_moves, meld_records, melds_from_records, rebuilt_note,
                           stock_end_reason, stock_end_text, table_lines, table_mask, hand_zones,
                           unknown_in_stock_and_hands, view_hands)
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
RULES = MeldRules(DECK, ace_low=True, ace_high=False, short_rank=7, wild_limit="none")
HAND_SIZE = 7
MAX_MELDS = 52
SEVEN = 7


def deadwood_value(card: int) -> int:
    """Ending the hand: sevens 20, face cards 10, other cards their pips (ace 1)."""
    r = DECK.rank_of[card]
    if r == SEVEN:
        return 20
    if r in (JACK, QUEEN, KING):
        return 10
    return 1 if r == 14 else r


VALUE = tuple(deadwood_value(c) for c in range(52))


def hand_value(mask: int) -> int:
    return sum(VALUE[c] for c in ids(mask))


def score_hand(winner: int, hands, all_at_once: bool) -> list[int]:
    """Points of one hand per seat (Ending the hand): the winner scores every
    other player's deadwood, doubled when he melded all at once."""
    total = sum(hand_value(h) for p, h in enumerate(hands) if p != winner)
    return [(2 * total if all_at_once else total) if p == winner else 0
            for p in range(len(hands))]


class Phase(enum.Enum):
    DRAW = 1      # the player on turn draws; others may claim the last discard
    CLAIM = 2     # the player on turn took it for a sequence: set claims come first
    MELD = 3      # melding, laying off, the discard


@dataclass(frozen=True)
class SevenRummyOptions:
    players: int = option(4, "number of players", min=2, max=5)
    target: int = option(200, "the score that ends the match (0: play 'hands' hands)",
                         min=0, max=10000)
    hands: int = option(0, "play this many hands instead of to the target (0: to the target)",
                        min=0, max=100)


class SevenRummyState(State):
    __slots__ = ("dealer", "hand_no", "hands", "stock", "discard", "table", "turn",
                 "discarder", "drew_stock", "melded", "melded_before", "passed",
                 "seq_wait", "known", "scores", "results", "public", "reshuffles",
                 "rebuilds", "table_at_rebuild")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.discard = self.discard.copy()
        new.table = self.table.copy()
        new.turn = self.turn
        new.discarder = self.discarder
        new.drew_stock = self.drew_stock.copy()
        new.melded = self.melded.copy()
        new.melded_before = self.melded_before
        new.passed = self.passed
        new.seq_wait = self.seq_wait
        new.known = self.known.copy()
        new.scores = self.scores.copy()
        new.results = self.results.copy()
        new.public = self.public
        new.reshuffles = self.reshuffles
        new.rebuilds = self.rebuilds
        new.table_at_rebuild = self.table_at_rebuild


@register
class SevenRummy(Game):
    info = GameInfo(
        id="seven-rummy", name="Seven Rummy", min_seats=2, max_seats=5, family="rummy",
        source="001 Seven Rummy (line 216)", hidden=True, chance=True,
        aliases=("seven-bridge",), rules_version=2,
        summary=(
            "Two to five players, a 52-card pack, seven cards each; an upcard starts "
            "the discard pile. On your turn draw from the stock, lay melds, lay off "
            "cards on anyone's melds, and discard. Melds are three or four of a kind "
            "and sequences of three or more in a suit (aces low); a meld with a seven "
            "may be shorter: a lone seven, a pair of sevens, 6-7 or 7-8 of a suit. "
            "Once you have drawn from the stock in an earlier turn, you may take the "
            "last discard instead, but only to lay it at once in a new meld with "
            "cards from your hand: the next player for a sequence or a set, anyone "
            "else out of turn for a set (the players between are skipped); a set "
            "beats a sequence. The first to empty the hand with a final discard wins "
            "the hand and scores the others' cards: sevens 20, faces 10, others their "
            "pips (ace 1), double for melding everything in one turn. The match goes "
            "to 200 points (or a number of hands)."),
        verbs=(("draw", "draw the top card of the stock"),
               ("meld 5H 6H 7H", "lay a new meld (a seven may meld alone: 'meld 7H', "
                "'meld 7H 7S', 'meld 6D 7D')"),
               ("layoff 8H to 3", "add a card to meld 3 (anyone's)"),
               ("take with 6H 8H", "on your turn: take the last discard and meld it "
                "with these cards"),
               ("claim with 5S 5D", "out of turn: take the last discard for a set"),
               ("pass", "let the last discard go"),
               ("QS", "discard a card (ends the turn)")),
    )
    Options = SevenRummyOptions
    Phase = Phase
    State = SevenRummyState
    deck = DECK
    test_options = {"target": 60}
    # the web table: the melds in the middle by number, the discard pile,
    # each player's melding and points; the end-of-hand sheet
    web_layout = {
        "table": "meld",
        "show": {
            **WEB_SHOW, "discard": ["pile", "discards"], "melds": ["table_melds", "melds"],
            "melded": {"role": "seat", "label": "melded", "words": MELDED},
            "scores": ["seat", "points"],
            "hand_no": {"role": "info", "label": "hand", "one_based": True},
        },
        "sheet": {"event": "hand_scored", "gained": "points", "total": "scores",
                  "hide": ["hands", "deadwood"]},
    }
    render_hints = {
        "hide": ["melds", "discard", "stock", "hand_sizes", "scores", "drew_stock",
                 "melded", "waiting", "passed", "turn", "dealer", "hand_no", "results",
                 "discarder", "melded_before", "hand_known", "rebuilds",
                 "table_at_rebuild"],
        "not_cards_after": ["to"],
    }

    def __init__(self):
        super().__init__()
        a = RummyActions(DECK)
        a.cards()                                       # discards
        self.A_DRAW = a.verb("draw")
        self.A_PASS = a.verb("pass")
        self.A_MELD = a.faces("meld", 3)
        self.A_TAKE = a.faces("take", 2, word="with")
        self.A_CLAIM = a.faces("claim", 3, word="with")
        self.A_LAYOFF = a.onto("layoff", MAX_MELDS)
        self.actions = a

    def num_players(self, s):
        return s.options.players

    # -- the match and its hands -------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        s.hand_no = 0
        s.scores = [0] * n
        s.results = []
        s.reshuffles = 0
        self._deal(s)

    def _deal(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, s.hand_no)
        s.stock = pack[::-1]
        s.hands = [0] * n
        first = (s.dealer + 1) % n
        for _ in range(HAND_SIZE):
            for k in range(n):
                s.hands[(first + k) % n] |= 1 << s.stock.pop()
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND_SIZE)
        up = s.stock.pop()
        s.discard = [up]
        s.public = 1 << up
        s.log("upcard", None, card=Card(up), stock=len(s.stock))
        s.table = []
        s.rebuilds = 0
        s.table_at_rebuild = 0
        s.known = [0] * n
        s.drew_stock = [False] * n
        s.melded = [False] * n
        s.melded_before = False
        s.discarder = None
        s.passed = 0
        s.seq_wait = None
        self._start_turn(s, first)

    def _start_turn(self, s, p):
        s.turn = p
        if not drawable(s):
            s.log("stock_end", p, why=stock_end_reason(s))
            self._end_hand(s, None)
            return
        s.phase = Phase.DRAW
        s.passed = 0
        s.seq_wait = None
        s.melded_before = s.melded[p]
        self._open_window(s)

    def _claimers(self, s):
        """Seats that may still claim the last discard out of turn (public
        facts only: who discarded it, who has drawn from the stock, who passed)."""
        if s.discarder is None or not s.discard:
            return ()
        n = s.options.players
        out = []
        for k in range(1, n):
            p = (s.turn + k) % n
            if p != s.discarder and s.drew_stock[p] and not (s.passed >> p) & 1:
                out.append(p)
        return tuple(out)

    def _open_window(self, s):
        others = self._claimers(s)
        if s.phase is Phase.CLAIM:
            if others:
                s.to_act = others
            else:
                self._take(s, s.turn, s.seq_wait, claim=False)
        else:
            s.to_act = (s.turn,) + others

    # -- drawing ---------------------------------------------------------------------
    def _take_options(self, s, p, sets_only):
        """(hand faces, is a set) of each new meld the last discard makes with
        ``p``'s hand, in its fewest cards (Drawing from the discard pile)."""
        if s.discarder is None or not s.discard or not s.drew_stock[p]:
            return []
        top = s.discard[-1]
        tf = RULES.face[top]
        pool = s.hands[p] | (1 << top)
        out = []
        left = s.hands[p].bit_count()
        for faces in RULES.starters(pool, 0, sizes=(2, 3)):
            if tf not in faces or left - (len(faces) - 1) < 1:
                continue                    # a card must be left for the final discard
            is_set = RULES.read_natural(cards_for_faces(RULES, faces, pool)).kind != RUN
            if not sets_only or is_set:
                out.append((tuple(f for f in faces if f != tf), is_set))
        return out

    def _legal_draw(self, s, seat):
        if seat != s.turn:
            return self._legal_claim_out(s, seat)
        out = [self.A_DRAW]
        a = self.actions
        for faces, _ in self._take_options(s, seat, sets_only=False):
            out.append(a.faces_id(self.A_TAKE, faces))
        return out

    def _legal_claim_out(self, s, seat):
        a = self.actions
        out = [a.faces_id(self.A_CLAIM, faces)
               for faces, is_set in self._take_options(s, seat, sets_only=True)]
        out.append(self.A_PASS)
        return out

    def _legal_claim(self, s, seat):
        return self._legal_claim_out(s, seat)

    def _apply_draw(self, s, seat, action):
        if action == self.A_PASS:
            s.passed |= 1 << seat
            s.log("pass", seat)
            self._open_window(s)
            return
        if action == self.A_DRAW:
            self._draw(s, seat)
            return
        kind, verb, (_, faces) = self.actions.decode(action)
        if verb == "claim":
            self._take(s, seat, faces, claim=True)
            return
        # the player on turn takes the card: a set at once; a sequence is
        # shown and waits for the set claims of the players still to answer
        top = s.discard[-1]
        cards = cards_for_faces(RULES, faces, s.hands[seat])
        if RULES.read_natural(cards + [top]).kind == RUN and self._claimers(s):
            s.seq_wait = faces
            s.known[seat] |= mask_of(cards)
            s.public |= mask_of(cards)
            s.phase = Phase.CLAIM
            s.log("wants_discard", seat, card=Card(top), cards=[Card(c) for c in cards])
            self._open_window(s)
            return
        self._take(s, seat, faces, claim=False)

    def _apply_claim(self, s, seat, action):
        if action == self.A_PASS:
            s.passed |= 1 << seat
            s.log("pass", seat)
            self._open_window(s)
            return
        _, _, (_, faces) = self.actions.decode(action)
        s.log("sequence_overruled", s.turn)
        self._take(s, seat, faces, claim=True)

    def _draw(self, s, p):
        c = draw_cards(s, 1)[0]
        s.hands[p] |= 1 << c
        s.drew_stock[p] = True
        s.log("draw", p, audience=(p,), private={"card": Card(c)}, stock=len(s.stock))
        s.discarder = None
        s.phase = Phase.MELD
        s.to_act = (p,)

    def _take(self, s, p, faces, claim):
        """``p`` takes the last discard and lays the new meld it makes."""
        top = s.discard.pop()
        cards = cards_for_faces(RULES, faces, s.hands[p])
        meld = RULES.read_natural(cards + [top])
        s.hands[p] &= ~mask_of(cards)
        s.known[p] &= s.hands[p]
        meld.owner = p
        s.table.append(meld)
        s.melded_before = s.melded[p]
        s.melded[p] = True
        s.public |= mask_of(cards)
        if claim and p != s.turn:
            skipped = []
            n = s.options.players
            q = s.turn
            while q != p:
                skipped.append(q)
                q = (q + 1) % n
            s.log("claim", p, card=Card(top), meld=[Card(c) for c in meld.cards],
                  no=len(s.table), skipped=skipped)
            s.turn = p
        else:
            s.log("take", p, card=Card(top), meld=[Card(c) for c in meld.cards],
                  no=len(s.table))
        s.discarder = None
        s.seq_wait = None
        s.phase = Phase.MELD
        s.to_act = (p,)

    # -- melding -----------------------------------------------------------------
    def _legal_meld(self, s, seat):
        hand = s.hands[seat]
        left = hand.bit_count()
        a = self.actions
        out = ids(hand)                                      # discards
        for faces in RULES.starters(hand, 0, sizes=(1, 2, 3)):
            if len(faces) < left:
                out.append(a.faces_id(self.A_MELD, faces))
        if left > 1:
            for f, no, mode in layoff_moves(RULES, s.table, hand, 0):
                out.append(a.onto_id(self.A_LAYOFF, f, no, mode))
        return out

    def _apply_meld(self, s, seat, action):
        if action < DECK.size:
            self._discard(s, seat, action)
            return
        kind, verb, parts = self.actions.decode(action)
        if kind == "faces":
            cards = cards_for_faces(RULES, parts[1], s.hands[seat])
            meld = RULES.read(cards, 0)
            meld.owner = seat
            s.hands[seat] &= ~mask_of(cards)
            s.known[seat] &= s.hands[seat]
            s.table.append(meld)
            s.melded[seat] = True
            s.public |= mask_of(cards)
            s.log("meld", seat, cards=[Card(c) for c in meld.cards], no=len(s.table))
        else:
            face, no, mode = parts
            card = cards_for_faces(RULES, (face,), s.hands[seat])[0]
            s.table[no - 1] = RULES.extend(s.table[no - 1], card, mode, 0)
            s.hands[seat] &= ~(1 << card)
            s.known[seat] &= s.hands[seat]
            s.melded[seat] = True
            s.public |= 1 << card
            s.log("layoff", seat, card=Card(card), no=no, owner=s.table[no - 1].owner)
        s.to_act = (seat,)

    def _discard(self, s, p, card):
        s.hands[p] &= ~(1 << card)
        s.known[p] &= s.hands[p]
        s.discard.append(card)
        s.public |= 1 << card
        s.log("discard", p, card=Card(card))
        if not s.hands[p]:
            self._end_hand(s, p)
            return
        s.discarder = p
        self._start_turn(s, (p + 1) % s.options.players)

    # -- the end of a hand and of the match ---------------------------------------
    def _end_hand(self, s, winner):
        n = s.options.players
        if winner is None:
            points = [0] * n
            all_at_once = False
        else:
            all_at_once = not s.melded_before
            points = score_hand(winner, s.hands, all_at_once)
        for p in range(n):
            s.scores[p] += points[p]
        s.results.append(tuple(points))
        s.log("hand_scored", None, winner=winner, points=points, all_at_once=all_at_once,
              scores=list(s.scores), hands=[CardSet(h) for h in s.hands],
              deadwood=[hand_value(h) for h in s.hands])
        s.hand_no += 1
        o = s.options
        best = max(s.scores)
        leaders = tuple(p for p in range(n) if s.scores[p] == best)
        if o.hands and s.hand_no >= o.hands:
            reason = f"{o.hands} hand{'' if o.hands == 1 else 's'} played"
        elif not o.hands and o.target and best >= o.target and len(leaders) == 1:
            reason = f"target {o.target} reached"
        else:
            s.dealer = (s.dealer + 1) % n
            self._deal(s)
            return
        reason += ": " + ", ".join(f"seat {p} {s.scores[p]}" for p in range(n))
        self.finish(s, Outcome(tuple(s.scores), leaders, reason,
                               details={"hands": [list(r) for r in s.results]}))

    # -- text ----------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        a = self.actions
        d = a.decode(action) if 0 <= action < a.size else None
        if s.phase is Phase.MELD and seat == s.turn:
            if action < DECK.size:
                return f"{DECK.text(action)} is not in your hand"
            if d is not None and d[0] == "faces" and d[1] == "meld":
                return (f"{a.text(action)}: you cannot lay that (you need the cards, a set "
                        f"or a sequence of three, or a shorter meld with a seven, and one "
                        f"card kept for the final discard)")
            if d is not None and d[0] == "onto":
                return (f"{a.text(action)}: that card does not extend meld {d[2][1]} "
                        f"(or it is your last card, kept for the discard)")
            return "meld, lay off or discard"
        if seat != s.turn:
            if action in (self.A_DRAW,) or (d and d[1] in ("take", "meld", "layoff")) \
                    or action < DECK.size:
                return ("it is not your turn: you may only claim the last discard for a set, "
                        "or pass")
            if d and d[1] == "claim":
                return ("you can claim the last discard only for a new set (or a pair of "
                        "sevens) with cards from your hand, after a turn in which you "
                        "drew from the stock")
        if s.phase is Phase.DRAW:
            if d and d[1] == "take":
                return ("you can take the last discard only to lay it at once in a new "
                        "meld with cards from your hand, after a turn in which you drew "
                        "from the stock")
            return "draw first (or take the last discard for a new meld)"
        return super().why_illegal(s, seat, action)

    # -- views -------------------------------------------------------------------------
    def _view(self, s, seat, v):
        view_hands(s, seat, v)
        v["discard"] = [Card(c) for c in s.discard]
        v["discarder"] = s.discarder
        v["melds"] = meld_records(RULES, s.table)
        v["turn"] = s.turn
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no
        v["scores"] = list(s.scores)
        v["results"] = [list(r) for r in s.results]
        v["rebuilds"] = s.rebuilds
        v["table_at_rebuild"] = s.table_at_rebuild
        v["drew_stock"] = list(s.drew_stock)
        v["melded"] = list(s.melded)
        v["melded_before"] = s.melded_before
        v["waiting"] = None
        if s.phase is Phase.CLAIM:
            v["waiting"] = {"seat": s.turn,
                            "cards": [Card(c) for c in cards_for_faces(RULES, s.seq_wait,
                                                                      s.hands[s.turn])]}
        v["passed"] = [p for p in range(s.options.players) if (s.passed >> p) & 1]

    def zones(self, s):
        return hand_zones({"stock": mask_of(s.stock), "discard": mask_of(s.discard),
                           "table": table_mask(s.table)}, s.hands)

    def unknown_cards(self, s, seat):
        return unknown_in_stock_and_hands(s, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        own = int(view["hand"]) if seat is not None else 0
        s.table = melds_from_records(RULES, view["melds"])
        s.discard = [int(c) for c in view["discard"]]
        seen = own | mask_of(s.discard) | mask_of(c for m in s.table if m for c in m.cards)
        known = [int(k) for k in view["hand_known"]]
        for k in known:
            seen |= k
        zones = {"stock": view["stock"]}
        for p in range(n):
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p] - known[p].bit_count()
        placed = sample_hands(DECK.all_mask & ~seen, zones, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] | known[p] for p in range(n)]
        s.known = known
        s.stock = shuffled(placed["stock"], rng)
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"]
        s.scores = list(view["scores"])
        s.results = [tuple(r) for r in view["results"]]
        s.turn = view["turn"]
        s.discarder = view["discarder"]
        s.drew_stock = list(view["drew_stock"])
        s.melded = list(view["melded"])
        s.melded_before = view["melded_before"]
        s.passed = mask_of(view["passed"])
        s.seq_wait = None
        if view["waiting"] is not None:
            s.seq_wait = tuple(RULES.face[int(c)] for c in view["waiting"]["cards"])
        s.public = seen
        s.reshuffles = 0
        s.rebuilds = view["rebuilds"]
        s.table_at_rebuild = view["table_at_rebuild"]
        return s

    # -- terminal ----------------------------------------------------------------------
    def render_board(self, view):
        n = view["players"]
        me = view["seat"]
        o = view["options"]
        if o.hands:
            played = min(view["hand_no"] + 1, o.hands)
            head = f"Hand {played} of {o.hands}"
        else:
            head = f"Hand {view['hand_no'] + 1}   (game to {o.target})"
        lines = [f"{head}   dealer: {_name(view['dealer'], me)}"]
        lines.append("Scores: " + ", ".join(f"{_name(p, me)} {view['scores'][p]}"
                                            for p in range(n)))
        lines.append("")

        def header(p):
            flag = "" if view["drew_stock"][p] else "   (no stock draw yet: cannot take discards)"
            known = view["hand_known"][p]
            if known and p != me:
                flag += f"; known in hand: {cards_in_order(DECK, known)}"
            return f"{_name(p, me)}: {count_cards(view['hand_sizes'][p])}{flag}"
        lines += table_lines(RULES, view, me, header)
        lines.append("")
        lines.append(discard_line(DECK, view["discard"], view["discarder"], view["stock"], me)
                     + rebuilt_note(view))
        w = view["waiting"]
        if w is not None:
            shown = cards_in_order(DECK, w["cards"])
            lines.append(f"{_name(w['seat'], me)} takes the top card for a sequence with "
                         f"{shown}: a set claim still wins it")
        lines.append(f"Turn: {_name(view['turn'], me)}")
        return "\n".join(lines)

    def describe_event(self, e):
        k = e.get("kind")
        line = describe_meld_event(DECK, e)
        if line is not NotImplemented:
            return line
        if k == "claim":
            skipped = ", ".join(f"seat {q}" for q in e.get("skipped") or [])
            cards = cards_in_order(DECK, e["meld"])
            line = (f"seat {e['seat']} claims {pretty(DECK.text(int(e['card'])))} out of turn "
                    f"and melds {cards} (meld {e['no']})")
            return line + (f"; skipped: {skipped}" if skipped else "")
        if k == "take":
            cards = cards_in_order(DECK, e["meld"])
            return (f"seat {e['seat']} takes {pretty(DECK.text(int(e['card'])))} and melds "
                    f"{cards} (meld {e['no']})")
        if k == "pass":
            return f"seat {e['seat']} does not claim the discard"
        if k == "wants_discard":
            cards = cards_in_order(DECK, e["cards"])
            return (f"seat {e['seat']} takes {pretty(DECK.text(int(e['card'])))} for a sequence "
                    f"with {cards}, unless a set claims it")
        if k == "stock_end":
            return f"The hand ends: {stock_end_text(e['why'])}"
        if k == "hand_scored":
            w = e.get("winner")
            if w is None:
                return "Nobody scores this hand"
            pts = e["points"][w]
            left = "; ".join(f"seat {p} {cards_in_order(DECK, h)} ({e['deadwood'][p]})"
                             for p, h in enumerate(e["hands"]) if p != w)
            scores = ", ".join(f"seat {p} {v}" for p, v in enumerate(e["scores"]))
            return (f"seat {w} goes out and scores {pts}"
                    f"{' (double: all at once)' if e.get('all_at_once') else ''}. "
                    f"Left in hand: {left}. Scores: {scores}")
        return NotImplemented



_name = seat_label

