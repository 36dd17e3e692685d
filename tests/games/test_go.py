"""Beginners' Go by seed 000 chapter 31 (31.1 Setup, 31.2 Concepts, 31.3 Game,
31.3.1 No suicide, 31.3.2 Ko, 31.4 End of game): scripted positions in move
text, each test citing the rule or the decision (games/go.py) it pins."""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.boards.go import BLACK, GoBoard, geometry
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.core.records import check_record, jsonable, record_of
from pelit.games.go import from_sgf, score, to_sgf

G = pelit.load("go")
LETTERS = "abcdefghjklmnopqrst"


def snapshot(state):
    views = [jsonable(G.view(state, s), G) for s in (None, 0, 1)]
    return repr((views, [e.for_seat(None) for e in state.events], state.history))


def play(state, moves: str):
    for text in moves.split():
        state.play(text)
    return state


def setup_moves(diagram: str, black_next: bool = True) -> list[str]:
    """Moves that build the diagram's position (rows top first, ``B``, ``W``,
    ``.``) from an empty board, black and white alternating and passing when
    out of stones (never two passes in a row), so that black is to move next
    (or white).  No stone is ever captured on the way when every group of the
    diagram has a liberty: a part of a group placed so far touches either
    the empty points of the final position or a point its group still fills."""
    rows = [r.replace(" ", "") for r in diagram.strip().splitlines()]
    size = len(rows)
    stones = {"B": [], "W": []}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in stones:
                stones[ch].append(f"{LETTERS[c]}{size - r}")
    moves = []
    b, w = stones["B"], stones["W"]
    while b or w:
        moves.append(b.pop(0) if b else "pass")
        if not (b or w):
            break
        moves.append(w.pop(0) if w else "pass")
    if (len(moves) % 2 == 0) != black_next:
        moves.append("pass")
    assert all(m != n or m != "pass" for m, n in zip(moves, moves[1:]))
    return moves


def position(diagram: str, black_next: bool = True, **options):
    rows = [r.replace(" ", "") for r in diagram.strip().splitlines()]
    s = G.new_state(seed=1, size=len(rows), **options)
    for m in setup_moves(diagram, black_next):
        s.play(m)
    assert s.view(None)["board"] == rows
    return s


def board_rows(state):
    return state.view(None)["board"]


# -- setup (31.1) ---------------------------------------------------------------

def test_empty_9x9_board_and_black_seat_0_moves_first():
    s = G.new_state(seed=1)
    v = s.view(0)
    assert v["size"] == 9 and v["board"] == ["." * 9] * 9
    assert s.to_act == (0,) and v["colour"] == "black" and v["to_move"] == "black"
    assert v["komi"] == 6.5 and v["colours"] == {"black": 0, "white": 1}
    legal = [G.action_text(a) for a in s.legal_actions()]
    assert len(legal) == 82 and legal[0] == "a1" and legal[-2] == "j9" and legal[-1] == "pass"
    assert "i1" not in legal


def test_coordinates_count_rows_from_the_bottom_and_skip_i():
    s = play(G.new_state(seed=1), "a1 j9 e5 h1")
    rows = board_rows(s)
    assert rows[8][0] == "B" and rows[0][8] == "W" and rows[4][4] == "B" and rows[8][7] == "W"
    assert s.view(None)["moves"] == ["a1", "j9", "e5", "h1"]


def test_presets_and_options():
    assert G.new_state(seed=1, preset="19x19").options.size == 19
    assert G.new_state(seed=1, preset="13x13").options.size == 13
    assert G.new_state(seed=1, komi="0.5").options.komi == 0.5
    for bad in ({"size": 1}, {"size": 20}, {"komi": "lots"}, {"handicap": 2}):
        with pytest.raises(OptionError):
            G.new_state(seed=1, **bad)


# -- captures (31.3) -------------------------------------------------------------

def test_a_stone_on_the_last_liberty_removes_the_group():
    s = position("""
        .....
        .BW..
        BW...
        .BW..
        .....
    """)
    s.play("c3")                   # takes b3's last liberty
    assert board_rows(s)[2] == "B.B.."
    assert s.events[-1].for_seat(None) == {"kind": "stone", "seat": 0, "point": "c3",
                                           "colour": "black", "captured": 1}
    assert s.view(None)["captures"] == {"black": 1, "white": 0}


