"""A search bot for every game: determinized Monte Carlo search over worlds
sampled from the bot's own view (``--bots search``).

``search`` thinks for up to 0.9 s a move, ``search:N`` runs ``N``
simulations a move (the same moves for the same seed on any machine),
``search:2s`` thinks for two seconds (a rollout still running when the time
is up counts for nothing: where one rollout takes longer than the budget,
the heuristic's move is played).  A move with one legal action is
played at once.

One simulation:

1. **A world.**  ``game.sample_world(view, rng)`` deals the cards the bot
   cannot see in a way consistent with everything its view shows (a game of
   open information gives the same world every time; it is made once a move
   and cloned).  The bot never receives a state: the worlds are its guesses.
2. **The tree.**  From the root, the bot's own decisions are chosen by PUCT
   (the value so far, plus an exploration bonus weighted by a prior that
   favours the game's heuristic bot's choice); the other seats play their
   rollout policy (in a game of open information they are searched as well,
   each for its own value).  The tree holds the bot's own decisions to
   ``depth`` of them (1: only the move now, flat Monte Carlo over worlds, which
   is PIMC, perfect-information Monte Carlo); nodes are keyed by the actions
   that led there, so one node gathers every world in which the same things
   were seen to happen (single-observer information-set MCTS).
3. **The rollout.**  Every seat plays its policy to the horizon: by default a
   fresh heuristic bot of the game per seat, which sees only that seat's view
   of the world; the bot for the searching seat remembers what the searcher
   saw this deal, and so (in most games) do the others, whose memory is the
   searcher's record of the public play (``search_profiles``: what the games
   share).  A game without a heuristic bot rolls out at random.
4. **The value.**  The horizon is the end of the deal under way (the next pack
   dealt) in a game that scores deal by deal, else the end of the match.  A
   finished match is worth +1 to its winners and -1 to the others (by places
   where the outcome ranks the seats); a finished deal is worth
   ``tanh(d / scale)`` to a seat, ``d`` being what its side gained in the deal
   less the average gain of the other sides, ``scale`` the game's usual size
   of a deal's swing (``search_profiles``).

The move played is the most visited at the root, except that the heuristic
bot's choice stays unless the other's mean value beats it by
``profile.confidence`` standard errors (few simulations in a noisy game
should not overrule the game's own bot).  A game may supply a better
planner for some of its decisions (``search_profiles``): double-dummy
analysis of sampled worlds for the card play of Bridge, Minibridge and Tuppi
(``bots/search_dd.py``: DDS, and ``bots/_dd.py`` for the rules DDS cannot
express), the compiled Go search of ``bots/go_mcts.py``, the compiled Hex and
Y search of ``bots/hex_mcts.py``.

``search:random`` (``search:N:random``, ``search:2s:random``) is the kind of
search OpenSpiel's IS-MCTS runs, for measuring beside it and as a baseline:
the tree holds every own decision it meets, the rollouts are uniformly random
(played straight from the game's phase tables, ``Game.apply_legal``: no views,
no second legality check), and no heuristic is asked anything; of the
planners only the connection games' stays, with uniform fills.

The search is deterministic for a seed when it is bounded by simulations;
a time limit makes the number of simulations depend on the machine.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace

from ..core.errors import IllegalAction, PelitError
from ..core.rng import stream
from . import Bot, _HEURISTICS, _discover, universal_bot

DEFAULT_SECONDS = 0.9        # ``search``: under a second a move on a modest machine
RANDOM_DEPTH = 1000          # ``search:random``: the tree holds every own decision it meets
MAX_ROLLOUT_ACTIONS = 4000   # a rollout that long is cut off and valued where it stands


class DealMemory:
    """The events a seat saw since the last deal began (all of them in a game
    without deals): what a fresh rollout bot is told to know what the seat
    knows."""

    __slots__ = ("events",)

    def __init__(self):
        self.events: list[dict] = []

    def observe(self, events) -> None:
        for e in events:
            if e["kind"] == "new_deal":
                self.events = []
            self.events.append(e)


# -- rollout policies ----------------------------------------------------------------

class RandomPolicy:
    """Uniform among the legal actions; no views are built."""

    needs_views = False

    def __init__(self, game, searcher, rng):
        self.game = game
        self.rand = rng.random

    def begin(self, world, seed: int) -> None:
        pass

    def act(self, world, seat: int) -> int:
        legal = self.game.legal_actions(world, seat)
        return legal[int(self.rand() * len(legal))]


class HeuristicPolicy:
    """A fresh heuristic bot of the game in each seat, made when the seat
    first acts in the rollout and told what it would remember: the
    searcher's events of this deal (for its own seat always, for the others
    when the game's profile says those events are safe to share), then its
    own view of the world's events as they happen."""

    needs_views = True

    def __init__(self, game, searcher, rng):
        self.game = game
        self.cls = _HEURISTICS[game.info.id]
        self.searcher = searcher
        self.bots: list = []
        self.seen: list[int] = []
        self.seed = 0

    def begin(self, world, seed: int) -> None:
        n = self.searcher.players
        self.bots = [None] * n
        self.seen = [0] * n
        self.seed = seed

    def act(self, world, seat: int) -> int:
        game = self.game
        bot = self.bots[seat]
        if bot is None:
            bot = self.bots[seat] = self.cls(game, seat, self.seed)
            searcher = self.searcher
            if seat == searcher.seat or searcher.profile.share_memory:
                bot.observe(searcher.memory.events)
        events = world.events
        if len(events) > self.seen[seat]:
            bot.observe(game.events_for(world, seat, self.seen[seat]))
            self.seen[seat] = len(events)
        return bot.choose(game.view(world, seat))


