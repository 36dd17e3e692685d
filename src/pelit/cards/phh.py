"""The poker hand history format (PHH), the TOML files pokerkit reads.

A PHH file is TOML: ``variant`` (``"FT"`` fixed-limit, ``"NT"`` no-limit
Texas hold'em), ``antes``, ``blinds_or_straddles`` and ``starting_stacks``
(one entry per player, p1 first: the player left of the button),
``small_bet``/``big_bet`` or ``min_bet``, and ``actions``: ``"d dh p1 AcKd"``
(pocket cards dealt, ``????`` unknown), ``"d db 7h8s9c"`` (common cards),
``"p2 f"`` (fold), ``"p2 cc"`` (check or call), ``"p2 cbr 8"`` (bet or raise
to 8), ``"p1 sm AcKd"`` (shown at the reveal).  Optional fields used here:
``hand``, ``seats``, ``seat_count``, ``finishing_stacks``; fields of our own
start with an underscore, as the format asks.  Card text is rank then suit
letter in lower case (``Ts``); two packs simply repeat a card's text.

This module only reads and writes the text; the game turns it into play
(``games.texas_holdem.to_phh`` and ``from_phh``).
"""

from __future__ import annotations

import tomllib

from ..core.errors import ParseError

_RANK = "23456789TJQKA"
_SUIT = "shdc"                  # the pack's suit order S H D C


def cards_text(deck, cards) -> str:
    """Card ids as PHH card text, run together (``AcKd``)."""
    return "".join(_RANK[deck.rank_of[c] - 2] + _SUIT[deck.suit_of[c]] for c in cards)


def parse_cards(deck, text: str, used: int = 0) -> list[int]:
    """PHH card text to ids of ``deck``: for each card the first copy not in
    ``used`` nor taken earlier in the text.  ``????`` (unknown cards) gives
    no ids."""
    if set(text) <= {"?"}:
        return []
    if len(text) % 2:
        raise ParseError(f"{text!r} is not PHH card text (rank and suit letter each)")
    out = []
    for i in range(0, len(text), 2):
        rank, suit = text[i].upper(), text[i + 1].lower()
        if rank not in _RANK or suit not in _SUIT:
            raise ParseError(f"{text[i:i + 2]!r} is not a PHH card")
        for c in deck.copies_of(rank + suit.upper()):
            if not (used >> c) & 1:
                used |= 1 << c
                out.append(c)
                break
        else:
            raise ParseError(f"{text[i:i + 2]} is dealt more often than the pack holds it")
    return out


def player_index(word: str) -> int:
    """``p3`` to seat index 2."""
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or int(word[1:]) < 1:
        raise ParseError(f"{word!r} is not a PHH player (p1, p2, ...)")
    return int(word[1:]) - 1


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return "'" + v + "'" if "'" not in v else '"' + v.replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    raise TypeError(f"no PHH form for {v!r}")


def dumps(record: dict) -> str:
    """A record (field name to int, bool, str or list) as PHH text."""
    return "".join(f"{k} = {_value(v)}\n" for k, v in record.items() if v is not None)


def loads(text: str) -> dict:
    try:
        record = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ParseError(f"not a PHH file: {exc}") from None
    for name in ("variant", "starting_stacks", "blinds_or_straddles", "actions"):
        if name not in record:
            raise ParseError(f"the PHH hand lacks its {name!r} field")
    return record
