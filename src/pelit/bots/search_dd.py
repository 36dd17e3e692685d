"""Double-dummy card play for the bridge family: the search bot's planner for
Bridge, Minibridge and Tuppi (``search_profiles``).

When the bot is to play a card it deals worlds from its own view
(``game.sample_world``: the unseen cards placed consistently with the play
so far, voids included), solves each world's rest of the play with every card
in view, and plays the card with the best total over the worlds (PIMC,
perfect-information Monte Carlo: the classic double-dummy bridge player).  A
card's value in a world is not its tricks but the score they bring: the
game's own scoring function applied to the tricks the side would then end
with (making the contract is worth far more than an overtrick).  Worlds are
solved by

- **DDS** (the endplay package) wherever the play is standard bridge play:
  four hands of up to thirteen cards round the table, aces high, a trump
  suit or none, and each side after tricks: Bridge, Minibridge (the dummy is
  just the hand opposite the declarer; only the order round the table
  matters, so the hands are placed at the compass points in that order) and
  Tuppi's rami;
- **pelit's own solver** (``bots/_dd.py``) where DDS cannot express the
  rules: Tuppi's nolo (each side avoids tricks) and sooli (three hands, the
  sooli player always last, ace low, his partner sitting out).  That solver
  is far slower than DDS on full hands, so it is used from ``OWN_SOLVER_CARDS``
  cards a hand down; earlier tricks are left to the generic search (the
  planner answers None).

Without endplay installed every position is left to the generic search.

Worlds that fit the auction (Bridge): a world's hidden hands must be ones
with which the game's heuristic bidder would have made the calls those
seats made (it decides from its hand and the calls alone, so each call is
replayed cheaply).  Up to ``FIT_TRIES`` worlds are dealt for each world
solved, and the first that fits is taken, else the one with the fewest calls
out of place.  Cards that are worth the same in every world (K-Q with the
jack played) need no worlds: when every legal card is in one such group the
heuristic's card is played at once.

Budget: ``search`` solves worlds one after another while the bot's seconds
last (and plays the heuristic bot's card when fewer than ``MIN_WORLDS`` fit,
or on the opening lead, where DDS takes up to seconds a world on a full deal);
``search:N`` solves exactly ``N`` worlds (deterministic for a seed).  Ties
between cards go to the heuristic bot's choice, then the lowest card.
"""

from __future__ import annotations

import time

from ..core.rng import stream

MIN_WORLDS = 4
MAX_WORLDS = 200          # with a time budget: more worlds add little
# candidate worlds dealt for each world solved, looking for one that fits the
# auction (bridge); after that many the closest fit is taken
FIT_TRIES = 200
# own solver: cards a hand at most (four hands; three hands one more trick)
OWN_SOLVER_CARDS = 7

try:                                        # optional: pip install 'pelit[dd]'
    from endplay import dds as _dds
    from endplay.types import Deal as _Deal, Denom as _Denom, Player as _Player
except ImportError:                         # pragma: no cover - endplay is a dev dependency
    _dds = None

RANKS = "23456789TJQKA"


def _hand_text(hand: int) -> str:
    """A 52-card mask (id = suit * 13 + rank - 2, spades first) as PBN."""
    return ".".join("".join(RANKS[r] for r in range(12, -1, -1) if hand >> (s * 13 + r) & 1)
                    for s in range(4))


def _card_id(card) -> int:
    return card.suit.value * 13 + card.rank.value.bit_length() - 3


class DDSProblem:
    """A world for DDS: four hands clockwise from North at the start of the
    trick, who led it, the cards on it, the trump suit (None: no trump)."""

    __slots__ = ("hands", "leader", "trick", "trump")

    def __init__(self, hands, leader, trick, trump):
        self.hands, self.leader, self.trick, self.trump = hands, leader, trick, trump

    def deal(self):
        deal = _Deal("N:" + " ".join(_hand_text(h) for h in self.hands),
                     first=_Player(self.leader),
                     trump=_Denom.nt if self.trump is None else _Denom(self.trump))
        for c in self.trick:
            deal.play(f"{'SHDC'[c // 13]}{RANKS[c % 13]}")
        return deal


def card_groups(problem: DDSProblem, legal) -> list[list[int]]:
    """The legal cards in groups that are worth the same in every world: cards
    of one suit with no card between them left in another hand (what is
    between is played or in the same hand), as KQ with the jack gone."""
    to_play = (problem.leader + len(problem.trick)) % 4
    others = 0
    for i, h in enumerate(problem.hands):
        if i != to_play:
            others |= h
    for c in problem.trick:
        others &= ~(1 << c)
    groups: list[list[int]] = []
    for c in sorted(legal):
        if groups:
            last = groups[-1][-1]
            between = ((1 << c) - 1) & ~((1 << (last + 1)) - 1)
            if c // 13 == last // 13 and not others & between:
                groups[-1].append(c)
                continue
        groups.append([c])
    return groups


