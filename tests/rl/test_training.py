"""A learning agent on a pelit environment beats random play measurably
(``examples/train_tabular.py``: tabular Monte Carlo control through the
Gymnasium wrapper, Hex 3x3 as the second player against the random bot)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")      # SingleSeatEnv drives the AEC environment

from pelit.sim.batch import wilson95

_path = Path(__file__).parents[2] / "examples" / "train_tabular.py"
_spec = importlib.util.spec_from_file_location("train_tabular", _path)
example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(example)


def test_a_tabular_agent_learns_to_beat_random_play():
    env = example.make_env()
    matches = 200
    before = example.wins(env, example.uniform, matches)
    after = example.wins(env, example.greedy(example.train(env, episodes=1000)), matches)
    # the learned policy's interval lies wholly above the random policy's
    assert wilson95(after, matches)[0] > wilson95(before, matches)[1]


def test_training_is_reproducible():
    env = example.make_env()
    assert example.train(env, 50, seed=3) == example.train(env, 50, seed=3)
