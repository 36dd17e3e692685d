"""The seed and the packs of a match are published only once its last
action is stored (issue 17's leak rule): a frame built while that action is
being written, or after writing it failed and the table was rolled back,
must not give away the seed of a match that goes on.  A full-suite run on a
loaded machine once caught a frame in that window."""

from __future__ import annotations

import asyncio

import pytest

import pelit
from pelit.core.errors import PelitError
from pelit.server.hub import Hub
from pelit.server.storage import SqliteStore


class SlowLastWrite(SqliteStore):
    """A real SQLite store whose write of a match's last action waits until
    the test lets it go on, or fails when told to."""

    def __init__(self, path):
        super().__init__(path)
        self.writing = asyncio.Event()
        self.go_on = asyncio.Event()
        self.fail = False

    async def append_action(self, table_id, n, seat, text, status=None):
        if status == "over":
            self.writing.set()
            await self.go_on.wait()
            if self.fail:
                raise OSError("disk full")
        return await super().append_action(table_id, n, seat, text, status)


async def _to_the_last_action(hub, game):
    """A Xeri table of one hand between two persons, played to the action
    that ends it; that action is returned, not made."""
    table, host = await hub.create("xeri", None, {"hands": 1})
    await hub.sit(table, 0, "Ann")
    await hub.sit(table, 1, "Bo")
    await hub.start(table, host)
    while True:
        st = table.state
        seat = st.to_act[0]
        action = game.legal_actions(st, seat)[0]
        probe = st.clone()
        game.apply(probe, action, seat)
        if probe.outcome is not None:
            return table, seat, game.action_text(action)
        await hub.act(table, seat, len(st.history), game.action_text(action))


@pytest.mark.parametrize("fails", [False, True], ids=["stored", "write-fails"])
def test_the_seed_is_published_only_when_the_end_is_stored(tmp_path, fails):
    game = pelit.load("xeri")

    async def main():
        store = SlowLastWrite(str(tmp_path / "t.db"))
        await store.open()
        hub = Hub(store, bot_delay=0, grace=600)
        await hub.resume()
        try:
            table, seat, last = await _to_the_last_action(hub, game)
            store.fail = fails
            act = asyncio.create_task(hub.act(table, seat, len(table.state.history), last))
            await store.writing.wait()
            during = table.info()
            store.go_on.set()
            try:
                await act
            except PelitError:
                pass
            return during, table.info()
        finally:
            await hub.close()
            await store.close()

    during, after = asyncio.run(main())
    assert "seed" not in during and "packs" not in during and "outcome" not in during
    if fails:
        assert "seed" not in after and after["status"] != "over"
    else:
        assert after["status"] == "over" and "seed" in after and "packs" in after
