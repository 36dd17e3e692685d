"""Seinis by seed 000 ch. 36: the kicking order and who drops out, as entered."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction
from pelit.core.records import check_record, record_of

G = pelit.load("seinis")


def enter(s, *texts):
    for t in texts:
        s.play(t, s.to_act[0])


def test_players_kick_in_order_the_first_from_the_spot():
    """36 / 36.1: a fixed order, seat 0 first (our reading), the first kick of the game
    from the starting spot; the scorekeeper (seat 0) enters every kick."""
    s = G.new_state(seed=1, players=3)
    assert s.to_act == (0,) and s.kicker == 0 and s.from_spot
    s.play("hit", 0)
    assert s.kicker == 1 and not s.from_spot
    enter(s, "hit", "hit")
    assert s.kicker == 0


def test_a_miss_drops_the_kicker_and_the_next_starts_again_from_the_spot():
    """36.1: a miss drops the player out; the game starts over with one less player, the
    next player in succession kicking from the starting spot."""
    s = G.new_state(seed=1, players=4)
    enter(s, "hit", "miss")                        # seat 1 misses
    assert s.playing == [0, 2, 3] and s.out == [1]
    assert s.kicker == 2 and s.from_spot and s.round == 2
    enter(s, "hit", "hit")                         # 2, 3
    assert s.kicker == 0
    enter(s, "hit")
    assert s.kicker == 2                           # seat 1 is skipped


def test_last_player_left_wins_ranked_by_dropping_out():
    """36.1: the last player in the game wins; the others by when they dropped."""
    s = G.new_state(seed=1, players=3)
    enter(s, "miss", "hit", "miss")                # 0 out, then 1 hits, 2 misses
    assert s.outcome.winners == (1,)
    assert s.outcome.ranking == (3, 1, 2)
    assert s.outcome.scores == (0, 2, 1)
    assert s.outcome.details["dropped_out"] == [0, 2]


def test_last_kicker_of_the_order_wraps_round_after_a_miss():
    s = G.new_state(seed=1, players=3)
    enter(s, "hit", "hit", "miss")                 # seat 2 misses: seat 0 starts again
    assert s.kicker == 0 and s.from_spot and s.playing == [0, 1]


def test_undo_brings_a_dropped_player_back():
    s = G.new_state(seed=1, players=3)
    enter(s, "hit", "miss")
    enter(s, "undo")
    assert s.playing == [0, 1, 2] and s.kicker == 1 and not s.from_spot


def test_nothing_but_hit_miss_and_undo():
    s = G.new_state(seed=1, players=2)
    with pytest.raises(IllegalAction, match="nothing has been entered"):
        enter(s, "undo")
    enter(s, "hit", "hit", "miss")                 # seat 0 misses on his second kick
    assert s.outcome.winners == (1,)
    with pytest.raises(IllegalAction, match="over"):
        s.play("hit", 0)
    assert check_record(record_of(s)).outcome.winners == (1,)
