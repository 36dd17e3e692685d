"""Write golden records: seeded heuristic-bot matches whose actions and results
are stored and replayed by tests/test_golden.py.

Regenerate only on purpose, after a deliberate rules change that bumps the
game's ``rules_version``:  python scripts/make_golden.py GAME [GAME ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pelit
from pelit.core.records import record_of
from pelit.sim.runner import play_match

OUT = Path(__file__).resolve().parent.parent / "tests" / "golden"
SEEDS = (2026, 7)


def main(ids):
    for gid in ids or pelit.game_ids():
        game = pelit.load(gid)
        for seed in SEEDS:
            state = play_match(game, ["heuristic"], seed, **game.test_options)
            path = OUT / f"{gid}-{seed}.json"
            path.write_text(json.dumps(record_of(state), indent=1) + "\n")
            print(f"{path.name}: {len(state.history)} actions, {state.outcome.reason}")


if __name__ == "__main__":
    main(sys.argv[1:])
