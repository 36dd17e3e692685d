"""Totem Tennis: winding a ball on a string round a pole, first to ten.

Rule source: seed 000 ("My Games"), ch. 37 Totem Tennis (line 2603): 37.1
Equipment, 37.2 Game.  A referee game (``games/_referee.py``): pelit keeps
the points and says who serves each rally.

Entered facts: ``point 0`` or ``point 1``, the player who wound the string
all the way round the pole (the rally is over).

Decisions where the seed is silent (pinned in tests/games/test_totem_tennis.py):

- 37.2: seat 0 hits the ball clockwise and seat 1 anticlockwise; seat 0
  serves the first rally, and the serve alternates every rally whoever won
  the last one.
- 37.2: the first to ``target`` points (10) wins at once.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.actions import ActionSpace
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._referee import FAMILY, SCOREKEEPER, RefereeGame, RefereeState

DIRECTIONS = ("clockwise", "anticlockwise")


class Phase(enum.Enum):
    RALLY = 1          # fact: who won the rally


@dataclass(frozen=True)
class TotemTennisOptions:
    target: int = option(10, "points that win the game (37.2)", min=1, max=99)


class TotemTennisState(RefereeState):
    __slots__ = ("points", "rally", "server")

    def _copy_fields(self, new):
        new.points = self.points.copy()
        new.rally = self.rally
        new.server = self.server


@register
class TotemTennis(RefereeGame):
    info = GameInfo(
        id="totem-tennis", name="Totem Tennis", min_seats=2, max_seats=2, family=FAMILY,
        source="000 ch. 37 Totem Tennis (line 2603)", hidden=False, chance=True,
        zero_sum=True,
        summary=(
            "Two players with rackets on either side of a pole, a ball tied to its top "
            "by a string. One hits the ball clockwise round the pole, the other "
            "anticlockwise; winding the string all the way round wins the rally and a "
            "point. Every rally starts with the string unwound and a serve from the hand; "
            "the serve alternates. The first to ten points wins. pelit keeps the points "
            "and the serve: enter who won each rally."),
        verbs=(("point 0", "seat 0 wound the string round the pole"),
               ("undo", "take back the last entry")),
    )
    Options = TotemTennisOptions
    Phase = Phase
    State = TotemTennisState
    test_options = {"target": 3}
    render_hints = {"hide": ["entered", "server", "rally", "target"],
                    "per_seat": ["points", "hits"], "labels": {"hits": "hits the ball"},
                    "seat_fields": ["server", "entered_by"]}

    def __init__(self):
        self.actions = ActionSpace()
        self.POINT = self.actions.choice("point", ["0", "1"])
        super().__init__()

    def _start(self, s):
        s.points = [0, 0]
        s.rally = 0
        s.server = 1
        self._new_rally(s)

    def _new_rally(self, s):
        s.rally += 1
        s.server = 1 - s.server
        s.log("rally", None, rally=s.rally, server=s.server)
        s.phase = Phase.RALLY
        s.to_act = SCOREKEEPER

    def _legal_rally(self, s, seat):
        return [self.POINT, self.POINT + 1]

    def _apply_rally(self, s, seat, action):
        winner = action - self.POINT
        s.points[winner] += 1
        s.log("point", seat, winner=winner, points=list(s.points))
        if s.points[winner] >= s.options.target:
            self.finish(s, Outcome(tuple(s.points), (winner,),
                                   f"seat {winner} reaches {s.options.target} points "
                                   f"({s.points[0]}-{s.points[1]})",
                                   details={"points": list(s.points)}))
            return
        self._new_rally(s)

    def _referee_view(self, s, v):
        v["points"] = list(s.points)
        v["target"] = s.options.target
        v["rally"] = s.rally
        v["server"] = s.server
        v["hits"] = list(DIRECTIONS)

    def board_lines(self, v):
        return [f"Rally {v['rally']}: Seat {v['server']} serves; first to {v['target']} points"]

    def describe(self, e):
        kind = e.get("kind")
        if kind == "rally":
            return f"── rally {e['rally']}: seat {e['server']} serves ──"
        if kind == "point":
            return f"Seat {e['winner']} wound the string: {e['points'][0]}-{e['points'][1]}"
        return NotImplemented
