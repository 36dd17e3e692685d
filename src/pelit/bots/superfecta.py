"""A Superfecta player that bets on the likeliest finishes.

Before writing its ticket it runs the race a few hundred times with the
cards not on the rail (the same rail always gives the same estimate) and
counts how often each horse wins, each pair finishes first and second, and
each whole order comes in.  It stakes a small part of its chips each race:
half on the favourite to win, a third on the likeliest exacta and the rest
on the likeliest superfecta, and more on a pool that carries money over
from a race nobody won (the money already there is free for its winners).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from ..games.superfecta import FINISH, HORSES, SUIT
from . import Bot, heuristic

RUNS = 400
BUDGET = 0.05          # of the chips, each race
SPLIT = (0.5, 0.3, 0.2)


@lru_cache(maxsize=1024)
def finishes(left: tuple) -> tuple[Counter, Counter, Counter]:
    """How often each winner, exacta and whole order comes in over ``RUNS``
    races, ``left[suit]`` cards of each suit in the stock.  Only the suits
    of the cards turned matter, so a race is drawn suit by suit."""
    rng = random.Random(hash(left))
    wins, exactas, orders = Counter(), Counter(), Counter()
    for _ in range(RUNS):
        counts = list(left)
        total = sum(counts)
        steps = [0, 0, 0, 0]
        order = []
        while len(order) < 3 and total:
            r = rng.random() * total
            suit = 0
            while r >= counts[suit]:
                r -= counts[suit]
                suit += 1
            counts[suit] -= 1
            total -= 1
            if suit not in order:
                steps[suit] += 1
                if steps[suit] == FINISH:
                    order.append(suit)
        order = tuple(order + [h for h in HORSES if h not in order])
        wins[order[:1]] += 1
        exactas[order[:2]] += 1
        orders[order] += 1
    return wins, exactas, orders


@heuristic("superfecta")
class SuperfectaBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self._race = None
        self._plan: list[int] = []

    def choose(self, view):
        if self._race != view["race_no"]:
            self._race = view["race_no"]
            self._plan = self._ticket(view)
        legal = view["legal"]
        while self._plan:
            action = self._plan.pop(0)
            if action in legal:
                return action
        return self.game.DONE

    def _ticket(self, view) -> list[int]:
        g = self.game
        minimum = view["options"].minimum
        units = max(1, int(view["chips"][self.seat] * BUDGET) // minimum)
        if view["chips"][self.seat] < minimum:
            return []
        on_rail = [0, 0, 0, 0]
        for c in view["rail"]:
            on_rail[SUIT[int(c)]] += 1
        counts = finishes(tuple(12 - k for k in on_rail))
        plan = []
        for pool, (share, count) in enumerate(zip(SPLIT, counts)):
            best = count.most_common(1)[0][0]
            bets = round(units * share) + (1 if view["pools"][pool] else 0)
            plan += [g.action_of_bet[(pool, best)]] * bets
        return plan
