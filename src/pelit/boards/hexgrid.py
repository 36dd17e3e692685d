"""Hexagonal grids for connection games (Hex, Y) with fast win detection.

Cells are ints on a fixed grid of ``STRIDE`` x ``STRIDE`` (26 x 26): the cell
in 0-based row ``r`` and column ``c`` is ``r * STRIDE + c`` whatever the board
size, so a cell's id (and a game's action id for it) never depends on the
size, and its text is the same everywhere: column letter then row number,
``a1`` top left, ``c5`` the third column of the fifth row.

Two shapes:

- ``rhombus(n)``, the Hex board: ``n`` rows of ``n`` cells, each row shifted
  half a cell to the right of the one above.  Cell ``(r, c)`` touches
  ``(r, c-1) (r, c+1) (r-1, c) (r-1, c+1) (r+1, c-1) (r+1, c)``.  ``a1`` and
  the last cell are the acute corners.  Red's sides are the top and bottom
  rows, blue's the first and last columns.
- ``triangle(n)``, the Y board: row ``r`` (1-based) holds ``r`` cells, ``a``
  to the ``r``-th letter, drawn as a pyramid with ``a1`` at the apex.  Cell
  ``(r, c)`` touches ``(r, c-1) (r, c+1) (r-1, c-1) (r-1, c) (r+1, c)
  (r+1, c+1)``.  Its three sides are column ``a`` (left), the last row
  (bottom) and the cells whose column equals their row (right); both colours
  want all three.

A cell on two sides (a corner) belongs to both.  Each colour's sides are bit
flags per cell (``Geometry.edge[colour][cell]``); a group's flags are the OR
over its stones, kept at its union-find root, and a colour wins when one
group holds all its flags (``Geometry.full[colour]``).  This side-flag form
is used instead of "virtual edge nodes" because Y needs it: two groups that
each touch the bottom must not count as joined through the bottom.

``ConnectionBoard`` is the mutable part: stones, union-find arrays, and the
sorted list of empty cells (the legal placements), all kept incrementally.
Its arrays reach only as far as the board's last cell id (286 entries for
11 x 11, not the 676 of the full grid), and a clone shares them with its
original until either places a stone (copy on write), so a search may
clone a position many times for the price of the copies that move.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque

from ..core.errors import ParseError

STRIDE = 26
CELLS = STRIDE * STRIDE
LETTERS = "abcdefghijklmnopqrstuvwxyz"
EMPTY, RED, BLUE = 0, 1, 2
COLOUR_NAMES = ("empty", "red", "blue")
STONE_CHARS = ".RB"
INF = 1 << 20

_NAMES = tuple(f"{LETTERS[i % STRIDE]}{i // STRIDE + 1}" for i in range(CELLS))
_BY_NAME = {name: i for i, name in enumerate(_NAMES)}


def cell_names() -> tuple[str, ...]:
    """The text of every cell id of the full grid, in id order."""
    return _NAMES


def cell_name(cell: int) -> str:
    return _NAMES[cell]


def parse_cell(text: str) -> int:
    """``"c5"`` (any case) to its cell id on the full grid."""
    cell = _BY_NAME.get(text.strip().lower())
    if cell is None:
        raise ParseError(f"{text.strip()!r} is not a cell: write the column letter "
                         f"and the row number, e.g. c5")
    return cell


def row_col(cell: int) -> tuple[int, int]:
    return divmod(cell, STRIDE)


class Geometry:
    """The fixed tables of one board shape and size (built once, shared)."""

    __slots__ = ("shape", "size", "cells", "rows", "nbrs", "edge", "full",
                 "side_names", "on_board", "extent", "first_reply", "_empty0", "_zeros")
    # (declared for mypyc, which compiles this module when ``make compiled`` is run)
    shape: str
    size: int
    cells: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    nbrs: tuple[tuple[int, ...], ...]
    edge: list[tuple[int, ...]]
    full: list[int]
    side_names: list[tuple[str, ...]]
    on_board: bytes
    extent: int
    first_reply: int
    _empty0: list[int]
    _zeros: list[int]

    def __init__(self, shape: str, size: int, rows, neighbour_steps, sides) -> None:
        self.shape = shape
        self.size = size
        self.rows = tuple(tuple(r) for r in rows)
        self.cells = tuple(c for r in self.rows for c in r)
        on = bytearray(CELLS)
        for c in self.cells:
            on[c] = 1
        self.on_board = bytes(on)
        nbrs: list[tuple[int, ...]] = [()] * CELLS
        for cell in self.cells:
            r, c = divmod(cell, STRIDE)
            out: list[int] = []
            for dr, dc in neighbour_steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < STRIDE and 0 <= cc < STRIDE and on[rr * STRIDE + cc]:
                    out.append(rr * STRIDE + cc)
            nbrs[cell] = tuple(out)
        self.nbrs = tuple(nbrs)
        # sides[colour] = ((name, predicate(r, c)), ...): bit i for side i
        self.edge = [(), (), ()]
        self.full = [0, 0, 0]
        self.side_names = [(), (), ()]
        for colour in (RED, BLUE):
            flags = [0] * CELLS
            for cell in self.cells:
                r, c = divmod(cell, STRIDE)
                for bit, (_, test) in enumerate(sides[colour]):
                    if test(r, c):
                        flags[cell] |= 1 << bit
            self.edge[colour] = tuple(flags)
            self.full[colour] = (1 << len(sides[colour])) - 1
            self.side_names[colour] = tuple(name for name, _ in sides[colour])
        self._empty0 = sorted(self.cells)
        # a board's arrays need entries up to its last cell only
        self.extent = max(self.cells) + 1
        self.first_reply = len(self.cells) - 1     # empty cells when the second player first moves
        self._zeros = [0] * self.extent

    def __repr__(self) -> str:
        return f"<Geometry {self.shape} {self.size}>"

    def parse(self, text: str) -> int:
        cell = parse_cell(text)
        if not self.on_board[cell]:
            raise ParseError(f"{text.strip()} is not on this board ({self.describe()})")
        return cell

    def describe(self) -> str:
        if self.shape == "rhombus":
            return f"{self.size}x{self.size}, columns a-{LETTERS[self.size - 1]}, rows 1-{self.size}"
        return (f"a triangle of side {self.size}: row r has columns a to the r-th "
                f"letter, rows 1-{self.size}")

    def sides_touched(self, colour: int, cell: int) -> tuple[str, ...]:
        f = self.edge[colour][cell]
        return tuple(n for i, n in enumerate(self.side_names[colour]) if f >> i & 1)


_GEOMETRIES: dict[tuple[str, int], Geometry] = {}


def rhombus(n: int) -> Geometry:
    """The ``n`` x ``n`` Hex board (1 <= n <= 26)."""
    key = ("rhombus", n)
    geo = _GEOMETRIES.get(key)
    if geo is None:
        if not 1 <= n <= STRIDE:
            raise ValueError(f"a Hex board is 1 to {STRIDE} cells a side")
        last = n - 1
        rows = [[r * STRIDE + c for c in range(n)] for r in range(n)]
        steps = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0))
        sides = [None,
                 (("top", lambda r, c: r == 0), ("bottom", lambda r, c: r == last)),
                 (("left", lambda r, c: c == 0), ("right", lambda r, c: c == last))]
        geo = _GEOMETRIES[key] = Geometry("rhombus", n, rows, steps, sides)
    return geo


def triangle(n: int) -> Geometry:
    """The Y board: an equilateral triangle of side ``n`` (1 <= n <= 26)."""
    key = ("triangle", n)
    geo = _GEOMETRIES.get(key)
    if geo is None:
        if not 1 <= n <= STRIDE:
            raise ValueError(f"a Y board is 1 to {STRIDE} cells a side")
        last = n - 1
        rows = [[r * STRIDE + c for c in range(r + 1)] for r in range(n)]
        steps = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, 0), (1, 1))
        three = (("left", lambda r, c: c == 0), ("bottom", lambda r, c: r == last),
                 ("right", lambda r, c: c == r))
        geo = _GEOMETRIES[key] = Geometry("triangle", n, rows, steps, [None, three, three])
    return geo


class ConnectionBoard:
    """Stones on a ``Geometry``, groups in a union-find with side flags at the
    roots, and the sorted list of empty cells.  ``place`` is the hot path."""

    __slots__ = ("geo", "stones", "parent", "flags", "empty", "shared")
    geo: Geometry
    stones: list[int]
    parent: list[int]
    flags: list[int]
    empty: list[int]
    shared: bool

    def __init__(self, geo: Geometry, like: "ConnectionBoard | None" = None) -> None:
        self.geo = geo
        if like is not None:            # a clone: the arrays are shared until either moves
            self.stones = like.stones
            self.parent = like.parent
            self.flags = like.flags
            self.empty = like.empty
            self.shared = like.shared = True
            return
        self.stones = geo._zeros.copy()
        self.parent = geo._zeros.copy()     # meaningful for stones only
        self.flags = geo._zeros.copy()          # meaningful at roots only
        self.empty = geo._empty0.copy()
        self.shared = False                 # the arrays are another board's too

    def clone(self) -> "ConnectionBoard":
        return ConnectionBoard(self.geo, self)

    def _own(self) -> None:
        """Copy the arrays this board shares with a clone, before changing them."""
        self.stones = self.stones.copy()
        self.parent = self.parent.copy()
        self.flags = self.flags.copy()
        self.empty = self.empty.copy()
        self.shared = False

    def place(self, cell: int, colour: int) -> bool:
        """Put a stone of ``colour`` on the empty ``cell``; True when it joins
        all of that colour's sides in one group.  The union-find walk of
        ``boards.unionfind`` is written out here: this runs once a move."""
        if self.shared:
            self._own()
        geo = self.geo
        stones = self.stones
        parent = self.parent
        flags = self.flags
        stones[cell] = colour
        empty = self.empty
        del empty[bisect_left(empty, cell)]
        f = geo.edge[colour][cell]
        root = cell
        parent[cell] = cell
        for r in geo.nbrs[cell]:
            if stones[r] == colour:
                p = parent[r]
                while p != r:               # find, halving the path
                    g = parent[p]
                    parent[r] = g
                    r = g
                    p = parent[r]
                if r != root:
                    f |= flags[r]
                    if root == cell:        # the first group: the stone joins it
                        parent[cell] = r
                        root = r
                    else:                   # a further group joins the first
                        parent[r] = root
        flags[root] = f
        return f == geo.full[colour]

    def find(self, cell: int) -> int:
        # halving the path changes no root, so it may run on shared arrays
        parent = self.parent
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    def group_flags(self, cell: int) -> int:
        return self.flags[self.find(cell)]

    def wins_at(self, cell: int, colour: int) -> bool:
        """Would a stone of ``colour`` on the empty ``cell`` win now?"""
        stones = self.stones
        f = self.geo.edge[colour][cell]
        for r in self.geo.nbrs[cell]:
            if stones[r] == colour:
                f |= self.flags[self.find(r)]
        return f == self.geo.full[colour]

    def winning_cells(self, colour: int) -> list[int]:
        """Every empty cell where a stone of ``colour`` wins at once."""
        stones = self.stones
        edge = self.geo.edge[colour]
        nbrs = self.geo.nbrs
        flags = self.flags
        full = self.geo.full[colour]
        root_flags: dict[int, int] = {}
        out = []
        for cell in self.empty:
            f = edge[cell]
            for r in nbrs[cell]:
                if stones[r] == colour:
                    rf = root_flags.get(r)
                    if rf is None:
                        rf = root_flags[r] = flags[self.find(r)]
                    f |= rf
            if f == full:
                out.append(cell)
        return out

    def group(self, cell: int) -> list[int]:
        """The stones of ``cell``'s group, in id order."""
        root = self.find(cell)
        colour = self.stones[cell]
        return [c for c in self.geo.cells if self.stones[c] == colour and self.find(c) == root]

    def rows_text(self) -> list[str]:
        """One string per row: ``.`` empty, ``R`` red, ``B`` blue."""
        s = self.stones
        return ["".join(STONE_CHARS[s[c]] for c in row) for row in self.geo.rows]

    def distances(self, colour: int, side_bit: int) -> list[int]:
        """0-1 shortest paths from one of ``colour``'s sides: the number of
        empty cells ``colour`` still needs to reach each cell from that side
        (the cell itself included; own stones cost 0, the opponent's block).
        ``INF`` where it is cut off."""
        geo = self.geo
        stones = self.stones
        nbrs = geo.nbrs
        edge = geo.edge[colour]
        dist = [INF] * CELLS
        queue: deque[int] = deque()
        for cell in geo.cells:
            if edge[cell] & side_bit:
                st = stones[cell]
                if st == colour:
                    dist[cell] = 0
                    queue.appendleft(cell)
                elif st == EMPTY:
                    dist[cell] = 1
                    queue.append(cell)
        while queue:
            cell = queue.popleft()
            d = dist[cell]
            for nb in nbrs[cell]:
                st = stones[nb]
                if st == colour:
                    if d < dist[nb]:
                        dist[nb] = d
                        queue.appendleft(nb)
                elif st == EMPTY:
                    nd = d + 1
                    if nd < dist[nb]:
                        dist[nb] = nd
                        queue.append(nb)
        return dist


