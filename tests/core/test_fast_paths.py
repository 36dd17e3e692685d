"""Fast paths that must give exactly what the plain code gives: core.game.shuffle
is random.Random.shuffle written out (the same pack, the generator left in the
same state, or every seed's deals and golden records would change), and
cards.deck.ids reads dense masks a byte at a time."""

import random

from pelit.core.game import shuffle
from pelit.core.rng import stream


def test_shuffle_matches_random_shuffle():
    for size in (0, 1, 2, 3, 5, 24, 32, 36, 40, 52, 53, 54, 104, 108, 110, 162):
        for seed in range(40):
            a = list(range(size))
            b = list(range(size))
            ra = stream(seed, "deal", size)
            rb = stream(seed, "deal", size)
            ra.shuffle(a)
            shuffle(rb, b)
            assert a == b, (size, seed)
            assert ra.getstate() == rb.getstate()


def test_shuffle_any_items():
    r1, r2 = random.Random(5), random.Random(5)
    a = [f"c{i}" for i in range(52)]
    b = a.copy()
    r1.shuffle(a)
    shuffle(r2, b)
    assert a == b


def test_ids_lists_every_card_lowest_first():
    """cards.deck.ids reads dense masks a byte at a time: the same list as
    walking the bits one by one, for sparse, dense and very wide masks."""
    from pelit.cards.deck import ids
    rng = random.Random(9)
    for size in (8, 52, 54, 108, 162, 324, 384, 400, 700):
        for n in (0, 1, 2, 6, 7, 13, size // 2, size):
            for _ in range(20):
                cards = rng.sample(range(size), min(n, size))
                mask = 0
                for c in cards:
                    mask |= 1 << c
                assert ids(mask) == sorted(cards)
