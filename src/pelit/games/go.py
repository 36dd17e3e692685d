"""Beginners' Go, Go on a 9 x 9 board with area scoring.

Rule source: seed 000 ("My Games"), chapter 31 (line 2292): 31.1 Setup,
31.2 Concepts (adjacency, groups, area, liberties), 31.3 Game (placing,
capturing, passing), 31.3.1 No suicide, 31.3.2 Ko, 31.4 End of game,
31.5 (how it relates to real Go).  The board is ``boards.go``.

Decisions where the seed is silent or needs reading closely (pinned in
tests/games/test_go.py):

- Seats and colours (31.1): seat 0 plays black and moves first, seat 1 white.
- Coordinates: the usual Go text, a column letter ``a``-``j`` without ``i``
  and a row number counted from the bottom (``e5`` is the centre of 9 x 9,
  ``a1`` the lower left corner), as in GTP and most Go programs; ``pass``.
  The same text names the same point on every board size.
- Options: ``size`` (default 9 by 31.1) and ``komi`` (default 6.5 by 31.4).
  31.5 names 19 x 19 as real Go's board: presets ``13x13`` and ``19x19``.
- Ko (31.3.2), read word for word: a stone may not be placed so that the
  whole board becomes what it was right after *the same player's* previous
  move.  Only that one position is compared: a move that brings back any
  older position (a triple ko's cycle, "sending two, returning one") is
  legal, as are all moves under positional superko's ban; and the ko ban
  is a ban on the position, not on the point.  A pass is a move (31.3: a
  turn is a stone or a pass), so after a player's pass the position after
  their previous move is the board as it stood when they passed.  Each
  player's first move has no previous move to repeat.
- Capture before suicide (31.3, 31.3.1): the opponent's groups left
  without liberties are taken first; only a stone whose own group still
  has none after that is suicide, and illegal.
- Area (31.2.4), read word for word: an empty point is black area when no
  path of empty points leads from it to an empty point next to a white
  stone, so a region of empty points bordered only by black stones is
  black's.  A region that touches no stone at all (only the whole of an
  empty board) is area of both colours by those words; a region touching
  both colours is nobody's.
- End (31.4): two passes in a row end the game; each colour scores its
  stones plus its area, white adds the komi.  The higher score wins; with a
  whole-number komi chosen by option, equal scores are a draw.  There is no
  resignation and no agreement on dead stones (the "simplified end game" of
  31.5): stones stay until captured.
- Captured stones are counted in the view (``captures``) for information;
  area scoring does not use them.
- SGF (``to_sgf``/``from_sgf``, with sgfmill): ``GM[1]``, ``SZ``, ``KM``,
  ``RU[Beginners' Go (pelit)]``, moves ``B[ee]``/``W[]`` (a pass), ``RE``
  when over.  Reading replays the main line move by move through the rules
  here; setup stones (AB/AW/AE) and a handicap (``HA`` of 2 or more) are
  refused, as 31.1 starts from an empty board with black to move and the
  chapter has no handicap; a malformed header or move is a ParseError.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..boards.go import (BLACK, BORDER, COLOUR_NAMES, EMPTY, LETTERS, MAX_SIZE, WHITE,
                         GoBoard, geometry)
from ..core.actions import ActionSpace
from ..core.errors import IllegalAction, ParseError, PelitError
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

# Action ids do not depend on the board size: the point in column c (0 = a)
# and row n (1 = the bottom row) is (n - 1) * MAX_SIZE + c, so ``e5`` is the
# same action on every board.
SIDE = MAX_SIZE
PASS = SIDE * SIDE
TO_ACT = ((0,), (1,))
SEAT_OF = (None, 0, 1)               # colour -> seat
STAR_POINTS = {9: ("c3", "g3", "e5", "c7", "g7"),
               13: ("d4", "k4", "g7", "d10", "k10"),
               19: ("d4", "k4", "q4", "d10", "k10", "q10", "d16", "k16", "q16")}


def point_text(action: int) -> str:
    row, col = divmod(action, SIDE)
    return f"{LETTERS[col]}{row + 1}"


_POINT_TEXTS = tuple(point_text(a) for a in range(PASS))


class _Tables:
    """Per board size: action id <-> padded point of ``boards.go``."""

    __slots__ = ("geo", "point", "action", "legal_order")

    def __init__(self, size: int):
        geo = self.geo = geometry(size)
        self.point = [0] * PASS                 # 0: not on this board
        self.action = [PASS] * (geo.W * geo.W)
        for p in geo.points:
            i = geo.index_of[p]
            row_from_top, col = divmod(i, size)
            a = (size - 1 - row_from_top) * SIDE + col
            self.point[a] = p
            self.action[p] = a
        # legal lists in action id order: bottom row first, a to the right
        self.legal_order = tuple(sorted(geo.points, key=lambda p: self.action[p]))


_TABLES: dict[int, _Tables] = {}


def tables(size: int) -> _Tables:
    t = _TABLES.get(size)
    if t is None:
        t = _TABLES[size] = _Tables(size)
    return t


class Phase(enum.Enum):
    PLAY = 1


def score(board: GoBoard, komi: float) -> dict:
    """31.4: each colour's stones and area (31.2.4), and white's komi."""
    black_area, white_area = board.area()
    stones = (board.count(BLACK), board.count(WHITE))
    black = stones[0] + len(black_area)
    white = stones[1] + len(white_area) + komi
    return {"black": black, "white": white,
            "black_stones": stones[0], "white_stones": stones[1],
            "black_area": len(black_area), "white_area": len(white_area), "komi": komi}


def _num(x) -> str:
    return f"{x:g}"


class GoState(State):
    __slots__ = ("tables", "board", "turn", "passes", "after_key", "after_stones", "last")

    def _copy_into(self, new):
        new.tables = self.tables
        new.board = self.board.clone()
        new.turn = self.turn
        new.passes = self.passes
        new.after_key = self.after_key.copy()
        new.after_stones = self.after_stones.copy()
        new.last = self.last


@dataclass(frozen=True)
class GoOptions:
    size: int = option(9, "points on each side of the board (31.1: 9)", min=2, max=19)
    komi: float = option(6.5, "points added to white's score (31.4: 6.5)", min=-100.0, max=100.0)


@register
class Go(Game):
    info = GameInfo(
        id="go", name="Beginners' Go", min_seats=2, max_seats=2, family="territory",
        source="000 ch. 31 Beginners' Go (31.1-31.4, line 2292)", hidden=False,
        chance=False, zero_sum=True, aliases=("beginners-go", "beginners'-go", "weiqi", "baduk"),
        summary=(
            "Two players, black (moving first) and white, take turns putting a stone "
            "of their colour on an empty point of a 9 x 9 grid, or passing. Stones "
            "joined along the lines form a group; the empty points next to a group are "
            "its liberties. A stone that takes away the last liberty of enemy groups "
            "removes them from the board. A stone may not leave its own group without "
            "liberties unless it captures (no suicide). Ko: a stone may not make the "
            "whole board look exactly as it did right after your own previous move. "
            "Two passes in a row end the game: each player scores one point per own "
            "stone and per empty point walled in by own stones only (area); white gets "
            "6.5 points extra. The higher score wins. Dead stones are not removed by "
            "agreement: capture them before passing."),
        verbs=(("e5", "put a stone on that point: column letter a-j (no i), row number "
                      "from the bottom"),
               ("pass", "place no stone this turn; two passes in a row end the game")),
    )
    Options = GoOptions
    Phase = Phase
    State = GoState
    presets = {"13x13": {"size": 13}, "19x19": {"size": 19}}
    test_options = {"size": 5}
    # terminal: the move list and the colour map are drawn by render_board
    render_hints = {"hide": ["moves", "colours", "score", "size"],
                    "labels": {"ko_banned": "not now (ko)", "colour": "you play"}}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace()
        self.actions.choice("", _POINT_TEXTS)      # action id = point id
        self.actions.verb("pass")                  # PASS

    def num_players(self, state):
        return 2

    def _setup(self, s):
        s.tables = tables(s.options.size)
        s.board = GoBoard(s.tables.geo)
        s.turn = BLACK
        s.passes = 0
        s.after_key = [None, None, None]           # per colour: after its previous move
        s.after_stones = [None, None, None]
        s.last = None
        s.phase = Phase.PLAY
        s.to_act = TO_ACT[0]

    def parse_action(self, s, text, seat=None):
        try:
            return super().parse_action(s, text, seat)
        except ParseError:
            pass
        size = s.options.size
        word = text.strip().lower()
        where = (f"a point, column a-{LETTERS[size - 1]} (no i) and row 1-{size} "
                 f"from the bottom, e.g. {_POINT_TEXTS[(size // 2) * SIDE + size // 2]}; or pass")
        if word[:1] == "i" and word[1:].isdigit():
            raise ParseError(f"{text.strip()!r}: Go columns skip the letter i (h is followed "
                             f"by j); a move is {where}") from None
        raise ParseError(f"{text.strip()!r} is not a move: a move is {where}") from None

    # -- the ko rule (31.3.2) ---------------------------------------------
    def _repeats(self, s, p, colour) -> bool:
        """Would a stone of ``colour`` on ``p`` leave the whole board as it
        was right after this player's previous move?  Only a capture can
        (a stone that takes nothing adds one to the board)."""
        key = s.after_key[colour]
        if key is None:
            return False
        board = s.board
        if not board.captured_by(p, colour):
            return False
        if board.key_after(p, colour) != key:
            return False
        return board.stones_after(p, colour) == s.after_stones[colour]

    # -- play (31.3) --------------------------------------------------------
    def _legal_play(self, s, seat):
        # boards.go's is_legal written out over every point (this runs once
        # a move): a point with an empty neighbour is always legal and never
        # repeats a position (31.3.2 can only bite a point walled in by
        # stones); otherwise it needs an own group with another liberty or
        # an enemy group in atari there, and a capture is checked for ko.
        board = s.board
        stones = board.stones
        parent = board.parent
        libs = board.libs
        geo = board.geo
        nbrs = geo.nbrs
        bits = geo.bit
        colour = s.turn
        action = s.tables.action
        out = []
        for p in s.tables.legal_order:
            if stones[p]:
                continue
            ok = capture = False
            bit = bits[p]
            for q in nbrs[p]:
                x = stones[q]
                if x == EMPTY:
                    ok = True
                    break
                if x == BORDER:
                    continue
                r = q
                while parent[r] != r:
                    r = parent[r]
                if x == colour:
                    if libs[r] != bit:
                        ok = True
                elif libs[r] == bit:
                    capture = True
            if ok and not capture:
                out.append(action[p])
            elif (ok or capture) and not self._repeats(s, p, colour):
                out.append(action[p])
        out.append(PASS)
        return out

    def _is_legal_play(self, s, seat, a):
        if a == PASS:
            return True
        if not 0 <= a < PASS:
            return False
        p = s.tables.point[a]
        return bool(p) and s.board.is_legal(p, s.turn) and not self._repeats(s, p, s.turn)

    def _apply_play(self, s, seat, a):
        colour = s.turn
        board = s.board
        if a == PASS:
            s.passes += 1
            s.log("pass", seat, colour=COLOUR_NAMES[colour])
        else:
            s.passes = 0
            taken = board.play(s.tables.point[a], colour)
            if taken:
                s.log("stone", seat, point=_POINT_TEXTS[a], colour=COLOUR_NAMES[colour],
                      captured=taken)
            else:
                s.log("stone", seat, point=_POINT_TEXTS[a], colour=COLOUR_NAMES[colour])
        s.last = a
        s.after_key[colour] = board.key
        s.after_stones[colour] = bytes(board.stones)
        if s.passes == 2:
            self._end(s)
            return
        s.turn = 3 - colour
        s.to_act = TO_ACT[1 - seat]

    def _end(self, s):
        sc = score(s.board, s.options.komi)
        black, white = sc["black"], sc["white"]
        if black > white:
            winners, reason = (0,), f"black wins by {_num(black - white)}"
        elif white > black:
            winners, reason = (1,), f"white wins by {_num(white - black)}"
        else:
            winners, reason = (), "a draw"
        reason += (f" ({_num(black)} to {_num(white)}: stones and area, "
                   f"komi {_num(s.options.komi)} for white)")
        self.finish(s, Outcome((black, white), winners, reason, details=sc))

    def why_illegal(self, s, seat, a):
        if isinstance(a, int) and 0 <= a < PASS:
            p = s.tables.point[a]
            name = _POINT_TEXTS[a]
            if not p:
                size = s.options.size
                return (f"{name} is not on this {size}x{size} board (columns "
                        f"a-{LETTERS[size - 1]} without i, rows 1-{size})")
            board = s.board
            if board.stones[p] != EMPTY:
                return f"{name} already holds a {COLOUR_NAMES[board.stones[p]]} stone"
            if not board.is_legal(p, s.turn):
                return (f"{name} would leave your own group there without liberties "
                        f"and captures nothing: no suicide (31.3.1)")
            if self._repeats(s, p, s.turn):
                return (f"{name} would make the whole board as it was after your "
                        f"previous move: ko (31.3.2); play elsewhere first")
        return super().why_illegal(s, seat, a)

    # -- what everyone sees (perfect information) ----------------------------
    def _view(self, s, seat, v):
        board = s.board
        v["size"] = s.options.size
        v["board"] = board.rows_text()
        v["colours"] = {"black": 0, "white": 1}
        if seat is not None:
            v["colour"] = "black" if seat == 0 else "white"
        v["to_move"] = None if s.outcome is not None else COLOUR_NAMES[s.turn]
        v["komi"] = s.options.komi
        v["captures"] = {"black": board.captures[BLACK], "white": board.captures[WHITE]}
        v["last_move"] = None if s.last is None else self.action_text(s.last)
        v["passes_in_a_row"] = s.passes
        ko = self._ko_points(s)
        if ko:
            v["ko_banned"] = ko
        v["moves"] = [self.action_text(a) for _, a in s.history]
        if s.outcome is not None:
            v["score"] = s.outcome.details

    def _ko_points(self, s) -> list[str]:
        """The empty points the player to move may not take now because of 31.3.2."""
        if s.outcome is not None:
            return []
        board = s.board
        colour = s.turn
        out = []
        for p in s.tables.legal_order:
            if board.stones[p] == EMPTY and board.is_legal(p, colour) \
                    and self._repeats(s, p, colour):
                out.append(_POINT_TEXTS[s.tables.action[p]])
        return out

    def sample_world(self, view, rng):
        """Nothing is hidden and nothing is left to chance: the world is the
        game itself, rebuilt from the public move list."""
        s = self.new_state(seed=rng.getrandbits(63), options=view["options"])
        for text in view["moves"]:
            self.apply_text(s, text)
        return s

    # -- the terminal ---------------------------------------------------------
    def render_board(self, view):
        return picture(view)

    def describe_event(self, event):
        kind = event.get("kind")
        if kind == "stone":
            mark = "●" if event["colour"] == "black" else "○"
            line = f"{_who(event)} ({event['colour']} {mark}) plays {event['point']}"
            n = event.get("captured")
            if n:
                line += f", capturing {n} stone{'s' if n != 1 else ''}"
            return line
        if kind == "pass":
            return f"{_who(event)} ({event['colour']}) passes"
        return NotImplemented


def _who(event) -> str:
    return f"Seat {event['seat']}"


def picture(view: dict):
    """The board with Go coordinates: columns a-j (no i) above and below, row
    numbers from the bottom on both sides; ``●`` black, ``○`` white, ``+`` a
    star point, ``·`` an empty point; the last stone in brackets."""
    from rich.text import Text
    rows = view["board"]
    size = len(rows)
    letters = " ".join(LETTERS[:size])
    stars = set(STAR_POINTS.get(size, ()))
    last = view.get("last_move")
    out = Text()
    out.append("    " + letters + "\n", style="dim")
    for r, row in enumerate(rows):
        n = size - r
        out.append(f"{n:>2} ", style="dim")
        marked = False                  # the cell before was the last move
        for c, cell in enumerate(row):
            name = f"{LETTERS[c]}{n}"
            if name == last:
                out.append("[", style="bold yellow")
            else:
                out.append("]" if marked else " ", style="bold yellow")
            marked = name == last
            if cell == "B":
                out.append("●", style="bold")
            elif cell == "W":
                out.append("○", style="bold")
            else:
                out.append("+" if name in stars else "·", style="dim")
        out.append("]" if marked else " ", style="bold yellow")
        out.append(f"{n:<2}\n", style="dim")
    out.append("    " + letters + "\n", style="dim")
    out.append("   ● black: seat 0   ○ white: seat 1")
    if last and last != "pass":
        out.append(f"   [ ] last move {last}", style="dim")
    sc = view.get("score")
    if sc:
        # 31.4: stones plus area, and white's komi
        out.append(f"\n   black {_num(sc['black'])}: {_count(sc['black_stones'], 'stone')} "
                   f"+ {_num(sc['black_area'])} area", style="bold")
        out.append(f"\n   white {_num(sc['white'])}: {_count(sc['white_stones'], 'stone')} "
                   f"+ {_num(sc['white_area'])} area + {_num(sc['komi'])} komi", style="bold")
    return out


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


# -- SGF -----------------------------------------------------------------------

SGF_RULES = "Beginners' Go (pelit)"


def to_sgf(state, names: tuple[str, str] | None = None) -> str:
    """A Go game, finished or not, as SGF text (``GM[1]``), written by sgfmill.
    ``names`` (per seat) become PB and PW."""
    from sgfmill import sgf
    if state.game.info.id != "go":
        raise PelitError(f"this SGF writer is for Go, not {state.game.info.name}")
    size = state.options.size
    game = sgf.Sgf_game(size=size)
    root = game.get_root()
    root.set("KM", state.options.komi)
    root.set("RU", SGF_RULES)
    root.set("AP", ("pelit", "1"))
    if names is not None:
        root.set("PB", names[0])
        root.set("PW", names[1])
    if state.outcome is not None:
        d = state.outcome.details
        margin = d["black"] - d["white"]
        root.set("RE", "0" if margin == 0 else
                 (f"B+{_num(margin)}" if margin > 0 else f"W+{_num(-margin)}"))
    colour = "b"
    for _, a in state.history:
        node = game.extend_main_sequence()
        if a == PASS:
            node.set_move(colour, None)
        else:
            row, col = divmod(a, SIDE)             # row from the bottom, as sgfmill's
            node.set_move(colour, (row, col))
        colour = "w" if colour == "b" else "b"
    return game.serialise().decode("utf-8")


def from_sgf(text: str | bytes, seed: int | None = None):
    """The Go game an SGF text records (its main line), replayed move by move
    through the rules of chapter 31: a move that is not legal here is a
    ParseError naming it."""
    from sgfmill import sgf
    from ..core.registry import load
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    try:
        game_tree = sgf.Sgf_game.from_bytes(data)
    except ValueError as exc:
        raise ParseError(f"not SGF: {exc}") from None
    root = game_tree.get_root()
    try:
        gm = root.get("GM") if root.has_property("GM") else 1
        size = game_tree.get_size()
        komi = float(root.get("KM")) if root.has_property("KM") else None
        handicap = root.get("HA") if root.has_property("HA") else 0
    except ValueError as exc:
        raise ParseError(f"SGF header: {exc}") from None
    if gm != 1:
        raise ParseError(f"this SGF is not a Go game (GM[{gm}], Go is GM[1])")
    if not 2 <= size <= 19:
        raise ParseError(f"SZ[{size}]: boards of 2 to 19 points a side are played here")
    if handicap >= 2:
        raise ParseError(f"HA[{handicap}]: Beginners' Go has no handicap; the game starts "
                         f"on an empty board with black to move (31.1)")
    overrides = {"size": size}
    if komi is not None:
        if not -100 <= komi <= 100:
            raise ParseError(f"KM[{_num(komi)}]: a komi of -100 to 100 points is played here")
        overrides["komi"] = komi
    go = load("go")
    state = go.new_state(seed=seed, **overrides)
    for i, node in enumerate(game_tree.get_main_sequence()):
        setup = [p for p in ("AB", "AW", "AE") if node.has_property(p)]
        if setup:
            raise ParseError(f"node {i + 1} places stones by setup ({', '.join(setup)}): "
                             f"Beginners' Go starts from an empty board (31.1)")
        try:
            colour, move = node.get_move()
        except ValueError as exc:
            raise ParseError(f"node {i + 1}: not a move of this {size}x{size} board "
                             f"({str(exc) or 'a point off the board'})") from None
        if colour is None:
            continue
        if state.outcome is not None:
            raise ParseError(f"node {i + 1} ({colour.upper()}) comes after the game ended "
                             f"with two passes in a row (31.4)")
        want = "b" if state.turn == BLACK else "w"
        if colour != want:
            raise ParseError(f"node {i + 1}: {colour.upper()} moves but it is "
                             f"{'black' if want == 'b' else 'white'}'s turn")
        if move is None:
            action = PASS
        else:
            row, col = move
            action = row * SIDE + col
        try:
            go.apply(state, action)
        except IllegalAction as exc:
            raise ParseError(f"node {i + 1} ({colour.upper()} "
                             f"{go.action_text(action)}) does not replay: {exc.reason}") from None
    return state


# A hint for the web table (pelit.server): draw the view's "board" as a grid of points.
Go.web_layout = {
    "table": "board", "board": "board", "shape": "square", "cell": "go",
    "stones": {"B": "#212121", "W": "#f5f5f5"},
    "show": {"board": "board", "last_move": "last_move", "colours": "colours",
             "komi": ["info", "komi for white"], "captures": ["info", "stones captured"],
             "passes_in_a_row": ["info", "passes in a row"]},
}
