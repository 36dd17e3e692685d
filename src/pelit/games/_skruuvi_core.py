"""The deal of Modern Skruuvi (seed 000 ch. 12), on which its variants build.

Klubiskruuvi (ch. 13), Historical Skruuvi (ch. 14) and Vint (ch. 15) are
written in the seed as differences from Modern Skruuvi, and so are they
here: ``SkruuviCore`` plays one deal of Modern Skruuvi from the shuffle to
the last trick, and each game module says what it changes (class attributes
for the rules a variant switches off or moves, methods for its scoring and
its match).  This module registers no game (its name starts with ``_``).

One deal, as 12.1-12.10 lay it out:

- dealing (12.1, 12.10): twelve cards each and four face down on the table
  in a basic deal, thirteen each in a kotka;
- bidding (12.2): a number 1-7 and a type (``bid 1s`` .. ``bid 7nt``,
  ``bid 5m`` for misere), each bid above the last; a player who passed may
  bid again later; eight passes in a row end it; four passes before any bid
  make the deal a pass misere (12.9);
- the card exchange (12.3, 12.10): ``give QS`` moves one card; the high
  bidder turns the table cards up, takes them, gives his partner four, and
  the partner gives one to each other player; in a kotka the high bidder
  gives four and gets four back;
- continuation bidding (12.4) between the two partners, the high bidder
  first, until four passes in a row; the contract is raised to the lowest
  level (five); then, in a basic deal, the declarer's left-hand opponent
  gives his partner a card and the right-hand opponent gives one back,
  unless the declaring side opened the bidding at six or seven;
- knocking (12.6): ``knock``, ``kontra`` or ``pass``;
- the play (12.7, ch. 2): follow suit; trumps by the contract; the
  declarer's left-hand opponent leads.

Decisions where the seed is silent (pinned in the tests of each game):

- Dealing (12.1): one card at a time from the dealer's left; the last four
  cards of the pack are the table cards.  The first dealer is the seat on
  the right of the first to bid (seat 3 of the table order); the deal
  passes to the left.
- The card exchange (12.3): the partner gives his three cards clockwise
  from his left: his left-hand opponent, the high bidder, his right-hand
  opponent.  Each gift is seen only by the two who handle it.
- The opponents' exchange (12.4): the "first bid of the declarer side" is
  the first bid either member of the declaring team made in the initial
  bidding, whoever made it.
- Knocking (12.6): after the left-hand opponent of the knocker has passed
  on the kontra-knock, the knocker's right-hand opponent may still give it.
- Pass misere (12.9): the table cards go one each, face down, clockwise
  from the dealer's left (top card first); the gifts to partners go
  clockwise from the dealer's left, so a later giver may hand on a card he
  was just given; the knocking goes round from the dealer's left until the
  first knock, and the knocker's left-hand and then right-hand opponents
  may kontra-knock.  In a kotka (13 cards dealt, no table cards) a pass
  misere skips the table cards.
- Kotka (12.10): the continuation bidding, the knocking and the play are
  as in a basic deal (12.10 changes only the deal, the bids and the
  exchange).
- Won tricks lie face down (ch. 2): a view shows the last trick until the
  next card is played and the tricks each player has won as counts.  The
  suits a player has shown void in, and the cards a player knows to be in
  another hand (turned-up table cards, what he gave or was given, while he
  can still be sure) are in his view.
"""

from __future__ import annotations

import enum

from ..cards.auction import PASS as AUCTION_PASS, Auction
from ..cards.deal import SampleError, deal, sample_hands
from ..cards.deck import SUIT_NAMES, Card, CardSet, ids, mask_of, pretty, standard_deck
from ..cards.skruuvi import (BASIC_ORDER, BID_WORDS, KOTKA_ORDER, MISERE, TYPE_TRUMP,
                             BidLadder, bid_code, bid_level, bid_name, bid_type,
                             contract_knocking, moved, revealed, round_knocking)
from ..cards.table_text import voids_line
from ..cards.trick import (follow_mask, last_trick_cards, last_trick_from_view, lay_card,
                           rank_strength, winning_index, won_tricks_view)
from ..core.actions import ActionSpace
from ..core.game import Game, State

DECK = standard_deck("52")
STRENGTH = rank_strength(DECK)
ALL = DECK.all_mask
BASIC, KOTKA, BOLSU = "basic", "kotka", "bolsu"
NAME_CODE = {bid_name(c): c for c in range(len(BID_WORDS))}


class Phase(enum.Enum):
    BID = 1
    GIVE = 2
    CONTINUE = 3
    KNOCK = 4
    PLAY = 5


def promise_text(code: int, need: int) -> str:
    if bid_type(code) == MISERE:
        most = 13 - need
        return {0: "take no trick", 1: "take at most 1 trick"}.get(
            most, f"take at most {most} tricks")
    return "take all 13 tricks" if need == 13 else f"take at least {need} tricks"


