"""``cards.deal.shuffled``: a sampled world's face-down piles."""

from __future__ import annotations

import random

from pelit.cards.deal import shuffled
from pelit.cards.deck import mask_of


def test_shuffled_gives_every_card_of_the_mask_once_in_the_order_rng_shuffle_would():
    cards = mask_of([0, 3, 7, 12, 40, 51])
    order = shuffled(cards, random.Random(5))
    assert sorted(order) == [0, 3, 7, 12, 40, 51]
    expected = [0, 3, 7, 12, 40, 51]
    random.Random(5).shuffle(expected)
    assert order == expected
    assert shuffled(0, random.Random(5)) == []
