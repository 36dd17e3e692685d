"""Drawing a seat's view in the terminal with rich, for any registered game.

Everything drawn here comes from one seat's ``view`` and its redacted events:
the renderer never sees a state, so it cannot show what the seat may not see.

The renderer is generic.  A game may help it with small hints, all optional:

- ``render_hints`` (a dict on the Game class): ``hide`` (view fields not to
  draw), ``per_seat`` (fields that hold one value per seat), ``table``
  (fields drawn as table fields even when they look per-seat), ``labels``
  (field name to label), ``board_shape`` (``"rhombus"``, ``"triangle"`` or
  ``"grid"``), ``stones`` (board cell value to a one-letter mark),
  ``seat_fields`` (fields holding a seat number, drawn as a seat name),
  ``forget`` (event kind to the fields left out when past events are shown
  again, e.g. by ``log``: cards a player has to remember, as in Memory);
  ``not_cards_after`` (words after which action text names no card, e.g.
  ``to`` in Canasta's ``add 2 to 7s``);
- a ``colours`` map in the view (``{"red": seat, "blue": seat}``): board cells
  holding a colour's first letter are stones of that colour, with a legend;
- ``render_board(view)``: draws the board itself (a string or a rich object);
- ``describe_event(event)``: one line for an event (``None`` hides it,
  ``NotImplemented`` keeps the generic line).

Cards are shown with coloured suit symbols; the own hand is sorted by suit.
"""

from __future__ import annotations

import dataclasses
import enum
import re

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..cards.deck import RANK_NAMES, SUIT_NAMES, SUITS, Card, CardSet, ids, pretty
from ..core.errors import PelitError
from ..core.seat_fields import is_seat_field as seat_field
from ..core.seat_fields import is_seat_list as seat_list

# fields every view has, drawn in the header or not at all
META = {"game", "seat", "players", "phase", "to_act", "legal", "version", "options",
        "outcome", "hand", "board"}
# black suits in the terminal's own colour, so they read on light and dark screens
SUIT_STYLE = {"S": "bold", "C": "bold", "H": "bold red", "D": "bold red"}
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold yellow",
               "bold cyan", "bold", "bright_red")
LEGAL_SHOWN = 24   # legal actions listed under the table ('legal' lists all)
GROUP_SHOWN = 4    # of a long run of one verb's actions, the first few shown
LONG_SET = 16      # an event's card set longer than this is shown as a count
EMPTY_CELLS = (None, "", ".", "·", "-", "_", " ", -1, "empty")


def hints(game) -> dict:
    return getattr(game, "render_hints", None) or {}


# -- cards -----------------------------------------------------------------

def suited(game) -> bool:
    """Whether the game's pack is made of suits and ranks (a ``cards.deck.Deck``);
    other packs (picture cards with stats, ...) are drawn by their text."""
    deck = game.deck
    return hasattr(deck, "suit_of") and hasattr(deck, "rank_of")


def card_text(game, card: int) -> Text:
    """One card as a coloured text with its suit symbol (``Q♠``, ``10♥``)."""
    raw = game.deck.text_of[int(card)]
    if raw == "JK":
        return Text("JK", style="bold magenta")
    if not suited(game) or raw[-1:] not in SUIT_STYLE:
        return Text(raw, style="bold")
    return Text(pretty(raw), style=SUIT_STYLE[raw[-1]])


def cards_text(game, cards, sort: bool = False, sep: str = " ") -> Text:
    cards = [int(c) for c in cards]
    if sort:
        cards = sorted_hand(game, cards)
    if not cards:
        return Text("—", style="dim")
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(game, c))
    return out


def sorted_hand(game, cards) -> list[int]:
    """Cards by suit (black, red, black, red), highest first in each suit;
    a pack without suits keeps its own order."""
    if not suited(game):
        return sorted(cards)
    return game.deck.in_hand_order(cards)


