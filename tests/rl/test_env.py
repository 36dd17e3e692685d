"""PettingZoo AEC environments for every game, their action maps and
observations, and the Gymnasium single-seat wrapper (``pelit.rl``)."""

from __future__ import annotations

import contextlib
import io
import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import pelit
from pelit.cards.deck import ids
from pelit.core.errors import IllegalAction
from pelit.rl import env
from pelit.rl.observe import layout
from pelit.rl.spaces import ActionMap

GAMES = [g.info.id for g in pelit.all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test(game_id):
    """PettingZoo's own api_test, short: 20 cycles of every agent."""
    from pettingzoo.test import api_test
    game = pelit.load(game_id)
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        api_test(env(game_id, **game.test_options), num_cycles=20)


@pytest.mark.parametrize("game_id", GAMES)
def test_action_map_matches_the_legal_list(game_id):
    """Along a random match: the mask has one 1 per legal action (none of
    the games' positions needs more ids than the space has), every masked id
    maps to a legal engine id and back, and the id space stays fixed."""
    game = pelit.load(game_id)
    options = game.make_options(**game.test_options)
    amap = ActionMap(game, options)
    assert 0 < amap.size <= 4096 + 512
    state = game.new_state(seed=11, options=options)
    rng = random.Random(11)
    for _ in range(150):
        if state.outcome is not None:
            break
        seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
        legal = game.legal_actions(state, seat)
        mask = amap.mask(legal)
        assert mask.dtype == np.int8 and mask.shape == (amap.size,)
        assert int(mask.sum()) == len(legal) and not amap.truncated(legal)
        assert amap.legal_ids(legal) == np.flatnonzero(mask).tolist()
        engine = [amap.to_engine(i, legal) for i in np.flatnonzero(mask)]
        assert sorted(engine) == sorted(legal) and engine == amap.legal_order(legal)
        assert all(amap.to_agent(e, legal) == i for i, e in zip(np.flatnonzero(mask), engine))
        game.apply(state, rng.choice(legal), seat)


@pytest.mark.parametrize("game_id", ["hex", "y", "go", "tuppi", "la-belle-lucie", "diloti",
                                     "believe-or-doubt", "bridge-meets-guess-who",
                                     "kiertopokeri", "speculation"])
def test_the_environments_kept_mask_is_the_mask_of_the_legal_list(game_id):
    """The environment keeps one mask buffer per space and changes only what
    the last action changed (a board's cell taken, a question asked), or
    takes back the long list it held before a short one (Kiertopokeri's
    claims around a choice of two): at every step of random
    matches, for every agent, its mask is exactly the legal list's, built
    afresh; an id the mask refuses is refused by ``step`` and changes
    nothing."""
    game = pelit.load(game_id)
    e = env(game_id, **game.test_options)
    rng = np.random.default_rng(5)
    for seed in range(2):
        e.reset(seed=seed)
        for _ in range(200):
            if e.state.outcome is not None:
                break
            for agent in e.agents:
                legal = game.legal_actions(e.state, e._seat[agent])
                fresh = ActionMap(game, e.options)
                want = np.zeros(fresh.size, np.int8)
                for a in legal:
                    want[fresh.to_agent(a, legal)] = 1
                assert np.array_equal(e.action_mask(agent), want)
            agent = e.agent_selection
            mask = e.action_mask(agent)
            if not mask.all():
                version = len(e.state.history)
                with pytest.raises(IllegalAction):
                    e.step(int(np.flatnonzero(mask == 0)[0]))
                assert len(e.state.history) == version
                mask = e.action_mask(agent)
            e.step(int(rng.choice(np.flatnonzero(mask))))


def test_board_spaces_follow_the_board_size():
    """Hex, Y and Go: one id per cell of the chosen board, then the verb."""
    assert ActionMap(pelit.load("hex"), pelit.load("hex").make_options(size=7)).size == 50
    assert ActionMap(pelit.load("hex"), pelit.load("hex").make_options(size=11)).size == 122
    assert ActionMap(pelit.load("go"), pelit.load("go").make_options(size=9)).size == 82
    y = pelit.load("y")
    assert ActionMap(y, y.make_options(size=5)).size == 15 + 1
    e = env("go", size=5)
    e.reset(seed=1)
    assert e.legal_text("player_0")[-1] == "pass" and len(e.legal_text("player_0")) == 26


def test_diloti_is_an_index_into_the_sorted_legal_list():
    game = pelit.load("diloti")
    amap = ActionMap(game, game.make_options())
    assert amap.mode == "index" and amap.size == 512
    e = env("diloti")
    e.reset(seed=4)
    agent = e.agent_selection
    legal = game.legal_actions(e.state, e._seat[agent])
    assert e.legal_text(agent) == [game.action_text(a) for a in sorted(legal)]
    e.step(0)                                     # the legal action of the lowest engine id
    assert e.state.history[-1][1] == min(legal)


def _play_out(e, seed, rng):
    e.reset(seed=seed)
    steps = 0
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps, totals


@pytest.mark.parametrize("game_id", ["cactus", "valepaska", "hex", "la-belle-lucie", "chinese-ten"])
def test_a_whole_match_ends_with_the_outcome_returns(game_id):
    """Played to its end through agent_iter: every agent is terminated and
    gets the seat's return of the match's outcome; the history is the steps."""
    game = pelit.load(game_id)
    e = env(game_id, **game.test_options)
    steps, totals = _play_out(e, 5, np.random.default_rng(5))
    assert e.agents == [] and e.state.outcome is not None
    assert steps == len(e.state.history)
    assert list(totals.values()) == list(e.state.outcome.returns())


def test_out_of_turn_windows_select_only_seats_that_may_act():
    """Valepaska's doubt window: whenever several seats may act, the agent
    selected is one of them, and only its mask is open."""
    e = env("valepaska", players=4)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    windows = 0
    for agent in e.agent_iter(2000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        to_act = e.state.to_act
        seat = e._seat[agent]
        assert seat in to_act
        if len(to_act) > 1:
            windows += 1
            for other in e.possible_agents:
                if e._seat[other] not in to_act:
                    assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert windows > 0


def test_an_illegal_id_is_refused_and_changes_nothing():
    e = env("tuppi")
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = len(e.state.history)
    with pytest.raises(IllegalAction, match="no legal action id"):
        e.step(bad)
    assert len(e.state.history) == before and e.agent_selection == agent


def test_the_same_seed_gives_the_same_match():
    a, b = env("tuppi"), env("tuppi")
    ra, rb = _play_out(a, 9, np.random.default_rng(1)), _play_out(b, 9, np.random.default_rng(1))
    assert ra == rb and a.state.history == b.state.history


def test_observation_layout_is_documented_and_fixed():
    """The layout lists its slots without gaps; tuppi has its hand as a card
    plane and its scores as scalars; a hex board has stone planes."""
    tuppi = pelit.load("tuppi")
    lay = layout(tuppi, tuppi.make_options())
    slots = lay.describe()
    assert slots[0]["offset"] == 0
    for a, b in zip(slots, slots[1:]):
        assert b["offset"] == a["offset"] + a["length"]
    assert slots[-1]["offset"] + slots[-1]["length"] == lay.size
    names = {s["name"]: s for s in slots}
    assert names["hand"]["kind"] == "cards" and names["hand"]["length"] == 52
    assert names["scores.0"]["kind"] == "num"
    e = env("tuppi")
    e.reset(seed=3)
    view = tuppi.view(e.state, 0)
    obs = e.observe("player_0")["observation"]
    hand = obs[names["hand"]["offset"]:names["hand"]["offset"] + 52]
    assert list(np.flatnonzero(hand)) == ids(view["hand"])
    hexg = pelit.load("hex")
    hl = {s["name"]: s for s in layout(hexg, hexg.make_options(size=5)).describe()}
    assert hl["board"]["kind"] == "board" and hl["board"]["stones"] == ["B", "R"]
    assert hl["board"]["length"] == 2 * 25



@pytest.mark.parametrize("game_id", ["hex", "y", "go"])
def test_board_planes_put_each_stone_at_row_times_size_plus_column(game_id):
    """A board's rows (Y's triangle has rows of 1, 2, ... cells) go onto
    ``size x size`` planes, one per kind of stone, cell (r, c) at r*size+c."""
    game = pelit.load(game_id)
    options = game.make_options(size=5)
    lay = layout(game, options)
    board = {s["name"]: s for s in lay.describe()}["board"]
    state = game.new_state(seed=2, options=options)
    rng = random.Random(2)
    for _ in range(9):
        seat = state.to_act[0]
        legal = [a for a in game.legal_actions(state, seat)
                 if game.action_text(a) not in ("swap", "pass")]
        game.apply(state, rng.choice(legal), seat)
    view = game.view(state, 0)
    planes = lay.encode(view)[board["offset"]:board["offset"] + board["length"]].reshape(-1, 25)
    for plane, stone in zip(planes, board["stones"]):
        want = [r * 5 + c for r, row in enumerate(view["board"])
                for c, ch in enumerate(row) if ch == stone]
        assert list(np.flatnonzero(plane)) == want and want

def test_gymnasium_check_env_and_an_episode():
    from gymnasium.utils.env_checker import check_env
    from pelit.rl.gym import SingleSeatEnv
    for game_id, options in (("tuppi", {}), ("hex", {"size": 5})):
        e = SingleSeatEnv(game_id, seat=1, bots="heuristic", **options)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_env(e, skip_render_check=True)
        obs, _ = e.reset(seed=3)
        rng = np.random.default_rng(3)
        done, reward = False, 0.0
        while not done:
            obs, reward, term, trunc, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = term or trunc
        assert reward in (-1.0, 0.0, 1.0) and e.aec.state.outcome is not None
        assert reward == e.aec.state.outcome.returns()[1]


def test_gymnasium_illegal_action_ends_the_episode_and_says_why():
    from pelit.rl.gym import SingleSeatEnv
    e = SingleSeatEnv("tuppi", seat=0, bots="random")
    obs, _ = e.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = len(e.aec.state.history)
    _, reward, term, _, info = e.step(bad)
    assert term and reward == -1.0 and "not a legal action id" in info["illegal"]
    assert len(e.aec.state.history) == before
    strict = SingleSeatEnv("tuppi", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(bad)


def test_bench_env_reports_the_three_loops():
    """``pelit bench GAME --env``'s figures (no time is asserted: the loops
    ran, and the cost is the plain rate over the env's)."""
    from pelit.rl.bench import bench_env
    game = pelit.load("xeri")
    r = bench_env(game, seconds=0.05, seed=3)
    assert r["game"] == "xeri"
    for key in ("plain_actions_per_second", "env_steps_per_second",
                "env_observe_steps_per_second"):
        assert r[key] > 0
    assert abs(r["env_cost"] - r["plain_actions_per_second"] / r["env_steps_per_second"]) < 0.02


@pytest.mark.parametrize("game_id", ["hex", "tuppi", "bridge", "canasta", "texas-holdem",
                                     "believe-or-doubt"])
def test_the_fast_encoding_reads_a_view_as_the_general_walk_does(game_id):
    """``Layout.encode`` walks a view along the layout's paths (a dict and
    the View subclass alike); the general walk ``_walked`` is the reference:
    the same tensor at every step (a move list longer than the lists read is
    left out by both: Hex's after its 16th move)."""
    game = pelit.load(game_id)
    options = game.make_options()
    lay = layout(game, options)
    state = game.new_state(seed=4, options=options)
    rng = random.Random(4)
    for _ in range(60):
        if state.outcome is not None:
            break
        for seat in range(game.num_players(state)):
            view = game.view(state, seat)
            want = np.zeros(lay.size, np.float32)
            lay._walked(view, lay._root, want)
            want[lay._seat_offsets["seat"] + seat] = 1.0
            for s in view.get("to_act", ()):
                want[lay._seat_offsets["to_act"] + s] = 1.0
            assert np.array_equal(lay.encode(view), want)
        seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
        game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
