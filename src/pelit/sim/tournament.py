"""Tournaments of bots over games (``pelit tournament``).

Every pair of the bots named meets in every game named, over ``n`` *deal
sets*.  A deal set is one match seed (``batch.match_seed(seed, i)``), so
the same packs, played so that the luck of the cards and of the seats
cancels out:

duplicate (partnership games: ``GameInfo.teams`` and a duplicate form)
    one duplicate match (``core.duplicate``): the same deals at two tables,
    the teams' seats swapped; bot A plays team A (the even seats), bot B
    team B.
rotate (every other game)
    the line-up A, B, A, ... played once with the seats turned by each of
    0 .. n-1 places, on the same seed, so the same packs reach every seat
    with each bot; with an odd number of seats the line-up B, A, B, ... is
    turned too, so both bots hold as many seats.  A patience (one seat) is
    played once by each bot.

``--mode rotate`` plays partnership games rotated too (their line-up turned
by one seat swaps the teams over the same packs), which is how the suite
checks that both ways agree.

What counts.  In each match a seat's *return* is the outcome's (+1 a winner,
-1 a loser, 0 for all in a draw), and a bot's return is the mean return of
the seats it held.  A match scores 1 for A when A's return is above B's
(the winner sat in A's seat; A's team won), 0 when it is below, 0.5 when
they are equal (a draw, or a winner beside both); a patience compares A's
match with B's on the same deal.  A's *share* of a deal set is the mean over
its matches, and of a pair in a game the mean over the deal sets, with a 95%
interval over the deal sets (which are independent; the matches within a
set are not, which is why the set is the unit): the wider of the normal
interval and Wilson's for a rate of that mean over that many deal sets, so
a run of straight wins is not given an interval of zero width.  An interval
that excludes 0.5 says one bot is better beyond chance.

Ratings.  Every match also rates the bots with ``openskill``'s
Plackett-Luce model (a maintained Bayesian rating in the manner of
TrueSkill): the two bots are two teams ranked by their return in the match,
in the order of the results (which is fixed: the same for any number of
workers or a Ray cluster).  A rating is ``mu`` with its uncertainty
``sigma``; the 95% interval is ``mu`` +- 1.96 ``sigma``.  One rating per
bot over all games, and one per game.

Output.  ``results.jsonl`` (one line per match: game, mode, the pair, the
deal set, its seed, the bot in each seat, scores, winners, returns and the
record, which ``pelit replay`` reads), ``summary.json``, and the plots
``winrates.png`` (each pair's share per game with its interval) and
``scores.png`` (each bot's match scores per game).
"""

from __future__ import annotations

import itertools
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from ..core.errors import OptionError, PelitError
from ..core.registry import load
from ..bots import make_bot
from .batch import Z95, match_seed, seats_in_match
from .runner import play_match

MODES = ("auto", "rotate", "duplicate")


def duplicate_form(game, preset, overrides):
    """The duplicate form of a partnership game with these options, or
    ``None`` where there is none (no teams, or not at this many seats)."""
    if not game.info.teams:
        return None
    from ..core.duplicate import DuplicateGame, duplicate_of
    if isinstance(game, DuplicateGame):
        return game
    try:
        dup = duplicate_of(game)
        dup.new_state(seed=0, options=dup.make_options(preset, **overrides))
    except PelitError:
        return None
    return dup


def _lineups(a: str, b: str, seats: int) -> list[list[str]]:
    """The seatings of a rotated deal set: every turn of A, B, A, ... (and of
    B, A, B, ... where the seats are odd); a patience: A alone, B alone."""
    if seats == 1:
        return [[a], [b]]
    starts = [[a, b]] if seats % 2 == 0 else [[a, b], [b, a]]
    out = []
    for start in starts:
        slots = [start[s % 2] for s in range(seats)]
        out += [seats_in_match(slots, shift) for shift in range(seats)]
    return out


def play_deal_set(task) -> list[dict]:
    """Every match of one deal set of one pair in one game: a list of rows
    (module level, so worker processes and Ray can run it)."""
    game_id, preset, overrides, a, b, base, index, mode, records = task
    game = load(game_id)
    seed = match_seed(base, index)
    rows = []
    if mode == "duplicate":
        dup = duplicate_form(game, preset, overrides)
        options = dup.make_options(preset, **overrides)
        n = dup.num_players(dup.new_state(seed=0, options=options))
        seating = [[a, b][s % 2] for s in range(n)]
        rows.append(_row(dup, play_match(dup, seating, seed, options=options),
                         game_id, mode, a, b, index, seed, 0, seating, records))
        return rows
    options = game.make_options(preset, **overrides)
    n = game.num_players(game.new_state(seed=0, options=options))
    for k, seating in enumerate(_lineups(a, b, n)):
        rows.append(_row(game, play_match(game, seating, seed, options=options),
                         game_id, mode, a, b, index, seed, k, seating, records))
    return rows


