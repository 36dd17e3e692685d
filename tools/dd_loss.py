"""Tricks lost against double dummy by a bot's card play in Bridge (or
Minibridge), over many deals in several processes at once: what
``pelit bench bridge --dd-loss N --budget BOT`` measures in one process
(``sim/search_bench.dd_loss``: the auction by the heuristic bots, every card
of the play valued by DDS with all hands in view, a card's loss the tricks
its side could still take with the best card less those with the card
played, in the position actually reached), the same deals (the first N
seeds from ``--seed`` on whose auction is not passed out), shared out
between ``--workers`` processes.

    PYTHONPATH=src python tools/dd_loss.py run FILE --deals 200 --workers 4 --bot search:16
    PYTHONPATH=src python tools/dd_loss.py summary FILE

``run`` appends one JSON line a deal to FILE as each is played (a deal
already there is not played again, so a stopped run can be resumed);
``summary`` prints the mean over the deals in FILE and its 95% interval,
for the declaring side and the defence separately.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os

Z95 = 1.959963984540054


def deal_seeds(game_id: str, deals: int, first: int) -> list[int]:
    """The first ``deals`` seeds from ``first`` on whose auction (heuristic
    bots, as ``dd_loss`` bids) ends in a contract."""
    from pelit.bots import make_bot
    from pelit.core.registry import load
    game = load(game_id)
    out = []
    seed = first
    while len(out) < deals:
        s = game.new_state(seed=seed, options=game.make_options(deals=1))
        bots = [make_bot("heuristic", game, p, seed + 1) for p in range(game.num_players(s))]
        while s.outcome is None and len(s.packs) <= 1 and s.phase.name != "PLAY":
            seat = s.to_act[0]
            bots[seat].observe(game.events_for(s, seat, 0))
            game.apply(s, bots[seat].choose(game.view(s, seat)), seat)
        if s.phase.name == "PLAY":
            out.append(seed)
        seed += 1
    return out


def _work(task) -> None:
    game_id, bot, seeds, path = task
    from pelit.core.registry import load
    from pelit.sim.search_bench import dd_loss
    game = load(game_id)
    for seed in seeds:
        r = dd_loss(game, bot, 1, seed)
        line = {"seed": seed, "bot": bot, "declarer": r["declarer_tricks_lost"]["mean"],
                "defence": r["defence_tricks_lost"]["mean"],
                "seconds_per_card": r["seconds_per_card"]}
        with open(path, "a") as f:
            f.write(json.dumps(line) + "\n")


def _read(path: str) -> list[dict]:
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def interval(xs: list[float]) -> dict:
    n = len(xs)
    mean = math.fsum(xs) / n
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}


def run(args) -> None:
    seeds = deal_seeds(args.game, args.deals, args.seed)
    done = {r["seed"] for r in _read(args.file)}
    todo = [s for s in seeds if s not in done]
    tasks = [(args.game, args.bot, todo[k::args.workers], args.file)
             for k in range(args.workers) if todo[k::args.workers]]
    if tasks:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(len(tasks)) as pool:
            pool.map(_work, tasks)
    summary(args)


def summary(args) -> None:
    rows = _read(args.file)
    if not rows:
        print("no deals yet")
        return
    d = interval([r["declarer"] for r in rows])
    f = interval([r["defence"] for r in rows])
    secs = [r["seconds_per_card"] or 0.0 for r in rows]
    print(f"{rows[0]['bot']}, {len(rows)} deals: tricks lost a deal against double dummy: "
          f"declarer {d['mean']:.2f} [{d['ci95'][0]:.2f}, {d['ci95'][1]:.2f}], defence "
          f"{f['mean']:.2f} [{f['ci95'][0]:.2f}, {f['ci95'][1]:.2f}]; "
          f"{sum(secs) / len(secs):.3f} s a card (mean over deals)")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play the deals, one JSON line each")
    r.add_argument("file")
    r.add_argument("--game", default="bridge", choices=("bridge", "minibridge"))
    r.add_argument("--bot", default="search:16")
    r.add_argument("--deals", type=int, default=200)
    r.add_argument("--workers", type=int, default=2)
    r.add_argument("--seed", type=int, default=1)
    s = sub.add_parser("summary", help="the figures of the deals in the file")
    s.add_argument("file")
    args = p.parse_args(argv)
    (run if args.command == "run" else summary)(args)


if __name__ == "__main__":
    main()
