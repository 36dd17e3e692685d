"""Go against another program over GTP (the Go Text Protocol, version 2).

``GTPEngine`` runs a GTP engine (GNU Go by default: ``/usr/games/gnugo``,
Debian's ``gnugo`` package, which the Makefile's setup installs) as a child
process and sends it commands.  ``play_gtp_game`` plays one game of
Beginners' Go between a pelit bot and the engine: pelit's own engine is the
referee (games/go.py: its legality, its ko rule, its end and its score), the
engine is only told the moves and asked for its own.

GNU Go is started with Chinese (area) rules and ``--capture-all-dead``, so
that it removes dead stones before it passes, as 31.4 needs (there is no
agreement on dead stones in Beginners' Go), and with the match's komi.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from dataclasses import dataclass, field

from ..core.errors import PelitError

GNUGO = "/usr/games/gnugo"


def find_gnugo() -> str | None:
    """The gnugo program, or None where it is not installed."""
    for path in (GNUGO, shutil.which("gnugo")):
        if path and shutil.which(path):
            return path
    return None


class GTPError(PelitError):
    """The engine answered a command with an error (``? ...``)."""


class GTPEngine:
    def __init__(self, argv: list[str]):
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as exc:
            raise PelitError(f"cannot start the GTP engine {argv[0]}: {exc.strerror}") from None

    @classmethod
    def gnugo(cls, level: int = 1, komi: float = 6.5, size: int = 9, path: str | None = None):
        path = path or find_gnugo()
        if path is None:
            raise PelitError("GNU Go is not installed (apt-get install gnugo; make setup does it)")
        engine = cls([path, "--mode", "gtp", "--level", str(level), "--chinese-rules",
                      "--capture-all-dead", "--komi", str(komi)])
        engine.send(f"boardsize {size}")
        engine.send("clear_board")
        engine.send(f"komi {komi}")
        return engine

    def send(self, command: str) -> str:
        """One command; the answer's text (``= text``), or GTPError for ``? text``."""
        proc = self.proc
        if proc.poll() is not None:
            raise PelitError("the GTP engine has stopped")
        proc.stdin.write(command.strip() + "\n")
        proc.stdin.flush()
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:
                raise PelitError(f"the GTP engine stopped while answering {command!r}")
            line = line.rstrip("\r\n")
            if not line and lines:
                break
            if line or lines:
                lines.append(line)
        head = lines[0]
        text = "\n".join([head[1:].strip()] + lines[1:]).strip()
        if head.startswith("?"):
            raise GTPError(f"{command!r}: {text}")
        if not head.startswith("="):
            raise PelitError(f"not a GTP answer to {command!r}: {head!r}")
        return text

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
            except PelitError:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@dataclass
class GameRecord:
    bot_colour: str                       # the pelit bot's colour
    winner: str                           # "black" or "white"
    reason: str
    moves: int
    bot_seconds_max: float                # the longest time the bot took for a move
    bot_seconds_mean: float
    sgf: str = ""
    extra: dict = field(default_factory=dict)


def play_gtp_game(bot_factory, engine: GTPEngine, bot_colour: str, seed: int = 1,
                  size: int = 9, komi: float = 6.5, max_moves: int = 400) -> GameRecord:
    """One game: ``bot_factory(game, seat, seed)`` makes the pelit bot for its
    seat (black is seat 0); the engine plays the other colour."""
    import pelit
    from ..games.go import to_sgf
    game = pelit.load("go")
    state = game.new_state(seed=seed, size=size, komi=komi)
    bot_seat = 0 if bot_colour == "black" else 1
    bot = bot_factory(game, bot_seat, seed)
    engine.send("clear_board")
    times = []
    resigned = None
    while state.outcome is None and len(state.history) < max_moves:
        seat = state.to_act[0]
        colour = "b" if seat == 0 else "w"
        if seat == bot_seat:
            t = time.perf_counter()
            action = bot.choose(game.view(state, seat))
            times.append(time.perf_counter() - t)
            game.apply(state, action, seat)
            engine.send(f"play {colour} {game.action_text(action)}")
        else:
            vertex = engine.send(f"genmove {colour}").lower()
            if vertex == "resign":
                resigned = seat
                break
            game.apply_text(state, vertex, seat)
    if resigned is not None:
        winner = "white" if resigned == 0 else "black"
        reason = f"{'black' if resigned == 0 else 'white'} (GNU Go) resigned"
    elif state.outcome is None:
        raise PelitError(f"the game did not end within {max_moves} moves")
    else:
        winner = "black" if state.outcome.winners == (0,) else "white"
        reason = state.outcome.reason
    names = ("pelit " + bot.name, "GNU Go") if bot_seat == 0 else ("GNU Go", "pelit " + bot.name)
    return GameRecord(bot_colour, winner, reason, len(state.history),
                      max(times, default=0.0), sum(times) / len(times) if times else 0.0,
                      to_sgf(state, names=names))
