"""A real pelit server in a subprocess, and real HTTP and WebSocket clients for it.

Shared by the server tests, the browser tests and the load test.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m pelit.server`` on 127.0.0.1 with its own database: a file
    (SQLite) or a ``postgresql://`` URL.  ``log`` names its log file (next
    to the SQLite file by default); ``extra`` are more command-line options."""

    def __init__(self, db, bot_delay=0.0, grace=60.0, port=None, window_wait=10.0,
                 rate_limit="100/20", create_limit="10000/60", log=None, extra=()):
        self.db = str(db)
        self.rate_limit = rate_limit
        self.create_limit = create_limit
        self.bot_delay = bot_delay
        self.grace = grace
        self.window_wait = window_wait
        self.port = port or free_port()
        self.extra = [str(x) for x in extra]
        if log is None:
            log = (os.path.join(tempfile.gettempdir(), f"pelit-server-{self.port}.log")
                   if "://" in self.db else self.db + ".log")
        self.log_path = str(log)
        self.proc = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> "Server":
        self.log = open(self.log_path, "a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pelit.server", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", self.db, "--bot-delay", str(self.bot_delay), "--grace", str(self.grace),
             "--window-wait", str(self.window_wait), "--rate-limit", self.rate_limit,
             "--create-limit", self.create_limit, *self.extra],
            stdout=self.log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: see {self.log_path}")
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not come up")

    def kill(self) -> None:
        """``kill -9``: no shutdown, no flushing."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    # -- HTTP -----------------------------------------------------------------
    def http(self, method, path, body=None, headers=None):
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"content-type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(req, timeout=10) as res:
                return res.status, json.loads(res.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}")

    def ok(self, method, path, body=None):
        status, data = self.http(method, path, body)
        assert status == 200, (status, data)
        return data

    def table(self, game, seats, options=None, decks=None, preset=None, public=False):
        """A table with ``seats``: a list of "human" or a bot name per seat.
        Returns (table id, host key, {seat: token})."""
        made = self.ok("POST", "/api/tables", {"game": game, "options": options or {},
                                               "decks": decks, "preset": preset,
                                               "public": public})
        tid, host = made["id"], made["host"]
        tokens = {}
        for seat, who in enumerate(seats):
            if who == "human":
                tokens[seat] = self.ok("POST", f"/api/tables/{tid}/sit",
                                       {"seat": seat, "name": f"player {seat}"})["token"]
            elif who != "empty":
                self.ok("POST", f"/api/tables/{tid}/bot", {"host": host, "seat": seat, "bot": who})
        return tid, host, tokens


class Client:
    """One WebSocket connection; keeps every raw frame it received."""

    def __init__(self, ws):
        self.ws = ws
        self.raw: list[str] = []
        self.frames: list[dict] = []
        self.last: dict | None = None        # the last "state" frame
        self.events: list[dict] = []

    @classmethod
    async def open(cls, server: Server, tid: str, token=None, origin=None, hello=True):
        headers = {"Origin": origin} if origin else None
        ws = await connect(f"{server.ws_url}/ws/{tid}", additional_headers=headers,
                           max_size=2 ** 22, open_timeout=10)
        client = cls(ws)
        if hello:
            await client.send({"type": "hello", "token": token} if token else {"type": "hello"})
            await client.next_state()
        return client

    async def send(self, msg) -> None:
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def recv(self, timeout=10.0) -> dict:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(raw)
        msg = json.loads(raw)
        self.frames.append(msg)
        if msg.get("type") == "state":
            self.events = self.events[:msg["event_start"]] + msg["events"]
            self.last = msg
        return msg

    async def next_state(self, timeout=10.0) -> dict:
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == "state":
                return msg

    async def next_error(self, timeout=10.0) -> dict:
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == "error":
                return msg

    async def until(self, pred, timeout=60.0) -> dict:
        """Read frames until ``pred(state frame)`` holds (checks the last one first)."""
        if self.last is not None and pred(self.last):
            return self.last
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the awaited state never came")
            msg = await self.next_state(left)
            if pred(msg):
                return msg

    async def close(self) -> None:
        await self.ws.close()


async def play_randomly(client: Client, token: str, rng, timeout=120.0) -> dict:
    """Act with a random legal action whenever this seat may; return the final frame.

    A move refused by the rate limit was dropped unseen (no resync follows):
    wait as long as the server says and send it again."""
    deadline = time.monotonic() + timeout
    while True:
        msg = client.last
        if msg["table"]["status"] == "over":
            return msg
        view = msg["view"]
        if view and view["legal"] and msg["seat"] in view["to_act"]:
            await client.send({"type": "act", "token": token, "version": msg["version"],
                               "action": rng.choice(view["legal"])})
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the match did not end")
        while True:                      # wait for the next state (other errors resync)
            got = await client.recv(left)
            if got["type"] == "state":
                break
            if got.get("code") == "rate_limit":
                await asyncio.sleep(got["retry_after"])
                break
