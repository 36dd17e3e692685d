"""A Gymnasium environment: one seat of a pelit game against pelit bots.

``SingleSeatEnv("tuppi", seat=0, bots="heuristic")`` plays the agent's seat;
every other seat is played by a pelit bot (``--bots`` names, cycled over the
other seats in seat order; an import path ``pkg.module:Class`` works too).
Observations are those of the AEC environment (``pelit.rl.aec``): a dict of
the seat's view tensor and its int8 action mask.  ``reset`` and every
``step`` play the bots until the agent's seat is to act (in an out-of-turn
window the seat that acts first is drawn from the match's ``arrival`` stream,
as in ``pelit simulate``) or the match is over.  The reward is the seat's
return of the match (+1 win, -1 loss, 0 draw) when it ends, 0 before.

An action the mask does not allow ends the episode with ``illegal_reward``
(-1 by default) and ``info["illegal"]`` saying why, leaving the match as it
was; ``illegal="raise"`` raises ``IllegalAction`` instead.
"""

from __future__ import annotations

import gymnasium

from ..bots import make_bot
from ..core.errors import IllegalAction, OptionError
from .aec import PelitAEC


class SingleSeatEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, seat: int = 0, bots="heuristic", illegal: str = "lose",
                 illegal_reward: float = -1.0, preset: str | None = None,
                 render_mode: str | None = None, **options):
        self.aec = PelitAEC(game, preset=preset, render_mode=None, **options)
        self.game = self.aec.game
        if not 0 <= seat < self.aec.n:
            raise OptionError(f"there is no seat {seat}; seats are 0..{self.aec.n - 1}")
        if illegal not in ("lose", "raise"):
            raise OptionError("illegal must be 'lose' or 'raise'")
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode {render_mode!r}: pelit renders 'ansi' (text) only")
        self.render_mode = render_mode
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else list(bots)
        others = [s for s in range(self.aec.n) if s != seat]
        self.bot_names = {s: names[i % len(names)] for i, s in enumerate(others)}
        for s, name in self.bot_names.items():       # a wrong name is said now
            make_bot(name, self.game, s, 0)
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._over = True

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None and self.aec._seeds is None:
            seed = int(self.np_random.integers(2 ** 62))
        self.aec.reset(seed=seed)
        state = self.aec.state
        self._bots = {s: make_bot(name, self.game, s, state.seed)
                      for s, name in self.bot_names.items()}
        self._seen = dict.fromkeys(self._bots, 0)
        self._over = False
        self._play_bots()
        return self.aec.observe(self.agent), {}

    def _play_bots(self) -> None:
        aec, game = self.aec, self.game
        state = aec.state
        while state.outcome is None and aec.agent_selection != self.agent:
            seat = aec._seat[aec.agent_selection]
            bot = self._bots[seat]
            bot.observe(game.events_for(state, seat, self._seen[seat]))
            self._seen[seat] = len(state.events)
            action = bot.choose(game.view(state, seat))
            legal = game.legal_actions(state, seat)
            aec.step(aec.actions.to_agent(action, legal) if action in legal else action)

    def step(self, action):
        if self._over:
            raise IllegalAction("the episode is over; call reset")
        aec = self.aec
        legal = self.game.legal_actions(aec.state, self.seat)
        if aec.actions.to_engine(action, legal) is None:
            reason = (f"{action!r} is not a legal action id now; legal: "
                      f"{', '.join(aec.legal_text(self.agent))}")
            if self.illegal == "raise":
                raise IllegalAction(reason)
            self._over = True
            return aec.observe(self.agent), self.illegal_reward, True, False, {"illegal": reason}
        aec.step(action)
        self._play_bots()
        state = aec.state
        terminated = state.outcome is not None
        truncated = bool(aec.truncations.get(self.agent))
        reward = float(state.outcome.returns()[self.seat]) if terminated else 0.0
        self._over = terminated or truncated
        if self.render_mode == "ansi":
            print(self.render())
        return aec.observe(self.agent), reward, terminated, truncated, {}

    def action_masks(self):
        """The mask, under the name sb3-contrib's MaskablePPO asks for."""
        return self.aec.action_mask(self.agent)

    def legal_text(self) -> list[str]:
        return self.aec.legal_text(self.agent)

    def json_view(self) -> dict:
        return self.aec.json_view(self.agent)

    def render(self):
        return self.aec.render()
