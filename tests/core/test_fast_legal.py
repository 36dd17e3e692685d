"""A game's optional ``_is_legal_<phase>`` (core.game, the O(1) legality
check ``Game.apply`` uses) must answer exactly ``action in _legal_<phase>``:
checked for every action id, and a few outside the action space, at every
step of random matches of each registered game that has one."""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.core.errors import IllegalAction


def _games_with_checks():
    out = []
    for gid in pelit.game_ids():
        game = pelit.load(gid)
        if any(check is not None for check, _ in game._step_by_phase.values()):
            out.append(gid)
    return out


@pytest.mark.parametrize("gid", _games_with_checks())
def test_fast_check_agrees_with_legal_list(gid):
    game = pelit.load(gid)
    size = game.actions.size
    probes = list(range(size)) + [-1, -size, size, size + 7]
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.new_state(seed=seed, **game.test_options)
        while state.outcome is None:
            check = game._step_by_phase[state.phase._name_][0]
            for seat in state.to_act:
                if check is not None:
                    legal = set(game._legal_by_phase[state.phase._name_](state, seat))
                    for a in probes:
                        assert bool(check(state, seat, a)) == (a in legal), (gid, seat, a)
            seat = rng.choice(state.to_act)
            game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)


@pytest.mark.parametrize("gid", _games_with_checks())
def test_fast_check_refuses_like_the_list(gid):
    """Actions that are not ints (a bool, a float, text) go to the legal list
    as before: the check only speeds up int actions."""
    game = pelit.load(gid)
    state = game.new_state(seed=3, **game.test_options)
    legal = game.legal_actions(state)
    before = len(state.history)
    for bad in ("a1", 1.5, None, -1, game.actions.size):
        if bad in legal:
            continue
        with pytest.raises(IllegalAction):
            game.apply(state, bad)
        assert len(state.history) == before
