"""Tables in play: the one writer per table, seats and tokens, bots, fan-out.

A ``Table`` holds the match state of one table in memory, rebuilt from the
database on first use (seed, arranged decks, options, then every accepted
action in order) and dropped from memory again when nobody has used it for a
while (``Limits.idle``).  Every change goes through ``Hub.act``: under the
table's lock it checks the version, the seat and the action, applies it,
writes it to the database, and only then sends each connection its own view
and the events it has not seen.  Nothing here knows any game: it speaks the
engine protocol (``view``, ``events_for``, ``legal_actions``,
``parse_action``, ``apply``).

With a shared store (PostgreSQL, several server processes) each process holds
the tables its own connections use; the store tells it of the others'
writes (``Hub.on_message``), which it applies and sends on to its own
connections; the process holding a table's lease runs its bots and stand-ins.

Extension points for new message types (chat, rematch, timers, hints): a
handler in ``app.py`` resolves the table with ``await hub.get(id)`` and works
under ``table.lock``; ``table.broadcast()`` sends every connection of this
process its frame, ``table.send(conn, msg)`` one message to one connection,
``hub.store.notify({"k": KIND, "t": table_id, ...})`` reaches the other
processes, whose ``Hub.on_message`` dispatches on ``k`` (add a branch there).
"""

from __future__ import annotations

import asyncio
import collections
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
from .names import NameError_, clean_name, name_key
from .storage import NameTaken, Store, VersionTaken, token_hash


def web_view(game, state, seat) -> dict:
    """A seat's view as the browser gets it: the view as JSON with the own
    hand in suit order, and where the game asks for it
    (``web_layout["board_text"]``, or ``board_text`` among the fields it
    shows) the text its own ``render_board`` draws
    from that same view (e.g. the Canasta family's blocks per team), under
    ``board_text``; a game whose table draws part of that text already
    gives the rest as ``web_board_text``."""
    view = game.view(state, seat)
    out = jsonable(view, game)
    hand = view.get("hand")
    if isinstance(hand, CardSet) and hasattr(game.deck, "in_hand_order"):
        # sorted as the terminal shows it (a CardSet's own order is the pack's)
        out["hand"] = [game.deck.text_of[c] for c in game.deck.in_hand_order(ids(hand))]
    layout = getattr(game, "web_layout", None) or {}
    if layout.get("board_text") or "board_text" in (layout.get("show") or {}):
        words = getattr(game, "web_board_text", None) or game.render_board
        out["board_text"] = words(view)
    return out

def person_seats(game) -> dict:
    """Seats only a person may hold (a referee game's scorekeeper), each with
    the game's reason: no bot is seated there, no stand-in, no timer's bot."""
    return getattr(game, "person_seats", None) or {}


def layout_of(game) -> dict:
    """How the browser draws the game (``core.presentation``): its table,
    the fields it shows and how, with the rule that tells which fields hold
    a seat (the terminal's, from ``render_hints``)."""
    return presentation(game)


