"""The games' sentences at the web table: they are written of "seat N", and
where one's own seat becomes "You" the verb and the possessive agree with it
(the log said "You posts the big blind", "You checks")."""

from __future__ import annotations

import pytest

CASES = [
    ("You posts the big blind of 2", "You post the big blind of 2"),
    ("You checks", "You check"),
    ("bot 2 raises; You calls", "bot 2 raises; You call"),
    ("You passes", "You pass"),
    ("You has no card of the suit", "You have no card of the suit"),
    ("You buys the widow for 3 chips", "You buy the widow for 3 chips"),
    ("bot 1 doubts You's claim, a pair of queens", "bot 1 doubts your claim, a pair of queens"),
    ("You's claim stands", "Your claim stands"),
    # untouched: "You" after a verb, a past tense, a verb already plural
    ("the lead passes to You", "the lead passes to You"),
    ("You won the trick", "You won the trick"),
    ("bot 1 and You win", "bot 1 and You win"),
]


@pytest.mark.parametrize("text, want", CASES)
def test_you_agrees_with_its_verb(browser, server, text, want):
    page = browser.new_page()
    try:
        page.goto(server.url + "/")
        got = page.evaluate(
            "async (t) => (await import('/static/model.js')).youAgree(t)", text)
    finally:
        page.close()
    assert got == want