def solve_dds(problems) -> list[dict[int, int]]:
    """Each problem's tricks for the side to play, per legal card (by id).
    One board at a time: DDS's threaded batch (``solve_all_boards``) was
    several times slower on a busy two-core machine."""
    out = []
    for p in problems:
        out.append({_card_id(card): tricks for card, tricks in _dds.solve_board(p.deal())})
    return out


# -- the games -------------------------------------------------------------------------

def _dummy_play_problem(dp):
    """DDS problem of a ``cards.dummy.DummyPlay`` (Bridge, Minibridge): the
    hands at the compass points in the order of play."""
    compass = {h: i for i, h in enumerate(dp.order)}
    hands = [0] * 4
    for h, mask in enumerate(dp.hands):
        hands[compass[h]] |= mask
    for h, c in dp.trick:
        hands[compass[h]] |= 1 << c
    leader = dp.trick[0][0] if dp.trick else dp.turn
    return DDSProblem(hands, compass[leader], [c for _, c in dp.trick], dp.trump)


class Bridge:
    """Bridge: each card's value is the declaring side's duplicate score
    with the tricks it then ends with (for a defender, its negative)."""

    def auction_check(self, game, view):
        """A function counting, for a sampled world, the calls of the hidden
        hands that the game's heuristic bidder would not have made with that
        world's hands (None when no hidden hand called): the worlds it
        finds no fault with are those that fit the auction.  The heuristic
        bidder decides from its hand and the calls alone, so a call is
        replayed from a view of just those."""
        from ..bots import _HEURISTICS
        from ..cards.auction import Auction
        from ..games.bridge import BIDS
        seat = view["seat"]
        pv = view["play"]
        known = {seat}
        if pv is not None and pv["dummy"] is not None:
            known.add(pv["dummy_hand"])
        bidder_cls = _HEURISTICS.get(game.info.id)
        if bidder_cls is None:
            return None
        calls = view["calls"]
        call_of = game._call_of_text
        actions = game._call_actions
        auction = Auction(4, view["dealer"], allow_double=True, passes_to_end=3)
        steps = []
        bidders = {}
        for i, (p, text) in enumerate(calls):
            call = call_of[text]
            if p not in known:
                if p not in bidders:
                    bidders[p] = bidder_cls(game, p, 0)
                legal = [actions[c + 3] for c in auction.legal(len(BIDS))]
                steps.append((bidders[p]._call, p, {"legal": legal, "calls": calls[:i]},
                              actions[call + 3]))
            auction.call(p, call)
        if not steps:
            return None
        # bids first: they say most, so a world that does not fit is told soonest
        steps.sort(key=lambda step: step[3] == game.PASS)

        def faults(world, limit: int = 99) -> int:
            """Calls out of place, counted up to ``limit``."""
            hands = world.hands          # each seat's thirteen cards as dealt
            n = 0
            for call, p, v, want in steps:
                v["hand"] = hands[p]
                if call(v) != want:
                    n += 1
                    if n >= limit:
                        break
            return n
        return faults

    def position(self, world):
        if world.dp is None or world.phase.name != "PLAY":
            return None
        return _dummy_play_problem(world.dp)

    def utility(self, world):
        from ..cards.contract import duplicate_score
        dp = world.dp
        level, strain, doubled, declarer = world.contract
        vul = world.vul[declarer % 2]
        sign = 1 if dp.declaring(dp.turn) else -1
        left = 13 - dp.tricks_done
        done = dp.declarer_tricks()

        def value(tricks):                  # tricks of the side to play
            total = done + (tricks if sign > 0 else left - tricks)
            return sign * duplicate_score(level, strain, doubled, vul, total)
        return value


class Minibridge(Bridge):
    """Minibridge (seed 000 ch. 5): the declarer's points for the contract
    (5.5), his opponents playing to keep them down.  There is no auction
    (the points are shown, and ``sample_world`` keeps to them)."""

    auction_check = None

    def utility(self, world):
        from ..games.minibridge import CONTRACTS, contract_points
        dp = world.dp
        promised = CONTRACTS[world.contract][0]
        late = world.deal_no >= world.options.early_deals
        sign = 1 if dp.declaring(dp.turn) else -1
        left = 13 - dp.tricks_done
        done = dp.declarer_tricks()

        def value(tricks):
            total = done + (tricks if sign > 0 else left - tricks)
            return sign * contract_points(promised, total, late)
        return value


