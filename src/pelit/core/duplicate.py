"""Duplicate matches: one partnership game at two tables with the same deals.

Serious players (and anyone comparing bots) take the luck of the deal out
of a partnership game by playing every deal twice: at one table team A
holds the cards team B holds at the other.  ``duplicate_of(game)`` wraps a
registered partnership game (``GameInfo.teams``, partners alternating round
the table: seat ``s`` is in partnership ``s % 2``) of ``n`` seats into a
game of ``2 n`` seats, loaded as ``GAME-duplicate`` (``tuppi-duplicate``):

- Seats ``0..n-1`` sit at table 1, seats ``n..2n-1`` at table 2.  The
  match's teams are A (even seats) and B (odd seats), half of each team at
  each table.  At table 1 team A holds partnership 0 of the game; at table 2
  every player sits one place round from where his counterpart sits, so team
  B holds partnership 0 there: the seats are swapped.
- Both tables deal from the same packs: each table is a whole match of the
  game whose seed is drawn from the duplicate's seed for its set of packs,
  so deal ``k`` at one table is deal ``k`` at the other, card for card (a
  ``decks`` argument stacks both alike).  A match that runs longer at one
  table has deals without a twin; the comparison is of whole matches.
- The tables play at once: ``to_act`` holds the seats who may act at either
  table, and each acts on its own table only.  A seat sees its own table and
  nothing of the other (not its play, not its result) until the match is
  over; a spectator sees both.
- The result: a team's points are what its partnership scored at each table
  (the game's score of a seat of it), added up; the team with more wins.
  ``details["difference"]`` is team A's points less team B's.

A game whose duplicate form has more to it names its own rounds: Sakaali
for eight (``games/sakaali_eight.py``, seed 000 26.7) plays two rounds, each
table dealing its own four packs in the first and the tables' players
swapping rooms and seats for the second.  ``DuplicateGame`` is the engine
for both: ``rounds_for`` says who sits where at which table in each round
and which set of packs each table deals from.

What a seat sees is its table's view as the game draws it, with the cards
and seats renumbered for the whole duplicate (``outward``): the second
table's cards are a second copy of the pack (ids ``D..2D-1``), and each
seat number becomes the seat of the duplicate that sits there, so the
terminal and the browser show one table of ``2 n`` seats.  The game's
``render_hints`` and ``web_layout`` say which fields hold a seat, which lists
hold seats (``seat_lists`` and the words of ``core.seat_fields``: a play
order, the seats that passed), which lists hold one entry per seat (``per_seat``, or the same length as the seats),
which lists are rows beginning with a seat (``seat_rows``: an auction's
calls), which lists hold one entry per partnership (``web_layout["teams"]``,
``render_hints["team_lists"]``) and which numbers name a partnership
(``render_hints["team_fields"]``); per-partnership entries are put in the
order of the duplicate's teams A, B; keys in ``render_hints["one_table"]``
(the web table's numbers of one table: Android Whist's androids) pass as
they are.  The renumbering is undone exactly by
``inward``: bots (``bots/duplicate.py``) and ``sample_world`` work on the
game's own views.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import Card, CardSet
from .errors import OptionError, ParseError
from .game import Event, Game, GameInfo, Outcome, State
from .presentation import PER_SEAT_ROLES, keys_in_roles
from .rng import stream
from .seat_fields import is_seat_field, is_seat_list

TEAM_LETTERS = ("A", "B")
BASE_KEYS = ("game", "seat", "players", "phase", "to_act", "legal", "version", "options",
             "outcome")
# the duplicate's own fields in a seat's view
OWN_KEYS = ("round", "your_table", "team_of", "table_of", "seating", "table_moves",
            "table_outcome", "table_results", "tables")


class Phase(enum.Enum):
    PLAY = 1


@dataclass(frozen=True)
class TableSeating:
    """One table in one round: the table (its copy of the cards), the set of
    packs it deals from, and the duplicate's seat at each seat of the game."""

    room: int
    packs: int
    seats: tuple


def turned(group) -> tuple:
    """The same players one place round: each sits where the player on his
    left sat, so the partnerships change seats (26.7.2's swap)."""
    n = len(group)
    return tuple(group[(i + 1) % n] for i in range(n))


