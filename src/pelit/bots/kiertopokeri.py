"""A Kiertopokeri player.

Announcing: the truth when it is higher than the last announcement, else
the smallest lie (the announcement just above the last).
Responding: it doubts an announcement it can see to be impossible (it
needs cards turned up in the discards), and otherwise one of three of a
kind or better; else it picks the hand up.  Improving: it keeps a made straight or better, else
its pairs and triplets, else four to a flush or a straight, else its two
highest cards, and draws the rest.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..cards.poker_claims import KIERTOPOKERI, claim_of, claim_ranks
from ..cards.poker_hands import Category, STRAIGHTS
from ..games.kiertopokeri import CLAIM_INDEX, CLAIMS, DECK, EVAL
from . import Bot, heuristic

RANK, SUIT = DECK.rank_of, DECK.suit_of
DOUBT_FROM = CLAIM_INDEX[min(c for c in CLAIMS if c >> 20 == Category.THREE_OF_A_KIND)]


def keep(hand: list[int]) -> set[int]:
    """The cards worth keeping when improving a hand."""
    value = EVAL.value(hand)
    if value >> 20 >= Category.STRAIGHT:
        return set(hand)
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_rank.setdefault(RANK[c], []).append(c)
        by_suit.setdefault(SUIT[c], []).append(c)
    sets = [c for cs in by_rank.values() if len(cs) >= 2 for c in cs]
    if sets:
        return set(sets)
    for cs in by_suit.values():
        if len(cs) == 4:
            return set(cs)
    for top in STRAIGHTS:
        inside = [c for c in hand if RANK[c] in STRAIGHTS[top]]
        if len({RANK[c] for c in inside}) == 4:
            return set(inside)
    return set(sorted(hand, key=lambda c: -RANK[c])[:2])


@heuristic("kiertopokeri")
class KiertopokeriBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.plan = []            # the cards it means to throw away

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        phase = view["phase"]
        if phase == "announce":
            true = g.SAY + CLAIM_INDEX[claim_of(EVAL.value(ids(view["hand"])), KIERTOPOKERI)]
            action = true if true in legal else min(legal)
            return action
        if phase == "discard":
            hand = ids(view["hand"])
            if int(view["thrown"]) == 0 and len(hand) == 5:
                self.plan = [c for c in hand if c not in keep(hand)]
            plan = [c for c in self.plan if c in legal]
            return plan[0] if plan else g.DRAW
        if g.PICK not in legal or self._doubts(view):
            return g.DOUBT
        return g.PICK

    def _doubts(self, view) -> bool:
        index = view["claim_index"]
        claim = CLAIMS[index]
        if not self._possible(claim, int(view["turned_up"])):
            return True
        return index >= DOUBT_FROM

    @staticmethod
    def _possible(claim: int, gone: int) -> bool:
        """Can the named ranks still be found, with the turned-up cards gone?"""
        left = {r: 4 for r in range(2, 15)}
        for c in ids(gone):
            left[RANK[c]] -= 1
        cat = claim >> 20
        ranks = claim_ranks(claim, KIERTOPOKERI)
        need = {Category.PAIR: 2, Category.THREE_OF_A_KIND: 3, Category.FOUR_OF_A_KIND: 4,
                Category.FULL_HOUSE: 3}.get(cat, 1)
        if left[ranks[0]] < need:
            return False
        if cat in (Category.TWO_PAIR, Category.FULL_HOUSE) and left[ranks[1]] < 2:
            return False
        return True
