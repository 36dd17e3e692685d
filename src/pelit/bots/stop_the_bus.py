"""A Stop the Bus player.

Exchanging: of every (middle card, hand card) swap it takes the one that
leaves the best Brag hand, keeping its plan between the two halves of the
turn.  Stopping: it stops the bus when its hand is already good enough;
the bar starts at a pair of nines or better and falls with every exchange
it has made this hand (after eight exchanges any hand will do), so a hand
always ends.  It never stops when the best swap on offer would still
lift its hand into a better category.
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
            if self.plan is not None and self.plan in legal:
                card, self.plan = self.plan, None
                return card
            return max(legal, key=lambda c: hand_key(DECK, [x for x in hand if x != c]))
        now = hand_key(DECK, hand)
        best, swap = now - 1, None
        for t in view["middle"]:
            for h in hand:
                k = hand_key(DECK, [x for x in hand if x != h] + [int(t)])
                if k > best:
                    best, swap = k, (int(t), h)
        bar = BARS[min(self.exchanges, len(BARS) - 1)]
        if g.STOP in legal and now >= bar and category(best) <= category(now):
            return g.STOP
        if swap is None:                    # every swap makes it worse: lose the least
            swap = max(((int(t), h) for t in view["middle"] for h in hand),
                       key=lambda th: hand_key(DECK, [x for x in hand if x != th[1]] + [th[0]]))
        self.plan = swap[1]
        self.exchanges += 1
        return g.TAKE + swap[0]
