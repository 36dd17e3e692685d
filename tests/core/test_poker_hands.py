"""The poker hand evaluator (cards/poker_hands.py): 000 ch. 17, 002's Hold'em
list and the decisions written in the module, against a brute-force
reference (cards/poker_reference.py) on random hands from one and two packs
and with wild cards.  (The million-hand check is ``pelit bench --evaluator
--verify 1000000``.)"""

from __future__ import annotations

import random

import numpy as np
import pytest

from pelit.cards import poker_reference as ref
from pelit.cards.deck import standard_deck
from pelit.cards.poker_hands import (Category, category, describe, evaluator, hand_value,
                                     ranks_of)

ONE = standard_deck("52")
TWO = standard_deck("2x52")
JOKERS = standard_deck("54")
WILD = JOKERS.rank_mask[2] | JOKERS.joker_mask          # Commune: jokers and twos


def value(text, deck=TWO):
    return evaluator(deck).value(deck.parse_many(text))


def wild_value(text):
    return evaluator(JOKERS).best_value(JOKERS.parse_many(text), WILD)


# -- categories, values, words -------------------------------------------------

def test_categories_in_order_with_spoken_names():
    # 17 and 002: five of a kind (decision) above the straight flush; the flush
    # between full house and straight (decision on 002's list)
    assert [c.spoken for c in reversed(Category)] == [
        "five of a kind", "straight flush", "four of a kind", "full house", "flush",
        "straight", "three of a kind", "two pair", "pair", "high card"]
    assert Category.from_spoken("Full  House") is Category.FULL_HOUSE
    assert Category.from_spoken("three-of-a-kind") is Category.THREE_OF_A_KIND
    with pytest.raises(ValueError, match="not a poker hand"):
        Category.from_spoken("royal pair")


def test_value_round_trip_and_words():
    v = hand_value(Category.FULL_HOUSE, 13, 10)
    assert category(v) is Category.FULL_HOUSE and ranks_of(v) == (13, 10)
    assert describe(v) == "full house, kings over tens"
    assert describe(value("AS KS QS JS TS")) == "royal flush"
    assert describe(value("5H 4H 3H 2H AH")) == "straight flush, five high"
    assert describe(value("6C 6D 6H 6S 2D")) == "four of a kind, sixes"
    assert describe(value("JD JC 4S 9H 2D")) == "pair of jacks"
    assert describe(value("JD JC 4S 9H 2D"), kickers=True) == "pair of jacks, nine four two"
    assert describe(value("AD AC 8S 8H 2D")) == "two pair, aces and eights"
    assert describe(value("KD 9C 4S 3H 2D")) == "high card, king"
    assert describe(value("7S 7S 7H 7D 7C")) == "five of a kind, sevens"
    assert describe(value("AD 2C 3S 4H 5D")) == "straight, five high"


# -- every category boundary: the best of one below the worst of the next -----

BOUNDARIES = [
    # (best hand of the lower category, worst hand of the higher one)
    ("AS KH QD JC 9S", "2S 2H 3D 4C 5S"),        # high card < pair (17.9, 17.8)
    ("AS AH KD QC JS", "2S 2H 3D 3C 4S"),        # pair < two pair (17.7)
    ("AS AH KD KC QS", "2S 2H 2D 3C 4S"),        # two pair < three of a kind (17.6)
    ("AS AH AD KC QS", "AS 2H 3D 4C 5S"),        # three of a kind < five-high straight (17.5)
    ("AS KH QD JC TS", "7H 5H 4H 3H 2H"),        # straight < flush (17.4)
    ("AH KH QH JH 9H", "2S 2H 2D 3C 3S"),        # flush < full house (17.3)
    ("AS AH AD KC KS", "2S 2H 2D 2C 3S"),        # full house < four of a kind (17.2)
    ("AS AH AD AC KS", "5D 4D 3D 2D AD"),        # four of a kind < straight flush (17.1)
    ("AS KS QS JS TS", "2S 2S 2H 2D 2C"),        # straight flush < five of a kind (decision)
]


@pytest.mark.parametrize("lower,higher", BOUNDARIES)
def test_every_category_boundary(lower, higher):
    lo, hi = value(lower), value(higher)
    assert category(hi) == category(lo) + 1
    assert lo < hi


