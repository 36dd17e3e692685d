"""The Go MCTS bot against GNU Go over GTP, and the record of the match.

    .venv/bin/python tools/go_vs_gnugo.py [--games 20] [--level 1] [--seconds 1.5]
                                          [--seed 1] [--sgf DIR] [--bot mcts]

Colours alternate (the bot is black in the odd-numbered games), komi 6.5,
9 x 9, pelit's rules of Beginners' Go as the referee (sim/gtp.py); GNU Go
plays with Chinese rules and captures all dead stones before passing.  Each
game prints a line; the record follows, with the bot's longest and mean
time per move (the goal: at least half of 20 games won at no more than 2 s
a move).  It measures, it asserts nothing: no test runs it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pelit.bots import make_bot
from pelit.sim.bench import machine
from pelit.sim.gtp import GTPEngine, play_gtp_game


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--level", type=int, default=1, help="GNU Go's level (1 to 10)")
    ap.add_argument("--seconds", type=float, default=1.5, help="the bot's time per move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="mcts")
    ap.add_argument("--sgf", default=None, help="a folder to save each game's SGF in")
    args = ap.parse_args(argv)

    def factory(game, seat, seed):
        bot = make_bot(args.bot, game, seat, seed)
        if hasattr(bot, "seconds"):
            bot.seconds = args.seconds
        return bot

    info = machine()
    print(f"pelit {args.bot} ({args.seconds:g} s a move) against GNU Go level {args.level}, "
          f"{args.games} games, 9x9, komi 6.5, on {info['cpu']} ({info['usable_cores']} "
          f"usable cores), {info['python']}", flush=True)
    wins = 0
    worst = 0.0
    start = time.perf_counter()
    if args.sgf:
        Path(args.sgf).mkdir(parents=True, exist_ok=True)
    with GTPEngine.gnugo(level=args.level) as engine:
        for i in range(args.games):
            colour = "black" if i % 2 == 0 else "white"
            rec = play_gtp_game(factory, engine, colour, seed=args.seed + i)
            won = rec.winner == colour
            wins += won
            worst = max(worst, rec.bot_seconds_max)
            print(f"game {i + 1:>2}: bot {colour:<5}  {'WIN ' if won else 'loss'}  "
                  f"{rec.reason}; {rec.moves} moves, bot {rec.bot_seconds_mean:.2f} s a move "
                  f"(longest {rec.bot_seconds_max:.2f} s)", flush=True)
            if args.sgf:
                Path(args.sgf, f"game-{i + 1:02d}.sgf").write_text(rec.sgf)
    print(f"record: {wins} won, {args.games - wins} lost of {args.games} "
          f"({100 * wins / args.games:.0f}%); longest move {worst:.2f} s; "
          f"{time.perf_counter() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
