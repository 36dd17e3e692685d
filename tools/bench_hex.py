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


def core_variants(game):
    """Two stand-ins for measuring what core's ``Game.apply`` and
    ``legal_actions`` cost (not for use): one whose ``apply`` checks legality
    in O(1) instead of scanning the legal list, one with no checks at all."""
    from pelit.core.errors import IllegalAction
    from pelit.games.hex import SWAP

    class QuickCheck(type(game)):
        def apply(self, state, action, seat=None):
            to_act = state.to_act
            if seat is None:
                if len(to_act) != 1:
                    raise IllegalAction("say which seat acts")
                seat = to_act[0]
            elif seat not in to_act:
                raise IllegalAction(f"seat {seat} may not act now")
            board = state.board
            ok = (len(state.history) == 1 and state.options.swap) if action == SWAP else \
                (0 <= action < SWAP and board.geo.on_board[action] and not board.stones[action])
            if not ok:
                raise IllegalAction(self.why_illegal(state, seat, action))
            state.history.append((seat, action))
            state._legal = None
            self._apply_by_phase[state.phase._name_](state, seat, action)

    class Unchecked(type(game)):
        def legal_actions(self, state, seat=None):
            return self._legal_play(state, state.to_act[0])

        def apply(self, state, action, seat=None):
            seat = state.to_act[0]
            state.history.append((seat, action))
            self._apply_play(state, seat, action)

    return {"O(1) legality check in apply": QuickCheck(),
            "no core checks (game and driver only)": Unchecked()}


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
