"""Random Hex (or Y) games per second through the public API.

    .venv/bin/python tools/bench_hex.py [--game hex] [--size 11] [--rounds 5] [--games 300]

The loop is what a user of the API writes: a new match, then ask for the
legal actions and apply a random one until the match is over.  The best of
several rounds is reported, since other work on the machine only slows a
round down.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import pelit


def run(game_id: str, size: int, rounds: int, games: int) -> tuple[float, float]:
    game = pelit.load(game_id)
    options = game.make_options(size=size)
    legal_actions = game.legal_actions
    apply = game.apply
    best = 0.0
    moves = 0
    for r in range(rounds):
        choice = random.Random(r).choice
        moves = 0
        start = time.perf_counter()
        for i in range(games):
            state = game.new_state(seed=i, options=options)
            while state.outcome is None:
                apply(state, choice(legal_actions(state)))
                moves += 1
        best = max(best, games / (time.perf_counter() - start))
    return best, moves / games


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="hex")
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=300)
    a = ap.parse_args()
    gps, length = run(a.game, a.size, a.rounds, a.games)
    print(f"{a.game} size {a.size}: {gps:,.0f} random games/s "
          f"({1e6 / gps / length:.2f} us a move, {length:.1f} moves a game) "
          f"on {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}")
