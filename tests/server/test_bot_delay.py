"""The bots' configurable delay in out-of-turn windows (issue 5): a bot that
states a human-like ``delay(view)`` (Salute the King's reactions) waits that
long in a window where several seats may act, so a person who answers at once
is first (here after a quarter second); with the server's ``bot_delay``
(50 ms) alone every bot would answer first."""

from __future__ import annotations

import asyncio

import pytest

import pelit
from pelit.server.hub import Hub
from pelit.server.storage import open_store


@pytest.mark.skipif("salute-the-king" not in pelit.game_ids(),
                    reason="salute-the-king is not registered on this branch yet")
def test_a_person_answering_at_once_beats_bots_with_a_reaction_delay(db):
    game = pelit.load("salute-the-king")

    async def main():
        store = open_store(str(db))
        await store.open()
        hub = Hub(store, bot_delay=0.05, grace=600)
        await hub.resume()
        table, host = await hub.create("salute-the-king", None, {"players": 3})
        await hub.sit(table, 0, "me")
        for s in (1, 2):
            await hub.set_bot(table, host, s, "heuristic")
        await hub.start(table, host)
        try:
            for _ in range(3000):
                st = table.state
                if 0 in st.to_act:
                    if len(st.to_act) > 1:           # a window: a person takes a moment
                        await asyncio.sleep(0.25)
                    legal = game.legal_actions(st, 0)
                    await hub.act(table, 0, len(st.history), game.action_text(legal[0]))
                    mine = [e for e in game.events_for(st, 0)
                            if e["kind"] == "react" and e["seat"] == 0]
                    if mine:
                        return mine[0]
                await asyncio.sleep(0.005)
        finally:
            await hub.close()
            await store.close()

    first = asyncio.run(main())
    assert first is not None and first["order"] == 1
