"""Matches in the formats other programs read (``pelit export`` / ``pelit import``).

- PBN (Portable Bridge Notation) for Bridge: every board of the match, deal,
  auction and play (``Bridge.to_pbn``); read back as a one-board match
  (``Bridge.state_from_pbn``: the first board).
- SGF (Smart Game Format) for Hex (GM[11], ``games.hex``), Go (GM[1],
  ``games.go``, through sgfmill) and Y.  SGF has no game number for Y, so a
  Y game is written as SGF FF[4] with Hex's moves and cell names and the
  private root property ``PG[y]`` ("pelit game") in place of ``GM``; pelit
  reads it back, other SGF programs keep it as an unknown game.
- PHH (Poker Hand Histories) for Texas Hold'em: one hand
  (``texas_holdem.to_phh``; the last one played unless ``hand`` says), read
  back as a one-hand match (``from_phh``).

``export_text(record)`` replays a pelit record and writes it in its game's
format; ``import_text(text, fmt)`` reads such text into a pelit match state,
whose record (``core.records.record_of``) ``pelit import`` writes.  A match
exported and imported again replays to the same actions (for PBN and PHH:
one board, one hand).
"""

from __future__ import annotations

from .core.errors import ParseError, PelitError
from .core.records import replay

FORMATS = {"pbn": ("bridge",), "sgf": ("hex", "y", "go"), "phh": ("texas-holdem",)}
EXTENSIONS = {".pbn": "pbn", ".sgf": "sgf", ".phh": "phh"}


def format_of(game_id: str) -> str:
    for fmt, games in FORMATS.items():
        if game_id in games:
            return fmt
    known = "; ".join(f"{fmt.upper()}: {', '.join(g)}" for fmt, g in FORMATS.items())
    raise PelitError(f"{game_id} has no exchange format ({known}); its JSON record is the "
                     f"format to keep")


def export_state(state, hand: int | None = None) -> tuple[str, str]:
    """``(format, text)`` of a match state."""
    gid = state.game.info.id
    fmt = format_of(gid)
    if hand is not None and fmt != "phh":
        raise PelitError("--hand picks a hand of a Hold'em match only")
    if fmt == "pbn":
        return fmt, state.game.to_pbn(state)
    if fmt == "phh":
        from .games.texas_holdem import to_phh
        return fmt, to_phh(state, hand)
    if gid == "hex":
        from .games.hex import to_sgf
        return fmt, to_sgf(state)
    if gid == "go":
        from .games.go import to_sgf
        return fmt, to_sgf(state)
    return fmt, y_to_sgf(state)


def export_text(record: dict, hand: int | None = None) -> tuple[str, str]:
    """``(format, text)`` of a pelit record, replayed first."""
    return export_state(replay(record), hand)


def import_text(text: str, fmt: str, seed: int = 0):
    """The match a PBN, SGF or PHH text records, as a pelit state."""
    fmt = fmt.lower().lstrip(".")
    if fmt == "pbn":
        from .core.registry import load
        return load("bridge").state_from_pbn(text, seed=seed)
    if fmt == "phh":
        from .games.texas_holdem import from_phh
        return from_phh(text, seed=seed)
    if fmt == "sgf":
        from .boards.sgf import read_sgf
        root, _ = read_sgf(text)
        if root.get("PG", "").strip().lower() == "y":
            return y_from_sgf(text, seed)
        gm = root.get("GM", "1").strip()
        if gm == "11":
            from .games.hex import from_sgf
            return from_sgf(text, seed=seed)
        if gm == "1":
            from .games.go import from_sgf
            return from_sgf(text, seed=seed)
        raise ParseError(f"this SGF is for game number {gm}; pelit reads Go (GM[1]), "
                         f"Hex (GM[11]) and its Y games (PG[y])")
    raise PelitError(f"unknown format {fmt!r}; formats: pbn, sgf, phh")


# -- Y as SGF ------------------------------------------------------------------

def y_to_sgf(state) -> str:
    from .boards.sgf import write_sgf
    from .games.hex import sgf_moves
    if state.game.info.id != "y":
        raise PelitError(f"this SGF writer is for Y, not {state.game.info.name}")
    root = {"PG": "y", "SZ": str(state.options.size), "AP": "pelit",
            "RU": "swap" if state.options.swap else "no swap"}
    if state.outcome is not None:
        root["RE"] = "B+" if state.outcome.details.get("colour") == "red" else "W+"
    return write_sgf(root, sgf_moves(state.history))


def y_from_sgf(text: str, seed: int | None = None):
    from .boards.sgf import read_sgf
    from .core.errors import IllegalAction
    from .core.registry import load
    from .games.hex import SGF_SWAP
    root, moves = read_sgf(text)
    try:
        size = int(root.get("SZ", "15"))
    except ValueError:
        raise ParseError(f"SZ[{root['SZ']}] is not a board size") from None
    game = load("y")
    state = game.new_state(seed=seed, size=size,
                           swap=root.get("RU", "swap").strip().lower() != "no swap")
    for i, (colour, value) in enumerate(moves, 1):
        value = value.strip().lower()
        text_move = "swap" if value in ("swap", SGF_SWAP) else value
        try:
            game.apply_text(state, text_move)
        except (IllegalAction, ParseError) as exc:
            raise ParseError(f"move {i} ({colour}[{value}]) does not replay: {exc}") from None
    return state
