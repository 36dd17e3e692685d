"""Problem 2 of seed 000 ch. 32: Hutunkeitto, who wins the bat?

After the catch there are ``k`` units of bat between the catching hand and
the end.  From then on the players grip in turn, the first player first,
each grip of a size from ``[n, m]`` taken from the room left; whoever's
grip reaches the end (room left at most ``m``: the grip covers it) holds the
end and wins.

``search`` is a game-tree search with memoisation on a grid: lengths are
whole multiples of a step ``1/q`` (``k``, ``n`` and ``m`` are given as
fractions and ``q`` is a multiple of their denominators), a position is the
room left, and a position is won for the player to grip when he reaches the
end or some grip on the grid leaves a position lost for the other.  The
positions are solved from the end up, so each is computed once.

``book`` is the rule of ch. 33: with ``f(y)`` the smallest positive number
``l (n + m) + y`` (``l`` a whole number), the second player wins when
``f(k) > m``; otherwise the first player wins, gripping ``f(k)`` when
``n <= f(k) <= m`` (then ``f`` of the room left is ``n + m``) and ``n`` when
``f(k) < n``.  ``sweep`` holds the two against each other over a grid of
``(k, n, m)``, and checks that the book's first grip is among the winning
ones the search finds.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm


def as_fraction(value) -> Fraction:
    from ..core.errors import PelitError
    try:
        f = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise PelitError(f"{value!r} is not a length (a number such as 7, 2.5 or 9/4)") from None
    return f


def check_lengths(k: Fraction, n: Fraction, m: Fraction) -> None:
    from ..core.errors import PelitError
    if not 0 < n <= m:
        raise PelitError(f"grips are from [n, m] with 0 < n <= m; n={n}, m={m}")
    if k <= 0:
        raise PelitError(f"the room k after the catch must be more than 0, not {k}")


def book_f(y: Fraction, n: Fraction, m: Fraction) -> Fraction:
    """ch. 33: the smallest positive number of the form l (n + m) + y."""
    period = n + m
    r = y % period
    return period if r == 0 else r


def book(k: Fraction, n: Fraction, m: Fraction) -> dict:
    """The winner and the first player's first grip by ch. 33."""
    f = book_f(k, n, m)
    if f > m:
        return {"winner": "second", "grip": None, "f": f}
    return {"winner": "first", "grip": f if f >= n else n, "f": f}


class Grid:
    """The positions 1..top (in steps of 1/q) for grips n..m, solved once."""

    def __init__(self, q: int, n: Fraction, m: Fraction, top: Fraction):
        self.q = q
        self.n, self.m = int(n * q), int(m * q)
        self.top = int(top * q)
        # won[r]: the player to grip with r steps of room left wins
        won = [False] * (self.top + 1)
        # a running count of lost positions in the window of rooms one grip away
        lost_in_window = 0
        for r in range(1, self.top + 1):
            # entering the window: r - n; leaving it: r - m - 1
            enter, leave = r - self.n, r - self.m - 1
            if enter >= 1 and not won[enter]:
                lost_in_window += 1
            if leave >= 1 and not won[leave]:
                lost_in_window -= 1
            won[r] = r <= self.m or lost_in_window > 0
        self.won = won

    def winner(self, k: Fraction) -> str:
        return "first" if self.won[int(k * self.q)] else "second"

    def winning_grips(self, k: Fraction) -> list[Fraction]:
        """Every first grip on the grid that wins for the first player."""
        r = int(k * self.q)
        if r <= self.m:
            return [Fraction(x, self.q) for x in range(self.n, self.m + 1) if x >= r] or \
                [Fraction(self.m, self.q)]
        return [Fraction(x, self.q) for x in range(self.n, self.m + 1)
                if r - x >= 1 and not self.won[r - x]]


def step_for(*values: Fraction, refine: int = 4) -> int:
    """A grid step 1/q on which every given length lies, ``refine`` times finer."""
    return lcm(*(v.denominator for v in values)) * refine


def search(k, n, m, refine: int = 4) -> dict:
    k, n, m = as_fraction(k), as_fraction(n), as_fraction(m)
    check_lengths(k, n, m)
    q = step_for(k, n, m, refine=refine)
    grid = Grid(q, n, m, k)
    grips = grid.winning_grips(k) if grid.winner(k) == "first" else []
    return {"k": k, "n": n, "m": m, "step": Fraction(1, q), "winner": grid.winner(k),
            "grips": intervals(grips, Fraction(1, q)), "positions": grid.top}


def intervals(points: list[Fraction], step: Fraction) -> list[tuple[Fraction, Fraction]]:
    """Grid points as runs [lo, hi] of consecutive points."""
    out: list[list[Fraction]] = []
    for p in points:
        if out and p - out[-1][1] == step:
            out[-1][1] = p
        else:
            out.append([p, p])
    return [(a, b) for a, b in out]


def sweep(top_k: int = 24, top_m: int = 6, denominator: int = 2, refine: int = 2) -> dict:
    """Every (k, n, m) with n <= m <= top_m and k <= top_k in steps of
    1/denominator, searched on a grid ``refine`` times finer, against ch. 33.
    Returns the cases checked and any disagreement."""
    step = Fraction(1, denominator)
    q = denominator * refine
    values = [step * i for i in range(1, top_m * denominator + 1)]
    checked = 0
    wrong = []
    for n in values:
        for m in values:
            if m < n:
                continue
            grid = Grid(q, n, m, Fraction(top_k))
            for i in range(1, top_k * denominator + 1):
                k = step * i
                said = book(k, n, m)
                got = grid.winner(k)
                ok = got == said["winner"]
                if ok and got == "first":
                    ok = said["grip"] in grid.winning_grips(k)
                checked += 1
                if not ok and len(wrong) < 10:
                    wrong.append({"k": str(k), "n": str(n), "m": str(m), "search": got,
                                  "book": said["winner"]})
    return {"cases": checked, "disagreements": wrong, "step": str(step),
            "grid": str(Fraction(1, q)), "top_k": top_k, "top_m": top_m}
