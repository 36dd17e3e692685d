"""Hex by seed 000 chapter 30 (30.1 Rules, 30.2, 30.4): scripted games in
action text, each citing the rule or the decision (games/hex.py) it pins."""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.boards.hexgrid import BLUE, RED, ConnectionBoard, parse_cell, rhombus
from pelit.core.errors import IllegalAction, OptionError, ParseError, PelitError
from pelit.core.records import check_record, jsonable, record_of
from pelit.games.hex import from_sgf, to_sgf

G = pelit.load("hex")


def snapshot(state):
    """Every seat's and a spectator's view, the events and the history."""
    game = state.game
    views = [jsonable(game.view(state, s), game) for s in (None, 0, 1)]
    return repr((views, [e.for_seat(None) for e in state.events], state.history))


def play(state, moves: str):
    for text in moves.split():
        state.play(text)
    return state


# -- the board (30.1 and the board decision) --------------------------------

def test_default_board_is_11_by_11_and_red_seat_0_starts():
    s = G.new_state(seed=1)
    v = s.view(0)
    assert v["size"] == 11 and len(v["board"]) == 11 and all(r == "." * 11 for r in v["board"])
    assert s.to_act == (0,) and v["colour"] == "red" and v["to_move"] == "red"
    assert v["colours"] == {"red": 0, "blue": 1}
    assert len(s.legal_actions()) == 121


@pytest.mark.parametrize("size", [1, 4, 13, 14, 26])
def test_any_board_size(size):
    s = G.new_state(seed=1, size=size)
    assert len(s.legal_actions()) == size * size
    last = "abcdefghijklmnopqrstuvwxyz"[size - 1] + str(size)
    s.play(last)                           # the far corner is on the board
    assert s.view(None)["board"][-1][-1] == "R"


def test_presets_for_the_common_sizes_of_30_4():
    assert G.new_state(seed=1, preset="13x13").options.size == 13
    assert G.new_state(seed=1, preset="14x14").options.size == 14


def test_bad_options_are_refused():
    for bad in ({"size": 0}, {"size": 27}, {"size": "big"}, {"swap": "maybe"}, {"colour": 1}):
        with pytest.raises(OptionError):
            G.new_state(seed=1, **bad)


def test_neighbours_on_the_rhombus():
    # decision (board): rows shift right; a1 and the far corner are acute
    geo = rhombus(4)
    nb = {c: sorted(geo.nbrs[parse_cell(c)]) for c in ("a1", "b2", "d1", "a4", "d4")}
    cells = lambda t: sorted(parse_cell(x) for x in t.split())
    assert nb["a1"] == cells("b1 a2")
    assert nb["b2"] == cells("a2 c2 b1 c1 a3 b3")
    assert nb["d1"] == cells("c1 c2 d2")
    assert nb["a4"] == cells("a3 b3 b4")
    assert nb["d4"] == cells("c4 d3")


# -- placing stones (30.1) ----------------------------------------------------

def test_stones_alternate_red_then_blue_on_vacant_cells():
    s = play(G.new_state(seed=1, size=4, swap=False), "b2 c3 a1")
    v = s.view(None)
    assert v["board"] == ["R...", ".R..", "..B.", "...."]
    assert v["moves"] == ["b2", "c3", "a1"] and v["to_move"] == "blue" and s.to_act == (1,)
    assert [e.kind for e in s.events] == ["stone"] * 3
    assert s.events[2].for_seat(None) == {"kind": "stone", "seat": 0, "cell": "a1",
                                          "colour": "red"}


def test_an_occupied_cell_is_refused_and_nothing_changes():
    s = play(G.new_state(seed=1, size=4, swap=False), "b2")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="b2 already holds a red stone"):
        s.play("b2")
    assert snapshot(s) == before


def test_off_board_malformed_and_out_of_turn_actions_are_refused():
    s = G.new_state(seed=1, size=4)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="e1 is not on this board"):
        s.play("e1")
    with pytest.raises(ParseError):
        s.play("a27")
    with pytest.raises(ParseError):
        s.play("place a1")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("a1", seat=1)
    assert snapshot(s) == before


