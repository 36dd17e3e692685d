"""A real PostgreSQL for the tests: Debian's server (``make setup`` installs
the ``postgresql`` package), a throwaway cluster made with ``initdb`` and run
with ``pg_ctl`` in a temporary directory, listening on 127.0.0.1 only.

PostgreSQL refuses to run as root (CI runs as root), so there the cluster
belongs to the ``postgres`` user that Debian's package creates (or to a
system user made here when it is missing), and its programs run through
``runuser``.  Each test (or module) gets a database of its own.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid

from serverkit import free_port

OWNER = "postgres"


def pg_bin() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: [int(x) for x in p.split("/")[4].split(".") if x.isdigit()])
    if not found:
        raise RuntimeError("PostgreSQL's server is missing: run `make setup` (it installs "
                           "Debian's postgresql package)")
    return os.path.dirname(found[-1])


class Cluster:
    def __init__(self):
        self.bin = pg_bin()
        self.dir = tempfile.mkdtemp(prefix="pelit-pg-")
        self.data = os.path.join(self.dir, "data")
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            self._hand_over()

    def _hand_over(self) -> None:
        """Running as root: the cluster's files and processes belong to OWNER."""
        try:
            pwd.getpwnam(OWNER)
        except KeyError:
            subprocess.run(["useradd", "--system", "--no-create-home", "--shell",
                            "/usr/sbin/nologin", OWNER], check=True)
        user = pwd.getpwnam(OWNER)
        os.chown(self.dir, user.pw_uid, user.pw_gid)
        self.as_user = ["runuser", "-u", OWNER, "--"]

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self.as_user, *args], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> "Cluster":
        os.chmod(self.dir, 0o700)
        self._run(f"{self.bin}/initdb", "-D", self.data, "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--no-sync", "--locale=C")
        # a test cluster: no fsync (the server's own durability is tested with
        # kill -9 of the server, not of the database)
        opts = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=400 "
                "-c shared_buffers=64MB")
        self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "log"),
                  "-w", "-t", "60", "-o", opts, "start")
        return self

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg
        name = "pelit_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
