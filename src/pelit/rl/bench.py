"""The environment layer timed beside the plain API (``pelit bench GAME --env``).

Three loops of random play over whole matches with the same options and
seeds, each for about the time given:

- *plain*: ``legal_actions`` + ``apply`` (``sim.bench.bench_game``);
- *env*: the AEC environment as a learner drives it: the selected agent's
  int8 ``action_mask``, an id drawn among its ones, ``env.step``;
- *env + observation*: the same with ``env.observe(agent)``, the view
  tensor and the mask, at every step (what ``env.last()`` returns).

The environment layer's cost is *env* against *plain*; the observation's
is the view itself (building the view dict, which every bot pays too) and
its encoding.
"""

from __future__ import annotations

import random
import time

import numpy as np

from ..sim.bench import bench_game
from .aec import PelitAEC


def _env_rate(game, options, seconds: float, seed: int, observe: bool, cpu: bool) -> dict:
    env = PelitAEC.with_options(game, options)
    rand = random.Random(seed).random
    clock = time.process_time if cpu else time.perf_counter
    steps = matches = 0
    start = clock()
    deadline = start + seconds
    while True:
        env.reset(seed=seed + matches)
        state = env.state
        while state.outcome is None:
            agent = env.agent_selection
            mask = env.observe(agent)["action_mask"] if observe else env.action_mask(agent)
            ids = np.flatnonzero(mask)
            env.step(int(ids[int(rand() * len(ids))]))
            steps += 1
            if not steps & 255 and clock() > deadline:
                break
        else:
            matches += 1
        if clock() > deadline:
            break
    elapsed = clock() - start
    return {"steps": steps, "matches": matches, "steps_per_second": steps / elapsed}


def bench_env(game, seconds: float = 2.0, seed: int = 1, options=None, cpu: bool = False) -> dict:
    if options is None:
        options = game.make_options()
    plain = bench_game(game, seconds, seed, options, cpu=cpu)
    env = _env_rate(game, options, seconds, seed, False, cpu)
    obs = _env_rate(game, options, seconds, seed, True, cpu)
    rate = plain["actions_per_second"]
    return {"game": game.info.id, "plain_actions_per_second": round(rate, 1),
            "env_steps_per_second": round(env["steps_per_second"], 1),
            "env_observe_steps_per_second": round(obs["steps_per_second"], 1),
            "env_cost": round(rate / env["steps_per_second"], 2),
            "env_observe_cost": round(rate / obs["steps_per_second"], 2)}