# -- the tree --------------------------------------------------------------------------

class Node:
    """A decision of ``seat`` reached by one sequence of actions: visits and
    total value per action, and how often each action was available."""

    __slots__ = ("seat", "visits", "value", "squares", "avail", "children", "total")

    def __init__(self, seat: int | None):
        self.seat = seat                 # who decides here (settled at the first visit)
        self.visits: dict[int, int] = {}
        self.value: dict[int, float] = {}
        self.avail: dict[int, int] = {}
        self.children: dict = {}
        self.squares: dict[int, float] = {}   # sums of squared values (the spread)
        self.total = 0

    def mean(self, action: int) -> float:
        n = self.visits.get(action, 0)
        return self.value[action] / n if n else 0.0


class Searcher:
    """The search for one seat of one game (kept by the bot between moves)."""

    def __init__(self, game, seat: int, seed: int, profile):
        self.game = game
        self.seat = seat
        self.profile = profile
        self.rng = stream(seed, "search", seat)
        self.memory = DealMemory()
        self.players = 0
        self.teams: list[int] = []
        self.start_scores = None
        _discover()
        kind = profile.rollout
        if kind == "heuristic" and game.info.id not in _HEURISTICS:
            kind = "random"
        self.policy = (HeuristicPolicy if kind == "heuristic" else RandomPolicy)(
            game, self, self.rng) if isinstance(kind, str) else kind(game, self, self.rng)
        self.stats = {"simulations": 0, "seconds": 0.0, "rollout_actions": 0, "failed": 0,
                      "fallbacks": 0}
        self.fallbacks = 0          # policy actions a sampled world refused (counted, not hidden)

    # -- values -----------------------------------------------------------------------
    def _outcome_values(self, outcome) -> list[float]:
        n = self.players
        if outcome.ranking is not None and n > 1:
            return [1.0 - 2.0 * (outcome.ranking[s] - 1) / (n - 1) for s in range(n)]
        return list(outcome.returns())

    def _deal_values(self, scores) -> list[float]:
        start = self.start_scores
        gain = [scores[s] - start[s] for s in range(self.players)]
        teams = self.teams
        scale = self.profile.scale
        out = []
        for s in range(self.players):
            others = [gain[t] for t in range(self.players) if teams[t] != teams[s]]
            rel = gain[s] - (sum(others) / len(others) if others else 0.0)
            out.append(math.tanh(rel / scale))
        return out

    def values(self, world) -> list[float]:
        if world.outcome is not None:
            return self._outcome_values(world.outcome)
        if self.profile.score is None:
            return [0.0] * self.players
        return self._deal_values(self._scores(world))

    def _scores(self, world) -> list[float]:
        return self.profile.score(self.game.view(world, None), self.players)

    # -- one decision -----------------------------------------------------------------
    def choose(self, view: dict, prior: int | None, sims: int | None,
               seconds: float | None) -> int:
        game = self.game
        legal = view["legal"]
        self.players = view["players"]
        self.teams = self.profile.teams_of(view, self.players, game)
        self.start_scores = (self.profile.score(view, self.players)
                             if self.profile.score is not None else None)
        rng = self.rng
        root = Node(self.seat)
        self.root_prior = prior
        self.search_all = not game.info.hidden and self.profile.search_all_seats
        self.deal_horizon = self.profile.score is not None
        self.score_horizon = self.profile.horizon == "score" and self.profile.score is not None
        fixed = None if game.info.hidden else game.sample_world(view, rng)
        clock = time.perf_counter
        start = clock()
        deadline = None if seconds is None else start + seconds
        self.deadline = deadline
        done = failed = 0
        actions = 0
        self.fallbacks = 0
        self.cut = 0
        while True:
            if sims is not None and done >= sims:
                break
            if deadline is not None and done and clock() >= deadline:
                break
            done += 1
            try:
                world = fixed.clone() if fixed is not None else game.sample_world(view, rng)
                actions += self._simulate(root, world, legal)
            except Exception:
                # a sampled world the game cannot play on is a bug of that
                # game's sample_world: the bot plays on without that
                # simulation, and counts it (the tests require none)
                failed += 1
        took = clock() - start
        self.stats = {"simulations": done - self.cut, "seconds": took, "rollout_actions": actions,
                      "failed": failed, "fallbacks": self.fallbacks, "cut": self.cut}
        self.last_root = root
        return self._best(root, legal, prior)

    def _best(self, root: Node, legal, prior) -> int:
        """The most visited action, but the heuristic's choice unless the
        other's mean is better by ``profile.confidence`` standard errors of
        the difference: with few simulations a sampled world's luck must
        not overrule the game's own bot."""
        visits = root.visits
        best = max(legal, key=lambda a: (visits.get(a, 0), root.mean(a), a == prior))
        z = self.profile.confidence
        if prior is None or best == prior or z <= 0:
            return best
        n_best, n_prior = visits.get(best, 0), visits.get(prior, 0)
        if n_prior == 0:
            return best
        if n_best < 2 or n_prior < 2:
            return prior
        diff = root.mean(best) - root.mean(prior)
        return best if diff > z * math.sqrt(self._variance(root, best) / n_best
                                            + self._variance(root, prior) / n_prior) else prior

    @staticmethod
    def _variance(node: Node, action: int) -> float:
        n = node.visits[action]
        mean = node.value[action] / n
        return max(node.squares[action] - n * mean * mean, 0.0) / (n - 1)

    def _select(self, node: Node, legal, prior) -> int:
        """PUCT: value plus a bonus that favours the prior's action and
        actions tried little; actions never tried start at the node's mean
        (first-play urgency)."""
        c = self.profile.exploration
        k = len(legal)
        share = self.profile.prior_share if prior is not None else 0.0
        base = (1.0 - share) / k
        total = node.total
        fpu = (sum(node.value.values()) / total) if total else 0.0
        visits = node.visits
        value = node.value
        avail = node.avail
        sqrt = math.sqrt
        best = None
        best_score = -1e300
        for a in legal:
            n = visits.get(a, 0)
            q = value[a] / n if n else fpu
            p = base + share if a == prior else base
            # an action's bonus grows with the simulations in which it could
            # have been chosen (its availability), not with all the node's
            score = q + c * p * sqrt(avail.get(a, 0) + 1) / (1 + n)
            if score > best_score:
                best_score = score
                best = a
        return best

    def _simulate(self, root: Node, world, root_legal) -> int:
        """One walk down the tree and a rollout from where it leaves it;
        returns the actions applied."""
        game = self.game
        profile = self.profile
        policy = self.policy
        rng = self.rng
        policy.begin(world, rng.getrandbits(32))
        me = self.seat
        own_left = profile.depth                  # own decisions the tree may still hold
        search_all = self.search_all
        path: list[tuple[Node, int, int]] = []     # (node, action, seat) of searched decisions
        node = root
        start_packs = len(world.packs)
        deal_horizon = self.deal_horizon
        legal_actions = game.legal_actions
        apply = game.apply
        steps = 0
        score_horizon = self.score_horizon
        deadline = self.deadline
        clock = time.perf_counter
        fast = policy.__class__ is RandomPolicy and not score_horizon
        while world.outcome is None and steps < MAX_ROLLOUT_ACTIONS:
            if deal_horizon and len(world.packs) != start_packs:
                break
            if node is None and fast:
                steps = self._random_rollout(world, steps, start_packs)
                if steps < 0:
                    self.cut += 1
                    return -steps
                break
            if deadline is not None and not steps & 15 and clock() > deadline:
                # out of time in the middle of a rollout (a game whose one
                # rollout takes longer than the budget): it counts for nothing
                self.cut += 1
                return steps
            if score_horizon and steps and self._scores(world) != self.start_scores:
                break
            if node is root:
                seat, legal = me, root_legal
            else:
                to_act = world.to_act
                seat = to_act[0] if len(to_act) == 1 else to_act[int(rng.random() * len(to_act))]
                legal = None
            if node is not None and (seat == me or search_all) and own_left > 0 \
                    and node.seat in (None, seat):
                if legal is None:
                    legal = legal_actions(world, seat)
                if len(legal) > 1:
                    node.seat = seat
                    if node is root:
                        prior = self.root_prior
                    else:
                        prior = policy.act(world, seat) if policy.needs_views else None
                    action = self._select(node, legal, prior)
                    avail = node.avail
                    for a in legal:
                        avail[a] = avail.get(a, 0) + 1
                    path.append((node, action, seat))
                    if seat == me:
                        own_left -= 1
                    apply(world, action, seat)
                    steps += 1
                    node = self._child(node, (seat, action))
                    continue
                action = legal[0]
            else:
                action = policy.act(world, seat)
            try:
                apply(world, action, seat)
            except IllegalAction:
                # a sampled world may hold a position the policy never meets
                # in play; the refusal changed nothing, so play on at random
                self.fallbacks += 1
                legal = legal_actions(world, seat)
                action = legal[int(rng.random() * len(legal))]
                apply(world, action, seat)
            steps += 1
            if node is not None:
                node = self._child(node, (seat, action))
        values = self.values(world)
        for node_, action, seat in path:
            node_.visits[action] = node_.visits.get(action, 0) + 1
            node_.value[action] = node_.value.get(action, 0.0) + values[seat]
            node_.squares[action] = node_.squares.get(action, 0.0) + values[seat] ** 2
            node_.total += 1
        return steps

    def _random_rollout(self, world, steps: int, start_packs: int) -> int:
        """The rest of a simulation at random, out of the tree: legal moves
        straight from the game's phase (no views, no checks, no tree);
        returns the actions applied, negative when the clock ran out."""
        game = self.game
        legal_actions = game.legal_actions
        apply_legal = game.apply_legal
        rand = self.rng.random
        deal_horizon = self.deal_horizon
        deadline = self.deadline
        clock = time.perf_counter
        packs = world.packs
        while world.outcome is None and steps < MAX_ROLLOUT_ACTIONS:
            if deal_horizon and len(packs) != start_packs:
                break
            if deadline is not None and not steps & 63 and clock() > deadline:
                return -steps
            to_act = world.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
            legal = legal_actions(world, seat)
            apply_legal(world, legal[int(rand() * len(legal))], seat)
            steps += 1
        return steps

    @staticmethod
    def _child(node: Node, key):
        """The node after ``key`` (seat, action); a node reached for the first
        time is made and the walk leaves the tree (None): one new node a
        simulation."""
        child = node.children.get(key)
        if child is None:
            node.children[key] = Node(None)
        return child


