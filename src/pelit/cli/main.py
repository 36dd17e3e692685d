"""The ``pelit`` command: list, rules, play, referee, simulate, replay, bench, serve, math.

Every command works for any registered game.  A user's mistake (an unknown
game, option, preset, bot or seat; an unreadable or corrupt record) prints
one line on stderr and exits with status 2; no traceback.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import sys
from typing import List, Optional

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import __version__
from ..bots import bot_names, make_bot
from ..core.errors import OptionError, PelitError
from ..core.registry import all_games, load
from ..games._referee import FAMILY as REFEREE

app = typer.Typer(
    add_completion=False, no_args_is_help=True, rich_markup_mode=None,
    help="pelit: the games of five rule books, exactly by the book.  "
         "Try 'pelit list', then 'pelit rules GAME' and 'pelit play GAME'.")

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

USER_ERROR = 2


def guarded(fn):
    """Turn a user's mistake (PelitError) into one line on stderr."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except PelitError as exc:
            err.print(f"pelit: {exc}", markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(USER_ERROR) from None
        except KeyboardInterrupt:
            err.print("pelit: interrupted", markup=False)
            raise typer.Exit(130) from None
    return wrapper


def parse_options(pairs: Optional[List[str]]) -> dict:
    """``k=v`` pairs (repeatable, or comma-separated) to option overrides."""
    opts = {}
    for pair in pairs or []:
        for item in pair.split(","):
            item = item.strip()
            if not item:
                continue
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise OptionError(f"option {item!r} should look like name=value (e.g. hands=3)")
            opts[key.strip().replace("-", "_")] = value.strip()
    return opts


def whole(text: Optional[str], name: str, minimum: Optional[int] = None) -> Optional[int]:
    """A whole number typed on the command line; one clear line if it is not.
    (The numeric options are read as text so a slip such as ``-n abc`` gets
    pelit's one-line error, not a usage screen.)"""
    if text is None:
        return None
    try:
        value = int(text.strip().replace("_", ""))
    except ValueError:
        raise PelitError(f"{name} wants a whole number, not {text!r}") from None
    if minimum is not None and value < minimum:
        raise PelitError(f"{name} must be at least {minimum}, not {value}")
    return value


def decimal(text: Optional[str], name: str) -> Optional[float]:
    if text is None:
        return None
    try:
        return float(text)
    except ValueError:
        raise PelitError(f"{name} wants a number, not {text!r}") from None


def split_bots(text: Optional[str]) -> list[str]:
    return [b.strip() for b in text.split(",")] if text else []


def _version(value: bool):
    if value:
        out.print(f"pelit {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: bool = typer.Option(False, "--version", callback=_version,
                                      is_eager=True, help="print the version and exit")):
    """pelit: the games of five rule books, exactly by the book."""


# -- list --------------------------------------------------------------------

@app.command("list")
@guarded
def list_games(as_json: bool = typer.Option(False, "--json", help="machine-readable output")):
    """The games pelit plays."""
    games = all_games()
    if as_json:
        rows = [{"id": g.info.id, "name": g.info.name, "players": [g.info.min_seats, g.info.max_seats],
                 "family": g.info.family, "source": g.info.source,
                 "aliases": list(g.info.aliases), "referee": g.info.family == REFEREE}
                for g in games]
        sys.stdout.write(json.dumps(rows, indent=1) + "\n")
        return
    # fits 80 columns: the rule book is named by file and chapter (the whole
    # source is in 'pelit rules'); aliases get a column on a wide screen only
    wide = out.width >= 110
    table = Table(title=f"pelit games ({len(games)})", title_style="bold", box=None,
                  pad_edge=False, header_style="bold dim")
    table.add_column("id", style="bold cyan", no_wrap=True)
    table.add_column("name", min_width=16)
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("family")
    table.add_column("rule book", no_wrap=True)
    if wide:
        table.add_column("aliases", style="dim")
    for g in games:
        i = g.info
        players = str(i.min_seats) if i.min_seats == i.max_seats else f"{i.min_seats}–{i.max_seats}"
        row = [i.id, i.name, players, i.family, short_source(i.source)]
        if wide:
            row.append(", ".join(i.aliases))
        table.add_row(*row)
    out.print(table)
    if any(g.info.family == REFEREE for g in games):
        out.print(f"[dim]{REFEREE}: a game played on the field; pelit keeps its score from what "
                  "the players enter (pelit referee GAME)[/dim]")
    out.print("[dim]pelit rules GAME · pelit play GAME[/dim]")


