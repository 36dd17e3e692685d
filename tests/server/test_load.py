"""The bounded load test on loopback (not in the default suite): ``make load``.

A benchmark, not a timed test: it prints and saves figures, and fails only
when something breaks (an error frame), never on a speed.

``paced``: tables of Xeri, each with one person (a WebSocket client that
thinks 0.5 to 1.5 s before each move, as people do) and one server-side bot
(``--bot-delay`` 0.6 s, the default), on one server process pinned to one
core while the clients run on the other: 50, 200 and 500 tables on SQLite;
then 500 tables on two processes sharing PostgreSQL (the tables and their
people spread over both, as a reverse proxy would).  Reports actions per
second (the people's and the bots'), the latency from sending a move to
receiving the view that shows it (p50, p99), the CPU the server processes
used (in all and per action) and the machine's load average, since other
work on the machine shows in the latencies.

``flat_out``: 50 tables with two clients each moving the moment they may, as
the issue measured first (throughput at saturation).

Figures go to out/load.json.  PELIT_LOAD_SECONDS sets how long each run
measures (30), PELIT_LOAD_TABLES a comma-separated list of table counts
(50,200,500; the largest is used on PostgreSQL), PELIT_LOAD_PIN=0 leaves the
processes unpinned.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import random
import statistics
import time
from pathlib import Path

import pytest

from serverkit import Client, Server

GAME, OPTIONS = "xeri", {"hands": 99}          # a long match: it outlasts the run
SECONDS = float(os.environ.get("PELIT_LOAD_SECONDS", "30"))
TABLES = [int(n) for n in os.environ.get("PELIT_LOAD_TABLES", "50,200,500").split(",")]
PIN = os.environ.get("PELIT_LOAD_PIN", "1") == "1"
THINK = (0.5, 1.5)
WIDE = ["--per-address", "100000", "--max-spectators", "100"]
OUT = Path(__file__).resolve().parents[2] / "out"


class _This:
    pid = 0                                      # this process, for sched_setaffinity


_this = _This()


def pin(proc, cpus) -> None:
    try:
        os.sched_setaffinity(proc.pid, cpus)
    except (AttributeError, OSError):
        pass                                      # not on this system: unpinned


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_pressure() -> str | None:
    """How much of the last minute some task waited for a CPU (Linux PSI):
    near 100 % means the machine was oversubscribed and latencies show it."""
    try:
        with open("/proc/pressure/cpu") as f:
            return f.readline().split()[2].split("=")[1] + " %"
    except (OSError, IndexError):
        return None


def machine() -> str:
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model or platform.processor()}, {os.cpu_count()} cores, Python {platform.python_version()}"


async def person(server, tid, token, rng, latencies, stop_at, errors, think):
    """A person at a table: think (a random time in ``think``, or not at all),
    move, and time how long until the view shows the move.  Returns the
    table and the version it reached."""
    c = await Client.open(server, tid, token)
    try:
        while time.monotonic() < stop_at:
            msg = c.last
            view = msg["view"]
            if msg["table"]["status"] == "over":
                break
            if view and view["legal"] and msg["seat"] in view["to_act"]:
                if think:
                    await asyncio.sleep(rng.uniform(*think))
                version = msg["version"]
                sent = time.perf_counter()
                await c.send({"type": "act", "token": token, "version": version,
                              "action": rng.choice(view["legal"])})
                while True:
                    got = await c.recv(60)
                    if got["type"] == "error":
                        errors.append(got)
                    elif got["version"] > version:
                        latencies.append(time.perf_counter() - sent)
                        break
            else:
                await c.next_state(60)
    finally:
        await c.close()
    return tid, c.last["version"]


def summary(latencies, actions, wall, cpu, **extra) -> dict:
    q = statistics.quantiles(latencies, n=100)
    return {**extra, "actions": actions, "seconds": round(wall, 1),
            "actions_per_s": round(actions / wall, 1), "moves_timed": len(latencies),
            "latency_ms_p50": round(q[49] * 1000, 1), "latency_ms_p99": round(q[98] * 1000, 1),
            "server_cpu_percent": round(100 * cpu / wall, 1),
            "server_cpu_ms_per_action": round(1000 * cpu / max(actions, 1), 3),
            # other work on the machine meanwhile (the load average over a minute)
            "load_average": round(os.getloadavg()[0], 1)}


def save(name: str, report: dict) -> None:
    OUT.mkdir(exist_ok=True)
    path = OUT / "load.json"
    try:
        runs = json.loads(path.read_text())
    except (OSError, ValueError):
        runs = {}
    runs[name] = report
    runs["machine"] = machine()
    path.write_text(json.dumps(runs, indent=1) + "\n")
    print(f"\nload {name}:", json.dumps(report))


def measure(servers, tables, seats, options, think) -> dict:
    """``tables`` tables spread over ``servers``, ``seats`` a "human" or a bot
    name per seat; every "human" is a client (``person``) thinking ``think``."""
    made = []
    for i in range(tables):
        srv = servers[i % len(servers)]
        tid, host, tokens = srv.table(GAME, seats, options)
        made.append((srv, tid, host, tokens))

    async def main():
        latencies: list[float] = []
        errors: list[dict] = []
        rng = random.Random(17)
        stop_at = time.monotonic() + SECONDS
        players = [person(srv, tid, token, random.Random(rng.random()), latencies, stop_at,
                          errors, think)
                   for srv, tid, _, tokens in made for token in tokens.values()]
        for srv, tid, host, _ in made:
            srv.ok("POST", f"/api/tables/{tid}/start", {"host": host})
        cpu0 = sum(cpu_seconds(s.proc.pid) for s in servers)
        mine0 = time.process_time()
        t0 = time.monotonic()
        finals = await asyncio.gather(*players)
        wall = time.monotonic() - t0
        cpu = sum(cpu_seconds(s.proc.pid) for s in servers) - cpu0
        clients = time.process_time() - mine0
        return latencies, errors, finals, wall, cpu, clients

    latencies, errors, finals, wall, cpu, clients = asyncio.run(main())
    assert not errors, errors[:3]
    inside = [srv.ok("GET", "/api/health") for srv in servers]
    reached: dict = {}
    for tid, version in finals:                  # every table's moves, counted once
        reached[tid] = max(version, reached.get(tid, 0))
    return summary(latencies, sum(reached.values()), wall, cpu, tables=tables,
                   processes=len(servers), store=servers[0].store, game=GAME, seats=seats,
                   think_s=think, clients_cpu_percent=round(100 * clients / wall, 1),
                   # the same moves timed inside the server (arrival to frames sent)
                   server_move_ms_p50=max(h["move_ms_p50"] for h in inside),
                   server_move_ms_p99=max(h["move_ms_p99"] for h in inside),
                   cpu_pressure=cpu_pressure())


def pin_one(srv) -> None:
    """The server on core 0, these clients on core 1 (PELIT_LOAD_PIN=0: unpinned)."""
    if PIN and (os.cpu_count() or 1) > 1:
        pin(srv.proc, {0})
        pin(_this, {1})


@pytest.mark.load
@pytest.mark.parametrize("tables", TABLES)
def test_paced_tables_on_one_process(tmp_path, tables):
    srv = Server(tmp_path / "load.db", bot_delay=0.6, extra=WIDE)
    srv.store = "sqlite"
    srv.start()
    pin_one(srv)
    try:
        save(f"paced-{tables}-sqlite-1",
             measure([srv], tables, ["human", "heuristic"], OPTIONS, THINK))
    finally:
        srv.stop()


@pytest.mark.load
def test_paced_tables_on_two_processes_sharing_postgresql(postgres, tmp_path):
    url = postgres.database()
    servers = [Server(url, bot_delay=0.6, extra=WIDE, log=tmp_path / f"{n}.log")
               for n in "ab"]
    for srv in servers:
        srv.store = "postgresql"
        srv.start()
    try:
        save(f"paced-{max(TABLES)}-postgresql-2",
             measure(servers, max(TABLES), ["human", "heuristic"], OPTIONS, THINK))
    finally:
        for srv in servers:
            srv.stop()


@pytest.mark.load
def test_flat_out_on_one_process(tmp_path):
    """Both seats people who move the moment they may: the server saturated."""
    srv = Server(tmp_path / "flat.db", extra=WIDE)
    srv.store = "sqlite"
    srv.start()
    pin_one(srv)
    try:
        save("flat-out-50-sqlite-1", measure([srv], 50, ["human", "human"], {"hands": 2}, None))
    finally:
        srv.stop()
