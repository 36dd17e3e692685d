"""``pelit export`` / ``pelit import``: PBN (bridge), SGF (hex, y, go) and
PHH (texas-holdem) from pelit records and back (pelit/formats.py)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import pelit
from pelit.cli.main import app
from pelit.core.records import record_of
from pelit.sim.runner import play_match

runner = CliRunner()

CASES = [("hex", {"size": 7}, "sgf"), ("y", {"size": 6}, "sgf"), ("go", {"size": 7}, "sgf"),
         ("bridge", {"deals": 1}, "pbn"), ("texas-holdem", {"hands": 1, "players": 3}, "phh")]


@pytest.mark.parametrize("game_id, options, fmt", CASES)
def test_a_match_exported_and_imported_replays_the_same_actions(tmp_path, game_id, options, fmt):
    state = play_match(pelit.load(game_id), ["heuristic"], 5, **options)
    rec = record_of(state)
    src = tmp_path / "match.json"
    src.write_text(json.dumps(rec))
    exported = tmp_path / f"match.{fmt}"
    result = runner.invoke(app, ["export", str(src), "-O", str(exported)])
    assert result.exit_code == 0, result.output
    back = tmp_path / "back.json"
    result = runner.invoke(app, ["import", str(exported), "-O", str(back)])
    assert result.exit_code == 0, result.output
    again = json.loads(back.read_text())
    assert again["game"] == game_id and again["actions"] == rec["actions"]
    if fmt == "phh":
        # PHH numbers the players from the small blind; ``seats`` maps them back
        seats = [int(s) - 1 for s in exported.read_text().split("seats = [")[1]
                 .split("]")[0].split(",")]
        assert [again["result"]["scores"][p] for p in range(3)] == \
            [rec["result"]["scores"][s] for s in seats]
    else:
        assert again["result"] == rec["result"]


def test_y_is_written_as_sgf_with_pelits_game_property(tmp_path):
    state = play_match(pelit.load("y"), ["heuristic"], 2, size=5)
    src = tmp_path / "y.json"
    src.write_text(json.dumps(record_of(state)))
    result = runner.invoke(app, ["export", str(src)])
    assert result.exit_code == 0
    assert result.stdout.startswith("(;FF[4]") and "PG[y]" in result.stdout
    assert "GM[" not in result.stdout and "SZ[5]" in result.stdout


@pytest.mark.parametrize("args, why", [
    (["import", "match.txt"], "cannot tell the format"),
    (["import", "missing.sgf"], "cannot read"),
    (["import", "bad.sgf"], "not SGF"),
    (["import", "chess.sgf"], "game number 3"),
    (["export", "tuppi.json"], "tuppi has no exchange format"),
    (["export", "hex.json", "--hand", "2"], "Hold'em match only"),
])
def test_mistakes_get_one_line(tmp_path, monkeypatch, args, why):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "match.txt").write_text("x")
    (tmp_path / "bad.sgf").write_text("not sgf at all")
    (tmp_path / "chess.sgf").write_text("(;FF[4]GM[3])")
    (tmp_path / "tuppi.json").write_text(json.dumps(record_of(
        play_match(pelit.load("tuppi"), ["random"], 1, target=4))))
    (tmp_path / "hex.json").write_text(json.dumps(record_of(
        play_match(pelit.load("hex"), ["random"], 1, size=3))))
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert why in result.stderr
