"""``cards.deal.sample_hands_won_and_stock``: a sampled world of a fishing
game whose won piles lie face down (Chinese Ten, Kontsina)."""

from __future__ import annotations

import random

from pelit.cards.deal import sample_hands_won_and_stock
from pelit.cards.deck import mask_of


def test_unseen_cards_fill_the_other_hands_every_won_pile_and_the_stock_as_counted():
    view = {"seat": 0, "players": 3, "hand_sizes": [2, 3, 1], "won_counts": [1, 2, 0],
            "stock": 4}
    own = mask_of([50, 51])
    unseen = mask_of(range(11))
    hands, won, stock = sample_hands_won_and_stock(view, unseen, own, random.Random(7))
    assert hands[0] == own
    assert [h.bit_count() for h in hands[1:]] == [3, 1]
    assert [w.bit_count() for w in won] == [1, 2, 0]
    assert len(stock) == 4
    placed = [hands[1], hands[2], *won, mask_of(stock)]
    assert sum(m.bit_count() for m in placed) == 11
    assert mask_of(c for m in placed for c in range(11) if m >> c & 1) == unseen


def test_a_spectator_gets_every_hand_sampled():
    view = {"seat": None, "players": 2, "hand_sizes": [1, 1], "won_counts": [0, 0], "stock": 0}
    hands, won, stock = sample_hands_won_and_stock(view, mask_of([3, 9]), 0, random.Random(1))
    assert sorted(hands) == [1 << 3, 1 << 9] and won == [0, 0] and stock == []
