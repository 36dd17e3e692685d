"""How the web table presents a game: one declaration per game.

A game's ``web_layout`` (a dict on the Game class) says which *table* draws
it and which fields of its views a player sees, and how::

    Tuppi.web_layout = {
        "table": "trick",
        "show": {"hand": "hand", "hand_sizes": "backs", "trick": "trick",
                 "contract": "banner", "tricks_won": ["team", "tricks"], ...},
        "sheet": {"event": "hand_scored", "total": "scores"},
    }

``table`` is one of ``TABLES``; a game that names none gets its family's
(``TABLE_OF_FAMILY``, else ``cards``).  ``show`` maps a view key (or a
dotted path into a record, ``play.trick``) to its *role* on the table (a
word, ``[role, label]`` or ``{"role", "label", ...}``; see ``ROLES``).  With
``show`` given, a view field not named there is never drawn: the page text
cannot hold a bookkeeping field the game did not mean to show.  A game
without ``show`` is drawn by the generic rules (every field but ``hide``).

Other keys: ``sheet`` (which event ends a deal and which of its fields
holds the deal's points, ``gained``, or the match score after it, ``total``:
the score sheet's rows; ``start``, the option each seat begins with, as
Commune's tokens), ``select`` (``"ranks"``: action text names cards by
rank words, as the Canasta family's ``meld 7 7 2``), ``slots`` (Cactus:
which verbs act on the own layout's numbered slots and which on another's),
``explain`` (event kind to a sentence shown when it happens: Hex's swap),
``melds`` (the Canasta family: the wild ranks and a canasta's size), and the
board keys documented in docs/WEB.md.

``presentation(game)`` is what the browser gets: the declaration with the
terminal's labels (``render_hints["labels"]``), the seat rule, the events
that end a deal, and the rule book section of each phase.
"""

from __future__ import annotations

import functools
import inspect
import re

from .seat_fields import seat_field_rules

TABLES = ("trick", "meld", "fishing", "layout", "board", "betting", "cards")

TABLE_OF_FAMILY = {
    "trick-taking": "trick", "compendium": "trick", "signalling": "trick",
    "rummy": "meld", "poker-rummy": "meld",
    "fishing": "fishing",
    "layout": "layout", "memory": "layout", "patience": "layout",
    "connection": "board", "territory": "board",
    "poker": "betting", "betting": "betting",
}

# what each role draws (the client, src/pelit/web/, knows them all)
ROLES = {
    "hand": "the seat's own cards, acted on by clicking",
    "backs": "a number per seat: the cards it holds, drawn as backs",
    "trick": "[[seat, card], ...]: the trick, each card in front of its player",
    "last_trick": "the finished trick, kept up until the next card (its winner marked)",
    "tag": "a seat: a tag on that seat (dealer)",
    "banner": "a short value in the banner over the middle (contract, trumps)",
    "seat": "one value per seat, in the seat boxes",
    "seat_cards": "one card list per seat, face up in front of the seat",
    "open_hand": "cards shown face up at the seat a second key names (the dummy)",
    "team": "one value per partnership, named by its players (You & Aino)",
    "team_of": "the partnership of each seat",
    "info": "a labelled value under the middle",
    "cards": "cards in the middle (a layout, the common cards)",
    "pile": "a discard pile: its top card and its size",
    "count": "a number drawn as a stack of backs (the stock)",
    "melds": "each side's melds, grouped and marked as canastas (a meld's ``hand`` names it)",
    "table_melds": "numbered melds anyone may add to, in the middle (rummy)",
    "side_cards": "one card list per side (red threes)",
    "frozen": "whether the pile is frozen",
    "board": "a board of cells (Hex, Y, Go)",
    "last_move": "the cell of the last move, marked on the board",
    "moves": "the moves so far; the last one is marked on the board",
    "chain": "the winning chain, drawn on the board",
    "chips": "one stack of chips per seat",
    "bets": "one bet per seat, in front of it",
    "pot": "the pot in the middle",
    "status": "one status word per seat (folded, all in)",
    "slots": "one row of face-down slots per seat (Cactus, Trash)",
    "grid": "a grid of cards or backs (Memory)",
    "fans": "rows of fanned cards, the last card of each on top (La Belle Lucie)",
    "rows": "a table whose rows begin with a seat (Bridge's calls; Mattis's beatings as cards)",
    "history": "a list, folded to its latest entry",
    "side": "one value per side of a meld game, in that side's meld area",
    "canastas": "one list of closed canastas per side, stacked with its melds",
    "colours": "colour to seat: a tag on each seat (Hex's red and blue)",
    "size": "the size of a pile another entry draws (its ``size``); not drawn itself",
    "text": "the game's own words for the seat's view (``render_board``: ``board_text``)",
}

# events that end a deal, beside a game's own (``sheet["event"]``)
DEAL_END = ("deal_scored", "hand_scored", "board_scored", "hand_won")

_SECTION = re.compile(r"^\s*# -- (?P<title>[^(\-]+?)\s*(?:\((?P<section>[^)]*)\))?\s*-*\s*$")


def table_of(game) -> str:
    layout = getattr(game, "web_layout", None) or {}
    if layout.get("table") in TABLES:
        return layout["table"]
    return TABLE_OF_FAMILY.get(game.info.family.split(" ")[0], "cards")


