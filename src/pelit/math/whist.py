"""Problem 7 of seed 000 ch. 32: single-suit whist for two, solved exactly.

The pack is the cards 1..2n of one suit; each player holds n of them and
sees both hands.  The leader plays a card, the other player answers with
any card (there is only one suit), the higher card takes the trick and its
owner leads next.  Who takes more tricks when both play their best?  The
book leaves it open (ch. 33 has no solution); it was solved in the
literature by J. Wästlund, "A solution of two-person single-suit whist",
Electron. J. Combin. 12 (2005) #R43, with an efficient algorithm.  This
module does not use that algorithm: it computes every position by search,
so that its table is an independent check of any such theory.

**The search.**  Only the order of the cards matters, so a position is the
remaining cards relabelled 0..2k-1 from the lowest and written as a mask of
the leader's cards (``k`` ones among ``2k`` bits); the follower holds the
rest.  ``g(mask)`` is the number of the remaining ``k`` tricks the leader
can make against any defence:

    g(mask) = max over a lead p of  min over a reply q of
              1 + g(rest)            if p > q  (the leader keeps the lead)
              k - 1 - g(rest')       if q > p  (the follower leads the rest)

where ``rest`` is the mask without the two cards, and ``rest'`` the same
cards seen from the other player (its complement).  The table is built
bottom up, level ``k`` from level ``k - 1``, so every position is solved
once (memoisation by table).  Two symmetries cut the work without changing
any value: relabelling (positions of different cards in the same order are
one), and touching cards (cards of one hand with no card of the other in
between win and lose against exactly the same cards, so the search tries
one card per such run, for the lead and for the reply).  Within a level a
lead whose worst reply is no better than a lead already found is dropped
at once (a cut-off that never changes the maximum).

A level's masks are visited in increasing order (Gosper's next-subset
trick), which is their colex rank, so a level is stored as one byte per
rank; a child's rank is read from tables of eight bits at a time.

**What is checked on the way** (each conjecture of docs/MATH.md, over
every position of every level solved):

- *lead costs at most one trick*: for the same cards, a player makes
  either as many tricks or one trick fewer when he leads as when the
  other player leads;
- *two replies suffice*: against any lead, one of two replies is always a
  best one: the follower's lowest card, or his lowest card that beats the
  lead.  (Checked with the cut-off turned off, every reply evaluated.)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from math import comb

import numpy as np
from numba import njit

MAX_LEVEL = 16            # a mask of 2k bits fits the 32 bits of the rank tables


def _rank_tables() -> np.ndarray:
    """``T[chunk, ones_below, byte]``: the colex rank contribution of the set
    bits of one byte of a mask (bit ``b`` of chunk ``c`` is card ``8c + b``),
    given how many set bits lie below the byte."""
    table = np.zeros((4, 2 * MAX_LEVEL + 1, 256), dtype=np.int64)
    for chunk in range(4):
        for below in range(2 * MAX_LEVEL + 1):
            for byte in range(256):
                total, j = 0, below
                for b in range(8):
                    if byte >> b & 1:
                        total += comb(8 * chunk + b, j + 1)
                        j += 1
                table[chunk, below, byte] = total
    return table


RANKS = _rank_tables()


@njit(cache=True)
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def _rank(m, table):
    """The colex rank of a mask among the masks with as many set bits."""
    r = 0
    below = 0
    for chunk in range(4):
        byte = (m >> (8 * chunk)) & 255
        r += table[chunk, below, byte]
        below += _popcount(byte)
    return r


@njit(cache=True)
def _remove(m, p, q):
    """The mask without bits ``p`` and ``q``, the cards above closing the gaps."""
    hi = p if p > q else q
    lo = p + q - hi
    m = (m & ((1 << hi) - 1)) | ((m >> (hi + 1)) << hi)
    return (m & ((1 << lo) - 1)) | ((m >> (lo + 1)) << lo)


@njit(cache=True)
def _bit_index(t):
    p = 0
    while (t >> p) != 1:
        p += 1
    return p


@njit(cache=True)
def _after(prev, table, k, m, p, q):
    """The leader's tricks from here when he leads card ``p`` and the reply is ``q``."""
    c = _remove(m, p, q)
    if q > p:
        return (k - 1) - prev[_rank(((1 << (2 * k - 2)) - 1) ^ c, table)]
    return 1 + prev[_rank(c, table)]


