"""The layout table in a real browser (issue 16): Cactus against a bot.  The
layouts are rows of face-down slots (backs, never faces, not even the own:
a card seen once is shown once), acted on by clicking a slot and then the
verb; the whole match is read from the page and held against the engine."""

from __future__ import annotations

import pelit

from tablekit import PHONE, Seat, assert_fields_hidden, check_dom_cards, play, table, view_of


def test_cactus_slots_are_backs_and_the_page_never_shows_a_hidden_card(browser, server, shot):
    game = pelit.load("cactus")
    me, = table(browser, server, "cactus", seed=2)
    p = me.page
    p.wait_for_selector(".slots .slot")
    assert p.locator(".seat[data-seat='0'] .slots .slot").count() == 4
    assert p.locator(".slots [data-card]").count() == 0        # face down, every one
    assert_fields_hidden(p, game, view_of(server, game, me.tid, 0, me.token))
    phone = Seat(browser, server, me.tid, 0, me.token, viewport=PHONE)
    shot(phone.page, "cactus-phone")
    phone.close()
    # a slot is chosen, then the verb: the slot lights up, the verbs name it
    me.sample()
    while not p.locator(".slot.playable").count():
        me.dismiss_summary()
        me.act() if me.my_turn() else p.wait_for_function(
            "() => document.getElementById('app').dataset.myturn === 'yes'")
        me.sample()
    slot = p.locator(".seat[data-seat='0'] .slot.playable").first
    number = slot.get_attribute("data-slot")
    slot.click()
    p.wait_for_selector(f".slot.selected[data-slot='{number}']")
    assert all(b.get_attribute("data-action").endswith(f" {number}")
               for b in p.locator("#verbs button.verb").all())
    shot(p, "cactus-desktop-slot-chosen")
    p.click("#verbs button.clear")
    play([me], sample=True)
    p.wait_for_selector("#result")
    me.dismiss_summary()
    shot(p, "cactus-desktop-result")
    record = server.ok("GET", f"/api/tables/{me.tid}/record")
    check_dom_cards(game, record, me.samples, 0)
    me.close()