def short_source(source: str) -> str:
    """``000 ch. 6`` from ``000 ch. 6 Tuppi (line 459)``; ``004`` from a
    book without chapters."""
    words = source.split()
    if len(words) >= 3 and words[1] == "ch.":
        return " ".join(words[:3])
    return words[0] if words else ""


# -- rules -------------------------------------------------------------------

def option_rows(game):
    rows = []
    for f in dataclasses.fields(game.Options):
        meta = f.metadata
        default = f.default if f.default is not dataclasses.MISSING else None
        if meta.get("choices") is not None:
            allowed = " | ".join(map(str, meta["choices"]))
        elif meta.get("min") is not None or meta.get("max") is not None:
            allowed = f"{meta.get('min', '')}..{meta.get('max', '')}"
        elif isinstance(default, bool):
            allowed = "true | false"
        else:
            allowed = ""
        rows.append((f.name, default, allowed, meta.get("help", "")))
    return rows


@app.command()
@guarded
def rules(game: str = typer.Argument(..., metavar="GAME", help="game id or alias", show_default=False)):
    """The rules of a game in short, its options, presets, actions and bots."""
    game = load(game)
    i = game.info
    players = str(i.min_seats) if i.min_seats == i.max_seats else f"{i.min_seats} to {i.max_seats}"
    facts = [f"{players} players", i.family]
    facts.append("hidden cards" if i.hidden else "open information")
    facts.append("chance" if i.chance else "no chance")
    if i.teams:
        facts.append("partnerships")
    head = Text.assemble((i.name, "bold"), f"  ({i.id}", 
                         (f"; also {', '.join(i.aliases)}" if i.aliases else ""), ")\n",
                         (" · ".join(facts), "dim"))
    out.print(head)
    out.print(Panel(i.summary or "(no summary yet)", title="Rules in short", title_align="left",
                    border_style="cyan"))
    rows = option_rows(game)
    if rows:
        t = Table(title="Options (--option name=value)", title_justify="left", title_style="bold")
        t.add_column("name", style="bold cyan")
        t.add_column("default")
        t.add_column("allowed")
        t.add_column("meaning")
        for name, default, allowed, help_text in rows:
            t.add_row(name, str(default), allowed, help_text)
        out.print(t)
    else:
        out.print("[bold]Options:[/bold] none")
    if game.presets:
        t = Table(title="Presets (--preset NAME)", title_justify="left", title_style="bold")
        t.add_column("name", style="bold cyan")
        t.add_column("sets")
        for name, values in game.presets.items():
            t.add_row(name, ", ".join(f"{k}={v}" for k, v in values.items()))
        out.print(t)
    t = Table(title="Actions (what you type)", title_justify="left", title_style="bold")
    t.add_column("text", style="bold cyan")
    t.add_column("meaning")
    for verb, meaning in i.verbs:
        t.add_row(verb, meaning)
    if i.verbs:
        out.print(t)
    if game.actions is not None:
        desc = game.actions.describe()
        out.print(Text(desc[:1].upper() + desc[1:], style="dim"))
    out.print(Text.assemble(("Source: ", "bold"), f"seed {i.source}"))
    out.print(Text.assemble(("Bots: ", "bold"), ", ".join(bot_names(game))))


# -- play --------------------------------------------------------------------

