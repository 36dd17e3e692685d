"""``pelit simulate --records FILE``: every match as a line of JSON, in match
order, whose record replays to the match's result (issue 18: simulate
writes records on request)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pelit.cli.main import app
from pelit.core.records import replay
from pelit.sim.batch import simulate

runner = CliRunner()


def test_records_are_written_one_line_a_match_and_replay(tmp_path):
    out = tmp_path / "matches.jsonl"
    result = runner.invoke(app, ["simulate", "hex", "-n", "4", "--bots", "heuristic,random",
                                 "-o", "size=5", "--seed", "7", "--json", "--records", str(out)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    summary = json.loads(result.stdout)
    assert [m["index"] for m in lines] == [0, 1, 2, 3]
    # the line-up turns one seat a match
    assert [m["bots"] for m in lines] == [["heuristic", "random"], ["random", "heuristic"]] * 2
    assert [sum(0 in m["winners"] for m in lines), sum(1 in m["winners"] for m in lines)] \
        == summary["wins"]
    for m in lines:
        state = replay(m["record"])
        assert state.seed == m["seed"] and list(state.outcome.winners) == m["winners"]


def test_no_records_unless_asked():
    results = []
    simulate("xeri", 2, ["random"], seed=1, on_result=results.append)
    assert [r.record for r in results] == [None, None]


def test_an_unwritable_records_file_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["simulate", "xeri", "-n", "1",
                                 "--records", str(tmp_path / "missing" / "m.jsonl")])
    assert result.exit_code != 0 and "--records" in result.output
    assert "Traceback" not in result.output