def hand_text(game, hand) -> Text:
    """The own hand grouped by suit, highest first in each suit.  A hand
    given as a list in a pack without suits keeps its order (a pile to turn)."""
    if isinstance(hand, int):
        cards = sorted_hand(game, ids(int(hand)))
    else:
        cards = [int(c) for c in hand]
        if suited(game):
            cards = sorted_hand(game, cards)
    if not cards:
        return Text("(no cards)", style="dim")
    with_suits = suited(game)
    out = Text()
    for i, c in enumerate(cards):
        if i:
            gap = with_suits and game.deck.suit_of[c] != game.deck.suit_of[cards[i - 1]]
            out.append("   " if gap else " ")
        out.append_text(card_text(game, c))
    return out


def pretty_action(game, text: str) -> Text:
    """Action text with its cards drawn as cards (``meld 7♠ 7♥ 7♦``)."""
    if game.deck is None or not suited(game) or not hasattr(game.deck, "copies_of"):
        return Text(text)
    out = Text()
    # a game may name words after which no card follows (Canasta's
    # ``add 2 to 7s``: ``7s`` is the meld of sevens, not the seven of spades)
    after = set(hints(game).get("not_cards_after", ()))
    words = text.split(" ")
    for i, word in enumerate(words):
        if i:
            out.append(" ")
        if i and words[i - 1] in after:
            out.append(word)
            continue
        try:
            cid = game.deck.copies_of(word)[0]
        except PelitError:
            out.append(word)
        else:
            out.append_text(card_text(game, cid))
    return out


# -- values ------------------------------------------------------------------

def _is_play(v) -> bool:
    """A card played by someone: ``[seat, Card]`` or ``[place label, Card]``."""
    return (isinstance(v, (list, tuple)) and len(v) == 2 and isinstance(v[1], Card)
            and (isinstance(v[0], str) or isinstance(v[0], int) and not isinstance(v[0], bool)))


def value_text(game, value, depth: int = 0, me=None, terse: bool = False,
               players: int = 0, names=None) -> Text:
    """Any view value as readable text; cards as cards.  ``terse`` (events)
    leaves zero entries out of nested records such as scoring lines.  A
    record reads ``name value; name value``; a list of numbers in it one per
    seat (``players`` of them) or per team names them (``You: 3, Seat 1:
    5``), and no value is drawn as a Python list."""
    if isinstance(value, CardSet):
        return cards_text(game, ids(value), sort=True)
    if isinstance(value, Card):
        return card_text(game, value)
    if value is None:
        return Text("—", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if isinstance(value, enum.Enum):
        return Text(value.name.lower().replace("_", " "))
    if isinstance(value, float):
        return Text(f"{value:g}")
    if isinstance(value, dict):
        # leave out what is not there (no, none, empty); in an event's
        # nested records (scoring lines), zeros too
        empty = (None, False, "", [], ()) + ((0,) if depth and terse else ())
        items = [(k, v) for k, v in value.items()
                 if not any(v is e or (type(v) is type(e) and v == e) for e in empty)]
        if not items:
            return Text("—", style="dim")
        out = Text()
        for i, (k, v) in enumerate(items):
            if i:
                out.append("; ")
            name = str(k).replace("_", " ")
            if v is True:
                out.append(name)
                continue
            out.append(f"{name} ", style="dim")
            out.append_text(field_text(game, str(k), v, me, players, depth + 1, terse,
                                       names=names))
        return out
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Card) for v in value):
            return cards_text(game, value)
        if value and all(_is_play(v) for v in value):
            # plays of a trick: [[seat, card], ...]
            out = Text()
            for i, (seat, card) in enumerate(value):
                if i:
                    out.append(" · ")
                out.append(f"{seat_name(seat, me) if isinstance(seat, int) else seat} ",
                           style="dim")
                out.append_text(card_text(game, card))
            return out
        items = list(value)
        cut = len(items) > 12
        # records (dicts) and lists in a list are set apart more clearly than numbers
        sep = " | " if any(isinstance(v, (dict, list, tuple)) and not _is_play(v)
                           for v in items) else ", "
        out = Text()
        for i, v in enumerate(items[-12:] if cut else items):
            if i:
                out.append(sep)
            out.append_text(value_text(game, v, depth + 1, me, terse, players, names))
        if cut:
            out = Text("…, ").append_text(out)
        return out if len(out) else Text("—", style="dim")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return value_text(game, dataclasses.asdict(value), depth, me, terse, players, names)
    return Text(str(value))


