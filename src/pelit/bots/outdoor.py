"""Bots for the outdoor referee games (seed 000 ch. 34-43, ``games/_referee.py``).

A referee game's facts come from the field, where no bot plays: these bots
enter *plausible* facts (a hit more often than a miss, the order of the
balls at random) so that ``pelit simulate`` and a table with empty seats
can run a whole match.  Their numbers say nothing about play on a field.
The one real decision among these games, Contract Petanque's bid, is made
from the order of the first balls: the closer a player's ball, the more he
expects to make.  No bot ever takes back an entry (``undo``).
"""

from __future__ import annotations

from . import Bot, heuristic


class FieldBot(Bot):
    """Enters a fact at random among the legal ones, except ``undo``, with
    the weights of ``weights(view, texts)`` (text -> weight; missing: 1)."""

    def legal_texts(self, view) -> dict[str, int]:
        out = {}
        for a in view["legal"]:
            text = self.game.action_text(a)
            if text != "undo":
                out[text] = a
        return out

    def weights(self, view, texts) -> dict[str, float]:
        return {}

    def choose(self, view):
        texts = self.legal_texts(view)
        weights = self.weights(view, texts)
        names = sorted(texts)
        chosen = self.rng.choices(names, [weights.get(t, 1.0) for t in names])[0]
        return texts[chosen]


@heuristic("contract-petanque")
class ContractPetanqueBot(FieldBot):
    """Bids what its first ball promises: the farthest ball 1 ball point,
    the middle one 2, the closest 3, give or take one; doubles a bid above
    what the bidder's ball promises, redoubles a bid below its own hope,
    flees from a doubled bid of 1 or 2.  Facts at random."""

    name = "heuristic"

    def choose(self, view):
        if view["phase"] != "auction":
            return super().choose(view)
        texts = self.legal_texts(view)
        order = view["order"]
        hope = {p: 1 + order.index(p) for p in order}      # farthest 1 .. closest 3
        mine = hope[self.seat] + self.rng.choice((-1, 0, 0, 1))
        contract = view["contract"]
        if contract is not None:
            bid, declarer = contract["bid"], contract["declarer"]
            if "redouble" in texts and bid < mine:
                return texts["redouble"]
            if "double" in texts and bid > hope[declarer] + 1:
                return texts["double"]
            if "flee" in texts and bid <= 2:
                return texts["flee"]
        current = contract["bid"] if contract is not None else 0
        if current < mine and f"bid {current + 1}" in texts:
            return texts[f"bid {current + 1}"]
        if "pass" in texts:
            return texts["pass"]
        return texts[min(t for t in texts if t.startswith("bid"))]


def _entries(view) -> int:
    return len(view["entered"])


@heuristic("seinis")
class SeinisBot(FieldBot):
    """A kick hits the wall nine times in ten."""

    name = "heuristic"

    def weights(self, view, texts):
        return {"hit": 9.0, "miss": 1.0}


@heuristic("totem-tennis")
class TotemTennisBot(FieldBot):
    """Either player winds the string as often as the other."""

    name = "heuristic"


@heuristic("swing-dodgeball")
class SwingDodgeballBot(FieldBot):
    """Most throws change nothing; now and then a hit, a catch, a half-catch
    or a run; the players stop after some eighty entries."""

    name = "heuristic"

    def weights(self, view, texts):
        out = {}
        for t in texts:
            verb = t.split()[0]
            out[t] = {"throw": 12.0, "hit": 1.0, "half": 1.0, "catch": 0.5, "swing": 0.2,
                      "run": 0.2, "stop": 0.0 if _entries(view) < 80 else 1.0}[verb]
        return out


@heuristic("purkkis")
class PurkkisBot(FieldBot):
    """The seeker finds more often than hiders say own name or rescue; the
    players stop after some hundred and fifty entries."""

    name = "heuristic"

    def weights(self, view, texts):
        late = _entries(view) >= 150
        out = {}
        for t in texts:
            verb = t.split()[0]
            out[t] = {"kick": 1.0, "push": 1.0, "found": 4.0, "own": 1.0, "rescue": 0.3,
                      "stop": 1.0 if late else 0.0}[verb]
        return out


@heuristic("kymmenen-tikkua")
class KymmenenTikkuaBot(PurkkisBot):
    pass


@heuristic("rymypallo")
class RymypalloBot(FieldBot):
    """Goals either way; the time is up after some ten goals."""

    name = "heuristic"

    def weights(self, view, texts):
        return {"time": 0.0 if _entries(view) < 8 else 0.3}


@heuristic("breakthrough")
class BreakthroughBot(FieldBot):
    """Three attackers in five are touched on the way."""

    name = "heuristic"

    def weights(self, view, texts):
        return {"home": 2.0, "touched": 3.0}
