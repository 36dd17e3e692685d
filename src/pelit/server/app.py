"""The ASGI app: lobby and table pages, a small JSON API, and one WebSocket per table.

HTTP (JSON in and out)::

    GET  /api/games                       the registry: options, presets, bots, rules help
    GET  /api/tables                      recent tables
    POST /api/tables                      {game, preset?, options?, decks?} -> {id, host}
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

The server is authoritative and generic over the registry: it never holds
game-specific code; games may give a small ``web_layout`` dict as a hint.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
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
from .hub import Conn, Hub, ServerError, describe_game
from .social import TYPES as SOCIAL_TYPES
from .storage import Storage

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_FRAME = 8 * 1024            # bytes in one client message
RATE_LIMIT = (100, 20.0)         # messages a connection may send in so many seconds
HARD_FRAME = 64 * 1024          # the WebSocket layer drops anything larger outright
OUTBOX = 256                    # frames queued for one connection before it is dropped


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


def error_body(exc: PelitError) -> dict:
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
               rate_limit: tuple[int, float] = RATE_LIMIT) -> Starlette:
    state = {}
    rate_count, rate_window = rate_limit

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
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise ServerError("bad_json", "the body is not JSON") from None
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
        return {"tables": hub().storage.recent_tables()}

    @api
    async def create(request):
        data = await body_of(request)
        if not isinstance(data.get("game"), str):
            raise ServerError("bad_request", "name the game")
        load(data["game"])
        try:
            table, host = hub().create(data["game"], data.get("preset"), data.get("options"),
                                       data.get("decks"))
        except TypeError as exc:
            raise ServerError("bad_request", str(exc)) from None
        return {"id": table.id, "host": host, "url": f"/t/{table.id}", "table": table.info()}

    @api
    async def table_info(request):
        return hub().get(request.path_params["tid"]).info()

    @api
    async def sit(request):
        data = await body_of(request)
        table = hub().get(request.path_params["tid"])
        token = await hub().sit(table, data.get("seat"), data.get("name"))
        return {"seat": data["seat"], "token": token}

    @api
    async def bot(request):
        data = await body_of(request)
        table = hub().get(request.path_params["tid"])
        await hub().set_bot(table, data.get("host"), data.get("seat"), data.get("bot"))
        return table.info()

    @api
    async def start(request):
        data = await body_of(request)
        table = hub().get(request.path_params["tid"])
        await hub().start(table, data.get("host"))
        return table.info()

    @api
    async def timer(request):
        data = await body_of(request)
        table = hub().get(request.path_params["tid"])
        hub().social.set_timer(table, data.get("host"), data.get("seconds"))
        return {"seconds": hub().social.timers.get(table.id, 0)}

    @api
    async def rematch(request):
        data = await body_of(request)
        table = hub().get(request.path_params["tid"])
        made = await hub().social.rematch(table, data.get("token"), data.get("host"))
        return {**made, "url": f"/t/{made['id']}"}

    @api
    async def record(request):
        return hub().record(hub().get(request.path_params["tid"]))

    @api
    async def replay(request):
        table = hub().get(request.path_params["tid"])
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
        # Each connection has its own outbox and writer: a slow reader never
        # holds up the table; one that falls OUTBOX frames behind is dropped.
        outbox: asyncio.Queue = asyncio.Queue(maxsize=OUTBOX)

        async def writer():
            while True:
                msg = await outbox.get()
                if msg is None:
                    return
                await websocket.send_text(json.dumps(msg, separators=(",", ":")))

        async def send(msg):
            try:
                outbox.put_nowait(msg)
            except asyncio.QueueFull:
                raise ConnectionError("the client reads too slowly") from None

        writing = asyncio.create_task(writer())
        try:
            table = hub().get(websocket.path_params["tid"])
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
        try:
            try:
                data = json.loads(raw)
            except (ValueError, UnicodeDecodeError, TypeError):
                raise ServerError("bad_json", "the message is not JSON") from None
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
            if data_is_act(raw):
                await table.send(conn, table.frame(conn))      # resync

    def data_is_act(raw) -> bool:
        try:
            return json.loads(raw).get("type") == "act"
        except Exception:
            return False

    @contextlib.asynccontextmanager
    async def lifespan(app):
        Path(db).resolve().parent.mkdir(parents=True, exist_ok=True)
        storage = Storage(db, synchronous=synchronous)
        state["hub"] = Hub(storage, bot_delay=bot_delay, grace=grace, window_wait=window_wait)
        await state["hub"].resume()
        try:
            yield
        finally:
            await state["hub"].close()
            storage.close()

    routes = [
        Route("/", page),
        Route("/t/{tid}", page),
        Route("/api/games", games),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
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
        rate_limit=RATE_LIMIT):
    import uvicorn
    uvicorn.run(create_app(db, bot_delay=bot_delay, grace=grace, origins=tuple(origins),
                           synchronous=synchronous, window_wait=window_wait,
                           rate_limit=rate_limit),
                host=host, port=port, ws_max_size=HARD_FRAME, log_level=log_level)
