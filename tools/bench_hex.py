"""Random Hex games per second through the public API (legal_actions + apply).

    .venv/bin/python tools/bench_hex.py [--game hex] [--size 11] [--seconds 5]

The loop is what a user of the API writes: a new match, then ask for the
legal actions and apply a random one until the match is over.
"""

from __future__ import annotations

import argparse
import random
import time

import pelit


def run(game_id: str, size: int, seconds: float) -> tuple[float, float]:
    game = pelit.load(game_id)
    options = game.make_options(size=size)
    rng = random.Random(1)
    choice = rng.choice
    legal_actions = game.legal_actions
    apply = game.apply
    games = moves = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        state = game.new_state(seed=games, options=options)
        while state.outcome is None:
            apply(state, choice(legal_actions(state)))
            moves += 1
        games += 1
        if games % 50 == 0 and time.perf_counter() > end:
            break
    took = time.perf_counter() - start
    return games / took, moves / games


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="hex")
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--seconds", type=float, default=5.0)
    a = ap.parse_args()
    gps, length = run(a.game, a.size, a.seconds)
    print(f"{a.game} {a.size}: {gps:,.0f} random games/s, {length:.1f} moves a game")