@app.command()
@guarded
def play(
    game: str = typer.Argument(..., metavar="GAME", help="game id or alias", show_default=False),
    seat: str = typer.Option("0", "--seat", metavar="N", help="your seat (0 is the first)"),
    bots: Optional[str] = typer.Option(None, "--bots", metavar="B,..",
                                       help="bots for the other seats in seat order, e.g. heuristic,random"),
    seed: Optional[str] = typer.Option(None, "--seed", metavar="S", help="seed of the match (random if not given)"),
    option: Optional[List[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help="name=value, repeatable"),
    preset: Optional[str] = typer.Option(None, "--preset", metavar="NAME", help="a named variant (see pelit rules)"),
    record: Optional[str] = typer.Option(None, "--record", metavar="FILE",
                                         help="where to save the record (default: the pelit records folder)"),
    no_record: bool = typer.Option(False, "--no-record", help="keep no record"),
    no_pause: bool = typer.Option(False, "--no-pause",
                                  help="do not wait for Enter after a trick or a deal"),
):
    """Play a match in the terminal against bots."""
    from .play import Session
    game = load(game)
    session = Session(game, seat=whole(seat, "--seat"), bots=split_bots(bots),
                      seed=whole(seed, "--seed"), preset=preset,
                      overrides=parse_options(option), console=out, record=record,
                      save=not no_record, pause=False if no_pause else None)
    code = session.run()
    if code:
        raise typer.Exit(code)


# -- referee -----------------------------------------------------------------

@app.command()
@guarded
def referee(
    game: str = typer.Argument(..., metavar="GAME", help="an outdoor game (pelit list: outdoor referee)",
                               show_default=False),
    names: Optional[str] = typer.Option(None, "--names", metavar="A,B,..",
                                        help="the players' (or teams') names in seat order"),
    option: Optional[List[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help="name=value, repeatable"),
    preset: Optional[str] = typer.Option(None, "--preset", metavar="NAME", help="a named variant"),
    record: Optional[str] = typer.Option(None, "--record", metavar="FILE",
                                         help="where to save the record (default: the pelit records folder)"),
    no_record: bool = typer.Option(False, "--no-record", help="keep no record"),
):
    """Keep the score of an outdoor game on one device: enter what happens for every player."""
    from .referee import RefereeSession
    session = RefereeSession(load(game), names=split_bots(names) or None, preset=preset,
                             overrides=parse_options(option), console=out, record=record,
                             save=not no_record, pause=False)
    code = session.run()
    if code:
        raise typer.Exit(code)


# -- simulate ----------------------------------------------------------------

@app.command()
@guarded
def simulate(
    game: str = typer.Argument(..., metavar="GAME", help="game id or alias", show_default=False),
    n: str = typer.Option("100", "-n", "--matches", metavar="N", help="number of matches"),
    bots: Optional[str] = typer.Option(None, "--bots", metavar="B,..",
                                       help="the line-up: bots for seats 0, 1, ..., cycled to fill "
                                            "the seats (heuristic,random: heuristic, random, "
                                            "heuristic, random)"),
    workers: str = typer.Option("1", "--workers", "-w", metavar="W", help="worker processes"),
    seed: str = typer.Option("1", "--seed", metavar="S", help="base seed (match i gets its own seed from it)"),
    option: Optional[List[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help="name=value, repeatable"),
    preset: Optional[str] = typer.Option(None, "--preset", metavar="NAME", help="a named variant"),
    no_rotate: bool = typer.Option(False, "--no-rotate",
                                   help="keep every bot in its seat (by default match i turns "
                                        "the line-up i seats, so each bot plays each seat)"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable summary, no progress bar"),
    duplicate: bool = typer.Option(False, "--duplicate",
                                   help="duplicate matches: two tables, the same deals, the teams' "
                                        "seats swapped; reports team A's points less team B's"),
    ray: Optional[str] = typer.Option(None, "--ray", metavar="auto|local|ADDRESS",
                                      help="run on Ray: auto joins this machine's cluster (or "
                                           "starts one), an address joins that head; the same "
                                           "results as the local pool for the same seed"),
    records: Optional[str] = typer.Option(None, "--records", metavar="FILE",
                                           help="write every match as a line of JSON (seed, bot "
                                                "in each seat, scores, winners and the record, "
                                                "which 'pelit replay' reads), in match order"),
):
    """Play many bot matches and summarise the results (Ctrl-C: the summary so far)."""
    from ..sim.batch import check_setup
    n = whole(n, "-n", minimum=1)
    workers = whole(workers, "--workers", minimum=1)
    seed = whole(seed, "--seed")
    game = load(game)
    if duplicate:
        from .duplicate import duplicate_game
        game = duplicate_game(game)
    overrides = parse_options(option)
    bot_list = split_bots(bots)
    check_setup(game, bot_list, preset, overrides)
    if duplicate:
        if ray:
            raise OptionError("--duplicate runs locally; for Ray use "
                              "'pelit tournament --mode duplicate --ray ...'")
        if records:
            raise OptionError("--records writes single matches; a duplicate match's two "
                              "tables are in 'pelit tournament --mode duplicate --out DIR'")
        from .duplicate import simulate_duplicate
        return simulate_duplicate(game, n, bot_list, workers, seed, preset, overrides, as_json)
    sink = None
    if records:
        try:
            sink = open(records, "w", encoding="utf-8")
        except OSError as exc:
            raise OptionError(f"--records {records}: {exc.strerror}") from None
    try:
        with sink if sink is not None else contextlib.nullcontext():
            summary = _simulate(game, n, bot_list, workers, seed, preset, overrides, as_json,
                                not no_rotate, ray, sink)
    except RuntimeError as exc:          # a match that never ends: a bug in a game or bot
        err.print(f"pelit: {exc}", markup=False, soft_wrap=True)
        raise typer.Exit(1) from None
    if summary["interrupted"]:
        raise typer.Exit(130)


def _match_line(game, bot_list, r) -> str:
    """One line of ``simulate --records``: the match, its seats and its record."""
    from ..sim.batch import lineup, seats_in_match
    seats = seats_in_match(lineup(bot_list, len(r.scores)), r.shift)
    return json.dumps({"game": game.info.id, "index": r.index, "seed": r.seed, "bots": seats,
                       "scores": list(r.scores), "winners": list(r.winners), "reason": r.reason,
                       "record": r.record}, default=str) + "\n"


def _simulate(game, n, bot_list, workers, seed, preset, overrides, as_json, rotate, ray=None,
              sink=None):
    from ..sim.batch import simulate as run_sim

    def written(advance):
        if sink is None:
            return advance

        def on_result(r):
            sink.write(_match_line(game, bot_list, r))
            if advance:
                advance(r)
        return on_result

    if as_json:
        summary = run_sim(game.info.id, n, bot_list, seed, preset, overrides, workers,
                          rotate=rotate, ray=ray, records=sink is not None,
                          on_result=written(None))
        sys.stdout.write(json.dumps(summary, indent=1, default=str) + "\n")
        return summary
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=err,
                  transient=True) as progress:
        task = progress.add_task(f"{game.info.id}", total=n)
        summary = run_sim(game.info.id, n, bot_list, seed, preset, overrides, workers,
                          on_result=written(lambda r: progress.advance(task)), rotate=rotate,
                          ray=ray, records=sink is not None)
    print_summary(game, summary)
    return summary


def _num(x):
    if x is None:
        return "—"
    return f"{x:g}" if isinstance(x, float) else str(x)


def _share(wins, n, ci) -> str:
    """``52.0 (48.9–55.1)``: a win rate in percent with its 95% interval."""
    out = f"{100 * wins / n:.1f}"
    return out if ci is None else f"{out} ({100 * ci[0]:.1f}–{100 * ci[1]:.1f})"


def _sd(stat) -> str:
    return "—" if stat["sd"] is None else f"{stat['sd']:.4g}"


def _mean(stat) -> str:
    """``24.9 (21.4–28.4)``: a mean with its 95% interval."""
    if stat["mean"] is None:
        return "—"
    ci = stat.get("ci95")
    return _num(stat["mean"]) if ci is None else \
        f"{stat['mean']:.4g} ({ci[0]:.4g}–{ci[1]:.4g})"


def print_summary(game, s: dict):
    n = s["matches"]
    lineup = ", ".join(f"{k}: {b}" for k, b in enumerate(s["bots"]))
    out.print(Text.assemble((f"{game.info.name}", "bold"),
                            f": {n} matches, seed {s['seed']}, "
                            f"{s['workers']} worker{'s' if s['workers'] != 1 else ''}"))
    if s["interrupted"]:
        out.print(Text(f"Interrupted: {n} of {s['requested']} matches played; "
                       f"the summary covers those.", style="bold yellow"))
    out.print(Text.assemble(("Line-up ", "bold"), f"(slot: bot) {lineup}; ",
                            "match i turns it i seats, so each bot plays each seat"
                            if s["rotate"] else "every bot keeps its seat (--no-rotate)"))
    if not n:
        return
    t = Table(title="Per bot (slot of the line-up), with 95% intervals", title_justify="left",
              title_style="bold")
    t.add_column("slot", justify="right")
    t.add_column("bot")
    t.add_column("wins", justify="right")
    t.add_column("win %", justify="right")
    t.add_column("score mean", justify="right")
    t.add_column("sd", justify="right")
    for slot in s["slots"]:
        sc = slot["score"]
        t.add_row(str(slot["slot"]), slot["bot"], str(slot["wins"]),
                  _share(slot["wins"], n, slot["win_ci95"]), _mean(sc), _sd(sc))
    out.print(t)
    t = Table(title="Per seat (the seat's own advantage"
                    + (", every bot taking turns there)" if s["rotate"] else ")"),
              title_justify="left", title_style="bold")
    t.add_column("seat", justify="right")
    t.add_column("wins", justify="right")
    t.add_column("win %", justify="right")
    t.add_column("score mean", justify="right")
    t.add_column("sd", justify="right")
    t.add_column("min", justify="right")
    t.add_column("max", justify="right")
    for seat, wins in enumerate(s["wins"]):
        sc = s["scores"][seat]
        t.add_row(str(seat), str(wins), _share(wins, n, s["win_ci95"][seat]), _mean(sc),
                  _sd(sc), _num(sc["min"]), _num(sc["max"]))
    out.print(t)
    if len(s["wins"]) > 1:
        out.print(f"Draws (nobody or everybody won): {s['draws']} ({100 * s['draws'] / n:.1f}%)")
    if any("+" in k for k in s["winning_sides"]):
        t = Table(title="Per side (seats)", title_justify="left",
                  title_style="bold")
        t.add_column("seats")
        t.add_column("wins", justify="right")
        t.add_column("win %", justify="right")
        for k, v in s["winning_sides"].items():
            t.add_row(k.replace("+", " + "), str(v), f"{100 * v / n:.1f}")
        out.print(t)
    a, d = s["actions_per_match"], s["deals_per_match"]
    out.print(f"Actions per match: mean {_num(a['mean'])}, min {_num(a['min'])}, max {_num(a['max'])}")
    if d["max"]:
        out.print(f"Deals per match: mean {_num(d['mean'])}, min {_num(d['min'])}, max {_num(d['max'])}")
    t = Table(title="How matches ended", title_justify="left", title_style="bold")
    t.add_column("reason (numbers as #)")
    t.add_column("matches", justify="right")
    t.add_column("share", justify="right")
    reasons = list(s["reasons"].items())
    for k, v in reasons[:12]:
        t.add_row(k, str(v["count"]), f"{100 * v['share']:.1f}%")
    if len(reasons) > 12:
        rest = sum(v["count"] for _, v in reasons[12:])
        t.add_row(f"({len(reasons) - 12} other endings)", str(rest), f"{100 * rest / n:.1f}%")
    out.print(t)
    if s["deal_endings"]:
        t = Table(title="How deals ended", title_justify="left", title_style="bold")
        t.add_column("reason (numbers as #)")
        t.add_column("deals", justify="right")
        t.add_column("share", justify="right")
        for k, v in s["deal_endings"].items():
            t.add_row(k, str(v["count"]), f"{100 * v['share']:.1f}%")
        out.print(t)
    out.print(f"{s['seconds']:.2f} s, {_num(s['matches_per_second'])} matches per second")


# -- replay ------------------------------------------------------------------

@app.command()
@guarded
def replay(
    path: str = typer.Argument(..., metavar="FILE", help="a record saved by pelit"),
    check: bool = typer.Option(False, "--check",
                               help="only replay and compare with the recorded result; exit 1 if it differs"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="print only the result"),
    seat: Optional[str] = typer.Option(None, "--seat", metavar="N",
                                       help="show the match as this seat saw it (default: every action, public events)"),
):
    """Replay a recorded match step by step, or check its result."""
    from ..core.records import RecordError, load_record
    from ..core.records import replay as replay_record
    seat = whole(seat, "--seat")
    record = load_record(path)
    if check:
        state = replay_record(record)          # a record that does not replay: exit 2
        got = state.outcome.to_json() if state.outcome is not None else None
        if not same_result(got, record.get("result")):
            err.print(f"pelit: REPLAY DIFFERS: {path}: the replay ends with {got}, "
                      f"the record says {record.get('result')}", markup=False,
                      style="bold red", soft_wrap=True)
            raise typer.Exit(1)
        out.print(f"ok: {path} replays to the recorded result "
                  f"({len(state.history)} actions, {state.game.info.id}, seed {state.seed})",
                  markup=False, soft_wrap=True)
        return
    state = replay_record(record, upto=0)
    game = state.game
    n = game.num_players(state)
    if seat is not None and not 0 <= seat < n:
        raise PelitError(f"there is no seat {seat}; seats are 0..{n - 1}")
    from . import render
    names = None
    shown = 0
    out.print(Text.assemble((f"{game.info.name}", "bold"), f", seed {state.seed}, "
                            f"{len(record['actions'])} actions"))

    def flush():
        nonlocal shown
        events = game.events_for(state, seat, shown)
        shown += len(events)
        if quiet:
            return
        for e in events:
            line = render.describe_event(game, e, seat, names, n)
            if line is not None:
                out.print(Text("    ").append_text(line))

    flush()
    for i, text in enumerate(record["actions"]):
        if not isinstance(text, str):
            raise RecordError(f"action {i + 1} is not text")
        who = None
        body = text
        if ":" in text:
            head, _, rest = text.partition(":")
            if head.strip().isdigit():
                who, body = int(head), rest
        actor = who if who is not None else (state.to_act[0] if len(state.to_act) == 1 else None)
        try:
            action = game.apply_text(state, body, who)
        except PelitError as exc:
            raise RecordError(f"action {i + 1} ({body!r}) does not replay: {exc}") from None
        # every action is in the record itself; only as a seat (--seat) are
        # the other seats' actions in a hidden-card game left to the events
        if not quiet and (seat is None or actor == seat or not game.info.hidden):
            line = Text.assemble((f"{i + 1:>4}. ", "dim"))
            if actor is not None:
                line.append(f"{render.seat_name(actor, seat)}: ", style="bold")
            line.append_text(render.pretty_action(game, game.action_text(action)))
            out.print(line)
        flush()
    if state.outcome is None:
        out.print("The record ends before the match does.")
        return
    for line in render.outcome_lines(game, state.outcome, seat, names):
        out.print(line)
    want = record.get("result")
    if want is not None and not same_result(state.outcome.to_json(), want):
        err.print("pelit: REPLAY DIFFERS from the recorded result "
                  f"(recorded {want})", markup=False, style="bold red", soft_wrap=True)
        raise typer.Exit(1)


def same_result(got, want) -> bool:
    return json.loads(json.dumps(got)) == json.loads(json.dumps(want))


# -- bench -------------------------------------------------------------------

@app.command()
@guarded
def bench(
    game: Optional[str] = typer.Argument(None, metavar="GAME", help="one game (default: all)", show_default=False),
    seconds: Optional[str] = typer.Option(None, "--seconds", "-s", metavar="S",
                                          help="seconds per game (default 3 for one game, 1 each for all; "
                                               "with --peers, per round and side, default 0.5)"),
    seed: str = typer.Option("1", "--seed", metavar="S", help="seed of the random play"),
    option: Optional[List[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE",
                                               help="name=value for the one game benchmarked"),
    preset: Optional[str] = typer.Option(None, "--preset", metavar="NAME", help="a named variant of the one game"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
    cpu: bool = typer.Option(False, "--cpu", help="rates per second of CPU time, not wall time "
                             "(steadier on a busy machine)"),
    evaluator: bool = typer.Option(False, "--evaluator", help="7-card poker hand evaluations "
                                   "per second (single calls, batch; treys and eval7 beside "
                                   "when installed) instead of random play"),
    verify: int = typer.Option(0, "--verify", metavar="N", help="with --evaluator: also check "
                               "N random hands against the brute-force reference"),
    peers: bool = typer.Option(False, "--peers", help="beside OpenSpiel (and RLCard) in one run: "
                               "interleaved rounds, CPU time, the ratio of the medians"),
    rounds: int = typer.Option(5, "--rounds", metavar="N", help="with --peers: rounds per side"),
    bots: bool = typer.Option(False, "--bots", help="heuristic bots' time per decision "
                              "(median, p99, max) instead of random play"),
    env: bool = typer.Option(False, "--env", help="the PettingZoo environment's steps per "
                             "second beside the plain API's actions per second"),
    search: bool = typer.Option(False, "--search", help="the search bot's simulations per "
                                "second and seconds per move (seat 0, heuristic bots beside)"),
    dd_loss: int = typer.Option(0, "--dd-loss", metavar="DEALS", help="bridge, minibridge: "
                                "tricks the heuristic and the search bot's card play lose "
                                "against double dummy over DEALS deals"),
    budget: str = typer.Option("search", "--budget", metavar="BOT", help="with --search or "
                               "--dd-loss: the search bot and its budget (search, search:N, "
                               "search:2s)"),
):
    """Random play through the public API: matches, actions and deals per second."""
    from ..sim.bench import bench_game, machine
    seconds = decimal(seconds, "--seconds")
    seed = whole(seed, "--seed")
    if sum(map(bool, (peers, bots, env, evaluator or verify, search, dd_loss))) > 1:
        raise PelitError("--peers, --bots, --env, --evaluator, --search and --dd-loss are "
                         "separate benchmarks; give one")
    if evaluator or verify:
        if game:
            raise OptionError("--evaluator benchmarks the poker hand evaluator, not a GAME")
        bench_poker_evaluator(seed, verify, as_json)
        return
    if peers:
        if game or option or preset:
            raise OptionError("--peers measures its own fixed set of games; give no GAME or options")
        _bench_peers(0.5 if seconds is None else seconds, rounds, as_json)
        return
    # --search takes a comma-separated list, each beside OpenSpiel in turn
    games = ([load(g.strip()) for g in game.split(",")] if search and game
             else [load(game)] if game else all_games())
    if (option or preset) and not game:
        raise OptionError("--option and --preset need one GAME")
    if seconds is None:
        seconds = 3.0 if game else 1.0
    if seconds <= 0:
        raise PelitError("--seconds must be more than 0")
    opts = {g.info.id: g.make_options(preset, **parse_options(option)) for g in games}
    info = machine()
    if bots:
        _bench_bots(games, seconds, seed, opts, info, as_json)
        return
    if search or dd_loss:
        from .search_cmd import bench_dd_loss, bench_search
        if not budget.strip().lower().startswith("search"):
            raise OptionError(f"--budget names the search bot (search, search:N, search:2s), "
                              f"not {budget!r}")
        for g in games:                     # a bad budget fails before anything runs
            make_bot(budget, g, 0, 0)
        if dd_loss:
            bench_dd_loss(games, dd_loss, seed, info, as_json, budget)
        else:
            bench_search(games, seconds, seed, opts, info, as_json, budget)
        return
    if env:
        from .research import bench_env_table
        bench_env_table(games, seconds, seed, opts, info, as_json, cpu)
        return
    results = []
    if not as_json:
        out.print(f"Random play, {seconds:g} s per game, rates per second of "
                  f"{'CPU' if cpu else 'wall'} time, on {info['cpu']} "
                  f"({info['cores']} cores, {info['usable_cores']} usable), {info['python']}"
                  f"{_build_note()}")
    for g in games:
        if as_json:
            results.append(bench_game(g, seconds, seed, opts[g.info.id], cpu=cpu))
        else:
            with err.status(f"{g.info.id} …"):
                results.append(bench_game(g, seconds, seed, opts[g.info.id], cpu=cpu))
        # a game with a solver (La Belle Lucie) measures it too: positions/s, time per deal
        if hasattr(g, "bench_solver"):
            results[-1]["solver"] = g.bench_solver(seconds, seed)
    if as_json:
        sys.stdout.write(json.dumps({"machine": info, "seconds_per_game": seconds,
                                     "results": results}, indent=1) + "\n")
        return
    t = Table(title="pelit bench", title_style="bold")
    t.add_column("game", style="bold cyan")
    t.add_column("matches/s", justify="right")
    t.add_column("actions/s", justify="right")
    t.add_column("deals/s", justify="right")
    t.add_column("matches", justify="right")
    for r in results:
        long_match = r.get("long_match") and not r["matches"]
        t.add_row(r["game"] + (" *" if long_match else ""),
                  "—" if long_match else f"{r['matches_per_second']:,.1f}",
                  f"{r['actions_per_second']:,.0f}",
                  f"{r['deals_per_second']:,.0f}" if "deals_per_second" in r else "—",
                  str(r["matches"]) + (" + 1 unfinished" if r.get("unfinished") else ""))
    out.print(t)
    for r in results:
        if "solver" in r:
            sv = r["solver"]
            out.print(f"{r['game']} solver: {sv['positions_per_second']:,.0f} positions/s, "
                      f"{sv['ms_per_deal']:,.1f} ms per deal ({sv['solver_deals']} deals)")
    if any(r.get("long_match") and not r["matches"] for r in results):
        out.print("[dim]* a long match (to a target score): no match ended in the time "
                  "given, so it is measured per deal; the deal under way when the time "
                  "was up was played to its end[/dim]")
    if any(r.get("unfinished") and not r.get("long_match") for r in results):
        out.print("[dim]unfinished: random play had not ended a match long after the time "
                  "given; its actions are counted, the match is not[/dim]")


def bench_poker_evaluator(seed: int, verify: int, as_json: bool) -> None:
    """``pelit bench --evaluator``: the table of rates, and the reference check."""
    from ..sim.bench import machine
    from ..sim.evaluator_bench import bench_evaluator, verify_evaluator
    if verify < 0:
        raise PelitError("--verify must be 0 or more")
    info = machine()
    with err.status("poker hand evaluator …"):
        result = bench_evaluator(seed=seed)
    checked = None
    if verify:
        with err.status(f"checking {verify:,} hands against the reference …") as status:
            checked = verify_evaluator(verify, seed, lambda name, i: status.update(
                f"checking {verify:,} hands against the reference: {name} cards, {i:,} …"))
    if as_json:
        sys.stdout.write(json.dumps({"machine": info, **result, "verify": checked}, indent=1) + "\n")
        return
    out.print(f"{result['hands']:,} random 7-card hands, rates per second of CPU time (best of "
              f"rounds), on {info['cpu']}, {info['python']}")
    t = Table(title="pelit bench --evaluator", title_style="bold")
    for name, justify in (("evaluator", "left"), ("path", "left"), ("hands", "left"),
                          ("7-card hands/s", "right"), ("orders hands as pelit", "right")):
        t.add_column(name, justify=justify)
    for r in result["results"]:
        rate = f"{r['per_second']:,.0f}" if "per_second" in r else "—"
        agree = f"{r['agreement']:.1%}" if "agreement" in r else ""
        t.add_row(r["evaluator"], r["path"], r.get("hands", ""), rate, agree)
    out.print(t)
    if checked is not None:
        for kind, c in checked.items():
            line = f"{kind}: {c['hands']:,} hands, {c['mismatch_count']} differ from the reference"
            out.print(line + ("" if not c["mismatches"] else ": " + "; ".join(c["mismatches"][:3])))
        if any(c["mismatch_count"] for c in checked.values()):
            raise typer.Exit(1)


def _build_note() -> str:
    """Which build of pelit runs (the compiled modules, if any were built)."""
    from ..core.build import build_name
    return f"; {build_name()}"


def _bench_peers(seconds: float, rounds: int, as_json: bool):
    from ..sim.bench import machine
    from ..sim import peers as peer_bench
    if seconds <= 0 or rounds < 1:
        raise PelitError("--seconds must be more than 0 and --rounds at least 1")
    if peer_bench.pyspiel_module() is None:
        raise PelitError(peer_bench.PEER_HINT)
    info = machine()
    with err.status("measuring …") as status:
        rows = peer_bench.peer_rows(seconds, rounds,
                                    progress=lambda label: status.update(f"{label} …"))
        clones = peer_bench.clone_rows()
        long_match = peer_bench.long_match_rows()
    if as_json:
        sys.stdout.write(json.dumps({"machine": info, "build": _build_note().strip("; "),
                                     "seconds_per_round": seconds, "rounds": rounds,
                                     "rows": rows, "clones": clones,
                                     "long_match": long_match}, indent=1) + "\n")
        return
    head = (f"pelit beside its peers, {rounds} interleaved rounds of {seconds:g} s CPU time "
            f"per side: {info['cpu']} ({info['cores']} cores, {info['usable_cores']} usable), "
            f"{info['python']}, {_build_note().strip('; ')}.")
    sys.stdout.write(peer_bench.report(rows, clones, long_match, head))


def _bench_bots(games, seconds, seed, opts, info, as_json):
    from ..bots import bot_names
    from ..sim.bench import bot_times
    results = []
    for g in games:
        if "heuristic" not in bot_names(g):
            continue
        if as_json:
            results.append(bot_times(g, seconds, seed, opts[g.info.id]))
            continue
        with err.status(f"{g.info.id} …"):
            results.append(bot_times(g, seconds, seed, opts[g.info.id]))
    if not results:
        raise PelitError("no heuristic bot for that game")
    if as_json:
        sys.stdout.write(json.dumps({"machine": info, "seconds_per_game": seconds,
                                     "results": results}, indent=1) + "\n")
        return
    out.print(f"Heuristic bots in every seat, {seconds:g} s per game; the bot's CPU time "
              f"per decision (observe + choose) on {info['cpu']}, {info['python']}{_build_note()}")
    t = Table(title="pelit bench --bots", title_style="bold")
    t.add_column("game", style="bold cyan")
    t.add_column("decisions", justify="right")
    t.add_column("median ms", justify="right")
    t.add_column("p99 ms", justify="right")
    t.add_column("max ms", justify="right")
    for r in results:
        t.add_row(r["game"], f"{r['decisions']:,}", f"{r['p50_ms']:.3f}",
                  f"{r['p99_ms']:.3f}" + (" ✗" if r["p99_ms"] >= 1 else ""), f"{r['max_ms']:.2f}")
    out.print(t)


from ..server.cli import serve  # noqa: E402  (the web table's command lives with the server)
from .math_cmd import math  # noqa: E402  (pelit math: the book's problems, computed)

app.command("serve")(serve)
app.command("math")(guarded(math))

# tournaments and record formats for researchers (cli/research.py)
from .research import export_match, import_match, tournament  # noqa: E402

app.command("tournament")(guarded(tournament))

# the search bot's duplicate comparison (cli/search_cmd.py)
from .search_cmd import compare  # noqa: E402

app.command("compare")(guarded(compare))
app.command("export")(guarded(export_match))
app.command("import")(guarded(import_match))


def run():
    """Entry point of the console script."""
    app()


if __name__ == "__main__":
    run()
