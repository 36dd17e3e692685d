"""Bots for a duplicate match (``core.duplicate``): at each seat the game's
own bot plays the table the seat sits at.

The bot sees the duplicate's view and events of its seat and hands the game's
bot exactly the view and events of its table in the game's own numbers (the
``own`` they carry, or ``DuplicateGame.inner_view`` and ``inward`` worked
out from them); each round at a new table is a new match of the game for
it, so a fresh bot of the game plays it.
"""

from __future__ import annotations

from ..core.rng import stream
from . import Bot


class DuplicateBot(Bot):
    def __init__(self, name: str, game, seat: int, seed: int = 0):
        from . import make_bot
        self._make = make_bot
        self.game = game
        self.seat = seat
        self.bot_name = name
        # the two tables' bots in the same seat of the game draw apart
        self.seed = stream(seed, "duplicate bot", seat).getrandbits(63)
        probe = make_bot(name, game.inner, 0, self.seed)      # an unknown bot fails here
        self.name = probe.name
        self.thinks = probe.thinks
        self.bot = None
        self.round = None
        self.table = None            # (table index, the duplicate's seat at each seat there)
        self.pending: list[dict] = []

    def _sit(self, rnd: int, seating) -> None:
        room = next(r for r, seats in enumerate(seating) if self.seat in seats)
        self.round = rnd
        self.table = (room, tuple(seating[room]))
        self.bot = None
        self.pending = []

    def observe(self, events: list[dict]) -> None:
        for e in events:
            kind = e["kind"]
            if kind == "round_started":
                self._sit(e["round"], e["seating"])
            elif kind not in ("table_over", "match_over") and self.table is not None:
                own = getattr(e, "own", None)
                self.pending.append(own if own is not None else self.game.inward(e, *self.table))

    def choose(self, view: dict) -> int:
        if view["round"] != self.round:
            self._sit(view["round"], view["seating"])
        own = getattr(view, "own", None) or self.game.inner_view(view)
        if self.bot is None:
            self.bot = self._make(self.bot_name, self.game.inner, own["seat"], self.seed)
        if self.pending:
            self.bot.observe(self.pending)
            self.pending = []
        return self.game.actions.outer(self.table[0], self.bot.choose(own))
