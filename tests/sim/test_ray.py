"""simulate and tournament on Ray give what the local pool gives for the
same seeds (one local Ray instance with 2 CPUs, started once)."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

from pelit.sim.batch import simulate
from pelit.sim.tournament import Plan, run_tournament

TIMING = {"seconds", "matches_per_second", "workers", "ray", "backend"}


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _same(summary):
    return {k: v for k, v in summary.items() if k not in TIMING}


def test_ray_and_local_runs_give_identical_summaries(local_ray):
    on_ray = simulate("xeri", 24, ["heuristic", "random"], seed=3, ray="auto")
    local = simulate("xeri", 24, ["heuristic", "random"], seed=3, workers=1)
    assert on_ray["ray"] == "auto" and _same(on_ray) == _same(local)
    plan = dict(games=["xeri", "tuppi"], bots=["heuristic", "random"], n=3, seed=2,
                records=False)
    t_ray = run_tournament(Plan(**plan), ray="auto")
    t_local = run_tournament(Plan(**plan), workers=1)
    assert t_ray["backend"] == "ray" and _same(t_ray) == _same(t_local)
