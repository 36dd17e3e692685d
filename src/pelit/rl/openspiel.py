"""Every pelit game as an OpenSpiel game (``pyspiel``, the optional extra
``pelit[openspiel]``).

``import pelit.rl.openspiel`` registers each registered pelit game with
pyspiel as ``pelit_<id>`` (dashes as underscores: ``pelit_tuppi``,
``pelit_la_belle_lucie``), its options as game parameters with the seed's
defaults: ``pyspiel.load_game("pelit_hex(size=5)")``, or ``load("hex",
size=5)`` here.  OpenSpiel's algorithms and tests then run on pelit's exact
rules.

Players are pelit's seats.  A player's actions are the ids of the game's
fixed action space (``pelit.rl.spaces``: the engine's ids, a board's cells,
or an index into the sorted legal list); ``action_to_string`` gives pelit's
action text.  Returns are the match outcome's (+1 winner, -1 loser, 0 for
all in a draw), at the end only.

Chance is explicit, in three kinds of chance node:

- *the deal*: each pack a match deals is chosen card by card, one chance
  node per place in the pack (top card first), uniform over the cards not
  yet placed; pelit then deals that pack (``State.decks``), so the hands
  are exactly the chance outcomes.  A pack dealt by a player's action (the
  next deal, after the last card of one) is chosen after that action and
  before it takes effect.
- *the rest of chance* (a reshuffled discard pile, a trivia question, a
  race): one chance node at the start draws the match's seed among
  ``SEEDS`` equally likely ones; the game's own seeded streams do the rest.
  Games without chance have no such node.
- *arrival*: where several seats may act at once (an out-of-turn window),
  a chance node draws which of them acts first, uniformly, as ``pelit
  simulate`` draws which bot's answer arrives first.

Information states: the string is the seat's current view (JSON) after a
SHA-256 digest of its whole history as the engine told it to that seat
(every event it received, in JSON, in order), so it has perfect recall and
stays short however long the match; the tensor, and the observation tensor, is the seat's view
encoded by ``pelit.rl.observe`` (a view already keeps what the rules let a
player remember: scores, won tricks' counts, voids shown).  A public
observation (``private_info`` none) is the spectator's view.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random

import numpy as np
import pyspiel

from ..core.records import jsonable
from ..core.registry import all_games
from ..core.registry import load as load_pelit
from .observe import layout
from .spaces import ActionMap

SEEDS = 1024              # equally likely seeds for the chance beyond the deal
MAX_GAME_LENGTH = 200_000
PREFIX = "pelit_"


def spiel_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def _parameters(game) -> dict:
    """The game's options that pyspiel can carry (bool, int, float, text)."""
    out = {}
    for f in dataclasses.fields(game.Options):
        default = f.default
        if isinstance(default, (bool, int, float, str)):
            out[f.name] = default
    return out


def _game_type(game, lo: int, hi: int):
    info = game.info
    return pyspiel.GameType(
        short_name=spiel_name(info.id),
        long_name=f"pelit {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if info.hidden or info.chance
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.ZERO_SUM if lo == hi == 2
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi, min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game))


class Spec:
    """What the adapter knows of a pelit game with given options (kept apart
    from the pyspiel objects: pybind11 may hand OpenSpiel's C++ side a fresh
    Python wrapper of a game, without its instance attributes)."""

    def __init__(self, game_id: str, params: dict):
        pelit = load_pelit(game_id)
        defaults = _parameters(pelit)
        self.pelit = pelit
        self.options = pelit.make_options(**{k: v for k, v in params.items()
                                             if k in defaults and v != defaults[k]})
        probe = pelit.new_state(seed=0, options=self.options)
        self.players = pelit.num_players(probe)
        self.actions = ActionMap(pelit, self.options)
        self.layout = layout(pelit, self.options)
        self.chance_seed = pelit.info.chance
        pack = max((len(p) for p in probe.packs), default=0)
        if pelit.deck is not None:
            pack = max(pack, pelit.deck.size)
        self.pack = pack
        deck = pelit.deck
        self.copies = deck is not None and len(set(deck.text_of)) < deck.size


    def __deepcopy__(self, memo):
        return self                    # shared by every state: tables, no play


