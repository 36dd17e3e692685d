"""pelit beside its peers, measured in one run (``pelit bench --peers``).

The peers are OpenSpiel (``pyspiel``, the ``open_spiel`` wheel) and, where
it is installed, RLCard.  Neither is a dependency of pelit: this module
imports them when asked and says how to get them when they are missing.

Every comparison plays both engines through their Python API in the same
way, on this one process, in interleaved rounds (pelit, peer, peer, pelit,
...), each round timed by this process's CPU time; a rate is the median over
the rounds and the ratio is pelit's median over the peer's.  On a shared
machine other work slows both sides alike, so the ratios are steadier than
the rates.

- Random play: a seeded ``random.Random`` picks uniformly among the legal
  actions (one float a pick) until the match is over.  OpenSpiel's chance
  nodes (its shuffles and deals) are sampled the same way and are not
  counted as actions: pelit shuffles inside the engine.  Trick-taking games
  and boards compare actions per second, the Canasta family deals per
  second (one-deal matches) against gin_rummy's games (one deal each).
- ``sample_world``: positions of random play (every few decisions, the
  acting seat's view; OpenSpiel's states at the same kind of points) are
  collected first, untimed; then worlds are sampled from them:
  ``game.sample_world(view, rng)`` against ``state.resample_from_infostate
  (player, rng.random)``.
- Clones: ``clone()`` per second against OpenSpiel's ``state.clone()`` at the
  same point of a match, and the bytes one clone allocates (tracemalloc).
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc

from ..core.registry import load

PEER_HINT = ("the peers are not installed: pip install open_spiel "
             "(and, for RLCard's bridge, pip install rlcard) into pelit's environment, "
             "then run pelit bench --peers again")

# Who is compared with whom, and the goal of each ratio (issue 11).
TRICK_PAIRS = (("tuppi", {}, "hearts", {}),
               ("bridge", {}, "bridge", {"use_double_dummy_result": False}))
BOARD_PAIRS = (("hex", {"size": 11}, "hex", {"board_size": 11}),
               ("y", {"size": 15}, "y", {"board_size": 15}))
MELD_GAMES = ("canasta", "canasta-2x54", "triple-play", "samba", "hand-and-foot",
              "contract-samba")
SAMPLE_PAIRS = (("tuppi", "hearts", {}),
                ("bridge", "bridge", {"use_double_dummy_result": False}),
                ("canasta", "gin_rummy", {}),
                ("samba", "gin_rummy", {}),
                ("hex", "hex", {"board_size": 11}))
GOALS = {"trick": 1.5, "board": 1.2, "meld": 1.0, "sample": 1.0}


def pyspiel_module():
    """OpenSpiel's Python module, or None when it is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def rlcard_available() -> bool:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


# -- one round of work on each side ------------------------------------------------
# Each returns (units of work done, CPU seconds taken), running for about
# ``seconds`` of CPU time.

def pelit_random_play(game, options, seconds, seed, unit):
    """Random matches through ``legal_actions`` + ``apply``; ``unit`` is
    "actions" or "deals" (the matches' ``packs``)."""
    rand = random.Random(seed).random
    legal_actions, apply, new_state = game.legal_actions, game.apply, game.new_state
    clock = time.process_time
    start = clock()
    end = start + seconds
    actions = deals = 0
    match = 0
    while True:
        state = new_state(seed=seed * 100_003 + match, options=options)
        match += 1
        while state.outcome is None:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
            legal = legal_actions(state, seat)
            apply(state, legal[int(rand() * len(legal))], seat)
            actions += 1
        deals += len(state.packs) or 1
        now = clock()
        if now >= end:
            return (actions if unit == "actions" else deals), now - start


def openspiel_random_play(game, seconds, seed, unit):
    rand = random.Random(seed).random
    clock = time.process_time
    start = clock()
    end = start + seconds
    actions = deals = 0
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            if not state.is_chance_node():
                actions += 1
            state.apply_action(legal[int(rand() * len(legal))])
        deals += 1
        now = clock()
        if now >= end:
            return (actions if unit == "actions" else deals), now - start


