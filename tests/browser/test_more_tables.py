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

from tablekit import (PHONE, Seat, assert_fields_hidden, check_dom_cards, inside, record_so_far,
                      table, view_of)

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
    made = 0
    while made < moves and not me.over():
        me.dismiss_summary()
        if me.my_turn():
            me.act()
            me.sample()
            made += 1
        else:
            p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'"
                                " || document.getElementById('app').dataset.status === 'over'"
                                " || document.querySelector('#summary[open]') !== null")
    assert made, f"{game_id}: no move was made by clicking"
    shot(p, f"{game_id}-desktop")
    assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    phone = Seat(browser, own_server, me.tid, 0, me.token, viewport=PHONE)
    if phone.page.locator("#hand").count():
        assert inside(phone.page, "#hand"), f"{game_id}: the hand is off a phone's screen"
    shot(phone.page, f"{game_id}-phone")
    phone.close()
    check_dom_cards(game, record_so_far(own_server, me.tid), me.samples, 0)
    me.close()
