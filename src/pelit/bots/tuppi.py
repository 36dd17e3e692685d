"""A Tuppi player that makes no beginner's blunder.

Bidding: rami with a hand worth about seven tricks to the side (high cards
and long suits), else nolo; the bid card is the least useful card of the
colour (a low spot card).  Sooli only with a hand of low cards (aces count
low) and no long run of high cards.  In a sooli the sooli player puts away
his most dangerous card and the partner gives his lowest (an ace first),
neither of them the bid card lying on the table.

Play, when the side wants tricks (rami, both sides): win as cheaply as
possible in the last seat, do not overtake a partner who already holds the
trick with a winner, lead winners (cards higher than everything unseen in
the suit) before low cards; when it wants no tricks (nolo, the sooli player):
play the highest card that still loses, and throw the most dangerous card
when void.  The sooli player's opponents keep the trick as low as they can
so that he has to win it.  It remembers the cards played (won tricks lie
face down).
"""

from __future__ import annotations

from ..cards.deck import ids, standard_deck
from ..games.tuppi import (BID_CARD, BLACK_ELIGIBLE, CALL_SOOLI, DISCARD, GIVE, NOLO,
                           PASS, RED_ELIGIBLE, SOOLI, STRENGTH, STRENGTH_SOOLI,
                           VERBAL_NOLO, VERBAL_RAMI)
from . import Bot, heuristic
from ._memory import PlayMemory

DECK = standard_deck("52")
SUIT = DECK.suit_of
RANK = DECK.rank_of


def _suit_cards(hand, suit):
    return [c for c in hand if SUIT[c] == suit]