def test_action_text_is_case_insensitive_and_round_trips():
    s = G.new_state(seed=1)
    s.play("C5")
    assert s.view(None)["moves"] == ["c5"]
    for a in s.legal_actions():
        assert G.parse_action(s, G.action_text(a)) == a


# -- winning (30.1) -----------------------------------------------------------

def test_red_wins_by_a_winding_chain_from_top_to_bottom():
    # 4x4 (the size of the seed's figure), no swap: red b1 - b2 - a3 - a4
    # bends left on its way down; blue plays down the right side.
    s = play(G.new_state(seed=1, size=4, swap=False), "b1 d1 b2 d2 a3 d3")
    assert s.outcome is None
    s.play("a4")
    out = s.outcome
    assert out.winners == (0,) and out.scores == (1, 0)
    assert "red" in out.reason and "top and bottom" in out.reason
    assert out.returns() == (1.0, -1.0)
    assert s.view(1)["winning_group"] == ["b1", "b2", "a3", "a4"]
    assert s.legal_actions() == [] and s.to_act == ()
    with pytest.raises(IllegalAction, match="over"):
        s.play("c1")


def test_blue_wins_by_joining_left_and_right():
    s = play(G.new_state(seed=1, size=4, swap=False), "a1 a2 b1 b2 c1 c2 a3")
    assert s.outcome is None
    s.play("d2")
    assert s.outcome.winners == (1,) and "left and right" in s.outcome.reason


def test_stones_that_do_not_touch_make_no_chain():
    # 30.1: successive stones of a chain lie in adjacent cells; a1, b2 and c3
    # run from top to bottom but do not touch on the rhombus
    s = play(G.new_state(seed=1, size=3, swap=False), "a1 a2 b2 b1")
    s.play("c3")
    assert s.outcome is None


def test_corners_belong_to_both_sides():
    # 30.1: blue's row a1 b1 c1 runs from the left side (a1) to the right (c1),
    # both corners also on red's top side.
    s = play(G.new_state(seed=1, size=3, swap=False), "b2 a1 c3 b1 a3")
    assert s.outcome is None
    s.play("c1")
    assert s.outcome.winners == (1,)
    # a single stone on a 1x1 board lies on all four sides: red wins at once
    s1 = play(G.new_state(seed=1, size=1), "a1")
    assert s1.outcome.winners == (0,)


def test_the_first_connection_ends_the_game():
    # 30.2: no draws; the game stops at the connecting stone
    s = play(G.new_state(seed=1, size=2, swap=False), "a1 b1 a2")
    assert s.outcome.winners == (0,) and s.outcome.details == {"colour": "red", "stones": 3}


# -- the swap rule (30.1 and its decision) ---------------------------------------

def test_swap_trades_colours_and_the_first_stone_becomes_the_swappers():
    s = play(G.new_state(seed=1, size=4), "b2")
    assert G.action_text(s.legal_actions()[-1]) == "swap"
    s.play("swap")
    v = s.view(0)
    assert v["colours"] == {"red": 1, "blue": 0} and v["colour"] == "blue" and v["swapped"]
    assert v["board"][1] == ".R.." and v["to_move"] == "blue" and s.to_act == (0,)
    assert s.events[-1].for_seat(None) == {"kind": "swap", "seat": 1, "red": 1, "blue": 0}
    s.play("a1")                              # seat 0 places blue
    assert s.view(None)["board"][0] == "B..." and s.to_act == (1,)
    s.play("b3")                              # seat 1 places red: colours alternate
    assert s.view(None)["board"][2] == ".R.."


def test_after_a_swap_the_swapper_wins_with_the_first_stone():
    s = play(G.new_state(seed=1, size=2), "a1 swap b1")
    s.play("a2")                              # red a1-a2 joins top and bottom
    assert s.outcome.winners == (1,) and s.outcome.scores == (0, 1)
    assert s.outcome.details["colour"] == "red"


