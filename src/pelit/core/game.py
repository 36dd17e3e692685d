"""The game protocol every pelit game provides.

A ``Game`` is the rule book: it holds the tables built once (card orders,
action codes) and the functions of play.  A ``State`` is plain data for one
whole match (every deal up to the target score), cloned by hand.

Play is split in phases.  A game declares ``Phase`` (an Enum) and, for each
phase ``P``, a pair ``_legal_p(state, seat) -> list[int]`` and
``_apply_p(state, seat, action)``; optionally also ``_is_legal_p(state, seat,
action) -> bool``, an O(1) answer to "is this int action in ``_legal_p``"
read from the same data (a speed-up for phases with long legal lists; it
must agree with the list exactly, and a False answer is checked against the
list, so the list stays the one source of truth for refusals).  ``Game.apply`` is the only way to change a
state: it checks the seat may act and the action is legal (one source of
truth, ``legal_actions``) and raises ``IllegalAction`` otherwise, changing
nothing.  Every ``_apply_`` ends by setting ``state.to_act`` (the seats that
may act next, usually one) or by ending the match with ``finish``.

Several seats may act at once in a *window* (claims, doubts, reactions):
``to_act`` then holds them all; see ``core.windows``.

Nothing but ``view(state, seat)`` and ``events_for(state, seat)`` leaves the
engine for a client or a bot.  Views are deny-by-default: a game adds exactly
the fields the seat may see.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any, ClassVar

from .errors import IllegalAction, OptionError, ParseError
from .log import fork
from .rng import fresh_seed, shuffle, stream  # noqa: F401  (shuffle: games import it from here)
from .suggest import did_you_mean

try:
    from mypy_extensions import mypyc_attr
except ImportError:     # the plain-Python build needs no mypy: the marks are no-ops
    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls

# ``make compiled`` may compile this module with mypyc.  ``State``, ``Event``
# and ``Game`` then become native classes that the interpreted games subclass
# (allow_interpreted_subclasses); the attributes a game overrides in its class
# body are ClassVar, so compiled code reads the game's own.  GameInfo,
# Outcome and View stay ordinary Python classes (native_class=False).


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    min_seats: int
    max_seats: int
    family: str
    source: str                      # seed file and section, e.g. "000 ch. 6"
    hidden: bool                     # hidden information (cards others cannot see)
    chance: bool                     # shuffles or other chance
    teams: bool = False
    aliases: tuple[str, ...] = ()
    rules_version: int = 1
    summary: str = ""                # the rules in our own words (pelit rules)
    verbs: tuple[tuple[str, str], ...] = ()   # action text forms and what they mean
    zero_sum: bool = False           # match returns add up to zero


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Outcome:
    """How a match ended.  ``scores`` are per seat (a team's score on each member)."""

    scores: tuple
    winners: tuple[int, ...]
    reason: str
    ranking: tuple[int, ...] | None = None   # place per seat, 1 is best
    details: dict = field(default_factory=dict)

    def returns(self) -> tuple[float, ...]:
        """+1 for a winner, -1 for a loser, 0 for everyone when nobody or everyone wins
        (a player alone, in a patience, has won or lost: +1 or -1)."""
        n = len(self.scores)
        if n == 1:
            return (1.0 if self.winners else -1.0,)
        if not self.winners or len(self.winners) == n:
            return (0.0,) * n
        return tuple(1.0 if s in self.winners else -1.0 for s in range(n))

    def to_json(self) -> dict:
        out: dict[str, Any] = {"scores": list(self.scores), "winners": list(self.winners),
               "reason": self.reason}
        if self.ranking is not None:
            out["ranking"] = list(self.ranking)
        if self.details:
            out["details"] = self.details
        return out


@mypyc_attr(allow_interpreted_subclasses=True)
class Event:
    """One thing that happened.  ``public`` is what everyone sees; seats in
    ``audience`` (when given) also see ``private``.  ``audience=None`` means
    the whole event is public."""

    __slots__ = ("kind", "seat", "public", "audience", "private")

    def __init__(self, kind: str, seat: int | None, public: dict | None,
                 audience: Any = None, private: dict | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.public = public
        self.audience = audience
        self.private = private

    def for_seat(self, seat: int | None) -> dict:
        out = {"kind": self.kind, "seat": self.seat}
        if self.public:
            out.update(self.public)
        if self.private and seat is not None and self.audience is not None \
                and seat in self.audience:
            out.update(self.private)
        return out


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class View(dict):
    """A view that keeps, besides its items (a plain dict of what the seat
    may see), what its game worked out from it for ``sample_world``: the
    slot ``derived``.  In a perfect-information game that is the position
    itself (a clone taken when the view was made: nothing is hidden, so it
    tells no more than the view); in a card game the plan for dealing the
    cards the seat cannot see, made from the view at its first sample and
    kept for the next ones.  ``derived`` is no item: JSON, ``==``, copies
    and pickles see the plain view (and a view that went through them is
    worked out again).  Views are never changed once made, so what is kept
    stays true."""

    __slots__ = ("derived",)

    def __reduce__(self):
        return (dict, (dict(self),))


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """Plain data of one match.  Games subclass it with their own ``__slots__``
    and a ``_copy_into(new)`` that copies their mutable fields.

    ``events``, ``history`` and ``packs`` only grow at the end: a clone shares
    them with its original (``core.log.fork``) and keeps only what it adds,
    so a clone costs the same however long the match has run."""

    __slots__ = ("game", "options", "seed", "decks", "packs", "phase", "to_act",
                 "events", "history", "outcome", "_legal")
    game: Game
    options: Any
    seed: int
    decks: tuple | None
    # (Any, not list: a clone's logs are core.log.ForkedLog, a list subclass
    # whose len and items mypyc's list fast paths would read wrong)
    packs: Any
    phase: Any
    to_act: tuple
    events: Any
    history: Any
    outcome: Outcome | None
    _legal: tuple | None

    def clone(self) -> "State":
        cls = type(self)
        new = cls.__new__(cls)     # (object.__new__ refuses a compiled State)
        new.game = self.game
        new.options = self.options
        new.seed = self.seed
        new.decks = self.decks
        packs = self.packs
        new.packs = fork(packs) if packs else []    # (no pack dealt: nothing to share)
        new.phase = self.phase
        new.to_act = self.to_act
        new.events = fork(self.events)
        new.history = fork(self.history)
        new.outcome = self.outcome
        new._legal = None
        self._copy_into(new)
        return new

    def _copy_into(self, new: "State") -> None:
        raise NotImplementedError

    # convenience: the protocol is on Game; these read naturally in scripts
    @property
    def over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self, seat: int | None = None) -> Sequence[int]:
        return self.game.legal_actions(self, seat)

    def apply(self, action: Any, seat: int | None = None) -> None:
        self.game.apply(self, action, seat)

    def play(self, text: Any, seat: int | None = None) -> None:
        """Apply an action given as text."""
        self.game.apply_text(self, text, seat)

    def view(self, seat: int | None):
        return self.game.view(self, seat)

    def log(self, kind: str, seat: int | None = None, audience=None, private=None,
            **public) -> None:
        self.events.append(Event(kind, seat, public, audience, private))

    def deal_pack(self, deck, deal_no: int) -> list[int]:
        """The pack order for a deal: stacked if ``decks`` gives it, else shuffled
        by the deal's own random stream.  Every pack used is kept in ``packs``."""
        if self.decks is not None and deal_no < len(self.decks) \
                and self.decks[deal_no] is not None:
            pack = list(self.decks[deal_no])
        else:
            pack = list(range(deck.size))
            shuffle(stream(self.seed, "deal", deal_no), pack)
        self.packs.append(tuple(pack))
        # Card ids are reused by every deal: "new_deal" marks where a seat's
        # knowledge of card places starts again (the leak suite reads from it).
        self.events.append(Event("new_deal", None, {"deal": deal_no}))
        return pack

    def rng(self, *labels):
        """A random stream of this match for a purpose other than shuffling."""
        return stream(self.seed, len(self.history), *labels)


BaseState = State     # the name ``State`` means a game's own State class inside Game


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """Base of every game.  Subclasses set ``info``, ``Options``, ``Phase``,
    ``State``, ``presets`` and implement the phase pairs and the view."""

    info: ClassVar[GameInfo]
    Options: ClassVar[type]
    Phase: ClassVar[type[enum.Enum]]
    State: ClassVar[type[BaseState]]
    presets: ClassVar[dict[str, dict]] = {}
    deck: ClassVar[Any] = None       # the pack, for card games
    actions: ClassVar[Any] = None    # core.actions.ActionSpace
    # options that make a conformance or leak test match short but still whole
    test_options: ClassVar[dict] = {}

    def __init__(self) -> None:
        # Keyed by the member name: Enum.__hash__ is Python code, and this
        # lookup runs twice per action.
        self._legal_by_phase = {}
        self._apply_by_phase = {}
        # (legality check or None, apply) per phase, for ``apply``: one lookup
        self._step_by_phase = {}
        for phase in self.Phase:
            name = phase.name.lower()
            self._legal_by_phase[phase._name_] = getattr(self, f"_legal_{name}")
            self._apply_by_phase[phase._name_] = getattr(self, f"_apply_{name}")
            self._step_by_phase[phase._name_] = (getattr(self, f"_is_legal_{name}", None),
                                                 self._apply_by_phase[phase._name_])

    def __repr__(self):
        return f"<Game {self.info.id}>"

    # -- options -----------------------------------------------------------
    def make_options(self, preset: str | None = None, **overrides):
        return build_options(self.Options, self.presets, preset, overrides, self.info.id)

    # -- a new match -------------------------------------------------------
    def new_state(self, seed: int | None = None, decks=None, preset: str | None = None,
                  options=None, **overrides) -> BaseState:
        """A whole match.  ``decks`` stacks the pack of each deal (a list, one
        entry per deal, of card ids or card text, top card first; ``None``
        entries are shuffled)."""
        if options is None:
            options = self.make_options(preset, **overrides)
        elif preset or overrides:
            raise OptionError("give either options or preset/overrides, not both")
        state = self.State()
        state.game = self
        state.options = options
        state.seed = fresh_seed() if seed is None else int(seed)
        state.decks = self._parse_decks(decks)
        state.packs = []
        state.events = []
        state.history = []
        state.outcome = None
        state.to_act = ()
        state._legal = None
        self._setup(state)
        return state

    def _parse_decks(self, decks):
        if decks is None:
            return None
        if self.deck is None:
            raise OptionError(f"{self.info.id} uses no cards; it cannot take stacked decks")
        if isinstance(decks, str):
            decks = [decks]
        out = []
        for d in decks:
            if d is None:
                out.append(None)
            elif isinstance(d, str):
                out.append(tuple(self.deck.parse_pack(d)))
            else:
                pack = tuple(int(c) for c in d)
                if sorted(pack) != list(range(self.deck.size)):
                    raise ParseError(f"a stacked pack must hold each of the {self.deck.size} cards once")
                out.append(pack)
        return tuple(out)

    def _setup(self, state: BaseState) -> None:
        raise NotImplementedError

    # -- acting ------------------------------------------------------------
    def legal_actions(self, state: BaseState, seat: int | None = None) -> Sequence[int]:
        """The actions ``seat`` may take now (empty when it may not act)."""
        to_act = state.to_act
        if seat is None:
            if len(to_act) != 1:
                return []
            seat = to_act[0]
        cached = state._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        if seat not in to_act:
            return []
        legal = self._legal_by_phase[state.phase._name_](state, seat)
        state._legal = (seat, legal)
        return legal

    def apply(self, state: BaseState, action: Any, seat: int | None = None) -> None:
        to_act = state.to_act
        if seat is None:
            if len(to_act) == 1:
                seat = to_act[0]
            elif not to_act:
                raise IllegalAction("the match is over" if state.outcome else "nobody may act now")
            else:
                raise IllegalAction(f"seats {', '.join(map(str, to_act))} may act now; say which seat acts")
        elif seat not in to_act:
            if state.outcome is not None:
                raise IllegalAction("the match is over")
            raise IllegalAction(f"seat {seat} may not act now; waiting for seat"
                                f"{'s' if len(to_act) > 1 else ''} {', '.join(map(str, to_act))}")
        if action.__class__ is not int:
            action = self._action_id(state, seat, action)
        is_legal, apply = self._step_by_phase[state.phase._name_]
        # A game may give a phase an O(1) ``_is_legal_<phase>(state, seat,
        # action)`` that answers exactly ``action in _legal_<phase>(state,
        # seat)`` for int actions (tests/core/test_fast_legal.py checks this
        # over random play); anything else is looked up in the legal list.
        if is_legal is None or action.__class__ is not int \
                or not is_legal(state, seat, action):
            cached = state._legal
            legal = cached[1] if cached is not None and cached[0] == seat \
                else self.legal_actions(state, seat)
            if action not in legal:
                raise IllegalAction(self.why_illegal(state, seat, action),
                                    [self.action_text(a) for a in legal])
        state.history.append((seat, action))
        state._legal = None
        apply(state, seat, action)

    def apply_legal(self, state: BaseState, action: int, seat: int) -> None:
        """Apply ``action``, taken from ``legal_actions(state, seat)`` of this
        very position, without checking it again: the search bot's random
        rollouts (``bots/search.py``), where the checks of ``apply`` cost
        as much as the move."""
        state.history.append((seat, action))
        state._legal = None
        self._apply_by_phase[state.phase._name_](state, seat, action)

    def _action_id(self, state: BaseState, seat: int, action) -> int:
        """An action given as another kind of whole number (a numpy int, a
        Card) as an int; anything else (text, a float, True) is refused."""
        if not isinstance(action, bool):
            try:
                return operator.index(action)
            except TypeError:
                pass
        raise IllegalAction(f"{action!r} is not an action id: ids are whole numbers "
                            f"(text goes to apply_text)",
                            [self.action_text(a) for a in self.legal_actions(state, seat)])

    def apply_text(self, state: BaseState, text: Any, seat: int | None = None) -> int:
        if seat is None and len(state.to_act) == 1:
            seat = state.to_act[0]
        action = self.parse_action(state, text, seat)
        self.apply(state, action, seat)
        return action

    def why_illegal(self, state: BaseState, seat: int, action: Any) -> str:
        """Why ``action`` is not legal; games override to name the rule."""
        try:
            text = self.action_text(action)
        except Exception:
            return f"{action!r} is not an action of {self.info.name}"
        return f"{text} is not allowed now ({self.phase_name(state)})"

    def phase_name(self, state: BaseState) -> str:
        return state.phase.name.lower().replace("_", " ")

    def finish(self, state: BaseState, outcome: Outcome) -> None:
        state.outcome = outcome
        state.to_act = ()
        state.log("match_over", None, **outcome.to_json())

    # -- action text -------------------------------------------------------
    def action_text(self, action: Any) -> str:
        return self.actions.text(action)

    def parse_action(self, state: BaseState, text: Any, seat: int | None = None) -> int:
        """Action text to an action id.  Where several ids share a text
        (copies in a multi-deck pack), a legal one is chosen."""
        candidates = self.actions.parse(text)
        if seat is None and len(state.to_act) == 1:
            seat = state.to_act[0]
        if len(candidates) > 1 and seat is not None:
            legal = self.legal_actions(state, seat)
            for a in candidates:
                if a in legal:
                    return a
        return candidates[0]

    # -- what leaves the engine ------------------------------------------
    def view(self, state: BaseState, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator).  Deny by default:
        the game's ``_view`` adds exactly what the rules let this seat see."""
        v = {
            "game": self.info.id,
            "seat": seat,
            "players": self.num_players(state),
            "phase": state.phase.name.lower(),
            "to_act": list(state.to_act),
            "legal": list(self.legal_actions(state, seat)) if seat in state.to_act else [],
            "version": len(state.history),
            "options": state.options,
        }
        if state.outcome is not None:
            v["outcome"] = state.outcome
        self._view(state, seat, v)
        return v

    def _view(self, state: BaseState, seat: int | None, v: dict) -> None:
        raise NotImplementedError

    def events_for(self, state: BaseState, seat: int | None, start: int = 0) -> list[dict]:
        return [e.for_seat(seat) for e in state.events[start:]]

    def num_players(self, state: BaseState) -> int:
        return getattr(state.options, "players", self.info.min_seats)

    def zones(self, state: BaseState) -> dict | None:
        """Every card's place, zone name to mask (for the card conservation
        check); ``None`` for games without cards."""
        return None

    def unknown_cards(self, state: BaseState, seat: int | None) -> int:
        """Cards whose place ``seat`` cannot know now (for the leak suite)."""
        return 0

    def sample_world(self, view: dict, rng) -> BaseState:
        """A whole state consistent with everything the view's seat knows."""
        raise NotImplementedError(f"{self.info.id} has no sample_world yet")

    def blank_world(self, view: dict, rng) -> BaseState:
        """The common part of a sampled world: options, phase, who acts and the
        version from the view; a fresh seed for whatever chance lies ahead
        (with ``rng`` None, seed 0: a template whose clones get their own);
        no history beyond its length (the world's past is unknown)."""
        state = self.State()
        state.game = self
        state.options = view["options"]
        state.seed = 0 if rng is None else rng.getrandbits(63)
        state.decks = None
        state.packs = []
        state.events = []
        state.history = [None] * view["version"]
        state.outcome = view.get("outcome")
        state.to_act = tuple(view["to_act"])
        state.phase = self.Phase[view["phase"].upper()]
        state._legal = None
        return state


# -- options -----------------------------------------------------------------

def build_options(cls, presets: dict, preset: str | None, overrides: dict, game_id: str):
    values: dict[str, Any] = {}
    if preset is not None:
        if preset not in presets:
            known = ", ".join(sorted(presets)) or "none"
            raise OptionError(f"{game_id} has no preset {preset!r}"
                              f"{did_you_mean(preset, presets)}; presets: {known}")
        values.update(presets[preset])
    values.update(overrides)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for name, raw in list(values.items()):
        if name not in fields:
            known = ", ".join(fields) or "none"
            raise OptionError(f"{game_id} has no option {name!r}{did_you_mean(name, fields)}; "
                              f"options: {known}")
        values[name] = _coerce(game_id, fields[name], raw)
    try:
        return cls(**values)
    except OptionError:
        raise
    except (TypeError, ValueError) as exc:
        raise OptionError(f"{game_id}: {exc}") from None


def _coerce(game_id: str, f: dataclasses.Field, raw):
    default = f.default
    choices = f.metadata.get("choices")
    value = raw
    if isinstance(raw, str) and default is not dataclasses.MISSING \
            and not isinstance(default, str):
        text = raw.strip().lower()
        try:
            if isinstance(default, bool):
                if text not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                    raise ValueError
                value = text in ("true", "yes", "1", "on")
            elif isinstance(default, int):
                value = int(text)
            elif isinstance(default, float):
                value = float(text)
        except ValueError:
            kind = {bool: "true or false", int: "whole number", float: "number"}[type(default)]
            raise OptionError(f"{game_id}: option {f.name} wants a {kind}, not {raw!r}") from None
    elif default is not dataclasses.MISSING and default is not None:
        if isinstance(default, bool) and not isinstance(value, bool):
            raise OptionError(f"{game_id}: option {f.name} wants true or false, not {raw!r}")
        if isinstance(default, int) and not isinstance(default, bool) \
                and (isinstance(value, bool) or not isinstance(value, int)):
            raise OptionError(f"{game_id}: option {f.name} wants a whole number, not {raw!r}")
    if choices is not None and value not in choices:
        raise OptionError(f"{game_id}: option {f.name} must be one of "
                          f"{', '.join(map(str, choices))}, not {raw!r}")
    lo, hi = f.metadata.get("min"), f.metadata.get("max")
    if lo is not None and value < lo or hi is not None and value > hi:
        raise OptionError(f"{game_id}: option {f.name} must be between {lo} and {hi}, not {raw!r}")
    return value


def option(default, help: str = "", **meta):
    """A dataclass field for an Options class: default (the seed's rule), help
    text, and optional ``choices``, ``min``, ``max``."""
    return field(default=default, metadata={"help": help, **meta})


def options_dict(options) -> dict:
    return dataclasses.asdict(options)


def options_overrides(options) -> dict:
    """Only the options that differ from the defaults (what a record stores)."""
    default = type(options)()
    return {k: v for k, v in dataclasses.asdict(options).items()
            if getattr(default, k) != v}
