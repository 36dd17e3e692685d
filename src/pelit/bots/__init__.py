"""Bots see views only, never states.

``make_bot(name, game, seat, seed)`` builds one: ``random`` for any game, or
``heuristic`` (the game's own simple player).  Heuristic bots live in this
package, one module per game, registered with ``@heuristic("game-id")``.
A game may offer further bots under names of their own (a search bot, say),
registered with ``@named_bot("game-id", "name")``.

Any other ``Bot`` subclass is named by its import path, ``pkg.module:Class``
(a name whose part before the colon holds a dot; ``heuristic:0.8`` still
hands a setting to the heuristic bot).  A class may list the game ids it
plays in ``games``; without it, it is offered for every game.  The web
server offers the import paths its operator lists in the ``PELIT_BOTS``
environment variable (comma-separated) beside each game's own bots; a
player at the table cannot name other modules.  ``examples/first_bot.py``
is a minimal bot.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys

from ..core.errors import PelitError
from ..core.rng import stream
from ..core.suggest import did_you_mean


class Bot:
    """A player that sees only its seat's view and answers an action id."""

    name = "bot"

    def __init__(self, game, seat: int, seed: int = 0):
        self.game = game
        self.seat = seat
        self.rng = stream(seed, "bot", self.name, seat)

    def observe(self, events: list[dict]) -> None:
        """New events as this seat saw them (a bot's memory); default: forget."""

    def choose(self, view: dict) -> int:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions in its view."""

    name = "random"

    def choose(self, view: dict) -> int:
        return self.rng.choice(view["legal"])


_HEURISTICS: dict[str, type] = {}
_NAMED: dict[tuple[str, str], type] = {}
_loaded = False


def heuristic(game_id: str):
    def deco(cls):
        _HEURISTICS[game_id] = cls
        return cls
    return deco


def named_bot(game_id: str, name: str):
    """Register a bot a game offers besides its heuristic one (``--bots NAME``)."""
    def deco(cls):
        _NAMED[(game_id, name)] = cls
        return cls
    return deco


def _discover():
    global _loaded
    if _loaded:
        return
    _loaded = True
    for mod in pkgutil.iter_modules(__path__):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{__name__}.{mod.name}")


def is_import_path(name: str) -> bool:
    """``pkg.module:Class``: the part before the colon names a module."""
    head, colon, tail = name.strip().partition(":")
    return bool(colon) and "." in head and bool(tail)


def load_bot_class(path: str) -> type:
    """The ``Bot`` subclass an import path ``pkg.module:Class`` names; a
    clear ``PelitError`` if it names none."""
    module_name, _, attr = path.strip().partition(":")
    # as uvicorn does for its apps: a module in the working directory is
    # found when the console script runs (whose sys.path does not hold it)
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise PelitError(f"bot {path!r}: cannot import {module_name} ({exc})") from None
    cls = module
    for part in attr.split("."):
        cls = getattr(cls, part, None)
        if cls is None:
            raise PelitError(f"bot {path!r}: {module_name} has no {attr}") from None
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise PelitError(f"bot {path!r}: {attr} is not a pelit.bots.Bot subclass")
    return cls


def _plays(cls, game) -> bool:
    games = getattr(cls, "games", None)
    return games is None or game.info.id in games


def served_bots(game) -> list[str]:
    """The import paths listed in ``PELIT_BOTS`` that play ``game`` (what a
    server operator offers beside the games' own bots)."""
    out = []
    for path in os.environ.get("PELIT_BOTS", "").split(","):
        path = path.strip()
        if path and is_import_path(path) and _plays(load_bot_class(path), game):
            out.append(path)
    return out


def bot_names(game) -> list[str]:
    _discover()
    if getattr(game, "inner", None) is not None:     # a duplicate match: the game's bots
        return bot_names(game.inner)
    return (["random"] + (["heuristic"] if game.info.id in _HEURISTICS else [])
            + sorted(name for gid, name in _NAMED if gid == game.info.id)
            + served_bots(game))


def make_bot(name: str, game, seat: int, seed: int = 0) -> Bot:
    _discover()
    if getattr(game, "inner", None) is not None:
        # a duplicate match (core.duplicate): the game's bot plays the seat's table
        from .duplicate import DuplicateBot
        return DuplicateBot(name, game, seat, seed)
    if is_import_path(name):
        cls = load_bot_class(name)
        if not _plays(cls, game):
            raise PelitError(f"bot {name!r} plays {', '.join(cls.games)}, not {game.info.id}")
        return cls(game, seat, seed)
    # ``heuristic:SETTING`` hands a setting to a bot that takes one (``configure``)
    key, _, setting = name.strip().lower().partition(":")
    if key == "random" and not setting:
        return RandomBot(game, seat, seed)
    if key in ("heuristic", "h", "bot"):
        cls = _HEURISTICS.get(game.info.id)
        if cls is None and not setting:
            return RandomBot(game, seat, seed)
        bot = cls(game, seat, seed) if cls is not None else None
        if setting:
            if bot is None or not hasattr(bot, "configure"):
                raise PelitError(f"the {key} bot of {game.info.id} takes no setting ({name!r})")
            bot.configure(setting)
        return bot
    cls = _NAMED.get((game.info.id, key))
    if cls is not None and not setting:
        return cls(game, seat, seed)
    raise PelitError(f"unknown bot {name!r} for {game.info.id}"
                     f"{did_you_mean(key, bot_names(game) + ['h', 'bot'])}; bots: "
                     f"{', '.join(bot_names(game))}")
