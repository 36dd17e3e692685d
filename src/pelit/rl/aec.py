"""PettingZoo's AEC environment for any pelit game (``pelit.rl.env``).

One agent per seat, ``player_0`` .. ``player_{n-1}``.  An agent's
observation is ``{"observation": float32 tensor, "action_mask": int8
array}``: the tensor is its seat's view encoded by ``pelit.rl.observe``
(never the state), the mask marks the legal ids of the game's fixed action
space (``pelit.rl.spaces``; zeros when the seat may not act).  The JSON
view beside it is ``env.json_view(agent)``; ``env.legal_text(agent)`` names
the legal actions in the order of their ids.

Rewards come once, when the match ends: each seat's return of the match's
``Outcome`` (+1 for a winner, -1 for a loser, 0 for all when nobody or
everybody wins; a patience's single seat +1 or -1).  Every agent is then
terminated.  ``max_actions`` truncates a match that has not ended after that
many actions (off by default: every game ends).

Out-of-turn windows.  AEC lets one agent act at a time; where the rules let
several seats act at once (claims of a discard, "I doubt it", a reaction,
an offer), the engine lists them all in ``to_act``.  The environment then
selects one of them at random, drawn from the match's own ``arrival``
stream exactly as ``pelit simulate`` draws which bot's answer arrives
first: a race goes to the seat drawn, not to the fastest agent; in a window
where every seat answers (a collect window), the others are selected after
it, one by one, while the engine still waits for them.  A seat that would
rather not act in a race is offered its decline (pass, "no") in its mask
like any action.  So an agent is never asked to act when it may not, and it
is always shown, by its mask, everything it may do when it is selected.

An illegal id raises ``IllegalAction`` (a ``ValueError``-like pelit error
naming the legal actions) and changes nothing; a Gymnasium wrapper that
must not raise is ``pelit.rl.gym.SingleSeatEnv``.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.errors import IllegalAction, OptionError
from ..core.registry import load
from ..core.rng import fresh_seed, stream
from .observe import json_view, layout
from .spaces import ActionMap


class PelitAEC(AECEnv):
    metadata = {"name": "pelit", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game, preset: str | None = None, render_mode: str | None = None,
                 max_actions: int | None = None, **options):
        super().__init__()
        self.game = load(game) if isinstance(game, str) else game
        self.options = self.game.make_options(preset, **options)
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode {render_mode!r}: pelit renders 'ansi' (text) only")
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.metadata = {**self.metadata, "name": f"pelit-{self.game.info.id}"}
        probe = self.game.new_state(seed=0, options=self.options)
        self.n = self.game.num_players(probe)
        self.possible_agents = [f"player_{s}" for s in range(self.n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.actions = ActionMap(self.game, self.options)
        self._act_space = spaces.Discrete(self.actions.size)
        self._layout = self._obs_space = None     # made when first asked for
        self._seeds = None
        self.state = None
        self._over = False
        self._played = None      # the engine action last applied
        self._legal_actions = self.game.legal_actions
        self._apply = self.game.apply
        # step has more to do than select the next agent (None during play)
        self._checks = max_actions is not None or render_mode is not None

    @classmethod
    def with_options(cls, game, options, **kwargs) -> "PelitAEC":
        """An environment of ``game`` with a built Options object."""
        from ..core.game import options_overrides
        return cls(game, **kwargs, **options_overrides(options))

    @property
    def layout(self):
        """The observation layout (``pelit.rl.observe``), discovered from a
        few seeded matches the first time an observation or its space is
        asked for: an agent that reads masks only never pays for it."""
        if self._layout is None:
            self._layout = layout(self.game, self.options)
        return self._layout

    def observation_space(self, agent):
        if self._obs_space is None:
            obs_box = spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32)
            mask_box = spaces.Box(0, 1, (self.actions.size,), np.int8)
            self._obs_space = spaces.Dict({"observation": obs_box, "action_mask": mask_box})
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    # -- a match -------------------------------------------------------------
    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = random.Random(seed)
        elif self._seeds is None:
            self._seeds = random.Random(fresh_seed())
        match_seed = self._seeds.getrandbits(63)
        self.state = self.game.new_state(seed=match_seed, options=self.options)
        self._match_seed = match_seed
        self._arrival = None        # the match's arrival stream, made when a window first needs it
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._over = False
        self._played = None
        self._select()

    def _select(self):
        to_act = self.state.to_act
        if to_act:
            seat = to_act[0] if len(to_act) == 1 else self._arrival_choice(to_act)
            self.agent_selection = self.possible_agents[seat]

    def _arrival_choice(self, seats):
        if self._arrival is None:
            self._arrival = stream(self._match_seed, "arrival")
        return self._arrival.choice(seats)

    def step(self, action):
        # PettingZoo's bookkeeping, kept to what changes: during play only
        # agent_selection is written (rewards come at the end only, so every
        # reward and cumulative reward stays 0 until then); the dicts are
        # written once, when the match ends.
        agent = self.agent_selection
        if self._over and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        engine_of = self.actions.engine_of
        if engine_of is not None:
            # the agent's id is the engine's, or a board cell's: the engine
            # checks legality itself and refuses an illegal action unchanged
            try:
                engine = engine_of[action] if action >= 0 else None
            except (IndexError, TypeError):
                engine = None
        else:
            engine = None if action is None else \
                self.actions.to_engine(action, self._legal_actions(self.state, seat))
        if engine is None:
            self._refuse(agent, seat, action)
        state = self.state
        try:
            self._apply(state, engine, seat)
        except IllegalAction:
            self._refuse(agent, seat, action)
        self._played = engine
        if state.outcome is None and not self._checks:
            to_act = state.to_act
            self.agent_selection = self.possible_agents[
                to_act[0] if len(to_act) == 1 else self._arrival_choice(to_act)]
        else:
            self._after_step(agent)

    def _refuse(self, agent, seat, action):
        legal = self._legal_actions(self.state, seat)
        raise IllegalAction(f"{action!r} is no legal action id for {agent} now",
                            [self.game.action_text(a) for a in self.actions.legal_order(legal)])

    def _after_step(self, agent):
        """The rest of ``step``: the end of the match, ``max_actions``, rendering."""
        state = self.state
        if state.outcome is not None:
            self._over = True
            returns = state.outcome.returns()
            self._cumulative_rewards[agent] = 0.0
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[s])
                self.terminations[a] = True
            self._accumulate_rewards()
        elif self.max_actions is not None and len(state.history) >= self.max_actions:
            self._over = True
            for a in self.agents:
                self.truncations[a] = True
        else:
            to_act = state.to_act
            self.agent_selection = self.possible_agents[
                to_act[0] if len(to_act) == 1 else self._arrival_choice(to_act)]
        if self.render_mode == "ansi":
            print(self.render())

    # -- what an agent sees --------------------------------------------------
    def observe(self, agent):
        """The agent's view tensor and its mask, made now (nothing is made
        at ``step``: an agent that never observes never pays for it)."""
        seat = self._seat[agent]
        view = self.game.view(self.state, seat)
        return {"observation": self.layout.encode(view), "action_mask": self.action_mask(agent)}

    def action_mask(self, agent) -> np.ndarray:
        """The mask alone (cheaper than ``observe``): written from the
        game's legal engine ids (see ``ActionMap``)."""
        legal = self._legal_actions(self.state, self._seat[agent])
        if legal:
            return self.actions.mask(legal, self._played)
        return np.zeros(self.actions.size, dtype=np.int8)

    def json_view(self, agent) -> dict:
        """The agent's view as plain JSON (cards and actions as text)."""
        return json_view(self.game, self.game.view(self.state, self._seat[agent]))

    def legal_text(self, agent) -> list[str]:
        """The legal actions as text, in the order of their ids."""
        legal = self.game.legal_actions(self.state, self._seat[agent])
        return [self.game.action_text(a) for a in self.actions.legal_order(legal)]

    def render(self):
        if self.state is None:
            return ""
        view = self.json_view(self.agent_selection)
        return f"{self.game.info.name}, {self.agent_selection} to act: {view}"

    def close(self):
        self.state = None
