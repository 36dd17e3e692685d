"""Tables in play: the one writer per table, seats and tokens, bots, fan-out.

A ``Table`` holds the match state of one table in memory, rebuilt from the
database on first use (seed, stacked decks, options, then every accepted
action in order).  Every change goes through ``Hub.act``: under the table's
lock it checks the version, the seat and the action, applies it, writes it to
the database, and only then sends each connection its own view and the events
it has not seen.  Nothing here knows any game: it speaks the engine protocol
(``view``, ``events_for``, ``legal_actions``, ``parse_action``, ``apply``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import secrets
import time
import traceback

from ..bots import bot_names, make_bot
from ..cards.deck import CardSet, ids
from ..core.errors import PelitError
from ..core.records import jsonable, record_of
from ..core.presentation import presentation
from ..core.registry import load
from .storage import Storage, token_hash


def web_view(game, state, seat) -> dict:
    """A seat's view as the browser gets it: the view as JSON with the own
    hand in suit order, and where the game asks for it
    (``web_layout["board_text"]``, or ``board_text`` among the fields it
    shows) the text its own ``render_board`` draws
    from that same view (e.g. the Canasta family's blocks per team), under
    ``board_text``."""
    view = game.view(state, seat)
    out = jsonable(view, game)
    hand = view.get("hand")
    if isinstance(hand, CardSet) and hasattr(game.deck, "in_hand_order"):
        # sorted as the terminal shows it (a CardSet's own order is the pack's)
        out["hand"] = [game.deck.text_of[c] for c in game.deck.in_hand_order(ids(hand))]
    layout = getattr(game, "web_layout", None) or {}
    if layout.get("board_text") or "board_text" in (layout.get("show") or {}):
        out["board_text"] = game.render_board(view)
    return out

def layout_of(game) -> dict:
    """How the browser draws the game (``core.presentation``): its table,
    the fields it shows and how, with the rule that tells which fields hold
    a seat (the terminal's, from ``render_hints``)."""
    return presentation(game)


NAME_MAX = 40
_fallback = random.SystemRandom()


class ServerError(PelitError):
    """A request the server refuses; ``code`` names the kind for clients."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def _new_id() -> str:
    return secrets.token_urlsafe(9)            # 72 bits: table ids are public invites


def new_token() -> str:
    return secrets.token_urlsafe(24)           # 192 random bits


def describe_game(game) -> dict:
    """What the lobby needs to offer a game: options, presets, seats, bots, help."""
    opts = []
    for f in dataclasses.fields(game.Options):
        meta = f.metadata
        default = f.default
        kind = ("bool" if isinstance(default, bool) else "int" if isinstance(default, int)
                else "float" if isinstance(default, float) else "str")
        opts.append({"name": f.name, "default": json.loads(json.dumps(default, default=str)),
                     "type": kind,
                     "help": meta.get("help", ""),
                     "choices": list(meta["choices"]) if meta.get("choices") is not None else None,
                     "min": meta.get("min"), "max": meta.get("max")})
    info = game.info
    return {"id": info.id, "name": info.name, "min_seats": info.min_seats,
            "max_seats": info.max_seats, "family": info.family, "source": info.source,
            "hidden": info.hidden, "chance": info.chance, "teams": info.teams,
            "summary": info.summary, "verbs": [list(v) for v in info.verbs],
            "options": opts, "presets": {k: dict(v) for k, v in game.presets.items()},
            "bots": bot_names(game), "layout": layout_of(game),
            "cards": game.deck is not None,
            # event fields a player must remember (Memory's flips, Cactus's
            # peeks): the client shows them once, as they happen
            "forget": (getattr(game, "render_hints", None) or {}).get("forget", {})}


class Conn:
    """One WebSocket connection to a table; ``send`` is an async callable."""

    __slots__ = ("send", "seat", "sent", "alive")

    def __init__(self, send):
        self.send = send
        self.seat = None
        self.sent = 0          # events of the state this connection has been sent
        self.alive = True


class Table:
    def __init__(self, hub: "Hub", row: dict, seats: list[dict], actions):
        self.hub = hub
        self.id = row["id"]
        self.row = row
        self.game = load(row["game"])
        self.status = row["status"]
        try:
            self.state = self.game.new_state(seed=row["seed"], decks=row["decks"], **row["options"])
            for _, seat, text in actions:
                self.game.apply_text(self.state, text, seat)
        except PelitError as exc:
            # e.g. the rules changed since the table was stored
            raise ServerError("broken_table", f"table {row['id']} no longer replays: {exc}",
                              500) from None
        self.seats = seats
        self.tokens = {s["token_hash"]: s["seat"] for s in seats if s["token_hash"]}
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.bots: dict[int, object] = {}
        self.bot_seen: dict[int, int] = {}
        self.bot_task: asyncio.Task | None = None
        # (version, monotonic time) when the current out-of-turn window opened
        self.window_opened: tuple[int, float] | None = None
        now = time.monotonic()
        self.away_since = {s["seat"]: now for s in seats}

    # -- who is who ------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.num_players(self.state)

    def seat_of(self, token) -> int:
        if not isinstance(token, str) or not token:
            raise ServerError("bad_token", "no seat token given")
        seat = self.tokens.get(token_hash(token))
        if seat is None:
            raise ServerError("bad_token", "this token holds no seat at this table", 403)
        return seat

    def check_host(self, key) -> None:
        if not isinstance(key, str) or token_hash(key) != self.row["host_hash"]:
            raise ServerError("not_host", "only the table's host may do this", 403)

    def connected(self, seat) -> bool:
        return any(c.seat == seat for c in self.conns)

    def bot_for(self, seat):
        """The bot name playing ``seat`` now, or None when a person plays it."""
        s = self.seats[seat]
        if s["kind"] == "bot":
            return s["bot"]
        if s["kind"] == "human" and s["bot"] and not self.connected(seat):
            return s["bot"]
        return None

    def info(self) -> dict:
        """The table as anyone may see it; the seed and packs only once it is over."""
        out = {"id": self.id, "game": self.game.info.id, "name": self.game.info.name,
               "status": self.status, "preset": self.row["preset"],
               "options": jsonable(self.state.options, self.game),
               "layout": layout_of(self.game),
               "version": len(self.state.history),
               "seats": [{"seat": s["seat"], "kind": s["kind"], "name": s["name"],
                          "bot": s["bot"], "connected": self.connected(s["seat"]),
                          "standin": s["kind"] == "human" and bool(s["bot"])}
                         for s in self.seats]}
        if self.state.outcome is not None:
            out["outcome"] = self.state.outcome.to_json()
            out["seed"] = str(self.state.seed)     # as text: 63 bits overflow JS numbers
            if self.game.deck is not None:
                out["packs"] = [self.game.deck.texts(p) for p in self.state.packs]
            out["actions"] = len(self.state.history)
        return out

    # -- what one connection is sent ------------------------------------------
    def frame(self, conn: Conn, views: dict | None = None) -> dict:
        """The next "state" message for one connection; ``views`` caches the
        table info and each seat's view during one broadcast."""
        game, state = self.game, self.state
        seat = conn.seat
        if views is None:
            info = self.info()
        else:
            info = views.get("info") or views.setdefault("info", self.info())
        msg = {"type": "state", "table": info, "seat": seat,
               "version": len(state.history)}
        if self.status == "open":
            msg["view"] = None
            msg["events"] = []
            msg["event_start"] = conn.sent
            return msg
        if views is not None and seat in views:
            view = views[seat]
        else:
            view = web_view(game, state, seat)
            if views is not None:
                views[seat] = view
        start = conn.sent
        events = game.events_for(state, seat, start)
        conn.sent = len(state.events)
        msg["view"] = view
        msg["events"] = jsonable(events, game)
        msg["event_start"] = start
        msg.update(self.hub.social.frame_extras(self, events))
        return msg

    async def send(self, conn: Conn, msg: dict) -> None:
        try:
            await conn.send(msg)
        except Exception:
            conn.alive = False
            self.drop(conn)

    async def broadcast(self) -> None:
        views: dict = {}
        for conn in list(self.conns):
            await self.send(conn, self.frame(conn, views))

    def drop(self, conn: Conn) -> None:
        if conn in self.conns:
            self.conns.discard(conn)
            if conn.seat is not None and not self.connected(conn.seat):
                self.away_since[conn.seat] = time.monotonic()


class Hub:
    """All tables of one server process."""

    def __init__(self, storage: Storage, bot_delay: float = 0.6, grace: float = 60.0,
                 window_wait: float = 10.0):
        self.storage = storage
        self.bot_delay = bot_delay
        self.grace = grace
        self.window_wait = window_wait
        self.tables: dict[str, Table] = {}
        self._watch: asyncio.Task | None = None
        from .social import Social          # chat, hints, timers, rematch (additive)
        self.social = Social(self)

    # -- loading ----------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = self.storage.table(table_id) if isinstance(table_id, str) else None
        if row is None:
            raise ServerError("no_table", f"there is no table {table_id!r}", 404)
        table = Table(self, row, self.storage.seats(table_id), self.storage.actions(table_id))
        self.tables[table_id] = table
        return table

    async def resume(self) -> None:
        """After a (re)start: load every table in play and let its bots go on."""
        for tid in self.storage.table_ids("playing"):
            self.kick(self.get(tid))
        if self._watch is None:
            self._watch = asyncio.create_task(self._watch_away())
        self.social.start()

    async def close(self) -> None:
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task]
        if self._watch:
            tasks.append(self._watch)
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except BaseException:
                pass
        await self.social.close()

    # -- lobby --------------------------------------------------------------------
    def create(self, game_id, preset=None, options=None, decks=None) -> tuple[Table, str]:
        game = load(str(game_id))
        options = options or {}
        if not isinstance(options, dict):
            raise ServerError("bad_request", "options must be an object")
        if preset in ("", None):
            preset = None
        opts = game.make_options(preset, **options)
        probe = game.new_state(seed=0, decks=decks, options=opts)   # checks decks too
        seats = game.num_players(probe)
        values = dataclasses.asdict(opts)
        seed = secrets.randbits(63)
        if decks is not None:
            decks = [None if d is None else game.deck.texts(d) for d in probe.decks]
        host_key = new_token()
        tid = _new_id()
        self.storage.create_table(tid, game.info.id, values, preset, seed, decks,
                                  token_hash(host_key), seats)
        return self.get(tid), host_key

    def _seat_arg(self, table: Table, seat) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
            raise ServerError("bad_seat", f"seat must be 0..{table.players - 1}")
        return seat

    async def sit(self, table: Table, seat, name) -> str:
        seat = self._seat_arg(table, seat)
        if not isinstance(name, str) or not name.strip():
            raise ServerError("bad_name", "give a name to sit down")
        name = " ".join(name.split())[:NAME_MAX]
        async with table.lock:
            s = table.seats[seat]
            if s["kind"] != "empty":
                raise ServerError("seat_taken", f"seat {seat} is taken", 409)
            token = new_token()
            th = token_hash(token)
            self.storage.set_seat(table.id, seat, "human", name, None, th)
            s.update(kind="human", name=name, bot=None, token_hash=th)
            table.tokens[th] = seat
            table.away_since[seat] = time.monotonic()
        await table.broadcast()
        return token

    async def set_bot(self, table: Table, host_key, seat, bot) -> None:
        table.check_host(host_key)
        seat = self._seat_arg(table, seat)
        async with table.lock:
            s = table.seats[seat]
            if table.status != "open":
                raise ServerError("started", "seats change only before the start", 409)
            if bot in (None, ""):
                if s["kind"] != "bot":
                    raise ServerError("bad_request", f"seat {seat} holds no bot")
                self.storage.set_seat(table.id, seat, "empty")
                s.update(kind="empty", name="", bot=None, token_hash=None)
            else:
                if not isinstance(bot, str) or bot not in bot_names(table.game):
                    raise ServerError("bad_bot", f"bots for {table.game.info.id}: "
                                      f"{', '.join(bot_names(table.game))}")
                if s["kind"] == "human":
                    raise ServerError("seat_taken", f"seat {seat} is taken by a person", 409)
                name = f"bot {seat} ({bot})"
                self.storage.set_seat(table.id, seat, "bot", name, bot)
                s.update(kind="bot", name=name, bot=bot, token_hash=None)
        await table.broadcast()

    async def start(self, table: Table, host_key) -> None:
        table.check_host(host_key)
        async with table.lock:
            if table.status != "open":
                raise ServerError("started", "the table has already started", 409)
            empty = [s["seat"] for s in table.seats if s["kind"] == "empty"]
            if empty:
                raise ServerError("empty_seats", "fill every seat first (empty: "
                                  + ", ".join(map(str, empty)) + ")", 409)
            self.storage.set_status(table.id, "playing")
            table.status = "playing"
        await table.broadcast()
        self.kick(table)

    # -- play -----------------------------------------------------------------------
    async def act(self, table: Table, seat: int, version, text) -> None:
        if not isinstance(text, str) or not text.strip():
            raise ServerError("bad_request", "the action must be non-empty text")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ServerError("bad_request", "version must be the number of actions you have seen")
        async with table.lock:
            await self._commit(table, seat, version, text)
        await table.broadcast()
        self.kick(table)

    async def _commit(self, table: Table, seat: int, version: int, text=None, action=None):
        """Check and apply one action; the caller holds the table lock."""
        game, state = table.game, table.state
        if table.status == "open":
            raise ServerError("not_started", "the match has not started yet", 409)
        if state.outcome is not None:
            raise ServerError("over", "the match is over", 409)
        if version != len(state.history):
            # a race lost to another seat (or a second tab): say so plainly
            raise ServerError("stale", "the table moved on before your move arrived "
                              f"(you had seen {version} moves, it is at "
                              f"{len(state.history)}): your move was not made; look "
                              "at the table again and choose", 409)
        if seat not in state.to_act:
            who = ", ".join(map(str, state.to_act))
            raise ServerError("not_your_turn", f"seat {seat} may not act now; waiting for "
                              f"seat{'s' if len(state.to_act) > 1 else ''} {who}", 409)
        if action is None:
            action = game.parse_action(state, text, seat)        # ParseError
        game.apply(state, action, seat)                            # IllegalAction
        try:
            await asyncio.to_thread(self.storage.append_action, table.id, version, seat,
                                    game.action_text(action),
                                    "over" if state.outcome is not None else None)
        except Exception:
            # not durable, so not accepted: rebuild the table from what is stored
            self.tables.pop(table.id, None)
            fresh = self.get(table.id)
            table.state = fresh.state
            table.status = fresh.status
            self.tables[table.id] = table
            raise ServerError("storage", "the action could not be stored; try again", 503)
        if state.outcome is not None:
            table.status = "over"

    # -- bots ------------------------------------------------------------------------
    def kick(self, table: Table) -> None:
        if table.status != "playing":
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._run_bots(table))

    def _bot(self, table: Table, seat: int):
        name = table.bot_for(seat)
        held = table.bots.get(seat)
        if held is None or held[0] != name:
            held = (name, make_bot(name, table.game, seat, secrets.randbits(32)))
            table.bots[seat] = held
            table.bot_seen[seat] = 0
        return held[1]

    def _may_pass(self, table: Table, seat: int) -> bool:
        game = table.game
        return any(game.action_text(a) == "pass" for a in game.legal_actions(table.state, seat))

    def _next_bot(self, table: Table):
        """The bot seat to act next and how long it waits first, or None.

        In an out-of-turn window bots that may let the moment go (``pass``)
        answer first.  A bot whose move closes the window (the next play after
        a doubtable one) waits while a person in the window may still answer,
        up to ``window_wait`` seconds from the moment the window opened, so the
        chance to doubt or match reaches people in time.  How long the chosen
        bot then waits is ``_pause``."""
        state = table.state
        movers = [s for s in state.to_act if table.bot_for(s)]
        if not movers:
            return None
        if len(state.to_act) > 1:
            passers = [s for s in movers if self._may_pass(table, s)]
            people = [s for s in state.to_act if not table.bot_for(s)]
            if passers:
                movers = passers
            elif any(self._may_pass(table, s) for s in people):
                version = len(state.history)
                if table.window_opened is None or table.window_opened[0] != version:
                    table.window_opened = (version, time.monotonic())
                left = table.window_opened[1] + self.window_wait - time.monotonic()
                if left > 0:
                    return movers[0], min(left, 0.25), False
        seat = movers[0]
        return seat, self._pause(table, seat), True

    async def _run_bots(self, table: Table) -> None:
        game = table.game
        while table.status == "playing":
            nxt = self._next_bot(table)
            if nxt is None:
                return
            seat, wait, ready = nxt
            version = len(table.state.history)
            if wait:
                await asyncio.sleep(wait)
            if not ready:
                continue                     # a person may still answer: look again
            async with table.lock:
                state = table.state
                if table.status != "playing" or len(state.history) != version \
                        or seat not in state.to_act or not table.bot_for(seat):
                    continue                 # someone acted meanwhile: decide again
                bot = self._bot(table, seat)
                try:
                    bot.observe(game.events_for(state, seat, table.bot_seen[seat]))
                    table.bot_seen[seat] = len(state.events)
                    action = bot.choose(game.view(state, seat))
                except Exception:
                    # a bot's bug must not stop the table: this once, play at random
                    traceback.print_exc()
                    action = _fallback.choice(game.legal_actions(state, seat))
                try:
                    await self._commit(table, seat, len(state.history), action=action)
                except PelitError:
                    return
            await table.broadcast()

    def _pause(self, table: Table, seat: int) -> float:
        """How long the bot for ``seat`` waits before it acts: ``bot_delay``;
        in a window where several seats may act, a bot with its own
        human-like ``delay(view)`` (Salute the King's reactions) waits that
        long instead, so a quick person can beat it.  ``bot_delay`` 0 (tests,
        the load test) means no waiting at all."""
        wait = self.bot_delay
        if wait and len(table.state.to_act) > 1:
            own = getattr(self._bot(table, seat), "delay", None)
            if callable(own):
                try:
                    wait = max(wait, float(own(table.game.view(table.state, seat))))
                except Exception:
                    traceback.print_exc()
        return wait

    async def _watch_away(self) -> None:
        """Seat a stand-in bot for a person away longer than the grace period."""
        while True:
            await asyncio.sleep(min(1.0, max(0.05, self.grace / 4)))
            now = time.monotonic()
            for table in list(self.tables.values()):
                if table.status != "playing":
                    continue
                changed = False
                async with table.lock:
                    for s in table.seats:
                        seat = s["seat"]
                        if s["kind"] == "human" and not s["bot"] and not table.connected(seat) \
                                and now - table.away_since.get(seat, now) >= self.grace:
                            self.storage.set_standin(table.id, seat, "heuristic")
                            s["bot"] = "heuristic"
                            changed = True
                if changed:
                    await table.broadcast()
                    self.kick(table)

    async def join(self, table: Table, conn: Conn, token=None, since=0) -> None:
        """Attach a connection, as a seat (valid token) or a spectator."""
        seat = None
        if token is not None:
            seat = table.seat_of(token)
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            since = 0
        async with table.lock:
            conn.seat = seat
            conn.sent = min(since, len(table.state.events))
            table.conns.add(conn)
            if seat is not None and table.seats[seat]["bot"] and table.seats[seat]["kind"] == "human":
                # the person is back: the stand-in bot leaves the seat
                self.storage.set_standin(table.id, seat, None)
                table.seats[seat]["bot"] = None
        await table.broadcast()

    # -- after the match ---------------------------------------------------------------
    def record(self, table: Table) -> dict:
        self._require_over(table)
        rec = record_of(table.state)
        if table.game.deck is not None:
            rec["packs"] = [table.game.deck.texts(p) for p in table.state.packs]
        rec["seats"] = [{"seat": s["seat"], "name": s["name"], "kind": s["kind"]}
                        for s in table.seats]
        return rec

    def replay_view(self, table: Table, upto, seat) -> dict:
        """A view of the finished match after ``upto`` actions, from one seat,
        a spectator ("spectator") or everyone at once ("open")."""
        self._require_over(table)
        game = table.game
        total = len(table.state.history)
        if not isinstance(upto, int) or not 0 <= upto <= total:
            raise ServerError("bad_request", f"upto must be 0..{total}")
        state = game.new_state(seed=table.state.seed, decks=table.state.decks,
                               options=table.state.options)
        for s, a in table.state.history[:upto]:
            game.apply(state, a, s)
        n = game.num_players(state)
        if seat == "open":
            seats = list(range(n))
        elif seat == "spectator":
            seats = [None]
        else:
            try:
                seats = [int(seat)]
            except (TypeError, ValueError):
                raise ServerError("bad_request", "seat must be a number, spectator or open") from None
            if not 0 <= seats[0] < n:
                raise ServerError("bad_seat", f"seat must be 0..{n - 1}")
        views = {("spectator" if s is None else str(s)): web_view(game, state, s)
                 for s in seats}
        ev_seat = None if seat in ("open", "spectator") else seats[0]
        events = jsonable(game.events_for(state, ev_seat), game)
        last = upto and f"{table.state.history[upto - 1][0]}: " \
            f"{game.action_text(table.state.history[upto - 1][1])}"
        return {"upto": upto, "total": total, "views": views, "events": events[-40:],
                "last": last or None}

    @staticmethod
    def _require_over(table: Table) -> None:
        if table.state.outcome is None:
            raise ServerError("not_over", "the record is published when the match is over", 409)

