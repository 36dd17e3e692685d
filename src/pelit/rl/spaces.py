"""Fixed, compact action spaces for learning agents (``pelit.rl``).

The engine's action ids are built for people and records: a card game's ids
are its cards and verbs (a few hundred), but some spaces are enormous
because they name every action the rules could ever allow (Diloti's captures
are bitmasks of the table, 2^64 ids; Hold'em names every bet size up to a
whole table's chips; Hex, Y and Go name the cells of the largest board),
and a few games make ids as play goes (a typed question or answer, a
Chinese Poker combination, a Fireplace Poker steal).  An agent needs a
space of fixed size that stays small, so every game gets an ``ActionMap``:

board (Hex, Y, Go)
    one id per cell of the board the options name, in the engine's order of
    cells (row by row from the first row), then the verbs (``swap``;
    ``pass``).  A 7x7 Hex board has 49 + 1 ids; a 9x9 Go board 81 + 1.
fixed ids, then an index
    Every other game.  Where the engine's space has at most ``MAX_IDS`` ids
    (nearly all card games, the meld games too: their melds are named by
    ranks, not by cards), the agent's id ``i < fixed`` *is* the engine's
    id.  Then come ``EXTRA`` ids for the legal actions beyond those, the
    *canonical order* being their engine ids sorted ascending: the agent's
    id ``fixed + k`` is the ``k``-th of them.  Games whose whole space is too
    large (Diloti, Texas Hold'em, Speculation) have ``fixed = 0``: every id
    is an index into the legal list sorted by engine id.  The games that make
    ids as play goes (``OPEN_IDS``) have both parts.  A position with more
    than ``EXTRA`` such actions (never seen in random play: Diloti's largest
    legal list is below 100) offers the first ``EXTRA`` of them, and
    ``truncated`` says so.

The mask is an ``int8`` numpy array of the space's size, 1 where the id is
legal now.  ``legal_order`` lists the legal engine ids in the order of their
agent ids, so their text can be shown beside the mask.
"""

from __future__ import annotations

from bisect import bisect_left

import numpy as np

MAX_IDS = 4096        # an engine space up to this size is used as it is
EXTRA = 512           # ids for legal actions beyond the fixed ones
LONG = 64             # a legal list this long is kept when a short one comes between
# games whose engine makes action ids beyond ``actions.size`` as play goes
OPEN_IDS = frozenset({"believe-or-doubt", "bridge-meets-guess-who", "chinese-poker",
                      "fireplace-poker"})


