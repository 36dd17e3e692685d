"""``pelit referee``: one scorekeeper enters everything of an outdoor game
(games/_referee.py), decisions for whoever's turn it is and the facts."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

import pelit
from pelit.cli.main import app
from pelit.cli.referee import RefereeSession
from pelit.core.errors import PelitError


def console():
    return Console(file=io.StringIO(), width=100, force_terminal=False, highlight=False)


def session(game_id, lines, names=None, **overrides):
    feed = iter(lines)
    prompts = []

    def answer(prompt):
        prompts.append(prompt)
        return next(feed)

    s = RefereeSession(pelit.load(game_id), names=names, seed=3, overrides=overrides,
                       console=console(), save=False, input_fn=answer)
    return s, prompts


def test_one_prompt_enters_facts_and_every_players_bids():
    s, prompts = session("contract-petanque",
                         ["order 2 0 1", "bid 2", "double", "oops", "flee", "pass", "pass",
                          "thrown", "undo", "thrown", "thrown", "thrown", "balls 2 1 1",
                          "quit"], names=["Anna", "Ben", "Cecilia"], rounds=2)
    assert s.run() == 0
    state = s.state
    assert state.scores == [0, 4, 4] and state.round == 2
    # the prompt names the bidder, or asks what happened on the field
    assert "what happened" in prompts[0] and "seat 2 (Cecilia)" in prompts[1]
    text = s.console.file.getvalue()
    assert "Anna" in text and "not an action" in text


def test_a_whole_match_ends_with_the_outcome():
    s, _ = session("totem-tennis", ["point 1"] * 3, target=3)
    assert s.run() == 0
    assert s.state.outcome.winners == (1,)
    assert "seat 1 reaches 3 points" in s.console.file.getvalue()


def test_only_referee_games_and_the_right_number_of_names():
    with pytest.raises(PelitError, match="pelit play"):
        RefereeSession(pelit.load("xeri"), console=console(), save=False)
    with pytest.raises(PelitError, match="2 names given for 3 players"):
        RefereeSession(pelit.load("seinis"), names=["A", "B"], overrides={"players": 3},
                       console=console(), save=False)


def test_command_saves_a_record_that_replays(tmp_path):
    path = tmp_path / "rymy.json"
    result = CliRunner().invoke(app, ["referee", "rymypallo", "--record", str(path)],
                                input="goal 0\ngoal 1\ngoal 0\ntime\n")
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert record["actions"] == ["goal 0", "goal 1", "goal 0", "time"]
    again = CliRunner().invoke(app, ["replay", str(path), "--check"])
    assert again.exit_code == 0, again.output