def _scalar(v) -> bool:
    return isinstance(v, (int, float, str)) and not isinstance(v, bool)


def field_text(game, key: str, value, me=None, players: int = 0, depth: int = 0,
               terse: bool = False, per_seat: bool = True, names=None) -> Text:
    """A named value as a person reads it: a seat number as the seat's name,
    a list of seats as names, a list of numbers with one entry per seat or
    (in a partnership game) per team labelled with whose it is, the
    partners by name (``per_seat`` False: a list that only happens to hold
    one entry per seat)."""
    if is_seat_field(game, key, value):
        return Text(seat_name(value, me))
    if is_seat_list(game, key, value):
        return Text(", ".join(seat_name(v, me) for v in value)) if value else \
            Text("—", style="dim")
    if isinstance(value, (list, tuple)) and value and all(_scalar(v) for v in value) \
            and not _is_play(value) and key not in hints(game).get("table", ()):
        if per_seat and players > 1 and len(value) == players:
            return per_seat_text(game, value, me)
        if getattr(game.info, "teams", False) and len(value) == 2 and players > 2:
            return Text(", ".join(f"{team_name(t, me, players, names)}: {v}"
                                  for t, v in enumerate(value)))
    return value_text(game, value, depth, me, terse, players, names)


def team_name(team: int, me, players: int, names=None) -> str:
    """A partnership by its partners (seats ``team``, ``team + 2``, ...: the
    engines pair alternate seats): their players' names where the table
    knows them apart ("Ann and Cid"; not two bots both called "heuristic"),
    else their seats ("You and Seat 2")."""
    def who(p):
        name = names[p] if names and p < len(names) and p != me else None
        return str(name) if name and list(names).count(name) == 1 else seat_name(p, me)
    return " and ".join(who(p) for p in range(team, players, 2))


def is_seat_field(game, key: str, value) -> bool:
    """A field holding a seat number (``dealer``, ``last_capturer``, ...)."""
    return seat_field(hints(game), key, value)


def is_seat_list(game, key: str, value) -> bool:
    """A field holding a list of seats (``play_order``, ``passed``, ...)."""
    return seat_list(hints(game), key, value)


def label(game, key: str) -> str:
    return hints(game).get("labels", {}).get(key, key.replace("_", " "))


def seat_name(seat, me, names=None) -> str:
    """``You`` for the viewer's own seat, else ``Seat N`` (who plays each
    seat is shown once, in the seats table)."""
    if seat is None:
        return "Table"
    if seat == me:
        return "You"
    return f"Seat {seat}"


# -- events ------------------------------------------------------------------

