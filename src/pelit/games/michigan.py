"""Michigan (Boodle, Newmarket, Stops), the stops game with money cards.

Rule source: seed 003 (four games from a rule book), "Michigan" (line
109).  The seed gives the players (three to eight), the equipment (a pack,
the ace of hearts, king of clubs, queen of diamonds and jack of spades of
another pack as boodle cards, chips), card ranks (ace high) and the object
(be first out of cards, and collect chips by playing a boodle card), and
then stops.  The rest is the standard game (INDEX.md: "the rest of the game
is the well-known standard Michigan (Newmarket)"), decided here as an
experienced player expects:

- Staking (the ante): before each deal the dealer puts two chips on each
  boodle card and every other player one; every player also puts one chip
  into the kitty (option ``kitty``; 0 plays without one).
- The deal: all 52 cards, one at a time, into one hand more than there are
  players; the extra hand (the widow) is dealt first, "to the dealer's
  left".  Some hands get one card more; that is part of the game.
- The widow: the dealer, having seen his hand, may ``exchange`` it for the
  widow unseen (his old hand goes face down as the dead hand) or ``keep``
  it and auction the widow: the others, from the dealer's left, ``bid N``
  chips or ``pass``; the bidding goes round until a bid is followed by a
  pass from every other bidder (a player who passed may bid again when it
  comes round).  The highest bidder pays the dealer and exchanges; if
  nobody bids, the widow is the dead hand.  Nobody ever sees the dead hand
  but the player who laid it down.
- The play: the player left of the dealer leads the lowest card he holds of
  any suit.  Whoever holds the next card up of that suit plays it, and so
  on, until the sequence stops: at the ace, or at a card in the dead hand.
  These follows are forced, so the engine plays them (each is an event).
  The player who played the last card before the stop leads again, the
  lowest card of a different suit; if he has no other suit the lead
  passes to the left (to the first player who has one).  If no player holds
  a card outside the stopped suit, the player who played last leads that
  suit again (or the next player who holds a card).
- Boodle payouts: playing the ace of hearts, king of clubs, queen of
  diamonds or jack of spades takes the chips on that boodle card.  Chips
  not won stay on their card for the next deal.
- Going out: the first player out of cards ends the deal; every other
  player pays him a chip for each card left in his hand, and he takes the
  kitty.
- The match: every player deals ``rounds`` times (default once); chips
  still on the boodle cards at the end are shared out equally, the odd
  chips one each from the last dealer's left.  Scores are the chips won or
  lost; the most chips win.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.auction import PASS, Auction
from ..cards.deal import sample_hands
from ..cards.deck import (ACE, RANK_NAMES, SUIT_NAMES, Card, CardSet, ids, mask_of, pretty,
                          standard_deck)
from ..cards.meld_screen import seat_label
from ..cards.rummy import count_cards
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
BOODLE = ("AH", "KC", "QD", "JS")               # the boodle cards of the other pack
BOODLE_CARDS = tuple(DECK.parse(t) for t in BOODLE)
MAX_BID = 30
DEAD = -1


def next_card(card: int) -> int | None:
    """The next card up of ``card``'s suit, or None above the ace."""
    if DECK.rank_of[card] == ACE:
        return None
    return card + 1             # a 52-card pack: ids run 2..A within a suit


def lowest_in(hand: int, suit: int) -> int | None:
    m = hand & DECK.suit_mask[suit]
    return (m & -m).bit_length() - 1 if m else None


def settle(hands, winner) -> list[int]:
    """Going out: each other player pays the winner a chip a card (chips per seat)."""
    out = [0] * len(hands)
    for p, h in enumerate(hands):
        if p != winner:
            k = h.bit_count()
            out[p] -= k
            out[winner] += k
    return out


def share_out(chips: int, players: int, first: int) -> list[int]:
    """Chips shared equally, the odd ones one each from ``first`` on."""
    each, odd = divmod(chips, players)
    out = [each] * players
    for k in range(odd):
        out[(first + k) % players] += 1
    return out


class Phase(enum.Enum):
    WIDOW = 1       # the dealer exchanges or keeps
    AUCTION = 2     # the others bid for the widow
    LEAD = 3        # a lead after the start or a stop


