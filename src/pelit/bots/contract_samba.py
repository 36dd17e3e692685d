"""Bidding for a Contract Samba player (seed 000 ch. 24.2-24.3).

Not a registered bot yet: the game is not wired up (see
``pelit.games.contract_samba``).  The melding, pile and going-out play is to
be the Samba bot's (``pelit.bots.samba``); what Contract Samba adds is the
auction, decided here from the hand alone:

- The hand's worth in thousands is estimated from what makes points in the
  deal: wild cards (canastas), natural pairs and triples (canasta melds and
  pile takes) and three-card runs (sambas, 1500 each).
- A bid names a type the hand can open with (24.3): a suit in which it holds
  a three-card run, Canasta with four of a rank, Canasta of twos with four
  twos; from level four it bids only a type it can open, since a failed
  opening costs 1000 and passes the contract down.
- It bids the cheapest legal bid of its best type while the level stays
  within its estimate, otherwise passes; it doubles an opponent's bid two
  levels above what its own hand says the opponents can make.
"""

from __future__ import annotations

from ..cards.melds import NATURAL_RANKS, popcount
from ..games.contract_samba import (CANASTA_TYPE, CLUBS, DIAMONDS, DOUBLE, HEARTS, PASS,
                                    SPADES, TWOS_TYPE, T, bid_value, runs_in_hand,
                                    type_opening_in_hand)


def hand_worth(hand: int) -> float:
    """Rough thousands of points the partnership may make with this hand."""
    wild = popcount(hand & T.wild)
    groups = sum(1 for r in NATURAL_RANKS if popcount(hand & T.rank[r]) >= 2)
    runs = len({su for su, _, _ in runs_in_hand(hand)})
    return 0.5 + 0.25 * wild + 0.2 * groups + 0.6 * runs


def best_type(hand: int, level: int):
    """The type the hand can open at ``level`` (24.3), best first, or None."""
    for kind in (TWOS_TYPE, CANASTA_TYPE, SPADES, HEARTS, DIAMONDS, CLUBS):
        if type_opening_in_hand(hand, (max(level, 4), kind)):
            return kind
    return None if level >= 4 else CLUBS


def choose_call(hand: int, legal: list, seat: int, highest):
    """A call among ``legal`` (``Auction.legal``) for ``hand``; ``highest`` is
    ``Auction.highest()``."""
    worth = hand_worth(hand)
    if DOUBLE in legal and highest is not None:
        level = highest[1][0]
        if level >= 4 and worth >= 2.5:
            return DOUBLE
    bids = [c for c in legal if isinstance(c, tuple)]
    best = None
    for level, kind in sorted(bids, key=lambda b: bid_value(*b)):
        if level > int(worth):
            break
        if highest is not None and (highest[0] - seat) % 2 == 0:
            break                          # the partner holds the highest bid
        want = best_type(hand, level)
        if want is not None and kind == want:
            best = (level, kind)
            break
    return best if best is not None else PASS

