"""Random Hex (or Y) games per second through the public API.

    .venv/bin/python tools/bench_hex.py [--game hex] [--size 11] [--rounds 5] [--games 300]

The loop is what a user of the API writes: a new match, then ask for the
legal actions and apply a random one until the match is over.  Rates are
per second of this process's CPU time (``time.process_time``), the best of
several rounds: on a shared machine other work only slows a round down.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import pelit


def core_variants(game):
    """A stand-in for measuring what core's ``Game.apply`` and
    ``legal_actions`` cost (not for use): the game with no checks at all.
    (Core's own legality check for Hex is already O(1): ``_is_legal_play``.)"""

    class Unchecked(type(game)):
        def legal_actions(self, state, seat=None):
            return self._legal_play(state, state.to_act[0])

        def apply(self, state, action, seat=None):
            seat = state.to_act[0]
            state.history.append((seat, action))
            self._apply_play(state, seat, action)

    return {"no core checks (game and driver only)": Unchecked()}


def run(game_id: str, size: int, rounds: int, games: int, game=None) -> tuple[float, float]:
    game = game or pelit.load(game_id)
    options = game.make_options(size=size)
    legal_actions = game.legal_actions
    apply = game.apply
    best = 0.0
    moves = 0
    for r in range(rounds):
        choice = random.Random(r).choice
        moves = 0
        start = time.process_time()
        for i in range(games):
            state = game.new_state(seed=i, options=options)
            while state.outcome is None:
                apply(state, choice(legal_actions(state)))
                moves += 1
        best = max(best, games / (time.process_time() - start))
    return best, moves / games


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="hex")
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--overhead", action="store_true",
                    help="also measure stand-ins that skip parts of core's checks")
    a = ap.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    variants = {"public API": None}
    if a.overhead:
        variants.update(core_variants(pelit.load(a.game)))
    for label, game in variants.items():
        gps, length = run(a.game, a.size, a.rounds, a.games, game)
        print(f"{a.game} size {a.size}, {label}: {gps:,.0f} random games/s "
              f"({1e6 / gps / length:.2f} us a move, {length:.1f} moves a game)")
