"""Errors for user mistakes: each says what was wrong and, where it helps, what is allowed.

Everything a player, a client or a record can get wrong raises a ``PelitError``
subclass; the command line and the server turn these into one clear message.
"""


class PelitError(Exception):
    """A mistake by the user of pelit (not a bug in pelit)."""


class UnknownGame(PelitError):
    pass


class OptionError(PelitError):
    pass


class ParseError(PelitError):
    """Text that is not a card, an action or a record."""


class IllegalAction(PelitError):
    """An action the rules do not allow now.  ``legal`` lists what is allowed."""

    def __init__(self, message: str, legal: list[str] | None = None):
        self.reason = message
        self.legal = legal or []
        if legal:
            shown = ", ".join(legal[:40]) + (" ..." if len(legal) > 40 else "")
            message = f"{message}. Legal now: {shown}"
        super().__init__(message)


class RecordError(PelitError):
    """A record that cannot be read or does not replay."""
