"""Y by seed 000 chapter 30.3 (with 30.1): scripted games in action text, each
citing the rule or the decision (games/y.py) it pins."""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.boards.hexgrid import BLUE, RED, parse_cell, triangle
from pelit.core.errors import IllegalAction, OptionError
from pelit.core.records import check_record, jsonable, record_of

G = pelit.load("y")


def play(state, moves: str):
    for text in moves.split():
        state.play(text)
    return state


def snapshot(state):
    game = state.game
    views = [jsonable(game.view(state, s), game) for s in (None, 0, 1)]
    return repr((views, [e.for_seat(None) for e in state.events], state.history))


def test_default_board_is_a_triangle_of_side_15():
    # decision (board): 15 a side, 120 cells, row r holds r cells
    s = G.new_state(seed=1)
    v = s.view(0)
    assert v["size"] == 15 and [len(r) for r in v["board"]] == list(range(1, 16))
    assert len(s.legal_actions()) == 120
    assert s.to_act == (0,) and v["colour"] == "red" and v["to_move"] == "red"


def test_cells_beyond_the_row_are_off_the_board():
    s = G.new_state(seed=1, size=4)
    with pytest.raises(IllegalAction, match="b1 is not on this board"):
        s.play("b1")
    with pytest.raises(IllegalAction, match="e5 is not on this board"):
        s.play("e5")
    s.play("d4")
    assert s.view(None)["board"][3] == "...R"


def test_bad_options_are_refused():
    for bad in ({"size": 0}, {"size": 27}, {"players": 3}):
        with pytest.raises(OptionError):
            G.new_state(seed=1, **bad)


def test_neighbours_on_the_triangle():
    geo = triangle(3)
    cells = lambda t: sorted(parse_cell(x) for x in t.split())
    assert sorted(geo.nbrs[parse_cell("a1")]) == cells("a2 b2")
    assert sorted(geo.nbrs[parse_cell("b2")]) == cells("a1 a2 b3 c3")
    assert sorted(geo.nbrs[parse_cell("b3")]) == cells("a3 c3 a2 b2")


def test_a_group_must_reach_all_three_sides():
    # 30.3: red's bottom row a4 b4 c4 touches left and bottom, not yet right;
    # blue a1 b2 c3 touches left and right, not the bottom
    s = play(G.new_state(seed=1, size=4, swap=False), "a4 a1 b4 b2 c4 c3")
    assert s.outcome is None
    s.play("d4")                  # the corner d4 lies on the bottom and the right
    assert s.outcome.winners == (0,) and "all three sides" in s.outcome.reason
    assert s.view(None)["winning_group"] == ["a4", "b4", "c4", "d4"]


def test_corners_count_for_both_their_sides():
    # the bottom corners a3 and c3 give the bottom row all three sides
    s = play(G.new_state(seed=1, size=3, swap=False), "a3 a1 b3 a2 c3")
    assert s.outcome.winners == (0,)
    # one stone on a board of side 1 is on every side
    assert play(G.new_state(seed=1, size=1), "a1").outcome.winners == (0,)


def test_two_groups_do_not_join_through_a_side():
    # a4 (left, bottom) and d4 (bottom, right) are separate groups: no win
    # until b4 and c4 make them one
    s = play(G.new_state(seed=1, size=4, swap=False), "a4 a1 d4 b2 b4 c3")
    assert s.outcome is None
    s.play("c4")
    assert s.outcome.winners == (0,)


def test_swap_applies_to_y():
    # decision (swap): the 30.1 swap rule carries over to Y
    s = play(G.new_state(seed=1, size=5), "c4 swap")
    assert s.view(0)["colours"] == {"red": 1, "blue": 0} and s.to_act == (0,)
    s.play("a1")
    assert s.view(None)["board"][0] == "B"
    with pytest.raises(IllegalAction, match="swap rule is off"):
        play(G.new_state(seed=1, size=5, preset="no-swap"), "c4 swap")


def test_random_games_agree_with_a_plain_search():
    rng = random.Random(5)
    for size in (2, 3, 5, 9):
        for _ in range(15):
            s = G.new_state(seed=1, size=size)
            while s.outcome is None:
                assert not _wins(s, RED) and not _wins(s, BLUE)
                s.apply(rng.choice(s.legal_actions()))
            colour = RED if s.outcome.details["colour"] == "red" else BLUE
            assert _wins(s, colour) and not _wins(s, 3 - colour)


def _wins(s, colour) -> bool:
    board = s.board
    geo = board.geo
    n = geo.size
    seen = set()
    for start in geo.cells:
        if board.stones[start] != colour or start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            c = todo.pop()
            for d in geo.nbrs[c]:
                if board.stones[d] == colour and d not in group:
                    group.add(d)
                    todo.append(d)
        seen |= group
        rows_cols = [divmod(c, 26) for c in group]
        if any(c == 0 for r, c in rows_cols) and any(r == n - 1 for r, c in rows_cols) \
                and any(r == c for r, c in rows_cols):
            return True
    return False


def test_records_and_worlds():
    s = play(G.new_state(seed=2, size=4), "b3 swap a4 a1 b4 b2 c4 c3 d4")
    assert s.outcome.winners == (0,) and s.outcome.details["colour"] == "blue"
    assert snapshot(check_record(record_of(s))) == snapshot(s)
    w = G.sample_world(s.view(1), random.Random(1))
    assert snapshot(w) == snapshot(s)


def _bot_move(state, seed=0):
    from pelit.bots import make_bot
    seat = state.to_act[0]
    bot = make_bot("heuristic", state.game, seat, seed)
    return G.action_text(bot.choose(state.view(seat)))


def test_bot_wins_blocks_and_swaps():
    # red a4 b4 c4 (left, bottom) needs only d4 (blue holds c3): blue blocks
    s = play(G.new_state(seed=1, size=4, swap=False), "a4 c3 b4 a1 c4")
    assert [G.action_text(c) for c in s.board.winning_cells(RED)] == ["d4"]
    assert _bot_move(s) == "d4"
    s.play("b2")                         # blue lets it be: red takes the win
    assert _bot_move(s) == "d4"
    assert _bot_move(play(G.new_state(seed=1), "e10")) == "swap"
    assert _bot_move(play(G.new_state(seed=1), "a15")) != "swap"


def test_bot_beats_random_play():
    from pelit.sim.runner import play_match
    for seed in range(3):
        assert play_match(G, ["heuristic", "random"], seed, size=7).outcome.winners == (0,)
        assert play_match(G, ["random", "heuristic"], seed, size=7).outcome.winners == (1,)


def test_golden_record_replays():
    from pathlib import Path
    from pelit.core.records import load_record
    rec = load_record(Path(__file__).parent / "golden" / "y_15.json")
    s = check_record(rec)
    assert s.outcome.winners == (0,) and s.outcome.details["stones"] == 31
