"""A Commune player that counts chances.

Once a deal it deals the cards it cannot see at random among the other
hands (as many as each holds) thirty times, and for each decision counts
how often a declaration could be picked out of all the cards.  As the next
player it declares the lowest hand above the last whose chance is at least
one half (looking at the next forty); when none is that likely it calls
if the last declaration's chance is below one half or below that of the
best step up, else makes that step.  Out of turn it calls a declaration it finds nearly
impossible (a chance under one in five) and otherwise lets it go.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..cards.poker_claims import present
from ..games.commune import CLAIMS, DECK, heap_counts
from . import Bot, heuristic

SAMPLES = 30


@heuristic("commune")
class CommuneBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self._dealt = None          # (own cards, hand sizes) the heaps were drawn for
        self._drawn = None

    def _heaps(self, view):
        """The sampled heaps, drawn once per deal (what it cannot see does not
        change until the next deal)."""
        key = (int(view.get("hand", 0)), tuple(view["hand_sizes"]))
        if key != self._dealt:
            self._dealt, self._drawn = key, self._draw(view)
        return self._drawn

    def _draw(self, view):
        own = int(view.get("hand", 0))
        unseen = ids(DECK.all_mask & ~own)
        others = sum(k for p, k in enumerate(view["hand_sizes"]) if p != view["seat"])
        heaps = []
        for _ in range(SAMPLES):
            mask = own
            for c in self.rng.sample(unseen, others):
                mask |= 1 << c
            heaps.append(heap_counts(mask))
        return heaps

    @staticmethod
    def _chance(claim, heaps) -> float:
        return sum(present(claim, *h) for h in heaps) / len(heaps)

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        heaps = self._heaps(view)
        index = view["claim_index"]
        last = None if index is None else self._chance(CLAIMS[index], heaps)
        says = [a for a in legal if g.SAY <= a < g.SAY + len(CLAIMS)]
        if not says:                                   # out of turn: call or let it go
            return g.CALL if last < 0.2 else g.PASS
        best_step, best_chance = says[0], -1.0
        for a in says[:40]:
            chance = self._chance(CLAIMS[a - g.SAY], heaps)
            if chance >= 0.5:
                return a
            if chance > best_chance:
                best_step, best_chance = a, chance
        if last is not None and (last < 0.5 or last < best_chance):
            return g.CALL
        return best_step
