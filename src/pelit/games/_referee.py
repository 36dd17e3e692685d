"""What the outdoor referee games share (seed 000 ch. 34-43).

Software cannot throw a ball, but it can keep everything players keep on
paper: whose turn it is, the score, who is out, who was found first.  A
referee game is a registered game like any other; its seats are the players
(or, where the book's game is between two teams, the teams), and its
actions are of two kinds:

- **decisions** a player makes (Contract Petanque's bids): only that
  player's seat may enter them, in turn, as in any game;
- **facts** from the field (the order of the balls, a hit, a goal): seat 0
  enters them.  Seat 0 is the *scorekeeper*, the player who holds the
  phone or the laptop at the field (a player like the others, whose own
  decisions he enters too).  The engine checks a fact against the rules (a
  prisoner cannot be found twice, a ball order names each player's two
  balls at most) and keeps the score from it.

Why one seat and not anyone (a decision of ours): at the field one device is
often all there is, and in the browser the other seats may then be left to
bots, which in most of these games have nothing to do (every action is a
fact); were every seat allowed to enter facts, those bots would enter
random ones.  In ``pelit play`` the person at seat 0 is the scorekeeper; at
another seat he watches the bots' scorekeeper enter plausible facts.

From the engine's point of view the facts are chance: it cannot know where a
ball lands, so it takes the scorekeeper's word, and random play (the
conformance and leak suites, ``pelit simulate --bots random``) enters random
facts.  The games' heuristic bots (``bots/outdoor.py``) enter plausible
facts, which is enough for ``pelit simulate``; nothing they do says
anything about how to play on the field.  Nothing is hidden: every view
shows everything, and a sampled world is the match itself, replayed from the
entries in the view.

**Corrections** (a decision of ours: a paper score sheet is corrected by
crossing out): ``undo`` takes back the last entry still standing, fact or
decision, whoever made it; whoever may enter something now may undo (the
scorekeeper, or in Contract Petanque's auction the bidder), and undoing
again goes further back.  The match is replayed without that entry,
so everything that followed from it is taken back too.  The record keeps
both the entry and the ``undo``.  A finished match cannot be undone.

**At the field** a match is played in the browser (``pelit serve``: the
scorekeeper takes seat 0, which no bot may take; the others sit down from
their phones, are seated on the scorekeeper's phone, which then enters for
each of them in turn, or are left to bots) or on one terminal by a scorekeeper who enters everything for
every player (``pelit referee GAME``).
"""

from __future__ import annotations

from ..core.game import Game, State

FAMILY = "outdoor referee"
SCOREKEEPER = (0,)          # who enters the facts from the field: seat 0


def seats_text(seats) -> str:
    """Seats as ``Seat 0, Seat 2`` (the browser puts names in their place)."""
    return ", ".join(f"Seat {p}" for p in seats) if seats else "nobody"


