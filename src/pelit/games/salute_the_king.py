"""Salute the King, the reaction game.

Rule source: seed 004 (ten games from a card-game site), "Salute the King"
(line 377): Setup, Game play, Variations.

Players turn the top card of their face-down pile in turn (``turn``).  When
a trigger card shows (ace, king, queen, jack), a **reaction window** opens
for everyone (``core.windows``): each player answers with a gesture
(``stand``, ``salute``, ``bow``, ``applaud``) and the answers count in the
order they arrive.  A wrong gesture collects the middle pile at once; else,
as soon as every player but one has made the right gesture, that last one
collects it.  A table server times the arrivals; bots take a human-like,
configurable delay before answering (``bots/salute_the_king.py``).

Decisions where the seed is silent (pinned in tests/games/test_salute_the_king.py):

- Setup: the last seat deals, one card at a time from seat 0, so the first
  seats get the odd cards; seat 0 turns first.  Two packs (104 cards) are
  used for more than eight players.
- Game play: the collector picks up the middle pile (face up, the card just
  turned on top), turns it face down and puts it under his own pile, as
  hands do at a table: turned over, the packet has the first card turned
  into the middle on top and that last-turned card at the very bottom, so
  the first card turned comes back to him before the others.
- Game play: the turner's left neighbour turns next, whoever collected.
- The last reactor is known once all others have reacted: he collects
  without having to act.  Gestures are only offered while a trigger card
  shows (nobody can react to a card that is no trigger).
- Ending: a player is out, and wins, when his pile is empty after his turn
  card is dealt with (a trigger card is reacted to first, so the last card
  can still bring the middle pile back to him).
- Variations: ``dealer_triggers`` (preset ``dealer-chooses``) lets the
  dealer name four trigger ranks before play; the first one named is
  answered by standing, then saluting, bowing, applauding.  The gestures
  themselves stay these four.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import ACE, JACK, KING, QUEEN, RANK_NAMES, Card, mask_of, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.windows import Window

PACKS = {1: standard_deck("52"), 2: standard_deck("2x52")}
GESTURES = ("stand", "salute", "bow", "applaud")
DEFAULT_TRIGGERS = (ACE, KING, QUEEN, JACK)      # stand, salute, bow, applaud
RANKS = tuple(range(2, 15))


class Phase(enum.Enum):
    TRIGGERS = 1
    TURN = 2
    REACT = 3


@dataclass(frozen=True)
class SaluteOptions:
    players: int = option(4, "number of players (two packs above eight)", min=3, max=16)
    dealer_triggers: bool = option(False, "Variations: the dealer names the four trigger ranks")


class SaluteState(State):
    __slots__ = ("piles", "middle", "triggers", "turner", "window", "seen", "dealer",
                 "collections")

    def _copy_into(self, new):
        new.piles = [p.copy() for p in self.piles]
        new.middle = self.middle.copy()
        new.triggers = self.triggers
        new.turner = self.turner
        new.window = None if self.window is None else self.window.clone()
        new.seen = self.seen
        new.dealer = self.dealer
        new.collections = self.collections


@register
class SaluteTheKing(Game):
    info = GameInfo(
        id="salute-the-king", name="Salute the King", min_seats=3, max_seats=16,
        family="reaction", source="004 Salute the King (line 377)", hidden=True, chance=True,
        rules_version=2,
        summary=(
            "All the cards are dealt into face-down piles that nobody looks at. In "
            "turn, each player turns his top card face up onto the middle. When an "
            "ace shows everyone must stand, for a king salute, for a queen bow with a "
            "hand on the heart, for a jack applaud. The last player to make the right "
            "gesture, or anyone who makes a wrong one, takes the whole middle pile "
            "under his own. The first player to run out of cards wins. In the "
            "dealer-chooses variant the dealer names the four trigger ranks."),
        verbs=(("turn", "turn your top card onto the middle"),
               ("stand", "react: stand up"), ("salute", "react: salute"),
               ("bow", "react: hand on heart and bow"), ("applaud", "react: applaud"),
               ("trigger seven", "dealer: name the next trigger rank")),
    )
    Options = SaluteOptions
    Phase = Phase
    State = SaluteState
    presets = {"dealer-chooses": {"dealer_triggers": True}}
    test_options = {"players": 3}
    web_layout = {
        "table": "cards",
        "show": {
            "piles": ["backs", "cards in pile"],
            "middle_top": {"role": "pile", "label": "the middle", "size": "middle_size"},
            "middle_size": "size",
            "triggers": {"role": "info", "label": "triggers (rank, gesture)", "text": True},
            "turner": ["tag", "turns next"], "dealer": "tag",
            "reacted": ["info", "reacted so far"],
            "collections": ["info", "piles collected"],
        },
    }
    render_hints = {
        "table": ["triggers"],
        "seat_fields": ["turner"],
        "labels": {"piles": "cards in pile", "middle_top": "card showing",
                   "middle_size": "cards in the middle", "turner": "turns next",
                   "triggers": "triggers (rank, gesture)", "reacted": "reacted so far",
                   "collections": "piles collected"}}
    deck = PACKS[2]

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(self.deck)
        self.TURN = self.actions.verb("turn")
        self.GESTURE = [self.actions.verb(g) for g in GESTURES]
        self.TRIGGER = self.actions.choice("trigger", [RANK_NAMES[r] for r in RANKS])

    def pack(self, state):
        return PACKS[2 if state.options.players > 8 else 1]

    # Card ids of the one-pack game are the first 52 ids of the two-pack one:
    # ``deck`` is the larger pack (card text, zones); a stacked pack may hold
    # 52 or 104 cards.
    def _parse_decks(self, decks):
        if isinstance(decks, str):
            decks = [decks]
        if decks is not None and all(isinstance(d, str) for d in decks if d is not None):
            return tuple(None if d is None else tuple(
                PACKS[1 if len(d.split()) == 52 else 2].parse_pack(d)) for d in decks)
        return super()._parse_decks(decks)

    def _setup(self, s):
        n = s.options.players
        deck = self.pack(s)
        order = s.deal_pack(deck, 0)
        counts = [deck.size // n + (1 if i < deck.size % n else 0) for i in range(n)]
        # one card at a time from seat 0; each card dealt goes on top of the
        # pile (the end of the list), so the last card dealt is turned first
        s.piles = [[] for _ in range(n)]
        for i, c in enumerate(order):
            s.piles[i % n].append(c)
        s.middle = []
        s.window = None
        s.seen = 0
        s.dealer = n - 1
        s.collections = 0
        s.turner = 0
        s.log("dealt", None, counts=counts)
        if s.options.dealer_triggers:
            s.triggers = ()
            s.phase = Phase.TRIGGERS
            s.to_act = (s.dealer,)
        else:
            s.triggers = DEFAULT_TRIGGERS
            s.phase = Phase.TURN
            s.to_act = (0,)

    # -- the variant: the dealer names the triggers ---------------------------
    def _legal_triggers(self, s, seat):
        return [self.TRIGGER + i for i, r in enumerate(RANKS) if r not in s.triggers]

    def _apply_triggers(self, s, seat, action):
        rank = RANKS[action - self.TRIGGER]
        s.triggers = s.triggers + (rank,)
        s.log("trigger", seat, rank=RANK_NAMES[rank], gesture=GESTURES[len(s.triggers) - 1])
        if len(s.triggers) == 4:
            s.phase = Phase.TURN
            s.to_act = (0,)

    # -- turning ----------------------------------------------------------------
    def _legal_turn(self, s, seat):
        return [self.TURN]

    def _apply_turn(self, s, seat, action):
        deck = self.pack(s)
        card = s.piles[seat].pop()
        s.middle.append(card)
        s.seen |= 1 << card
        rank = deck.rank_of[card]
        s.log("turn", seat, card=Card(card), pile=len(s.piles[seat]))
        if rank in s.triggers:
            s.window = Window(range(len(s.piles)))
            s.phase = Phase.REACT
            s.to_act = tuple(range(len(s.piles)))
            return
        self._after(s, seat)

    def _after(self, s, seat):
        n = len(s.piles)
        if not s.piles[seat]:
            left = tuple(len(p) for p in s.piles)
            self.finish(s, Outcome(left, (seat,), f"seat {seat} ran out of cards first",
                                   details={"cards_left": list(left),
                                            "collections": s.collections}))
            return
        s.turner = (seat + 1) % n
        s.phase = Phase.TURN
        s.to_act = (s.turner,)

    # -- reacting -----------------------------------------------------------------
    def _legal_react(self, s, seat):
        return list(self.GESTURE)

    def _apply_react(self, s, seat, action):
        deck = self.pack(s)
        rank = deck.rank_of[s.middle[-1]]
        right = GESTURES[s.triggers.index(rank)]
        gesture = GESTURES[self.GESTURE.index(action)]
        s.log("react", seat, gesture=gesture, right=gesture == right,
              order=len(s.window.answers) + 1)
        if gesture != right:
            self._collect(s, seat, "wrong gesture")
            return
        s.window.answer(seat, gesture)
        pending = s.window.pending
        if len(pending) == 1:
            self._collect(s, pending[0], "last to react")
            return
        s.to_act = pending

    def _collect(self, s, seat, why):
        taken = s.middle
        # turned face down (first card turned on top of the packet) and put
        # under the pile (index 0 is the bottom)
        s.piles[seat][0:0] = taken[::-1]
        s.middle = []
        s.window = None
        s.collections += 1
        s.log("collect", seat, why=why, count=len(taken))
        self._after(s, s.turner)

    def why_illegal(self, s, seat, action):
        if action in self.GESTURE:
            return "react only when a trigger card shows"
        if action == self.TURN:
            return "wait for your turn" if s.phase is Phase.TURN else "react first"
        if self.TRIGGER <= action < self.TRIGGER + len(RANKS):
            if s.phase is Phase.TRIGGERS:
                return "that rank is already a trigger"
            return "only the dealer names triggers, before play"
        return super().why_illegal(s, seat, action)

    # -- views ------------------------------------------------------------------------
    def _view(self, s, seat, v):
        v["piles"] = [len(p) for p in s.piles]
        v["middle_top"] = Card(s.middle[-1]) if s.middle else None
        v["middle_size"] = len(s.middle)
        v["triggers"] = [[RANK_NAMES[r], GESTURES[i]] for i, r in enumerate(s.triggers)]
        v["turner"] = s.turner
        v["dealer"] = s.dealer
        v["reacted"] = [] if s.window is None else list(s.window.answers)
        v["collections"] = s.collections

    def zones(self, s):
        deck = self.pack(s)
        z = {"middle": mask_of(s.middle)}
        for p, pile in enumerate(s.piles):
            z[f"pile{p}"] = mask_of(pile)
        # the unused copy of a one-pack game sits in a box
        z["box"] = self.deck.all_mask & ~deck.all_mask
        return z

    def unknown_cards(self, s, seat):
        m = 0
        for pile in s.piles:
            m |= mask_of(pile)
        return m & ~s.seen

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        deck = PACKS[2 if view["options"].players > 8 else 1]
        top = view["middle_top"]
        fixed = 0 if top is None else 1 << int(top)
        counts = {f"pile{p}": k for p, k in enumerate(view["piles"])}
        counts["middle"] = max(0, view["middle_size"] - 1)
        placed = sample_hands(deck.all_mask & ~fixed, counts, rng)
        s.piles = []
        for p in range(len(view["piles"])):
            s.piles.append(shuffled(placed[f"pile{p}"], rng))
        s.middle = shuffled(placed["middle"], rng) + ([int(top)] if top is not None else [])
        names = {RANK_NAMES[r]: r for r in RANKS}
        s.triggers = tuple(names[t[0]] for t in view["triggers"])
        s.turner = view["turner"]
        s.dealer = view["dealer"]
        s.collections = view["collections"]
        s.seen = mask_of(s.middle)
        if s.phase is Phase.REACT:
            s.window = Window(range(len(s.piles)))
            for p in view["reacted"]:
                s.window.answer(p, "right")
        else:
            s.window = None
        return s
