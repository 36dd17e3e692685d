"""Speculation, the old betting game of the highest trump and the market in cards.

Rule source: seed 004 (ten games from a card-game site), "Speculation"
(line 1): Setup, Game play (The upcard, Play of the hand), Ending the hand.

Everyone antes into the pot and gets three cards face down that nobody may
look at, not even their owner; the dealer's upcard fixes trumps and belongs
to the dealer.  In turn from the left of the upcard's holder each player
turns up the top card of his stack (``turn up``); the holder of the highest
trump shown is skipped.  Whoever holds the high trump when nobody else has
a card left to turn takes the pot and deals next.

The market runs on the general offer protocol of ``core.offers``: a price
is named and the other side ``accept``s, ``decline``s or ``counter``s,
every counter giving ground, until a deal or a refusal.

- Selling the high trump (The upcard; Play of the hand): its holder may
  ``keep`` it or ``sell P to seat N``; the buyer answers.  A refused offer
  leaves the holder free to try another player (each player once per
  sale) or keep the card.  The money goes to the seller, never the pot.
- Buying unseen (Play of the hand, "between turns"): before each turn up,
  every player may ``buy P from seat N`` one face-down card of another
  player's stack, or ``pass``; the player whose turn it is may buy or
  ``turn up``.  This is a race window (``core.windows``): the turn up
  closes it.

Decisions where the seed is silent (pinned in tests/games/test_speculation.py):

- Setup: 20 chips each (option ``chips``) and an ante of 1 (option
  ``ante``); seat 0 deals first; cards go one at a time from the dealer's
  left.  A player who cannot ante is out of the match for good.  The match
  is 12 hands (option ``hands``) or ends earlier when fewer than two
  players can ante; the most chips wins (a tie shares the win).
- The upcard: the seller names a price to one buyer at a time (a firm
  price, haggled by counters); an auction is this repeated.  Prices are
  whole chips, at least 1, never more than the buyer holds.
- The ace rule: an ace of trumps turned up in play cannot be beaten either,
  so its holder takes the pot at once (nothing is left to sell it for).
- Play of the hand: the card bought unseen is the top of the seller's stack
  and goes face down to the bottom of the buyer's stack (the older rule
  books' way); nobody sees it.  Each player may make one offer to buy in
  each pause between two turns up.  The player whose turn comes round is
  skipped if he holds the high trump or has no face-down card left.
- Ending the hand: when nobody but the holder of the high trump has a
  face-down card left, nothing can beat it: the holder takes the pot and
  his own face-down cards stay unturned.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import ACE, SUIT_NAMES, Card, CardSet, mask_of, pretty, standard_deck
from ..cards.standings import most_wins
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, State, option
from ..core.offers import ACCEPTED, COUNTERED, Offer, OfferActions
from ..core.registry import register

DECK = standard_deck("52")
STACK = 3
MAX_SEATS = 10
MAX_CHIPS = 50
MAX_PRICE = MAX_SEATS * MAX_CHIPS          # every chip at the table
RANK, SUIT = DECK.rank_of, DECK.suit_of

TRUMP_SALE, UNSEEN = "trump", "unseen"      # the two things traded


class Phase(enum.Enum):
    SELL = 1       # the holder of a new high trump keeps it or offers it
    ANSWER = 2     # the other side of an offer answers it
    TURN = 3       # the next player turns up a card; anyone may offer to buy unseen


@dataclass(frozen=True)
class SpeculationOptions:
    players: int = option(4, "number of players", min=3, max=MAX_SEATS)
    chips: int = option(20, "chips each at the start", min=2, max=MAX_CHIPS)
    ante: int = option(1, "chips each player puts in the pot every hand", min=1, max=5)
    hands: int = option(12, "hands in the match (fewer if players run out of chips)",
                        min=1, max=200)


class SpeculationState(State):
    __slots__ = ("chips", "pot", "dealer", "hand_no", "playing", "stacks", "face_up",
                 "stub", "trump", "high", "holder", "turn", "offer", "tried", "spoke",
                 "results")

    def _copy_into(self, new):
        new.chips = self.chips.copy()
        new.pot = self.pot
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.playing = self.playing
        new.stacks = [st.copy() for st in self.stacks]
        new.face_up = self.face_up.copy()
        new.stub = self.stub
        new.trump = self.trump
        new.high = self.high
        new.holder = self.holder
        new.turn = self.turn
        new.offer = None if self.offer is None else self.offer.clone()
        new.tried = self.tried
        new.spoke = self.spoke
        new.results = self.results.copy()


def beats(card: int, high: int) -> bool:
    """Whether ``card`` is a trump higher than the high trump ``high``."""
    return SUIT[card] == SUIT[high] and RANK[card] > RANK[high]


@register
class Speculation(Game):
    info = GameInfo(
        id="speculation", name="Speculation", min_seats=3, max_seats=MAX_SEATS,
        family="betting (market in cards)", source="004 Speculation (line 1)",
        hidden=True, chance=True,
        summary=(
            "Everyone antes into the pot and gets three cards face down that nobody "
            "may look at, not even their owner. The dealer's upcard is trumps and "
            "belongs to the dealer (an ace wins the pot at once). In turn, from the "
            "left of whoever holds the upcard, each player turns up the top card "
            "of his stack; the holder of the highest trump shown is skipped. Whoever "
            "turns up a new highest trump may keep it or sell it to another player "
            "for whatever price they agree, and before each turn anyone may offer "
            "to buy one of another player's face-down cards unseen. Offers are "
            "accepted, declined or countered. Money from a sale goes to the seller; "
            "when nobody else has a card left to turn, the holder of the highest "
            "trump takes the pot and deals the next hand. The most chips after the "
            "last hand wins."),
        verbs=(("turn up", "turn up the top card of your face-down stack"),
               ("keep", "keep the high trump you hold"),
               ("sell 5 to seat 2", "offer your high trump to a player at a price"),
               ("buy 3 from seat 1", "offer to buy a player's face-down card unseen"),
               ("accept", "accept the price offered to you"),
               ("decline", "refuse the offer: no deal"),
               ("counter 4", "name a price of your own (it must give ground)"),
               ("pass", "make no offer before this turn")),
    )
    Options = SpeculationOptions
    Phase = Phase
    State = SpeculationState
    deck = DECK
    test_options = {"players": 3, "hands": 2, "chips": 6}
    render_hints = {
        "seat_fields": ["dealer", "holder", "turn", "buyer", "seller", "named_by", "answer_by"],
        "per_seat": ["chips", "face_up", "face_down"],
        "hide": ["spoke", "tried", "playing"],
        "table": ["results"],                 # one entry a hand, not a seat
        "labels": {"face_up": "cards turned up", "face_down": "face-down cards",
                   "high": "high trump", "holder": "holder of the high trump",
                   "turn": "turns up next", "hand_no": "hands played",
                   "results": "hands"},
        "not_cards_after": ["sell", "buy", "counter", "seat", "to", "from"]}
    web_layout = {
        "table": "betting",
        "show": {"chips": ["chips", "chips"], "pot": ["pot", "pot"], "dealer": "tag",
                 "trumps": ["banner", "trumps"], "high": ["banner", "high trump"],
                 "holder": ["tag", "holds the high trump"], "turn": ["tag", "turns up next"],
                 "face_up": ["seat_cards", "turned up"], "face_down": "backs",
                 "offer": {"role": "info", "label": "offer", "format": [
                     "the {item} {card} from {seller} to {buyer} at {price}; {answer_by} to answer",
                     "{item} from {seller} to {buyer} at {price}; {answer_by} to answer"]},
                 "hand_no": ["info", "hands played"]},
        "sheet": {"event": "pot_won", "total": "chips", "start": "chips"},
    }

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.TURN_UP = a.verb("turn up")
        self.KEEP = a.verb("keep")
        self.PASS = a.verb("pass")
        self.SELL = a.choice("sell", [f"{p} to seat {n}" for n in range(MAX_SEATS)
                                      for p in range(1, MAX_PRICE + 1)])
        self.BUY = a.choice("buy", [f"{p} from seat {n}" for n in range(MAX_SEATS)
                                    for p in range(1, MAX_PRICE + 1)])
        self.answers = OfferActions(a, MAX_PRICE)
        self.actions = a

    def _trade(self, base: int, seat: int, price: int) -> int:
        return base + seat * MAX_PRICE + price - 1

    def _split(self, base: int, action: int) -> tuple[int, int]:
        """(seat, price) of a sell or buy action."""
        seat, p = divmod(action - base, MAX_PRICE)
        return seat, p + 1

    def _is_sell(self, action):
        return self.SELL <= action < self.SELL + MAX_SEATS * MAX_PRICE

    def _is_buy(self, action):
        return self.BUY <= action < self.BUY + MAX_SEATS * MAX_PRICE

    # -- the deal -----------------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.chips = [s.options.chips] * n
        s.pot = 0
        s.dealer = 0
        s.hand_no = 0
        s.results = []
        s.offer = None
        s.tried = 0
        s.spoke = 0
        # a phase from the start: a match whose every hand ends at its upcard
        # (an ace of trumps each time) is over before any sale opens
        s.phase = Phase.SELL
        self._deal(s)

    def _players(self, s):
        return [p for p in range(len(s.chips)) if (s.playing >> p) & 1]

    def _deal(self, s):
        n = len(s.chips)
        ante = s.options.ante
        can_ante = [p for p in range(n) if s.chips[p] >= ante]
        if s.hand_no >= s.options.hands or len(can_ante) < 2:
            why = (f"{s.hand_no} hand{'' if s.hand_no == 1 else 's'} played" if s.hand_no >= s.options.hands
                   else "fewer than two players can ante")
            self.finish(s, most_wins(s.chips, why, details={"hands": s.hand_no}))
            return
        s.playing = mask_of(can_ante)
        while not (s.playing >> s.dealer) & 1:
            s.dealer = (s.dealer + 1) % n
        for p in can_ante:
            s.chips[p] -= ante
            s.pot += ante
        pack = s.deal_pack(DECK, s.hand_no)
        order = [(s.dealer + k) % n for k in range(1, n + 1)]
        order = [p for p in order if (s.playing >> p) & 1]
        s.stacks = [[] for _ in range(n)]
        pos = 0
        for _ in range(STACK):
            for p in order:
                s.stacks[p].append(pack[pos])          # each card dealt lands on top
                pos += 1
        up = pack[pos]
        s.stub = mask_of(pack[pos + 1:])
        s.face_up = [0] * n
        s.face_up[s.dealer] = 1 << up
        s.trump = SUIT[up]
        s.high = up
        s.holder = s.dealer
        s.turn = s.dealer
        s.offer = None
        s.log("dealt", None, dealer=s.dealer, players=order, pot=s.pot, chips=list(s.chips))
        s.log("upcard", s.dealer, card=Card(up), trumps=SUIT_NAMES[s.trump])
        if RANK[up] == ACE:
            self._win(s, s.dealer, "the upcard is the ace of trumps")
            return
        self._open_sale(s, s.dealer)

    # -- selling the high trump ------------------------------------------------------------
    def _open_sale(self, s, seat):
        s.tried = 0
        s.phase = Phase.SELL
        s.to_act = (seat,)

    def _buyers(self, s, seller):
        return [p for p in self._players(s) if p != seller and s.chips[p] >= 1
                and not (s.tried >> p) & 1]

    def _legal_sell(self, s, seat):
        legal = [self.KEEP]
        for p in self._buyers(s, seat):
            start = self._trade(self.SELL, p, 1)
            legal.extend(range(start, start + min(s.chips[p], MAX_PRICE)))
        return legal

    def _apply_sell(self, s, seat, action):
        if action == self.KEEP:
            s.log("keep", seat, card=Card(s.high))
            self._next_turn(s, seat)
            return
        buyer, price = self._split(self.SELL, action)
        s.tried |= 1 << buyer
        s.offer = Offer(buyer, seat, TRUMP_SALE, price, seat)
        s.log("offer", seat, to=buyer, sells=Card(s.high), price=price)
        s.phase = Phase.ANSWER
        s.to_act = (buyer,)

    # -- answering an offer -----------------------------------------------------------------
    def _legal_answer(self, s, seat):
        return self.answers.legal(s.offer, s.chips[s.offer.buyer])

    def _apply_answer(self, s, seat, action):
        offer = s.offer
        result = self.answers.apply(offer, action)
        if result == COUNTERED:
            s.log("counter", seat, price=offer.price)
            s.to_act = (offer.to_answer,)
            return
        s.offer = None
        sale = offer.item == TRUMP_SALE
        if result == ACCEPTED:
            s.log("accepted", seat, price=offer.price)
            s.chips[offer.buyer] -= offer.price
            s.chips[offer.seller] += offer.price
            if sale:
                s.face_up[offer.seller] &= ~(1 << s.high)
                s.face_up[offer.buyer] |= 1 << s.high
                s.holder = offer.buyer
                s.log("sold", offer.seller, card=Card(s.high), to=offer.buyer, price=offer.price)
                self._next_turn(s, offer.buyer)
            else:
                card = s.stacks[offer.seller].pop()
                s.stacks[offer.buyer].insert(0, card)
                s.log("bought_unseen", offer.buyer, seller=offer.seller, price=offer.price)
                self._open_turn(s)
            return
        s.log("declined", seat, price=offer.price)
        if sale:
            s.phase = Phase.SELL
            s.to_act = (offer.seller,)
        else:
            self._open_turn(s)

    # -- turning up, and buying unseen between turns --------------------------------------
    def _next_turn(self, s, after):
        """The turn passes to the left of ``after``, past the holder of the high
        trump and players with nothing left to turn; a new pause for offers."""
        n = len(s.chips)
        for k in range(1, n + 1):
            p = (after + k) % n
            if p != s.holder and s.stacks[p]:
                s.turn = p
                s.spoke = 0
                self._open_turn(s)
                return
        self._win(s, s.holder, "nobody else has a card left to turn up")

    def _may_offer(self, s, seat):
        if (s.spoke >> seat) & 1 or s.chips[seat] < 1:
            return False
        return any(s.stacks[p] for p in self._players(s) if p != seat)

    def _open_turn(self, s):
        """(Re)open the pause before ``s.turn`` turns up: the turn's player and
        everyone who may still offer to buy unseen act."""
        if s.turn == s.holder or not s.stacks[s.turn]:
            self._next_turn(s, s.turn)
            return
        s.phase = Phase.TURN
        s.to_act = tuple(p for p in self._players(s)
                         if p == s.turn or self._may_offer(s, p))

    def _legal_turn(self, s, seat):
        legal = [self.TURN_UP] if seat == s.turn else [self.PASS]
        if self._may_offer(s, seat):
            for p in self._players(s):
                if p != seat and s.stacks[p]:
                    start = self._trade(self.BUY, p, 1)
                    legal.extend(range(start, start + min(s.chips[seat], MAX_PRICE)))
        return legal

    def _apply_turn(self, s, seat, action):
        if action == self.PASS:
            s.spoke |= 1 << seat
            s.log("no_offer", seat)
            self._open_turn(s)
            return
        if action != self.TURN_UP:
            target, price = self._split(self.BUY, action)
            s.spoke |= 1 << seat
            s.offer = Offer(seat, target, UNSEEN, price, seat)
            s.log("offer", seat, to=target, buys="a face-down card", price=price)
            s.phase = Phase.ANSWER
            s.to_act = (target,)
            return
        card = s.stacks[seat].pop()
        s.face_up[seat] |= 1 << card
        new_high = beats(card, s.high)
        s.log("turn_up", seat, card=Card(card), new_high=new_high)
        if not new_high:
            self._next_turn(s, seat)
            return
        s.high = card
        s.holder = seat
        if RANK[card] == ACE:
            self._win(s, seat, "turned up the ace of trumps")
            return
        self._open_sale(s, seat)

    # -- the end of a hand -------------------------------------------------------------------
    def _win(self, s, seat, why):
        pot = s.pot
        s.chips[seat] += pot
        s.pot = 0
        s.results.append((seat, pot))
        s.log("pot_won", seat, pot=pot, card=Card(s.high), why=why, chips=list(s.chips))
        s.hand_no += 1
        s.dealer = seat
        self._deal(s)

    # -- refusals ----------------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        if not isinstance(action, int) or not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        why = self.answers.why_not(s.offer, seat, action, 0 if s.offer is None
                                   else s.chips[s.offer.buyer])
        if why is not None:
            return why
        if (self._is_sell(action) or action == self.KEEP) and s.phase != Phase.SELL:
            return "only the holder of a new high trump may keep or sell it, right after it shows"
        if self._is_sell(action):
            buyer, _ = self._split(self.SELL, action)
            if not (s.playing >> buyer) & 1 or buyer == seat:
                return f"seat {buyer} is not another player in this hand"
            if (s.tried >> buyer) & 1:
                return f"you have already offered it to seat {buyer}"
            return f"seat {buyer} has {s.chips[buyer]} chips: ask at most that"
        if self._is_buy(action):
            if s.phase != Phase.TURN:
                return "offers to buy unseen are made between turns"
            target, price = self._split(self.BUY, action)
            if (s.spoke >> seat) & 1:
                return "you have already made your offer before this turn"
            if target == seat or not (s.playing >> target) & 1 or not s.stacks[target]:
                return f"seat {target} has no face-down card to sell you"
            return f"you have {s.chips[seat]} chips: offer at most that"
        if action == self.TURN_UP:
            return f"seat {s.turn} turns up next" if s.phase == Phase.TURN \
                else "first settle the sale or the offer on the table"
        if action == self.PASS:
            return "it is your turn: turn up a card (or offer to buy first)"
        return super().why_illegal(s, seat, action)

    # -- text ------------------------------------------------------------------------------
    def describe_event(self, event):
        kind = event.get("kind")
        seat = event.get("seat")
        if kind == "offer":
            what = f"the {pretty(DECK.text(event['sells']))}" if "sells" in event else "a face-down card"
            verb = "offers" if "sells" in event else "offers to buy"
            prep = "to" if "sells" in event else "from"
            return f"seat {seat} {verb} {what} {prep} seat {event['to']} for {event['price']}"
        if kind == "counter":
            return f"seat {seat} counters: {event['price']}"
        if kind == "declined":
            return f"seat {seat} declines ({event['price']})"
        if kind == "accepted":
            return f"seat {seat} accepts: {event['price']}"
        if kind == "no_offer":
            return None
        if kind == "upcard":
            return (f"seat {seat} turns up the upcard {pretty(DECK.text(event['card']))}: "
                    f"{event['trumps']} are trumps")
        if kind == "keep":
            return f"seat {seat} keeps the {pretty(DECK.text(event['card']))}"
        if kind == "dealt":
            return (f"seat {event['dealer']} deals three cards face down to each; "
                    f"the pot holds {event['pot']}")
        if kind == "sold":
            return f"seat {seat} sells the {pretty(DECK.text(event['card']))} to seat {event['to']} for {event['price']}"
        if kind == "bought_unseen":
            return (f"seat {seat} buys a face-down card of seat {event['seller']} for "
                    f"{event['price']}, unseen: it goes under seat {seat}'s stack")
        if kind == "pot_won":
            return (f"seat {seat} takes the pot of {event['pot']} with the "
                    f"{pretty(DECK.text(event['card']))} ({event['why']})")
        if kind == "turn_up":
            new = ": a new high trump" if event["new_high"] else ""
            return f"seat {seat} turns up {pretty(DECK.text(event['card']))}{new}"
        return NotImplemented

    # -- views ------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        v["chips"] = list(s.chips)
        v["pot"] = s.pot
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no
        v["playing"] = self._players(s)
        v["trumps"] = SUIT_NAMES[s.trump]
        v["high"] = Card(s.high)
        v["holder"] = s.holder
        v["face_up"] = [CardSet(m) for m in s.face_up]
        v["face_down"] = [len(st) for st in s.stacks]
        pausing = s.outcome is None and (
            s.phase == Phase.TURN or (s.offer is not None and s.offer.item == UNSEEN))
        v["turn"] = s.turn if pausing else None
        v["spoke"] = [p for p in range(len(s.chips)) if (s.spoke >> p) & 1]
        v["tried"] = [p for p in range(len(s.chips)) if (s.tried >> p) & 1]
        if s.offer is None:
            v["offer"] = None
        else:
            v["offer"] = s.offer.to_json() | (
                {"item": "high trump", "card": Card(s.high)} if s.offer.item == TRUMP_SALE
                else {"item": "a face-down card"})
        v["results"] = [f"seat {w} took {pot}" for w, pot in s.results]

    def zones(self, s):
        z = {"stub": s.stub}
        for p in range(len(s.chips)):
            z[f"stack{p}"] = mask_of(s.stacks[p])
            z[f"up{p}"] = s.face_up[p]
        return z

    def unknown_cards(self, s, seat):
        # face-down cards are unseen by everyone, their owner too
        m = s.stub
        for st in s.stacks:
            m |= mask_of(st)
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        n = view["players"]
        s.chips = list(view["chips"])
        s.pot = view["pot"]
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"]
        s.playing = mask_of(view["playing"])
        s.face_up = [int(m) for m in view["face_up"]]
        shown = 0
        for m in s.face_up:
            shown |= m
        counts = {f"stack{p}": k for p, k in enumerate(view["face_down"])}
        unseen = DECK.all_mask & ~shown
        counts["stub"] = unseen.bit_count() - sum(counts.values())
        placed = sample_hands(unseen, counts, rng)
        s.stacks = [shuffled(placed[f"stack{p}"], rng) for p in range(n)]
        s.stub = placed["stub"]
        s.high = int(view["high"])
        s.trump = SUIT[s.high]
        s.holder = view["holder"]
        s.turn = view["turn"] if view["turn"] is not None else s.holder
        s.spoke = mask_of(view["spoke"])
        s.tried = mask_of(view["tried"])
        offer = view["offer"]
        s.offer = None if offer is None else Offer.from_json(
            offer, TRUMP_SALE if offer["item"] == "high trump" else UNSEEN)
        s.results = [tuple(int(w) for w in r.split()[1::2]) for r in view["results"]]
        return s
