"""A Huutopussi player guided by the strategy chapter (seed 000 ch. 9).

Bidding (9.1, 9.2): the bot values its hand as the points its side would
take as declarer after the exchange (aces, tens behind aces, kings and
queens, marriages worth more with aces to win the lead back) and bids on
in fives up to that value; it lets a partner's bid stand unless its own
hand is far stronger, and demands a new deal with a weak hand when the
rule allows.  After the exchange it raises the contract to what the hand it
keeps is worth.  The card play and the exchange are ``_marriage.MarriageBot``.
"""

from __future__ import annotations

from ..cards.marriage import SIZE
from ..games.huutopussi import BIDS, CARD_POINTS, MAX_BID, MIN_BID, redeal_reason
from . import heuristic
from ._marriage import MarriageBot

HAND = 9
EXCHANGE = 3


def round5(x: float) -> int:
    return int(x) // 5 * 5


@heuristic("huutopussi")
class HuutopussiBot(MarriageBot):
    points = CARD_POINTS
    # the declarer side's points: a base the exchange and the lead bring,
    # and how much of the hand's worth turns into points
    base = 40
    scale = 1.0
    # margins below the expected points that make about seven contracts in ten
    bid_margin = 25
    contract_margin = 45

    def worth(self, hand: int) -> float:
        """Points the side may expect with this hand as the declarer's."""
        if hand.bit_count() > HAND:
            hand = self.best_to_keep(hand, HAND)
            return self.base + self.scale * self.keep_value(hand)
        # before the exchange: the partner's three best cards are still to come
        return self.base + 25 + self.scale * self.keep_value(hand)

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
            want = max(view["final_bid"],
                       min(MAX_BID, round5(self.worth(hand) - self.contract_margin)))
            return g.CONTRACT + BIDS.index(want)
        return self.choose_in_play(view)

    def bid(self, view, legal, hand) -> int:
        g = self.game
        limit = round5(self.worth(hand) - self.bid_margin)
        if g.REDEAL in legal and limit < 120 and redeal_reason(hand):
            return g.REDEAL
        high = view["high_bid"]
        if high is None:
            return g.BID                         # the dealer's opening: 50
        partner_high = view["high_bidder"] == self.partner(view)
        step = high + 5 if not partner_high else high + 30
        if step <= min(limit, MAX_BID) and g.BID + BIDS.index(high + 5) in legal:
            return g.BID + BIDS.index(max(high + 5, min(step, limit)) if partner_high
                                      else high + 5)
        return g.PASS if g.PASS in legal else legal[0]


assert MIN_BID == BIDS[0] and SIZE == 36
