import pytest

from pgcluster import Cluster
from serverkit import Server

# Every server test runs against both stores: the embedded SQLite file and a
# real PostgreSQL (one cluster per test session, a database per server).
STORES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres():
    cluster = Cluster().start()
    yield cluster
    cluster.stop()


def _db(request, store, folder):
    if store == "postgresql":
        return request.getfixturevalue("postgres").database()
    return folder / "pelit.db"


@pytest.fixture(scope="module", params=STORES)
def server(request, tmp_path_factory):
    """One real server per test module and store (bots act at once; random
    players send faster than people, so the rate limit is wider than a real
    server's)."""
    folder = tmp_path_factory.mktemp("srv")
    srv = Server(_db(request, request.param, folder), rate_limit="2000/20",
                 log=folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(params=STORES)
def db(request, tmp_path):
    """A fresh database for a test that runs servers of its own: a SQLite
    file, or a PostgreSQL database (its URL)."""
    return _db(request, request.param, tmp_path)


def pytest_collection_modifyitems(config, items):
    """The load test runs only when asked for: ``pytest -m load`` (or ``make load``)."""
    if "load" in (config.getoption("-m") or "").replace("not load", ""):
        return
    skip = pytest.mark.skip(reason="bounded load test: run it with `make load`")
    for item in items:
        if "load" in item.keywords:
            item.add_marker(skip)
