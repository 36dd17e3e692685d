"""Issue 17's findings, each tried as the attacker did, against a real server:
arranged deals said to everyone, hello answered to its sender only, caps on
connections, table creation limited, idle tables out of memory, private
tables by default, JSON nesting bounded, names normalised and bounded."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed

import pelit

from serverkit import Client, Server


def run(coro):
    return asyncio.run(coro)


def start(server, tid, host):
    return server.ok("POST", f"/api/tables/{tid}/start", {"host": host})


def a_deal(game_id="xeri", seed=11):
    """One deal's pack in card text, as a creator would arrange it."""
    game = pelit.load(game_id)
    return [game.deck.texts(game.new_state(seed=seed).packs[0])]


# -- arranged deals ------------------------------------------------------------------

def test_an_arranged_deal_is_said_to_everyone_and_is_never_public(server):
    status, body = server.http("POST", "/api/tables", {"game": "xeri", "decks": a_deal(),
                                                       "public": True})
    assert status == 400 and body["code"] == "arranged_public" and "arranged" in body["message"]
    made = server.ok("POST", "/api/tables", {"game": "xeri", "decks": a_deal()})
    assert made["table"]["arranged"] is True and made["table"]["public"] is False
    tid, host = made["id"], made["host"]
    plain, plain_host, _ = server.table("xeri", ["heuristic", "heuristic"], {"hands": 1})

    async def main():
        # someone opening the link sees it before taking a seat
        watcher = await Client.open(server, tid)
        assert watcher.last["table"]["arranged"] is True and watcher.last["seat"] is None
        other = await Client.open(server, plain)
        assert other.last["table"]["arranged"] is False
        for seat in (0, 1):
            server.ok("POST", f"/api/tables/{tid}/bot", {"host": host, "seat": seat,
                                                         "bot": "heuristic"})
        start(server, tid, host)
        start(server, plain, plain_host)
        for c in (watcher, other):
            await c.until(lambda f: f["table"]["status"] == "over", timeout=60)
            await c.close()

    run(main())
    assert server.ok("GET", f"/api/tables/{tid}")["arranged"] is True
    record = server.ok("GET", f"/api/tables/{tid}/record")
    assert record["arranged"] is True and record["decks"] == a_deal()
    assert server.ok("GET", f"/api/tables/{plain}/record")["arranged"] is False


# -- hello ----------------------------------------------------------------------------

def test_hello_is_answered_to_its_sender_only(server):
    """A spectator saying hello again and again gets its own answers; the
    players at the table are sent nothing because of it."""
    async def main():
        tid, host, tokens = server.table("xeri", ["human", "human"], {"hands": 1})
        a = await Client.open(server, tid, tokens[0])
        b = await Client.open(server, tid, tokens[1])
        start(server, tid, host)
        await a.until(lambda f: f["view"] is not None)
        await b.until(lambda f: f["view"] is not None)
        await asyncio.sleep(0.3)                     # the presence of a and b announced
        for c in (a, b):                             # read whatever is still on its way
            try:
                while True:
                    await c.recv(0.3)
            except asyncio.TimeoutError:
                pass
        spectator = await Client.open(server, tid)
        for _ in range(50):
            await spectator.send({"type": "hello"})
        answers = [await spectator.next_state() for _ in range(50)]
        assert all(f["seat"] is None and f["view"] is not None for f in answers)
        await asyncio.sleep(0.3)
        for c in (a, b):
            seen = len(c.frames)
            await c.send({"type": "ping"})
            while (await c.recv())["type"] != "pong":
                pass
            assert [f["type"] for f in c.frames[seen:]] == ["pong"], \
                "a spectator's hello was sent to the players too"
        # and a player's move still reaches everyone
        hand = a.last["view"]["legal"]
        await a.send({"type": "act", "token": tokens[0], "version": 0, "action": hand[0]})
        for c in (a, b, spectator):
            await c.until(lambda f: f["version"] == 1, timeout=10)
            await c.close()

    run(main())


# -- caps on connections --------------------------------------------------------------------

