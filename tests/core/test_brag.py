"""Three-card Brag ranking (cards/brag.py), the order Stop the Bus (seed 001) uses."""

from __future__ import annotations

from itertools import combinations

import pytest

from pelit.cards.brag import PRIAL, RUN, category, describe, hand_key
from pelit.cards.deck import standard_deck

DECK = standard_deck("52")


def key(text):
    return hand_key(DECK, DECK.parse_many(text))


# best first; each row beats every row below it
LADDER = [
    ("3S 3H 3D", "prial of threes"),
    ("AS AH AD", "prial of aces"),
    ("KS KH KD", "prial of kings"),
    ("2S 2H 2D", "prial of twos"),
    ("AH 2H 3H", "running flush A-2-3"),
    ("AH KH QH", "running flush A-K-Q"),
    ("KH QH JH", "running flush K-Q-J"),
    ("4H 3H 2H", "running flush 4-3-2"),
    ("AH 2S 3D", "run A-2-3"),
    ("AH KS QD", "run A-K-Q"),
    ("5H 4S 3D", "run 5-4-3"),
    ("4H 3S 2D", "run 4-3-2"),
    ("AH KH 9H", "flush A-K-9"),
    ("AH QH JH", "flush A-Q-J"),
    ("AH QH 9H", "flush A-Q-9"),
    ("5H 3H 2H", "flush 5-3-2"),
    ("AS AH KD", "pair of aces, K"),
    ("AS AH 2D", "pair of aces, 2"),
    ("KS KH AD", "pair of kings, A"),
    ("2S 2H 3D", "pair of twos, 3"),
    ("AS KH JD", "high card A-K-J"),
    ("AS QH JD", "high card A-Q-J"),
    ("AS QH TD", "high card A-Q-10"),
    ("5S 3H 2D", "high card 5-3-2"),
]


def test_ladder_table_row_by_row():
    keys = [key(t) for t, _ in LADDER]
    for (text, name), k in zip(LADDER, keys):
        assert describe(k) == name, text
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("a, b", [
    ("AS KH QD", "AH KD QC"),       # suits never rank
    ("7H 7S 4D", "7C 7D 4S"),
    ("AH 2S 3D", "AC 2D 3H"),
])
def test_equal_hands_tie(a, b):
    assert key(a) == key(b)


def test_no_wrap_other_than_a23():
    # K-A-2 and Q-K-A-style wraps: only A-2-3 and A-K-Q are runs with an ace
    assert category(key("KH AS 2D")) != RUN
    assert category(key("AH 2S 4D")) != RUN
    assert category(key("QH KS AD")) == RUN


def test_counts_over_every_hand():
    # 22,100 hands: the textbook counts of each category
    counts = [0] * 6
    for cards in combinations(range(52), 3):
        counts[category(hand_key(DECK, cards))] += 1
    assert counts[PRIAL] == 52 and counts[PRIAL - 1] == 48 and counts[RUN] == 720
    assert counts[2] == 1096 and counts[1] == 3744 and counts[0] == 16440
