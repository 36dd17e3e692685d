"""A match in the terminal: one person at one seat, bots in the others.

The person sees only their seat's view and events (drawn by ``render``).
Bots see only their own.  When several seats may act at once (an
out-of-turn window), the bots in the window answer first, in an order drawn
from the match's own random stream, then the person if still asked; except
that a person who may let the moment go (``pass``) is asked before bots that
must move on (a doubt or a match offered before the next play closes it).
In a race against bots that answer after a human-like delay (``delay(view)``,
Salute the King), the person's prompt waits only until the first bot's
answer is due: answer in time to beat it.

At the prompt: action text (``QS``, ``Q♠``, ``pass``, ``bid 7nt``), or
``help``, ``legal``, ``rules``, ``log``, ``quit``.  Bad input gets one line
saying why and what is legal (and, for a slip, what was probably meant),
then the prompt again.  The start of an action is enough where it names no
card, rank or number and only one legal action begins so (``ap`` for
``applaud``); otherwise the actions it could be are listed and the prompt
asks again: a card is never guessed.  On a real terminal the prompt has
line editing, history and Tab completion of the legal actions (readline).

The end of a trick, of a deal and of the match do not flash past: a trick
is summed up and shown until the next card is led, a deal's scoring and the
score are shown, and the table waits for Enter (``pause``; ``--no-pause``).
"""

from __future__ import annotations

import difflib
import os
import select
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ..bots import make_bot
from ..core.errors import IllegalAction, PelitError
from ..core.game import options_overrides
from ..core.records import save_record
from ..core.rng import fresh_seed, stream
from . import render

COMMANDS = (
    ("ACTION", "play an action, e.g. a card (QS or Q♠, 10H or TH) or a verb (pass)"),
    ("legal", "list every action you may take now"),
    ("log [N]", "the last N events you saw (all with 'log all'); cards a game "
                "makes you remember are left out"),
    ("rules", "the rules of this game in short"),
    ("hint", "advice from the game's solver, where the game has one (La Belle Lucie)"),
    ("table", "draw the table again (also: an empty line)"),
    ("help", "this help (a verb may be shortened: 'ap' for 'applaud' when only one "
             "fits; cards, ranks and numbers are typed in full)"),
    ("quit", "leave the match (the record is still saved)"),
)
RECENT = 6
# events that end a deal (a game may name more in its render hints, ``deal_end``)
DEAL_END = ("deal_scored", "hand_scored", "board_scored", "hand_won")
SHOWN_CHOICES = 8         # actions listed when a typed start fits several
COMMAND_WORDS = ("legal", "log", "rules", "table", "help", "quit")


