"""The compiled core of the Go MCTS bot (bots/go_mcts.py): a Go board in
numpy arrays, playouts and a UCT tree with RAVE, compiled by numba.

The board is the padded grid of ``boards.go`` (``W = size + 2``, a border
ring, four neighbours ``p +- 1``, ``p +- W``).  Groups keep a root per stone
(``group``), a ring of their stones (``nxt``) and, at the root, the
*pseudo*-liberties: their count, sum and sum of squares.  A group is in
atari exactly when count * sum_of_squares == sum ** 2 (all entries are one
point), and that point is sum / count.  Merging relabels the smaller group.

The ko rule of 31.3.2 bans only the move that would bring back the board as
it was after the mover's previous move; that move is exactly the single
stone retaking a single stone that has just taken one (games/go.py), so
the board keeps a ko point.

Playouts (from the tree's leaf to two passes): take an enemy group in atari
next to the last move, else save an own group put in atari by it when the
escape gives liberties, else answer the last move by one of MoGo's 3 x 3
shapes next to it (``SHAPES``), else a random legal point that is not an
own eye and not an obvious self-atari; pass when none is left.  The score is 31.4's:
stones and area (31.2.4, regions of empty points by flood fill) and komi.

The tree lives in flat arrays (children of a node are contiguous), each
node with visits and wins and their all-moves-as-first (AMAF) twins; child
selection mixes the two by Silver's RAVE weight, with priors at expansion
(an even-game prior, plus a little for captures and the third line, minus
for the first line and self-atari).  The tree never fills its own eyes: a
player with nothing else to do passes.
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY, BLACK, WHITE, BORDER = 0, 1, 2, 3
PASS = 0                      # point 0 is a border cell: free to mean "pass"

# The 3 x 3 shapes of MoGo's playouts (Gelly, Wang, Munos and Teytaud, 2006),
# written from their description: the centre is the empty point to play;
# ``X`` and ``O`` are the two colours (either may be the player to move),
# ``.`` empty, ``#`` off the board, ``?`` anything, ``x`` not X, ``o`` not O.
SHAPES = (
    ("XOX", "...", "???"),      # hane enclosing a stone
    ("XO.", "...", "?.?"),      # hane that does not cut
    ("XO?", "X..", "x.?"),      # magari: turning round a stone
    (".O.", "X..", "..."),      # diagonal attachment
    ("XO?", "O.o", "?o?"),      # cut, unprotected
    ("XO?", "O.X", "???"),      # cut while peeping
    ("?X?", "O.O", "ooo"),      # pushing through (de)
    ("OX?", "o.O", "???"),      # cutting a knight's move
    ("X.?", "O.?", "###"),      # on the edge: chasing
    ("OX?", "X.O", "###"),      # on the edge: blocking the cut
    ("?X?", "x.O", "###"),      # on the edge: blocking the connection
    ("?XO", "x.x", "###"),      # on the edge: sagari
    ("?OX", "X.O", "###"),      # on the edge: cutting
)
# the eight neighbours of a point in code order: row above, the sides, row below
_RING = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))


def pattern_table():
    """A bool per 3 x 3 neighbourhood code (two bits per neighbour in
    ``_RING`` order: EMPTY, BLACK, WHITE, BORDER): does it match a shape,
    in any rotation or reflection and with the colours either way round?"""
    import itertools
    allowed = {".": (EMPTY,), "#": (BORDER,), "?": (EMPTY, BLACK, WHITE, BORDER)}
    table = np.zeros(1 << 16, np.bool_)
    for shape in SHAPES:
        grids = []
        g = [list(row) for row in shape]
        for _ in range(4):
            g = [list(r) for r in zip(*g[::-1])]              # a quarter turn
            grids.append(g)
            grids.append([r[::-1] for r in g])                 # and its mirror
        for grid in grids:
            for x, o in ((BLACK, WHITE), (WHITE, BLACK)):
                opts = []
                for r, c in _RING:
                    ch = grid[r][c]
                    if ch == "X":
                        opts.append((x,))
                    elif ch == "O":
                        opts.append((o,))
                    elif ch == "x":
                        opts.append((EMPTY, o, BORDER))
                    elif ch == "o":
                        opts.append((EMPTY, x, BORDER))
                    else:
                        opts.append(allowed[ch])
                for combo in itertools.product(*opts):
                    code = 0
                    for i, v in enumerate(combo):
                        code |= v << (2 * i)
                    table[code] = True
    return table


# -- board ----------------------------------------------------------------------------

@njit(cache=True)
def new_board(size):
    W = size + 2
    N = W * W
    color = np.full(N, BORDER, np.int8)
    for r in range(size):
        for c in range(size):
            color[(r + 1) * W + c + 1] = EMPTY
    group = np.zeros(N, np.int32)
    nxt = np.zeros(N, np.int32)
    gsize = np.zeros(N, np.int32)
    plib = np.zeros(N, np.int32)
    lsum = np.zeros(N, np.int64)
    lsum2 = np.zeros(N, np.int64)
    empties = np.zeros(N, np.int32)
    where = np.full(N, -1, np.int32)
    n = 0
    for p in range(N):
        if color[p] == EMPTY:
            empties[n] = p
            where[p] = n
            n += 1
    # info: [size, W, ko, n_empty, last move, passes in a row]
    info = np.zeros(6, np.int64)
    info[0] = size
    info[1] = W
    info[3] = n
    return color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info


@njit(cache=True)
def _add_lib(plib, lsum, lsum2, g, p):
    plib[g] += 1
    lsum[g] += p
    lsum2[g] += p * p


@njit(cache=True)
def _del_lib(plib, lsum, lsum2, g, p):
    plib[g] -= 1
    lsum[g] -= p
    lsum2[g] -= p * p


@njit(cache=True)
def in_atari(plib, lsum, lsum2, g):
    return plib[g] > 0 and plib[g] * lsum2[g] == lsum[g] * lsum[g]


@njit(cache=True)
def is_legal(color, group, plib, lsum, lsum2, info, p, c):
    if color[p] != EMPTY or p == info[2]:
        return False
    W = info[1]
    for q in (p - 1, p + 1, p - W, p + W):
        x = color[q]
        if x == EMPTY:
            return True
        if x == BORDER:
            continue
        g = group[q]
        if x == c:
            if not in_atari(plib, lsum, lsum2, g):
                return True
        elif in_atari(plib, lsum, lsum2, g):
            return True
    return False


@njit(cache=True)
def is_eye(color, info, p, c):
    """``p`` is an eye of ``c``: all neighbours its stones or the edge, and
    at most one enemy diagonal (none at the edge)."""
    W = info[1]
    edge = 0
    for q in (p - 1, p + 1, p - W, p + W):
        x = color[q]
        if x == BORDER:
            edge = 1
        elif x != c:
            return False
    opp = 3 - c
    bad = 0
    for q in (p - W - 1, p - W + 1, p + W - 1, p + W + 1):
        if color[q] == opp:
            bad += 1
    if edge:
        return bad == 0
    return bad <= 1


@njit(cache=True)
def play(color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info, p, c):
    """Put a stone of ``c`` on the legal point ``p``; returns stones taken."""
    W = info[1]
    opp = 3 - c
    # off the list of empty points
    i = where[p]
    n = info[3] - 1
    last = empties[n]
    empties[i] = last
    where[last] = i
    where[p] = -1
    info[3] = n
    color[p] = c
    group[p] = p
    nxt[p] = p
    gsize[p] = 1
    plib[p] = 0
    lsum[p] = 0
    lsum2[p] = 0
    for q in (p - 1, p + 1, p - W, p + W):
        x = color[q]
        if x == EMPTY:
            _add_lib(plib, lsum, lsum2, p, q)
        elif x == BLACK or x == WHITE:
            _del_lib(plib, lsum, lsum2, group[q], p)
    # join own groups (the smaller is relabelled)
    for q in (p - 1, p + 1, p - W, p + W):
        if color[q] == c:
            a = group[q]
            b = group[p]
            if a != b:
                if gsize[a] < gsize[b]:
                    a, b = b, a
                # relabel b into a
                s = b
                while True:
                    group[s] = a
                    s = nxt[s]
                    if s == b:
                        break
                na = nxt[a]
                nxt[a] = nxt[b]
                nxt[b] = na
                gsize[a] += gsize[b]
                plib[a] += plib[b]
                lsum[a] += lsum[b]
                lsum2[a] += lsum2[b]
    taken = 0
    taken_at = -1
    for q in (p - 1, p + 1, p - W, p + W):
        if color[q] == opp and plib[group[q]] == 0:
            g = group[q]
            s = g
            while True:
                color[s] = EMPTY
                s = nxt[s]
                if s == g:
                    break
            s = g
            while True:
                k = info[3]
                empties[k] = s
                where[s] = k
                info[3] = k + 1
                for t in (s - 1, s + 1, s - W, s + W):
                    if color[t] == BLACK or color[t] == WHITE:
                        _add_lib(plib, lsum, lsum2, group[t], s)
                taken += 1
                taken_at = s
                s2 = nxt[s]
                group[s] = 0
                s = s2
                if s == g:
                    break
    g = group[p]
    if taken == 1 and gsize[g] == 1 and in_atari(plib, lsum, lsum2, g):
        info[2] = taken_at
    else:
        info[2] = 0
    info[4] = p
    info[5] = 0
    return taken


@njit(cache=True)
def do_pass(info):
    info[2] = 0
    info[4] = PASS
    info[5] += 1


@njit(cache=True)
def area_score(color, info, komi):
    """31.4: black's score minus white's (stones, area by 31.2.4, komi)."""
    W = info[1]
    N = W * W
    seen = np.zeros(N, np.uint8)
    stack = np.zeros(N, np.int32)
    black = 0.0
    white = komi
    for p in range(N):
        x = color[p]
        if x == BLACK:
            black += 1
        elif x == WHITE:
            white += 1
        elif x == EMPTY and seen[p] == 0:
            touches = 0
            count = 0
            top = 0
            stack[top] = p
            top += 1
            seen[p] = 1
            while top > 0:
                top -= 1
                q = stack[top]
                count += 1
                for r in (q - 1, q + 1, q - W, q + W):
                    y = color[r]
                    if y == EMPTY:
                        if seen[r] == 0:
                            seen[r] = 1
                            stack[top] = r
                            top += 1
                    elif y != BORDER:
                        touches |= y
            if touches & WHITE == 0:
                black += count
            if touches & BLACK == 0:
                white += count
    return black - white


# -- playouts ---------------------------------------------------------------------------

@njit(cache=True)
def _self_atari(color, group, plib, lsum, lsum2, info, p, c):
    """Would a stone of ``c`` on ``p`` be left with one liberty, taking
    nothing?  An own group out of atari joining it is taken to bring a
    second liberty (a playout's rule of thumb, not exact)."""
    W = info[1]
    opp = 3 - c
    libs = 0
    first = -1
    for q in (p - 1, p + 1, p - W, p + W):
        x = color[q]
        lib = -1
        if x == EMPTY:
            lib = q
        elif x == c:
            g = group[q]
            if not in_atari(plib, lsum, lsum2, g):
                return False
            lib = lsum[g] // plib[g]
            if lib == p:
                lib = -1
        elif x == opp:
            if in_atari(plib, lsum, lsum2, group[q]):
                return False            # takes stones
        if lib >= 0 and lib != first:
            libs += 1
            if libs >= 2:
                return False
            first = lib
    return True


@njit(cache=True)
def neighbourhood(color, W, p):
    """The 3 x 3 code of ``p``'s neighbours (see ``pattern_table``)."""
    return (color[p - W - 1] | (color[p - W] << 2) | (color[p - W + 1] << 4)
            | (color[p - 1] << 6) | (color[p + 1] << 8) | (color[p + W - 1] << 10)
            | (color[p + W] << 12) | (color[p + W + 1] << 14))


@njit(cache=True)
def choose_playout_move(color, group, plib, lsum, lsum2, empties, where, info, c, pats):
    W = info[1]
    last = info[4]
    opp = 3 - c
    if last != PASS:
        # take an enemy group in atari next to the last move (or the last move's own)
        for q in (last, last - 1, last + 1, last - W, last + W):
            if color[q] == opp:
                g = group[q]
                if in_atari(plib, lsum, lsum2, g):
                    lib = lsum[g] // plib[g]
                    if is_legal(color, group, plib, lsum, lsum2, info, lib, c):
                        return lib
        # save an own group the last move put in atari
        for q in (last - 1, last + 1, last - W, last + W):
            if color[q] == c:
                g = group[q]
                if in_atari(plib, lsum, lsum2, g):
                    lib = lsum[g] // plib[g]
                    if is_legal(color, group, plib, lsum, lsum2, info, lib, c) and \
                            not _self_atari(color, group, plib, lsum, lsum2, info, lib, c):
                        return lib
        # a shape of MoGo's around the last move, chosen at random among those found
        found = 0
        pick = PASS
        for q in (last - W - 1, last - W, last - W + 1, last - 1, last + 1,
                  last + W - 1, last + W, last + W + 1):
            if color[q] == EMPTY and pats[neighbourhood(color, W, q)] and \
                    is_legal(color, group, plib, lsum, lsum2, info, q, c) and \
                    not _self_atari(color, group, plib, lsum, lsum2, info, q, c):
                found += 1
                if np.random.randint(0, found) == 0:
                    pick = q
        if pick != PASS:
            return pick
    n = info[3]
    while n > 0:
        i = np.random.randint(0, n)
        p = empties[i]
        if is_legal(color, group, plib, lsum, lsum2, info, p, c) and \
                not is_eye(color, info, p, c) and \
                not _self_atari(color, group, plib, lsum, lsum2, info, p, c):
            return p
        # move the rejected point out of the window (``where`` follows)
        n -= 1
        q = empties[n]
        empties[i] = q
        where[q] = i
        empties[n] = p
        where[p] = n
    return PASS


@njit(cache=True)
def playout(color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info, c, komi,
            moves, mcol, nmoves, max_moves, pats):
    """Play on from the board to two passes; record moves for AMAF.
    Returns black's margin and the new number of recorded moves."""
    count = 0
    while info[5] < 2 and count < max_moves:
        p = choose_playout_move(color, group, plib, lsum, lsum2, empties, where, info, c, pats)
        if p == PASS:
            do_pass(info)
        else:
            play(color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info, p, c)
            if nmoves < moves.shape[0]:
                moves[nmoves] = p
                mcol[nmoves] = c
                nmoves += 1
        c = 3 - c
        count += 1
    return area_score(color, info, komi), nmoves


# -- the tree -----------------------------------------------------------------------------

@njit(cache=True)
def _prior(color, group, plib, lsum, lsum2, info, p, c, pats):
    """Virtual (visits, wins) for a new child: an even game, nudged."""
    if p == PASS:
        return 10.0, 1.0
    size = info[0]
    W = info[1]
    r = p // W - 1
    col = p % W - 1
    line = min(min(r, col), min(size - 1 - r, size - 1 - col))
    v = 10.0
    w = 5.0
    opp = 3 - c
    for q in (p - 1, p + 1, p - W, p + W):
        if color[q] == opp and in_atari(plib, lsum, lsum2, group[q]):
            w += 4.0                                  # a capture
            v += 4.0
    if _self_atari(color, group, plib, lsum, lsum2, info, p, c):
        w -= 4.0
    elif pats[neighbourhood(color, W, p)]:
        w += 2.0
    if line == 0:
        w -= 1.5
    elif line == 2:
        w += 1.0
    if w < 0.0:
        w = 0.0
    return v, w


@njit(cache=True)
def search(root, size, komi, to_move, n_playouts, seed,
           tree_move, tree_first, tree_count, tree_n, tree_w, tree_an, tree_aw, tree_size,
           rave_k, expand_at, pats):
    """Run ``n_playouts`` simulations from the root board arrays ``root``
    (a tuple from ``new_board``), growing the tree in the given arrays.
    ``tree_size[0]`` is the number of nodes in use (node 0 the root).
    Returns the number of playouts made."""
    np.random.seed(seed)
    color0, group0, nxt0, gsize0, plib0, lsum0, lsum20, empties0, where0, info0 = root
    N = color0.shape[0]
    max_moves = 3 * size * size
    moves = np.zeros(max_moves + 64, np.int32)
    mcol = np.zeros(max_moves + 64, np.int8)
    path = np.zeros(256, np.int32)
    mstart = np.zeros(256, np.int32)       # recorded moves before the node at each depth
    seen = np.zeros(N, np.int8)
    cap = tree_move.shape[0]
    done = 0
    color = color0.copy()
    group = group0.copy()
    nxt = nxt0.copy()
    gsize = gsize0.copy()
    plib = plib0.copy()
    lsum = lsum0.copy()
    lsum2 = lsum20.copy()
    empties = empties0.copy()
    where = where0.copy()
    info = info0.copy()
    for _ in range(n_playouts):
        color[:] = color0
        group[:] = group0
        nxt[:] = nxt0
        gsize[:] = gsize0
        plib[:] = plib0
        lsum[:] = lsum0
        lsum2[:] = lsum20
        empties[:] = empties0
        where[:] = where0
        info[:] = info0
        node = 0
        depth = 0
        path[0] = 0
        nm = 0
        c = to_move
        terminal = False
        # descend
        while True:
            if tree_count[node] == 0:
                if tree_n[node] >= expand_at and tree_size[0] + size * size + 1 < cap:
                    # expand: every legal point and pass
                    first = tree_size[0]
                    k = 0
                    tree_move[first] = PASS
                    v, w = _prior(color, group, plib, lsum, lsum2, info, PASS, c, pats)
                    tree_n[first] = v
                    tree_w[first] = w
                    tree_an[first] = 0.0
                    tree_aw[first] = 0.0
                    tree_first[first] = 0
                    tree_count[first] = 0
                    k = 1
                    for j in range(info[3]):
                        p = empties[j]
                        if is_legal(color, group, plib, lsum, lsum2, info, p, c) and \
                                not is_eye(color, info, p, c):
                            v, w = _prior(color, group, plib, lsum, lsum2, info, p, c, pats)
                            ch = first + k
                            tree_move[ch] = p
                            tree_n[ch] = v
                            tree_w[ch] = w
                            tree_an[ch] = 0.0
                            tree_aw[ch] = 0.0
                            tree_first[ch] = 0
                            tree_count[ch] = 0
                            k += 1
                    tree_first[node] = first
                    tree_count[node] = k
                    tree_size[0] = first + k
                else:
                    break
            # select a child: RAVE-weighted value
            best = -1
            best_v = -1e9
            first = tree_first[node]
            for ch in range(first, first + tree_count[node]):
                n = tree_n[ch]
                an = tree_an[ch]
                q = tree_w[ch] / n if n > 0 else 0.5
                if an > 0:
                    beta = an / (an + n + n * an / rave_k)
                    q = (1.0 - beta) * q + beta * (tree_aw[ch] / an)
                if q > best_v:
                    best_v = q
                    best = ch
            node = best
            depth += 1
            path[depth] = node
            p = tree_move[node]
            if p == PASS:
                do_pass(info)
            else:
                play(color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info, p, c)
                moves[nm] = p
                mcol[nm] = c
                nm += 1
            mstart[depth] = nm
            c = 3 - c
            if info[5] >= 2:
                terminal = True
                break
            if depth >= 250:
                break
        if terminal:
            margin = area_score(color, info, komi)
        else:
            margin, nm = playout(color, group, nxt, gsize, plib, lsum, lsum2, empties, where,
                                 info, c, komi, moves, mcol, nm, max_moves, pats)
        winner = BLACK if margin > 0 else (WHITE if margin < 0 else 0)
        # back up: a node's wins are for the player who made its move
        mover = to_move
        for d in range(1, depth + 1):
            nd = path[d]
            tree_n[nd] += 1.0
            if winner == mover:
                tree_w[nd] += 1.0
            elif winner == 0:
                tree_w[nd] += 0.5
            mover = 3 - mover
        tree_n[0] += 1.0
        # AMAF: for each node on the path, its children whose point the
        # player to move there played first, later in this simulation
        mover = to_move
        for d in range(0, depth + 1):
            nd = path[d]
            if tree_count[nd] > 0:
                for j in range(mstart[d], nm):
                    p = moves[j]
                    if seen[p] == 0:
                        seen[p] = mcol[j]
                first = tree_first[nd]
                for ch in range(first, first + tree_count[nd]):
                    p = tree_move[ch]
                    if p != PASS and seen[p] == mover:
                        tree_an[ch] += 1.0
                        if winner == mover:
                            tree_aw[ch] += 1.0
                        elif winner == 0:
                            tree_aw[ch] += 0.5
                for j in range(mstart[d], nm):
                    seen[moves[j]] = 0
            mover = 3 - mover
        done += 1
    return done
