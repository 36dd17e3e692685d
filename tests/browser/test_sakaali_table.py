"""The Sakaali eight-player table in a real browser (issue 12): eight seats at
two tables, a person at table 2 playing by clicking, the other table hidden
until the end, then every table's result."""

from __future__ import annotations

from test_browser import Person, play_until_over


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
    # the board text says where this seat sits and that the other table is hidden
    page.wait_for_selector("text=You are at table 2 (seats 4, 5, 6, 7).")
    assert "stays hidden until the match is over" in page.inner_text("body")
    shot(page, "sakaali-8-table-2")
    # eight cards at each of the two tables (a click that raced a bot of the
    # other table is tried again, so there may be a few more)
    clicks = play_until_over([me], limit=40)
    assert clicks >= 16
    page.wait_for_selector("#result")
    body = page.inner_text("body")
    assert "team A" in body and "team B" in body
    shot(page, "sakaali-8-result")
    me.close()
