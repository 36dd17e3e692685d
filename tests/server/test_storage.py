"""The storage layer on its own: one writer per version, nothing lost on reopen."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys

import pytest

from pelit.server.storage import NameTaken, SqliteStore, VersionTaken, open_store, token_hash


def test_a_version_is_written_once_and_survives_reopening(db):
    db = str(db)

    async def first():
        st = open_store(db)
        await st.open()
        if st.kind == "sqlite":
            assert (await st._read("PRAGMA journal_mode"))[0][0] == "wal"
        await st.create_table("T1", "xeri", {"hands": 1}, None, 42, None, token_hash("h"), 2)
        await st.append_action("T1", 0, 0, "QS")
        with pytest.raises(VersionTaken):             # a second writer of version 0 loses
            await st.append_action("T1", 0, 1, "KD")
        await st.append_action("T1", 1, 1, "KD", status="over")
        await st.close()

    async def again():
        st = open_store(db)
        await st.open()
        assert await st.actions("T1") == [(0, 0, "QS"), (1, 1, "KD")]
        assert await st.actions("T1", since=1) == [(1, 1, "KD")]
        row = await st.table("T1")
        assert row["status"] == "over" and row["seed"] == 42 and row["options"] == {"hands": 1}
        assert row["public"] is False
        assert [s["kind"] for s in await st.seats("T1")] == ["empty", "empty"]
        await st.close()

    asyncio.run(first())
    asyncio.run(again())


def test_writes_queued_together_are_committed_together_each_on_its_own(tmp_path):
    """Group commit: many tables' actions sent at once land in few
    transactions, and a refused one (a version taken) fails alone."""

    async def main():
        st = SqliteStore(str(tmp_path / "g.db"))
        await st.open()
        for t in range(20):
            await st.create_table(f"T{t}", "xeri", {}, None, t, None, token_hash("h"), 2)
        await st.append_action("T0", 0, 0, "QS")
        before = st.commits
        results = await asyncio.gather(*(st.append_action(f"T{t}", 0, 0, "KD")
                                         for t in range(20)), return_exceptions=True)
        assert isinstance(results[0], VersionTaken)
        assert all(r is None for r in results[1:])
        assert await st.actions("T0") == [(0, 0, "QS")]
        assert st.commits - before < 20                 # some of them shared a commit
        for t in range(1, 20):
            assert await st.actions(f"T{t}") == [(0, 0, "KD")]
        await st.close()

    asyncio.run(main())


def test_two_seats_of_a_table_cannot_hold_one_name(db):
    async def main():
        st = open_store(str(db))
        await st.open()
        await st.create_table("T1", "xeri", {}, None, 1, None, token_hash("h"), 2)
        await st.create_table("T2", "xeri", {}, None, 1, None, token_hash("h"), 2)
        assert await st.set_seat("T1", 0, "human", "Anna", name_key="anna", expect=("empty",))
        assert not await st.set_seat("T1", 0, "human", "Bea", name_key="bea", expect=("empty",))
        with pytest.raises(NameTaken):
            await st.set_seat("T1", 1, "human", "ANNA", name_key="anna", expect=("empty",))
        assert await st.set_seat("T2", 0, "human", "Anna", name_key="anna", expect=("empty",))
        await st.close()

    asyncio.run(main())


def test_an_old_database_gains_the_new_columns(tmp_path):
    """A pelit.db written before public tables and unique names opens as is."""
    db = tmp_path / "old.db"
    old = sqlite3.connect(db)
    old.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
            preset TEXT, seed INTEGER NOT NULL, decks TEXT, host_hash TEXT NOT NULL,
            status TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT '', bot TEXT, token_hash TEXT, PRIMARY KEY (table_id, seat));
        INSERT INTO tables VALUES ('T', 'xeri', '{}', NULL, 5, NULL, 'h', 'open', 1.0);
        INSERT INTO seats VALUES ('T', 0, 'human', 'Anna', NULL, 'x');
    """)
    old.close()

    async def main():
        st = SqliteStore(str(db))
        await st.open()
        row = await st.table("T")
        assert row["public"] is False and row["seed"] == 5
        assert (await st.seats("T"))[0]["name"] == "Anna"
        await st.close()

    asyncio.run(main())


def test_python_m_pelit_server_help():
    out = subprocess.run([sys.executable, "-m", "pelit.server", "--help"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "--db" in out.stdout and "--port" in out.stdout
