"""The ``pelit`` commands on the real app (typer's runner): list, rules,
simulate, replay, bench, and every user error as one line with a non-zero exit."""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

import pelit
from pelit.cli.main import app
from pelit.core.records import record_of
from pelit.sim.runner import play_match

GAMES = pelit.game_ids()
runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def short_options(game):
    """``-o k=v`` arguments that make a match of this game short but whole."""
    out = []
    for k, v in game.test_options.items():
        out += ["-o", f"{k}={v}"]
    return out


def assert_user_error(result, *needles):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    text = result.stderr.strip()
    assert text.startswith("pelit: ") and "\n" not in text, text
    for needle in needles:
        assert needle in text, text


# -- list and rules ---------------------------------------------------------

def test_list_shows_every_registered_game():
    r = invoke("list")
    assert r.exit_code == 0
    for gid in GAMES:
        assert gid in r.stdout
    assert "players" in r.stdout and "rule book" in r.stdout


def test_list_fits_80_columns():
    """Issue 10: no row wraps to a second line but the longest names, no column
    is cut ('…'), nothing is wider than 80 columns."""
    from rich.console import Console
    from pelit.cli import main
    console = Console(width=80, record=True, file=open("/dev/null", "w"))
    old, main.out = main.out, console
    try:
        main.list_games(as_json=False)
    finally:
        main.out = old
    lines = console.export_text().splitlines()
    assert max(len(ln) for ln in lines) <= 80 and "…" not in "".join(lines)
    rows = [ln for ln in lines if ln.split()[:1] and ln.split()[0] in GAMES]
    assert len(rows) == len(GAMES)
    assert "tuppi                   Tuppi" in "\n".join(rows) and "000 ch. 6" in "\n".join(rows)


def test_list_json_has_ids_names_players_aliases():
    rows = json.loads(invoke("list", "--json").stdout)
    assert [row["id"] for row in rows] == GAMES
    for row in rows:
        g = pelit.load(row["id"])
        assert row["players"] == [g.info.min_seats, g.info.max_seats]
        assert row["aliases"] == list(g.info.aliases)


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_of_every_game(game_id):
    g = pelit.load(game_id)
    r = invoke("rules", game_id)
    assert r.exit_code == 0, r.output
    flat = " ".join(r.stdout.split())
    assert g.info.name in flat and g.info.source in flat
    assert "Bots: random" in flat
    for name in g.Options.__dataclass_fields__:
        assert name in flat
    for preset in g.presets:
        assert preset in flat
    for verb, _ in g.info.verbs:
        assert verb.split()[0] in flat


def test_rules_by_alias_and_case():
    r = invoke("rules", "XERI")
    assert r.exit_code == 0 and "Xeri" in r.stdout


def test_rules_unknown_game():
    assert_user_error(invoke("rules", "no-such-game"), "unknown game", "xeri")


# -- play: errors before the match starts --------------------------------------

@pytest.mark.parametrize("args, needle", [
    (["play", "nope"], "unknown game"),
    (["play", "xeri", "--seat", "2"], "no seat 2"),
    (["play", "xeri", "--seat", "-1"], "no seat -1"),
    (["play", "xeri", "--bots", "wizard"], "unknown bot 'wizard'"),
    (["play", "xeri", "--bots", "random,random"], "2 bots given for 1 other seat"),
    (["play", "xeri", "-o", "colour=red"], "no option 'colour'"),
    (["play", "xeri", "-o", "hands=many"], "option hands wants"),
    (["play", "xeri", "-o", "hands=0"], "between 1 and 99"),
    (["play", "xeri", "-o", "hands"], "should look like name=value"),
    (["play", "xeri", "--preset", "fast"], "no preset 'fast'"),
    (["play", "xeri", "-o", "seed=3"], "no option 'seed'"),
    (["play", "xeri", "-o", "decks=AS"], "no option 'decks'"),
    (["play", "xeri", "--seed", "abc"], "--seed wants a whole number, not 'abc'"),
    (["play", "xeri", "--seat", "one"], "--seat wants a whole number"),
    (["play", "xeri", "-o", "hand=2"], "(did you mean hands?)"),
    (["play", "xery"], "(did you mean xeri"),
    (["play", "xeri", "--bots", "heuristik"], "(did you mean heuristic?)"),
])
def test_play_user_errors(args, needle):
    assert_user_error(invoke(*args, "--no-record"), needle)


# -- simulate -----------------------------------------------------------------

