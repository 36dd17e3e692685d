"""The games' own sentences at the terminal: they are written of "seat N";
the viewer's own seat reads "You" and the verb and possessive agree with it,
as at the web table (tests/browser/test_words.py runs the same cases there)."""

from __future__ import annotations

import pytest

from pelit.cli.render import describe_event, named_seats, you_agree
from pelit.core.registry import load

from tests.browser.test_words import CASES


@pytest.mark.parametrize("text, want", CASES)
def test_you_agrees_with_its_verb(text, want):
    assert you_agree(text) == want


@pytest.mark.parametrize("text, me, want", [
    ("seat 0 plays QS", 0, "You play QS"),
    ("seat 0 plays QS", 1, "seat 0 plays QS"),               # another's seat keeps its number
    ("seat 1 takes seat 0's card", 0, "seat 1 takes your card"),
    ("team 0 (seats 0 and 2) wins", 2, "team 0 (Seat 0 and You) wins"),
    ("seats 1, 0 and 2 pass", 0, "Seat 1, You and Seat 2 pass"),
    ("seats 0+2: 1815", 0, "seats 0+2: 1815"),               # a side's name stays whole
    ("seat 0 plays QS", None, "seat 0 plays QS"),            # a spectator
    ("seat 7 plays", 0, "seat 7 plays"),
])
def test_own_seat_is_you(text, me, want):
    assert named_seats(text, me, 4) == want


def test_a_games_event_line_names_the_viewer_you():
    game = load("texas-holdem")
    event = {"kind": "big_blind", "seat": 0, "chips": 2}
    assert describe_event(game, event, 0, players=2).plain == "You post the big blind of 2"
    assert describe_event(game, event, 1, players=2).plain == "seat 0 posts the big blind of 2"
