"""Tuppi, the partnership whist of northern Finland.

Rule source: seed 000 (Korppi, "My Games"), chapter 6 "Tuppi" (line 459):
6.1 Setup, 6.2 Auction, 6.3 Play, 6.4 Scoring; with 1.4 (clockwise play)
and chapter 2 (following suit, the highest card of the lead suit wins).

Seats 0..3 sit clockwise; partners sit opposite (seats 0 and 2 are team 0,
seats 1 and 3 team 1), so everyone sits between two opponents (6.1).

Decisions where the seed is silent (each pinned in tests/games/test_tuppi.py):

- Dealing (6.1): seat 3 deals the first hand; the deal passes to the left
  after every hand.  Cards are dealt one at a time, starting with the
  dealer's left-hand neighbour (top card of the pack first).
- Bid cards (6.2): the "face cards" that may not be bid with are the jacks,
  queens and kings; an ace or any card 3..10 may be bid with.  A red card
  bids rami, a black card nolo.
- Bidding order (6.2): the four bids are laid face down one after another,
  clockwise from the dealer's left; nobody sees another's card, so this is
  the same as laying them at once.  They are exposed in the same order, and
  exposing stops at the first rami; the cards after it are never shown.
- Verbal bids (6.2): "bid rami" without a card is allowed only to a player
  holding no red ace or red 3..10, "bid nolo" only to one holding no black
  ace or black 3..10.  The table sees that no card was laid (the view says
  the bid is verbal), but the word stays secret until that bid's turn to be
  exposed, and the player is held to it as if it were a card.  A verbal bid
  has no card, so nothing is returned to the hand for it.
- Sooli offers (6.2): only after a rami.  The declarer's left-hand opponent
  is asked first ("call sooli" or "pass"), then the right-hand opponent; the
  first call ends the asking.  Without a call the game is rami.
- Returning the bid cards (6.2, 6.3): the bid cards lie on the table
  through the whole auction, the sooli exchange included, and go back to
  their owners' hands when the play begins (event ``bid_cards_back``).  The
  sooli exchange belongs to the auction (6.2), so it is made from the cards
  in hand only: neither the sooli player nor his partner may put away or
  give his bid card.  A verbal bid laid no card, so that player exchanges
  from all thirteen.
- Sooli exchange, its order (6.2 names putting away before receiving, and
  we keep that order): first the sooli player puts one card of his hand
  away face down ("discard QS"; known only to him), then his partner gives
  him one card ("give QS"; known to both partners), which he keeps.  So he
  chooses what to put away without knowing what he will get, and the
  partner chooses knowing only that a card went away.  The put-away card is
  out of play for the hand; the partner keeps his twelve other cards,
  sitting out.
- Sooli play (6.3): ace is low in every suit.  The first trick is led by the
  declarer: the seat that leads in rami (right of the declarer) belongs to
  the sooli side, whose player always plays last and whose partner sits
  out, so the lead passes on clockwise to the declarer.  In every trick the
  other opponent plays second and the sooli player last; the winner of a
  trick leads the next.  The hand ends as soon as the sooli player wins a
  trick: the result (6.4) is then decided, and he could not lead anyway.
- Scoring (6.4): with thirteen tricks exactly one side scores every hand.
  When the other side is nousussa, the hand's points are not kept: the score
  goes back to 0-0.  The match ends after the hand in which a side reaches
  the target (option ``target``, 52 by default).
- Ending a lost hand early (6.4): off by default (every hand is played out).
  With option ``end_lost_hands`` a hand stops as soon as it is certain that
  the side that is not nousussa scores (it has seven tricks in rami, the
  rising side has seven in nolo); the score then goes back to 0-0.
- Competition play (the Finnish club tournaments play no sooli) is the
  preset ``no-sooli``.
- Views: a face-down bid shows as laid and hidden (``hidden``) but not its card (its owner sees
  it as ``my_bid`` until he plays it; while it lies on the table it is not
  in his ``hand`` and ``hand_sizes`` count only the cards held); exposed
  bids stay on view for the rest of the hand, as the table saw them; the card passed
  in a sooli is shown to both partners until it is played, the put-away
  card to the sooli player only.  Won tricks lie face down (ch. 2): a view gives the tricks
  each team has won, the last trick until the next card is played, and the
  suits each seat has shown void in; which cards went earlier is the
  players' memory.  ``team`` says which team each seat is on (the scores
  and trick counts are per team).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ..cards.deal import HandSampler, SampleError, sample_hands
from ..cards.deck import ACE, Card, CardSet, ids, pretty, standard_deck
from ..cards.trick import last_trick_from_view, play_order, rank_strength, won_tricks_view
from ..core.actions import ActionSpace
from ..core.game import Event, Game, GameInfo, Outcome, State, View, option
from ..core.registry import register

# (Final: mypyc keeps these in C variables, ``make compiled``)
DECK: Final = standard_deck("52")
N: Final = 4
HAND: Final = 13
SUIT_BITS: Final = 13
SUIT_FULL: Final = (1 << SUIT_BITS) - 1
ALL: Final = DECK.all_mask
BIT: Final = tuple(1 << c for c in range(52))
CARDS: Final = tuple(Card(c) for c in range(52))
SUIT: Final = DECK.suit_of
STRENGTH: Final = rank_strength(DECK)                    # ace high (rami, nolo)
STRENGTH_SOOLI: Final = rank_strength(DECK, ace_low=True)  # 6.3: ace lowest in sooli
RED: Final = DECK.suit_mask[1] | DECK.suit_mask[2]
BLACK: Final = DECK.suit_mask[0] | DECK.suit_mask[3]
ELIGIBLE: Final = sum(BIT[c] for c in range(52) if DECK.rank_of[c] == ACE or 3 <= DECK.rank_of[c] <= 10)
RED_ELIGIBLE: Final = ELIGIBLE & RED
BLACK_ELIGIBLE: Final = ELIGIBLE & BLACK

# card ids held in a 13-bit suit pattern, per suit: follow-suit is one lookup
def _suit_table(suit: int) -> tuple:
    # a pattern's ids are those of the pattern without its top bit, then the top card
    table: list[tuple[int, ...]] = [()]
    for m in range(1, 1 << SUIT_BITS):
        top = m.bit_length() - 1
        table.append(table[m ^ (1 << top)] + (suit * SUIT_BITS + top,))
    return tuple(table)


SUIT_IDS: Final = tuple(_suit_table(s) for s in range(4))
_S0: Final = SUIT_IDS[0]
_S1: Final = SUIT_IDS[1]
_S2: Final = SUIT_IDS[2]
_S3: Final = SUIT_IDS[3]


def hand_ids(hand: int) -> tuple:
    """Card ids in a hand, lowest first (four table lookups)."""
    return (_S0[hand & SUIT_FULL] + _S1[(hand >> 13) & SUIT_FULL]
            + _S2[(hand >> 26) & SUIT_FULL] + _S3[hand >> 39])


SEAT_T: Final = tuple((s,) for s in range(N))
SHIFT: Final = tuple(s * SUIT_BITS for s in range(4))
# events that never change are built once and shared (an Event is never altered)
PLAY_EVENTS: Final = tuple(tuple(Event("play", p, {"card": CARDS[c]}) for c in range(52))
                    for p in range(N))
TRICK_EVENTS: Final = tuple(Event("trick", p, {"winner": p}) for p in range(N))
RAMI: Final = "rami"
NOLO: Final = "nolo"
SOOLI: Final = "sooli"
IS_RED: Final = tuple(bool(BIT[c] & RED) for c in range(52))
# a bid laid (its card or word seen by its owner only), indexed by action - 52
BID_EVENTS: Final = tuple(
    (Event("bid", p, {"verbal": True}, SEAT_T[p], {"bid": RAMI}),
     Event("bid", p, {"verbal": True}, SEAT_T[p], {"bid": NOLO}))
    + tuple(Event("bid", p, {"verbal": False}, SEAT_T[p], {"card": CARDS[c]})
            for c in range(52))
    for p in range(N))
# a bid exposed: by card id, then 52 a spoken rami, 53 a spoken nolo
EXPOSE_EVENTS: Final = tuple(
    tuple(Event("exposed", p, {"bid": RAMI if IS_RED[c] else NOLO, "verbal": False,
                               "card": CARDS[c]}) for c in range(52))
    + (Event("exposed", p, {"bid": RAMI, "verbal": True, "card": None}),
       Event("exposed", p, {"bid": NOLO, "verbal": True, "card": None}))
    for p in range(N))

# action ids
VERBAL_RAMI: Final = 52
VERBAL_NOLO: Final = 53
BID_CARD: Final = 54
CALL_SOOLI: Final = 106
PASS: Final = 107
GIVE: Final = 108
DISCARD: Final = 160
GIVE_ACTIONS: Final = tuple(GIVE + c for c in range(52))
DISCARD_ACTIONS: Final = tuple(DISCARD + c for c in range(52))

ORDERS: Final = tuple(tuple((lead + i) % N for i in range(N)) for lead in range(N))
SOOLI_ORDERS: Final = {(lead, solo): play_order(lead, N, sitting_out=((solo + 2) % N,), last=solo)
                for solo in range(N) for lead in range(N)
                if lead != solo and lead != (solo + 2) % N}


class Phase(enum.IntEnum):
    # an IntEnum hashes in C: the core looks the phase up twice per action
    BID = 1
    SOOLI = 2
    GIVE = 3
    DISCARD = 4
    PLAY = 5


@dataclass(frozen=True)
class TuppiOptions:
    target: int = option(52, "points that win the match, gathered while nousussa "
                         "(6.4)", min=4, max=1000)
    sooli: bool = option(True, "the opponents of a rami may call sooli (6.2)")
    end_lost_hands: bool = option(False, "stop a hand once the side that is not "
                                  "nousussa is sure to score (6.4); the score goes to 0-0")


def team_of(seat: int) -> int:
    return seat & 1


def hand_points(contract: str, declarer: Any, soloist: Any,
                tricks: tuple[int, int]) -> tuple[int, int]:
    """(team that scores, points) for a played hand (6.4).

    ``tricks`` are the tricks won per team; in sooli, the sooli player's
    tricks are his team's."""
    if contract == SOOLI:
        solo_team = team_of(soloist)
        if tricks[solo_team] == 0:
            return solo_team, 24
        return 1 - solo_team, 24
    if contract == RAMI:
        dt = team_of(declarer)
        if tricks[dt] >= 7:
            return dt, 4 * (tricks[dt] - 6)
        return 1 - dt, 8 * (tricks[1 - dt] - 6)
    # nolo: the side with fewer tricks (there are no ties in thirteen tricks)
    low = 0 if tricks[0] < tricks[1] else 1
    return low, 4 * (7 - tricks[low])


