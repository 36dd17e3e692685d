"""What the Canasta family's heuristic bots share: the decision's first
steps (the one legal action is taken at once, the others decoded) and the
discard's fallback when no card may be discarded."""

from __future__ import annotations

from . import Bot


class MeldBot(Bot):
    """A bot that decides from its legal actions decoded (``game.decode``)."""

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        decode = self.game.decode
        return self._decide(view, {a: decode(a) for a in legal})

    def _decide(self, view, dec) -> int:
        """The action among ``dec`` (legal action -> decoded, two or more)."""
        raise NotImplementedError


class LayoutMeldBot(MeldBot):
    """A layout game's bot (Triple Play, Canasta 2x54) that remembers the
    turn in which it took its lay-out back, so as not to lay the same again."""

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.backed = None          # the turn (``_turn``) in which it took a lay-out back

    def choose(self, view):
        a = super().choose(view)
        if a == self.game.A_BACK:
            self.backed = self._turn(view)
        return a

    def _turn(self, view):
        """What tells this turn apart from the others of the match."""
        raise NotImplementedError


def by_kind(dec) -> dict:
    """The decoded legal actions grouped by their kind (``decode``'s first word)."""
    by = {}
    for a, d in dec.items():
        by.setdefault(d[0], []).append(a)
    return by


def discards_or_else(dec):
    """(the discards among the decoded legal actions as (action, card),
    the action to take when there are none: ``done``, else the first one)."""
    discards = [(a, d[1]) for a, d in dec.items() if d[0] == "discard"]
    if discards:
        return discards, None
    for a, d in dec.items():
        if d[0] == "done":
            return discards, a
    return discards, next(iter(dec))
