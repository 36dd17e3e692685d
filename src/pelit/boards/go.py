"""A Go board: flat arrays, groups by union-find, liberties kept as they change.

Points are ints on a padded grid: a board of ``size`` points a side sits in
a square of ``size + 2`` with a ring of ``BORDER`` cells around it, so every
point has exactly four neighbours to look at (``p - 1, p + 1, p - W, p + W``)
and no bounds are checked.  A point's text is the usual Go coordinate: a
column letter (``a`` to ``t`` without ``i``) and a row number counted from
the bottom, ``a1`` the lower left corner, ``e5`` the centre of 9 x 9.

``GoBoard`` is the mutable part, kept up to date by ``play``:

- ``stones[p]``: ``EMPTY``, ``BLACK``, ``WHITE`` or ``BORDER``;
- groups in a union-find forest (``parent``; the walk of
  ``boards.unionfind``, written out because this runs once per stone); at a
  group's root, ``libs[root]`` is the int bitmask of its liberties (exact,
  not pseudo-liberties: bit ``p`` set when ``p`` is an empty point next to
  the group) and the group's stones form a ring through ``ring`` (``ring[p]``
  is the next stone), so two rings join in O(1) and a capture walks only the
  captured stones;
- ``key``: a Zobrist hash of the stones, kept by ``play``, so whole-board
  positions (the ko rule of 31.3.2) are compared in O(1); equal keys are
  confirmed stone by stone.

Legality (``is_legal``) reads four neighbours and their groups' liberty masks:
a point with an empty neighbour, or next to an own group with another
liberty, or next to an opponent group in atari there, is playable; anything
else would leave the new group without liberties (suicide, 31.3.1).
"""

from __future__ import annotations

import random

from ..core.errors import ParseError

EMPTY, BLACK, WHITE, BORDER = 0, 1, 2, 3
COLOUR_NAMES = ("empty", "black", "white")
LETTERS = "abcdefghjklmnopqrstuvwxyz"          # Go skips i
MAX_SIZE = 25


class Geometry:
    """The fixed tables of one board size (built once, shared by every board)."""

    __slots__ = ("size", "W", "points", "nbrs", "bit", "point_of", "index_of",
                 "names", "by_name", "zobrist", "_stones0", "_zeros", "_empty_mask")

    def __init__(self, size: int):
        if not 1 <= size <= MAX_SIZE:
            raise ValueError(f"a Go board is 1 to {MAX_SIZE} points a side")
        self.size = size
        W = self.W = size + 2
        # point_of[i]: the padded point of action index i = row * size + col,
        # row 0 the top row (drawn first), col 0 the a-file
        self.point_of = tuple((r + 1) * W + c + 1 for r in range(size) for c in range(size))
        self.points = self.point_of
        index = [-1] * (W * W)
        for i, p in enumerate(self.point_of):
            index[p] = i
        self.index_of = tuple(index)
        stones = [BORDER] * (W * W)
        for p in self.points:
            stones[p] = EMPTY
        self._stones0 = stones
        self._zeros = [0] * (W * W)
        self.nbrs = tuple((p - W, p - 1, p + 1, p + W) for p in range(W * W))
        self.bit = tuple(1 << p for p in range(W * W))
        self._empty_mask = sum(self.bit[p] for p in self.points)
        self.names = tuple(f"{LETTERS[i % size]}{size - i // size}" for i in range(size * size))
        self.by_name = {n: i for i, n in enumerate(self.names)}
        rng = random.Random(f"go-zobrist-{size}")
        self.zobrist = (None,
                        tuple(rng.getrandbits(64) for _ in range(W * W)),
                        tuple(rng.getrandbits(64) for _ in range(W * W)))

    def name(self, p: int) -> str:
        """The text of a padded point (``e5``)."""
        return self.names[self.index_of[p]]

    def parse(self, text: str) -> int:
        """``e5`` (any case) to its padded point."""
        i = self.by_name.get(text.strip().lower())
        if i is None:
            last = LETTERS[self.size - 1]
            raise ParseError(f"{text.strip()!r} is not a point of this {self.size}x{self.size} "
                             f"board: a column letter a-{last} (no i) and a row 1-{self.size}, e.g. e5")
        return self.point_of[i]


