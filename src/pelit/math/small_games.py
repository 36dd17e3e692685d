"""Problems 4, 5 and 6 of seed 000 ch. 32, by exhaustive search for small n.

- Problem 4 (colouring a circle of ``2n`` points): ``circle`` searches every
  order of colouring (memoised on the set coloured so far: whether a loss
  has happened depends only on that set) for one that colours every point
  without two antipodal points ever being boundary points at once.  The
  book (ch. 33) says there is none.
- Problem 5 (sticks ``1..2n``, one a turn): ``sticks`` is minimax over the
  sets of sticks left, memoised; the book says the first player wins by
  ``n``, and that taking the longest stick is always best.
- Problem 6 (the first turn takes one stick, every later turn two, the last
  the one left): the same search with its turns; the book says the first
  player wins by one when ``n`` is odd and it is a draw when ``n`` is even.

Both stick searches also check the book's strategy: in every position
reached with optimal play or not (every set of sticks the turns can leave),
taking the longest stick (or two) is among the best moves.
"""

from __future__ import annotations

from functools import lru_cache


# -- problem 4 -------------------------------------------------------------------

def circle(n: int) -> dict:
    """Whether the 2n points can all be coloured without losing, how many
    sets of coloured points the search visited, and the most points any
    order colours before the loss."""
    size = 2 * n
    full = (1 << size) - 1

    def rotate(mask: int, by: int) -> int:
        by %= size
        return ((mask << by) | (mask >> (size - by))) & full

    def lost(coloured: int) -> bool:
        blank = full & ~coloured
        near_blank = rotate(blank, 1) | rotate(blank, -1)
        near_coloured = rotate(coloured, 1) | rotate(coloured, -1)
        boundary = (coloured & near_blank) | (blank & near_coloured)
        return boundary & rotate(boundary, n) != 0

    seen: dict[int, bool] = {}

    def can_win(coloured: int) -> bool:
        if coloured == full:
            return True
        got = seen.get(coloured)
        if got is not None:
            return got
        result = False
        for p in range(size):
            bit = 1 << p
            if coloured & bit:
                continue
            nxt = coloured | bit
            if not lost(nxt) and can_win(nxt):
                result = True
                break
        seen[coloured] = result
        return result

    wins = can_win(0)
    # every set visited was reached without losing: the most points coloured safely
    most = max((c.bit_count() for c in seen), default=0)
    return {"n": n, "points": size, "wins": wins, "positions": len(seen), "most_safe": most}


# -- problems 5 and 6 ------------------------------------------------------------

def sticks(n: int, pairs: bool) -> dict:
    """Optimal play of the stick game with sticks 1..2n: the first player's
    sum less the second's, and whether taking the longest stick(s) is a best
    move in every position the turns can reach.  ``pairs``: problem 6 (one
    stick on the very first turn, two on every later one)."""
    size = 2 * n
    full = (1 << size) - 1
    length = [i + 1 for i in range(size)]

    def takes(left: int, first_turn: bool) -> list[int]:
        """The masks of sticks a turn may take from ``left``."""
        cards = [i for i in range(size) if left >> i & 1]
        if not pairs or first_turn or len(cards) == 1:
            return [1 << i for i in cards]
        return [(1 << a) | (1 << b) for x, a in enumerate(cards) for b in cards[x + 1:]]

    def gain(taken: int) -> int:
        return sum(length[i] for i in range(size) if taken >> i & 1)

    @lru_cache(maxsize=None)
    def value(left: int, first_turn: bool) -> int:
        """The best (own sum - other's sum) for the player to move."""
        if not left:
            return 0
        return max(gain(t) - value(left & ~t, False) for t in takes(left, first_turn))

    def greedy(left: int, first_turn: bool) -> int:
        count = 1 if not pairs or first_turn or left.bit_count() == 1 else 2
        out = 0
        for i in range(size - 1, -1, -1):
            if left >> i & 1 and count:
                out |= 1 << i
                count -= 1
        return out

    margin = value(full, True)
    # every position the turns can leave: for problem 5 any set of sticks;
    # for problem 6 the sets left after the first turn have an odd size
    positions = 0
    greedy_best = True
    for left in range(1, full + 1):
        starts = [left == full] if pairs else [False]
        if pairs and left != full and left.bit_count() % 2 == 0:
            continue
        for first_turn in starts:
            positions += 1
            g = greedy(left, first_turn)
            if gain(g) - value(left & ~g, False) != value(left, first_turn):
                greedy_best = False
    return {"n": n, "sticks": size, "margin": margin, "greedy_best": greedy_best,
            "positions": positions}
