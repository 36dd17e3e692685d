"""Vazhushal, the rummy of Chennai whose discards lie in a line.

Rule source: seed 004 (ten games from a card-game site), "Vazhushal" (line
188): Object, Setup, Game play, Melding, Drawing from the line, Drawing
from the line for the initial meld, Going out.

Two to six players; one 54-card pack (two jokers) for two players, two such
packs for three or more.  Thirteen cards each.  The top stock card starts
the discard line; the bottom card of the stock is turned up beside it as
the negative joker: the cards of its rank in the other colour are wild, and
so are the jokers.  A turn: draw from the stock, or take a card anywhere in
the line with every card above it, using that card at once in a new meld;
meld; discard to the end of the line.  Melds are sequences (three or more
of a suit, the ace at either end) and sets (three or four of a rank,
never two identical cards); a meld needs a natural card, a player's first
meld must be a sequence without wild cards, and he may never hold two
identical melds.  Melds stay in front of their owner, who may rearrange
them (but not take them back into the hand), keeping a wild-free sequence
of three or more.  Melding all but one card and discarding it goes out
and wins; if the stock runs out, each player may meld from the hand once
more and the highest value of melds less hand wins.

How actions are written (``pelit rules vazhushal``): ``draw``; ``take 4 into
8S 9S 10S`` (the 4th card of the line, oldest first, and the cards above it
come to the hand; the meld named must hold the 4th card); ``meld 5H 6H 7H``
(a run low to high, a wild card where it stands: ``meld 5H JK 7H``);
``layoff 8H to 3`` (``layoff JK to 3 low`` / ``high`` for a wild card at a
run's end); ``lift 7H from 3`` (rearranging: a card out of your meld 3, to
be laid again this turn; ``lift JK=7H from 3`` for a wild card standing in
a run); ``undo`` (everything since the draw back as it was); the discard is
the card (``QS``); ``done`` ends the last melding after the stock ran out.

Decisions where the seed is silent (each pinned by a test):

- Setup: two players play one pack; the second pack stays in the box.  The
  hands are dealt one at a time from the dealer's left.  Three or more
  pairs of identical cards in one hand (jokers are not "copies of a card")
  throw the deal in; the same dealer deals again.  The negative joker is
  set apart face up and is never drawn.  If it is a joker, only the jokers
  are wild in that game (a joker has no rank or colour).
- Drawing from the line: the new meld holds three cards (it grows
  afterwards by laying off), taken from the hand and the cards above the
  chosen one; a take that would leave no card to discard is not offered.
  A player without melds takes from the line only into a wild-free
  sequence.  A player without melds who holds one may lay a wild-free
  sequence of three before drawing, only when a take from the line is
  then possible, and then he must take from the line.
- Melding: two melds are identical when every card stands for the same
  card (a set's wild cards for "any missing suit").  A card of a set's rank
  never stands in it for another suit (it would be a second copy).
  Rearranging: ``lift`` takes a card out of one's own meld (a run lifted in
  the middle falls in two); the lifted cards must be laid again, every meld
  must be whole, a wild-free sequence of three or more must remain and no
  two melds may be identical by the discard.
- Going out needs the final discard (the seed: all but one card melded,
  the last discarded), so a meld never uses the last card of the hand
  before it.
- Stock exhaustion: after the turn that drew the last card, every player
  from the next one round the table has one last melding (new melds,
  laying off, rearranging, by the same rules, the hand may be emptied) and
  says ``done``.  Values: aces and faces 10, other cards their pips, a wild
  card in a meld the card it stands for; a joker or wild card left in the
  hand counts 0 (the Indian rummy practice).  The highest score wins;
  equal highest scores share the win.  When a player goes out, the scores
  are shown the same way but he alone wins.
- The match is one game (the seed: going out "wins the game").
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import (ACE, JACK, JOKER_RANK, RED_SUITS, Card, CardSet, ids, mask_of, pretty,
                          standard_deck)
from ..cards.meld_screen import seat_label
from ..cards.rummy import (MELDED, WEB_SHOW, FACE_TEXT, MeldRules, RUN, RummyActions, apply_lift, broken_melds,
                           cards_for_faces, cards_in_order, count_cards, describe_meld_event,
                           layoff_moves, lift_moves, meld_records, melds_from_records,
                           one_per_face, place_texts, put_meld, sample_unseen, table_before,
                           table_changes, table_lines, table_mask, hand_zones,
                           unknown_in_stock_and_hands, view_hands)
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("2x54")
RULES = MeldRules(DECK, ace_low=True, ace_high=True, wild_limit="natural")
ONE_PACK = (1 << 54) - 1
SECOND_PACK = DECK.all_mask & ~ONE_PACK
HAND_SIZE = 13
MAX_MELDS = 60
LINE_MAX = DECK.size


def card_value(rank: int) -> int:
    """Going out: aces and face cards 10, other cards their pips (rank 1: a low ace)."""
    if rank in (1, ACE) or rank >= JACK:
        return 10
    return rank


def meld_value(meld) -> int:
    """A meld's value, every card as the card it stands for."""
    if meld.kind == RUN:
        return sum(card_value(meld.low + i) for i in range(len(meld.cards)))
    return card_value(meld.key) * len(meld.cards)


