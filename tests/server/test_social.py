"""Playing together (server/social.py, issue 16) against a real server with
real WebSocket clients: the table chat (clean, rate-limited, seated people
only), hints from the seat's own view, the move timer with a bot standing
in, the rematch with the same seats, and the game's own words for events."""

from __future__ import annotations

import asyncio
import random

import pelit

from serverkit import Client, play_randomly


def run(coro):
    return asyncio.run(coro)


async def next_of(client, kind, timeout=10.0):
    while True:
        msg = await client.recv(timeout)
        if msg.get("type") == kind:
            return msg


def test_chat_is_cleaned_rate_limited_and_for_seated_people(server):
    async def main():
        tid, host, tokens = server.table("xeri", ["human", "human"], {"hands": 1})
        a = await Client.open(server, tid, tokens[0])
        b = await Client.open(server, tid, tokens[1])
        watcher = await Client.open(server, tid)
        await a.send({"type": "chat", "token": tokens[0], "text": "  hi\x00 <b>there</b>\u202e  "})
        got = await next_of(b, "chat")
        seen = await next_of(watcher, "chat")
        assert got["messages"][0]["text"] == "hi <b>there</b>" == seen["messages"][0]["text"]
        assert got["messages"][0]["seat"] == 0 and got["messages"][0]["name"] == "player 0"
        # a spectator may read, not write; an empty or long line is refused
        await watcher.send({"type": "chat", "text": "me too"})
        assert (await watcher.next_error())["code"] == "bad_token"
        await a.send({"type": "chat", "token": tokens[0], "text": "x" * 201})
        assert (await a.next_error())["code"] == "too_long"
        await a.send({"type": "chat", "token": tokens[0], "text": " \t "})
        assert (await a.next_error())["code"] == "bad_request"
        # five lines in ten seconds, then a wait
        for n in range(4):
            await a.send({"type": "chat", "token": tokens[0], "text": f"line {n}"})
        await a.send({"type": "chat", "token": tokens[0], "text": "one too many"})
        err = await a.next_error()
        assert err["code"] == "chat_rate" and "wait" in err["message"]
        # the history: what was said, in order, to anyone who asks
        await watcher.send({"type": "chat_history"})
        history = await next_of(watcher, "chat")
        while not history.get("history"):              # the lines as they were said come first
            history = await next_of(watcher, "chat")
        assert [m["text"] for m in history["messages"]] == \
            ["hi <b>there</b>", "line 0", "line 1", "line 2", "line 3"]
        for c in (a, b, watcher):
            await c.close()
    run(main())


def test_a_hint_is_a_legal_move_for_ones_own_turn_only(server):
    async def main():
        tid, host, tokens = server.table("tuppi", ["human", "heuristic", "heuristic", "human"],
                                         {"target": 40})
        a = await Client.open(server, tid, tokens[0])
        d = await Client.open(server, tid, tokens[3])
        server.ok("POST", f"/api/tables/{tid}/start", {"host": host})
        frame = await a.until(lambda f: f["view"] and 0 in f["view"]["to_act"])
        await a.send({"type": "hint", "token": tokens[0]})
        hint = await next_of(a, "hint")
        assert hint["action"] in a.last["view"]["legal"] and hint["text"]
        assert frame["version"] == a.last["version"]          # a hint moves nothing
        if 3 not in frame["view"]["to_act"]:
            await d.send({"type": "hint", "token": tokens[3]})
            assert (await d.next_error())["code"] == "not_your_turn"
        for c in (a, d):
            await c.close()
    run(main())


def test_la_belle_lucie_hints_from_its_solver(server):
    async def main():
        tid, host, tokens = server.table("la-belle-lucie", ["human"])
        a = await Client.open(server, tid, tokens[0])
        server.ok("POST", f"/api/tables/{tid}/start", {"host": host})
        await a.until(lambda f: f["view"] and f["view"]["legal"])
        await a.send({"type": "hint", "token": tokens[0]})
        hint = await next_of(a, "hint", timeout=30)
        assert "Next:" in hint["text"] or "only legal move" in hint["text"]
        await a.close()
    run(main())


