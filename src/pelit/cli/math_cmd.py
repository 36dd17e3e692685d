"""The ``math`` command: the problems of seed 000 ch. 32, computed (``pelit.math``)."""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer
from rich.text import Text

from ..core.errors import PelitError


def math(
    problem: Optional[str] = typer.Argument(None, metavar="N",
                                            help="the problem, 1..7 (default: all, quickly)"),
    upto: Optional[str] = typer.Option(None, "--upto", metavar="N",
                                       help="problems 4-7: solve sizes 1..N"),
    seconds: Optional[str] = typer.Option(None, "--seconds", metavar="S",
                                          help="problem 7: solve bigger hands while the next "
                                               "size fits in S seconds (default 60)"),
    k: Optional[str] = typer.Option(None, "--k", metavar="K", help="problem 2: room after the catch"),
    n: Optional[str] = typer.Option(None, "--n", metavar="N", help="problem 2: the smallest grip"),
    m: Optional[str] = typer.Option(None, "--m", metavar="M", help="problem 2: the largest grip"),
    hand: Optional[str] = typer.Option(None, "--hand", metavar="CARDS",
                                       help="problem 7: the first player's cards, e.g. '1 4 5' "
                                            "(the second holds the rest of 1..2n)"),
    lead: Optional[str] = typer.Option(None, "--lead", metavar="WHO",
                                       help="problem 7 with --hand: first or second leads"),
    listing: Optional[str] = typer.Option(None, "--list", metavar="N",
                                          help="problem 7: every position of N cards a hand"),
    start: Optional[str] = typer.Option(None, "--start", metavar="PLACES",
                                        help="problem 3: the marks to start from, 'x,y x,y ...' "
                                             "(default: the 36-mark cross)"),
    seed: Optional[str] = typer.Option(None, "--seed", metavar="S",
                                       help="problems 1 and 3: the first seed"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
):
    """The book's mathematical problems (000 ch. 32), computed and held against its answers."""
    from .. import math as problems
    from .main import decimal, err, out, whole
    chosen = whole(problem, "the problem number") if problem is not None else None
    params = {"upto": whole(upto, "--upto", minimum=1), "seconds": decimal(seconds, "--seconds"),
              "k": k, "n": n, "m": m, "hand": hand, "lead": lead,
              "listing": whole(listing, "--list", minimum=1), "start": start,
              "seed": whole(seed, "--seed")}
    if params["seconds"] is not None and params["seconds"] <= 0:
        raise PelitError("--seconds must be more than 0")
    given = {key: v for key, v in params.items() if v is not None}
    if chosen is None:
        if given:
            raise PelitError("name the problem the options are for (pelit math N ...)")
        reports = [problems.report(p, **({"upto": 10} if p == 7 else {})) for p in range(1, 8)]
    elif as_json:
        reports = [problems.report(chosen, **given)]
    else:
        with err.status(f"problem {chosen} …") as status:
            if chosen == 7:
                given["progress"] = lambda size: status.update(
                    f"problem 7: every deal of {size} card{'s' if size > 1 else ''} a hand …")
            reports = [problems.report(chosen, **given)]
    if as_json:
        sys.stdout.write(json.dumps(reports if chosen is None else reports[0], indent=1,
                                    default=str) + "\n")
        return
    for r in reports:
        out.print(Text(f"Problem {r['problem']}. {r['title']}", style="bold"))
        out.print(Text.assemble(("  The book: ", "bold"),
                                r["book"] or "no answer (the author could not solve it)."),
                  soft_wrap=True)
        for line in r["lines"]:
            out.print(Text("  " + line), soft_wrap=True)  # long lines wrap at the screen's edge
        if r["agrees"] is True:
            out.print(Text("  Agrees with the book.", style="bold green"))
        elif r["agrees"] is False:
            out.print(Text("  DISAGREES with the book.", style="bold red"))
        out.print()
    if any(r["agrees"] is False for r in reports):
        raise typer.Exit(1)
