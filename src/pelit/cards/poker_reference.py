"""A slow, definitional poker hand evaluator: the reference the fast one
(``cards.poker_hands``) is checked against, in the tests and by ``pelit
bench --evaluator --verify``.

It knows nothing of tables or keys: it looks at every five cards of a hand
(``itertools.combinations``), names the five by counting ranks and suits the
way ch. 17 defines each category, and keeps the best; a wild card is tried
as every one of the 52 cards in turn.  Values are ``poker_hands.hand_value``
ints, so the two evaluators can be compared directly.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

from .poker_hands import Category, hand_value

_ALL_FACES = tuple((r, s) for r in range(2, 15) for s in range(4))


def five_value(faces) -> int:
    """The value of exactly five cards given as (rank, suit) pairs."""
    ranks = sorted((r for r, _ in faces), reverse=True)
    counts = Counter(ranks)
    # ranks ordered by how many, then by rank: the order ch. 17 compares them in
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({s for _, s in faces}) == 1
    distinct = sorted(counts, reverse=True)
    straight = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight = 5
    candidates = []
    if shape[0] == 5:
        candidates.append(hand_value(Category.FIVE_OF_A_KIND, by_count[0]))
    if straight and flush:
        candidates.append(hand_value(Category.STRAIGHT_FLUSH, straight))
    if shape[0] == 4:
        candidates.append(hand_value(Category.FOUR_OF_A_KIND, *by_count))
    if shape == [3, 2]:
        candidates.append(hand_value(Category.FULL_HOUSE, *by_count))
    if flush:
        candidates.append(hand_value(Category.FLUSH, *ranks))
    if straight:
        candidates.append(hand_value(Category.STRAIGHT, straight))
    if shape == [3, 1, 1]:
        candidates.append(hand_value(Category.THREE_OF_A_KIND, *by_count))
    if shape == [2, 2, 1]:
        candidates.append(hand_value(Category.TWO_PAIR, *by_count))
    if shape == [2, 1, 1, 1]:
        candidates.append(hand_value(Category.PAIR, *by_count))
    if shape == [1, 1, 1, 1, 1]:
        candidates.append(hand_value(Category.HIGH_CARD, *ranks))
    return max(candidates)


def best_value(faces, wild: int = 0) -> int:
    """The best five of (rank, suit) pairs and ``wild`` wild cards."""
    faces = list(faces)
    best = -1
    for k in range(0, min(wild, 5) + 1):
        if len(faces) < 5 - k:
            continue
        for natural in combinations(faces, 5 - k):
            if k == 0:
                best = max(best, five_value(natural))
                continue
            for chosen in combinations_with_replacement(_ALL_FACES, k):
                best = max(best, five_value(natural + chosen))
    return best


def deck_faces(deck, cards):
    """(rank, suit) pairs of card ids of ``deck``."""
    return [(deck.rank_of[c], deck.suit_of[c]) for c in cards]
