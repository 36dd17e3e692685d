"""``pelit simulate`` at any size (issue 10): tasks stream in constant memory,
Ctrl-C prints the summary of the matches played, seats rotate by default with
the line-up explicit, and the summary gives standard deviations and 95%
intervals."""

from __future__ import annotations

import math
import os
import re
import sys
from pathlib import Path

import pytest

import pelit
from pelit.sim.batch import (MatchResult, Stat, iter_results, lineup, seats_in_match,
                             simulate, summarize, wilson95)

PELIT = Path(sys.executable).with_name("pelit")


# -- the line-up and its rotation -------------------------------------------------

def test_the_line_up_cycles_the_bots_given_over_the_seats():
    """heuristic,random in a four-seat partnership game: partners are the same
    bot (it no longer gives the heuristic bot three random ones)."""
    assert lineup(["heuristic", "random"], 4) == ["heuristic", "random", "heuristic", "random"]
    assert lineup(["a", "b", "c"], 4) == ["a", "b", "c", "a"]
    assert lineup([], 3) == ["heuristic"] * 3
    assert seats_in_match(["a", "b", "c"], 1) == ["c", "a", "b"]      # slot k sits in k + 1


def test_seats_rotate_by_default_so_each_bot_plays_each_seat():
    """Match i turns the line-up i seats: in 2 matches of a 2-seat game each
    bot sat in each seat once; with rotate=False it never moves."""
    turned = list(iter_results("xeri", 4, ["heuristic", "random"], seed=5,
                               overrides={"hands": 1}))
    assert [r.shift for r in turned] == [0, 1, 0, 1]
    fixed = list(iter_results("xeri", 4, ["heuristic", "random"], seed=5,
                              overrides={"hands": 1}, rotate=False))
    assert {r.shift for r in fixed} == {0}
    # the same match seeds either way: only the seats differ
    assert [r.seed for r in turned] == [r.seed for r in fixed]


def test_the_summary_counts_wins_per_slot_across_rotated_seats():
    g = pelit.load("xeri")
    rs = [MatchResult(0, 1, (10, 2), (0,), "x", 10, 1, shift=0),    # slot 0 in seat 0 wins
          MatchResult(1, 2, (3, 12), (1,), "x", 10, 1, shift=1),    # slot 0 in seat 1 wins
          MatchResult(2, 3, (5, 9), (1,), "x", 10, 1, shift=0)]     # slot 1 in seat 1 wins
    s = summarize(g, rs, 1.0, ["heuristic", "random"], 1, 1, g.make_options(), rotate=True)
    assert s["bots"] == ["heuristic", "random"] and s["rotate"] is True
    assert [x["wins"] for x in s["slots"]] == [2, 1] and s["wins"] == [1, 2]
    assert s["slots"][0]["score"]["mean"] == round((10 + 12 + 5) / 3, 3)
    assert s["slots"][1]["score"]["min"] == 2 and s["slots"][1]["score"]["max"] == 9


# -- standard deviations and intervals --------------------------------------------

def test_stat_sd_and_interval_of_the_mean():
    st = Stat()
    for x in (2, 4, 4, 4, 5, 5, 7, 9):
        st.add(x)
    j = st.to_json()
    sd = math.sqrt(32 / 7)
    half = 1.959964 * sd / math.sqrt(8)
    assert j["mean"] == 5.0 and j["sd"] == round(sd, 3)
    assert j["ci95"] == [round(5 - half, 3), round(5 + half, 3)]
    one = Stat()
    one.add(3)
    assert one.to_json()["sd"] is None and one.to_json()["ci95"] is None


def test_wilson_interval_of_a_win_rate():
    lo, hi = wilson95(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson95(0, 10)[0] == 0.0 and wilson95(10, 10)[1] == 1.0
    assert wilson95(0, 0) is None


def test_simulate_json_has_intervals_and_the_line_up():
    s = simulate("xeri", 6, ["heuristic", "random"], seed=2, overrides={"hands": 1})
    assert s["bots"] == ["heuristic", "random"] and s["rotate"] and not s["interrupted"]
    assert s["requested"] == s["matches"] == 6
    for slot in s["slots"]:
        assert set(slot) >= {"bot", "wins", "win_rate", "win_ci95", "score"}
        assert set(slot["score"]) >= {"mean", "sd", "ci95"}
    assert len(s["win_ci95"]) == 2


# -- any -n in constant memory; Ctrl-C keeps what was played -----------------------

def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


pexpect = pytest.importorskip("pexpect")


def _spawn_simulate(*args):
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "NO_COLOR": "1", "LANG": "C.UTF-8",
           "HOME": os.environ.get("HOME", "/tmp")}
    return pexpect.spawn(str(PELIT), ["simulate", *map(str, args)], env=env, encoding="utf-8",
                         dimensions=(40, 120), timeout=60)


def _done(child) -> int:
    """Wait for the progress bar's next count of finished matches."""
    child.expect(r"(\d+)/100000000")
    return int(child.match.group(1))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
@pytest.mark.parametrize("workers", [1, 2])
def test_a_huge_batch_streams_in_flat_memory(workers):
    """-n 100000000 used to build every task first (1.4 GB after 8 s).  Here
    memory taken after the first matches is the same after many more."""
    child = _spawn_simulate("xeri", "-n", 100_000_000, "-o", "hands=1", "--workers", workers)
    pids = [child.pid]
    try:
        first = _done(child)
        while first < 20:
            first = _done(child)
        before = sum(_rss_kb(p) for p in pids)
        done = first
        while done < first + 200:
            done = _done(child)
        after = sum(_rss_kb(p) for p in pids)
        assert after - before < 20_000, (before, after)      # kB: nothing grows with -n
        assert after < 400_000
    finally:
        child.terminate(force=True)


def test_ctrl_c_prints_the_summary_of_the_matches_played():
    """Ctrl-C in a running batch: the summary of the finished matches, said to
    be partial, and exit status 130."""
    child = _spawn_simulate("xeri", "-n", 100_000_000, "-o", "hands=1")
    done = _done(child)
    while done < 5:
        done = _done(child)
    child.sendintr()
    child.expect(pexpect.EOF)
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", child.before)
    child.close()
    m = re.search(r"Interrupted: (\d+) of 100000000 matches played", text)
    assert m and int(m.group(1)) >= done, text[-2000:]
    assert "Per bot" in text and "How matches ended" in text
    assert child.exitstatus == 130


def test_an_interrupted_batch_returns_the_summary_so_far():
    """Ctrl-C reaches ``simulate`` as KeyboardInterrupt (here raised after the
    third result): the summary covers three matches and says it is partial."""
    seen = []

    def stop_after_three(result):
        seen.append(result)
        if len(seen) == 3:
            raise KeyboardInterrupt

    s = simulate("xeri", 1_000_000, ["heuristic", "random"], seed=4,
                 overrides={"hands": 1}, on_result=stop_after_three)
    assert s["interrupted"] and s["matches"] == 3 and s["requested"] == 1_000_000
    assert sum(v["count"] for v in s["reasons"].values()) == 3
