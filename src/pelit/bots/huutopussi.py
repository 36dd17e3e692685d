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
from ._marriage import MarriageBot, round5


@heuristic("huutopussi")
class HuutopussiBot(MarriageBot):
    points = CARD_POINTS
    bids = BIDS
    exchange = 3

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        hand = int(view["hand"])
        if view["phase"] == "bid":
            return self.bid(view, legal, hand)
        action = self.exchange_or_contract(view, hand, view.get("final_bid"))
        return self.choose_in_play(view) if action is None else action

    def bid(self, view, legal, hand) -> int:
        g = self.game
        limit = min(MAX_BID, round5(self.worth(hand, exchanged=False) - self.bid_margin))
        if g.REDEAL in legal and limit < 120 and redeal_reason(hand):
            return g.REDEAL
        if view["high_bid"] is None:
            return g.BID                         # the dealer's opening: 50
        action = self.raise_bid(view, legal, limit, lambda b: g.BID + BIDS.index(b))
        return g.PASS if action is None else action
