"""Words told to some seats only: a team's signals, whispered asides.

Cards carry their own tag (``Card``, ``CardSet``) so the leak suite can
check that no seat sees a card it may not.  ``Told`` does the same for
things said that are not cards: a string told only to ``seats`` (Envite's
signals to the captain reach his team and nobody else).  A game puts a
``Told`` in an event's private part (with that team as the audience) and in
the views of those seats only; the leak suite fails if any other seat's
view or events hold one.
"""

from __future__ import annotations


class Told(str):
    """A string told only to ``seats``; it serializes as the plain string."""

    def __new__(cls, text: str, seats):
        told = super().__new__(cls, text)
        told.seats = frozenset(seats)
        return told

    def __reduce__(self):
        return (Told, (str(self), tuple(self.seats)))


def told_in(obj) -> list[Told]:
    """Every ``Told`` anywhere in a view or a list of events."""
    if isinstance(obj, Told):
        return [obj]
    if isinstance(obj, dict):
        return [t for v in obj.values() for t in told_in(v)]
    if isinstance(obj, (list, tuple)):
        return [t for v in obj for t in told_in(v)]
    return []
