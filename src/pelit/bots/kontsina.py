"""A Kontsina player.

Capture whenever a capture is worth anything, choosing the capture that
takes the most (clubs, the two of clubs and the ten of diamonds count
extra); among equal captures, spend the least useful card.  With nothing to
capture, lay the card least likely to give the next player something:
a face card whose rank-mates are gone, else a low non-club card.
"""

from __future__ import annotations

from ..cards.deck import CLUBS, ids
from ..games.kontsina import DECK, TEN_DIAMONDS, TWO_CLUBS, VALUE, can_extend
from . import Bot, heuristic


def worth(mask_cards) -> float:
    w = 0.0
    for c in mask_cards:
        w += 1.0
        if DECK.suit_of[c] == CLUBS:
            w += 0.5
        if c in (TWO_CLUBS, TEN_DIAMONDS):
            w += 2.0
    return w


def captures(card: int, table: int, chosen: int = 0):
    """Every complete capture with ``card`` extending ``chosen`` (lists of table cards)."""
    out = []

    def grow(sel, start_ids):
        for i, x in enumerate(start_ids):
            if not can_extend(card, table, sel, x):
                continue
            new = sel | (1 << x)
            got = sum(VALUE[c] for c in ids(new))
            if VALUE[card] == 0 or got == VALUE[card]:
                out.append(ids(new))
            else:
                grow(new, start_ids[i + 1:])
    grow(chosen, [x for x in ids(table) if not (chosen >> x) & 1])
    return out


@heuristic("kontsina")
class KontsinaBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.seen: dict[int, int] = {}

    def observe(self, events):
        for e in events:
            kind = e["kind"]
            if kind == "new_deal":
                self.seen = {}
            for key in ("card",):
                c = e.get(key)
                if c is not None and kind in ("lay", "capture"):
                    r = DECK.rank_of[c]
                    self.seen[r] = self.seen.get(r, 0) + 1

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        table = int(view["table"])
        if view["phase"] == "capture":
            card = int(view["played"])
            chosen = int(view["chosen"])
            best = max(captures(card, table, chosen), key=worth, default=None)
            if best is None:
                return g.LAY
            nxt = [x for x in best if not (chosen >> x) & 1]
            return g.TAKE + nxt[0]
        hand = ids(view["hand"])
        scored = []
        for c in legal:
            best = max((worth(cap) for cap in captures(c, table)), default=0.0)
            if best:
                scored.append((best + worth([c]) - 0.1 * worth([c]), c))
        if scored:
            return max(scored)[1]

        def lay_risk(c):
            r = DECK.rank_of[c]
            mates_out = 4 - self.seen.get(r, 0) - sum(1 for h in hand if DECK.rank_of[h] == r)
            return (worth([c]), mates_out, self.rng.random())
        return min(legal, key=lay_risk)
