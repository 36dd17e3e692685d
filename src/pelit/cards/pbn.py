"""Portable Bridge Notation (PBN 2.1): writing and reading bridge deals.

Seats are 0..3 = North, East, South, West.  A deal is written
``[Deal "N:AKQ.JT9.876.5432 ..."]``: the hands clockwise from the named seat,
each as spades.hearts.diamonds.clubs, ranks high to low, ``T`` for ten.
The auction is written as calls (``1NT``, ``Pass``, ``X``, ``XX``) from the
dealer; the play as one line per trick, one column per seat from the opening
leader, cards written suit first (``SA``).

Only the tags and sections bridge needs are read: Board, Dealer, Vulnerable,
Deal, Declarer, Contract, Result, Auction, Play; others are kept as text.
"""

from __future__ import annotations

import re

from ..core.errors import ParseError
from .deck import SUITS, ids

SEAT_LETTERS = "NESW"
VUL_TEXT = {(False, False): "None", (True, False): "NS", (False, True): "EW",
            (True, True): "All"}
_VUL_READ = {"none": (False, False), "love": (False, False), "-": (False, False),
             "ns": (True, False), "ew": (False, True), "all": (True, True),
             "both": (True, True)}
PBN_RANKS = "AKQJT98765432"


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat]


def seat_of(letter: str) -> int:
    key = letter.strip().upper()[:1]
    if key not in SEAT_LETTERS or not key:
        raise ParseError(f"{letter!r} is not a seat (N, E, S or W)")
    return SEAT_LETTERS.index(key)


def hand_text(hand: int, deck) -> str:
    """One hand as ``AKQ.JT9.876.5432`` (spades.hearts.diamonds.clubs)."""
    parts = []
    for s in range(4):
        cards = sorted(ids(hand & deck.suit_mask[s]), key=lambda c: -deck.rank_of[c])
        parts.append("".join(deck.text_of[c][:-1] for c in cards))
    return ".".join(parts)


def deal_text(hands, deck, first: int = 0) -> str:
    """The Deal tag's value: hands clockwise from seat ``first``."""
    return f"{SEAT_LETTERS[first]}:" + " ".join(hand_text(hands[(first + i) % 4], deck)
                                                  for i in range(4))


def parse_deal(text: str, deck) -> list[int]:
    """The four hands (by seat) from a Deal tag's value.  A hand given as
    ``-`` is filled with the cards nobody else holds."""
    text = text.strip()
    if len(text) < 2 or text[1] != ":":
        raise ParseError(f"a PBN deal starts with a seat and a colon, like 'N:', not {text[:8]!r}")
    first = seat_of(text[0])
    parts = text[2:].split()
    if len(parts) != 4:
        raise ParseError("a PBN deal has four hands")
    hands = [0, 0, 0, 0]
    missing = None
    for i, part in enumerate(parts):
        seat = (first + i) % 4
        if part == "-":
            missing = seat
            continue
        suits = part.split(".")
        if len(suits) != 4:
            raise ParseError(f"hand {part!r} does not have four suits")
        for s, ranks in enumerate(suits):
            for r in ranks.upper():
                if r not in PBN_RANKS:
                    raise ParseError(f"{r!r} is not a rank in hand {part!r}")
                card = deck.parse(r + SUITS[s])
                if any((h >> card) & 1 for h in hands) or (hands[seat] >> card) & 1:
                    raise ParseError(f"{r}{SUITS[s]} appears twice in the deal")
                hands[seat] |= 1 << card
    if missing is not None:
        taken = hands[0] | hands[1] | hands[2] | hands[3]
        hands[missing] = deck.all_mask & ~taken
    if any(h.bit_count() != 13 for h in hands):
        raise ParseError("every hand of a PBN deal must hold 13 cards")
    return hands