def test_connections_are_capped_per_table_per_seat_and_per_address(db):
    srv = Server(db,
                 extra=["--max-spectators", 2, "--max-per-seat", 2, "--per-address", 7]).start()

    async def refused(client, code):
        err = await client.next_error()
        assert err["code"] == code and err["message"], err
        with pytest.raises(ConnectionClosed):        # and the socket is closed
            for _ in range(5):
                await client.recv(5)

    async def main():
        tid, host, tokens = srv.table("xeri", ["human", "human"], {"hands": 1})
        open_ = [await Client.open(srv, tid), await Client.open(srv, tid)]
        third = await Client.open(srv, tid, hello=False)
        await third.send({"type": "hello"})
        await refused(third, "full")                 # a third spectator
        open_ += [await Client.open(srv, tid, tokens[0]), await Client.open(srv, tid, tokens[0])]
        again = await Client.open(srv, tid, hello=False)
        await again.send({"type": "hello", "token": tokens[0]})
        await refused(again, "full")                 # a third connection of seat 0
        # the other seat still gets in, past the spectators' cap
        open_.append(await Client.open(srv, tid, tokens[1]))
        # 5 open here: two more sockets from this address, then no more
        open_ += [await Client.open(srv, tid, hello=False) for _ in range(2)]
        over = await Client.open(srv, tid, hello=False)
        await refused(over, "too_many_connections")
        await open_.pop().close()                    # one closes: one more may open
        await asyncio.sleep(0.2)
        open_.append(await Client.open(srv, tid, hello=False))
        await open_[-1].send({"type": "ping"})
        assert (await open_[-1].recv())["type"] == "pong"
        for c in open_:
            await c.close()

    try:
        run(main())
    finally:
        srv.stop()


# -- creating tables -------------------------------------------------------------------------

def test_creating_tables_is_limited_per_address(db):
    srv = Server(db, create_limit="3/60").start()
    try:
        for _ in range(3):
            srv.ok("POST", "/api/tables", {"game": "xeri"})
        status, body = srv.http("POST", "/api/tables", {"game": "xeri"})
        assert status == 429 and body["code"] == "rate_limit"
        assert 0 < body["retry_after"] <= 60.1 and "3 new tables" in body["message"]
        # a refused request (a mistake) does not use up the allowance of another address,
        # nor its own: the count is of tables made
        forwarded = {"X-Forwarded-For": "198.51.100.7"}     # behind the local reverse proxy
        assert srv.http("POST", "/api/tables", {"game": "nope"}, headers=forwarded)[0] == 400
        for _ in range(3):
            assert srv.http("POST", "/api/tables", {"game": "xeri"}, headers=forwarded)[0] == 200
        assert srv.http("POST", "/api/tables", {"game": "xeri"}, headers=forwarded)[0] == 429
    finally:
        srv.stop()


# -- idle tables ---------------------------------------------------------------------------

def test_idle_tables_leave_memory_and_come_back_on_demand(db):
    srv = Server(db, extra=["--idle", 0.5]).start()

    def in_memory():
        return srv.ok("GET", "/api/health")["tables_in_memory"]

    def until(count, timeout=15.0):
        deadline = time.monotonic() + timeout
        while in_memory() != count:
            assert time.monotonic() < deadline, f"{in_memory()} tables stay in memory"
            time.sleep(0.1)

    async def main():
        done, done_host, _ = srv.table("xeri", ["heuristic", "heuristic"], {"hands": 1})
        waiting, _, tokens = srv.table("xeri", ["human", "empty"], {"hands": 1})
        watcher = await Client.open(srv, done)
        start(srv, done, done_host)
        final = await watcher.until(lambda f: f["table"]["status"] == "over", timeout=60)
        await watcher.close()
        seat = await Client.open(srv, waiting, tokens[0])
        until(1)                                  # the finished table left, the other stays
        await seat.close()
        until(0)
        # both come back as they were
        again = await Client.open(srv, done)
        assert again.last["view"] == final["view"] and again.last["version"] == final["version"]
        assert in_memory() == 1
        back = await Client.open(srv, waiting, tokens[0])
        assert back.last["seat"] == 0 and back.last["table"]["seats"][0]["name"] == "player 0"
        await again.close()
        await back.close()
        until(0)
        assert srv.ok("GET", f"/api/tables/{done}/record")["result"] == final["table"]["outcome"]

    try:
        run(main())
    finally:
        srv.stop()


# -- private and public tables -----------------------------------------------------------------

