"""A simple Bridge player.

Bidding by points: high card points (A 4, K 3, Q 2, J 1) plus one for each
card beyond five in a suit.  Partner's strength is read from his calls
(opened: about 13, answered: about 9, passed: about 5).  The bot looks for a
fit (partner's suit with three cards of its own), else its own long suit,
else no trump, and bids up to the level the combined points are worth:
jumping straight to game or slam when they are there, bidding cheaply when
competing.  It opens one of a suit with 12 points, 1NT with a balanced
15-17.  It doubles opponents who have climbed to four or more when its side
holds most of the points.  Card play is ``_contract_play.ContractPlayBot``.
"""

from __future__ import annotations

from ..cards.contract import BIDS, NOTRUMP, hcp, hcp_table
from ..cards.deck import standard_deck
from . import heuristic
from ._contract_play import ContractPlayBot

DECK = standard_deck("52")
HCP = hcp_table(DECK)
# deck suits are S H D C; strains are C D H S NT
SUIT_OF_STRAIN = (3, 2, 1, 0)


def level_for(points: int, strain: int) -> int:
    """The highest level a partnership with ``points`` should bid in ``strain``."""
    if points >= 37:
        return 7
    if points >= 33:
        return 6
    if points >= 26:
        if strain == NOTRUMP:
            return 3
        return 4 if strain >= 2 else (5 if points >= 29 else 3)
    if points >= 23:
        return 2
    if points >= 19:
        return 1
    return 0


def shape(hand: int) -> list[int]:
    """Length in each strain's suit (clubs, diamonds, hearts, spades)."""
    return [(hand & DECK.suit_mask[SUIT_OF_STRAIN[st]]).bit_count() for st in range(4)]


@heuristic("bridge")
class BridgeBot(ContractPlayBot):
    def choose(self, view):
        if view["phase"] == "auction":
            return self._call(view)
        play = view["play"]
        mine = int(view["hand"])
        if play["dummy"] is not None:
            mine |= int(play["dummy"])
        return self.play_card(view, mine, lambda h: (h + 2) % 4)

    # -- bidding -----------------------------------------------------------
    def _call(self, view):
        g = self.game
        legal = view["legal"]
        hand = int(view["hand"])
        lengths = shape(hand)
        pts = hcp(hand, HCP) + sum(max(0, n - 5) for n in lengths)
        me, partner = self.seat, (self.seat + 2) % 4
        calls = view["calls"]
        partner_bids = [BIDS[g.actions.parse(t)[0] - g.BID0] for p, t in calls
                        if p == partner and t.startswith("bid")]
        my_bids = [t for p, t in calls if p == me and t.startswith("bid")]
        partner_spoke = any(p == partner for p, _ in calls)
        first_bidder = next((p for p, t in calls if t.startswith("bid")), None)
        if partner_bids:
            est = 13 if first_bidder == partner else 9
        elif partner_spoke:
            est = 5
        else:
            est = 7
        high = None
        high_seat = None
        for p, t in calls:
            if t.startswith("bid"):
                high, high_seat = BIDS[g.actions.parse(t)[0] - g.BID0], p
        balanced = min(lengths) >= 2 and sorted(lengths)[1] >= 3
        # the strain
        strain = None
        if partner_bids:
            pst = partner_bids[-1][1]
            if pst == NOTRUMP:
                if balanced or max(lengths) < 6:
                    strain = NOTRUMP
                else:
                    strain = max(range(4), key=lambda s: (lengths[s], s))
            elif lengths[pst] >= 3:
                strain = pst
        if strain is None:
            longest = max(range(4), key=lambda s: (lengths[s], s))
            if balanced and lengths[longest] < 6 and (partner_bids or 15 <= pts <= 17):
                strain = NOTRUMP
            else:
                strain = longest
        combined = pts + est
        if not partner_bids and not my_bids:
            # opening or overcalling: one level, or 1NT with a balanced 15-17
            limit = 1 if pts >= 12 else 0
            if high is not None and (high_seat - me) % 2 == 1:
                # overcall: a good five-card suit, or 1NT with 15 or more
                if strain == NOTRUMP:
                    limit = 1 if pts >= 15 else 0
                else:
                    limit = (2 if pts >= 15 else 1) if pts >= 11 and lengths[strain] >= 5 else 0
        else:
            limit = level_for(combined, strain)
        # double opponents who overreach
        dbl = g.DOUBLE
        if dbl in legal and high is not None and high[0] >= 4 and combined >= 24 \
                and level_for(combined, high[1]) >= 2:
            return dbl
        options = []
        for a in legal:
            if g.BID0 <= a < g.BID0 + len(BIDS):
                level, st = BIDS[a - g.BID0]
                if st == strain and level <= limit:
                    options.append((level, a))
        if not options:
            return g.PASS
        if combined >= 26 and (partner_bids or my_bids):
            return max(options)[1]
        return min(options)[1]
