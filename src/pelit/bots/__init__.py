"""Bots see views only, never states.

``make_bot(name, game, seat, seed)`` builds one: ``random`` for any game, or
``heuristic`` (the game's own simple player).  Heuristic bots live in this
package, one module per game, registered with ``@heuristic("game-id")``.
A game may offer further bots under names of their own (Go's ``mcts``),
registered with ``@named_bot("game-id", "name")``; a bot that plays every
game (the determinized ``search`` bot) is registered once with
``@universal_bot("name")``.  ``NAME:SETTING`` hands a setting to a bot that
takes one (its ``configure``): ``heuristic:0.8``, ``search:200``.
"""

from __future__ import annotations

import importlib
import pkgutil

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
_UNIVERSAL: dict[str, type] = {}
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


def universal_bot(name: str):
    """Register a bot that plays every registered game (``--bots NAME``)."""
    def deco(cls):
        _UNIVERSAL[name] = cls
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


def bot_names(game) -> list[str]:
    _discover()
    if getattr(game, "inner", None) is not None:     # a duplicate match: the game's bots
        return bot_names(game.inner)
    return (["random"] + (["heuristic"] if game.info.id in _HEURISTICS else [])
            + sorted({name for gid, name in _NAMED if gid == game.info.id} | set(_UNIVERSAL)))


def make_bot(name: str, game, seat: int, seed: int = 0) -> Bot:
    _discover()
    if getattr(game, "inner", None) is not None:
        # a duplicate match (core.duplicate): the game's bot plays the seat's table
        from .duplicate import DuplicateBot
        return DuplicateBot(name, game, seat, seed)
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
    cls = _NAMED.get((game.info.id, key)) or _UNIVERSAL.get(key)
    if cls is not None:
        bot = cls(game, seat, seed)
        if setting:
            if not hasattr(bot, "configure"):
                raise PelitError(f"the {key} bot of {game.info.id} takes no setting ({name!r})")
            bot.configure(setting)
        return bot
    raise PelitError(f"unknown bot {name!r} for {game.info.id}"
                     f"{did_you_mean(key, bot_names(game) + ['h', 'bot'])}; bots: "
                     f"{', '.join(bot_names(game))}")
