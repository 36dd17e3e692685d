"""The outdoor referee games at the server (games/_referee.py): seat 0 is the
scorekeeper's, a person's, never a bot's, a stand-in's or the move timer's;
nobody's decisions are made by a stand-in (the table waits for its people);
and one phone may hold every seat, entering for each in turn by greeting the
table again as the seat to act."""

from __future__ import annotations

import asyncio

from serverkit import Client, Server


def run(coro):
    return asyncio.run(coro)


def test_no_bot_takes_the_scorekeepers_seat(server):
    made = server.ok("POST", "/api/tables", {"game": "purkkis", "options": {}})
    tid, host = made["id"], made["host"]
    assert made["table"]["person_seats"] == [0] and made["table"]["stand_ins"] is False
    status, body = server.http("POST", f"/api/tables/{tid}/bot",
                               {"host": host, "seat": 0, "bot": "heuristic"})
    assert status == 409 and body["code"] == "person_seat"
    assert "scorekeeper" in body["message"]
    server.ok("POST", f"/api/tables/{tid}/bot", {"host": host, "seat": 1, "bot": "heuristic"})
    seats = server.ok("GET", f"/api/tables/{tid}")["seats"]
    assert seats[0]["kind"] == "empty" and seats[1]["kind"] == "bot"
    # a game without a scorekeeper takes a bot anywhere
    xeri = server.ok("POST", "/api/tables", {"game": "xeri", "options": {}})
    assert xeri["table"]["person_seats"] == [] and xeri["table"]["stand_ins"] is True
    server.ok("POST", f"/api/tables/{xeri['id']}/bot",
              {"host": xeri["host"], "seat": 0, "bot": "heuristic"})


def test_a_referee_game_has_no_move_timer(server):
    made = server.ok("POST", "/api/tables", {"game": "contract-petanque", "options": {}})
    status, body = server.http("POST", f"/api/tables/{made['id']}/timer",
                               {"host": made["host"], "seconds": 15})
    assert status == 409 and body["code"] == "no_timer"


def test_the_table_waits_for_its_people_and_one_phone_enters_for_each(db):
    """Seats 1 and 2 are held by the scorekeeper's phone and never connect
    on their own: past the grace period no stand-in bids for them; the phone
    bids for each by greeting the table as that seat."""
    srv = Server(db, grace=0.3).start()

    async def main():
        tid, host, tokens = srv.table("contract-petanque", ["human"] * 3)
        phone = await Client.open(srv, tid, tokens[0])
        srv.ok("POST", f"/api/tables/{tid}/start", {"host": host})
        first = await phone.until(lambda f: f["view"] is not None)
        # seat 1's ball comes first in the order: seat 1 bids first
        order = next(a for a in first["view"]["legal"] if a.startswith("order 1"))
        await phone.send({"type": "act", "token": tokens[0], "version": 0, "action": order})
        bidding = await phone.until(lambda f: f["version"] == 1)
        bidder = bidding["view"]["to_act"][0]
        assert bidder != 0 and bidding["view"]["legal"] == []      # not seat 0's to make
        await asyncio.sleep(1.0)                                   # three grace periods
        frame = await phone.until(lambda f: True)
        assert frame["version"] == 1
        assert not any(s["standin"] for s in frame["table"]["seats"])
        # the phone greets the table as the bidder and bids for them
        await phone.send({"type": "hello", "token": tokens[bidder]})
        as_bidder = await phone.until(lambda f: f["seat"] == bidder and f["view"]["legal"])
        bid = next(a for a in as_bidder["view"]["legal"] if a.startswith("bid"))
        await phone.send({"type": "act", "token": tokens[bidder], "version": 1, "action": bid})
        after = await phone.until(lambda f: f["version"] == 2)
        assert after["events"] and any(e.get("kind") == "bid" and e.get("seat") == bidder
                                       for e in after["events"])
        await phone.close()

    try:
        run(main())
    finally:
        srv.stop()
