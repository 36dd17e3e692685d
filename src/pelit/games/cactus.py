"""Cactus, the two-player Golf game played with cards you may not look at.

Rule source: seed 004 (ten games from a card-game site), "Cactus" (line
39): Setup, Game play, Matching cards, Power cards, Ending the game.

Each player's layout is a row of face-down slots (``1``..``4`` at the start,
more after penalties).  No view ever shows a layout card, not even to its
owner: what a player learns (the card he drew and placed, a peek) reaches
him once, as a private event, and he has to remember it.

A turn: ``draw`` (from the stock) or ``take`` (the top discard); then
``swap N`` (the card goes face down into slot N, whose card is discarded
face up) or ``discard`` (discard the card drawn; a power card discarded this
way gives its power: ``peek N`` own slot, ``spy N`` opponent's slot, or
``trade N`` + ``for M`` for the queen; ``pass`` declines).  Then ``done`` or
``cactus``.  At any moment either player may ``match N``: a race window
that stays open as long as there is a top discard; the player not on turn
may ``pass`` to let the current top card go.

Decisions where the seed is silent (pinned in tests/games/test_cactus.py):

- Setup: seat 1 deals; seat 0 (the non-dealer) plays first.  Slots are
  dealt 1..4 to seat 0 then seat 1, one at a time alternately.
- Game play: a card drawn from the stock may be discarded instead of
  swapped (the seed's "may swap"); a card taken from the discard pile must
  be swapped, unless it is a power card discarded from a layout, which may
  be discarded again for its power (Power cards).  ``take`` is offered only
  when the card can be used that way.
- Power cards: a power card discarded from the hand counts as used, also
  when its owner declines the power (``pass``).  A power card discarded from
  a layout (by a swap or a match) is unused, and only the opponent of that
  layout's owner may take it for its power, as the seed says ("the
  opponent may draw it"): its owner may take it back only to swap it into
  his layout, so no one can match his own power card away and then use it.
  The chance lasts while the card is the top discard.
- Matching cards: a match is by rank.  A failed match costs two cards from
  the stock, put face down into the layout's empty slots (lowest first),
  else into new slots at the end.  Matching
  is open to both players between any two actions, including the very last
  turn, but not after the game has ended.
- Ending the game: "Cactus" is called at the end of one's own turn
  (``cactus`` instead of ``done``); the opponent then has one full turn and
  the game ends when it is over.  Equal totals are a draw.
- A stock that runs out is rebuilt by shuffling the discard pile under its
  top card (the match's own random stream).  If there is still nothing to
  draw and the top discard cannot be taken, the turn is skipped (``done``).
- A layout that has lost all its cards scores 0; its player may still draw,
  and may only discard (no slot to swap into).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import rebuild_stock, sample_hands, shuffled
from ..cards.deck import ACE, JACK, KING, QUEEN, Card, ids, mask_of, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State
from ..core.registry import register

DECK = standard_deck("52")
RANK = DECK.rank_of
MAX_SLOTS = 52


def card_value(card: int) -> int:
    """Game play: aces 1, kings 0, queens and jacks 10, others their pips."""
    r = RANK[card]
    if r == ACE:
        return 1
    if r == KING:
        return 0
    if r in (QUEEN, JACK):
        return 10
    return r


VALUE = tuple(card_value(c) for c in range(52))


def power_of(card: int) -> str | None:
    r = RANK[card]
    if r == QUEEN:
        return "trade"
    if r in (JACK, 10, 9):
        return "spy"
    if r in (8, 7, 6):
        return "peek"
    return None


class Phase(enum.Enum):
    DRAW = 1
    HOLD = 2
    POWER = 3
    TRADE = 4
    END = 5


@dataclass(frozen=True)
class CactusOptions:
    pass


class CactusState(State):
    # top_unused: the seat from whose layout the top discard, an unused power
    # card, came (its opponent may use the power), else None
    __slots__ = ("layouts", "stock", "discard", "top_unused", "held", "held_from", "turn",
                 "power", "trade_from", "caller", "passed", "seen", "turns", "reshuffles")

    def _copy_into(self, new):
        new.layouts = [l.copy() for l in self.layouts]
        new.stock = self.stock.copy()
        new.discard = self.discard.copy()
        new.top_unused = self.top_unused
        new.held = self.held
        new.held_from = self.held_from
        new.turn = self.turn
        new.power = self.power
        new.trade_from = self.trade_from
        new.caller = self.caller
        new.passed = self.passed
        new.seen = self.seen.copy()
        new.turns = self.turns
        new.reshuffles = self.reshuffles


def layout_total(layout) -> int:
    return sum(VALUE[c] for c in layout if c is not None)


@register
class Cactus(Game):
    info = GameInfo(
        id="cactus", name="Cactus", min_seats=2, max_seats=2, family="memory",
        source="004 Cactus (line 39)", hidden=True, chance=True, rules_version=2,
        summary=(
            "Two players, four face-down cards each in a square that nobody may look "
            "at, not even their owner. On your turn draw from the stock (or take the "
            "top discard) and either swap it for one of your face-down cards, which "
            "you discard face up, or discard it. Lowest total wins: aces 1, kings 0, "
            "queens and jacks 10, others their pips. Discarding a drawn 6, 7 or 8 "
            "lets you peek at one of your cards, a 9, 10 or jack at one of your "
            "opponent's, a queen swaps one of yours with one of theirs unseen; a "
            "power card discarded from a layout can be taken by the other player "
            "and used. Whenever you think one of your cards matches the top discard "
            "you may turn it up, even out of turn: right, and it is discarded; "
            "wrong, and you add two penalty cards unseen. Call 'Cactus' at the end "
            "of your turn: your opponent has one more turn, then all cards are shown."),
        verbs=(("draw", "draw the top card of the stock"),
               ("take", "take the top card of the discard pile"),
               ("swap 2", "put the card you hold into slot 2 and discard what was there"),
               ("discard", "discard the card you hold (a power card gives its power)"),
               ("peek 1", "look at your own slot 1 (6, 7, 8)"),
               ("spy 3", "look at the opponent's slot 3 (9, 10, J)"),
               ("trade 1", "queen: choose your slot to exchange"),
               ("for 2", "queen: the opponent's slot it is exchanged with"),
               ("match 4", "turn up your slot 4: it matches the top discard, you say"),
               ("pass", "decline (a power, or matching the current top discard)"),
               ("done", "end your turn"),
               ("cactus", "end your turn and call Cactus")),
    )
    Options = CactusOptions
    Phase = Phase
    State = CactusState
    deck = DECK
    test_options = {}

    web_layout = {
        "table": "layout",
        "show": {"layouts": ["slots", "layout"], "stock": ["count", "stock"],
                 "discard_top": {"role": "pile", "label": "discards", "size": "discard_size"},
                 "discard_size": "size", "held": ["cards", "the card you hold"],
                 "turn": ["tag", "on turn"], "caller": ["banner", "Cactus called by"],
                 "power": ["banner", "power to use"],
                 "unused_power_for": ["banner", "the top discard's power is for"],
                 "trade_from": ["banner", "trading your slot"], "turns": ["info", "turns played"]},
        "slots": {"own": ["match", "swap", "peek", "trade"], "other": ["spy", "for"]},
    }
    render_hints = {
        "seat_fields": ["turn", "caller", "unused_power_for"],
        # layout cards are seen once: the log does not show them again
        "forget": {"draw": ["card"], "take": ["card"], "swap": ["placed"], "peek": ["card"],
                   "spy": ["card"], "match": ["card"]},
        "labels": {"layouts": "layout (face-down slots 1, 2, ..)", "turn": "turn of",
                   "held": "card in hand", "holding": "holding a card",
                   "held_from": "taken from", "discard_top": "top discard",
                   "discard_size": "discards", "unused_power_for": "top discard's unused power for",
                   "stock": "stock", "power": "power to use", "trade_from": "queen trade from slot",
                   "caller": "Cactus called by", "passed": "let the top discard go",
                   "turns": "turns played", "reshuffles": "stock rebuilt"}}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.actions = a
        self.DRAW = a.verb("draw")
        self.TAKE = a.verb("take")
        self.DISCARD = a.verb("discard")
        self.PASS = a.verb("pass")
        self.DONE = a.verb("done")
        self.CACTUS = a.verb("cactus")
        slots = range(1, MAX_SLOTS + 1)
        self.SWAP = a.numbers("swap", slots)
        self.PEEK = a.numbers("peek", slots)
        self.SPY = a.numbers("spy", slots)
        self.TRADE = a.numbers("trade", slots)
        self.FOR = a.numbers("for", slots)
        self.MATCH = a.numbers("match", slots)

    def num_players(self, state):
        return 2

    # -- setup ---------------------------------------------------------------
    def _setup(self, s):
        pack = s.deal_pack(DECK, 0)
        s.layouts = [[], []]
        for i in range(8):
            s.layouts[i % 2].append(pack[i])
        s.stock = pack[8:][::-1]
        s.discard = []
        s.top_unused = None
        s.held = None
        s.held_from = None
        s.turn = 0
        s.power = None
        s.trade_from = None
        s.caller = None
        s.passed = 0
        s.seen = [0, 0, 0]          # what seat 0, seat 1 and everyone have seen
        s.turns = 0
        s.reshuffles = 0
        s.log("layouts_dealt", None, slots=[4, 4])
        self._start_turn(s, 0)

    # -- who acts --------------------------------------------------------------
    def _can_match(self, s, p):
        return bool(s.discard) and any(c is not None for c in s.layouts[p])

    def _set_to_act(self, s):
        other = 1 - s.turn
        if self._can_match(s, other) and not (s.passed >> other) & 1:
            s.to_act = (0, 1)
        else:
            s.to_act = (s.turn,)

    def _start_turn(self, s, p):
        s.turn = p
        s.phase = Phase.DRAW
        s.held = None
        s.held_from = None
        s.power = None
        s.trade_from = None
        self._set_to_act(s)

    def _occupied(self, s, p):
        return [i for i, c in enumerate(s.layouts[p]) if c is not None]

    def _match_actions(self, s, p):
        if not s.discard:
            return []
        return [self.MATCH + i for i in self._occupied(s, p)]

    # -- phases: every phase also offers matching ------------------------------
    def _legal_common(self, s, seat, own):
        if seat != s.turn:
            return self._match_actions(s, seat) + [self.PASS]
        return own + self._match_actions(s, seat)

    def _ensure_stock(self, s):
        if s.stock or len(s.discard) <= 1:
            return
        rebuild_stock(s, "cactus-restock")

    def _can_take(self, s, seat):
        if not s.discard:
            return False
        top = s.discard[-1]
        return bool(self._occupied(s, seat)) or self._power_for(s, seat)

    @staticmethod
    def _power_for(s, seat) -> bool:
        """Whether ``seat`` may take the top discard for its unused power: it
        left the opponent's layout (Power cards)."""
        return s.top_unused is not None and s.top_unused != seat \
            and power_of(s.discard[-1]) is not None

    def _legal_draw(self, s, seat):
        own = []
        if s.stock or len(s.discard) > 1:
            own.append(self.DRAW)
        if self._can_take(s, seat):
            own.append(self.TAKE)
        if not own:
            own.append(self.DONE)
        return self._legal_common(s, seat, own)

    def _legal_hold(self, s, seat):
        own = [self.SWAP + i for i in self._occupied(s, seat)]
        if s.held_from in ("stock", "unused") or not own:
            own.append(self.DISCARD)
        return self._legal_common(s, seat, own)

    def _legal_power(self, s, seat):
        p = s.power
        if p == "peek":
            own = [self.PEEK + i for i in self._occupied(s, seat)]
        elif p == "spy":
            own = [self.SPY + i for i in self._occupied(s, 1 - seat)]
        else:
            own = [self.TRADE + i for i in self._occupied(s, seat)] \
                if self._occupied(s, 1 - seat) else []
        return self._legal_common(s, seat, own + [self.PASS])

    def _legal_trade(self, s, seat):
        own = [self.FOR + i for i in self._occupied(s, 1 - s.turn)]
        if not own or s.layouts[s.turn][s.trade_from] is None:
            own = [self.PASS]       # a match in between emptied a slot of the exchange
        return self._legal_common(s, seat, own)

    def _legal_end(self, s, seat):
        return self._legal_common(s, seat, [self.DONE, self.CACTUS])

    # -- applying ----------------------------------------------------------------
    def _apply_any(self, s, seat, action):
        if self.MATCH <= action < self.MATCH + MAX_SLOTS:
            self._match(s, seat, action - self.MATCH)
            return True
        if seat != s.turn and action == self.PASS:
            s.passed |= 1 << seat
            s.log("let_go", seat)
            self._set_to_act(s)
            return True
        return False

    def _apply_draw(self, s, seat, action):
        if self._apply_any(s, seat, action):
            return
        if action == self.DONE:
            s.log("no_draw", seat)
            self._end_turn(s, seat)
            return
        if action == self.DRAW:
            self._ensure_stock(s)
            card = s.stock.pop()
            s.held, s.held_from = card, "stock"
            s.seen[seat] |= 1 << card
            s.log("draw", seat, audience=(seat,), private={"card": Card(card)},
                  stock=len(s.stock))
        else:
            unused = self._power_for(s, seat)
            card = s.discard.pop()
            s.held, s.held_from = card, ("unused" if unused else "discard")
            s.top_unused = None
            s.passed = 0
            s.log("take", seat, card=Card(card), unused_power=unused)
        s.phase = Phase.HOLD
        self._set_to_act(s)

    def _apply_hold(self, s, seat, action):
        if self._apply_any(s, seat, action):
            return
        card = s.held
        if action == self.DISCARD:
            power = power_of(card) if s.held_from in ("stock", "unused") else None
            self._to_discard(s, card, from_layout=None)
            s.held, s.held_from = None, None
            s.log("discard", seat, card=Card(card), power=power)
            if power is not None:
                s.power = power
                s.phase = Phase.POWER
                self._set_to_act(s)
                return
            self._end_turn(s, seat)
            return
        slot = action - self.SWAP
        old = s.layouts[seat][slot]
        s.layouts[seat][slot] = card
        public_card = s.held_from != "stock"
        s.held, s.held_from = None, None
        self._to_discard(s, old, from_layout=seat)
        s.log("swap", seat, slot=slot + 1, discarded=Card(old),
              placed=Card(card) if public_card else None,
              audience=(seat,), private={"placed": Card(card)})
        self._end_turn(s, seat)

    def _apply_power(self, s, seat, action):
        if self._apply_any(s, seat, action):
            return
        if action == self.PASS:
            s.log("power_declined", seat, power=s.power)
            self._end_turn(s, seat)
            return
        if s.power == "peek":
            slot = action - self.PEEK
            card = s.layouts[seat][slot]
            s.seen[seat] |= 1 << card
            s.log("peek", seat, slot=slot + 1, audience=(seat,), private={"card": Card(card)})
            self._end_turn(s, seat)
        elif s.power == "spy":
            slot = action - self.SPY
            card = s.layouts[1 - seat][slot]
            s.seen[seat] |= 1 << card
            s.log("spy", seat, slot=slot + 1, audience=(seat,), private={"card": Card(card)})
            self._end_turn(s, seat)
        else:
            s.trade_from = action - self.TRADE
            s.phase = Phase.TRADE
            self._set_to_act(s)

    def _apply_trade(self, s, seat, action):
        if self._apply_any(s, seat, action):
            return
        if action == self.PASS:
            s.log("power_declined", seat, power="trade")
            s.trade_from = None
            self._end_turn(s, seat)
            return
        mine = s.trade_from
        theirs = action - self.FOR
        a, b = s.layouts[seat][mine], s.layouts[1 - seat][theirs]
        s.layouts[seat][mine], s.layouts[1 - seat][theirs] = b, a
        s.log("trade", seat, slot=mine + 1, other_slot=theirs + 1)
        s.trade_from = None
        self._end_turn(s, seat)

    def _apply_end(self, s, seat, action):
        if self._apply_any(s, seat, action):
            return
        if action == self.CACTUS:
            s.caller = seat
            s.log("cactus", seat)
        self._next_turn(s, seat)

    def _end_turn(self, s, seat):
        s.power = None
        if s.caller is not None:
            # the opponent's last turn (Ending the game) is over
            self._finish(s)
            return
        s.phase = Phase.END
        self._set_to_act(s)

    def _next_turn(self, s, seat):
        s.turns += 1
        self._start_turn(s, 1 - seat)

    def _to_discard(self, s, card, from_layout):
        """``card`` goes face up onto the discard pile; ``from_layout``: the
        seat whose layout it left (None: discarded from the hand)."""
        for p in (0, 1, 2):
            s.seen[p] |= 1 << card          # discards lie face up
        s.discard.append(card)
        s.top_unused = from_layout if power_of(card) is not None else None
        s.passed = 0

    # -- matching ------------------------------------------------------------------
    def _match(self, s, seat, slot):
        card = s.layouts[seat][slot]
        top = s.discard[-1]
        for p in (0, 1, 2):
            s.seen[p] |= 1 << card          # turned face up for both
        if RANK[card] == RANK[top]:
            s.layouts[seat][slot] = None
            self._to_discard(s, card, from_layout=seat)
            s.log("match", seat, slot=slot + 1, card=Card(card), matched=True)
        else:
            new = []
            for _ in range(2):
                self._ensure_stock(s)
                if not s.stock:
                    break
                extra = s.stock.pop()
                layout = s.layouts[seat]
                if None in layout:
                    i = layout.index(None)
                    layout[i] = extra
                else:
                    layout.append(extra)
                    i = len(layout) - 1
                new.append(i + 1)
            s.log("match", seat, slot=slot + 1, card=Card(card), matched=False,
                  penalty_slots=new)
        self._set_to_act(s)

    # -- the end ---------------------------------------------------------------------
    def _finish(self, s):
        totals = tuple(layout_total(l) for l in s.layouts)
        if totals[0] == totals[1]:
            winners, reason = (), f"both total {totals[0]}: a draw"
        else:
            w = 0 if totals[0] < totals[1] else 1
            winners = (w,)
            reason = f"seat {w} has the lower total, {totals[w]} to {totals[1 - w]}"
        self.finish(s, Outcome(totals, winners, reason, details={
            "layouts": [[None if c is None else DECK.text(c) for c in l] for l in s.layouts],
            "caller": s.caller}))

    def why_illegal(self, s, seat, action):
        slot_blocks = ((self.SWAP, "your"), (self.PEEK, "your"), (self.TRADE, "your"),
                       (self.MATCH, "your"), (self.SPY, "the opponent's"),
                       (self.FOR, "the opponent's"))
        for start, whose in slot_blocks:
            if start <= action < start + MAX_SLOTS:
                if start == self.MATCH and not s.discard:
                    return "there is no discard to match"
                return (f"{self.action_text(action)} is not possible now: {whose} slot "
                        f"{action - start + 1} holds no card, or this is not that step")
        if seat != s.turn and action != self.PASS:
            return "out of turn you may only match the top discard or pass"
        if action == self.TAKE:
            return "the top discard can be taken only to swap it (or to use an unused power)"
        if action == self.DISCARD:
            return "a card taken from the discard pile must be swapped into your layout"
        if action == self.CACTUS:
            return "Cactus is called once, at the end of your turn"
        return super().why_illegal(s, seat, action)

    # -- views -------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if s.outcome is None:
            v["layouts"] = [["down" if c is not None else None for c in l] for l in s.layouts]
        else:       # Ending the game: both layouts are turned up
            v["layouts"] = [[None if c is None else Card(c) for c in l] for l in s.layouts]
        v["turn"] = s.turn
        public_held = s.held is not None and s.held_from != "stock"
        if s.held is not None and (seat == s.turn or public_held):
            v["held"] = Card(s.held)
        else:
            v["held"] = None
        v["holding"] = s.held is not None
        v["held_from"] = s.held_from
        v["discard_top"] = Card(s.discard[-1]) if s.discard else None
        v["discard_size"] = len(s.discard)
        v["unused_power_for"] = None if s.top_unused is None else 1 - s.top_unused
        v["stock"] = len(s.stock)
        v["power"] = s.power
        v["trade_from"] = None if s.trade_from is None else s.trade_from + 1
        v["caller"] = s.caller
        v["passed"] = [p for p in (0, 1) if (s.passed >> p) & 1]
        v["turns"] = s.turns
        v["reshuffles"] = s.reshuffles

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "discard": mask_of(s.discard),
             "held": 0 if s.held is None else 1 << s.held}
        for p in (0, 1):
            z[f"layout{p}"] = mask_of(c for c in s.layouts[p] if c is not None)
        return z

    def unknown_cards(self, s, seat):
        m = mask_of(s.stock)
        if s.outcome is not None:       # the layouts are turned up at the end
            return m & ~s.seen[2 if seat is None else seat]
        for l in s.layouts:
            m |= mask_of(c for c in l if c is not None)
        if s.held is not None and s.held_from == "stock":
            m |= 1 << s.held
        return m & ~s.seen[2 if seat is None else seat]

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        held = view["held"]
        top = view["discard_top"]
        fixed = 0
        if held is not None:
            fixed |= 1 << int(held)
        if top is not None:
            fixed |= 1 << int(top)
        counts = {"stock": view["stock"],
                  "below": max(0, view["discard_size"] - 1)}
        if view["holding"] and held is None:
            counts["held"] = 1
        for p in (0, 1):
            for i, x in enumerate(view["layouts"][p]):
                if x == "down":
                    counts[f"l{p}_{i}"] = 1
                elif x is not None:          # the end turned the layouts up
                    fixed |= 1 << int(x)
        placed = sample_hands(DECK.all_mask & ~fixed, counts, rng)
        s.layouts = [[None if x is None else ids(placed[f"l{p}_{i}"])[0] if x == "down"
                      else int(x) for i, x in enumerate(view["layouts"][p])] for p in (0, 1)]
        s.stock = shuffled(placed["stock"], rng)
        s.discard = shuffled(placed["below"], rng) + ([int(top)] if top is not None else [])
        s.top_unused = None if view["unused_power_for"] is None else 1 - view["unused_power_for"]
        if view["holding"]:
            s.held = int(held) if held is not None else ids(placed["held"])[0]
        else:
            s.held = None
        s.held_from = view["held_from"]
        s.turn = view["turn"]
        s.power = view["power"]
        s.trade_from = None if view["trade_from"] is None else view["trade_from"] - 1
        s.caller = view["caller"]
        s.passed = mask_of(view["passed"])
        s.seen = [0, 0, 0]
        if seat is not None and s.held is not None and s.held_from == "stock" and seat == s.turn:
            s.seen[seat] |= 1 << s.held
        s.turns = view["turns"]
        s.reshuffles = view["reshuffles"]
        return s