def add_points(scores: tuple[int, int], team: int, points: int) -> tuple[int, int]:
    """The score after ``team`` scores ``points`` (6.4, nousussa): only one
    side holds points; if the other side held them, back to 0-0."""
    if scores[1 - team] > 0:
        return (0, 0)
    out = [0, 0]
    out[team] = scores[team] + points
    return (out[0], out[1])


class TuppiState(State):
    __slots__ = ("dealer", "hand_no", "scores", "results", "hands", "bid_order",
                 "bid_turn", "bid_card", "bid_rami", "exposed", "contract",
                 "declarer", "soloist", "sooli_passed", "given", "away", "order",
                 "trick", "strength", "won", "ntricks", "played", "voids", "last",
                 "ended_early")
    # (declared for mypyc, which compiles this module when ``make compiled`` is run)
    dealer: int
    hand_no: int
    scores: tuple[int, int]
    results: list
    hands: list[int]
    bid_order: tuple[int, ...]
    bid_turn: int
    bid_card: list[Any]
    bid_rami: list[Any]
    exposed: int
    contract: Any
    declarer: Any
    soloist: Any
    sooli_passed: tuple[int, ...]
    given: int | None
    away: int | None
    order: tuple[int, ...]
    trick: list[int]
    strength: tuple[int, ...]
    won: list[int]
    ntricks: int
    played: int
    voids: list[int]
    last: Any
    ended_early: bool

    def _copy_into(self, new: TuppiState) -> None:  # type: ignore[override]
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.scores = self.scores
        new.results = self.results.copy()
        new.hands = self.hands.copy()
        new.bid_order = self.bid_order
        new.bid_turn = self.bid_turn
        new.bid_card = self.bid_card.copy()
        new.bid_rami = self.bid_rami.copy()
        new.exposed = self.exposed
        new.contract = self.contract
        new.declarer = self.declarer
        new.soloist = self.soloist
        new.sooli_passed = self.sooli_passed
        new.given = self.given
        new.away = self.away
        new.order = self.order
        new.trick = self.trick.copy()
        new.strength = self.strength
        new.won = self.won.copy()
        new.ntricks = self.ntricks
        new.played = self.played
        new.voids = self.voids.copy()
        new.last = self.last
        new.ended_early = self.ended_early


