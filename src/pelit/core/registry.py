"""The registry of games: every module in ``pelit.games`` that registers a game.

``pelit.load("tuppi")`` returns the one ``Game`` object for an id or alias;
``pelit.load("tuppi-duplicate")`` the duplicate form of a partnership game
(``core.duplicate``), built on first use.
"""

from __future__ import annotations

import importlib
import pkgutil

from .errors import UnknownGame
from .suggest import did_you_mean

DUPLICATE_SUFFIX = "-duplicate"
_GAMES: dict[str, object] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


def register(cls):
    """Class decorator: make one instance of the game and register it."""
    game = cls()
    gid = game.info.id
    if gid in _GAMES:
        raise ValueError(f"game id {gid} registered twice")
    _GAMES[gid] = game
    for alias in game.info.aliases:
        _ALIASES[alias] = gid
    return cls


def _discover() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from .. import games
    for mod in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{games.__name__}.{mod.name}")


def load(name: str):
    _discover()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    if key not in _GAMES and key.endswith(DUPLICATE_SUFFIX) and len(key) > len(DUPLICATE_SUFFIX):
        # GAME-duplicate: a partnership game at two tables with the same deals
        from .duplicate import duplicate_of
        return duplicate_of(load(key[:-len(DUPLICATE_SUFFIX)]))
    if key not in _GAMES:
        known = sorted(_GAMES) + sorted(_ALIASES)
        raise UnknownGame(f"unknown game {name!r}{did_you_mean(key, known)}; known games: "
                          f"{', '.join(sorted(_GAMES))}")
    return _GAMES[key]


def all_games() -> list:
    _discover()
    return [_GAMES[k] for k in sorted(_GAMES)]


def game_ids() -> list[str]:
    return [g.info.id for g in all_games()]