def test_swap_only_right_after_the_first_stone():
    s = G.new_state(seed=1, size=4)
    with pytest.raises(IllegalAction, match="only as the second player's first turn"):
        s.play("swap")
    play(s, "b2 c3")                          # placing declines the swap
    with pytest.raises(IllegalAction, match="only as the second player's first turn"):
        s.play("swap")
    assert "swap" not in [G.action_text(a) for a in s.legal_actions()]


def test_the_swap_rule_can_be_turned_off():
    s = play(G.new_state(seed=1, size=4, preset="no-swap"), "b2")
    with pytest.raises(IllegalAction, match="swap rule is off"):
        s.play("swap")


# -- views, worlds, records -------------------------------------------------------

def test_views_show_everything_to_everyone():
    s = play(G.new_state(seed=1, size=5), "c3 swap b2")
    v0, v1, spec = s.view(0), s.view(1), s.view(None)
    for v in (v0, v1, spec):
        assert v["moves"] == ["c3", "swap", "b2"] and v["board"][1] == ".B..."
    assert "colour" not in spec and v0["colour"] == "blue" and v1["colour"] == "red"
    assert spec["legal"] == [] and len(v1["legal"]) == 23


def test_view_says_which_sides_each_colour_joins():
    """30.1: red joins its two sides, blue the other two; the view says so
    (the terminal board does not colour its sides), and Y's goal is all three
    sides (30.3)."""
    v = G.new_state(seed=1, size=5).view(0)
    assert v["goals"] == {"red": "top and bottom", "blue": "left and right"}
    assert pelit.load("y").new_state(seed=1).view(None)["goals"] == {
        "red": "all three sides", "blue": "all three sides"}


def test_sample_world_is_the_match_itself():
    rng = random.Random(3)
    s = play(G.new_state(seed=1, size=5), "c3 swap b2 d4")
    for seat in (None, 0, 1):
        w = G.sample_world(s.view(seat), rng)
        assert snapshot(w) == snapshot(s)
    w.play("a1")                               # play goes on


def test_legal_list_is_not_changed_by_later_moves():
    s = G.new_state(seed=1, size=3, swap=False)
    legal = s.legal_actions()
    s.apply(legal[0])
    s.apply(legal[1])
    assert s.view(None)["moves"] == ["a1", "b1"]


def test_random_games_agree_with_a_plain_search_for_a_chain():
    # 30.1/30.2: union-find against a breadth-first search of each position
    rng = random.Random(7)
    for size in (2, 3, 5, 8):
        for _ in range(15):
            s = G.new_state(seed=1, size=size, swap=False)
            while s.outcome is None:
                assert not _connected(s.board, RED) and not _connected(s.board, BLUE)
                s.apply(rng.choice(s.legal_actions()))
            colour = RED if s.outcome.details["colour"] == "red" else BLUE
            assert _connected(s.board, colour) and not _connected(s.board, 3 - colour)


