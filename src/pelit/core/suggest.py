""""Did you mean ...?" for a mistyped name (a game, an option, a preset, a
bot): the known names closest to it, for one-line error messages."""

from __future__ import annotations

import difflib


def did_you_mean(word: str, choices) -> str:
    """``" (did you mean tuppi?)"`` for the known names close to ``word``,
    else ``""``: the text an error message puts right after the bad name."""
    close = difflib.get_close_matches(str(word).strip().lower(),
                                      [str(c) for c in choices], n=3, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {' or '.join(close)}?)"
