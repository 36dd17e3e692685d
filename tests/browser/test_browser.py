"""Issue 5 in a real browser: create a table, invite a second browser, fill
seats with bots, play whole matches by clicking, reload mid-match and go on,
read the result, the published seed and packs, and step through the replay.
Issue 16: the page never shows a card the seat may not see (read from the
page, not the frames), the table chat is text and can be muted, and a
rematch seats everyone again."""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.core.records import check_record
from tablekit import check_dom_cards

GAMES = pelit.game_ids()
DESKTOP = {"width": 1100, "height": 900}
PHONE = {"width": 390, "height": 844}


class Person:
    """One browser profile (its own storage, so its own seat token)."""

    def __init__(self, browser, server, viewport=DESKTOP, seed=0):
        self.ctx = browser.new_context(viewport=viewport, base_url=server.url)
        self.page = self.ctx.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.rng = random.Random(seed)

    def close(self):
        self.ctx.close()
        assert not self.errors, self.errors

    def data(self, key):
        return self.page.evaluate(f"() => document.getElementById('app').dataset.{key} || ''")

    def create(self, game, options):
        p = self.page
        p.goto("/")
        p.select_option("#game", game)
        for name, value in options.items():
            p.fill(f"#opt-{name}", str(value))
            p.dispatch_event(f"#opt-{name}", "change")
        p.click("#create")
        p.wait_for_url("**/t/*")
        p.wait_for_selector("#seating")
        return p.url

    def sit(self, seat, name):
        p = self.page
        p.fill("#name", name)
        p.click(f"button.sit[data-seat='{seat}']")
        p.wait_for_selector(f"text=You sit at seat {seat}")

    def my_turn(self):
        return self.data("myturn") == "yes" and not self.page.locator("#summary[open]").count()

    def dismiss_summary(self):
        if self.page.locator("#summary[open]").count():
            self.page.click("#summary-ok")
            self.page.wait_for_selector("#summary", state="hidden")

    def sample(self):
        from tablekit import DOM_CARDS
        self.samples = getattr(self, "samples", [])
        self.samples.append(self.page.evaluate(DOM_CARDS))

    def over(self):
        return self.data("status") == "over"

    def click_something(self):
        """Click one legal thing (a card, a board cell or an action button)."""
        p = self.page
        version = self.data("version")
        targets = p.locator("#hand .card.playable, #middle .card.playable, "
                            "polygon.cell.playable, .sq.playable, #actions button.act")
        n = targets.count()
        assert n, "my turn, but nothing to click"
        targets.nth(self.rng.randrange(n)).click()
        try:
            p.wait_for_function(
                f"() => document.getElementById('app').dataset.version !== '{version}'",
                timeout=20000)
        except Exception:
            raise AssertionError(f"no new version after a click at {version}; page errors "
                                 f"{self.errors}; error line: "
                                 f"{p.locator('#error').all_inner_texts()}") from None


def play_until_over(people, reload_at=None, shot=None, name="", limit=2000, watchers=()):
    """Click until the match is over; each person's page (and each watcher's)
    is read after each click for the card faces it shows."""
    clicks = 0
    while not all(x.over() for x in people):
        moved = False
        for person in people:
            person.dismiss_summary()
            if person.my_turn() and not person.over():
                person.click_something()
                for x in (*people, *watchers):
                    x.sample()
                clicks += 1
                moved = True
                if clicks == reload_at:
                    if shot:
                        shot(person.page, f"{name}-before-reload")
                    person.page.reload()
                    person.page.wait_for_function(
                        "() => document.getElementById('app').dataset.version !== undefined")
        if not moved:            # bots act: wait until the table moves on
            version = people[0].data("version")
            people[0].page.wait_for_function(
                f"() => document.getElementById('app').dataset.version !== '{version}'"
                " || document.getElementById('app').dataset.myturn === 'yes'"
                " || document.getElementById('app').dataset.status === 'over'"
                " || document.querySelector('#summary[open]') !== null", timeout=30000)
        assert clicks < limit
    return clicks


