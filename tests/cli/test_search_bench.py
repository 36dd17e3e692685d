"""``pelit bench --search`` and ``pelit bench bridge --dd-loss N`` (the
search bot's measurements, sim/search_bench.py) on the real app."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pelit.cli.main import app

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_bench_search_reports_simulations_and_time_per_move():
    r = invoke("bench", "xeri", "--search", "-s", 0.2, "--budget", "search:2", "--json")
    assert r.exit_code == 0, r.output
    res, *peer = json.loads(r.stdout)["results"]
    # OpenSpiel's IS-MCTS on Hearts beside, where OpenSpiel is installed
    assert [p["game"] for p in peer] in ([], ["openspiel hearts"])
    assert all(p["sims_per_s"] > 0 for p in peer)
    assert res["game"] == "xeri" and res["bot"] == "search:2" and res["decisions"] >= 1
    assert res["simulations"] == 2 * res["decisions"] and res["failed_simulations"] == 0
    assert res["sims_per_s"] > 0 and res["move_max_s"] >= res["move_median_s"] > 0


def test_bench_search_takes_several_games_each_beside_openspiel():
    r = invoke("bench", "xeri,hex", "--search", "-s", 0.2, "--budget", "search:3:random",
               "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)["results"]
    assert [row["game"] for row in rows[:2]] == ["xeri", "hex"]
    assert all(row["bot"] == "search:3:random" and row["failed_simulations"] == 0
               for row in rows[:2])
    peer = rows[2:]
    if peer:                                   # OpenSpiel installed: a ratio per game
        assert peer[0]["game"] == "openspiel hearts"
        for row in rows[:2]:
            # the ratio is printed to three decimals
            assert row["ratio_to_openspiel"] == pytest.approx(
                row["sims_per_s"] / row["openspiel_sims_per_s"], rel=0.01, abs=0.0006)


def test_bench_dd_loss_values_both_bots_card_play():
    pytest.importorskip("endplay")
    r = invoke("bench", "bridge", "--dd-loss", 1, "--budget", "search:2", "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)["results"]
    assert [row["bot"] for row in rows] == ["heuristic", "search:2"]
    for row in rows:
        assert row["deals"] == 1
        assert row["declarer_tricks_lost"]["mean"] >= 0 and row["defence_tricks_lost"]["mean"] >= 0


@pytest.mark.parametrize("args, needle", [
    (["xeri", "--dd-loss", 2], "bridge or minibridge"),
    (["bridge", "--search", "--budget", "heuristic"], "--budget names the search bot"),
    (["bridge", "--search", "--budget", "search:0"], "search takes a number of simulations"),
    (["bridge", "--search", "--bots"], "separate benchmarks"),
])
def test_bench_search_user_errors(args, needle):
    r = invoke("bench", *args)
    assert r.exit_code != 0 and needle in r.output and "Traceback" not in r.output


def test_compare_a_bot_with_itself_is_even_on_every_seed():
    # the same bot in its own place plays the same moves on the same deals
    r = invoke("compare", "huutopussi", "--bots", "heuristic,heuristic", "-n", 2, "--json")
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    assert res["unit"] == "points" and res["deals"] == 1
    assert res["margin"]["mean"] == 0 and res["same"] == 2 and res["better"] == res["worse"] == 0


def test_compare_random_in_the_heuristics_place_loses_points():
    r = invoke("compare", "huutopussi", "--bots", "random,heuristic", "-n", 6, "--json")
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    assert res["margin"]["mean"] < 0 and res["worse"] > res["better"]


@pytest.mark.parametrize("args, needle", [
    (["xeri", "--bots", "search"], "two bots"),
    (["xeri", "--bots", "search,nobot"], "unknown bot"),
    (["xeri", "-n", 0], "at least 1"),
])
def test_compare_user_errors(args, needle):
    r = invoke("compare", *args)
    assert r.exit_code != 0 and needle in r.output and "Traceback" not in r.output
