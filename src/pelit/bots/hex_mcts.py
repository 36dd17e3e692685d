"""Monte Carlo tree search for Hex and Y: the search bot's planner for both
games (``--bots search``, ``search:N`` as N playouts).

From the view alone (the board rows, the colour to move, the last stone) it
builds the compiled position of ``bots/_hex_kernel.py`` and runs playouts
(random fills of the board that answer an entered bridge) for ``seconds`` or
a fixed number of ``playouts``, then plays the most visited cell of the
root.  Before searching it plays a cell that joins its sides at once, and
else takes the cell where the opponent would join theirs (a win in one can
only be stopped on its own cell).  The swap decision and the first stone
are the heuristic bot's (``bots/hex.py``: which first stones win is a
question of the opening, not of playouts).

The kernel is compiled by numba (a dependency of pelit); the first bot made
on a fresh install compiles it once (some seconds, before its first move)
and numba keeps the result in its cache.  The playouts draw from numba's
generator, seeded from ``self.rng``: a match with a given seed and a fixed
number of playouts replays; a time limit makes the number depend on the
machine.
"""

from __future__ import annotations

import time

import numpy as np

from ..boards.hexgrid import BLUE, RED, parse_cell
from ..core.errors import PelitError
from . import Bot
from ._mcts_tree import reset_root, run_budget, tree_arrays
from .hex import SWAP, bridges

TREE_NODES = 1_500_000
BATCH = 256
RAVE_K = 1000.0
EXPAND_AT = 4.0            # visits before a node grows its children


def kernel():
    try:
        from . import _hex_kernel
    except ImportError as exc:                       # numba missing
        raise PelitError(f"the connection games' search needs numba ({exc}); "
                         f"pip install numba") from None
    return _hex_kernel


class Tables:
    """One geometry's arrays for the kernel: the cells in a compact order
    (``cells[i]`` the cell id of index ``i``), neighbours, side bits, and the
    bridge answers (for each cell, the bridges it enters: ``(x, y, other)``,
    ``y`` = -1 - colour for a stone tied to that colour's side)."""

    def __init__(self, geo):
        self.geo = geo
        cells = self.cells = geo.cells
        index = self.index = {c: i for i, c in enumerate(cells)}
        n = len(cells)
        self.nbr = np.full((n, 6), -1, np.int32)
        for i, c in enumerate(cells):
            for k, d in enumerate(geo.nbrs[c]):
                self.nbr[i, k] = index[d]
        self.edge = np.zeros((3, n), np.int8)
        for colour in (RED, BLUE):
            for i, c in enumerate(cells):
                self.edge[colour, i] = geo.edge[colour][c]
        self.full = (0, geo.full[RED], geo.full[BLUE])
        table, edge_pairs = bridges(geo)
        entries: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for x in cells:
            for y, a, b in table[x]:
                if x < y:
                    entries[index[a]].append((index[x], index[y], index[b]))
                    entries[index[b]].append((index[x], index[y], index[a]))
        for (colour, x, _bit), pair in sorted(edge_pairs.items()):
            if len(pair) == 2:
                a, b = pair
                entries[index[a]].append((index[x], -1 - colour, index[b]))
                entries[index[b]].append((index[x], -1 - colour, index[a]))
        self.save_start = np.zeros(n + 1, np.int32)
        flat = []
        for i in range(n):
            self.save_start[i + 1] = self.save_start[i] + len(entries[i])
            flat.extend(entries[i])
        self.save = np.array(flat or [(0, 0, 0)], np.int32).reshape(-1, 3)
        self.no_saves = np.zeros(n + 1, np.int32)      # uniform fills: no cell answers

    def stones(self, view) -> np.ndarray:
        """The view's board as the kernel's stones."""
        out = np.zeros(len(self.cells), np.int8)
        i = 0
        for row in view["board"]:
            for ch in row:
                out[i] = 1 if ch == "R" else 2 if ch == "B" else 0
                i += 1
        return out


_TABLES: dict = {}


def tables(game, size) -> Tables:
    geo = game.geometry(size)
    got = _TABLES.get(geo)
    if got is None:
        got = _TABLES[geo] = Tables(geo)
    return got


