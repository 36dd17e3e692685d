"""``pelit bench --search`` and ``pelit bench bridge --dd-loss N``: the
search bot's speed and its card play against double dummy
(``sim/search_bench.py``); ``pelit compare``: one bot in another's place on
the same deals (``sim/search_eval.py``)."""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from typing import List, Optional

import typer
from rich.table import Table

from ..core.errors import PelitError


def bench_search(games, seconds, seed, opts, info, as_json, budget):
    """Each game's search rate, with OpenSpiel's IS-MCTS on its Hearts
    measured right after it (where installed): the load of a shared machine
    changes from minute to minute, so each game is compared with the peer
    measured beside it, as a ratio."""
    from ..sim.search_bench import openspiel_ismcts_rate, search_rate
    from .main import err, out
    results = []
    peers = []
    for g in games:
        with err.status(f"{g.info.id} …") if not as_json else nullcontext():
            r = search_rate(g, seconds, seed, opts[g.info.id], budget)
        with err.status("OpenSpiel IS-MCTS on hearts …") if not as_json else nullcontext():
            peer = openspiel_ismcts_rate(seconds, seed)
        if peer is not None:
            peers.append(peer)
            r["openspiel_sims_per_s"] = peer["sims_per_s"]
            r["ratio_to_openspiel"] = (round(r["sims_per_s"] / peer["sims_per_s"], 3)
                                       if r["sims_per_s"] else None)
        results.append(r)
    if peers:
        # the peer's own row: its measurements over the run, merged
        moves = sum(p["decisions"] for p in peers)
        sims = sum(p["simulations"] for p in peers)
        think = sum(p["simulations"] / p["sims_per_s"] for p in peers)
        row = dict(peers[-1])
        row.update(decisions=moves, simulations=sims, sims_per_s=round(sims / think, 1),
                   move_median_s=sorted(p["move_median_s"] for p in peers)[len(peers) // 2],
                   move_p90_s=max(p["move_p90_s"] for p in peers),
                   move_max_s=max(p["move_max_s"] for p in peers))
        results.append(row)
    if as_json:
        sys.stdout.write(json.dumps({"machine": info, "seconds_per_game": seconds,
                                     "results": results}, indent=1) + "\n")
        return
    out.print(f"The {budget} bot in seat 0 among heuristic bots, {seconds:g} s per game, "
              f"wall time on {info['cpu']} ({info['cores']} cores), {info['python']}; "
              f"OpenSpiel's IS-MCTS (C++, random rollouts) in seat 0 of its Hearts measured "
              f"right after each game, where installed")
    t = Table(title="pelit bench --search", title_style="bold")
    t.add_column("game", style="bold cyan")
    t.add_column("decisions", justify="right")
    t.add_column("sims/s", justify="right")
    t.add_column("OpenSpiel sims/s beside", justify="right")
    t.add_column("ratio", justify="right")
    t.add_column("median s/move", justify="right")
    t.add_column("p90 s/move", justify="right")
    t.add_column("max s/move", justify="right")
    t.add_column("planned", justify="right")
    for r in results:
        beside = r.get("openspiel_sims_per_s")
        ratio = r.get("ratio_to_openspiel")
        t.add_row(r["game"], str(r["decisions"]), "-" if r["sims_per_s"] is None
                  else f"{r['sims_per_s']:,.0f}",
                  "-" if beside is None else f"{beside:,.0f}",
                  "-" if ratio is None else f"{ratio:.2f}",
                  *("-" if r[k] is None else f"{r[k]:.3f}"
                    for k in ("move_median_s", "move_p90_s", "move_max_s")),
                  str(r["double_dummy_moves"]))
    out.print(t)


def bench_dd_loss(games, deals, seed, info, as_json, budget):
    from ..sim.search_bench import dd_loss
    from .main import err, out
    if len(games) != 1 or games[0].info.id not in ("bridge", "minibridge"):
        raise PelitError("--dd-loss measures the card play of bridge or minibridge: "
                         "give one of them as GAME")
    g = games[0]
    rows = []
    for bot in ("heuristic", budget):
        if as_json:
            rows.append(dd_loss(g, bot, deals, seed))
            continue
        with err.status(f"{g.info.id}: {bot} over {deals} deals …"):
            rows.append(dd_loss(g, bot, deals, seed))
    if as_json:
        sys.stdout.write(json.dumps({"machine": info, "results": rows}, indent=1) + "\n")
        return
    out.print(f"Card play against double dummy over {deals} deals (auction by the heuristic "
              f"bots, every card valued by DDS with all hands in view), on {info['cpu']}")
    t = Table(title=f"pelit bench {g.info.id} --dd-loss", title_style="bold")
    t.add_column("bot", style="bold cyan")
    t.add_column("declarer: tricks lost a deal", justify="right")
    t.add_column("defence: tricks lost a deal", justify="right")
    t.add_column("s/card", justify="right")
    for r in rows:
        d, f = r["declarer_tricks_lost"], r["defence_tricks_lost"]
        t.add_row(r["bot"], f"{d['mean']:.2f} [{d['ci95'][0]:.2f}, {d['ci95'][1]:.2f}]",
                  f"{f['mean']:.2f} [{f['ci95'][0]:.2f}, {f['ci95'][1]:.2f}]",
                  f"{r['seconds_per_card']:.3f}")
    out.print(t)


def compare(
    game: str = typer.Argument(..., help="game id"),
    bots: str = typer.Option("search,heuristic", "--bots", metavar="A,B",
                             help="bot A, put in each side's place in turn, and bot B"),
    seeds: int = typer.Option(20, "--seeds", "-n", metavar="N", help="match seeds"),
    seed: int = typer.Option(1, "--seed", metavar="S", help="base seed"),
    deals: int = typer.Option(1, "--deals", metavar="D", help="deals a match is cut to, in a "
                              "game scored deal by deal"),
    workers: int = typer.Option(1, "--workers", "-w", metavar="W", help="worker processes"),
    option: Optional[List[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE",
                                               help="name=value for the game"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
):
    """Bot A against bot B on the same deals: A in each side's place with B
    everywhere else, against B in every seat; the mean margin in the game's
    points (or match results) with its 95% interval."""
    from ..sim.search_eval import compare as run_compare
    from .main import err, out, parse_options
    names = [b.strip() for b in bots.split(",")]
    if len(names) != 2 or not all(names):
        raise PelitError(f"--bots takes two bots, A,B, not {bots!r}")
    if seeds < 1 or deals < 1 or workers < 1:
        raise PelitError("--seeds, --deals and --workers must be at least 1")
    with err.status(f"{game}: {names[0]} against {names[1]} …"):
        r = run_compare(game, names[0], names[1], seeds=seeds, seed=seed, deals=deals,
                        overrides=parse_options(option), workers=workers)
    if as_json:
        sys.stdout.write(json.dumps(r, indent=1) + "\n")
        return
    m = r["margin"]
    unit = "points a side" if r["unit"] == "points" else "match result a side (+1 win, -1 loss)"
    cut = f", matches cut to {r['deals']} deal(s)" if r["deals"] else ""
    out.print(f"{r['game']}: {r['a']} in place of {r['b']} on {r['seeds']} seeds{cut}: "
              f"margin {m['mean']:+g} {unit}, 95% interval [{m['ci95'][0]:+g}, "
              f"{m['ci95'][1]:+g}]; better on {r['better']}, the same on {r['same']}, worse on "
              f"{r['worse']}; {r['a']} thought {r['think_seconds']} s, {r['seconds']} s in all")
