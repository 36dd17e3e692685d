"""Real headless Chromium (Debian's ``chromium``) driven by Playwright.

Playwright never downloads a browser here: it starts /usr/bin/chromium.
Screenshots go to out/screenshots/ (ignored by git).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from serverkit import Server  # noqa: E402

CHROMIUM = os.environ.get("PELIT_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


@pytest.fixture(scope="module")
def browser():
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run make setup (it installs Debian's chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("web") / "pelit.db", bot_delay=0.05).start()
    yield srv
    srv.stop()


@pytest.fixture
def own_server(tmp_path):
    """A server of the test's own, stopped with it: for a test that leaves a
    match unfinished, whose bots would otherwise play on beside later tests."""
    srv = Server(tmp_path / "pelit.db", bot_delay=0.05).start()
    yield srv
    srv.stop()


@pytest.fixture
def shot():
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    return take


def pytest_collection_modifyitems(items):
    """A browser test drives a real Chromium against a server whose bots move
    on their own clock: on a loaded machine a click can race a bot's move.
    Such a test gets one more try (pytest-rerunfailures); a real defect fails
    both."""
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.flaky(reruns=1))