_fallback = random.SystemRandom()
HEARTBEAT = 2.0        # seconds between "still here" messages of processes sharing a store


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


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one server process allows a table (the app adds its own limits
    per address).  Defaults suit a club or a small public site."""

    max_spectators: int = 32        # connections without a seat, per table
    max_per_seat: int = 4           # connections of one seat (tabs, a phone and a laptop)
    idle: float = 300.0             # seconds unused before a table leaves memory


class Conn:
    """One WebSocket connection to a table; ``send`` is an async callable
    taking a message (a dict, or its JSON text)."""

    __slots__ = ("send", "seat", "sent", "alive")

    def __init__(self, send):
        self.send = send
        self.seat = None
        self.sent = 0          # events of the state this connection has been sent
        self.alive = True


def _dumps(msg) -> str:
    return json.dumps(msg, separators=(",", ":"))


class Table:
    def __init__(self, hub: "Hub", row: dict, seats: list[dict], actions):
        self.hub = hub
        self.id = row["id"]
        self.game = load(row["game"])
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.bots: dict[int, object] = {}
        self.bot_seen: dict[int, int] = {}
        self.bot_task: asyncio.Task | None = None
        self.owner = not hub.store.shared      # runs the bots and stand-ins here
        # (version, monotonic time) when the current out-of-turn window opened
        self.window_opened: tuple[int, float] | None = None
        self.remote: dict[int, set[str]] = {}  # seat -> other processes it is connected to
        self.last_used = time.monotonic()
        self._announce: asyncio.Task | None = None
        self._fixed: dict | None = None
        self.reset(row, seats, actions)
        now = time.monotonic()
        self.away_since = {s["seat"]: now for s in seats}

    def reset(self, row: dict, seats: list[dict], actions) -> None:
        """(Re)build the match from what is stored."""
        self.row = row
        self.status = row["status"]
        try:
            self.state = self.game.new_state(seed=row["seed"], decks=row["decks"], **row["options"])
            for _, seat, text in actions:
                self.game.apply_text(self.state, text, seat)
        except PelitError as exc:
            # e.g. the rules changed since the table was stored
            raise ServerError("broken_table", f"table {row['id']} no longer replays: {exc}",
                              500) from None
        self.set_seats(seats)

    def set_seats(self, seats: list[dict]) -> None:
        self.seats = seats
        self.tokens = {s["token_hash"]: s["seat"] for s in seats if s["token_hash"]}

    # -- who is who ------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.num_players(self.state)

    @property
    def arranged(self) -> bool:
        return self.row["decks"] is not None

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

    def local(self, seat) -> int:
        """This process's connections of ``seat`` (None: spectators)."""
        return sum(1 for c in self.conns if c.seat == seat)

    def connected(self, seat) -> bool:
        return bool(self.remote.get(seat)) or any(c.seat == seat for c in self.conns)

    def bot_for(self, seat):
        """The bot name playing ``seat`` now, or None when a person plays it."""
        s = self.seats[seat]
        if s["kind"] == "bot":
            return s["bot"]
        if s["kind"] == "human" and s["bot"] and not self.connected(seat):
            return s["bot"]
        return None

    def info(self) -> dict:
        """The table as anyone may see it, before sitting down too (an
        arranged deal says so); the seed and packs only once it is over."""
        if self._fixed is None:           # what never changes at a table, built once
            self._fixed = {"id": self.id, "game": self.game.info.id,
                           "name": self.game.info.name, "preset": self.row["preset"],
                           "public": self.row["public"], "arranged": self.arranged,
                           "options": jsonable(self.state.options, self.game),
                           "layout": layout_of(self.game),
                           "person_seats": sorted(person_seats(self.game)),
                           # False: nobody is played by a bot while away (no move timer either)
                           "stand_ins": getattr(self.game, "stand_ins", True)}
        out = {**self._fixed, "status": self.status,
               "version": len(self.state.history),
               "seats": [{"seat": s["seat"], "kind": s["kind"], "name": s["name"],
                          "bot": s["bot"], "connected": self.connected(s["seat"]),
                          "standin": s["kind"] == "human" and bool(s["bot"])}
                         for s in self.seats]}
        # the end is published once it is stored (status "over"): a frame built
        # while the last action is being written, or one that failed and was
        # rolled back, must not give away the seed of a match that goes on
        if self.state.outcome is not None and self.status == "over":
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

    async def send(self, conn: Conn, msg) -> None:
        try:
            await conn.send(msg)
        except Exception:
            conn.alive = False
            self.drop(conn)

    async def broadcast(self) -> None:
        """Every connection of this process gets its frame.  Connections of
        one seat that have been sent the same events get the same text, so
        a frame is built and encoded once per seat, not once per connection."""
        views: dict = {}
        texts: dict = {}
        for conn in list(self.conns):
            key = (conn.seat, conn.sent)
            text = texts.get(key)
            if text is None:
                text = texts[key] = _dumps(self.frame(conn, views))
            else:
                conn.sent = len(self.state.events) if self.status != "open" else conn.sent
            await self.send(conn, text)

    def announce(self) -> None:
        """Tell every connection soon that who is here changed; changes within
        a tenth of a second go out as one broadcast, so nobody can make the
        server resend the table to everyone at the rate they send messages."""
        if self._announce is None or self._announce.done():
            self._announce = asyncio.create_task(self._announce_soon())

    async def _announce_soon(self) -> None:
        await asyncio.sleep(0.1)
        await self.broadcast()

    def drop(self, conn: Conn) -> None:
        if conn in self.conns:
            self.conns.discard(conn)
            self.last_used = time.monotonic()
            seat = conn.seat
            if seat is not None and not any(c.seat == seat for c in self.conns):
                self.hub.presence(self, seat, False)
                if not self.connected(seat):
                    self.away_since[seat] = time.monotonic()
                self.announce()


