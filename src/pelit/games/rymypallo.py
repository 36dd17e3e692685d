"""Rymypallo: a ball game in deep snow, goals counted until the time is up.

Rule source: seed 000 ("My Games"), ch. 42 Rymypallo (line 2686): 42.1
Setup, 42.2 Game.  A referee game (``games/_referee.py``) between two teams:
each seat is a team (its captain's phone).  pelit keeps the goals and says
which team starts with the ball after each goal.

Entered facts: ``goal 0`` or ``goal 1`` (that team put the ball over the
other team's goal line), ``time`` (the agreed time is up).

Decisions where the seed is silent (pinned in tests/games/test_rymypallo.py):

- 42.2: the team of seat 0 has the ball near its own goal at the start.
- 42.2: the time is kept on a watch, not by pelit: ``time`` ends the game.
  More goals win; equal goals are a draw.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.actions import ActionSpace
from ..core.game import GameInfo, Outcome
from ..core.registry import register
from ._referee import FAMILY, SCOREKEEPER, RefereeGame, RefereeState


class Phase(enum.Enum):
    PLAY = 1           # facts: goals, the end of time


@dataclass(frozen=True)
class RymypalloOptions:
    pass


class RymypalloState(RefereeState):
    __slots__ = ("goals", "possession")

    def _copy_fields(self, new):
        new.goals = self.goals.copy()
        new.possession = self.possession


@register
class Rymypallo(RefereeGame):
    info = GameInfo(
        id="rymypallo", name="Rymypallo", min_seats=2, max_seats=2, family=FAMILY,
        source="000 ch. 42 Rymypallo (line 2686)", hidden=False, chance=True, zero_sum=True,
        summary=(
            "Two teams of around ten to twenty on a field of deep snow, a goal two metres "
            "wide at each end and a ball the size of a football. Anything goes with the "
            "ball (carry it, pass it, throw it at the goal); the player with the ball may "
            "be grappled, gently, and nobody else may be touched. A goal is the ball over "
            "the other team's goal line; after a goal the team that let it in starts with "
            "the ball near its own goal. The team with more goals when the agreed time is "
            "up wins. Each seat is a team: enter the goals and the end of time."),
        verbs=(("goal 0", "team 0 scored"), ("time", "the agreed time is up"),
               ("undo", "take back the last entry")),
    )
    Options = RymypalloOptions
    Phase = Phase
    State = RymypalloState
    render_hints = {"hide": ["entered", "possession"], "per_seat": ["goals"],
                    "seat_fields": ["team", "possession", "entered_by"]}

    def __init__(self):
        self.actions = ActionSpace()
        self.GOAL = self.actions.choice("goal", ["0", "1"])
        self.TIME = self.actions.verb("time")
        super().__init__()

    def _start(self, s):
        s.goals = [0, 0]
        s.possession = 0
        s.phase = Phase.PLAY
        s.to_act = SCOREKEEPER

    def _legal_play(self, s, seat):
        return [self.GOAL, self.GOAL + 1, self.TIME]

    def _apply_play(self, s, seat, action):
        if action == self.TIME:
            a, b = s.goals
            winners = () if a == b else ((0,) if a > b else (1,))
            reason = f"time is up at {a}-{b}: " + (
                "a draw" if not winners else f"team {winners[0]} wins")
            self.finish(s, Outcome((a, b), winners, reason))
            return
        team = action - self.GOAL
        s.goals[team] += 1
        s.possession = 1 - team
        s.log("goal", seat, team=team, goals=list(s.goals), possession=s.possession)

    def _referee_view(self, s, v):
        v["goals"] = list(s.goals)
        v["possession"] = s.possession

    def board_lines(self, v):
        a, b = v["goals"]
        return [f"Goals: Seat 0's team {a}, Seat 1's team {b}",
                f"Seat {v['possession']}'s team has the ball near its own goal"
                if a + b else "Seat 0's team starts with the ball near its own goal"]

    def describe(self, e):
        if e.get("kind") == "goal":
            return (f"Goal for team {e['team']}: {e['goals'][0]}-{e['goals'][1]}; team "
                    f"{e['possession']} starts with the ball")
        return NotImplemented
