"""Trash, the layout-filling game for children.

Rule source: seed 001 (ten games from a card-game site), "Trash" (line
313): Setup, Game play, Later hands.

Each player has a row of face-down slots numbered 1 (ace) to 10.  A turn
starts with ``draw`` (the stock) or ``take`` (the previous discard, when it
fits); the card in hand then goes to its slot, the face-down card there is
turned up and becomes the card in hand, and so on, until a card cannot be
placed and is discarded.  Everything forced happens by itself; the player
acts only where the rules give a choice: where a jack goes (``place 4``),
and whether a natural card displaces a jack from its slot (``place 7`` or
``discard``).

Decisions where the seed is silent (pinned in tests/games/test_trash.py):

- Setup: packs = players / 2, rounded up (three packs for five or six).
  The seed's "two or more" is capped at six players (three packs).
  The last seat deals first; slots are dealt one round at a time from the
  dealer's left (slot 1 to everyone, then slot 2 ...).  The deal passes left.
- Game play: the previous player's discard must be taken when it fits a
  face-down slot of the player (a jack fits any face-down slot); when it
  would only displace a jack the player may ``take`` it or ``draw``.
- Game play: a jack goes to a face-down slot of the player's choice; with
  none left it is discarded.  A natural card on a slot held by a jack may
  take the slot (the jack is then in hand) or be discarded.
- Cards in Trash are played face up: the card in hand is seen by everyone.
- Stock depleted: the discard pile but its top card is shuffled (the match's
  own random stream) into a new stock; if there is still nothing to draw the
  player passes.
- Later hands: a hand is won when a player's layout is all face up at the
  end of his turn; the winner's next layout is one slot shorter; the match
  is won by filling a one-card layout.  Option ``start`` (10) is the first
  layout size.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import rebuild_stock, sample_hands, shuffled
from ..cards.deck import ACE, ALL_RANKS, JACK, Card, Deck, ids, mask_of, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = Deck("3x52", ALL_RANKS, 3)          # up to three packs; fewer use the first ids
PACKS = {1: standard_deck("52"), 2: standard_deck("2x52"), 3: DECK}
PACK_SIZE = 52
SLOT = tuple(1 if r == ACE else (r if r <= 10 else 0) for r in DECK.rank_of)   # 0: no slot


def packs_for(players: int) -> int:
    return (players + 1) // 2


class Phase(enum.Enum):
    START = 1
    HOLD = 2


@dataclass(frozen=True)
class TrashOptions:
    players: int = option(2, "number of players", min=2, max=6)
    start: int = option(10, "first layout size (ace up to this rank)", min=1, max=10)


class TrashState(State):
    __slots__ = ("sizes", "layout", "up", "stock", "discard", "held", "turn", "dealer",
                 "hand_no", "seen", "wins", "reshuffles")

    def _copy_into(self, new):
        new.sizes = self.sizes.copy()
        new.layout = [l.copy() for l in self.layout]
        new.up = self.up.copy()
        new.stock = self.stock.copy()
        new.discard = self.discard.copy()
        new.held = self.held
        new.turn = self.turn
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.seen = self.seen
        new.wins = self.wins.copy()
        new.reshuffles = self.reshuffles


@register
class Trash(Game):
    info = GameInfo(
        id="trash", name="Trash", min_seats=2, max_seats=6, family="layout",
        source="001 Trash (line 313)", hidden=True, chance=True,
        summary=(
            "Each player gets ten face-down cards in a row, slots ace to ten, and may "
            "not look at them (one pack per two players). On your turn draw a card, "
            "or take the last discard if it fits. An ace to ten goes face up to its "
            "slot and you pick up the card that was there, and go on; a jack is wild "
            "and goes to any face-down slot; a natural card may push a jack out of "
            "its slot and the jack goes on elsewhere. A queen, a king, or a card "
            "whose slot is already filled ends your turn on the discard pile. Fill "
            "your row to win the hand; the winner plays the next hand with one slot "
            "fewer, and whoever fills a one-card layout wins the game."),
        verbs=(("draw", "draw from the stock"),
               ("take", "take the last discard (it fits your layout)"),
               ("place 4", "put the card in hand to slot 4"),
               ("discard", "discard the card in hand, ending your turn"),
               ("pass", "nothing to draw: let the turn go")),
    )
    Options = TrashOptions
    Phase = Phase
    State = TrashState
    deck = DECK
    test_options = {"start": 2}
    web_layout = {
        "table": "layout",
        "show": {"layouts": ["slots", "layout"], "held": ["cards", "the card in hand"],
                 "discard_top": {"role": "pile", "label": "discards", "size": "discard_size"},
                 "discard_size": "size", "stock": ["count", "stock"], "turn": ["tag", "on turn"],
                 "dealer": "tag", "wins": ["seat", "hands won"], "hand_no": ["info", "hands played"]},
        "slots": {"own": ["place"], "other": []},
    }
    render_hints = {
        "seat_fields": ["turn"],
        "labels": {"layouts": "layout (slots ace, 2, 3, ..)", "sizes": "layout size",
                   "wins": "hands won", "held": "card in hand", "discard_top": "top discard",
                   "discard_size": "discards", "turn": "turn of",
                   "hand_no": "hand (first is 0)", "reshuffles": "stock rebuilt"}}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.actions = a
        self.DRAW = a.verb("draw")
        self.TAKE = a.verb("take")
        self.DISCARD = a.verb("discard")
        self.PASS = a.verb("pass")
        self.PLACE = a.numbers("place", range(1, 11))

    def pack_mask(self, s):
        return (1 << (PACK_SIZE * packs_for(s.options.players))) - 1

    # Card ids of a one- or two-pack game are the first ids of the three-pack
    # ``deck`` (card text, zones); a stacked pack holds 52, 104 or 156 cards.
    def _parse_decks(self, decks):
        if isinstance(decks, str):
            decks = [decks]
        if decks is not None and all(isinstance(d, str) for d in decks if d is not None):
            return tuple(None if d is None else tuple(
                PACKS.get(len(d.split()) // PACK_SIZE, DECK).parse_pack(d)) for d in decks)
        return super()._parse_decks(decks)

    # -- dealing ---------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.sizes = [s.options.start] * n
        s.wins = [0] * n
        s.dealer = n - 1
        s.hand_no = 0
        s.reshuffles = 0
        self._deal(s)

    def _deal(self, s):
        n = len(s.sizes)
        pack = s.deal_pack(PACKS[packs_for(n)], s.hand_no)
        pos = 0
        s.layout = [[] for _ in range(n)]
        for slot in range(max(s.sizes)):
            for k in range(1, n + 1):
                p = (s.dealer + k) % n
                if slot < s.sizes[p]:
                    s.layout[p].append(pack[pos])
                    pos += 1
        s.up = [0] * n
        s.stock = pack[pos:][::-1]
        s.discard = []
        s.held = None
        s.seen = 0
        s.log("dealt", None, sizes=list(s.sizes), hand=s.hand_no)
        self._start(s, (s.dealer + 1) % n)

    # -- a turn -------------------------------------------------------------------
    def _start(self, s, p):
        s.turn = p
        s.held = None
        s.phase = Phase.START
        s.to_act = (p,)

    def _face_down(self, s, p):
        return [i for i in range(s.sizes[p]) if not (s.up[p] >> i) & 1]

    def _fits(self, s, p, card):
        """'fits' (must take), 'jack' (only by displacing a jack: may take) or None."""
        slot = SLOT[card]
        if DECK.rank_of[card] == JACK:
            return "fits" if self._face_down(s, p) else None
        if not slot or slot > s.sizes[p]:
            return None
        i = slot - 1
        if not (s.up[p] >> i) & 1:
            return "fits"
        if DECK.rank_of[s.layout[p][i]] == JACK:
            return "jack"
        return None

    def _can_draw(self, s):
        return bool(s.stock) or len(s.discard) > 1

    def _legal_start(self, s, seat):
        fit = self._fits(s, seat, s.discard[-1]) if s.discard else None
        if fit == "fits":
            return [self.TAKE]
        out = [self.TAKE] if fit == "jack" else []
        if self._can_draw(s):
            out.append(self.DRAW)
        return out or [self.PASS]

    def _apply_start(self, s, seat, action):
        if action == self.PASS:
            s.log("pass", seat)
            self._end_turn(s, seat)
            return
        if action == self.TAKE:
            card = s.discard.pop()
            s.log("take", seat, card=Card(card))
        else:
            if not s.stock:
                rebuild_stock(s, "trash-restock")
            card = s.stock.pop()
            s.log("draw", seat, card=Card(card), stock=len(s.stock))
        s.seen |= 1 << card
        s.held = card
        self._play_on(s, seat)

    def _choices(self, s, p):
        """Where the card in hand may go (slot indices), and whether discarding
        is a choice; ``None`` when its fate is forced."""
        card = s.held
        if DECK.rank_of[card] == JACK:
            return self._face_down(s, p)
        fit = self._fits(s, p, card)
        if fit == "fits":
            return [SLOT[card] - 1]
        if fit == "jack":
            return [SLOT[card] - 1]
        return []

    def _play_on(self, s, seat):
        """Go on with the card in hand while nothing is to be chosen."""
        while True:
            card = s.held
            spots = self._choices(s, seat)
            is_jack = DECK.rank_of[card] == JACK
            if not spots:
                s.discard.append(card)
                s.held = None
                s.log("discard", seat, card=Card(card))
                self._end_turn(s, seat)
                return
            forced = (not is_jack and self._fits(s, seat, card) == "fits") \
                or (is_jack and len(spots) == 1)
            if not forced:
                s.phase = Phase.HOLD
                s.to_act = (seat,)
                return
            self._place(s, seat, spots[0])

    def _place(self, s, seat, i):
        card = s.held
        old = s.layout[seat][i]
        was_up = (s.up[seat] >> i) & 1
        s.layout[seat][i] = card
        s.up[seat] |= 1 << i
        s.held = old
        s.seen |= 1 << old
        s.log("place", seat, card=Card(card), slot=i + 1, exposed=Card(old),
              freed_jack=bool(was_up))

    def _legal_hold(self, s, seat):
        spots = self._choices(s, seat)
        out = [self.PLACE + i for i in spots]
        if DECK.rank_of[s.held] != JACK:
            out.append(self.DISCARD)      # decline to displace a jack
        return out

    def _apply_hold(self, s, seat, action):
        if action == self.DISCARD:
            card = s.held
            s.discard.append(card)
            s.held = None
            s.log("discard", seat, card=Card(card))
            self._end_turn(s, seat)
            return
        self._place(s, seat, action - self.PLACE)
        self._play_on(s, seat)

    def _end_turn(self, s, seat):
        n = len(s.sizes)
        full = (1 << s.sizes[seat]) - 1
        if s.up[seat] == full:
            s.wins[seat] += 1
            s.log("hand_won", seat, size=s.sizes[seat])
            if s.sizes[seat] == 1:
                self.finish(s, Outcome(tuple(s.wins), (seat,),
                                       f"seat {seat} filled a one-card layout",
                                       details={"sizes": list(s.sizes)}))
                return
            s.sizes[seat] -= 1
            s.hand_no += 1
            s.dealer = (s.dealer + 1) % n
            self._deal(s)
            return
        self._start(s, (seat + 1) % n)

    def why_illegal(self, s, seat, action):
        if action == self.DRAW and s.phase is Phase.START:
            if s.discard and self._fits(s, seat, s.discard[-1]) == "fits":
                return "the last discard fits your layout: you must take it"
            return "there is nothing left to draw"
        if action == self.TAKE and s.phase is Phase.START:
            return "the last discard does not fit your layout"
        if self.PLACE <= action < self.PLACE + 10 and s.phase is Phase.HOLD:
            return (f"{DECK.text(s.held)} cannot go to slot {action - self.PLACE + 1} "
                    "(a natural card to its own slot, a jack to a face-down slot)")
        if action == self.DISCARD and s.phase is Phase.HOLD:
            return "a jack must be placed while you have a face-down slot"
        return super().why_illegal(s, seat, action)

    # -- views ---------------------------------------------------------------------
    def _view(self, s, seat, v):
        v["layouts"] = [[Card(c) if (s.up[p] >> i) & 1 else "down"
                         for i, c in enumerate(s.layout[p])] for p in range(len(s.sizes))]
        v["sizes"] = list(s.sizes)
        v["held"] = None if s.held is None else Card(s.held)
        v["discard_top"] = Card(s.discard[-1]) if s.discard else None
        v["discard_size"] = len(s.discard)
        v["stock"] = len(s.stock)
        v["turn"] = s.turn
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no
        v["wins"] = list(s.wins)
        v["reshuffles"] = s.reshuffles

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "discard": mask_of(s.discard),
             "held": 0 if s.held is None else 1 << s.held,
             "box": DECK.all_mask & ~self.pack_mask(s)}
        for p, l in enumerate(s.layout):
            z[f"layout{p}"] = mask_of(l)
        return z

    def unknown_cards(self, s, seat):
        m = mask_of(s.stock)
        for p, l in enumerate(s.layout):
            m |= mask_of(c for i, c in enumerate(l) if not (s.up[p] >> i) & 1)
        return m & ~s.seen

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        n = view["players"]
        pack = (1 << (PACK_SIZE * packs_for(n))) - 1
        fixed = 0
        for l in view["layouts"]:
            for x in l:
                if x != "down":
                    fixed |= 1 << int(x)
        for key in ("held", "discard_top"):
            if view[key] is not None:
                fixed |= 1 << int(view[key])
        counts = {"stock": view["stock"], "below": max(0, view["discard_size"] - 1)}
        for p, l in enumerate(view["layouts"]):
            for i, x in enumerate(l):
                if x == "down":
                    counts[f"l{p}_{i}"] = 1
        placed = sample_hands(pack & ~fixed, counts, rng)
        s.layout = [[int(x) if x != "down" else ids(placed[f"l{p}_{i}"])[0]
                     for i, x in enumerate(l)] for p, l in enumerate(view["layouts"])]
        s.up = [mask_of(i for i, x in enumerate(l) if x != "down") for l in view["layouts"]]
        s.sizes = list(view["sizes"])
        s.stock = shuffled(placed["stock"], rng)
        s.discard = shuffled(placed["below"], rng) + ([int(view["discard_top"])] if view["discard_top"] is not None else [])
        s.held = None if view["held"] is None else int(view["held"])
        s.turn = view["turn"]
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"]
        s.wins = list(view["wins"])
        s.reshuffles = view["reshuffles"]
        s.seen = fixed
        return s
