"""Batches of bot matches and their summary (``pelit simulate``).

The line-up is the bots named for the seats, cycled to fill them
(``heuristic,random`` in a four-seat game: heuristic, random, heuristic,
random).  Each entry of it is a *slot*.  Match ``i`` of a batch with base
seed ``S`` is played with its own seed ``match_seed(S, i)`` and, by default,
the line-up turned ``i`` seats to the left (slot ``k`` sits in seat
``(k + i) % n``), so every slot plays every seat equally often and a
comparison of bots does not mix in the advantage of a seat.  A batch gives
the same results whatever the number of worker processes; results arrive in
match order.

A batch runs in constant memory for any number of matches: tasks are made
one at a time, at most a few per worker are in flight (``iter_results``,
``sim.parallel``; on a Ray cluster too, with the same results),
and ``Tally`` sums the results as they arrive instead of keeping them.  The
summary gives, per slot and per seat, wins with a 95% interval for the win
rate (Wilson's), and scores with their standard deviation and a 95%
interval for the mean; ``simulate`` stopped by Ctrl-C returns the summary of
the matches played so far.
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from ..bots import make_bot
from ..core.errors import PelitError
from ..core.game import options_dict
from ..core.registry import load
from ..core.rng import stream
from .parallel import ordered_map
from .runner import play_match

Z95 = 1.959964              # the normal quantile of a two-sided 95% interval


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
    shift: int = 0               # the line-up was turned this many seats


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
    for seat, name in enumerate(lineup(bots, game.num_players(state))):
        make_bot(name, game, seat, 0)
    return options


def lineup(bots, n: int) -> list[str]:
    """One bot name per slot (the seats of the first match): the names given,
    cycled to fill ``n`` seats (``heuristic`` when none is given)."""
    names = [b.strip() for b in bots if b.strip()] if bots else []
    if len(names) > n:
        raise PelitError(f"{len(names)} bots given for {n} seats")
    if not names:
        names = ["heuristic"]
    return [names[s % len(names)] for s in range(n)]


def seats_in_match(slots: list[str], shift: int) -> list[str]:
    """The bot in each seat when the line-up is turned ``shift`` seats: slot
    ``k`` sits in seat ``(k + shift) % n``."""
    n = len(slots)
    return [slots[(s - shift) % n] for s in range(n)]


def _play_one(task) -> MatchResult:
    game_id, bots, base_seed, index, preset, overrides, rotate = task
    game = load(game_id)
    options = game.make_options(preset, **overrides)
    seed = match_seed(base_seed, index)
    n = game.num_players(game.new_state(seed=seed, options=options))
    shift = index % n if rotate else 0
    state = play_match(game, seats_in_match(lineup(bots, n), shift), seed, options=options)
    out = state.outcome
    return MatchResult(index, seed, tuple(out.scores), tuple(out.winners), out.reason,
                       len(state.history), len(state.packs), deal_endings(state), shift)


def iter_results(game_id: str, n: int, bots=None, seed: int = 0, preset=None, overrides=None,
                 workers: int = 1, rotate: bool = True, ray: str | None = None
                 ) -> Iterator[MatchResult]:
    """Play ``n`` matches, yielding each result in match order, in constant
    memory (the tasks are made as they are needed), in this process, in
    ``workers`` processes or on Ray (``sim.parallel``)."""
    overrides = dict(overrides or {})
    bots = list(bots or [])
    tasks = ((game_id, bots, seed, i, preset, overrides, rotate) for i in range(n))
    return ordered_map(_play_one, tasks, n, workers=workers, ray=ray)


def run_batch(game_id: str, n: int, bots=None, seed: int = 0, preset=None, overrides=None,
              workers: int = 1, on_result=None, rotate: bool = True) -> list[MatchResult]:
    """Play ``n`` matches and return their results as a list (for batches
    small enough to keep; ``iter_results`` streams any size)."""
    out = []
    for r in iter_results(game_id, n, bots, seed, preset, overrides, workers, rotate):
        out.append(r)
        if on_result:
            on_result(r)
    return out


_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def reason_kind(reason: str) -> str:
    """An outcome reason with its numbers masked, so like endings group."""
    return _NUMBER.sub("#", reason)


class Stat:
    """Count, mean, standard deviation (Welford's running sums), min and max
    of a stream of numbers, in constant memory."""

    __slots__ = ("n", "mean", "m2", "lo", "hi")

    def __init__(self):
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.lo = self.hi = None

    def add(self, x) -> None:
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)
        self.lo = x if self.lo is None or x < self.lo else self.lo
        self.hi = x if self.hi is None or x > self.hi else self.hi

    def sd(self) -> float | None:
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else None

    def to_json(self, spread: bool = True) -> dict:
        if not self.n:
            out = {"mean": None, "min": None, "max": None}
            return {**out, "sd": None, "ci95": None} if spread else out
        out = {"mean": round(self.mean, 3), "min": self.lo, "max": self.hi}
        if spread:
            sd = self.sd()
            out["sd"] = None if sd is None else round(sd, 3)
            half = None if sd is None else Z95 * sd / math.sqrt(self.n)
            out["ci95"] = None if half is None else [round(self.mean - half, 3),
                                                     round(self.mean + half, 3)]
        return out


def wilson95(wins: int, n: int) -> list[float] | None:
    """Wilson's 95% interval for a win rate of ``wins`` in ``n`` matches."""
    if not n:
        return None
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


class Tally:
    """The summary of a batch, summed result by result in constant memory."""

    def __init__(self, slots: list[str] | None = None):
        self.slots = slots
        self.n = 0
        self.players = 0
        self.draws = 0
        self.seat_wins: list[int] = []
        self.slot_wins: list[int] = []
        self.seat_scores: list[Stat] = []
        self.slot_scores: list[Stat] = []
        self.sides = Counter()
        self.reasons = Counter()
        self.endings = Counter()
        self.actions = Stat()
        self.deals = Stat()

    def add(self, r: MatchResult) -> None:
        n = len(r.scores)
        if n > self.players:
            grow = n - self.players
            self.players = n
            self.seat_wins += [0] * grow
            self.slot_wins += [0] * grow
            self.seat_scores += [Stat() for _ in range(grow)]
            self.slot_scores += [Stat() for _ in range(grow)]
        self.n += 1
        # a patience (one seat) is won or lost, never drawn
        draw = n > 1 and (not r.winners or len(r.winners) == n)
        for seat in range(n):
            slot = (seat - r.shift) % n
            if not draw and seat in r.winners:
                self.seat_wins[seat] += 1
                self.slot_wins[slot] += 1
            if _number(r.scores[seat]):
                self.seat_scores[seat].add(r.scores[seat])
                self.slot_scores[slot].add(r.scores[seat])
        if draw:
            self.draws += 1
        else:
            self.sides["+".join(map(str, r.winners))] += 1
        self.reasons[reason_kind(r.reason)] += 1
        self.endings.update(r.deal_endings)
        self.actions.add(r.actions)
        self.deals.add(r.deals)

    def summary(self, game, elapsed: float, seed: int, workers: int, options,
                rotate: bool, requested: int | None = None) -> dict:
        n = self.n
        slots = self.slots or lineup([], self.players)
        n_deals = sum(self.endings.values())
        return {
            "game": game.info.id,
            "matches": n,
            "requested": n if requested is None else requested,
            "interrupted": requested is not None and n < requested,
            "seed": seed,
            "bots": list(slots),
            "rotate": rotate,
            "workers": workers,
            "options": options_dict(options) if options is not None else {},
            "slots": [{"slot": k, "bot": slots[k], "wins": w,
                       "win_rate": round(w / n, 4) if n else None, "win_ci95": wilson95(w, n),
                       "score": self.slot_scores[k].to_json()}
                      for k, w in enumerate(self.slot_wins)],
            "wins": list(self.seat_wins),
            "win_ci95": [wilson95(w, n) for w in self.seat_wins],
            "draws": self.draws,
            "winning_sides": dict(sorted(self.sides.items())),
            "scores": [s.to_json() for s in self.seat_scores],
            "actions_per_match": self.actions.to_json(spread=False),
            "deals_per_match": self.deals.to_json(spread=False),
            "reasons": {k: {"count": v, "share": round(v / n, 4)}
                        for k, v in self.reasons.most_common()},
            "deal_endings": {k: {"count": v, "share": round(v / n_deals, 4)}
                             for k, v in self.endings.most_common()},
            "seconds": round(elapsed, 3),
            "matches_per_second": round(n / elapsed, 2) if elapsed > 0 else None,
        }


def summarize(game, results, elapsed: float, bots, seed: int, workers: int, options,
              rotate: bool = False) -> dict:
    """The summary of finished results (any iterable)."""
    tally = None
    for r in results:
        if tally is None:
            tally = Tally(lineup(bots, len(r.scores)))
        tally.add(r)
    tally = tally or Tally(lineup(bots, 1))
    return tally.summary(game, elapsed, seed, workers, options, rotate)


def simulate(game_id: str, n: int, bots=None, seed: int = 0, preset=None, overrides=None,
             workers: int = 1, on_result=None, rotate: bool = True,
             ray: str | None = None) -> dict:
    """Play a batch and summarise it.  Ctrl-C stops it: the summary then
    covers the matches played so far (``interrupted``)."""
    game = load(game_id)
    options = check_setup(game, bots, preset, overrides or {})
    players = game.num_players(game.new_state(seed=0, options=options))
    tally = Tally(lineup(bots, players))
    start = time.perf_counter()
    results = iter_results(game.info.id, n, bots, seed, preset, overrides, workers, rotate, ray)
    try:
        for r in results:
            tally.add(r)
            if on_result:
                on_result(r)
    except KeyboardInterrupt:
        pass
    finally:
        results.close()             # the workers stop at once
    elapsed = time.perf_counter() - start
    summary = tally.summary(game, elapsed, seed, workers, options, rotate, requested=n)
    if ray:
        summary["ray"] = ray
    return summary