class _Held:
    """The pelit state inside an OpenSpiel state: OpenSpiel clones a Python
    state by deep-copying its attributes, and a pelit state is cloned by its
    own ``clone`` (which shares the game's tables and the logs' past)."""

    __slots__ = ("state", "digests", "seen")

    def __init__(self, state, digests=None):
        self.state = state
        # per seat: (events read, sha256 of them): a clone shares the past
        self.digests = digests if digests is not None else {}
        # what this position shows, asked for again and again by OpenSpiel
        # (legal lists, views, their JSON and tensors); emptied by any action
        self.seen: dict = {}

    def __deepcopy__(self, memo):
        held = _Held(None if self.state is None else self.state.clone(), dict(self.digests))
        held.seen = dict(self.seen)        # the same position: what it shows stays valid
        return held

    def remember(self, key, make):
        """``make()`` once per position (a cache emptied on every action)."""
        seen = self.seen
        if key not in seen:
            seen[key] = make()
        return seen[key]

    def legal(self, game, seat) -> list[int]:
        return self.remember(("legal", seat), lambda: game.legal_actions(self.state, seat))

    def view(self, game, seat) -> dict:
        return self.remember(("view", seat), lambda: game.view(self.state, seat))

    def view_json(self, game, seat) -> str:
        return self.remember(("json", seat), lambda: json.dumps(
            jsonable(self.view(game, seat), game), sort_keys=True, default=str))

    def __getstate__(self):
        # pickled (OpenSpiel's serialisation): the digests are made again
        return (self.state, {})

    def __setstate__(self, data):
        self.state, self.digests = data
        self.seen = {}

    def history_digest(self, seat) -> str:
        """A digest of every event ``seat`` was told, read incrementally
        (events only grow, so a digest of their start stays valid)."""
        state = self.state
        count, digest = self.digests.get(seat, (0, None))
        n = len(state.events)
        if digest is None or count < n:
            digest = hashlib.sha256() if digest is None else digest.copy()
            game = state.game
            for e in game.events_for(state, seat, count):
                digest.update(json.dumps(jsonable(e, game), sort_keys=True,
                                         default=str).encode())
                digest.update(b"\n")
            self.digests[seat] = (n, digest)
        return digest.hexdigest()


_SPECS: dict[tuple, Spec] = {}


def spec_of(game_id: str, params) -> Spec:
    params = dict(params or {})
    key = (game_id, tuple(sorted((k, repr(v)) for k, v in params.items())))
    found = _SPECS.get(key)
    if found is None:
        found = _SPECS[key] = Spec(game_id, params)
    return found


class PelitSpielGame(pyspiel.Game):
    pelit_id = None            # set on each registered subclass

    def __init__(self, params=None):
        spec = spec_of(self.pelit_id, params)
        n = spec.players
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions.size,
            max_chance_outcomes=max(SEEDS if spec.chance_seed else 1, spec.pack, n),
            num_players=n, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if n == 2 else None,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(spec.pelit, n, n), info, dict(params or {}))

    @property
    def spec(self) -> Spec:
        return spec_of(self.pelit_id, self.get_parameters())

    def new_initial_state(self):
        return PelitSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return PelitObserver(self.spec, iig_obs_type or
                             pyspiel.IIGObservationType(perfect_recall=False), params)