def columns(rows: list[list[str]]) -> list[str]:
    """Rows of cells as lines of left-aligned columns."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


class RefereeState(State):
    """``entries``: the (seat, action) entries still standing, oldest first."""

    __slots__ = ("entries",)

    def _copy_into(self, new):
        new.entries = self.entries.copy()
        self._copy_fields(new)

    def _copy_fields(self, new) -> None:
        raise NotImplementedError


class RefereeGame(Game):
    """Base of the referee games: the ``undo`` action on every phase, the
    entries in every view, sampled worlds by replay, the board text."""

    deck = None
    # the log of entries is for sampled worlds and replays, not for the table;
    # each game hides the fields its board text (``render_board``) tells
    render_hints = {"hide": ["entered"], "seat_fields": ["entered_by"]}
    # the phases of the players' own decisions; every other phase takes facts
    decision_phases: tuple[str, ...] = ()
    # The server (a decision of ours): the scorekeeper's seat is a person's,
    # never a bot's, a stand-in's or the move timer's (a bot there would
    # enter random facts from the field); and nobody's decisions are made by
    # a stand-in while they are away: at the field the table waits for them.
    person_seats = {SCOREKEEPER[0]: "the scorekeeper's seat: the person there enters "
                                    "what happens on the field, so it is never a bot's"}
    stand_ins = False

    @property
    def fact_phases(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.Phase if p.name not in self.decision_phases)

    @property
    def web_layout(self):
        """The browser shows the game's board text (``render_board``: the
        round, whose turn, the score sheet in words, seats as ``Seat N``,
        which the browser writes as the players' names) and the per-seat
        fields; the raw fields it tells are hidden, as in the terminal."""
        return {"board_text": True, "hide": list(self.render_hints.get("hide", ())),
                "per_seat": list(self.render_hints.get("per_seat", ())),
                # one phone may seat every player and enter for each in turn
                "hot_seat": True}

    def render_board(self, view) -> str:
        return "\n".join(self.board_lines(view))

    def board_lines(self, view) -> list[str]:
        """The board text, line by line, from a view."""
        raise NotImplementedError

    def __init__(self):
        super().__init__()
        self.UNDO = self.actions.verb("undo")
        # every phase: ``undo`` legal while an entry stands; an entry is
        # remembered before the phase applies it (see the module docstring)
        for name, legal in list(self._legal_by_phase.items()):
            self._legal_by_phase[name] = self._with_undo(legal)
        for name, (is_legal, apply) in list(self._step_by_phase.items()):
            wrapped = self._remembered(apply)
            self._apply_by_phase[name] = wrapped
            self._step_by_phase[name] = (None, wrapped)

    def _with_undo(self, legal):
        undo = self.UNDO

        def legal_with_undo(state, seat):
            out = legal(state, seat)
            return out + [undo] if state.entries else out
        return legal_with_undo

    def _remembered(self, apply):
        undo = self.UNDO

        def apply_and_remember(state, seat, action):
            if action == undo:
                self._undo(state, seat)
                return
            state.entries.append((seat, action))
            apply(state, seat, action)
        return apply_and_remember

    def _undo(self, s, seat) -> None:
        who, action = s.entries[-1]
        fresh = self.new_state(seed=s.seed, options=s.options)
        for w, a in s.entries[:-1]:
            self.apply(fresh, a, w)
        for cls in type(s).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if cls is not State:
                    setattr(s, slot, getattr(fresh, slot))
        s.phase = fresh.phase
        s.to_act = fresh.to_act
        s.log("undone", seat, entry=self.action_text(action), entered_by=who)

    def _setup(self, s) -> None:
        s.entries = []
        self._start(s)

    def _start(self, s) -> None:
        raise NotImplementedError

    def _view(self, s, seat, v) -> None:
        v["entered"] = [[w, self.action_text(a)] for w, a in s.history]
        self._referee_view(s, v)

    def _referee_view(self, s, v) -> None:
        raise NotImplementedError

    def describe_event(self, e):
        if e.get("kind") == "undone":
            return f"Seat {e['seat']} took back '{e['entry']}' (entered by seat {e['entered_by']})"
        return self.describe(e)

    def describe(self, e):
        """The game's own line for an event (``NotImplemented``: the generic line)."""
        return NotImplemented

    def sample_world(self, view, rng):
        """Nothing is hidden and nothing is left to chance once entered: the
        world is the match replayed from its entries."""
        s = self.new_state(seed=rng.getrandbits(63), options=view["options"])
        for who, text in view["entered"]:
            self.apply(s, self.parse_action(s, text, who), who)
        return s

    def why_illegal(self, s, seat, action):
        if action == self.UNDO:
            return "nothing has been entered yet to take back"
        return self.why_not(s, seat, action)

    def why_not(self, s, seat, action) -> str:
        """Why an action other than ``undo`` is not legal now (the game's words)."""
        return super().why_illegal(s, seat, action)