def role_of(spec) -> str:
    """The role word of one ``show`` entry (``"team"``, ``["team", "tricks"]``
    or ``{"role": "team", ...}``)."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, (list, tuple)):
        return spec[0]
    return spec["role"]


def shown_paths(game) -> list[str] | None:
    """The view keys (dotted paths) a game shows, or None when it gives no
    ``show`` (the generic drawing)."""
    show = (getattr(game, "web_layout", None) or {}).get("show")
    return None if show is None else list(show)


PER_SEAT_ROLES = ("backs", "seat", "seat_cards", "chips", "bets", "status", "slots", "team_of")


def keys_in_roles(layout: dict, roles) -> set[str]:
    """The top-level view keys a layout shows in one of ``roles`` (the old
    ``teams`` and ``per_seat`` lists count too): which lists hold one entry
    per partnership (roles ``("team",)``) or per seat (``PER_SEAT_ROLES``)."""
    roles = set(roles)
    out = {p.split(".")[0] for p, spec in (layout.get("show") or {}).items() if role_of(spec) in roles}
    if "team" in roles:
        out |= set(layout.get("teams", ()))
    if roles & set(PER_SEAT_ROLES):
        out |= set(layout.get("per_seat", ()))
    return out


def hidden_fields(game, view: dict) -> list[str]:
    """The fields of ``view`` the web table never draws for ``game``: every
    key not named in ``show`` and, inside a record of which only some
    entries are shown (``play.trick``), its other entries (``play.voids``).
    Empty for a game without ``show`` (its ``hide`` list is the rule then)."""
    shown = shown_paths(game)
    if shown is None:
        return list((getattr(game, "web_layout", None) or {}).get("hide", ()))
    base = {"game", "seat", "players", "phase", "to_act", "legal", "version", "options",
            "outcome"}
    out = []
    tops = {p.split(".")[0] for p in shown}
    for k, v in view.items():
        if k in base or k == "board_text":
            continue
        if k not in tops:
            out.append(k)
        elif k not in shown and isinstance(v, dict):
            out.extend(f"{k}.{kk}" for kk in v if f"{k}.{kk}" not in shown)
    return out


@functools.lru_cache(maxsize=None)
def rule_sections(game_cls) -> dict:
    """The rule book section of each phase, read from the comment heading
    the game's ``_legal_<phase>`` (``# -- auction (6.2) ---``): phase name to
    ``{"title", "section"}``.  A game's ``web_layout["rules"]`` overrides."""
    out = {}
    module = inspect.getmodule(game_cls)
    try:
        lines, _ = inspect.getsourcelines(module)
        compiled = False
    except (OSError, TypeError):
        lines = _compiled_source(module)
        if lines is None:
            return out
        compiled = True
    for phase in getattr(game_cls, "Phase", ()):
        name = phase.name.lower()
        fn = getattr(game_cls, f"_legal_{name}", None)
        if compiled:
            start = _compiled_def_line(game_cls, f"_legal_{name}", lines)
            if start is None:
                continue
        else:
            try:
                _, start = inspect.getsourcelines(fn)
            except (OSError, TypeError):
                continue
            if inspect.getsourcefile(fn) != inspect.getsourcefile(game_cls):
                continue            # defined in a shared base: its headings are not this game's
        for line in reversed(lines[:start - 1]):
            m = _SECTION.match(line)
            if m:
                if m.group("section"):
                    out[name] = {"title": m.group("title").strip(),
                                 "section": m.group("section").strip()}
                break
    return out


def _compiled_source(module) -> list[str] | None:
    """The source lines of a module compiled by mypyc (``make compiled``): its
    ``.py`` lies beside the extension, which ``inspect`` cannot read."""
    path = getattr(module, "__file__", None) or ""
    source = path.split(".", 1)[0] + ".py" if path.endswith((".so", ".pyd")) else None
    try:
        with open(source or "", encoding="utf-8") as f:
            return f.read().splitlines(keepends=True)
    except OSError:
        return None


def _compiled_def_line(game_cls, method: str, lines: list[str]) -> int | None:
    """The line (1-based) of ``def method`` in the class of ``game_cls``'s
    module that defines it; None when a shared base elsewhere defines it."""
    owner = next((k for k in game_cls.__mro__ if method in vars(k)), None)
    if owner is None or owner.__module__ != game_cls.__module__:
        return None
    in_class = False
    for i, line in enumerate(lines, 1):
        if line.startswith("class "):
            in_class = line.startswith(f"class {owner.__name__}(") \
                or line.startswith(f"class {owner.__name__}:")
        elif in_class and line.lstrip().startswith(f"def {method}("):
            return i
    return None


def presentation(game) -> dict:
    """The game's declaration as the browser gets it (see the module docstring)."""
    hints = getattr(game, "render_hints", None) or {}
    layout = dict(getattr(game, "web_layout", None) or {})
    sheet = layout.get("sheet") or {}
    rules = dict(rule_sections(type(game)))
    for phase, text in (layout.get("rules") or {}).items():
        rules[phase] = {"title": phase.replace("_", " "), "section": text}
    layout.update({
        "table": table_of(game),
        "labels": {**hints.get("labels", {}), **layout.get("labels", {})},
        "seat_keys": seat_field_rules(hints),
        "deal_end": sorted({*DEAL_END, *hints.get("deal_end", ()),
                            *([sheet["event"]] if sheet.get("event") else ())}),
        "not_cards_after": list(hints.get("not_cards_after", ())),
        "rules": rules,
    })
    return layout
