"""Stat-card packs (Top Trumps style): every card has a figure in several
categories, and some cards lack some figures.

A ``StatDeck`` offers the part of ``cards.deck.Deck`` the engine uses (``size``,
``all_mask``, ``text_of``, ``copies_of`` and the card text of
``cards.deck.CardText``) so games, action spaces, records and the test
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
from .deck import CardText, ids_by_text


class StatDeck(CardText):
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
        self._by_text = ids_by_text(self.text_of)   # copies share a name

    def __repr__(self):
        return f"<StatDeck {self.name}: {self.size} cards>"

    @property
    def pack_title(self) -> str:
        return self.title

    def copies_of(self, text: str) -> tuple[int, ...]:
        found = self._by_text.get(text.strip().upper())
        if found is None:
            raise ParseError(f"{text!r} is not a card of the {self.title} pack")
        return found

    def repeated(self, times: int) -> "StatDeck":
        """This pack ``times`` over as one pack: card ``c`` of the ``k``-th
        repeat is ``k * size + c`` (a duplicate match's tables)."""
        cards = [{"name": self.text_of[c], "about": self.about_of[c],
                  "stats": {cat: self.stat[cat][c] for cat in self.categories
                            if self.stat[cat][c] is not None}}
                 for c in range(self.size)]
        return StatDeck(self.name, {
            "name": self.title, "about": self.about, "cards": cards * times,
            "categories": [{"id": cat, "unit": self.units[cat]} for cat in self.categories]})

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
