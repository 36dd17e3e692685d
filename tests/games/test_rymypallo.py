"""Rymypallo by seed 000 ch. 42: goals, the ball after a goal, the end of time."""

from __future__ import annotations

import pelit

G = pelit.load("rymypallo")


def enter(s, *texts):
    for t in texts:
        s.play(t, s.to_act[0])


def test_after_a_goal_the_other_team_has_the_ball():
    """42.2: one team starts with the ball (seat 0's, our reading); after a goal the
    non-scoring team starts near its goal."""
    s = G.new_state(seed=1)
    assert s.possession == 0 and s.to_act == (0,)
    enter(s, "goal 0")
    assert s.possession == 1 and s.goals == [1, 0]
    enter(s, "goal 0")
    assert s.possession == 1
    enter(s, "goal 1")
    assert s.possession == 0


def test_more_goals_win_when_time_is_up():
    """42.2: the team that scored more goals during the game wins."""
    s = G.new_state(seed=1)
    enter(s, "goal 1", "goal 0", "goal 1", "time")
    assert s.outcome.winners == (1,) and s.outcome.scores == (1, 2)


def test_equal_goals_are_a_draw():
    s = G.new_state(seed=1)
    enter(s, "goal 1", "goal 0", "time")
    assert s.outcome.winners == () and "draw" in s.outcome.reason
