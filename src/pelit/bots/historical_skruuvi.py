"""The Historical Skruuvi player: the Modern Skruuvi bot (``bots.skruuvi``);
the contract of four (14.3) only changes how many tricks a bid promises,
which the bot reads from the game.  An opponent knocks a four with the
defence to beat it, since an unknocked four is scored as made."""

from __future__ import annotations

from . import heuristic
from .skruuvi import SkruuviBot


@heuristic("historical-skruuvi")
class HistoricalSkruuviBot(SkruuviBot):
    pass
