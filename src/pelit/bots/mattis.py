"""A Mattis player: collect high cards cheaply, then shed low cards first.

Building the hands: it wins a trick with its lowest card that outranks
everything played so far, and throws its lowest card when it cannot win
(or when the trick holds nothing worth having and it would need a high
card).  In a tie it plays its highest card.  It plays blind when it has no
card (or when none of its cards can win a trick worth taking).

Playing the hands out: it leads the play that sheds the most low cards
(the longest run with the lowest top, trumps last) and beats with the
cheapest play that does (non-trumps before trumps, low before high, long
runs before single cards of the same height).
"""

from __future__ import annotations

from ..cards.deck import highest, lowest
from ..games.mattis import RANK, RUN_MASK, SUIT
from . import Bot, heuristic

WORTH_TAKING = 11        # a trick is worth a high card when it holds a jack or better


@heuristic("mattis")
class MattisBot(Bot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "build":
            return self._build(view, legal)
        return self._shed(view, legal)

    def _build(self, view, legal):
        g = self.game
        cards = [a for a in legal if a < 52]
        plays = view["trick"][len(view["trick"]) - view["round_plays"]:]
        if not cards:
            return g.BLIND
        if view["tie_round"]:
            return max(cards, key=lambda c: RANK[c])
        best = max((RANK[int(c)] for _, c in plays), default=0)
        worth = max((RANK[int(c)] for _, c in view["trick"]), default=0)
        winners = [c for c in cards if RANK[c] > best]
        if winners and (worth >= WORTH_TAKING or min(RANK[c] for c in winners) < WORTH_TAKING):
            return min(winners, key=lambda c: RANK[c])
        if not winners and g.BLIND in legal and worth >= WORTH_TAKING:
            return g.BLIND
        return min(cards, key=lambda c: RANK[c])

    def _shed(self, view, legal):
        trump = ("spades", "hearts", "diamonds", "clubs").index(view["trumps"])

        def cost(action):
            cards = 1 << action if action < 52 else RUN_MASK[action - self.game.RUN]
            top = highest(cards)
            return (SUIT[lowest(cards)] == trump, RANK[top], -cards.bit_count(), action)

        return min(legal, key=cost)