class Hub:
    """All tables of one server process."""

    def __init__(self, store: Store, bot_delay: float = 0.6, grace: float = 60.0,
                 window_wait: float = 10.0, limits: Limits = Limits()):
        self.store = store
        self.bot_delay = bot_delay
        self.grace = grace
        self.window_wait = window_wait
        self.limits = limits
        self.tables: dict[str, Table] = {}
        from .social import Social          # chat, hints, timers, rematch (additive)
        self.social = Social(self)
        self.process = secrets.token_hex(6)     # this process, among several on one store
        store.process = self.process
        self.peers: dict[str, float] = {}       # other processes -> when last heard
        self.leased: set[str] = set()           # tables whose lease this process holds
        self._loading: dict[str, asyncio.Future] = {}
        self._tasks: list[asyncio.Task] = []
        self._background: set[asyncio.Task] = set()
        # how long the last moves took here, from arriving to every frame sent
        self.act_seconds: collections.deque = collections.deque(maxlen=10_000)

    def spawn(self, coro) -> None:
        """Run ``coro`` on its own, keeping the task referenced until it ends."""
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- loading ----------------------------------------------------------------
    async def get(self, table_id: str) -> Table:
        """The table in memory, loaded from the store when it is not."""
        table = self.tables.get(table_id)
        if table is not None:
            table.last_used = time.monotonic()
            return table
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 64:
            raise ServerError("no_table", f"there is no table {table_id!r}", 404)
        pending = self._loading.get(table_id)
        if pending is not None:                 # someone is loading it already
            return await asyncio.shield(pending)
        pending = self._loading[table_id] = asyncio.get_running_loop().create_future()
        try:
            stored = await self.store.load(table_id)
            if stored is None:
                raise ServerError("no_table", f"there is no table {table_id!r}", 404)
            table = Table(self, *stored)
            self.tables[table_id] = table
            pending.set_result(table)
        except BaseException as exc:
            pending.set_exception(exc)
            pending.exception()                 # retrieved: no warning when nobody waits
            raise
        finally:
            del self._loading[table_id]
        if self.store.shared:
            await self.store.notify({"k": "who", "t": table_id})
            # what was stored between our read and our listening to it
            await self._catch_up(table)
            if table.status == "playing":
                await self._lease(table)
        self.kick(table)
        return table

    async def resume(self) -> None:
        """After a (re)start: load every table in play and let its bots go on
        (with a shared store: those whose lease no other process holds)."""
        if self.store.shared:
            self.store.listen(self.on_message, self._resync)
            await self._take_over()
        else:
            for tid in await self.store.playing_ids():
                await self.get(tid)
        self._tasks.append(asyncio.create_task(self._housekeeping()))
        self.social.start()

    async def close(self) -> None:
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task] + self._tasks \
            + list(self._background)
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except BaseException:
                pass
        await self.social.close()

    # -- lobby --------------------------------------------------------------------
    async def create(self, game_id, preset=None, options=None, decks=None,
                     public=False) -> tuple[Table, str]:
        game = load(str(game_id))
        options = options or {}
        if not isinstance(options, dict):
            raise ServerError("bad_request", "options must be an object")
        if not isinstance(public, bool):
            raise ServerError("bad_request", "public must be true or false")
        if decks is not None and public:
            raise ServerError("arranged_public", "an arranged deal (decks) is for teaching and "
                              "bug reports: such a table says so to everyone and is never "
                              "public; leave decks out or make the table private")
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
        await self.store.create_table(tid, game.info.id, values, preset, seed, decks,
                                      token_hash(host_key), seats, public)
        return await self.get(tid), host_key

    def _seat_arg(self, table: Table, seat) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
            raise ServerError("bad_seat", f"seat must be 0..{table.players - 1}")
        return seat

    async def sit(self, table: Table, seat, name) -> str:
        seat = self._seat_arg(table, seat)
        try:
            name = clean_name(name)
        except NameError_ as exc:
            raise ServerError("bad_name", str(exc)) from None
        async with table.lock:
            s = table.seats[seat]
            if s["kind"] != "empty":
                raise ServerError("seat_taken", f"seat {seat} is taken", 409)
            token = new_token()
            th = token_hash(token)
            try:
                done = await self.store.set_seat(table.id, seat, "human", name, None, th,
                                                 name_key(name), expect=("empty",))
            except NameTaken:
                raise ServerError("name_taken", f"someone at this table is called {name!r} "
                                  "already; choose another name", 409) from None
            if not done:
                await self._reload_seats(table)
                raise ServerError("seat_taken", f"seat {seat} is taken", 409)
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
                await self.store.set_seat(table.id, seat, "empty", expect=("bot",))
                s.update(kind="empty", name="", bot=None, token_hash=None)
            else:
                if not isinstance(bot, str) or bot not in bot_names(table.game):
                    raise ServerError("bad_bot", f"bots for {table.game.info.id}: "
                                      f"{', '.join(bot_names(table.game))}")
                if s["kind"] == "human":
                    raise ServerError("seat_taken", f"seat {seat} is taken by a person", 409)
                why = person_seats(table.game).get(seat)
                if why:
                    raise ServerError("person_seat", f"seat {seat} is {why}", 409)
                name = f"bot {seat} ({bot})"
                try:
                    done = await self.store.set_seat(table.id, seat, "bot", name, bot,
                                                     name_key=name_key(name),
                                                     expect=("empty", "bot"))
                except NameTaken:
                    raise ServerError("name_taken", f"a person here is called {name!r}", 409) \
                        from None
                if not done:
                    await self._reload_seats(table)
                    raise ServerError("seat_taken", f"seat {seat} is taken by a person", 409)
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
            if not await self.store.set_status(table.id, "playing", "open"):
                raise ServerError("started", "the table has already started", 409)
            table.status = "playing"
            await self._lease(table)
        await table.broadcast()
        self.kick(table)

    # -- play -----------------------------------------------------------------------
    async def act(self, table: Table, seat: int, version, text) -> None:
        if not isinstance(text, str) or not text.strip():
            raise ServerError("bad_request", "the action must be non-empty text")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ServerError("bad_request", "version must be the number of actions you have seen")
        began = time.perf_counter()
        async with table.lock:
            await self._commit(table, seat, version, text)
        await table.broadcast()
        self.act_seconds.append(time.perf_counter() - began)
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
        table.last_used = time.monotonic()
        try:
            await self.store.append_action(table.id, version, seat, game.action_text(action),
                                           "over" if state.outcome is not None else None)
        except VersionTaken:
            # another process stored this version first: take the table as stored
            await self._reload(table)
            raise ServerError("stale", "the table moved on before your move arrived: your "
                              "move was not made; look at the table again and choose", 409) \
                from None
        except Exception:
            # not durable, so not accepted: rebuild the table from what is stored
            traceback.print_exc()
            try:
                await self._reload(table)
            except Exception:
                self.tables.pop(table.id, None)
            raise ServerError("storage", "the action could not be stored; try again", 503) \
                from None
        if state.outcome is not None:
            table.status = "over"
            await self._release(table)

    async def _reload(self, table: Table) -> None:
        stored = await self.store.load(table.id)
        table.reset(*stored)

    async def _reload_seats(self, table: Table) -> None:
        row = await self.store.table(table.id)
        table.row["status"] = table.status = row["status"]
        table.set_seats(await self.store.seats(table.id))

    async def _lease(self, table: Table) -> bool:
        """Become the process that runs this table's bots, if none is."""
        if not self.store.shared or table.owner:
            return table.owner
        if table.id in self.leased or await self.store.try_lease(table.id):
            self.leased.add(table.id)
            table.owner = True
        return table.owner

    async def _release(self, table: Table) -> None:
        if self.store.shared and table.id in self.leased:
            table.owner = False
            self.leased.discard(table.id)
            await self.store.release(table.id)

    # -- bots ------------------------------------------------------------------------
    def kick(self, table: Table) -> None:
        if table.status != "playing" or not table.owner:
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
        while table.status == "playing" and table.owner:
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
                if table.status != "playing" or not table.owner \
                        or len(state.history) != version \
                        or seat not in state.to_act or not table.bot_for(seat):
                    continue                 # someone acted meanwhile: decide again
                bot = self._bot(table, seat)
                try:
                    bot.observe(game.events_for(state, seat, table.bot_seen[seat]))
                    table.bot_seen[seat] = len(state.events)
                    view = game.view(state, seat)
                    if bot.thinks:
                        # seconds of search: off the event loop, so the other
                        # tables and this table's people are served meanwhile
                        action = await asyncio.to_thread(bot.choose, view)
                    else:
                        action = bot.choose(view)
                except Exception:
                    # a bot's bug must not stop the table: this once, play at random
                    traceback.print_exc()
                    action = _fallback.choice(game.legal_actions(state, seat))
                try:
                    await self._commit(table, seat, len(state.history), action=action)
                except ServerError as exc:
                    if exc.code == "stale":
                        continue             # another process moved first: look again
                    return
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

    # -- housekeeping -------------------------------------------------------------------
    async def _housekeeping(self) -> None:
        """Every so often: stand-ins for people away, idle tables out of
        memory, and with a shared store: a heartbeat to the other processes,
        forgetting those gone silent, taking over tables whose lease fell free."""
        tick = min(1.0, max(0.05, self.grace / 4), max(0.05, self.limits.idle / 4))
        beat = 0.0
        while True:
            await asyncio.sleep(tick)
            now = time.monotonic()
            try:
                await self._standins(now)
                self._evict(now)
                if self.store.shared and now - beat >= HEARTBEAT:
                    beat = now
                    await self.store.notify({"k": "hb"})
                    self._forget_silent(now)
                    await self._take_over()
            except asyncio.CancelledError:
                raise
            except Exception:
                traceback.print_exc()           # e.g. the database away for a moment

    async def _standins(self, now: float) -> None:
        """Seat a stand-in bot for a person away longer than the grace period."""
        for table in list(self.tables.values()):
            if table.status != "playing" or not table.owner:
                continue
            changed = False
            if not getattr(table.game, "stand_ins", True):
                continue                        # the game waits for its people
            async with table.lock:
                for s in table.seats:
                    seat = s["seat"]
                    if s["kind"] == "human" and not s["bot"] and not table.connected(seat) \
                            and now - table.away_since.get(seat, now) >= self.grace:
                        await self.store.set_standin(table.id, seat, "heuristic")
                        s["bot"] = "heuristic"
                        changed = True
            if changed:
                await table.broadcast()
                self.kick(table)

    def _evict(self, now: float) -> None:
        """Tables nobody has used for ``limits.idle`` seconds leave memory (the
        store keeps them; ``get`` brings one back).  A table in play whose
        bots or stand-ins run here stays."""
        for tid, table in list(self.tables.items()):
            if table.conns or table.lock.locked() or now - table.last_used < self.limits.idle:
                continue
            if table.status == "playing" and (table.owner or
                                              (table.bot_task and not table.bot_task.done())):
                continue
            del self.tables[tid]

    async def join(self, table: Table, conn: Conn, token=None, since=0) -> None:
        """Attach a connection, as a seat (valid token) or a spectator.  The
        answer goes to this connection only; the others hear of it (at most
        once a tenth of a second) only when who is here changed: a seat's first
        connection, a stand-in leaving."""
        seat = None
        if token is not None:
            seat = table.seat_of(token)
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            since = 0
        async with table.lock:
            joined = conn in table.conns
            before = conn.seat if joined else None
            if not joined or before != seat:
                if seat is None and table.local(None) >= self.limits.max_spectators:
                    raise ServerError("full", f"this table has {self.limits.max_spectators} "
                                      "spectators already; try again later", 429)
                if seat is not None and table.local(seat) >= self.limits.max_per_seat:
                    raise ServerError("full", f"seat {seat} is open in "
                                      f"{self.limits.max_per_seat} places already; close one",
                                      429)
            changed = seat is not None and not table.connected(seat)
            conn.seat = seat
            conn.sent = min(since, len(table.state.events))
            table.conns.add(conn)
            table.last_used = time.monotonic()
            if before is not None and before != seat and not table.local(before):
                self.presence(table, before, False)
                if not table.connected(before):
                    table.away_since[before] = time.monotonic()
                changed = True
            if seat is not None and (before != seat or not joined) and table.local(seat) == 1:
                self.presence(table, seat, True)
            if seat is not None and table.seats[seat]["bot"] and table.seats[seat]["kind"] == "human":
                # the person is back: the stand-in leaves the seat
                await self.store.set_standin(table.id, seat, None)
                table.seats[seat]["bot"] = None
                changed = True
            await table.send(conn, _dumps(table.frame(conn)))
        if changed:
            table.announce()

    # -- several processes --------------------------------------------------------------
    def presence(self, table: Table, seat: int, here: bool) -> None:
        """Tell the other processes that a seat's first connection here came or
        its last one went."""
        if self.store.shared:
            self.spawn(self.store.notify({"k": "here", "t": table.id, "s": seat, "on": here}))

    def on_message(self, msg: dict) -> None:
        """A message from another process on the shared store."""
        kind, peer = msg.get("k"), msg.get("p")
        if peer:
            self.peers[peer] = time.monotonic()
        table = self.tables.get(msg.get("t"))
        if table is None:
            return
        if kind == "act":
            self.spawn(self._catch_up(table, msg))
        elif kind == "seats":
            self.spawn(self._seats_changed(table))
        elif kind == "here":
            seat = msg.get("s")
            if not isinstance(seat, int) or not 0 <= seat < len(table.seats):
                return
            was = table.connected(seat)
            if msg.get("on"):
                table.remote.setdefault(seat, set()).add(peer)
            else:
                table.remote.get(seat, set()).discard(peer)
            if was != table.connected(seat):
                if not table.connected(seat):
                    table.away_since[seat] = time.monotonic()
                table.announce()
        elif kind == "who":
            for seat in {c.seat for c in table.conns if c.seat is not None}:
                self.presence(table, seat, True)

    async def _catch_up(self, table: Table, msg: dict | None = None) -> None:
        """Apply the actions another process stored, then tell our connections."""
        async with table.lock:
            have = len(table.state.history)
            if msg is not None and msg.get("n") == have:
                todo = [(msg["n"], msg["s"], msg["a"])]
            elif msg is not None and isinstance(msg.get("n"), int) and msg["n"] < have:
                return                                   # applied already
            else:
                todo = await self.store.actions(table.id, have)
            if not todo:
                return
            try:
                for _, seat, text in todo:
                    table.game.apply_text(table.state, text, seat)
            except PelitError:
                await self._reload(table)
            if table.state.outcome is not None:
                table.status = "over"
                await self._release(table)
            elif table.status == "open":
                table.status = "playing"
            table.last_used = time.monotonic()
        await table.broadcast()
        self.kick(table)

    async def _seats_changed(self, table: Table) -> None:
        async with table.lock:
            await self._reload_seats(table)
            if table.status == "playing":
                await self._lease(table)
        await table.broadcast()
        self.kick(table)

    async def _resync(self) -> None:
        """After the listening connection came back: catch up every table."""
        for table in list(self.tables.values()):
            await self._seats_changed(table)
            await self._catch_up(table)

    def _forget_silent(self, now: float) -> None:
        gone = {p for p, seen in self.peers.items() if now - seen > 3 * HEARTBEAT}
        if not gone:
            return
        for p in gone:
            del self.peers[p]
        for table in self.tables.values():
            for seat, procs in table.remote.items():
                if procs & gone:
                    procs -= gone
                    if not table.connected(seat):
                        table.away_since[seat] = time.monotonic()
                    table.announce()

    async def _take_over(self) -> None:
        """Lease the tables in play that no process holds (a process died, or
        none has loaded them since a restart) and let their bots go on."""
        for tid in await self.store.unleased_playing():
            table = self.tables.get(tid)
            try:
                if table is None:
                    table = await self.get(tid)         # leases it if it is in play
                else:
                    await self._seats_changed(table)    # leases it if it is in play
                    await self._catch_up(table)
            except ServerError:
                continue
            self.kick(table)

    # -- after the match ---------------------------------------------------------------
    def record(self, table: Table) -> dict:
        self._require_over(table)
        rec = record_of(table.state)
        if table.game.deck is not None:
            rec["packs"] = [table.game.deck.texts(p) for p in table.state.packs]
        rec["seats"] = [{"seat": s["seat"], "name": s["name"], "kind": s["kind"]}
                        for s in table.seats]
        # the deal was chosen by the table's creator, not shuffled
        rec["arranged"] = table.arranged
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

