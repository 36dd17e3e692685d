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


def test_openspiel_mccfr_runs_on_a_card_game_with_hidden_hands():
    """OpenSpiel's outcome-sampling MCCFR on Xeri (two hands a player): it
    walks the deal's chance nodes and the players' information states, and
    its average policy is a distribution over the legal actions."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr
    spiel = ops.load("xeri", hands=2)
    solver = mccfr.OutcomeSamplingSolver(spiel)
    for _ in range(20):
        solver.iteration()
    assert len(solver._infostates) > 20
    policy = solver.average_policy()
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert abs(sum(probs.values()) - 1.0) < 1e-9


@pytest.mark.parametrize("game_id, options", [("tuppi", {"target": 4}), ("xeri", {"hands": 2})])
def test_openspiel_ismcts_plays_pelit_games_with_hidden_cards(game_id, options):
    """OpenSpiel's IS-MCTS bot (its Python one: the C++ bot cannot call a
    Python game's resampler) plays the first moves of a match; at each of
    them the states ``resample_from_infostate`` draws show the player the
    same information state and the same legal actions, while the cards it
    cannot see lie elsewhere in some of them."""
    import random

    from open_spiel.python.algorithms import ismcts, mcts
    import numpy as np
    spiel = ops.load(game_id, **options)
    game = pelit.load(game_id)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                           uct_c=2.0, max_simulations=10, random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = spiel.new_initial_state()
    moves = 0
    while moves < 4:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        player = state.current_player()
        others_seen = set()
        for _ in range(4):
            world = state.resample_from_infostate(player, sampler)
            assert world.current_player() == player
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.legal_actions() == state.legal_actions()
            others_seen.add(tuple(str(game.view(world.state, s)["hand"])
                                  for s in range(spiel.num_players()) if s != player))
        truth = tuple(str(game.view(state.state, s)["hand"])
                      for s in range(spiel.num_players()) if s != player)
        assert len(others_seen | {truth}) > 1, "the hidden hands were never drawn again"
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    # a resampled world is a whole match: it plays on to the end, through the
    # next deal's chance nodes (Xeri: the second hand), the same as the real one
    world = state.resample_from_infostate(state.current_player(), sampler)
    pick = random.Random(0)
    chance = 0
    while not world.is_terminal():
        if world.is_chance_node():
            chance += 1
            outcomes = world.chance_outcomes()
            world.apply_action(outcomes[pick.randrange(len(outcomes))][0])
        else:
            world.apply_action(pick.choice(world.legal_actions()))
    assert sorted(world.returns()) in ([-1.0, 1.0], [-1.0, -1.0, 1.0, 1.0], [0.0] * len(world.returns()))
    if game_id == "xeri":
        assert chance >= 52


def test_resampling_before_the_deal_draws_the_chance_outcomes_again():
    spiel = ops.load("xeri", hands=1)
    state = spiel.new_initial_state()
    for a in (5, 51, 50):                      # the seed, two cards of the pack
        state.apply_action(a)
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.is_chance_node() and len(world.history()) == 3
    assert world.information_state_string(0) == state.information_state_string(0)