class ActionMap:
    """The agent's action ids of one game with given options, and their
    engine ids.  ``size`` is fixed; ``mask(legal)`` and ``to_engine(i,
    legal)`` translate both ways for the legal list of a position.

    The mask is written from the legal engine ids straight into a byte
    buffer kept for the space (numpy reads it in place, and a mask handed
    out is a copy of it).  From one position to the next the buffer is
    mostly right already: when the new legal list is the last one written
    with only the action just played taken out (a board game's cells, a
    hand's cards in a patience), ``mask(legal, played)`` clears that one
    id; when it is the same list, nothing is written; a long list (more
    than ``LONG`` ids) that comes back after a short one is taken back
    whole; a long run of consecutive ids (every claim above the last one)
    is written as one slice; otherwise the buffer is written again, id by
    id.  Every check compares whole lists (exact, in C), so a wrong
    ``played`` only costs the rewrite."""

    def __init__(self, game, options):
        self.game = game
        self.options = options
        cells = _board_ids(game, options)
        self.board = cells is not None
        if self.board:
            self.fixed = self.extra = 0
            self.engine_ids = tuple(cells)
            self.size = len(cells)
            self._compact = {e: i for i, e in enumerate(cells)}
            # engine id -> agent id as a list (cheaper to index than a dict)
            index = [-1] * (max(cells) + 1)
            for i, e in enumerate(cells):
                index[e] = i
            self._index = index
            self.engine_of = self.engine_ids
            # the engine ids whose mask place a played one clears alone:
            # every cell on a board, the fixed ids otherwise
            self._drop_below = len(index)
        else:
            small = game.actions.size <= MAX_IDS
            self.fixed = game.actions.size if small else 0
            self.extra = EXTRA if (not small or game.info.id in OPEN_IDS) else 0
            self.size = self.fixed + self.extra
            # agent id -> engine id where that needs no legal list
            self.engine_of = None if self.extra else range(self.size)
            self._index = range(self.fixed)     # engine id -> agent id, below fixed
            self._ids = list(range(self.fixed))  # to compare a run of ids with
            self._drop_below = self.fixed
        self._zeros = bytes(self.size)
        self._buf = bytearray(self.size)
        self._array = np.frombuffer(self._buf, dtype=np.int8)    # a view of _buf
        self._prev: list | None = None     # a copy of the legal list _buf marks
        # the list and mask bytes the buffer held before the last rewrite: a
        # long list that comes back after a short one (a bid, then a card)
        self._older: tuple | None = None

    @property
    def mode(self) -> str:
        if self.board:
            return "board"
        return "id" if not self.extra else ("index" if not self.fixed else "id+index")

    def _beyond(self, legal) -> list[int]:
        fixed = self.fixed
        return sorted(legal) if not fixed else sorted(a for a in legal if a >= fixed)

    def mask(self, legal, played: int | None = None) -> np.ndarray:
        """An int8 array of ``size``: 1 for each legal id (a fresh array).
        ``played``: the engine action applied since the last call, if the
        caller knows it (see the class)."""
        prev = self._prev
        if prev is not None:
            n = len(legal)
            gone = len(prev) - n
            if gone == 1:
                if played is not None and played < self._drop_below:
                    # most legal lists are sorted: look there first, then scan
                    i = bisect_left(prev, played)
                    if i > n or prev[i] != played:
                        i = prev.index(played) if played in prev else -1
                    if i >= 0:
                        del prev[i]
                        if prev == legal:
                            self._buf[self._index[played]] = 0
                            return self._array.copy()
                        prev.insert(i, played)      # as it was: the buffer's list
            elif not gone and prev == legal:
                return self._array.copy()
        if not legal:
            return np.zeros(self.size, dtype=np.int8)
        older = self._older
        if older is not None and prev is not None and len(older[0]) == len(legal) \
                and older[0] == legal:
            self._older = (prev, bytes(self._buf))
            self._buf[:] = older[1]
            self._prev = older[0]
            return self._array.copy()
        self._write(legal)
        return self._array.copy()

    def _write(self, legal) -> None:
        buf = self._buf
        if self._prev is not None and len(self._prev) > LONG:
            self._older = (self._prev, bytes(buf))
        buf[:] = self._zeros
        self._prev = None
        if self.board:
            index = self._index
            for a in legal:
                buf[index[a]] = 1
        elif not self.extra:
            n = len(legal)
            first = legal[0]
            if n > LONG and legal[-1] == first + n - 1 and 0 <= first \
                    and legal == self._ids[first:first + n]:
                buf[first:first + n] = b"\x01" * n       # a run of ids (every claim above one)
            else:
                try:
                    for a in legal:
                        buf[a] = 1
                except IndexError:
                    buf[:] = self._zeros
                    raise ValueError(f"{self.game.info.id} made an action id beyond its "
                                     f"space; it belongs in pelit.rl.spaces.OPEN_IDS") from None
        elif not self.fixed:                 # an index: the first len(legal) ids
            k = min(len(legal), self.extra)
            buf[:k] = b"\x01" * k
        else:
            fixed = self.fixed
            beyond = 0
            for a in legal:
                if a < fixed:
                    buf[a] = 1
                else:
                    beyond += 1
            beyond = min(beyond, self.extra)
            buf[fixed:fixed + beyond] = b"\x01" * beyond
        self._prev = list(legal)

    def to_engine(self, action: int, legal) -> int | None:
        """The engine id of the agent's ``action`` (``None`` when it names no
        legal action now)."""
        if action.__class__ is not int:
            action = int(action)
        if action < self.fixed and not self.board:
            return action if action >= 0 and action in legal else None
        if not 0 <= action < self.size:
            return None
        if self.board:
            engine = self.engine_ids[action]
            return engine if engine in legal else None
        if action < self.fixed:
            return action if action in legal else None
        beyond = self._beyond(legal)
        k = action - self.fixed
        return beyond[k] if k < len(beyond) else None

    def to_agent(self, engine: int, legal) -> int:
        """The agent's id of a legal engine action."""
        if self.board:
            return self._compact[engine]
        if engine < self.fixed:
            return engine
        return self.fixed + self._beyond(legal).index(engine)

    def legal_ids(self, legal) -> list[int]:
        """The agent's ids of the legal actions, ascending (the ones of
        ``mask(legal)``)."""
        if self.board:
            index = self._index
            return sorted(index[a] for a in legal)
        if not self.extra:
            return sorted(legal)
        fixed = self.fixed
        own = sorted(a for a in legal if a < fixed)
        return own + list(range(fixed, fixed + min(len(legal) - len(own), self.extra)))

    def legal_order(self, legal) -> list[int]:
        """The legal engine ids in the order of the agent's ids."""
        if self.board:
            return sorted(legal, key=self._compact.__getitem__)
        fixed = self.fixed
        return sorted(a for a in legal if a < fixed) + self._beyond(legal)[:self.extra]

    def truncated(self, legal) -> bool:
        return bool(self.extra) and len(self._beyond(legal)) > self.extra

    def describe(self) -> str:
        if self.board:
            cells = sum(1 for e in self.engine_ids
                        if self.game.action_text(e) not in ("swap", "pass"))
            return (f"{self.size} ids: the {cells} cells of the board in the engine's "
                    f"order, then {self.size - cells} verb(s)")
        parts = []
        if self.fixed:
            parts.append(f"{self.fixed} engine ids ({self.game.actions.describe()})")
        if self.extra:
            parts.append(f"{self.extra} places indexing the legal actions "
                         f"{'beyond those' if self.fixed else ''} sorted by engine id")
        return f"{self.size} ids: " + ", then ".join(parts)


def _board_ids(game, options) -> list[int] | None:
    """The engine ids of a board game's cells on the options' board, then
    its verbs; ``None`` for a game that is not played on a board."""
    gid = game.info.id
    if gid in ("hex", "y"):
        from ..boards.hexgrid import rhombus, triangle
        geo = (rhombus if gid == "hex" else triangle)(options.size)
        return sorted(geo.cells) + [game.actions.parse("swap")[0]]
    if gid == "go":
        from ..games import go
        size = options.size
        cells = [row * go.SIDE + col for row in range(size) for col in range(size)]
        return cells + [go.PASS]
    return None