class DuplicateState(State):
    __slots__ = ("round_no", "tables", "seatings", "where", "pulled", "results")

    def _copy_into(self, new):
        new.round_no = self.round_no
        new.tables = [t.clone() for t in self.tables]
        new.seatings = self.seatings                 # tuples, replaced whole
        new.where = self.where
        new.pulled = self.pulled.copy()
        new.results = self.results.copy()            # dicts never changed once made


class Renumbered(dict):
    """A view or event in the duplicate's numbers that keeps, as ``own``, the
    same thing in the table's own numbers (what ``inward`` gives back from
    it), so a bot of the game need not work it out again."""

    __slots__ = ("own",)


class _Renumber:
    """One direction of renumbering: the card id shift, the seat map, and
    whether the partnerships are swapped (team A holds partnership 1)."""

    __slots__ = ("shift", "seats", "swap")

    def __init__(self, shift, seats, swap):
        self.shift = shift
        self.seats = seats
        self.swap = swap


class TableEvent(Event):
    """An event of one table, given out renumbered and only to that table's
    seats (and spectators)."""

    __slots__ = ("room", "seats", "inner", "dup")

    def __init__(self, dup, room, seats, inner):
        seat = None if inner.seat is None else seats[inner.seat]
        super().__init__(inner.kind, seat, inner.public, None, None)
        self.room = room
        self.seats = seats
        self.inner = inner
        self.dup = dup

    def for_seat(self, seat):
        if seat is None:
            return self.dup.outward(self.inner.for_seat(None), self.room, self.seats)
        if seat not in self.seats:
            return {"kind": "elsewhere", "seat": None}      # events_for never gives it out
        own = self.inner.for_seat(self.seats.index(seat))
        out = Renumbered(self.dup.outward(own, self.room, self.seats))
        out.own = own
        return out


class TableActions:
    """The actions of both tables: the card plays of table ``t`` numbered as
    its cards (``t D + card``), the game's other actions after them, the
    tables taking turns (so a game that gives out new action ids as it goes,
    or sparse ones, fits).  Text is the game's own (``DuplicateGame`` reads
    and writes it through the game, at the acting seat's table)."""

    def __init__(self, inner, rooms: int):
        self.inner = inner
        self.rooms = rooms
        self.cards = inner.deck.size if getattr(inner, "_cards_block", None) == 0 else 0
        self.size = rooms * inner.size
        self._cards_block = 0 if self.cards else None

    def outer(self, room: int, action: int) -> int:
        if action < self.cards:
            return room * self.cards + action
        return self.rooms * self.cards + (action - self.cards) * self.rooms + room

    def split(self, action: int) -> tuple[int, int]:
        """(table, the game's action) of an action of the duplicate."""
        if action < self.rooms * self.cards:
            return divmod(action, self.cards)
        rest, room = divmod(action - self.rooms * self.cards, self.rooms)
        return room, rest + self.cards

    def text(self, action: int) -> str:
        if action < 0:
            raise ParseError(f"{action} is not an action id")
        return self.inner.text(self.split(action)[1])

    def describe(self) -> str:
        return self.inner.describe()


