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

from tablekit import (PHONE, Seat, assert_fields_hidden, check_dom_cards, inside, record_so_far,
                      table, view_of)

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
    made = 0
    while made < moves and not me.over():
        me.dismiss_summary()
        seen = me.version()
        if me.my_turn():
            try:
                me.act()
            except AssertionError:
                # an out-of-turn window (Valepaska's doubt) closed by a bot
                # between the look and the click: nothing to do, look again
                if me.version() == seen and me.my_turn():
                    raise
                continue
            me.sample()
            made += 1
        else:
            p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'"
                                " || document.getElementById('app').dataset.status === 'over'"
                                " || document.querySelector('#summary[open]') !== null")
    assert made, f"{game_id}: no move was made by clicking"
    shot(p, f"web2-{game_id}-desktop")
    assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    phone = Seat(browser, own_server, me.tid, 0, me.token, viewport=PHONE)
    if phone.page.locator("#hand").count():
        assert inside(phone.page, "#hand"), f"{game_id}: the hand is off a phone's screen"
    shot(phone.page, f"web2-{game_id}-phone")
    phone.close()
    check_dom_cards(game, record_so_far(own_server, me.tid), me.samples, 0)
    me.close()
