"""A simple Minibridge player.

Fourth round: declare with 10 or more high card points (the other two have
at most 12 each, so the dummy is likely to help).  Contract: from its own
hand and the dummy's announced points and suit lengths it estimates the
tricks its side will take in each strain (about 6 plus one for every three
points over 20, plus a little for each trump beyond seven) and picks the
contract with the best score at that estimate, keeping a trick in reserve.
Card play is ``_contract_play.ContractPlayBot``.
"""

from __future__ import annotations

from ..cards.contract import hcp, hcp_table
from ..cards.deck import standard_deck
from ..games.minibridge import CONTRACTS, DUMMY, contract_points
from . import heuristic
from ._contract_play import ContractPlayBot

DECK = standard_deck("52")
HCP = hcp_table(DECK)


def estimated_tricks(points: int, trumps: int | None, short_suits: int) -> float:
    est = 6.5 + (points - 20) / 3
    if trumps is not None:
        est += 0.8 * max(0, trumps - 7) + (0.5 * short_suits if trumps >= 8 else -1.0)
        if trumps < 7:
            est -= 1.5
    return est


@heuristic("minibridge")
class MinibridgeBot(ContractPlayBot):
    def choose(self, view):
        g = self.game
        phase = view["phase"]
        hand = int(view["hand"])
        if phase == "declare":
            return g.DECLARE if hcp(hand, HCP) >= 10 else g.PASS
        if phase == "contract":
            return self._contract(view, hand)
        play = view["play"]
        declarer = play["declarer_hand"]
        mine = hand
        if play["dummy"] is not None:
            mine |= int(play["dummy"])
        elif "dummy_seen" in view:
            mine |= int(view["dummy_seen"])

        def partner_of(h):
            if h == declarer:
                return DUMMY
            if h == DUMMY:
                return declarer
            return 3 - h - declarer if h != declarer else DUMMY

        return self.play_card(view, mine, partner_of)

    def _contract(self, view, hand):
        g = self.game
        info = view["dummy_announced"]
        points = hcp(hand, HCP) + info["hcp"]
        late = view["deal_no"] > view["options"].early_deals
        best = None
        for i, (promised, trump, _) in enumerate(CONTRACTS):
            if trump is None:
                trumps, short = None, 0
            else:
                trumps = (hand & DECK.suit_mask[trump]).bit_count() + info["lengths"][trump]
                short = sum(1 for su in range(4) if su != trump and (
                    min((hand & DECK.suit_mask[su]).bit_count(), info["lengths"][su]) <= 1))
            est = int(estimated_tricks(points, trumps, short) - 0.5)
            value = (contract_points(promised, est, late), -promised, self.rng.random())
            if best is None or value > best[0]:
                best = (value, g.CONTRACT0 + i)
        return best[1]