def rlcard_bridge_play(seconds, seed, env_level):
    """RLCard's bridge: its game object (``judger.get_legal_actions`` +
    ``step``) or its environment (``reset`` + ``step``, which also encodes
    the observation a learner gets)."""
    import rlcard
    from rlcard.games.bridge.game import BridgeGame
    rand = random.Random(seed).random
    clock = time.process_time
    start = clock()
    end = start + seconds
    actions = 0
    if env_level:
        env = rlcard.make("bridge", config={"seed": seed})
        while True:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rand() * len(legal))])
                actions += 1
            now = clock()
            if now >= end:
                return actions, now - start
    game = BridgeGame()
    game.np_random.seed(seed)
    while True:
        game.init_game()
        while not game.is_over():
            legal = game.judger.get_legal_actions()
            game.step(legal[int(rand() * len(legal))])
            actions += 1
        now = clock()
        if now >= end:
            return actions, now - start


def _timed(fn, items, seconds):
    """Call ``fn`` on ``items`` in turn for about ``seconds`` of CPU time."""
    clock = time.process_time
    start = clock()
    end = start + seconds
    n = 0
    k = len(items)
    while True:
        for _ in range(16):
            fn(items[n % k])
            n += 1
        now = clock()
        if now >= end:
            return n, now - start


def pelit_positions(game, options, count, seed, every=7):
    """Views of the acting seat, every ``every`` decisions of random play."""
    rand = random.Random(seed).random
    views = []
    match = 0
    while len(views) < count:
        state = game.new_state(seed=seed + match, options=options)
        match += 1
        step = 0
        while state.outcome is None and len(views) < count:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
            step += 1
            if step % every == 0:
                views.append(game.view(state, seat))
            legal = game.legal_actions(state, seat)
            game.apply(state, legal[int(rand() * len(legal))], seat)
    return views


def openspiel_positions(game, count, seed, every=7):
    """Decision states of random play (resampling is defined only where a
    player acts), every ``every`` decisions."""
    rand = random.Random(seed).random
    states = []
    while len(states) < count:
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and len(states) < count:
            legal = state.legal_actions()
            if not state.is_chance_node():
                step += 1
                if step % every == 0:
                    states.append(state.clone())
            state.apply_action(legal[int(rand() * len(legal))])
    return states