class DuplicateGame(Game):
    """A partnership game at two tables with the same deals (see the module)."""

    Phase = Phase
    State = DuplicateState
    rooms = 2

    def __init__(self, inner, info: GameInfo | None = None):
        self.inner = inner
        self.n = inner.num_players(inner.new_state(seed=0, options=self.table_options(None)))
        if not inner.info.teams or inner.deck is None or not hasattr(inner.deck, "repeated"):
            raise OptionError(f"{inner.info.id} is not a partnership card game; "
                              "it has no duplicate form")
        if getattr(inner, "partners_change", False):
            raise OptionError(f"in {inner.info.name} the partnerships change during a match: "
                              "it has no duplicate form")
        if self.n % 2:
            raise OptionError(f"{inner.info.id} is played by {self.n}: a duplicate match "
                              "needs partnerships sitting alternately, an even number of seats")
        self.players = self.rooms * self.n
        self.info = info or GameInfo(
            id=f"{inner.info.id}-duplicate", name=f"{inner.info.name} duplicate",
            min_seats=self.players, max_seats=self.players, family=inner.info.family,
            source=f"{inner.info.source}; duplicate on two tables (core.duplicate)",
            hidden=True, chance=True, teams=True, rules_version=inner.info.rules_version,
            zero_sum=True, verbs=inner.info.verbs,
            summary=(
                f"{inner.info.name} at two tables with the same deals: seats 0-{self.n - 1} "
                f"play at table 1, seats {self.n}-{self.players - 1} at table 2. Team A (the "
                "even seats) holds one partnership's cards at table 1 and the other's at "
                "table 2, so every deal is played by both teams with the same cards. Each "
                "table plays a whole match; a team scores what its partnership scored at "
                "both tables, and more wins. Nothing of the other table is seen until the "
                "match is over.\n\n" + inner.info.summary))
        self.Options = inner.Options
        self.presets = inner.presets
        self.test_options = inner.test_options
        self.deck = inner.deck.repeated(self.rooms)
        self.cards = inner.deck.size
        self.actions = TableActions(inner.actions, self.rooms)
        hints = getattr(inner, "render_hints", None) or {}
        layout = getattr(inner, "web_layout", None) or {}
        self.inner_hints = hints
        self.team_lists = frozenset(keys_in_roles(layout, ("team",))) \
            | frozenset(hints.get("team_lists", ()))
        self.team_fields = frozenset(hints.get("team_fields", ()))
        self.per_seat = frozenset(hints.get("per_seat", ())) \
            | frozenset(keys_in_roles(layout, PER_SEAT_ROLES))
        self.not_per_seat = frozenset(hints.get("table", ()))
        self.seat_rows = frozenset(layout.get("seat_rows", ())) | frozenset(
            hints.get("seat_rows", ()))
        self.seat_lists = frozenset(hints.get("seat_lists", ()))
        # the web table's numbering of hands that are no seat (an android at
        # hand 2 + h): one table's, passed through as it is both ways
        self.as_is = frozenset(hints.get("one_table", ()))
        self._kinds: dict = {}
        self.render_hints = {
            **hints,
            "hide": [*hints.get("hide", ()), "seating", "table_moves", "table_outcome",
                     "tables"],
            "per_seat": [*hints.get("per_seat", ()), "team_of", "table_of"],
            "table": [*hints.get("table", ()), "table_results"],
            # the lists it puts in the order of teams A and B say so
            "labels": {**{k: v.replace("team 0", "team A").replace("team 1", "team B")
                          if k in self.team_lists else v
                          for k, v in hints.get("labels", {}).items()},
                       "team_of": "team", "table_of": "table",
                       "your_table": "your table", "table_results": "tables played"},
        }
        self.web_layout = {**layout, "hide": [*layout.get("hide", ()), "seating", "table_moves",
                                             "table_outcome", "tables"],
                           "per_seat": [*layout.get("per_seat", ()), "team_of", "table_of"],
                           "board_text": True}
        if "extra_hands" in layout:
            # hands that are no seat cannot be placed across two tables: the
            # generic drawing, by the game's render_hints
            for key in ("show", "extra_hands"):
                self.web_layout.pop(key, None)
        elif "show" in layout:       # the inner game's fields, and the tables' own
            self.web_layout["show"] = {
                **layout["show"], "team_of": "team_of", "table_of": ["seat", "table"],
                "your_table": ["info", "your table"], "round": ["info", "round"],
                "table_results": ["history", "tables played"], "board_text": "text"}
        super().__init__()

    def __repr__(self):
        return f"<Game {self.info.id}>"

    # -- what the tables play -----------------------------------------------
    def table_options(self, options):
        """The game's options at every table, from the duplicate's options
        (``None``: the defaults)."""
        return self.inner.make_options() if options is None else options

    def rounds_for(self, options) -> tuple:
        """Who sits where: one round, both tables dealing from the same packs,
        the second table's players turned one place (the swap)."""
        n = self.n
        return ((TableSeating(0, 0, tuple(range(n))),
                 TableSeating(1, 0, turned(tuple(range(n, 2 * n))))),)

    def decks_for(self, decks, packs: int, options):
        """The stacked packs of a set of packs (here: one set, all of them)."""
        return decks

    def num_players(self, state):
        return self.players

    def _parse_decks(self, decks):
        """Stacked packs are the game's own (one pack of the game per deal)."""
        return self.inner._parse_decks(decks)

    def pack_seed(self, seed: int, packs: int) -> int:
        return stream(seed, "duplicate packs", packs).getrandbits(63)

    # -- the match ---------------------------------------------------------------
    def _setup(self, s):
        s.round_no = 0
        s.results = []
        s.phase = Phase.PLAY
        self._start_round(s)

    def _start_round(self, s):
        seating = self.rounds_for(s.options)[s.round_no]
        inner_opts = self.table_options(s.options)
        s.tables = [None] * self.rooms
        s.seatings = [None] * self.rooms
        where = [None] * self.players
        for t in seating:
            s.tables[t.room] = self.inner.new_state(
                seed=self.pack_seed(s.seed, t.packs), decks=self.decks_for(s.decks, t.packs, s.options),
                options=inner_opts)
            s.seatings[t.room] = t.seats
            for i, outer in enumerate(t.seats):
                where[outer] = (t.room, i)
        s.seatings = tuple(s.seatings)
        s.where = tuple(where)
        s.pulled = [0] * self.rooms
        s.log("round_started", None, round=s.round_no + 1,
              seating=[list(seats) for seats in s.seatings])
        for room in range(self.rooms):
            self._pull(s, room)
        self._set_to_act(s)

    def _pull(self, s, room):
        """The table's new events, renumbered, into the duplicate's log."""
        table, seats = s.tables[room], s.seatings[room]
        events = table.events
        for k in range(s.pulled[room], len(events)):
            if events[k].kind != "match_over":          # the table's end is "table_over"
                s.events.append(TableEvent(self, room, seats, events[k]))
        s.pulled[room] = len(events)

    def _set_to_act(self, s):
        s.to_act = tuple(s.seatings[room][i] for room in range(self.rooms)
                         for i in s.tables[room].to_act)

    def _legal_play(self, s, seat):
        room, i = s.where[seat]
        return [self.actions.outer(room, a)
                for a in self.inner.legal_actions(s.tables[room], i)]

    def _apply_play(self, s, seat, action):
        room, i = s.where[seat]
        table = s.tables[room]
        self.inner.apply(table, self.actions.split(action)[1], i)
        self._pull(s, room)
        if table.outcome is not None:
            self._table_over(s, room)
        if all(t.outcome is not None for t in s.tables):
            if s.round_no + 1 < len(self.rounds_for(s.options)):
                s.round_no += 1
                self._start_round(s)
                return
            self._finish(s)
            return
        self._set_to_act(s)

    def team_points(self, outcome, seats) -> list:
        """Team A's and team B's points at a table: each partnership's score
        (the score of its first seat), or +1/-1 for a game whose scores are
        not numbers."""
        scores = outcome.scores
        numeric = all(isinstance(x, (int, float)) and not isinstance(x, bool)
                      for x in scores[:2])
        got = scores[:2] if numeric else outcome.returns()[:2]
        out = [0, 0]
        for p in (0, 1):
            out[seats[p] % 2] = got[p]
        return out

    def _table_over(self, s, room):
        table, seats = s.tables[room], s.seatings[room]
        points = self.team_points(table.outcome, seats)
        result = {"round": s.round_no + 1, "table": room + 1, "seats": list(seats),
                  "A": points[0], "B": points[1]}
        s.results.append(result)
        s.events.append(TableEvent(self, room, seats, Event(
            "table_over", None, {"table": room + 1, "round": s.round_no + 1,
                                 "points": {"A": points[0], "B": points[1]}})))

    def _finish(self, s):
        a = sum(r["A"] for r in s.results)
        b = sum(r["B"] for r in s.results)
        if isinstance(a, float) and a.is_integer() and isinstance(b, float) and b.is_integer():
            a, b = int(a), int(b)
        winners = () if a == b else tuple(p for p in range(self.players)
                                          if p % 2 == (0 if a > b else 1))
        reason = (f"all tables played: team A {a}, team B {b}: "
                  + ("a draw" if a == b else f"team {'A' if a > b else 'B'} wins"))
        scores = tuple(a if p % 2 == 0 else b for p in range(self.players))
        self.finish(s, Outcome(scores, winners, reason,
                               details={"difference": a - b,
                                        "tables": [dict(r) for r in s.results]}))

    def action_text(self, action):
        if not isinstance(action, int) or action < 0:
            raise ParseError(f"{action!r} is not an action id")
        return self.inner.action_text(self.actions.split(action)[1])

    def parse_action(self, s, text, seat=None):
        """The action ``text`` names at the table of the seat that acts (the
        game reads it, as at its own table)."""
        if seat is None and s.to_act:
            seat = s.to_act[0]
        room, i = s.where[seat] if seat is not None and 0 <= seat < self.players else (0, None)
        return self.actions.outer(room, self.inner.parse_action(s.tables[room], text, i))

    def why_illegal(self, s, seat, action):
        room, i = s.where[seat]
        if isinstance(action, int) and action >= 0:
            where, a = self.actions.split(action)
            if where == room:
                return self.inner.why_illegal(s.tables[room], i, a)
            return f"that is a move at table {where + 1}; you play at table {room + 1}"
        return super().why_illegal(s, seat, action)

    def phase_name(self, s):
        return "playing"

    # -- renumbering between a table and the duplicate ----------------------------
    def outward(self, d: dict, room: int, seats: tuple) -> dict:
        """A table's view or event in the duplicate's numbers: the table's copy
        of the cards, the duplicate's seats, one entry per seat of the
        duplicate in lists of one entry per seat (``None`` at the other
        table), partnership entries in the order of teams A, B."""
        r = _Renumber(room * self.cards, dict(enumerate(seats)), seats[0] % 2)
        out = {}
        for key, value in d.items():
            if key in self.as_is:
                out[key] = value
            elif key == "to_act":
                out[key] = [seats[i] for i in value]
            elif self._per_seat(key, value, self.n):
                wide = [None] * self.players
                for i, x in enumerate(value):
                    wide[seats[i]] = self._map(key, x, r)
                out[key] = wide
            else:
                out[key] = self._map(key, value, r)
        return out

    def inward(self, d: dict, room: int, seats: tuple) -> dict:
        """``outward`` undone: the table's own numbers."""
        inner_of = {p: i for i, p in enumerate(seats)}
        r = _Renumber(-room * self.cards, inner_of, seats[0] % 2)
        out = {}
        for key, value in d.items():
            if key in self.as_is:
                out[key] = value
            elif key == "to_act":
                out[key] = [inner_of[p] for p in value if p in inner_of]
            elif self._per_seat(key, value, self.players) and all(
                    value[p] is None for p in range(self.players) if p not in inner_of):
                out[key] = [self._map(key, value[p], r) for p in seats]
            else:
                out[key] = self._map(key, value, r)
        return out

    def _per_seat(self, key, value, length) -> bool:
        if value.__class__ not in (list, tuple) or len(value) != length:
            return False
        if key in self.per_seat:
            return True
        if key in self.team_lists:    # two numbers a team's; n of them (a match's scores) a seat's
            return self.n > 2 and all(x is None or x.__class__ in (int, float, bool)
                                      for x in value)
        if key in self.not_per_seat or key in ("to_act", "legal"):
            return False
        return self.n > 1 and not any(isinstance(x, Card) for x in value)

    def _kind(self, key) -> int:
        """What a key's value is: 0 anything, 1 a seat, 2 a partnership, 3 a
        list of one entry per partnership (worked out once a key)."""
        kind = self._kinds.get(key)
        if kind is None:
            if not isinstance(key, str):
                kind = 0
            elif key in self.team_lists:
                kind = 3
            elif key in self.team_fields:
                kind = 2
            else:
                kind = 1 if is_seat_field(self.inner_hints, key, 0) else 0
            self._kinds[key] = kind
        return kind

    def _map(self, key, v, r):
        cls = v.__class__
        if cls is int:
            kind = self._kind(key)
            if kind == 1:
                return r.seats.get(v, v)
            if kind == 2 and 0 <= v < 2:
                return v ^ r.swap
            return v
        if cls is Card:
            return Card(v + r.shift)
        if cls is CardSet:
            return CardSet(v << r.shift if r.shift >= 0 else v >> -r.shift)
        if cls is dict:
            return {k: self._map(k, x, r) for k, x in v.items()}
        if cls is list or cls is tuple:
            if len(v) == 2 and v[1].__class__ is Card and v[0].__class__ is int \
                    and v[0] in r.seats:                      # a play: [seat, card]
                return cls((r.seats[v[0]], Card(v[1] + r.shift)))
            kind = self._kind(key)
            if key.__class__ is str and kind != 3:
                if is_seat_list(self.inner_hints, key, v):
                    return cls(r.seats.get(x, x) for x in v)    # seats: play_order, passed
                rows = all(x.__class__ in (list, tuple) and x for x in v)
                if rows and key in self.seat_lists:             # rows of seats: gifts made
                    return cls(x.__class__(r.seats.get(y, y) if y.__class__ is int
                                           else self._map(None, y, r) for y in x) for x in v)
                if rows and key in self.seat_rows:
                    return cls(self._seat_row(x, r) for x in v)  # rows that begin with a seat
            if kind == 3:
                if v and all(self._is_row(key, x) for x in v):
                    return cls(self._row(key, x, r) for x in v)   # rows of one entry a team
                items = [self._team_entry(key, x, r) for x in v]
                if len(items) == 2 and r.swap:
                    items.reverse()
                return cls(items)
            if kind == 2:
                return cls(self._map(key, x, r) for x in v)       # partnerships
            return cls(self._map(None, x, r) for x in v)
        return v

    def _is_row(self, key, x) -> bool:
        """Whether ``x``, an entry of a list of ``team_lists``, is a row of
        one number a team (a game's points), such a row after its label (a
        score sheet's ``["red threes", [200, 0]]``) or a row of such rows (a
        deal's tricks and points), rather than one team's entry (its melds,
        its seats)."""
        if x.__class__ not in (list, tuple) or is_seat_list(self.inner_hints, key, x):
            return False
        if len(x) == 2 and x[0].__class__ is str:
            return self._is_row(key, x[1])
        return all(y is None or y.__class__ in (int, float, bool) for y in x) or all(
            self._is_row(key, y) for y in x)

    def _row(self, key, x, r):
        if x and x[0].__class__ is str:
            return x.__class__((x[0], self._map(key, x[1], r)))
        return self._map(key, x, r)

    def _team_entry(self, key, x, r):
        """One team's entry in a list of ``team_lists``: its seats renumbered
        where the key holds seats (Envite's ``teams`` and ``captains``),
        anything else as any value."""
        if x.__class__ in (list, tuple) and is_seat_list(self.inner_hints, key, x):
            return x.__class__(r.seats.get(y, y) for y in x)
        if x.__class__ is int and is_seat_list(self.inner_hints, key, [x]):
            return r.seats.get(x, x)
        return self._map(None, x, r)

    def _seat_row(self, row, r):
        """A row that begins with a seat (``web_layout["seat_rows"]``: Bridge's calls)."""
        rest = [self._map(None, x, r) for x in row[1:]]
        first = row[0]
        return row.__class__([r.seats.get(first, first) if first.__class__ is int else first,
                              *rest])

    # -- what each seat sees --------------------------------------------------------
    def view(self, s, seat):
        v = Renumbered({
            "game": self.info.id,
            "seat": seat,
            "players": self.players,
            "phase": "over" if s.outcome is not None else "play",
            "to_act": list(s.to_act),
            "legal": list(self.legal_actions(s, seat)) if seat in s.to_act else [],
            "version": len(s.history),
            "options": s.options,
        })
        v.own = None
        if s.outcome is not None:
            v["outcome"] = s.outcome
        v["round"] = s.round_no + 1
        v["team_of"] = [TEAM_LETTERS[p % 2] for p in range(self.players)]
        v["table_of"] = [s.where[p][0] + 1 for p in range(self.players)]
        v["seating"] = [list(seats) for seats in s.seatings]
        if seat is None:
            v["tables"] = [self._table_view(s, room, self.inner.view(s.tables[room], None))
                           for room in range(self.rooms)]
        else:
            room, i = s.where[seat]
            v["your_table"] = room + 1
            own = self.inner.view(s.tables[room], i)
            table = self._table_view(s, room, own)
            v["phase"] = table.pop("phase")
            v["to_act"] = table.pop("to_act")
            for key, value in table.items():
                if key not in BASE_KEYS:
                    v[key] = value
            v["table_moves"] = len(s.tables[room].history)
            if s.tables[room].outcome is not None:
                v["table_outcome"] = s.tables[room].outcome
            v.own = own
        over = s.outcome is not None
        v["table_results"] = [dict(r) for r in s.results
                              if over or seat is None or seat in r["seats"]]
        return v

    def _table_view(self, s, room, own) -> dict:
        """A table's view for one of its seats (or a spectator), renumbered."""
        view = self.outward(own, room, s.seatings[room])
        for key in ("game", "players", "legal", "version", "options", "outcome", "seat"):
            view.pop(key, None)
        return view

    def inner_view(self, view: dict) -> dict:
        """A seat's view of the duplicate as the game's own view of its table."""
        seat = view["seat"]
        room = view["your_table"] - 1
        seats = tuple(view["seating"][room])
        inner_of = {p: i for i, p in enumerate(seats)}
        body = {k: x for k, x in view.items() if k not in BASE_KEYS and k not in OWN_KEYS}
        out = {
            "game": self.inner.info.id,
            "seat": inner_of[seat],
            "players": self.n,
            "phase": view["phase"],
            "to_act": [inner_of[p] for p in view["to_act"] if p in inner_of],
            "legal": [self.actions.split(a)[1] for a in view["legal"]],
            "version": view["table_moves"],
            "options": self.table_options(view["options"]),
        }
        if "table_outcome" in view:
            out["outcome"] = view["table_outcome"]
        out.update(self.inward(body, room, seats))
        return out

    def events_for(self, s, seat, start=0):
        out = []
        for e in s.events[start:]:
            if seat is not None and isinstance(e, TableEvent) and seat not in e.seats:
                continue
            out.append(e.for_seat(seat))
        return out

    def zones(self, s):
        zones = {}
        for room, table in enumerate(s.tables):
            inner = self.inner.zones(table)
            if inner is None:
                return None
            for name, mask in inner.items():
                zones[f"table {room + 1} {name}"] = mask << (room * self.cards)
        return zones

    def unknown_cards(self, s, seat):
        out = 0
        for room, table in enumerate(s.tables):
            off = room * self.cards
            if seat is None:
                out |= self.inner.unknown_cards(table, None) << off
            elif s.where[seat][0] == room:
                out |= self.inner.unknown_cards(table, s.where[seat][1]) << off
            else:
                out |= self.inner.deck.all_mask << off
        return out

    def sample_world(self, view, rng):
        """The seat's own table sampled by the game; the other table, of which
        the seat knows nothing, a fresh match of the game; finished tables it
        did not sit at, with no points."""
        # the view's phase and seats acting are its table's; the duplicate's own
        # phase is always PLAY and who acts is worked out below
        s = self.blank_world({**view, "phase": "play", "to_act": ()}, rng)
        s.round_no = view["round"] - 1
        s.seatings = tuple(tuple(seats) for seats in view["seating"])
        where = [None] * self.players
        for room, seats in enumerate(s.seatings):
            for i, p in enumerate(seats):
                where[p] = (room, i)
        s.where = tuple(where)
        inner_opts = self.table_options(view["options"])
        s.tables = []
        for room in range(self.rooms):
            if view["seat"] is None:
                table_view = self._spectator_inner_view(view, room)
                s.tables.append(self.inner.sample_world(table_view, rng))
            elif room == view["your_table"] - 1:
                s.tables.append(self.inner.sample_world(self.inner_view(view), rng))
            else:
                s.tables.append(self.inner.new_state(seed=rng.getrandbits(63), options=inner_opts))
        s.pulled = [len(t.events) for t in s.tables]
        s.results = [dict(r) for r in view["table_results"]]
        seen = {(r["round"], r["table"]) for r in s.results}
        for rnd in range(1, s.round_no + 1):          # finished rounds: every table is done
            for room in range(self.rooms):
                if (rnd, room + 1) not in seen:
                    s.results.append({"round": rnd, "table": room + 1, "seats": [],
                                      "A": 0, "B": 0})
        s.to_act = () if s.outcome is not None else tuple(
            s.seatings[room][i] for room in range(self.rooms) for i in s.tables[room].to_act)
        return s

    def _spectator_inner_view(self, view, room) -> dict:
        seats = tuple(view["seating"][room])
        table = view["tables"][room]
        out = {"game": self.inner.info.id, "seat": None, "players": self.n,
               "phase": table["phase"], "to_act": [], "legal": [], "version": 0,
               "options": self.table_options(view["options"])}
        body = {k: x for k, x in table.items() if k not in ("phase", "to_act")}
        out.update(self.inward(body, room, seats))
        out["to_act"] = [seats.index(p) for p in table["to_act"]]
        return out

    # -- the terminal and the browser -------------------------------------------------
    def render_board(self, view):
        """Where the seat sits and whose deals it plays, and the game's own
        board (if it draws one) with its seat numbers as the game counts them."""
        seat = view.get("seat")
        rounds = self.rounds_for(view["options"])
        now = rounds[view["round"] - 1]
        if seat is None:
            return ("A spectator sees every table. "
                    + " ".join(self._table_line(rounds, view["round"], t) for t in now))
        mine = next(t for t in now if seat in t.seats)
        lines = ["You are at " + self._table_line(rounds, view["round"], mine)]
        for t in now:
            if view.get("outcome") is not None:
                lines.append("The match is over: every table's result is under tables played.")
                break
            if t is not mine:
                same = "the same deals" if t.packs == mine.packs else "other deals"
                lines.append(f"Seats {', '.join(map(str, t.seats))} play {same} at table "
                             f"{t.room + 1} meanwhile; that table stays hidden until the "
                             "match is over.")
        draw = getattr(self.inner, "render_board", None)
        if draw is not None:
            lines.append(f"(the board below counts this table's seats 0-{self.n - 1}: "
                         + ", ".join(f"{i} is seat {p}" for i, p in enumerate(mine.seats)) + ")")
            board = draw(self.inner_view(view))
            lines.append(board if isinstance(board, str) else str(board))
        return "\n".join(lines)

    @staticmethod
    def _table_line(rounds, rnd: int, table: TableSeating) -> str:
        """A table in words: its seats, and who played its deals before."""
        line = f"table {table.room + 1} (seats {', '.join(map(str, table.seats))})"
        before = [(r, t) for r, tables in enumerate(rounds[:rnd - 1], 1) for t in tables
                  if t.packs == table.packs]
        if before:
            r, t = before[-1]
            line += (f", playing again the deals seats {', '.join(map(str, t.seats))} played "
                     f"in round {r}, each hand now held by the other team")
        return line + "."

    def describe_event(self, event):
        kind = event.get("kind")
        if kind == "round_started":
            tables = "; ".join(f"table {room + 1}: seats {', '.join(map(str, seats))}"
                               for room, seats in enumerate(event["seating"]))
            return f"── round {event['round']}: {tables} ──"
        if kind == "table_over":
            pts = event["points"]
            return f"Table {event['table']} has finished: team A {pts['A']}, team B {pts['B']}"
        describe = getattr(self.inner, "describe_event", None)
        if describe is None:
            return NotImplemented
        own = {k: self._own_cards(x) for k, x in event.items()}
        try:
            return describe(own)
        except (LookupError, TypeError, ValueError):
            # a game's line written for one table that cannot read the
            # duplicate's seats: the generic line
            return NotImplemented

    def _own_cards(self, v):
        """Card ids of either table's copy as the game's own."""
        if isinstance(v, CardSet):
            m = 0
            for room in range(self.rooms):
                m |= (int(v) >> (room * self.cards)) & self.inner.deck.all_mask
            return CardSet(m)
        if isinstance(v, Card):
            return Card(int(v) % self.cards)
        if isinstance(v, dict):
            return {k: self._own_cards(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return type(v)(self._own_cards(x) for x in v)
        return v


_DUPLICATES: dict[str, DuplicateGame] = {}


def duplicate_of(game) -> DuplicateGame:
    """The duplicate form of a registered partnership game (built once)."""
    if isinstance(game, DuplicateGame):
        raise OptionError(f"{game.info.id} is a duplicate match already")
    found = _DUPLICATES.get(game.info.id)
    if found is None:
        found = _DUPLICATES[game.info.id] = DuplicateGame(game)
    return found