def _row(game, state, game_id, mode, a, b, index, seed, turn, seating, records) -> dict:
    out = state.outcome
    returns = out.returns()
    row = {"game": game_id, "mode": mode, "pair": [a, b], "deal_set": index, "seed": seed,
           "turn": turn, "seats": list(seating), "scores": list(out.scores),
           "winners": list(out.winners), "returns": list(returns), "reason": out.reason,
           "actions": len(state.history)}
    if records:
        from ..core.records import record_of
        row["record"] = record_of(state)
    return row


def bot_return(row: dict, bot: str) -> float:
    """The mean return of the seats ``bot`` held in a match."""
    mine = [r for r, who in zip(row["returns"], row["seats"]) if who == bot]
    return sum(mine) / len(mine)


def _ahead(ra: float, rb: float) -> float:
    return 1.0 if ra > rb else 0.0 if ra < rb else 0.5


def share_of(rows: list[dict]) -> float:
    """A's share of a deal set: the mean of its matches' scores for A (1 A
    ahead, 0.5 even, 0 B ahead); a patience's two matches compared."""
    a, b = rows[0]["pair"]
    both = [r for r in rows if a in r["seats"] and b in r["seats"]]
    if both:
        return sum(_ahead(bot_return(r, a), bot_return(r, b)) for r in both) / len(both)
    ra = [bot_return(r, a) for r in rows if a in r["seats"]]
    rb = [bot_return(r, b) for r in rows if b in r["seats"]]
    return _ahead(sum(ra) / len(ra), sum(rb) / len(rb))


def match_score(row: dict) -> float:
    a, b = row["pair"]
    return _ahead(bot_return(row, a), bot_return(row, b))


