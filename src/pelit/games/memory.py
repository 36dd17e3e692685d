"""Memory (Concentration): find pairs of one rank in a face-down grid.

Rule source: seed 003 (four games from a rule book), "Memory" (line 88).

The grid is 4 rows of 13 (positions 1..52, row by row); ``flip 12`` turns
position 12 face up.  Nothing in a view remembers for a player: a card is
face up only while it is the first card of the turn in progress; once a
non-matching pair is turned back it is face down in every view.  Each flip
is an event that everyone sees as it happens (that is how a table works);
remembering it is the player's own business (bots have a memory model of a
stated capacity, ``bots/memory.py``).

Decisions where the seed is silent (pinned in tests/games/test_memory.py):

- "a random dealer": drawn from the match's random stream; the player on
  his left begins.  The pack is dealt into the grid from its top, position
  1 first.
- A pair is two cards of the same rank (colours and suits do not matter);
  each rank gives two pairs.
- After a match the same player turns two more cards, also after the last
  pair of the grid (the game is then over).
- The most pairs wins; players tied on the most pairs share the win.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import shuffled
from ..cards.deck import Card, CardSet, mask_of, pretty, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.rng import stream

DECK = standard_deck("52")
ROWS, COLS = 4, 13
SIZE = ROWS * COLS


class Phase(enum.Enum):
    FLIP = 1


@dataclass(frozen=True)
class MemoryOptions:
    players: int = option(2, "number of players", min=2, max=4)


class MemoryState(State):
    __slots__ = ("grid", "up", "pairs", "dealer", "turn", "seen", "flips")

    def _copy_into(self, new):
        new.grid = self.grid.copy()
        new.up = self.up
        new.pairs = self.pairs.copy()
        new.dealer = self.dealer
        new.turn = self.turn
        new.seen = self.seen
        new.flips = self.flips


@register
class Memory(Game):
    info = GameInfo(
        id="memory", name="Memory", min_seats=2, max_seats=4, family="memory",
        source="003 Memory (line 88)", hidden=True, chance=True,
        aliases=("concentration",),
        summary=(
            "The whole pack lies face down in a grid of 4 rows of 13. On your turn "
            "you turn up two cards, one after the other, where they lie. Two of the "
            "same rank are a pair: you keep them and turn up two more. Otherwise "
            "both are turned face down again and the player on your left goes. "
            "When the grid is empty, whoever holds the most pairs wins. Nothing "
            "reminds you where a card was: you have to remember."),
        verbs=(("flip 12", "turn up the card at position 12 (1..52, row by row)"),),
    )
    Options = MemoryOptions
    Phase = Phase
    State = MemoryState
    deck = DECK
    test_options = {"players": 2}
    # a flip is shown as it happens; the log does not show the card again
    render_hints = {"forget": {"flip": ["card"]}, "seat_fields": ["turn"],
                    "hide": ["grid", "rows", "cols"], "table": ["positions"],
                    "labels": {"pairs": "pairs won", "pair_counts": "pairs",
                               "turn": "turn of", "flips": "cards turned so far"}}

    def render_board(self, view):
        """The grid: a face-down card shows its position (``flip N``), a
        face-up one the card, a taken one a dot."""
        lines = ["Grid (a number is a face-down card: flip it by that number)"]
        grid = view["grid"]
        for r in range(view["rows"]):
            cells = []
            for c in range(view["cols"]):
                i = r * view["cols"] + c
                x = grid[i]
                if x is None:
                    cells.append(f"{'·':>3}")
                elif x == "down":
                    cells.append(f"{i + 1:>3}")
                else:
                    cells.append(f"{pretty(DECK.text(int(x))):>3}")
            lines.append(" ".join(cells))
        return "\n".join(lines)

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.FLIP = self.actions.numbers("flip", range(1, SIZE + 1))

    def _setup(self, s):
        n = s.options.players
        s.dealer = stream(s.seed, "dealer").randrange(n)
        pack = s.deal_pack(DECK, 0)
        s.grid = list(pack)
        s.up = None
        s.pairs = [0] * n
        s.seen = 0
        s.flips = 0
        s.turn = (s.dealer + 1) % n
        s.log("grid_dealt", None, dealer=s.dealer, rows=ROWS, cols=COLS)
        s.phase = Phase.FLIP
        s.to_act = (s.turn,)

    def _legal_flip(self, s, seat):
        return [self.FLIP + i for i, c in enumerate(s.grid) if c is not None and i != s.up]

    def _apply_flip(self, s, seat, action):
        pos = action - self.FLIP
        card = s.grid[pos]
        s.seen |= 1 << card
        s.flips += 1
        s.log("flip", seat, position=pos + 1, card=Card(card))
        if s.up is None:
            s.up = pos
            return
        first = s.grid[s.up]
        n = len(s.pairs)
        if DECK.rank_of[first] == DECK.rank_of[card]:
            s.pairs[seat] |= (1 << first) | (1 << card)
            s.grid[s.up] = None
            s.grid[pos] = None
            s.log("pair", seat, cards=CardSet((1 << first) | (1 << card)),
                  positions=[s.up + 1, pos + 1])
            s.up = None
            if all(c is None for c in s.grid):
                self._end(s)
            return
        s.log("turned_back", seat, positions=[s.up + 1, pos + 1])
        s.up = None
        s.turn = (seat + 1) % n
        s.to_act = (s.turn,)

    def _end(self, s):
        counts = tuple(p.bit_count() // 2 for p in s.pairs)
        best = max(counts)
        winners = tuple(p for p, c in enumerate(counts) if c == best)
        if len(winners) == len(counts):
            reason = f"grid cleared: everyone has {best} pairs, a draw"
        else:
            reason = f"grid cleared: {best} pairs for seat{'s' if len(winners) > 1 else ''} " \
                     + ", ".join(map(str, winners))
        self.finish(s, Outcome(counts, winners, reason))

    def why_illegal(self, s, seat, action):
        if self.FLIP <= action < self.FLIP + SIZE:
            pos = action - self.FLIP
            if pos == s.up:
                return f"position {pos + 1} is already face up"
            return f"position {pos + 1} is empty (its pair was taken)"
        return super().why_illegal(s, seat, action)

    def _view(self, s, seat, v):
        grid = []
        for i, c in enumerate(s.grid):
            if c is None:
                grid.append(None)
            elif i == s.up:
                grid.append(Card(c))
            else:
                grid.append("down")
        v["grid"] = grid
        v["rows"] = ROWS
        v["cols"] = COLS
        v["pairs"] = [CardSet(p) for p in s.pairs]
        v["pair_counts"] = [p.bit_count() // 2 for p in s.pairs]
        v["dealer"] = s.dealer
        v["turn"] = s.turn
        v["flips"] = s.flips

    def zones(self, s):
        z = {"grid": mask_of(c for c in s.grid if c is not None)}
        for p, m in enumerate(s.pairs):
            z[f"pairs{p}"] = m
        return z

    def unknown_cards(self, s, seat):
        # face-down cards nobody has seen; a card once turned up was seen by all
        return mask_of(c for c in s.grid if c is not None) & ~s.seen

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        grid = view["grid"]
        pairs = [int(p) for p in view["pairs"]]
        fixed = 0
        for p in pairs:
            fixed |= p
        up = None
        for i, x in enumerate(grid):
            if isinstance(x, Card):
                up = i
                fixed |= 1 << int(x)
        pool = shuffled(DECK.all_mask & ~fixed, rng)
        s.grid = []
        for i, x in enumerate(grid):
            if x is None:
                s.grid.append(None)
            elif i == up:
                s.grid.append(int(x))
            else:
                s.grid.append(pool.pop())
        s.up = up
        s.pairs = pairs
        s.dealer = view["dealer"]
        s.turn = view["turn"]
        s.flips = view["flips"]
        s.seen = 0 if up is None else 1 << s.grid[up]
        return s


# The web table draws the grid as a board of cards, clicked as "flip N".
Memory.web_layout = {"board": "grid", "shape": "square", "columns": COLS, "cell": "index",
                     "verb": "flip", "hide": ["rows", "cols"]}