def test_a_group_of_several_stones_and_two_groups_at_once():
    s = position("""
        .BBB.
        BWWWB
        BBWBB
        BW.WB
        .BBB.
    """)
    s.play("c2")                   # the last liberty of three white groups
    assert board_rows(s) == [".BBB.", "B...B", "BB.BB", "B.B.B", ".BBB."]
    assert s.view(None)["captures"]["black"] == 6


def test_stones_of_a_colour_form_groups_through_adjacent_points_only():
    # 31.2.1 and 31.2.3: diagonal stones are separate groups
    b = GoBoard(geometry(5))
    g = b.geo
    b.play(g.parse("b2"), BLACK)
    b.play(g.parse("c3"), BLACK)
    assert b.find(g.parse("b2")) != b.find(g.parse("c3"))
    b.play(g.parse("c2"), BLACK)
    assert b.find(g.parse("b2")) == b.find(g.parse("c3"))
    assert sorted(g.name(p) for p in b.group(g.parse("b2"))) == ["b2", "c2", "c3"]
    # 31.2.5: liberties are the empty points next to the group
    libs = b.liberties(g.parse("c3"))
    assert sorted(g.name(p) for p in g.points if libs >> p & 1) == \
        ["a2", "b1", "b3", "c1", "c4", "d2", "d3"]
    b.check()


# -- no suicide (31.3.1) ------------------------------------------------------------

def test_suicide_is_refused_and_changes_nothing():
    s = position("""
        .W...
        W....
        .....
        .....
        .....
    """)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="no suicide"):
        s.play("a5")
    assert snapshot(s) == before
    assert "a5" not in [G.action_text(a) for a in s.legal_actions()]


def test_a_group_may_not_fill_its_own_last_liberty():
    s = position("""
        BW...
        .W...
        WW...
        .....
        .....
    """)
    with pytest.raises(IllegalAction, match="no suicide"):
        s.play("a4")               # joins a5 and leaves the pair without liberties


def test_a_stone_that_captures_is_not_suicide():
    # 31.3.1: a5 has no liberty of its own, but both white stones next to it
    # lose their last liberty too; they are removed and a5 stays
    s = position("""
        .WB..
        WB...
        B....
        .....
        .....
    """)
    s.play("a5")
    assert board_rows(s)[:2] == ["B.B..", ".B..."]
    assert s.events[-1].for_seat(None)["captured"] == 2


# -- ko (31.3.2) ---------------------------------------------------------------------

KO = """
    .BW..
    BW.W.
    .BW..
    .....
    .....
"""


def test_ko_the_immediate_recapture_is_refused():
    s = position(KO)
    s.play("c4")                   # black takes b4
    assert board_rows(s)[1] == "B.BW."
    before = snapshot(s)
    assert s.view(1)["ko_banned"] == ["b4"]
    with pytest.raises(IllegalAction, match=r"ko \(31.3.2\)"):
        s.play("b4")               # would bring back the board after white's previous move
    assert snapshot(s) == before
    assert "b4" not in [G.action_text(a) for a in s.legal_actions()]


def test_ko_after_moves_elsewhere_the_recapture_is_legal():
    s = position(KO)
    play(s, "c4 e1 a1")            # a threat and an answer
    s.play("b4")                   # the board differs from the one after e1
    assert board_rows(s)[1] == "BW.W."


def test_ko_a_pass_is_a_move():
    # decision: the position after white's previous move (a pass) is the
    # board as it stood; recapturing after black's move elsewhere is legal
    s = position(KO)
    play(s, "c4 pass e1")
    s.play("b4")
    assert board_rows(s)[1] == "BW.W."


TRIPLE_KO = """
    .BW...BW.
    BW.W.B.BW
    .BW...BW.
    .........
    .........
    .BW......
    BW.W.....
    .BW......
    .........
"""


