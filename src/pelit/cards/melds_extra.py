"""More shared pieces of the Canasta family: meld action text.

``cards/melds.py`` holds the core machinery (point tables, canasta kinds,
opening zones); this module adds what Triple Play and the 2x54 rule sheet's
Canasta both need besides: reading meld, add and take text typed with
suits or ``10`` as the rank words their actions use.
"""

from __future__ import annotations

from ..core.errors import ParseError
from .deck import JOKER_RANK, RANK_TEXT, normalize_card_text

RANK_WORD = {r: RANK_TEXT[r].lower() for r in range(2, 16)}
RANK_OF_WORD = {w: r for r, w in RANK_WORD.items()}


def normalize_meld_text(text: str, group_words=("wilds",)) -> str:
    """Meld action text with suits or ``10`` turned into rank words.

    ``meld 7S 7H 2D`` becomes ``meld 7 7 2``; ``take pile with 10S 10H`` becomes
    ``take pile with t t``; ``add JK to 10s`` becomes ``add jk to ts``.  Ranks
    are put in the canonical order: natural cards high to low, then twos,
    then jokers.  Text that is not a meld, add or take is returned as it is;
    ``group_words`` are meld names allowed after ``to`` besides ``<rank>s``.
    """
    words = text.strip().split()
    if not words:
        return text
    verb = words[0].lower()
    if verb not in ("meld", "add", "take"):
        return text
    head, body, tail = [verb], words[1:], []
    if verb == "take":
        if len(body) >= 2 and body[0].lower() == "pile" and body[1].lower() == "with":
            head += ["pile", "with"]
            body = body[2:]
        else:
            return text
    if verb == "add":
        low = [w.lower() for w in body]
        if "to" in low:
            k = low.index("to")
            body, tail = body[:k], [w.lower() for w in body[k:]]
            if len(tail) == 2 and tail[1] == "10s":
                tail = ["to", "ts"]
            if len(tail) == 2 and tail[1] not in group_words and tail[1].endswith("s"):
                tail = ["to", _rank_word(tail[1][:-1], text) + "s"]
    ranks = [RANK_OF_WORD[_rank_word(w, text)] for w in body]
    ranks.sort(key=lambda r: (r in (2, JOKER_RANK), r == JOKER_RANK, -r))
    return " ".join(head + [RANK_WORD[r] for r in ranks] + tail)


def _rank_word(word: str, text: str) -> str:
    u = word.upper()
    if u in ("JK", "JOKER"):
        return "jk"
    if u == "10":
        return "t"
    if u.lower() in RANK_OF_WORD:
        return u.lower()
    if len(u) >= 2:
        try:
            return normalize_card_text(u)[:-1].lower()
        except ParseError:
            pass
    raise ParseError(f"{word!r} in {text.strip()!r} is not a rank or a card "
                     f"(e.g. 7, t, jk, 7S)")
