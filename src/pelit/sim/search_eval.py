"""Is one bot better than another at a game?  Duplicate comparison on the
same deals (``pelit compare``; the tournament can call ``compare``).

For every match seed the deals are fixed (each deal's pack comes from the
match's seed and the deal's number alone), so one bot can be put in the
place of another with nothing else changed:

- the *baseline* match: bot B in every seat;
- for each side (a partnership in a partnership game, else a seat): the
  same match with bot A on that side and B everywhere else.

A side's *margin* is how much better that side did with A than with B on
the same cards, in the same seats, against the same opponents; a seed's
margin is the mean over its sides (so every seat, and in a partnership game
both partnerships, gets A equally often), and the summary is the mean over
seeds with a 95% interval (normal approximation; seeds are independent).

What "did better" means:

- where the search bot's profile can read the match standings (games scored
  deal by deal: ``bots/search_profiles``), a match may be cut to its first
  ``deals`` deals, and a side's result is its score less the average score
  of the other sides (in the game's own points);
- otherwise (matches of one deal, board games) the result is the match's:
  +1 for a win, -1 for a loss, by places where the outcome ranks the seats.

Heuristic bots are seeded by the match seed and their seat, so in the
baseline and the test match they make the same choices wherever they see the
same thing.
"""

from __future__ import annotations

import math
import multiprocessing
import time

from ..bots import make_bot
from ..core.registry import load
from ..core.rng import stream
from .batch import match_seed
from .duplicate import mean_interval


def sides_of(game, state) -> list[tuple[int, ...]]:
    """The sides bot A takes in turn: partnerships where the game has them
    (partners alternate round the table), else single seats."""
    n = game.num_players(state)
    if game.info.teams and n % 2 == 0 and n > 2:
        return [tuple(s for s in range(n) if s % 2 == k) for k in range(2)]
    return [(s,) for s in range(n)]


def play(game, names, seed: int, options, deals: int | None, max_actions: int = 200_000):
    """A match with ``names[s]`` in seat ``s``, stopped when deal ``deals + 1``
    is dealt (``None``: played to its end).  Returns the state and each
    seat's decision count and search time."""
    state = game.new_state(seed=seed, options=options)
    n = game.num_players(state)
    bots = [make_bot(names[s], game, s, seed) for s in range(n)]
    arrival = stream(seed, "arrival")
    seen = [0] * n
    think = [0.0] * n
    steps = 0
    clock = time.perf_counter
    while state.outcome is None:
        if deals is not None and len(state.packs) > deals:
            break
        to_act = state.to_act
        seat = to_act[0] if len(to_act) == 1 else arrival.choice(to_act)
        bot = bots[seat]
        bot.observe(game.events_for(state, seat, seen[seat]))
        seen[seat] = len(state.events)
        t = clock()
        action = bot.choose(game.view(state, seat))
        think[seat] += clock() - t
        game.apply(state, action, seat)
        steps += 1
        if steps >= max_actions:
            raise RuntimeError(f"{game.info.id} seed {seed}: no end after {max_actions} actions")
    return state, think


def results(game, state, profile) -> tuple[list[float], str]:
    """Each seat's result (see the module's notes) and its unit."""
    from ..bots.search import Searcher
    n = game.num_players(state)
    if profile.score is not None:
        scores = profile.score(game.view(state, None), n)
        teams = profile.teams_of(game.view(state, None), n, game)
        out = []
        for s in range(n):
            others = [scores[t] for t in range(n) if teams[t] != teams[s]]
            out.append(scores[s] - (sum(others) / len(others) if others else 0.0))
        return out, "points"
    if state.outcome is None:
        return [0.0] * n, "result"
    probe = Searcher.__new__(Searcher)
    probe.players = n
    return Searcher._outcome_values(probe, state.outcome), "result"


def _one_seed(task) -> dict:
    game_id, bot_a, bot_b, base, index, options_json, deals = task
    game = load(game_id)
    options = game.make_options(**options_json)
    from ..bots.search_profiles import profile_for
    profile = profile_for(game)
    seed = match_seed(base, index)
    probe = game.new_state(seed=seed, options=options)
    n = game.num_players(probe)
    cut = deals if profile.score is not None else None
    base_state, _ = play(game, [bot_b] * n, seed, options, cut)
    base_res, unit = results(game, base_state, profile)
    margins = []
    think = []
    decisions_time = 0.0
    for side in sides_of(game, probe):
        names = [bot_a if s in side else bot_b for s in range(n)]
        state, t = play(game, names, seed, options, cut)
        res, _ = results(game, state, profile)
        margins.append(sum(res[s] - base_res[s] for s in side) / len(side))
        decisions_time += sum(t[s] for s in side)
    return {"index": index, "seed": seed, "margin": sum(margins) / len(margins),
            "sides": margins, "unit": unit, "think_seconds": decisions_time}


def compare(game_id: str, bot_a: str = "search", bot_b: str = "heuristic", seeds: int = 20,
            seed: int = 1, deals: int = 1, overrides=None, workers: int = 1,
            on_result=None) -> dict:
    """Bot A against bot B on ``seeds`` match seeds (see the module's notes):
    the mean margin of A over B with its 95% interval, how many seeds A
    improved, and the time A thought."""
    game = load(game_id)
    overrides = dict(overrides or {})
    options = game.make_options(**overrides)
    # fail early on a bad bot name
    probe = game.new_state(seed=0, options=options)
    for name in (bot_a, bot_b):
        make_bot(name, game, 0, 0)
    tasks = [(game.info.id, bot_a, bot_b, seed, i, overrides, deals) for i in range(seeds)]
    start = time.perf_counter()
    rows = []
    if workers <= 1 or seeds <= 1:
        for t in tasks:
            rows.append(_one_seed(t))
            if on_result:
                on_result(rows[-1])
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        with ctx.Pool(min(workers, seeds)) as pool:
            for row in pool.imap(_one_seed, tasks):
                rows.append(row)
                if on_result:
                    on_result(row)
    elapsed = time.perf_counter() - start
    margins = [r["margin"] for r in rows]
    mean, sd, half = mean_interval(margins)
    return {
        "game": game.info.id, "a": bot_a, "b": bot_b, "seeds": seeds, "seed": seed,
        "deals": deals if rows and rows[0]["unit"] == "points" else None,
        "unit": rows[0]["unit"] if rows else None,
        "sides": len(sides_of(game, probe)),
        "margin": {"mean": round(mean, 4), "sd": round(sd, 4),
                   "ci95": [round(mean - half, 4), round(mean + half, 4)]},
        "better": sum(m > 0 for m in margins), "worse": sum(m < 0 for m in margins),
        "same": sum(m == 0 for m in margins),
        "think_seconds": round(math.fsum(r["think_seconds"] for r in rows), 2),
        "seconds": round(elapsed, 2),
    }
