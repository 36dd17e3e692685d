"""The connection games' search (bots/hex_mcts.py) and its compiled kernel
(bots/_hex_kernel.py): the kernel's winner of a full board and its wins in
one are the game's (games/hex.py, 30.1 and 30.3), the search takes a win in
one and blocks the opponent's, and the same seed gives the same moves.
Skipped where numba is missing."""

from __future__ import annotations

import random

import numpy as np
import pytest

import pelit
from pelit.bots import make_bot
from pelit.boards.hexgrid import BLUE, RED

pytest.importorskip("numba")
from pelit.bots import _hex_kernel as K  # noqa: E402
from pelit.bots.hex_mcts import tables  # noqa: E402


def _random_game(game, size, seed, stop_at_win=True):
    """A match of random moves (no swap); the state and the kernel's stones."""
    s = game.new_state(seed=seed, options=game.make_options(size=size, swap=False))
    rng = random.Random(seed)
    while s.outcome is None:
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("game_id,size", [("hex", 5), ("hex", 11), ("y", 6), ("y", 15)])
@pytest.mark.parametrize("seed", range(4))
def test_the_kernel_names_the_games_winner_of_a_filled_board(game_id, size, seed):
    # the match is played to its win, then the board filled at random: the
    # kernel's winner of the full board is the match's winner (30.1: a
    # winning group stays one; a full board has exactly one)
    game = pelit.load(game_id)
    s = _random_game(game, size, seed)
    t = tables(game, size)
    view = game.view(s, 0)
    stones = t.stones(view)
    rng = random.Random(seed)
    empty = [i for i in range(len(stones)) if stones[i] == 0]
    rng.shuffle(empty)
    for k, i in enumerate(empty):
        stones[i] = RED if k % 2 else BLUE
    n = len(stones)
    got = K.winner(stones, t.nbr, t.edge, t.full[RED], np.zeros(n, np.int32),
                   np.zeros(n, np.int8))
    winner_colour = RED if s.seat_of[RED] == s.outcome.winners[0] else BLUE
    assert got == winner_colour


@pytest.mark.parametrize("game_id,size", [("hex", 7), ("y", 8)])
@pytest.mark.parametrize("seed", range(3))
def test_the_kernels_wins_in_one_are_the_boards(game_id, size, seed):
    game = pelit.load(game_id)
    s = game.new_state(seed=seed, options=game.make_options(size=size, swap=False))
    rng = random.Random(seed)
    t = tables(game, size)
    while s.outcome is None:
        stones = t.stones(game.view(s, 0))
        for colour in (RED, BLUE):
            got = K.winning_cells(stones, colour, t.nbr, t.edge, t.full[colour])
            assert sorted(t.cells[int(i)] for i in got) == s.board.winning_cells(colour)
        s.apply(rng.choice(s.legal_actions()))


def _position(game, size, moves):
    s = game.new_state(seed=1, options=game.make_options(size=size, swap=False))
    for m in moves:
        s.play(m)
    return s


def test_the_search_takes_a_win_in_one_and_blocks_the_opponents():
    game = pelit.load("hex")
    # red (top to bottom) has a1..a4 on 5x5 and needs a5; blue's turn first
    s = _position(game, 5, ["a1", "e1", "a2", "e2", "a3", "e3", "a4"])
    bot = make_bot("search:50", game, 1, 1)
    assert game.action_text(bot.choose(game.view(s, 1))) == "a5"      # the block
    s = _position(game, 5, ["a1", "e1", "a2", "e2", "a3", "e3", "a4", "d4"])
    bot = make_bot("search:50", game, 0, 1)
    assert game.action_text(bot.choose(game.view(s, 0))) == "a5"      # the win
    assert bot.stats["searched"] is False


@pytest.mark.parametrize("game_id", ["hex", "y"])
def test_the_same_seed_gives_the_same_moves_and_the_budget_is_the_playouts(game_id):
    game = pelit.load(game_id)

    def moves(seed):
        s = game.new_state(seed=seed, options=game.make_options(size=7))
        bots = [make_bot("search:300", game, p, seed) for p in range(2)]
        out = []
        for _ in range(8):
            seat = s.to_act[0]
            a = bots[seat].choose(game.view(s, seat))
            stats = bots[seat].stats
            if stats.get("searched"):
                assert stats["simulations"] == 300
            out.append(a)
            s.apply(a, seat)
        return out

    assert moves(3) == moves(3)


def test_the_search_beats_random_play_on_a_small_board():
    # not a measure of strength (that is pelit tournament's): a search that
    # cannot beat random moves on 5x5 is broken
    game = pelit.load("hex")
    for seed in range(4):
        s = game.new_state(seed=seed, options=game.make_options(size=5))
        me = seed % 2
        bots = {me: make_bot("search:400", game, me, seed), 1 - me: make_bot("random", game,
                                                                           1 - me, seed)}
        while s.outcome is None:
            seat = s.to_act[0]
            s.apply(bots[seat].choose(game.view(s, seat)), seat)
        assert s.outcome.winners == (me,)
