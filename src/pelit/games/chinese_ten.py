"""Chinese Ten (Jian Hong Dian), a fishing game for two to four players.

Rule source: seed 004 (ten games from a card-game site), "Chinese Ten"
(line 316): Setup, Game play (with the special rules for face cards, 10s and
5s), Scoring.

How a turn goes: play a card from the hand; if it pairs with a layout card to
make ten (ace 1, two to nine by pips; a 5 pairs with a 5; tens, jacks, queens
and kings pair only with their own rank), the two are captured.  Then the top
card of the stock is turned and captures the same way, or stays in the
layout.  Hands are never refilled: 24 cards are dealt in all, 24 are in the
stock, so the stock runs out on the last player's last turn.

Decisions where the seed is silent (pinned in tests/games/test_chinese_ten.py):

- Capturing is compulsory whenever a pair exists (Game play says the player
  "captures both cards"), for the played card and for the turned card alike.
- When a card could pair with more than one layout card, the player whose
  turn it is chooses which (``take QH``); the turned stock card's choice is his
  too.
- The "fourth card takes the other three" rule (Game play, special rules)
  applies to a three of a kind of 5s, 10s, jacks, queens or kings dealt in the
  initial layout; in play two cards of such a rank cannot lie in the layout
  together, since the second captures the first.
- When all four layout cards are face cards, 10s or 5s, the dealer captures
  them before the first turn (this includes a layout with such a triple).
- The seed expects the last turned card to take the last layout card, and so
  it does unless the dealer took a four-card layout: that leaves an odd number
  of some 5/10/face rank, and one card of each such rank can never be
  captured.  Cards still in the layout when the stock is gone score for
  nobody (Scoring counts won cards only).
- Won cards lie face down: a view shows how many cards each player has won,
  not which (the captures themselves are public events).
- The first dealer is the last seat, so seat 0 plays first; a match is one
  deal by default (the seed's game); option ``deals`` plays several with the
  deal passing left, the totals deciding.  Equal highest totals share the win.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, sample_hands_won_and_stock
from ..cards.deck import (ACE, CLUBS, SPADES, Card, CardSet, ids,
                          mask_of, standard_deck)
from ..cards.seats import others_hands
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
LAYOUT = 4
MATCH_BY_RANK = frozenset((5, 10, 11, 12, 13))     # ranks captured only by their own rank


def pip(card: int) -> int:
    r = DECK.rank_of[card]
    return 1 if r == ACE else min(r, 10)


# For each card, the mask of cards that pair with it to make ten.
PARTNERS = tuple(
    mask_of(o for o in range(52) if o != c and (
        DECK.rank_of[o] == DECK.rank_of[c] if DECK.rank_of[c] in MATCH_BY_RANK
        else DECK.rank_of[o] not in MATCH_BY_RANK and pip(o) + pip(c) == 10))
    for c in range(52))


def card_points(card: int, players: int) -> int:
    """Scoring: what one won card is worth with this many players."""
    suit, rank = DECK.suit_of[card], DECK.rank_of[card]
    if suit in (SPADES, CLUBS):
        if rank == ACE and suit == CLUBS:
            return 40 if players == 4 else 0
        if rank == ACE and suit == SPADES:
            return 30 if players >= 3 else 0
        return 0
    if rank == ACE:
        return 20
    if rank >= 9:
        return 10
    return rank


def score(won: int, players: int) -> int:
    return sum(card_points(c, players) for c in ids(won))


class Phase(enum.Enum):
    PLAY = 1          # play a card from the hand
    TAKE = 2          # choose which layout card the played card captures
    TAKE_TURNED = 3   # choose which layout card the turned stock card captures


@dataclass(frozen=True)
class ChineseTenOptions:
    players: int = option(4, "number of players", min=2, max=4)
    deals: int = option(1, "deals in the match (the seed's game is one deal)", min=1, max=20)


class ChineseTenState(State):
    __slots__ = ("dealer", "deal_no", "hands", "stock", "layout", "won", "totals",
                 "turn", "pending", "triples")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.layout = self.layout
        new.won = self.won.copy()
        new.totals = self.totals.copy()
        new.turn = self.turn
        new.pending = self.pending
        new.triples = self.triples


@register
class ChineseTen(Game):
    info = GameInfo(
        id="chinese-ten", name="Chinese Ten", min_seats=2, max_seats=4, family="fishing",
        source="004 Chinese Ten (line 316)", hidden=True, chance=True,
        aliases=("jian-hong-dian", "pick-up-red-spots"),
        summary=(
            "Two to four players share 24 cards (12, 8 or 6 each); four cards lie face "
            "up as a layout and the rest form the stock. On your turn play a card: if "
            "it makes ten with a layout card (ace counts 1; 5 with 5; 10s, jacks, "
            "queens and kings only with their own rank) you capture both. Then turn "
            "the top stock card, which captures the same way or joins the layout. "
            "Captures are compulsory; with a choice, you pick. A dealt three of a kind "
            "of 5s, 10s or a face rank is taken whole by the fourth card, and a layout "
            "of four such cards goes to the dealer. Red cards score: aces 20, "
            "K Q J 10 9 10 each, others their pips; black cards nothing, except the "
            "ace of spades (30 with three or four players) and the ace of clubs (40 "
            "with four). The highest score wins."),
        verbs=(("QS", "play a card from your hand"),
               ("take 7H", "choose which layout card your card (or the turned card) captures")),
    )
    Options = ChineseTenOptions
    Phase = Phase
    State = ChineseTenState
    deck = DECK
    test_options = {}
    # terminal: whose turn it is by name, the deal count as deals played
    web_layout = {
        "table": "fishing",
        "show": {"hand": "hand", "hand_sizes": "backs", "layout": ["cards", "layout"],
                 "pending": ["cards", "turned up"], "stock": ["count", "stock"],
                 "won_counts": ["seat", "cards won"], "totals": ["seat", "points"],
                 "triples": ["info", "triples"], "turn": ["tag", "on turn"], "dealer": "tag",
                 "deal_no": {"role": "info", "label": "deal", "one_based": True}},
    }
    render_hints = {"seat_fields": ["turn"],
                    "labels": {"deal_no": "deals played", "pending": "card to place",
                               "triples": "dealt triple (4th takes all)"}}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.TAKE = self.actions.card_block("take")

    def num_players(self, state):
        return state.options.players

    # -- setup ------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        s.deal_no = 0
        s.totals = [0] * n
        self._deal(s)

    def _deal(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, s.deal_no)
        first = (s.dealer + 1) % n
        s.hands, rest = deal(pack, [24 // n] * n, start=first)
        s.layout = mask_of(rest[:LAYOUT])
        s.stock = rest[LAYOUT:][::-1]            # top of the stock at the end
        s.won = [0] * n
        s.pending = None
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=24 // n)
        s.log("layout", None, cards=CardSet(s.layout))
        # Special rules for face cards, 10s and 5s (Game play).
        if all(DECK.rank_of[c] in MATCH_BY_RANK for c in ids(s.layout)):
            s.won[s.dealer] |= s.layout
            s.log("dealer_takes_layout", s.dealer, cards=CardSet(s.layout))
            s.layout = 0
        s.triples = 0
        for r in MATCH_BY_RANK:
            if (s.layout & DECK.rank_mask[r]).bit_count() == 3:
                s.triples |= s.layout & DECK.rank_mask[r]
        s.turn = first
        s.phase, s.to_act = Phase.PLAY, (first,)

    # -- capturing --------------------------------------------------------
    def _targets(self, s, card):
        if s.triples and s.triples & DECK.rank_mask[DECK.rank_of[card]]:
            return [s.triples & DECK.rank_mask[DECK.rank_of[card]]]
        return [1 << t for t in ids(PARTNERS[card] & s.layout)]

    def _capture(self, s, seat, card, taken):
        s.layout &= ~taken
        s.triples &= ~taken
        s.won[seat] |= taken | (1 << card)
        s.log("capture", seat, card=Card(card), taken=CardSet(taken))

    def _resolve(self, s, seat, card, choose_phase):
        """A card arrives at the layout: capture, ask for a choice, or lay it."""
        targets = self._targets(s, card)
        if len(targets) == 1:
            self._capture(s, seat, card, targets[0])
        elif targets:
            s.pending = card
            s.phase, s.to_act = choose_phase, (seat,)
            return False
        else:
            s.layout |= 1 << card
            s.log("laid", seat, card=Card(card))
        return True

    # -- play -------------------------------------------------------------
    def _legal_play(self, s, seat):
        return ids(s.hands[seat])

    def _apply_play(self, s, seat, card):
        s.hands[seat] &= ~(1 << card)
        s.log("play", seat, card=Card(card))
        if self._resolve(s, seat, card, Phase.TAKE):
            self._turn_stock(s, seat)

    def _legal_take(self, s, seat):
        return [self.TAKE + t for t in ids(PARTNERS[s.pending] & s.layout)]

    def _apply_take(self, s, seat, action):
        card, s.pending = s.pending, None
        self._capture(s, seat, card, 1 << (action - self.TAKE))
        self._turn_stock(s, seat)

    _legal_take_turned = _legal_take

    def _apply_take_turned(self, s, seat, action):
        card, s.pending = s.pending, None
        self._capture(s, seat, card, 1 << (action - self.TAKE))
        self._next_turn(s, seat)

    def _turn_stock(self, s, seat):
        card = s.stock.pop()
        s.log("turned", seat, card=Card(card))
        if self._resolve(s, seat, card, Phase.TAKE_TURNED):
            self._next_turn(s, seat)

    def _next_turn(self, s, seat):
        n = s.options.players
        if not s.stock:
            self._end_deal(s)
            return
        s.turn = (seat + 1) % n
        s.phase, s.to_act = Phase.PLAY, (s.turn,)

    def _end_deal(self, s):
        n = s.options.players
        points = [score(w, n) for w in s.won]
        for p in range(n):
            s.totals[p] += points[p]
        s.log("deal_scored", None, points=points, totals=list(s.totals),
              won=[CardSet(w) for w in s.won])
        s.deal_no += 1
        if s.deal_no < s.options.deals:
            s.dealer = (s.dealer + 1) % n
            self._deal(s)
            return
        best = max(s.totals)
        winners = tuple(p for p in range(n) if s.totals[p] == best)
        self.finish(s, Outcome(tuple(s.totals), winners,
                               f"highest score {best} after {s.options.deals} deal"
                               f"{'s' if s.options.deals > 1 else ''}"))

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and 0 <= action < 52:
            return f"{DECK.text(action)} is not in your hand"
        if s.phase is not Phase.PLAY:
            return f"choose which layout card {DECK.text(s.pending)} captures"
        return super().why_illegal(s, seat, action)

    # -- views ------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["layout"] = CardSet(s.layout)
        v["stock"] = len(s.stock)
        v["pending"] = None if s.pending is None else Card(s.pending)
        v["won_counts"] = [w.bit_count() for w in s.won]
        v["turn"] = s.turn
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["totals"] = list(s.totals)
        v["triples"] = CardSet(s.triples)

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "layout": s.layout,
             "pending": 0 if s.pending is None else 1 << s.pending}
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
            z[f"won{p}"] = s.won[p]
        return z

    def unknown_cards(self, s, seat):
        return mask_of(s.stock) | others_hands(s.hands, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view["hand"]) if seat is not None else 0
        pending = view["pending"]
        seen = own | int(view["layout"]) | (0 if pending is None else 1 << pending)
        s.hands, s.won, s.stock = sample_hands_won_and_stock(view, DECK.all_mask & ~seen, own, rng)
        s.layout = int(view["layout"])
        s.pending = pending
        s.triples = int(view["triples"])
        s.turn = view["turn"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        s.totals = list(view["totals"])
        return s
