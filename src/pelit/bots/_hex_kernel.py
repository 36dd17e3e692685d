"""The compiled core of the connection games' search (bots/hex_mcts.py):
Monte Carlo tree search with RAVE over Hex and Y boards, compiled by numba.

The board is the 26-wide cell grid of ``boards.hexgrid`` (a cell id is
``row * 26 + column``), flattened to the cells the geometry uses: stones in
an int8 array (0 empty, 1 red, 2 blue), neighbours in a table padded with
-1, and per colour each cell's side bits (``edge[colour, cell]``).

A playout fills every empty cell, the two colours in turn (from the tree's
leaf), at random except that a player whose *bridge* was just entered (two
of its stones, or a stone and its side, sharing two empty cells, one of them
taken by the last move) takes the other shared cell, as Hex programs do
(MoHex).  A full Hex or Y board holds exactly one winning group, and a
winner stays a winner when more stones are added, so filling the board and
looking once is exact: the winner of the filled board is the player who
would have won first, had the playout stopped there.  The look: flood each
red group from the sides and see whether one touches all of red's sides;
if none does, blue has won.

The tree lives in flat arrays (the children of a node are contiguous); each
child keeps visits and wins and their all-moves-as-first (AMAF) twins, which
in a connection game are exact for the filled board: every cell ends with a
colour, so a child's AMAF count is the playouts in which its player held
that cell.  Selection mixes the two by Silver's RAVE weight (a child with
neither counts as a sure win, so each is tried); a node grows its children
(every empty cell) after ``expand_at`` visits.
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY, RED, BLUE = 0, 1, 2


@njit(cache=True)
def joined(stones, colour, nbr, edge, full, stack, seen):
    """Does one group of ``colour`` touch all its sides (``full``)?"""
    n = stones.shape[0]
    for c in range(n):
        seen[c] = 0
    for c in range(n):
        if stones[c] != colour or seen[c] or edge[colour, c] == 0:
            continue
        flags = 0
        stack[0] = c
        seen[c] = 1
        top = 1
        while top > 0:
            top -= 1
            x = stack[top]
            flags |= edge[colour, x]
            for k in range(nbr.shape[1]):
                y = nbr[x, k]
                if y < 0:
                    break
                if stones[y] == colour and not seen[y]:
                    seen[y] = 1
                    stack[top] = y
                    top += 1
        if flags == full:
            return True
    return False


@njit(cache=True)
def winner(stones, nbr, edge, full_red, stack, seen):
    """The winner of a full board: RED when one red group touches all of
    red's sides, else BLUE (a full board always has one winner)."""
    return RED if joined(stones, RED, nbr, edge, full_red, stack, seen) else BLUE


@njit(cache=True)
def winning_cells(stones, colour, nbr, edge, full):
    """The empty cells where a stone of ``colour`` joins its sides at once."""
    n = stones.shape[0]
    stack = np.zeros(n, np.int32)
    seen = np.zeros(n, np.int8)
    out = np.full(n, -1, np.int32)
    k = 0
    work = stones.copy()
    for c in range(n):
        if work[c] == EMPTY:
            work[c] = colour
            if joined(work, colour, nbr, edge, full, stack, seen):
                out[k] = c
                k += 1
            work[c] = EMPTY
    return out[:k]


@njit(cache=True)
def _take(empties, where, n_empty, c):
    """Remove ``c`` from the list of empty cells (swap with the last)."""
    j = where[c]
    last = empties[n_empty - 1]
    empties[j] = last
    where[last] = j
    where[c] = -1
    return n_empty - 1


@njit(cache=True)
def _save(stones, last, me, save, save_start):
    """The cell that restores a bridge of ``me`` entered by ``last``, or -1."""
    for k in range(save_start[last], save_start[last + 1]):
        x = save[k, 0]
        y = save[k, 1]
        o = save[k, 2]
        if stones[o] != EMPTY or stones[x] != me:
            continue
        if y >= 0:
            if stones[y] == me:
                return o
        elif -1 - y == me:               # a stone tied to its own side
            return o
    return -1


