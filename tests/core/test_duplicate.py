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
from pelit.core.presentation import keys_in_roles
from pelit.cards.deck import Card, CardSet
from pelit.core.duplicate import TableEvent
from pelit.core.seat_fields import is_seat_list
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


def _duplicate_ids():
    out = ["sakaali-8"]
    for game in pelit.all_games():
        try:
            pelit.load(game.info.id + "-duplicate")
        except PelitError:
            continue
        out.append(game.info.id + "-duplicate")
    return out


@pytest.mark.parametrize("game_id", _duplicate_ids())
def test_renumbering_is_undone_exactly(game_id):
    """A seat's view and events, renumbered for the duplicate, give back the
    game's own view and events of its table (what bots and sampled worlds use)."""
    game = pelit.load(game_id)
    rng = random.Random(3)
    s = game.new_state(seed=3, **game.test_options)
    for step in range(800):
        if s.outcome is not None:
            break
        if step % 40 == 0:
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
    with pytest.raises(OptionError, match="partnerships change"):
        pelit.load("klubiskruuvi-duplicate")         # 13.1: everyone partners everyone
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



def _second_table_views(game_id, seed, ready, steps=4000):
    """Random play of ``game_id``'s duplicate until ``ready(view)`` holds for
    the game's own view at the second table (where team A holds partnership
    1): that view, the same seat's view in the duplicate, and the duplicate's
    seats at that table."""
    game = pelit.load(game_id)
    s = game.new_state(seed=seed, **game.test_options)
    rng = random.Random(seed)
    for _ in range(steps):
        seats = s.seatings[1]
        own = game.inner.view(s.tables[1], 0)
        if ready(own):
            return own, game.view(s, seats[0]), seats
        seat, action = random_step(s, rng)
        game.apply(s, action, seat)
    raise AssertionError("the second table never got there")


def test_tuppi_second_table_shows_teams_a_and_b():
    """Tuppi at the second table: its per-seat teams, tricks, scores, the
    rising team and the seats of the bid order in the duplicate's terms."""
    own, v, seats = _second_table_views(
        "tuppi-duplicate", 5, lambda o: o["results"] and o["rising"] is not None
        and o["phase"] == "play" and sum(o["tricks_won"]) and o["bid_order"])
    assert [v["team"][p] for p in seats] == [p % 2 for p in seats]     # A: the even seats
    assert v["tricks_won"] == own["tricks_won"][::-1]
    assert v["scores"] == own["scores"][::-1]
    assert v["rising"] == 1 - own["rising"]
    assert v["bid_order"] == [seats[i] for i in own["bid_order"]]
    assert v["results"][-1]["scores"] == own["results"][-1]["scores"][::-1]
    assert v["results"][-1]["team"] == 1 - own["results"][-1]["team"]


# -- every partnership game's fields as a duplicate renumbers them ----------------------------

def _four_seat_partnership_games():
    """Partnership games whose duplicate seats pairs at each table (with two
    players a seat's list and a partnership's are the same list)."""
    out = []
    for game in pelit.all_games():
        try:
            dup = pelit.load(game.info.id + "-duplicate")
        except PelitError:
            continue
        if dup.n > 2:
            out.append(game.info.id)
    return out


TEAM_WORDS = ("team", "side", "partnership", "rising")
# keys that look like a partnership's but are not, with why
NOT_A_PARTNERSHIP = {
    "legal": "action ids", "to_act": "seats",
    "sides": "Canasta 2x54: how many sides there are",
}


def _is_play(x) -> bool:
    return isinstance(x, (list, tuple)) and len(x) == 2 and isinstance(x[1], Card)


def _look(hints, view, n, seen, top=True):
    """Notes every field of ``view`` (and of dicts within it) that may be a
    partnership's: ``seen[key]`` gathers (what, length or None, top)."""
    for key, value in view.items():
        if key in NOT_A_PARTNERSHIP:
            continue
        notes = seen.setdefault(key, set())
        if value.__class__ is int:
            notes.add(("number", None, top))
        elif isinstance(value, (list, tuple)) and not is_seat_list(hints, key, value) \
                and not any(_is_play(x) for x in value):
            plain = all(x.__class__ in (int, bool, float) for x in value)
            shaped = plain or all(isinstance(x, dict) for x in value) or all(
                isinstance(x, (list, tuple)) for x in value) or all(
                isinstance(x, CardSet) for x in value)
            cards = any(isinstance(x, Card) for x in value)     # never a seat's list
            notes.add(("cards" if cards else "list" if shaped else "other", len(value), top))
            if len(value) == n and plain and all(x.__class__ is int for x in value):
                notes.add(("numbers a seat", n, top))
            for x in value:
                if isinstance(x, dict):
                    _look(hints, x, n, seen, top=False)
        elif isinstance(value, dict):
            _look(hints, value, n, seen, top=False)


@pytest.mark.parametrize("game_id", _four_seat_partnership_games())
def test_partnership_fields_are_declared_for_the_duplicate(game_id):
    """A duplicate puts whatever is one entry a partnership in the order of
    its teams A and B, and swaps partnership numbers, at the second table,
    as the game's hints say (``team_lists``, ``team_fields``): a field a
    game forgot shows the wrong team's numbers there (Tuppi's tricks did).
    Found by their looks: a list of two entries, always two; a number, or
    a number a seat, named for a team or side.  A list that only grows to
    one entry a seat (the results of four deals) must not be taken for one
    (``table``)."""
    game = pelit.load(game_id)
    hints = game.render_hints or {}
    layout = getattr(game, "web_layout", None) or {}
    team_lists = (set(hints.get("team_lists", ())) | set(layout.get("teams", ()))
                  | keys_in_roles(layout, ("team",)))
    team_fields = set(hints.get("team_fields", ()))
    not_per_seat = (set(hints.get("table", ())) | set(hints.get("per_seat", ()))
                    | set(layout.get("per_seat", ())) | team_lists)
    seen = {}
    for seed in (1, 2):
        state = game.new_state(seed=seed, **game.test_options)
        n = game.num_players(state)
        rng = random.Random(seed)
        step = 0
        while state.outcome is None and step < 2500:
            if step % 3 == 0:
                for seat in (None, *range(n)):
                    _look(hints, game.view(state, seat), n, seen)
            seat, action = random_step(state, rng)
            game.apply(state, action, seat)
            step += 1
        for event in state.events:
            for seat in (None, 0):
                _look(hints, event.for_seat(seat), n, seen, top=False)
    problems = []
    for key, notes in sorted(seen.items()):
        named = any(w in key.lower() for w in TEAM_WORDS)
        # a list of one entry a seat (a match's scores) may share the name
        lengths = {size for what, size, _ in notes if what in ("list", "other")} - {n}
        if lengths == {2} and any(what == "list" for what, _, _ in notes) \
                and key not in team_lists:
            problems.append(("always two entries, not in team_lists", key))
        if named and key not in team_fields and any(
                what in ("number", "numbers a seat") for what, _, _ in notes):
            problems.append(("a partnership's number, not in team_fields", key))
        top_lengths = {size for what, size, top in notes if top and what in ("list", "other")}
        if n in top_lengths and len(top_lengths) > 1 and key not in not_per_seat:
            problems.append(("grows to one entry a seat, not in table or per_seat", key))
    assert not problems, f"{game_id}: {problems}"
