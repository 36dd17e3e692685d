"""The OpenSpiel adapter (``pelit.rl.openspiel``): OpenSpiel's own random
simulation test over every game, chance nodes for the deal, and one of
OpenSpiel's algorithms running on a pelit game."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pelit
from pelit.rl import openspiel as ops

GAMES = [g.info.id for g in pelit.all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation(game_id):
    game = pelit.load(game_id)
    spiel = ops.load(game_id, **game.test_options)
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


def test_every_game_is_registered_with_its_options_as_parameters():
    names = set(pyspiel.registered_names())
    assert {ops.spiel_name(g) for g in GAMES} <= names
    hex5 = pyspiel.load_game("pelit_hex(size=5)")
    assert hex5.num_distinct_actions() == 26 and hex5.num_players() == 2
    assert hex5.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


def test_the_deal_is_chosen_card_by_card_at_chance_nodes():
    """Xeri: a seed node, then one chance node per place of the pack; the
    hands pelit deals are those cards."""
    spiel = ops.load("xeri")
    state = spiel.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == ops.SEEDS
    state.apply_action(7)                              # the seed
    pack = list(range(51, -1, -1))                      # the pack chosen: 2C, 3C, ... first
    for card in pack:
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 52 - pack.index(card)
        state.apply_action(card)
    assert not state.is_chance_node()
    pelit_state = state.state
    assert pelit_state.packs[0] == tuple(pack)
    direct = pelit.load("xeri").new_state(seed=7, decks=[pack])
    view = pelit.load("xeri").view
    assert str(view(pelit_state, 0)["hand"]) == str(view(direct, 0)["hand"])


def test_information_states_have_perfect_recall_and_hide_other_hands():
    spiel = ops.load("tuppi", target=4)
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    s0, s1 = state.information_state_string(0), state.information_state_string(1)
    assert s0 != s1 and s0.startswith("history ")
    assert len(state.information_state_tensor(0)) == spiel.information_state_tensor_size()
    before = state.information_state_string(0)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(0) != before


def test_openspiel_mcts_plays_pelit_hex():
    """The docs' example: OpenSpiel's own MCTS bot against its random bot on
    a 3x3 pelit Hex board, where the first player should win."""
    from open_spiel.python.algorithms import mcts
    import numpy as np
    spiel = pyspiel.load_game("pelit_hex(size=3,swap=False)")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bot = mcts.MCTSBot(spiel, uct_c=1.4, max_simulations=60, evaluator=evaluator,
                       random_state=rng)
    wins = 0
    for _ in range(3):
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        wins += state.returns()[0] > 0
    assert wins >= 2
