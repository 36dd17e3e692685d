"""Which fields of a view or an event hold a seat number (``dealer``,
``last_capturer``, ...) or a list of seats (``play_order``, ``passed``), so
the terminal and the web table can name the seats.

A game's ``render_hints`` adjust the guess: ``seat_fields`` lists more keys
that hold a seat, ``table`` keys that never do; ``seat_lists`` more keys
that hold a list of seats."""

from __future__ import annotations

SEAT_WORDS = ("dealer", "capturer", "leader", "declarer", "winner", "bidder", "caller",
              "maker", "seat", "starter", "opener", "taker", "loser", "doubter", "claimant",
              "won_by")
# keys of lists of seats: a play order, the seats that passed, a match's winners
SEAT_LIST_WORDS = ("_order", "passed", "seats", "winners")


def is_seat_field(hints: dict, key: str, value) -> bool:
    if not isinstance(value, int) or isinstance(value, bool):
        return False        # a seat is a number: None (nobody yet) is a dash
    if key in hints.get("seat_fields", ()):
        return True
    if key in hints.get("table", ()):
        return False
    return any(word in key.lower() for word in SEAT_WORDS)


def is_seat_list(hints: dict, key: str, value) -> bool:
    if not isinstance(value, (list, tuple)) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return False
    if key in hints.get("seat_lists", ()):
        return True
    return any(word in key.lower() for word in SEAT_LIST_WORDS)


def seat_field_rules(hints: dict) -> dict:
    """The same rule as data, for the web client: a key holds a seat when it
    is in ``fields``, or is not in ``never`` and contains one of ``words``."""
    return {"words": list(SEAT_WORDS), "fields": list(hints.get("seat_fields", ())),
            "never": list(hints.get("table", ()))}