def _actions() -> ActionSpace:
    a = ActionSpace(DECK)
    a.cards()
    assert a.choice("bid", [RAMI, NOLO]) == VERBAL_RAMI
    assert a.card_block("bid") == BID_CARD
    assert a.choice("call", [SOOLI]) == CALL_SOOLI
    assert a.verb("pass") == PASS
    assert a.card_block("give") == GIVE
    assert a.card_block("discard") == DISCARD
    return a


# registered at the end of the module (register(Tuppi)), not by a decorator:
# mypyc compiles only undecorated classes as native ones (``make compiled``)
class Tuppi(Game):
    info = GameInfo(
        id="tuppi", name="Tuppi", min_seats=4, max_seats=4, family="trick-taking",
        source="000 ch. 6 Tuppi (line 459)", hidden=True, chance=True, teams=True,
        rules_version=2,
        zero_sum=True,
        summary=(
            "Four players, partners opposite, a 52-card pack, thirteen cards each, "
            "no trumps; follow suit when you can, the highest card of the suit led "
            "wins. Bidding: everyone lays one card face down, an ace or a 3 to 10 "
            "(no twos, jacks, queens or kings): red asks for rami (your side wants "
            "tricks), black for nolo (you want few). With no card of the colour you "
            "want you may bid by word. The bids are turned up one by one from the "
            "dealer's left; the first rami makes its player the declarer and the "
            "rest stay hidden. If nobody asked for rami, the game is nolo. After a "
            "rami either opponent may call sooli: while the bid cards still lie on "
            "the table he puts one card of his hand away, then gets one from his "
            "partner's hand, and plays alone to take no trick at all, aces low, "
            "always playing last to each trick, while his partner sits out. "
            "Leads: in rami the declarer's right-hand neighbour, in nolo the "
            "dealer's left-hand neighbour, in sooli the declarer. "
            "Scoring: in rami the declarer's side gets 4 for each trick over six, "
            "but if it falls short the other side gets 8 for each trick over six; "
            "in nolo the side with fewer tricks gets 4 for each trick under seven; "
            "a sooli is worth 24 to the sooli side if it takes no trick, else 24 to "
            "the opponents. Only one side can hold points (it is nousussa): when "
            "the other side scores, the score drops back to 0-0. The first side "
            "to reach 52 wins."),
        verbs=(("bid 7H", "lay a bid card face down (red: rami, black: nolo)"),
               ("bid rami / bid nolo", "bid by word, when you hold no card of that colour to bid with"),
               ("call sooli", "play alone to take no trick (after a rami by the opponents)"),
               ("pass", "do not call sooli"),
               ("discard QS", "as the sooli player, put a card away (first)"),
               ("give QS", "as the sooli player's partner, pass him a card (then)"),
               ("QS", "play a card to the trick")),
    )
    Options = TuppiOptions
    Phase = Phase
    State = TuppiState
    deck = DECK
    actions = _actions()
    presets = {"no-sooli": {"sooli": False}}
    test_options = {"target": 40}
    # terminal: seat lists read as lists (not as a column per seat), per-team
    # pairs say which team is which, the long list of done tricks stays in the log
    render_hints: ClassVar[dict] = {
        "table": ["bid_order", "play_order", "sooli_passed", "results"],
        "seat_fields": ["declarer", "soloist", "sitting_out", "to"],
        # a duplicate match puts these in the order of its teams A and B
        "team_lists": ["scores", "tricks_won", "tricks"],
        "team_fields": ["team", "rising"],
        "hide": ["exchange", "voids"],
        "labels": {
            "team": "team",
            "bids": "bid (red rami, black nolo)",
            "bid_order": "bids laid and turned up by seats",
            "play_order": "play order (seats)",
            "hand_no": "hands played",
            "scores": "points team 0, team 1",
            "rising": "nousussa (rising) team",
            "results": "hands scored",
            "tricks_won": "tricks team 0, team 1",
            "sooli_passed": "no sooli from seats",
            "ace_low": "ace low (sooli)",
        },
    }
    # the web table (core/presentation.py): what a player sees there, and how;
    # the bid and play orders, the sooli passes, the exchange's flags and the
    # voids are bookkeeping a player reads off the table itself
    _bid: ClassVar[list] = ["{bid} ({card})", "{bid}", "face down"]
    web_layout: ClassVar[dict] = {
        "table": "trick",
        "show": {
            "hand": "hand", "hand_sizes": "backs", "trick": "trick", "last_trick": "last_trick",
            "team": "team_of", "dealer": "tag", "contract": "banner",
            "declarer": ["banner", "declarer"], "soloist": ["tag", "soloist"],
            "sitting_out": ["tag", "sits out"],
            "rising": {"role": "banner", "label": "nousussa (rising)", "side": True},
            "ace_low": ["banner", "aces low"],
            "bids": {"role": "seat", "label": "bid", "format": _bid},
            "my_bid": {"role": "info", "label": "your bid", "format": _bid},
            "given": ["info", "you gave"], "received": ["info", "you received"],
            "put_away": ["info", "you put away"],
            "tricks_won": ["team", "tricks"], "scores": ["team", "points"],
            "hand_no": ["info", "hands played"],
        },
        "sheet": {"event": "hand_scored", "total": "scores", "side": ["team"],
                  "hide": ["reset", "ended_early"]},
    }

    def num_players(self, state):
        return N

    # -- setup and dealing (6.1) -------------------------------------------
    def _setup(self, s):
        s.dealer = 3
        s.hand_no = 0
        s.scores = (0, 0)
        s.results = []
        self._deal(s)

    def _deal(self, s: TuppiState):
        pack = s.deal_pack(DECK, s.hand_no)
        first = (s.dealer + 1) % N
        hands = [0, 0, 0, 0]
        bit = BIT.__getitem__
        for i in range(N):
            hands[(first + i) % N] = sum(map(bit, pack[i::N]))
        s.hands = hands
        events = s.events
        for p in range(N):
            events.append(Event("dealt", p, {"count": HAND}, SEAT_T[p],
                                {"cards": CardSet(hands[p])}))
        s.bid_order = ORDERS[first]
        s.bid_turn = 0
        s.bid_card = [None] * N
        s.bid_rami = [None] * N
        s.exposed = 0
        s.contract = None
        s.declarer = None
        s.soloist = None
        s.sooli_passed = ()
        s.given = None
        s.away = None
        s.order = ORDERS[first]
        s.trick = []
        s.strength = STRENGTH
        s.won = [0, 0]
        s.ntricks = 0
        s.played = 0
        s.voids = [0, 0, 0, 0]
        s.last = None
        s.ended_early = False
        s.phase = Phase.BID
        s.to_act = SEAT_T[first]

    # -- auction (6.2) -------------------------------------------------------
    def _legal_bid(self, s: TuppiState, seat):
        hand = s.hands[seat]
        out = [BID_CARD + c for c in hand_ids(hand & ELIGIBLE)]
        if not hand & BLACK_ELIGIBLE:
            out.insert(0, VERBAL_NOLO)
        if not hand & RED_ELIGIBLE:
            out.insert(0, VERBAL_RAMI)
        return out

    def _apply_bid(self, s: TuppiState, seat: int, action: int) -> None:
        s.events.append(BID_EVENTS[seat][action - VERBAL_RAMI])
        if action < BID_CARD:
            s.bid_card[seat] = -1
            s.bid_rami[seat] = action == VERBAL_RAMI
        else:
            card = action - BID_CARD
            s.bid_card[seat] = card
            s.bid_rami[seat] = IS_RED[card]
        turn = s.bid_turn = s.bid_turn + 1
        if turn < N:
            s.to_act = SEAT_T[s.bid_order[turn]]
            return
        # every bid is down: expose them one by one until the first rami
        events = s.events
        bid_card = s.bid_card
        for seat_i in s.bid_order:
            s.exposed += 1
            card = bid_card[seat_i]
            rami = s.bid_rami[seat_i]
            events.append(EXPOSE_EVENTS[seat_i][card if card >= 0 else 52 + (not rami)])
            if rami:
                s.declarer = seat_i
                break
        if s.declarer is None:
            s.contract = NOLO
            s.log("contract", None, contract=NOLO)
            self._start_play(s, (s.dealer + 1) % N)
        elif s.options.sooli:
            s.contract = RAMI
            s.phase = Phase.SOOLI
            s.to_act = SEAT_T[(s.declarer + 1) % N]
        else:
            self._start_rami(s)

    def _start_rami(self, s: TuppiState):
        s.contract = RAMI
        s.log("contract", s.declarer, contract=RAMI, declarer=s.declarer)
        self._start_play(s, (s.declarer - 1) % N)

    def _legal_sooli(self, s: TuppiState, seat):
        return [CALL_SOOLI, PASS]

    def _apply_sooli(self, s: TuppiState, seat: int, action: int) -> None:
        if action == PASS:
            s.sooli_passed = s.sooli_passed + (seat,)
            s.log("pass", seat)
            if seat == (s.declarer + 1) % N:
                s.to_act = SEAT_T[(s.declarer + 3) % N]
            else:
                self._start_rami(s)
            return
        s.contract = SOOLI
        s.soloist = seat
        s.log("contract", seat, contract=SOOLI, declarer=s.declarer, soloist=seat)
        s.phase = Phase.DISCARD
        s.to_act = SEAT_T[seat]

    @staticmethod
    def _in_hand(s, seat):
        """The cards ``seat`` holds in his hand: while the auction lasts his
        bid card lies on the table (6.2, 6.3)."""
        card = s.bid_card[seat]
        if s.phase is Phase.PLAY or card is None or card < 0:
            return s.hands[seat]
        return s.hands[seat] & ~BIT[card]

    def _legal_discard(self, s: TuppiState, seat):
        return [DISCARD_ACTIONS[c] for c in hand_ids(self._in_hand(s, seat))]

    def _apply_discard(self, s: TuppiState, seat: int, action: int) -> None:
        card = action - DISCARD
        s.hands[seat] ^= BIT[card]
        s.away = card
        s.log("put_away", seat, audience=(seat,), private={"card": CARDS[card]})
        s.phase = Phase.GIVE
        s.to_act = SEAT_T[(seat + 2) % N]

    def _legal_give(self, s: TuppiState, seat):
        return [GIVE_ACTIONS[c] for c in hand_ids(self._in_hand(s, seat))]

    def _apply_give(self, s: TuppiState, seat: int, action: int) -> None:
        card = action - GIVE
        s.hands[seat] ^= BIT[card]
        s.hands[s.soloist] |= BIT[card]
        s.given = card
        s.log("gave", seat, audience=(seat, s.soloist), private={"card": CARDS[card]},
              to=s.soloist)
        s.strength = STRENGTH_SOOLI
        self._start_play(s, s.declarer)

    # -- play (6.3, ch. 2) ------------------------------------------------------
    def _start_play(self, s: TuppiState, leader: int) -> None:
        back = [p for p in range(N) if s.bid_card[p] is not None and s.bid_card[p] >= 0]
        if back:
            s.log("bid_cards_back", None, seats=back)     # 6.3
        s.phase = Phase.PLAY
        s.order = self._order(s, leader)
        s.trick = []
        s.to_act = SEAT_T[s.order[0]]

    def _order(self, s: TuppiState, leader: int) -> tuple[int, ...]:
        if s.soloist is None:
            return ORDERS[leader]
        return SOOLI_ORDERS[leader, s.soloist]

    def _legal_play(self, s: TuppiState, seat: int) -> Any:
        hand = s.hands[seat]
        trick = s.trick
        if trick:
            lead = SUIT[trick[0]]
            m = (hand >> SHIFT[lead]) & SUIT_FULL
            if m:
                return SUIT_IDS[lead][m]
        return (_S0[hand & SUIT_FULL] + _S1[(hand >> 13) & SUIT_FULL]
                + _S2[(hand >> 26) & SUIT_FULL] + _S3[hand >> 39])

    def _apply_play(self, s: TuppiState, seat: int, card: int) -> None:
        s.hands[seat] ^= BIT[card]
        s.played |= BIT[card]
        s.events.append(PLAY_EVENTS[seat][card])
        trick = s.trick
        if trick and SUIT[card] != SUIT[trick[0]]:
            s.voids[seat] |= 1 << SUIT[trick[0]]      # shown void in the suit led
        trick.append(card)
        order = s.order
        n = len(trick)
        if n < len(order):
            s.to_act = SEAT_T[order[n]]
            return
        # the trick is complete (ch. 2): the highest card of the suit led wins
        strength = s.strength
        lead = SUIT[trick[0]]
        best_i = 0
        top = strength[trick[0]]
        for i in range(1, n):
            c = trick[i]
            if SUIT[c] == lead and strength[c] > top:
                best_i = i
                top = strength[c]
        winner = order[best_i]
        s.won[winner & 1] += 1
        s.ntricks += 1
        s.last = (tuple(zip(order, trick)), winner)
        s.trick = []
        s.events.append(TRICK_EVENTS[winner])
        solo = s.soloist
        if s.ntricks == HAND or winner == solo:
            self._end_hand(s)
            return
        if s.options.end_lost_hands and self._rising_has_lost(s):
            s.ended_early = True
            self._end_hand(s)
            return
        s.order = ORDERS[winner] if solo is None else SOOLI_ORDERS[winner, solo]
        s.to_act = SEAT_T[winner]

    def _rising_has_lost(self, s: TuppiState):
        """6.4: the side that is not nousussa is now sure to score."""
        sc = s.scores
        if sc[0] == sc[1] == 0:
            return False
        rising = 0 if sc[0] else 1
        won = s.won
        if s.contract == RAMI:
            dt = s.declarer & 1
            sure = dt if won[dt] >= 7 else (1 - dt if won[1 - dt] >= 7 else None)
        elif s.contract == NOLO:
            sure = 1 if won[0] >= 7 else (0 if won[1] >= 7 else None)
        else:
            return False
        return sure is not None and sure != rising

    # -- scoring (6.4) -------------------------------------------------------------
    def _end_hand(self, s: TuppiState):
        tricks = (s.won[0], s.won[1])
        team, points = hand_points(s.contract, s.declarer, s.soloist, tricks)
        before = s.scores
        after = add_points(before, team, points)
        s.scores = after
        s.results.append((s.hand_no, s.contract, s.declarer, s.soloist, tricks, team,
                          points, after))
        if after == (0, 0):
            said = (f"team {team} made {points}, but team {1 - team} was nousussa: "
                    f"the score goes back to 0-0")
        else:
            said = f"team {team} made {points} and is nousussa with {after[team]}"
        s.events.append(Event("hand_scored", None, {
            "contract": s.contract, "declarer": s.declarer, "soloist": s.soloist,
            "tricks": list(tricks), "team": team, "points": points, "scores": list(after),
            "reset": after == (0, 0), "ended_early": s.ended_early, "result": said}))
        target = s.options.target
        if after[team] >= target:
            winners = (team, team + 2)
            self.finish(s, Outcome(
                (after[0], after[1], after[0], after[1]), winners,
                f"team {team} (seats {team} and {team + 2}) reached {after[team]} "
                f"of {target} points in hand {s.hand_no + 1}",
                details={"hands": s.hand_no + 1}))
            return
        s.hand_no += 1
        s.dealer = (s.dealer + 1) % N
        self._deal(s)

    def why_illegal(self, s, seat, action):
        ph = s.phase
        text = None
        try:
            text = self.action_text(action)
        except Exception:
            pass
        if ph is Phase.PLAY and 0 <= action < 52:
            if not s.hands[seat] >> action & 1:
                return f"{text} is not in your hand"
            lead = SUIT[s.trick[0]]
            return (f"you must follow suit ({['spades', 'hearts', 'diamonds', 'clubs'][lead]}) "
                    f"when you can (ch. 2)")
        if ph is Phase.BID:
            if BID_CARD <= action < BID_CARD + 52:
                card = action - BID_CARD
                if not s.hands[seat] >> card & 1:
                    return f"{DECK.text(card)} is not in your hand"
                return "a bid card may not be a two, jack, queen or king (6.2)"
            if action in (VERBAL_RAMI, VERBAL_NOLO):
                return ("you may bid by word only without a card of that colour to bid "
                        "with (6.2)")
            return "lay a bid card (bid 7H) or, lacking one, bid by word (6.2)"
        if ph is Phase.SOOLI:
            return "answer 'call sooli' or 'pass' (6.2)"
        if ph in (Phase.GIVE, Phase.DISCARD):
            block, verb = (GIVE, "give") if ph is Phase.GIVE else (DISCARD, "discard")
            if block <= action < block + 52:
                card = action - block
                if card == s.bid_card[seat]:
                    return (f"{DECK.text(card)} is your bid card: it lies on the table "
                            f"until the play begins (6.2, 6.3)")
                return f"{DECK.text(card)} is not in your hand"
            if ph is Phase.GIVE:
                return "give your sooli partner one card from your hand: give QS (6.2)"
            return "put one card away: discard QS (6.2)"
        if text is None:
            return f"{action!r} is not an action of Tuppi"
        return f"{text} is not allowed now ({self.phase_name(s)})"

    # -- the table's words ----------------------------------------------------------
    def describe_event(self, e):
        """The auction's events as lines of the table (seats by number: "You"
        at one's own); what a seat may not see (another's bid, a card put
        away or given) stays unnamed.  The play and the hand's scoring keep
        the generic lines (per team, by the players' names)."""
        kind, seat = e["kind"], e.get("seat")
        card = e.get("card")
        named = None if card is None else pretty(DECK.text(int(card)))
        if kind == "bid":
            if e.get("verbal"):
                return f"seat {seat} bids by word" + (f": {e['bid']}" if "bid" in e else "")
            return f"seat {seat} lays a bid card face down" + (f": {named}" if named else "")
        if kind == "exposed":
            how = f"bid card {named}" if named else "bid by word"
            return f"seat {seat}'s bid is shown: {e['bid']} ({how})"
        if kind == "contract":
            if e["contract"] == NOLO:
                return "nobody bid rami: the hand is played nolo"
            if e["contract"] == SOOLI:
                return f"seat {e['soloist']} calls sooli against seat {e['declarer']}'s rami"
            return f"the contract is rami, declared by seat {e['declarer']}"
        if kind == "pass":
            return f"seat {seat} does not call sooli"
        if kind == "put_away":
            return f"seat {seat} puts away " + (named or "a card")
        if kind == "gave":
            return f"seat {seat} gives " + (named or "a card") + f" to seat {e['to']}"
        if kind == "bid_cards_back":
            who = e["seats"]
            if len(who) == 1:
                return f"seat {who[0]} takes the bid card back into the hand (6.3)"
            seats = ", ".join(map(str, who[:-1])) + f" and {who[-1]}"
            return f"seats {seats} take their bid cards back into their hands (6.3)"
        return NotImplemented

    # -- what each seat sees -----------------------------------------------------
    def _view(self, s, seat, v):
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no
        v["scores"] = list(s.scores)
        v["rising"] = (0 if s.scores[0] else 1) if s.scores != (0, 0) else None
        v["results"] = [{"hand": r[0] + 1, "contract": r[1], "declarer": r[2], "soloist": r[3],
                         "tricks": list(r[4]), "team": r[5], "points": r[6],
                         "scores": list(r[7])} for r in s.results]
        v["bid_order"] = list(s.bid_order)
        bids = []
        exposed = set(s.bid_order[:s.exposed])
        for p in range(N):
            card = s.bid_card[p]
            if card is None:
                bids.append(None)
            elif p in exposed:
                bids.append({"verbal": card == -1, "exposed": True,
                             "bid": RAMI if s.bid_rami[p] else NOLO,
                             "card": None if card == -1 else CARDS[card]})
            else:
                bids.append({"verbal": card == -1, "exposed": False, "hidden": True})
        v["bids"] = bids
        v["team"] = [0, 1, 0, 1]
        if seat is not None and s.bid_card[seat] is not None:
            card = s.bid_card[seat]
            v["my_bid"] = {"bid": RAMI if s.bid_rami[seat] else NOLO, "verbal": card == -1,
                           "card": None if card == -1 else self._unplayed(s, card)}
        v["contract"] = s.contract
        v["declarer"] = s.declarer
        v["soloist"] = s.soloist
        v["sitting_out"] = None if s.soloist is None else (s.soloist + 2) % N
        v["sooli_passed"] = list(s.sooli_passed)
        v["ace_low"] = s.strength is STRENGTH_SOOLI
        v["exchange"] = {"given": s.given is not None, "put_away": s.away is not None}
        if seat is not None and s.soloist is not None:
            if seat == s.soloist:
                v["received"] = self._unplayed(s, s.given)
                v["put_away"] = None if s.away is None else CARDS[s.away]
            elif seat == (s.soloist + 2) % N:
                v["given"] = self._unplayed(s, s.given)
        if seat is not None:
            v["hand"] = CardSet(self._in_hand(s, seat))
        v["hand_sizes"] = [self._in_hand(s, p).bit_count() for p in range(N)]
        v["play_order"] = list(s.order) if s.phase is Phase.PLAY else None
        order = s.order
        v["trick"] = [[order[i], CARDS[c]] for i, c in enumerate(s.trick)]
        v.update(won_tricks_view(s.won, s.last, s.trick))
        v["voids"] = list(s.voids)

    @staticmethod
    def _unplayed(s, card):
        """A card a seat knows (its bid card, the card passed in a sooli) for
        its view, until it is played: then it lies in a won trick, face down."""
        if card is None or s.played >> card & 1:
            return None
        return CARDS[card]

    def zones(self, s):
        z = {f"hand{p}": s.hands[p] for p in range(N)}
        z["away"] = 0 if s.away is None else BIT[s.away]
        z["played"] = s.played
        return z

    def _exposed_mask(self, s):
        m = 0
        for p in s.bid_order[:s.exposed]:
            c = s.bid_card[p]
            if c is not None and c >= 0:
                m |= BIT[c]
        return m

    def unknown_cards(self, s, seat):
        known = s.played | self._exposed_mask(s)
        if seat is not None:
            known |= s.hands[seat]
            if s.soloist is not None:
                if seat == s.soloist or seat == (s.soloist + 2) % N:
                    if s.given is not None:
                        known |= BIT[s.given]
                if seat == s.soloist and s.away is not None:
                    known |= BIT[s.away]
        return ALL & ~known

    # -- a world consistent with one seat's knowledge ------------------------------
    def view(self, state, seat):
        # a View keeps sample_world's plan, worked out at its first sample
        return View(Game.view(self, state, seat))

    def sample_world(self, view, rng):
        plan = getattr(view, "derived", None)
        if plan is None:
            plan = _WorldPlan(self, view)
            if view.__class__ is View:
                view.derived = plan
        for _ in range(200):
            try:
                world = self._sample_once(view, plan, rng)
            except SampleError:
                continue
            if world is not None:
                return world
        raise SampleError("no consistent world found for this view")

    def _sample_once(self, view, plan, rng):
        s = plan.template.clone()
        s.seed = rng.getrandbits(63)
        seat = plan.seat
        solo = plan.solo
        partner = plan.partner
        bids = view["bids"]
        given = plan.given
        exchanged = plan.exchanged
        pool = plan.pool
        if plan.sampler is not None:
            verbal_colour = plan.verbal_colour
            placed = plan.sampler.sample(rng)
        else:
            allowed = plan.allowed.copy()
            verbal_colour = _verbal_limits(plan, bids, allowed, rng)
            placed = sample_hands(pool, plan.counts, rng, allowed)
        hands = [placed.get(p, 0) for p in range(N)]
        if seat is not None:
            hands[seat] = plan.own
        seen_by = plan.seen_by
        played_by = [seen_by[p] | placed.get(plan.down[p], 0) for p in range(N)]
        s.played = played_by[0] | played_by[1] | played_by[2] | played_by[3]
        away_mask = plan.fixed_away | placed.get("away", 0)
        away = None if not away_mask else ids(away_mask)[0]
        # the card the partner gave, where this seat's view does not show it:
        # one the sooli player holds or played (it came after the putting
        # away); the two partners see it until it is played
        if exchanged and given is None:
            side = played_by[solo]
            if seat not in (solo, partner):
                side |= hands[solo]
            cands = side
            if plan.exposed_cards[solo] is not None:
                cands &= ~BIT[plan.exposed_cards[solo]]
            if verbal_colour[solo] is not None and side & verbal_colour[solo]:
                cands &= side & verbal_colour[solo]
            if verbal_colour[partner] is not None:
                cands &= ~verbal_colour[partner]
            if not cands or (verbal_colour[solo] is not None
                             and (side & verbal_colour[solo]).bit_count() > 1):
                return None
            given = rng.choice(ids(cands))
        s.given = given
        s.away = away
        s.hands = hands
        if plan.all_bids_known:
            return s
        # the hands as dealt (for the bid cards nobody saw)
        orig = [hands[p] | played_by[p] for p in range(N)]
        if away_mask:
            orig[solo] |= away_mask
        if exchanged:
            orig[solo] &= ~BIT[given]
            orig[partner] |= BIT[given]
        bid_card = s.bid_card
        bid_rami = s.bid_rami
        for p in range(N):
            b = bids[p]
            if b is None or b["exposed"]:
                continue
            if p == seat:
                mine = view["my_bid"]
                if not mine["verbal"] and mine["card"] is None:
                    # played already: one of his played cards of that colour
                    elig = played_by[p] & (RED_ELIGIBLE if bid_rami[p] else BLACK_ELIGIBLE)
                    if not elig:
                        return None
                    bid_card[p] = rng.choice(ids(elig))
            elif b["verbal"]:
                if orig[p] & verbal_colour[p]:
                    return None
                bid_card[p] = -1
                bid_rami[p] = verbal_colour[p] == RED_ELIGIBLE
            else:
                # the bid card stayed on the table through the exchange
                elig = orig[p] & ELIGIBLE & ~away_mask
                if exchanged and p == partner:
                    elig &= ~BIT[given]
                if not elig:
                    return None
                c = rng.choice(ids(elig))
                bid_card[p] = c
                bid_rami[p] = bool(BIT[c] & RED)
        return s


