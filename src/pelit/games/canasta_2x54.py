"""Canasta as the rule sheet of a 2 x 54 card set plays it.

Rule source: seed 002 (line 9): Card values, Game preparation, Beginning of
the game, Taking a card from the discard pile, Red three, Lay out limit,
Lay out, End of Turn, Blocking, Start-up, Game Closure, Game rating, End of
game, 2 player version.  A stand-alone sheet: Korppi's rules (seed 000
ch. 21) do not apply.

Two to six players; with four or six, partners sit opposite (4: seats 0+2
and 1+3; 6: 0+3, 1+4, 2+5), otherwise each plays alone.

Actions: ``draw``, ``take pile with 7 7``, ``meld 7 7 7`` / ``meld 7 7 2`` /
``meld 7 7 jk``, ``add 7 to 7s`` / ``add 2 to 7s`` / ``add jk to 7s``,
``discard 4H``; at closure also ``meld 3 3 3``, ``add 3 to 3s`` and wild
groups ``meld 2 2 2`` / ``2 2 jk`` / ``2 jk jk`` / ``jk jk jk``, ``add 2 to
wilds``; ``keep`` / ``pass`` for the cutter, ``keep`` / ``refuse`` for the
dealer's first card, ``done`` to finish an opening.

Decisions where the sheet is silent (each pinned by a test):

- Game preparation: the stacked or shuffled pack is the pack after the cut;
  the three cards the cutter (the dealer's right-hand player) may view are
  its bottom three, shown to everyone.  If any of them are jokers, deuces or
  red threes the cutter chooses ``keep`` (all of them) or ``pass``; kept
  cards count towards the cutter's hand.  Cards are dealt one at a time from
  the top, starting at the dealer's left.
- Beginning: the dealer plays first; ``refuse`` puts the first card face up
  on the (empty) pile and the next card must be kept.  A red three drawn is
  laid and replaced first.  Red threes from the deal are laid at the start
  of the owner's first turn.
- Taking the pile: a natural pair of the top card's rank; the three are laid
  (onto the side's meld of that rank if there is one) and the whole pile
  joins the hand.  A wild card or a black three on top cannot be taken.  A
  side that has not laid out must reach its limit with the top card and hand
  cards (``done``); the rest of the pile joins the hand only then.
- Lay out: a side has one group of a rank; a group always has more natural
  cards than wild ones.  Groups of wild cards only and black threes are laid
  only in the closing turn (so they must leave at most one card besides).
  ``done`` below the limit takes the cards back (the sheet names no penalty).
  The limit counts card values and the bonus of a canasta laid in that
  turn, not red threes.
- Blocking: after a black three is discarded the next player may neither
  take the pile nor close in that turn; after a deuce or joker, nobody may
  for the next full round (as many turns as players).  Start-up: nobody may
  take the pile or close in the first three rounds of a deal.
- Closure: the last card goes face down onto the pile (it is not shown);
  emptying the hand any other way is not allowed.  A deal also ends when a
  player must draw from an empty stock (as in common Canasta); it is rated
  without a closure bonus.
- Rating: a wild joker canasta is exactly the four jokers and three deuces;
  any other wild group of seven or more is a wild deuce canasta.  Cards in
  canastas earn only the canasta's bonus; the other laid-out cards count
  plus, or minus for a side without a canasta (and so do red threes).
- 15 cards are dealt when any side's limit is 150 (score 5000 or more) and
  always with two players.  With two players the option ``draw_two`` (off by
  default) draws two cards a turn and closing then needs two canastas.
- End: the first side to 10 000 wins; if several reach it in one deal the
  higher total wins, equal totals play another deal.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands
from ..cards.deck import RANK_TEXT, Card, CardSet, ids, mask_of, \
    normalize_card_text, standard_deck
from ..cards.melds import CANASTA_POINTS, NATURAL_RANKS, MeldTables, opening_requirement, \
    popcount, take_lowest
from ..cards.scoresheet import ScoreSheet
from ..core.actions import ActionSpace
from ..core.errors import ParseError
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("2x54")
T = MeldTables(DECK, CANASTA_POINTS, red_three=0, black_three=5)   # red threes: no value
CANASTA = 7
WILDS = 2                          # index of the side's wild group in its meld list
BLACK3 = 3
LIMITS = ((-10**9, 15), (0, 50), (1500, 90), (2500, 120), (5000, 150))
RW = {r: RANK_TEXT[r].lower() for r in range(2, 16)}
RANK_OF_WORD = {w: r for r, w in RW.items()}
WILD_FORMS = ((3, 0), (2, 1), (1, 2), (0, 3))
CUT_KEEP = T.wild | T.red3


class Phase(enum.Enum):
    CUT = 1
    DRAW = 2
    FIRST = 3
    OPENING = 4
    MELD = 5


@dataclass(frozen=True)
class Canasta2x54Options:
    players: int = option(4, "number of players (4 and 6 play in pairs)", min=2, max=6)
    target: int = option(10000, "the score that wins the game", min=100, max=100000)
    draw_two: bool = option(False, "two players: draw two cards a turn, close with two canastas")
    deals: int = option(0, "play this many deals instead of to the target (0: to the target)",
                        min=0, max=100)


def teams_of(n):
    if n in (4, 6):
        k = n // 2
        return [p % k for p in range(n)], k
    return list(range(n)), n


def red_three_points(count, has_canasta):
    pts = {0: 0, 1: 100, 2: 200, 3: 300, 4: 800, 5: 1000, 6: 1200}[count]
    return pts if has_canasta else -pts


def canasta_kind(key, mask):
    if popcount(mask) < CANASTA:
        return None
    if key == WILDS:
        if popcount(mask & T.jokers) == 4 and popcount(mask & T.twos) == 3:
            return "wild joker"
        return "wild deuce"
    return "pure" if not mask & T.wild else "dirty"


BONUS = {"wild joker": 2000, "wild deuce": 1000, "pure": 600, "dirty": 300}


def score_side(melds, red3, hand, closed, hand_closing) -> dict:
    """One side's rating of a deal (Game rating); ``melds`` is its list of 16 masks."""
    kinds = [canasta_kind(k, m) for k, m in enumerate(melds) if m]
    has = any(kinds)
    loose = sum(T.value(m) for k, m in enumerate(melds) if m and canasta_kind(k, m) is None)
    line = {
        "canastas": sum(BONUS[k] for k in kinds if k),
        "laid out cards": loose if has else -loose,
        "red threes": red_three_points(popcount(red3), has),
        "closure": 300 if closed else 0,
        "hand closing": 100 if closed and hand_closing else 0,
        "cards in hand": -T.value(hand),
    }
    line["total"] = sum(line.values())
    return line