def test_comparisons_within_categories():
    # 17.1/17.5: an ace-low straight is the lowest; the ace-high one the highest
    assert value("AS 2H 3D 4C 5S") < value("2S 3H 4D 5C 6S") < value("TS JH QD KC AS")
    assert value("AH 2H 3H 4H 5H") < value("2H 3H 4H 5H 6H")
    # 17.2: quadruplets, then the extra card
    assert value("9S 9H 9D 9C 2S") > value("8S 8H 8D 8C AS")
    assert value("9S 9H 9D 9C 3S") > value("9S 9H 9D 9C 2S")
    # 17.3: triplets, then pairs
    assert value("3S 3H 3D 2C 2S") > value("2S 2H 2D AC AS")
    assert value("KS KH KD TC TS") > value("KS KH KD 9C 9S")
    # 17.4 and 17.9: card by card
    assert value("AH JH 9H 5H 3H") > value("AS JS 9S 5S 2S")
    assert value("KC 9D 7S 5H 3H") > value("KC 9D 7S 5H 2H")
    # 17.6: the triplet, then the highest extra card, then the other
    assert value("5S 5H 5D KC 2S") > value("5S 5H 5D QC JS")
    assert value("5S 5H 5D KC 3S") > value("5S 5H 5D KC 2S")
    # 17.7: the high pairs, the low pairs, the extra card
    assert value("KS KH 2D 2C 3S") > value("QS QH JD JC AS")
    assert value("KS KH 3D 3C 2S") > value("KS KH 2D 2C AS")
    assert value("KS KH 3D 3C 5S") > value("KS KH 3D 3C 4S")
    # 17.8: the pair, then the extra cards highest first
    assert value("4S 4H AD 3C 2S") < value("5S 5H 2D 3C 4S")
    assert value("9S 9H AD 8C 2S") > value("9S 9H KD QC JS")
    # 17: suits are not ranked
    assert value("AS KH QD JC 9S") == value("AH KD QC JS 9H")


# -- two packs (002): identical cards, five of a kind --------------------------

def test_identical_cards_make_a_flush_not_a_pair():
    # decision: a hand is the highest category it satisfies; the flush compares A A K 9 5
    v = value("AH AH KH 9H 5H")
    assert category(v) is Category.FLUSH and ranks_of(v) == (14, 14, 13, 9, 5)
    assert v > value("AS KS QS JS 9S")


def test_five_of_a_kind_from_seven_and_best_of_seven():
    # 002: seven cards from two packs; five of a kind beats a straight flush on the board
    v = value("9S 9S 9H 9D 9C KH KH")
    assert category(v) is Category.FIVE_OF_A_KIND and ranks_of(v) == (9,)
    assert value("9S 9S 9H 9D 9C TS JS") > value("9S TS JS QS KS 2H 3D")
    # six of a rank is still five of a kind; four pairs give the two best
    assert value("4S 4S 4H 4H 4D 4D 2C") == hand_value(Category.FIVE_OF_A_KIND, 4)
    assert value("KS KS QH QH 2D 2D AC") == hand_value(Category.TWO_PAIR, 13, 12, 14)
    # two triplets: the higher one and a pair of the lower
    assert value("7S 7H 7D 5S 5H 5D 2C") == hand_value(Category.FULL_HOUSE, 7, 5)


def test_five_packs_full_house_in_one_suit():
    # Fireplace Poker's forced meld (18.6.1) may hold identical cards
    from pelit.cards.deck import ALL_RANKS, Deck
    five = Deck("5x52", ALL_RANKS, 5)
    v = evaluator(five).value(five.parse_many("AH AH AH KH KH"))
    assert v == hand_value(Category.FULL_HOUSE, 14, 13)
    assert evaluator(five).value(five.parse_many("AH AH AH AH AH")) \
        == hand_value(Category.FIVE_OF_A_KIND, 14)


# -- wild cards (Commune, 004: jokers and twos) ----------------------------------

