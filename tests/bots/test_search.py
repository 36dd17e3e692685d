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
        # the generic search (not double dummy, not a game's own planner), on
        # a move it searched (the connection games' planner leaves the swap
        # and the first stone to the heuristic and plays a win in one at once)
        if not stats.get("values") and stats.get("searched", True) and "planner" not in stats:
            assert stats["failed"] == 0, stats
            assert stats["simulations"] == 3


@pytest.mark.parametrize("game_id", GAMES)
def test_random_rollouts_play_every_game_from_views(game_id):
    # search:N:random: no heuristic, no planner, the rollouts at random
    game = pelit.load(game_id)
    # (one decision of two simulations: a random rollout of a game without
    # deals runs to the end of the match, thousands of moves in some)
    rows = _decisions(game, 5, ["search:2:random", "heuristic"], 1)
    for legal, action, stats in rows:
        assert action in legal
        assert stats["failed"] == 0 and stats["fallbacks"] == 0, stats
        assert stats["simulations"] == 2


@pytest.mark.parametrize("game_id, bot", [(g, "search:6") for g in ("xeri", "lorum", "tuppi",
                                                                     "hex")]
                         + [(g, "search:20:random") for g in ("tuppi", "lorum", "y")])
def test_the_same_seed_gives_the_same_moves(game_id, bot):
    game = pelit.load(game_id)
    first = _decisions(game, 11, [bot, "heuristic"], 4)
    again = _decisions(game, 11, [bot, "heuristic"], 4)
    assert [a for _, a, _ in first] == [a for _, a, _ in again]
    assert len(first) == 4


def test_random_rollouts_drop_the_heuristic_and_the_planner():
    game = pelit.load("tuppi")
    bot = make_bot("search:2s:random", game, 0, 1)
    assert bot.seconds == 2.0 and bot.sims is None
    assert bot.prior_bot is None and bot.planner is None
    assert bot.profile.rollout == "random" and bot.profile.confidence == 0
    # the default keeps both
    default = make_bot("search:5", game, 0, 1)
    assert default.prior_bot is not None and default.planner is not None
    # Hex keeps its compiled search, with uniform fills
    hex_bot = make_bot("search:5:random", pelit.load("hex"), 0, 1)
    assert hex_bot.planner.uniform_fills and hex_bot.prior_bot is None


@pytest.mark.parametrize("setting", ["0", "-3", "fast", "0s", "2x", "5:6", "random:random",
                                     "5:random:7"])
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
