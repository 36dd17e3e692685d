"""A Stop the Bus player.

Exchanging: of every (middle card, hand card) swap it takes the one that
leaves the best Brag hand, keeping its plan between the two halves of the
turn.  Stopping: as it puts its card back it stops the bus when the hand
left is good enough; the bar starts at a pair of nines or better and falls
with every exchange it has made this hand (after eight exchanges any hand
will do), so a hand always ends.  It never stops when a swap with the
middle as it leaves it would still lift its hand into a better category.
"""

from __future__ import annotations

from ..cards.brag import brag_key, category, hand_key
from ..cards.deck import ids
from ..games.stop_the_bus import DECK
from . import Bot, heuristic

BARS = (brag_key((9, 9, 2), False), brag_key((7, 7, 2), False), brag_key((2, 2, 3), False),
        brag_key((14, 13, 11), False), brag_key((14, 10, 8), False), brag_key((13, 11, 9), False),
        brag_key((12, 10, 8), False), brag_key((11, 9, 7), False), 0)


@heuristic("stop-the-bus")
class StopTheBusBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.plan = None
        self.exchanges = 0

    def observe(self, events):
        for e in events:
            if e["kind"] == "new_deal":
                self.exchanges = 0

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        hand = ids(view["hand"])
        if view["phase"] == "discard":
            backs = [a for a in legal if a < DECK.size]
            if self.plan is not None and self.plan in backs:
                card, self.plan = self.plan, None
            else:
                card = max(backs, key=lambda c: hand_key(DECK, [x for x in hand if x != c]))
            if g.STOP + card in legal and self._content(view, hand, card):
                return g.STOP + card
            return card
        swap = self._best_swap(hand, [int(t) for t in view["middle"]])
        if swap is None:                    # every swap makes it worse: lose the least
            swap = max(((int(t), h) for t in view["middle"] for h in hand),
                       key=lambda th: hand_key(DECK, [x for x in hand if x != th[1]] + [th[0]]))
        self.plan = swap[1]
        self.exchanges += 1
        return g.TAKE + swap[0]

    @staticmethod
    def _best_swap(hand, middle):
        """The (middle card, hand card) swap that betters the hand most, or None."""
        best, swap = hand_key(DECK, hand), None
        for t in middle:
            for h in hand:
                k = hand_key(DECK, [x for x in hand if x != h] + [t])
                if k > best:
                    best, swap = k, (t, h)
        return swap

    def _content(self, view, hand, back) -> bool:
        """Stop the bus, putting ``back`` back?  The hand left must reach the
        bar, and no swap with the middle it leaves may lift its category."""
        taken = int(view["taken"])
        kept = [x for x in hand if x != back]
        now = hand_key(DECK, kept)
        if now < BARS[min(self.exchanges - 1, len(BARS) - 1)]:
            return False
        middle = [back if int(t) == taken else int(t) for t in view["middle"]]
        swap = self._best_swap(kept, middle)
        if swap is None:
            return True
        better = hand_key(DECK, [x for x in kept if x != swap[1]] + [swap[0]])
        return category(better) <= category(now)