def test_tables_are_private_unless_made_public_and_the_lobby_lists_only_public_ones(server):
    private = server.ok("POST", "/api/tables", {"game": "xeri"})
    public = server.ok("POST", "/api/tables", {"game": "xeri", "public": True})
    assert private["table"]["public"] is False and public["table"]["public"] is True
    assert private["url"] == f"/t/{private['id']}"
    listed = {t["id"]: t for t in server.ok("GET", "/api/tables")["tables"]}
    assert public["id"] in listed and private["id"] not in listed
    assert all(t["status"] != "over" for t in listed.values())
    assert listed[public["id"]]["free_seats"] == 2
    server.ok("POST", f"/api/tables/{public['id']}/sit", {"seat": 0, "name": "Aino"})
    listed = {t["id"]: t for t in server.ok("GET", "/api/tables")["tables"]}
    assert listed[public["id"]]["free_seats"] == 1
    # the private table is reached by its link all the same
    assert server.ok("GET", f"/api/tables/{private['id']}")["public"] is False
    status, body = server.http("POST", "/api/tables", {"game": "xeri", "public": "yes"})
    assert status == 400 and "public" in body["message"]


# -- nesting ---------------------------------------------------------------------------------

def test_deeply_nested_json_gets_a_clear_error_over_http_and_websocket(server):
    deep = "[" * 4000                               # within 8 KiB
    status, body = server.http("POST", "/api/tables", deep.encode())
    assert status == 400 and body["code"] == "too_deep" and "nest" in body["message"]
    status, body = server.http("POST", "/api/tables",
                               json.dumps({"game": "xeri", "options": {"x": [[[[1]]]]}}).encode())
    assert status == 400 and body["code"] == "bad_request"     # parsed: an unknown option
    tid, _, _ = server.table("xeri", ["human", "human"], {"hands": 1})

    async def main():
        c = await Client.open(server, tid)
        for raw in (deep, '{"type": "ping", "x": ' + "{\"a\": " * 40 + "1" + "}" * 41):
            await c.send(raw)
            err = await c.next_error()
            assert err["code"] == "too_deep" and "32" in err["message"]
        # brackets inside strings are text, not nesting
        await c.send(json.dumps({"type": "ping", "note": "[" * 3000}))
        assert (await c.recv())["type"] == "pong"
        await c.send({"type": "ping"})                # and the connection is still fine
        assert (await c.recv())["type"] == "pong"
        await c.close()

    run(main())


# -- names ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [
    ("Anna\u202e", "control or formatting"),          # right-to-left override
    ("\u2066Anna", "control or formatting"),          # a bidi isolate
    ("An\u200dna", "control or formatting"),          # a zero-width joiner
    ("Anna\x07", "control or formatting"),
    ("x" * 21, "20 columns"),                         # no spaces: breaks a phone's layout
    ("界" * 11, "20 columns"),                        # wide letters count two
    ("a" + "\u0301" * 4, "accents"),                  # a tower of combining marks
    ("  \t ", "give a name"),
])
def test_a_name_that_would_break_the_table_is_refused(server, name, words):
    tid, _, _ = server.table("xeri", ["empty", "empty"])
    status, body = server.http("POST", f"/api/tables/{tid}/sit", {"seat": 0, "name": name})
    assert status == 400 and body["code"] == "bad_name" and words in body["message"], body
    assert server.ok("GET", f"/api/tables/{tid}")["seats"][0]["kind"] == "empty"


def test_names_are_normalised_and_two_seats_never_share_one(server):
    tid, _, _ = server.table("xeri", ["empty", "empty"])
    server.ok("POST", f"/api/tables/{tid}/sit", {"seat": 0, "name": "  Ame\u0301lie \t Aalto "})
    seats = server.ok("GET", f"/api/tables/{tid}")["seats"]
    assert seats[0]["name"] == "Am\u00e9lie Aalto"               # NFC, spaces collapsed
    for same in ("amélie aalto", "AME\u0301LIE AALTO", "Ａmélie Aalto"):
        status, body = server.http("POST", f"/api/tables/{tid}/sit", {"seat": 1, "name": same})
        assert status == 409 and body["code"] == "name_taken", (same, body)
    server.ok("POST", f"/api/tables/{tid}/sit", {"seat": 1, "name": "界" * 10})   # 20 columns
    assert server.ok("GET", f"/api/tables/{tid}")["seats"][1]["name"] == "界" * 10


def test_health_answers_for_a_load_balancer(server):
    with urllib.request.urlopen(server.url + "/api/health", timeout=10) as res:
        body = json.loads(res.read())
    assert res.status == 200 and body["ok"] is True and body["store"] in ("sqlite", "postgresql")
