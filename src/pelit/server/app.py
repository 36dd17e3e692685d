"""The ASGI app: lobby and table pages, a small JSON API, and one WebSocket per table.

HTTP (JSON in and out)::

    GET  /api/games                       the registry: options, presets, bots, rules help
    GET  /api/tables                      the lobby: public tables not yet over
    POST /api/tables                      {game, preset?, options?, public?, decks?} -> {id, host, url}
    GET  /api/health                      this process: its store, tables in memory, connections
    GET  /api/tables/{id}                 the table as anyone may see it
    POST /api/tables/{id}/sit             {seat, name} -> {seat, token}
    POST /api/tables/{id}/bot             {host, seat, bot|null}
    POST /api/tables/{id}/start           {host}
    GET  /api/tables/{id}/record          after the match: record, seed, packs
    GET  /api/tables/{id}/replay?upto=N&seat=S|spectator|open
    POST /api/tables/{id}/timer           {host, seconds}: a move timer (server.social)
    POST /api/tables/{id}/rematch         {token | host} -> {id, host}: the same seats again

WebSocket ``/ws/{id}``, JSON text frames of at most 8 KiB::

    -> {"type": "hello", "token": T?, "since": EVENT_INDEX?}
    -> {"type": "act", "token": T, "version": V, "action": "QS"}
    -> {"type": "ping"}
    -> {"type": "chat", "token": T, "text": "..."} · {"type": "chat_history"}
    -> {"type": "hint", "token": T}
    <- {"type": "state", "table": {...}, "seat", "version", "view", "events", "event_start",
        "said", "timer"?, "rematch"?}
    <- {"type": "chat", "messages": [...]} · {"type": "hint", "action", "text"}
    <- {"type": "notice", "text"} · {"type": "rematch", "id"}
    <- {"type": "error", "code": "...", "message": "...", "legal"?: [...]}   then a resync "state"
    <- {"type": "pong"}

A table is private unless created with ``public: true``: it is reached by its
link (``/t/{id}``, 72 random bits) and only public tables are listed.  An
arranged deal (``decks``) is allowed only on a private table, and the table
says ``arranged: true`` to everyone, before they sit down and in the record.

The server is authoritative and generic over the registry: it never holds
game-specific code; games may give a small ``web_layout`` dict as a hint.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import ipaddress
import json
import math
import time
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core.errors import IllegalAction, ParseError, PelitError
from ..core.registry import all_games, load
from .hub import Conn, Hub, Limits, ServerError, describe_game
from .social import TYPES as SOCIAL_TYPES
from .storage import open_store

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_FRAME = 8 * 1024            # bytes in one client message
RATE_LIMIT = (100, 20.0)         # messages a connection may send in so many seconds
HARD_FRAME = 64 * 1024          # the WebSocket layer drops anything larger outright
OUTBOX = 256                    # frames queued for one connection before it is dropped
MAX_DEPTH = 32                  # JSON nesting a message may have (checked before parsing)
CREATE_LIMIT = (30, 600.0)      # tables one address may create in so many seconds
FREEZE_EVERY = 30.0             # seconds between moving what survived into gc's frozen set
THAW_EVERY = 3600.0             # seconds between full collections including that set
PER_ADDRESS = 64                # WebSocket connections open at once from one address


HEADERS = [
    (b"content-security-policy", b"default-src 'self'; style-src 'self' 'unsafe-inline'; "
                                 b"img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


class SecurityHeaders:
    """Pages may load only this site's scripts and talk only to this site."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + HEADERS
            await send(message)
        await self.app(scope, receive, with_headers)