def spread(stones: list[int], nbrs: tuple[tuple[int, ...], ...],
           links: tuple[tuple[tuple[int, int, int], ...], ...], colour: int,
           dist: list[int], now: list[int], later: list[int],
           targets: bytearray | None) -> int:
    """Shortest paths for ``colour``, level by level: a cell costs 1 if
    empty, 0 if ``colour``'s, and cannot be entered if the opponent's.
    ``dist`` holds the starting cells' distances (INF elsewhere), ``now``
    the starting cells at distance 0 and ``later`` those at 1; besides the
    neighbours, ``links[x]`` lists ``(y, a, b)``: ``y`` is reached from
    ``x`` while ``a`` and ``b`` are both empty (a bridge).  ``dist`` is
    filled in place.  With ``targets`` (a flag per cell) the search stops at
    the first target it reaches and returns its distance; else INF."""
    # EMPTY is 0: an empty cell reads false.  The step to a neighbour, then
    # across a bridge, is written out twice: this loop is where the bots
    # spend their time.
    d = 0
    while now or later:
        d1 = d + 1
        push_now = now.append
        push_later = later.append
        while now:
            x = now.pop()
            if dist[x] != d:
                continue                   # reached more cheaply and spread already
            if targets is not None and targets[x]:
                return d
            for y in nbrs[x]:
                st = stones[y]
                if not st:
                    if d1 < dist[y]:
                        dist[y] = d1
                        push_later(y)
                elif st == colour and d < dist[y]:
                    dist[y] = d
                    push_now(y)
            for y, a, b in links[x]:
                if not (stones[a] or stones[b]):
                    st = stones[y]
                    if not st:
                        if d1 < dist[y]:
                            dist[y] = d1
                            push_later(y)
                    elif st == colour and d < dist[y]:
                        dist[y] = d
                        push_now(y)
        d = d1
        now, later = later, []
    return INF


