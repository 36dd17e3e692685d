"""Believe or Doubt in a real browser (000 ch. 29): the answerer types an
answer in a text box (web layout ``text_actions``), and the table sees it,
then the printed answer once the announcements are over."""

from __future__ import annotations

from test_browser import Person


def test_believe_or_doubt_answer_is_typed(browser, own_server, shot):
    host = Person(browser, own_server, seed=3)
    host.create("believe-or-doubt", {"target": 3})
    host.sit(0, "Ann")
    host.page.click("#fill-bots")
    host.page.wait_for_selector("#start:not([disabled])")
    host.page.click("#start")
    box = host.page.locator("input[data-text-verb='answer']")
    box.wait_for()
    version = host.data("version")
    box.fill("Canberra")
    box.press("Enter")
    host.page.wait_for_function(
        f"() => document.getElementById('app').dataset.version !== '{version}'")
    # the bots announce; then the card's answer stands beside the typed one
    host.page.wait_for_selector("#log:has-text('the card says')", timeout=20000)
    shot(host.page, "believe-or-doubt-typed-answer")
    # the typed answer is in the log (the table may be on the next question already)
    assert "Canberra" in host.page.inner_text("#log")
