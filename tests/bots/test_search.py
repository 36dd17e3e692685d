"""The search bot (bots/search.py): offered for every game, legal moves from
views in every registered game with no simulation failing on a sampled
world, the same moves for the same seed, clear errors for a bad budget."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import bot_names, make_bot
from pelit.core.registry import all_games

GAMES = [g.info.id for g in all_games()]


def _decisions(game, seed, names, limit):
    """Plays until ``limit`` decisions of seat 0 with a choice were made;
    returns seat 0's (legal, chosen, stats) for each."""
    s = game.new_state(seed=seed, options=game.make_options(**getattr(game, "test_options", {})))
    n = game.num_players(s)
    bots = [make_bot(names[p] if p < len(names) else names[-1], game, p, seed) for p in range(n)]
    seen = [0] * n
    out = []
    steps = 0
    while s.outcome is None and len(out) < limit and steps < 3000:
        seat = s.to_act[0]
        bot = bots[seat]
        bot.observe(game.events_for(s, seat, seen[seat]))
        seen[seat] = len(s.events)
        view = game.view(s, seat)
        action = bot.choose(view)
        if seat == 0 and len(view["legal"]) > 1:
            # a duplicate match's bot plays through the game's own bot
            inner = getattr(bot, "bot", None) or bot
            out.append((view["legal"], action, dict(inner.stats)))
        game.apply(s, action, seat)
        steps += 1
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_bot_plays_every_game_from_views(game_id):
    game = pelit.load(game_id)
    assert "search" in bot_names(game)
    for legal, action, stats in _decisions(game, 5, ["search:3", "heuristic"], 2):
        assert action in legal
        if not stats.get("values") and "planner" not in stats:   # the generic search
            assert stats["failed"] == 0, stats
            assert stats["simulations"] == 3


@pytest.mark.parametrize("game_id", ["xeri", "lorum", "tuppi", "hex"])
def test_the_same_seed_gives_the_same_moves(game_id):
    game = pelit.load(game_id)
    first = _decisions(game, 11, ["search:6", "heuristic"], 4)
    again = _decisions(game, 11, ["search:6", "heuristic"], 4)
    assert [a for _, a, _ in first] == [a for _, a, _ in again]
    assert len(first) == 4


@pytest.mark.parametrize("setting", ["0", "-3", "fast", "0s", "2x"])
def test_a_bad_budget_is_a_clear_error(setting):
    game = pelit.load("xeri")
    with pytest.raises(pelit.PelitError, match="search takes a number of simulations"):
        make_bot(f"search:{setting}", game, 0, 0)


def test_a_time_budget_runs_as_many_simulations_as_fit():
    game = pelit.load("xeri")
    rows = _decisions(game, 3, ["search:0.2s", "heuristic"], 1)
    legal, action, stats = rows[0]
    # every simulation begun either completed or was cut by the clock
    assert action in legal and stats["simulations"] + stats["cut"] >= 1 and stats["cut"] <= 1


def test_a_rollout_cut_by_the_time_limit_leaves_the_heuristics_move():
    # a budget far shorter than one rollout: nothing completes, the prior stands
    game = pelit.load("fireplace-poker")
    s = game.new_state(seed=2)
    seat = s.to_act[0]
    bot = make_bot("search:0.000001s", game, seat, 2)
    bot.observe(game.events_for(s, seat, 0))
    view = game.view(s, seat)
    action = bot.choose(view)
    assert bot.stats["cut"] == 1 and bot.stats["simulations"] == 0
    assert action == bot.searcher.root_prior and action in view["legal"]


def test_the_search_bot_is_not_a_games_last_bot():
    # the web table fills empty seats with a game's last bot: it stays the
    # instant heuristic (or the game's own, Go's mcts), not a 0.9 s search
    assert bot_names(pelit.load("bridge"))[-1] == "heuristic"
    assert bot_names(pelit.load("go"))[-2:] == ["heuristic", "mcts"]