class OwnProblem:
    """A world for pelit's own solver (``bots/_dd.py``)."""

    __slots__ = ("rules", "hands", "maximizing", "counting", "leader", "trick", "order",
                 "positions")

    def __init__(self, rules, hands, maximizing, counting, leader, trick, order, positions):
        self.rules, self.hands, self.maximizing, self.counting = rules, hands, maximizing, counting
        self.leader, self.trick, self.order, self.positions = leader, trick, order, positions


class Tuppi:
    """Tuppi (seed 000 ch. 6): rami by DDS (no trump, each side after
    tricks), nolo and sooli by the own solver near the end of the hand.
    A card's value is the hand's points (6.4) for the searcher's team, less
    when the other team scores."""

    def __init__(self):
        from ..bots._dd import TrickRules
        from ..games import tuppi as t
        self.t = t
        self.rules = {False: TrickRules([c // 13 for c in range(52)], t.STRENGTH),
                      True: TrickRules([c // 13 for c in range(52)], t.STRENGTH_SOOLI)}

    def position(self, world):
        t = self.t
        if world.phase is not t.Phase.PLAY:
            return None
        seat = world.to_act[0]
        trick = list(world.trick)
        leader = world.order[0]
        if world.contract == t.RAMI:
            hands = list(world.hands)
            for s, c in zip(world.order, trick):
                hands[s] |= 1 << c
            return DDSProblem(hands, leader, trick, None)
        solo = world.soloist
        if solo is None:
            positions = [0, 1, 2, 3]
            order = [list(t.ORDERS[lead]) for lead in range(4)]
        else:
            positions = [s for s in range(4) if s != (solo + 2) % 4]
            index = {s: i for i, s in enumerate(positions)}
            order = []
            for lead in positions:
                # the hand ends when the sooli player takes a trick, so the
                # order after he wins one never matters: any order will do
                seats = (t.SOOLI_ORDERS[lead, solo] if lead != solo
                         else [solo] + [s for s in positions if s != solo])
                order.append([index[s] for s in seats])
        index = {s: i for i, s in enumerate(positions)}
        if world.hands[seat].bit_count() > OWN_SOLVER_CARDS + (solo is not None):
            return None
        mine = seat & 1
        hands = [world.hands[s] for s in positions]
        maximizing = [int(s & 1 == mine) for s in positions]
        if world.contract == t.NOLO:
            # each side avoids tricks: the searcher's side counts the others'
            counting = [int(s & 1 != mine) for s in positions]
        else:
            # sooli: the count is the sooli player's tricks, which his
            # opponents push up and he keeps down
            maximizing = [int(s != solo) for s in positions]
            counting = [int(s == solo) for s in positions]
        return OwnProblem(self.rules[solo is not None], hands, maximizing, counting,
                          index[leader], trick, order, positions)

    def utility(self, world):
        t = self.t
        seat = world.to_act[0]
        mine = seat & 1
        won = list(world.won)
        contract = world.contract
        left = 13 - world.ntricks

        def points(tricks):
            team, pts = t.hand_points(contract, world.declarer, world.soloist, tuple(tricks))
            return pts if team == mine else -pts

        if contract == t.RAMI:
            def value(taken):               # tricks of the side to play
                tricks = won.copy()
                tricks[mine] += taken
                tricks[1 - mine] += left - taken
                return points(tricks)
        elif contract == t.NOLO:
            def value(counted):             # tricks the other side takes
                tricks = won.copy()
                tricks[1 - mine] += counted
                tricks[mine] += left - counted
                return points(tricks)
        else:
            solo_team = world.soloist & 1

            def value(counted):             # the sooli player's tricks
                tricks = won.copy()
                tricks[solo_team] += counted
                return points(tricks)
        return value


ADAPTERS = {"bridge": Bridge, "minibridge": Minibridge, "tuppi": Tuppi}


class DoubleDummyPlanner:
    """Plays the cards of a bridge-family game by double-dummy analysis of
    sampled worlds; answers None to leave a decision to the generic search
    (the auction, positions the solvers do not take, no endplay)."""

    def __init__(self, game, seat: int, seed: int, bot):
        self.game = game
        self.seat = seat
        self.bot = bot
        self.adapter = ADAPTERS[game.info.id]()
        self.rng = stream(seed, "search-dd", seat)
        self.sims: int | None = None
        self.seconds: float | None = bot.seconds
        self.used = False
        self.stats = {"simulations": 0, "seconds": 0.0, "rollout_actions": 0, "failed": 0,
                      "fallbacks": 0}
        self._own = None
        self.fit_tries = FIT_TRIES
        self.fit_stats = [0, 0]      # candidate worlds dealt, worlds that fit the auction

    def configure(self, sims, seconds) -> None:
        self.sims, self.seconds = sims, seconds

    def observe(self, events) -> None:
        pass

    def _solver(self):
        if self._own is None:
            from ._dd import Solver
            self._own = Solver()
        return self._own

    def _fitting_world(self, view, faults, world):
        """The first of up to ``fit_tries`` sampled worlds (``world`` the
        first of them) whose hidden hands would have made the calls they
        made, else the one with the fewest calls out of place."""
        best, fewest = world, faults(world)
        tries = 1
        while fewest and tries < self.fit_tries:
            world = self.game.sample_world(view, self.rng)
            n = faults(world, fewest)
            tries += 1
            if n < fewest:
                best, fewest = world, n
        self.fit_stats[0] += tries
        self.fit_stats[1] += fewest == 0
        return best

    def card_values(self, worlds) -> dict[int, float] | None:
        """Each legal card's total value over ``worlds`` (None when a world's
        position is not one the solvers take)."""
        adapter = self.adapter
        problems = []
        for w in worlds:
            p = adapter.position(w)
            if p is None or (isinstance(p, DDSProblem) and _dds is None):
                return None
            problems.append(p)
        totals: dict[int, float] = {}
        dds_at = [i for i, p in enumerate(problems) if isinstance(p, DDSProblem)]
        solved = dict(zip(dds_at, solve_dds([problems[i] for i in dds_at])))
        for i, (w, p) in enumerate(zip(worlds, problems)):
            legal = self.game.legal_actions(w, self.seat)
            value = adapter.utility(w)
            if i in solved:
                tricks = solved[i]
                for c in legal:
                    totals[c] = totals.get(c, 0.0) + value(tricks[c])
            else:
                out = self._solver().values(p.rules, p.hands, p.maximizing, p.counting,
                                            p.leader, p.trick, legal, p.order)
                for c, v in zip(legal, out):
                    totals[c] = totals.get(c, 0.0) + value(v)
        return totals

    def choose(self, view: dict) -> int | None:
        game = self.game
        start = time.perf_counter()
        first = game.sample_world(view, self.rng)
        problem = self.adapter.position(first)
        if problem is None or (isinstance(problem, DDSProblem) and _dds is None):
            return None
        legal = view["legal"]
        prior = self.bot.prior_bot.choose(view) if self.bot.prior_bot is not None else None
        timed = self.sims is None
        if timed and isinstance(problem, DDSProblem) and not problem.trick \
                and sum(h.bit_count() for h in problem.hands) == 52:
            # the opening lead: DDS takes up to seconds a world on a full deal,
            # and a lead found double dummy is a poor guide anyway: the
            # heuristic's lead (search:N still solves N worlds)
            self.stats = {"simulations": 0, "seconds": time.perf_counter() - start,
                          "rollout_actions": 0, "failed": 0, "fallbacks": 0, "values": {}}
            return prior if prior in legal else None
        if isinstance(problem, DDSProblem) and len(card_groups(problem, legal)) == 1:
            # every legal card is worth the same in every world
            self.stats = {"simulations": 0, "seconds": time.perf_counter() - start,
                          "rollout_actions": 0, "failed": 0, "fallbacks": 0, "values": {}}
            return prior if prior in legal else min(legal)
        want = MAX_WORLDS if timed else self.sims
        fit = getattr(self.adapter, "auction_check", None)
        fit = fit(game, view) if fit is not None and self.fit_tries > 1 else None
        totals: dict[int, float] = {}
        worlds = 0
        world = first if fit is None else self._fitting_world(view, fit, first)
        while True:
            values = self.card_values([world])
            if values is None:
                return None
            for c, v in values.items():
                totals[c] = totals.get(c, 0.0) + v
            worlds += 1
            if worlds >= want:
                break
            if timed:
                spent = time.perf_counter() - start
                # stop before the next world would run past the budget
                if spent + spent / worlds > self.seconds:
                    break
            world = game.sample_world(view, self.rng)
            if fit is not None:
                world = self._fitting_world(view, fit, world)
        if worlds < MIN_WORLDS and timed:
            best = prior if prior in legal else max(legal, key=lambda c: totals.get(c, 0.0))
        else:
            best = max(legal, key=lambda c: (totals.get(c, float("-inf")), c == prior, -c))
        self.stats = {"simulations": worlds, "seconds": time.perf_counter() - start,
                      "rollout_actions": 0, "failed": 0, "fallbacks": 0,
                      "values": {c: totals[c] / worlds for c in totals}}
        self.last_totals = totals
        return best
