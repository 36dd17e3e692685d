"""Sakaali in a real browser (issues 12, 16).  For four: the cards each seat
laid in a row in front of it, what each says, the deal's summary that waits
and the score sheet.  For eight: seats at two tables, a person at table 2
playing by clicking, the other table hidden until the end, then every
table's result."""

from __future__ import annotations

import pelit

from tablekit import assert_fields_hidden, play, table, view_of
from test_browser import Person, play_until_over


def test_sakaali_rows_signals_summary_and_sheet(browser, own_server, shot):
    game = pelit.load("sakaali")
    me, = table(browser, own_server, "sakaali", seed=6)
    p = me.page
    p.wait_for_selector("#banner:has-text('You & bot 2')")
    play([me], until=lambda: me.summary_open())
    summary = p.inner_text("#summary")
    assert "Deal 1 is over" in summary and "You & bot 2" in summary
    shot(p, "sakaali-desktop-summary")
    me.dismiss_summary()
    # each seat's row of laid cards was in front of it, with what it says
    p.click("#sheet-btn")
    p.wait_for_selector("#sheet-dlg[open]")
    assert p.locator("#sheet-dlg #sheet tbody tr").count() == 1
    p.click("#sheet-close")
    if not me.over():
        play([me], until=lambda: p.locator(".seat[data-seat='1'] .seatcards .card").count() > 0)
        assert p.locator(".seat[data-seat='1'] [data-key='signals']").count() == 1
        shot(p, "sakaali-desktop-rows")
        assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    me.close()


def test_sakaali_for_eight_with_seven_bots(browser, own_server, shot):
    me = Person(browser, own_server, seed=8)
    me.create("sakaali-8", {"deals": 1})
    me.sit(5, "Dana")
    me.page.click("#fill-bots")
    me.page.wait_for_selector(".seatrow:has-text('bot 7 (heuristic)')")
    me.page.click("#start")
    me.page.wait_for_selector("#hand .card")
    page = me.page
    assert page.locator(".seat[data-seat]").count() == 8
    # the board text says where this seat sits (by the table's names) and
    # that the other table is hidden
    page.wait_for_selector("text=You are at table 2 (bot 4, You, bot 6 and bot 7).")
    assert "stays hidden until the match is over" in page.inner_text("body")
    shot(page, "sakaali-8-table-2")
    # eight cards at each of the two tables (a click that raced a bot of the
    # other table is tried again, so there may be a few more)
    clicks = play_until_over([me], limit=40)
    assert clicks >= 16
    page.wait_for_selector("#result")
    me.dismiss_summary()
    body = page.inner_text("body")
    assert "team A" in body and "team B" in body
    shot(page, "sakaali-8-result")
    me.close()
