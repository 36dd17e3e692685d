"""Durable storage of tables, seats and accepted actions: SQLite or PostgreSQL.

The layer is deliberately small and standard: three plain tables, DB-API calls
with ``?`` placeholders (``%s`` for psycopg, translated in one place), one
short transaction per change, no ORM.  An action is written (and committed)
before anyone is told about it, so a killed server (even ``kill -9``) loses
nothing it has accepted: a table is rebuilt from its seed, arranged decks,
options and the actions in order.

``open_store(db)`` picks the store: a file name is SQLite (the embedded
default, one server process); ``postgresql://...`` is PostgreSQL, which
several server processes may share:

- one action per version: the primary key ``(table_id, n)`` on ``actions``
  refuses a second writer of the same version (``VersionTaken``: that process
  reloads the table and tells its client the move was stale), and each write
  to a table runs under ``pg_advisory_xact_lock`` on the table's write key,
  so the writers of one table take turns;
- one process at a time runs a table's bots and stand-ins: the one holding
  the session advisory lock on the table's lease key (``try_lease``).  PostgreSQL
  releases it when that process's connection ends, ``kill -9`` included, and
  another process takes the table over (``unleased_playing``);
- every write notifies the other processes in the same transaction
  (``pg_notify`` is delivered at commit, so the write-before-broadcast rule
  holds across processes too); ``listen`` hands those messages to the hub.

SQLite writes go through one thread that commits whatever has queued up
meanwhile as one transaction (group commit, each write in its own savepoint):
under load one fsync covers many tables' actions, and each action is still
committed before its sender's table hears of it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import queue
import sqlite3
import threading
import time

COLUMNS = "id, game, options, preset, seed, decks, host_hash, status, created, public"

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS tables (
        id          TEXT PRIMARY KEY,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL,          -- JSON object of option values
        preset      TEXT,
        seed        BIGINT NOT NULL,        -- secret until the match is over
        decks       TEXT,                   -- JSON: arranged packs or null
        host_hash   TEXT NOT NULL,          -- sha256 of the host key
        status      TEXT NOT NULL,          -- open | playing | over
        created     DOUBLE PRECISION NOT NULL,
        public      INTEGER NOT NULL DEFAULT 0  -- listed in the lobby
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id    TEXT NOT NULL REFERENCES tables(id),
        seat        INTEGER NOT NULL,
        kind        TEXT NOT NULL,          -- empty | human | bot
        name        TEXT NOT NULL DEFAULT '',
        bot         TEXT,                   -- bot name for a bot seat, or a stand-in's
        token_hash  TEXT,                   -- sha256 of the seat token (humans)
        name_key    TEXT,                   -- the name as compared (NFKC, casefolded)
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        table_id    TEXT NOT NULL REFERENCES tables(id),
        n           INTEGER NOT NULL,       -- version before the action (0, 1, ...)
        seat        INTEGER NOT NULL,
        action      TEXT NOT NULL,          -- action text
        at          DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, n)
    )""",
    "CREATE INDEX IF NOT EXISTS tables_listed ON tables (public, status, created)",
    # two seats of a table never share a name (NULL: an empty seat)
    "CREATE UNIQUE INDEX IF NOT EXISTS seat_names ON seats (table_id, name_key)",
]


class VersionTaken(Exception):
    """Another writer stored this version of the table first."""


class NameTaken(Exception):
    """Another seat at the table holds this name already."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _key(text: str) -> int:
    """An advisory-lock key: 62 bits of a hash (positive, so it reads back
    the same from ``pg_locks``)."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 2


def lease_key(table_id: str) -> int:
    """The key a process holds while it runs the table's bots."""
    return _key("lease " + table_id)


def write_key(table_id: str) -> int:
    """The key each write to the table holds for its transaction (another
    key than the lease's: the lease holder's own writes must not wait on it)."""
    return _key("write " + table_id)


def _row(r) -> dict:
    return {"id": r[0], "game": r[1], "options": json.loads(r[2]), "preset": r[3],
            "seed": int(r[4]), "decks": None if r[5] is None else json.loads(r[5]),
            "host_hash": r[6], "status": r[7], "created": r[8], "public": bool(r[9])}


def _seat(r) -> dict:
    return {"seat": r[0], "kind": r[1], "name": r[2], "bot": r[3], "token_hash": r[4]}


def open_store(db: str, synchronous: str = "FULL") -> "Store":
    if db.startswith(("postgresql://", "postgres://")):
        return PostgresStore(db)
    return SqliteStore(db, synchronous=synchronous)


