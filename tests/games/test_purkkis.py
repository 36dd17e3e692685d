"""Purkkis (seed 000 ch. 38) and Kymmenen tikkua laudalla (ch. 39): seekers, prisoners,
own names, rescues and the third round."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction

G = pelit.load("purkkis")


def enter(s, *texts):
    for t in texts:
        s.play(t, s.to_act[0])


def legal(s):
    return {G.action_text(a) for a in s.legal_actions(s.to_act[0])}


def test_round_starts_with_a_kick_and_the_first_found_seeks_next():
    """38.2: the seeker finds the hiders; the one found first becomes the seeker."""
    s = G.new_state(seed=1, players=4)
    assert s.seeker == 0 and s.phase is G.Phase.KICK
    with pytest.raises(IllegalAction, match="starts with 'kick'"):
        enter(s, "found 1")
    enter(s, "kick", "found 2", "found 1")
    assert "found 2" not in legal(s)               # already a prisoner
    enter(s, "found 3")
    assert s.seeker == 2 and s.seeker_round == 1 and s.phase is G.Phase.KICK


def test_own_name_only_without_prisoners():
    """38.3: with no prisoner a hider may say own name; he is as good as caught but does
    not seek next."""
    s = G.new_state(seed=1, players=4)
    enter(s, "kick")
    assert "own 1" in legal(s) and "rescue 1" not in legal(s)
    enter(s, "own 1", "own 3")                      # own names do not block more own names
    enter(s, "found 2")
    assert s.seeker == 2                            # the first actual prisoner


def test_with_a_prisoner_no_own_name_but_a_rescue():
    """38.3: with prisoners a free hider may rescue everyone: the same seeker again."""
    s = G.new_state(seed=1, players=4)
    enter(s, "kick", "found 1")
    assert "own 2" not in legal(s) and "rescue 2" in legal(s)
    with pytest.raises(IllegalAction, match="own name only"):
        enter(s, "own 2")
    enter(s, "rescue 3")
    assert s.seeker == 0 and s.seeker_round == 2 and s.prisoners == []
    assert s.rescues == [0, 0, 0, 1]


def test_all_own_names_start_over_with_the_same_seeker():
    """38.3: if every hider says own name, the game starts over with the same seeker."""
    s = G.new_state(seed=1, players=3)
    enter(s, "kick", "own 1", "own 2")
    assert s.seeker == 0 and s.seeker_round == 2


def test_third_round_no_rescue_own_name_with_prisoners():
    """38.4: the third round: prisoners cannot be rescued, own name even with prisoners."""
    s = G.new_state(seed=1, players=4)
    enter(s, "kick", "found 1", "rescue 2")        # round 2
    enter(s, "kick", "own 1", "own 2", "own 3")    # round 3
    assert s.seeker_round == 3 and s.view(None)["third_round"]
    enter(s, "kick", "found 2")
    assert "rescue 1" not in legal(s) and "own 1" in legal(s)
    with pytest.raises(IllegalAction, match="third round"):
        enter(s, "rescue 1")
    enter(s, "own 1", "own 3")
    assert s.seeker == 2 and s.seeker_round == 1   # the prisoner seeks


def test_third_round_all_own_names_the_last_seeks():
    """38.4: in the third round, if all say own name, the last of them seeks."""
    s = G.new_state(seed=1, players=3)
    enter(s, "kick", "own 1", "own 2", "kick", "own 2", "own 1")
    assert s.seeker_round == 3
    enter(s, "kick", "own 2", "own 1")
    assert s.seeker == 1 and s.seeker_round == 1


def test_stop_tallies_achievements_with_no_winner():
    """38.2: no winning or losing; 38.5: own names and rescues are the achievements."""
    s = G.new_state(seed=1, players=3)
    enter(s, "kick", "found 1", "rescue 2", "kick", "own 2", "stop")
    assert s.outcome.winners == () and s.outcome.scores == (0, 0, 2)
    assert s.outcome.details["rounds_seeking"] == [2, 0, 0]


def test_ten_sticks_on_a_plank_pushes_the_plank():
    """39.1: the plank is pushed down instead of kicking the ball; the rest as Purkkis."""
    k = pelit.load("kymmenen-tikkua-laudalla")
    assert k.info.id == "kymmenen-tikkua"
    s = k.new_state(seed=1, players=3)
    assert {k.action_text(a) for a in s.legal_actions(0)} == {"push", "stop"}
    s.play("push", 0)
    s.play("found 2", 0)
    s.play("found 1", 0)
    assert s.seeker == 2