def test_ko_only_the_position_after_the_players_previous_move_is_banned():
    # 31.3.2 word for word, on a triple ko where the usual computer rules
    # (positional superko: no earlier whole-board position may return) differ.
    # Three kos: A (b8/c8), B (g8/h8), C (b3/c3).  Each capture is legal
    # because the board never equals the one after the mover's own previous
    # move; the sixth move brings back the position of six moves before,
    # which superko forbids and 31.3.2 does not.
    s = position(TRIPLE_KO)
    start = board_rows(s)
    cycle = ["c8", "g8", "c3", "b8", "h8", "b3"]
    for i, move in enumerate(cycle):
        s.play(move)
        banned = s.view(None)["ko_banned"]
        assert len(banned) == 1, banned            # the immediate recapture only
        if i == 0:
            assert banned == ["b8"]
    assert board_rows(s) == start                  # the whole board repeats: legal here
    # and the cycle may go round again
    for move in cycle:
        s.play(move)
    assert board_rows(s) == start and s.outcome is None


# -- area and the end (31.2.4, 31.4) -------------------------------------------------

def test_two_passes_in_a_row_end_the_game_but_not_apart():
    s = play(G.new_state(seed=1, size=5), "pass c3 pass")
    assert s.outcome is None and s.view(None)["passes_in_a_row"] == 1
    s.play("pass")
    assert s.outcome is not None and s.to_act == () and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.play("a1")


@pytest.mark.parametrize("diagram,komi,black,white,black_area,white_area", [
    # an empty board: no empty point leads to a stone of either colour
    (".....\n.....\n.....\n.....\n.....", 6.5, 25, 31.5, 25, 25),
    # one black stone: every empty point is black area
    (".....\n.....\n..B..\n.....\n.....", 6.5, 25, 6.5, 24, 0),
    # a wall: left of it black's, right of it white's, the wall itself stones
    ("..BW.\n..BW.\n..BW.\n..BW.\n..BW.", 6.5, 15, 16.5, 10, 5),
    # a shared empty point (dame) counts for nobody
    ("..B.W\n..B.W\n..B.W\n..B.W\n..B.W", 6.5, 15, 11.5, 10, 0),
    # whole-number komi
    ("..BW.\n..BW.\n..BW.\n..BW.\n..BW.", 5, 15, 15, 10, 5),
])
def test_score_is_stones_plus_area_plus_komi(diagram, komi, black, white, black_area,
                                            white_area):
    s = position(diagram, komi=komi)
    sc = score(s.board, komi)
    assert (sc["black"], sc["white"]) == (black, white)
    assert (sc["black_area"], sc["white_area"]) == (black_area, white_area)


def test_the_end_scores_and_names_the_winner():
    s = position("..BW.\n..BW.\n..BW.\n..BW.\n..BW.")
    play(s, "pass pass")
    out = s.outcome
    assert out.scores == (15, 16.5) and out.winners == (1,)
    assert out.reason.startswith("white wins by 1.5 (15 to 16.5")
    assert out.returns() == (-1.0, 1.0)
    assert s.view(0)["score"]["white_area"] == 5


def test_equal_scores_with_a_whole_number_komi_are_a_draw():
    s = position("..BW.\n..BW.\n..BW.\n..BW.\n..BW.", komi=5)
    play(s, "pass pass")
    assert s.outcome.winners == () and s.outcome.reason.startswith("a draw")


def test_dead_stones_are_not_removed_at_the_end():
    # 31.4: only stones and area count; a lone white stone in black's area
    # stays, and makes that region nobody's
    s = position("..B..\n..B..\n..BW.\n..B..\n..B..", black_next=False)
    play(s, "pass pass")
    d = s.outcome.details
    assert d["black_area"] == 10 and d["white_area"] == 0 and d["white_stones"] == 1


# -- bad input ---------------------------------------------------------------------------

def test_bad_input_is_refused_and_changes_nothing():
    s = play(G.new_state(seed=1, size=5), "c3")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="c3 already holds a black stone"):
        s.play("c3")
    with pytest.raises(IllegalAction, match="not on this 5x5 board"):
        s.play("f1")
    with pytest.raises(ParseError, match="Go columns skip the letter i"):
        s.play("i3")
    with pytest.raises(ParseError, match=r"not a move: a move is a point, column a-e \(no i\) "
                                         r"and row 1-5 from the bottom, e.g. c3; or pass"):
        s.play("put c3")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("a1", seat=0)
    assert snapshot(s) == before


