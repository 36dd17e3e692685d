"""The README's games table stays true: every registered game is listed as
playable, and nothing unregistered claims to be."""

from pathlib import Path

import pelit

README = Path(__file__).resolve().parent.parent / "README.md"


def table():
    rows = {}
    for line in README.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("id", "---"):
            rows[cells[0]] = cells[3]
    return rows


def test_games_table_matches_the_registry():
    rows = table()
    registered = set(pelit.game_ids())
    for gid in registered:
        assert rows.get(gid, "").startswith("playable"), f"{gid} is registered: mark it playable"
    for gid, status in rows.items():
        if status.startswith("playable"):
            assert gid in registered, f"README says {gid} is playable but it is not registered"
