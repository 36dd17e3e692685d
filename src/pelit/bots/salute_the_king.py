"""A Salute the King player with human-like reactions.

It always turns its card when asked and answers a trigger card with the
gesture the trigger table names.  Two settings make it beatable by people:

- ``delay(view)``: how long (seconds) a real-time table should wait before
  sending its reaction: ``reaction`` (0.9 s) plus a random spread
  (``spread``, 0.5 s), so a quick person usually beats it; a server or a
  terminal table calls it, a simulator (which draws arrival order at
  random) does not need it.
- ``error_rate`` (3 %): the chance that it makes a wrong gesture.

Both can be set per bot object (``bot.reaction = 1.5``).
"""

from __future__ import annotations

from ..cards.deck import RANK_NAMES
from ..games.salute_the_king import GESTURES, PACKS
from . import Bot, heuristic


@heuristic("salute-the-king")
class SaluteBot(Bot):
    name = "heuristic"
    reaction = 0.9
    spread = 0.5
    error_rate = 0.03

    def delay(self, view) -> float:
        return self.reaction + self.rng.random() * self.spread

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if view["phase"] == "react":
            deck = PACKS[2 if view["players"] > 8 else 1]
            rank = deck.rank_of[int(view["middle_top"])]
            names = {t[0]: t[1] for t in view["triggers"]}
            right = names[RANK_NAMES[rank]]
            if self.rng.random() < self.error_rate:
                wrong = [a for a in legal if GESTURES[g.GESTURE.index(a)] != right]
                return self.rng.choice(wrong)
            return g.GESTURE[GESTURES.index(right)]
        if view["phase"] == "triggers":
            return self.rng.choice(legal)
        return legal[0]