def hand_value(mask: int, wild: int) -> int:
    """Cards left in the hand; jokers and wild cards count 0 (see the docstring)."""
    return sum(0 if (wild >> c) & 1 else card_value(DECK.rank_of[c]) for c in ids(mask))


def score_game(table, hands, wild) -> list[int]:
    """Each player's melds less his hand (Going out)."""
    out = []
    for p, h in enumerate(hands):
        melds = sum(meld_value(m) for m in table if m is not None and m.owner == p)
        out.append(melds - hand_value(h, wild))
    return out


def wild_cards(neg: int, in_play: int) -> int:
    """The wild cards of a game: the jokers, and the negative joker's rank in
    the other colour (none of those when the negative joker is a joker)."""
    wild = DECK.joker_mask & in_play
    r = DECK.rank_of[neg]
    if r == JOKER_RANK:
        return wild
    red = DECK.suit_of[neg] in RED_SUITS
    for su in range(4):
        if (su in RED_SUITS) != red:
            wild |= DECK.rank_mask[r] & DECK.suit_mask[su] & in_play
    return wild


def must_redeal(hands) -> bool:
    """Setup: a hand holding both copies of three or more cards."""
    for h in hands:
        faces: dict[int, int] = {}
        for c in ids(h & ~DECK.joker_mask):
            f = RULES.face[c]
            faces[f] = faces.get(f, 0) + 1
        if sum(1 for k in faces.values() if k >= 2) >= 3:
            return True
    return False


def signature(meld) -> tuple:
    """What a meld shows: the card each of its cards stands for."""
    return (meld.kind, tuple(sorted(place_texts(RULES, meld))))


class Phase(enum.Enum):
    DRAW = 1      # draw, take from the line, or lay a first sequence before a line take
    MELD = 2      # meld, lay off, rearrange, discard
    FINAL = 3     # the stock ran out: last melding, one player after another


@dataclass(frozen=True)
class VazhushalOptions:
    players: int = option(4, "number of players (one pack for two, two packs for more)",
                          min=2, max=6)


class VazhushalState(State):
    __slots__ = ("dealer", "packs_dealt", "hands", "stock", "line", "neg", "wild", "box",
                 "table", "known", "public", "turn", "melded", "premelded", "loose", "snap",
                 "acted", "final", "last_drawn")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.packs_dealt = self.packs_dealt
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.line = self.line.copy()
        new.neg = self.neg
        new.wild = self.wild
        new.box = self.box
        new.table = self.table.copy()
        new.known = self.known.copy()
        new.public = self.public
        new.turn = self.turn
        new.melded = self.melded.copy()
        new.premelded = self.premelded
        new.loose = self.loose
        new.snap = self.snap
        new.acted = self.acted
        new.final = self.final
        new.last_drawn = self.last_drawn


