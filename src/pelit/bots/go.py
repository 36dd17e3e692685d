"""A Go player that answers at once (Beginners' Go, seed 000 ch. 31).

It rebuilds the board from the view and scores every legal point by rules
of thumb that a beginner learns first, reading only the liberty masks of
the groups next to the point (no search):

- never fill its own eye (a point walled in by its own stones, with at most
  one enemy stone on its diagonals, none at the edge) and never play a
  stone that would be left in atari without capturing (self-atari);
- take stones: the more stones captured, the better;
- save its own groups in atari by a move that gives them two or more
  liberties, the bigger the group the sooner;
- put enemy groups in atari, and reduce liberties of weak enemy groups;
- otherwise prefer points with many liberties, near stones already on the
  board, off the first line, and the centre and the third line early on.

It passes when no point is left but its own eyes and self-ataris: by then
the game under 31.4 is decided by stones and area, and a stone more would
only fill its own area.  Ties go to chance (``self.rng``).
"""

from __future__ import annotations

from ..boards.go import BLACK, BORDER, EMPTY, WHITE, GoBoard
from ..games.go import PASS, tables
from . import Bot, heuristic


def is_own_eye(board: GoBoard, p: int, colour: int) -> bool:
    """``p`` is an eye of ``colour``: every neighbour its stone (or the
    edge), and of the diagonals at most one enemy stone (none at the edge)."""
    stones = board.stones
    W = board.geo.W
    edge = False
    for q in (p - W, p - 1, p + 1, p + W):
        s = stones[q]
        if s == BORDER:
            edge = True
        elif s != colour:
            return False
    opp = 3 - colour
    bad = 0
    for q in (p - W - 1, p - W + 1, p + W - 1, p + W + 1):
        if stones[q] == opp:
            bad += 1
    return bad == 0 if edge else bad <= 1


def group_size(board: GoBoard, root: int) -> int:
    return len(board.group(root))


@heuristic("go")
class GoBot(Bot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        board = GoBoard.from_rows(view["board"])
        colour = BLACK if view["to_move"] == "black" else WHITE
        t = tables(board.geo.size)
        moves_played = len(view["moves"])
        best, best_score = PASS, None
        for a in legal:
            if a == PASS:
                continue
            p = t.point[a]
            score = self.score(board, p, colour, moves_played)
            if score is None:
                continue
            score += self.rng.random()
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    @staticmethod
    def score(board: GoBoard, p: int, colour: int, moves_played: int):
        """How good a stone of ``colour`` on the legal point ``p`` looks; None
        for a point the bot never plays (its own eye, self-atari)."""
        if is_own_eye(board, p, colour):
            return None
        geo = board.geo
        stones = board.stones
        libs = board.libs
        find = board.find
        bit = geo.bit[p]
        new_libs = 0
        captured = 0
        saved = 0
        ataris = 0
        pressure = 0
        friends = enemies = 0
        seen = []
        for q in geo.nbrs[p]:
            s = stones[q]
            if s == EMPTY:
                new_libs |= geo.bit[q]
            elif s == BORDER:
                continue
            else:
                r = find(q)
                if r in seen:
                    continue
                seen.append(r)
                lib = libs[r]
                n = lib.bit_count()
                if s == colour:
                    friends += 1
                    new_libs |= lib
                    if n == 1:                       # in atari, its liberty is p
                        saved += group_size(board, r)
                else:
                    enemies += 1
                    if lib == bit:
                        captured += group_size(board, r)
                    elif n == 2:
                        ataris += group_size(board, r)
                    elif n == 3:
                        pressure += 1
        new_libs &= ~bit
        n_libs = new_libs.bit_count()
        if captured == 0 and n_libs <= 1:
            return None                              # self-atari (or worse)
        score = 0.0
        score += 12.0 * captured
        if saved and n_libs >= 2:
            score += 8.0 * saved + 2 * n_libs
        score += 3.0 * ataris + 1.0 * pressure
        score += 0.5 * min(n_libs, 4)
        # where on the board
        size = geo.size
        i = geo.index_of[p]
        row, col = divmod(i, size)
        line = min(row, col, size - 1 - row, size - 1 - col)   # 0: the first line
        if line == 0:
            score -= 1.5
        elif line == 2 or (size <= 9 and line >= 2):
            score += 0.7
        if moves_played < 8 and size >= 7:
            score += 1.0 if line >= 2 else 0.0
        else:
            # stay in touch with the fight: points next to stones
            score += 0.6 * min(friends + enemies, 2)
        return score
