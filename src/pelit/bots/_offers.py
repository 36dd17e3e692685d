"""Answering an offer (``core.offers``) by what the deal is worth to the bot.

A bot knows its reservation price: the most it would pay as the buyer, the
least it would take as the seller.  It accepts any price on the right side
of it; otherwise it counters, first with a margin (``MARGIN`` of the way
from its limit towards a better price), then at its limit; when no counter
it could live with is allowed, it declines.
"""

from __future__ import annotations

import math

MARGIN = 0.3


def answer(offer: dict, seat: int, limit: float, legal: list[int], actions) -> int:
    """The answer to ``offer`` (a view's ``offer``) for ``seat``: ``limit`` is
    its reservation price; ``actions`` the game's ``OfferActions``."""
    buying = seat == offer["buyer"]
    price = offer["price"]
    if actions.accept in legal and (price <= limit if buying else price >= limit):
        return actions.accept
    counters = sorted(a - actions.counter + 1 for a in legal
                      if actions.counter <= a < actions.counter + actions.max_price)
    named = sum(1 for who, _ in offer["prices"] if who == seat)
    if buying:
        want = math.floor(limit * (1 - MARGIN) if named == 0 else limit)
        fits = [p for p in counters if p <= want]
        if fits:
            return actions.counter + fits[-1] - 1
    else:
        want = math.ceil(limit * (1 + MARGIN) if named == 0 else limit)
        fits = [p for p in counters if p >= max(want, 1)]
        if fits:
            return actions.counter + fits[0] - 1
    return actions.decline
