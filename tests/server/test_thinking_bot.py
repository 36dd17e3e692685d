"""A bot that looks ahead (the search bot, Go's MCTS: ``Bot.thinks``) chooses
in a worker thread, so while it thinks the process's other tables keep
moving (issue 19's search bot at the web table).  The thinking bot here
waits until a person at another table has moved; were it run on the event
loop, that move could not happen before its wait ran out."""

from __future__ import annotations

import asyncio
import threading

import pelit
from pelit.bots import Bot
from pelit.server.hub import Hub
from pelit.server.storage import open_store


class WaitsForTheOtherTable(Bot):
    name = "thinking"
    thinks = True
    released = threading.Event()
    waits: list[bool] = []

    def choose(self, view):
        self.waits.append(self.released.wait(5))
        return min(view["legal"])


def test_a_thinking_bot_does_not_stop_the_other_tables(db):
    game = pelit.load("xeri")

    WaitsForTheOtherTable.released = threading.Event()
    WaitsForTheOtherTable.waits = []

    async def main():
        store = open_store(str(db))
        await store.open()
        hub = Hub(store, bot_delay=0, grace=600)
        await hub.resume()
        try:
            other, other_host = await hub.create("xeri", None, {"hands": 1})
            await hub.sit(other, 0, "Ann")
            await hub.set_bot(other, other_host, 1, "random")
            thinking, host = await hub.create("xeri", None, {"hands": 1})
            for seat in (0, 1):
                await hub.set_bot(thinking, host, seat, "random")
                thinking.bots[seat] = ("random", WaitsForTheOtherTable(game, seat))
                thinking.bot_seen[seat] = 0
            await hub.start(thinking, host)
            await asyncio.sleep(0.05)               # the bot is thinking now
            await hub.start(other, other_host)
            for _ in range(400):
                st = other.state
                if 0 in st.to_act:
                    legal = game.legal_actions(st, 0)
                    await hub.act(other, 0, len(st.history), game.action_text(legal[0]))
                    break
                await asyncio.sleep(0.01)
            WaitsForTheOtherTable.released.set()
            for _ in range(400):
                if WaitsForTheOtherTable.waits:
                    break
                await asyncio.sleep(0.01)
        finally:
            WaitsForTheOtherTable.released.set()
            await hub.close()
            await store.close()

    asyncio.run(main())
    assert WaitsForTheOtherTable.waits and WaitsForTheOtherTable.waits[0] is True
