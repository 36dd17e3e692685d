"""A Huutopussi player guided by the strategy chapter (seed 000 ch. 9).

Bidding (9.1, 9.2): the bot values its hand as the points its side would
take as declarer after the exchange (aces, tens behind aces, kings and
queens, marriages worth more with aces to win the lead back) and bids on
in fives up to that value less a margin; it lets a partner's bid stand
unless its own hand is far stronger, and demands a new deal with a weak
hand when the rule allows.  After the exchange it raises the contract to
what the nine cards it keeps are worth.  The card play and the exchange
are ``_marriage.MarriageBot``.
"""

from __future__ import annotations

from ..games.huutopussi import BIDS, CARD_POINTS, MAX_BID, redeal_reason
from . import heuristic
from ._marriage import MarriageBot

EXCHANGE = 3


def round5(x: float) -> int:
    return int(x) // 5 * 5


@heuristic("huutopussi")
class HuutopussiBot(MarriageBot):
    points = CARD_POINTS

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        g = self.game
        phase = view["phase"]
        hand = int(view["hand"])
        if phase == "bid":
            return self.bid(view, legal, hand)
        if phase == "give":
            return g.GIVE + self.exchange_card(hand, EXCHANGE - view["exchange"]["given"], True)
        if phase == "return":
            return g.GIVE + self.exchange_card(hand, EXCHANGE - view["exchange"]["returned"],
                                               False)
        if phase == "contract":
            worth = self.worth(hand, exchanged=True)
            want = max(view["final_bid"], min(MAX_BID, round5(worth - self.contract_margin)))
            return g.CONTRACT + BIDS.index(want)
        return self.choose_in_play(view)

    def bid(self, view, legal, hand) -> int:
        g = self.game
        limit = min(MAX_BID, round5(self.worth(hand, exchanged=False) - self.bid_margin))
        if g.REDEAL in legal and limit < 120 and redeal_reason(hand):
            return g.REDEAL
        if view["high_bid"] is None:
            return g.BID                         # the dealer's opening: 50
        action = self.raise_bid(view, legal, limit, lambda b: g.BID + BIDS.index(b))
        return g.PASS if action is None else action