def mean_ci(values: list[float], bounded: bool = False) -> tuple[float, list[float] | None]:
    """The mean and its 95% interval (normal); ``bounded`` values lie in
    [0, 1] and also get Wilson's interval for a rate, the wider one kept."""
    n = len(values)
    if not n:
        return float("nan"), None
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    lo, hi = mean - half, mean + half
    if bounded:
        z2 = Z95 * Z95
        centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
        w = Z95 * math.sqrt(max(mean * (1 - mean), 0.0) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        lo, hi = max(0.0, min(lo, centre - w)), min(1.0, max(hi, centre + w))
    return mean, [round(lo, 4), round(hi, 4)]


# -- the plan ------------------------------------------------------------------

@dataclass
class Plan:
    games: list[str]
    bots: list[str]
    n: int
    seed: int = 1
    mode: str = "auto"
    preset: str | None = None
    overrides: dict = field(default_factory=dict)
    records: bool = True

    def __post_init__(self):
        if self.mode not in MODES:
            raise OptionError(f"--mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        if len(self.bots) < 2:
            raise PelitError("a tournament needs at least two bots")
        if len(set(self.bots)) != len(self.bots):
            raise PelitError("each bot may be named once")
        if (self.preset or self.overrides) and len(self.games) != 1:
            raise OptionError("--option and --preset need one game")
        self.games = [load(g).info.id for g in self.games]
        self.modes = {}
        for gid in self.games:
            game = load(gid)
            options = game.make_options(self.preset, **self.overrides)
            for bot in self.bots:                # a wrong name is said before any work
                make_bot(bot, game, 0, 0)
            del options
            dup = duplicate_form(game, self.preset, self.overrides)
            if self.mode == "duplicate" and dup is None:
                raise PelitError(f"{gid} has no duplicate form (it is no partnership game "
                                 f"at these seats); use --mode auto or rotate")
            self.modes[gid] = "duplicate" if dup is not None and self.mode != "rotate" \
                else "rotate"

    @property
    def pairs(self) -> list[tuple[str, str]]:
        return list(itertools.combinations(self.bots, 2))

    def tasks(self) -> Iterator[tuple]:
        """One task per (game, pair, deal set), made as they are needed."""
        for gid in self.games:
            for a, b in self.pairs:
                for i in range(self.n):
                    yield (gid, self.preset, self.overrides, a, b, self.seed, i,
                           self.modes[gid], self.records)

    @property
    def total(self) -> int:
        return len(self.games) * len(self.pairs) * self.n


# -- running -----------------------------------------------------------------

def run_deal_sets(plan: Plan, workers: int = 1, ray: str | None = None) -> Iterator[list[dict]]:
    """The rows of each deal set, in the plan's order, locally (``workers``
    processes) or on Ray (``ray``: ``auto``, ``local`` or an address)."""
    from .parallel import ordered_map
    return ordered_map(play_deal_set, plan.tasks(), plan.total, workers=workers, ray=ray)


class Standings:
    """The summary of a tournament, summed deal set by deal set."""

    def __init__(self, plan: Plan):
        from openskill.models import PlackettLuce
        self.plan = plan
        self.model = PlackettLuce()
        self.overall = {b: self.model.rating(name=b) for b in plan.bots}
        self.per_game = {g: {b: self.model.rating(name=b) for b in plan.bots}
                         for g in plan.games}
        self.shares: dict[tuple, list[float]] = {}
        self.scores: dict[str, dict[str, list[float]]] = {g: {b: [] for b in plan.bots}
                                                          for g in plan.games}
        self.matches = 0
        self.deal_sets = 0

    def add(self, rows: list[dict]) -> None:
        gid = rows[0]["game"]
        a, b = rows[0]["pair"]
        self.shares.setdefault((gid, a, b), []).append(share_of(rows))
        both = [r for r in rows if a in r["seats"] and b in r["seats"]]
        if both:
            for row in both:
                self._rate(gid, a, b, bot_return(row, a), bot_return(row, b))
        else:                       # a patience: A's match against B's on the same deal
            ra = [bot_return(r, a) for r in rows if a in r["seats"]]
            rb = [bot_return(r, b) for r in rows if b in r["seats"]]
            self._rate(gid, a, b, sum(ra) / len(ra), sum(rb) / len(rb))
        for row in rows:
            self.matches += 1
            for bot in (a, b):
                mine = [s for s, who in zip(row["scores"], row["seats"]) if who == bot]
                if mine and all(isinstance(s, (int, float)) and not isinstance(s, bool)
                                for s in mine):
                    self.scores[gid][bot].append(sum(mine) / len(mine))
        self.deal_sets += 1

    def _rate(self, gid, a, b, ra: float, rb: float) -> None:
        for table in (self.overall, self.per_game[gid]):
            [[na], [nb]] = self.model.rate([[table[a]], [table[b]]], scores=[ra, rb])
            table[a], table[b] = na, nb

    @staticmethod
    def _rating(r) -> dict:
        return {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                "ci95": [round(r.mu - Z95 * r.sigma, 3), round(r.mu + Z95 * r.sigma, 3)]}

    def summary(self, elapsed: float | None = None, backend: str = "local") -> dict:
        plan = self.plan
        pairs = []
        for (gid, a, b), values in self.shares.items():
            mean, ci = mean_ci(values, bounded=True)
            pairs.append({"game": gid, "mode": plan.modes[gid], "a": a, "b": b,
                          "deal_sets": len(values), "share_a": round(mean, 4), "ci95": ci,
                          "a_ahead": sum(v > 0.5 for v in values),
                          "even": sum(v == 0.5 for v in values),
                          "b_ahead": sum(v < 0.5 for v in values),
                          "verdict": _verdict(a, b, ci)})
        ranked = sorted(plan.bots, key=lambda x: -self.overall[x].ordinal())
        out = {
            "games": plan.games, "bots": plan.bots, "deal_sets_per_pair": plan.n,
            "seed": plan.seed, "modes": plan.modes,
            "options": plan.overrides, "preset": plan.preset,
            "matches": self.matches, "deal_sets": self.deal_sets,
            "complete": self.deal_sets == plan.total,
            "pairs": pairs,
            "ratings": {"model": "openskill PlackettLuce",
                        "overall": {b: self._rating(self.overall[b]) for b in ranked},
                        "per_game": {g: {b: self._rating(t[b]) for b in plan.bots}
                                     for g, t in self.per_game.items()}},
            "scores": {g: {b: _stats(v) for b, v in per.items()}
                       for g, per in self.scores.items()},
            "backend": backend,
        }
        if elapsed is not None:
            out["seconds"] = round(elapsed, 3)
        return out


def _verdict(a, b, ci) -> str:
    if ci is None:
        return "too few deal sets"
    if ci[0] > 0.5:
        return f"{a} better"
    if ci[1] < 0.5:
        return f"{b} better"
    return "no difference shown"


def _stats(values: list[float]) -> dict:
    mean, ci = mean_ci(values)
    return {"matches": len(values), "mean": None if not values else round(mean, 3),
            "ci95": ci}


def run_tournament(plan: Plan, workers: int = 1, ray: str | None = None, out_dir=None,
                   on_deal_set=None) -> dict:
    """Play the plan, writing ``results.jsonl`` (and, at the end,
    ``summary.json`` and the plots) under ``out_dir`` when given.  Ctrl-C
    stops it: the summary then covers the deal sets played (``complete``
    is false)."""
    standings = Standings(plan)
    start = time.perf_counter()
    out = Path(out_dir) if out_dir is not None else None
    sink = None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        sink = open(out / "results.jsonl", "w")
    results = run_deal_sets(plan, workers, ray)
    try:
        for rows in results:
            standings.add(rows)
            if sink is not None:
                for row in rows:
                    sink.write(json.dumps(row, default=str) + "\n")
            if on_deal_set:
                on_deal_set(rows)
    except KeyboardInterrupt:
        pass
    finally:
        results.close()
        if sink is not None:
            sink.close()
    summary = standings.summary(time.perf_counter() - start,
                                backend="ray" if ray else f"{workers} worker(s)")
    if out is not None:
        (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
        from .plots import score_plot, share_plot
        summary["plots"] = [str(share_plot(summary, out / "winrates.png")),
                            str(score_plot(standings.scores, out / "scores.png"))]
    return summary
