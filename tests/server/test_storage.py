"""The storage layer on its own: one writer per table, nothing lost on reopen."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from pelit.server.storage import Storage, token_hash


def test_a_version_is_written_once_and_survives_reopening(tmp_path):
    db = tmp_path / "t.db"
    st = Storage(str(db))
    assert st._run("PRAGMA journal_mode")[0][0] == "wal"
    st.create_table("T1", "xeri", {"hands": 1}, None, 42, None, token_hash("h"), 2)
    st.append_action("T1", 0, 0, "QS")
    with pytest.raises(sqlite3.IntegrityError):      # a second writer of version 0 loses
        st.append_action("T1", 0, 1, "KD")
    st.append_action("T1", 1, 1, "KD", status="over")
    st.close()
    again = Storage(str(db))
    assert again.actions("T1") == [(0, 0, "QS"), (1, 1, "KD")]
    row = again.table("T1")
    assert row["status"] == "over" and row["seed"] == 42 and row["options"] == {"hands": 1}
    assert [s["kind"] for s in again.seats("T1")] == ["empty", "empty"]
    again.close()


def test_python_m_pelit_server_help():
    out = subprocess.run([sys.executable, "-m", "pelit.server", "--help"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "--db" in out.stdout and "--port" in out.stdout
