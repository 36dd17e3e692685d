"""Several server processes on one PostgreSQL database (issue 17, "Beyond one
machine"): a player connected to each process, moves from both, one process
killed with ``kill -9``, the other taking the table over with nothing lost."""

from __future__ import annotations

import asyncio
import random

import pytest

import pelit
from pelit.core.records import check_record

from leakcheck import check_frames
from serverkit import Client, Server, play_randomly

GAMES = pelit.game_ids()


async def play_until(client: Client, token: str, rng, version: int, timeout=60.0) -> None:
    """Play random legal moves for this seat until the table reaches ``version``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while client.last["version"] < version and client.last["table"]["status"] != "over":
        msg = client.last
        view = msg["view"]
        if view and view["legal"] and msg["seat"] in view["to_act"]:
            await client.send({"type": "act", "token": token, "version": msg["version"],
                               "action": rng.choice(view["legal"])})
        while True:
            got = await client.recv(max(0.1, deadline - loop.time()))
            if got["type"] == "state":
                break


@pytest.mark.skipif("tuppi" not in GAMES, reason="tuppi is not registered")
def test_two_processes_share_a_table_and_one_takes_over_when_the_other_is_killed(postgres,
                                                                                 tmp_path):
    url = postgres.database()
    a = Server(url, bot_delay=0.02, log=tmp_path / "a.log").start()
    b = Server(url, bot_delay=0.02, log=tmp_path / "b.log").start()
    game = pelit.load("tuppi")
    try:
        async def main():
            # made and started on A: A holds the lease and runs the two bots
            tid, host, tokens = a.table("tuppi", ["human", "heuristic", "human", "heuristic"],
                                        game.test_options)
            north = await Client.open(a, tid, tokens[0])      # seat 0 on process A
            south = await Client.open(b, tid, tokens[2])      # seat 2 on process B
            a.ok("POST", f"/api/tables/{tid}/start", {"host": host})
            # both move: each sees the other's moves and the bots' through the database
            await asyncio.gather(play_until(north, tokens[0], random.Random(1), 16),
                                 play_until(south, tokens[2], random.Random(2), 16))
            moved = {f["view"]["to_act"][0] for c in (north, south) for f in c.frames
                     if f.get("type") == "state" and f["view"] and f["view"]["to_act"]}
            assert {0, 2} <= moved, "both people had a move before the kill"
            seen = max(north.last["version"], south.last["version"])
            north_events = list(north.events)
            a.kill()                                           # kill -9: no goodbye
            # seat 0 comes back through B (as a reverse proxy would send it)
            back = await Client.open(b, tid, tokens[0])
            assert back.last["version"] >= seen
            assert back.events[:len(north_events)] == north_events
            # B takes the lease over: the bots play on, and so do both people
            final = await asyncio.gather(play_randomly(back, tokens[0], random.Random(3)),
                                         play_randomly(south, tokens[2], random.Random(4)))
            for c in (back, south):
                await c.close()
            return tid, final, south, seen

        tid, final, south, seen = asyncio.run(main())
        assert final[0]["table"]["outcome"] == final[1]["table"]["outcome"]
        record = b.ok("GET", f"/api/tables/{tid}/record")
        check_record(record)                    # every accepted move, replaying to the result
        assert len(record["actions"]) > seen
        # the connection on B was sent exactly the engine's view at every
        # version, the moves made through A included
        check_frames(game, record, south.raw, 2)
    finally:
        a.stop()
        b.stop()


def test_a_seat_cannot_be_taken_twice_through_two_processes(postgres, tmp_path):
    """Two processes, each with the table in memory: the second to seat
    someone in seat 0 is refused (the database decides), and both processes
    then show the same seats."""
    url = postgres.database()
    a = Server(url, log=tmp_path / "a.log").start()
    b = Server(url, log=tmp_path / "b.log").start()
    try:
        made = a.ok("POST", "/api/tables", {"game": "xeri"})
        tid = made["id"]
        assert b.ok("GET", f"/api/tables/{tid}")["seats"][0]["kind"] == "empty"   # loaded on B
        a.ok("POST", f"/api/tables/{tid}/sit", {"seat": 0, "name": "Aino"})
        status, body = b.http("POST", f"/api/tables/{tid}/sit", {"seat": 0, "name": "Eero"})
        assert status == 409 and body["code"] == "seat_taken"
        status, body = b.http("POST", f"/api/tables/{tid}/sit", {"seat": 1, "name": "AINO"})
        assert status == 409 and body["code"] == "name_taken"
        b.ok("POST", f"/api/tables/{tid}/sit", {"seat": 1, "name": "Eero"})

        async def seats_on(server):
            c = await Client.open(server, tid)
            await c.until(lambda f: [s["name"] for s in f["table"]["seats"]] == ["Aino", "Eero"],
                          timeout=10)
            await c.close()

        asyncio.run(seats_on(a))
        asyncio.run(seats_on(b))
    finally:
        a.stop()
        b.stop()
