"""Random play of whole Tuppi matches through the public API, counted in deals.

One deal is the bidding and the play of the hand (13 tricks unless a sooli
is lost earlier or a lost hand is ended by option).  The random player picks
uniformly among ``game.legal_actions(state, seat)`` and plays it with
``game.apply(state, action, seat)``; its own choice costs are included.

    .venv/bin/python tools/bench_tuppi.py [SECONDS] [--no-sooli]
"""

from __future__ import annotations

import platform
import random
import sys
import time

import pelit


def run(seconds: float = 3.0, **options) -> dict:
    game = pelit.load("tuppi")
    legal_actions = game.legal_actions
    apply = game.apply
    rng = random.Random(1)
    rand = rng.random
    deals = actions = tricks = 0
    seed = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        for _ in range(20):
            seed += 1
            state = game.new_state(seed=seed, **options)
            while state.outcome is None:
                seat = state.to_act[0]
                legal = legal_actions(state, seat)
                apply(state, legal[int(rand() * len(legal))], seat)
                actions += 1
            deals += state.hand_no + 1
            tricks += sum(len(r[4]) and r[4][0] + r[4][1] for r in state.results)
    took = time.process_time() - start
    return {"deals": deals, "seconds": took, "deals_per_s": deals / took,
            "actions_per_s": actions / took, "actions_per_deal": actions / deals,
            "tricks_per_deal": tricks / deals,
            "machine": f"{platform.python_implementation()} {platform.python_version()} "
                       f"on {platform.machine()} {platform.processor() or ''}".strip()}


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else 3.0
    opts = {"sooli": False} if "--no-sooli" in sys.argv else {}
    r = run(secs, **opts)
    print(f"tuppi {opts or 'default rules'}: {r['deals_per_s']:,.0f} deals/s, "
          f"{r['actions_per_s']:,.0f} actions/s, {r['actions_per_deal']:.1f} actions "
          f"and {r['tricks_per_deal']:.1f} tricks per deal ({r['deals']} deals in "
          f"{r['seconds']:.1f} s; {r['machine']})")
