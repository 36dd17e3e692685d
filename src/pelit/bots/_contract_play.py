"""Card play for the games with a declarer and a dummy (Bridge, Minibridge).

Sound beginner's play from a view: second hand low, third hand high, win as
cheaply as possible, never beat a partner who is already winning, ruff low,
discard from the weakest suit; on lead, the declarer draws trumps and cashes
winners, a defender leads the top of a sequence or low from length.
Card knowledge: own hand, the dummy once face up, and the cards played,
which the bot remembers from the events (tricks lie face down).
"""

from __future__ import annotations

from ..cards.deck import ids, standard_deck
from ..cards.trick import rank_strength, winning_index
from . import Bot
from ._memory import PlayMemory


class ContractPlayBot(Bot):
    """The card play of a heuristic bot for a game with a declarer and a
    dummy and a 52-card pack: it remembers the cards played (``PlayMemory``)
    and plays with ``ContractPlayer``.  A game's bot adds the auction."""

    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.player = ContractPlayer(standard_deck("52"))
        self.memory = PlayMemory()

    def observe(self, events):
        self.memory.observe(events)

    def play_card(self, view, mine: int, partner_of) -> int:
        """The card to play now; ``mine`` and ``partner_of`` as for
        ``ContractPlayer.choose``."""
        return self.player.choose(view["legal"], view["play"], partner_of, mine,
                                  self.memory.gone)


class ContractPlayer:
    def __init__(self, deck):
        self.deck = deck
        self.strength = rank_strength(deck)

    def _suit(self, mask, s):
        return mask & self.deck.suit_mask[s]

    def _top(self, mask):
        return max(ids(mask), key=lambda c: self.strength[c])

    def _low(self, mask):
        return min(ids(mask), key=lambda c: self.strength[c])

    def _is_master(self, card, gone):
        """No unplayed card of the suit outranks ``card``."""
        d = self.deck
        s = d.suit_of[card]
        for c in ids(d.suit_mask[s] & ~gone):
            if self.strength[c] > self.strength[card]:
                return False
        return True

    def choose(self, legal: list[int], play: dict, partner_of, mine: int, gone: int) -> int:
        """``play`` is the view's public play; ``partner_of(hand)`` the partner
        hand; ``mine`` every card this bot can see in hands (its own, and the
        dummy when it is visible); ``gone`` the cards it remembers played."""
        d = self.deck
        legal_mask = 0
        for c in legal:
            legal_mask |= 1 << c
        hand = play["hand_to_play"]
        trump = play["trump"]
        trick = [(h, int(c)) for h, c in play["trick"]]
        for _, c in trick:
            gone |= 1 << c
        declaring = hand in (play["declarer_hand"], play["dummy_hand"])
        if not trick:
            return self._lead(legal_mask, hand, trump, gone, declaring, play, mine, partner_of)
        lead_suit = d.suit_of[trick[0][1]]
        win_i = winning_index(trick, d, self.strength, trump)
        win_hand, win_card = trick[win_i]
        partner_winning = win_hand == partner_of(hand)
        following = self._suit(legal_mask, lead_suit)
        beaters = [c for c in legal if self._beats(c, win_card, trump)]
        if following:
            if partner_winning:
                return self._low(following)
            if beaters:
                if len(trick) == 1 and not self._is_master(self._top(following), gone):
                    return self._low(following)      # second hand low
                return min(beaters, key=lambda c: self.strength[c])
            return self._low(following)
        # void in the suit led
        if partner_winning:
            return self._discard(legal_mask, trump)
        trumps = [c for c in beaters if trump is not None and d.suit_of[c] == trump]
        if trumps:
            return min(trumps, key=lambda c: self.strength[c])
        return self._discard(legal_mask, trump)

    def _beats(self, card, best, trump):
        d = self.deck
        if d.suit_of[card] == d.suit_of[best]:
            return self.strength[card] > self.strength[best]
        return trump is not None and d.suit_of[card] == trump

    def _discard(self, mask, trump):
        d = self.deck
        best = None
        for s in range(4):
            cards = self._suit(mask, s)
            if not cards or (s == trump and mask & ~d.suit_mask[s]):
                continue
            low = self._low(cards)
            key = (self.strength[self._top(cards)], len(ids(cards)) * -1, self.strength[low])
            if best is None or key < best[0]:
                best = (key, low)
        return best[1] if best else self._low(mask)

    def _lead(self, mask, hand, trump, gone, declaring, play, mine, partner_of):
        d = self.deck
        if declaring and trump is not None:
            ours = mine & d.suit_mask[trump]
            outside = d.suit_mask[trump] & ~gone & ~ours
            mine_trumps = self._suit(mask, trump)
            if outside and mine_trumps:
                top = self._top(mine_trumps)
                return top if self._is_master(top, gone) else self._low(mine_trumps)
        # cash a master card in a side suit
        for c in sorted(ids(mask), key=lambda c: -self.strength[c]):
            if d.suit_of[c] != trump and self._is_master(c, gone):
                return c
        # top of a sequence (two touching honours), else low from the longest suit
        for s in range(4):
            cards = sorted(ids(self._suit(mask, s)), key=lambda c: -self.strength[c])
            if len(cards) >= 2 and self.strength[cards[0]] >= 12 \
                    and self.strength[cards[0]] - self.strength[cards[1]] == 1 and s != trump:
                return cards[0]
        def length(s):
            # defenders keep their trumps
            return len(ids(self._suit(mask, s))) - (3 if s == trump and not declaring else 0)

        longest = max(range(4), key=lambda s: (length(s), s))
        cards = self._suit(mask, longest)
        if not cards:
            return self._low(mask)
        return self._low(cards)
