import pytest

from serverkit import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One real server per test module (bots act at once)."""
    srv = Server(tmp_path_factory.mktemp("srv") / "pelit.db").start()
    yield srv
    srv.stop()