def _verbal_limits(plan, bids, allowed, rng):
    """Verbal bids: the bidder held no eligible card of the colour he named
    (a colour still face down is guessed).  Narrows ``allowed`` in place;
    returns each seat's colour."""
    seat, solo, given, pool = plan.seat, plan.solo, plan.given, plan.pool
    verbal_colour = [None] * N
    for p in range(N):
        b = bids[p]
        if b is None or not b["verbal"] or p == seat:
            continue
        if b["exposed"]:
            colour = RED_ELIGIBLE if b["bid"] == RAMI else BLACK_ELIGIBLE
        else:
            colour = RED_ELIGIBLE if rng.random() < 0.5 else BLACK_ELIGIBLE
        verbal_colour[p] = colour
        if p == solo and given is not None:
            colour &= ~BIT[given]       # the card he received may be of that colour
        elif p == solo and plan.exchanged and rng.random() < 0.5:
            maybe = ids(pool & colour)  # guess that he received one of that colour
            if maybe:
                colour &= ~BIT[rng.choice(maybe)]
        for z in (p, plan.down[p]):
            if z in allowed:
                allowed[z] &= ~colour
        if p == solo and plan.away_zone:
            allowed["away"] &= ~colour
    return verbal_colour


class _WorldPlan:
    """What ``Tuppi.sample_world`` reads from a view once, for every world
    it samples from it: a template state with everything the view tells,
    and the zones the unseen cards go to.  Where no verbal bid's colour
    must be guessed, the hand sampler itself is kept too."""

    __slots__ = ("template", "seat", "solo", "partner", "own", "given", "exchanged",
                 "away_zone", "fixed_away", "pool", "counts", "allowed", "down", "seen_by",
                 "exposed_cards", "sampler", "verbal_colour", "all_bids_known")

    def __init__(self, game, view):
        s = game.blank_world(view, None)
        self.template = s
        self.seat = seat = view["seat"]
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"]
        s.scores = tuple(view["scores"])
        s.results = [(r["hand"] - 1, r["contract"], r["declarer"], r["soloist"],
                      tuple(r["tricks"]), r["team"], r["points"], tuple(r["scores"]))
                     for r in view["results"]]
        s.bid_order = tuple(view["bid_order"])
        bids = view["bids"]
        s.bid_turn = sum(1 for b in bids if b is not None)
        s.exposed = sum(1 for b in bids if b is not None and b["exposed"])
        s.declarer = view["declarer"]
        s.soloist = solo = self.solo = view["soloist"]
        partner = self.partner = None if solo is None else (solo + 2) % N
        s.sooli_passed = tuple(view["sooli_passed"])
        s.contract = view["contract"]
        s.strength = STRENGTH_SOOLI if view["ace_low"] else STRENGTH
        s.ended_early = False
        # Won tricks lie face down (ch. 2): the view shows the trick on the
        # table, the last trick while no card of the next is down, the counts
        # and the suits each seat has shown void in.
        s.won = list(view["tricks_won"])
        s.ntricks = s.won[0] + s.won[1]
        s.voids = list(view["voids"])
        s.order = tuple(view["play_order"]) if view["play_order"] else s.bid_order
        s.trick = [int(c) for _, c in view["trick"]]
        s.last = last_trick_from_view(view["last_trick"])
        s.hands = [0] * N
        s.played = 0
        s.given = s.away = None
        void = [0] * N
        seen_by = self.seen_by = [0] * N        # cards seen played by each seat
        for p in range(N):
            for suit in range(4):
                if s.voids[p] >> suit & 1:
                    void[p] |= DECK.suit_mask[suit]
        for p, c in view["trick"]:
            seen_by[p] |= BIT[int(c)]
        if s.last is not None:
            for p, c in s.last[0]:
                seen_by[p] |= BIT[c]
        seen = 0
        for m in seen_by:
            seen |= m

        # the state keeps a bid card in its owner's hand while it lies on the table
        on_table = [view["phase"] != "play" and b is not None and not b["verbal"]
                    for b in bids]
        sizes = [n + on_table[p] for p, n in enumerate(view["hand_sizes"])]
        own = int(view["hand"]) if seat is not None else 0
        if seat is not None and on_table[seat]:
            own |= BIT[int(view["my_bid"]["card"])]
        self.own = own
        exchanged = self.exchanged = view["exchange"]["given"]
        put_away = view["exchange"]["put_away"]
        given = None
        away = None
        if seat is not None and solo is not None:
            if seat == solo:
                given = view["received"]
                away = view["put_away"]
            elif seat == partner:
                given = view["given"]
        self.given = None if given is None else int(given)
        # the cards each seat has played into finished tricks that the view no
        # longer shows: those it held when the play began, less its hand and
        # the plays in view
        start = [HAND] * N
        if put_away:
            start[solo] -= 1
        if exchanged:
            start[solo] += 1
            start[partner] -= 1
        down = [start[p] - sizes[p] - seen_by[p].bit_count() for p in range(N)]
        away_zone = self.away_zone = put_away and seat != solo
        fixed_away = self.fixed_away = 0 if away is None else BIT[int(away)]
        pool = self.pool = ALL & ~(own | fixed_away | seen)
        counts = self.counts = {}
        allowed = self.allowed = {}
        self.down = DOWN_ZONES
        for p in range(N):
            if p != seat:
                counts[p] = sizes[p]
                allowed[p] = pool & ~void[p]
            if down[p]:
                counts[DOWN_ZONES[p]] = down[p]
                allowed[DOWN_ZONES[p]] = pool
        if away_zone:
            counts["away"] = 1
            allowed["away"] = pool
        # cards known to be a seat's, in its hand or among its played cards:
        # an exposed bid card (the exchange never moves a bid card), and the
        # card the sooli player received (after the putting away)
        belongs = {}
        exposed_cards = self.exposed_cards = [None] * N
        for p in range(N):
            b = bids[p]
            if b is not None and b["exposed"] and b["card"] is not None:
                c = int(b["card"])
                exposed_cards[p] = c
                belongs[c] = (p, DOWN_ZONES[p])
        if given is not None:           # shown: not played yet
            belongs[int(given)] = (solo,)
        for c, places in belongs.items():
            if pool >> c & 1:
                for z in allowed:
                    if z not in places:
                        allowed[z] &= ~BIT[c]
        # the bids as the view tells them; those it does not are drawn per world
        s.bid_card = [None] * N
        s.bid_rami = [None] * N
        known = True
        for p in range(N):
            b = bids[p]
            if b is None:
                continue
            if b["exposed"]:
                s.bid_card[p] = -1 if b["card"] is None else int(b["card"])
                s.bid_rami[p] = b["bid"] == RAMI
            elif p == seat:
                mine = view["my_bid"]
                s.bid_rami[p] = mine["bid"] == RAMI
                if mine["verbal"]:
                    s.bid_card[p] = -1
                elif mine["card"] is not None:
                    s.bid_card[p] = int(mine["card"])
                else:
                    known = False
            else:
                known = False
        self.all_bids_known = known
        # the hand sampler is kept when no verbal bid's colour is guessed
        self.sampler = None
        self.verbal_colour = None
        guessing = any(b is not None and b["verbal"] and p != seat
                       and (not b["exposed"] or (p == solo and given is None and exchanged))
                       for p, b in enumerate(bids))
        if not guessing:
            fixed = allowed.copy()
            self.verbal_colour = _verbal_limits(self, bids, fixed, None)
            try:
                self.sampler = HandSampler(pool, counts, fixed)
            except SampleError:
                pass                    # every world fails as it comes


DOWN_ZONES: Final = tuple(f"down{p}" for p in range(N))


register(Tuppi)