_GEOMETRIES: dict[int, Geometry] = {}


def geometry(size: int) -> Geometry:
    geo = _GEOMETRIES.get(size)
    if geo is None:
        geo = _GEOMETRIES[size] = Geometry(size)
    return geo


class GoBoard:
    """Stones, groups and liberties of one position."""

    __slots__ = ("geo", "stones", "parent", "libs", "ring", "key", "captures")

    def __init__(self, geo: Geometry):
        self.geo = geo
        self.stones = geo._stones0.copy()
        self.parent = geo._zeros.copy()     # meaningful for stones only
        self.libs = geo._zeros.copy()       # meaningful at roots only
        self.ring = geo._zeros.copy()       # next stone of the same group
        self.key = 0
        self.captures = [0, 0, 0]           # stones captured by each colour

    @classmethod
    def from_rows(cls, rows) -> "GoBoard":
        """The board of a view's ``board`` rows (top row first; ``B``, ``W``,
        ``.``).  Stones are placed one by one; in a position where every
        group has a liberty no placement captures anything."""
        geo = geometry(len(rows))
        board = cls(geo)
        for i, p in enumerate(geo.points):
            ch = rows[i // geo.size][i % geo.size]
            if ch == "B":
                board.play(p, BLACK)
            elif ch == "W":
                board.play(p, WHITE)
        return board

    def clone(self) -> "GoBoard":
        new = object.__new__(GoBoard)
        new.geo = self.geo
        new.stones = self.stones.copy()
        new.parent = self.parent.copy()
        new.libs = self.libs.copy()
        new.ring = self.ring.copy()
        new.key = self.key
        new.captures = self.captures.copy()
        return new

    def find(self, p: int) -> int:
        parent = self.parent
        q = parent[p]
        while q != p:
            g = parent[q]
            parent[p] = g                   # path halving
            p = g
            q = parent[p]
        return p

    # -- reading ---------------------------------------------------------
    def liberties(self, p: int) -> int:
        """The liberty mask of the group at ``p``."""
        return self.libs[self.find(p)]

    def group(self, p: int) -> list[int]:
        """The stones of the group at ``p`` (ring order, starting at ``p``)."""
        ring = self.ring
        out = [p]
        q = ring[p]
        while q != p:
            out.append(q)
            q = ring[q]
        return out

    def is_legal(self, p: int, colour: int) -> bool:
        """Whether ``colour`` may put a stone on ``p`` by 31.3 and 31.3.1
        (empty, and not suicide); the ko rule is the game's (it needs the
        position after the player's previous move)."""
        stones = self.stones
        if stones[p] != EMPTY:
            return False
        bit = self.geo.bit[p]
        for q in self.geo.nbrs[p]:
            s = stones[q]
            if s == EMPTY:
                return True
            if s == BORDER:
                continue
            libs = self.libs[self.find(q)]
            if s == colour:
                if libs != bit:             # the own group keeps another liberty
                    return True
            elif libs == bit:               # an opponent group in atari: captured
                return True
        return False

    def captured_by(self, p: int, colour: int) -> list[int]:
        """The roots of the opponent groups a stone of ``colour`` on ``p`` would take."""
        bit = self.geo.bit[p]
        opp = 3 - colour
        out = []
        for q in self.geo.nbrs[p]:
            if self.stones[q] == opp:
                r = self.find(q)
                if self.libs[r] == bit and r not in out:
                    out.append(r)
        return out

    def key_after(self, p: int, colour: int) -> int:
        """The Zobrist key of the position a legal stone on ``p`` would leave."""
        z = self.geo.zobrist
        key = self.key ^ z[colour][p]
        opp_z = z[3 - colour]
        for r in self.captured_by(p, colour):
            for s in self.group(r):
                key ^= opp_z[s]
        return key

    def stones_after(self, p: int, colour: int) -> bytes:
        """The stones a legal stone on ``p`` would leave (for exact comparisons)."""
        after = bytearray(self.stones)
        after[p] = colour
        for r in self.captured_by(p, colour):
            for s in self.group(r):
                after[s] = EMPTY
        return bytes(after)

    # -- playing ---------------------------------------------------------
    def play(self, p: int, colour: int) -> int:
        """Put a stone of ``colour`` on ``p`` (legal: see ``is_legal``) and
        take the opponent groups left without liberties; returns the number
        of stones taken."""
        geo = self.geo
        stones = self.stones
        parent = self.parent
        libs = self.libs
        ring = self.ring
        bit = geo.bit[p]
        nbrs = geo.nbrs[p]
        opp = 3 - colour
        stones[p] = colour
        self.key ^= geo.zobrist[colour][p]
        parent[p] = p
        ring[p] = p
        mine = 0
        root = p
        dead = []
        for q in nbrs:
            s = stones[q]
            if s == EMPTY:
                mine |= geo.bit[q]
            elif s == colour:
                r = self.find(q)
                if r != root:
                    mine |= libs[r]
                    # join the two rings; the joined set hangs under r
                    ring[root], ring[r] = ring[r], ring[root]
                    parent[root] = r
                    root = r
            elif s == opp:
                r = self.find(q)
                lib = libs[r]
                if lib & bit:
                    lib ^= bit
                    libs[r] = lib
                    if not lib:
                        dead.append(r)
        libs[root] = mine & ~bit
        taken = 0
        if dead:
            opp_z = geo.zobrist[opp]
            key = self.key
            for r in dead:
                if stones[r] != opp:        # already taken through another neighbour
                    continue
                q = r
                while True:
                    stones[q] = EMPTY
                    key ^= opp_z[q]
                    taken += 1
                    qb = geo.bit[q]
                    for n in geo.nbrs[q]:
                        if stones[n] == colour:
                            libs[self.find(n)] |= qb
                    q = ring[q]
                    if q == r:
                        break
            self.key = key
            self.captures[colour] += taken
        return taken

    # -- whole board -----------------------------------------------------
    def empty_points(self) -> list[int]:
        stones = self.stones
        return [p for p in self.geo.points if stones[p] == EMPTY]

    def rows_text(self) -> list[str]:
        """One string per row, top row first: ``.`` empty, ``B`` black, ``W`` white."""
        s = self.stones
        size = self.geo.size
        pts = self.geo.points
        chars = ".BW"
        return ["".join(chars[s[p]] for p in pts[r * size:(r + 1) * size]) for r in range(size)]

    def area(self) -> tuple[list[int], list[int]]:
        """The empty points that are black area and white area (31.2.4): an
        empty point is a colour's area when no path of empty points leads
        from it to an empty point next to a stone of the other colour.  A
        region of empty points touching no stone at all (only on an empty
        board) is area of both colours by those words."""
        stones = self.stones
        nbrs = self.geo.nbrs
        seen = set()
        black, white = [], []
        for p in self.geo.points:
            if stones[p] != EMPTY or p in seen:
                continue
            region = [p]
            seen.add(p)
            touches = 0                     # bit 1: black stone, bit 2: white stone
            i = 0
            while i < len(region):
                q = region[i]
                i += 1
                for n in nbrs[q]:
                    s = stones[n]
                    if s == EMPTY:
                        if n not in seen:
                            seen.add(n)
                            region.append(n)
                    elif s != BORDER:
                        touches |= s
            if not touches & WHITE:
                black.extend(region)
            if not touches & BLACK:
                white.extend(region)
        return sorted(black), sorted(white)

    def count(self, colour: int) -> int:
        return sum(1 for p in self.geo.points if self.stones[p] == colour)

    def check(self) -> None:
        """Recompute groups and liberties from the stones and compare (tests)."""
        stones = self.stones
        for p in self.geo.points:
            c = stones[p]
            if c not in (BLACK, WHITE):
                continue
            members = self.group(p)
            assert all(stones[q] == c for q in members), "ring holds a foreign stone"
            root = self.find(p)
            assert all(self.find(q) == root for q in members), "ring spans two sets"
            want = 0
            for q in members:
                for n in self.geo.nbrs[q]:
                    if stones[n] == EMPTY:
                        want |= self.geo.bit[n]
                    elif stones[n] == c:
                        assert self.find(n) == root, "touching stones in two groups"
            assert self.libs[root] == want, f"liberties of {self.geo.name(p)} out of date"
            assert want, f"a group without liberties at {self.geo.name(p)}"
