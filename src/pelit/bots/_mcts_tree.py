"""The tree arrays the compiled MCTS players share (Go's ``bots/go_mcts.py``,
Hex and Y's ``bots/hex_mcts.py``): flat arrays in which the children of a
node are contiguous, each node with its move, first child, number of
children, visits and wins and their all-moves-as-first (AMAF) twins.

(The kernels' own loops over them stay in each kernel's module: numba's
cache notices a change to a compiled function's own file only, so a helper
compiled in another module could leave a kernel stale.)"""

from __future__ import annotations

import time

import numpy as np


def tree_arrays(n: int):
    """Room for ``n`` nodes: (move, first, count, visits, wins, amaf visits,
    amaf wins, nodes in use)."""
    return (np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.int32),
            np.zeros(n, np.float32), np.zeros(n, np.float32),
            np.zeros(n, np.float32), np.zeros(n, np.float32),
            np.zeros(1, np.int64))


def reset_root(tree, visits: float):
    """Empty the tree to a root of ``visits`` visits and no children (so it
    grows them at its first simulation when ``visits`` is the expansion's)."""
    move, first, count, n, w, an, aw, size = tree
    count[0] = 0
    n[0] = visits
    w[0] = 0.0
    size[0] = 1
    return tree


def run_budget(batch_of, batch: int, playouts: int | None, seconds: float | None) -> int:
    """Call ``batch_of(k)`` (k playouts; it answers how many it made) until
    ``playouts`` are made, or else until ``seconds`` have passed; returns
    the playouts made."""
    start = time.perf_counter()
    done = 0
    while True:
        done += batch_of(batch if playouts is None else min(batch, playouts - done))
        if playouts is not None:
            if done >= playouts:
                return done
        elif time.perf_counter() - start >= seconds:
            return done
