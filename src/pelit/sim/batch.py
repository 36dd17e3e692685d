"""Batches of bot matches and their summary (``pelit simulate``).

Match ``i`` of a batch with base seed ``S`` is played with its own seed
``match_seed(S, i)``, so a batch gives the same results whatever the number
of worker processes; results are gathered in match order.
"""

from __future__ import annotations

import math
import multiprocessing
import re
import time
from collections import Counter
from dataclasses import dataclass

from ..bots import make_bot
from ..core.errors import PelitError
from ..core.game import options_dict
from ..core.registry import load
from ..core.rng import stream
from .runner import play_match


@dataclass(frozen=True)
class MatchResult:
    index: int
    seed: int
    scores: tuple
    winners: tuple
    reason: str
    actions: int
    deals: int
    deal_endings: tuple = ()     # the reason of each deal a game scores with one


def deal_endings(state) -> tuple:
    """How each deal of a match ended, where the game's ``deal_scored`` event
    gives a reason (the Canasta family: going out or the stock running out);
    numbers are masked so like endings group."""
    return tuple(reason_kind(e.public["reason"]) for e in state.events
                 if e.kind == "deal_scored" and isinstance(e.public.get("reason"), str))


def match_seed(base: int, index: int) -> int:
    return stream(base, "match", index).getrandbits(63)


def check_setup(game, bots, preset, overrides):
    """Build the options and every bot once, so mistakes are reported before
    any work starts (raises ``PelitError``).  Returns the options."""
    options = game.make_options(preset, **overrides)
    state = game.new_state(seed=0, options=options)
    for seat, name in enumerate(seat_bots(bots, game.num_players(state))):
        make_bot(name, game, seat, 0)
    return options


def seat_bots(bots, n: int) -> list[str]:
    """One bot name per seat: the names given, the last one repeated."""
    names = [b.strip() for b in bots if b.strip()] if bots else []
    if len(names) > n:
        raise PelitError(f"{len(names)} bots given for {n} seats")
    if not names:
        names = ["heuristic"]
    if len(names) < n:
        names = names + [names[-1]] * (n - len(names))
    return names[:n]


def _play_one(task) -> MatchResult:
    game_id, bots, base_seed, index, preset, overrides = task
    game = load(game_id)
    options = game.make_options(preset, **overrides)
    seed = match_seed(base_seed, index)
    state = game.new_state(seed=seed, options=options)
    names = seat_bots(bots, game.num_players(state))
    state = play_match(game, names, seed, options=options)
    out = state.outcome
    return MatchResult(index, seed, tuple(out.scores), tuple(out.winners), out.reason,
                       len(state.history), len(state.packs), deal_endings(state))


def run_batch(game_id: str, n: int, bots=None, seed: int = 0, preset=None, overrides=None,
              workers: int = 1, on_result=None) -> list[MatchResult]:
    """Play ``n`` matches; ``on_result(result)`` is called as each one ends."""
    overrides = dict(overrides or {})
    tasks = [(game_id, list(bots or []), seed, i, preset, overrides) for i in range(n)]
    results = []
    if workers <= 1 or n <= 1:
        for task in tasks:
            r = _play_one(task)
            results.append(r)
            if on_result:
                on_result(r)
        return results
    # forkserver (else spawn): workers start from a clean process, never a
    # fork of one whose progress-bar thread might hold a lock
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    chunk = max(1, min(50, n // (workers * 8)))
    with ctx.Pool(min(workers, n)) as pool:
        for r in pool.imap(_play_one, tasks, chunksize=chunk):
            results.append(r)
            if on_result:
                on_result(r)
    return results


_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def reason_kind(reason: str) -> str:
    """An outcome reason with its numbers masked, so like endings group."""
    return _NUMBER.sub("#", reason)


def _stats(values) -> dict:
    if not values:
        return {"mean": None, "min": None, "max": None}
    mean = math.fsum(values) / len(values)
    return {"mean": round(mean, 3), "min": min(values), "max": max(values)}


def summarize(game, results: list[MatchResult], elapsed: float, bots, seed: int,
              workers: int, options) -> dict:
    n = len(results)
    players = max((len(r.scores) for r in results), default=0)
    wins = [0] * players
    draws = 0
    sides = Counter()
    for r in results:
        if len(r.scores) == 1:              # a patience: won or lost, never drawn
            wins[0] += bool(r.winners)
            continue
        if not r.winners or len(r.winners) == len(r.scores):
            draws += 1
            continue
        for s in r.winners:
            wins[s] += 1
        sides["+".join(map(str, r.winners))] += 1
    scores = []
    for s in range(players):
        vals = [r.scores[s] for r in results
                if isinstance(r.scores[s], (int, float)) and not isinstance(r.scores[s], bool)]
        scores.append(_stats(vals))
    reasons = Counter(reason_kind(r.reason) for r in results)
    endings = Counter(e for r in results for e in r.deal_endings)
    n_deals = sum(endings.values())
    out = {
        "game": game.info.id,
        "matches": n,
        "seed": seed,
        "bots": seat_bots(bots, players),
        "workers": workers,
        "options": options_dict(options) if options is not None else {},
        "wins": wins,
        "draws": draws,
        "winning_sides": dict(sorted(sides.items())),
        "scores": scores,
        "actions_per_match": _stats([r.actions for r in results]),
        "deals_per_match": _stats([r.deals for r in results]),
        "reasons": {k: {"count": v, "share": round(v / n, 4)}
                    for k, v in reasons.most_common()},
        "deal_endings": {k: {"count": v, "share": round(v / n_deals, 4)}
                         for k, v in endings.most_common()},
        "seconds": round(elapsed, 3),
        "matches_per_second": round(n / elapsed, 2) if elapsed > 0 else None,
    }
    return out


def simulate(game_id: str, n: int, bots=None, seed: int = 0, preset=None, overrides=None,
             workers: int = 1, on_result=None) -> dict:
    game = load(game_id)
    options = check_setup(game, bots, preset, overrides or {})
    start = time.perf_counter()
    results = run_batch(game.info.id, n, bots, seed, preset, overrides, workers, on_result)
    elapsed = time.perf_counter() - start
    return summarize(game, results, elapsed, bots, seed, workers, options)
