"""pelit: the games of five rule books, exactly by the book."""

from .core.errors import IllegalAction, PelitError
from .core.registry import all_games, game_ids, load

__version__ = "0.1.0"
__all__ = ["IllegalAction", "PelitError", "all_games", "game_ids", "load", "__version__"]