class PelitSpielState(pyspiel.State):
    """A pelit match under OpenSpiel's protocol (chance nodes as above)."""

    @property
    def state(self):
        return self._held.state

    @state.setter
    def state(self, value):
        # the new pelit state goes on from the old one (a probe that took
        # one action more): the digests of the seats' histories stay valid
        self._held = _Held(value, self._held.digests)

    def __init__(self, game, _blank: bool = False):
        super().__init__(game)
        self.g = game.spec
        self._held = _Held(None)
        if _blank:
            return
        self.state = None                  # the pelit state, once the seed is drawn
        self.seed = None if self.g.chance_seed else 0
        self.pending = None                # (seat, engine action) waiting for its packs
        self.deals: list[tuple[int, int]] = []   # (deal number, pack size) to choose
        self.pack: list[int] = []          # the pack being chosen, top card first
        self.chosen: list[tuple[int, tuple]] = []  # chosen packs waiting to be dealt
        self.actor = None                  # the seat an arrival draw chose
        if self.seed is not None:
            self._start()

    # -- the chance nodes ----------------------------------------------------
    def _start(self):
        """The seed is known: see whether setting up deals packs."""
        probe = self.g.pelit.new_state(seed=self.seed, options=self.g.options)
        deals = _new_deals(probe, 0)
        if deals:
            self.deals = deals
        else:
            self.state = probe

    def _dealing(self) -> bool:
        return bool(self.deals)

    def current_player(self):
        if self.state is not None and self.state.outcome is not None:
            return pyspiel.PlayerId.TERMINAL
        if self.seed is None or self.deals:
            return pyspiel.PlayerId.CHANCE
        to_act = self.state.to_act
        if len(to_act) == 1:
            return to_act[0]
        if self.actor is None:
            return pyspiel.PlayerId.CHANCE
        return self.actor

    def chance_outcomes(self):
        if self.seed is None:
            p = 1.0 / SEEDS
            return [(i, p) for i in range(SEEDS)]
        if self.deals:
            size = self.deals[0][1]
            placed = set(self.pack)
            left = [c for c in range(size) if c not in placed]
            p = 1.0 / len(left)
            return [(c, p) for c in left]
        seats = self.state.to_act
        p = 1.0 / len(seats)
        return [(s, p) for s in sorted(seats)]

    def _legal_actions(self, player):
        if self.state is None or player not in self.state.to_act:
            return []
        return list(self._held.remember(("agent", player), lambda: self.g.actions.legal_ids(
            self._held.legal(self.g.pelit, player))))

    def _apply_action(self, action):
        self._held.seen.clear()
        if self.seed is None:
            self.seed = int(action)
            self._start()
            return
        if self.deals:
            self.pack.append(int(action))
            deal_no, size = self.deals[0]
            if len(self.pack) == size:
                self.chosen.append((deal_no, tuple(self.pack)))
                self.pack = []
                self.deals.pop(0)
                if not self.deals:
                    self._deal_chosen()
            return
        state = self.state
        if len(state.to_act) > 1 and self.actor is None:
            self.actor = int(action)                      # the arrival draw
            return
        seat = self.actor if self.actor is not None else state.to_act[0]
        self.actor = None
        game = self.g.pelit
        legal = game.legal_actions(state, seat)
        engine = self.g.actions.to_engine(action, legal)
        probe = state.clone()
        game.apply(probe, engine, seat)
        deals = _new_deals(probe, len(state.packs))
        if deals:                       # the action deals: choose the packs first
            self.pending = (seat, engine)
            self.deals = deals
        else:
            self.state = probe

    def _deal_chosen(self):
        """Every pack chosen: deal them (the setup, or the pending action)."""
        game = self.g.pelit
        if self.state is None:
            decks = _decks_with(None, self.chosen)
            self.state = game.new_state(seed=self.seed, options=self.g.options, decks=decks)
        else:
            self.state.decks = _decks_with(self.state.decks, self.chosen)
            seat, engine = self.pending
            self.pending = None
            game.apply(self.state, engine, seat)
        self.chosen = []
        # a pack the chosen ones did not cover (a redeal in the same action)
        # would have been shuffled from the seed: none of the games does that

    # -- what a player may believe ------------------------------------------
    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state drawn from what ``player_id`` knows here, for OpenSpiel's
        IS-MCTS (``open_spiel.python.algorithms.ismcts``): the pelit game's
        ``sample_world`` from that seat's view places the cards the seat
        cannot see anew, consistently with everything it saw (the leak
        suite checks that the world shows the seat the same view), so the
        seat's information-state string and legal actions are the same as
        here.  The seat's history digest carries over (its past is the same
        in every such world); the other seats' pasts are unknown, so their
        strings start from a digest of the resampling seat's information
        state, the same in every world resampled from it.
        ``probability_sampler`` (OpenSpiel's ``UniformProbabilitySampler``, a
        callable giving floats in [0, 1)) seeds the draw; without it the
        draw is fresh.  Before the first deal the seed and the cards placed so
        far are drawn again; while a later deal is being chosen (a chance
        node) there is nothing to resample from, and it raises."""
        rng = random.Random(None if probability_sampler is None
                            else int(probability_sampler() * 2 ** 53))
        spiel = self.get_game()
        if self.state is None:
            # only the number of chance outcomes drawn so far is known
            new = spiel.new_initial_state()
            for _ in range(len(self.history())):
                outcomes = new.chance_outcomes()
                new.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            return new
        if self.deals or self.pending is not None:
            raise ValueError("resample_from_infostate: a deal is being chosen at chance "
                             "nodes here; resample at a player's turn")
        game = self.g.pelit
        held = self._held
        mine = held.history_digest(player_id)
        world = game.sample_world(game.view(self.state, player_id), rng)
        n = len(world.events)
        digests = {player_id: (n, held.digests[player_id][1].copy())}
        for seat in [None, *range(self.g.players)]:
            if seat != player_id:
                digests[seat] = (n, hashlib.sha256(
                    f"resampled by seat {player_id} from {mine}; seat {seat}\n".encode()))
        new = PelitSpielState(spiel, _blank=True)
        new._held = _Held(world, digests)
        new.seed = self.seed
        new.pending = None
        new.deals, new.pack, new.chosen = [], [], []
        new.actor = self.actor
        return new

    # -- text, returns --------------------------------------------------------
    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            if self.seed is None:
                return f"seed {action}"
            if self.deals:
                deck = self.g.pelit.deck
                text = deck.text_of[action] if deck is not None and action < deck.size \
                    else str(action)
                return f"deal {text} (card {action}) to place {len(self.pack) + 1}"
            return f"seat {action} acts first"
        if self.state is not None:
            legal = self._held.legal(self.g.pelit, player)
            engine = self.g.actions.to_engine(action, legal)
            if engine is not None:
                text = self.g.pelit.action_text(engine)
                # copies of a card share their text; OpenSpiel wants one per action
                return f"{text} #{action}" if self.g.copies else text
        return f"action {action}"

    def is_terminal(self):
        return self.state is not None and self.state.outcome is not None

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.g.players
        return [float(r) for r in self.state.outcome.returns()]

    def __str__(self):
        if self.state is None:
            return f"dealing ({len(self.pack)} cards placed)" if self.seed is not None \
                else "drawing the seed"
        return self._held.view_json(self.g.pelit, None)


def _new_deals(probe, before: int) -> list[tuple[int, int]]:
    """The (deal number, pack size) of each pack ``probe`` dealt after its
    first ``before`` packs, read from its ``new_deal`` events.  Only whole
    packs of the game's deck can be stacked (``Game.new_state(decks=)``); a
    game that deals a part of its cards (Salute the King's pack for fewer
    players) keeps those deals to the seed's chance node."""
    if len(probe.packs) <= before:
        return []
    deck = probe.game.deck
    numbers = [e.public["deal"] for e in probe.events if e.kind == "new_deal"]
    numbers = numbers[len(numbers) - (len(probe.packs) - before):]
    out = [(n, len(p)) for n, p in zip(numbers, probe.packs[before:])]
    if deck is None or any(size != deck.size for _, size in out):
        return []
    return out