# A side's starting cells for ``side_search``: the side's own cells, and the
# cells tied to it by an edge template, each with the side cells that must
# both be empty for the tie to hold.
Seeds = tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]


def side_search(stones: list[int], nbrs: tuple[tuple[int, ...], ...],
                links: tuple[tuple[tuple[int, int, int], ...], ...], colour: int,
                seeds: Seeds, extent: int,
                targets: bytearray | None = None) -> tuple[list[int], int]:
    """``spread`` from a side's ``seeds`` (a starting cell costs itself):
    the distances, and the distance of the first target reached (INF if
    none, or no targets)."""
    dist = [INF] * extent
    now: list[int] = []                  # cells at distance 0 to spread from
    later: list[int] = []                # cells at distance 1
    on_side, tied = seeds
    for x in on_side:
        st = stones[x]
        if st == colour:
            dist[x] = 0
            now.append(x)
        elif st == EMPTY:
            dist[x] = 1
            later.append(x)
    for x, pair in tied:
        st = stones[x]
        if st == colour or st == EMPTY:
            free = 0                     # tie_holds, written out
            for n in pair:
                if stones[n] == EMPTY:
                    free += 1
            if free < 2:
                continue
            if st == colour:
                dist[x] = 0
                now.append(x)
            else:
                dist[x] = 1
                later.append(x)
    return dist, spread(stones, nbrs, links, colour, dist, now, later, targets)


