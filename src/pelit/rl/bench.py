"""The environment layer timed beside the plain API (``pelit bench GAME --env``).

Three loops of random play, each over whole matches (a new match after
each one ends, the same options) for about the time given,
each picking uniformly among the legal actions of the seat that acts:

- *plain*: ``sim.bench.bench_game``: ``state.to_act`` (a seat drawn
  uniformly when several may act), ``game.legal_actions(state, seat)``, one
  of them drawn uniformly, ``game.apply``; ``game.new_state`` per match;
- *env*: the AEC environment as a learner drives it: ``env.agent_selection``
  (the env draws among several seats from the match's arrival stream),
  ``env.action_mask(agent)`` (the int8 mask of the fixed action space,
  written from the same legal list), its ones (``mask.nonzero()``), one of
  them drawn uniformly, ``env.step(id)`` (the id checked against the mask
  and turned into the engine's action, ``game.apply``, PettingZoo's
  bookkeeping, the next agent selected); ``env.reset`` per match (seeded
  once: each reset draws the next match's seed from the first);
- *env + observation*: the same with ``env.observe(agent)`` (the seat's
  view built by the game and encoded as the tensor, and the mask) in place
  of ``action_mask``: what ``env.last()`` returns.

The environment layer's cost is *env* against *plain*: the mask, the id's
translation and the bookkeeping.  The observation's is the view itself
(building the view dict, which every bot pays too) and its encoding.

A long match (Canasta, Samba) may not end within the time: the plain loop
then stops at the end of a deal, the env loops where the time ran out;
both report actions per second of the actions they played.
"""

from __future__ import annotations

import random
import time

from ..sim.bench import bench_game
from .aec import PelitAEC


def _env_rate(game, options, seconds: float, seed: int, observe: bool, cpu: bool) -> dict:
    env = PelitAEC.with_options(game, options)
    if observe:
        env.layout            # discovered once per process, before the clock starts
    rand = random.Random(seed).random
    clock = time.process_time if cpu else time.perf_counter
    steps = matches = 0
    start = clock()
    deadline = start + seconds
    env.reset(seed=seed)          # seeded once, as a learner does; each reset draws a match
    while True:
        if matches:
            env.reset()
        state = env.state
        while state.outcome is None:
            agent = env.agent_selection
            mask = env.observe(agent)["action_mask"] if observe else env.action_mask(agent)
            (ids,) = mask.nonzero()
            env.step(ids.item(int(rand() * len(ids))))
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
