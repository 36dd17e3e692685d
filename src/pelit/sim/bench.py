"""Random play through the public API, timed (``pelit bench``).

The loop is only ``game.legal_actions`` + ``game.apply`` with a seeded
``random.Random`` choosing (uniformly among the seats that may act, then
among their legal actions); whole matches with the game's default options
(or the ones given).  Deals are the ``new_deal`` events of each match,
counted outside the timed work.
"""

from __future__ import annotations

import os
import platform
import random
import time


def machine() -> dict:
    """The machine a benchmark ran on."""
    cpu = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    if not cpu:
        cpu = platform.processor() or platform.machine() or "unknown"
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(terse=True),
    }


def bench_game(game, seconds: float = 2.0, seed: int = 1, options=None,
               patience: float | None = None, cpu: bool = False) -> dict:
    """Random matches for about ``seconds``; rates per second of wall time,
    or with ``cpu`` per second of this process's CPU time (steadier on a
    shared machine).  A match still going ``patience`` seconds after that
    (default the larger of 3 x ``seconds`` and 10 s) is left unfinished."""
    if options is None:
        options = game.make_options()
    # uniform picks from one float each: cheaper than Random.choice, so the
    # loop measures the engine rather than the harness
    rand = random.Random(seed).random
    legal_actions = game.legal_actions
    apply = game.apply
    new_state = game.new_state
    matches = actions = deals = 0
    counting = counting_cpu = 0.0
    clock = time.perf_counter
    cpu_clock = time.process_time
    cpu_start = cpu_clock()
    start = clock()
    deadline = start + seconds
    # a match that random play drags on far past the time asked for is left
    # unfinished (its actions still count); checked every 4096 actions
    give_up = deadline + (max(3 * seconds, 10.0) if patience is None else patience)
    unfinished = False
    while True:
        state = new_state(seed=seed + matches, options=options)
        while state.outcome is None:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
            legal = legal_actions(state, seat)
            apply(state, legal[int(rand() * len(legal))], seat)
            actions += 1
            if not actions & 4095 and clock() > give_up:
                unfinished = True
                break
        if unfinished:
            break
        matches += 1
        # deals are the match's new_deal events; counting them is not part
        # of the engine's work, so its time is taken out
        t, tc = clock(), cpu_clock()
        deals += sum(1 for e in state.events if e.kind == "new_deal")
        now = clock()
        counting += now - t
        counting_cpu += cpu_clock() - tc
        if now >= deadline:
            break
    elapsed = clock() - start - counting
    if cpu:
        elapsed = cpu_clock() - cpu_start - counting_cpu
    out = {
        "game": game.info.id,
        "matches": matches,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "clock": "cpu" if cpu else "wall",
        "matches_per_second": round(matches / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
    }
    if unfinished:
        out["unfinished"] = True
    if deals:
        out["deals"] = deals
        out["deals_per_second"] = round(deals / elapsed, 1)
    return out
