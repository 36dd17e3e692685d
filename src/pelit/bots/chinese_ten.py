"""A Chinese Ten player: take the richest capture, and when nothing can be
taken lay the card that gives least away (its points, weighted by how many
of its partners are still unseen, so a red card whose partners are all gone
is laid safely)."""

from __future__ import annotations

from ..cards.deck import Card, CardSet, ids
from ..games.chinese_ten import PARTNERS, card_points
from . import Bot, heuristic


@heuristic("chinese-ten")
class ChineseTenBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.seen = 0

    def observe(self, events):
        for e in events:
            if e["kind"] == "new_deal":
                self.seen = 0
            for key in ("card", "cards", "taken"):
                val = e.get(key)
                if val is None:
                    continue
                if isinstance(val, Card):
                    self.seen |= 1 << val
                elif isinstance(val, CardSet):
                    self.seen |= int(val)

    def choose(self, view):
        n = view["players"]
        legal = view["legal"]
        game = self.game
        if view["phase"] != "play":
            return max(legal, key=lambda a: card_points(a - game.TAKE, n))
        layout = int(view["layout"])
        known = self.seen | int(view["hand"]) | layout

        def value(card):
            targets = PARTNERS[card] & layout
            if targets:
                return 100 + card_points(card, n) + max(card_points(t, n) for t in ids(targets))
            unseen_partners = (PARTNERS[card] & ~known).bit_count()
            return -card_points(card, n) * unseen_partners - 0.01 * card_points(card, n)

        return max(legal, key=lambda c: (value(c), self.rng.random()))
