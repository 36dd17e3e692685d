"""``pelit simulate GAME --duplicate``: duplicate matches of a partnership
game and the team difference with its interval (``sim.duplicate``)."""

from __future__ import annotations

import json
import sys

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)

from ..core.duplicate import DuplicateGame, duplicate_of


def duplicate_game(game):
    """The duplicate form of ``game`` (a duplicate game such as Sakaali for
    eight is one already)."""
    return game if isinstance(game, DuplicateGame) else duplicate_of(game)


def simulate_duplicate(game, n, bots, workers, seed, preset, overrides, as_json,
                       out: Console | None = None, err: Console | None = None) -> dict:
    from ..sim.duplicate import simulate_duplicate as run
    out = out or Console(highlight=False)
    if as_json:
        summary = run(game.info.id, n, bots, seed, preset, overrides, workers)
        sys.stdout.write(json.dumps(summary, indent=1) + "\n")
        return summary
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(),
                  console=err or Console(stderr=True), transient=True) as progress:
        task = progress.add_task(game.info.id, total=n)
        summary = run(game.info.id, n, bots, seed, preset, overrides, workers,
                      on_result=lambda _: progress.advance(task))
    d, w, p = summary["team_difference"], summary["wins"], summary["team_points"]
    bots_line = f"team A (even seats) {summary['bots']['A']}, team B (odd seats) {summary['bots']['B']}"
    out.print(f"[bold]{game.info.name}[/bold]: {n} duplicate matches, seed {seed}; {bots_line}")
    out.print(f"Team difference (A less B) per match: mean {d['mean']:g}, "
              f"95% interval {d['ci95'][0]:g} to {d['ci95'][1]:g}, sd {d['sd']:g}")
    out.print(f"Points per match: team A {p['A']:g}, team B {p['B']:g}; "
              f"won: team A {w['A']}, team B {w['B']}, draws {w['draws']}")
    out.print(f"{summary['seconds']:.2f} s, {summary['matches_per_second']} matches per second")
    return summary
