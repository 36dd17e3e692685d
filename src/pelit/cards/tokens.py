"""Players who stay in while they hold tokens (Stop the Bus, Commune).

``tokens[p]`` is what seat p holds; a seat with none is out: it is dealt
nothing, and turns and the deal pass over it.
"""

from __future__ import annotations

from ..core.game import Outcome


def players_in(tokens) -> list[int]:
    return [p for p, t in enumerate(tokens) if t > 0]


def left_in(tokens, seat: int) -> int:
    """The first seat on ``seat``'s left still holding a token (``seat`` itself
    when nobody else does)."""
    n = len(tokens)
    for k in range(1, n + 1):
        q = (seat + k) % n
        if tokens[q] > 0:
            return q
    return seat


def log_outs(state, losers) -> int | None:
    """After ``losers`` gave up a token: log who is out now; the seat of the
    last player in when only one is left, else ``None``."""
    for p in losers:
        if state.tokens[p] == 0:
            state.log("out", p)
    left = players_in(state.tokens)
    return left[0] if len(left) == 1 else None


def last_in_outcome(tokens, winner: int, reason: str, hands: int) -> Outcome:
    """The match result when ``winner`` is the last player with tokens."""
    return Outcome(tuple(tokens), (winner,), reason,
                   ranking=tuple(1 if p == winner else 2 for p in range(len(tokens))),
                   details={"hands": hands})
