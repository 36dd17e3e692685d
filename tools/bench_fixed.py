"""A fixed amount of random play per game, for before/after comparisons of
engine changes that must not change behaviour.

    .venv/bin/python tools/bench_fixed.py [GAME ...]

Each game plays the same seeded matches (match seeds 1000, 1001, ...; one
``random.Random(7)`` picks the seat and the action) through the public API,
``game.legal_actions`` + ``game.apply``, three times.  It prints the best CPU
time (``time.process_time``, steadier than wall time on a shared machine) as
deals (or games) per second, and a fingerprint of the first round: a hash of
every match's history, every event as each seat and a spectator see it, and
the final views.  A speed-up that changes any legal list, its order, an
event, a view or a random stream changes the fingerprint.

For instruction counts, which do not depend on the machine's load, run it
under ``valgrind --tool=callgrind`` with one game and compare totals.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time

import pelit

MATCHES = {"tuppi": 150, "hex": 1500, "y": 1000, "bridge": 500, "xeri": 100}


def run(game_id: str, matches: int, fingerprint: bool = True):
    game = pelit.load(game_id)
    options = game.make_options()
    legal_actions, apply, new_state = game.legal_actions, game.apply, game.new_state
    rand = random.Random(7).random
    kept = []
    actions = deals = 0
    start = time.process_time()
    for i in range(matches):
        state = new_state(seed=1000 + i, options=options)
        while state.outcome is None:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
            legal = legal_actions(state, seat)
            apply(state, legal[int(rand() * len(legal))], seat)
            actions += 1
        if fingerprint:
            kept.append(state)         # kept states make the garbage collector work more
        else:
            deals += sum(1 for e in state.events if e.kind == "new_deal")
    took = time.process_time() - start
    digest = hashlib.sha256()
    for state in kept:
        deals += sum(1 for e in state.events if e.kind == "new_deal")
        seats = [None] + list(range(game.num_players(state)))
        digest.update(repr(state.history).encode())
        for e in state.events:
            for seat in seats:
                digest.update(json.dumps(e.for_seat(seat), default=str, sort_keys=True).encode())
        for seat in seats:
            digest.update(json.dumps(game.view(state, seat), default=str, sort_keys=True).encode())
    return took, actions, deals, digest.hexdigest()[:16] if fingerprint else None


if __name__ == "__main__":
    for gid in sys.argv[1:] or list(MATCHES):
        n = MATCHES.get(gid, 100)
        _, actions, deals, fp = run(gid, n, fingerprint=True)
        best = min(run(gid, n, fingerprint=False)[0] for _ in range(3))
        unit, what = (deals, "deals") if deals else (n, "games")
        print(f"{gid:8s} {unit / best:9,.0f} {what}/s CPU  {1e6 * best / actions:5.2f} us an action  "
              f"({n} matches, {actions} actions)  fingerprint {fp}")
