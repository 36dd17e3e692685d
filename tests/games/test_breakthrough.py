"""Breakthrough by seed 000 ch. 43: attackers home or touched, the roles switched."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import OptionError

G = pelit.load("breakthrough")


def enter(s, *texts):
    for t in texts:
        s.play(t, s.to_act[0])


def test_a_half_ends_when_every_attacker_is_at_the_campfire():
    """43.1: when all attackers are at the campfire, a point for each one untouched; then
    the teams switch roles (seat 0's team attacks first, our reading)."""
    s = G.new_state(seed=1, team_0=3, team_1=2)
    assert s.attackers == 0
    enter(s, "home", "touched")
    assert s.attackers == 0 and s.view(None)["on_the_way"] == 1
    enter(s, "home")
    assert s.attackers == 1 and s.points == [2, 0] and s.half == 2


def test_more_points_as_attackers_win():
    s = G.new_state(seed=1, team_0=3, team_1=2)
    enter(s, "home", "touched", "touched", "home", "home")
    assert s.outcome.winners == (1,) and s.outcome.scores == (1, 2)


def test_equal_points_are_a_draw():
    s = G.new_state(seed=1, team_0=2, team_1=2)
    enter(s, "home", "touched", "touched", "home")
    assert s.outcome.winners == ()


def test_team_sizes_are_checked():
    with pytest.raises(OptionError):
        G.new_state(seed=1, team_0=0)
