"""``pelit tournament``: pairs of bots over games, luck removed by seat
rotation over the same packs or by duplicate deals (sim/tournament.py)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import pelit
from pelit.cli.main import app
from pelit.core.errors import PelitError
from pelit.core.records import replay
from pelit.sim.tournament import Plan, _lineups, play_deal_set, run_tournament, share_of

runner = CliRunner()


def test_heuristic_bots_beat_random_ones_beyond_chance_in_three_games():
    """The check of issue 18: heuristic vs random on Xeri (two seats,
    rotated), Hex (a connection game) and Tuppi (partnerships, duplicate):
    each interval of the heuristic bot's share lies above 0.5, and the
    ratings say the same."""
    summary = run_tournament(Plan(["xeri", "hex", "tuppi"], ["heuristic", "random"], 8,
                                  seed=4, records=False, overrides={}))
    assert summary["modes"] == {"xeri": "rotate", "hex": "rotate", "tuppi": "duplicate"}
    for pair in summary["pairs"]:
        assert pair["ci95"][0] > 0.5, pair
        assert pair["verdict"] == "heuristic better"
    overall = summary["ratings"]["overall"]
    assert overall["heuristic"]["ci95"][0] > overall["random"]["mu"]
    assert list(overall) == ["heuristic", "random"]


def test_seat_rotation_agrees_with_duplicate_deals():
    """Tuppi played both ways over the same seeds: turning the line-up A, B,
    A, B round the table over the same packs, and duplicate matches (two
    tables, teams swapped).  Heuristic vs random is clear both ways; the
    minimal example bot against random gives intervals that overlap."""
    for bots, n in ((["heuristic", "random"], 6), (["examples.first_bot:FirstBot", "random"], 24)):
        got = {}
        for mode in ("rotate", "duplicate"):
            s = run_tournament(Plan(["tuppi"], bots, n, seed=1, mode=mode, records=False))
            got[mode] = s["pairs"][0]
            assert s["modes"]["tuppi"] == mode
        rot, dup = got["rotate"]["ci95"], got["duplicate"]["ci95"]
        assert rot[0] <= dup[1] and dup[0] <= rot[1], got
        if bots[0] == "heuristic":
            assert rot[0] > 0.5 and dup[0] > 0.5


def test_a_rotated_deal_set_gives_both_bots_every_seat_on_the_same_packs():
    assert _lineups("A", "B", 2) == [["A", "B"], ["B", "A"]]
    three = _lineups("A", "B", 3)
    assert len(three) == 6 and sorted(map(tuple, three)) == sorted(set(map(tuple, three)))
    assert sum(row.count("A") for row in three) == sum(row.count("B") for row in three)
    for seat in range(3):
        assert {row[seat] for row in three} == {"A", "B"}
    assert _lineups("A", "B", 1) == [["A"], ["B"]]
    rows = play_deal_set(("valepaska", None, {"players": 3}, "heuristic", "random", 5, 0,
                          "rotate", True))
    assert len(rows) == 6 and len({r["seed"] for r in rows}) == 1
    packs = {tuple(map(tuple, replay(r["record"]).packs[:1])) for r in rows}
    assert len(packs) == 1                         # the same first pack at every turn


def test_shares_count_matches_not_points():
    row = {"pair": ["A", "B"], "seats": ["A", "B", "A", "B"], "returns": [1, -1, -1, -1]}
    assert share_of([row]) == 1.0                  # the winner sat in one of A's seats
    draw = {"pair": ["A", "B"], "seats": ["A", "B"], "returns": [0, 0]}
    assert share_of([row, draw]) == 0.75
    # a patience: A's match and B's on the same deal
    alone = [{"pair": ["A", "B"], "seats": ["A"], "returns": [-1]},
             {"pair": ["A", "B"], "seats": ["B"], "returns": [1]}]
    assert share_of(alone) == 0.0


def test_results_plots_and_summary_are_written(tmp_path):
    result = runner.invoke(app, ["tournament", "--games", "xeri,la-belle-lucie", "--bots",
                                 "heuristic,random,examples.first_bot:FirstBot", "-n", "2",
                                 "--out", str(tmp_path), "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "heuristic vs" in result.output and "Ratings" in result.output
    rows = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()]
    # 3 pairs x 2 deal sets: Xeri 2 turns each, the patience 2 matches each
    assert len(rows) == 3 * 2 * 2 + 3 * 2 * 2
    for row in rows:
        state = replay(row["record"])              # every match replays to its result
        assert list(state.outcome.scores) == row["scores"]
        assert row["record"]["seed"] == row["seed"]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["complete"] and summary["matches"] == len(rows)
    for name in ("winrates.png", "scores.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, why", [
    (["--games", "xeri", "--bots", "heuristic"], "at least two bots"),
    (["--games", "xeri", "--bots", "random,random"], "named once"),
    (["--games", "xeri", "--mode", "duplicate"], "no duplicate form"),
    (["--games", "xeri", "--mode", "best"], "--mode must be one of"),
    (["--games", "xeri,hex", "-o", "size=5"], "need one game"),
    (["--games", "xeri", "--bots", "heuristic,nobot"], "unknown bot"),
])
def test_mistakes_get_one_line(args, why):
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert why in result.stderr


def test_a_plan_checks_before_any_work():
    with pytest.raises(PelitError):
        Plan(["nogame"], ["heuristic", "random"], 1)
    plan = Plan(["hex", "tuppi"], ["heuristic", "random", "examples.first_bot:FirstBot"], 4)
    assert plan.total == 2 * 3 * 4 and len(list(plan.tasks())) == plan.total
    assert pelit.load("tuppi").info.teams
