"""Shared helpers for the suites: random play, snapshots, card ids in views."""

from __future__ import annotations

import json
import random

from pelit.cards.deck import Card, CardSet, ids
from pelit.core.records import jsonable


def snapshot(state) -> str:
    """Everything observable about a state, as text (views of every seat and a
    spectator, the event count, the history, who acts)."""
    game = state.game
    n = game.num_players(state)
    views = [jsonable(game.view(state, s), game) for s in [None, *range(n)]]
    return json.dumps([views, len(state.events), state.history, list(state.to_act)],
                      sort_keys=True, default=str)


def card_ids_in(obj) -> int:
    """The mask of every card id tagged as a card anywhere in a view or events."""
    if isinstance(obj, CardSet):
        return int(obj)
    if isinstance(obj, Card):
        return 1 << int(obj)
    if isinstance(obj, dict):
        m = 0
        for v in obj.values():
            m |= card_ids_in(v)
        return m
    if isinstance(obj, (list, tuple)):
        m = 0
        for v in obj:
            m |= card_ids_in(v)
        return m
    return 0


def random_step(state, rng: random.Random):
    to_act = state.to_act
    seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
    action = rng.choice(state.game.legal_actions(state, seat))
    return seat, action


def texts(deck, mask) -> str:
    return deck.texts(ids(mask))


def sampled_worlds(state, seat, n: int = 40, seed: int = 7) -> list:
    """``n`` worlds sampled from ``seat``'s view, each checked to show that
    seat the very same view (what a determinized bot would search)."""
    game = state.game
    rng = random.Random(seed)
    view = game.view(state, seat)
    want = json.dumps(jsonable(view, game), sort_keys=True)
    worlds = []
    for _ in range(n):
        world = game.sample_world(view, rng)
        assert json.dumps(jsonable(game.view(world, seat), game), sort_keys=True) == want
        worlds.append(world)
    return worlds


def check_kept_plans(state, steps: int, every: int, seed: int, fields=("hands",)) -> None:
    """Random play of ``state`` for ``steps`` actions; every ``every`` steps,
    worlds sampled from each seat's view (and a spectator's) are the worlds
    of a plain copy of that view with the same random stream: what a
    ``core.game.View`` keeps for ``sample_world`` is only a cache.  Besides
    the snapshots, the state ``fields`` the views do not show are compared."""
    game = state.game
    rng = random.Random(seed)
    seats = [None, *range(game.num_players(state))]
    for step in range(steps):
        if step % every == 0:
            for seat in seats:
                view = game.view(state, seat)
                for k in range(3):
                    kept = game.sample_world(view, random.Random(k))
                    plain = game.sample_world(dict(view), random.Random(k))
                    assert snapshot(kept) == snapshot(plain)
                    for name in fields:
                        assert getattr(kept, name) == getattr(plain, name), name
        if state.outcome is not None:
            break
        seat, action = random_step(state, rng)
        game.apply(state, action, seat)