def _connected(board: ConnectionBoard, colour: int) -> bool:
    geo = board.geo
    n = geo.size
    start = [c for c in geo.cells if board.stones[c] == colour
             and (c // 26 == 0 if colour == RED else c % 26 == 0)]
    seen, todo = set(start), list(start)
    while todo:
        c = todo.pop()
        if (c // 26 if colour == RED else c % 26) == n - 1:
            return True
        for d in geo.nbrs[c]:
            if board.stones[d] == colour and d not in seen:
                seen.add(d)
                todo.append(d)
    return False


# seat 0 red b2, seat 1 swaps (red), seat 0 blue a3 b3 c3 along the bottom row
SWAPPED_GAME = "b2 swap a3 a1 b3 c1 c3"


def test_records_replay():
    s = play(G.new_state(seed=4, size=3), SWAPPED_GAME)
    assert s.outcome.winners == (0,) and s.outcome.details["colour"] == "blue"
    rec = record_of(s)
    assert rec["actions"] == SWAPPED_GAME.split()
    assert snapshot(check_record(rec)) == snapshot(s)


# -- SGF (GM[11]) -------------------------------------------------------------------

def test_sgf_of_a_finished_game_round_trips():
    s = play(G.new_state(seed=4, size=3), SWAPPED_GAME)
    text = to_sgf(s)
    assert "GM[11]" in text and "SZ[3]" in text and "RE[W+]" in text
    assert ";B[b2];W[swap-sides];W[a3];B[a1];W[b3];B[c1];W[c3])" in text
    back = from_sgf(text)
    assert back.view(None)["moves"] == s.view(None)["moves"]
    assert back.outcome == s.outcome


def test_sgf_of_an_unfinished_game_round_trips():
    s = play(G.new_state(seed=4, size=11, swap=False), "f6 e7 d8")
    text = to_sgf(s)
    assert "RE[" not in text and "RU[no swap]" in text
    back = from_sgf(text)
    assert back.outcome is None and back.options == s.options
    assert back.view(None)["board"] == s.view(None)["board"]
    back.play("c9")                        # play goes on


def test_sgf_import_reads_letter_pairs_and_refuses_other_rules():
    s = from_sgf("(;FF[4]GM[11]SZ[5];B[ce];W[swap])")
    assert s.view(None)["moves"] == ["c5", "swap"]
    with pytest.raises(ParseError, match="swap-pieces"):
        from_sgf("(;GM[11]SZ[5];B[c3];W[swap-pieces])")
    with pytest.raises(ParseError, match="not a Hex game"):
        from_sgf("(;GM[1]SZ[9];B[cc])")
    with pytest.raises(ParseError, match="next stone"):
        from_sgf("(;GM[11]SZ[5];W[c3])")
    with pytest.raises(ParseError, match=r"move 2 \(W\[c3\]\) does not replay: c3 already holds"):
        from_sgf("(;GM[11]SZ[5];B[c3];W[c3])")
    with pytest.raises(ParseError, match="move 1"):
        from_sgf("(;GM[11]SZ[5];B[f1])")
    with pytest.raises(ParseError):
        from_sgf("not sgf at all")


def test_sgf_refuses_y_and_setup_stones():
    s = pelit.load("y").new_state(seed=1, size=3)
    with pytest.raises(PelitError, match="Hex only"):
        to_sgf(s)
    with pytest.raises(ParseError, match="setup"):
        from_sgf("(;GM[11]SZ[5]AB[c3];W[d4])")


def test_sgf_names_the_players_of_each_colour():
    s = play(G.new_state(seed=4, size=3), "b2 swap")
    text = to_sgf(s, names=("Ann", "Bob"))
    assert "PB[Bob]" in text and "PW[Ann]" in text       # Bob swapped to red


# -- the heuristic bot ----------------------------------------------------------

def _bot_move(state, seed=0):
    from pelit.bots import make_bot
    seat = state.to_act[0]
    bot = make_bot("heuristic", state.game, seat, seed)
    return G.action_text(bot.choose(state.view(seat)))


def test_bot_takes_a_win_in_one():
    s = play(G.new_state(seed=1, size=5, swap=False), "c1 a2 c2 a3 c3 a4 c4 e2")
    for seed in range(5):
        assert _bot_move(s, seed) in ("b5", "c5")


def test_bot_blocks_the_opponents_win_in_one():
    s = play(G.new_state(seed=1, size=5, swap=False), "e2 a3 a1 b3 b1 c3 c1 d3")
    for seed in range(5):
        assert _bot_move(s, seed) == "e3"


def test_bot_keeps_a_bridge_the_opponent_enters():
    # red b2 and c3 share c2 and b3; blue takes c2, red answers b3
    s = play(G.new_state(seed=1, size=7, swap=False), "b2 g7 c3 c2")
    assert _bot_move(s) == "b3"


def test_bot_swaps_a_central_first_stone_only():
    assert _bot_move(play(G.new_state(seed=1), "f6")) == "swap"
    assert _bot_move(play(G.new_state(seed=1), "a1")) != "swap"
    first = _bot_move(G.new_state(seed=1))
    assert _bot_move(play(G.new_state(seed=1), first)) != "swap"


def test_bot_never_misses_a_win_or_a_block_in_random_positions():
    import random as _r
    rng = _r.Random(11)
    for trial in range(40):
        s = G.new_state(seed=trial, size=6, swap=False)
        for _ in range(rng.randrange(4, 20)):
            if s.outcome is not None:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.outcome is not None:
            continue
        me = s.turn
        move = parse_cell(_bot_move(s, trial))
        wins = s.board.winning_cells(me)
        threats = s.board.winning_cells(3 - me)
        if wins:
            assert move in wins
        elif threats:
            assert move in threats


def test_bot_beats_random_play():
    from pelit.sim.runner import play_match
    for seed in range(4):
        s = play_match(G, ["heuristic", "random"], seed, size=7)
        assert s.outcome.winners == (0,)
        s = play_match(G, ["random", "heuristic"], seed, size=7)
        assert s.outcome.winners == (1,)


def test_golden_record_replays():
    # a stored match (heuristic blue after a swap against random red); only a
    # change of the rules may break it, and that bumps rules_version
    from pathlib import Path
    from pelit.core.records import load_record
    rec = load_record(Path(__file__).parent / "golden" / "hex_11_swap.json")
    s = check_record(rec)
    assert rec["actions"][:2] == ["f6", "swap"]
    assert s.outcome.details == {"colour": "blue", "stones": 38}


def test_sgf_round_trips_random_games_with_and_without_swap():
    rng = random.Random(9)
    for trial in range(12):
        s = G.new_state(seed=trial, size=rng.choice((3, 6, 11)))
        s.apply(rng.choice(s.legal_actions()))
        if trial % 2 and s.outcome is None:
            s.play("swap")
        for _ in range(rng.randrange(0, 200)):
            if s.outcome is not None:
                break
            s.apply(rng.choice(s.legal_actions()))
        back = from_sgf(to_sgf(s))
        assert back.view(None)["moves"] == s.view(None)["moves"]
        assert back.view(None)["board"] == s.view(None)["board"]
        assert back.outcome == s.outcome


def test_picture_draws_the_shifted_rhombus_and_the_pyramid():
    from pelit.games.hex import picture
    s = play(G.new_state(seed=1, size=3), "b2 a3")
    assert picture(s.view(None)).splitlines()[:5] == [
        "    a b c",
        " 1  . . .  1",
        "  2  . R .  2",
        "   3  B . .  3",
        "      a b c"]
    y = play(pelit.load("y").new_state(seed=1, size=3), "b2 a3")
    assert picture(y.view(None)).splitlines()[:4] == [
        " 1   .", " 2  . R", " 3 B . .", "   a b c"]


def test_bot_opens_next_to_its_own_side():
    """30.1 swap: the bot's first stone (always red's) lies one row in from
    red's own side, top or bottom, where this bot does not swap it."""
    for seed in range(10):
        first = _bot_move(G.new_state(seed=seed), seed)
        assert first[1:] in ("2", "10"), first
        assert _bot_move(play(G.new_state(seed=seed), first)) != "swap"


def test_sample_world_from_a_copied_view_replays_the_moves():
    # a view that went through a copy or JSON keeps no position: the world
    # is rebuilt from its move list, and is the same match
    rng = random.Random(4)
    s = play(G.new_state(seed=1, size=5), "c3 swap b2 d4")
    w = G.sample_world(dict(s.view(0)), rng)
    assert snapshot(w) == snapshot(s)


def test_a_view_keeps_the_position_it_showed():
    # the world sampled from a view is the position of that view, not the
    # match as it went on after it
    s = play(G.new_state(seed=1, size=5), "c3 b2")
    view = s.view(0)
    want = snapshot(s)
    s.play("d4")
    w = G.sample_world(view, random.Random(1))
    assert snapshot(w) == want
    w.play("a1")
    assert s.view(None)["moves"] == ["c3", "b2", "d4"]
