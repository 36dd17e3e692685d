"""The Y player: the Hex player (bots/hex.py) on the triangle, where the
distance to a win counts all three sides and a first stone away from every
side is swapped."""

from __future__ import annotations

from . import heuristic
from .hex import HexBot


@heuristic("y")
class YBot(HexBot):
    name = "heuristic"
