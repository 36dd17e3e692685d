"""The ``serve`` command.

Hook it into the ``pelit`` command line with::

    from pelit.server.cli import serve
    app.command("serve")(serve)

Until then ``python -m pelit.server`` runs the same command.
"""

from __future__ import annotations


import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: str = typer.Option("pelit.db", help="SQLite database file (created when missing), or "
                           "postgresql://USER@HOST/DB for several server processes on one database"),
    bot_delay: float = typer.Option(0.6, help="seconds a bot waits before it acts"),
    grace: float = typer.Option(60.0, help="seconds before a bot stands in for a player who left"),
    window_wait: float = typer.Option(10.0, help="seconds a bot whose move would close an "
                                      "out-of-turn window (a doubt, a match) waits for people in it"),
    origin: list[str] = typer.Option([], help="another site allowed to connect (repeatable)"),
    rate_limit: str = typer.Option("100/20", help="messages one connection may send in so many "
                                   "seconds (COUNT/SECONDS); twice that closes it"),
    create_limit: str = typer.Option("30/600", help="tables one address may create in so many "
                                     "seconds (COUNT/SECONDS)"),
    per_address: int = typer.Option(64, min=1, help="WebSocket connections one address may "
                                    "hold open at once"),
    max_spectators: int = typer.Option(32, min=0, help="spectators one table may have"),
    max_per_seat: int = typer.Option(4, min=1, help="connections one seat may have"),
    idle: float = typer.Option(300.0, min=0.1, help="seconds unused before a table leaves "
                               "memory (it stays in the database)"),
    forwarded_allow_ips: str = typer.Option("127.0.0.1", help="reverse proxies whose "
                                            "X-Forwarded-For is trusted (comma-separated, * for any)"),
) -> None:
    """Serve the web table: lobby, tables, bots and replays on http://HOST:PORT."""
    from .app import run
    from .hub import Limits

    limit = _window(rate_limit, "--rate-limit", "100/20")
    creations = _window(create_limit, "--create-limit", "30/600")
    where = db.split("@")[-1] if db.startswith(("postgresql://", "postgres://")) else db
    typer.echo(f"pelit: serving on http://{host}:{port} (database {where})")
    run(host=host, port=port, db=db, bot_delay=bot_delay, grace=grace, origins=origin,
        window_wait=window_wait, rate_limit=limit, create_limit=creations,
        per_address=per_address, forwarded_allow_ips=forwarded_allow_ips,
        limits=Limits(max_spectators=max_spectators, max_per_seat=max_per_seat, idle=idle))


def _window(text: str, option: str, example: str) -> tuple[int, float]:
    count, _, seconds = text.partition("/")
    try:
        limit = int(count), float(seconds)
    except ValueError:
        limit = (0, 0.0)
    if limit[0] < 1 or not limit[1] > 0:
        raise typer.BadParameter(f"{text!r}: give COUNT/SECONDS, e.g. {example}",
                                 param_hint=option)
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
