"""core.game.shuffle is random.Random.shuffle written out: it must give the
same pack and leave the generator in the same state, or every seed's deals
(and every golden record) would change."""

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
