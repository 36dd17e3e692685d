"""Commands for researchers: ``pelit tournament``, ``pelit export``,
``pelit import`` (registered in ``cli/main.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core.errors import PelitError

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def _split(text: Optional[str]) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()] if text else []


# -- tournament ----------------------------------------------------------------

def tournament(
    games: str = typer.Option(..., "--games", "-g", metavar="G,..", help="game ids, comma-separated"),
    bots: str = typer.Option("heuristic,random", "--bots", metavar="B,..",
                             help="the bots; every pair meets in every game (import paths "
                                  "pkg.module:Class work too)"),
    n: str = typer.Option("20", "-n", "--deal-sets", metavar="N",
                          help="deal sets per pair and game (each is every seat rotation of "
                               "one seed, or one duplicate match)"),
    seed: str = typer.Option("1", "--seed", metavar="S", help="base seed"),
    workers: str = typer.Option("1", "--workers", "-w", metavar="W", help="worker processes"),
    mode: str = typer.Option("auto", "--mode", metavar="auto|rotate|duplicate",
                             help="auto: duplicate matches for partnership games, seats "
                                  "rotated over the same packs for the others"),
    out_dir: Optional[str] = typer.Option(None, "--out", metavar="DIR",
                                          help="write results.jsonl, summary.json, winrates.png "
                                               "and scores.png here"),
    no_records: bool = typer.Option(False, "--no-records",
                                    help="leave the match records out of results.jsonl"),
    option: Optional[List[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE",
                                               help="name=value for a tournament of one game"),
    preset: Optional[str] = typer.Option(None, "--preset", metavar="NAME",
                                         help="a named variant, for one game"),
    ray: Optional[str] = typer.Option(None, "--ray", metavar="auto|local|ADDRESS",
                                      help="run on Ray (the same results as locally)"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable summary, no progress bar"),
):
    """Bots against each other over games, with luck removed by seat rotation
    and duplicate deals; shares with intervals, ratings and plots."""
    from .main import parse_options, whole
    from ..sim.tournament import Plan, run_tournament
    plan = Plan(_split(games), _split(bots), whole(n, "-n", minimum=1), whole(seed, "--seed"),
                mode.strip().lower(), preset, parse_options(option), records=not no_records)
    workers = whole(workers, "--workers", minimum=1)
    if as_json:
        summary = run_tournament(plan, workers, ray, out_dir)
        sys.stdout.write(json.dumps(summary, indent=1) + "\n")
    else:
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=err,
                      transient=True) as progress:
            task = progress.add_task("deal sets", total=plan.total)
            summary = run_tournament(plan, workers, ray, out_dir,
                                     on_deal_set=lambda rows: progress.advance(task))
        print_tournament(summary, out_dir)
    if not summary["complete"]:
        raise typer.Exit(130)


def _ci(ci) -> str:
    return "—" if ci is None else f"{ci[0]:.3f}–{ci[1]:.3f}"


def print_tournament(s: dict, out_dir) -> None:
    modes = ", ".join(f"{g} {m}" for g, m in s["modes"].items())
    out.print(Text.assemble(("pelit tournament", "bold"),
                            f": {s['deal_sets']} deal sets, {s['matches']} matches, seed "
                            f"{s['seed']} ({modes}; {s['backend']})"))
    if not s["complete"]:
        out.print(Text("Interrupted: the summary covers the deal sets played.",
                       style="bold yellow"))
    t = Table(title="Pairs: A's share (1: ahead in every match, 0.5: even) with its 95% "
                    "interval; deal sets A ahead/even/B ahead",
              title_justify="left", title_style="bold")
    for name, justify in (("game", "left"), ("A vs B", "left"), ("share of A", "right"),
                          ("A/even/B", "right"), ("verdict", "left")):
        t.add_column(name, justify=justify)
    for p in s["pairs"]:
        t.add_row(p["game"], f"{p['a']} vs {p['b']}", f"{p['share_a']:.3f} ({_ci(p['ci95'])})",
                  f"{p['a_ahead']}/{p['even']}/{p['b_ahead']}", p["verdict"])
    out.print(t)
    t = Table(title=f"Ratings ({s['ratings']['model']}, over all games): mu with its 95% interval",
              title_justify="left", title_style="bold")
    t.add_column("bot")
    t.add_column("mu", justify="right")
    t.add_column("sigma", justify="right")
    t.add_column("interval", justify="right")
    for bot, r in s["ratings"]["overall"].items():
        t.add_row(bot, f"{r['mu']:.2f}", f"{r['sigma']:.2f}",
                  f"{r['ci95'][0]:.2f}–{r['ci95'][1]:.2f}")
    out.print(t)
    if out_dir:
        out.print(f"Results per match: {Path(out_dir) / 'results.jsonl'}; summary and plots "
                  f"(winrates.png, scores.png) beside it")
    if "seconds" in s:
        out.print(f"{s['seconds']:.2f} s")


# -- export / import -------------------------------------------------------------

def export_match(
    path: str = typer.Argument(..., metavar="RECORD", help="a pelit record (JSON)"),
    output: Optional[str] = typer.Option(None, "--output", "-O", metavar="FILE",
                                         help="write here (default: standard output)"),
    hand: Optional[str] = typer.Option(None, "--hand", metavar="N",
                                       help="Hold'em: the hand to write (default the last)"),
):
    """A pelit record as PBN (bridge), SGF (hex, y, go) or PHH (texas-holdem)."""
    from .main import whole
    from ..core.records import load_record
    from ..formats import export_text
    fmt, text = export_text(load_record(path), whole(hand, "--hand", minimum=1))
    if output:
        Path(output).write_text(text if text.endswith("\n") else text + "\n")
        err.print(f"wrote {fmt.upper()} to {output}", markup=False)
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")


def import_match(
    path: str = typer.Argument(..., metavar="FILE", help="a .pbn, .sgf or .phh file"),
    fmt: Optional[str] = typer.Option(None, "--format", metavar="pbn|sgf|phh",
                                      help="the format (default: from the file's extension)"),
    output: Optional[str] = typer.Option(None, "--output", "-O", metavar="FILE",
                                         help="write the pelit record here (default: standard output)"),
):
    """A PBN, SGF or PHH file as a pelit record (JSON), replayed by the rules."""
    from ..core.records import record_of
    from ..formats import EXTENSIONS, import_text
    p = Path(path)
    if fmt is None:
        fmt = EXTENSIONS.get(p.suffix.lower())
        if fmt is None:
            raise PelitError(f"cannot tell the format of {path}; give --format pbn, sgf or phh")
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise PelitError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise PelitError(f"{path} is not UTF-8 text") from None
    state = import_text(text, fmt)
    record = json.dumps(record_of(state), indent=1) + "\n"
    if output:
        Path(output).write_text(record)
        err.print(f"wrote the {state.game.info.id} record to {output} "
                  f"({len(state.history)} actions)", markup=False)
    else:
        sys.stdout.write(record)


# -- bench --env -------------------------------------------------------------------

def bench_env_table(games, seconds, seed, opts, info, as_json, cpu) -> None:
    """``pelit bench [GAME] --env``: the AEC environment beside the plain API."""
    from ..rl.bench import bench_env
    results = []
    for g in games:
        if as_json:
            results.append(bench_env(g, seconds, seed, opts[g.info.id], cpu=cpu))
        else:
            with err.status(f"{g.info.id} …"):
                results.append(bench_env(g, seconds, seed, opts[g.info.id], cpu=cpu))
    if as_json:
        sys.stdout.write(json.dumps({"machine": info, "seconds_per_loop": seconds,
                                     "results": results}, indent=1) + "\n")
        return
    out.print(f"Random play, {seconds:g} s per loop, rates per second of "
              f"{'CPU' if cpu else 'wall'} time, on {info['cpu']}, {info['python']}")
    t = Table(title="pelit bench --env", title_style="bold")
    for name in ("game", "plain actions/s", "AEC steps/s", "cost", "with observation/s", "cost"):
        t.add_column(name, justify="left" if name == "game" else "right")
    for r in results:
        t.add_row(r["game"], f"{r['plain_actions_per_second']:,.0f}",
                  f"{r['env_steps_per_second']:,.0f}", f"{r['env_cost']:.2f}x",
                  f"{r['env_observe_steps_per_second']:,.0f}", f"{r['env_observe_cost']:.2f}x")
    out.print(t)
    out.print("[dim]each loop plays whole matches, picking uniformly among the legal actions. "
              "plain: legal_actions, a pick, apply; AEC: action_mask, a pick among its ones "
              "(nonzero), step; with observation: observe (the view tensor and the mask) in "
              "place of action_mask[/dim]")
