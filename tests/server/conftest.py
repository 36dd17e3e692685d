import pytest

from serverkit import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One real server per test module (bots act at once; random players send
    faster than people, so the rate limit is wider than a real server's)."""
    srv = Server(tmp_path_factory.mktemp("srv") / "pelit.db", rate_limit="2000/20").start()
    yield srv
    srv.stop()


def pytest_collection_modifyitems(config, items):
    """The load test runs only when asked for: ``pytest -m load`` (or ``make load``)."""
    if "load" in (config.getoption("-m") or "").replace("not load", ""):
        return
    skip = pytest.mark.skip(reason="bounded load test: run it with `make load`")
    for item in items:
        if "load" in item.keywords:
            item.add_marker(skip)
