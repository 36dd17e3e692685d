"""Breakthrough: attackers reaching the campfire in the dark, then the other way.

Rule source: seed 000 ("My Games"), ch. 43 Breakthrough (line 2707): 43.1
The game.  A referee game (``games/_referee.py``) between two teams: each
seat is a team (its captain's phone).  pelit counts, for the attacking team,
the attackers who reached the campfire untouched and those touched on the
way, says when every attacker is accounted for, switches the roles, and
keeps the points.

Entered facts: ``home`` (an attacker reached the campfire untouched: a
point), ``touched`` (a defender touched an attacker: he is out and walks to
the campfire).

Decisions where the seed is silent (pinned in tests/games/test_breakthrough.py):

- 43.1: the team of seat 0 attacks first; the team sizes are options
  (``team_0``, ``team_1``), as the players divide themselves, equal or not.
- 43.1: a half ends when every attacker of the team is home or touched; the
  team with more points as attackers wins, equal points are a draw.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.actions import ActionSpace
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._referee import FAMILY, SCOREKEEPER, RefereeGame, RefereeState


class Phase(enum.Enum):
    ATTACK = 1         # facts: each attacker home or touched


@dataclass(frozen=True)
class BreakthroughOptions:
    team_0: int = option(8, "players in seat 0's team (43: fifteen or more in all)", min=1, max=100)
    team_1: int = option(8, "players in seat 1's team", min=1, max=100)


class BreakthroughState(RefereeState):
    __slots__ = ("attackers", "half", "home", "touched", "points")

    def _copy_fields(self, new):
        new.attackers = self.attackers
        new.half = self.half
        new.home = self.home
        new.touched = self.touched
        new.points = self.points.copy()


@register
class Breakthrough(RefereeGame):
    info = GameInfo(
        id="breakthrough", name="Breakthrough", min_seats=2, max_seats=2, family=FAMILY,
        source="000 ch. 43 Breakthrough (line 2707)", hidden=False, chance=True, zero_sum=True,
        summary=(
            "Two teams in a dark forest with flashlights. The attackers set out from a "
            "spot a few hundred metres away and try to reach the campfire untouched; the "
            "defenders start at the fire and try to touch them. A touched attacker is out "
            "and walks to the fire. Defenders may not lurk inside the circle round the "
            "fire, except while chasing. When every attacker is at the fire, the attacking "
            "team has a point for each who got there untouched; then the teams change "
            "roles, and more points as attackers wins. Each seat is a team: enter each "
            "attacker home or touched."),
        verbs=(("home", "an attacker reached the campfire untouched"),
               ("touched", "an attacker was touched: out"),
               ("undo", "take back the last entry")),
    )
    Options = BreakthroughOptions
    Phase = Phase
    State = BreakthroughState
    test_options = {"team_0": 3, "team_1": 2}
    render_hints = {"hide": ["entered", "half", "attackers", "team_sizes", "home", "touched",
                             "on_the_way"],
                    "per_seat": ["points"], "labels": {"points": "points as attackers"},
                    "seat_fields": ["attackers", "entered_by"]}

    def __init__(self):
        self.actions = ActionSpace()
        self.HOME = self.actions.verb("home")
        self.TOUCHED = self.actions.verb("touched")
        super().__init__()

    def _size(self, s, team):
        return s.options.team_0 if team == 0 else s.options.team_1

    def _start(self, s):
        s.points = [0, 0]
        s.half = 0
        self._new_half(s, 0)

    def _new_half(self, s, team):
        s.half += 1
        s.attackers = team
        s.home = 0
        s.touched = 0
        s.log("half", None, half=s.half, attackers=team, size=self._size(s, team))
        s.phase = Phase.ATTACK
        s.to_act = SCOREKEEPER

    def _legal_attack(self, s, seat):
        return [self.HOME, self.TOUCHED]

    def _apply_attack(self, s, seat, action):
        team = s.attackers
        if action == self.HOME:
            s.home += 1
            s.points[team] += 1
        else:
            s.touched += 1
        s.log("home" if action == self.HOME else "touched", seat, attackers=team,
              home=s.home, touched=s.touched)
        if s.home + s.touched < self._size(s, team):
            return
        s.log("half_over", None, attackers=team, points=s.home)
        if s.half == 2:
            a, b = s.points
            winners = () if a == b else ((0,) if a > b else (1,))
            self.finish(s, Outcome((a, b), winners, f"{a}-{b}: " + (
                "a draw" if not winners else f"team {winners[0]} wins")))
            return
        self._new_half(s, 1 - team)

    def _referee_view(self, s, v):
        v["half"] = s.half
        v["attackers"] = s.attackers
        v["team_sizes"] = [s.options.team_0, s.options.team_1]
        v["home"] = s.home
        v["touched"] = s.touched
        v["on_the_way"] = self._size(s, s.attackers) - s.home - s.touched
        v["points"] = list(s.points)

    def board_lines(self, v):
        team = v["attackers"]
        return [f"Half {v['half']} of 2: Seat {team}'s team attacks with "
                f"{v['team_sizes'][team]}",
                f"Home untouched {v['home']} · touched {v['touched']} · still on the way "
                f"{v['on_the_way']}"]

    def describe(self, e):
        kind = e.get("kind")
        if kind == "half":
            return f"── team {e['attackers']} attacks with {e['size']} ──"
        if kind in ("home", "touched"):
            what = "home untouched" if kind == "home" else "touched: out"
            return f"An attacker {what} ({e['home']} home, {e['touched']} touched)"
        if kind == "half_over":
            return f"Every attacker is at the fire: team {e['attackers']} scores {e['points']}"
        return NotImplemented
