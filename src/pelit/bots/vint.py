"""The Vint player: the Modern Skruuvi bot (``bots.skruuvi``) without the
table cards and exchanges it counts on (15.1).  Trick points rise with the
contract's number (15.2), so it bids as high as its points say the tricks
are there, but with care: a missing trick costs a thousand times the
number (15.3.1)."""

from __future__ import annotations

from . import heuristic
from .skruuvi import SkruuviBot


@heuristic("vint")
class VintBot(SkruuviBot):
    extras = (0, 0)          # 15.1: no table cards, no exchange
    raise_margin = 0
    caution = 4
