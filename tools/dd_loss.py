"""Tricks lost against double dummy by a bot's card play in Bridge (or
Minibridge), over many deals in several processes at once: what
``pelit bench bridge --dd-loss N --budget BOT`` measures in one process
(``sim/search_bench.dd_loss``: the auction by the heuristic bots, every card
of the play valued by DDS with all hands in view, a card's loss the tricks
its side could still take with the best card less those with the card
played, in the position actually reached), with the deals split between
``--workers`` processes (worker k deals from seed ``SEED + 100000 k``).

    PYTHONPATH=src python tools/dd_loss.py --deals 200 --workers 2 --bot search:16

The figures of the workers are pooled: the mean over all deals and its 95%
interval, for the declaring side and the defence separately.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import time

Z95 = 1.959963984540054


def _work(task) -> dict:
    game_id, bot, deals, seed = task
    from pelit.core.registry import load
    from pelit.sim import search_bench
    losses = []
    keep = search_bench.mean_interval

    def capture(xs):               # dd_loss summarises each side's per-deal losses
        losses.append(list(xs))
        return keep(xs)
    search_bench.mean_interval = capture
    start = time.perf_counter()
    r = search_bench.dd_loss(load(game_id), bot, deals, seed)
    r["declarer_losses"], r["defence_losses"] = losses
    r["seconds"] = round(time.perf_counter() - start, 1)
    return r


def summary(xs: list[float]) -> dict:
    n = len(xs)
    mean = math.fsum(xs) / n
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "deals": n}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="bridge", choices=("bridge", "minibridge"))
    p.add_argument("--bot", default="search:16")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    share = [args.deals // args.workers + (k < args.deals % args.workers)
             for k in range(args.workers)]
    tasks = [(args.game, args.bot, n, args.seed + 100000 * k) for k, n in enumerate(share) if n]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(len(tasks)) as pool:
        parts = pool.map(_work, tasks)
    declarer = [x for r in parts for x in r["declarer_losses"]]
    defence = [x for r in parts for x in r["defence_losses"]]
    out = {"game": args.game, "bot": args.bot, "deals": len(declarer),
           "declarer_tricks_lost": summary(declarer), "defence_tricks_lost": summary(defence),
           "seconds_per_card": [r["seconds_per_card"] for r in parts],
           "worker_seconds": [r["seconds"] for r in parts], "seeds": [t[3] for t in tasks],
           "declarer_losses": declarer, "defence_losses": defence}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    d, f = out["declarer_tricks_lost"], out["defence_tricks_lost"]
    print(f"{args.game}, {args.bot}, {out['deals']} deals: tricks lost a deal against double "
          f"dummy: declarer {d['mean']:.2f} [{d['ci95'][0]:.2f}, {d['ci95'][1]:.2f}], defence "
          f"{f['mean']:.2f} [{f['ci95'][0]:.2f}, {f['ci95'][1]:.2f}]; s a card "
          f"{out['seconds_per_card']}")


if __name__ == "__main__":
    main()
