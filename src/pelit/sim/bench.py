"""Random play through the public API, timed (``pelit bench``).

The loop is only ``game.legal_actions`` + ``game.apply`` with a seeded
``random.Random`` choosing (uniformly among the seats that may act, then
among their legal actions); whole matches with the game's default options
(or the ones given).  Deals are the packs a match dealt (``state.packs``).

A game whose match is long (Canasta to 5000 points, Samba to 10000) is
measured per deal: when the time is up before the first match has ended,
play goes on to the end of the deal under way and stops there, so the
deals, the actions and the time counted all end on a deal's boundary and
the match is reported unfinished (``long_match``).

``bot_times`` times the heuristic bots instead (``pelit bench --bots``).
"""

from __future__ import annotations

import os
import platform
import random
import time

from ..bots import make_bot
from ..core.rng import stream


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
    shared machine).  When the time is up in the middle of a match, the deal
    under way is played to its end; a match whose deal is still going
    ``patience`` seconds after that (default the larger of 3 x ``seconds``
    and 10 s) is cut off where it is."""
    if options is None:
        options = game.make_options()
    # uniform picks from one float each: cheaper than Random.choice, so the
    # loop measures the engine rather than the harness
    rand = random.Random(seed).random
    legal_actions = game.legal_actions
    apply = game.apply
    new_state = game.new_state
    matches = actions = deals = 0
    clock = time.perf_counter if not cpu else time.process_time
    start = clock()
    deadline = start + seconds
    give_up = deadline + (max(3 * seconds, 10.0) if patience is None else patience)
    long_match = cut_off = False
    while True:
        state = new_state(seed=seed + matches, options=options)
        # the time is checked every 1024 actions; once it is up in the
        # first match, that match stops where its next deal begins (later
        # matches are played to their end)
        stop_at_deal = None
        while state.outcome is None:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
            legal = legal_actions(state, seat)
            apply(state, legal[int(rand() * len(legal))], seat)
            actions += 1
            if stop_at_deal is not None:
                if len(state.packs) > stop_at_deal:
                    long_match = True
                    break
            elif not matches and not actions & 1023 and clock() > deadline:
                stop_at_deal = len(state.packs)
            if not actions & 4095 and clock() > give_up:
                cut_off = True
                break
        if state.outcome is not None:
            matches += 1
            deals += len(state.packs)
            if clock() >= deadline:
                break
            continue
        # an unfinished match: its finished deals count (the last pack was
        # only just dealt, or its deal was cut off)
        deals += max(len(state.packs) - 1, 0)
        break
    elapsed = clock() - start
    out = {
        "game": game.info.id,
        "matches": matches,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "clock": "cpu" if cpu else "wall",
        "matches_per_second": round(matches / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
    }
    if long_match or cut_off:
        out["unfinished"] = True
    if long_match:
        out["long_match"] = True
    if deals:
        out["deals"] = deals
        out["deals_per_second"] = round(deals / elapsed, 1)
    return out


# -- heuristic bots' decision times -----------------------------------------------------

def bot_times(game, seconds: float = 2.0, seed: int = 1, options=None) -> dict:
    """Heuristic bots in every seat play whole matches for about ``seconds``;
    each turn's bot time (``observe`` of the new events + ``choose``) is
    taken with the CPU clock.  Returns the count, median, p99 and maximum in
    milliseconds."""
    if options is None:
        options = game.make_options()
    clock = time.process_time_ns
    times = []
    end = time.process_time() + seconds
    match = 0
    while time.process_time() < end:
        mseed = seed + match
        match += 1
        state = game.new_state(seed=mseed, options=options)
        n = game.num_players(state)
        bots = [make_bot("heuristic", game, p, mseed) for p in range(n)]
        arrival = stream(mseed, "arrival")
        seen = [0] * n
        while state.outcome is None:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else arrival.choice(to_act)
            events = game.events_for(state, seat, seen[seat])
            seen[seat] = len(state.events)
            view = game.view(state, seat)
            bot = bots[seat]
            t = clock()
            bot.observe(events)
            action = bot.choose(view)
            times.append(clock() - t)
            game.apply(state, action, seat)
            if time.process_time() > end + 4 * seconds:
                break
    times.sort()
    k = len(times)

    def pct(q):
        return times[min(k - 1, int(q * k))] / 1e6

    return {"game": game.info.id, "matches": match, "decisions": k,
            "p50_ms": pct(0.5), "p99_ms": pct(0.99), "max_ms": times[-1] / 1e6}
