"""Double-dummy analysis of trick play: pelit's own solver (numba).

Given every hand (a *world* sampled from a seat's view, so the bot never
sees the real deal), the solver finds the exact value of each card the
player to move may play: what the searcher's side makes of the remaining
tricks when everybody plays perfectly with all cards in view.  Standard
bridge play goes to DDS (the endplay package, ``bots/search_dd.py``), which
is a hundred times faster on full hands; this solver is for the rules DDS
cannot express: a side that avoids tricks (Tuppi's nolo), three hands with
one player always last and his partner sitting out (Tuppi's sooli), ace low;
and, for the trick games still to be given double-dummy play, card points,
a bonus for the last trick and a duty to trump (each pinned by a
hand-worked ending in tests/bots/test_search_dd.py).

A problem (``TrickRules`` + a position):

- positions ``0..P-1`` (those sitting out left out), and who plays k-th to a
  trick each position leads (round the table, or with one player always
  last as in Tuppi's sooli); the winner of a trick leads the next;
- the positions on the searcher's side maximize, the others minimize, and a
  trick counts for the searcher when its winner is a *counting* position:
  its own side's in a game for tricks, the other side's in a game to avoid
  them (a dummy is just a position of its side);
- card ids below 63 in up to four suits (``suit_of``), a strength per card
  (higher wins within a suit; ace low is a strength table), a trump suit or
  none; following suit is compulsory, and with ``must_trump`` a player who
  cannot follow must trump if he can;
- a trick is worth ``trick_points`` plus the ``points`` of its cards, and
  the last trick ``last_bonus`` more.

The search is alpha-beta over single cards (a loop over an explicit stack)
with

- equivalent cards merged: two cards of one hand in one suit with no card
  still in play (in a hand or on the table) between them, and with the same
  points, are one move;
- a transposition table at the start of each trick (the hands and the leader
  fix the rest of the play), keeping lower and upper bounds of the value and
  the best card; where only tricks count, hands are keyed by the ranks of
  their cards among those still in play, so positions alike but for the
  cards gone share an entry;
- quick tricks where only tricks count and the leader wants his own: his run of top cards in
  each suit are sure tricks (side suits only when no opponent can trump);
- move ordering: win cheaply when the trick is not already the side's,
  otherwise play low; lead high.

``values()`` gives each legal card's exact value (MTD(f): null-window probes
per card, sharing the table).  Everything is ints in numpy arrays; numba compiles it
once per install (``cache=True``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

TT_BITS = 18
TT_SIZE = 1 << TT_BITS
INF = 1 << 20

# the table: for each slot, the four hands and the leader it holds, its bounds
# and the generation (one per problem) that wrote it


@njit(cache=True)
def _slot(h0, h1, h2, h3, leader):
    # unsigned arithmetic throughout (numba turns int64 mixed with uint64 into floats)
    x = (np.uint64(h0) * np.uint64(0x9E3779B97F4A7C15)) \
        ^ (np.uint64(h1) * np.uint64(0xC2B2AE3D27D4EB4F)) \
        ^ (np.uint64(h2) * np.uint64(0x165667B19E3779F9)) \
        ^ (np.uint64(h3) * np.uint64(0x27D4EB2F165667C5)) \
        ^ (np.uint64(leader) * np.uint64(0x85EBCA77C2B2AE63))
    x ^= x >> np.uint64(29)
    x *= np.uint64(0x94D049BB133111EB)
    return np.int64(x >> np.uint64(64 - TT_BITS))


@njit(cache=True)
def _winner(tcard, tpos, n, suit_of, strength, trump):
    best = 0
    bsuit = suit_of[tcard[0]]
    for i in range(1, n):
        c = tcard[i]
        s = suit_of[c]
        if s == bsuit:
            if strength[c] > strength[tcard[best]]:
                best = i
        elif s == trump:
            best = i
            bsuit = s
    return tpos[best]


@njit(cache=True)
def _legal(hand, lead_card, tn, suit_of, suit_mask, trump, must_trump):
    if tn == 0:
        return hand
    same = hand & suit_mask[suit_of[lead_card]]
    if same:
        return same
    if must_trump and trump >= 0:
        t = hand & suit_mask[trump]
        if t:
            return t
    return hand


@njit(cache=True)
def _moves(h, pos, P, legal, tc, tp, tn, maxer, suit_of, strength, points, suit_order,
           suit_len, trump, out, keys, first):
    """The representative cards of ``legal`` for the player at ``pos``, in
    the order to try them (``first``, a card from the table, leads the
    list when it is one of them); returns how many were written to ``out``."""
    alive = 0
    for p in range(P):
        alive |= h[p]
    for i in range(tn):
        alive |= np.int64(1) << tc[i]
    mine = h[pos]
    n = 0
    win_side = -1
    win_card = -1
    if tn > 0:
        w = _winner(tc, tp, tn, suit_of, strength, trump)
        win_side = maxer[w]
        for i in range(tn):
            if tp[i] == w:
                win_card = tc[i]
    last = tn == P - 1
    for s in range(4):
        prev_mine = False
        prev_points = -1
        for k in range(suit_len[s] - 1, -1, -1):     # strongest first
            c = suit_order[s, k]
            b = np.int64(1) << c
            if not (alive & b):
                continue
            if mine & b:
                if not (legal & b):
                    prev_mine = False
                    continue
                if prev_mine and points[c] == prev_points:
                    continue                           # the same as the card above it
                prev_mine = True
                prev_points = points[c]
                if c == first:
                    key = -1 << 30
                elif tn == 0:
                    key = -strength[c] * 4 - points[c]
                else:
                    beats = False
                    if suit_of[c] == suit_of[win_card]:
                        beats = strength[c] > strength[win_card]
                    elif suit_of[c] == trump:
                        beats = True
                    if win_side == maxer[pos]:
                        key = strength[c] * 4 - (points[c] * 8 if last else 0) \
                            + (4096 if beats else 0)
                    elif beats:
                        key = -4096 + strength[c] * 4 - (points[c] * 8 if last else 0) \
                            + (0 if suit_of[c] != trump else 1024)
                    else:
                        key = strength[c] * 4 + points[c] * 8
                out[n] = c
                keys[n] = key
                n += 1
            else:
                prev_mine = False
    for i in range(1, n):
        c = out[i]
        k = keys[i]
        j = i - 1
        while j >= 0 and keys[j] > k:
            out[j + 1] = out[j]
            keys[j + 1] = keys[j]
            j -= 1
        out[j + 1] = c
        keys[j + 1] = k
    return n


@njit(cache=True)
def _quick_tricks(h, P, leader, suit_order, suit_len, trump):
    """Tricks the leader surely takes by leading his own top cards: the run
    of highest cards still in play that he holds in each suit (in a trump
    game, side suits only when nobody else holds a trump: a partner's ruff
    need not count as his trick)."""
    alive = 0
    for p in range(P):
        alive |= h[p]
    mine = h[leader]
    opp_trumps = False
    if trump >= 0:
        tmask = 0
        for k in range(suit_len[trump]):
            tmask |= np.int64(1) << suit_order[trump, k]
        for p in range(P):
            if p != leader and (h[p] & tmask):
                opp_trumps = True
    q = 0
    for s in range(4):
        if trump >= 0 and s != trump and opp_trumps:
            continue
        for k in range(suit_len[s] - 1, -1, -1):
            b = np.int64(1) << suit_order[s, k]
            if not (alive & b):
                continue
            if mine & b:
                q += 1
            else:
                break
    return q


@njit(cache=True)
def _key(h, P, alive, suit_order, suit_len, pointless, rel):
    """The table's key of a position at the start of a trick: the hands
    themselves, or where only tricks count their cards by rank among the
    cards still in play (positions alike but for cards gone are one)."""
    for p in range(4):
        rel[p] = h[p] if p < P else 0
    if not pointless:
        return
    for p in range(4):
        rel[p] = 0
    for s in range(4):
        r = 0
        for k in range(suit_len[s]):
            c = suit_order[s, k]
            b = np.int64(1) << c
            if alive & b:
                for p in range(P):
                    if h[p] & b:
                        rel[p] |= np.int64(1) << (s * 16 + r)
                        break
                r += 1


MAXD = 64


@njit(cache=True)
def _search(h, P, leader0, tc, tp, lv0, tn0, alpha0, beta0, maxer, counts, order, suit_of, suit_mask,
            strength, points, suit_order, suit_len, trump, must_trump, trick_points,
            last_bonus, pointless, tt_keys, tt_lo, tt_hi, tt_move, tt_gen, gen, mv, mk, count):
    """The searcher's value of the rest of the play from a position (the
    trick of level ``lv0`` with ``tn0`` cards on it), fail-soft within
    (alpha0, beta0): alpha-beta written as a loop over an explicit stack
    (numba caches it; it would not cache a recursive one).  ``tc``/``tp``
    hold the cards and positions of each trick level, ``mv``/``mk`` the move
    lists of each depth."""
    f_leader = np.empty(MAXD, np.int64)
    f_tn = np.empty(MAXD, np.int64)
    f_lv = np.empty(MAXD, np.int64)
    f_alpha = np.empty(MAXD, np.int64)
    f_beta = np.empty(MAXD, np.int64)
    f_a0 = np.empty(MAXD, np.int64)
    f_b0 = np.empty(MAXD, np.int64)
    f_best = np.empty(MAXD, np.int64)
    f_card = np.empty(MAXD, np.int64)
    f_nm = np.empty(MAXD, np.int64)
    f_i = np.empty(MAXD, np.int64)
    f_pos = np.empty(MAXD, np.int64)
    f_slot = np.empty(MAXD, np.int64)
    f_gain = np.empty(MAXD, np.int64)
    f_key = np.empty((MAXD, 4), np.int64)
    rel = np.empty(4, np.int64)
    d = 0
    f_leader[0] = leader0
    f_tn[0] = tn0
    f_lv[0] = lv0
    f_alpha[0] = alpha0
    f_beta[0] = beta0
    f_gain[0] = 0
    ENTER, NEXT, RETURN = 0, 1, 2
    status = ENTER
    r = 0
    while True:
        if status == ENTER:
            count[0] += 1
            leader = f_leader[d]
            tn = f_tn[d]
            lv = f_lv[d]
            alpha = f_alpha[d]
            beta = f_beta[d]
            first = -1
            f_slot[d] = -1
            done = False
            if tn == 0:
                alive = 0
                for p in range(P):
                    alive |= h[p]
                if alive == 0:
                    r = 0
                    done = True
                else:
                    cards = 0
                    x = alive
                    while x:
                        x &= x - 1
                        cards += 1
                    tricks = cards // P
                    # the quick tricks bound the value when the leader wants
                    # his own tricks (he takes them if it suits him)
                    if pointless and counts[leader] == maxer[leader]:
                        most = tricks * trick_points + last_bonus
                        q = _quick_tricks(h, P, leader, suit_order, suit_len, trump)
                        if counts[leader]:
                            low = q * trick_points + (last_bonus if q == tricks else 0)
                            if low >= beta:
                                r = low
                                done = True
                            elif low > alpha:
                                alpha = low
                        else:
                            most -= q * trick_points + (last_bonus if q == tricks else 0)
                        if not done:
                            if most <= alpha:
                                r = most
                                done = True
                            elif most < beta:
                                beta = most
                    if not done:
                        _key(h, P, alive, suit_order, suit_len, pointless, rel)
                        for p in range(4):
                            f_key[d, p] = rel[p]
                        slot = _slot(rel[0], rel[1], rel[2], rel[3], leader)
                        f_slot[d] = slot
                        if tt_gen[slot] == gen and tt_keys[slot, 0] == rel[0] \
                                and tt_keys[slot, 1] == rel[1] and tt_keys[slot, 2] == rel[2] \
                                and tt_keys[slot, 3] == rel[3] and tt_keys[slot, 4] == leader:
                            lo = tt_lo[slot]
                            hi = tt_hi[slot]
                            if lo >= beta:
                                r = lo
                                done = True
                            elif hi <= alpha:
                                r = hi
                                done = True
                            else:
                                if lo > alpha:
                                    alpha = lo
                                if hi < beta:
                                    beta = hi
                                first = tt_move[slot]
            if done:
                status = RETURN
                continue
            f_alpha[d] = alpha
            f_beta[d] = beta
            f_a0[d] = alpha
            f_b0[d] = beta
            pos = order[leader, tn]
            f_pos[d] = pos
            legal = _legal(h[pos], tc[lv, 0], tn, suit_of, suit_mask, trump, must_trump)
            f_nm[d] = _moves(h, pos, P, legal, tc[lv], tp[lv], tn, maxer, suit_of, strength,
                             points, suit_order, suit_len, trump, mv[d], mk[d], first)
            f_i[d] = 0
            f_best[d] = -INF if maxer[pos] else INF
            f_card[d] = -1
            status = NEXT
        elif status == NEXT:
            if f_i[d] < f_nm[d] and f_alpha[d] < f_beta[d]:
                c = mv[d, f_i[d]]
                f_i[d] += 1
                pos = f_pos[d]
                lv = f_lv[d]
                tn = f_tn[d]
                h[pos] ^= np.int64(1) << c
                tc[lv, tn] = c
                tp[lv, tn] = pos
                if tn + 1 == P:
                    w = _winner(tc[lv], tp[lv], P, suit_of, strength, trump)
                    gain = 0
                    if counts[w]:
                        gain = trick_points
                        for j in range(P):
                            gain += points[tc[lv, j]]
                        rest = 0
                        for p in range(P):
                            rest |= h[p]
                        if rest == 0:
                            gain += last_bonus
                    f_leader[d + 1] = w
                    f_tn[d + 1] = 0
                    f_lv[d + 1] = lv + 1
                    f_alpha[d + 1] = f_alpha[d] - gain
                    f_beta[d + 1] = f_beta[d] - gain
                    f_gain[d + 1] = gain
                else:
                    f_leader[d + 1] = f_leader[d]
                    f_tn[d + 1] = tn + 1
                    f_lv[d + 1] = lv
                    f_alpha[d + 1] = f_alpha[d]
                    f_beta[d + 1] = f_beta[d]
                    f_gain[d + 1] = 0
                d += 1
                status = ENTER
            else:
                best = f_best[d]
                slot = f_slot[d]
                if slot >= 0:
                    if not (tt_gen[slot] == gen and tt_keys[slot, 0] == f_key[d, 0]
                            and tt_keys[slot, 1] == f_key[d, 1]
                            and tt_keys[slot, 2] == f_key[d, 2]
                            and tt_keys[slot, 3] == f_key[d, 3]
                            and tt_keys[slot, 4] == f_leader[d]):
                        tt_gen[slot] = gen
                        for p in range(4):
                            tt_keys[slot, p] = f_key[d, p]
                        tt_keys[slot, 4] = f_leader[d]
                        tt_lo[slot] = -INF
                        tt_hi[slot] = INF
                    tt_move[slot] = f_card[d]
                    if best <= f_a0[d]:
                        if best < tt_hi[slot]:
                            tt_hi[slot] = best
                    elif best >= f_b0[d]:
                        if best > tt_lo[slot]:
                            tt_lo[slot] = best
                    else:
                        tt_lo[slot] = best
                        tt_hi[slot] = best
                r = best
                status = RETURN
        else:                                   # RETURN: r is frame d's value
            if d == 0:
                return r
            v = r + f_gain[d]
            d -= 1
            c = mv[d, f_i[d] - 1]
            h[f_pos[d]] ^= np.int64(1) << c
            if maxer[f_pos[d]]:
                if v > f_best[d]:
                    f_best[d] = v
                    f_card[d] = c
                if v > f_alpha[d]:
                    f_alpha[d] = v
            else:
                if v < f_best[d]:
                    f_best[d] = v
                    f_card[d] = c
                if v < f_beta[d]:
                    f_beta[d] = v
            status = NEXT


@njit(cache=True)
def _values(h, P, leader, tc, tp, tn, maxer, counts, order, suit_of, suit_mask, strength, points,
            suit_order, suit_len, trump, must_trump, trick_points, last_bonus, pointless,
            tt_keys, tt_lo, tt_hi, tt_move, tt_gen, gen, cards, out, count):
    """The searcher's exact value of each of ``cards`` played now by the
    position to move, each found by MTD(f): null-window probes that close
    in on it from the last card's value, the table keeping their bounds."""
    pos = order[leader, tn]
    mv = np.zeros((MAXD, 20), np.int64)
    mk = np.zeros((MAXD, 20), np.int64)
    guess = 0
    for i in range(len(cards)):
        c = cards[i]
        b = np.int64(1) << c
        h[pos] ^= b
        tc[0, tn] = c
        tp[0, tn] = pos
        gain = 0
        w = leader
        if tn + 1 == P:
            w = _winner(tc[0], tp[0], P, suit_of, strength, trump)
            if counts[w]:
                gain = trick_points
                for j in range(P):
                    gain += points[tc[0, j]]
                rest = 0
                for p in range(P):
                    rest |= h[p]
                if rest == 0:
                    gain += last_bonus
        lower = -INF
        upper = INF
        g = guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            if tn + 1 == P:
                g = gain + _search(h, P, w, tc, tp, 1, 0, beta - 1 - gain, beta - gain, maxer, counts, order,
                                   suit_of, suit_mask, strength, points, suit_order, suit_len,
                                   trump, must_trump, trick_points, last_bonus, pointless,
                                   tt_keys, tt_lo, tt_hi, tt_move, tt_gen, gen, mv, mk, count)
            else:
                g = _search(h, P, leader, tc, tp, 0, tn + 1, beta - 1, beta, maxer, counts, order, suit_of,
                            suit_mask, strength, points, suit_order, suit_len, trump,
                            must_trump, trick_points, last_bonus, pointless, tt_keys, tt_lo,
                            tt_hi, tt_move, tt_gen, gen, mv, mk, count)
            if g < beta:
                upper = g
            else:
                lower = g
        h[pos] ^= b
        out[i] = g
        guess = g