class SkruuviState(State):
    __slots__ = ("ring", "pos", "dealer", "deal_no", "kind", "hands", "table", "shown",
                 "auction", "calls", "first_bid", "high_bidder", "cont", "cont_calls",
                 "queue", "handed", "after_give", "known", "contract", "declarer",
                 "pass_misere", "knocking", "knock_calls", "trick", "leader", "tricks",
                 "won", "voids", "last", "results")

    def _copy_into(self, new):
        new.ring = self.ring
        new.pos = self.pos
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.kind = self.kind
        new.hands = self.hands.copy()
        new.table = self.table.copy()
        new.shown = self.shown
        new.auction = None if self.auction is None else self.auction.clone()
        new.calls = self.calls.copy()
        new.first_bid = self.first_bid.copy()
        new.high_bidder = self.high_bidder
        new.cont = None if self.cont is None else self.cont.clone()
        new.cont_calls = self.cont_calls.copy()
        new.queue = self.queue
        new.handed = self.handed.copy()
        new.after_give = self.after_give
        new.known = self.known.copy()
        new.contract = self.contract
        new.declarer = self.declarer
        new.pass_misere = self.pass_misere
        new.knocking = None if self.knocking is None else self.knocking.clone()
        new.knock_calls = self.knock_calls.copy()
        new.trick = self.trick.copy()
        new.leader = self.leader
        new.tricks = self.tricks.copy()
        new.won = self.won.copy()
        new.voids = self.voids.copy()
        new.last = self.last
        new.results = self.results.copy()


