"""Golden records (ARCHITECTURE, Testing 5): stored matches replay to the same end.

A failure means the rules changed: if on purpose, bump the game's
rules_version and regenerate with scripts/make_golden.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pelit
from pelit.core.records import check_record

FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays(path):
    record = json.loads(path.read_text())
    state = check_record(record)
    assert state.outcome is not None and len(state.history) == len(record["actions"])


def test_every_registered_game_has_golden_records():
    have = {p.stem.rsplit("-", 1)[0] for p in FILES}
    missing = [g for g in pelit.game_ids() if g not in have]
    assert not missing, f"no golden records for {missing}: run scripts/make_golden.py {' '.join(missing)}"
