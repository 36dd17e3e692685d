"""A Trash player.

Trash leaves few choices, and this bot makes them sensibly: a jack goes to
the face-down slot whose natural cards are scarcest (most of that rank
already showing or discarded), so the slot is least likely to be filled
naturally; a natural card always displaces a jack (the jack then fills
another gap); it takes a fitting discard rather than draw blind.
"""

from __future__ import annotations

from ..games.trash import DECK, SLOT
from . import Bot, heuristic


@heuristic("trash")
class TrashBot(Bot):
    name = "heuristic"

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if g.TAKE in legal:
            return g.TAKE
        places = [a for a in legal if g.PLACE <= a < g.PLACE + 10]
        if not places:
            return legal[0]
        if DECK.rank_of[int(view["held"])] != 11:
            return places[0]                       # displace the jack
        seen = {}
        for layout in view["layouts"]:
            for x in layout:
                if x != "down":
                    seen[SLOT[int(x)]] = seen.get(SLOT[int(x)], 0) + 1
        if view["discard_top"] is not None:
            t = SLOT[int(view["discard_top"])]
            seen[t] = seen.get(t, 0) + 1
        return max(places, key=lambda a: (seen.get(a - g.PLACE + 1, 0), self.rng.random()))
