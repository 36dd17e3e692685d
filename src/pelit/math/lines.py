"""Problem 3 of seed 000 ch. 32: lines of five on an endless grid.

The question is about an infinite grid and every finite start, so it is a
proof, not a computation: ch. 33 counts *free place-direction pairs* (a
marked place and one of the eight directions whose unit step from it no
drawn segment uses).  A new mark brings eight, a segment of five places uses
eight (two at its ends, two at each of its three inner places), so their
number never changes, while a large enough figure would need more than that
number along its edge.  So no start lets the game go on for ever.

What a computer can add is a simulator for finite starts, ``play``: marks
and segments on a grid, a move being a new mark and a segment through five
marked places in a row (across, down or on a diagonal) none of whose four
unit steps another segment uses (two segments may then share one place but
never a step).  The usual way, the new mark lies on the segment; the rules
also allow a segment through five older marks with the mark put elsewhere
(it then goes next to the figure).  Moves are chosen at random from a seed.
At every move the simulator recounts the free place-direction pairs and
checks that the number is the one the start had, as the proof says.
"""

from __future__ import annotations

import random

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))          # a segment's direction
EIGHT = tuple(d for a, b in DIRECTIONS for d in ((a, b), (-a, -b)))


def cross() -> set[tuple[int, int]]:
    """The usual start of line-of-five solitaire: a cross of 36 marks whose
    arms are three places wide and whose outline has sides of four steps."""
    outline = []
    # the cross's outline, corner by corner, from the top left of its top arm
    corners = [(3, 0), (6, 0), (6, 3), (9, 3), (9, 6), (6, 6), (6, 9), (3, 9), (3, 6),
               (0, 6), (0, 3), (3, 3)]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        dx = (x1 > x0) - (x1 < x0)
        dy = (y1 > y0) - (y1 < y0)
        x, y = x0, y0
        while (x, y) != (x1, y1):
            outline.append((x, y))
            x, y = x + dx, y + dy
    return set(outline)


def parse_places(text: str) -> set[tuple[int, int]]:
    """Places written as ``x,y`` pairs separated by spaces (``0,0 1,0 2,0``)."""
    from ..core.errors import PelitError
    out = set()
    for word in text.split():
        try:
            x, y = word.split(",")
            out.add((int(x), int(y)))
        except ValueError:
            raise PelitError(f"a place is written x,y (e.g. 3,-1), not {word!r}") from None
    if not out:
        raise PelitError("give at least one place")
    return out


class Figure:
    """Marked places and the unit steps the drawn segments use."""

    def __init__(self, marks):
        self.marks = set(marks)
        self.used: set[tuple[tuple[int, int], tuple[int, int]]] = set()   # (place, direction)
        self.segments: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def free_pairs(self) -> int:
        return sum(1 for p in self.marks for d in EIGHT if (p, d) not in self.used)

    def _fits(self, start, d) -> bool:
        x, y = start
        for i in range(4):
            if ((x + i * d[0], y + i * d[1]), d) in self.used:
                return False
        return True

    def moves(self) -> list[tuple]:
        """Every move as (new mark or None, segment start, direction): None
        when the segment's five places are all marked already."""
        out = []
        seen = set()
        candidates = set()
        for (x, y) in self.marks:
            for dx, dy in DIRECTIONS:
                for i in range(-4, 5):
                    candidates.add(((x + i * dx, y + i * dy), (dx, dy)))
        for place, d in candidates:
            for back in range(5):
                start = (place[0] - back * d[0], place[1] - back * d[1])
                if (start, d) in seen:
                    continue
                seen.add((start, d))
                line = [(start[0] + i * d[0], start[1] + i * d[1]) for i in range(5)]
                missing = [p for p in line if p not in self.marks]
                if len(missing) > 1 or not self._fits(start, d):
                    continue
                out.append((missing[0] if missing else None, start, d))
        out.sort(key=lambda m: (m[0] is not None, m[0] or (0, 0), m[1], m[2]))
        return out

    def play(self, mark, start, d, rng) -> None:
        if mark is None:
            # a segment of five old marks: the new mark goes next to the figure
            near = sorted({(x + a, y + b) for (x, y) in self.marks for a, b in EIGHT}
                          - self.marks)
            mark = rng.choice(near)
        self.marks.add(mark)
        x, y = start
        for i in range(4):
            a = (x + i * d[0], y + i * d[1])
            b = (a[0] + d[0], a[1] + d[1])
            self.used.add((a, d))
            self.used.add((b, (-d[0], -d[1])))
        self.segments.append((start, d))

    def box(self) -> tuple[int, int]:
        xs = [x for x, _ in self.marks]
        ys = [y for _, y in self.marks]
        return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def play(marks, seed: int = 1, limit: int = 10_000) -> dict:
    """One game from ``marks`` with random moves until none is left."""
    rng = random.Random(seed)
    fig = Figure(marks)
    start_free = fig.free_pairs()
    invariant = True
    while len(fig.segments) < limit:
        moves = fig.moves()
        if not moves:
            break
        fig.play(*rng.choice(moves), rng)
        if fig.free_pairs() != start_free:
            invariant = False
    return {"start": len(marks), "moves": len(fig.segments), "free_pairs": start_free,
            "invariant_held": invariant, "box": fig.box(), "ended": len(fig.segments) < limit}
