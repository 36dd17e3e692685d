"""What a bot remembers from its events.

Won tricks lie face down (000 ch. 2): a view tells how many tricks each
player took, not which cards; a player who wants to know which cards are
gone remembers them as they are played.  ``PlayMemory`` does that for every
trick game (the games log a card put to a trick as a ``play`` event, or a
``lead`` where the lead names more than the card).
"""

from __future__ import annotations

from . import Bot

PLAY_KINDS = ("play", "lead")


class PlayMemory:
    """The cards seen played in the current deal (``gone``, a mask)."""

    def __init__(self):
        self.gone = 0

    def observe(self, events):
        for e in events:
            kind = e["kind"]
            if kind == "new_deal":
                self.gone = 0
            elif kind in PLAY_KINDS and e.get("card") is not None:
                self.gone |= 1 << int(e["card"])


class RememberingBot(Bot):
    """A bot that remembers the cards played this deal (``self.memory``)."""

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.memory = PlayMemory()      # won tricks lie face down: it remembers them

    def observe(self, events):
        self.memory.observe(events)
