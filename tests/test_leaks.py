"""The leak suite (ARCHITECTURE, Testing 2), over every hidden-information game.

A seat's view is the same in every world ``sample_world`` builds from it, and
neither its view nor its events hold a card whose place it cannot know.
"""

from __future__ import annotations

import json
import random

import pytest

import pelit
from pelit.core.records import jsonable

from support import card_ids_in, random_step

HIDDEN = [g.info.id for g in pelit.all_games() if g.info.hidden]
WORLDS = 3


def _check_seat(game, state, seat, rng):
    view = game.view(state, seat)
    unknown = game.unknown_cards(state, seat)
    events = game.events_for(state, seat)
    starts = [i for i, e in enumerate(events) if e["kind"] == "new_deal"]
    events = events[starts[-1]:] if starts else events
    shown = card_ids_in(view) | card_ids_in(events)
    assert shown & unknown == 0, (
        f"seat {seat} sees {game.deck.texts(shown & unknown)} it cannot know")
    want = json.dumps(jsonable(view, game), sort_keys=True)
    for _ in range(WORLDS):
        world = game.sample_world(view, rng)
        got = json.dumps(jsonable(game.view(world, seat), game), sort_keys=True)
        assert got == want, f"seat {seat}: a sampled world shows a different view"
        # the world is a real state: play can go on from it
        if world.outcome is None:
            s, a = random_step(world, rng)
            game.apply(world, a, s)


@pytest.mark.parametrize("game_id", HIDDEN)
def test_views_do_not_leak(game_id):
    game = pelit.load(game_id)
    for seed in (3, 4):
        rng = random.Random(seed)
        state = game.new_state(seed=seed, **game.test_options)
        n = game.num_players(state)
        step = 0
        while state.outcome is None and step < 3000:
            if step % 7 == 0:
                for seat in [None, *range(n)]:
                    _check_seat(game, state, seat, rng)
            s, a = random_step(state, rng)
            game.apply(state, a, s)
            step += 1
