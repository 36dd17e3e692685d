"""Bots named by import path (``--bots pkg.module:Class``), beside the
games' own bots and ``heuristic:SETTING``."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import RandomBot, bot_names, make_bot
from pelit.core.errors import PelitError
from pelit.sim.batch import simulate

from rlbots.sample import AlwaysFirst


def test_an_import_path_loads_any_bot_class():
    bot = make_bot("rlbots.sample:AlwaysFirst", pelit.load("tuppi"), 2, 7)
    assert isinstance(bot, AlwaysFirst) and bot.seat == 2


def test_the_minimal_example_bot_plays_a_batch():
    summary = simulate("xeri", 6, ["examples.first_bot:FirstBot", "random"], seed=3)
    assert summary["matches"] == 6 and summary["bots"][0] == "examples.first_bot:FirstBot"


@pytest.mark.parametrize("path, why", [
    ("nowhere.at_all:Bot", "cannot import nowhere.at_all"),
    ("rlbots.sample:Missing", "has no Missing"),
    ("os.path:join", "is not a pelit.bots.Bot subclass"),
])
def test_a_wrong_import_path_says_why(path, why):
    with pytest.raises(PelitError, match=why):
        make_bot(path, pelit.load("tuppi"), 0)


def test_a_bot_for_some_games_refuses_the_others():
    make_bot("rlbots.sample:OnlyXeri", pelit.load("xeri"), 0)
    with pytest.raises(PelitError, match="plays xeri, not tuppi"):
        make_bot("rlbots.sample:OnlyXeri", pelit.load("tuppi"), 0)


def test_names_without_a_dotted_module_keep_their_meaning():
    """``random`` and ``heuristic`` as before; ``heuristic:SETTING`` is still a
    setting (tuppi's heuristic takes none: the same refusal as before)."""
    assert isinstance(make_bot("random", pelit.load("tuppi"), 0), RandomBot)
    with pytest.raises(PelitError, match="takes no setting"):
        make_bot("heuristic:0.8", pelit.load("tuppi"), 0)


def test_the_server_offers_the_operators_bots(monkeypatch):
    """``PELIT_BOTS`` adds import paths to a game's bots (the list the web
    table offers and checks a choice against); a bot for other games only is
    not offered."""
    monkeypatch.setenv("PELIT_BOTS", "rlbots.sample:AlwaysFirst,"
                                     "rlbots.sample:OnlyXeri")
    assert bot_names(pelit.load("xeri"))[-2:] == ["rlbots.sample:AlwaysFirst",
                                                 "rlbots.sample:OnlyXeri"]
    assert "rlbots.sample:OnlyXeri" not in bot_names(pelit.load("tuppi"))
    monkeypatch.delenv("PELIT_BOTS")
    assert not any(":" in b for b in bot_names(pelit.load("xeri")))
