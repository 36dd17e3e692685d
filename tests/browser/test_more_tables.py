"""Games that landed after the first families, each at its table in a real
browser (issue 16): the fishing games (Chinese Ten, Diloti, Kontsina) with
their cards in the middle, the layout games (Trash's slots, La Belle Lucie's
fans) and the trick tables of Screw Misere, Marjapussi, Lorum, Envite and Minibridge (its
dummy a hand of its own, played by clicking its cards), and the rummy
games' numbered melds in the middle (Rummy, Seven Rummy, Vazhushal) or by
side (Umtali); Michigan and Ristiseiska on the plain table.  Each is played by clicking for a
while, read from the page at every move and held against the engine, and
seen on a desktop and on a phone."""

from __future__ import annotations

import pytest

import pelit

from tablekit import check_table_end, play_some, table

# game: (its options, what its table draws in the middle, moves to play)
GAMES = {
    "chinese-ten": ({"players": 2}, "#middle .card", 12),
    "diloti": ({"target": 15}, "#middle .card", 12),
    "kontsina": ({"target": 5}, "#middle .card", 12),
    "trash": ({"start": 2}, ".slots .slot", 12),
    "la-belle-lucie": ({}, ".fans .fanrow", 12),
    "screw-misere": ({}, "#trick", 16),
    "marjapussi": (None, "#trick", 16),
    "minibridge": (None, "#trick", 16),
    "lorum": (None, "#trick", 16),
    "michigan": (None, "#hand", 10),
    "ristiseiska": (None, "#hand", 10),
    "envite": (None, "#trick", 12),
    "rummy": (None, "#middle .stack", 12),
    "seven-rummy": (None, "#middle .stack", 10),
    "umtali": (None, "#middle .stack", 10),
    "vazhushal": (None, "#middle .stack", 10),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_newer_game_at_its_table(game_id, browser, own_server, shot):
    game = pelit.load(game_id)
    options, middle, moves = GAMES[game_id]
    me, = table(browser, own_server, game_id, options=options, seed=3)
    p = me.page
    p.wait_for_selector(middle)
    me.sample()
    made = play_some(me, moves)
    assert made, f"{game_id}: no move was made by clicking"
    check_table_end(browser, own_server, game, me, shot, game_id)
