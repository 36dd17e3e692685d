"""Musta Maija, the attack-and-beat game with the queen of spades.

Rule source: seed 000 ("My Games"), ch. 28 (Musta Maija): 28.1 Setup,
28.2 Gameplay, 28.3 End of game; and ch. 32/33 problem 1 (the game can go
on for ever with an odd number of players).

Decisions where the seed is silent (pinned in tests/games/test_musta_maija.py):

- 28.1: the last seat deals, one card at a time from seat 0; seat 0 attacks
  first.  The trump card is the next card of the pack, put face up at the
  bottom of the stock (drawn last).  A turned spade goes back into the
  stock at its middle (position ``len(stock) // 2`` counted from the bottom).
- 28.2 (playing as one action): an attack is entered one card at a time
  (``7H`` then ``9H`` ..., then ``done``); nothing else can happen in
  between, so it is still one action of the rules.  The attack ends by
  itself when no further card may be added (the defender's hand size is
  reached or the attacker has no more cards of the suit).
- 28.2 (beating as one action): the defender names a card on the table
  (``beat 7H``) and then the card that beats it (``9H``); ``take`` picks up
  every card still unbeaten.  Beating only some cards and taking the rest is
  allowed ("could not or did not want to").
- 28.2 (refilling): the attacker draws up to five right after his attack,
  the defender right after his defence.
- 28.2: after a full defence the defender attacks next; if he has run out
  (28.3), the player on his left does.  The defender is always the next
  player on the attacker's left who is still in.
- 28.2: cards picked up from the table were seen by everyone; the view
  lists them as ``shown`` in the taker's hand until he plays them.  So is
  the trump card once somebody draws it.
- 28.3: if the attacker's last cards leave only the defender holding cards,
  the defender is the loser whatever he does (he was the last to hold
  cards), even if he beats everything with his last cards.
- Problem 1 (deadlock): with an odd number of players the game need not
  end.  A *position* is the attacker, every hand and the stock size at the
  start of an attack.  When a position occurs for the third time
  (option ``repetitions``) the game ends as a deadlock: the players already
  out win, those still holding cards share the loss (a draw when nobody is
  out yet).  Positions are finite, so every game ends.  The outcome's
  reason says "deadlock" and ``details["deadlock"]`` is true.  A game begun
  with an even number of players can still end so once players have gone out
  and an odd number remain (problem 1 applies to the players still in).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, sample_hands, shuffled, unknown_hand_zones
from ..cards.deck import SPADES, Card, CardSet, ids, mask_of, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
MAIJA = DECK.parse("QS")
HAND = 5
RANK = DECK.rank_of
SUIT = DECK.suit_of
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


class Phase(enum.Enum):
    ATTACK = 1
    DEFEND = 2
    BEAT = 3


@dataclass(frozen=True)
class MustaMaijaOptions:
    players: int = option(4, "number of players", min=3, max=6)
    repetitions: int = option(3, "a position seen this many times ends the game as a deadlock "
                                 "(problem 1)", min=2, max=10)


class MustaMaijaState(State):
    __slots__ = ("hands", "stock", "trump", "trump_card", "returned", "table", "beaten",
                 "discard", "shown", "held", "out", "attacker", "defender", "target",
                 "limit", "positions", "attack_no")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.trump = self.trump
        new.trump_card = self.trump_card
        new.returned = self.returned
        new.table = self.table.copy()
        new.beaten = self.beaten.copy()
        new.discard = self.discard
        new.shown = self.shown.copy()
        new.held = self.held.copy()
        new.out = self.out.copy()
        new.attacker = self.attacker
        new.defender = self.defender
        new.target = self.target
        new.limit = self.limit
        new.positions = self.positions.copy()
        new.attack_no = self.attack_no


def beats(card: int, target: int, trump: int) -> bool:
    """28.2: a higher card of the suit, or any trump on a non-trump; the queen
    of spades neither beats nor is beaten."""
    if card == MAIJA or target == MAIJA:
        return False
    if SUIT[card] == SUIT[target]:
        return RANK[card] > RANK[target]
    return SUIT[card] == trump


@register
class MustaMaija(Game):
    info = GameInfo(
        id="musta-maija", name="Musta Maija", min_seats=3, max_seats=6, family="shedding",
        source="000 ch. 28 (Musta Maija)", hidden=True, chance=True,
        aliases=("black-maria-attack",),
        summary=(
            "Three to six players, five cards each, the rest a stock; the card under "
            "the stock names trumps (never spades). On your turn you attack the "
            "player on your left with one or more cards of a single suit, no more "
            "than he holds. He beats what he can: a higher card of the same suit, "
            "or any trump on a non-trump, one card each; beaten and beating cards "
            "leave the game. If he beats them all he attacks next; otherwise he "
            "picks up the rest and the player on his left attacks. The queen of "
            "spades (Musta Maija) counts as a spade but can neither beat nor be "
            "beaten. Draw back up to five while the stock lasts; with the stock "
            "gone, an empty hand is out. The last player holding cards loses. A "
            "position repeated three times ends the game as a deadlock."),
        verbs=(("7H", "attack with this card (more of the suit one by one), or beat "
                      "the chosen card with it"),
               ("done", "end your attack"),
               ("beat 7H", "choose the table card you will beat next"),
               ("take", "pick up every card you have not beaten")),
    )
    Options = MustaMaijaOptions
    Phase = Phase
    State = MustaMaijaState
    deck = DECK
    test_options = {"players": 3}
    web_layout = {
        "table": "cards",
        "show": {
            "hand": "hand", "hand_sizes": "backs",
            "shown": ["seat_cards", "known cards (picked up from the table)"],
            "stock": ["count", "stock"], "trump": ["banner", "trumps"],
            "trump_card": ["cards", "trump card (under the stock)"],
            "returned": ["cards", "spades turned back into the stock"],
            "table": ["cards", "attack (unbeaten cards)"], "beaten": ["cards", "beaten this attack"],
            "target": ["cards", "card being beaten"], "limit": ["info", "attack at most"],
            "attacker": ["tag", "attacks"], "defender": ["tag", "defends"],
            "discard": ["history", "out of play"],
        },
    }
    render_hints = {
        "seat_fields": ["attacker", "defender"],
        "hide": ["trump_card_seen"],
        "labels": {"hand_sizes": "cards", "shown": "known cards (picked up from the table)",
                   "trump_card": "trump card (under the stock)",
                   "returned": "spades turned back into the stock",
                   "table": "attack (unbeaten cards)", "beaten": "beaten this attack",
                   "discard": "out of play", "limit": "attack at most",
                   "target": "card being beaten", "out": "out (in order)",
                   "attack_no": "attacks so far"}}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.BEAT = self.actions.card_block("beat")
        self.DONE = self.actions.verb("done")
        self.TAKE = self.actions.verb("take")

    # -- setup -------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, 0)
        s.hands, rest = deal(pack, [HAND] * n, start=0)
        s.stock = rest[::-1]                  # top of the stock at the end
        s.returned = 0
        while True:
            card = s.stock.pop()
            if SUIT[card] != SPADES:
                break
            s.stock.insert(len(s.stock) // 2, card)
            s.returned |= 1 << card
            s.log("spade_returned", None, card=Card(card))
        s.stock.insert(0, card)
        s.trump_card = card
        s.trump = SUIT[card]
        s.log("trump", None, card=Card(card), suit=SUIT_NAMES[s.trump])
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND)
        s.table = []
        s.beaten = []
        s.discard = 0
        s.shown = [0] * n
        s.held = s.hands.copy()
        s.out = []
        s.target = None
        s.positions = {}
        s.attack_no = 0
        self._start_attack(s, 0)

    def _active(self, s, p):
        return bool(s.hands[p]) or bool(s.stock)

    def _left_active(self, s, p):
        n = len(s.hands)
        for k in range(1, n):
            q = (p + k) % n
            if self._active(s, q):
                return q
        return None

    def _start_attack(self, s, attacker):
        key = (attacker, tuple(s.hands), len(s.stock))
        seen = s.positions.get(key, 0) + 1
        s.positions[key] = seen
        if seen >= s.options.repetitions:
            self._end(s, None, deadlock=True)
            return
        s.attacker = attacker
        s.defender = self._left_active(s, attacker)
        s.limit = s.hands[s.defender].bit_count()
        s.table = []
        s.beaten = []
        s.attack_no += 1
        s.phase = Phase.ATTACK
        s.to_act = (attacker,)

    # -- attacking -----------------------------------------------------------
    def _suit_group(self, card):
        return SUIT[card]          # the queen of spades is a spade anyway

    def _addable(self, s, seat):
        if not s.table:
            return s.hands[seat]
        if len(s.table) >= s.limit:
            return 0
        return s.hands[seat] & DECK.suit_mask[SUIT[s.table[0]]]

    def _legal_attack(self, s, seat):
        legal = ids(self._addable(s, seat))
        if s.table:
            legal.append(self.DONE)
        return legal

    def _apply_attack(self, s, seat, action):
        if action != self.DONE:
            s.hands[seat] &= ~(1 << action)
            s.shown[seat] &= ~(1 << action)
            s.table.append(action)
            s.log("attack", seat, card=Card(action), defender=s.defender)
            if self._addable(s, seat):
                s.to_act = (seat,)
                return
        s.log("attack_done", seat, cards=[Card(c) for c in s.table], defender=s.defender)
        self._refill(s, seat)
        self._note_out(s, seat)
        s.phase = Phase.DEFEND
        s.to_act = (s.defender,)

    # -- defending -----------------------------------------------------------
    def _beatable(self, s, seat):
        hand = s.hands[seat]
        out = []
        for t in s.table:
            for c in ids(hand):
                if beats(c, t, s.trump):
                    out.append(t)
                    break
        return out

    def _legal_defend(self, s, seat):
        return [self.BEAT + t for t in sorted(self._beatable(s, seat))] + [self.TAKE]

    def _apply_defend(self, s, seat, action):
        if action == self.TAKE:
            taken = mask_of(s.table)
            s.hands[seat] |= taken
            s.shown[seat] |= taken
            s.held[seat] |= taken
            s.log("take", seat, cards=CardSet(taken))
            s.table = []
            self._after_defence(s, seat, beat_all=False)
            return
        s.target = action - self.BEAT
        s.phase = Phase.BEAT
        s.to_act = (seat,)

    def _legal_beat(self, s, seat):
        t, trump = s.target, s.trump
        return [c for c in ids(s.hands[seat]) if beats(c, t, trump)]

    def _apply_beat(self, s, seat, card):
        t = s.target
        s.hands[seat] &= ~(1 << card)
        s.shown[seat] &= ~(1 << card)
        s.table.remove(t)
        s.beaten.append((t, card))
        s.discard |= (1 << t) | (1 << card)
        s.target = None
        s.log("beat", seat, card=Card(card), target=Card(t))
        if s.table:
            s.phase = Phase.DEFEND
            s.to_act = (seat,)
            return
        self._after_defence(s, seat, beat_all=True)

    def _after_defence(self, s, seat, beat_all):
        self._refill(s, seat)
        self._note_out(s, seat)
        holders = [p for p in range(len(s.hands)) if s.hands[p]]
        if not s.stock and len(holders) <= 1:
            self._end(s, holders[0] if holders else seat)
            return
        if beat_all and self._active(s, seat):
            nxt = seat
        else:
            nxt = self._left_active(s, seat)
        self._start_attack(s, nxt)

    # -- stock and going out ------------------------------------------------
    def _refill(self, s, seat):
        need = HAND - s.hands[seat].bit_count()
        if need <= 0 or not s.stock:
            return
        drawn = 0
        trump_drawn = None
        for _ in range(min(need, len(s.stock))):
            c = s.stock.pop()
            if c == s.trump_card:
                trump_drawn = c
                s.shown[seat] |= 1 << c
            drawn |= 1 << c
        s.hands[seat] |= drawn
        s.held[seat] |= drawn
        s.log("draw", seat, audience=(seat,), private={"cards": CardSet(drawn)},
              count=drawn.bit_count(), stock=len(s.stock),
              trump_card=None if trump_drawn is None else Card(trump_drawn))

    def _note_out(self, s, seat):
        if not s.hands[seat] and not s.stock and seat not in s.out:
            s.out.append(seat)
            s.log("out", seat, place=len(s.out))

    def _end(self, s, loser, deadlock=False):
        n = len(s.hands)
        if deadlock:
            losers = [p for p in range(n) if s.hands[p]]
            winners = tuple(s.out) if s.out else ()
            reason = ("deadlock: a position repeated "
                      f"{s.options.repetitions} times; " +
                      (f"seats {', '.join(map(str, sorted(losers)))} still hold cards"))
        else:
            losers = [loser]
            winners = tuple(p for p in range(n) if p != loser)
            reason = f"seat {loser} is left holding cards and loses"
        scores = tuple(0 if p in losers else 1 for p in range(n))
        self.finish(s, Outcome(scores, tuple(sorted(winners)), reason,
                               details={"deadlock": deadlock, "out_order": list(s.out),
                                        "losers": sorted(losers)}))

    def why_illegal(self, s, seat, action):
        if 0 <= action < 52:
            if not (s.hands[seat] >> action) & 1:
                return f"{DECK.text(action)} is not in your hand"
            if s.phase is Phase.ATTACK:
                if len(s.table) >= s.limit:
                    return f"you may attack with at most {s.limit} cards (the defender's hand)"
                return f"an attack is all one suit ({SUIT_NAMES[SUIT[s.table[0]]]})"
            if s.phase is Phase.BEAT:
                if action == MAIJA:
                    return "Musta Maija cannot beat anything"
                return (f"{DECK.text(action)} does not beat {DECK.text(s.target)} "
                        "(a higher card of its suit, or a trump)")
            return "first name the table card you will beat (beat CARD), or take"
        if self.BEAT <= action < self.BEAT + 52:
            t = action - self.BEAT
            if t == MAIJA:
                return "Musta Maija cannot be beaten"
            if t not in s.table:
                return f"{DECK.text(t)} is not an unbeaten card on the table"
            return f"nothing in your hand beats {DECK.text(t)}"
        return super().why_illegal(s, seat, action)

    # -- views ---------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["shown"] = [CardSet(x) for x in s.shown]
        v["stock"] = len(s.stock)
        v["trump"] = SUIT_NAMES[s.trump]
        v["trump_card"] = Card(s.trump_card) if s.stock and s.stock[0] == s.trump_card else None
        v["trump_card_seen"] = Card(s.trump_card)
        v["returned"] = CardSet(s.returned)
        v["table"] = [Card(c) for c in s.table]
        # pairs as dicts: a list [card, card] reads as a play [seat, card] on screen
        v["beaten"] = [{"card": Card(a), "by": Card(b)} for a, b in s.beaten]
        v["discard"] = CardSet(s.discard)
        v["attacker"] = s.attacker
        v["defender"] = s.defender
        v["limit"] = s.limit
        v["target"] = None if s.target is None else Card(s.target)
        v["out"] = list(s.out)
        v["attack_no"] = s.attack_no

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "table": mask_of(s.table), "discard": s.discard}
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        m = mask_of(s.stock)
        for p, h in enumerate(s.hands):
            if p != seat:
                m |= h & ~s.shown[p]
        m &= ~(s.returned | (1 << s.trump_card))    # turned face up at the start (28.1)
        if seat is not None:
            m &= ~s.held[seat]
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        sizes = view["hand_sizes"]
        shown = [int(x) for x in view["shown"]]
        own = int(view["hand"]) if seat is not None else 0
        table = [int(c) for c in view["table"]]
        discard = int(view["discard"])
        trump_card = int(view["trump_card_seen"])
        in_stock = view["trump_card"] is not None
        fixed = own | mask_of(table) | discard
        for x in shown:
            fixed |= x
        if in_stock:
            fixed |= 1 << trump_card
        counts = unknown_hand_zones(sizes, shown, seat)
        counts["stock"] = view["stock"] - (1 if in_stock else 0)
        trump = SUIT_NAMES.index(view["trump"])
        pinned = [0] * n
        target = view["target"]
        d = view["defender"]
        if target is not None and d != seat and not any(
                beats(c, int(target), trump) for c in ids(shown[d])):
            # the defender named a card to beat: he holds a card that beats it
            pool = [c for c in ids(DECK.all_mask & ~fixed) if beats(c, int(target), trump)]
            pinned[d] = 1 << rng.choice(pool)
            fixed |= pinned[d]
            counts[f"hand{d}"] -= 1
        placed = sample_hands(DECK.all_mask & ~fixed, counts, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] | shown[p] | pinned[p]
                   for p in range(n)]
        s.stock = ([trump_card] if in_stock else []) + shuffled(placed["stock"], rng)
        s.trump_card = trump_card
        s.trump = trump
        s.returned = int(view["returned"])
        s.table = table
        s.beaten = [(int(x["card"]), int(x["by"])) for x in view["beaten"]]
        s.discard = discard
        s.shown = shown
        s.held = [h | x for h, x in zip(s.hands, shown)]
        s.out = list(view["out"])
        s.attacker = view["attacker"]
        s.defender = view["defender"]
        s.limit = view["limit"]
        s.target = None if view["target"] is None else int(view["target"])
        s.attack_no = view["attack_no"]
        s.positions = {}          # the record of positions is the referee's, not in a view
        return s
