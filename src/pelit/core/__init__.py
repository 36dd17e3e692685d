"""The game protocol: games, states, actions, views, events, outcomes, records."""

from .errors import (IllegalAction, OptionError, ParseError, PelitError,
                     RecordError, UnknownGame)

__all__ = ["IllegalAction", "OptionError", "ParseError", "PelitError",
           "RecordError", "UnknownGame"]
