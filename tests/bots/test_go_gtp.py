"""The GTP link to GNU Go (sim/gtp.py) with the real program: skipped
cleanly where /usr/games/gnugo is not installed (make setup installs it)."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.core.errors import PelitError
from pelit.sim.gtp import GTPEngine, GTPError, find_gnugo, play_gtp_game

pytestmark = pytest.mark.skipif(find_gnugo() is None, reason="GNU Go (gnugo) is not installed")


def test_gnugo_answers_gtp_and_refuses_an_illegal_move():
    with GTPEngine.gnugo(level=1, size=9) as engine:
        assert engine.send("name") == "GNU Go"
        assert engine.send("protocol_version") == "2"
        engine.send("play b e5")
        with pytest.raises(GTPError, match="illegal move"):
            engine.send("play w e5")
        vertex = engine.send("genmove w").lower()
        s = pelit.load("go").new_state(seed=1)
        s.play("e5")
        s.play(vertex)                      # GNU Go's answer is legal here too
        assert s.view(None)["moves"] == ["e5", vertex]


def test_a_whole_game_against_gnugo_is_refereed_by_pelits_rules():
    with GTPEngine.gnugo(level=1, size=5) as engine:
        rec = play_gtp_game(lambda g, seat, seed: make_bot("heuristic", g, seat, seed),
                            engine, "black", seed=3, size=5)
    assert rec.winner in ("black", "white") and rec.moves > 0
    assert "GM[1]" in rec.sgf and "SZ[5]" in rec.sgf and "RE[" in rec.sgf


def test_a_missing_engine_is_a_clear_error():
    with pytest.raises(PelitError, match="cannot start"):
        GTPEngine(["/nonexistent/gnugo", "--mode", "gtp"])
