"""What the browser gets as a seat's view (server.hub.web_view)."""

from __future__ import annotations

import pelit
from pelit.core.records import jsonable
from pelit.server.hub import web_view


def test_board_text_comes_with_the_view_where_the_game_asks_for_it():
    # Contract Samba shows its auction and blocks per team as the game's own text
    canasta = pelit.load("contract-samba")
    s = canasta.new_state(seed=3)
    v = web_view(canasta, s, 0)
    assert v["board_text"] == canasta.render_board(canasta.view(s, 0))
    assert "Your team (You, Seat 2)" in v["board_text"]
    spectator = web_view(canasta, s, None)
    assert "Team 1 (Seat 0, Seat 2)" in spectator["board_text"]
    xeri = pelit.load("xeri")
    s = xeri.new_state(seed=3)
    plain = jsonable(xeri.view(s, 0), xeri)
    got = web_view(xeri, s, 0)
    assert "board_text" not in got and sorted(got["hand"]) == sorted(plain["hand"])
    assert {k: v for k, v in got.items() if k != "hand"} == \
        {k: v for k, v in plain.items() if k != "hand"}


def test_the_own_hand_comes_in_suit_order_as_in_the_terminal():
    """Six packs' card ids run pack by pack; the browser gets the hand by suit
    (spades, hearts, clubs, diamonds, jokers), highest first."""
    game = pelit.load("triple-play")
    s = game.new_state(seed=3)
    hand = web_view(game, s, 0)["hand"]
    deck = game.deck
    order = "SHCD"
    keys = [(order.index(t[-1]) if t != "JK" else 4,
             -deck.rank_of[deck.copies_of(t)[0]]) for t in hand]
    assert keys == sorted(keys) and len(hand) == 15
    assert sorted(hand) == sorted(jsonable(game.view(s, 0), game)["hand"])
