"""Duplicate matches of any partnership game (core/duplicate.py): the same
deals at both tables, read from the records; the conformance and leak suites
over duplicates; renumbering undone exactly; ``pelit simulate --duplicate``."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import pelit
import test_conformance as conformance
import test_leaks as leaks
from pelit.bots import make_bot
from pelit.bots.duplicate import DuplicateBot
from pelit.core.duplicate import TableEvent
from pelit.core.errors import OptionError, PelitError
from pelit.core.records import check_record, jsonable, record_of
from pelit.sim.duplicate import mean_interval, simulate_duplicate
from pelit.sim.runner import play_match

from support import random_step

# Tuppi and Sakaali (four seats), Diloti (two players: a duplicate of four
# seats); Sakaali for eight goes through both suites as a registered game
SUITES = ["tuppi-duplicate", "sakaali-duplicate", "diloti-duplicate"]


@pytest.mark.parametrize("game_id", SUITES)
def test_duplicates_conform(game_id):
    conformance.test_random_matches_conform(game_id)
    conformance.test_replay_prefix_matches(game_id)


@pytest.mark.parametrize("game_id", SUITES[1:])
def test_duplicates_do_not_leak(game_id):
    leaks.test_views_do_not_leak(game_id)


def dealt_by_table(state):
    """From a replayed duplicate's log: per table, per deal, the cards each
    seat of the game was dealt and the duplicate's seat that held them."""
    out = {}
    deal_at = {}
    for e in state.events:
        if not isinstance(e, TableEvent):
            continue
        if e.kind == "new_deal":
            deal_at[e.room] = e.public["deal"]
        elif e.kind == "dealt":
            hands = out.setdefault(e.room, {}).setdefault(deal_at[e.room], [None] * 4)
            hands[e.inner.seat] = (e.seat, int(e.inner.private["cards"]))
    return out


@pytest.mark.parametrize("game_id, bots", [("tuppi-duplicate", ["heuristic", "random"]),
                                          ("sakaali-duplicate", ["random"])])
def test_both_tables_get_identical_deals_shown_from_the_record(game_id, bots):
    game = pelit.load(game_id)
    s = play_match(game, bots, 7, **game.test_options)
    record = json.loads(json.dumps(record_of(s)))
    again = check_record(record)
    one, two = again.tables
    common = min(len(one.packs), len(two.packs))
    assert common >= 1 and one.packs[:common] == two.packs[:common]
    dealt = dealt_by_table(again)
    for k in range(common):
        for (p1, cards1), (p2, cards2) in zip(dealt[0][k], dealt[1][k]):
            assert cards1 == cards2            # each seat of the game: the same cards
            assert p1 % 2 != p2 % 2            # held by the other team at the other table


def test_renumbering_is_undone_exactly():
    """A seat's view and events, renumbered for the duplicate, give back the
    game's own view and events of its table (what bots and sampled worlds use)."""
    for game_id in ("tuppi-duplicate", "sakaali-8", "canasta-duplicate"):
        game = pelit.load(game_id)
        rng = random.Random(3)
        s = game.new_state(seed=3, **game.test_options)
        for step in range(160):
            if s.outcome is not None:
                break
            if step % 20 == 0:
                for seat in range(game.players):
                    v = game.view(s, seat)
                    want = json.dumps(jsonable(v.own, game.inner), sort_keys=True)
                    got = json.dumps(jsonable(game.inner_view(v), game.inner), sort_keys=True)
                    assert got == want, (game_id, seat)
                    room, seats = s.where[seat][0], s.seatings[s.where[seat][0]]
                    for e in game.events_for(s, seat)[-6:]:
                        if hasattr(e, "own"):
                            assert game.inward(e, room, seats) == e.own
            g_seat, action = random_step(s, rng)
            game.apply(s, action, g_seat)


def test_what_a_seat_sees_of_its_own_table_only():
    game = pelit.load("tuppi-duplicate")
    s = game.new_state(seed=5, **game.test_options)
    v = game.view(s, 6)
    assert v["your_table"] == 2 and v["seating"] == [[0, 1, 2, 3], [5, 6, 7, 4]]
    assert set(v["to_act"]) <= {4, 5, 6, 7}
    assert v["hand_sizes"][:4] == [None] * 4
    assert int(v["hand"]) >> game.cards == s.tables[1].hands[1]      # table 2's copy
    assert all(e.get("seat") in (None, 4, 5, 6, 7) for e in game.events_for(s, 6))
    spectator = game.view(s, None)
    assert len(spectator["tables"]) == 2 and "hand" not in spectator


def test_only_partnership_games_have_a_duplicate_form():
    with pytest.raises(OptionError, match="not a partnership card game"):
        pelit.load("xeri-duplicate")
    with pytest.raises(OptionError, match="an even number of seats"):
        pelit.load("top-trumps-duplicate")
    with pytest.raises(OptionError, match="a duplicate match already"):
        pelit.load("sakaali-8-duplicate")
    assert pelit.load("tuppi-duplicate") is pelit.load("Tuppi-Duplicate")
    assert "tuppi-duplicate" not in pelit.game_ids()      # built on use, not listed


def test_each_seat_gets_the_game_s_bot_for_its_table():
    game = pelit.load("tuppi-duplicate")
    bot = make_bot("heuristic", game, 5, 1)
    assert isinstance(bot, DuplicateBot) and bot.name == "heuristic"
    with pytest.raises(PelitError, match="unknown bot"):
        make_bot("nobody", game, 5, 1)


def test_equal_bots_tie_exactly_when_the_luck_of_the_deal_is_taken_out():
    """The Sakaali bot plays by its cards alone: at two tables with the same
    deals, each team makes what the other made, to the point."""
    out = simulate_duplicate("sakaali-duplicate", 3, ["heuristic"], seed=2)
    assert out["team_difference"] == {"mean": 0.0, "sd": 0.0, "ci95": [0.0, 0.0]}
    assert out["wins"] == {"A": 0, "B": 0, "draws": 3}


def test_mean_interval():
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    assert mean_interval([4]) == (4.0, 0.0, 0.0)
    mean, sd, half = mean_interval([1, 3])
    assert mean == 2 and sd == pytest.approx(2 ** 0.5) and half == pytest.approx(1.959964)


def test_simulate_duplicate_reports_the_team_difference_with_its_interval():
    from pelit.cli.main import app
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "tuppi", "--duplicate", "-n", "3", "-o", "target=16",
                            "--bots", "heuristic,random", "--json"])
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    assert s["game"] == "tuppi-duplicate" and s["matches"] == 3
    d = s["team_difference"]
    assert d["ci95"][0] <= d["mean"] <= d["ci95"][1] and d["mean"] > 0
    assert s["bots"] == {"A": "heuristic", "B": "random"}
    r = runner.invoke(app, ["simulate", "sakaali-8", "--duplicate", "-n", "2", "-o", "deals=1"])
    assert r.exit_code == 0 and "Team difference (A less B) per match" in r.stdout
    r = runner.invoke(app, ["simulate", "xeri", "--duplicate", "-n", "2"])
    assert r.exit_code == 2 and "no duplicate form" in r.stderr

