"""A Xeri player a beginner would not beat by a blunder.

Capture when possible (a xeri first, then the biggest or richest pile; a
natural match before a jack, a jack only for a pile worth it).  Otherwise lay
a card the opponent is unlikely to match: a rank of which most copies are
already gone (remembered from the events), never a card that makes a one-card
pile for the opponent when their answer would likely be a xeri, and keep
jacks for later.
"""

from __future__ import annotations

from ..cards.deck import JACK, ids, standard_deck
from . import Bot, heuristic

DECK = standard_deck("52")
VALUE = {c: (1 if DECK.rank_of[c] >= 10 else 0) + (1 if DECK.text_of[c] in ("TD", "2C") else 0)
         for c in range(52)}


@heuristic("xeri")
class XeriBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.seen_ranks: dict[int, int] = {}

    def observe(self, events):
        for e in events:
            kind = e["kind"]
            if kind == "new_deal":
                self.seen_ranks = {}
            for key in ("card", "xeri_card"):
                c = e.get(key)
                if c is not None and kind in ("play", "capture"):
                    self._see(c)
            if kind == "pile_dealt":
                for c in e["pile"]:
                    self._see(c)

    def _see(self, card):
        r = DECK.rank_of[card]
        self.seen_ranks[r] = self.seen_ranks.get(r, 0) + 1

    def choose(self, view):
        legal = view["legal"]
        hand = ids(view["hand"])
        top = view["pile_top"]
        size = view["pile_size"]
        if top is not None:
            top_rank = DECK.rank_of[top]
            matches = [c for c in legal if DECK.rank_of[c] == top_rank]
            if matches:
                return max(matches, key=lambda c: VALUE[c])
            jacks = [c for c in legal if DECK.rank_of[c] == JACK]
            if jacks and (size >= 3 or VALUE[top] >= 1 or top_rank == JACK):
                return jacks[0]
        # No capture: lay something safe.
        own_count = {}
        for c in hand:
            own_count[DECK.rank_of[c]] = own_count.get(DECK.rank_of[c], 0) + 1

        def risk(c):
            r = DECK.rank_of[c]
            outstanding = 4 - self.seen_ranks.get(r, 0) - own_count.get(r, 0)
            jack_cost = 10 if r == JACK else 0
            return (outstanding * (3 if size == 0 else 1) + jack_cost + VALUE[c], self.rng.random())

        return min(legal, key=risk)
