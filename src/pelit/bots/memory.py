"""A Memory player with a human-sized memory.

Memory model: the bot remembers the last ``CAPACITY`` cards it has seen
turned up (position and card), 8 by default, like a fair human player; a
newer sighting pushes the oldest out, and a position whose pair is taken is
forgotten.  Nothing else: it reads the flips from its events as they happen
and never looks back at them.

Play: with a known pair in memory, turn up one of it (then the other).
Otherwise turn up a card it does not remember; for the second card, take
the remembered card of the same rank if there is one, else another card
it does not remember (never one it knows will not match).
"""

from __future__ import annotations

from ..games.memory import DECK
from . import Bot, heuristic

CAPACITY = 8


@heuristic("memory")
class MemoryBot(Bot):
    name = "heuristic"
    capacity = CAPACITY

    def __init__(self, game, seat, seed=0, capacity: int | None = None):
        super().__init__(game, seat, seed)
        if capacity is not None:
            self.capacity = capacity
        self.memory: dict[int, int] = {}        # position (1-based) -> card, oldest first

    def observe(self, events):
        for e in events:
            kind = e["kind"]
            if kind == "new_deal":
                self.memory = {}
            elif kind == "flip":
                pos = e["position"]
                self.memory.pop(pos, None)
                self.memory[pos] = int(e["card"])
                while len(self.memory) > self.capacity:
                    del self.memory[next(iter(self.memory))]
            elif kind == "pair":
                for pos in e["positions"]:
                    self.memory.pop(pos, None)

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        open_pos = {a - g.FLIP + 1: a for a in legal}
        grid = view["grid"]
        up = next((i + 1 for i, x in enumerate(grid) if x not in (None, "down")), None)
        known = {p: c for p, c in self.memory.items() if p in open_pos}
        rank = DECK.rank_of
        if up is None:
            by_rank: dict[int, list[int]] = {}
            for p, c in known.items():
                by_rank.setdefault(rank[c], []).append(p)
            for ps in by_rank.values():
                if len(ps) >= 2:
                    return open_pos[ps[0]]
            unknown = [p for p in open_pos if p not in known]
            return open_pos[self.rng.choice(unknown or list(open_pos))]
        r = rank[int(grid[up - 1])]
        for p, c in known.items():
            if rank[c] == r:
                return open_pos[p]
        unknown = [p for p in open_pos if p not in known]
        return open_pos[self.rng.choice(unknown or list(open_pos))]
