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