@dataclass(frozen=True)
class MichiganOptions:
    players: int = option(4, "number of players", min=3, max=8)
    rounds: int = option(1, "times each player deals", min=1, max=20)
    kitty: int = option(1, "chips each player puts into the kitty a deal (0: no kitty)",
                        min=0, max=10)


class MichiganState(State):
    __slots__ = ("dealer", "deal_no", "hands", "widow", "dead", "dead_owner", "played",
                 "chips", "boodle", "kitty", "auction", "leader", "stopped", "results",
                 "voids", "known_dead")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.hands = self.hands.copy()
        new.widow = self.widow
        new.dead = self.dead
        new.dead_owner = self.dead_owner
        new.played = self.played.copy()
        new.chips = self.chips.copy()
        new.boodle = self.boodle.copy()
        new.kitty = self.kitty
        new.auction = self.auction.clone() if self.auction is not None else None
        new.leader = self.leader
        new.stopped = self.stopped
        new.voids = self.voids.copy()
        new.known_dead = self.known_dead
        new.results = self.results.copy()


@register
class Michigan(Game):
    info = GameInfo(
        id="michigan", name="Michigan", min_seats=3, max_seats=8, family="stops",
        source="003 Michigan (line 109)", hidden=True, chance=True,
        aliases=("boodle", "newmarket", "stops"),
        summary=(
            "Three to eight players, a 52-card pack (ace high) and four boodle cards: "
            "the ace of hearts, king of clubs, queen of diamonds and jack of spades. "
            "Before each deal the dealer stakes two chips on each boodle card, the "
            "others one, and everyone one chip into the kitty. All the cards are dealt "
            "into the hands and one extra hand, the widow. The dealer may exchange his "
            "hand for the widow unseen, or auction it to the others for chips; a hand "
            "given up lies dead. The player left of the dealer leads his lowest card "
            "of a suit; whoever holds the next card up plays it, and so on until the "
            "ace or a card in the dead hand stops the run; the last player then leads "
            "his lowest card of another suit. Playing a card like a boodle card wins "
            "its chips (unwon chips stay for the next deal). The first player out of "
            "cards takes the kitty and a chip for every card left in the others' "
            "hands. Everyone deals once; most chips win."),
        verbs=(("exchange", "dealer: take the widow unseen for your hand"),
               ("keep", "dealer: keep your hand and auction the widow"),
               ("bid 3", "offer chips for the widow"),
               ("pass", "no bid"),
               ("5H", "lead a card: the lowest you hold of its suit")),
    )
    Options = MichiganOptions
    Phase = Phase
    State = MichiganState
    deck = DECK
    test_options = {"players": 3}
    # the web table: each player's played cards in front of them, chips and
    # the kitty, the boodle's chips per card, the stopped suit; a sheet of
    # payments per deal
    web_layout = {
        "table": "cards",
        "show": {
            "hand": "hand", "hand_sizes": "backs", "played": ["seat_cards", "played"],
            "chips": ["chips", "chips"], "kitty": ["info", "kitty"],
            "boodle": ["info", "boodle (chips on each card)"], "stopped": ["banner", "stopped in"],
            "known_dead": ["cards", "known dead"], "dead": ["cards", "the dead hand (yours)"],
            "dead_cards": ["info", "dead hand cards"], "widow": ["info", "widow cards"],
            "auction": {"role": "info", "label": "dead hand auction", "format": ["high bid {high}"]},
            "dealer": "tag", "leader": ["tag", "leads"],
            "deal_no": {"role": "info", "label": "deal", "one_based": True},
        },
        "sheet": {"event": "deal_over", "gained": "payments", "total": "chips",
                  "hide": ["hands", "dead"]},
    }
    render_hints = {
        "hide": ["played", "chips", "boodle", "kitty", "hand_sizes", "dead_owner", "dealer",
                 "leader", "stopped", "auction", "deal_no", "results", "widow", "dead",
                 "dead_cards", "known_dead", "voids"],
    }

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()                                          # leads
        self.A_EXCHANGE = a.verb("exchange")
        self.A_KEEP = a.verb("keep")
        self.A_PASS = a.verb("pass")
        self.A_BID = a.numbers("bid", range(1, MAX_BID + 1))
        self.actions = a

    def num_players(self, s):
        return s.options.players

    # -- the match and its deals -----------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        s.deal_no = 0
        s.chips = [0] * n
        s.boodle = [0, 0, 0, 0]
        s.kitty = 0
        s.results = []
        self._deal(s)

    def _deal(self, s):
        n = s.options.players
        o = s.options
        # the ante: two chips a boodle card from the dealer, one from the others
        for p in range(n):
            per = 2 if p == s.dealer else 1
            s.chips[p] -= 4 * per + o.kitty
            s.kitty += o.kitty
            for b in range(4):
                s.boodle[b] += per
        s.log("ante", None, boodle=list(s.boodle), kitty=s.kitty)
        pack = s.deal_pack(DECK, s.deal_no)
        hands = [0] * (n + 1)                 # index n: the widow, dealt first
        order = [n] + [(s.dealer + 1 + k) % n for k in range(n)]
        for i, c in enumerate(pack):
            hands[order[i % (n + 1)]] |= 1 << c
        s.hands = hands[:n]
        s.widow = hands[n]
        s.dead = 0
        s.dead_owner = None
        s.played = [0] * n
        s.auction = None
        s.stopped = None
        s.leader = None
        s.voids = [0] * n
        s.known_dead = 0
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=s.hands[p].bit_count())
        s.log("widow_dealt", None, count=s.widow.bit_count())
        s.phase = Phase.WIDOW
        s.to_act = (s.dealer,)

    # -- the widow --------------------------------------------------------------------
    def _legal_widow(self, s, seat):
        return [self.A_EXCHANGE, self.A_KEEP]

    def _apply_widow(self, s, seat, action):
        if action == self.A_EXCHANGE:
            s.log("exchange", seat)
            self._exchange(s, seat)
            self._start_play(s)
            return
        s.log("keep", seat)
        n = s.options.players
        s.auction = Auction(n - 1, 0, allow_double=False)
        s.phase = Phase.AUCTION
        s.to_act = (self._bidder(s, 0),)

    def _bidder(self, s, k):
        return (s.dealer + 1 + k) % s.options.players

    def _exchange(self, s, p):
        s.dead = s.hands[p]
        s.dead_owner = p
        s.hands[p] = s.widow
        s.widow = 0
        s.log("took_widow", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
              count=s.hands[p].bit_count())

    def _legal_auction(self, s, seat):
        a = s.auction
        start = 1 if a.high is None else a.high + 2
        return [self.A_PASS] + [self.A_BID + b - 1 for b in range(start, MAX_BID + 1)]

    def _apply_auction(self, s, seat, action):
        a = s.auction
        if action == self.A_PASS:
            a.call(a.turn, PASS)
            s.log("pass", seat)
        else:
            bid = action - self.A_BID + 1
            a.call(a.turn, bid - 1)
            s.log("bid", seat, chips=bid)
        if not a.done:
            s.to_act = (self._bidder(s, a.turn),)
            return
        if a.high is None:
            s.dead = s.widow
            s.widow = 0
            s.log("widow_dead", None)
        else:
            buyer = self._bidder(s, a.high_seat)
            price = a.high + 1
            s.chips[buyer] -= price
            s.chips[s.dealer] += price
            s.log("widow_sold", buyer, chips=price, to=s.dealer)
            self._exchange(s, buyer)
        s.auction = None
        self._start_play(s)

    # -- the play -------------------------------------------------------------------
    def _start_play(self, s):
        s.leader = (s.dealer + 1) % s.options.players
        s.stopped = None
        s.phase = Phase.LEAD
        self._find_leader(s)

    def _lead_suits(self, s, p):
        hand = s.hands[p]
        return [su for su in range(4) if hand & DECK.suit_mask[su] and su != s.stopped]

    def _find_leader(self, s):
        """After a stop: the first player from the last one round who holds a
        different suit; if none does, the first who holds a card leads the
        stopped suit again."""
        n = s.options.players
        for k in range(n):
            p = (s.leader + k) % n
            if self._lead_suits(s, p):
                if k:
                    # the players passed over hold nothing but the stopped suit
                    others = 15 & ~(1 << s.stopped)
                    for j in range(k):
                        s.voids[(s.leader + j) % n] |= others
                    s.log("lead_passes", s.leader, to=p)
                s.leader = p
                s.to_act = (p,)
                return
        s.stopped = None
        for k in range(n):
            p = (s.leader + k) % n
            if s.hands[p]:
                s.leader = p
                s.to_act = (p,)
                return

    def _legal_lead(self, s, seat):
        return [lowest_in(s.hands[seat], su) for su in self._lead_suits(s, seat)]

    def _apply_lead(self, s, seat, card):
        holder = {}
        for p, h in enumerate(s.hands):
            for c in ids(h):
                holder[c] = p
        p = seat
        lead = True
        while True:
            self._play(s, p, card, lead)
            lead = False
            if not s.hands[p]:
                self._end_deal(s, p)
                return
            nxt = next_card(card)
            if nxt is None or nxt not in holder or not (s.hands[holder[nxt]] >> nxt) & 1:
                break
            card, p = nxt, holder[nxt]
        s.stopped = DECK.suit_of[card]
        played = 0
        for m in s.played:
            played |= m
        if nxt is None:
            why = "the ace"
        elif (played >> nxt) & 1:
            why = "a card played already"
        else:
            why = "a card in the dead hand"
            s.known_dead |= 1 << nxt          # nobody holds it: it lies in the dead hand
        s.log("stop", p, card=Card(card), by=why)
        s.leader = p
        self._find_leader(s)

    def _play(self, s, p, card, lead=False):
        s.hands[p] &= ~(1 << card)
        s.played[p] |= 1 << card
        s.log("play", p, card=Card(card), lead=lead)
        if card in BOODLE_CARDS:
            b = BOODLE_CARDS.index(card)
            won = s.boodle[b]
            s.boodle[b] = 0
            s.chips[p] += won
            s.log("boodle", p, boodle=BOODLE[b], chips=won)

    # -- the end of a deal and of the match ------------------------------------------
    def _end_deal(self, s, winner):
        n = s.options.players
        pay = settle(s.hands, winner)
        for p in range(n):
            s.chips[p] += pay[p]
        s.chips[winner] += s.kitty
        kitty, s.kitty = s.kitty, 0
        s.results.append(tuple(pay))
        s.log("deal_over", winner, payments=pay, kitty=kitty, chips=list(s.chips),
              hands=[CardSet(h) for h in s.hands], dead=CardSet(s.dead))
        s.deal_no += 1
        if s.deal_no >= n * s.options.rounds:
            left = sum(s.boodle)
            if left:
                share = share_out(left, n, (s.dealer + 1) % n)
                for p in range(n):
                    s.chips[p] += share[p]
                s.boodle = [0, 0, 0, 0]
                s.log("boodle_shared", None, chips=share)
            best = max(s.chips)
            winners = tuple(p for p in range(n) if s.chips[p] == best)
            self.finish(s, Outcome(tuple(s.chips), winners,
                                   f"{s.deal_no} deals: " + ", ".join(
                                       f"seat {p} {s.chips[p]:+d}" for p in range(n)),
                                   details={"deals": [list(r) for r in s.results]}))
            return
        s.dealer = (s.dealer + 1) % n
        self._deal(s)

    # -- text ----------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        if s.phase is Phase.LEAD and 0 <= action < DECK.size:
            if not (s.hands[seat] >> action) & 1:
                return f"{DECK.text(action)} is not in your hand"
            su = DECK.suit_of[action]
            if su == s.stopped:
                return f"the {SUIT_NAMES[su]} were just stopped: lead another suit"
            low = lowest_in(s.hands[seat], su)
            return (f"lead the lowest card you hold of a suit ({DECK.text(low)} in "
                    f"{SUIT_NAMES[su]})")
        if s.phase is Phase.AUCTION and self.A_BID <= action < self.A_BID + MAX_BID:
            return f"bid more than {s.auction.high + 1} chips, or pass"
        if s.phase is Phase.WIDOW:
            return "exchange your hand for the widow, or keep it and auction the widow"
        return super().why_illegal(s, seat, action)

    # -- views -------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
            if s.dead_owner == seat:
                v["dead"] = CardSet(s.dead)
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["widow"] = s.widow.bit_count()
        v["dead_cards"] = s.dead.bit_count()
        v["known_dead"] = CardSet(s.known_dead)
        v["voids"] = [[SUIT_NAMES[su] for su in range(4) if (m >> su) & 1] for m in s.voids]
        v["dead_owner"] = s.dead_owner
        v["played"] = [CardSet(m) for m in s.played]
        v["chips"] = list(s.chips)
        v["boodle"] = dict(zip(BOODLE, s.boodle))
        v["kitty"] = s.kitty
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["leader"] = s.leader if s.phase is Phase.LEAD else None
        v["stopped"] = SUIT_NAMES[s.stopped] if s.stopped is not None else None
        a = s.auction
        v["auction"] = None if a is None else {
            "high": None if a.high is None else a.high + 1,
            "high_seat": None if a.high is None else self._bidder(s, a.high_seat),
            "calls": [[self._bidder(s, k), "pass" if c == PASS else c + 1] for k, c in a.calls]}
        v["results"] = [list(r) for r in s.results]

    def zones(self, s):
        z = {"widow": s.widow, "dead": s.dead}
        for p in range(len(s.hands)):
            z[f"hand{p}"] = s.hands[p]
            z[f"played{p}"] = s.played[p]
        return z

    def unknown_cards(self, s, seat):
        if s.outcome is not None:
            return 0                          # the last deal's end showed every card
        hidden = s.widow | s.dead
        for p, h in enumerate(s.hands):
            if p != seat:
                hidden |= h
        if seat is not None and s.dead_owner == seat:
            hidden &= ~s.dead
        return hidden & ~s.known_dead

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        own = int(view["hand"]) if seat is not None else 0
        s.played = [int(m) for m in view["played"]]
        s.known_dead = int(view["known_dead"])
        s.voids = [sum(1 << SUIT_NAMES.index(w) for w in v) for v in view["voids"]]
        known_dead = int(view["dead"]) if "dead" in view else None
        seen = own | mask_of(c for m in s.played for c in ids(m)) | s.known_dead
        zones = {}
        if known_dead is not None:
            seen |= known_dead
        elif view["dead_cards"]:
            zones["dead"] = view["dead_cards"] - s.known_dead.bit_count()
        if view["widow"]:
            zones["widow"] = view["widow"]
        allowed = {}
        for p in range(n):
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p]
                allowed[f"hand{p}"] = mask_of(c for c in range(52)
                                              if not (s.voids[p] >> DECK.suit_of[c]) & 1)
        leader = view["leader"]
        stopped = SUIT_NAMES.index(view["stopped"]) if view["stopped"] else None
        for _ in range(100):
            placed = sample_hands(DECK.all_mask & ~seen, zones, rng, allowed)
            # the player to lead holds a suit other than the stopped one
            if leader is None or leader == seat or stopped is None or \
                    placed[f"hand{leader}"] & ~DECK.suit_mask[stopped]:
                break
        s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(n)]
        s.widow = placed.get("widow", 0)
        s.dead = known_dead if known_dead is not None else placed.get("dead", 0) | s.known_dead
        s.dead_owner = view["dead_owner"]
        s.chips = list(view["chips"])
        s.boodle = [view["boodle"][b] for b in BOODLE]
        s.kitty = view["kitty"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        s.results = [tuple(r) for r in view["results"]]
        s.leader = view["leader"]
        s.stopped = SUIT_NAMES.index(view["stopped"]) if view["stopped"] else None
        s.auction = None
        av = view["auction"]
        if av is not None:
            a = Auction(n - 1, 0, allow_double=False)
            for p, call in av["calls"]:
                a.call(a.turn, PASS if call == "pass" else call - 1)
            s.auction = a
        return s

    # -- terminal --------------------------------------------------------------------
    def render_board(self, view):
        n = view["players"]
        me = view["seat"]
        o = view["options"]
        lines = [f"Deal {min(view['deal_no'] + 1, n * o.rounds)} of {n * o.rounds}   "
                 f"dealer: {_name(view['dealer'], me)}"]
        stakes = ", ".join(f"{pretty(b)} {k}" for b, k in view["boodle"].items())
        lines.append(f"Boodle cards: {stakes}   kitty: {view['kitty']}")
        lines.append("Chips won or lost: " + ", ".join(f"{_name(p, me)} {view['chips'][p]:+d}"
                                                      for p in range(n)))
        lines.append("")
        for p in range(n):
            played = " ".join(pretty(DECK.text(c)) for c in ids(int(view["played"][p])))
            lines.append(f"{_name(p, me)}: {count_cards(view['hand_sizes'][p])}"
                         + (f"   played: {played}" if played else ""))
        extra = []
        if view["widow"]:
            extra.append(f"widow: {view['widow']} cards")
        if view["dead_cards"]:
            who = view["dead_owner"]
            extra.append(f"dead hand: {view['dead_cards']} cards"
                         + (f" (given up by {_name(who, me)})" if who is not None else ""))
        known = view["known_dead"]
        if known:
            extra.append("known to lie there: " +
                         " ".join(pretty(DECK.text(c)) for c in ids(int(known))))
        if extra:
            lines.append("   ".join(extra))
        for p in range(n):
            if view["voids"][p]:
                lines.append(f"{_name(p, me)} holds no " + ", ".join(view["voids"][p]))
        a = view["auction"]
        if a is not None:
            high = "no bid yet" if a["high"] is None else \
                f"high bid {a['high']} by {_name(a['high_seat'], me)}"
            lines.append(f"Auction of the widow: {high}")
        if view["stopped"]:
            lines.append(f"The {view['stopped']} were stopped: lead another suit")
        return "\n".join(lines)

    def describe_event(self, e):
        k = e.get("kind")
        if k == "play":
            verb = "leads" if e.get("lead") else "plays"
            return f"seat {e['seat']} {verb} {pretty(DECK.text(int(e['card'])))}"
        if k == "ante":
            on = ", ".join(f"{pretty(b)} {c}" for b, c in zip(BOODLE, e["boodle"]))
            return f"the stakes are put up: boodle cards {on}; kitty {e['kitty']}"
        if k == "boodle_shared":
            return ("the chips left on the boodle cards are shared: "
                    + ", ".join(f"seat {p} {x}" for p, x in enumerate(e["chips"])))
        if k == "widow_dealt":
            return f"the widow, an extra hand, is dealt {e['count']} cards face down"
        if k == "exchange":
            return f"seat {e['seat']}, the dealer, exchanges his hand for the widow unseen"
        if k == "keep":
            return (f"seat {e['seat']}, the dealer, keeps his hand and sells the widow to "
                    "the highest bid")
        if k == "took_widow":
            got = e.get("cards")
            shown = "" if got is None else ": " + " ".join(
                pretty(DECK.text(c)) for c in ids(int(got)))
            return (f"seat {e['seat']} takes the widow ({e['count']} cards{shown}); "
                    "the old hand lies face down as the dead hand")
        if k == "bid":
            return f"seat {e['seat']} bids {e['chips']} for the widow"
        if k == "pass":
            return f"seat {e['seat']} passes (no bid for the widow)"
        if k == "widow_dead":
            return "nobody bids: the widow is the dead hand"
        if k == "widow_sold":
            return f"seat {e['seat']} buys the widow for {e['chips']} chips, paid to seat {e['to']}"
        if k == "lead_passes":
            return (f"seat {e['seat']} has only the stopped suit: the lead passes to "
                    f"seat {e['to']}")
        if k == "stop":
            return f"the run stops at {pretty(DECK.text(int(e['card'])))} ({e['by']})"
        if k == "boodle":
            return (f"seat {e['seat']} plays the {_boodle_name(e['boodle'])} and wins "
                    f"{e['chips']} chips")
        if k == "deal_over":
            w = e["seat"]
            paid = ", ".join(f"seat {p} {-x}" for p, x in enumerate(e["payments"]) if p != w)
            kitty = f" and takes the kitty ({e['kitty']})" if e["kitty"] else ""
            return (f"seat {w} is out of cards{kitty}; a chip a card left in hand, paid to "
                    f"him: {paid}")
        return NotImplemented


def _boodle_name(text):
    c = DECK.parse(text)
    return f"{RANK_NAMES[DECK.rank_of[c]]} of {SUIT_NAMES[DECK.suit_of[c]]}"


_name = seat_label
