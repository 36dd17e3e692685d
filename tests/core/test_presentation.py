"""How the web table presents each game (core/presentation.py, issue 16):
one declaration per game says which table draws it and which view fields a
player sees, and how; every other field is left out of the page."""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.core.presentation import (DEAL_END, ROLES, TABLES, hidden_fields, keys_in_roles,
                                     presentation, role_of, rule_sections, shown_paths, table_of)
from pelit.server.hub import web_view

GAMES = pelit.game_ids()
DECLARED = [g for g in GAMES if shown_paths(pelit.load(g)) is not None]
# fields a short random match does not reach: they come with an option
# (Bridge's rubber scoring, Sakaali's games, Believe or Doubt's board, chips
# and multiple choice), only at the end (a won chain) or seldom (Fireplace
# Poker's opponent choosing the meld of a player who cannot make one)
RARE = {"bridge": {"below", "games"}, "hex": {"winning_group"}, "y": {"winning_group"},
        "sakaali": {"games_won"}, "sakaali-8": {"games_won"},
        "believe-or-doubt": {"banned", "chips", "choices", "destinations", "positions", "roll"},
        "fireplace-poker": {"their_hand"}}


def _has(view, path):
    for key in path.split("."):
        if not isinstance(view, dict) or key not in view:
            return False
        view = view[key]
    return True


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_gets_a_table(game_id):
    game = pelit.load(game_id)
    layout = presentation(game)
    assert layout["table"] in TABLES
    assert set(DEAL_END) <= set(layout["deal_end"])
    for path, spec in (layout.get("show") or {}).items():
        assert role_of(spec) in ROLES, f"{game_id}: {path} has no role the client knows"


def test_the_family_chooses_the_table_unless_the_game_says():
    assert table_of(pelit.load("xeri")) == "fishing"
    assert table_of(pelit.load("cactus")) == "layout"
    assert table_of(pelit.load("memory")) == "layout"
    assert table_of(pelit.load("go")) == "board"
    assert table_of(pelit.load("speculation")) == "betting"      # "betting (market in cards)"
    assert table_of(pelit.load("valepaska")) == "cards"          # shedding: the plain table
    assert table_of(pelit.load("sakaali")) == "trick"


@pytest.mark.parametrize("game_id", DECLARED)
def test_each_shown_field_is_one_the_views_hold(game_id):
    """A declared field that no view holds is a typo: it would never show."""
    game = pelit.load(game_id)
    shown = set(shown_paths(game))
    state = game.new_state(seed=1, **game.test_options)
    rng = random.Random(1)
    seen = set()
    players = game.num_players(state)
    for step in range(700):
        if step % 4 == 0 or state.outcome is not None:
            for seat in range(players):
                view = web_view(game, state, seat)
                seen |= {p for p in shown if _has(view, p)}
        if state.outcome is not None or seen == shown:
            break
        seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
        state.apply(rng.choice(game.legal_actions(state, seat)), seat)
    missing = shown - seen - RARE.get(game_id, set())
    assert not missing, f"{game_id} shows fields its views never hold: {sorted(missing)}"


def test_hidden_fields_are_the_views_fields_not_shown():
    tuppi = pelit.load("tuppi")
    state = tuppi.new_state(seed=3)
    hidden = hidden_fields(tuppi, web_view(tuppi, state, 0))
    assert {"bid_order", "sooli_passed", "exchange", "voids", "results"} <= set(hidden)
    assert not {"hand", "scores", "ace_low", "trick"} & set(hidden)
    bridge = pelit.load("bridge")
    state = bridge.new_state(seed=3)
    while state.phase.name != "PLAY":
        state.apply(bridge.legal_actions(state)[0] if state.history else
                    bridge.parse_action(state, "bid 1c"))
    hidden = hidden_fields(bridge, web_view(bridge, state, 0))
    assert {"play.voids", "play.declarer_hand", "play.hand_to_play", "play.tricks_done"} <= set(hidden)
    assert "play.trick" not in hidden and "play.dummy" not in hidden
    # a game without a declaration: its hide list is the rule
    commune = pelit.load("commune")
    assert hidden_fields(commune, {"claim_index": 1, "said": []}) == ["claim_index"]


def test_rule_sections_come_from_the_games_headings_or_its_declaration():
    tuppi = rule_sections(type(pelit.load("tuppi")))
    assert tuppi["bid"]["section"] == "6.2" and tuppi["play"]["section"].startswith("6.3")
    assert presentation(pelit.load("hex"))["rules"]["play"]["section"] == "30.1"


def test_team_and_seat_lists_are_read_from_the_roles():
    """core/duplicate renumbers per-partnership and per-seat lists: it reads
    them from the declaration's roles as from the old lists."""
    layout = pelit.load("sakaali").web_layout
    assert {"scores", "games_won"} <= keys_in_roles(layout, ("team",))
    assert {"hand_sizes", "rows", "signals"} <= keys_in_roles(layout, ("backs", "seat", "seat_cards"))
    eight = pelit.load("sakaali-8")
    assert "scores" in eight.team_lists and "rows" in eight.per_seat