class ConnectionSearch:
    """The search for one seat: the kernel, its tree arrays and the bot's
    random stream."""

    def __init__(self, game, rng, seconds: float | None, playouts: int | None):
        self.k = kernel()
        self.game = game
        self.rng = rng
        self.seconds = seconds
        self.playouts = playouts
        self.last_playouts = 0
        self.searched = False     # whether the last move was searched (not forced)
        self.uniform_fills = False  # playouts without the bridge answers
        self._tree = None
        _warm_up(self.k)

    def _arrays(self):
        if self._tree is None:
            self._tree = tree_arrays(TREE_NODES)
        return reset_root(self._tree, EXPAND_AT)

    def choose(self, view) -> int:
        """A cell for the colour to move (the view's legal cells, no swap)."""
        k = self.k
        t = tables(self.game, view["size"])
        stones = t.stones(view)
        me = RED if view["to_move"] == "red" else BLUE
        opp = 3 - me
        self.last_playouts = 0
        self.searched = False
        wins = k.winning_cells(stones, me, t.nbr, t.edge, t.full[me])
        if len(wins):
            return t.cells[int(wins[0])]
        threats = k.winning_cells(stones, opp, t.nbr, t.edge, t.full[opp])
        if len(threats):
            return t.cells[int(threats[0])]
        last = -1
        for text in reversed(view["moves"]):
            if text != "swap":
                last = t.index[parse_cell(text)]
                break
        tree = self._arrays()
        move, first, count, n, w, an, aw, size = tree
        saves = t.no_saves if self.uniform_fills else t.save_start
        self.last_playouts = run_budget(
            lambda batch: k.search(stones, me, last, batch, self.rng.getrandbits(31), t.nbr,
                                   t.edge, t.full[RED], t.save, saves, *tree, RAVE_K,
                                   EXPAND_AT),
            BATCH, self.playouts, self.seconds)
        self.searched = True
        f, c = int(first[0]), int(count[0])
        best = max(range(f, f + c), key=lambda ch: (n[ch], an[ch]))
        return t.cells[int(move[best])]


def choose(view, search: ConnectionSearch, opening: Bot) -> int:
    """The heuristic's swap decision and first stone, else the search's cell."""
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    if SWAP in legal or not view["moves"]:
        return opening.choose(view)
    return search.choose(view)


class ConnectionPlanner:
    """The search bot's planner for Hex and Y (``search_profiles``): this
    search in the search bot's budget, its seconds or ``search:N`` as N
    playouts."""

    # ``search:random`` keeps this planner, with uniform fills (``uniform``)
    random_playouts = True

    def __init__(self, game, seat, seed, bot):
        self.search = ConnectionSearch(game, bot.searcher.rng, bot.seconds, bot.sims)
        self.opening = bot.prior_bot
        self.uniform_fills = False
        self.used = False
        self.stats = {"simulations": 0, "seconds": 0.0, "rollout_actions": 0, "failed": 0,
                      "fallbacks": 0}

    def configure(self, sims, seconds) -> None:
        self.search.playouts = sims
        self.search.seconds = seconds

    def uniform(self) -> None:
        """``search:random``: playouts that fill the board uniformly at
        random (no bridge answers), and the swap and the first stone left
        to the generic search (no heuristic)."""
        self.uniform_fills = self.search.uniform_fills = True

    def observe(self, events) -> None:
        pass

    def choose(self, view):
        start = time.perf_counter()
        self.search.searched = False
        self.search.last_playouts = 0
        if self.uniform_fills and (SWAP in view["legal"] or not view["moves"]):
            return None
        action = choose(view, self.search, self.opening)
        # "searched": False where the move was forced (a win in one, a block)
        # or the heuristic's (the swap, the first stone)
        self.stats = {"simulations": self.search.last_playouts,
                      "seconds": time.perf_counter() - start, "rollout_actions": 0,
                      "failed": 0, "fallbacks": 0, "searched": self.search.searched}
        return action


_WARM = False


def _warm_up(k):
    """One tiny search, so that loading (or first compiling) the kernel
    happens when the bot is made, not inside its first timed move."""
    global _WARM
    if _WARM:
        return
    from ..boards.hexgrid import rhombus
    t = Tables(rhombus(2))
    tree = reset_root(tree_arrays(64), 1.0)
    stones = np.zeros(len(t.cells), np.int8)
    k.search(stones, RED, -1, 2, 1, t.nbr, t.edge, t.full[RED], t.save, t.save_start, *tree,
             RAVE_K, EXPAND_AT)
    k.winning_cells(stones, RED, t.nbr, t.edge, t.full[RED])
    _WARM = True
