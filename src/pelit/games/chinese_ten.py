"""Chinese Ten (Jian Hong Dian), the fishing game of pairs that make ten.

Rule source: seed 004 (ten games from a card-game site), "Chinese Ten"
(line 316): Setup, Game play (with the special rules), Scoring.

A turn is a card from the hand and then the top card of the stock, each of
which captures one table card if it can (a pair adding up to ten; a ten or
a face card takes one of its own rank).  When a card could take more than
one table card its player chooses (``take 7H``); otherwise everything
happens by itself.

Decisions where the seed is silent (pinned in tests/games/test_chinese_ten.py):

- Setup: the last seat deals, one card at a time from seat 0; the four
  layout cards are then turned from the stock.  Seat 0 plays first.
- Game play: capturing is compulsory, for the hand card and for the stock
  card alike ("captures both cards"; "makes the capture").  A card captures
  one table card only.  An ace counts one (it pairs with a nine).
- Special rules: the three-of-a-kind rule applies to a three of a kind of
  fives, tens or face cards in the initial layout: the fourth card of the
  rank takes all three, whether it comes from a hand or from the stock.
  When all four layout cards are fives, tens or face cards the dealer takes
  them before play (his won pile), and the table starts empty.
- Scoring: the table of the seed, by the number of players.  The highest
  score wins; equal highest scores share the win.  The match is one deal.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, sample_hands
from ..cards.deck import ACE, JACK, KING, QUEEN, RED_SUITS, Card, CardSet, ids, mask_of, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
RANK = DECK.rank_of
SUIT = DECK.suit_of
PIP = tuple(1 if r == ACE else r for r in RANK)
SPECIAL = frozenset((5, 10, JACK, QUEEN, KING))
ACE_CLUBS = DECK.parse("AC")
ACE_SPADES = DECK.parse("AS")


def _high(card: int) -> bool:
    return RANK[card] in (10, JACK, QUEEN, KING)


def pairs_with(card: int, other: int) -> bool:
    """Game play: two cards that add up to ten (ace 1); tens and face cards
    pair only with their own rank."""
    if _high(card) or _high(other):
        return RANK[card] == RANK[other]
    return PIP[card] + PIP[other] == 10


def card_points(card: int, players: int) -> int:
    """Scoring: the point table, which depends on the number of players."""
    if card == ACE_CLUBS:
        return 40 if players == 4 else 0
    if card == ACE_SPADES:
        return 30 if players >= 3 else 0
    if SUIT[card] not in RED_SUITS:
        return 0
    r = RANK[card]
    if r == ACE:
        return 20
    if r >= 9:
        return 10
    return r


class Phase(enum.Enum):
    PLAY = 1
    TAKE = 2


@dataclass(frozen=True)
class ChineseTenOptions:
    players: int = option(2, "number of players", min=2, max=4)


class ChineseTenState(State):
    __slots__ = ("hands", "stock", "table", "won", "triple", "pending", "from_stock",
                 "dealer", "turn")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.table = self.table
        new.won = self.won.copy()
        new.triple = self.triple
        new.pending = self.pending
        new.from_stock = self.from_stock
        new.dealer = self.dealer
        new.turn = self.turn


@register
class ChineseTen(Game):
    info = GameInfo(
        id="chinese-ten", name="Chinese Ten", min_seats=2, max_seats=4, family="fishing",
        source="004 Chinese Ten (line 316)", hidden=True, chance=True,
        aliases=("jian-hong-dian",),
        summary=(
            "Deal 24 cards shared among two to four players (12, 8 or 6 each) and "
            "turn four from the stock face up. On your turn play a card: if it and a "
            "table card add up to ten (ace 1; a ten or face card with one of the same "
            "rank) you take both; then turn the top card of the stock, which takes a "
            "table card the same way or stays on the table. Three fives, tens or "
            "like face cards in the first layout are all taken by the fourth; a first "
            "layout made only of such cards goes to the dealer. At the end red cards "
            "score: aces 20, nines to kings 10, others their pips; the ace of spades "
            "scores 30 with three or four players and the ace of clubs 40 with four."),
        verbs=(("7H", "play a card from your hand"),
               ("take 3S", "choose which table card your card takes")),
    )
    Options = ChineseTenOptions
    Phase = Phase
    State = ChineseTenState
    deck = DECK
    test_options = {}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.TAKE = self.actions.card_block("take")

    def _setup(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, 0)
        size = 24 // n
        s.hands, rest = deal(pack, [size] * n, start=0)
        s.stock = rest[::-1]
        s.dealer = n - 1
        s.won = [0] * n
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=size)
        layout = [s.stock.pop() for _ in range(4)]
        s.table = mask_of(layout)
        s.log("layout", None, cards=CardSet(s.table))
        s.triple = None
        s.pending = None
        s.from_stock = False
        if all(RANK[c] in SPECIAL for c in layout):
            s.won[s.dealer] |= s.table
            s.log("dealer_takes_layout", s.dealer, cards=CardSet(s.table))
            s.table = 0
        else:
            for r in SPECIAL:
                if (s.table & DECK.rank_mask[r]).bit_count() == 3:
                    s.triple = r
        s.turn = 0
        s.phase = Phase.PLAY
        s.to_act = (0,)

    # -- capturing --------------------------------------------------------------
    def _targets(self, s, card):
        if s.triple is not None and RANK[card] == s.triple \
                and (s.table & DECK.rank_mask[s.triple]).bit_count() == 3:
            return None          # the three of a kind goes as one
        return [x for x in ids(s.table) if pairs_with(card, x)]

    def _resolve(self, s, seat, card):
        """Put ``card`` (from a hand or the stock) to the table; capture if it can."""
        targets = self._targets(s, card)
        if targets is None:
            three = s.table & DECK.rank_mask[s.triple]
            s.table &= ~three
            s.won[seat] |= three | (1 << card)
            s.triple = None
            s.log("capture", seat, card=Card(card), cards=CardSet(three), rule="three of a kind")
            return True
        if not targets:
            s.table |= 1 << card
            s.log("to_table", seat, card=Card(card))
            return True
        if len(targets) == 1:
            self._capture(s, seat, card, targets[0])
            return True
        s.pending = card
        s.phase = Phase.TAKE
        s.to_act = (seat,)
        return False

    def _capture(self, s, seat, card, target):
        s.table &= ~(1 << target)
        s.won[seat] |= (1 << target) | (1 << card)
        s.log("capture", seat, card=Card(card), cards=CardSet(1 << target))

    # -- phases -------------------------------------------------------------------
    def _legal_play(self, s, seat):
        return ids(s.hands[seat])

    def _apply_play(self, s, seat, card):
        s.hands[seat] &= ~(1 << card)
        s.log("play", seat, card=Card(card))
        s.from_stock = False
        if self._resolve(s, seat, card):
            self._turn_stock(s, seat)

    def _legal_take(self, s, seat):
        return [self.TAKE + x for x in self._targets(s, s.pending)]

    def _apply_take(self, s, seat, action):
        card = s.pending
        s.pending = None
        self._capture(s, seat, card, action - self.TAKE)
        if s.from_stock:
            self._next(s, seat)
        else:
            self._turn_stock(s, seat)

    def _turn_stock(self, s, seat):
        if not s.stock:
            self._next(s, seat)
            return
        card = s.stock.pop()
        s.from_stock = True
        s.log("stock_card", seat, card=Card(card), stock=len(s.stock))
        if self._resolve(s, seat, card):
            self._next(s, seat)

    def _next(self, s, seat):
        n = len(s.hands)
        s.from_stock = False
        if not any(s.hands):
            self._end(s)
            return
        nxt = (seat + 1) % n
        while not s.hands[nxt]:
            nxt = (nxt + 1) % n
        s.turn = nxt
        s.phase = Phase.PLAY
        s.to_act = (nxt,)

    def _end(self, s):
        n = len(s.hands)
        scores = tuple(sum(card_points(c, n) for c in ids(w)) for w in s.won)
        best = max(scores)
        winners = tuple(p for p in range(n) if scores[p] == best)
        winners_out = winners
        if len(winners) == n:
            reason = f"all score {best}: a draw"
        else:
            reason = f"highest score {best}: seat{'s' if len(winners) > 1 else ''} " \
                     + ", ".join(map(str, winners))
        self.finish(s, Outcome(scores, winners_out, reason,
                               details={"left_on_table": DECK.texts(s.table)}))

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and 0 <= action < 52:
            return f"{DECK.text(action)} is not in your hand"
        if s.phase is Phase.TAKE:
            return (f"{DECK.text(s.pending)} must take one of the table cards it pairs with "
                    "(adding up to ten, or the same rank for tens and face cards)")
        return super().why_illegal(s, seat, action)

    # -- views ------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["table"] = CardSet(s.table)
        v["pending"] = None if s.pending is None else Card(s.pending)
        v["from_stock"] = s.from_stock
        v["stock"] = len(s.stock)
        v["won_counts"] = [w.bit_count() for w in s.won]
        v["triple"] = s.triple
        v["dealer"] = s.dealer
        v["turn"] = s.turn

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "table": s.table,
             "pending": 0 if s.pending is None else 1 << s.pending}
        for p in range(len(s.hands)):
            z[f"hand{p}"] = s.hands[p]
            z[f"won{p}"] = s.won[p]
        return z

    def unknown_cards(self, s, seat):
        m = mask_of(s.stock)
        for p, h in enumerate(s.hands):
            if p != seat:
                m |= h
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        own = int(view["hand"]) if seat is not None else 0
        table = int(view["table"])
        pending = view["pending"]
        seen = own | table | (0 if pending is None else 1 << int(pending))
        zones = {"stock": view["stock"]}
        for p in range(n):
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p]
            zones[f"won{p}"] = view["won_counts"][p]
        placed = sample_hands(DECK.all_mask & ~seen, zones, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(n)]
        s.won = [placed[f"won{p}"] for p in range(n)]
        stock = ids(placed["stock"])
        rng.shuffle(stock)
        s.stock = stock
        s.table = table
        s.pending = None if pending is None else int(pending)
        s.from_stock = view["from_stock"]
        s.triple = view["triple"]
        s.dealer = view["dealer"]
        s.turn = view["turn"]
        return s
