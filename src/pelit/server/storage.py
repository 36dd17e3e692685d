"""Durable storage of tables, seats and accepted actions (SQLite in WAL mode).

The layer is deliberately small and standard: four plain tables, DB-API calls
with ``?`` placeholders, one short transaction per change, no ORM.  An action
is written (and committed) before anyone is told about it, so a killed server
(even ``kill -9``) loses nothing it has accepted: a table is rebuilt from its
seed, stacked decks, options and the actions in order.

PostgreSQL later: the same statements run under psycopg with ``%s``
placeholders (``_q`` is the one place that would translate them); ``tables``,
``seats`` and ``actions`` keep their shape.  With several server processes,
one writer per table is kept by the primary key ``(table_id, n)`` on
``actions`` (a second writer's insert of the same version fails, and that
process reloads the table) plus, for speed, ``pg_advisory_xact_lock`` on the
table id around an append; WebSocket fan-out across processes would go over
``LISTEN/NOTIFY`` on the table id.  Nothing else here is SQLite-specific
apart from the PRAGMAs in ``__init__``.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,          -- JSON object of option values
    preset      TEXT,
    seed        INTEGER NOT NULL,       -- secret until the match is over
    decks       TEXT,                   -- JSON: stacked packs or null
    host_hash   TEXT NOT NULL,          -- sha256 of the host key
    status      TEXT NOT NULL,          -- open | playing | over
    created     REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL,          -- empty | human | bot
    name        TEXT NOT NULL DEFAULT '',
    bot         TEXT,                   -- bot name for a bot seat, or a stand-in's
    token_hash  TEXT,                   -- sha256 of the seat token (humans)
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    n           INTEGER NOT NULL,       -- version before the action (0, 1, ...)
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,          -- action text
    at          REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Storage:
    """One SQLite database.  Calls are short and serialized by a lock; the
    server calls them from its event loop (each is a single small commit)."""

    def __init__(self, path: str, synchronous: str = "FULL"):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # FULL: a commit survives a crash of the machine too, not only of the process.
        self._db.execute(f"PRAGMA synchronous={synchronous}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()

    def close(self):
        with self._lock:
            self._db.close()

    @staticmethod
    def _q(sql: str) -> str:
        return sql          # psycopg: sql.replace("?", "%s")

    def _run(self, sql, args=()):
        with self._lock:
            return self._db.execute(self._q(sql), args).fetchall()

    def _tx(self, statements):
        with self._lock:
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    cur.execute(self._q(sql), args)
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")

    # -- tables --------------------------------------------------------------
    def create_table(self, table_id, game, options, preset, seed, decks, host_hash, seats):
        stmts = [("INSERT INTO tables (id, game, options, preset, seed, decks, host_hash,"
                  " status, created) VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?)",
                  (table_id, game, json.dumps(options), preset, seed,
                   None if decks is None else json.dumps(decks), host_hash, time.time()))]
        for s in range(seats):
            stmts.append(("INSERT INTO seats (table_id, seat, kind) VALUES (?, ?, 'empty')",
                          (table_id, s)))
        self._tx(stmts)

    def table(self, table_id):
        rows = self._run("SELECT id, game, options, preset, seed, decks, host_hash, status,"
                         " created FROM tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        r = rows[0]
        return {"id": r[0], "game": r[1], "options": json.loads(r[2]), "preset": r[3],
                "seed": r[4], "decks": None if r[5] is None else json.loads(r[5]),
                "host_hash": r[6], "status": r[7], "created": r[8]}

    def table_ids(self, status=None):
        if status is None:
            return [r[0] for r in self._run("SELECT id FROM tables ORDER BY created")]
        return [r[0] for r in self._run("SELECT id FROM tables WHERE status = ? ORDER BY created",
                                        (status,))]

    def recent_tables(self, limit=30):
        rows = self._run("SELECT id, game, status, created FROM tables"
                         " ORDER BY created DESC LIMIT ?", (limit,))
        return [{"id": r[0], "game": r[1], "status": r[2], "created": r[3]} for r in rows]

    def set_status(self, table_id, status):
        self._tx([("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))])

    # -- seats ---------------------------------------------------------------
    def seats(self, table_id):
        rows = self._run("SELECT seat, kind, name, bot, token_hash FROM seats"
                         " WHERE table_id = ? ORDER BY seat", (table_id,))
        return [{"seat": r[0], "kind": r[1], "name": r[2], "bot": r[3], "token_hash": r[4]}
                for r in rows]

    def set_seat(self, table_id, seat, kind, name="", bot=None, token_hash=None):
        self._tx([("UPDATE seats SET kind = ?, name = ?, bot = ?, token_hash = ?"
                   " WHERE table_id = ? AND seat = ?",
                   (kind, name, bot, token_hash, table_id, seat))])

    def set_standin(self, table_id, seat, bot):
        self._tx([("UPDATE seats SET bot = ? WHERE table_id = ? AND seat = ?",
                   (bot, table_id, seat))])

    # -- actions -------------------------------------------------------------
    def append_action(self, table_id, n, seat, text, status=None):
        """Write one accepted action; raises ``sqlite3.IntegrityError`` when
        version ``n`` is already taken (another writer got there first)."""
        stmts = [("INSERT INTO actions (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                  (table_id, n, seat, text, time.time()))]
        if status is not None:
            stmts.append(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id)))
        self._tx(stmts)

    def actions(self, table_id):
        return [(r[0], r[1], r[2]) for r in self._run(
            "SELECT n, seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,))]
