"""Totem Tennis by seed 000 ch. 37: points to ten and the alternating serve."""

from __future__ import annotations

import pelit

G = pelit.load("totem-tennis")


def enter(s, *texts):
    for t in texts:
        s.play(t, s.to_act[0])


def test_serve_alternates_every_rally_whoever_wins():
    """37.2: the turn to serve alternates; seat 0 serves first (our reading)."""
    s = G.new_state(seed=1)
    assert s.server == 0 and s.rally == 1
    enter(s, "point 0")
    assert s.server == 1
    enter(s, "point 0")
    assert s.server == 0 and s.points == [2, 0]


def test_directions_are_fixed_by_seat():
    """37.2: one player hits clockwise, the other anticlockwise."""
    v = G.view(G.new_state(seed=1), None)
    assert v["hits"] == ["clockwise", "anticlockwise"]


def test_first_to_ten_points_wins_and_not_at_nine():
    """37.2: the first player to earn ten points wins."""
    s = G.new_state(seed=1)
    for _ in range(9):
        enter(s, "point 1")
    enter(s, *["point 0"] * 9)
    assert s.outcome is None and s.points == [9, 9]
    enter(s, "point 1")
    assert s.outcome.winners == (1,) and s.outcome.scores == (9, 10)


def test_target_option():
    s = G.new_state(seed=1, target=2)
    enter(s, "point 0", "point 0")
    assert s.outcome.winners == (0,)
