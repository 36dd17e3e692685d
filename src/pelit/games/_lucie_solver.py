"""A solver for one layout of La Belle Lucie (games/la_belle_lucie.py).

Within one layout nothing is left to chance, so "can this layout still be
won without another redeal?" has an exact answer, found by a depth-first
search over positions.  A position is the fans (cards bottom first, the last
card free); the foundations are every card not in a fan.  The moves are the
game's: a free card home (onto the foundation of its suit, one rank up) or
built onto the free card one rank higher of its suit; aces go home by
themselves as soon as they are free (the game's rule, 003 Rules of Play).

What keeps the search small (every move is for good: a card built onto its
successor can leave it only for its foundation, so positions never repeat
along a line):

- moves home are always made at once: a card on its foundation still takes
  the card below it, so no later move is lost;
- a *safe* build is made at once too: onto a king, onto a fan of one card,
  or onto a card that already lies on its own successor.  The card covered
  there could only ever go home, and only after the card put on it;
- every other build ("blocking": it buries the cards under its target)
  is a branch of the search; each position reached is remembered (by its
  fans, in any order) and searched once.

The search stops at the first win, or when every position is seen, or at a
limit of positions; it returns whether a win was found, whether the answer
is proven (the whole tree searched), and the line that wins or, if none,
the line that takes most cards home before the layout is stuck (what a
player wants before a redeal: fewer cards to shuffle again).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards.deck import ACE, standard_deck

DECK = standard_deck("52")
HOME, BUILD = "home", "build"

SUIT = DECK.suit_of
RANK = tuple(1 if r == ACE else r for r in DECK.rank_of)          # ace low: 1..13
CARD = tuple(tuple(next(c for c in range(52) if SUIT[c] == s and RANK[c] == r)
                   if r else -1 for r in range(14)) for s in range(4))
SUCC = tuple(CARD[SUIT[c]][RANK[c] + 1] if RANK[c] < 13 else -1 for c in range(52))
PRED = tuple(CARD[SUIT[c]][RANK[c] - 1] if RANK[c] > 1 else -1 for c in range(52))
KING = 13


@dataclass
class Solution:
    won: bool                  # a win was found
    proven: bool               # the search saw every position: the answer is exact
    moves: list                # the line: (kind, card) pairs, kind HOME or BUILD
    home: int                  # cards home at the end of the line
    positions: int             # positions searched


def home_counts(fans) -> list[int]:
    """Cards home per suit, from the fans (every card not in a fan is home)."""
    counts = [13, 13, 13, 13]
    lowest = [14, 14, 14, 14]
    for fan in fans:
        for c in fan:
            s = SUIT[c]
            if RANK[c] < lowest[s]:
                lowest[s] = RANK[c]
    for s in range(4):
        counts[s] = lowest[s] - 1 if lowest[s] <= 13 else 13
    return counts


def free_aces(fans, home) -> list[int]:
    """Send free aces home, again and again (an ace going up frees the card
    below it); returns the aces moved."""
    moved = []
    again = True
    while again:
        again = False
        for fan in fans:
            if fan and RANK[fan[-1]] == 1:
                c = fan.pop()
                home[SUIT[c]] = 1
                moved.append(c)
                again = True
    return moved


def legal_moves(fans, home) -> list[tuple[str, int]]:
    """Every move of the position: (HOME, card) and (BUILD, card).  A card
    that can go home is not built on a fan (Rules of Play: a card moves to
    another fan "if it cannot be moved to a suit stack")."""
    tops = {fan[-1] for fan in fans if fan}
    out = []
    for fan in fans:
        if not fan:
            continue
        c = fan[-1]
        if home[SUIT[c]] == RANK[c] - 1:
            out.append((HOME, c))
        elif SUCC[c] in tops:
            out.append((BUILD, c))
    return out


def apply_move(fans, home, kind, card) -> None:
    """Make a move in place (it must be legal), then the automatic aces."""
    for fan in fans:
        if fan and fan[-1] == card:
            fan.pop()
            break
    if kind == HOME:
        home[SUIT[card]] += 1
    else:
        target = SUCC[card]
        for fan in fans:
            if fan and fan[-1] == target:
                fan.append(card)
                break
    free_aces(fans, home)


def _safe_move(fans, home):
    """A move home or a safe build, if the position has one."""
    where = {}
    for i, fan in enumerate(fans):
        if fan:
            where[fan[-1]] = i
    for fan in fans:
        if not fan:
            continue
        c = fan[-1]
        if home[SUIT[c]] == RANK[c] - 1:
            return HOME, c
        j = where.get(SUCC[c])
        if j is not None:
            target = fans[j]
            y = target[-1]
            if len(target) == 1 or RANK[y] == KING or target[-2] == SUCC[y]:
                return BUILD, c
    return None


class _Search:
    __slots__ = ("limit", "seen", "count", "best_home", "best_line", "won", "cut")

    def __init__(self, limit):
        self.limit = limit
        self.seen = set()
        self.count = 0
        self.best_home = -1
        self.best_line = []
        self.won = False
        self.cut = False

    def run(self, fans, home, line):
        # the sure moves first
        while True:
            move = _safe_move(fans, home)
            if move is None:
                break
            apply_move(fans, home, *move)
            line.append(move)
        total = home[0] + home[1] + home[2] + home[3]
        if total > self.best_home:
            self.best_home = total
            self.best_line = line.copy()
        if total == 52:
            self.won = True
            return
        key = tuple(sorted(tuple(f) for f in fans if f))
        if key in self.seen:
            return
        self.seen.add(key)
        self.count += 1
        if self.count > self.limit:
            self.cut = True
            return
        for move in legal_moves(fans, home):
            child = [f.copy() for f in fans]
            child_home = home.copy()
            apply_move(child, child_home, *move)
            n = len(line)
            line.append(move)
            self.run(child, child_home, line)
            if self.won or self.cut:
                return
            del line[n:]


def solve(fans, limit: int = 20_000) -> Solution:
    """Search the layout ``fans`` (lists of card ids, bottom first; cards in
    no fan are home) for a win without a redeal; at most ``limit``
    positions.  Free aces on top of fans are sent home first, as the game
    does."""
    fans = [[int(c) for c in f] for f in fans]
    home = home_counts(fans)
    free_aces(fans, home)
    search = _Search(limit)
    search.run(fans, home, [])
    line = search.best_line
    return Solution(won=search.won, proven=search.won or not search.cut, moves=line,
                    home=search.best_home, positions=search.count)
