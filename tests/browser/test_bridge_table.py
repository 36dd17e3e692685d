"""Bridge in a real browser: in play, the play record shows the dummy, the
trick and the tricks won, not the engine's hand numbers or void bitmasks."""

from __future__ import annotations

import pelit
from test_browser import Person


def test_bridge_play_record_without_engine_numbers(browser, own_server, shot):
    game = pelit.load("bridge")
    host = Person(browser, own_server, seed=11)
    host.create("bridge", dict(game.test_options))
    host.sit(0, "Ann")
    host.page.click("#fill-bots")
    host.page.wait_for_selector("#start:not([disabled])")
    host.page.click("#start")
    host.page.wait_for_selector("#felt")
    for _ in range(60):
        if "dummy" in host.page.inner_text("#felt").lower() or host.over():
            break
        if host.my_turn():
            # in the auction Ann bids (never passes), so the board is played
            bids = host.page.locator("#actions select[data-verb='bid'] + button")
            if bids.count():
                version = host.data("version")
                bids.first.click()
                host.page.wait_for_function(
                    f"() => document.getElementById('app').dataset.version !== '{version}'")
            else:
                host.click_something()
        else:
            host.page.wait_for_timeout(50)
    felt = host.page.inner_text("#felt").lower()
    assert "dummy" in felt, "the deal never reached the play"
    shot(host.page, "bridge-play")
    for raw in ("voids", "declarer hand", "hand to play", "dummy hand:"):
        assert raw not in felt
    host.close()