# -- the board keeps groups and liberties right ----------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_groups_and_liberties_exact(seed):
    rng = random.Random(seed)
    s = G.new_state(seed=seed, size=7)
    while s.outcome is None and len(s.history) < 400:
        legal = s.legal_actions()
        stones = [a for a in legal if G.action_text(a) != "pass"]
        s.apply(rng.choice(stones) if stones and rng.random() < 0.97 else legal[-1])
        s.board.check()


# -- records and SGF ------------------------------------------------------------------------

def test_record_replays_and_sgf_round_trips():
    s = position(KO)
    play(s, "c4 e1 a1 b4 pass pass")
    assert s.outcome is not None
    check_record(record_of(s))
    text = to_sgf(s, names=("Ann", "Bob"))
    assert "GM[1]" in text and "SZ[5]" in text and "KM[6.5]" in text and "PB[Ann]" in text
    assert "RE[W+" in text or "RE[B+" in text
    again = from_sgf(text)
    assert again.view(None)["moves"] == s.view(None)["moves"]
    assert again.outcome.scores == s.outcome.scores


def test_sgf_from_another_program():
    text = "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[ec];B[];W[cc])"
    s = from_sgf(text)
    assert s.options.komi == 7.5 and s.view(None)["moves"] == ["e5", "e7", "pass", "c7"]
    assert s.outcome is None and s.to_act == (0,)


def test_sgf_that_breaks_the_rules_or_sets_up_stones_is_refused():
    with pytest.raises(ParseError, match="setup"):
        from_sgf("(;GM[1]SZ[9]AB[ee][ff];W[cc])")
    with pytest.raises(ParseError, match="already holds"):
        from_sgf("(;GM[1]SZ[9];B[ee];W[ee])")
    with pytest.raises(ParseError, match="turn"):
        from_sgf("(;GM[1]SZ[9];B[ee];B[cc])")
    with pytest.raises(ParseError, match="not a Go game"):
        from_sgf("(;GM[11]SZ[9];B[ee])")
    with pytest.raises(ParseError):
        from_sgf("this is not sgf")


@pytest.mark.parametrize("text, why", [
    ("(;GM[1]SZ[9]HA[2];B[ee])", "no handicap"),                # 31.1: empty board, black first
    ("(;GM[1]SZ[9]KM[abc];B[ee])", "SGF header"),
    ("(;GM[1]SZ[9:7];B[ee])", "bad SZ"),
    ("(;GM[1]SZ[9]KM[500];B[ee])", "komi of -100 to 100"),
    ("(;GM[1]SZ[9];B[zz])", "not a move of this 9x9 board"),
    ("(;GM[1]SZ[9];B[];W[];B[ee])", "after the game ended"),     # 31.4: two passes end it
])
def test_sgf_with_a_handicap_a_bad_header_or_moves_after_the_end_is_refused(text, why):
    """31.1 has no handicap (the game starts on an empty board with black to
    move) and 31.4 ends the game at two passes in a row: an SGF that says
    otherwise, or whose header or moves do not parse, is a ParseError naming
    why (before, HA was ignored, moves after the end were dropped silently,
    and a bad KM, SZ or point escaped as a bare ValueError)."""
    with pytest.raises(ParseError, match=why):
        from_sgf(text)


def test_sgf_with_handicap_zero_or_one_is_an_even_game():
    """HA[0] and HA[1] (written by some programs for an even game) set up nothing."""
    for ha in (0, 1):
        s = from_sgf(f"(;GM[1]SZ[9]HA[{ha}];B[ee];W[cc])")
        assert s.view(None)["moves"] == ["e5", "c7"]


def test_the_terminal_board_marks_the_last_stone_and_spells_out_the_final_score():
    """31.4 at the table: after two passes the board says each colour's
    stones, area and (white's) komi in words, not the view's score fields."""
    s = play(G.new_state(seed=1, size=5), "c3 c4")
    text = G.render_board(G.view(s, 0)).plain
    assert " 4  · ·[○]· · 4" in text and "last move c4" in text
    assert "komi" not in text
    play(s, "pass pass")
    assert "score" in G.render_hints["hide"]          # the raw fields stay off the screen
    text = G.render_board(G.view(s, 0)).plain
    assert "black 1: 1 stone + 0 area" in text
    assert "white 7.5: 1 stone + 0 area + 6.5 komi" in text


