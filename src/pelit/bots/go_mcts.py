"""A Monte Carlo tree search player of Beginners' Go (``--bots mcts``).

From the view alone (the board rows, the player to move, the ko point and
the passes so far) it builds the board of ``bots/_go_kernel.py`` and runs
playouts for a fixed time per move (``seconds``, default 1.5 s, under the 2
seconds a move it is measured at against GNU Go, tools/go_vs_gnugo.py), then
plays the most visited move of the root.  When the opponent has just passed
and the count as the board stands (31.4) is a win, it passes at once.  The search is compiled by numba
(a dependency of pelit); the first move of a fresh install compiles it
once (some seconds) and numba keeps the result in its cache.

Ties and randomness: the playouts draw from numba's generator, seeded from
``self.rng``, so a match with a given seed and a given number of playouts
per move replays; a time limit makes the number of playouts depend on the
machine.
"""

from __future__ import annotations

from ..core.errors import PelitError
from ..games.go import PASS as PASS_ACTION
from ..boards.go import GoBoard
from ..games.go import score, tables
from . import Bot, named_bot
from ._mcts_tree import reset_root, run_budget, tree_arrays

TREE_NODES = 2_000_000
BATCH = 128
RAVE_K = 3000.0
EXPAND_AT = 16.0          # visits (priors count 10) before a node grows children


def kernel():
    try:
        from . import _go_kernel
    except ImportError as exc:                       # numba missing
        raise PelitError(f"the mcts bot needs numba ({exc}); pip install numba") from None
    return _go_kernel


@named_bot("go", "mcts")
class GoMCTSBot(Bot):
    name = "mcts"
    thinks = True

    def __init__(self, game, seat, seed=0, seconds: float = 1.5, playouts: int | None = None):
        super().__init__(game, seat, seed)
        self.k = kernel()
        self.seconds = seconds
        self.playouts = playouts          # a fixed number instead of a time limit
        self.last_playouts = 0
        self._tree = None
        self.pats = _patterns(self.k)
        _warm_up(self.k, self.pats)

    def _arrays(self):
        if self._tree is None:
            self._tree = tree_arrays(TREE_NODES)
        return reset_root(self._tree, EXPAND_AT)

    def root(self, view):
        """The kernel's board arrays for the view's position."""
        k = self.k
        size = view["size"]
        t = tables(size)
        board = k.new_board(size)
        color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info = board
        for r, row in enumerate(view["board"]):
            for c, ch in enumerate(row):
                if ch != ".":
                    p = (r + 1) * (size + 2) + c + 1
                    k.play(color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info,
                           p, 1 if ch == "B" else 2)
        info[2] = 0
        for text in view.get("ko_banned", ()):
            info[2] = t.point[_action_of(self.game, text)]
        last = view.get("last_move")
        info[4] = t.point[_action_of(self.game, last)] if last and last != "pass" else 0
        info[5] = view.get("passes_in_a_row", 0)
        return board

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if view.get("passes_in_a_row") == 1 and self._wins_now(view):
            return PASS_ACTION             # the opponent passed and the count is ours: end it
        k = self.k
        board = self.root(view)
        colour = 1 if view["to_move"] == "black" else 2
        tree = self._arrays()
        move, first, count, n, w, an, aw, size = tree
        komi = float(view["komi"])
        self.last_playouts = run_budget(
            lambda batch: k.search(board, view["size"], komi, colour, batch,
                                   self.rng.getrandbits(31), move, first, count, n, w, an, aw,
                                   size, RAVE_K, EXPAND_AT, self.pats),
            BATCH, self.playouts, self.seconds)
        t = tables(view["size"])
        f, c = first[0], count[0]
        order = sorted(range(f, f + c), key=lambda ch: -n[ch])
        for ch in order:
            p = int(move[ch])
            a = PASS_ACTION if p == 0 else t.action[p]
            if a in legal:
                return a
        return legal[-1]


    @staticmethod
    def _wins_now(view) -> bool:
        """Would the game, ended now, be won by the player to move (31.4)?"""
        sc = score(GoBoard.from_rows(view["board"]), float(view["komi"]))
        margin = sc["black"] - sc["white"]
        return margin > 0 if view["to_move"] == "black" else margin < 0


_PATTERNS = None
_WARM = False


def _warm_up(k, pats):
    """One tiny search, so that loading (or first compiling) the kernel
    happens when the bot is made, not inside its first timed move."""
    global _WARM
    if _WARM:
        return
    tree = reset_root(tree_arrays(4096), EXPAND_AT)
    k.search(k.new_board(5), 5, 0.5, 1, 2, 1, *tree, RAVE_K, EXPAND_AT, pats)
    _WARM = True


def _patterns(k):
    global _PATTERNS
    if _PATTERNS is None:
        _PATTERNS = k.pattern_table()
    return _PATTERNS


def _action_of(game, text):
    return game.actions.parse(text)[0]