@register
class Vazhushal(Game):
    info = GameInfo(
        id="vazhushal", name="Vazhushal", min_seats=2, max_seats=6, family="rummy",
        source="004 Vazhushal (line 188)", hidden=True, chance=True,
        summary=(
            "Two to six players; one pack with two jokers for two players, two for more. "
            "Thirteen cards each. The discards lie in a line, every card visible. The "
            "bottom card of the stock, turned up, is the negative joker: its rank in "
            "the other colour is wild, and so are the jokers. On your turn draw from "
            "the stock, or take any card of the line with all the cards above it if "
            "you lay that card at once in a new meld; then meld and discard. Melds: "
            "sequences of three or more in a suit (ace at either end) and three or four "
            "of a rank, with at least one natural card and never two identical cards. "
            "Your first meld must be a sequence without wild cards (you may lay one "
            "from your hand before taking from the line); you may rearrange your own "
            "melds, keeping such a sequence, but never two identical melds, and you "
            "cannot lay off on others' melds. Meld all but one card and discard it to "
            "go out and win. If the stock runs out, everyone melds what they can and "
            "the highest total of melds less hand wins (aces and faces 10, wild cards "
            "in melds as the card they stand for, in the hand 0)."),
        verbs=(("draw", "draw the top card of the stock"),
               ("take 4 into 8S 9S 10S", "take the 4th card of the line (oldest first) and "
                "every card above it, melding the 4th at once"),
               ("meld 5H 6H 7H", "lay a new meld (a run low to high; 'meld 5H JK 7H')"),
               ("layoff 8H to 3", "add a card to your meld 3 ('layoff JK to 3 low')"),
               ("lift 7H from 3", "rearrange: take a card out of your meld 3, to lay again"),
               ("undo", "take back everything since the draw"),
               ("QS", "discard a card to the line (ends the turn)"),
               ("done", "end your last melding after the stock ran out")),
    )
    Options = VazhushalOptions
    Phase = Phase
    State = VazhushalState
    deck = DECK
    test_options = {"players": 2}
    # the web table: the melds in the middle by number, the discard line, the
    # wild cards and the negative joker; the game's final scoring
    web_layout = {
        "table": "meld",
        "show": {
            **WEB_SHOW, "line": ["cards", "discard line"],
            "melds": ["table_melds", "melds"],
            "wild": {"role": "info", "label": "wild (every copy)", "text": True},   # faces, not cards
            "negative_joker": ["cards", "negative joker"],
            "melded": {"role": "seat", "label": "melded", "words": MELDED},
            "loose": ["cards", "to lay again"],
        },
        "sheet": {"event": "game_scored", "gained": "points", "hide": ["hands"]},
    }
    render_hints = {
        "hide": ["melds", "line", "stock", "hand_sizes", "hand_known", "negative_joker",
                 "wild", "melded", "turn", "dealer", "loose", "turn_start", "final",
                 "premelded", "last_drawn"],
        "not_cards_after": ["to", "from"],
    }

    def __init__(self):
        super().__init__()
        a = RummyActions(DECK)
        a.cards()                                         # discards
        self.A_DRAW = a.verb("draw")
        self.A_UNDO = a.verb("undo")
        self.A_DONE = a.verb("done")
        self.A_TAKE = a.faces("take", 3, numbers=range(1, LINE_MAX + 1), word="into")
        self.A_MELD = a.faces("meld", 3)
        self.A_LAYOFF = a.onto("layoff", MAX_MELDS)
        self.A_LIFT = a.lift("lift", MAX_MELDS)
        self.actions = a

    def num_players(self, s):
        return s.options.players

    # -- setup -----------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        s.packs_dealt = 0
        s.box = SECOND_PACK if n == 2 else 0
        while True:
            self._deal(s)
            if not must_redeal(s.hands):
                break
            s.log("redeal", None, reason="three or more pairs of identical cards in a hand")
        up = s.stock.pop()
        s.line = [up]
        s.neg = s.stock.pop(0)
        s.wild = wild_cards(s.neg, DECK.all_mask & ~s.box)
        s.public = (1 << up) | (1 << s.neg)
        s.log("line_started", None, card=Card(up), negative_joker=Card(s.neg),
              wild=" ".join(self._wild_words(s.wild)), stock=len(s.stock))
        s.table = []
        s.known = [0] * n
        s.melded = [False] * n
        s.final = ()
        s.last_drawn = False
        self._start_turn(s, (s.dealer + 1) % n)

    def _deal(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, s.packs_dealt)
        s.packs_dealt += 1
        s.stock = [c for c in reversed(pack) if not (s.box >> c) & 1]
        s.hands = [0] * n
        first = (s.dealer + 1) % n
        for _ in range(HAND_SIZE):
            for k in range(n):
                s.hands[(first + k) % n] |= 1 << s.stock.pop()
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND_SIZE)

    @staticmethod
    def _wild_words(wild):
        return sorted({FACE_TEXT[RULES.face[c]] for c in ids(wild)})

    # -- turns -------------------------------------------------------------------
    def _start_turn(self, s, p):
        s.turn = p
        s.phase = Phase.DRAW
        s.premelded = False
        s.loose = 0
        s.snap = None
        s.acted = False
        s.to_act = (p,)

    def _begin_meld(self, s, phase=Phase.MELD):
        p = s.turn
        s.phase = phase
        s.premelded = False
        s.snap = (s.hands[p], tuple(s.table), s.melded[p], s.known[p], s.public)
        s.acted = False
        s.loose = 0
        s.to_act = (p,)

    # -- drawing ---------------------------------------------------------------------
    def _legal_draw(self, s, seat):
        out = []
        if not s.premelded:
            out.append(self.A_DRAW)
        out += self._line_takes(s, seat)
        if not s.melded[seat] and not s.premelded:
            out += self._premelds(s, seat)
        return out

    def _line_takes(self, s, p, melded=None):
        """Every take from the line: index and the new three-card meld it makes."""
        a = self.actions
        hand = s.hands[p]
        melded = s.melded[p] if melded is None else melded
        own = {signature(m) for m in s.table if m is not None and m.owner == p}
        out = []
        line = s.line
        for i, c in enumerate(line):
            above = mask_of(line[i + 1:])
            if hand.bit_count() + len(line) - i - 1 < 3:
                continue                        # no card would be left to discard
            pool = hand | above | (1 << c)
            if not (s.wild >> c) & 1:
                pool &= self._near(c) | s.wild
            f = RULES.face[c]
            for faces in RULES.starters(pool, s.wild, sizes=(3,)):
                if f not in faces:
                    continue
                meld = RULES.read(cards_for_faces(RULES, faces, pool, 1 << c), s.wild)
                if meld is None or (not melded and not self._pure(meld)):
                    continue
                if signature(meld) in own:
                    continue
                out.append(a.faces_id(self.A_TAKE, faces, i))
        return out

    @staticmethod
    def _near(c):
        """The cards a natural card can meld with: its rank, and its suit two
        ranks either side (the ace at both ends)."""
        r = DECK.rank_of[c]
        su = DECK.suit_of[c]
        m = DECK.rank_mask[r]
        for d in (-2, -1, 1, 2):
            for rr in (r + d, r + d - 13, r + d + 13):
                if 2 <= rr <= ACE:
                    m |= DECK.rank_mask[rr] & DECK.suit_mask[su]
        return m

    def _pure(self, meld):
        return meld.kind == RUN and RULES.wild_count(meld) == 0 and len(meld.cards) >= 3

    def _premelds(self, s, p):
        """A first wild-free sequence laid before drawing, when a line take follows."""
        a = self.actions
        hand = s.hands[p]
        out = []
        for faces in RULES.starters(hand & ~s.wild, 0, sizes=(3,)):
            cards = cards_for_faces(RULES, faces, hand)
            meld = RULES.read(cards, s.wild)
            if meld is None or not self._pure(meld):
                continue
            trial = s.clone()
            trial.hands[p] &= ~mask_of(cards)
            meld.owner = p
            put_meld(trial.table, meld)
            if self._line_takes(trial, p, melded=True):
                out.append(a.faces_id(self.A_MELD, faces))
        return out

    def _apply_draw(self, s, seat, action):
        if action == self.A_DRAW:
            c = s.stock.pop()
            s.hands[seat] |= 1 << c
            s.log("draw", seat, audience=(seat,), private={"card": Card(c)}, stock=len(s.stock))
            s.last_drawn = not s.stock
            self._begin_meld(s)
            return
        kind, verb, (number, faces) = self.actions.decode(action)
        if verb == "meld":                              # a first sequence before the take
            cards = cards_for_faces(RULES, faces, s.hands[seat])
            meld = RULES.read(cards, s.wild)
            self._lay(s, seat, meld, cards)
            s.premelded = True
            s.log("meld", seat, cards=[Card(c) for c in meld.cards], no=self._no_of(s, meld),
                  before_draw=True)
            s.to_act = (seat,)
            return
        i = number - 1
        c = s.line[i]
        above = s.line[i + 1:]
        s.line = s.line[:i]
        pool = s.hands[seat] | mask_of(above) | (1 << c)
        cards = cards_for_faces(RULES, faces, pool, 1 << c)
        for d in above:
            s.hands[seat] |= 1 << d
            s.known[seat] |= 1 << d
        s.hands[seat] |= 1 << c
        meld = RULES.read(cards, s.wild)
        s.log("take", seat, index=number, card=Card(c), cards=[Card(d) for d in above])
        self._lay(s, seat, meld, cards)
        s.log("meld", seat, cards=[Card(d) for d in meld.cards], no=self._no_of(s, meld))
        self._begin_meld(s)

    @staticmethod
    def _no_of(s, meld):
        return next(k for k, m in enumerate(s.table, 1) if m is meld)

    def _lay(self, s, p, meld, cards):
        meld.owner = p
        for c in cards:
            self._from_pool(s, p, c)
        put_meld(s.table, meld)
        s.melded[p] = True

    def _from_pool(self, s, p, c):
        if (s.loose >> c) & 1:
            s.loose &= ~(1 << c)
        else:
            s.hands[p] &= ~(1 << c)
            s.known[p] &= ~(1 << c)
            s.public |= 1 << c

    # -- melding -------------------------------------------------------------------
    def _whole(self, s, p):
        """The end-of-turn check: nothing lifted lying loose, every meld whole, a
        wild-free sequence of three or more, no two identical melds."""
        if s.loose or broken_melds(RULES, s.table, p):
            return False
        mine = [m for m in s.table if m is not None and m.owner == p]
        if not mine:
            return True
        if not any(self._pure(m) for m in mine):
            return False
        sigs = [signature(m) for m in mine]
        return len(set(sigs)) == len(sigs)

    def _legal_meld(self, s, seat):
        return self._meld_actions(s, seat, final=False)

    def _legal_final(self, s, seat):
        return self._meld_actions(s, seat, final=True)

    def _meld_actions(self, s, seat, final):
        a = self.actions
        hand = s.hands[seat]
        keep = 0 if final else 1
        left = hand.bit_count()
        pool = hand | s.loose
        out = []
        if self._whole(s, seat):
            out += [self.A_DONE] if final else one_per_face(RULES, hand, s.known[seat])
        own = {signature(m) for m in s.table if m is not None and m.owner == seat}
        for faces in RULES.starters(pool, s.wild, sizes=(3,)):
            cards = cards_for_faces(RULES, faces, pool, s.loose)
            used = sum(1 for c in cards if not (s.loose >> c) & 1)
            if left - used < keep:
                continue
            meld = RULES.read(cards, s.wild)
            if meld is None or (not s.melded[seat] and not self._pure(meld)):
                continue
            if signature(meld) in own:
                continue
            out.append(a.faces_id(self.A_MELD, faces))
        if s.melded[seat]:
            mine = {no for no, m in enumerate(s.table, 1) if m is not None and m.owner == seat}
            broken = broken_melds(RULES, s.table, seat)
            moves = layoff_moves(RULES, s.table, pool, s.wild, mine - broken)
            if broken:
                moves += layoff_moves(RULES, s.table, pool, s.wild, broken, check=False)
            for f, no, mode in moves:
                card = cards_for_faces(RULES, (f,), pool, s.loose)[0]
                if (s.loose >> card) & 1 or left - 1 >= keep:
                    out.append(a.onto_id(self.A_LAYOFF, f, no, mode))
            out += lift_moves(RULES, a, self.A_LIFT, s.table, MAX_MELDS, owner=seat)
        if s.acted:
            out.append(self.A_UNDO)
        return out

    def _apply_meld(self, s, seat, action):
        if action < DECK.size:
            self._discard(s, seat, action)
            return
        self._meld_step(s, seat, action)

    def _apply_final(self, s, seat, action):
        if action == self.A_DONE:
            s.log("done", seat)
            s.final = s.final[1:]
            if s.final:
                s.turn = s.final[0]
                self._begin_meld(s, Phase.FINAL)
            else:
                self._end_game(s, None)
            return
        self._meld_step(s, seat, action)

    def _meld_step(self, s, seat, action):
        if action == self.A_UNDO:
            hand, table, melded, known, public = s.snap
            back = hand & ~s.hands[seat]
            s.hands[seat] = hand
            s.table = list(table)
            s.melded[seat] = melded
            s.known[seat] = known | back
            s.public = public | back
            s.loose = 0
            s.acted = False
            s.log("undo", seat, back=CardSet(back))
            s.to_act = (seat,)
            return
        s.acted = True
        kind, verb, parts = self.actions.decode(action)
        pool = s.hands[seat] | s.loose
        if verb == "meld":
            cards = cards_for_faces(RULES, parts[1], pool, s.loose | s.known[seat])
            meld = RULES.read(cards, s.wild)
            self._lay(s, seat, meld, cards)
            s.log("meld", seat, cards=[Card(c) for c in meld.cards], no=self._no_of(s, meld))
        elif verb == "layoff":
            face, no, mode = parts
            card = cards_for_faces(RULES, (face,), pool, s.loose | s.known[seat])[0]
            s.table[no - 1] = RULES.extend(s.table[no - 1], card, mode, s.wild, check=False)
            self._from_pool(s, seat, card)
            s.log("layoff", seat, card=Card(card), no=no)
        else:
            face, place, no = parts
            card = apply_lift(RULES, s.table, face, place, no)
            s.loose |= 1 << card
            s.log("lift", seat, card=Card(card), no=no)
        s.to_act = (seat,)

    def _discard(self, s, p, card):
        s.hands[p] &= ~(1 << card)
        s.known[p] &= ~(1 << card)
        s.line.append(card)
        s.public |= 1 << card
        s.table = [m for m in s.table if m is not None]
        s.log("discard", p, card=Card(card))
        if not s.hands[p]:
            self._end_game(s, p)
            return
        n = s.options.players
        if s.last_drawn:
            s.log("stock_out", None)
            s.final = tuple((p + 1 + k) % n for k in range(n))
            s.turn = s.final[0]
            self._begin_meld(s, Phase.FINAL)
            return
        self._start_turn(s, (p + 1) % n)

    def _end_game(self, s, out):
        n = s.options.players
        s.table = [m for m in s.table if m is not None]
        points = score_game(s.table, s.hands, s.wild)
        if out is not None:
            winners = (out,)
            reason = f"seat {out} goes out"
        else:
            best = max(points)
            winners = tuple(p for p in range(n) if points[p] == best)
            reason = "the stock ran out: " + ", ".join(f"seat {p} {points[p]}" for p in range(n))
        s.log("game_scored", None, out=out, points=points, hands=[CardSet(h) for h in s.hands])
        self.finish(s, Outcome(tuple(points), winners, reason))

    # -- text ----------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        a = self.actions
        if not 0 <= action < a.size:
            return super().why_illegal(s, seat, action)
        text = a.text(action)
        d = a.decode(action)
        if s.phase is Phase.DRAW:
            if action == self.A_DRAW:
                return "you laid a sequence before drawing: now take from the line"
            if d is not None and d[1] == "take":
                i = d[2][0]
                if i > len(s.line):
                    return f"the line has {len(s.line)} cards"
                first = "" if s.melded[seat] else (" (your first meld must be a sequence "
                                                  "without wild cards)")
                return (f"{text}: the {_ordinal(i)} card of the line, {DECK.text(s.line[i - 1])}, "
                        f"must go at once into that new meld of three{first}, made of your "
                        f"hand and the cards above it, and a card must be left to discard")
            if d is not None and d[1] == "meld":
                return ("before drawing you may only lay a first sequence without wild cards, "
                        "and only when a take from the line then follows")
            return "draw or take from the line first"
        if action < DECK.size:
            if s.phase is Phase.FINAL:
                return "the stock ran out: no more discards; meld or say 'done'"
            if not (s.hands[seat] >> action) & 1:
                return f"{DECK.text(action)} is not in your hand"
            return ("before the discard every meld must be whole, the lifted cards laid "
                    "again, a sequence without wild cards kept and no two melds identical")
        if action == self.A_DONE:
            if s.phase is not Phase.FINAL:
                return "end your turn with a discard"
            return ("every meld must be whole, the lifted cards laid again, a sequence "
                    "without wild cards kept and no two melds identical")
        if d is not None:
            if d[1] == "meld":
                first = "" if s.melded[seat] else \
                    "; your first meld must be a sequence without wild cards"
                return (f"{text}: not a meld you can lay (a run low to high or a set of three, "
                        f"a natural card in it, not identical to one of yours{first})")
            if d[1] in ("layoff", "lift"):
                if not s.melded[seat]:
                    return "you have no melds yet"
                no = d[2][1] if d[1] == "layoff" else d[2][2]
                m = s.table[no - 1] if no <= len(s.table) else None
                if m is None:
                    return f"there is no meld {no}"
                if m.owner != seat:
                    return "you may lay off on and rearrange only your own melds"
                return f"{text}: that card does not fit there"
        if action == self.A_UNDO:
            return "nothing to take back"
        return f"{text} is not allowed now"

    # -- views -------------------------------------------------------------------------
    def _view(self, s, seat, v):
        view_hands(s, seat, v)
        v["line"] = [Card(c) for c in s.line]
        v["negative_joker"] = Card(s.neg)
        v["wild"] = self._wild_words(s.wild)
        v["melds"] = meld_records(RULES, s.table)
        v["melded"] = list(s.melded)
        v["turn"] = s.turn
        v["dealer"] = s.dealer
        v["premelded"] = s.premelded
        v["loose"] = CardSet(s.loose)
        v["final"] = list(s.final)
        v["last_drawn"] = s.last_drawn
        v["turn_start"] = None
        if s.phase is not Phase.DRAW and s.acted:
            hand, table, melded, _, _ = s.snap
            v["turn_start"] = {"changed": table_changes(RULES, table, s.table), "melded": melded}

    def zones(self, s):
        return hand_zones({"stock": mask_of(s.stock), "line": mask_of(s.line), "loose": s.loose,
                           "table": table_mask(s.table), "negative_joker": 1 << s.neg,
                           "box": s.box}, s.hands)

    def unknown_cards(self, s, seat):
        return unknown_in_stock_and_hands(s, seat)

    def sample_world(self, view, rng):
        # A player who laid a sequence before drawing can take from the line:
        # a world whose hand cannot is drawn again (rejection sampling)
        for _ in range(100):
            s = self._sample(view, rng)
            if not s.premelded or s.phase is not Phase.DRAW or s.turn == view["seat"] \
                    or self._line_takes(s, s.turn):
                return s
        s.premelded = False
        return s

    def _sample(self, view, rng):
        s = self.blank_world(view, rng)
        n = view["players"]
        s.box = SECOND_PACK if n == 2 else 0
        s.table = melds_from_records(RULES, view["melds"])
        s.line = [int(c) for c in view["line"]]
        s.neg = int(view["negative_joker"])
        s.wild = wild_cards(s.neg, DECK.all_mask & ~s.box)
        s.loose = int(view["loose"])
        known = [int(k) for k in view["hand_known"]]
        table_cards = mask_of(c for m in s.table if m for c in m.cards)
        own = int(view["hand"]) if view["seat"] is not None else 0
        seen = own | mask_of(s.line) | (1 << s.neg) | table_cards | s.loose | s.box
        for k in known:
            seen |= k
        s.hands, s.stock, _ = sample_unseen(DECK.all_mask, seen, view, rng, known)
        s.known = known
        s.public = seen
        s.dealer = view["dealer"]
        s.packs_dealt = 1
        s.turn = view["turn"]
        s.melded = list(view["melded"])
        s.premelded = view["premelded"]
        s.final = tuple(view["final"])
        s.last_drawn = view["last_drawn"]
        start = view["turn_start"]
        s.acted = start is not None
        p = s.turn
        if start is not None:
            before = table_before(RULES, s.table, start["changed"])
            before_cards = mask_of(c for m in before if m for c in m.cards)
            hand_before = (s.hands[p] | table_cards | s.loose) & ~before_cards
            s.snap = (hand_before, tuple(before), start["melded"], s.known[p] & hand_before,
                      s.public)
        else:
            s.snap = (s.hands[p], tuple(s.table), s.melded[p], s.known[p], s.public)
        return s

    # -- terminal ------------------------------------------------------------------------
    def render_board(self, view):
        n = view["players"]
        me = view["seat"]
        neg = pretty(DECK.text(int(view["negative_joker"])))
        wild = " ".join(pretty(w) if w != "JK" else "JK" for w in view["wild"])
        lines = [f"Negative joker {neg}: wild cards {wild}   Stock: {view['stock']}"]
        lines.append("")

        def header(p):
            state = "has melded" if view["melded"][p] else "no melds yet (first: a pure sequence)"
            known = view["hand_known"][p]
            extra = f"; known in hand: {_cards(known)}" if known and p != me else ""
            return f"{_name(p, me)}: {count_cards(view['hand_sizes'][p])}, {state}{extra}"
        lines += table_lines(RULES, view, me, header)
        lines.append("")
        line = view["line"]
        cells = [f"{i}:{pretty(DECK.text(int(c)))}" for i, c in enumerate(line, 1)]
        lines.append("Discard line (oldest first): " + ("  ".join(cells) if cells else "empty"))
        if view["loose"]:
            lines.append(f"Lifted, to lay again this turn: {_cards(view['loose'])}")
        if view["final"]:
            lines.append("The stock ran out: last melding, " +
                         ", ".join(_name(q, me) for q in view["final"]) + " to go")
        lines.append(f"Turn: {_name(view['turn'], me)}")
        return "\n".join(lines)

    def describe_event(self, e):
        k = e.get("kind")
        line = describe_meld_event(DECK, e)
        if line is not NotImplemented:
            return line
        if k == "take":
            above = e.get("cards") or []
            more = f" and {_cards(above)} above it" if above else ""
            return (f"seat {e['seat']} takes {pretty(DECK.text(int(e['card'])))} "
                    f"(line card {e['index']}){more}")
        if k == "game_scored":
            out = e.get("out")
            head = f"seat {out} goes out and wins" if out is not None else "The stock ran out"
            rows = "; ".join(f"seat {p} {pts}" + (f" (left: {_cards(h)})" if len(h) else "")
                             for p, (pts, h) in enumerate(zip(e["points"], e["hands"])))
            return f"{head}. Melds less hand: {rows}"
        if k == "line_started":
            cards = [pretty(w) for w in e["wild"].split() if w != "JK"]
            wild = " ".join(cards + ["and the jokers" if cards else "only the jokers"])
            return (f"The discard line starts with {pretty(DECK.text(int(e['card'])))}; the "
                    f"negative joker is {pretty(DECK.text(int(e['negative_joker'])))}, so "
                    f"{wild} are wild; stock {e['stock']}")
        if k == "redeal":
            return "A hand holds three or more pairs of identical cards: the same dealer deals again"
        return NotImplemented


def _ordinal(i):
    return f"{i}{'th' if 10 <= i % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(i % 10, 'th')}"


_name = seat_label


def _cards(cards):
    return cards_in_order(DECK, cards)