# -- the bot -----------------------------------------------------------------------------

@universal_bot("search")
class SearchBot(Bot):
    """Determinized search (see the module's notes); ``configure`` takes a
    number of simulations (``search:200``) or seconds (``search:2s``)."""

    name = "search"
    thinks = True

    def __init__(self, game, seat: int, seed: int = 0):
        super().__init__(game, seat, seed)
        from .search_profiles import profile_for
        _discover()
        self.profile = profile_for(game)
        self.match_seed = seed
        self.sims: int | None = None
        self.seconds: float | None = DEFAULT_SECONDS
        cls = _HEURISTICS.get(game.info.id)
        self.prior_bot = cls(game, seat, seed) if cls is not None else None
        self.searcher = Searcher(game, seat, seed, self.profile)
        self.planner = (self.profile.planner(game, seat, seed, self)
                        if self.profile.planner is not None else None)

    def configure(self, setting: str) -> None:
        """``N`` simulations, ``Xs`` seconds, and/or ``random`` (random
        rollouts and no heuristic anywhere), joined by colons:
        ``search:200:random``."""
        budget = None
        random = False
        for part in setting.strip().lower().split(":"):
            if part == "random" and not random:
                random = True
            elif budget is None and part:
                budget = part
            else:
                budget = setting
                break
        try:
            if budget is None:
                pass
            elif budget.endswith("s"):
                seconds = float(budget[:-1])
                if not 0 < seconds <= 3600:
                    raise ValueError
                self.seconds, self.sims = seconds, None
            else:
                sims = int(budget)
                if sims < 1:
                    raise ValueError
                self.sims, self.seconds = sims, None
        except ValueError:
            raise PelitError(f"search takes a number of simulations a move (search:200) "
                             f"or seconds (search:2s), and optionally random "
                             f"(search:200:random), not {setting!r}") from None
        if random:
            self._random_rollouts()
        if self.planner is not None and hasattr(self.planner, "configure"):
            self.planner.configure(self.sims, self.seconds)

    def _random_rollouts(self) -> None:
        """``search:random``: information-set MCTS over the bot's own
        decisions with uniformly random rollouts (OpenSpiel's IS-MCTS kind):
        no heuristic prior, no views in the rollouts."""
        self.profile = replace(self.profile, rollout="random", depth=RANDOM_DEPTH, planner=None,
                               confidence=0.0, prior_share=0.0)
        self.prior_bot = None
        # a planner whose playouts are random already (Hex and Y) stays, with
        # uniform ones; the others (double dummy, Go's shapes) go
        if getattr(self.planner, "random_playouts", False):
            self.planner.uniform()
        else:
            self.planner = None
        memory = self.searcher.memory
        self.searcher = Searcher(self.game, self.seat, self.match_seed, self.profile)
        self.searcher.memory = memory

    def observe(self, events: list[dict]) -> None:
        if self.prior_bot is not None:
            self.prior_bot.observe(events)
        self.searcher.memory.observe(events)
        if self.planner is not None:
            self.planner.observe(events)

    @property
    def stats(self) -> dict:
        """What the last search did: simulations, seconds, rollout actions."""
        if self.planner is not None and getattr(self.planner, "used", False):
            return self.planner.stats
        return self.searcher.stats

    def choose(self, view: dict) -> int:
        legal = view["legal"]
        if self.planner is not None:
            self.planner.used = False
        if len(legal) == 1:
            if self.profile.free_moves and self.prior_bot is not None:
                # the game takes moves beyond its menu (typed answers): the
                # menu's one entry is not the only move
                return self.prior_bot.choose(view)
            return legal[0]
        if self.planner is not None:
            action = self.planner.choose(view)
            if action is not None:
                self.planner.used = True
                return action
        prior = self.prior_bot.choose(view) if self.prior_bot is not None else None
        if prior not in legal:
            prior = None
        return self.searcher.choose(view, prior, self.sims, self.seconds)