def test_the_move_timer_lets_the_bot_move_for_a_late_person(server):
    async def main():
        tid, host, tokens = server.table("xeri", ["human", "heuristic"], {"hands": 1})
        status, body = server.http("POST", f"/api/tables/{tid}/timer", {"host": "nope", "seconds": 5})
        assert status == 403
        status, body = server.http("POST", f"/api/tables/{tid}/timer", {"host": host, "seconds": 3})
        assert status == 400 and "5..600" in body["message"]
        assert server.ok("POST", f"/api/tables/{tid}/timer", {"host": host, "seconds": 5}) == {"seconds": 5}
        a = await Client.open(server, tid, tokens[0])
        server.ok("POST", f"/api/tables/{tid}/start", {"host": host})
        frame = await a.until(lambda f: f["view"] and 0 in f["view"]["to_act"])
        assert 0 < frame["timer"]["left"] <= 5 and frame["timer"]["seconds"] == 5
        notice = await next_of(a, "notice", timeout=15)     # nobody acts: the bot does
        assert notice["text"].startswith("Time ran out: the bot moved for player 0")
        await a.until(lambda f: f["version"] > frame["version"])
        status, body = server.http("POST", f"/api/tables/{tid}/timer", {"host": host, "seconds": 0})
        assert status == 409                                  # set before the start only
        await a.close()
    run(main())


def test_rematch_seats_everyone_again_with_the_same_tokens(server):
    async def main():
        tid, host, tokens = server.table("xeri", ["human", "human"], {"hands": 1})
        a = await Client.open(server, tid, tokens[0])
        b = await Client.open(server, tid, tokens[1])
        status, body = server.http("POST", f"/api/tables/{tid}/rematch", {"token": tokens[0]})
        assert status == 409 and body["code"] == "not_over"
        server.ok("POST", f"/api/tables/{tid}/start", {"host": host})
        await asyncio.gather(play_randomly(a, tokens[0], random.Random(1)),
                             play_randomly(b, tokens[1], random.Random(2)))
        made = server.ok("POST", f"/api/tables/{tid}/rematch", {"token": tokens[1]})
        assert made["url"] == f"/t/{made['id']}" and made["id"] != tid
        told = await next_of(a, "rematch")
        assert told["id"] == made["id"]
        # asked again, the same rematch
        assert server.ok("POST", f"/api/tables/{tid}/rematch", {"host": host})["id"] == made["id"]
        info = server.ok("GET", f"/api/tables/{made['id']}")
        assert info["status"] == "playing"
        assert [s["name"] for s in info["seats"]] == ["player 0", "player 1"]
        for seat, token in tokens.items():
            c = await Client.open(server, made["id"], token)
            assert c.last["seat"] == seat and c.last["view"]["hand"]
            await c.close()
        stranger = server.http("POST", f"/api/tables/{tid}/rematch", {"token": "x" * 32})
        assert stranger[0] == 403
        for c in (a, b):
            await c.close()
    run(main())


def test_frames_carry_the_games_own_words_for_events(server):
    game = pelit.load("huutopussi")

    async def main():
        tid, host, tokens = server.table("huutopussi", ["heuristic"] * 4, game.test_options)
        watcher = await Client.open(server, tid)
        server.ok("POST", f"/api/tables/{tid}/start", {"host": host})
        # past the auction: the declarer is said in the game's own words
        await watcher.until(lambda f: f.get("type") == "state" and f["view"]
                            and f["view"].get("phase") not in ("bid", None) or f["version"] >= 40)
        frames = [f for f in watcher.frames if f.get("type") == "state" and f["view"]]
        await watcher.close()
        return frames
    said = []
    for frame in run(main()):
        assert len(frame["said"]) == len(frame["events"])
        said += frame["said"]
    assert all(w is None or isinstance(w, str) for w in said)
    assert any(w and "Seat" in w for w in said)      # the game's words (names by seat number)
