"""Seeded random streams.

All chance in a match comes from ``stream(seed, *labels)``: one independent
generator per purpose (the shuffle of deal 3, a bot's choices, ...), so a
stacked deck for one deal does not shift the randomness of anything else, and
a match replays exactly from its seed.
"""

from __future__ import annotations

import hashlib
import os
import random


def stream(seed: int, *labels) -> random.Random:
    key = repr((seed,) + labels).encode()
    return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:16], "big"))


def fresh_seed() -> int:
    """A seed for a match nobody seeded: 63 random bits from the OS."""
    return int.from_bytes(os.urandom(8), "big") >> 1


# ``random.Random.shuffle`` written out for speed: for each size, the steps
# (i, bits) it takes, i from the last place down to 1 and bits the width of
# the draw for "a number below i + 1".  The same draws in the same order give
# the same pack (tests/core/test_fast_paths.py compares with random.shuffle on
# many seeds and sizes), so every seed deals exactly as before.
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def shuffle(rng, x: list) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would (the same
    result, the same state of ``rng`` after), in about half the time."""
    n = len(x)
    steps = _SHUFFLE_STEPS.get(n)
    if steps is None:
        steps = _SHUFFLE_STEPS[n] = tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
    getrandbits = rng.getrandbits
    i: int
    k: int
    j: int
    for i, k in steps:
        j = getrandbits(k)
        while j > i:                 # a draw of k bits that is not below i + 1
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
