"""Random games of 9 x 9 Go per second: pelit's Go beside OpenSpiel's ``go``.

    .venv/bin/python tools/bench_go_openspiel.py [--rounds 5] [--games 200]

OpenSpiel is not a dependency of pelit: install it into the venv only to
measure (``pip install open_spiel``).  Both loops do the same through their
public Python API: a new game, then ask for the legal actions and apply a
random one until the game is over.  Rates are per second of this process's
CPU time (``time.process_time``), the best of several rounds, the two
engines taking turns round by round so both see the same machine load.

The rules differ in small ways that change the games' length: OpenSpiel's
go forbids positional superko and ends after two passes, counting area
(Tromp-Taylor); pelit's ko is 31.3.2's (only the position after the mover's
previous move).  Moves per second is the fairer figure.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import pelit


def pelit_round(games: int, seed: int):
    game = pelit.load("go")
    options = game.make_options()
    rand = random.Random(seed).random
    moves = 0
    start = time.process_time()
    for i in range(games):
        state = game.new_state(seed=i, options=options)
        while state.outcome is None:
            legal = game.legal_actions(state)
            game.apply(state, legal[int(rand() * len(legal))])
            moves += 1
    return time.process_time() - start, moves


def openspiel_round(games: int, seed: int):
    import pyspiel
    game = pyspiel.load_game("go", {"board_size": 9, "komi": 6.5})
    rand = random.Random(seed).random
    moves = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rand() * len(legal))])
            moves += 1
    return time.process_time() - start, moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    best = {"pelit": None, "openspiel": None}
    for r in range(args.rounds):
        for name, fn in (("pelit", pelit_round), ("openspiel", openspiel_round)):
            secs, moves = fn(args.games, r)
            rate = (args.games / secs, moves / secs)
            if best[name] is None or rate[0] > best[name][0]:
                best[name] = rate
    print(f"random 9x9 Go through the Python API, best of {args.rounds} rounds of "
          f"{args.games} games, per CPU second, {platform.python_implementation()} "
          f"{platform.python_version()}:")
    for name, (games, moves) in best.items():
        print(f"  {name:<10} {games:8.1f} games/s  {moves:10,.0f} moves/s")


if __name__ == "__main__":
    main()