def clone_bytes(state) -> int:
    """Bytes a ``clone()`` of ``state`` allocates and keeps."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        copy = state.clone()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del copy
    return after - before


def played_state(game, options, actions, seed=1):
    """A match after ``actions`` random actions (or at its end)."""
    rand = random.Random(seed).random
    state = game.new_state(seed=seed, options=options)
    for _ in range(actions):
        if state.outcome is not None:
            break
        to_act = state.to_act
        seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
        legal = game.legal_actions(state, seat)
        game.apply(state, legal[int(rand() * len(legal))], seat)
    return state


# -- interleaved rounds ------------------------------------------------------------

def compare(pelit_round, peer_round, rounds):
    """Median rates of both sides over ``rounds`` interleaved rounds (who goes
    first alternates), and their ratio."""
    ours, theirs = [], []
    for r in range(rounds):
        order = ((pelit_round, ours), (peer_round, theirs))
        for fn, out in (order if r % 2 == 0 else order[::-1]):
            n, took = fn(r)
            out.append(n / took)
    a, b = statistics.median(ours), statistics.median(theirs)
    return a, b, a / b


def peer_rows(seconds: float = 0.5, rounds: int = 5, progress=None, only=None):
    """Every comparison: a list of rows (dicts) with section, pelit side, peer
    side, metric, both median rates, the ratio and its goal.  ``progress``,
    if given, is called with a short label before each row is measured;
    ``only`` (pelit game ids) keeps the rows of those games."""
    pyspiel = pyspiel_module()
    if pyspiel is None:
        raise RuntimeError(PEER_HINT)
    rows = []

    def row(section, ours, peer, metric, a, b, ratio, goal=None):
        rows.append({"section": section, "pelit": ours, "peer": peer, "metric": metric,
                     "pelit_rate": a, "peer_rate": b, "ratio": ratio,
                     "goal": GOALS.get(section) if goal is None else goal})

    def say(label):
        if progress:
            progress(label)

    for section, pairs in (("trick", TRICK_PAIRS), ("board", BOARD_PAIRS)):
        for gid, opts, peer, params in pairs:
            if only and gid not in only:
                continue
            say(f"{gid} / {peer}")
            game = load(gid)
            options = game.make_options(**opts)
            spiel = pyspiel.load_game(peer, params)
            a, b, ratio = compare(
                lambda r: pelit_random_play(game, options, seconds, r + 1, "actions"),
                lambda r: openspiel_random_play(spiel, seconds, r + 1, "actions"), rounds)
            row(section, _label(gid, opts), _label(peer, params, "OpenSpiel "), "actions",
                a, b, ratio)
    if rlcard_available() and (not only or "bridge" in only):
        game = load("bridge")
        options = game.make_options()
        for env_level, what in ((False, "RLCard bridge (game)"), (True, "RLCard bridge (env)")):
            say(what)
            a, b, ratio = compare(
                lambda r: pelit_random_play(game, options, seconds, r + 1, "actions"),
                lambda r: rlcard_bridge_play(seconds, r + 1, env_level), rounds)
            row("rlcard", "bridge", what, "actions", a, b, ratio, goal=None)
    gin = pyspiel.load_game("gin_rummy")
    for gid in MELD_GAMES:
        if only and gid not in only:
            continue
        say(f"{gid} / gin_rummy")
        game = load(gid)
        options = game.make_options(deals=1)
        a, b, ratio = compare(
            lambda r: pelit_random_play(game, options, seconds, r + 1, "deals"),
            lambda r: openspiel_random_play(gin, seconds, r + 1, "deals"), rounds)
        row("meld", f"{gid}, one deal", "OpenSpiel gin_rummy", "deals", a, b, ratio)
    for gid, peer, params in SAMPLE_PAIRS:
        if only and gid not in only:
            continue
        say(f"sample_world {gid} / {peer}")
        game = load(gid)
        views = pelit_positions(game, game.make_options(), 200, 11)
        spiel = pyspiel.load_game(peer, params)
        states = openspiel_positions(spiel, 200, 11)
        rng = random.Random(5)
        sampler = rng.random
        a, b, ratio = compare(
            lambda r: _timed(lambda v: game.sample_world(v, rng), views, seconds),
            lambda r: _timed(lambda st: st.resample_from_infostate(st.current_player(), sampler),
                             states, seconds), rounds)
        row("sample", f"{gid} sample_world", f"{peer} resample_from_infostate",
            "worlds", a, b, ratio)
    for gid, opts, peer, params, at in (("hex", {"size": 11}, "hex", {"board_size": 11}, 60),
                                         ("canasta", {}, "gin_rummy", {}, 60)):
        if only and gid not in only:
            continue
        say(f"clone {gid} / {peer}")
        game = load(gid)
        state = played_state(game, game.make_options(**opts), at)
        spiel_state = _openspiel_state_at(pyspiel.load_game(peer, params), at)
        a, b, ratio = compare(lambda r: _timed(lambda s: s.clone(), [state], seconds),
                              lambda r: _timed(lambda s: s.clone(), [spiel_state], seconds),
                              rounds)
        row("clone", f"{gid} clone() after {at} actions", f"{peer} clone()",
            "clones", a, b, ratio, goal=None)
    return rows


def _openspiel_state_at(game, decisions, seed=1):
    rand = random.Random(seed).random
    state = game.new_initial_state()
    done = 0
    while not state.is_terminal() and done < decisions:
        legal = state.legal_actions()
        if not state.is_chance_node():
            done += 1
        state.apply_action(legal[int(rand() * len(legal))])
    return state


def _label(name, params, prefix=""):
    size = params.get("size", params.get("board_size"))
    return f"{prefix}{name}" + (f", size {size}" if size else "")


def clone_rows(lengths=(100, 1000, 5000)):
    """What one clone costs as a match grows: bytes allocated and
    microseconds, for Canasta (a whole match to 5000 by random play) after
    ``lengths`` actions and Hex 11x11 after 60 stones."""
    out = []
    cases = [("canasta", {}, n) for n in lengths] + [("hex", {"size": 11}, 60)]
    for gid, opts, n in cases:
        game = load(gid)
        state = played_state(game, game.make_options(**opts), n)
        count, took = _timed(lambda s: s.clone(), [state], 0.2)
        out.append({"game": gid, "name": game.info.name, "actions": len(state.history),
                    "bytes": clone_bytes(state), "microseconds": 1e6 * took / count})
    return out


def long_match_rows(deals: int = 300, window: int = 20, early: int = 11):
    """Random play of one long Canasta match (to its target of 5000, which
    random play reaches late if ever): actions per CPU second over ``window``
    deals from deal ``early`` on and over its last ``window`` deals (a score
    sheet that re-added every row would slow down as the match grows)."""
    game = load("canasta")
    state = game.new_state(seed=3)
    rand = random.Random(3).random
    clock = time.process_time
    marks = {}
    actions = 0
    while state.outcome is None and len(state.packs) <= deals:
        dealt = len(state.packs)
        if dealt not in marks:
            marks[dealt] = (clock(), actions)
        to_act = state.to_act
        seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
        legal = game.legal_actions(state, seat)
        game.apply(state, legal[int(rand() * len(legal))], seat)
        actions += 1
    marks[len(state.packs) + (state.outcome is not None)] = (clock(), actions)
    last = max(marks) - 1

    def rate(first, end):
        (t0, a0), (t1, a1) = marks[first], marks[end + 1]
        return (a1 - a0) / (t1 - t0)

    early = min(early, max(1, last - window + 1))
    return {"deals": last, "window": window, "early": early,
            "first": rate(early, min(early + window - 1, last)),
            "last": rate(max(1, last - window + 1), last)}


# -- the report ------------------------------------------------------------------

def report(rows, clones, long_match, head: str) -> str:
    """The measurements as Markdown tables (what the README's speed section
    holds): ``head`` names the machine, the build and the rounds."""
    lines = [head, "",
             "| pelit | peer | per second | pelit | peer | ratio | goal |",
             "|---|---|---|---:|---:|---:|---|"]
    for r in rows:
        goal = r["goal"]
        met = "" if goal is None else f"≥ {goal:g}×: {'met' if r['ratio'] >= goal else 'not met'}"
        lines.append(f"| {r['pelit']} | {r['peer']} | {r['metric']} | {r['pelit_rate']:,.0f} "
                     f"| {r['peer_rate']:,.0f} | {r['ratio']:.2f}× | {met} |")
    lines += ["", "One `clone()` as the match grows (bytes it allocates, tracemalloc):", "",
              "| game | after actions | bytes | µs |", "|---|---:|---:|---:|"]
    for r in clones:
        lines.append(f"| {r['name']} | {r['actions']:,} | {r['bytes']:,} | {r['microseconds']:.1f} |")
    lines += ["", f"A long Canasta match by random play ({long_match['deals']} deals): "
              f"{long_match['first']:,.0f} actions/s over deals {long_match['early']} to "
              f"{long_match['early'] + long_match['window'] - 1}, "
              f"{long_match['last']:,.0f} over its last {long_match['window']}.", "",
              "Random play picks uniformly among the legal actions; OpenSpiel's chance "
              "nodes (its deals) are sampled the same way and not counted as actions. "
              "The Canasta family plays one-deal matches against gin_rummy's games "
              "(one deal each). Rates are medians of interleaved rounds on one core, "
              "per second of CPU time."]
    return "\n".join(lines) + "\n"
