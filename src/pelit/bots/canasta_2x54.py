"""A player for the 2x54 sheet's Canasta: lays out early, builds canastas, closes.

- First card (dealer): keeps a wild card or a card that pairs the hand,
  replaces anything else.
- Draw: takes the pile whenever the pair may, before the side's first
  lay-out only when the pile's top card with the pair and the hand's other
  groups reach the limit; with the two-player draw-two rule it draws two.
- Lay out: the first lay-out only when a plan of natural triples (then
  pairs with a wild card) reaches the limit, else it is taken back; after
  it, natural cards go onto the side's groups and new natural triples are
  laid at once; wild cards go onto groups of four or more so canastas come
  sooner (onto any group, and pairs with a wild card, once the side has a
  canasta or the stock is short), or form deuce and joker groups.
- Closing: with a canasta on the side it lays out everything it can and
  closes as soon as one card is left; black threes go out only then.
- Discards: black threes first (they block the next player), then single
  cards of low value that the side has not laid out; wild cards last.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..cards.melds import NATURAL_RANKS, popcount
from ..cards.melds_extra import RANK_OF_WORD
from ..games.canasta_2x54 import BLACK3, DECK, T
from . import heuristic
from ._meld import LayoutMeldBot, by_kind

PV = {r: T.points[min(ids(T.rank[r]))] for r in NATURAL_RANKS}


def _groups(view, side):
    return {RANK_OF_WORD[w[:-1]]: int(m) for w, m in view["melds"][side].items()}


def _counts(mask):
    return {r: popcount(mask & T.rank[r]) for r in NATURAL_RANKS}


def plan_points(hand):
    cnt = _counts(hand)
    wilds = popcount(hand & T.jokers) * [50] + popcount(hand & T.twos) * [20]
    pts = sum(PV[r] * n for r, n in cnt.items() if n >= 3)
    for r in sorted(NATURAL_RANKS, key=lambda r: -PV[r]):
        if cnt[r] == 2 and wilds:
            pts += 2 * PV[r] + wilds.pop(0)
    return pts


@heuristic("canasta-2x54")
class Canasta2x54Bot(LayoutMeldBot):
    name = "heuristic"

    def _turn(self, view):
        return (view["deal_no"], view["turn_no"], view["stock"])

    def _decide(self, view, dec):
        by = by_kind(dec)
        side = self.seat % view["sides"]
        hand = int(view["hand"])
        phase = view["phase"]
        if phase == "first":
            c = view["first_card"]
            rest = hand & ~(1 << c)
            r = DECK.rank_of[c]
            keep = (T.wild >> c) & 1 or (r in PV and popcount(rest & T.rank[r]) >= 1)
            return by["keep" if keep else "replace"][0]
        if phase == "draw":
            return self._draw(view, by, dec, side, hand)
        return self._meld(view, by, dec, side, hand)

    def _draw(self, view, by, dec, side, hand):
        if "take" in by:
            a = by["take"][0]
            r = dec[a][1]
            if view["opened"][side]:
                return a
            rest = hand
            for c in ids(hand & T.rank[r])[:2]:
                rest &= ~(1 << c)
            if 3 * PV[r] + plan_points(rest) >= view["limit"][side]:
                return a
        draws = by["draw"]
        return max(draws, key=lambda a: dec[a][1])

    def _meld(self, view, by, dec, side, hand):
        if "close" in by:
            return by["close"][0]
        groups = _groups(view, side)
        opened = view["opened"][side]
        cnt = _counts(hand)
        turn = (view["deal_no"], view["turn_no"], view["stock"])
        if not opened:
            tent = int(view["tentative"])
            if self.backed != turn and (tent or plan_points(hand) >= view["limit"][side]):
                best = None
                for a, d in dec.items():
                    if d[0] == "meld" and d[1] in PV and d[2] == 0:
                        key = (0, -PV[d[1]])
                    elif d[0] == "add" and d[1] in PV and d[2] == 0:
                        key = (1, -PV[d[1]])
                    elif d[0] == "meld" and d[1] in PV and cnt[d[1]] == 2:
                        key = (2, -PV[d[1]], -d[2])
                    elif d[0] == "add" and d[1] in PV:
                        key = (3, -popcount(groups.get(d[1], 0)))
                    else:
                        continue
                    if best is None or key < best[0]:
                        best = (key, a)
                if best is not None:
                    return best[1]
                if "back" in by:
                    self.backed = turn
                    return by["back"][0]
        else:
            has_canasta = any(popcount(m) >= 7 for m in groups.values())
            # few turns left (short stocks with many players): spend wild cards
            free = has_canasta or view["stock"] < 4 * view["players"]
            best = None
            for a, d in dec.items():
                if d[0] not in ("meld", "add"):
                    continue
                k = d[1]
                m = groups.get(k, 0)
                if k == BLACK3:
                    pri = (0,)
                elif d[0] == "add" and d[2] == 0:
                    pri = (1, -popcount(m))
                elif d[0] == "meld" and d[2] == 0:
                    pri = (2, -PV.get(k, 0))
                elif d[0] == "add" and k in PV:
                    if popcount(m) < 4 and not free:
                        continue
                    pri = (3, -popcount(m))
                elif k not in PV:
                    pri = (4, -popcount(m))
                else:
                    if popcount(hand) < 9 and not free:
                        continue
                    pri = (5, -PV[k])
                if best is None or pri < best[0]:
                    best = (pri, a)
            if best is not None:
                return best[1]
        if "discard" in by:
            return self._discard(view, by, dec, groups, cnt)
        return next(iter(dec))

    def _discard(self, view, by, dec, groups, cnt):
        def cost(a):
            c = dec[a][1]
            if (T.black3 >> c) & 1:
                return (-1, 0)
            if (T.wild >> c) & 1:
                return (9, T.points[c])
            r = DECK.rank_of[c]
            v = min(cnt[r], 3)
            if r in groups:
                v += 3
            return (v, T.points[c])

        return min(by["discard"], key=lambda a: (cost(a), self.rng.random()))
