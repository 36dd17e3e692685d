"""Measurements of the search bot (``bots/search.py``) for ``pelit bench``:

- ``search_rate``: simulations per second and time per move of one search
  bot (seat 0) among heuristic bots, over whole matches for a given time;
- ``dd_loss``: the card play of a bot in Bridge or Minibridge against double
  dummy.  The auction is the heuristic bots' (the same contracts for every
  bot compared); in the play, every card the bot plays is valued with all
  four hands in view (DDS), and the tricks it costs its side against the
  best card are summed per deal, for the declaring side and the defence.
"""

from __future__ import annotations

import statistics
import time

from ..bots import make_bot
from .duplicate import mean_interval


def _observe(bot, game, state, seat, seen):
    bot.observe(game.events_for(state, seat, seen[seat]))


def search_rate(game, seconds: float, seed: int, options, budget: str = "search") -> dict:
    """Seat 0 searching (``budget``: ``search``, ``search:N``), the others
    heuristic, matches played until ``seconds`` have passed: the search's
    simulations per second and its seconds per move (median, p90, max),
    over decisions with more than one legal action (at least one)."""
    clock = time.perf_counter
    make_bot(budget, game, 0, seed)         # the bot modules loaded before the clock starts
    start = clock()
    sims = 0
    think = 0.0
    moves: list[float] = []
    planned = 0
    failed = 0
    match = 0
    while clock() - start < seconds or not moves:
        state = game.new_state(seed=seed + match, options=options)
        n = game.num_players(state)
        bots = [make_bot(budget if s == 0 else "heuristic", game, s, seed + match)
                for s in range(n)]
        seen = [0] * n
        match += 1
        while state.outcome is None and (clock() - start < seconds or not moves):
            seat = state.to_act[0]
            bot = bots[seat]
            _observe(bot, game, state, seat, seen)
            seen[seat] = len(state.events)
            view = game.view(state, seat)
            t = clock()
            action = bot.choose(view)
            took = clock() - t
            if seat == 0 and len(view["legal"]) > 1:
                bot = getattr(bot, "bot", None) or bot      # a duplicate match's game bot
                stats = bot.stats
                sims += stats["simulations"]
                failed += stats["failed"]
                think += took
                moves.append(took)
                planner = getattr(bot, "planner", None)
                planned += bool(planner is not None and planner.used)
            game.apply(state, action, seat)
    moves.sort()
    return {
        "game": game.info.id, "bot": budget, "decisions": len(moves),
        "simulations": sims, "sims_per_s": round(sims / think, 1) if think else None,
        "move_median_s": round(statistics.median(moves), 4) if moves else None,
        "move_p90_s": round(moves[int(0.9 * (len(moves) - 1))], 4) if moves else None,
        "move_max_s": round(moves[-1], 4) if moves else None,
        "double_dummy_moves": planned, "failed_simulations": failed,
    }


def dd_loss(game, bot: str, deals: int, seed: int = 1) -> dict:
    """Tricks lost against double dummy per deal by ``bot``'s card play (the
    auction by heuristic bots), for the declaring side and the defence, with
    95% intervals over the deals played out (passed-out deals are skipped)."""
    from ..bots.search_dd import _dummy_play_problem, solve_dds
    if game.info.id not in ("bridge", "minibridge"):
        raise ValueError("tricks against double dummy are measured for bridge and minibridge")
    declarer_loss: list[float] = []
    defence_loss: list[float] = []
    clock = time.perf_counter
    think = 0.0
    cards = 0
    index = 0
    while len(declarer_loss) < deals:
        s = game.new_state(seed=seed + index, options=game.make_options(deals=1))
        index += 1
        n = game.num_players(s)
        bidders = [make_bot("heuristic", game, p, seed + index) for p in range(n)]
        players = [make_bot(bot, game, p, seed + index) for p in range(n)]
        seen_b = [0] * n
        seen_p = [0] * n
        lost = [0, 0]                  # declaring side, defence
        played = False
        while s.outcome is None and len(s.packs) <= 1:
            seat = s.to_act[0]
            for bots, seen in ((bidders, seen_b), (players, seen_p)):
                _observe(bots[seat], game, s, seat, seen)
                seen[seat] = len(s.events)
            view = game.view(s, seat)
            if s.phase.name == "PLAY":
                played = True
                t = clock()
                action = players[seat].choose(view)
                think += clock() - t
                cards += 1
                if len(view["legal"]) > 1:
                    tricks = solve_dds([_dummy_play_problem(s.dp)])[0]
                    lost[0 if s.dp.declaring(s.dp.turn) else 1] += \
                        max(tricks.values()) - tricks[action]
            else:
                action = bidders[seat].choose(view)
            game.apply(s, action, seat)
        if played:
            declarer_loss.append(lost[0])
            defence_loss.append(lost[1])

    def summary(xs):
        mean, _, half = mean_interval(xs)
        return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}

    return {"game": game.info.id, "bot": bot, "deals": deals, "seed": seed,
            "declarer_tricks_lost": summary(declarer_loss),
            "defence_tricks_lost": summary(defence_loss),
            "seconds_per_card": round(think / cards, 4) if cards else None}


def openspiel_ismcts_rate(seconds: float, seed: int = 1, simulations: int = 200) -> dict | None:
    """OpenSpiel's IS-MCTS (C++, random rollouts) on its Hearts, measured the
    same way as ``search_rate``: simulations per second and seconds per move
    of one searching seat, the others random.  None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    import random
    game = pyspiel.load_game("hearts")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(seed, evaluator, 2.0, simulations, -1,
                            pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False)
    rng = random.Random(seed)
    clock = time.perf_counter
    start = clock()
    moves: list[float] = []
    while clock() - start < seconds or not moves:
        state = game.new_initial_state()
        while not state.is_terminal() and (clock() - start < seconds or not moves):
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes],
                                               [p for _, p in outcomes])[0])
                continue
            legal = state.legal_actions()
            if state.current_player() == 0 and len(legal) > 1:
                t = clock()
                action = bot.step(state)
                moves.append(clock() - t)
            else:
                action = rng.choice(legal)
            state.apply_action(action)
    moves.sort()
    think = sum(moves)
    return {"game": "openspiel hearts", "bot": f"IS-MCTS:{simulations}",
            "decisions": len(moves), "simulations": simulations * len(moves),
            "sims_per_s": round(simulations * len(moves) / think, 1),
            "move_median_s": round(statistics.median(moves), 4),
            "move_p90_s": round(moves[int(0.9 * (len(moves) - 1))], 4),
            "move_max_s": round(moves[-1], 4), "double_dummy_moves": 0, "failed_simulations": 0}