class TrickRules:
    """The card tables of one trick game: which suit each card id is, its
    strength, its points, the trump suit (None: no trump) and the duties."""

    def __init__(self, suit_of, strength, points=None, trump=None, must_trump=False,
                 trick_points=1, last_bonus=0):
        size = len(suit_of)
        if size > 63:
            raise ValueError("the solver takes card ids below 63")
        self.suit_of = np.asarray(suit_of, np.int64)
        self.strength = np.asarray(strength, np.int64)
        self.points = np.zeros(size, np.int64) if points is None else np.asarray(points, np.int64)
        self.suit_mask = np.zeros(4, np.int64)
        order = np.zeros((4, 64), np.int64)
        lengths = np.zeros(4, np.int64)
        for s in range(4):
            cards = sorted((c for c in range(size) if suit_of[c] == s), key=lambda c: strength[c])
            for k, c in enumerate(cards):
                order[s, k] = c
                self.suit_mask[s] |= 1 << c
            lengths[s] = len(cards)
        self.suit_order = order
        self.suit_len = lengths
        self.trump = -1 if trump is None else int(trump)
        self.must_trump = bool(must_trump)
        self.trick_points = int(trick_points)
        self.last_bonus = int(last_bonus)
        # only tricks count: the quick-trick bounds apply
        self.pointless = not self.points.any()