def nesting(text: str) -> int:
    """How deep ``text``'s JSON arrays and objects nest (brackets inside
    strings do not count), stopping as soon as it passes ``MAX_DEPTH``."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0                                 # cannot nest deeper: no need to look
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_json(raw):
    """A client's JSON text (or UTF-8 bytes), its nesting bounded before the
    parser sees it: the standard parser recurses once a level and would fail
    with a RecursionError deep down."""
    try:
        text = raw.decode() if isinstance(raw, (bytes, bytearray)) else raw
    except UnicodeDecodeError:
        raise ServerError("bad_json", "the message is not JSON (not UTF-8)") from None
    if not isinstance(text, str):
        raise ServerError("bad_json", "the message is not JSON")
    if nesting(text) > MAX_DEPTH:
        raise ServerError("too_deep", f"JSON may nest at most {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except ValueError:
        raise ServerError("bad_json", "the message is not JSON") from None


def address_of(client) -> str:
    """Who a limit counts against: the client's address (as the reverse
    proxy passed it on, where one is trusted), an IPv6 client by its /64."""
    host = client.host if client else "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{host}/64", strict=False))
    return str(ip)


class Window:
    """At most ``count`` events per key in any ``seconds``: ``hit`` answers
    None when one more is allowed (and counts it), else the seconds to wait."""

    def __init__(self, count: int, seconds: float):
        self.count, self.seconds = count, seconds
        self.stamps: dict[str, collections.deque] = {}

    def wait(self, key: str) -> float | None:
        """None when one more is allowed now, else the seconds until it is."""
        now = time.monotonic()
        stamps = self.stamps.get(key)
        if not stamps:
            return None
        while stamps and now - stamps[0] > self.seconds:
            stamps.popleft()
        if len(stamps) < self.count:
            return None
        return math.ceil((stamps[0] + self.seconds - now) * 10 + 0.5) / 10

    def add(self, key: str) -> None:
        now = time.monotonic()
        self.stamps.setdefault(key, collections.deque()).append(now)
        if len(self.stamps) > 10_000:           # forget addresses whose window is empty
            for k in [k for k, d in self.stamps.items() if not d or now - d[-1] > self.seconds]:
                del self.stamps[k]


class RateLimited(ServerError):
    def __init__(self, message: str, retry_after: float):
        super().__init__("rate_limit", message, 429)
        self.retry_after = retry_after


async def tame_gc() -> None:
    """Keep the cycle collector's pauses short.  Tables hold many long-lived
    objects (histories, events, views); a full collection walks all of them
    (hundreds of milliseconds with 500 tables), stalling every table at
    once.  Freezing what has survived every FREEZE_EVERY seconds leaves the
    collector only the newer objects; once an hour everything is thawed and
    collected, so cycles that became garbage while frozen are freed too."""
    thawed = time.monotonic()
    while True:
        await asyncio.sleep(FREEZE_EVERY)
        if time.monotonic() - thawed >= THAW_EVERY:
            gc.unfreeze()
            gc.collect()
            thawed = time.monotonic()
        gc.freeze()


def error_body(exc: PelitError) -> dict:
    if isinstance(exc, RateLimited):
        return {"type": "error", "code": exc.code, "message": exc.message,
                "retry_after": exc.retry_after}
    if isinstance(exc, ServerError):
        return {"type": "error", "code": exc.code, "message": exc.message}
    if isinstance(exc, IllegalAction):
        return {"type": "error", "code": "illegal", "message": str(exc), "legal": exc.legal}
    if isinstance(exc, ParseError):
        return {"type": "error", "code": "bad_action", "message": str(exc)}
    return {"type": "error", "code": "bad_request", "message": str(exc)}


def create_app(db: str = "pelit.db", bot_delay: float = 0.6, grace: float = 60.0,
               origins: tuple[str, ...] = (), synchronous: str = "FULL",
               window_wait: float = 10.0,
               rate_limit: tuple[int, float] = RATE_LIMIT,
               create_limit: tuple[int, float] = CREATE_LIMIT,
               per_address: int = PER_ADDRESS, limits: Limits = Limits()) -> Starlette:
    state = {}
    rate_count, rate_window = rate_limit
    creations = Window(*create_limit)
    open_sockets: collections.Counter = collections.Counter()

    def hub() -> Hub:
        return state["hub"]

    def origin_ok(headers) -> bool:
        """No Origin (a program, not a browser) or the same host, or one allowed."""
        origin = headers.get("origin")
        if origin is None:
            return True
        if origin in origins:
            return True
        return urlsplit(origin).netloc == headers.get("host", "")

    def fail(exc: PelitError, status: int | None = None) -> JSONResponse:
        body = error_body(exc)
        body.pop("type")
        return JSONResponse(body, status_code=status or getattr(exc, "status", 400))

    async def body_of(request: Request) -> dict:
        if not origin_ok(request.headers):
            raise ServerError("origin", "requests from other sites are refused", 403)
        raw = b""
        async for chunk in request.stream():          # never read more than the cap
            raw += chunk
            if len(raw) > MAX_FRAME:
                raise ServerError("too_big", f"a request body may hold {MAX_FRAME} bytes", 413)
        data = parse_json(raw or b"{}")
        if not isinstance(data, dict):
            raise ServerError("bad_request", "the body must be a JSON object")
        return data

    def api(fn):
        async def endpoint(request: Request):
            try:
                return JSONResponse(await fn(request))
            except PelitError as exc:
                return fail(exc)
        return endpoint

    async def page(request: Request):
        return FileResponse(WEB / "index.html", headers={"cache-control": "no-cache"})

    @api
    async def games(request):
        return {"games": [describe_game(g) for g in all_games()]}

    @api
    async def tables(request):
        return {"tables": await hub().store.public_tables()}

    @api
    async def health(request):
        h = hub()
        took = sorted(h.act_seconds)
        return {"ok": True, "store": h.store.kind, "process": h.process,
                "tables_in_memory": len(h.tables),
                "connections": sum(len(t.conns) for t in h.tables.values()),
                # from a move arriving to every frame it causes sent (last 10,000 moves)
                "moves_timed": len(took),
                "move_ms_p50": round(took[len(took) // 2] * 1000, 2) if took else None,
                "move_ms_p99": round(took[len(took) * 99 // 100] * 1000, 2) if took else None}

    @api
    async def create(request):
        data = await body_of(request)
        if not isinstance(data.get("game"), str):
            raise ServerError("bad_request", "name the game")
        load(data["game"])
        address = address_of(request.client)
        wait = creations.wait(address)
        if wait is not None:
            raise RateLimited(f"at most {creations.count} new tables in {creations.seconds:g} s "
                              f"from one address; try again in {wait:.1f} s", wait)
        try:
            table, host = await hub().create(data["game"], data.get("preset"),
                                             data.get("options"), data.get("decks"),
                                             data.get("public", False))
        except TypeError as exc:
            raise ServerError("bad_request", str(exc)) from None
        creations.add(address)
        return {"id": table.id, "host": host, "url": f"/t/{table.id}", "table": table.info()}

    @api
    async def table_info(request):
        return (await hub().get(request.path_params["tid"])).info()

    @api
    async def sit(request):
        data = await body_of(request)
        table = await hub().get(request.path_params["tid"])
        token = await hub().sit(table, data.get("seat"), data.get("name"))
        return {"seat": data["seat"], "token": token}

    @api
    async def bot(request):
        data = await body_of(request)
        table = await hub().get(request.path_params["tid"])
        await hub().set_bot(table, data.get("host"), data.get("seat"), data.get("bot"))
        return table.info()

    @api
    async def start(request):
        data = await body_of(request)
        table = await hub().get(request.path_params["tid"])
        await hub().start(table, data.get("host"))
        return table.info()

    @api
    async def timer(request):
        data = await body_of(request)
        table = await hub().get(request.path_params["tid"])
        hub().social.set_timer(table, data.get("host"), data.get("seconds"))
        return {"seconds": hub().social.timers.get(table.id, 0)}

    @api
    async def rematch(request):
        data = await body_of(request)
        table = await hub().get(request.path_params["tid"])
        made = await hub().social.rematch(table, data.get("token"), data.get("host"))
        return {**made, "url": f"/t/{made['id']}"}

    @api
    async def record(request):
        return hub().record(await hub().get(request.path_params["tid"]))

    @api
    async def replay(request):
        table = await hub().get(request.path_params["tid"])
        q = request.query_params
        try:
            upto = int(q.get("upto", "0"))
        except ValueError:
            raise ServerError("bad_request", "upto must be a number") from None
        return hub().replay_view(table, upto, q.get("seat", "open"))

    async def ws_table(websocket: WebSocket):
        if not origin_ok(websocket.headers):
            await websocket.close(code=1008)          # refused before the handshake: 403
            return
        await websocket.accept()
        address = address_of(websocket.client)
        if open_sockets[address] >= per_address:
            await websocket.send_text(json.dumps({
                "type": "error", "code": "too_many_connections",
                "message": f"at most {per_address} connections from one address at once"}))
            await websocket.close(code=1008)
            return
        open_sockets[address] += 1
        try:
            await serve_socket(websocket)
        finally:
            open_sockets[address] -= 1
            if not open_sockets[address]:
                del open_sockets[address]

    async def serve_socket(websocket: WebSocket):
        # Each connection has its own outbox and writer: a slow reader never
        # holds up the table; one that falls OUTBOX frames behind is dropped.
        outbox: asyncio.Queue = asyncio.Queue(maxsize=OUTBOX)

        async def writer():
            while True:
                msg = await outbox.get()
                if msg is None:
                    return
                await websocket.send_text(msg if isinstance(msg, str)
                                          else json.dumps(msg, separators=(",", ":")))

        async def send(msg):
            try:
                outbox.put_nowait(msg)
            except asyncio.QueueFull:
                raise ConnectionError("the client reads too slowly") from None

        writing = asyncio.create_task(writer())
        tid = websocket.path_params["tid"]
        try:
            table = await hub().get(tid)
        except ServerError as exc:
            await send(error_body(exc))
            await send(None)
            await writing
            await websocket.close(code=4404)
            return
        conn = Conn(send)
        stamps: collections.deque = collections.deque()
        try:
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                raw = msg.get("text")
                size = len(raw.encode()) if raw is not None else len(msg.get("bytes") or b"")
                now = time.monotonic()
                while stamps and now - stamps[0] > rate_window:
                    stamps.popleft()
                stamps.append(now)
                if writing.done() or not conn.alive:
                    break
                if len(stamps) > 2 * rate_count:
                    await send({"type": "error", "code": "rate_limit",
                                "message": "far too many messages; goodbye"})
                    break
                if len(stamps) > rate_count:
                    # when the window will hold room for one more message (a
                    # stamp leaves it once strictly older than the window)
                    retry = math.ceil((stamps[-rate_count] + rate_window - now) * 1000 + 1) / 1000
                    await send({"type": "error", "code": "rate_limit",
                                "message": f"at most {rate_count} messages in "
                                           f"{rate_window:g} s; this one was dropped; "
                                           f"send again in {retry:.1f} s",
                                "retry_after": retry})
                    continue
                if size > MAX_FRAME:
                    await send({"type": "error", "code": "too_big",
                                "message": f"a message may hold {MAX_FRAME} bytes, "
                                           f"this one has {size}"})
                    continue
                # the table as held in memory now (it may have been dropped
                # from memory and loaded again while this socket was quiet)
                table = await hub().get(tid)
                await handle(table, conn, raw if raw is not None else msg.get("bytes"), send)
        except (WebSocketDisconnect, ConnectionError):
            pass
        finally:
            table.drop(conn)
            with contextlib.suppress(BaseException):
                outbox.put_nowait(None)                 # flush what is queued, then stop
                await asyncio.wait_for(writing, 2)
            writing.cancel()
            with contextlib.suppress(BaseException):
                await websocket.close(code=1008)

    async def handle(table, conn, raw, send):
        data = None
        try:
            data = parse_json(raw)
            if not isinstance(data, dict):
                raise ServerError("bad_request", "a message is a JSON object with a type")
            kind = data.get("type")
            if kind == "hello":
                await hub().join(table, conn, data.get("token"), data.get("since", 0))
            elif kind == "act":
                seat = table.seat_of(data.get("token"))
                await hub().act(table, seat, data.get("version"), data.get("action"))
            elif kind == "ping":
                await send({"type": "pong"})
            elif kind in SOCIAL_TYPES:
                await hub().social.handle(table, conn, data, send)
            else:
                raise ServerError("unknown_type", f"unknown message type {kind!r}; "
                                  f"types: hello, act, ping, {', '.join(SOCIAL_TYPES)}")
        except PelitError as exc:
            await send(error_body(exc))
            if getattr(exc, "code", None) == "full":
                raise ConnectionError("no room at the table") from None   # closes the socket
            if isinstance(data, dict) and data.get("type") == "act":
                await table.send(conn, table.frame(conn))      # resync

    @contextlib.asynccontextmanager
    async def lifespan(app):
        store = open_store(db, synchronous=synchronous)
        if store.kind == "sqlite":
            Path(db).resolve().parent.mkdir(parents=True, exist_ok=True)
        await store.open()
        state["hub"] = Hub(store, bot_delay=bot_delay, grace=grace, window_wait=window_wait,
                           limits=limits)
        await state["hub"].resume()
        gc.freeze()                             # the registry, the games, resumed tables
        taming = asyncio.create_task(tame_gc())
        try:
            yield
        finally:
            taming.cancel()
            await state["hub"].close()
            await store.close()

    routes = [
        Route("/", page),
        Route("/t/{tid}", page),
        Route("/api/games", games),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/health", health),
        Route("/api/tables/{tid}", table_info),
        Route("/api/tables/{tid}/sit", sit, methods=["POST"]),
        Route("/api/tables/{tid}/bot", bot, methods=["POST"]),
        Route("/api/tables/{tid}/start", start, methods=["POST"]),
        Route("/api/tables/{tid}/timer", timer, methods=["POST"]),
        Route("/api/tables/{tid}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{tid}/record", record),
        Route("/api/tables/{tid}/replay", replay),
        WebSocketRoute("/ws/{tid}", ws_table),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])
    app.state.pelit = state
    return app


def run(host="127.0.0.1", port=8000, db="pelit.db", bot_delay=0.6, grace=60.0,
        origins=(), log_level="info", synchronous="FULL", window_wait=10.0,
        rate_limit=RATE_LIMIT, create_limit=CREATE_LIMIT, per_address=PER_ADDRESS,
        limits=Limits(), forwarded_allow_ips="127.0.0.1"):
    import uvicorn
    uvicorn.run(create_app(db, bot_delay=bot_delay, grace=grace, origins=tuple(origins),
                           synchronous=synchronous, window_wait=window_wait,
                           rate_limit=rate_limit, create_limit=create_limit,
                           per_address=per_address, limits=limits),
                host=host, port=port, ws_max_size=HARD_FRAME, log_level=log_level,
                proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips)