class Canasta2x54State(State):
    __slots__ = ("dealer", "deal_no", "hands", "known", "stock", "pile", "melds", "red3",
                 "opened", "tent", "tent_top", "pile_rest", "melded", "opened_now", "turn_no",
                 "black_block", "wild_block", "first_done", "cut_cards", "closing_only", "bottom",
                 "sheet", "results")

    def _copy_into(self, new):
        for name in ("dealer", "deal_no", "tent", "tent_top", "melded", "opened_now", "turn_no",
                     "black_block", "wild_block", "first_done", "closing_only"):
            setattr(new, name, getattr(self, name))
        for name in ("hands", "known", "stock", "pile", "red3", "opened", "pile_rest",
                     "cut_cards", "bottom", "results"):
            setattr(new, name, getattr(self, name).copy())
        new.melds = [m.copy() for m in self.melds]
        new.sheet = self.sheet.clone()


@register
class Canasta2x54(Game):
    info = GameInfo(
        id="canasta-2x54", name="Canasta 2x54", min_seats=2, max_seats=6,
        family="rummy", source="002 Canasta (line 9)", hidden=True, chance=True, teams=True,
        summary=(
            "The Canasta of a 2 x 54 card set's rule sheet, for 2 to 6 players (pairs "
            "with 4 or 6). 13 cards each (15 with two players or when a side's limit "
            "is 150). The cutter may keep jokers, deuces and red threes among the "
            "three bottom cards; the dealer starts and may refuse the first card. "
            "Take the stock's top card, or the whole pile with a natural pair of its "
            "top card. Groups of a rank always hold more natural cards than jokers "
            "and deuces; seven make a canasta (pure 600, dirty 300, wild deuce 1000, "
            "the four jokers with three deuces 2000). A black three discarded blocks "
            "the next player, a wild card everyone for a round, and nobody may take "
            "the pile or close in the first three rounds. The first lay-out must reach "
            "15, 50, 90, 120 or 150 by score. Close, with a canasta, by laying out "
            "all but one card and putting it face down on the pile (300; 100 more if "
            "you laid out first in that turn). Red threes 100 each, 800 for four. "
            "Cards outside canastas count for you (against you without a canasta), "
            "cards in hand against. First to 10 000."),
        verbs=(
            ("keep", "cutter: keep the jokers, deuces and red threes seen; dealer: keep the first card"),
            ("pass", "cutter: leave them in the pack"),
            ("refuse", "dealer's first turn: discard the first card and draw another"),
            ("draw", "take the top card of the stock"),
            ("take pile with 7 7", "take the whole pile with a natural pair of its top card"),
            ("meld 7 7 7", "lay out a group ('7 7 2', '7 7 jk'); at closure also "
             "'3 3 3' and wild groups '2 2 2', '2 2 jk', '2 jk jk', 'jk jk jk'"),
            ("add 7 to 7s", "add a card to your side's group ('add 2 to 7s', 'add jk to wilds')"),
            ("discard 4H", "discard and end your turn (your last card: close, face down)"),
            ("done", "finish your first lay-out (checked against the limit)"),
        ),
    )
    Options = Canasta2x54Options
    Phase = Phase
    State = Canasta2x54State
    deck = DECK
    presets = {"two-card-draw": {"players": 2, "draw_two": True}}
    test_options = {"deals": 1}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.A_KEEP = a.verb("keep")
        self.A_PASS = a.verb("pass")
        self.A_REFUSE = a.verb("refuse")
        self.A_DRAW = a.verb("draw")
        self.A_TAKE = a.choice("take", [f"pile with {RW[r]} {RW[r]}" for r in NATURAL_RANKS])
        n = len(NATURAL_RANKS)
        words = [f"{RW[r]} {RW[r]} {w}" for r in NATURAL_RANKS for w in (RW[r], "2", "jk")]
        words += ["3 3 3"] + [" ".join(["2"] * t + ["jk"] * j) for t, j in WILD_FORMS]
        self.A_MELD = a.choice("meld", words)
        self.A_MELD_B3 = self.A_MELD + 3 * n
        self.A_MELD_WILD = self.A_MELD_B3 + 1
        adds = [f"{w} to {RW[r]}s" for r in NATURAL_RANKS for w in (RW[r], "2", "jk")]
        adds += ["3 to 3s", "2 to wilds", "jk to wilds"]
        self.A_ADD = a.choice("add", adds)
        self.A_ADD_B3 = self.A_ADD + 3 * n
        self.A_ADD_WILD = self.A_ADD_B3 + 1
        self.A_DISCARD = a.card_block("discard")
        self.A_DONE = a.verb("done")
        self.actions = a
        self._ri = {r: i for i, r in enumerate(NATURAL_RANKS)}

    def num_players(self, state):
        return state.options.players

    def decode(self, a):
        """For bots: ``("keep",)``, ``("pass",)``, ``("refuse",)``, ``("draw",)``,
        ``("take", rank)``, ``("meld", rank, form)`` (rank 3 black threes, rank 2
        a wild group with form indexing WILD_FORMS), ``("add", rank, form)``
        (rank 3 / 2 likewise; form 0 natural, 1 deuce, 2 joker),
        ``("discard", card)``, ``("done",)``."""
        n = len(NATURAL_RANKS)
        simple = {self.A_KEEP: "keep", self.A_PASS: "pass", self.A_REFUSE: "refuse",
                  self.A_DRAW: "draw", self.A_DONE: "done"}
        if a in simple:
            return (simple[a],)
        if self.A_TAKE <= a < self.A_MELD:
            return ("take", NATURAL_RANKS[a - self.A_TAKE])
        if self.A_MELD <= a < self.A_MELD_B3:
            k = a - self.A_MELD
            return ("meld", NATURAL_RANKS[k // 3], k % 3)
        if a == self.A_MELD_B3:
            return ("meld", BLACK3, 0)
        if self.A_MELD_WILD <= a < self.A_ADD:
            return ("meld", WILDS, a - self.A_MELD_WILD)
        if self.A_ADD <= a < self.A_ADD_B3:
            k = a - self.A_ADD
            return ("add", NATURAL_RANKS[k // 3], k % 3)
        if a == self.A_ADD_B3:
            return ("add", BLACK3, 0)
        if self.A_ADD_WILD <= a < self.A_DISCARD:
            return ("add", WILDS, 1 + a - self.A_ADD_WILD)
        return ("discard", a - self.A_DISCARD)

    # -- rule helpers ------------------------------------------------------------------
    def side(self, s, p):
        return teams_of(s.options.players)[0][p]

    def limit(self, s, side):
        return opening_requirement(s.sheet.totals[side], LIMITS)

    def _tent_value(self, s, side, extra=0, melds=None):
        """Card values of the tentative cards plus bonuses of canastas among them."""
        melds = melds if melds is not None else s.melds[side]
        tent = s.tent | extra
        v = T.value(tent)
        for k, m in enumerate(melds):
            if m and m & tent and canasta_kind(k, m):
                v += BONUS[canasta_kind(k, m)]
        return v

    def _tent_enough(self, s, side, extra=0, melds=None):
        return self._tent_value(s, side, extra, melds) >= self.limit(s, side)

    def _blocked(self, s, p):
        """Start-up and blocking: may ``p`` take the pile or close now?"""
        n = s.options.players
        if s.turn_no < 3 * n:
            return "nobody may take the pile or close in the first three rounds"
        if s.black_block == p:
            return "a black three was just discarded: you may not take the pile or close"
        if s.turn_no <= s.wild_block:
            return "a wild card was discarded: nobody may take the pile or close for a round"
        return None

    def _may_close(self, s, p, melds, extra=0):
        side = self.side(s, p)
        if self._blocked(s, p):
            return False
        need = 2 if (s.options.players == 2 and s.options.draw_two) else 1
        if sum(1 for k, m in enumerate(melds) if m and canasta_kind(k, m)) < need:
            return False
        if s.tent and s.phase is Phase.MELD and not self._tent_enough(s, side, extra, melds):
            return False
        return True

    def _eff_hand(self, s, p):
        n = popcount(s.hands[p])
        if s.phase is Phase.OPENING:
            n += len(s.pile_rest)
        return n

    def _shrink_ok(self, s, p, key, used, gain=0, top=0):
        left = self._eff_hand(s, p) - popcount(used) + gain
        if left >= 2:
            return True
        if left < 1 or s.phase is Phase.OPENING:
            return False
        melds = s.melds[self.side(s, p)].copy()
        melds[key] |= used | top
        return self._may_close(s, p, melds, used | top)

    def _closing_ok(self, s, p, key, used):
        """Wild groups and black threes: only when closing, so at most one card
        may stay that cannot be laid out."""
        side = self.side(s, p)
        melds = s.melds[side].copy()
        melds[key] |= used
        left = s.hands[p] & ~used
        b3 = left & T.black3
        stuck = popcount(left & ~T.wild & ~T.black3)
        if b3 and not melds[BLACK3] and popcount(b3) < 3:
            stuck += popcount(b3)
        return stuck <= 1 and popcount(left) >= 1 and self._may_close(s, p, melds, used)

    def _fits(self, key, mask, add):
        new = mask | add
        w = popcount(new & T.wild)
        if key == WILDS:
            return w == popcount(new)
        if key == BLACK3:
            return new & ~T.black3 == 0
        return popcount(new) - w > w and new & ~(T.rank[key] | T.wild) == 0

    # -- setup ---------------------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        s.deal_no = 0
        _, k = teams_of(n)
        s.sheet = ScoreSheet(k)
        s.results = []
        self._deal(s)

    def _deal(self, s):
        n = s.options.players
        _, k = teams_of(n)
        pack = s.deal_pack(DECK, s.deal_no)
        s.stock = pack[::-1]                    # top of the pack at the end
        s.hands = [0] * n
        s.known = [0] * n
        s.pile = []
        s.pile_rest = []
        s.melds = [[0] * 16 for _ in range(k)]
        s.red3 = [0] * k
        s.opened = [False] * k
        s.tent, s.tent_top = 0, -1
        s.melded = s.opened_now = False
        s.turn_no = 0
        s.black_block = -1
        s.wild_block = -1
        s.first_done = False
        s.closing_only = False
        bottom = pack[-3:]
        s.bottom = s.stock[:3]               # seen by everyone: the stock's last cards
        s.cut_cards = [c for c in bottom if (CUT_KEEP >> c) & 1]
        cutter = (s.dealer - 1) % n
        s.log("cut", cutter, bottom=[Card(c) for c in bottom])
        if s.cut_cards:
            s.phase = Phase.CUT
            s.to_act = (cutter,)
            return
        self._deal_hands(s, 0)

    def _legal_cut(self, s, p):
        return [self.A_KEEP, self.A_PASS]

    def _apply_cut(self, s, p, a):
        kept = 0
        if a == self.A_KEEP:
            kept = mask_of(s.cut_cards)
            for c in s.cut_cards:
                s.stock.remove(c)
                s.bottom.remove(c)
            s.hands[p] |= kept
            s.known[p] |= kept
        s.log("cut_choice", p, kept=CardSet(kept))
        s.cut_cards = []
        self._deal_hands(s, kept)

    def _deal_hands(self, s, kept):
        n = s.options.players
        size = 15 if n == 2 or any(self.limit(s, t) >= 150 for t in range(len(s.opened))) else 13
        cutter = (s.dealer - 1) % n
        need = [size] * n
        need[cutter] -= popcount(kept)
        seat = (s.dealer + 1) % n
        while any(need):
            if need[seat]:
                s.hands[seat] |= 1 << s.stock.pop()
                need[seat] -= 1
            seat = (seat + 1) % n
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=popcount(s.hands[p]), dealer=s.dealer)
        self._begin_turn(s, s.dealer)

    def _begin_turn(self, s, p):
        s.melded = s.opened_now = False
        s.phase = Phase.DRAW
        s.to_act = (p,)
        reds = s.hands[p] & T.red3
        if reds:
            s.hands[p] &= ~reds
            s.known[p] &= ~reds
            self._lay_red_threes(s, p, reds)

    def _lay_red_threes(self, s, p, reds):
        side = self.side(s, p)
        while reds:
            c = reds & -reds
            reds ^= c
            s.red3[side] |= c
            s.log("red_three", p, card=Card(c.bit_length() - 1))
            if not s.stock:
                self._end_deal(s, None, "the stock ran out")
                return False
            d = s.stock.pop()
            if d in s.bottom:
                s.bottom.remove(d)
                s.known[p] |= 1 << d
            s.log("draw", p, audience=(p,), private={"card": Card(d)}, replacement=True,
                  stock=len(s.stock))
            if (T.red3 >> d) & 1:
                reds |= 1 << d
            else:
                s.hands[p] |= 1 << d
        return True

    # -- DRAW and the dealer's first card --------------------------------------------------
    def _legal_draw(self, s, p):
        out = [self.A_DRAW]
        if s.pile and not self._blocked(s, p):
            top = s.pile[-1]
            r = DECK.rank_of[top]
            if (T.natural >> top) & 1:
                side = self.side(s, p)
                pair = take_lowest(s.hands[p] & T.rank[r], 2)
                if popcount(pair) == 2 and self._fits(r, s.melds[side][r], pair | (1 << top)) \
                        and self._shrink_ok(s, p, r, pair, len(s.pile) - 1, 1 << top):
                    out.append(self.A_TAKE + self._ri[r])
        return out

    def _draw_one(self, s, p):
        """One card from the stock (red threes laid and replaced): the card that
        joined the hand, or None if the deal ended."""
        if not s.stock:
            s.log("draw_empty", p)
            self._end_deal(s, None, "the stock ran out")
            return None
        before = s.hands[p]
        c = s.stock.pop()
        if c in s.bottom:                    # everyone saw it at the cut
            s.bottom.remove(c)
            s.known[p] |= 1 << c
        s.log("draw", p, audience=(p,), private={"card": Card(c)}, stock=len(s.stock))
        if (T.red3 >> c) & 1:
            if not self._lay_red_threes(s, p, 1 << c):
                return None
            new = s.hands[p] & ~before
            return new.bit_length() - 1
        s.hands[p] |= 1 << c
        return c

    def _apply_draw(self, s, p, a):
        side = self.side(s, p)
        if a == self.A_DRAW:
            first = self._draw_one(s, p)
            if first is None:
                return
            if s.options.players == 2 and s.options.draw_two and self._draw_one(s, p) is None:
                return
            if not s.first_done and p == s.dealer:
                s.first_done = True
                s.phase = Phase.FIRST
                s.cut_cards = [first]              # the card that may be refused
                return
            s.phase = Phase.MELD
            return
        r = NATURAL_RANKS[a - self.A_TAKE]
        top = s.pile.pop()
        pair = take_lowest(s.hands[p] & T.rank[r], 2)
        s.hands[p] &= ~pair
        s.melds[side][r] |= pair | (1 << top)
        s.melded = True
        if not s.opened[side]:
            s.tent = pair | (1 << top)
            s.tent_top = top
            s.pile_rest = s.pile
            s.pile = []
            s.log("take_pile_opening", p, top=Card(top), cards=CardSet(pair),
                  rest=len(s.pile_rest))
            s.phase = Phase.OPENING
            return
        self._take_rest(s, p, s.pile, top, pair)

    def _take_rest(self, s, p, rest, top, pair):
        rest_mask = mask_of(rest)
        s.pile = []
        s.pile_rest = []
        s.log("take_pile", p, top=Card(top), cards=CardSet(pair), taken=CardSet(rest_mask))
        s.hands[p] |= rest_mask
        s.known[p] |= rest_mask
        s.phase = Phase.MELD

    def _legal_first(self, s, p):
        return [self.A_KEEP, self.A_REFUSE]

    def _apply_first(self, s, p, a):
        card = s.cut_cards[0] if s.cut_cards else None
        s.cut_cards = []
        s.phase = Phase.MELD
        if a == self.A_REFUSE and card is not None:
            s.hands[p] &= ~(1 << card)
            s.pile.append(card)
            s.log("refuse", p, card=Card(card))
            if self._draw_one(s, p) is None:
                return
        else:
            s.log("keep", p)

    # -- OPENING and MELD --------------------------------------------------------------------
    def _meld_actions(self, s, p):
        side = self.side(s, p)
        hand = s.hands[p]
        melds = s.melds[side]
        out = []
        for i, r in enumerate(NATURAL_RANKS):
            nat = hand & T.rank[r]
            m = melds[r]
            if not m:
                if popcount(nat) < 2:
                    continue
                forms = [(0, take_lowest(nat, 3)),
                         (1, take_lowest(nat, 2) | take_lowest(hand & T.twos, 1)),
                         (2, take_lowest(nat, 2) | take_lowest(hand & T.jokers, 1))]
                for form, used in forms:
                    if popcount(used) == 3 and self._fits(r, 0, used) \
                            and self._shrink_ok(s, p, r, used):
                        out.append(self.A_MELD + 3 * i + form)
            else:
                for form, pool in ((0, nat), (1, hand & T.twos), (2, hand & T.jokers)):
                    used = take_lowest(pool, 1)
                    if used and self._fits(r, m, used) and self._shrink_ok(s, p, r, used):
                        out.append(self.A_ADD + 3 * i + form)
        if s.phase is Phase.MELD:
            b = hand & T.black3
            if not melds[BLACK3] and popcount(b) >= 3:
                used = take_lowest(b, 3)
                if self._closing_ok(s, p, BLACK3, used):
                    out.append(self.A_MELD_B3)
            elif melds[BLACK3] and b and self._closing_ok(s, p, BLACK3, take_lowest(b, 1)):
                out.append(self.A_ADD_B3)
            if not melds[WILDS]:
                for j, (tw, jk) in enumerate(WILD_FORMS):
                    used = take_lowest(hand & T.twos, tw) | take_lowest(hand & T.jokers, jk)
                    if popcount(used) == 3 and self._closing_ok(s, p, WILDS, used):
                        out.append(self.A_MELD_WILD + j)
            else:
                for form, pool in ((1, T.twos), (2, T.jokers)):
                    used = take_lowest(hand & pool, 1)
                    if used and self._closing_ok(s, p, WILDS, used):
                        out.append(self.A_ADD_WILD + form - 1)
        return out

    def _legal_opening(self, s, p):
        return self._meld_actions(s, p) + [self.A_DONE]

    def _apply_opening(self, s, p, a):
        if a == self.A_DONE:
            self._done(s, p)
            return
        self._apply_meld_action(s, p, a)

    def _legal_meld(self, s, p):
        side = self.side(s, p)
        out = self._meld_actions(s, p)
        hand = s.hands[p]
        n = popcount(hand)
        ok = not (s.tent and not self._tent_enough(s, side))
        if s.closing_only and n != 1:
            ok = False
        if n == 1 and not self._may_close(s, p, s.melds[side]):
            ok = False
        if ok:
            faces = 0
            for c in ids(hand):
                f = 1 << DECK.face_of[c]
                if not faces & f:
                    faces |= f
                    out.append(self.A_DISCARD + c)
        if s.tent:
            out.append(self.A_DONE)
        return out

    def _apply_meld(self, s, p, a):
        if a == self.A_DONE:
            self._done(s, p)
            return
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            c = a - self.A_DISCARD
            if s.tent:
                self._open(s, p)
            s.hands[p] &= ~(1 << c)
            s.known[p] &= ~(1 << c)
            s.pile.append(c)
            if not s.hands[p]:
                s.log("close", p)                  # face down: the card is not shown
                self._end_deal(s, self.side(s, p), f"seat {p} closed")
                return
            s.log("discard", p, card=Card(c))
            n = s.options.players
            s.black_block = (p + 1) % n if (T.black3 >> c) & 1 else -1
            if (T.wild >> c) & 1:
                s.wild_block = s.turn_no + n
            s.turn_no += 1
            self._begin_turn(s, (p + 1) % n)
            return
        self._apply_meld_action(s, p, a)

    def _apply_meld_action(self, s, p, a):
        side = self.side(s, p)
        hand = s.hands[p]
        d = self.decode(a)
        kind, r, form = d
        if r == WILDS:
            if kind == "meld":
                tw, jk = WILD_FORMS[form]
                used = take_lowest(hand & T.twos, tw) | take_lowest(hand & T.jokers, jk)
            else:
                used = take_lowest(hand & (T.twos if form == 1 else T.jokers), 1)
            s.closing_only = True
        elif r == BLACK3:
            used = take_lowest(hand & T.black3, 3 if kind == "meld" else 1)
            s.closing_only = True
        elif kind == "meld":
            used = take_lowest(hand & T.rank[r], 3 if form == 0 else 2)
            if form:
                used |= take_lowest(hand & (T.twos if form == 1 else T.jokers), 1)
        else:
            pool = T.rank[r] if form == 0 else (T.twos if form == 1 else T.jokers)
            used = take_lowest(hand & pool, 1)
        s.hands[p] &= ~used
        s.known[p] &= ~used
        s.melds[side][r] |= used
        s.melded = True
        if not s.opened[side]:
            s.tent |= used
        s.log(kind, p, rank="wilds" if r == WILDS else RW[r], cards=CardSet(used),
              meld=CardSet(s.melds[side][r]))

    def _done(self, s, p):
        side = self.side(s, p)
        need = self.limit(s, side)
        got = self._tent_value(s, side)
        if got >= need:
            pile_open = s.phase is Phase.OPENING
            top, rest = s.tent_top, s.pile_rest
            self._open(s, p)
            if pile_open:
                self._take_rest(s, p, rest, top, 0)
            return
        back = s.tent & ~(1 << s.tent_top) if s.tent_top >= 0 else s.tent
        for k in range(16):
            s.melds[side][k] &= ~s.tent
        s.hands[p] |= back
        s.known[p] |= back
        s.log("lay_out_withdrawn", p, points=got, needed=need, returned=CardSet(back))
        if s.tent_top >= 0:
            s.pile = s.pile_rest + [s.tent_top]
            s.pile_rest = []
            s.phase = Phase.DRAW
        s.tent, s.tent_top = 0, -1
        s.melded = False
        s.closing_only = False

    def _open(self, s, p):
        side = self.side(s, p)
        s.opened[side] = True
        s.opened_now = True
        s.log("laid_out", p, points=self._tent_value(s, side), needed=self.limit(s, side))
        s.tent, s.tent_top = 0, -1

    def _end_deal(self, s, closer, reason):
        n = s.options.players
        team, k = teams_of(n)
        hands = [0] * k
        for p in range(n):
            hands[team[p]] |= s.hands[p]
        lines = []
        for t in range(k):
            reds = s.red3[t] | (hands[t] & T.red3)
            lines.append(score_side(s.melds[t], reds, hands[t] & ~T.red3, closer == t,
                                    closer == t and s.opened_now))
        totals = tuple(line["total"] for line in lines)
        s.sheet.add(f"deal {s.deal_no + 1}", totals)
        s.results.append(totals)
        s.log("deal_scored", None, reason=reason, lines=lines, totals=list(s.sheet.totals),
              hands=[CardSet(h) for h in s.hands])
        s.deal_no += 1
        tot = s.sheet.totals
        best = max(tot)
        o = s.options
        unique = list(tot).count(best) == 1
        if (o.deals and s.deal_no >= o.deals) or (not o.deals and best >= o.target and unique):
            win = tot.index(best)
            winners = tuple(p for p in range(n) if team[p] == win) if unique else ()
            why = f"{s.deal_no} deals played" if o.deals else f"target {o.target} reached"
            self.finish(s, Outcome(tuple(tot[team[p]] for p in range(n)), winners,
                                   f"{why}: " + " to ".join(map(str, tot))
                                   + ("" if unique else ", a draw"),
                                   details={"deals": [list(r) for r in s.results]}))
            return
        s.dealer = (s.dealer + 1) % n
        self._deal(s)

    # -- text -------------------------------------------------------------------------------
    def parse_action(self, state, text, seat=None):
        return super().parse_action(state, _normalize(text), seat)

    def why_illegal(self, s, seat, action):
        if not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        d = self.decode(action)
        side = self.side(s, seat)
        if s.phase is Phase.CUT:
            return "the cutter answers keep or pass"
        if s.phase is Phase.FIRST:
            return "keep the first card or refuse it"
        if d[0] == "take":
            if s.phase is not Phase.DRAW:
                return "the pile can be taken only instead of drawing"
            why = self._blocked(s, seat)
            if why:
                return why
            return "you need a natural pair of the top card's rank"
        if s.phase is Phase.DRAW:
            return "draw or take the pile first"
        if d[0] in ("keep", "pass", "refuse", "draw"):
            return f"{d[0]} is not possible now"
        if d[0] == "discard":
            if not (s.hands[seat] >> d[1]) & 1:
                return f"{DECK.text(d[1])} is not in your hand"
            if s.tent and not self._tent_enough(s, side):
                return (f"your lay-out makes {self._tent_value(s, side)} of the "
                        f"{self.limit(s, side)} needed: lay out more or say done")
            return self._blocked(s, seat) or ("you may not close now (a canasta is needed; "
                                              "after black threes or wild groups, close)")
        return (f"{self.action_text(action)}: not allowed now (more natural cards than wild "
                f"ones; black threes and wild groups only when closing; keep a card to close)")

    # -- views -------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        n = s.options.players
        team, k = teams_of(n)
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["sides"] = team
        v["hand_sizes"] = [popcount(h) for h in s.hands]
        v["hand_known"] = [CardSet(s.known[p] & s.hands[p]) for p in range(n)]
        v["stock"] = len(s.stock)
        v["stock_bottom"] = [Card(c) for c in s.bottom]
        v["pile"] = [Card(c) for c in s.pile]
        v["pile_aside"] = [Card(c) for c in s.pile_rest]
        v["melds"] = [{("wilds" if r == WILDS else RW[r]): CardSet(m[r])
                       for r in range(16) if m[r]} for m in s.melds]
        v["red_threes"] = [CardSet(x) for x in s.red3]
        v["cut_cards"] = [Card(c) for c in s.cut_cards] if s.phase is Phase.CUT or \
            (s.phase is Phase.FIRST and seat == s.dealer) else []
        v["first_card_hidden"] = s.phase is Phase.FIRST and seat != s.dealer
        v["tentative"] = CardSet(s.tent)
        v["tentative_top"] = Card(s.tent_top) if s.tent_top >= 0 else None
        v["opened"] = list(s.opened)
        v["limits"] = [self.limit(s, t) for t in range(k)]
        v["melded"] = s.melded
        v["opened_now"] = s.opened_now
        v["turn_no"] = s.turn_no
        v["black_block"] = s.black_block
        v["wild_block"] = s.wild_block
        v["first_done"] = s.first_done
        v["closing_only"] = s.closing_only
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["scores"] = list(s.sheet.totals)
        v["sheet"] = s.sheet.to_json()

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "pile": mask_of(s.pile), "aside": mask_of(s.pile_rest)}
        for p in range(len(s.hands)):
            z[f"hand{p}"] = s.hands[p]
        for t in range(len(s.melds)):
            m = 0
            for x in s.melds[t]:
                m |= x
            z[f"melds{t}"] = m
            z[f"red3_{t}"] = s.red3[t]
        return z

    def unknown_cards(self, s, seat):
        hidden = mask_of(s.stock) & ~mask_of(s.bottom)
        for p in range(len(s.hands)):
            if p != seat:
                hidden |= s.hands[p] & ~s.known[p]
        return hidden

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["options"].players
        team, k = teams_of(n)
        own = int(view["hand"]) if seat is not None else 0
        known = [int(x) for x in view["hand_known"]]
        s.melds = [[0] * 16 for _ in range(k)]
        table = 0
        for t in range(k):
            for key, m in view["melds"][t].items():
                r = WILDS if key == "wilds" else RANK_OF_WORD[key]
                s.melds[t][r] = int(m)
                table |= int(m)
        red3 = [int(x) for x in view["red_threes"]]
        pile = [int(c) for c in view["pile"]]
        rest = [int(c) for c in view["pile_aside"]]
        cut = [int(c) for c in view["cut_cards"]]
        seen = own | table | mask_of(pile) | mask_of(rest)
        for x in red3:
            seen |= x
        for p in range(n):
            if p != seat:
                seen |= known[p]
        bottom = [int(c) for c in view["stock_bottom"]]
        seen |= mask_of(bottom)
        zones = {"stock": view["stock"] - len(bottom)}
        for p in range(n):
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p] - popcount(known[p])
        placed = sample_hands(DECK.all_mask & ~seen, zones, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] | known[p] for p in range(n)]
        s.known = known
        stock = ids(placed["stock"])
        rng.shuffle(stock)
        s.stock = bottom + stock               # the shown bottom cards stay at the bottom
        s.bottom = bottom
        s.pile = pile
        s.pile_rest = rest
        s.red3 = red3
        s.opened = list(view["opened"])
        s.tent = int(view["tentative"])
        top = view["tentative_top"]
        s.tent_top = -1 if top is None else int(top)
        s.melded = view["melded"]
        s.opened_now = view["opened_now"]
        s.turn_no = view["turn_no"]
        s.black_block = view["black_block"]
        s.wild_block = view["wild_block"]
        s.first_done = view["first_done"]
        s.closing_only = view["closing_only"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        if s.phase is Phase.CUT:
            s.cut_cards = cut
        elif s.phase is Phase.FIRST:
            if seat == s.dealer:
                s.cut_cards = cut
            else:
                s.cut_cards = [ids(s.hands[s.dealer] & ~known[s.dealer])[0]] \
                    if s.hands[s.dealer] & ~known[s.dealer] else []
        else:
            s.cut_cards = []
        sheet = ScoreSheet(k)
        for label, pts in view["sheet"]["rows"]:
            sheet.add(label, pts)
        s.sheet = sheet
        s.results = [tuple(p) for _, p in view["sheet"]["rows"]]
        return s


def _normalize(text: str) -> str:
    """Suits are accepted in lay-out text: ``meld 7S 7H 2D`` is ``meld 7 7 2``."""
    words = text.strip().split()
    if len(words) < 2 or words[0].lower() not in ("meld", "add", "take"):
        return text
    head, body, tail = [words[0].lower()], words[1:], []
    if head[0] == "take":
        if len(body) < 2 or [w.lower() for w in body[:2]] != ["pile", "with"]:
            return text
        head += ["pile", "with"]
        body = body[2:]
    if head[0] == "add" and "to" in [w.lower() for w in body]:
        i = [w.lower() for w in body].index("to")
        body, tail = body[:i], [w.lower() for w in body[i:]]
    out = []
    try:
        for w in body:
            lw = w.lower()
            if lw in ("jk", "joker"):
                out.append("jk")
            elif lw in RANK_OF_WORD or lw == "10":
                out.append("t" if lw == "10" else lw)
            else:
                t = normalize_card_text(w)
                out.append("jk" if t == "JK" else t[:-1].lower())
    except ParseError:
        return text
    out.sort(key=lambda w: (w in ("2", "jk"), w == "jk"))
    return " ".join(head + out + tail)

