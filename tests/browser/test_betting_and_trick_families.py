"""Two newer families in a real browser (issue 16): Texas Hold'em's betting
strip (each seat's chips and bet, the pot, the board in the middle) and
Huutopussi's trick table (the contract and trumps in the banner, partners
named), each seen on a desktop and on a phone."""

from __future__ import annotations

import pelit

from tablekit import PHONE, Seat, assert_fields_hidden, inside, seen, table, view_of, watch


def test_holdem_betting_strip(browser, own_server, shot):
    game = pelit.load("texas-holdem")
    me, = table(browser, own_server, "texas-holdem", seed=1)
    p = me.page
    p.wait_for_selector(".pot")
    assert p.locator(".seat .chips").count() == 3                # a stack of chips per seat
    assert p.locator(".seat .bet").count() >= 1                   # the blinds are bets
    assert p.locator("#hand .card").count() == 2
    for _ in range(4):
        if me.over():
            break
        me.dismiss_summary()
        if me.my_turn():
            # a bet is a button; the hand's cards are not moves, so not dimmed
            assert p.locator("#hand .card.dim").count() == 0
            me.click(p.locator("#actions button.act").first)
        else:
            p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'")
    shot(p, "holdem-desktop")
    assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    for raw in ("start stacks", "out at", "in hand", "last actor", "may raise"):
        assert raw not in p.inner_text("#felt").lower()
    phone = Seat(browser, own_server, me.tid, 0, me.token, viewport=PHONE)
    assert inside(phone.page, "#hand")
    shot(phone.page, "holdem-phone")
    phone.close()
    me.close()


def test_huutopussi_trick_table(browser, own_server, shot):
    game = pelit.load("huutopussi")
    me, = table(browser, own_server, "huutopussi", seed=2)
    p = me.page
    p.wait_for_selector("#banner:has-text('You & bot 2')")
    phone = Seat(browser, own_server, me.tid, 0, me.token, viewport=PHONE)
    checked = False
    for _ in range(60):
        me.dismiss_summary()
        if not me.my_turn():
            p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'"
                                " || document.querySelector('#summary[open]') !== null")
            continue
        if p.locator("#trick .play").count() and p.locator("#hand .card.playable").count():
            # in play: the contract in the banner; a card played by clicking it
            assert "contract" in p.inner_text("#banner")
            phone.page.wait_for_selector("#trick .play")
            assert inside(phone.page, "#trick") and inside(phone.page, "#hand")
            shot(p, "huutopussi-desktop-trick")
            shot(phone.page, "huutopussi-phone-trick")
            card = p.locator("#hand .card.playable").first
            text = card.get_attribute("data-card")
            watch(p, f"#trick .play.at-bottom [data-card='{text}']")
            me.click(card)
            seen(p)
            checked = True
            break
        me.act()
    assert checked, "no trick came to be played"
    assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    phone.close()
    me.close()
