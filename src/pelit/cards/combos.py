"""Actions that are sets of cards (a pair, a poker hand), as ints.

Games in which one play puts down several cards at once (Chinese Poker's
pairs, triples and five-card hands) cannot list every set in an
``ActionSpace`` block: five cards of 52 are 2.6 million sets.  A
``CardCombos`` numbers the sets of ``k`` cards of a pack (``k`` in the sizes
given) by their rank in the combinatorial number system, after a base id,
so every set has one id and the id gives the set back.  Its text is the
cards in the game's own order separated by spaces (``7S 7H``); reading text
takes the cards in any order.  The game's ``action_text`` and
``parse_action`` hand ids and text at or above ``base`` to it.
"""

from __future__ import annotations

from math import comb

from ..core.errors import ParseError


class CardCombos:
    def __init__(self, deck, sizes: tuple[int, ...], base: int, order=None):
        self.deck = deck
        self.sizes = tuple(sorted(sizes))
        n = deck.size
        self.base = base
        self.start = {}                         # first id of each size
        at = base
        for k in self.sizes:
            self.start[k] = at
            at += comb(n, k)
        self.end = at
        # comb(c, i) for every card id c and place i (1-based)
        self._comb = [[comb(c, i) for i in range(max(self.sizes) + 1)] for c in range(n + 1)]
        self.order = order or (lambda c: c)    # how cards are written within a set

    def __contains__(self, action: int) -> bool:
        return self.base <= action < self.end

    def encode(self, cards) -> int:
        """The id of a set of card ids (any order)."""
        cs = sorted(cards)
        k = len(cs)
        if k not in self.start:
            raise ParseError(f"a play of {k} cards is not a combination here")
        table = self._comb
        return self.start[k] + sum(table[c][i + 1] for i, c in enumerate(cs))

    def decode(self, action: int) -> list[int]:
        """The card ids of a set id, lowest first."""
        k = next(k for k in reversed(self.sizes) if action >= self.start[k])
        rank = action - self.start[k]
        out = []
        c = self.deck.size
        for i in range(k, 0, -1):
            c -= 1
            while self._comb[c][i] > rank:
                c -= 1
            out.append(c)
            rank -= self._comb[c][i]
        return out[::-1]

    def mask(self, action: int) -> int:
        m = 0
        for c in self.decode(action):
            m |= 1 << c
        return m

    def text(self, action: int) -> str:
        return " ".join(self.deck.text(c) for c in sorted(self.decode(action), key=self.order))

    def parse(self, text: str, among: int | None = None) -> int:
        """Card text (several cards) to the set's id; ``among`` picks the
        copies held where a pack has several."""
        return self.encode(self.deck.parse_many(text, among))
