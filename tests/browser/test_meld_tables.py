"""The Canasta family in a real browser: each game's own board text (a block
per team with its melds, the pile) stands in place of the raw view fields."""

from __future__ import annotations

import pytest

import pelit
from test_browser import Person

FAMILY = ["canasta", "samba", "contract-samba", "hand-and-foot", "triple-play", "canasta-2x54"]


@pytest.mark.parametrize("game_id", FAMILY)
def test_meld_game_table_shows_the_board_text_and_plays(browser, own_server, shot, game_id):
    game = pelit.load(game_id)
    host = Person(browser, own_server, seed=7)
    host.create(game_id, dict(game.test_options))
    host.sit(0, "Ann")
    host.page.click("#fill-bots")
    host.page.wait_for_selector("#start:not([disabled])")
    host.page.click("#start")
    host.page.wait_for_selector("#boardtext")
    clicks = 0
    while clicks < 6 and not host.over():
        if host.my_turn():
            host.click_something()
            clicks += 1
        else:
            host.page.wait_for_timeout(50)
    shot(host.page, f"meld-{game_id}")
    board = host.page.inner_text("#boardtext")
    assert "Pile" in board and "points" in board
    assert "bot 1" in board and "Seat 1" not in board       # the table's names, not seat numbers
    felt = host.page.inner_text("#felt")
    for raw in ("requirement raise", "tentative top", "pile aside"):
        assert raw not in felt
    if game_id == "triple-play":         # the stage of each seat sits in its seat box
        assert "[hand" not in felt
        assert "stage: " in host.page.inner_text('[data-seat="1"]')
    log = host.page.inner_text("#log")
    assert "true" not in log              # a flag reads as its name ("replacement")
    host.close()
