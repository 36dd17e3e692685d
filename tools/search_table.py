"""The README's table of the search bot against the heuristic bot, game by
game: ``pelit compare GAME --bots A,B -n SEEDS`` for every game with hidden
cards (or the games named), each under a time cap, one JSON line a game.

    PYTHONPATH=src python tools/search_table.py run results.jsonl \\
        [--games tuppi,xeri] [--bots search:16,heuristic] [--seeds 8] [--cap 600]
    PYTHONPATH=src python tools/search_table.py table results.jsonl [more.jsonl ...]

``run`` measures each game in a child process (``sim/search_eval.compare``:
bot A in each side's place in turn on the first deal of each match seed,
against bot B in every seat, the margin in the game's points or in match
results).  A game still running at its cap is stopped and summarised over
the seeds it finished (``seeds_done`` says how many); a game already in the
file is skipped, so an interrupted run can be resumed.  ``table`` prints the
Markdown rows for the README from the files (a game's row in a later file
replaces an earlier one), the popular games first.  Run it under ``nice``: it keeps
one core busy for as long as the caps allow.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue
import sys
import time

# the popular games first, so a short run measures those
POPULAR = ("tuppi", "huutopussi", "marjapussi", "skruuvi", "bridge", "minibridge",
           "texas-holdem", "canasta", "canasta-2x54", "samba", "xeri", "diloti", "lorum",
           "envite", "ristiseiska", "musta-maija", "valepaska")


def hidden_games() -> list[str]:
    """Every registered game with hidden cards, the popular ones first."""
    from pelit.core.registry import all_games
    ids = [g.info.id for g in all_games() if g.info.hidden]
    return [g for g in POPULAR if g in ids] + [g for g in ids if g not in POPULAR]


def _child(game: str, bot_a: str, bot_b: str, seeds: int, seed: int, rows) -> None:
    from pelit.sim.search_eval import compare
    r = compare(game, bot_a, bot_b, seeds=seeds, seed=seed,
                on_result=lambda row: rows.put(("row", row)))
    rows.put(("done", r))


def measure(game: str, bot_a: str, bot_b: str, seeds: int, seed: int, cap: float) -> dict:
    """One game's comparison, stopped at ``cap`` seconds."""
    from pelit.sim.duplicate import mean_interval
    ctx = multiprocessing.get_context("spawn")
    rows = ctx.Queue()
    proc = ctx.Process(target=_child, args=(game, bot_a, bot_b, seeds, seed, rows))
    start = time.monotonic()
    proc.start()
    done: list[dict] = []
    summary = None
    error = None
    while summary is None:
        left = cap - (time.monotonic() - start)
        if left <= 0:
            break
        try:
            kind, payload = rows.get(timeout=min(left, 5.0))
        except queue.Empty:
            if not proc.is_alive():
                error = f"stopped with exit code {proc.exitcode}"
                break
            continue
        if kind == "row":
            done.append(payload)
        else:
            summary = payload
    if proc.is_alive():
        proc.terminate()
    proc.join()
    margins = [r["margin"] for r in done]
    mean, _, half = mean_interval(margins)
    return {
        "game": game, "a": bot_a, "b": bot_b, "seeds": seeds, "seed": seed,
        "seeds_done": len(done), "capped": summary is None and error is None,
        "error": error, "unit": done[0]["unit"] if done else None,
        "margin": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "better": sum(m > 0 for m in margins), "same": sum(m == 0 for m in margins),
        "worse": sum(m < 0 for m in margins), "margins": [round(m, 3) for m in margins],
        "seconds": round(time.monotonic() - start, 1),
    }


def run(args) -> None:
    games = args.games.split(",") if args.games else hidden_games()
    bot_a, bot_b = args.bots.split(",")
    have = set()
    if os.path.exists(args.file):
        with open(args.file) as f:
            have = {json.loads(line)["game"] for line in f if line.strip()}
    for game in games:
        if game in have:
            continue
        r = measure(game, bot_a, bot_b, args.seeds, args.seed, args.cap)
        with open(args.file, "a") as f:
            f.write(json.dumps(r) + "\n")
        print(f"{game}: {r['better']} / {r['same']} / {r['worse']}, {r['margin']:+g} "
              f"[{r['ci95'][0]:+g}, {r['ci95'][1]:+g}] over {r['seeds_done']} seeds, "
              f"{r['seconds']:.0f} s", flush=True)


def table(args) -> None:
    by_game: dict[str, dict] = {}
    for name in args.file:                 # a later file's row for a game replaces an earlier's
        with open(name) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    by_game[r["game"]] = r
    order = {g: i for i, g in enumerate(hidden_games())}
    rows = sorted(by_game.values(), key=lambda r: order.get(r["game"], len(order)))
    print("| game | search bot | seeds | better / same / worse | margin a side (95% interval) |")
    print("|---|---|---|---|---|")
    for r in rows:
        unit = "points" if r["unit"] == "points" else "match result"
        seeds = f"{r['seeds_done']}" + (f" of {r['seeds']} (time cap)" if r["capped"] else "")
        if not r["seeds_done"]:
            why = r["error"] or f"no seed finished in {r['seconds']:.0f} s"
            print(f"| {r['game']} | {r['a']} | 0 | - | {why} |")
            continue
        spread = (f" [{r['ci95'][0]:+.3g}, {r['ci95'][1]:+.3g}]" if r["seeds_done"] > 1
                  else " (one seed: no interval)")
        print(f"| {r['game']} | {r['a']} | {seeds} | {r['better']} / {r['same']} / "
              f"{r['worse']} | {r['margin']:+.3g}{spread} {unit} |")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="measure the games, one JSON line each")
    r.add_argument("file")
    r.add_argument("--games", default="", help="comma-separated game ids (default: every "
                   "game with hidden cards)")
    r.add_argument("--bots", default="search:16,heuristic")
    r.add_argument("--seeds", type=int, default=8)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--cap", type=float, default=600.0, help="seconds a game at most")
    t = sub.add_parser("table", help="the README's Markdown rows from the files")
    t.add_argument("file", nargs="+")
    args = p.parse_args(argv)
    (run if args.command == "run" else table)(args)


if __name__ == "__main__":
    sys.exit(main())
