"""The solver as a player of La Belle Lucie (games/_lucie_solver.py).

At each new layout (the deal, each redeal) it searches the layout once for a
win without a redeal, or else for the line that takes most cards home, and
plays that line move by move; if the view ever differs from what the line
expects, it searches again from there.  When its line is played out and
cards can still move (only burying builds are left), it searches again;
when nothing can move it redeals.  Chance enters only through the game's
redeals, so the bot draws nothing from ``self.rng``.
"""

from __future__ import annotations

from ..games import _lucie_solver as solver
from ..games.la_belle_lucie import BOT_LIMIT, REDEAL
from . import Bot, heuristic


def _key(view):
    return tuple(tuple(int(c) for c in fan) for fan in view["fans"])


@heuristic("la-belle-lucie")
class LucieBot(Bot):
    name = "solver"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.plan: list[int] = []
        self.expect = None             # the fans the plan's next move is meant for

    def choose(self, view):
        legal = view["legal"]
        if legal == [REDEAL]:
            self.plan = []
            return REDEAL
        if not self.plan or _key(view) != self.expect or self.plan[0] not in legal:
            sol = solver.solve(view["fans"], limit=BOT_LIMIT)
            self.plan = [card if kind == solver.HOME else 52 + card for kind, card in sol.moves]
            if not self.plan:
                self.plan = [legal[0]]
        action = self.plan.pop(0)
        self.expect = self._after(view, action)
        return action

    @staticmethod
    def _after(view, action):
        """The fans after ``action`` (and the aces that follow it)."""
        fans = [[int(c) for c in fan] for fan in view["fans"]]
        home = solver.home_counts(fans)
        card = action % 52
        solver.apply_move(fans, home, solver.HOME if action < 52 else solver.BUILD, card)
        return tuple(tuple(f) for f in fans)