@njit(cache=True)
def playout(stones, empties, where, n_empty, to_move, last, save, save_start):
    """Fill the board from ``to_move`` on; ``last`` the cell just played (or -1)."""
    c = to_move
    while n_empty > 0:
        p = -1
        if last >= 0:
            p = _save(stones, last, c, save, save_start)
        if p < 0:
            p = empties[np.random.randint(n_empty)]
        n_empty = _take(empties, where, n_empty, p)
        stones[p] = c
        last = p
        c = 3 - c
    return n_empty


@njit(cache=True)
def search(stones0, to_move, last0, n_playouts, seed, nbr, edge, full_red, save, save_start,
           tree_move, tree_first, tree_count, tree_n, tree_w, tree_an, tree_aw, tree_size,
           rave_k, expand_at):
    """Run ``n_playouts`` simulations from the position ``stones0`` with
    ``to_move`` to play (``last0``: the cell just played, -1 if none),
    growing the tree in the given arrays (node 0 the root, ``tree_size[0]``
    the nodes in use).  A node's wins are for the player who made its move.
    Returns the number of playouts made."""
    np.random.seed(seed)
    n = stones0.shape[0]
    stones = stones0.copy()
    empties = np.zeros(n, np.int32)
    where = np.full(n, -1, np.int32)
    stack = np.zeros(n, np.int32)
    seen = np.zeros(n, np.int8)
    path = np.zeros(n + 2, np.int32)
    cap = tree_move.shape[0]
    for _ in range(n_playouts):
        stones[:] = stones0
        n_empty = 0
        for c in range(n):
            if stones[c] == EMPTY:
                empties[n_empty] = c
                where[c] = n_empty
                n_empty += 1
        node = 0
        depth = 0
        path[0] = 0
        c = to_move
        last = last0
        # descend
        while n_empty > 0:
            if tree_count[node] == 0:
                if tree_n[node] >= expand_at and tree_size[0] + n_empty < cap:
                    first = tree_size[0]
                    for j in range(n_empty):
                        ch = first + j
                        tree_move[ch] = empties[j]
                        tree_first[ch] = 0
                        tree_count[ch] = 0
                        tree_n[ch] = 0.0
                        tree_w[ch] = 0.0
                        tree_an[ch] = 0.0
                        tree_aw[ch] = 0.0
                    tree_first[node] = first
                    tree_count[node] = n_empty
                    tree_size[0] = first + n_empty
                else:
                    break
            best = -1
            best_v = -1e9
            first = tree_first[node]
            for ch in range(first, first + tree_count[node]):
                vn = tree_n[ch]
                an = tree_an[ch]
                if an > 0:
                    q = tree_aw[ch] / an
                    if vn > 0:
                        beta = an / (an + vn + vn * an / rave_k)
                        q = (1.0 - beta) * (tree_w[ch] / vn) + beta * q
                elif vn > 0:
                    q = tree_w[ch] / vn
                else:
                    q = 1.0
                if q > best_v:
                    best_v = q
                    best = ch
            node = best
            depth += 1
            path[depth] = node
            p = tree_move[node]
            n_empty = _take(empties, where, n_empty, p)
            stones[p] = c
            last = p
            c = 3 - c
        playout(stones, empties, where, n_empty, c, last, save, save_start)
        win = winner(stones, nbr, edge, full_red, stack, seen)
        # back up the visits and wins along the path
        mover = to_move
        for d in range(1, depth + 1):
            nd = path[d]
            tree_n[nd] += 1.0
            if win == mover:
                tree_w[nd] += 1.0
            mover = 3 - mover
        tree_n[0] += 1.0
        # AMAF: the children of each node on the path whose cell the player
        # to move there holds on the filled board
        mover = to_move
        for d in range(0, depth + 1):
            nd = path[d]
            first = tree_first[nd]
            score = 1.0 if win == mover else 0.0
            for ch in range(first, first + tree_count[nd]):
                if stones[tree_move[ch]] == mover:
                    tree_an[ch] += 1.0
                    tree_aw[ch] += score
            mover = 3 - mover
    return n_playouts
