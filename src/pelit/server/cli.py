"""The ``serve`` command.

Hook it into the ``pelit`` command line with::

    from pelit.server.cli import serve
    app.command("serve")(serve)

Until then ``python -m pelit.server`` runs the same command.
"""

from __future__ import annotations

from pathlib import Path

import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: Path = typer.Option(Path("pelit.db"), help="SQLite database file (created when missing)"),
    bot_delay: float = typer.Option(0.6, help="seconds a bot waits before it acts"),
    grace: float = typer.Option(60.0, help="seconds before a bot stands in for a player who left"),
    window_wait: float = typer.Option(10.0, help="seconds a bot whose move would close an "
                                      "out-of-turn window (a doubt, a match) waits for people in it"),
    origin: list[str] = typer.Option([], help="another site allowed to connect (repeatable)"),
    rate_limit: str = typer.Option("100/20", help="messages one connection may send in so many "
                                   "seconds (COUNT/SECONDS); twice that closes it"),
) -> None:
    """Serve the web table: lobby, tables, bots and replays on http://HOST:PORT."""
    from .app import run

    limit = _rate_limit(rate_limit)
    typer.echo(f"pelit: serving on http://{host}:{port} (database {db})")
    run(host=host, port=port, db=str(db), bot_delay=bot_delay, grace=grace, origins=origin,
        window_wait=window_wait, rate_limit=limit)


def _rate_limit(text: str) -> tuple[int, float]:
    count, _, seconds = text.partition("/")
    try:
        limit = int(count), float(seconds)
    except ValueError:
        limit = (0, 0.0)
    if limit[0] < 1 or not limit[1] > 0:
        raise typer.BadParameter(f"{text!r}: give COUNT/SECONDS, e.g. 100/20",
                                 param_hint="--rate-limit")
    return limit


def main() -> None:
    app = typer.Typer(add_completion=False)
    app.command("serve")(serve)

    @app.callback()
    def _root() -> None:
        """pelit web server."""

    import sys
    argv = sys.argv[1:]
    if not argv or argv[0] != "serve":
        argv = ["serve", *argv]
    app(argv, prog_name="python -m pelit.server")
