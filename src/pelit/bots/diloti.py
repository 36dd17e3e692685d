"""A Diloti player.

It captures whenever it can, choosing the card whose capture is worth most
(cards, aces, the ten of diamonds, the two of clubs, and a xeri above all):
a numeric card takes every declaration of its value and, greedily, as many
groups of loose cards adding up to it as it finds.  It keeps the card its
own declaration needs (the rules make it).  With nothing to capture it lays
the card least worth to the opponent, a high one first (fewer cards can
take it by sums); it declares only when that is all it may do.
"""

from __future__ import annotations

from ..cards.deck import ACE, ids
from ..games.diloti import DECK, TEN_DIAMONDS, TWO_CLUBS, VALUE
from . import Bot, heuristic


def worth(mask: int) -> float:
    w = 0.0
    for c in ids(mask):
        w += 1.0
        if DECK.rank_of[c] == ACE:
            w += 1.0
        if c == TEN_DIAMONDS:
            w += 2.0
        if c == TWO_CLUBS:
            w += 1.0
    return w


def _group(cards: list[int], need: int):
    """One subset of ``cards`` adding up to ``need`` (the largest cards first)."""
    if need == 0:
        return []
    for i, c in enumerate(cards):
        if VALUE[c] <= need:
            rest = _group(cards[i + 1:], need - VALUE[c])
            if rest is not None:
                return [c] + rest
    return None


def capture_plan(card: int, loose: int, decls) -> int:
    v = VALUE[card]
    if not v:
        return loose & DECK.rank_mask[DECK.rank_of[card]]
    plan = 0
    for d in decls:
        if d["value"] == v:
            plan |= int(d["cards"])
    left = sorted((c for c in ids(loose) if VALUE[c]), key=lambda c: -VALUE[c])
    while True:
        g = _group(left, v)
        if not g:
            return plan
        for c in g:
            plan |= 1 << c
            left.remove(c)


@heuristic("diloti")
class DilotiBot(Bot):
    name = "heuristic"

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        loose = int(view["loose"])
        decls = view["declarations"]
        table = loose
        for d in decls:
            table |= int(d["cards"])
        phase = view["phase"]
        if phase == "play":
            def value(c):
                plan = capture_plan(c, loose, decls)
                xeri = plan == table and view["plays"] > 0
                return (worth(plan) + (worth(1 << c) if plan else 0) + (12 if plan and xeri else 0),
                        -worth(1 << c), VALUE[c], self.rng.random())
            return max(legal, key=value)
        if phase == "use":
            card = int(view["played"])
            if g.CAPTURE in legal and capture_plan(card, loose, decls):
                return g.CAPTURE
            if g.LAY in legal:
                return g.LAY
            return legal[0]
        plan = capture_plan(int(view["played"]), loose, decls) if view["mode"] == "capture" else 0
        takes = [a for a in legal if a != g.DONE]
        wanted = [a for a in takes if (plan >> (a - g.TAKE)) & 1]
        if wanted:
            return wanted[0]
        if g.DONE in legal:
            return g.DONE
        return takes[0]