def test_wild_cards():
    assert wild_value("JK AS AH AD AC") == hand_value(Category.FIVE_OF_A_KIND, 14)
    assert wild_value("JK 2C 9S 9H 4D") == hand_value(Category.FOUR_OF_A_KIND, 9, 4)
    assert wild_value("JK 9S TS JS KS") == hand_value(Category.STRAIGHT_FLUSH, 13)
    # a wild card stands for a card already held: the flush's second ace
    assert wild_value("JK AH 9H 7H 4H") == hand_value(Category.FLUSH, 14, 14, 9, 7, 4)
    assert wild_value("2D 3S 4H 5C 7D") == hand_value(Category.STRAIGHT, 7)
    assert wild_value("2D KS 8H 5C 7D") == hand_value(Category.PAIR, 13, 8, 7, 5)
    assert wild_value("2D 2H 2S 2C JK") == hand_value(Category.FIVE_OF_A_KIND, 14)
    # many cards: Commune's combined hand
    assert wild_value("3S 3H 8D 8C JK KH QD 5S 4S 6S") == hand_value(Category.STRAIGHT_FLUSH, 7)


def test_a_joker_not_wild_is_refused_and_short_hands_too():
    with pytest.raises(ValueError, match="not wild"):
        evaluator(JOKERS).best_value(JOKERS.parse_many("JK AS KS QS JS"))
    with pytest.raises(ValueError, match="five cards"):
        evaluator(ONE).best_value(ONE.parse_many("AS KS QS JS"))


# -- against the brute-force reference ---------------------------------------------

@pytest.mark.parametrize("deck,count", [(ONE, 25_000), (TWO, 25_000)])
def test_random_hands_match_the_reference(deck, count):
    ev = evaluator(deck)
    rng = random.Random(17 + deck.copies)
    for _ in range(count):
        cards = rng.sample(range(deck.size), rng.choice((5, 6, 7, 7)))
        want = ref.best_value(ref.deck_faces(deck, cards))
        assert ev.value(cards) == want, deck.texts(cards)
        assert ev.best_value(cards) == want, deck.texts(cards)


def test_random_wild_hands_match_the_reference():
    ev = evaluator(JOKERS)
    rng = random.Random(5)
    checked = 0
    while checked < 300:
        cards = rng.sample(range(JOKERS.size), rng.choice((5, 6)))
        natural = [c for c in cards if not (WILD >> c) & 1]
        wild = len(cards) - len(natural)
        if wild > 2 or (wild == 0 and rng.random() < 0.7):
            continue
        assert ev.best_value(cards, WILD) == ref.best_value(ref.deck_faces(JOKERS, natural), wild), \
            JOKERS.texts(cards)
        checked += 1


def test_best_value_of_many_cards_matches_best_of_all_fives():
    # more than seven cards (the general path) against every five of them
    ev = evaluator(TWO)
    rng = random.Random(9)
    for _ in range(150):
        cards = rng.sample(range(TWO.size), rng.choice((8, 9, 10)))
        assert ev.best_value(cards) == max(ev.value(f) for f in _fives(cards))


def _fives(cards):
    from itertools import combinations
    return combinations(cards, 5)


def test_best_five_names_the_cards():
    ev = evaluator(TWO)
    cards = TWO.parse_many("9S 9S 2H 9D 9C KH 9H")
    v, five = ev.best_five(cards)
    assert v == hand_value(Category.FIVE_OF_A_KIND, 9)
    assert sorted(TWO.text(c) for c in five) == ["9C", "9D", "9H", "9S", "9S"]


@pytest.mark.parametrize("deck", [ONE, TWO])
@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_path_equals_single_calls(deck, size):
    ev = evaluator(deck)
    rng = random.Random(size)
    hands = [rng.sample(range(deck.size), size) for _ in range(4000)]
    # the flush-heavy rows: every card of one suit
    hands += [rng.sample([c for c in range(deck.size) if deck.suit_of[c] == 1], size)
              for _ in range(200)]
    got = ev.values(np.array(hands, dtype=np.int16))
    assert got.tolist() == [ev.value(h) for h in hands]
    with pytest.raises(ValueError, match="rows of 5 to 7"):
        ev.values(np.zeros((3, 4), dtype=np.int16))
