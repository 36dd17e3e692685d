"""The Go MCTS bot (bots/go_mcts.py) and its compiled board (bots/_go_kernel.py):
the kernel's board agrees with pelit's rules (games/go.py) move by move, and
the bot plays legal moves from views.  Skipped where numba is missing."""

from __future__ import annotations

import random

import numpy as np
import pytest

import pelit
from pelit.bots import bot_names, make_bot

pytest.importorskip("numba")
from pelit.bots import _go_kernel as K  # noqa: E402

G = pelit.load("go")


@pytest.mark.parametrize("seed", range(3))
def test_the_kernel_board_follows_the_rules_move_by_move(seed):
    rng = random.Random(seed)
    size = 7
    s = G.new_state(seed=seed, size=size)
    board = K.new_board(size)
    color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info = board
    t = s.tables
    colour = 1
    for _ in range(300):
        if s.outcome is not None:
            break
        legal = set(s.legal_actions())
        # the kernel's legality (suicide and the ko point) is the game's
        for p in t.geo.points:
            a = t.action[p]
            assert K.is_legal(color, group, plib, lsum, lsum2, info, p, colour) == (a in legal)
        moves = sorted(legal - {625})
        if not moves or rng.random() < 0.03:
            s.play("pass")
            K.do_pass(info)
        else:
            a = rng.choice(moves)
            s.apply(a)
            K.play(color, group, nxt, gsize, plib, lsum, lsum2, empties, where, info,
                   t.point[a], colour)
        colour = 3 - colour
        assert bytes(color.astype(np.uint8)) == bytes(
            3 if x == 3 else x for x in s.board.stones), "the stones differ"
        assert sorted(empties[:info[3]]) == sorted(s.board.empty_points())
        for k in range(info[3]):
            assert where[empties[k]] == k
    margin = K.area_score(color, info, 6.5)
    from pelit.games.go import score
    sc = score(s.board, 6.5)
    assert margin == sc["black"] - sc["white"]


def test_mcts_is_a_named_bot_of_go_only():
    assert "mcts" in bot_names(G)
    assert "mcts" not in bot_names(pelit.load("hex"))


def test_mcts_plays_legal_moves_and_passes_to_end_a_won_game():
    bot = make_bot("mcts", G, 0, 1)
    bot.playouts = 300
    s = G.new_state(seed=1, size=5)
    for _ in range(6):
        seat = s.to_act[0]
        bot.seat = seat
        a = bot.choose(G.view(s, seat))
        assert a in s.legal_actions()
        s.apply(a, seat)
    # white passes with black ahead on the board: black ends the game by passing
    w = G.new_state(seed=1, size=5)
    for m in ("c3", "pass"):
        w.play(m)
    assert bot.choose(G.view(w, 0)) == 625
