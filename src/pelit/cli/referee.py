"""``pelit referee GAME``: one scorekeeper enters everything for every player.

The outdoor referee games (``games/_referee.py``) are played on a field;
at the field one phone or laptop is often all there is.  This is
``pelit play`` with nobody's hand to hide and no bots: the prompt names who
enters now (a player's decision, such as a bid, or a fact from the field,
which seat 0 enters), the table is drawn as everyone sees it, and every
entry goes into the record.  ``undo`` takes back the last entry.
"""

from __future__ import annotations

from rich.text import Text

from ..core.errors import PelitError
from ..games._referee import FAMILY
from . import render
from .play import Session


class RefereeSession(Session):
    """A ``Session`` in which the person enters for every seat."""

    def __init__(self, game, names=None, **kwargs):
        if game.info.family != FAMILY:
            raise PelitError(f"pelit referee keeps the score of the outdoor games "
                             f"({FAMILY}); {game.info.id} is played with pelit play")
        super().__init__(game, seat=0, bots=["random"], **kwargs)
        self.bots = {}
        if names is not None and len(names) != self.n:
            raise PelitError(f"{len(names)} names given for {self.n} players")
        self.names = list(names) if names else None

    def who(self) -> str:
        """Who enters now, for the prompt."""
        seat = self.state.to_act[0]
        if self.state.phase.name in self.game.fact_phases:
            return "what happened"
        name = f" ({self.names[seat]})" if self.names else ""
        return f"seat {seat}{name}"

    def draw(self):
        self._collect_new()
        view = self.game.view(self.state, None)        # the table as everyone sees it
        recent = self.since_prompt[-8:] if self.since_prompt else self._last_lines(4)
        self.console.print(render.table_renderable(self.game, view, self.names, recent,
                                                   memory=self.not_per_seat))
        legal = self.game.view(self.state, self.me)
        if legal["legal"]:
            line = Text.assemble((f"{self.who().capitalize()}: ", "bold"))
            line.append_text(render.legal_text(self.game, legal))
            self.console.print(line)

    def run(self) -> int:
        game, state = self.game, self.state
        self.console.print(Text.assemble(
            ("pelit referee ", "bold cyan"), (game.info.name, "bold"),
            f": enter what happens, for every seat ({self.n}); "
            "undo takes back the last entry, help lists the commands."))
        while state.outcome is None:
            self.me = state.to_act[0]
            self.draw()
            self.since_prompt = []
            try:
                line = self.input(f"[bold green]{self.who()}>[/] ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return self._leave("input ended", 1)
            if self._handle(line) == "quit":
                return self._leave("the scorekeeper left", 0)
        self._collect_new()
        self.me = None
        self.draw()
        for line in render.outcome_lines(game, state.outcome, None, self.names):
            self.console.print(line)
        self._save()
        return 0
