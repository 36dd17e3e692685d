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
    for raw in ("voids", "declarer hand", "hand to play", "dummy hand:", "[false"):
        assert raw not in felt
    # the contract is text, not a card; vulnerability is said per partnership
    assert not host.page.locator("[data-zone='contract']").count()
    assert host.page.inner_text("[data-key='contract']").startswith("contract:")
    assert "ann & bot 2 no" in host.page.inner_text("[data-key='vulnerable']").lower()
    # seats by name: the calls, the declarer, the tricks each seat won, the log
    assert host.page.inner_text("[data-key='calls'] td").strip() in ("Ann", "bot 1", "bot 2", "bot 3")
    assert host.page.inner_text("[data-key='declarer']").split(":")[1].strip() in ("Ann", "bot 1", "bot 2", "bot 3")
    assert "[0, 0, 0, 0]" not in felt and "ann 0 · bot 1 0" in felt
    assert "declarer 0" not in host.page.inner_text("#log")
    host.close()
