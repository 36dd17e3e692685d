"""The deal at the table (``cards.table_text.dealt_line``) in the card games
that use it: one line in words, the cards for the one dealt them, the count
only as the others saw it (no raw 'dealt count N' fields)."""

from __future__ import annotations

import pytest

import pelit

SUITS = "♠♥♦♣"


@pytest.mark.parametrize("gid, count", [
    ("fireplace-poker", 13),      # 18.3: thirteen cards each
    ("chinese-poker", 13),        # 20: all 52 among four
    ("stop-the-bus", 3),          # Setup: three cards each
    ("commune", 1),               # Setup: four less the three tokens
])
def test_the_deal_reads_as_words_and_shows_the_cards_only_to_their_holder(gid, count):
    game = pelit.load(gid)
    s = game.new_state(seed=3)
    first = next(e for e in s.events if e.kind == "dealt")
    seat = first.seat
    plural = "s" if count != 1 else ""
    mine = game.describe_event(first.for_seat(seat))
    assert mine.startswith(f"seat {seat} is dealt {count} card{plural}: ")
    assert sum(mine.count(x) for x in SUITS) == count
    other = game.describe_event(first.for_seat((seat + 1) % 2))
    assert other in (None, f"seat {seat} is dealt {count} card{plural}")
