"""Claims of poker hands (cards/poker_claims.py) for Kiertopokeri (000 ch. 19.1)
and Commune (004)."""

from __future__ import annotations

from pelit.cards.deck import standard_deck
from pelit.cards.poker_claims import (COMMUNE, KIERTOPOKERI, Category, at_least, claim_of,
                                      claim_token, claim_values, claim_words)
from pelit.cards.poker_hands import evaluator, hand_value

DECK = standard_deck("52")
EVAL = evaluator(DECK)


def value(text):
    return EVAL.value(DECK.parse_many(text))


def test_truthful_claim_names_the_ranks_19_1_lists():
    rows = [("QS QH JD 5C 2S", "pair Q J", "a pair of queens and a jack"),
            ("QS QH TD TC 5S", "two pair Q 10 5", "queens and tens and a five"),
            ("KS KH KD 5C 5S", "full house K 5", "full house, kings over fives"),
            ("QH TH 8H 5H 2H", "flush Q 10", "queen-high flush with a ten"),
            ("9S 8H 7D 6C 5S", "straight 9", "nine-high straight"),
            ("AS KH 9D 5C 2S", "high A K", "ace high and a king"),
            ("7S 7H 7D 7C 2S", "four 7 2", "four sevens and a two"),
            ("AH KH QH JH TH", "straight flush A", "royal flush")]
    for hand, token, words in rows:
        claim = claim_of(value(hand), KIERTOPOKERI)
        assert claim_token(claim, KIERTOPOKERI) == token
        assert claim_words(claim, KIERTOPOKERI) == words
        assert at_least(value(hand), claim)


def test_claims_are_ordered_and_exist():
    k = claim_values("kiertopokeri")
    assert list(k) == sorted(set(k))
    assert hand_value(Category.PAIR, 2, 2) not in k               # no such hand
    assert k[-1] == hand_value(Category.STRAIGHT_FLUSH, 14)
    c = claim_values("commune")
    # Commune (004, Game play): only five-card hands, so seven high is the lowest
    assert c[0] == hand_value(Category.HIGH_CARD, 7) and c[-1] == hand_value(
        Category.FIVE_OF_A_KIND, 14)
    assert hand_value(Category.STRAIGHT, 5) in c and hand_value(Category.PAIR, 2) not in c
    assert len(c) == len(set(c))


def test_typed_forms():
    assert claim_token(hand_value(Category.FULL_HOUSE, 9, 4), COMMUNE) == "full house 9 4"
    assert claim_token(hand_value(Category.TWO_PAIR, 12, 10, 5), KIERTOPOKERI) == \
        "two pair Q 10 5"