def _decks_with(decks, chosen) -> tuple:
    out = list(decks or ())
    for deal_no, pack in chosen:
        while len(out) <= deal_no:
            out.append(None)
        out[deal_no] = pack
    return tuple(out)


class PelitObserver:
    """OpenSpiel's observer: the view tensor (``pelit.rl.observe``) and a
    string, of a seat (or, for public information only, the spectator)."""

    def __init__(self, spec, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.game = spec
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(spec.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if state.state is None:
            self.tensor.fill(0.0)
            return
        seat = None if self.public_only else player
        held = state._held
        self.tensor[:] = held.remember(("tensor", seat), lambda: self.game.layout.encode(
            held.view(state.g.pelit, seat)))

    def string_from(self, state, player):
        if state.state is None:
            return str(state)
        seat = None if self.public_only else player
        view = state._held.view_json(state.g.pelit, seat)
        if not self.perfect_recall:
            return view
        return f"history {state._held.history_digest(seat)}\n{view}"


_REGISTERED: dict[str, type] = {}


def register(game_id: str) -> str:
    """Register one pelit game with pyspiel (once); its pyspiel name."""
    gid = load_pelit(game_id).info.id
    name = spiel_name(gid)
    if gid in _REGISTERED:
        return name
    cls = type(f"PelitSpiel_{gid.replace('-', '_')}", (PelitSpielGame,), {"pelit_id": gid})
    game = load_pelit(gid)
    pyspiel.register_game(_game_type(game, game.info.min_seats, game.info.max_seats), cls)
    _REGISTERED[gid] = cls
    return name


def register_all() -> list[str]:
    return [register(g.info.id) for g in all_games()]


def load(game_id: str, **options):
    """The OpenSpiel game of a pelit game with these options."""
    name = register(game_id)
    return pyspiel.load_game(name, options)


register_all()