# a game's own sentences name seats by number ("seat 2 plays QS", "seats 0
# and 2"): at the terminal the viewer's own seat reads "You", and the verb
# and possessive after it follow ("You play", "your claim"), as in the
# browser (web/model.js: named, youAgree); a side named "seats 0+2" stays
_SEATS_IN_TEXT = re.compile(r"\b[Ss]eats? (\d+(?:, \d+)*(?:,? and \d+)?)(?![+\d])")
_YOU_VERB = re.compile(r"(^|[.;:,(] |\band )You ([a-z]+)\b")
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def _base_verb(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if re.search(r"(ches|shes|sses|xes|zes)$", verb):
        return verb[:-2]
    if re.search(r"[^aeiou]ies$", verb):
        return verb[:-3] + "y"
    if re.search(r"[^s]s$", verb):
        return verb[:-1]
    return verb


def you_agree(text: str) -> str:
    """"You posts" -> "You post", "You's claim" -> "your claim"."""
    text = re.sub(r"\bYou's\b", lambda m: "Your" if m.start() == 0 else "your", text)
    return _YOU_VERB.sub(lambda m: f"{m.group(1)}You {_base_verb(m.group(2))}", text)


def named_seats(text: str, me, players: int = 0) -> str:
    """A game's sentence with the viewer's own seat said "You" (the other
    seats keep their numbers, as the seats table shows them)."""
    if me is None:
        return text

    def name(m):
        seats = [int(x) for x in re.split(r",? and |, ", m.group(1))]
        if me not in seats or (players and any(x >= players for x in seats)):
            return m.group(0)
        words = ["You" if x == me else f"Seat {x}" for x in seats]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return you_agree(_SEATS_IN_TEXT.sub(name, text))


def per_seat_text(game, values, me, names=None) -> Text:
    """A list with one value per seat, each named by its seat."""
    out = Text()
    for s, v in enumerate(values):
        if s:
            out.append(", ")
        out.append(f"{seat_name(s, me, names)}: ", style="dim")
        out.append_text(value_text(game, v, 1, me, terse=True))
    return out


def describe_event(game, event: dict, me, names=None, players: int = 0) -> Text | None:
    """One readable line for an event as this seat saw it."""
    custom = getattr(game, "describe_event", None)
    if custom is not None:
        line = custom(event)
        if line is None:
            return None
        if line is not NotImplemented:       # NotImplemented: the generic line
            if isinstance(line, Text):
                return line
            return Text(named_seats(str(line), me, players))
    kind = event.get("kind", "?")
    seat = event.get("seat")
    if kind == "new_deal":
        return Text(f"── deal {event.get('deal', 0) + 1} ──", style="bold cyan")
    if kind == "match_over":
        return Text(f"Match over: {event.get('reason', '')}", style="bold yellow")
    out = Text()
    who = seat_name(seat, me, names)
    if seat is not None:
        out.append(who, style=SEAT_STYLES[seat % len(SEAT_STYLES)] if seat != me else "bold")
        out.append(": ")
    out.append(kind.replace("_", " "), style="italic")
    fields = [(k, v) for k, v in event.items()
              if k not in ("kind", "seat") and v is not None and v is not False]
    for i, (k, v) in enumerate(fields):
        out.append("  " if i == 0 else " · ")
        if v is True:
            out.append(k.replace("_", " "))
            continue
        if k != kind:                 # a field named like the event ("call": 1h) needs no label
            out.append(f"{k.replace('_', ' ')} ", style="dim")
        if is_seat_field(game, k, v):
            out.append(seat_name(v, me, names))
        elif is_seat_list(game, k, v):
            out.append_text(field_text(game, k, v, me, players, names=names))
        elif isinstance(v, CardSet) and len(v) > LONG_SET:
            out.append(f"{len(v)} cards")
        elif isinstance(v, (list, tuple)) and v and all(isinstance(x, CardSet) for x in v) \
                and any(len(x) > LONG_SET for x in v):
            out.append_text(per_seat_text(game, [f"{len(x)} cards" for x in v], me, names)
                            if _is_per_seat(k, v, players, hints(game))
                            else Text(", ".join(f"{len(x)} cards" for x in v)))
        elif _is_per_seat(k, v, players, hints(game)):
            out.append_text(per_seat_text(game, v, me, names))
        else:
            out.append_text(field_text(game, k, v, me, players,
                                       1 if isinstance(v, (list, tuple)) else 0, terse=True,
                                       names=names))
    return out


# -- the board ---------------------------------------------------------------

def _rows_of(view):
    board = view.get("board")
    if isinstance(board, (list, tuple)) and board and not isinstance(board[0], (list, tuple, str)):
        size = view.get("size") or view.get("board_size")
        if isinstance(size, int) and size > 0 and len(board) == size * size:
            return [list(board[i * size:(i + 1) * size]) for i in range(size)]
        return None
    if isinstance(board, str):
        lines = [ln for ln in board.splitlines() if ln.strip()]
        return [list(ln.split()) if " " in ln.strip() else list(ln.strip()) for ln in lines]
    if isinstance(board, (list, tuple)):
        return [list(r) for r in board]
    return None


def _cell_owner(value, players, zero_is_empty) -> int | None:
    if isinstance(value, bool):
        return None
    if value in EMPTY_CELLS or (zero_is_empty and value == 0):
        return None
    if isinstance(value, int):
        return value - 1 if zero_is_empty else value
    if isinstance(value, str):
        v = value.strip().lower()
        marks = {"x": 0, "b": 0, "black": 0, "r": 0, "red": 0,
                 "o": 1, "w": 1, "white": 1, "blue": 1}
        if v in marks:
            return marks[v]
        if v.isdigit():
            return int(v)
    return None


NAMED_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")


def board_renderable(game, view, names=None):
    """The board of a board game: the game's own drawing, or a generic one
    (a rhombus for Hex-like boards, a triangle for Y-like ones, else a grid)."""
    custom = getattr(game, "render_board", None)
    if custom is not None:
        drawn = custom(view)
        return Text(drawn) if isinstance(drawn, str) else drawn
    rows = _rows_of(view)
    if not rows:
        return None
    h = hints(game)
    flat = [c for r in rows for c in r]
    ints = [c for c in flat if isinstance(c, int) and not isinstance(c, bool)]
    # with no explicit empty marker, 0 is empty and 1, 2 are the players
    zero_is_empty = bool(ints) and not any(c is None or c == -1 for c in flat)
    lengths = [len(r) for r in rows]
    shape = h.get("board_shape")
    if shape is None:
        if lengths == list(range(1, len(rows) + 1)):
            shape = "triangle"
        elif len(set(lengths)) == 1 and ("hex" in game.info.id or "hex" in game.info.family
                                         or "connection" in game.info.family):
            shape = "rhombus"
        else:
            shape = "grid"
    stones = h.get("stones", {})
    # colours named in the view ({"red": seat, "blue": seat}): a cell holding
    # a colour's first letter is a stone of that colour
    colours = view.get("colours") or view.get("colors")
    by_letter = {}
    if isinstance(colours, dict):
        for name, owner in colours.items():
            by_letter[str(name)[:1].upper()] = (str(name), owner)
    letters_order = list(by_letter)
    width = max(lengths)
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = Text()
    pad = len(str(len(rows)))
    if shape != "triangle":
        out.append(" " * (pad + 1))
        out.append(" ".join(letters[i] if i < 26 else "?" for i in range(width)),
                   style=_side_style(by_letter, 0) if shape == "rhombus" else "dim")
        out.append("\n")
    for r, row in enumerate(rows):
        indent = r if shape == "rhombus" else (len(rows) - 1 - r if shape == "triangle" else 0)
        out.append(f"{r + 1:>{pad}} ",
                   style=_side_style(by_letter, 1) if shape == "rhombus" else "dim")
        out.append(" " * indent)
        for i, cell in enumerate(row):
            if i:
                out.append(" ")
            named = by_letter.get(cell.upper()) if isinstance(cell, str) and cell else None
            if named is not None:
                mark, style = colour_stone(named[0], letters_order.index(cell.upper()))
            else:
                owner = _cell_owner(cell, view.get("players", 2), zero_is_empty)
                mark = "·" if owner is None else STONES[owner % len(STONES)]
                style = "dim" if owner is None else SEAT_STYLES[owner % len(SEAT_STYLES)]
            if cell in stones:
                mark = stones[cell]
            out.append(mark, style=style)
        if shape == "rhombus" and by_letter:
            out.append(f" {r + 1}", style=_side_style(by_letter, 1))
        out.append("\n")
    if shape == "triangle":
        out.append(" " * (pad + 1))
        out.append("cells of a row: a, b, c, … from the left\n", style="dim")
    players = view.get("players", 2)
    me = view.get("seat")
    if shape == "rhombus":
        out.append(" " * (pad + 1 + len(rows)))
        out.append(" ".join(letters[i] if i < 26 else "?" for i in range(width)),
                   style=_side_style(by_letter, 0))
        out.append("\n")
    out.append(" " * (pad + 1))
    if by_letter:
        for i, (name, owner) in enumerate(by_letter.values()):
            if i:
                out.append("   ")
            mark, style = colour_stone(name, i)
            out.append(mark, style=style)
            who = seat_name(owner, me, names) if isinstance(owner, int) else str(owner)
            out.append(f" {name}: {who}")
        return out
    for s in range(players):
        if s:
            out.append("   ")
        out.append(STONES[s % len(STONES)], style=SEAT_STYLES[s % len(SEAT_STYLES)])
        out.append(f" {seat_name(s, me, names)}")
    return out


# stones differ by shape, not only by colour, so a board reads in black and
# white and with NO_COLOR: the first colour (or seat) ●, the second ○, ...
STONES = ("●", "○", "◆", "◇", "▲", "△")


def colour_stone(name: str, index: int = 0) -> tuple[str, str]:
    """The mark and style of a stone of a named colour, the ``index``-th
    colour of the board (black is always ●, white ○)."""
    name = name.lower()
    if name == "black":
        return "●", "bold"
    if name == "white":
        return "○", "bold"
    return STONES[index % len(STONES)], f"bold {name}" if name in NAMED_COLOURS else "bold"


def _side_style(by_letter, which: int) -> str:
    """Hex-style boards: the column letters in the first colour's style, the
    row numbers in the second's (the sides each colour joins)."""
    names = [n for n, _ in by_letter.values()]
    if len(names) < 2:
        return "dim"
    return colour_stone(names[which])[1].replace("bold ", "") if which < len(names) else "dim"


# -- the table -----------------------------------------------------------------

def _is_per_seat(key, value, n, h) -> bool:
    """Whether ``value`` holds one entry a seat.  A key the hints name
    (``per_seat``) may also name one number elsewhere (an event's ``team``),
    so only a list of one entry a seat is ever taken for one."""
    if not isinstance(value, (list, tuple)) or len(value) != n:
        return False
    if key in h.get("per_seat", ()):
        return True
    if key in h.get("table", ()) or seat_list(h, key, value):
        return False
    return n > 1 and not any(isinstance(x, Card) for x in value)


def table_renderable(game, view, names=None, recent=None, title_extra: str = "",
                     memory: set | None = None):
    """The whole table as one panel, from the seat's view only.

    ``memory`` (a set kept by the caller across views) remembers the list
    fields once seen with a length other than the number of seats, so a move
    list that happens to hold one entry per seat is not drawn as a column."""
    h = hints(game)
    hide = set(h.get("hide", ()))
    me = view.get("seat")
    n = view.get("players", 0)
    to_act = view.get("to_act", [])
    if "board" in view and isinstance(view.get("colours") or view.get("colors"), dict):
        hide |= {"colours", "colors"}          # the board's legend says who is which colour
    if memory is not None:
        for key, value in view.items():
            if isinstance(value, (list, tuple)) and len(value) != n:
                memory.add(key)
    per_seat, fields = [], []
    for key, value in view.items():
        if key in META or key in hide:
            continue
        seatwise = _is_per_seat(key, value, n, h) and (
            memory is None or key not in memory or key in h.get("per_seat", ()))
        (per_seat if seatwise else fields).append((key, value))

    parts = []
    seats = Table(box=None, pad_edge=False, show_edge=False, header_style="bold dim")
    seats.add_column("")
    seats.add_column("seat")
    if names:
        seats.add_column("player")
    for key, _ in per_seat:
        seats.add_column(label(game, key))
    dealer = view.get("dealer")
    for s in range(n):
        mark = Text("▶", style="bold yellow") if s in to_act else Text(" ")
        who = Text(seat_name(s, me, names), style="bold" if s == me else SEAT_STYLES[s % len(SEAT_STYLES)])
        if isinstance(dealer, int) and not isinstance(dealer, bool) and dealer == s:
            who.append(" (dealer)", style="dim")
        row = [mark, who]
        if names:
            row.append(Text(str(names[s] or ""), style="dim"))
        for _, value in per_seat:
            row.append(value_text(game, value[s], 1 if isinstance(value[s], (list, tuple)) else 0, me))
        seats.add_row(*row)
    parts.append(seats)

    if fields:
        parts.append(Text(""))
        pairs = []
        for key, value in fields:
            if key == "dealer":
                continue
            pairs.append((label(game, key), field_text(
                game, key, value, me, n, per_seat=memory is None or key not in memory,
                names=names)))
        # short fields two to a row, long ones each on its own row below
        short = [p for p in pairs if len(p[0]) + len(p[1]) <= 30]
        long = [p for p in pairs if len(p[0]) + len(p[1]) > 30]
        if short:
            grid = Table(box=None, pad_edge=False, show_header=False, show_edge=False)
            for _ in range(2 if len(short) > 2 else 1):
                grid.add_column(style="dim")
                grid.add_column(min_width=12)
            step = 2 if len(short) > 2 else 1
            for i in range(0, len(short), step):
                row = []
                for name, text in short[i:i + step]:
                    row += [name, text]
                grid.add_row(*row)
            parts.append(grid)
        if long:
            rest = Table(box=None, pad_edge=False, show_header=False, show_edge=False)
            rest.add_column(style="dim")
            rest.add_column()
            for name, text in long:
                rest.add_row(name, text)
            parts.append(rest)

    board = board_renderable(game, view, names)
    if board is not None:
        parts.append(Text(""))
        parts.append(board)

    if view.get("hand") is not None and me is not None:
        parts.append(Text(""))
        line = Text.assemble(("Your hand  ", "bold"))
        line.append_text(hand_text(game, view["hand"]))
        parts.append(line)

    if recent:
        parts.append(Text(""))
        parts.append(Text("Recent", style="bold dim"))
        for line in recent:
            parts.append(Text("  ").append_text(line))

    outcome = view.get("outcome")
    if outcome is None:
        if me is not None and me in to_act:
            status = Text.assemble(("Your turn", "bold green"))
            if len(to_act) > 1:
                status.append(f" (seats {', '.join(map(str, to_act))} may act now)", style="dim")
        elif to_act:
            status = Text(f"Waiting for {', '.join(seat_name(s, me, names) for s in to_act)}",
                          style="dim")
        else:
            status = Text("")
    else:
        status = Text.assemble(("Match over", "bold yellow"))
    phase = str(view.get("phase", "")).replace("_", " ")
    title = f"[bold]{game.info.name}[/bold] · {phase}{title_extra}"
    return Panel(Group(*parts), title=title, title_align="left", border_style="cyan",
                 subtitle=status, subtitle_align="left", expand=False)


def ordered_legal(game, legal) -> list[int]:
    """Legal actions for display: plain card plays in hand order first (a
    game's ``cards()`` block has action id = card id), the rest as given."""
    space = game.actions
    if game.deck is None or space is None or getattr(space, "_cards_block", None) is None:
        return list(legal)
    size = game.deck.size
    plays = [a for a in legal if a < size]
    if not plays:
        return list(legal)
    return sorted_hand(game, plays) + [a for a in legal if a >= size]


def _is_card(game, word: str) -> bool:
    if game.deck is None or not suited(game) or not hasattr(game.deck, "copies_of"):
        return False
    try:
        game.deck.copies_of(word)
    except PelitError:
        return False
    return True


def legal_text(game, view) -> Text:
    """The legal actions of the view's seat, cards drawn as cards.  Card
    plays are all listed; a long run of actions of one verb (``say 1 three``
    ... ``say 4 aces``) or of plain words (board cells) is shortened to its
    first and last few, with the count ('legal' lists them all)."""
    texts = [game.action_text(a) for a in ordered_legal(game, view.get("legal", []))]
    groups: dict[str, list[str]] = {}
    for t in texts:
        if " " in t:
            key = t.split(" ", 1)[0]               # a verb with arguments
        elif _is_card(game, t):
            key = "\x00card"
        elif any(ch.isdigit() for ch in t):
            key = ""                               # board cells, bare numbers
        else:
            key = t                                # a verb alone (pass, swap)
        groups.setdefault(key, []).append(t)
    out = Text()
    shown = 0
    for key, members in groups.items():
        if key != "\x00card" and len(members) > GROUP_SHOWN + 1:
            members = members[:GROUP_SHOWN] + ["…", members[-1]]
            more = len(groups[key])
        else:
            more = 0
        for t in members:
            if shown >= LEGAL_SHOWN:
                break
            if shown:
                out.append("  ")
            out.append_text(Text("…", style="dim") if t == "…" else pretty_action(game, t))
            shown += 1
        if more:
            out.append(f" ({more} in all)", style="dim")
    if shown >= LEGAL_SHOWN and len(texts) > shown:
        out.append("  … (type 'legal' to see all)", style="dim")
    return out


# words that name cards in action text: a completion may never add them
CARD_WORDS = frozenset(list(SUIT_NAMES) + [n + "s" for n in RANK_NAMES.values()]
                       + list(RANK_NAMES.values()) + ["jk", "joker", "jokers"])


def names_a_card(game, word: str) -> bool:
    """Whether a word of action text names a card, a rank, a suit or a
    number (``7h``, ``7``, ``q``, ``queens``, ``clubs``, ``10``): what the
    prompt never fills in from a typed start."""
    w = word.lower()
    if len(w) <= 1 or any(ch.isdigit() for ch in w) or w in CARD_WORDS:
        return True
    if any(ch in w for ch in "♠♥♦♣"):
        return True
    return game.deck is not None and _is_card(game, word)


def trick_summary(game, plays, event, me, names=None) -> Text:
    """The trick just won, as at the table before it is turned down: its
    cards by who played them (``plays``: (who, card) pairs from the events)
    and who took it (the trick event's ``winner`` or ``won_by``)."""
    out = Text.assemble(("Trick", "bold"), "  ")
    out.append_text(_plays_text(game, plays, me, names))
    taker = event.get("winner", event.get("won_by"))
    if isinstance(taker, int) and not isinstance(taker, bool):
        who = seat_name(taker, me, names)
        out.append(f"  won by {'you' if who == 'You' else who}", style="bold")
    elif isinstance(taker, str):
        out.append(f"  won by {taker}", style="bold")
    return out


def _plays_text(game, plays, me, names=None) -> Text:
    out = Text()
    for i, (who, card) in enumerate(plays):
        if i:
            out.append(" · ")
        out.append(f"{seat_name(who, me, names) if isinstance(who, int) else who} ", style="dim")
        out.append_text(card_text(game, card))
    return out


def deal_summary(game, event, view, me, names=None) -> Text:
    """A deal's end: the game's own line for its scoring event, and the score."""
    out = Text.assemble(("End of the deal", "bold yellow"), "  ")
    line = describe_event(game, event, me, names, view.get("players", 0))
    if line is not None:
        out.append_text(line)
    return out


def readline_prompt(console, prompt: str) -> str:
    """A rich-markup prompt as text for input() with readline: its escape
    codes wrapped as zero-width (\\001 ... \\002), or plain without colour."""
    with console.capture() as cap:
        console.print(prompt, end="")
    text = cap.get()
    out = []
    i = 0
    while i < len(text):
        if text[i] == "\x1b":
            j = i + 1
            while j < len(text) and not text[j].isalpha():
                j += 1
            out.append("\001" + text[i:j + 1] + "\002")
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def outcome_lines(game, outcome, me, names=None) -> list[Text]:
    lines = [Text(outcome.reason, style="bold yellow")]
    score = Text("Scores: ")
    for s, v in enumerate(outcome.scores):
        if s:
            score.append(" · ")
        score.append(f"{seat_name(s, me, names)} ")
        score.append_text(value_text(game, v))
    lines.append(score)
    if len(outcome.scores) == 1:                  # a patience: won or lost
        who = "You" if me == 0 else "The player"
        lines.append(Text(f"{who} won!", style="bold green") if outcome.winners
                     else Text(f"{who} lost.", style="bold"))
    elif not outcome.winners or len(outcome.winners) == len(outcome.scores):
        lines.append(Text("Nobody won: a draw.", style="bold"))
    elif me is not None and me in outcome.winners:
        lines.append(Text("You won!", style="bold green"))
    else:
        who = ", ".join(seat_name(s, me, names) for s in outcome.winners)
        lost = "You lost: won by" if me is not None else "Won by"
        lines.append(Text(f"{lost} {who}.", style="bold"))
    return lines


def card_symbols_help() -> str:
    return "cards are rank then suit: " + " ".join(
        f"{s}={pretty('A' + s)[-1]}" for s in SUITS) + " (e.g. QS or Q♠, TH or 10H)"