@njit(cache=True)
def _solve_level(prev, table, k, check):
    """Every position with ``k`` cards in each hand, from level ``k - 1``.
    With ``check``, every reply is evaluated (no cut-off) and the positions
    where neither the lowest card nor the lowest winner is a best reply are
    counted."""
    out = np.empty(comb_int(2 * k, k), dtype=np.uint8)
    full = (1 << (2 * k)) - 1
    m = (1 << k) - 1
    i = 0
    misses = 0
    while True:
        f = full ^ m
        lead_runs = m & ~(m << 1)            # the lowest card of each run of the leader's
        reply_runs = f & ~(f << 1)
        lowest = _bit_index(f & -f)
        best = -1
        a = lead_runs
        while a:
            t = a & -a
            a ^= t
            p = _bit_index(t)
            worst = 255
            b = reply_runs
            while b:
                u = b & -b
                b ^= u
                v = _after(prev, table, k, m, p, _bit_index(u))
                if v < worst:
                    worst = v
                    if not check and worst <= best:
                        break
            if check:
                two = _after(prev, table, k, m, p, lowest)
                above = f >> (p + 1)
                if above:
                    v = _after(prev, table, k, m, p, p + 1 + _bit_index(above & -above))
                    if v < two:
                        two = v
                if two != worst:
                    misses += 1
            if worst > best:
                best = worst
        out[i] = best
        i += 1
        if i == out.shape[0]:
            break
        t = m & -m                           # Gosper: the next mask with k ones
        r = m + t
        m = (((r ^ m) >> 2) // t) | r
    return out, misses


@njit(cache=True)
def comb_int(n, k):
    r = 1
    for j in range(1, k + 1):
        r = r * (n - k + j) // j
    return r


@njit(cache=True)
def _structure(values, table, k):
    """Two counts over every position of level ``k``, each as [0, 1, other]:
    the tricks a player loses by leading rather than letting the other lead
    (same cards); and, for every card of the leader whose next higher card
    is the follower's, the tricks the leader gains when the two change hands."""
    lead = np.zeros(3, dtype=np.int64)
    gain = np.zeros(3, dtype=np.int64)
    full = (1 << (2 * k)) - 1
    m = (1 << k) - 1
    for i in range(values.shape[0]):
        own = np.int64(values[i])
        cost = (k - np.int64(values[_rank(full ^ m, table)])) - own
        lead[cost if 0 <= cost <= 1 else 2] += 1
        raisable = m & ~(m >> 1) & (full >> 1)       # a leader's card under a follower's
        while raisable:
            t = raisable & -raisable
            raisable ^= t
            d = np.int64(values[_rank(m ^ t ^ (t << 1), table)]) - own
            gain[d if 0 <= d <= 1 else 2] += 1
        if i + 1 < values.shape[0]:
            t = m & -m
            r = m + t
            m = (((r ^ m) >> 2) // t) | r
    return lead, gain


@dataclass
class Level:
    """The results for ``n`` cards in each hand."""

    n: int
    positions: int                       # leader's hands: C(2n, n)
    tricks: list[int]                    # how many positions give the leader 0, 1, ..., n tricks
    leader_wins: int
    draws: int
    follower_wins: int
    lead_cost: list[int]                 # positions where leading costs 0 tricks, 1 trick, other
    raise_gain: list[int]                # raised cards gaining the leader 0 tricks, 1, other
    reply_misses: int | None             # positions where the two replies fail (None: not checked)
    seconds: float
    values: np.ndarray = field(repr=False, default=None)

    def to_json(self) -> dict:
        return {"n": self.n, "positions": self.positions, "tricks": self.tricks,
                "leader_wins": self.leader_wins, "draws": self.draws,
                "follower_wins": self.follower_wins, "lead_cost": self.lead_cost,
                "raise_gain": self.raise_gain,
                "reply_misses": self.reply_misses, "seconds": round(self.seconds, 3)}


def solve(upto: int | None = None, seconds: float | None = None, check: bool = True,
          progress=None, keep_values: int = 12) -> list[Level]:
    """Solve every position level by level: up to ``upto`` cards a hand, or
    while the next level is expected to fit in ``seconds`` (each level takes
    about five times the one before).  ``check`` tests the two-replies
    conjecture on every position (slower: no cut-off).  ``progress(n)`` is
    called before each level.  The value arrays of levels up to
    ``keep_values`` are kept (for ``best_play``)."""
    if upto is None and seconds is None:
        raise ValueError("give upto or seconds")
    limit = MAX_LEVEL if upto is None else min(upto, MAX_LEVEL)
    start = time.perf_counter()
    prev = np.zeros(1, dtype=np.uint8)
    levels: list[Level] = []
    last = 0.0
    for k in range(1, limit + 1):
        if seconds is not None and levels:
            spent = time.perf_counter() - start
            if spent + max(last, 0.01) * 5 > seconds:
                break
        if progress is not None:
            progress(k)
        t0 = time.perf_counter()
        values, misses = _solve_level(prev, RANKS, k, check)
        costs, gains = _structure(values, RANKS, k)
        last = time.perf_counter() - t0
        tricks = np.bincount(values, minlength=k + 1).tolist()
        twice = 2 * np.arange(k + 1)
        levels.append(Level(
            n=k, positions=len(values), tricks=tricks,
            leader_wins=int(sum(c for c, t in zip(tricks, twice) if t > k)),
            draws=int(sum(c for c, t in zip(tricks, twice) if t == k)),
            follower_wins=int(sum(c for c, t in zip(tricks, twice) if t < k)),
            lead_cost=costs.tolist(), raise_gain=gains.tolist(), reply_misses=int(misses) if check else None,
            seconds=last, values=values if k <= keep_values else None))
        prev = values
    return levels


# The counts at the ends of the distribution of the leader's tricks
# (conjecture 4 of docs/MATH.md): (tricks as a function of n, the count as a
# function of n, the least n it is claimed for).
ENDS = (
    (lambda n: 0, lambda n: 2, 2),
    (lambda n: 1, lambda n: 10 * n - 17, 5),
    (lambda n: 2, lambda n: 28 * n * n - 152 * n + 204, 7),
    (lambda n: n, lambda n: 1, 1),
    (lambda n: n - 1, lambda n: 4 * (n - 1), 3),
    (lambda n: n - 2, lambda n: 10 * n * n - 38 * n + 34, 6),
)


def ends_misses(levels: list[Level]) -> list[tuple[int, int]]:
    """(n, tricks) where a count of conjecture 4 differs from the table."""
    out = []
    for lv in levels:
        for tricks, count, start in ENDS:
            if lv.n >= start and lv.tricks[tricks(lv.n)] != count(lv.n):
                out.append((lv.n, tricks(lv.n)))
    return out


# -- single deals ---------------------------------------------------------------------

def rank_of(mask: int) -> int:
    return int(_rank(mask, RANKS))


def parse_hand(text: str) -> list[int]:
    """Card numbers written with spaces or commas (``1 4 5`` or ``1,4,5``)."""
    from ..core.errors import PelitError
    words = text.replace(",", " ").split()
    try:
        cards = sorted({int(w) for w in words})
    except ValueError:
        raise PelitError(f"a hand is card numbers such as '1 4 5', not {text!r}") from None
    if not cards:
        raise PelitError("the hand is empty")
    n = len(cards)
    if len(words) != n:
        raise PelitError("a card appears twice in the hand")
    if cards[0] < 1 or cards[-1] > 2 * n:
        raise PelitError(f"with {n} cards in each hand the cards are 1..{2 * n}; "
                         f"{text!r} has a card outside")
    if n > 12:
        raise PelitError("one deal is analysed for up to 12 cards a hand")
    return cards


def positions_text(mask: int, k: int, mine: str = "L", other: str = "F") -> str:
    """A position as letters from the lowest card up: who holds each card."""
    return "".join(mine if mask >> i & 1 else other for i in range(2 * k))


def best_play(hand: list[int], leader_first: bool, levels: list[Level]) -> dict:
    """The value of one deal and a line of best play.  ``hand`` is the first
    player's cards (the second holds the rest of 1..2n); ``leader_first``
    says who leads.  At each trick the leader plays his lowest card among
    the best leads and the follower his lowest card among the best replies."""
    n = len(hand)
    cards = list(range(1, 2 * n + 1))
    owner = {c: (c in hand) for c in cards}      # True: the first player's card
    first_leads = leader_first
    tricks = [0, 0]
    plays = []
    values = {lv.n: lv.values for lv in levels}
    start_value = None
    while cards:
        k = len(cards) // 2
        lead_mask = sum(1 << i for i, c in enumerate(cards) if owner[c] == first_leads)
        value = _value(values, k, lead_mask)
        if start_value is None:
            start_value = value
        best_lead = None
        for i, c in enumerate(cards):
            if owner[c] != first_leads:
                continue
            if _lead_value(values, k, lead_mask, i) == value:
                best_lead = i
                break
        worst, reply = None, None
        for j, c in enumerate(cards):
            if owner[c] == first_leads:
                continue
            v = _reply_value(values, k, lead_mask, best_lead, j)
            if worst is None or v < worst:
                worst, reply = v, j
        led, answered = cards[best_lead], cards[reply]
        leader_takes = led > answered
        winner_is_first = first_leads if leader_takes else not first_leads
        tricks[0 if winner_is_first else 1] += 1
        plays.append({"lead": led, "reply": answered,
                      "leader": "first" if first_leads else "second",
                      "won_by": "first" if winner_is_first else "second"})
        cards.remove(led)
        cards.remove(answered)
        first_leads = winner_is_first
    return {"n": n, "first_hand": hand, "second_hand": [c for c in range(1, 2 * n + 1)
                                                        if c not in hand],
            "leader": "first" if leader_first else "second",
            "leader_tricks": start_value, "tricks": tricks, "plays": plays}


def _value(values, k, mask):
    return 0 if k == 0 else int(values[k][rank_of(mask)])


def _reply_value(values, k, mask, p, q):
    rest = int(_remove(mask, p, q))
    if q > p:
        return (k - 1) - _value(values, k - 1, ((1 << (2 * k - 2)) - 1) ^ rest)
    return 1 + _value(values, k - 1, rest)


def _lead_value(values, k, mask, p):
    full = (1 << (2 * k)) - 1
    return min(_reply_value(values, k, mask, p, q) for q in range(2 * k)
               if (full ^ mask) >> q & 1)


def reference_values(k: int) -> dict[int, int]:
    """The plain recursive search (every lead, every reply, a dictionary as
    the memo), for the tests to hold the table against: mask -> tricks."""
    memo: dict[tuple[int, int], int] = {}

    def g(mask: int, size: int) -> int:
        if size == 0:
            return 0
        key = (mask, size)
        if key in memo:
            return memo[key]
        full = (1 << (2 * size)) - 1
        best = -1
        for p in range(2 * size):
            if not mask >> p & 1:
                continue
            worst = size
            for q in range(2 * size):
                if mask >> q & 1:
                    continue
                rest = int(_remove(mask, p, q))
                if q > p:
                    v = (size - 1) - g(((1 << (2 * size - 2)) - 1) ^ rest, size - 1)
                else:
                    v = 1 + g(rest, size - 1)
                worst = min(worst, v)
            best = max(best, worst)
        memo[key] = best
        return best

    from itertools import combinations
    return {sum(1 << i for i in c): g(sum(1 << i for i in c), k)
            for c in combinations(range(2 * k), k)}