class Store:
    """What the hub asks of a store; every call is a coroutine.

    ``shared`` says whether other server processes may use the same store
    (then the hub leases tables and listens for their changes)."""

    kind = ""
    shared = False

    async def open(self) -> None: ...
    async def close(self) -> None: ...

    # Writes are lists of (sql, args) run as one transaction on one table:
    # ``_write(table_id, statements, notify)`` (``notify``: a message for the
    # other processes, sent at commit) returns each statement's row count.
    # A unique key refusing a row raises VersionTaken (actions) or NameTaken.
    async def _write(self, table_id, statements, notify=None) -> list[int]: ...
    async def _read(self, sql, args=()) -> list: ...

    # -- tables ------------------------------------------------------------------
    async def create_table(self, table_id, game, options, preset, seed, decks, host_hash,
                           seats, public=False):
        stmts = [("INSERT INTO tables (id, game, options, preset, seed, decks, host_hash,"
                  " status, created, public) VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)",
                  (table_id, game, json.dumps(options), preset, seed,
                   None if decks is None else json.dumps(decks), host_hash, time.time(),
                   int(bool(public))))]
        for s in range(seats):
            stmts.append(("INSERT INTO seats (table_id, seat, kind) VALUES (?, ?, 'empty')",
                          (table_id, s)))
        await self._write(table_id, stmts)

    async def table(self, table_id):
        rows = await self._read(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return _row(rows[0]) if rows else None

    async def load(self, table_id):
        """(table row, seats, actions) of one table, or None."""
        row = await self.table(table_id)
        if row is None:
            return None
        return row, await self.seats(table_id), await self.actions(table_id)

    async def playing_ids(self):
        return [r[0] for r in await self._read(
            "SELECT id FROM tables WHERE status = 'playing' ORDER BY created")]

    async def public_tables(self, limit=30):
        """The lobby's list: public tables not yet over, newest first, with
        how many seats are still free."""
        rows = await self._read(
            "SELECT t.id, t.game, t.status, t.created,"
            " (SELECT COUNT(*) FROM seats s WHERE s.table_id = t.id AND s.kind = 'empty')"
            " FROM tables t WHERE t.public = 1 AND t.status <> 'over'"
            " ORDER BY t.created DESC LIMIT ?", (limit,))
        return [{"id": r[0], "game": r[1], "status": r[2], "created": r[3],
                 "free_seats": int(r[4])} for r in rows]

    async def set_status(self, table_id, status, expect):
        """Move the table from ``expect`` to ``status``; False when it was not
        in ``expect`` (another process moved it first)."""
        counts = await self._write(
            table_id, [("UPDATE tables SET status = ? WHERE id = ? AND status = ?",
                        (status, table_id, expect))], {"k": "seats", "t": table_id})
        return counts[0] == 1

    # -- seats -------------------------------------------------------------------
    async def seats(self, table_id):
        rows = await self._read("SELECT seat, kind, name, bot, token_hash FROM seats"
                                " WHERE table_id = ? ORDER BY seat", (table_id,))
        return [_seat(r) for r in rows]

    async def set_seat(self, table_id, seat, kind, name="", bot=None, token_hash=None,
                       name_key=None, expect=("empty", "human", "bot")):
        """Fill or clear a seat that holds one of the kinds ``expect`` now.
        Returns False when it held another (someone else sat down first);
        raises ``NameTaken`` when another seat holds ``name_key``.  Both are
        checked in the one transaction, so two processes cannot both win."""
        marks = ", ".join("?" * len(expect))
        counts = await self._write(
            table_id, [(f"UPDATE seats SET kind = ?, name = ?, bot = ?, token_hash = ?,"
                        f" name_key = ? WHERE table_id = ? AND seat = ? AND kind IN ({marks})",
                        (kind, name, bot, token_hash, name_key, table_id, seat, *expect))],
            {"k": "seats", "t": table_id})
        return counts[0] == 1

    async def set_standin(self, table_id, seat, bot):
        await self._write(table_id, [("UPDATE seats SET bot = ? WHERE table_id = ? AND seat = ?"
                                      " AND kind = 'human'", (bot, table_id, seat))],
                          {"k": "seats", "t": table_id})

    # -- actions -----------------------------------------------------------------
    async def append_action(self, table_id, n, seat, text, status=None):
        """Write one accepted action; raises ``VersionTaken`` when version
        ``n`` is already stored (another writer got there first)."""
        stmts = [("INSERT INTO actions (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                  (table_id, n, seat, text, time.time()))]
        if status is not None:
            stmts.append(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id)))
        await self._write(table_id, stmts,
                          {"k": "act", "t": table_id, "n": n, "s": seat, "a": text, "o": status})

    async def actions(self, table_id, since=0):
        return [(r[0], r[1], r[2]) for r in await self._read(
            "SELECT n, seat, action FROM actions WHERE table_id = ? AND n >= ? ORDER BY n",
            (table_id, since))]

    # -- several processes (PostgreSQL only) ---------------------------------------
    async def notify(self, message: dict) -> None:
        """Tell the other processes (nothing to tell when there are none)."""

    async def try_lease(self, table_id) -> bool:
        return True

    async def release(self, table_id) -> None:
        pass

    async def unleased_playing(self) -> list[str]:
        return []

    @staticmethod
    def _q(sql: str) -> str:
        return sql


# -- SQLite ---------------------------------------------------------------------------

class SqliteStore(Store):
    """One SQLite file in WAL mode, used by this process only.  One thread
    owns the connection: reads run there one by one; writes that queue up
    while a commit is under way are committed together (group commit)."""

    kind = "sqlite"

    def __init__(self, path: str, synchronous: str = "FULL"):
        self.path = path
        self.synchronous = synchronous
        self._jobs: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self.commits = 0            # transactions committed (each may hold many writes)

    async def open(self) -> None:
        ready = asyncio.get_running_loop().create_future()
        self._thread = threading.Thread(target=self._serve, args=(asyncio.get_running_loop(), ready),
                                        name="pelit-sqlite", daemon=True)
        self._thread.start()
        await ready

    async def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(("close",))
            await asyncio.to_thread(self._thread.join)
            self._thread = None

    def _connect(self):
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        # FULL: a commit survives a crash of the machine too, not only of the process.
        db.execute(f"PRAGMA synchronous={self.synchronous}")
        db.execute("PRAGMA foreign_keys=ON")
        for sql in SCHEMA[:3]:
            db.execute(sql)
        # a database from before public tables and unique names
        if "public" not in [r[1] for r in db.execute("PRAGMA table_info(tables)")]:
            db.execute("ALTER TABLE tables ADD COLUMN public INTEGER NOT NULL DEFAULT 0")
        if "name_key" not in [r[1] for r in db.execute("PRAGMA table_info(seats)")]:
            db.execute("ALTER TABLE seats ADD COLUMN name_key TEXT")
        for sql in SCHEMA[3:]:
            db.execute(sql)
        return db

    def _serve(self, loop, ready):
        try:
            db = self._connect()
        except BaseException as exc:
            loop.call_soon_threadsafe(ready.set_exception, exc)
            return
        loop.call_soon_threadsafe(ready.set_result, None)
        held = None                 # a job taken while gathering a batch, run next
        while True:
            job, held = (held, None) if held is not None else (self._jobs.get(), None)
            if job[0] == "close":
                db.close()
                return
            if job[0] == "read":
                _, sql, args, fut = job
                try:
                    result = db.execute(sql, args).fetchall()
                except BaseException as exc:
                    loop.call_soon_threadsafe(_settle, fut, None, exc)
                else:
                    loop.call_soon_threadsafe(_settle, fut, result, None)
                continue
            batch = [job]
            while len(batch) < 512:        # writes queued up meanwhile join this commit
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more[0] != "write":
                    held = more            # in order: after this commit
                    break
                batch.append(more)
            self._commit(db, batch, loop)
            self.commits += 1

    @staticmethod
    def _commit(db, batch, loop):
        cur = db.cursor()
        outcomes = []
        try:
            cur.execute("BEGIN IMMEDIATE")
            for _, statements, fut in batch:
                cur.execute("SAVEPOINT w")
                counts = []
                try:
                    for sql, args in statements:
                        counts.append(cur.execute(sql, args).rowcount)
                except sqlite3.IntegrityError as exc:
                    cur.execute("ROLLBACK TO w")
                    text = str(exc)
                    outcomes.append((fut, None, VersionTaken(text) if "actions." in text
                                     else NameTaken(text) if "name_key" in text else exc))
                except BaseException as exc:
                    cur.execute("ROLLBACK TO w")
                    outcomes.append((fut, None, exc))
                else:
                    outcomes.append((fut, counts, None))
                cur.execute("RELEASE w")
            cur.execute("COMMIT")
        except BaseException as exc:
            try:
                cur.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            outcomes = [(fut, None, exc) for _, _, fut in batch]
        for fut, counts, exc in outcomes:
            loop.call_soon_threadsafe(_settle, fut, counts, exc)

    async def _read(self, sql, args=()):
        fut = asyncio.get_running_loop().create_future()
        self._jobs.put(("read", sql, args, fut))
        return await fut

    async def _write(self, table_id, statements, notify=None):
        fut = asyncio.get_running_loop().create_future()
        self._jobs.put(("write", statements, fut))
        return await fut


def _settle(fut, result, exc):
    if fut.done():
        return
    if exc is not None:
        fut.set_exception(exc)
    else:
        fut.set_result(result)


# -- PostgreSQL -----------------------------------------------------------------------

CHANNEL = "pelit"


class PostgresStore(Store):
    """PostgreSQL through psycopg 3: a small pool of connections for reads
    and writes, one connection that LISTENs, one that holds the leases."""

    kind = "postgresql"
    shared = True

    def __init__(self, url: str, pool_size: int = 8):
        self.url = url
        self.pool_size = pool_size
        self.pool = None
        self._leases = None
        self._lease_lock = asyncio.Lock()
        self._listening: asyncio.Task | None = None

    @staticmethod
    def _q(sql: str) -> str:
        return sql.replace("?", "%s")

    async def open(self) -> None:
        import psycopg
        from psycopg_pool import AsyncConnectionPool
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
            # several processes may start at once: one creates the schema
            await conn.execute("SELECT pg_advisory_lock(7012017)")
            try:
                for sql in SCHEMA:
                    await conn.execute(sql)
            finally:
                await conn.execute("SELECT pg_advisory_unlock(7012017)")
        self.pool = AsyncConnectionPool(self.url, min_size=2, max_size=self.pool_size,
                                        open=False, kwargs={"autocommit": True})
        await self.pool.open(wait=True)
        self._leases = await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            try:
                await self._listening
            except BaseException:
                pass
        if self._leases is not None:
            await self._leases.close()
        if self.pool is not None:
            await self.pool.close()

    async def _read(self, sql, args=()):
        async with self.pool.connection() as conn:
            cur = await conn.execute(self._q(sql), args)
            return await cur.fetchall()

    async def _write(self, table_id, statements, notify=None):
        import psycopg
        cursors = []
        async with self.pool.connection() as conn:
            try:
                # one round trip for the whole transaction (pipeline mode)
                async with conn.pipeline(), conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock(%s)", (write_key(table_id),))
                    for sql, args in statements:
                        cursors.append(await conn.execute(self._q(sql), args))
                    if notify is not None:
                        await conn.execute("SELECT pg_notify(%s, %s)",
                                           (CHANNEL, json.dumps({**notify, "p": self.process})))
            except psycopg.errors.UniqueViolation as exc:
                if exc.diag.table_name == "actions":
                    raise VersionTaken(str(exc)) from None
                raise NameTaken(str(exc)) from None
        return [cur.rowcount for cur in cursors]

    process = ""            # set by the hub: its own id, so it skips its own messages

    async def notify(self, message: dict) -> None:
        async with self.pool.connection() as conn:
            await conn.execute("SELECT pg_notify(%s, %s)",
                               (CHANNEL, json.dumps({**message, "p": self.process})))

    def listen(self, handler, on_reconnect) -> None:
        """Hand every message of the other processes to ``handler`` (from
        the event loop); after a lost connection, reconnect and call
        ``on_reconnect`` (messages may have been missed meanwhile)."""
        self._listening = asyncio.create_task(self._listen(handler, on_reconnect))

    async def _listen(self, handler, on_reconnect):
        import psycopg
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url,
                                                                 autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        await on_reconnect()
                    first = False
                    async for note in conn.notifies():
                        try:
                            msg = json.loads(note.payload)
                        except ValueError:
                            continue
                        if msg.get("p") != self.process:
                            handler(msg)
            except asyncio.CancelledError:
                raise
            except Exception:
                await asyncio.sleep(1.0)

    async def try_lease(self, table_id) -> bool:
        async with self._lease_lock:
            cur = await self._leases.execute("SELECT pg_try_advisory_lock(%s)",
                                             (lease_key(table_id),))
            return bool((await cur.fetchone())[0])

    async def release(self, table_id) -> None:
        async with self._lease_lock:
            await self._leases.execute("SELECT pg_advisory_unlock(%s)", (lease_key(table_id),))

    async def unleased_playing(self) -> list[str]:
        """Tables in play whose lease no process holds (its holder died)."""
        held = {int(r[0]) << 32 | int(r[1]) for r in await self._read(
            "SELECT classid::bigint, objid::bigint FROM pg_locks"
            " WHERE locktype = 'advisory' AND objsubid = 1 AND granted")}
        return [tid for tid in await self.playing_ids() if lease_key(tid) not in held]
