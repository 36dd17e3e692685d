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
the issue measured first (throughput at saturation): on SQLite, then on
PostgreSQL with one, two and four server processes (how throughput grows
with processes).

Where the machine has the cores, each server process is pinned to a core of
its own, the clients (up to PELIT_LOAD_CLIENTS processes, 4) to the next
ones and PostgreSQL to the rest, so no run measures its own clients.
Figures go to out/load.json.  PELIT_LOAD_SECONDS sets how long each paced
run measures (30), PELIT_LOAD_TABLES a comma-separated list of table counts
(50,200,500; the largest is used on PostgreSQL), PELIT_LOAD_PIN=0 leaves the
processes unpinned.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import platform
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from serverkit import Client, Server

GAME, OPTIONS = "xeri", {"hands": 99}          # a long match: it outlasts the run
SECONDS = float(os.environ.get("PELIT_LOAD_SECONDS", "30"))
TABLES = [int(n) for n in os.environ.get("PELIT_LOAD_TABLES", "50,200,500").split(",")]
PIN = os.environ.get("PELIT_LOAD_PIN", "1") == "1"
CLIENT_PROCESSES = int(os.environ.get("PELIT_LOAD_CLIENTS", "4"))
THINK = (0.5, 1.5)
WIDE = ["--per-address", "100000", "--max-spectators", "100"]
OUT = Path(__file__).resolve().parents[2] / "out"


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
    table, the version it found and the version it reached."""
    c = await Client.open(server, tid, token)
    since = c.last["version"]
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
                        errors.append(got)          # the run fails, saying why
                        return tid, since, c.last["version"]
                    if got["version"] > version:
                        latencies.append(time.perf_counter() - sent)
                        break
            else:
                await c.next_state(60)
    finally:
        await c.close()
    return tid, since, c.last["version"]


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


class Address:
    """Where a server listens (what a client process needs of a Server)."""

    def __init__(self, ws_url: str):
        self.ws_url = ws_url


def drive(people, think, stop_at, cpus):
    """One client process: its share of the people, on ``cpus``.  Returns the
    latencies, error frames, (table, first version, last version) per person
    and the CPU seconds it used."""
    if cpus:
        os.sched_setaffinity(0, cpus)

    async def main():
        latencies: list[float] = []
        errors: list[dict] = []
        rng = random.Random(hash(people[0][1]) if people else 17)
        runs = [person(Address(url), tid, token, random.Random(rng.random()), latencies,
                       stop_at, errors, think) for url, tid, token in people]
        return latencies, errors, await asyncio.gather(*runs)

    mine = time.process_time()
    latencies, errors, reached = asyncio.run(main())
    return latencies, errors, reached, time.process_time() - mine


def placement(servers, postgres=None) -> tuple[list, str]:
    """Each server process on a core of its own, then the client processes a
    core each, PostgreSQL on the cores left, when the machine has cores for
    it; otherwise everything unpinned.  Returns the client processes' cores
    (None: unpinned) and the placement in words."""
    cores = os.cpu_count() or 1
    k = len(servers)
    clients = max(1, min(CLIENT_PROCESSES, cores - k - (2 if postgres else 0)))
    if not PIN or cores < k + 1:
        for srv in servers:
            pin(srv.proc, set(range(cores)))
        if postgres:
            postgres.pin(set(range(cores)))
        return [None] * clients, "unpinned"
    for i, srv in enumerate(servers):
        pin(srv.proc, {i})
    client_cores = [{k + i} if k + i < cores else set(range(k, cores)) for i in range(clients)]
    rest = set(range(k + clients, cores)) or set(range(k, cores))
    if postgres:
        postgres.pin(rest)
    words = ("the server on core 0" if k == 1 else f"{k} server processes on cores 0-{k - 1}")
    words += f", {clients} client process{'es' if clients > 1 else ''} on the next"
    return client_cores, words + (f", PostgreSQL on {len(rest)} core(s) left" if postgres else "")


def measure(servers, tables, seats, options, think, postgres=None) -> dict:
    """``tables`` tables spread over ``servers``, ``seats`` a "human" or a bot
    name per seat; every "human" is a client (``person``) thinking ``think``.
    Moves are counted from the moment every table has started."""
    made = []
    for i in range(tables):
        srv = servers[i % len(servers)]
        tid, host, tokens = srv.table(GAME, seats, options)
        made.append((srv, tid, host, tokens))
    client_cores, where = placement(servers, postgres)
    people = [(srv.ws_url, tid, token) for srv, tid, _, tokens in made for token in tokens.values()]
    parts = [people[i::len(client_cores)] for i in range(len(client_cores))]
    for srv, tid, host, _ in made:
        srv.ok("POST", f"/api/tables/{tid}/start", {"host": host})
    cpu0 = sum(cpu_seconds(s.proc.pid) for s in servers)
    t0 = time.monotonic()
    stop_at = t0 + SECONDS
    with ProcessPoolExecutor(len(parts), mp_context=multiprocessing.get_context("fork")) as pool:
        done = list(pool.map(drive, parts, [think] * len(parts), [stop_at] * len(parts),
                             client_cores))
    wall = time.monotonic() - t0
    cpu = sum(cpu_seconds(s.proc.pid) for s in servers) - cpu0
    latencies = [x for part in done for x in part[0]]
    errors = [x for part in done for x in part[1]]
    assert not errors, errors[:3]
    inside = [srv.ok("GET", "/api/health") for srv in servers]
    first: dict = {}
    last: dict = {}
    for tid, since, version in (x for part in done for x in part[2]):
        first[tid] = min(since, first.get(tid, since))     # a table's moves counted once,
        last[tid] = max(version, last.get(tid, version))   # from its first person's arrival
    return summary(latencies, sum(last[t] - first[t] for t in last), wall, cpu, tables=tables,
                   processes=len(servers), store=servers[0].store, game=GAME, seats=seats,
                   think_s=think, placement=where, client_processes=len(parts),
                   clients_cpu_percent=round(100 * sum(p[3] for p in done) / wall, 1),
                   # the same moves timed inside the server (arrival to frames sent)
                   server_move_ms_p50=max(h["move_ms_p50"] for h in inside),
                   server_move_ms_p99=max(h["move_ms_p99"] for h in inside),
                   cpu_pressure=cpu_pressure())


def servers_on(db, count, tmp_path, **kw) -> list:
    # the limits per connection and address are for strangers, not for
    # this test's clients (a flat-out client sends far more than 5 a second)
    servers = [Server(db, extra=WIDE, rate_limit="1000000/20", log=tmp_path / f"server{n}.log",
                      **kw) for n in range(count)]
    for srv in servers:
        srv.store = "postgresql" if "://" in str(db) else "sqlite"
        srv.start()
    return servers


@pytest.mark.load
@pytest.mark.parametrize("tables", TABLES)
def test_paced_tables_on_one_process(tmp_path, tables):
    servers = servers_on(tmp_path / "load.db", 1, tmp_path, bot_delay=0.6)
    try:
        save(f"paced-{tables}-sqlite-1",
             measure(servers, tables, ["human", "heuristic"], OPTIONS, THINK))
    finally:
        for srv in servers:
            srv.stop()


@pytest.mark.load
def test_paced_tables_on_two_processes_sharing_postgresql(postgres, tmp_path):
    servers = servers_on(postgres.database(), 2, tmp_path, bot_delay=0.6)
    try:
        save(f"paced-{max(TABLES)}-postgresql-2",
             measure(servers, max(TABLES), ["human", "heuristic"], OPTIONS, THINK, postgres))
    finally:
        for srv in servers:
            srv.stop()


@pytest.mark.load
def test_flat_out_on_one_process(tmp_path):
    """Both seats people who move the moment they may: the server saturated."""
    servers = servers_on(tmp_path / "flat.db", 1, tmp_path)
    try:
        save("flat-out-50-sqlite-1", measure(servers, 50, ["human", "human"], OPTIONS, None))
    finally:
        for srv in servers:
            srv.stop()


@pytest.mark.load
@pytest.mark.parametrize("processes", [1, 2, 4])
def test_flat_out_on_postgresql_grows_with_processes(postgres, tmp_path, processes):
    """The same saturation on PostgreSQL with one, two and four server
    processes (the tables spread over them): how throughput grows."""
    servers = servers_on(postgres.database(), processes, tmp_path)
    try:
        save(f"flat-out-50-postgresql-{processes}",
             measure(servers, 50, ["human", "human"], OPTIONS, None, postgres))
    finally:
        for srv in servers:
            srv.stop()