class SkruuviCore(Game):
    """One deal of Modern Skruuvi; a game module subclasses it, sets the
    rules it changes and adds its scoring and its match."""

    Phase = Phase
    State = SkruuviState
    deck = DECK

    # what a variant may switch off or move (the Modern Skruuvi rules)
    table_cards = True              # 12.1: four cards face down in a basic deal
    exchange = True                 # 12.3, 12.10
    continuation = True             # 12.4
    min_level = 5                   # 12.4: a lower contract is raised to this
    knocking = True                 # 12.6
    misere_bids = True
    kotka_min_level = 6             # 12.10

    # the terminal: the deal is told in words by render_board; the seats
    # table has a column each for the team, the cards held and the tricks won
    render_hints = {
        "hide": ["voids", "ring", "known_cards", "deal_no", "kind", "table_cards",
                 "turned_up", "calls", "high_bidder", "continuation", "handed", "next_give",
                 "gives_left", "pass_misere", "contract", "declarer", "promise", "trumps",
                 "knocks", "leader", "trick", "last_trick", "results", "deals", "scores"],
        "per_seat": ["team", "hand_sizes", "tricks_won"],
        "seat_fields": ["high_bidder", "declarer", "dealer", "leader", "to"],
        "not_cards_after": ["bid"],          # "bid 2s" is two spades, not the card
        "labels": {"hand_sizes": "cards", "tricks_won": "tricks", "team": "team"},
        # for a duplicate match (core.duplicate): the calls' rows begin with a
        # seat, the gifts are made between seats, lists of a side's entries
        "table": ["calls", "continuation", "knocks", "handed", "results"],
        "seat_rows": ["calls", "continuation", "knocks"],
        "seat_lists": ["handed", "next_give", "teams"],
        "team_lists": ["scores", "totals", "points", "tricks", "lines", "teams", "games",
                       "games_won", "trick_points"],
        "team_fields": ["team"],
    }

    # the web table (core/presentation.py): the deal told in words as in the
    # terminal (``render_board``: the bidding, the knocks, what you know), the
    # trick in the middle, the contract and trumps in the banner; the ring,
    # voids and give counters are bookkeeping the page leaves out.  A variant
    # adds its own fields in ``web_show``.
    web_show: dict = {}

    @property
    def web_layout(self):
        show = {"hand": "hand", "hand_sizes": "backs", "trick": "trick",
                "last_trick": "last_trick", "team": "team_of", "dealer": "tag",
                "contract": {"role": "banner", "text": True}, "declarer": ["banner", "declarer"],
                "trumps": {"role": "banner", "label": "trumps", "words": {"none": "none"}},
                "tricks_won": ["seat", "tricks"], "scores": ["team", "points"],
                "board_text": "text", **self.web_show}
        return {"table": "trick", "show": show,
                "sheet": {"event": "deal_scored", "gained": "points", "total": "totals",
                          "hide": ["teams", "deal"]}}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.GIVE0 = a.card_block("give")
        self.BID0 = a.choice("bid", BID_WORDS)
        self.PASS = a.verb("pass")
        self.KNOCK = a.verb("knock")
        self.KONTRA = a.verb("kontra")
        self._add_actions(a)
        self.actions = a
        types = None if self.misere_bids else tuple(t for t in BASIC_ORDER if t != MISERE)
        self.basic_ladder = self._make_ladder(BASIC_ORDER, 1, types)
        self.kotka_ladder = self._make_ladder(KOTKA_ORDER, self.kotka_min_level, types)

    @staticmethod
    def _make_ladder(order, min_level, types):
        if types is not None:
            order = tuple(t for t in order if t in types)
        return BidLadder(order, min_level)

    def _add_actions(self, a):
        """A variant adds the actions of its own phases here."""

    def num_players(self, state):
        return 4

    # -- seating -------------------------------------------------------------------
    @staticmethod
    def left(s, seat, steps=1):
        return s.ring[(s.pos[seat] + steps) & 3]

    @staticmethod
    def partner(s, seat):
        return s.ring[(s.pos[seat] + 2) & 3]

    @staticmethod
    def team(s, seat):
        """0 for the seats at table places 0 and 2, 1 for the others."""
        return s.pos[seat] & 1

    def _seat_ring(self, s, ring):
        s.ring = tuple(ring)
        pos = [0] * 4
        for i, p in enumerate(ring):
            pos[p] = i
        s.pos = tuple(pos)

    # -- a deal (12.1) ----------------------------------------------------------
    def _hand_size(self, s) -> int:
        return 12 if self.table_cards and s.kind == BASIC else 13

    def _start_deal(self, s, kind):
        """Shuffle and deal a deal of ``kind`` (basic, kotka, bolsu)."""
        s.kind = kind
        s.deal_no += 1               # this deal's number in the match, from 0 (and its pack)
        pack = s.deal_pack(DECK, s.deal_no)
        n = self._hand_size(s)
        first = self.left(s, s.dealer)
        hands, rest = deal(pack, [n] * 4, start=s.pos[first])
        s.hands = [hands[s.pos[p]] for p in range(4)]
        s.table = list(rest)
        s.shown = 0
        s.auction = None
        s.calls = []
        s.first_bid = [None, None]
        s.high_bidder = None
        s.cont = None
        s.cont_calls = []
        s.queue = ()
        s.handed = []
        s.after_give = None
        s.known = [0] * 20            # four players' rows and a spectator's
        s.contract = None
        s.declarer = None
        s.pass_misere = False
        s.knocking = None
        s.knock_calls = []
        s.trick = []
        s.leader = None
        s.tricks = []
        s.won = [0, 0, 0, 0]
        s.voids = [0, 0, 0, 0]
        s.last = None
        s.log("deal", s.dealer, deal=s.deal_no + 1, deal_kind=kind, dealer=s.dealer,
              table_cards=len(s.table))
        for p in range(4):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=n)
        self._open_deal(s)

    def _open_deal(self, s):
        """What follows the deal: the bidding (Klubiskruuvi first asks for bolsu)."""
        self._start_bidding(s)

    # -- bidding (12.2) ---------------------------------------------------------------
    def ladder_for(self, kind) -> BidLadder:
        """The bids of a kind of deal in rising order (12.2, 12.10)."""
        return self.kotka_ladder if kind == KOTKA else self.basic_ladder

    def _ladder(self, s) -> BidLadder:
        return self.ladder_for(s.kind)

    def _start_bidding(self, s):
        s.auction = self._new_auction(s)
        s.phase = self.Phase.BID
        s.to_act = (self.left(s, s.dealer),)

    def _new_auction(self, s):
        """12.2: from the dealer's left; eight passes in a row end it."""
        return Auction(4, s.pos[self.left(s, s.dealer)], allow_double=False, passes_to_end=8,
                       min_bid=self._ladder(s).min_index)

    def _bids_open(self, s, auction) -> list[int]:
        ladder = self._ladder(s)
        codes = ladder.codes
        return [self.PASS] + [self.BID0 + codes[i]
                              for i in auction.legal(len(codes)) if i != AUCTION_PASS]

    def _legal_bid(self, s, seat):
        return self._bids_open(s, s.auction)

    def _apply_bid(self, s, seat, action):
        code = None if action == self.PASS else action - self.BID0
        s.auction.call(s.pos[seat], AUCTION_PASS if code is None
                       else self._ladder(s).index[code])
        s.calls.append((seat, code))
        team = self.team(s, seat)
        if code is not None and s.first_bid[team] is None:
            s.first_bid[team] = code
        s.log("call", seat, call="pass" if code is None else bid_name(code))
        if not s.auction.done:
            s.to_act = (s.ring[s.auction.turn],)
        elif s.auction.high is None:
            self._all_passed(s)
        else:
            s.high_bidder = s.ring[s.auction.high_seat]
            self._start_exchange(s)

    # -- the card exchange (12.3, 12.10) ------------------------------------------------
    def _start_exchange(self, s):
        if not self.exchange:
            self._start_continuation(s)
            return
        if s.table:
            self._turn_up_table(s, s.high_bidder)
        self._start_giving(s, self._exchange_queue(s), "continue")

    def _turn_up_table(self, s, taker):
        """The table cards are turned up for all to see and go to ``taker``
        (12.3; the bolsu declarer in 13.3)."""
        cards = mask_of(s.table)
        s.hands[taker] |= cards
        s.table = []
        s.shown = cards
        revealed(s.known, cards, taker)
        s.log("turned_up", taker, cards=CardSet(cards))

    def _exchange_queue(self, s):
        """12.3: four cards to the partner, who gives one to each other player
        clockwise from his left; 12.10: in a kotka four to the partner and four back."""
        high = s.high_bidder
        mate = self.partner(s, high)
        if s.kind == KOTKA:
            return ((high, mate),) * 4 + ((mate, high),) * 4
        return ((high, mate),) * 4 + tuple((mate, self.left(s, mate, k)) for k in (1, 2, 3))

    def _start_giving(self, s, queue, then):
        s.queue = tuple(queue)
        s.after_give = then
        s.phase = self.Phase.GIVE
        s.to_act = (queue[0][0],)

    def _legal_give(self, s, seat):
        g = self.GIVE0
        return [g + c for c in ids(s.hands[seat])]

    def _apply_give(self, s, seat, action):
        card = action - self.GIVE0
        giver, receiver = s.queue[0]
        bit = 1 << card
        s.hands[giver] &= ~bit
        s.hands[receiver] |= bit
        # the turned-up cards leave the public eye at the holder's first gift:
        # the others no longer know which of them he keeps
        s.shown = 0
        moved(s.known, card, giver, receiver)
        s.handed.append((giver, receiver))
        s.log("give", giver, audience=(giver, receiver), private={"card": Card(card)},
              to=receiver)
        s.queue = s.queue[1:]
        if s.queue:
            s.to_act = (s.queue[0][0],)
            return
        getattr(self, "_after_giving_" + s.after_give)(s)

    def _after_giving_continue(self, s):
        self._start_continuation(s)

    def _after_giving_knock(self, s):
        self._start_knocking(s)

    # -- continuation bidding (12.4) -----------------------------------------------------
    def _start_continuation(self, s):
        high_code = self._ladder(s).codes[s.auction.high]
        if not self.continuation:
            self._set_contract(s, s.high_bidder, high_code)
            return
        a = Auction(2, 0, allow_double=False, passes_to_end=4)
        a.high = s.auction.high
        a.high_seat = 0
        s.cont = a
        s.phase = self.Phase.CONTINUE
        s.to_act = (s.high_bidder,)

    def _legal_continue(self, s, seat):
        return self._bids_open(s, s.cont)

    def _apply_continue(self, s, seat, action):
        code = None if action == self.PASS else action - self.BID0
        place = 0 if seat == s.high_bidder else 1
        s.cont.call(place, AUCTION_PASS if code is None else self._ladder(s).index[code])
        s.cont_calls.append((seat, code))
        s.log("call", seat, call="pass" if code is None else bid_name(code),
              continuation=True)
        pair = (s.high_bidder, self.partner(s, s.high_bidder))
        if not s.cont.done:
            s.to_act = (pair[s.cont.turn],)
            return
        self._set_contract(s, pair[s.cont.high_seat], self._ladder(s).codes[s.cont.high])

    # -- the contract (12.4, 12.5) ----------------------------------------------------
    def _set_contract(self, s, declarer, code):
        level = bid_level(code)
        raised = self.min_level is not None and level < self.min_level
        if raised:
            code = bid_code(self.min_level, bid_type(code))
        s.contract = code
        s.declarer = declarer
        s.log("contract", declarer, contract=bid_name(code), declarer=declarer,
              promise=promise_text(code, self.need(code)),
              raised_from=bid_name(bid_code(level, bid_type(code))) if raised else None)
        if self._opponents_exchange(s):
            self._start_giving(s, self._opponents_gifts(s), "knock")
            return
        self._start_knocking(s)

    def _opponents_gifts(self, s):
        """12.4: the declarer's left-hand opponent gives first, then the right-hand one."""
        lho, rho = self.left(s, s.declarer), self.left(s, s.declarer, 3)
        return ((lho, rho), (rho, lho))

    def need(self, code) -> int:
        """Tricks the contract promises to take (in misere: to avoid): 12.5."""
        return bid_level(code) + 6

    def _opponents_exchange(self, s) -> bool:
        """12.4: in a basic deal, unless the declaring side opened at six or seven."""
        if not self.exchange or s.kind != BASIC:
            return False
        first = s.first_bid[self.team(s, s.declarer)]
        return bid_level(first) < 6

    # -- knocking (12.6) ---------------------------------------------------------------
    def _start_knocking(self, s):
        if not self.knocking:
            self._start_play(s, self.left(s, s.declarer))
            return
        self._ask_knocks(s, self._contract_knocking(s))

    def _ask_knocks(self, s, knocking):
        s.knocking = knocking
        s.phase = self.Phase.KNOCK
        s.to_act = (knocking.who(),)

    def _contract_knocking(self, s):
        return contract_knocking(s.declarer, s.ring)

    def _legal_knock(self, s, seat):
        return [self.KNOCK if s.knocking.stage == "knock" else self.KONTRA, self.PASS]

    def _apply_knock(self, s, seat, action):
        word = s.knocking.answer(action != self.PASS)
        s.knock_calls.append((seat, word))
        s.log("knocking", seat, knocking=word)
        nxt = s.knocking.who()
        if nxt is not None:
            s.to_act = (nxt,)
            return
        self._knocking_done(s)

    def _knocking_done(self, s):
        if s.pass_misere:
            self._start_play(s, self.left(s, s.dealer))
        else:
            self._start_play(s, self.left(s, s.declarer))

    def factor(self, s, seat=None) -> int:
        """1, 2 or 4 by the knocks (12.6)."""
        return 1 if s.knocking is None else s.knocking.factor(seat)

    # -- pass misere (12.9) ---------------------------------------------------------------
    def _all_passed(self, s):
        s.pass_misere = True
        s.log("pass_misere", None)
        self._share_table(s)
        self._start_giving(s, self._partner_gifts(s), "pass_knock")

    def _share_table(self, s):
        """The table cards one each, face down, clockwise from the dealer's left
        (12.9; 13.2 in Klubiskruuvi's kotkas)."""
        for i, card in enumerate(s.table):
            p = self.left(s, s.dealer, 1 + i)
            s.hands[p] |= 1 << card
            s.log("took", p, audience=(p,), private={"card": Card(card)})
        s.table = []

    def _partner_gifts(self, s):
        """12.9: everyone gives his partner a card, clockwise from the dealer's left."""
        first = self.left(s, s.dealer)
        return tuple((self.left(s, first, k), self.left(s, first, k + 2)) for k in range(4))

    def _after_giving_pass_knock(self, s):
        if not self.knocking:
            self._start_play(s, self.left(s, s.dealer))
            return
        self._ask_knocks(s, round_knocking(self.left(s, s.dealer), s.ring))

    # -- the play (12.7, ch. 2) -------------------------------------------------------------
    def trump(self, s):
        if s.contract is None or s.pass_misere:
            return None
        return TYPE_TRUMP[bid_type(s.contract)]

    def _start_play(self, s, leader):
        s.leader = leader
        s.phase = self.Phase.PLAY
        s.to_act = (leader,)

    def _legal_play(self, s, seat):
        lead = DECK.suit_of[s.trick[0][1]] if s.trick else None
        return ids(follow_mask(s.hands[seat], lead, DECK))

    def _apply_play(self, s, seat, card):
        lay_card(s, seat, card, DECK)
        s.last = None                # the last trick is turned down at the next card
        s.log("play", seat, card=Card(card))
        if len(s.trick) < 4:
            s.to_act = (self.left(s, seat),)
            return
        plays = tuple(s.trick)
        winner = plays[winning_index(plays, DECK, STRENGTH, self.trump(s))][0]
        s.tricks.append((plays, winner))
        s.won[winner] += 1
        s.last = (plays, winner)
        s.trick = []
        s.log("trick", winner, winner=winner, number=len(s.tricks))
        self._trick_done(s, winner)
        if len(s.tricks) < 13:
            s.leader = winner
            s.to_act = (winner,)
            return
        self._deal_played(s)

    def _trick_done(self, s, winner):
        """A variant that counts as tricks are won (14.2) does it here."""

    def _deal_played(self, s):
        raise NotImplementedError

    # -- what the deal leaves for scoring ----------------------------------------------------
    def team_tricks(self, s) -> list[int]:
        return [s.won[s.ring[0]] + s.won[s.ring[2]], s.won[s.ring[1]] + s.won[s.ring[3]]]

    def ace_tricks(self, s, side_of=None) -> list[tuple[int, int]]:
        """(side, aces) for each trick in order; the side is the winner's team
        unless ``side_of(winner)`` says otherwise."""
        side_of = side_of or (lambda p: self.team(s, p))
        aces = DECK.rank_mask[14]
        return [(side_of(w), sum(1 for _, c in plays if aces >> c & 1)) for plays, w in s.tricks]

    def made(self, s, taken: int) -> bool:
        """Whether the declaring side, with ``taken`` tricks, made the contract (12.8)."""
        got = 13 - taken if bid_type(s.contract) == MISERE else taken
        return got >= self.need(s.contract)

    def ending(self, s, made: bool) -> str:
        """How a deal ended, in words without numbers (``pelit simulate``
        counts deals by it): the kind of deal and contract, made or failed."""
        if s.pass_misere:
            return f"{s.kind} deal: pass misere"
        kind = bid_type(s.contract)
        word = "misere" if kind == MISERE else "no trump" if TYPE_TRUMP[kind] is None \
            else "suit"
        return f"{s.kind} deal: {word} contract {'made' if made else 'failed'}"

    def start_hands(self, s) -> list[int]:
        """Each hand as it was when the play began (after every exchange)."""
        out = s.hands.copy()
        for plays, _ in s.tricks:
            for p, c in plays:
                out[p] |= 1 << c
        for p, c in s.trick:
            out[p] |= 1 << c
        return out

    # -- refusals --------------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        ph = s.phase
        try:
            text = self.action_text(action)
        except Exception:
            return f"{action!r} is not an action of {self.info.name}"
        if ph is self.Phase.PLAY and 0 <= action < 52:
            if not s.hands[seat] >> action & 1:
                return f"{text} is not in your hand"
            lead = DECK.suit_of[s.trick[0][1]]
            return f"you must follow suit ({SUIT_NAMES[lead]}) when you can (ch. 2)"
        if ph is self.Phase.GIVE:
            if self.GIVE0 <= action < self.GIVE0 + 52:
                return f"{DECK.text(action - self.GIVE0)} is not in your hand"
            return f"give a card to seat {s.queue[0][1]}: give QS"
        if ph in (self.Phase.BID, self.Phase.CONTINUE) and self.BID0 <= action < self.BID0 + 42:
            code = action - self.BID0
            auction = s.auction if ph is self.Phase.BID else s.cont
            ladder = self._ladder(s)
            if code not in ladder.index:
                return f"{bid_name(code)} is not a bid of {self.info.name}"
            if auction.high is None and ladder.index[code] < ladder.min_index:
                return f"in a kotka every bid is at least {self.kotka_min_level} (12.10)"
            high = ladder.codes[auction.high]
            return (f"a bid must be above {bid_name(high)}: a higher number, or the same "
                    f"number and a higher type (12.2)")
        if ph is self.Phase.KNOCK:
            return f"say {self.action_text(self._legal_knock(s, seat)[0])} or pass"
        return f"{text} is not allowed now ({self.phase_name(s)})"

    # -- the terminal ---------------------------------------------------------------------------
    def render_board(self, view):
        """The deal in words, from a view alone."""
        return "\n".join(self.board_lines(view))

    def board_lines(self, view) -> list[str]:
        me = view["seat"]

        def name(p):
            return "You" if p == me else f"Seat {p}"

        def cards(mask):
            return " ".join(pretty(DECK.text(c)) for c in DECK.in_hand_order(ids(int(mask))))

        def plays(pl):
            return " · ".join(f"{name(p)} {pretty(DECK.text(int(c)))}" for p, c in pl)

        lines = [f"Deal       {view['deals']}; {name(view['dealer'])} dealt"
                 + (f"; {view['table_cards']} cards face down on the table"
                    if view["table_cards"] else "")]
        lines += self.match_lines(view, name)
        if view["results"] and view["phase"] == "bid" and not view["calls"]:
            lines.append(f"Last deal  {self.result_line(view['results'][-1])}")
        if view["calls"]:
            lines.append("Bidding    " + " · ".join(f"{name(p)} {c}" for p, c in view["calls"]))
        if view["turned_up"] is not None:
            holder = view["high_bidder"] if view["high_bidder"] is not None else view["declarer"]
            lines.append(f"Turned up  {cards(view['turned_up'])}, now in "
                         + ("your hand" if holder == me else f"the hand of Seat {holder}"))
        if view["phase"] == "continue" or view["continuation"]:
            high = view["high_bidder"]
            mate = next(p for p in range(4) if p != high and view["team"][p] == view["team"][high])
            said = " · ".join(f"{name(p)} {c}" for p, c in view["continuation"])
            lines.append(f"Partners   {name(high)} and {name(mate).lower()} bid on"
                         + (f": {said}" if said else "; four passes in a row end it"))
        if view["next_give"] is not None:
            g, r = view["next_give"]
            left = view["gives_left"]
            lines.append(f"Exchange   {name(g)} {'give' if g == me else 'gives'} "
                         f"{name(r).lower() if r == me else name(r)} a card"
                         + (f"; {left - 1} more gifts after this one" if left > 1 else ""))
        if view["pass_misere"]:
            lines.append("Pass misere: no trumps; each side scores the other side's tricks "
                         "and the aces in them")
        if view["contract"] is not None:
            lines.append(f"Contract   {view['contract']} by {name(view['declarer'])}: "
                         f"{view['promise']}; trumps {view['trumps']}")
        if view["knocks"]:
            lines.append("Knocking   " + " · ".join(f"{name(p)} {w}" for p, w in view["knocks"]))
        if me is not None:
            for p, m in enumerate(view["known_cards"]):
                if int(m):
                    lines.append(f"You know   {name(p)} holds {cards(m)}")
        if view["trick"]:
            lines.append(f"Trick      {plays(view['trick'])}")
        elif view["last_trick"] is not None:
            lt = view["last_trick"]
            lines.append(f"Last trick {plays(lt['cards'])}, won by {name(lt['won_by'])}")
        if view["kind"] == BOLSU and view["declarer"] is not None and (
                view["phase"] == "play" or sum(view["tricks_won"])):
            d = view["declarer"]
            alone = view["tricks_won"][d]
            lines.append(f"Tricks     {name(d)} (alone) {alone}, the other three "
                         f"{sum(view['tricks_won']) - alone}")
        elif view["phase"] == "play" or sum(view["tricks_won"]):
            team = view["team"]
            won = [sum(n for p, n in enumerate(view["tricks_won"]) if team[p] == t)
                   for t in (0, 1)]
            lines.append(f"Tricks     {self.team_name(view, 0, me)} {won[0]}, "
                         f"{self.team_name(view, 1, me)} {won[1]}")
        void = voids_line(view["voids"], [f"Seat {p}" for p in range(4)], me)
        if void:
            lines.append(void)
        return lines

    def match_lines(self, view, name) -> list[str]:
        """The match's standing; a variant says more."""
        sc = view["scores"]
        me = view["seat"]
        return [f"Score      {self.team_name(view, 0, me)} {sc[0]}, "
                f"{self.team_name(view, 1, me)} {sc[1]}"]

    @staticmethod
    def team_name(view, team, me) -> str:
        seats = [p for p in range(4) if view["team"][p] == team]
        if me in seats:
            return "your side"
        return f"seats {seats[0]}+{seats[1]}"

    def describe_event(self, event):
        """A scored deal in one line; other events as usual."""
        if event.get("kind") != "deal_scored":
            return NotImplemented
        return self.result_line(event)

    def result_line(self, event) -> str:
        """One deal's result (a ``deal_scored`` event or a view's result)."""
        teams = event["teams"]
        sides = [f"seats {a}+{b}" for a, b in teams]
        what = event["contract"]
        if event.get("declarer") is not None:
            what += f" by seat {event['declarer']}"
        knock = {2: ", knocked", 4: ", knocked and kontra-knocked"}.get(event.get("knocks"), "")
        t = event["tricks"]
        pts = event["points"]
        return (f"Deal {event['deal']} ({event['deal_kind']}): {what}{knock}; tricks "
                f"{sides[0]} {t[0]}, {sides[1]} {t[1]}; points {sides[0]} {pts[0]:+}, "
                f"{sides[1]} {pts[1]:+}; totals {event['totals'][0]} to {event['totals'][1]}")

    # -- views ------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no + 1
        v["kind"] = s.kind
        v["ring"] = list(s.ring)
        v["team"] = [self.team(s, p) for p in range(4)]
        v["table_cards"] = len(s.table)
        v["turned_up"] = CardSet(s.shown) if s.shown else None
        v["calls"] = [[p, "pass" if c is None else bid_name(c)] for p, c in s.calls]
        v["high_bidder"] = s.high_bidder
        v["continuation"] = [[p, "pass" if c is None else bid_name(c)] for p, c in s.cont_calls]
        v["handed"] = [list(h) for h in s.handed]
        v["next_give"] = list(s.queue[0]) if s.queue else None
        v["gives_left"] = len(s.queue)
        v["pass_misere"] = s.pass_misere
        v["contract"] = None if s.contract is None else bid_name(s.contract)
        v["declarer"] = s.declarer
        v["promise"] = None if s.contract is None else promise_text(s.contract,
                                                                    self.need(s.contract))
        trump = self.trump(s)
        v["trumps"] = None if s.contract is None and not s.pass_misere else (
            "none" if trump is None else SUIT_NAMES[trump])
        v["knocks"] = [list(k) for k in s.knock_calls]
        row = 16 if seat is None else seat * 4
        v["known_cards"] = [CardSet(s.known[row + p] & s.hands[p]) if p != seat
                            else CardSet(0) for p in range(4)]
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["leader"] = s.leader
        v["trick"] = [[p, Card(c)] for p, c in s.trick]
        v.update(won_tricks_view(s.won, s.last, s.trick))
        v["voids"] = list(s.voids)
        v["results"] = [dict(r) for r in s.results]

    def zones(self, s):
        z = {f"hand{p}": s.hands[p] for p in range(4)}
        z["table"] = mask_of(s.table)
        z["trick"] = mask_of(c for _, c in s.trick)
        played = 0
        for plays, _ in s.tricks:
            for _, c in plays:
                played |= 1 << c
        z["played"] = played
        return z

    def unknown_cards(self, s, seat):
        out = mask_of(s.table)
        for p in range(4):
            if p != seat:
                out |= s.hands[p] & ~s.known[(16 if seat is None else seat * 4) + p]
        return out

    # -- a world consistent with a view ------------------------------------------------------
    def sample_world(self, view, rng):
        for _ in range(50):
            try:
                return self._sample_once(view, rng)
            except SampleError:
                continue
        raise SampleError("no world found for this view")

    def _sample_once(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        self._seat_ring(s, view["ring"])
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"] - 1
        s.kind = view["kind"]
        s.results = [dict(r) for r in view["results"]]
        # the bidding, replayed from the public calls
        s.calls = [(p, None if c == "pass" else NAME_CODE[c]) for p, c in view["calls"]]
        s.first_bid = [None, None]
        s.auction = None
        if s.calls or s.phase is self.Phase.BID:
            ladder = self._ladder(s)
            s.auction = self._new_auction(s)
            for p, code in s.calls:
                s.auction.call(s.pos[p], AUCTION_PASS if code is None else ladder.index[code])
                t = self.team(s, p)
                if code is not None and s.first_bid[t] is None:
                    s.first_bid[t] = code
        s.high_bidder = view["high_bidder"]
        s.cont_calls = [(p, None if c == "pass" else NAME_CODE[c])
                        for p, c in view["continuation"]]
        s.cont = None
        if s.cont_calls or s.phase is self.Phase.CONTINUE:
            ladder = self._ladder(s)
            s.cont = Auction(2, 0, allow_double=False, passes_to_end=4)
            s.cont.high = s.auction.high
            s.cont.high_seat = 0
            for p, code in s.cont_calls:
                s.cont.call(0 if p == s.high_bidder else 1,
                            AUCTION_PASS if code is None else ladder.index[code])
        s.handed = [tuple(h) for h in view["handed"]]
        s.contract = None if view["contract"] is None else NAME_CODE[view["contract"]]
        s.declarer = view["declarer"]
        s.pass_misere = view["pass_misere"]
        s.shown = int(view["turned_up"]) if view["turned_up"] is not None else 0
        self._sample_stage(s, view)
        s.knock_calls = [tuple(k) for k in view["knocks"]]
        s.knocking = None
        if s.knock_calls or s.phase is self.Phase.KNOCK:
            s.knocking = self._knocking_for(s)
            for _, word in s.knock_calls:
                s.knocking.answer(word != "pass")
        # the cards
        s.leader = view["leader"]
        s.trick = [(p, int(c)) for p, c in view["trick"]]
        s.last = last_trick_from_view(view["last_trick"])
        s.won = list(view["tricks_won"])
        s.voids = list(view["voids"])
        own = int(view["hand"]) if seat is not None else 0
        s.known = [0] * 20
        fixed = [int(m) for m in view["known_cards"]]
        row = 16 if seat is None else seat * 4
        for p in range(4):
            s.known[row + p] = fixed[p]
        if seat is not None:
            fixed[seat] = own
        seen = own | fixed[0] | fixed[1] | fixed[2] | fixed[3]
        seen |= mask_of(c for _, c in s.trick)
        seen |= last_trick_cards(view["last_trick"])
        pool = ALL & ~seen
        done = sum(s.won)
        hidden_tricks = done - (1 if s.last is not None else 0)
        counts = {}
        allowed = {}
        for p in range(4):
            if p != seat:
                counts[f"hand{p}"] = view["hand_sizes"][p] - (fixed[p].bit_count())
                m = pool
                for su in range(4):
                    if s.voids[p] >> su & 1:
                        m &= ~DECK.suit_mask[su]
                allowed[f"hand{p}"] = m
            counts[f"down{p}"] = hidden_tricks
        counts["table"] = view["table_cards"]
        placed = sample_hands(pool, counts, rng, allowed)
        s.hands = [own if p == seat else placed[f"hand{p}"] | fixed[p] for p in range(4)]
        s.table = ids(placed["table"])
        rng.shuffle(s.table)
        s.tricks = self._fabricate_tricks(s, [ids(placed[f"down{p}"]) for p in range(4)],
                                          rng)
        self._sample_scores(s, view)
        return s

    def _sample_stage(self, s, view):
        """The pending gifts and what follows them, from the public record."""
        s.queue = ()
        s.after_give = None
        if s.phase is self.Phase.GIVE:
            s.queue, s.after_give = self._pending_gives(s)

    def _pending_gives(self, s):
        """(the gifts still to come, what follows) as the rules give them now."""
        done = len(s.handed)
        if s.pass_misere:
            return self._partner_gifts(s)[done:], "pass_knock"
        if s.contract is not None:
            return self._opponents_gifts(s)[done - self._exchange_gives(s):], "knock"
        return self._exchange_queue(s)[done:], "continue"

    def _exchange_gives(self, s) -> int:
        """How many gifts the partners' exchange makes (12.3, 12.10)."""
        if not self.exchange:
            return 0
        return 8 if s.kind == KOTKA else 7

    def _knocking_for(self, s):
        if s.pass_misere:
            return round_knocking(self.left(s, s.dealer), s.ring)
        return self._contract_knocking(s)

    def _fabricate_tricks(self, s, down, rng):
        """Finished tricks for a sampled world: the view shows only how many
        each seat won and the last trick, so the earlier ones are made up
        from the cards each seat laid face down."""
        winners = []
        for p in range(4):
            winners += [p] * s.won[p]
        if s.last is not None:
            winners.remove(s.last[1])
        rng.shuffle(winners)
        tricks = []
        leader = self.left(s, s.dealer)
        for i, w in enumerate(winners):
            plays = tuple((self.left(s, leader, k), down[self.left(s, leader, k)][i])
                          for k in range(4))
            tricks.append((plays, w))
            leader = w
        if s.last is not None:
            tricks.append(s.last)
        return tricks

    def _sample_scores(self, s, view):
        """A variant copies its match fields from the view."""
