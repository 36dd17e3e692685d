"""Union-find (disjoint sets) over int nodes, with a flag word per set.

Board games join stones into groups: Hex and Y ask whether one group touches
certain sides, Go asks which stones form a group.  Nodes are ints
``0..size-1`` kept in flat lists; ``find`` halves paths as it walks, so trees
stay shallow without a rank array.  Each root carries an int of flags (the
sides a group touches, say) that ``union`` ORs together.

Hot loops may inline the same walk on ``parent`` directly (see
``boards.hexgrid.ConnectionBoard.place``); the invariants are the ones here:
``parent[x] == x`` exactly at roots, and ``flags[root]`` is the OR of the
flags of every node that joined the set.
"""

from __future__ import annotations


class UnionFind:
    __slots__ = ("parent", "flags")

    def __init__(self, size: int, flags=None):
        self.parent = list(range(size))
        self.flags = [0] * size if flags is None else list(flags)
        if len(self.flags) != size:
            raise ValueError("one flag word per node")

    def clone(self) -> "UnionFind":
        new = object.__new__(UnionFind)
        new.parent = self.parent.copy()
        new.flags = self.flags.copy()
        return new

    def find(self, x: int) -> int:
        parent = self.parent
        while True:
            p = parent[x]
            if p == x:
                return x
            g = parent[p]
            parent[x] = g          # path halving: skip to the grandparent
            x = g

    def union(self, a: int, b: int) -> int:
        """Join the sets of ``a`` and ``b``; return the root of the joined set
        (``a``'s root, so a caller growing one group keeps its root)."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra
            self.flags[ra] |= self.flags[rb]
        return ra

    def same(self, a: int, b: int) -> bool:
        return self.find(a) == self.find(b)

    def set_flags(self, x: int) -> int:
        """The flags of ``x``'s set."""
        return self.flags[self.find(x)]

    def add_flags(self, x: int, flags: int) -> int:
        r = self.find(x)
        self.flags[r] |= flags
        return self.flags[r]

    def reset(self, x: int, flags: int = 0) -> None:
        """Make ``x`` a set of its own (only for a node no other node points to,
        e.g. a point that was empty until now)."""
        self.parent[x] = x
        self.flags[x] = flags

    def members(self, x: int, nodes) -> list[int]:
        """The nodes among ``nodes`` in ``x``'s set."""
        r = self.find(x)
        return [n for n in nodes if self.find(n) == r]
