"""JSON records of matches, replay, and views as JSON.

A record is ``{game, rules_version, options, seed, decks, actions, result}``;
``actions`` is action text, prefixed ``"SEAT:"`` where several seats could act
at that moment (out-of-turn windows).  Replaying a record reproduces the match
to its last event; ``check_record`` fails loudly when the result differs.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from pathlib import Path

from ..cards.deck import Card, CardSet, ids
from .errors import PelitError, RecordError
from .game import options_overrides
from .registry import load


_PLAIN = frozenset((int, str, float, bool, type(None)))


def jsonable(obj, game):
    """A view or event as plain JSON: card sets and cards become card text,
    the ``legal`` list becomes action text."""
    if type(obj) in _PLAIN:          # most values: answered before the checks below
        return obj
    deck = game.deck
    if isinstance(obj, CardSet):
        return [deck.text_of[c] for c in ids(obj)]
    if isinstance(obj, Card):
        return deck.text_of[obj]
    if isinstance(obj, dict):
        out = {}
        for k, v in obj.items():
            if k == "legal" and isinstance(v, list):
                out[k] = [game.action_text(a) for a in v]
            else:
                out[str(k)] = jsonable(v, game)
        return out
    if isinstance(obj, (list, tuple)):
        return [jsonable(v, game) for v in obj]
    if isinstance(obj, enum.Enum):
        return obj.name.lower()
    if hasattr(obj, "to_json"):
        return obj.to_json()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    return obj


def record_of(state) -> dict:
    game = state.game
    # Replay alongside to learn where several seats could act: only there does
    # the text carry the acting seat ("2:doubt").
    shadow = game.new_state(seed=state.seed, decks=state.decks, options=state.options)
    actions = []
    for seat, action in state.history:
        text = game.action_text(action)
        actions.append(text if len(shadow.to_act) == 1 else f"{seat}:{text}")
        game.apply(shadow, action, seat)
    decks = None
    if state.decks is not None:
        decks = [None if d is None else game.deck.texts(d) for d in state.decks]
    return {
        "game": game.info.id,
        "rules_version": game.info.rules_version,
        "options": options_overrides(state.options),
        "seed": state.seed,
        "decks": decks,
        "actions": actions,
        "result": state.outcome.to_json() if state.outcome is not None else None,
    }


def replay(record: dict, upto: int | None = None):
    """The state after replaying a record's actions (all, or the first ``upto``)."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    for key in ("game", "seed", "actions"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    try:
        game = load(str(record["game"]))
    except PelitError as exc:
        raise RecordError(str(exc)) from None
    version = record.get("rules_version", game.info.rules_version)
    if version != game.info.rules_version:
        raise RecordError(f"the record was made with rules version {version} of "
                          f"{game.info.id}; this pelit has version {game.info.rules_version}")
    options = record.get("options") or {}
    if not isinstance(options, dict) or not isinstance(record["actions"], list):
        raise RecordError("options must be an object and actions a list")
    seed = record["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"the record's seed must be a whole number, not {json.dumps(seed)}")
    decks = record.get("decks")
    if decks is not None and not (isinstance(decks, list) and all(
            d is None or isinstance(d, str) for d in decks)):
        raise RecordError("the record's decks must be a list of packs in card text (or null)")
    try:
        state = game.new_state(seed=seed, decks=decks, **options)
    except (PelitError, ValueError, TypeError) as exc:
        raise RecordError(f"cannot start the recorded match: {exc}") from None
    actions = record["actions"] if upto is None else record["actions"][:upto]
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"action {i + 1} is not text")
        seat = None
        if ":" in text:
            head, _, rest = text.partition(":")
            if head.strip().isdigit():
                seat, text = int(head), rest
        try:
            game.apply_text(state, text, seat)
        except PelitError as exc:
            raise RecordError(f"action {i + 1} ({text!r}) does not replay: {exc}") from None
    return state


def check_record(record: dict):
    """Replay and compare with the stored result; raise RecordError on any difference."""
    state = replay(record)
    got = state.outcome.to_json() if state.outcome is not None else None
    want = record.get("result")
    if _normalise(got) != _normalise(want):
        raise RecordError(f"the replay ends with {got}, the record says {want}")
    return state


def _normalise(obj):
    return json.loads(json.dumps(obj))


def load_record(path: str | Path) -> dict:
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file, so not a record") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON: {exc.msg} at line {exc.lineno}") from None


def save_record(state, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record_of(state), indent=1) + "\n")