def pack_for(hands, first: int, deck) -> list[int]:
    """A pack (top card first) that, dealt one card at a time from seat
    ``first`` clockwise, gives each seat its hand."""
    piles = [sorted(ids(h), key=lambda c: -deck.rank_of[c]) for h in hands]
    pack = []
    for i in range(13):
        for k in range(4):
            pack.append(piles[(first + k) % 4][i])
    return pack


def call_text(call: str) -> str:
    """Our call text (``bid 1nt``, ``pass``, ``double``) in PBN (``1NT``, ``Pass``, ``X``)."""
    if call == "pass":
        return "Pass"
    if call == "double":
        return "X"
    if call == "redouble":
        return "XX"
    return call.split()[-1].upper()


def call_action(token: str) -> str:
    """A PBN call token as our action text."""
    t = token.strip().upper()
    if t == "PASS":
        return "pass"
    if t == "X":
        return "double"
    if t == "XX":
        return "redouble"
    if re.fullmatch(r"[1-7](C|D|H|S|NT)", t):
        return "bid " + t.lower()
    raise ParseError(f"{token!r} is not a PBN call")


def card_pbn(text: str) -> str:
    """``QS`` -> ``SQ``."""
    return text[-1] + text[:-1]


def card_ours(token: str) -> str:
    """``SQ`` -> ``QS``."""
    t = token.strip().upper()
    if len(t) != 2 or t[0] not in SUITS or t[1] not in PBN_RANKS:
        raise ParseError(f"{token!r} is not a PBN card")
    return t[1] + t[0]


def write_game(tags: list[tuple[str, str]], auction: tuple[int, list[str]] | None = None,
               play: tuple[int, list[list[str]]] | None = None) -> str:
    """One PBN game: tags in order, then the Auction and Play sections.
    ``auction`` is (dealer, call texts); ``play`` is (leader, tricks as lists
    of our card text in seat order from the leader, ``-`` for none)."""
    lines = []
    for name, value in tags:
        lines.append(f'[{name} "{value}"]')
        if name == "Auction" and auction is not None:
            calls = [call_text(c) for c in auction[1]]
            for i in range(0, len(calls), 4):
                lines.append(" ".join(calls[i:i + 4]))
        if name == "Play" and play is not None:
            for trick in play[1]:
                lines.append(" ".join("-" if c == "-" else card_pbn(c) for c in trick))
    return "\n".join(lines) + "\n"


def read_games(text: str) -> list[dict]:
    """Each game in a PBN file as ``{"tags": {name: value}, "auction": [tokens],
    "play": [[tokens per trick]]}``."""
    games: list[dict] = []
    current = None
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("%") or line.startswith(";"):
            if not line and current is not None and current["tags"]:
                games.append(current)
                current = None
                section = None
            continue
        line = re.sub(r"\{[^}]*\}", " ", line).strip()
        if not line:
            continue
        m = re.fullmatch(r'\[(\w+)\s+"(.*)"\]', line)
        if m:
            if current is None:
                current = {"tags": {}, "auction": [], "play": []}
            name, value = m.group(1), m.group(2)
            current["tags"][name] = value
            section = name if name in ("Auction", "Play") else None
            continue
        if line.startswith("["):
            raise ParseError(f"cannot read PBN tag line {line!r}")
        if current is None or section is None:
            raise ParseError(f"PBN text outside a section: {line!r}")
        tokens = [t for t in line.split() if not re.fullmatch(r"=\d+=|\$\d+|[!?]+|\*", t)]
        if section == "Auction":
            current["auction"].extend(tokens)
        else:
            current["play"].append(tokens)
    if current is not None and current["tags"]:
        games.append(current)
    return games


def vul_text(vul: tuple[bool, bool]) -> str:
    return VUL_TEXT[tuple(vul)]


def parse_vul(text: str) -> tuple[bool, bool]:
    key = text.strip().lower()
    if key not in _VUL_READ:
        raise ParseError(f"{text!r} is not a PBN vulnerability (None, NS, EW, All)")
    return _VUL_READ[key]