def check_record_path(path: Path) -> None:
    """Fail at once, not after the match, when a record cannot be written
    there: a folder, a path under a file, a place without write permission."""
    if path.is_dir():
        raise PelitError(f"cannot save the record to {path}: it is a folder; give a file name")
    folder = path.parent
    above = next((p for p in [folder, *folder.parents] if p.exists()), None)
    if above is not None and not above.is_dir():
        raise PelitError(f"cannot save the record to {path}: {above} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PelitError(f"cannot save the record to {path}: {exc.strerror}") from None
    target = path if path.exists() else folder
    if not os.access(target, os.W_OK):
        raise PelitError(f"cannot save the record to {path}: permission denied")


def default_record_path(game_id: str, seed: int) -> Path:
    base = os.environ.get("PELIT_RECORDS")
    if base:
        folder = Path(base)
    else:
        data = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
        folder = Path(data) / "pelit" / "records"
    return folder / f"{game_id}-{seed}.json"


class Session:
    def __init__(self, game, seat: int = 0, bots=None, seed: int | None = None,
                 preset=None, overrides=None, console: Console | None = None,
                 record: str | Path | None = None, save: bool = True, input_fn=None,
                 timed_input_fn=None, pause: bool | None = None):
        self.game = game
        self.console = console or Console(highlight=False)
        self.seed = fresh_seed() if seed is None else int(seed)
        options = game.make_options(preset, **(overrides or {}))
        self.state = game.new_state(seed=self.seed, options=options)
        self.n = game.num_players(self.state)
        if not 0 <= seat < self.n:
            raise PelitError(f"there is no seat {seat} in {game.info.name} with {self.n} "
                             f"players; seats are 0..{self.n - 1}")
        self.me = seat
        names = [b.strip() for b in (bots or []) if b.strip()]
        others = [s for s in range(self.n) if s != seat]
        if not names and others:
            names = ["heuristic"]
        if len(names) < len(others):
            names += [names[-1]] * (len(others) - len(names))
        if len(names) > len(others):
            raise PelitError(f"{len(names)} bots given for {len(others)} other seat"
                             f"{'s' if len(others) != 1 else ''}")
        self.bots = {}
        self.names = [None] * self.n
        for s, name in zip(others, names):
            self.bots[s] = make_bot(name, game, s, self.seed)
            self.names[s] = self.bots[s].name
        self.names[seat] = "you"
        self.arrival = stream(self.seed, "arrival")
        self.seen = [0] * self.n          # events each seat has been given
        self.shown = 0                    # events of my seat drawn so far
        self.since_prompt: list[Text] = []
        self.not_per_seat: set = set()     # list fields seen with another length
        self.record_path = Path(record) if record else (
            default_record_path(game.info.id, self.seed) if save else None)
        if self.record_path is not None:
            check_record_path(self.record_path)
        interactive = input_fn is None and sys.stdin.isatty()
        self.readline = _readline(self) if interactive else None
        self.input = input_fn or (self._line_input if self.readline else self.console.input)
        # waits for Enter at the end of a trick, a deal (by default on a real terminal)
        self.pause = interactive if pause is None else pause
        self.checked = 0                  # events of my seat looked at for pauses
        self.plays = []                   # the cards of the trick being played, as seen
        # a prompt that gives up after some seconds (None: no timed prompts);
        # by default only on a real terminal
        if timed_input_fn is None and input_fn is None and sys.stdin.isatty():
            timed_input_fn = self._tty_timed_input
        self.timed_input = timed_input_fn
        self.deadlines: dict[int, float] = {}   # bot seat -> when its answer arrives

    # -- output ------------------------------------------------------------
    def my_events(self, start=0):
        return self.game.events_for(self.state, self.me, start)

    def _collect_new(self):
        events = self.my_events(self.shown)
        self.shown += len(events)
        for e in events:
            line = render.describe_event(self.game, e, self.me, self.names, self.n)
            if line is not None:
                self.since_prompt.append(line)

    def draw(self):
        self._collect_new()
        view = self.game.view(self.state, self.me)
        if self.since_prompt:
            recent = self.since_prompt[-RECENT:]
            if len(self.since_prompt) > RECENT:
                recent = [Text(f"({len(self.since_prompt) - RECENT} earlier: type log)",
                               style="dim")] + recent
        else:
            recent = self._last_lines(4)
        # the seed is not shown before the match is over: it would tell the deal
        self.console.print(render.table_renderable(self.game, view, self.names, recent,
                                                   memory=self.not_per_seat))
        if view["legal"]:
            line = Text.assemble(("Legal: ", "bold"))
            line.append_text(render.legal_text(self.game, view))
            line.append("   (type one; help for commands)", style="dim")
            self.console.print(line)

    def _last_lines(self, k):
        """The seat's past events as lines.  Fields a game lists under the
        hint ``forget`` (``{"flip": ["card"]}``) are left out: what a player
        must remember (Memory, Cactus) is shown as it happens, not again; so
        are the cards of won tricks lying face down (ch. 2: all but the last
        trick, and that one too once the next card is down)."""
        forget = render.hints(self.game).get("forget", {})
        events = self.my_events()
        down = _face_down_plays(events)
        lines = []
        for i, e in enumerate(events):
            drop = forget.get(e.get("kind"))
            if i in down:
                drop = ("card",) + tuple(drop or ())
            if drop:
                e = {key: v for key, v in e.items() if key not in drop}
            line = render.describe_event(self.game, e, self.me, self.names, self.n)
            if line is not None:
                lines.append(line)
        return lines[-k:]

    def say(self, text, style=None):
        self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    # -- the loop ----------------------------------------------------------
    def run(self) -> int:
        game, state = self.game, self.state
        changed = options_overrides(state.options)
        self.console.print(Text.assemble(
            ("pelit ", "bold cyan"), (f"{game.info.name}", "bold"),
            f" ({', '.join(f'{k}={v}' for k, v in changed.items())})" if changed else "",
            (f": you are seat {self.me}, against "
             f"{', '.join(f'{self.names[s]} (seat {s})' for s in sorted(self.bots))}. "
             if self.bots else ": you play alone. "),
            "Type help for commands, quit to leave."))
        redraw = True
        while state.outcome is None:
            waiting = [s for s in state.to_act if s != self.me]
            waiting = self._first_answers(waiting)
            timed = self._timed_window(waiting)
            if timed is not None:
                seat, seconds = timed
                line = None
                if seconds > 0.05:          # else that bot's answer is already in
                    self.draw()
                    self.since_prompt = []
                    line = self.timed_input(f"your move (about {seconds:.1f} s)> ", seconds)
                if line is None:
                    self._bot_move(seat)
                elif self._handle(line) == "quit":
                    return self._leave("you left the match", 0)
                if self._stops() == "quit":
                    return self._leave("you left the match", 0)
                redraw = True
                continue
            if waiting:
                seat = waiting[0] if len(waiting) == 1 else self.arrival.choice(waiting)
                self._bot_move(seat)
                if self._stops() == "quit":
                    return self._leave("you left the match", 0)
                redraw = True
                continue
            if redraw:
                self.draw()
                self.since_prompt = []
                redraw = False
            try:
                line = self.input("[bold green]your move>[/] ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return self._leave("input ended", 1)
            result = self._handle(line)
            if result == "quit":
                return self._leave("you left the match", 0)
            if result == "acted":
                redraw = True
                if self._stops() == "quit":
                    return self._leave("you left the match", 0)
        self._stops()
        self._collect_new()
        self.draw()
        for line in render.outcome_lines(game, state.outcome, self.me, self.names):
            self.console.print(line)
        self._save()
        return 0

    # -- the end of a trick, of a deal -------------------------------------
    def _stops(self):
        """After a move: sum up a trick or a deal that has just ended, and
        wait for Enter where the person would otherwise not see it (a trick
        stays on view until the next card is led; a deal's scoring before
        the next deal).  Returns "quit" when the person leaves instead."""
        events = self.my_events(self.checked)
        self.checked += len(events)
        ends = set(DEAL_END) | set(render.hints(self.game).get("deal_end", ()))
        view = self.game.view(self.state, self.me)
        trick = deal = False
        for e in events:
            kind = e["kind"]
            if kind == "new_deal":
                self.plays = []
            elif kind in ("play", "lead") and e.get("card") is not None:
                self.plays.append((e.get("place", e.get("seat")), e["card"]))
            elif kind == "trick":
                trick = True
                self.console.print(render.trick_summary(self.game, self.plays, e, self.me,
                                                        self.names))
                self.plays = []
            elif kind in ends:
                deal = True
                self.console.print(render.deal_summary(self.game, e, view, self.me, self.names))
        if not trick and not deal:
            return None
        if not self.pause or self.state.outcome is not None:
            return None
        if not deal and self.me in self.state.to_act:
            return None            # the table at the prompt shows the trick just won
        what = "the next deal" if deal else "the next trick"
        try:
            line = self.input(f"[dim]Enter for {what} (q to leave)[/] ")
        except (EOFError, KeyboardInterrupt):
            return "quit"
        return "quit" if line.strip().lower() in ("q", "quit", "exit") else None

    def _line_input(self, prompt: str) -> str:
        """input() with readline's editing and history; the prompt's colours
        are marked as zero-width so the cursor stays where it belongs."""
        return input(render.readline_prompt(self.console, prompt))

    def _can_decline(self, seat) -> bool:
        return any(self.game.action_text(a) == "pass"
                   for a in self.game.legal_actions(self.state, seat))

    def _first_answers(self, waiting):
        """The bots that may answer before the person.  When the person may
        let the moment go (``pass``), bots that must move on (a turn's move
        that closes the window: the next play after a doubtable one, the
        turn after a matchable discard) wait until the person has answered;
        bots that may pass too answer first, as everywhere.  Otherwise the
        chance to doubt or match would be gone before it was offered."""
        if not waiting or self.me not in self.state.to_act or not self._can_decline(self.me):
            return waiting
        return [s for s in waiting if self._can_decline(s)]

    def _timed_window(self, waiting):
        """A race the person is in, against bots that take a human-like time
        to answer (a bot with ``delay(view)``, e.g. Salute the King): each
        such bot's answer is due some seconds after the window opened; the
        person may answer until the first is due.  Returns (that bot, the
        seconds left) or None when the person is not racing such bots."""
        if self.timed_input is None or self.me not in self.state.to_act or not waiting:
            self.deadlines = {}
            return None
        timed = [s for s in waiting if hasattr(self.bots[s], "delay")]
        if not timed:
            self.deadlines = {}
            return None
        now = time.monotonic()
        self.deadlines = {s: t for s, t in self.deadlines.items() if s in waiting}
        for s in timed:
            if s not in self.deadlines:
                self.deadlines[s] = now + self.bots[s].delay(self.game.view(self.state, s))
        seat = min(self.deadlines, key=self.deadlines.get)
        return seat, max(0.0, self.deadlines[seat] - now)

    def _tty_timed_input(self, prompt, seconds):
        self.console.print(prompt, end="", markup=False, highlight=False)
        ready, _, _ = select.select([sys.stdin], [], [], seconds)
        if not ready:
            self.console.print("(too late)", style="dim")
            return None
        return sys.stdin.readline()

    def _bot_move(self, seat):
        bot = self.bots[seat]
        bot.observe(self.game.events_for(self.state, seat, self.seen[seat]))
        self.seen[seat] = len(self.state.events)
        before = len(self.state.events)
        action = bot.choose(self.game.view(self.state, seat))
        self.game.apply(self.state, action, seat)
        # a bot's move shows through the events this seat may see; a move
        # that logs nothing is still reported, without saying what it was
        if not any(e.seat == seat for e in self.state.events[before:]):
            self.since_prompt.append(Text(f"{render.seat_name(seat, self.me, self.names)} acted",
                                          style="dim"))

    def _handle(self, line: str) -> str | None:
        text = line.strip()
        word = text.lower()
        game, state = self.game, self.state
        if word in ("", "table", "t", "show"):
            self.draw()
            return None
        if word in ("quit", "exit", "q"):
            return "quit"
        if word in ("help", "h", "?"):
            for cmd, what in COMMANDS:
                self.console.print(Text.assemble((f"  {cmd:<8}", "bold"), f" {what}"))
            if game.actions is not None:
                self.say(f"  {game.actions.describe()}")
            if game.deck is not None:
                self.say(f"  {render.card_symbols_help()}")
            for verb, meaning in game.info.verbs:
                self.console.print(Text.assemble(("  ", ""), (verb, "bold"), f": {meaning}"))
            return None
        if word == "legal":
            view = game.view(state, self.me)
            texts = [game.action_text(a) for a in render.ordered_legal(game, view["legal"])]
            out = Text("Legal now: ")
            for i, t in enumerate(texts):
                if i:
                    out.append("  ")
                out.append_text(render.pretty_action(game, t))
            self.console.print(out)
            return None
        if word == "hint":
            hint = getattr(game, "hint", None)
            if hint is None:
                self.say(f"{game.info.name} gives no hints.", style="yellow")
            elif self.me not in state.to_act:
                self.say("A hint is for your own turn.", style="yellow")
            else:
                self.say(hint(game.view(state, self.me))["text"])
            return None
        if word == "rules":
            self.say(game.info.summary or f"{game.info.name}: no summary yet.")
            self.say(f"(source: {game.info.source}; `pelit rules {game.info.id}` for options)")
            return None
        if word == "log" or word.startswith("log "):
            arg = word[3:].strip()
            lines = self._last_lines(10 ** 9)
            if arg != "all":
                try:
                    k = int(arg) if arg else 20
                except ValueError:
                    self.say("log takes a number or 'all' (e.g. log 30)", style="yellow")
                    return None
                lines = lines[-k:]
            for ln in lines:
                self.console.print(Text("  ").append_text(ln))
            return None
        try:
            game.apply_text(state, text, self.me)
        except IllegalAction as exc:
            self._complain(exc.reason, self._near(text))
            return None
        except PelitError as exc:
            fits = self._completions(text)
            if len(fits) == 1 and self._may_complete(text, fits[0]):
                game.apply_text(state, fits[0], self.me)
                self.console.print(Text.assemble(("  (", "dim"), render.pretty_action(game, fits[0]),
                                                 (")", "dim")))
                return "acted"
            if fits:
                self._ask_which(text, fits)
                return None
            self._complain(str(exc).split("; actions look like")[0], self._near(text))
            return None
        return "acted"

    def _legal_texts(self) -> list[str]:
        return [self.game.action_text(a)
                for a in render.ordered_legal(self.game, self.game.legal_actions(self.state, self.me))]

    def _completions(self, text: str) -> list[str]:
        """The legal actions whose text ``text`` begins, word by word (``ap``
        for ``applaud``, ``meld 7 7`` for ``meld 7 7 7`` and ``meld 7 7 2``)."""
        typed = text.lower().split()
        if not typed:
            return []
        out = []
        for full in self._legal_texts():
            words = full.lower().split()
            if len(words) >= len(typed) and words[:len(typed) - 1] == typed[:-1] \
                    and words[len(typed) - 1].startswith(typed[-1]):
                out.append(full)
        return out

    def _may_complete(self, text: str, full: str) -> bool:
        """Whether ``text`` may stand for the action ``full``: what it leaves
        out names no card, rank, suit or number (a completed verb only)."""
        typed = text.lower().split()
        words = full.lower().split()
        added = words[len(typed):]
        if words[len(typed) - 1] != typed[-1]:
            added.append(words[len(typed) - 1])
        return all(not render.names_a_card(self.game, w) for w in added)

    def _ask_which(self, text: str, fits: list[str]):
        """An input that begins several actions (or a card): list them and ask."""
        out = Text.assemble(("? ", "bold yellow"), f"'{text.strip()}' could be: ")
        for i, full in enumerate(fits[:SHOWN_CHOICES]):
            if i:
                out.append(", ")
            out.append_text(render.pretty_action(self.game, full))
        if len(fits) > SHOWN_CHOICES:
            out.append(f", … ({len(fits)} in all)")
        out.append(". Type the whole action." if len(fits) > 1 else
                   ". Type it in full: a card, rank or number is never guessed.", style="dim")
        self.console.print(out)

    def _near(self, text: str) -> list[str]:
        """What a typo was probably meant to be: the legal actions (and the
        prompt's commands) closest to it."""
        typed = " ".join(text.lower().split())
        if not typed:
            return []
        pool = {t.lower(): t for t in self._legal_texts()}
        pool.update({c: c for c in COMMAND_WORDS})
        return [pool[m] for m in difflib.get_close_matches(typed, list(pool), n=3, cutoff=0.6)]

    def _complain(self, why: str, near=()):
        view = self.game.view(self.state, self.me)
        out = Text.assemble(("✗ ", "bold red"))
        out.append(why.rstrip(". "))
        if near:
            out.append(". Did you mean ")
            for i, t in enumerate(near):
                if i:
                    out.append(" or ")
                out.append_text(render.pretty_action(self.game, t))
            out.append("?")
        out.append(" Legal now: " if near else ". Legal now: ", style="dim")
        out.append_text(render.legal_text(self.game, view))
        self.console.print(out)

    def _leave(self, why, code) -> int:
        self.say(f"Match stopped ({why}).")
        self._save()
        return code

    def _save(self):
        if self.record_path is None:
            self.say(f"Seed {self.seed}; no record kept.")
            return
        try:
            self.record_path.parent.mkdir(parents=True, exist_ok=True)
            save_record(self.state, self.record_path)
        except OSError as exc:
            raise PelitError(f"cannot save the record to {self.record_path}: {exc.strerror}") from None
        self.say(f"Seed {self.seed}. Record saved to {self.record_path} "
                 f"(pelit replay {self.record_path})")


def _readline(session):
    """Line editing, history and Tab completion of the legal actions at the
    prompt, where Python has readline (None where it has not)."""
    try:
        import readline
    except ImportError:            # pragma: no cover - a Python built without it
        return None

    def complete(text, state):
        line = readline.get_line_buffer().lower()
        fits = [t for t in session._legal_texts() + list(COMMAND_WORDS)
                if t.lower().startswith(line)]
        # readline completes the last word: offer the rest from where it begins
        start = len(line) - len(text)
        words = sorted({t[start:] for t in fits})
        return words[state] if state < len(words) else None

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
    return readline


def _face_down_plays(events) -> set[int]:
    """The indexes of the card plays (``play``/``lead`` events) that went
    into won tricks now lying face down: every trick of the deal but the last
    one, and the last one too once a card of the next trick is down."""
    tricks: list[list[int]] = [[]]
    for i, e in enumerate(events):
        kind = e.get("kind")
        if kind == "new_deal":
            tricks = [[]]
        elif kind in ("play", "lead") and e.get("card") is not None:
            tricks[-1].append(i)
        elif kind == "trick":
            tricks.append([])
    if len(tricks) == 1:
        return set()                 # no trick finished (or no trick game)
    shown = tricks[-1] if tricks[-1] else tricks[-2] + tricks[-1]
    return {i for t in tricks for i in t} - set(shown)