def tie_holds(stones: list[int], pair: tuple[int, ...]) -> bool:
    """An edge template holds while two of its side cells are empty."""
    free = 0
    for n in pair:
        if stones[n] == EMPTY:
            free += 1
    return free >= 2


def seed_flags(stones: list[int], colour: int, seeds: Seeds, extent: int) -> bytearray:
    """A flag per cell where a search from that side could start now."""
    out = bytearray(extent)
    on_side, tied = seeds
    for x in on_side:
        if stones[x] == colour or stones[x] == EMPTY:
            out[x] = 1
    for x, pair in tied:
        if (stones[x] == colour or stones[x] == EMPTY) and tie_holds(stones, pair):
            out[x] = 1
    return out


def through_costs(stones: list[int], cells: tuple[int, ...], maps: list[list[int]],
                  extent: int) -> list[int]:
    """Per cell, the stones a connection of every side's path through it
    needs: the maps' distances added, the cell itself counted once."""
    out = [0] * extent
    extra = len(maps) - 1
    for c in cells:
        t = 0
        for m in maps:
            t += m[c]
        if stones[c] == EMPTY:
            t -= extra
        out[c] = t
    return out


def least_cost(stones: list[int], cells: tuple[int, ...], costs: list[int], barred: int) -> int:
    """The least of ``costs`` over the cells without a stone of colour ``barred``."""
    best = -1
    for c in cells:
        if stones[c] != barred and (best < 0 or costs[c] < best):
            best = costs[c]
    return best
