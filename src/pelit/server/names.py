"""Names people sit down with: normalised, bounded in width, one per table.

A name is shown in every seat box of the table, on phones too, so it is
bounded by the width it takes on screen rather than by its length in code
points: a wide character (CJK, most emoji) takes two columns, a combining
mark none.  Control and formatting characters (a right-to-left override,
zero-width joiners, line breaks) would let one name rearrange the text around
it or hide itself, so they are refused; runs of spaces become one space.
Two seats of a table may not hold names that read the same (compared after
NFKC and case folding, so "Anna" and "ＡＮＮＡ" are one name).
"""

from __future__ import annotations

import unicodedata

NAME_WIDTH = 20        # columns on screen
MARKS_PER_LETTER = 2   # combining marks one character may carry (no "zalgo" towers)
# categories never allowed: controls, formatting (bidi overrides, zero-width
# characters), surrogates, private use, unassigned, line and paragraph separators
REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
SPACES = {"\t", "\n", "\r"}


class NameError_(ValueError):
    """A name that cannot be used; the message says why."""


def width(text: str) -> int:
    """Columns ``text`` takes on screen."""
    cols = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            continue
        cols += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return cols


def clean_name(raw) -> str:
    """The name as it will be shown, or ``NameError_`` saying what is wrong."""
    if not isinstance(raw, str):
        raise NameError_("give a name to sit down")
    text = unicodedata.normalize("NFC", raw)
    marks = 0
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in SPACES or cat == "Zs":
            marks = 0
            continue
        if cat in REFUSED:
            raise NameError_(f"a name may not hold control or formatting characters "
                             f"(U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')})")
        if cat in ("Mn", "Me"):
            marks += 1
            if marks > MARKS_PER_LETTER:
                raise NameError_(f"a letter may carry at most {MARKS_PER_LETTER} accents")
        else:
            marks = 0
    name = " ".join(text.replace("\t", " ").replace("\n", " ").replace("\r", " ").split())
    if not name:
        raise NameError_("give a name to sit down")
    if width(name) > NAME_WIDTH:
        raise NameError_(f"a name may be at most {NAME_WIDTH} columns wide "
                         f"(wide letters count two); this one takes {width(name)}")
    return name


def name_key(name: str) -> str:
    """What two names are compared by: the same key means the same name."""
    return unicodedata.normalize("NFKC", name).casefold()
