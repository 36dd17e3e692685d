"""``cards.dummy.DummyPlay.legal_cards``: the per-suit tables of the 52-card
pack and the plain ``ids`` reading of other packs give the same cards."""

from __future__ import annotations

import random

from pelit.cards.deal import deal
from pelit.cards.deck import ids, standard_deck
from pelit.cards.dummy import DummyPlay


def test_legal_cards_without_suit_tables_are_the_ids_of_the_legal_mask():
    deck = standard_deck("52")
    rng = random.Random(4)
    for _ in range(20):
        pack = list(range(52))
        rng.shuffle(pack)
        hands, _ = deal(pack, [13] * 4)
        fast = DummyPlay(deck, hands, (0, 1, 2, 3), (0, 1, 2, 3), 0, 2, None)
        plain = DummyPlay(deck, hands, (0, 1, 2, 3), (0, 1, 2, 3), 0, 2, None)
        plain._suits = None
        while not fast.over():
            cards = fast.legal_cards()
            assert plain.legal_cards() == cards == ids(fast.legal())
            card = rng.choice(cards)
            fast.play(card)
            plain.play(card)