@heuristic("tuppi")
class TuppiBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.memory = PlayMemory()

    def observe(self, events):
        self.memory.observe(events)

    # -- bidding ---------------------------------------------------------------
    @staticmethod
    def hand_tricks(hand) -> float:
        """A rough count of the tricks a no-trump hand takes."""
        tricks = 0.0
        for s in range(4):
            cards = sorted((RANK[c] for c in hand if SUIT[c] == s), reverse=True)
            n = len(cards)
            for i, r in enumerate(cards):
                if r == 14:
                    tricks += 1
                elif r == 13 and n >= 2:
                    tricks += 0.8 if i <= 1 else 0.5
                elif r == 12 and n >= 3:
                    tricks += 0.5
                elif r == 11 and n >= 4:
                    tricks += 0.25
            if n > 4:
                tricks += 0.6 * (n - 4)
        return tricks

    @staticmethod
    def sooli_danger(hand) -> float:
        """How likely a hand is to be forced to win a trick (ace low)."""
        danger = 0.0
        for s in range(4):
            ranks = sorted(1 if RANK[c] == 14 else RANK[c] for c in hand if SUIT[c] == s)
            lows = sum(1 for r in ranks if r <= 5)
            for r in ranks:
                if r >= 9:
                    danger += (r - 8) / (1 + lows)
        return danger

    def _bid(self, view):
        hand = ids(view["hand"])
        legal = view["legal"]
        want_rami = self.hand_tricks(hand) >= 3.6
        mask = RED_ELIGIBLE if want_rami else BLACK_ELIGIBLE
        cards = [a - BID_CARD for a in legal if a >= BID_CARD and (mask >> (a - BID_CARD)) & 1]
        if cards:
            # the least useful card of the colour: the lowest spot card, never an ace
            cards.sort(key=lambda c: (RANK[c] == 14, RANK[c]))
            return BID_CARD + cards[0]
        verbal = VERBAL_RAMI if want_rami else VERBAL_NOLO
        if verbal in legal:
            return verbal
        return legal[0]

    # -- sooli ---------------------------------------------------------------------
    def choose(self, view):
        legal = view["legal"]
        phase = view["phase"]
        if len(legal) == 1:
            return legal[0]
        if phase == "bid":
            return self._bid(view)
        hand = ids(view["hand"])
        if phase == "sooli":
            return CALL_SOOLI if self.sooli_danger(hand) < 1.5 else PASS
        if phase == "give":
            # the lowest card in sooli order (an ace, then twos, ...) of those
            # he may give: his bid card lies on the table
            cards = [a - GIVE for a in legal]
            return GIVE + min(cards, key=lambda c: (STRENGTH_SOOLI[c], c))
        if phase == "discard":
            cards = [a - DISCARD for a in legal]
            return DISCARD + max(cards, key=lambda c: (self._danger_of(c, hand, STRENGTH_SOOLI), c))
        return self._play(view, legal, hand)

    @staticmethod
    def _danger_of(card, hand, strength):
        """How likely a card is to win a trick one wants to lose: high, and
        with few lower cards of its suit to hide behind."""
        lower = sum(1 for c in hand if SUIT[c] == SUIT[card] and strength[c] < strength[card])
        return strength[card] * 2 - lower

    # -- play ----------------------------------------------------------------------------
    def _play(self, view, legal, hand):
        contract = view["contract"]
        seat = self.seat
        strength = STRENGTH_SOOLI if view["ace_low"] else STRENGTH
        trick = view["trick"]
        order = view["play_order"]
        seen = self.memory.gone
        mine = 0
        for c in hand:
            mine |= 1 << c
        if contract == SOOLI:
            if seat == view["soloist"]:
                return self._avoid(legal, trick, strength, hand)
            return self._against_soloist(legal, trick, strength, view["soloist"], hand)
        if contract == NOLO:
            return self._avoid(legal, trick, strength, hand)
        return self._take(legal, trick, strength, seat, order, seen | mine, hand)

    @staticmethod
    def _best(trick, strength):
        lead = SUIT[trick[0][1]]
        best = trick[0]
        for p, c in trick[1:]:
            if SUIT[c] == lead and strength[c] > strength[best[1]]:
                best = (p, c)
        return best

    def _take(self, legal, trick, strength, seat, order, known, hand):
        low = min(legal, key=lambda c: (strength[c], c))
        if not trick:
            # lead a sure winner if there is one, else the lowest of the longest suit
            for c in sorted(legal, key=lambda c: -strength[c]):
                if self._is_top(c, known, strength):
                    return c
            longest = max(range(4), key=lambda s: (len(_suit_cards(hand, s)), -s))
            cards = _suit_cards(legal, longest) or legal
            return min(cards, key=lambda c: strength[c])
        win_seat, win_card = self._best(trick, strength)
        lead = SUIT[trick[0][1]]
        partner = (seat + 2) % 4
        last = len(trick) == len(order) - 1
        if win_seat == partner and (last or self._is_top(win_card, known, strength)):
            return low
        beaters = [c for c in legal if SUIT[c] == lead and strength[c] > strength[win_card]]
        if not beaters:
            return low
        if last:
            return min(beaters, key=lambda c: strength[c])
        tops = [c for c in beaters if self._is_top(c, known, strength)]
        if tops:
            return min(tops, key=lambda c: strength[c])
        return max(beaters, key=lambda c: strength[c])

    @staticmethod
    def _is_top(card, known, strength):
        """No unseen card of the suit beats it."""
        s = SUIT[card]
        for c in range(s * 13, s * 13 + 13):
            if strength[c] > strength[card] and not (known >> c) & 1:
                return False
        return True

    def _avoid(self, legal, trick, strength, hand):
        if not trick:
            return min(legal, key=lambda c: (strength[c], c))
        _, win_card = self._best(trick, strength)
        lead = SUIT[trick[0][1]]
        follow = [c for c in legal if SUIT[c] == lead]
        if follow:
            under = [c for c in follow if strength[c] < strength[win_card]]
            if under:
                return max(under, key=lambda c: strength[c])
            return max(follow, key=lambda c: strength[c])
        # void: throw the most dangerous card
        return max(legal, key=lambda c: (self._danger_of(c, hand, strength), c))

    def _against_soloist(self, legal, trick, strength, soloist, hand):
        # keep the trick low so that the sooli player must win it
        if not trick:
            return min(legal, key=lambda c: (strength[c], c))
        lead = SUIT[trick[0][1]]
        follow = [c for c in legal if SUIT[c] == lead]
        if follow:
            return min(follow, key=lambda c: strength[c])
        return max(legal, key=lambda c: (strength[c], c))
