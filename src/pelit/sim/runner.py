"""Play one match between bots, each seeing only its own view.

Where several seats may act at once (an out-of-turn window), every bot in
the window is asked, and the order in which their answers arrive is drawn
from the match's own random stream: a race goes to a random bot, as it would
at a real table.
"""

from __future__ import annotations

from ..bots import make_bot
from ..core.rng import stream


def play_match(game, bot_names, seed: int, max_actions: int = 1_000_000, **options):
    """One whole match of ``game`` with seed ``seed``: ``bot_names[s]`` plays
    seat ``s`` (the last name fills the seats left; none: heuristic bots),
    each bot seeded from ``seed`` and fed its own events before it chooses
    from its own view.  ``options`` go to ``new_state`` (overrides, or
    ``options=`` a built Options).  Returns the final state; a match that
    has not ended after ``max_actions`` actions raises RuntimeError (a bug
    in a game or a bot)."""
    state = game.new_state(seed=seed, **options)
    n = game.num_players(state)
    names = list(bot_names) if bot_names else ["heuristic"]
    if len(names) < n:
        names = names + [names[-1]] * (n - len(names))
    bots = [make_bot(names[s], game, s, seed) for s in range(n)]
    arrival = stream(seed, "arrival")
    seen = [0] * n
    steps = 0
    while state.outcome is None:
        to_act = state.to_act
        seat = to_act[0] if len(to_act) == 1 else arrival.choice(to_act)
        bot = bots[seat]
        bot.observe(game.events_for(state, seat, seen[seat]))
        seen[seat] = len(state.events)
        action = bot.choose(game.view(state, seat))
        game.apply(state, action, seat)
        steps += 1
        if steps >= max_actions:
            raise RuntimeError(f"{game.info.id} seed {seed}: no end after {max_actions} actions")
    return state
