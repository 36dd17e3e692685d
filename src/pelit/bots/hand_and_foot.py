"""A Hand and Foot player: the Samba bot's trial melding (greedy sequences
tried in a world built from its own view), with the differences of ch. 25:
threes cost 100 or 500 in hand and block the pile, so they are discarded
first; the pile is always frozen, so the dangerous discards are cards the
next player may hold a natural pair of; reaching the foot quickly is good,
so the hand is melded down whenever that is possible.
"""

from __future__ import annotations

from ..cards.melds import popcount
from ..games.hand_and_foot import DECK, T
from . import heuristic
from .samba import SambaBot


@heuristic("hand-and-foot")
class HandAndFootBot(SambaBot):
    name = "heuristic"

    def _may_ask(self, view):
        return view["in_foot"][self.seat]      # only the foot goes out

    def _want_out(self, view):
        if not view["in_foot"][self.seat]:
            return True                 # into the foot as soon as possible
        return super()._want_out(view)

    def _discard(self, view, dec):
        discards = [(a, d[1]) for a, d in dec.items() if d[0] == "discard"]
        if not discards:
            for a, d in dec.items():
                if d[0] == "done":
                    return a
            return next(iter(dec))
        hand = int(view["hand"])
        size = len(view["pile"])
        left = (self.seat + 1) % 4

        def danger(c):
            if (T.red3 >> c) & 1:
                return -30
            if (T.black3 >> c) & 1:
                return -20
            if (T.wild >> c) & 1:
                return 60
            r = DECK.rank_of[c]
            same = popcount(hand & T.rank[r])
            d = 3.0 * (same - 1) + T.points[c] / 20
            if DECK.face_of[c] in self.discarded[left]:
                d -= 2
            return d + size / 8

        return min(discards, key=lambda x: (danger(x[1]), self.rng.random()))[0]
