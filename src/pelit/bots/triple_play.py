"""A Triple Play player: the Samba bot's trial melding (greedy meld sequences
tried in a world built from its own view) with Triple Play's differences:
it always remembers to pick up its knee, knocks after taking the pile,
asks to go out only from the foot with the basic book complete, and
discards threes first (they cost 100 or 500 left in hand and a black three
blocks the pile), never a wild card, five or seven while it can help.
"""

from __future__ import annotations

from ..cards.melds import popcount
from ..games.triple_play import DECK, T, WILDKEY, book_complete
from . import heuristic
from .samba import SambaBot


@heuristic("triple-play")
class TriplePlayBot(SambaBot):
    name = "heuristic"

    def choose(self, view):
        for a in view["legal"]:
            if self.game.decode(a)[0] == "knee":
                return a                         # the bot never forgets its knee
        return super().choose(view)

    def _may_ask(self, view):
        team = self.seat & 1
        if view["stage"][self.seat] != 2:
            return False
        melds = view["melds"][team]
        keys = [WILDKEY if m["rank"] == "wild" else
                {"t": 10, "j": 11, "q": 12, "k": 13, "a": 14}.get(m["rank"], None) or int(m["rank"])
                for m in melds]
        return book_complete(keys, [int(m["cards"]) for m in melds])

    def _meld(self, view, dec):
        if view["stage"][self.seat] == 2 and view["ask"] is None and self._may_ask(view) \
                and any(d[0] == "ask" for d in dec.values()):
            w = self._world(view)
            w.ask = "yes"                        # could it go out if the partner agreed?
            if self._greedy(view, w, self._out_goal(view)) is not None:
                return next(a for a, d in dec.items() if d[0] == "ask")
        return super()._meld(view, dec)

    def _gain(self, g, s, a, team, out_mode):
        d = g.decode(a)
        if d[0] == "meld" and d[1] == WILDKEY:
            return 50                            # the book needs a wild canasta
        if d[0] == "add" and d[1] in (44, 45) and s is not None:
            return 60 if s.mkey[team][d[2]] == WILDKEY else 5
        return super()._gain(g, s, a, team, out_mode)

    def _normal(self, view, dec):
        team = self.seat & 1
        melds = view["melds"][team]
        for a, d in dec.items():                 # wild cards go to the wild canasta
            if d[0] == "meld" and d[1] == WILDKEY:
                return a
            if d[0] == "add" and d[1] in (44, 45) and melds[d[2]]["rank"] == "wild":
                return a
        if view["stage"][self.seat] == 2 and self._may_ask(view):
            # the book is done: meld all that can be melded, to go out soon
            team = self.seat & 1
            best = None
            for a, d in dec.items():
                if d[0] in ("meld", "add"):
                    g = self._gain(self.game, None, a, team, True) if d[0] == "meld" else \
                        40 - (10 if d[1] in (44, 45) else 0)
                    if best is None or g > best[0]:
                        best = (g, a)
            if best is not None:
                return best[1]
        return super()._normal(view, dec)

    def _want_out(self, view):
        if view["stage"][self.seat] < 2:
            return True                          # on to the knee and the foot
        return super()._want_out(view)

    def _discard(self, view, dec):
        discards = [(a, d[1]) for a, d in dec.items() if d[0] == "discard"]
        if not discards:
            for word in ("knock", "done"):
                for a, d in dec.items():
                    if d[0] == word:
                        return a
            return next(iter(dec))
        hand = int(view["hand"])
        left = (self.seat + 1) % 4

        def danger(c):
            if (T.black3 >> c) & 1:
                return -20
            if (T.wild >> c) & 1:
                return 60
            r = DECK.rank_of[c]
            same = popcount(hand & T.rank[r])
            d = 3.0 * (same - 1) + T.points[c] / 20
            if r in (5, 7):
                d += 6                           # the book needs them
            if DECK.face_of[c] in self.discarded[left]:
                d -= 2
            return d

        return min(discards, key=lambda x: (danger(x[1]), self.rng.random()))[0]
