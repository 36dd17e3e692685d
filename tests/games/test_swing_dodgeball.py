"""Swing Dodgeball by seed 000 ch. 35: roles, catches, runs, bonus lives, back-burners."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction

G = pelit.load("swing-dodgeball")


def enter(s, *texts):
    for t in texts:
        s.play(t, s.to_act[0])


def roles(s):
    return sorted(s.swings), s.burner, list(s.back)


def test_start_two_targets_one_burner():
    """35.2: two players in the swings, the third burns (seats 0, 1 and 2, our reading)."""
    s = G.new_state(seed=1, players=3)
    assert roles(s) == ([0, 1], 2, [])
    legal = {G.action_text(a) for a in s.legal_actions(0)}
    assert "hit 0" in legal and "hit 2" not in legal          # the burner is no target
    with pytest.raises(IllegalAction, match="in the swings"):
        enter(s, "hit 2")


def test_a_burned_target_and_the_burner_switch():
    """35.2: the target becomes the burner and gives his swing to the old burner."""
    s = G.new_state(seed=1, players=3)
    enter(s, "hit 1")
    assert s.swings == [0, 2] and s.burner == 1
    assert s.burns == [0, 1, 0]


@pytest.mark.parametrize("kind", ["hit", "catch", "swing"])
def test_each_kind_of_burn(kind):
    """35.2 hit, 35.3 catch of a kick, 35.4 the ball between the ropes of an empty swing."""
    s = G.new_state(seed=1, players=3)
    enter(s, f"{kind} 0")
    assert s.burner == 0


def test_two_half_catches_in_a_row_burn():
    """35.3: two half-catches on consecutive throws of kicks of the same target."""
    s = G.new_state(seed=1, players=3)
    enter(s, "half 0")
    assert s.half_on == 0 and s.burner == 2
    enter(s, "half 0")
    assert s.burner == 0 and s.half_on is None


@pytest.mark.parametrize("between", ["throw", "half 1", "run 1 1"])
def test_anything_between_two_half_catches_ends_the_streak(between):
    """35.3 'consecutive' (our reading): any other entry between them."""
    s = G.new_state(seed=1, players=3)
    enter(s, "half 0", between, "half 0")
    assert s.burner == 2 and s.half_on == 0


def test_three_runs_give_a_bonus_life_that_saves_one_burn():
    """35.4 runs of half to two runs; 35.5 three runs: a bonus life; a burn takes it
    instead of the swing."""
    s = G.new_state(seed=1, players=3)
    enter(s, "run 0 1", "run 0 1.5")
    assert not s.bonus[0]
    enter(s, "run 0 0.5")
    assert s.bonus[0] and s.view(None)["runs"][0] == "3"
    enter(s, "hit 0")
    assert not s.bonus[0] and 0 in s.swings and s.burns[0] == 1
    enter(s, "hit 0")
    assert s.burner == 0


def test_only_one_bonus_life_at_a_time():
    """35.5: never two bonus lives; runs go on counting and give the next one when the
    first is lost (our reading)."""
    s = G.new_state(seed=1, players=3)
    enter(s, "run 0 2", "run 0 1")                 # 3 runs: a life
    enter(s, "run 0 2", "run 0 1.5")               # 3.5 more while holding it
    assert s.bonus[0] and s.toward[0] == 7
    enter(s, "hit 0")                              # the life is lost, the next one given
    assert s.bonus[0] and s.toward[0] == 1 and 0 in s.swings


def test_back_burners_queue():
    """35.6: the burned target becomes a back-burner, the burner a target, and the
    back-burner who has been one longest the burner."""
    s = G.new_state(seed=1, players=5)
    assert roles(s) == ([0, 1], 2, [3, 4])
    enter(s, "hit 0")
    assert roles(s) == ([1, 2], 3, [4, 0])
    enter(s, "catch 1")
    assert roles(s) == ([2, 3], 4, [0, 1])


def test_stop_ends_with_no_winner():
    """35.2: no actual winning or losing."""
    s = G.new_state(seed=1, players=3)
    enter(s, "run 1 1.5", "hit 0", "stop")
    assert s.outcome.winners == () and s.outcome.scores == (0, 1.5, 0)
    assert s.outcome.details["burned"] == [1, 0, 0]
