"""Duplicate matches in bulk (``pelit simulate GAME --duplicate``).

Every match is a duplicate match (``core.duplicate``): the same deals at two
tables with the teams' seats swapped, so what is left of the luck of the
deal is what the players make of it.  The summary is the team difference,
team A's points less team B's over both tables, per match: its mean with a
95% interval (normal approximation), its standard deviation, and how many
matches each team won.  With ``--bots A,B`` team A (the even seats) is
played by bot A and team B by bot B.
"""

from __future__ import annotations

import math
import multiprocessing
import time

from ..core.registry import load
from .batch import match_seed
from .runner import play_match

Z95 = 1.959964


def mean_interval(values, z: float = Z95) -> tuple[float, float, float]:
    """Mean, standard deviation and the half-width of the mean's interval
    (95% by default; the sd and half-width are 0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0, 0.0
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in values) / (n - 1))
    return mean, sd, z * sd / math.sqrt(n)


def seat_names(bots, seats: int) -> list[str]:
    """The bots named, cycled over the seats (A, B: A on the even seats,
    team A, and B on the odd ones, team B); heuristic when none is named."""
    names = [b.strip() for b in bots or [] if b.strip()] or ["heuristic"]
    return [names[s % len(names)] for s in range(seats)]


def _one(task) -> tuple:
    game_id, bots, base, index, preset, overrides = task
    game = load(game_id)
    options = game.make_options(preset, **overrides)
    seed = match_seed(base, index)
    names = seat_names(bots, game.num_players(game.new_state(seed=seed, options=options)))
    out = play_match(game, names, seed, options=options).outcome
    a, b = out.scores[0], out.scores[1]
    return a, b, a - b


def simulate_duplicate(game_id: str, n: int, bots=None, seed: int = 1, preset=None,
                       overrides=None, workers: int = 1, on_result=None) -> dict:
    """Play ``n`` duplicate matches of ``game_id`` (a duplicate game, e.g.
    ``tuppi-duplicate`` or ``sakaali-8``) and summarise the team difference."""
    game = load(game_id)
    overrides = dict(overrides or {})
    tasks = [(game.info.id, list(bots or []), seed, i, preset, overrides) for i in range(n)]
    start = time.perf_counter()
    rows = []
    if workers <= 1 or n <= 1:
        for task in tasks:
            rows.append(_one(task))
            if on_result:
                on_result(rows[-1])
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        with ctx.Pool(min(workers, n)) as pool:
            for row in pool.imap(_one, tasks, chunksize=max(1, min(20, n // (workers * 8)))):
                rows.append(row)
                if on_result:
                    on_result(row)
    elapsed = time.perf_counter() - start
    diffs = [d for _, _, d in rows]
    mean, sd, half = mean_interval(diffs)
    players = game.num_players(game.new_state(seed=0, options=game.make_options(preset, **overrides)))
    return {
        "game": game.info.id,
        "matches": n,
        "seed": seed,
        "bots": {"A": seat_names(bots, players)[0], "B": seat_names(bots, players)[1]},
        "team_points": {"A": round(math.fsum(a for a, _, _ in rows) / n, 3),
                        "B": round(math.fsum(b for _, b, _ in rows) / n, 3)},
        "team_difference": {"mean": round(mean, 3), "sd": round(sd, 3),
                            "ci95": [round(mean - half, 3), round(mean + half, 3)]},
        "wins": {"A": sum(d > 0 for d in diffs), "B": sum(d < 0 for d in diffs),
                 "draws": sum(d == 0 for d in diffs)},
        "seconds": round(elapsed, 3),
        "matches_per_second": round(n / elapsed, 2) if elapsed > 0 else None,
    }
