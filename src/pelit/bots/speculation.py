"""A Speculation player that prices cards by its chance of winning the pot.

Nobody knows a face-down card, so the chance that the high trump holds is
the chance that none of the cards still to be turned up by the others is a
higher trump: drawing the others' face-down cards from all unseen cards,
none may be one of the higher trumps still unseen (a hypergeometric
count).  What holding the high trump is worth is that chance times the pot;
a player without it is worth his share of the chance that it falls, by how
many of the cards still to come are his.

- Selling the high trump: it offers the card to the player to whom it is
  worth most (the one with most face-down cards, whose own cards then stop
  being threats), at what the card is worth to that player, if that beats
  keeping it; else it keeps it.
- Buying unseen: as the holder of the high trump it buys another player's
  face-down card when taking one threat away is worth more to it than the
  card is worth to its owner; otherwise it makes no offer.
- Answering: by the same values, through ``bots._offers.answer``.
"""

from __future__ import annotations

import math

from ..games.speculation import DECK, MAX_PRICE, RANK, SUIT
from . import Bot, heuristic
from ._offers import answer

UPSIDE = 0.6      # share of a turned-up higher trump that ends up winning for its finder


def survives(unseen: int, higher: int, threats: int) -> float:
    """The chance that none of ``threats`` cards drawn from ``unseen`` is one
    of the ``higher`` trumps among them."""
    p = 1.0
    for i in range(threats):
        if unseen - i <= 0:
            break
        p *= max(0, unseen - higher - i) / (unseen - i)
    return p


@heuristic("speculation")
class SpeculationBot(Bot):
    name = "heuristic"

    # -- what the table shows ---------------------------------------------------------
    def _facts(self, view):
        shown = 0
        for m in view["face_up"]:
            shown |= int(m)
        high = int(view["high"])
        unseen = 52 - shown.bit_count()
        higher = sum(1 for c in range(52) if SUIT[c] == SUIT[high] and RANK[c] > RANK[high]
                     and not (shown >> c) & 1)
        return unseen, higher

    def _threats(self, view, holder):
        return sum(k for p, k in enumerate(view["face_down"])
                   if p != holder and p in view["playing"])

    def _keep_value(self, view, holder):
        unseen, higher = self._facts(view)
        return view["pot"] * survives(unseen, higher, self._threats(view, holder))

    def _chaser_value(self, view, seat, holder):
        """What a player without the high trump may hope to win."""
        unseen, higher = self._facts(view)
        threats = self._threats(view, holder)
        if not threats:
            return 0.0
        falls = 1 - survives(unseen, higher, threats)
        return view["pot"] * falls * view["face_down"][seat] / threats * UPSIDE

    def _card_value(self, view):
        """A face-down card to a player without the high trump."""
        unseen, higher = self._facts(view)
        return view["pot"] * higher / max(1, unseen) * UPSIDE

    def _trump_limit(self, view, seat, seller, buyer):
        """The price of the high trump at which ``seat`` is indifferent."""
        if seat == seller:
            return self._keep_value(view, seller) - self._chaser_value(view, seller, buyer)
        return self._keep_value(view, buyer) - self._chaser_value(view, buyer, seller)

    def _unseen_limit(self, view, seat, buyer, seller):
        holder = view["holder"]
        unseen, higher = self._facts(view)
        pot = view["pot"]
        if seat == buyer and buyer == holder:
            k = self._threats(view, holder)
            return pot * (survives(unseen, higher, k - 1) - survives(unseen, higher, k))
        if seat == seller and seller == holder:
            k = self._threats(view, holder)
            return pot * (survives(unseen, higher, k) - survives(unseen, higher, k + 1))
        return self._card_value(view)

    # -- choosing -------------------------------------------------------------------------
    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        me = self.seat
        offer = view["offer"]
        if offer is not None and offer["answer_by"] == me:
            if offer["item"] == "high trump":
                limit = self._trump_limit(view, me, offer["seller"], offer["buyer"])
            else:
                limit = self._unseen_limit(view, me, offer["buyer"], offer["seller"])
            return answer(offer, me, limit, legal, g.answers)
        if g.KEEP in legal:
            return self._sell_or_keep(view, legal)
        buy = self._buy(view, legal)
        if buy is not None:
            return buy
        return g.TURN_UP if g.TURN_UP in legal else g.PASS

    def _sell_or_keep(self, view, legal):
        g = self.game
        me = self.seat
        best, best_price = None, 0
        for p in view["playing"]:
            if p == me:
                continue
            start = g._trade(g.SELL, p, 1)
            if start not in legal:
                continue
            mine = self._trump_limit(view, me, me, p)
            theirs = self._trump_limit(view, p, me, p)
            price = min(math.floor(theirs), view["chips"][p], MAX_PRICE)
            if price >= max(1, math.ceil(mine)) and price > best_price:
                best, best_price = p, price
        if best is None:
            return g.KEEP
        return g._trade(g.SELL, best, best_price)

    def _buy(self, view, legal):
        g = self.game
        me = self.seat
        if view["holder"] != me:
            return None
        targets = [p for p in view["playing"] if p != me and view["face_down"][p]
                   and g._trade(g.BUY, p, 1) in legal]
        if not targets:
            return None
        target = max(targets, key=lambda p: view["face_down"][p])
        worth = self._unseen_limit(view, me, me, target)
        ask = self._unseen_limit(view, target, me, target)
        price = max(1, math.ceil(ask))
        if worth < price or price > view["chips"][me]:
            return None
        return g._trade(g.BUY, target, price)
