"""What the browser gets as a seat's view (server.hub.web_view)."""

from __future__ import annotations

import pelit
from pelit.core.records import jsonable
from pelit.server.hub import web_view


def test_board_text_comes_with_the_view_where_the_game_asks_for_it():
    canasta = pelit.load("canasta")
    s = canasta.new_state(seed=3)
    v = web_view(canasta, s, 0)
    assert v["board_text"] == canasta.render_board(canasta.view(s, 0))
    assert "Your team (You, Seat 2)" in v["board_text"]
    spectator = web_view(canasta, s, None)
    assert "Team 1 (Seat 0, Seat 2)" in spectator["board_text"]
    xeri = pelit.load("xeri")
    s = xeri.new_state(seed=3)
    assert web_view(xeri, s, 0) == jsonable(xeri.view(s, 0), xeri)
