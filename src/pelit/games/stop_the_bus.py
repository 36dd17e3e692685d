"""Stop the Bus (also called Bastard), a commerce game of three-card Brag hands.

Rule source: seed 001 (ten games from a card-game site), "Stop the Bus
(Bastard)": Setup, Game play.  Hands rank by ``cards.brag`` (prial of threes
and the A-2-3 run on top; the decision is written there).

A turn is an exchange: ``take CARD`` (one of the three face-up cards in the
middle), then a card from the hand (``7H``) goes face up into the middle in
its place.  A player content with the hand his exchange leaves him puts the
card back with ``stop 7H`` ("stop the bus"): everyone else has one more
turn, then all hands are shown and the worst Brag hand gives up a token.

Decisions where the seed is silent (pinned in tests/games/test_stop_the_bus.py):

- Setup: three tokens each (option ``tokens``); seat 0 deals the first
  hand; cards go one at a time from the dealer's left, three each, then
  three face up in the middle; the rest is set aside unseen.
- Game play: a turn must change the hand: the card put back may not be the
  one just taken (putting it back would be a pass, which the rules do not
  offer).  "Stop the bus" is said at the end of one's own turn, with the
  exchange made, as Stop the Bus is played at the table (and as in Knock
  Poker, which the seed likens it to, the knock follows the discard): the
  exchange and the call are one action, ``stop CARD``.  It may be said on
  the first turn; once said, nobody else may say it that hand, and the
  caller has no further turn before the showdown.
- The showdown: when several hands tie for the worst, each of them gives up
  a token; if that would leave nobody with a token, nobody gives one up and
  the next hand is dealt.  Players with no token are out: they are dealt no
  cards and the deal skips them.  The deal passes to the next player still
  in on the dealer's left.
- The cards taken from the middle are seen by everyone, so they are known
  to be in the taker's hand until he puts them back.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.brag import describe, hand_key
from ..cards.deal import deal, hands_with_known, sample_hands, unknown_hand_zones
from ..cards.deck import Card, CardSet, ids, mask_of, pretty, standard_deck
from ..cards.table_text import cards_line, dealt_line
from ..cards.tokens import last_in_outcome, left_in, log_outs, players_in
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, State, option
from ..core.registry import register

DECK = standard_deck("52")
HAND = 3


class Phase(enum.Enum):
    TURN = 1         # take a face-up card
    DISCARD = 2      # put a hand card face up in its place (and stop the bus)


@dataclass(frozen=True)
class StopTheBusOptions:
    players: int = option(4, "number of players", min=2, max=6)
    tokens: int = option(3, "tokens each at the start", min=1, max=20)


class StopTheBusState(State):
    __slots__ = ("hands", "middle", "stub", "tokens", "dealer", "turn", "caller",
                 "taken", "known", "deal_no", "last_showdown")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.middle = self.middle.copy()
        new.stub = self.stub
        new.tokens = self.tokens.copy()
        new.dealer = self.dealer
        new.turn = self.turn
        new.caller = self.caller
        new.taken = self.taken
        new.known = self.known.copy()
        new.deal_no = self.deal_no
        new.last_showdown = self.last_showdown


def worst_hands(keys: dict) -> list[int]:
    """The seats whose hand key is the lowest (several on a tie)."""
    low = min(keys.values())
    return sorted(p for p, k in keys.items() if k == low)


def token_losers(keys: dict, tokens) -> list[int]:
    """The seats that give up a token after a showdown (decision: every tied
    worst hand, unless that would leave nobody with a token)."""
    worst = worst_hands(keys)
    if all(tokens[p] <= 1 for p in keys) and len(worst) == len(keys):
        return []
    return worst


@register
class StopTheBus(Game):
    info = GameInfo(
        id="stop-the-bus", name="Stop the Bus", min_seats=2, max_seats=6,
        family="commerce (Brag hands)", source="001 Stop the Bus (Bastard)",
        hidden=True, chance=True, aliases=("bastard",), rules_version=2,
        summary=(
            "Two to six players with a few tokens each. Everyone gets three cards "
            "and three more lie face up in the middle. On your turn take one of "
            "the middle cards and put one of your own face up in its place. When "
            "you like the hand your exchange leaves you, say 'stop the bus' as you put the "
            "card back: "
            "everyone else has one more turn, then all hands are shown and the "
            "worst three-card Brag hand gives up a token (prial, running flush, "
            "run, flush, pair, high card; three threes and A-2-3 are the best of "
            "their kinds). Without tokens you are out; the last player with a "
            "token wins."),
        verbs=(("take 7H", "take this face-up card from the middle"),
               ("7H", "put this card of your hand face up in its place"),
               ("stop 7H", "put 7H face up in its place and stop the bus: everyone "
                           "else has one more turn")),
    )
    Options = StopTheBusOptions
    Phase = Phase
    State = StopTheBusState
    deck = DECK
    test_options = {"players": 3, "tokens": 2}
    web_layout = {
        "table": "cards",
        "show": {"hand": "hand", "your_hand": ["info", "your hand is"],
                 "middle": ["cards", "face up in the middle"], "taken": ["info", "just taken"],
                 "hand_sizes": "backs", "known": ["seat_cards", "taken from the middle"],
                 "tokens": ["chips", "tokens"], "dealer": "tag",
                 "caller": ["tag", "stopped the bus"], "last_showdown": ["text", "last showdown"]},
        "sheet": {"event": "showdown", "total": "tokens", "start": "tokens",
                  "hide": ["loses_token"]},
    }
    render_hints = {
        "hide": ["hand_sizes"],
        "seat_fields": ["dealer", "turn", "caller"],
        "per_seat": ["tokens", "known"],
        "labels": {"middle": "face up in the middle", "tokens": "tokens",
                   "caller": "stopped the bus", "known": "taken from the middle",
                   "your_hand": "your hand is", "taken": "just taken",
                   "last_showdown": "last showdown"}}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.TAKE = a.card_block("take")
        self.STOP = a.card_block("stop")     # put the card back and stop the bus
        self.actions = a

    # -- dealing --------------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.tokens = [s.options.tokens] * n
        s.dealer = 0
        s.deal_no = 0
        s.last_showdown = None
        self._deal(s)

    def _deal(self, s):
        n = len(s.tokens)
        pack = s.deal_pack(DECK, s.deal_no)
        first = left_in(s.tokens, s.dealer)
        s.hands, rest = deal(pack, [HAND if t else 0 for t in s.tokens], start=first)
        s.middle = list(rest[:3])
        s.stub = mask_of(rest[3:])
        s.known = [0] * n
        s.caller = None
        s.taken = None
        for p in players_in(s.tokens):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=HAND)
        s.log("middle", None, cards=[Card(c) for c in s.middle], dealer=s.dealer)
        s.turn = first
        s.phase = Phase.TURN
        s.to_act = (s.turn,)

    # -- a turn ---------------------------------------------------------------------------
    def _legal_turn(self, s, seat):
        return [self.TAKE + c for c in s.middle]

    def _apply_turn(self, s, seat, action):
        card = action - self.TAKE
        s.taken = card
        s.hands[seat] |= 1 << card
        s.known[seat] |= 1 << card
        s.log("take", seat, card=Card(card))
        s.phase = Phase.DISCARD

    def _legal_discard(self, s, seat):
        back = ids(s.hands[seat] & ~(1 << s.taken))
        if s.caller is None:
            return back + [self.STOP + c for c in back]
        return back

    def _apply_discard(self, s, seat, action):
        stop = action >= self.STOP
        card = action - self.STOP if stop else action
        s.hands[seat] &= ~(1 << card)
        s.known[seat] &= ~(1 << card)
        s.middle[s.middle.index(s.taken)] = card
        s.log("discard", seat, card=Card(card), took=Card(s.taken))
        s.taken = None
        if stop:
            s.caller = seat
            s.log("stop_the_bus", seat)
        self._next_turn(s)

    def _next_turn(self, s):
        nxt = left_in(s.tokens, s.turn)
        if nxt == s.caller:
            self._showdown(s)
            return
        s.turn = nxt
        s.phase = Phase.TURN
        s.to_act = (nxt,)

    # -- the showdown --------------------------------------------------------------------
    def _showdown(self, s):
        active = players_in(s.tokens)
        keys = {p: hand_key(DECK, ids(s.hands[p])) for p in active}
        losers = token_losers(keys, s.tokens)
        for p in losers:
            s.tokens[p] -= 1
        s.last_showdown = "; ".join(
            f"seat {p}: {_hand_text(s.hands[p])}, {describe(keys[p])}"
            + (" (gives up a token)" if p in losers else "") for p in active)
        s.log("showdown", None, hands=[CardSet(s.hands[p]) if p in keys else None
                                       for p in range(len(s.tokens))],
              names=[describe(keys[p]) if p in keys else None for p in range(len(s.tokens))],
              loses_token=losers, tokens=list(s.tokens))
        winner = log_outs(s, losers)
        if winner is not None:
            self.finish(s, last_in_outcome(s.tokens, winner, f"seat {winner} is the last "
                                           "with a token", s.deal_no + 1))
            return
        s.dealer = left_in(s.tokens, s.dealer)
        s.deal_no += 1
        self._deal(s)

    def describe_event(self, event):
        """Exchanges in words; the showdown as one line a hand, the token losers marked."""
        kind, seat = event.get("kind"), event.get("seat")
        if kind == "take":
            return f"seat {seat} takes {pretty(DECK.text(event['card']))} from the middle"
        if kind == "discard":
            return f"seat {seat} puts {pretty(DECK.text(event['card']))} face up in its place"
        if kind == "stop_the_bus":
            return f"seat {seat} stops the bus: everyone else has one more turn"
        if kind == "middle":
            return f"face up in the middle: {_hand_text(mask_of(event['cards']))}"
        if kind == "dealt":
            # the others' deals say nothing the table does not show
            return dealt_line(DECK, event) if "cards" in event else None
        if kind != "showdown":
            return NotImplemented
        lines = ["showdown:"]
        for p, (cards, name) in enumerate(zip(event["hands"], event["names"])):
            if cards is not None:
                mark = "  - gives up a token" if p in event["loses_token"] else ""
                lines.append(f"  seat {p}: {cards_line(DECK, cards)}  {name}{mark}")
        if not event["loses_token"]:
            lines.append("  all tie: nobody gives up a token")
        return "\n".join(lines)

    def why_illegal(self, s, seat, action):
        if not isinstance(action, int):
            return super().why_illegal(s, seat, action)
        if self.TAKE <= action < self.TAKE + 52:
            if s.phase is Phase.DISCARD:
                return "you have taken a card; now put one of your hand face up in its place"
            return f"{DECK.text(action - self.TAKE)} is not face up in the middle"
        if self.STOP <= action < self.STOP + 52:
            if s.caller is not None:
                return f"seat {s.caller} has stopped the bus already: just put a card back"
            if s.phase is Phase.TURN:
                return ("take a card from the middle first; stop the bus as you put one "
                        "back (stop 7H)")
            action -= self.STOP
        if 0 <= action < 52:
            if s.phase is Phase.TURN:
                return "take a card from the middle first (take CARD), or stop"
            if action == s.taken:
                return "the card just taken may not go straight back"
            return f"{DECK.text(action)} is not in your hand"
        return super().why_illegal(s, seat, action)

    # -- views ------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None and s.hands[seat]:
            v["hand"] = CardSet(s.hands[seat])
            if s.hands[seat].bit_count() == HAND:
                v["your_hand"] = describe(hand_key(DECK, ids(s.hands[seat])))
        v["middle"] = [Card(c) for c in s.middle]
        v["taken"] = None if s.taken is None else Card(s.taken)
        v["known"] = [CardSet(k) for k in s.known]
        v["tokens"] = list(s.tokens)
        v["dealer"] = s.dealer
        v["turn"] = s.turn
        v["caller"] = s.caller
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["last_showdown"] = s.last_showdown

    def zones(self, s):
        # while a player exchanges, the card he took is in his hand, not the middle
        taken = 0 if s.taken is None else 1 << s.taken
        z = {"middle": mask_of(s.middle) & ~taken, "stub": s.stub}
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        m = s.stub
        if s.outcome is not None:        # the last showdown turned every hand up
            return m
        for p, h in enumerate(s.hands):
            if p != seat:
                m |= h & ~s.known[p]
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view.get("hand", 0)) if seat is not None else 0
        known = [int(k) for k in view["known"]]
        s.middle = [int(c) for c in view["middle"]]
        fixed = own | mask_of(s.middle)
        for k in known:
            fixed |= k
        counts = unknown_hand_zones(view["hand_sizes"], known, seat)
        unknown = DECK.all_mask & ~fixed
        counts["stub"] = unknown.bit_count() - sum(counts.values())
        placed = sample_hands(unknown, counts, rng)
        s.hands = hands_with_known(placed, own, known, seat)
        s.stub = placed["stub"]
        s.known = known
        s.tokens = list(view["tokens"])
        s.dealer = view["dealer"]
        s.turn = view["turn"]
        s.caller = view["caller"]
        s.taken = None if view["taken"] is None else int(view["taken"])
        s.deal_no = 0
        s.last_showdown = view["last_showdown"]
        return s


def _hand_text(mask: int) -> str:
    """Cards highest first, as a Brag hand is read."""
    return " ".join(pretty(DECK.text(c)) for c in sorted(ids(mask), key=lambda c: -DECK.rank_of[c]))
