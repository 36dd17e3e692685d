"""A Marjapussi player.

Bidding: the bot values its hand as the points its side would take as
declarer after the exchange (as the Huutopussi bot does, on Marjapussi's
card points) and bids on in fives from 120 up to that value less a margin,
opening only a little above 120 (nobody bidding costs nothing) and letting
a partner's bid stand unless its own hand is far stronger.  As the
declarer's partner it always gives four cards (aces, whole pairs, kings
and queens); as declarer it keeps the nine that play best and states the
contract its hand is worth.  Doubling: an opponent says contra against a
contract its own hand makes unlikely (two aces and more against a contract
far above what a side usually takes); the declarer's side answers re only
with a hand worth well over the contract.  Choosing a chair after the cut
it seats either middle cutter on its left at random.  The card play is
``_marriage.MarriageBot``.
"""

from __future__ import annotations

from ..cards.marriage import ACES
from ..games.marjapussi import BIDS, CARD_POINTS, MAX_BID
from . import heuristic
from ._marriage import MarriageBot, round5


@heuristic("marjapussi")
class MarjapussiBot(MarriageBot):
    points = CARD_POINTS
    bids = BIDS
    exchange = 4
    contract_margin = 55
    bid_margin = 20
    # a hand that only just reaches 120 fails about half its contracts
    open_margin = 5

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        g = self.game
        phase = view["phase"]
        if phase == "seat":
            return self.rng.choice(legal)
        hand = int(view["hand"])
        if phase == "bid":
            limit = min(MAX_BID, round5(self.worth(hand, exchanged=False) - self.bid_margin))
            if view["high_bid"] is None:
                return g.BID if limit >= BIDS[0] + self.open_margin else g.PASS
            action = self.raise_bid(view, legal, limit, lambda b: g.BID + BIDS.index(b))
            return g.PASS if action is None else action
        action = self.exchange_or_contract(view, hand, view.get("high_bid"))
        if action is not None:
            return action
        if g.CONTRA in legal and self.contra(view, hand):
            return g.CONTRA
        if g.RE in legal and self.worth(hand, exchanged=True) > view["contract"] + 60:
            return g.RE
        return self.choose_in_play(view)

    def contra(self, view, hand) -> bool:
        return (hand & ACES).bit_count() >= 2 and view["contract"] >= 220 \
            and self.keep_value(hand) >= 90