def test_xeri_two_browsers_by_invite_reload_mid_match_then_result_and_replay(browser, server, shot):
    host = Person(browser, server, seed=1)
    friend = Person(browser, server, viewport=PHONE, seed=2)
    host.create("xeri", {"hands": 1})
    shot(host.page, "xeri-seating")
    host.sit(0, "Alice")
    invite = host.page.input_value("#invite")
    friend.page.goto(invite)
    friend.page.wait_for_selector("#seating")
    friend.sit(1, "Bob")
    host.page.wait_for_selector("#start:not([disabled])")
    host.page.click("#start")
    host.page.wait_for_selector("#hand .card")
    friend.page.wait_for_selector("#hand .card")
    assert host.page.locator("#hand .card").count() == 6
    # the other player's cards are backs with a count, never faces
    assert host.page.locator(".seat[data-seat='1'] .backs").count() == 1
    shot(host.page, "xeri-desktop-start")
    shot(friend.page, "xeri-phone-start")
    clicks = play_until_over([host, friend], reload_at=9, shot=shot, name="xeri")
    assert clicks == 48
    for person in (host, friend):
        person.page.wait_for_selector("#result")
    shot(host.page, "xeri-result")
    shot(friend.page, "xeri-phone-result")
    # the published seed and packs are the match's own
    tid = host.page.url.rsplit("/", 1)[1]
    record = server.ok("GET", f"/api/tables/{tid}/record")
    state = check_record(record)
    assert host.page.inner_text("#seed") == str(state.seed)
    assert host.page.locator(".pack").count() == len(state.packs)
    # neither page ever showed a card its seat could not see
    for person, seat in ((host, 0), (friend, 1)):
        check_dom_cards(pelit.load("xeri"), record, person.samples, seat)
        person.dismiss_summary()
    # replay: step to the start, one step on, then as seat 1 only
    p = host.page
    p.click("#replay-first")
    p.wait_for_selector("#replay-pos:has-text('0 / 48')")
    p.click("#replay-next")
    p.wait_for_selector("#replay-pos:has-text('1 / 48')")
    assert p.locator("#replay .replayview").count() == 2          # open: both seats
    p.select_option("#replay-seat", "1")
    p.wait_for_function("() => document.querySelectorAll('#replay .replayview').length === 1")
    p.wait_for_selector("#replay .replayview:has-text('seen by Bob')")
    shot(p, "xeri-replay")
    # the table chat: text, never HTML; a seat can be muted
    p.fill("#chat-text", "<b>well</b> played & thanks")
    p.press("#chat-text", "Enter")
    friend.page.wait_for_selector("#chatlog .msg:has-text('well')")
    line = friend.page.locator("#chatlog .msg .text").last
    assert line.inner_text() == "<b>well</b> played & thanks"
    assert friend.page.locator("#chatlog b:has-text('well')").count() == 0
    friend.page.check("input[data-mute='0']")
    friend.page.wait_for_selector("#chatlog:has-text('muted seats hidden')")
    assert friend.page.locator("#chatlog .msg").count() == 0
    shot(friend.page, "xeri-phone-chat-muted")
    # a rematch seats everyone again, at a new table with the same seats
    p.click("#rematch")
    for person in (host, friend):
        person.page.wait_for_url(lambda url: tid not in url)
        person.page.wait_for_selector("#hand .card")
    assert host.page.url == friend.page.url
    assert host.page.locator("#hand .card").count() == 6
    assert "Alice" in host.page.inner_text(".seat[data-seat='0']")
    assert "Bob" in host.page.inner_text(".seat[data-seat='1']")
    shot(friend.page, "xeri-phone-rematch")
    host.close()
    friend.close()


def test_xeri_against_a_bot_with_a_spectator(browser, server, shot):
    host = Person(browser, server, seed=3)
    watcher = Person(browser, server, seed=4)
    host.create("xeri", {"hands": 1})
    host.sit(0, "Carol")
    watcher.page.goto(host.page.input_value("#invite"))
    watcher.page.wait_for_selector("#seating")
    host.page.click("#fill-bots")
    host.page.wait_for_selector(".seatrow:has-text('bot 1 (heuristic)')")
    host.page.click("#start")
    watcher.page.wait_for_selector(".seat[data-seat='0'] .backs")
    assert watcher.page.locator("#hand").count() == 0          # a spectator has no hand
    clicks = play_until_over([host], reload_at=5, watchers=[watcher])
    assert clicks == 24
    watcher.page.wait_for_selector("#result")
    tid = host.page.url.rsplit("/", 1)[1]
    check_dom_cards(pelit.load("xeri"), server.ok("GET", f"/api/tables/{tid}/record"),
                    watcher.samples, None)
    shot(watcher.page, "xeri-spectator-result")
    host.close()
    watcher.close()


def test_lobby_and_rules_help_on_a_phone(browser, server, shot):
    person = Person(browser, server, viewport=PHONE)
    p = person.page
    p.goto("/")
    p.wait_for_selector("#create")
    shot(p, "lobby-phone")
    p.click("#rules-btn")
    p.wait_for_selector("dialog#rules[open]")
    assert pelit.load(p.input_value("#game")).info.summary[:40] in p.inner_text("#rules-body")
    shot(p, "rules-phone")
    person.close()


@pytest.mark.skipif("memory" not in GAMES, reason="memory is not registered")
def test_memory_is_played_on_a_grid_of_cards_and_the_log_does_not_remember(browser, server, shot):
    """Memory (003): the grid is drawn as cards clicked to flip them; a card
    turned back shows only as a back, and the log shows a flipped card's face
    once, as it happens, never again (nothing remembers for the person)."""
    host = Person(browser, server, seed=7)
    host.create("memory", {})
    host.sit(0, "Eve")
    host.page.click("#fill-bots")
    host.page.wait_for_selector("#start:not([disabled])")
    host.page.click("#start")
    host.page.wait_for_selector("[data-board] .cardcell")
    assert host.page.locator("[data-board] .cardcell").count() == 52
    for _ in range(8):
        if host.over():
            break
        if host.my_turn():
            host.click_something()
        else:
            host.page.wait_for_function(
                "() => document.getElementById('app').dataset.myturn === 'yes'"
                " || document.getElementById('app').dataset.status === 'over'")
    shot(host.page, "memory-grid")
    lines = host.page.locator("#log div").all_inner_texts()
    flips = [t for t in lines if " flip " in f" {t} "]
    assert len(flips) >= 2
    faced = [t for t in flips if any(s in t for s in "♠♥♦♣")]
    assert len(faced) <= 2, f"old flips still show their faces: {faced}"
    host.close()
