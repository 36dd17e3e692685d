"""The page leak check itself (tablekit.check_dom_cards) can fail: a card
face the seat may not see, or a card written outside a face, is caught."""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.core.records import record_of

from tablekit import check_dom_cards


def _cactus_record():
    game = pelit.load("cactus")
    state = game.new_state(seed=4)
    rng = random.Random(4)
    while state.outcome is None:
        seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
        state.apply(rng.choice(game.legal_actions(state, seat)), seat)
    return game, state, record_of(state)


def test_the_leak_check_catches_a_hidden_card_and_loose_card_text():
    game, state, record = _cactus_record()
    # at the start every layout card is face down: none may show
    hidden = game.deck.texts(state.packs[0][0:1])
    check_dom_cards(game, record, [{"version": 0, "cards": [], "glyphs": []}], 0)
    with pytest.raises(AssertionError, match="was shown"):
        check_dom_cards(game, record, [{"version": 0, "cards": [hidden], "glyphs": []}], 0)
    with pytest.raises(AssertionError, match="outside a card face"):
        check_dom_cards(game, record, [{"version": 0, "cards": [], "glyphs": ["Q\u2660"]}], 0)
    # after the end everything is published
    end = len(record["actions"])
    check_dom_cards(game, record, [{"version": end, "cards": [hidden], "glyphs": []}], 0)


def test_a_card_to_remember_shows_only_in_the_frame_that_brought_it():
    """Cactus: a card drawn and swapped face down into the layout is told
    once (the ``forget`` rule of draw and swap); a page that still shows it
    a move later holds a card the player must remember."""
    game, state, record = _cactus_record()
    actions = record["actions"]
    replay = game.new_state(seed=record["seed"])
    for v, text in enumerate(actions):
        seat = replay.to_act[0]
        if ":" in text and text.partition(":")[0].isdigit():      # "SEAT:action" in a window
            seat, text = int(text.partition(":")[0]), text.partition(":")[2]
        before = len(replay.events)
        game.apply_text(replay, text, seat)
        drawn = [e for e in replay.events[before:] if e.kind == "draw" and e.private]
        if drawn and v + 3 < len(actions) and actions[v + 1].startswith("swap"):
            card = game.deck.text(drawn[0].private["card"])
            seat = drawn[0].seat
            # shown as it is drawn, and as it is placed: fine
            for version in (v + 1, v + 2):
                check_dom_cards(game, record, [{"version": version, "cards": [card], "glyphs": []}], seat)
            # a move later it lies face down: the page must not show it
            with pytest.raises(AssertionError, match="was shown"):
                check_dom_cards(game, record, [{"version": v + 3, "cards": [card], "glyphs": []}], seat)
            return
    pytest.fail("no card drawn and swapped to check")
