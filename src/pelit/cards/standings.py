"""The end of a match where the highest score (most chips, most points) wins.

``most_wins`` makes the ``Outcome``: every seat whose key is the highest
wins (several share a win on a tie), and each seat's place is one more than
the number of seats with a strictly better key.  The key is the score
itself, or a tuple when a tie-break follows it (Dingo: the points, then
the highest rabbit caught).
"""

from __future__ import annotations

from ..core.game import Outcome


def places(keys) -> tuple[int, ...]:
    """Place per seat, 1 the best; equal keys share a place."""
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


def most_wins(scores, reason: str, keys=None, details: dict | None = None) -> Outcome:
    """The outcome where the highest ``keys`` (default: ``scores``) win."""
    keys = list(scores if keys is None else keys)
    ranking = places(keys)
    winners = tuple(p for p, place in enumerate(ranking) if place == 1)
    return Outcome(tuple(scores), winners, reason, ranking=ranking, details=details or {})
