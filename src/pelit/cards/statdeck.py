"""Stat-card packs (Top Trumps style): every card has a figure in several
categories, and some cards lack some figures.

A ``StatDeck`` offers the part of ``cards.deck.Deck`` the engine uses (``size``,
``all_mask``, ``text_of``, ``text``, ``texts``, ``copies_of``, ``parse``,
``parse_many``, ``parse_pack``) so games, action spaces, records and the test
suites treat its cards like any other: card ids are ints, hands are bitmasks,
a card's text is its one-word name (case-insensitive on input); copies
of one card share the name.

``stat[category][card]`` is the figure or ``None``; ``has[category]`` is the
mask of cards that have a figure there.  Packs ship as JSON beside this
module; ``stat_deck("airships")`` loads one once.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ..core.errors import ParseError
from .deck import ids


class StatDeck:
    __slots__ = ("name", "title", "about", "size", "all_mask", "text_of", "names",
                 "categories", "units", "stat", "has", "about_of", "_by_text")

    def __init__(self, name: str, data: dict):
        self.name = name
        self.title = data["name"]
        self.about = data.get("about", "")
        cards = data["cards"]
        self.size = len(cards)
        self.all_mask = (1 << self.size) - 1
        self.text_of = tuple(c["name"].upper() for c in cards)
        if any(" " in t or not t for t in self.text_of):
            raise ValueError(f"{name}: card names must be single words")
        self.names = self.text_of
        self.about_of = tuple(c.get("about", "") for c in cards)
        self.categories = tuple(c["id"] for c in data["categories"])
        self.units = {c["id"]: c.get("unit", "") for c in data["categories"]}
        self.stat = {cat: tuple(c["stats"].get(cat) for c in cards) for cat in self.categories}
        self.has = {cat: sum(1 << i for i, v in enumerate(self.stat[cat]) if v is not None)
                    for cat in self.categories}
        by_text: dict[str, list[int]] = {}
        for i, t in enumerate(self.text_of):
            by_text.setdefault(t, []).append(i)
        self._by_text = {t: tuple(v) for t, v in by_text.items()}   # copies share a name

    def __repr__(self):
        return f"<StatDeck {self.name}: {self.size} cards>"

    def text(self, card: int) -> str:
        return self.text_of[card]

    def texts(self, mask_or_ids) -> str:
        cards = ids(mask_or_ids) if isinstance(mask_or_ids, int) else mask_or_ids
        return " ".join(self.text_of[c] for c in cards)

    def copies_of(self, text: str) -> tuple[int, ...]:
        found = self._by_text.get(text.strip().upper())
        if found is None:
            raise ParseError(f"{text!r} is not a card of the {self.title} pack")
        return found

    def parse(self, text: str, among: int | None = None) -> int:
        """The id of the card ``text``; with ``among``, a copy held in that mask."""
        copies = self.copies_of(text)
        if among is None:
            return copies[0]
        for card in copies:
            if (among >> card) & 1:
                return card
        raise ParseError(f"{self.text_of[copies[0]]} is not among those cards")

    def parse_many(self, text: str, among: int | None = None) -> list[int]:
        """Card names to distinct ids (copies of one name taken in order)."""
        used, out = 0, []
        for token in text.replace(",", " ").split():
            pool = self.all_mask if among is None else among
            card = self.parse(token, pool & ~used)
            used |= 1 << card
            out.append(card)
        return out

    def parse_pack(self, text: str) -> list[int]:
        cards = self.parse_many(text)
        if len(cards) != self.size:
            raise ParseError(f"a stacked {self.title} pack needs all {self.size} cards, "
                             f"got {len(cards)}")
        return cards

    def describe(self, card: int) -> str:
        figs = ", ".join(f"{cat} {'-' if self.stat[cat][card] is None else self.stat[cat][card]}"
                         for cat in self.categories)
        return f"{self.text_of[card]} ({figs})"


@lru_cache(maxsize=None)
def stat_deck(name: str = "airships") -> StatDeck:
    """A shipped pack, loaded once: ``airships`` (Airships of the Northern Skies)."""
    files = {"airships": "top_trumps_airships.json"}
    if name not in files:
        raise ValueError(f"unknown stat pack {name!r}; known: {', '.join(files)}")
    text = resources.files("pelit.cards").joinpath(files[name]).read_text()
    return StatDeck(name, json.loads(text))
