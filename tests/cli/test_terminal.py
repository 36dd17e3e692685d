"""``pelit play`` through a real pseudo-terminal (pexpect), as a person types:
an abbreviation never completes a card, the end of a deal waits for Enter,
and the prompt has readline's line editing and history (issue 10)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

PELIT = Path(sys.executable).with_name("pelit")
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")
PROMPT = "your move>"


def spawn(*args, tmp_path):
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": str(tmp_path), "NO_COLOR": "1",
           "LANG": "C.UTF-8"}
    return pexpect.spawn(str(PELIT), ["play", *map(str, args), "--no-record"], env=env,
                         encoding="utf-8", dimensions=(50, 110), timeout=30)


def upto(child, pattern) -> str:
    """Everything the terminal showed up to ``pattern`` (colour codes removed)."""
    child.expect(pattern)
    return ANSI.sub("", child.before)


def test_an_abbreviation_never_completes_a_card(tmp_path):
    """Issue 10: in Tuppi (seed 5) 'bid 7' fits only 'bid 7♥', a rami bid; it
    must be asked back, not played.  'bid 4' fits two bid cards: both listed."""
    child = spawn("tuppi", "--seed", 5, tmp_path=tmp_path)
    upto(child, PROMPT)
    child.sendline("bid 7")
    shown = upto(child, PROMPT)
    assert "'bid 7' could be: bid 7♥" in shown and "never guessed" in shown
    child.sendline("bid 4")
    shown = upto(child, PROMPT)
    assert "could be: bid 4♠, bid 4♣" in shown
    child.sendline("legal")
    shown = upto(child, PROMPT)
    assert "bid 7♥" in shown                       # nothing was bid: still the auction
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_the_end_of_a_deal_is_summed_up_and_waits_for_enter(tmp_path):
    """Issue 10: seed 5, the person calls sooli and wins the first trick: the
    trick, the hand's scoring and the score are shown, and the next deal
    comes only after Enter."""
    child = spawn("tuppi", "--seed", 5, tmp_path=tmp_path)
    for move in ("bid 4♠", "call sooli", "discard 9♠", "Q♦"):
        upto(child, PROMPT)
        child.sendline(move)
    shown = upto(child, "Enter for the next deal")
    assert "Trick  Seat 3 A♦ · Seat 1 2♦ · You Q♦  won by you" in shown
    assert "End of the deal" in shown and "points 24" in shown
    assert "Seat 1 and Seat 3: 24" in shown and "[" not in shown.split("End of the deal")[1]
    assert "Tuppi · bid" not in shown                # the next deal not before Enter
    child.sendline("")
    shown = upto(child, PROMPT)
    assert "Tuppi · bid" in shown and "Legal: bid 4♠  bid 3♥" in shown   # deal 2's hand
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_the_prompt_has_line_editing_and_history(tmp_path):
    """Issue 10: readline at the prompt: the left arrow moves back to mend a
    word ('legl' + ← + 'a' is 'legal'); the up arrow brings the last line back."""
    child = spawn("tuppi", "--seed", 5, tmp_path=tmp_path)
    upto(child, PROMPT)
    child.send("legl")
    child.send("\x1b[D")                            # ←
    child.send("a\r")
    shown = upto(child, PROMPT)
    assert "Legal now: bid 4♠" in shown
    child.send("\x1b[A\r")                          # ↑: 'legal' again
    shown = upto(child, PROMPT)
    assert "Legal now: bid 4♠" in shown
    child.send("lega\t\r")                          # Tab completes a command or action
    shown = upto(child, PROMPT)
    assert "Legal now: bid 4♠" in shown
    child.sendline("quit")
    child.expect(pexpect.EOF)