def sim_json(*args):
    r = invoke("simulate", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_simulate_summary_adds_up():
    s = sim_json("xeri", "-n", 6, "-o", "hands=1", "--seed", 3)
    assert s["matches"] == 6
    assert sum(s["wins"]) + s["draws"] == 6
    assert s["bots"] == ["heuristic", "heuristic"]
    assert s["options"]["hands"] == 1
    assert s["deals_per_match"] == {"mean": 1.0, "min": 1, "max": 1}
    assert sum(v["count"] for v in s["reasons"].values()) == 6
    for seat in s["scores"]:
        assert seat["min"] <= seat["mean"] <= seat["max"]
    assert s["matches_per_second"] > 0


def test_simulate_results_do_not_depend_on_workers():
    one = sim_json("xeri", "-n", 8, "-o", "hands=1", "--bots", "heuristic,random")
    two = sim_json("xeri", "-n", 8, "-o", "hands=1", "--bots", "heuristic,random", "--workers", 2)
    for s in (one, two):
        for key in ("seconds", "matches_per_second", "workers"):
            del s[key]
    assert one == two
    assert one["bots"] == ["heuristic", "random"]


def test_simulate_prints_a_summary():
    r = invoke("simulate", "xeri", "-n", 3, "-o", "hands=1")
    assert r.exit_code == 0, r.output
    for needle in ("Line-up", "Per bot", "Per seat", "Draws", "Actions per match",
                   "How matches ended", "matches per second"):
        assert needle in r.stdout


def test_simulate_tells_how_deals_ended_where_the_game_gives_a_reason():
    """Issue 4 asks how often Canasta-family deals end by going out or by the stock."""
    s = sim_json("canasta", "-n", 2, "-o", "deals=2")
    endings = s["deal_endings"]
    assert sum(v["count"] for v in endings.values()) == 4
    assert set(endings) <= {"seat # went out", "the stock ran out"}
    r = invoke("simulate", "canasta", "-n", 1, "-o", "deals=1")
    assert "How deals ended" in r.stdout
    assert sim_json("xeri", "-n", 2, "-o", "hands=1")["deal_endings"] == {}


@pytest.mark.parametrize("game_id", GAMES)
def test_simulate_every_game(game_id):
    g = pelit.load(game_id)
    s = sim_json(game_id, "-n", 2, *short_options(g))
    assert s["matches"] == 2 and sum(v["count"] for v in s["reasons"].values()) == 2


@pytest.mark.parametrize("args, needle", [
    (["nope", "-n", 2], "unknown game"),
    (["xeri", "-n", 0], "-n must be at least 1"),
    (["xeri", "-n", 2, "--workers", 0], "--workers must be at least 1"),
    (["xeri", "-n", 2, "--bots", "heuristic,wizard"], "unknown bot 'wizard'"),
    (["xeri", "-n", 2, "--bots", "random,random,random"], "3 bots given for 2 seats"),
    (["xeri", "-n", 2, "-o", "colour=red"], "no option 'colour'"),
    (["xeri", "-n", 2, "--preset", "fast"], "no preset 'fast'"),
    (["xeri", "-n", 2, "-o", "seed=4"], "no option 'seed'"),
    (["xeri", "-n", "abc"], "-n wants a whole number, not 'abc'"),
    (["xeri", "-n", 2, "--seed", "abc"], "--seed wants a whole number, not 'abc'"),
    (["xeri", "-n", 2, "--workers", "two"], "--workers wants a whole number"),
])
def test_simulate_user_errors(args, needle):
    assert_user_error(invoke("simulate", *args), needle)


# -- replay -------------------------------------------------------------------

@pytest.fixture
def record_file(tmp_path):
    g = pelit.load("xeri")
    state = play_match(g, ["heuristic", "random"], 5, hands=1)
    path = tmp_path / "xeri.json"
    path.write_text(json.dumps(record_of(state)))
    return path


def test_replay_step_by_step(record_file):
    rec = json.loads(record_file.read_text())
    r = invoke("replay", record_file)
    assert r.exit_code == 0, r.output
    assert f"{len(rec['actions'])}. Seat" in r.stdout      # the last step is numbered
    assert "deal 1" in r.stdout and "hand scored" in r.stdout
    assert "hands played" in r.stdout                       # the result


def test_replay_quiet_prints_the_result_only(record_file):
    r = invoke("replay", record_file, "-q")
    assert r.exit_code == 0 and "1. Seat" not in r.stdout and "hands played" in r.stdout


def test_replay_as_a_seat(record_file):
    """As a seat: its own cards and actions, the other seat's only through
    the events it saw (Xeri plays are public, dealt cards are not)."""
    r = invoke("replay", record_file, "--seat", 1)
    assert r.exit_code == 0 and "You: dealt  count 6 · stock 40 · cards" in r.stdout
    assert "Seat 0: dealt  count 6 · stock 40\n" in r.stdout
    assert "1. Seat 0" not in r.stdout and "2. You: " in r.stdout
    assert_user_error(invoke("replay", record_file, "--seat", 7), "no seat 7")


def test_replay_check_passes(record_file):
    r = invoke("replay", record_file, "--check")
    assert r.exit_code == 0 and r.stdout.startswith("ok:")


def test_replay_check_fails_loudly_on_a_different_result(record_file):
    rec = json.loads(record_file.read_text())
    rec["result"]["scores"] = [9, 9]
    record_file.write_text(json.dumps(rec))
    r = invoke("replay", record_file, "--check")
    assert r.exit_code == 1
    assert "REPLAY DIFFERS" in r.stderr and "[9, 9]" in r.stderr
    r = invoke("replay", record_file)              # step by step also says so
    assert r.exit_code == 1 and "REPLAY DIFFERS" in r.stderr


def test_replay_unreadable_and_corrupt_records(tmp_path, record_file):
    assert_user_error(invoke("replay", tmp_path / "missing.json"), "cannot read")
    bad = tmp_path / "bad.json"
    bad.write_text("{\"game\": ")
    assert_user_error(invoke("replay", bad), "is not JSON")
    bad.write_bytes(b"\x00\xff\xfe binary")
    assert_user_error(invoke("replay", bad), "not a text file")
    assert_user_error(invoke("replay", tmp_path), "cannot read")
    bad.write_text("[1, 2]")
    assert_user_error(invoke("replay", bad), "a record is a JSON object")
    rec = json.loads(record_file.read_text())
    rec["actions"][3] = "ZZ"
    bad.write_text(json.dumps(rec))
    assert_user_error(invoke("replay", bad), "action 4")
    assert_user_error(invoke("replay", bad, "--check"), "action 4")
    rec["game"] = "nope"
    bad.write_text(json.dumps(rec))
    assert_user_error(invoke("replay", bad), "unknown game")


@pytest.mark.parametrize("seed, shown", [("abc", '"abc"'), (1.5, "1.5"), (True, "true"),
                                         (None, "null")])
def test_a_record_seed_must_be_a_whole_number(tmp_path, record_file, seed, shown):
    """Issue 10: "seed": "abc", 1.5 or true is refused in one line (1.5 and
    true used to replay as seed 1)."""
    rec = json.loads(record_file.read_text())
    rec["seed"] = seed
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    assert_user_error(invoke("replay", bad), f"seed must be a whole number, not {shown}")
    assert_user_error(invoke("replay", bad, "--check"), "seed must be a whole number")


def test_a_stacked_deck_with_a_card_twice_is_refused(tmp_path, record_file):
    """Issue 10: decks holding a card twice: one line naming the card."""
    rec = json.loads(record_file.read_text())
    g = pelit.load("xeri")
    pack = g.deck.texts(range(g.deck.size)).split()
    pack[1] = pack[0]
    rec["decks"] = [" ".join(pack)]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    assert_user_error(invoke("replay", bad), f"{pack[0]} is in the stacked pack 2 times")
    rec["decks"] = [[0] * 52]
    bad.write_text(json.dumps(rec))
    assert_user_error(invoke("replay", bad), "decks must be a list of packs in card text")


# -- bench --------------------------------------------------------------------

def test_bench_one_game_json():
    r = invoke("bench", "xeri", "--seconds", 0.2, "-o", "hands=1", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data["machine"]) >= {"cpu", "cores", "python"}
    (res,) = data["results"]
    assert res["game"] == "xeri" and res["matches"] >= 1
    assert res["deals"] == res["matches"]                   # hands=1: one deal a match
    assert res["actions_per_second"] > 0 and "deals_per_second" in res


def test_bench_cpu_clock():
    r = invoke("bench", "xeri", "--seconds", 0.2, "-o", "hands=1", "--json", "--cpu")
    assert r.exit_code == 0, r.output
    (res,) = json.loads(r.stdout)["results"]
    assert res["clock"] == "cpu" and res["seconds"] > 0 and res["deals_per_second"] > 0


def test_bench_measures_a_games_solver():
    # La Belle Lucie has a solver: bench adds its positions/s and time per deal
    r = invoke("bench", "la-belle-lucie", "--seconds", 0.2, "--json")
    assert r.exit_code == 0, r.output
    (res,) = json.loads(r.stdout)["results"]
    solver = res["solver"]
    assert solver["solver_deals"] >= 1 and solver["positions_per_second"] > 0
    assert solver["ms_per_deal"] > 0
    r = invoke("bench", "la-belle-lucie", "-s", 0.1)
    assert "la-belle-lucie solver:" in r.stdout and "positions/s" in r.stdout


def test_simulate_a_patience_counts_wins_not_draws():
    r = invoke("simulate", "la-belle-lucie", "-n", 3, "--json")
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    assert s["draws"] == 0 and len(s["wins"]) == 1
    assert sum(v["count"] for v in s["reasons"].values()) == 3


def test_bench_table():
    r = invoke("bench", "xeri", "-s", 0.1, "-o", "hands=1")
    assert r.exit_code == 0, r.output
    assert "matches/s" in r.stdout and "deals/s" in r.stdout and "Python" in r.stdout


@pytest.mark.parametrize("args, needle", [
    (["nope"], "unknown game"),
    (["-o", "hands=1"], "need one GAME"),
    (["xeri", "-s", 0], "--seconds must be more than 0"),
    (["xeri", "-o", "colour=red"], "no option 'colour'"),
    (["xeri", "-o", "seed=4"], "no option 'seed'"),
])
def test_bench_user_errors(args, needle):
    assert_user_error(invoke("bench", *args), needle)


@pytest.mark.parametrize("args", [["frob"], ["simulate", "xeri", "-n", "abc"], ["rules"]])
def test_usage_errors_exit_2_without_traceback(args):
    r = invoke(*args)
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_bench_measures_a_long_match_per_deal():
    """Issue 10: a match to a target score does not end in the time given;
    play stops at the end of the deal under way and the deals count."""
    from pelit.sim.bench import bench_game
    g = pelit.load("xeri")
    r = bench_game(g, 0.001, options=g.make_options(hands=99))
    assert r["unfinished"] and r["long_match"] and r["matches"] == 0
    assert r["deals"] >= 1 and r["deals_per_second"] > 0


def test_bench_table_says_a_long_match_is_measured_per_deal():
    r = invoke("bench", "canasta", "-s", 0.2)
    assert r.exit_code == 0, r.output
    assert "measured per deal" in r.stdout and "canasta *" in r.stdout


def test_bench_bots_times_heuristic_decisions():
    r = invoke("bench", "xeri", "--bots", "-s", 0.2, "-o", "hands=1", "--json")
    assert r.exit_code == 0, r.output
    (res,) = json.loads(r.stdout)["results"]
    assert res["game"] == "xeri" and res["decisions"] > 0
    assert 0 < res["p50_ms"] <= res["p99_ms"] <= res["max_ms"]


def test_bench_peers_without_openspiel_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)      # import pyspiel fails
    assert_user_error(invoke("bench", "--peers"), "pip install open_spiel")


