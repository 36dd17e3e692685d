"""Boards in a real browser (issue 16): Hex against a bot, played by clicking
cells, with the last move marked and the winning chain drawn; the banner
"connection lost" while the server is down, gone when it is back, and the
match goes on.  Beginners' Go on its lines, the last stone marked."""

from __future__ import annotations

import pelit
from serverkit import Server

from tablekit import PHONE, Seat, assert_fields_hidden, play, table, view_of


def test_hex_last_move_chain_and_the_connection_banner(browser, own_server, shot):
    me = table(browser, own_server, "hex", seed=5)[0]
    p = me.page
    cell = p.locator("polygon.cell.playable").first
    name = cell.get_attribute("data-cell")
    me.click(cell)
    # the last stone is marked (mine, or the bot's answer right after it)
    p.wait_for_selector("circle.lastmove")
    assert p.locator("circle.lastmove").count() == 1
    shot(p, "hex-desktop-play")
    # the server goes away: the page says so; it comes back: the banner goes
    assert p.locator("#conn.hidden").count() == 1
    own_server.stop()
    p.wait_for_selector("#conn:not(.hidden)")
    assert "Connection lost" in p.inner_text("#conn")
    shot(p, "hex-desktop-connection-lost")
    back = Server(own_server.db, bot_delay=0.05, port=own_server.port).start()
    try:
        p.wait_for_selector("#conn", state="hidden", timeout=20000)
        assert p.locator(f"polygon[data-cell='{name}']").get_attribute("fill") != "#f3e6c4"
        play([me])
        p.wait_for_selector("#result")
        # the winning chain is drawn on the board
        assert p.locator("polygon.chain").count() >= 7
        shot(p, "hex-desktop-won")
        me.close()
    finally:
        back.stop()


def test_go_on_the_lines_with_the_last_stone_marked(browser, own_server, shot):
    game = pelit.load("go")
    me, = table(browser, own_server, "go", seed=9)
    p = me.page
    for _ in range(3):
        cell = p.locator(".squareboard.go .sq.playable").first
        me.click(cell)
        p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'")
    assert p.locator(".stone.last").count() == 1
    assert p.locator("#banner, .info").first.is_visible()
    assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    shot(p, "go-desktop")
    phone = Seat(browser, own_server, me.tid, 0, me.token, viewport=PHONE)
    shot(phone.page, "go-phone")
    phone.close()
    me.close()
