"""Paired comparison over sampled worlds: the search bot's planner for games
whose deal luck drowns the difference between moves (``search_profiles``:
Huutopussi, Ristiseiska, Cactus).

The generic search (``bots/search.py``) values each move on worlds of its
own: one simulation deals one world and tries one move there.  In a trick
game with bidding the spread between worlds (who holds the marriages, the
aces) is many times the difference a card makes, so with a few dozen
simulations the move whose worlds happened to be kind looks best, and
overruling the heuristic on such evidence costs points (Huutopussi, search:32
against the heuristic: better on 0 seeds of 8, worse on 6).

Here every world is played out once for each legal move, from the same
world and with the same seeds for the rollout bots, and a move is judged by
its difference from the heuristic bot's move *in the same worlds*.  Where a
move changes nothing (the usual case) the differences are exactly zero, and
the heuristic's move stands unless another's mean difference beats it by
``CONFIDENCE`` standard errors over at least ``MIN_WORLDS`` worlds.

Budget: ``search:N`` deals N worlds (each costs one rollout a move tried: the
heuristic's and up to ``ALTERNATIVES`` others, its neighbours in the list of
legal moves, so the bids next to its bid, and the first, passing);
``search`` deals worlds until its seconds are spent.  The rollouts and their
values are the generic search's (``Searcher``: the heuristic bots to the end
of the deal, valued by the profile's score and scale).
"""

from __future__ import annotations

import math
import random
import time

from ..core.errors import IllegalAction
from ..core.rng import stream

CONFIDENCE = 2.0          # standard errors by which a move must beat the heuristic's
MIN_WORLDS = 4            # fewer worlds never overrule the heuristic
ALTERNATIVES = 6          # moves tried beside the heuristic's: its neighbours in the legal list
MAX_ACTIONS = 4000        # a rollout that long is valued where it stands


class PairedPlanner:
    """Decides every decision with more than one legal move of a game by
    paired comparison (see the module's notes); answers None where the game
    has no heuristic bot (the generic search decides)."""

    def __init__(self, game, seat: int, seed: int, bot):
        self.game = game
        self.seat = seat
        self.bot = bot
        self.rng = stream(seed, "search-paired", seat)
        self.sims: int | None = None
        self.seconds: float | None = bot.seconds
        self.used = False
        self.stats = {"simulations": 0, "seconds": 0.0, "rollout_actions": 0, "failed": 0,
                      "fallbacks": 0}

    def configure(self, sims, seconds) -> None:
        self.sims, self.seconds = sims, seconds

    def observe(self, events) -> None:
        pass                      # the searcher keeps the deal's memory for the rollouts

    def _rollout(self, world, action: int, seed: int) -> tuple[float, int]:
        """``action`` then the rollout policy to the horizon in ``world``
        (changed); the searching seat's value and the actions applied."""
        searcher = self.bot.searcher
        game = self.game
        policy = searcher.policy
        policy.begin(world, seed)
        arrival = random.Random(seed)
        start_packs = len(world.packs)
        game.apply(world, action, self.seat)
        steps = 1
        while world.outcome is None and steps < MAX_ACTIONS:
            if searcher.deal_horizon and len(world.packs) != start_packs:
                break
            if searcher.score_horizon and searcher._scores(world) != searcher.start_scores:
                break
            to_act = world.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(arrival.random() * len(to_act))]
            move = policy.act(world, seat)
            try:
                game.apply(world, move, seat)
            except IllegalAction:
                legal = game.legal_actions(world, seat)
                game.apply(world, legal[int(arrival.random() * len(legal))], seat)
            steps += 1
        return searcher.values(world)[self.seat], steps

    def choose(self, view: dict) -> int | None:
        bot = self.bot
        if bot.prior_bot is None:
            return None
        legal = view["legal"]
        prior = bot.prior_bot.choose(view)
        if prior not in legal:
            return None
        game = self.game
        searcher = bot.searcher
        profile = searcher.profile
        # what the generic search sets up for one decision (its values read these)
        searcher.players = view["players"]
        searcher.teams = profile.teams_of(view, searcher.players, game)
        searcher.start_scores = (profile.score(view, searcher.players)
                                 if profile.score is not None else None)
        searcher.deal_horizon = profile.score is not None
        searcher.score_horizon = profile.horizon == "score" and profile.score is not None
        # an auction offers dozens of bids: the ones next to the heuristic's
        # (and passing, first in the list) are the sensible alternatives
        at = legal.index(prior)
        near = sorted(range(len(legal)), key=lambda i: (abs(i - at), i))
        others = [legal[i] for i in near[1:ALTERNATIVES + 1]]
        if legal[0] != prior and legal[0] not in others:
            others[-1] = legal[0]
        diffs: dict[int, list[float]] = {a: [] for a in others}
        start = time.perf_counter()
        worlds = steps = 0
        while True:
            if self.sims is not None and worlds >= self.sims:
                break
            if self.sims is None and worlds:
                spent = time.perf_counter() - start
                if spent + spent / worlds > self.seconds:
                    break
            world = game.sample_world(view, self.rng)
            seed = self.rng.getrandbits(32)
            base, n = self._rollout(world.clone(), prior, seed)
            steps += n
            for a in others:
                v, n = self._rollout(world.clone(), a, seed)
                steps += n
                diffs[a].append(v - base)
            worlds += 1
        best = prior
        if worlds >= MIN_WORLDS:
            best_mean = 0.0
            for a in others:
                d = diffs[a]
                mean = sum(d) / worlds
                var = sum((x - mean) ** 2 for x in d) / (worlds - 1)
                if mean > best_mean and mean > CONFIDENCE * math.sqrt(var / worlds):
                    best, best_mean = a, mean
        self.stats = {"simulations": worlds, "seconds": time.perf_counter() - start,
                      "rollout_actions": steps, "failed": 0, "fallbacks": 0,
                      "values": {a: sum(d) / worlds for a, d in diffs.items()} if worlds else {}}
        return best