def test_bench_peers_rows_when_openspiel_is_installed():
    pytest.importorskip("pyspiel")
    from pelit.sim import peers
    rows = peers.peer_rows(0.01, 1, only=("hex",))
    assert rows and all(r["pelit_rate"] > 0 and r["peer_rate"] > 0 for r in rows)
    assert {r["section"] for r in rows} >= {"board", "sample", "clone"}


def test_summary_counts_sides_draws_and_reason_kinds():
    from pelit.sim.batch import MatchResult, summarize
    g = pelit.load("xeri")
    rs = [MatchResult(0, 1, (5, 1, 5, 1), (0, 2), "team 0 reached 52 in hand 7", 90, 7),
          MatchResult(1, 2, (0, 9, 0, 9), (1, 3), "team 1 reached 55 in hand 9", 110, 9),
          MatchResult(2, 3, (4, 4, 4, 4), (), "stopped: a draw", 100, 8)]
    s = summarize(g, rs, 2.0, ["random"], 1, 1, g.make_options())
    assert s["wins"] == [1, 1, 1, 1] and s["draws"] == 1
    assert s["winning_sides"] == {"0+2": 1, "1+3": 1}
    assert s["reasons"]["team # reached # in hand #"]["count"] == 2
    # scores 1, 9, 4: sd sqrt(49/3) = 4.041; the mean's 95% interval 4.667 -+ 1.96 * 4.041 / sqrt(3)
    assert s["scores"][1] == {"mean": 4.667, "min": 1, "max": 9, "sd": 4.041,
                              "ci95": [0.093, 9.24]}
    assert s["actions_per_match"] == {"mean": 100.0, "min": 90, "max": 110}
    assert s["matches_per_second"] == 1.5
