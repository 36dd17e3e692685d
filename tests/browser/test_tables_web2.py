"""More games at their declared tables in a real browser (issue 16): the
trick tables of Android Whist and Bridge Meets Guess Who (each human's
android a hand of its own across the table, the opposing android's cards
open), Top Trumps (the dummy a hand of its own, its named cards) and
Multimulta (its triple cards, partners by name, the deal's sheet), the plain table of Musta Maija (the attack in the middle), Valepaska
(the face-down pile as plays), Dingo (the wolves of a hunt in the middle)
and Salute the King (no hand: the middle card and the gestures as buttons).
Each is played by clicking, read from the page at every move and held
against the engine (no card the seat may not see, no field the game does
not show), and seen on a desktop and on a phone."""

from __future__ import annotations

import pytest

import pelit

from tablekit import check_table_end, play_some, table

# game: (its options, what its table draws, moves to play)
GAMES = {
    "android-whist": (None, "#trick", 14),
    "bridge-meets-guess-who": (None, "#trick", 14),
    "top-trumps": (None, "#trick", 12),
    "multimulta": (None, "#trick", 14),
    "musta-maija": (None, "#hand", 12),
    "valepaska": (None, "#hand", 12),
    "dingo": (None, "#hand", 14),
    "salute-the-king": (None, "#felt .seat", 8),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_game_at_its_declared_table(game_id, browser, own_server, shot):
    game = pelit.load(game_id)
    options, drawn, moves = GAMES[game_id]
    me, = table(browser, own_server, game_id, options=options, seed=5)
    p = me.page
    p.wait_for_selector(drawn)
    me.sample()
    made = play_some(me, moves)
    assert made, f"{game_id}: no move was made by clicking"
    check_table_end(browser, own_server, game, me, shot, f"web2-{game_id}")