class Solver:
    """Keeps the transposition table between problems (a new generation for
    each, so nothing need be cleared)."""

    def __init__(self):
        self.tt_keys = np.zeros((TT_SIZE, 5), np.int64)
        self.tt_lo = np.zeros(TT_SIZE, np.int64)
        self.tt_hi = np.zeros(TT_SIZE, np.int64)
        self.tt_move = np.zeros(TT_SIZE, np.int64)
        self.tt_gen = np.zeros(TT_SIZE, np.int64)
        self.gen = 0
        self.nodes = 0

    def values(self, rules: TrickRules, hands, maximizing, counting, leader: int, trick,
               cards, order=None) -> list[int]:
        """The value of each of ``cards`` played now by the position to move.
        ``hands``: the masks of the positions; ``maximizing``: the positions
        on the searcher's side; ``counting``: the positions whose tricks are
        good for that side (its own, or in a game to avoid tricks the
        others'); ``leader``: the position that led (or leads) the trick;
        ``trick``: the cards already on it, in order; ``order``: who plays
        k-th when each position leads (default: round the table)."""
        P = len(hands)
        h = np.array(list(hands) + [0] * (4 - P), np.int64)
        if order is None:
            order = [[(lead + k) % P for k in range(P)] for lead in range(P)]
        order = np.array(order, np.int64)
        tc = np.zeros((16, 4), np.int64)
        tp = np.zeros((16, 4), np.int64)
        for i, c in enumerate(trick):
            tc[0, i] = c
            tp[0, i] = order[leader, i]
        self.gen += 1
        out = np.zeros(len(cards), np.int64)
        count = np.zeros(1, np.int64)
        _values(h, P, leader, tc, tp, len(trick), np.array(maximizing, np.int64),
                np.array(counting, np.int64), order, rules.suit_of, rules.suit_mask,
                rules.strength, rules.points, rules.suit_order, rules.suit_len, rules.trump,
                rules.must_trump, rules.trick_points, rules.last_bonus, rules.pointless,
                self.tt_keys, self.tt_lo, self.tt_hi, self.tt_move, self.tt_gen, self.gen,
                np.array(cards, np.int64), out, count)
        self.nodes += int(count[0])
        return [int(x) for x in out]
