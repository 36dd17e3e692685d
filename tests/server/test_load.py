"""A bounded load test on loopback (not in the default suite): ``make load``.

Many tables at once on one server process.  First every seat is a WebSocket
client that plays a random legal action as soon as its view says it may: this
reports the actions per second the server accepted and the latency from
sending an action to receiving the view that shows it (p50, p99), in
out/load.json.  Then every seat is a server-side bot with a spectator watching
each table: actions per second, in out/load-bots.json.  PELIT_LOAD_TABLES
sets the number of tables (50).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time
from pathlib import Path

import pytest

import pelit
from serverkit import Client, Server

TABLES = int(os.environ.get("PELIT_LOAD_TABLES", "50"))
GAME, OPTIONS = "xeri", {"hands": 2}
BOT_GAME = os.environ.get("PELIT_LOAD_BOT_GAME", "tuppi" if "tuppi" in pelit.game_ids() else "xeri")


async def seat_player(server, tid, token, rng, latencies):
    c = await Client.open(server, tid, token)
    while True:
        msg = c.last
        if msg["table"]["status"] == "over":
            break
        view = msg["view"]
        if view and view["legal"] and msg["seat"] in view["to_act"]:
            version = msg["version"]
            sent = time.perf_counter()
            await c.send({"type": "act", "token": token, "version": version,
                          "action": rng.choice(view["legal"])})
            while True:
                got = await c.recv(60)
                if got["type"] == "state" and got["version"] > version:
                    latencies.append(time.perf_counter() - sent)
                    break
        else:
            await c.next_state(60)
    await c.close()


@pytest.mark.load
def test_many_bot_tables_at_once(tmp_path):
    srv = Server(tmp_path / "load.db").start()
    try:
        tables = [srv.table(GAME, ["human", "human"], OPTIONS) for _ in range(TABLES)]

        async def main():
            latencies: list[float] = []
            rng = random.Random(1)
            players = []
            for tid, host, tokens in tables:
                for seat, token in tokens.items():
                    players.append(seat_player(srv, tid, token, random.Random(rng.random()),
                                               latencies))
            for tid, host, _ in tables:
                srv.ok("POST", f"/api/tables/{tid}/start", {"host": host})
            t0 = time.perf_counter()
            await asyncio.gather(*players)
            return latencies, time.perf_counter() - t0

        latencies, wall = asyncio.run(main())
        actions = len(latencies)
        q = statistics.quantiles(latencies, n=100)
        report = {"tables": TABLES, "connections": 2 * TABLES, "game": GAME, "options": OPTIONS,
                  "actions": actions, "seconds": round(wall, 2),
                  "actions_per_s": round(actions / wall, 1),
                  "latency_ms_p50": round(q[49] * 1000, 2), "latency_ms_p99": round(q[98] * 1000, 2),
                  "cpus": os.cpu_count()}
        for tid, _, _ in tables:
            assert srv.ok("GET", f"/api/tables/{tid}")["status"] == "over"
        out = Path(__file__).resolve().parents[2] / "out"
        out.mkdir(exist_ok=True)
        (out / "load.json").write_text(json.dumps(report, indent=1) + "\n")
        print("\nload:", json.dumps(report))
    finally:
        srv.stop()


@pytest.mark.load
def test_many_server_bot_tables_at_once(tmp_path):
    """Every seat a server-side bot, one spectator per table: accepted actions per second."""
    srv = Server(tmp_path / "bots.db").start()
    game = pelit.load(BOT_GAME)
    try:
        seats = ["heuristic"] * game.num_players(game.new_state(seed=1, **game.test_options))
        tables = [srv.table(BOT_GAME, seats, game.test_options) for _ in range(TABLES)]

        async def main():
            watchers = [await Client.open(srv, tid) for tid, _, _ in tables]
            t0 = time.perf_counter()
            for tid, host, _ in tables:
                srv.ok("POST", f"/api/tables/{tid}/start", {"host": host})
            finals = await asyncio.gather(*(w.until(lambda f: f["table"]["status"] == "over",
                                                    timeout=600) for w in watchers))
            wall = time.perf_counter() - t0
            for w in watchers:
                await w.close()
            return sum(f["version"] for f in finals), wall

        actions, wall = asyncio.run(main())
        report = {"tables": TABLES, "game": BOT_GAME, "options": game.test_options,
                  "actions": actions, "seconds": round(wall, 2),
                  "actions_per_s": round(actions / wall, 1)}
        out = Path(__file__).resolve().parents[2] / "out"
        out.mkdir(exist_ok=True)
        (out / "load-bots.json").write_text(json.dumps(report, indent=1) + "\n")
        print("\nload (server bots):", json.dumps(report))
    finally:
        srv.stop()
