"""A Chinese Ten player.

Play the card that captures the most points (the card taken and the card
played both count); when two table cards can be taken, take the richer.
With no capture, lay the card that gives least away: a card whose partner
(the card that would take it) is already gone, else a low black card.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.chinese_ten import DECK, card_points, pairs_with
from . import Bot, heuristic


@heuristic("chinese-ten")
class ChineseTenBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.gone = 0

    def observe(self, events):
        for e in events:
            if e["kind"] == "new_deal":
                self.gone = 0
            elif e["kind"] == "capture":
                self.gone |= int(e["cards"]) | (1 << int(e["card"]))
            elif e["kind"] == "dealer_takes_layout":
                self.gone |= int(e["cards"])

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        n = view["players"]
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "take":
            return max(legal, key=lambda a: card_points(a - g.TAKE, n))
        table = ids(view["table"])
        hand = int(view["hand"])

        def value(c):
            gains = [card_points(x, n) + card_points(c, n) for x in table if pairs_with(c, x)]
            if gains:
                return (1, max(gains), 0.0)
            partners_left = sum(1 for x in range(52) if pairs_with(c, x) and x != c
                                and not (self.gone >> x) & 1 and not (hand >> x) & 1)
            return (0, -card_points(c, n) * 2 - partners_left, self.rng.random())
        return max(legal, key=value)