# -- an independent reading of the rules, square by square ------------------------------

def _naive_group(cells, n, p):
    """The group at p and its liberties, by flood fill over a plain string."""
    stack, group, libs = [p], {p}, set()
    while stack:
        r, c = divmod(stack.pop(), n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < n and 0 <= cc < n:
                x = rr * n + cc
                if cells[x] == ".":
                    libs.add(x)
                elif cells[x] == cells[p] and x not in group:
                    group.add(x)
                    stack.append(x)
    return group, libs


def _naive_after(cells, n, p, colour):
    """31.3 and 31.3.1 read plainly: the board after a stone on p, or None for suicide."""
    b = list(cells)
    b[p] = colour
    r, c = divmod(p, n)
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        x = rr * n + cc
        if 0 <= rr < n and 0 <= cc < n and b[x] not in (".", colour):
            group, libs = _naive_group(b, n, x)
            if not libs:
                for y in group:
                    b[y] = "."
    return "".join(b) if _naive_group(b, n, p)[1] else None


def _naive_area(cells, n):
    """31.2.4 read plainly: (black area, white area)."""
    black = white = 0
    seen = set()
    for p in range(n * n):
        if cells[p] != "." or p in seen:
            continue
        region, touch, i = [p], set(), 0
        seen.add(p)
        while i < len(region):
            r, c = divmod(region[i], n)
            i += 1
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < n and 0 <= cc < n:
                    x = rr * n + cc
                    if cells[x] == "." and x not in seen:
                        seen.add(x)
                        region.append(x)
                    elif cells[x] != ".":
                        touch.add(cells[x])
        black += len(region) if "W" not in touch else 0
        white += len(region) if "B" not in touch else 0
    return black, white


def test_legal_moves_and_the_score_agree_with_a_plain_reading_of_the_rules():
    """31.3 (capture), 31.3.1 (no suicide), 31.3.2 (the position after one's
    own previous move may not come back) and 31.4 with 31.2.4 (stones plus
    area), each computed the slow plain way, against the engine's legal
    lists and final scores in random games on boards of 3 to 6 points, where
    captures and kos come often (the games must meet some of each)."""
    kos = captures = ends = 0
    for seed in range(12):
        rng = random.Random(seed)
        n = (3, 4, 5, 6)[seed % 4]
        s = G.new_state(seed=seed, size=n)
        after_own = {"B": None, "W": None}
        colour = "B"
        while s.outcome is None and len(s.history) < 300:
            cells = "".join(board_rows(s))
            want = set()
            for p in range(n * n):
                if cells[p] == ".":
                    after = _naive_after(cells, n, p, colour)
                    kos += after is not None and after == after_own[colour]
                    if after is not None and after != after_own[colour]:
                        r, c = divmod(p, n)
                        want.add(f"{LETTERS[c]}{n - r}")
            got = {G.action_text(a) for a in s.legal_actions()} - {"pass"}
            assert got == want, (seed, len(s.history))
            s.play(rng.choice(sorted(got)) if got and rng.random() < 0.97 else "pass")
            captures += bool(s.events[-1].public.get("captured"))
            after_own[colour] = "".join(board_rows(s))
            colour = "W" if colour == "B" else "B"
        if s.outcome is not None:
            ends += 1
            cells = "".join(board_rows(s))
            black_area, white_area = _naive_area(cells, n)
            assert s.outcome.details["black"] == cells.count("B") + black_area
            assert s.outcome.details["white"] == cells.count("W") + white_area + 6.5
    assert kos >= 10 and captures >= 50 and ends >= 8


def test_the_terminal_names_the_point_ko_bans_and_the_players_colour():
    """31.3.2 at the table: the point the player to move may not take back
    now is named as such, and the board size (drawn anyway) is not repeated."""
    from rich.console import Console
    from pelit.cli.render import table_renderable
    s = position(KO)
    s.play("c4")                   # black takes b4: white may not retake at once
    console = Console(width=100, record=True)
    console.print(table_renderable(G, G.view(s, 1)))
    text = console.export_text()
    assert "not now (ko)  b4" in text and "you play      white" in text
    assert "size" not in text
