"""Marriage trick play: trumps named during a deal by a king and a queen.

Huutopussi (seed 000 ch. 8) and Marjapussi (seed 003) play their tricks the
same way; this module holds that part once, and each game states its
differences in a ``MarriageRules``:

- The pack: 36 cards, 6 to ace in four suits, ranked ace, ten, king, queen,
  jack, 9, 8, 7, 6 (``PACK``, ``STRENGTH``); a hand is shown in that order.
- Tricks: no trumps at the start; a player follows suit when he can and
  beats the best card on the table when he can (``cards.trick.legal_follow``
  with ``must_beat``); with ``must_trump`` a player void in the suit led
  must play a trump even when he cannot beat a higher one.
- Marriages: after winning a trick, before leading the next (with
  ``after_own_lead``: only a trick he led himself), a player may once name
  trumps.  He announces his own king and queen of a suit (``announce
  hearts``), or asks his partner for a whole (a king and queen in one hand,
  no suit named: ``ask whole``; Marjapussi's word is ``pair``), or asks for
  a half of a named suit (``ask half hearts``).  A suit can be trumps only
  once in a deal, so trumps never go back.  The trump's points (spades 40,
  clubs 60, diamonds 80, hearts 100) go to the side that named it.
- Answers are truthful.  A half question is answered at once (the answer is
  forced).  The partner asked for a whole always answers himself (``answer
  hearts``, ``answer no``): holding several, he chooses which; were a forced
  answer given for him, the pause would tell the table that he had a choice.
- What the table learns from an announcement or an answer (``reveals``),
  and nothing more, is what a sampled world respects (``sample_deal``).
- Won tricks lie face down: the last trick may be seen until the next card
  is played (``last_trick``), earlier ones only as counts per side.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.game import Outcome
from .deal import SampleError, sample_hands
from .deck import HAND_SUIT_ORDER, SUIT_NAMES, Card, CardSet, Deck, ids
from .trick import (last_trick_cards, last_trick_from_view, legal_follow, order_strength,
                    winning_index, won_tricks_view)

ACE_TEN = (6, 7, 8, 9, 11, 12, 13, 10, 14)       # low to high: the ten above the king
_PLACE = {r: i for i, r in enumerate(ACE_TEN)}
SUITS = SUIT_NAMES[:4]                            # spades hearts diamonds clubs
MARRIAGE_POINTS = (40, 100, 80, 60)               # by suit: S H D C
N = 4


class AceTenDeck(Deck):
    """The 36-card pack whose hands are shown ace, ten, king, ... in each suit."""

    __slots__ = ()

    def in_hand_order(self, cards) -> list[int]:
        return sorted(cards, key=lambda c: (HAND_SUIT_ORDER[self.suit_of[c]],
                                            -_PLACE[self.rank_of[c]], c))


PACK = AceTenDeck("36", tuple(range(6, 15)))
STRENGTH = order_strength(PACK, ACE_TEN)
SIZE = PACK.size
ALL = PACK.all_mask
SUIT = PACK.suit_of
SUIT_MASK = PACK.suit_mask
KING = tuple(PACK.parse("K" + x) for x in "SHDC")
QUEEN = tuple(PACK.parse("Q" + x) for x in "SHDC")
PAIR = tuple((1 << KING[x]) | (1 << QUEEN[x]) for x in range(4))
ACES = PACK.rank_mask[14]
CARDS = tuple(Card(c) for c in range(SIZE))
BIT = tuple(1 << c for c in range(SIZE))
ALL_SUITS = 0b1111
HALF_WORDS = tuple(f"half {w}" for w in SUITS)


def point_table(values: dict) -> tuple[int, ...]:
    """Card points per card id from points per rank (ranks not named: 0)."""
    return tuple(values.get(PACK.rank_of[c], 0) for c in range(SIZE))


def card_points(mask: int, table) -> int:
    return sum(table[c] for c in ids(mask))


@dataclass(frozen=True)
class MarriageRules:
    """How one game plays its tricks and names its trumps."""

    whole: str                   # the word for a king and queen in one hand
    must_trump: bool             # void in the suit led: a trump must be played
    after_own_lead: bool         # name trumps only after winning a trick one led
    half_needs_one: bool         # ask for a half only holding one of its king and queen
    ask_suit_once: bool          # a player asks about each suit at most once
    first_lead_ace_spade: bool   # the first lead of a deal: an ace, else a spade


class MarriageActions:
    """The action ids of trick play, registered in a game's ``ActionSpace``
    after its plain card plays (card id = action id)."""

    def __init__(self, space, rules: MarriageRules):
        self.announce = space.choice("announce", SUITS)
        self.ask_whole = space.choice("ask", (rules.whole,) + HALF_WORDS)
        self.ask_half = self.ask_whole + 1
        self.answer_no = space.choice("answer", ("no",) + SUITS)
        self.answer = self.answer_no + 1


# the public play fields of a view before the first lead
PLAY_NOT_STARTED = {"trick": [], "last_trick": None, "announcements": [], "tricks_won": [0, 0]}


class MarriagePlay:
    """One deal's hands and its trick play.  Seats sit clockwise in
    ``table``; ``team`` and ``partner`` are per seat.  Holds only ints,
    tuples and lists of them; ``clone`` copies it."""

    __slots__ = ("rules", "table", "nxt", "team", "partner", "hands", "trick", "leader",
                 "turn", "trump", "used", "won", "tricks", "last", "last_winner", "done",
                 "announcements", "marriage_points", "may_announce", "asked", "asking")

    def __init__(self, rules: MarriageRules, hands: list[int], table: tuple, team: tuple):
        self.rules = rules
        self.table = tuple(table)
        self.nxt = tuple(self.table[(self.table.index(p) + 1) % N] for p in range(N))
        self.team = tuple(team)
        self.partner = tuple(self.table[(self.table.index(p) + 2) % N] for p in range(N))
        self.hands = list(hands)
        self.trick: list[tuple[int, int]] = []
        self.leader = None
        self.turn = None
        self.trump = None
        self.used = 0                      # suits that have been trumps, as bits
        self.won = [0, 0]                  # cards in each side's won tricks
        self.tricks = [0, 0]
        self.last = None                   # (plays, winner) of the trick just won, until the next card
        self.last_winner = None            # who won the latest trick (the last trick's points)
        self.done = 0
        self.announcements: list[tuple] = []   # (seat, kind, suit, answer, trump)
        self.marriage_points = [0, 0]
        self.may_announce = None           # the seat that may name trumps before leading
        self.asked = [0, 0, 0, 0]          # suits each seat has asked a half of, as bits
        self.asking = None                 # the seat whose whole question waits for an answer

    def clone(self) -> "MarriagePlay":
        new = object.__new__(MarriagePlay)
        for k in ("rules", "table", "nxt", "team", "partner", "leader", "turn", "trump",
                  "used", "last", "last_winner", "done", "may_announce", "asking"):
            setattr(new, k, getattr(self, k))
        new.hands = self.hands.copy()
        new.trick = self.trick.copy()
        new.won = self.won.copy()
        new.tricks = self.tricks.copy()
        new.announcements = self.announcements.copy()
        new.marriage_points = self.marriage_points.copy()
        new.asked = self.asked.copy()
        return new

    def start(self, leader: int) -> None:
        self.leader = self.turn = leader

    def over(self) -> bool:
        return self.done * N == SIZE

    # -- legality ------------------------------------------------------------
    def legal_cards(self, seat: int) -> int:
        hand = self.hands[seat]
        if not self.trick:
            if self.done == 0 and self.rules.first_lead_ace_spade:
                return hand & ACES or hand & SUIT_MASK[0] or hand
            return hand
        return legal_follow(hand, self.trick, PACK, STRENGTH, self.trump, must_beat=True,
                            must_trump=self.rules.must_trump)

    def legal(self, seat: int, acts: MarriageActions) -> list[int]:
        if self.asking is not None:
            return self.answers(acts)
        out = ids(self.legal_cards(seat))
        if self.may_announce == seat:
            out += self.announcement_actions(seat, acts)
        return out

    def open_suits(self) -> list[int]:
        return [x for x in range(4) if not self.used >> x & 1]

    def announcement_actions(self, seat: int, acts: MarriageActions) -> list[int]:
        hand = self.hands[seat]
        rules = self.rules
        out = []
        suits = self.open_suits()
        for x in suits:
            if hand & PAIR[x] == PAIR[x]:
                out.append(acts.announce + x)
        if suits:
            out.append(acts.ask_whole)
        for x in suits:
            if rules.half_needs_one and (hand & PAIR[x]).bit_count() != 1:
                continue
            if rules.ask_suit_once and self.asked[seat] >> x & 1:
                continue
            out.append(acts.ask_half + x)
        return out

    def wholes(self, seat: int) -> list[int]:
        """Open suits whose king and queen ``seat`` holds."""
        hand = self.hands[seat]
        return [x for x in self.open_suits() if hand & PAIR[x] == PAIR[x]]

    def answers(self, acts: MarriageActions) -> list[int]:
        wholes = self.wholes(self.partner[self.asking])
        return [acts.answer + x for x in wholes] if wholes else [acts.answer_no]

    # -- play -----------------------------------------------------------------
    def act(self, s, seat: int, action: int, acts: MarriageActions) -> int | None:
        """Apply a legal action of trick play; logs on the state ``s``.
        Returns the seat that won the trick this card completed, else None."""
        if action < SIZE:
            return self.play(s, seat, action)
        if action < acts.ask_whole:
            self._announce(s, seat, action - acts.announce)
        elif action == acts.ask_whole:
            self.asking = seat
            self.may_announce = None
            s.log("asked", seat, question=self.rules.whole)
            self.turn = self.partner[seat]
        elif action < acts.answer_no:
            self._ask_half(s, seat, action - acts.ask_half)
        else:
            self._answer(s, seat, None if action == acts.answer_no else action - acts.answer)
        return None

    def play(self, s, seat: int, card: int) -> int | None:
        if not self.trick:
            self.last = None
            self.may_announce = None
        self.hands[seat] &= ~BIT[card]
        self.trick.append((seat, card))
        s.log("play", seat, card=CARDS[card])
        if len(self.trick) < N:
            self.turn = self.nxt[seat]
            return None
        win = self.trick[winning_index(self.trick, PACK, STRENGTH, self.trump)][0]
        side = self.team[win]
        m = 0
        for _, c in self.trick:
            m |= BIT[c]
        self.won[side] |= m
        self.tricks[side] += 1
        self.done += 1
        led = self.trick[0][0]
        self.last = (tuple(self.trick), win)
        self.last_winner = win
        self.trick = []
        self.leader = self.turn = win
        s.log("trick", win, winner=win, team=side, tricks_won=self.tricks.copy())
        # a suit still open means at least the whole question can be asked
        if not self.over() and (win == led or not self.rules.after_own_lead) \
                and self.used != ALL_SUITS:
            self.may_announce = win
        return win

    def _make_trump(self, s, seat: int, suit: int) -> None:
        self.trump = suit
        self.used |= 1 << suit
        side = self.team[seat]
        self.marriage_points[side] += MARRIAGE_POINTS[suit]
        s.log("trumps", seat, suit=SUITS[suit], team=side, points=MARRIAGE_POINTS[suit],
              marriage_points=self.marriage_points.copy())

    def _announce(self, s, seat: int, suit: int) -> None:
        self.may_announce = None
        s.log("announced", seat, suit=SUITS[suit])
        self.announcements.append((seat, "marriage", suit, None, suit))
        self._make_trump(s, seat, suit)

    def _ask_half(self, s, seat: int, suit: int) -> None:
        self.may_announce = None
        self.asked[seat] |= 1 << suit
        q = self.partner[seat]
        m = PAIR[suit]
        mine = self.hands[seat] & m
        theirs = self.hands[q] & m
        s.log("asked", seat, question=f"half {SUITS[suit]}")
        if not theirs:
            answer, trump = "no", None
        elif (mine | theirs) == m:
            answer, trump = "yes", suit
        else:
            answer, trump = "half", None        # she has a half; the asker lacks the other
        self.announcements.append((seat, "half", suit, answer, trump))
        s.log("answered", q, answer=answer, suit=SUITS[suit])
        if trump is not None:
            self._make_trump(s, seat, suit)

    def _answer(self, s, seat: int, suit: int | None) -> None:
        asker = self.asking
        self.asking = None
        self.turn = asker
        self.announcements.append((asker, "whole", None, "no" if suit is None else "yes", suit))
        s.log("answered", seat, answer="no" if suit is None else "yes",
              suit=None if suit is None else SUITS[suit])
        if suit is not None:
            self._make_trump(s, seat, suit)

    # -- views --------------------------------------------------------------------
    def public_view(self) -> dict:
        """What every seat may see of the play: the trick on the table, the
        last trick until the next card, tricks per side, trumps, and every
        announcement, question and answer of the deal."""
        return {
            "trick": [[p, CARDS[c]] for p, c in self.trick],
            **won_tricks_view(self.tricks, self.last, self.trick),
            "leader": self.leader,
            "trump": None if self.trump is None else SUITS[self.trump],
            "trumps_used": [SUITS[x] for x in range(4) if self.used >> x & 1],
            "tricks_done": self.done,
            "marriage_points": self.marriage_points.copy(),
            "announcements": [announcement_dict(a, self.rules) for a in self.announcements],
            "asking": self.asking,
            "may_announce": self.may_announce,
            "asked": [[SUITS[x] for x in range(4) if a >> x & 1] for a in self.asked],
        }

    @classmethod
    def from_view(cls, rules, pv: dict, hands: list[int], won: list[int], table, team):
        """The play of a sampled world: the public part from the view (none
        before the play starts), the hands and the won tricks as sampled."""
        mp = cls(rules, hands, table, team)
        if "trick" not in pv:
            return mp
        mp.trick = [(p, int(c)) for p, c in pv["trick"]]
        mp.last = last_trick_from_view(pv["last_trick"])
        if mp.last is not None:
            mp.last_winner = mp.last[1]
        mp.leader = pv["leader"]
        if pv["asking"] is not None:
            mp.turn = mp.partner[pv["asking"]]
        elif mp.trick:
            mp.turn = mp.nxt[mp.trick[-1][0]]
        else:
            mp.turn = mp.leader
        trump = pv["trump"]
        mp.trump = None if trump is None else SUITS.index(trump)
        mp.used = sum(1 << SUITS.index(x) for x in pv["trumps_used"])
        mp.won = list(won)
        mp.tricks = list(pv["tricks_won"])
        mp.done = pv["tricks_done"]
        mp.announcements = [announcement_tuple(a) for a in pv["announcements"]]
        mp.marriage_points = list(pv["marriage_points"])
        mp.may_announce = pv["may_announce"]
        mp.asked = [sum(1 << SUITS.index(x) for x in a) for a in pv["asked"]]
        mp.asking = pv["asking"]
        return mp


def announcement_dict(a: tuple, rules: MarriageRules) -> dict:
    seat, kind, suit, answer, trump = a
    return {"seat": seat, "kind": rules.whole if kind == "whole" else kind,
            "suit": None if suit is None else SUITS[suit], "answer": answer,
            "trump": None if trump is None else SUITS[trump]}


def announcement_tuple(d: dict) -> tuple:
    kind = d["kind"] if d["kind"] in ("marriage", "half") else "whole"
    suit = None if d["suit"] is None else SUITS.index(d["suit"])
    trump = None if d["trump"] is None else SUITS.index(d["trump"])
    return (d["seat"], kind, suit, d["answer"], trump)


# -- what the table knows -------------------------------------------------------

def reveals(rules: MarriageRules, announcements: list[dict], partner):
    """What every seat knows of the hands now from the deal's announcements,
    questions and answers: ``(excluded, not_both, kept)``.

    ``excluded[seat]``: cards not in that hand.  ``not_both``: (seat, pair)
    where the hand does not hold both cards.  ``kept``: (seat, pair) where
    at least one of the two cards is in that hand or already played (the
    seat held it when it spoke).  Cards only leave hands during play, so a
    card a seat lacked then it lacks now, and a card it held then is in its
    hand or played now."""
    excluded = [0] * N
    not_both = []
    kept = []
    used = 0

    def held_by(seats, m):
        for o in range(N):
            if o not in seats:
                excluded[o] |= m

    for a in announcements:
        seat, kind, suit, answer, trump = announcement_tuple(a)
        q = partner[seat]
        if kind == "marriage":
            held_by((seat,), PAIR[suit])
        elif kind == "whole":
            if trump is not None:
                held_by((q,), PAIR[trump])
            else:
                not_both += [(q, PAIR[x]) for x in range(4) if not used >> x & 1]
        else:
            m = PAIR[suit]
            if rules.half_needs_one:           # the asker held exactly one of the two
                not_both.append((seat, m))
                kept.append((seat, m))
                if trump is not None:          # and his partner the other
                    held_by((seat, q), m)
                    not_both.append((q, m))
                else:
                    excluded[q] |= m
            elif answer == "no":
                excluded[q] |= m
            elif trump is not None:            # the side holds both, she at least one
                held_by((seat, q), m)
                kept.append((q, m))
            else:                              # she holds one, the asker neither
                excluded[seat] |= m
                not_both.append((q, m))
                kept.append((q, m))
        if trump is not None:
            used |= 1 << trump
    return excluded, not_both, kept


def consistent(hands: list[int], not_both, kept) -> bool:
    for seat, m in not_both:
        if hands[seat] & m == m:
            return False
    for seat, m in kept:
        others = 0
        for p in range(N):
            if p != seat:
                others |= hands[p]
        if m & ~others == 0:
            return False
    return True


def sample_deal(view: dict, rules: MarriageRules, partner, team, own: int,
                fixed=(), rng=None, tries: int = 300):
    """Hands and won tricks for a sampled world of the play: the cards the
    view's seat cannot see shared among the other hands and the two sides'
    face-down tricks, respecting what the announcements revealed and
    ``fixed`` ((seat, cards) the view's seat knows lie in that hand now:
    cards passed between partners).  Returns (hands, won per side)."""
    seat = view["seat"]
    sizes = view["hand_sizes"]
    view = {**PLAY_NOT_STARTED, **view}
    known = own
    for _, c in view["trick"]:
        known |= BIT[int(c)]
    last = last_trick_cards(view["last_trick"])
    known |= last
    excluded, not_both, kept = reveals(rules, view["announcements"], partner)
    placed_known = [0] * N
    for holder, m in fixed:
        placed_known[holder] |= m
        known |= m
    counts = {}
    allowed = {}
    for p in range(N):
        if p != seat:
            counts[p] = sizes[p] - placed_known[p].bit_count()
            allowed[p] = ALL & ~excluded[p]
    last_side = None if not last else team[view["last_trick"]["won_by"]]
    for side in (0, 1):
        counts[f"won{side}"] = 4 * view["tricks_won"][side] - (4 if side == last_side else 0)
    pool = ALL & ~known
    for _ in range(tries):
        try:
            placed = sample_hands(pool, counts, rng, allowed)
        except SampleError:
            continue
        hands = [own if p == seat else placed[p] | placed_known[p] for p in range(N)]
        if consistent(hands, not_both, kept):
            won = [placed["won0"], placed["won1"]]
            if last_side is not None:
                won[last_side] |= last
            return hands, won
    raise SampleError("no deal found that agrees with the announcements")


# -- dealing and the auction -----------------------------------------------------

def deal_round(pack: list[int], dealer: int, table) -> list[int]:
    """Nine cards each, one at a time clockwise from the dealer's left (top
    card first); ``table`` lists the seats clockwise."""
    first = table.index(dealer) + 1
    hands = [0] * N
    for i in range(N):
        hands[table[(first + i) % N]] = sum(BIT[c] for c in pack[i::N])
    return hands


class PointAuction:
    """Bidding for points: in turn each player bids higher or passes, and a
    pass is for good.  The auction is over when all but one have passed
    after a bid (the one left holds the high bid), or all four without one."""

    __slots__ = ("calls", "passed", "acted", "high", "high_seat")

    def __init__(self):
        self.calls: list[tuple] = []       # (seat, bid), bid None for a pass
        self.passed = 0                    # seats out, as bits
        self.acted = 0                     # seats that have had a turn, as bits
        self.high = None
        self.high_seat = None

    def clone(self) -> "PointAuction":
        new = object.__new__(PointAuction)
        new.calls = self.calls.copy()
        new.passed, new.acted = self.passed, self.acted
        new.high, new.high_seat = self.high, self.high_seat
        return new

    def call(self, seat: int, bid) -> None:
        self.acted |= 1 << seat
        self.calls.append((seat, bid))
        if bid is None:
            self.passed |= 1 << seat
        else:
            self.high, self.high_seat = bid, seat

    def first_turn(self, seat: int) -> bool:
        return not self.acted >> seat & 1

    def over(self) -> bool:
        return self.passed.bit_count() == (N if self.high is None else N - 1)

    def next_seat(self, seat: int, nxt) -> int:
        """The next seat clockwise still in the auction."""
        p = nxt[seat]
        while self.passed >> p & 1:
            p = nxt[p]
        return p

    def view(self, v: dict) -> None:
        v["calls"] = [[p, b] for p, b in self.calls]
        bids = [None] * N
        for p, b in self.calls:
            bids[p] = "pass" if b is None else b
        v["bids"] = bids
        v["high_bid"] = self.high
        v["high_bidder"] = self.high_seat

    @classmethod
    def from_view(cls, v: dict) -> "PointAuction":
        a = cls()
        for p, b in v["calls"]:
            a.call(p, b)
        return a


def pass_card(s, hands: list[int], giver: int, taker: int, card: int) -> None:
    """One card from a partner to the other, seen by the two of them."""
    hands[giver] &= ~BIT[card]
    hands[taker] |= BIT[card]
    s.log("gave", giver, audience=(giver, taker), private={"card": CARDS[card]}, to=taker)


def match_outcome(scores, target: int, deals: int, cap: int, team, details: dict):
    """The end of a match to ``target`` game points after a deal, or None
    while it goes on.  The first side to reach the target wins; if both
    reach it in one deal the side with more wins, and with equal points the
    match goes on.  ``cap`` (0: none) ends the match after that many deals,
    the side ahead winning.  Scores per seat are its side's points."""
    a, b = scores
    per_seat = tuple(scores[team[p]] for p in range(N))
    sides = [tuple(p for p in range(N) if team[p] == t) for t in (0, 1)]

    def name(t):
        return f"team {t} (seats {' and '.join(map(str, sides[t]))})"

    if (a >= target or b >= target) and a != b:
        t = 0 if a > b else 1
        both = " with more than the other side" if min(a, b) >= target else ""
        return Outcome(per_seat, sides[t], f"{name(t)} reached {scores[t]} of {target} "
                       f"game points{both} in deal {deals}", details=details)
    if deals == cap:
        if a == b:
            return Outcome(per_seat, (), f"{deals} deals played: equal at {a} game points",
                           details=details)
        t = 0 if a > b else 1
        return Outcome(per_seat, sides[t], f"{deals} deals played: {name(t)} ahead with "
                       f"{max(a, b)} to {min(a, b)}", details=details)
    return None


# -- the exchange between the declarer and his partner -------------------------
#
# The partner passes cards to the declarer (``given``) and the declarer passes
# cards back (``returned``).  Each of the two knows where the cards that
# changed hands lie while they stay in a hand; the opponents see only counts.

def exchange_view(v: dict, seat, declarer, partner: int, given: int, returned: int,
                  hands) -> None:
    """Add to a view the counts of passed cards and the passed cards whose
    place ``seat`` knows now."""
    v["exchange"] = {"given": given.bit_count(), "returned": returned.bit_count()}
    if seat is None or declarer is None:
        return
    # ``passed``: the cards this seat passed that lie in the other's hand;
    # ``received``: the cards it received that are still in its own hand
    if seat == declarer:
        v["passed"] = CardSet(returned & hands[partner])
        v["received"] = CardSet(given & hands[declarer])
    elif seat == partner:
        v["passed"] = CardSet(given & hands[declarer])
        v["received"] = CardSet(returned & hands[partner])


def exchange_known(seat, declarer, partner: int, given: int, returned: int, hands) -> int:
    """The passed cards whose place ``seat`` knows now, outside its own hand."""
    if declarer is None or seat is None:
        return 0
    if seat == declarer:
        return returned & hands[partner]
    if seat == partner:
        return given & hands[declarer]
    return 0


def exchange_fixed(view: dict, declarer, partner) -> list:
    """For ``sample_deal``: the passed cards the view's seat knows lie in
    the other partner's hand."""
    seat = view["seat"]
    if declarer is None or seat is None:
        return []
    if seat == declarer:
        return [(partner, int(view["passed"]))]
    if seat == partner:
        return [(declarer, int(view["passed"]))]
    return []


def sample_exchange(view: dict, hands, won, declarer, partner, rng) -> tuple[int, int]:
    """The passed cards of a sampled world: those the view's seat can place
    as it knows them, the rest drawn from where they may lie (a given card
    not in the declarer's hand went back or was played, a returned card not
    in the partner's hand was played)."""
    if declarer is None:
        return 0, 0
    seat = view["seat"]
    counts = view["exchange"]
    played = won[0] | won[1]
    for _, c in view.get("trick", ()):
        played |= BIT[int(c)]
    if seat is not None and seat == declarer:
        given, returned = int(view["received"]), int(view["passed"])
    elif seat is not None and seat == partner:
        given, returned = int(view["passed"]), int(view["received"])
    else:
        given = returned = 0
    if seat is not None and seat in (declarer, partner):
        given_pool = (played | hands[partner]) & ~given
        returned_pool = played & ~returned
    else:
        given_pool = hands[declarer] | played | hands[partner]
        returned_pool = hands[partner] | played
    for c in rng.sample(ids(given_pool), counts["given"] - given.bit_count()):
        given |= BIT[c]
    for c in rng.sample(ids(returned_pool), counts["returned"] - returned.bit_count()):
        returned |= BIT[c]
    return given, returned


# -- the game side of it ---------------------------------------------------------

def marriage_render_hints(hide=(), table=(), labels=None) -> dict:
    """The terminal's hints for a marriage game: the fields both games show,
    with a game's own added."""
    return {
        "hide": ["calls", "asked", "tricks_done", "may_announce", *hide],
        "table": ["scores", "tricks_won", "marriage_points", "trumps_used", "calls",
                  "announcements", "results", *table],
        # for a duplicate match (core.duplicate): one entry a side, a side's
        # number, the auction's rows each beginning with a seat
        "team_lists": ["scores", "tricks_won", "marriage_points", "tricks", "points", "gained"],
        "team_fields": ["team"],
        "seat_rows": ["calls"],
        "seat_fields": ["declarer", "high_bidder", "asking", "won_by", "leader", "to"],
        "labels": {
            "team": "team",
            "bids": "bid",
            "tricks_won": "tricks team 0, team 1",
            "marriage_points": "trump points team 0, team 1",
            "trumps_used": "suits trumps already",
            "last_trick": "last trick",
            "announcements": "trumps named and questions",
            "results": "deals scored",
            "high_bid": "high bid",
            "high_bidder": "high bidder",
            "deals_played": "deals played",
            "exchange": "cards passed",
            "passed": "your passed cards in partner's hand",
            "received": "cards from partner in your hand",
            "asking": "question waiting from",
            **(labels or {}),
        },
    }


class MarriageGame:
    """The play phases, card places, views and sampled worlds the marriage
    games share.  A game mixes it in before ``core.game.Game`` and sets
    ``rules`` (its ``MarriageRules``) and ``acts`` (its ``MarriageActions``);
    its ``Phase`` has PLAY and ANSWER; its state keeps ``mp`` (the deal's
    ``MarriagePlay``), ``declarer``, ``given`` and ``returned`` (the cards
    passed between partners); it scores a finished deal in ``_score``."""

    rules: MarriageRules

    def _legal_play(self, s, seat):
        return s.mp.legal(seat, self.acts)

    def _apply_play(self, s, seat, action):
        mp = s.mp
        mp.act(s, seat, action, self.acts)
        if mp.asking is not None:
            s.phase = self.Phase.ANSWER
        elif mp.over():
            self._score(s)
            return
        s.to_act = (mp.turn,)

    def _legal_answer(self, s, seat):
        return s.mp.answers(self.acts)

    def _apply_answer(self, s, seat, action):
        s.mp.act(s, seat, action, self.acts)
        s.phase = self.Phase.PLAY
        s.to_act = (s.mp.turn,)

    def _partner_of_declarer(self, s):
        return None if s.declarer is None else s.mp.partner[s.declarer]

    def _hand_view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.mp.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.mp.hands]

    def _play_view(self, s, seat, v):
        """The passed cards (once there is a declarer) and the play."""
        mp = s.mp
        if s.declarer is not None:
            exchange_view(v, seat, s.declarer, mp.partner[s.declarer], s.given, s.returned,
                          mp.hands)
        if mp.leader is not None:
            v.update(mp.public_view())

    def zones(self, s):
        mp = s.mp
        z = {f"hand{p}": mp.hands[p] for p in range(N)}
        z["won0"], z["won1"] = mp.won
        z["trick"] = sum(BIT[c] for _, c in mp.trick)
        return z

    def unknown_cards(self, s, seat):
        mp = s.mp
        known = 0
        for _, c in mp.trick:
            known |= BIT[c]
        if mp.last is not None:
            for _, c in mp.last[0]:
                known |= BIT[c]
        if seat is not None:
            known |= mp.hands[seat] | exchange_known(
                seat, s.declarer, self._partner_of_declarer(s), s.given, s.returned, mp.hands)
        return ALL & ~known

    def _sample_deal(self, s, view, rng, table, team) -> None:
        """The deal of a sampled world (``s.declarer`` already set): hands,
        won tricks and passed cards as ``sample_deal`` and
        ``sample_exchange`` draw them, the play from the view."""
        seat = view["seat"]
        d = s.declarer
        partner = tuple(table[(table.index(p) + 2) % N] for p in range(N))
        dp = None if d is None else partner[d]
        own = int(view["hand"]) if seat is not None else 0
        hands, won = sample_deal(view, self.rules, partner, team, own,
                                 exchange_fixed(view, d, dp), rng)
        s.given, s.returned = sample_exchange(view, hands, won, d, dp, rng)
        s.mp = MarriagePlay.from_view(self.rules, view, hands, won, table, team)


# -- why an action is refused ---------------------------------------------------

def why_refused(mp: MarriagePlay, seat: int, action: int, acts: MarriageActions,
                section: str) -> str:
    """The rule an action of trick play breaks, for a refusal message."""
    rules = mp.rules
    if mp.asking is not None:
        return (f"your partner asked for a {rules.whole}: answer with a suit whose king and "
                f"queen you hold, or 'answer no' if you hold none ({section})")
    hand = mp.hands[seat]
    if action < SIZE:
        text = PACK.text(action)
        if not hand >> action & 1:
            return f"{text} is not in your hand"
        if not mp.trick:
            what = "an ace" if hand & ACES else "a spade"
            return f"the first lead of a deal must be {what} when you hold one ({section})"
        lead = SUIT[mp.trick[0][1]]
        if hand & SUIT_MASK[lead]:
            if SUIT[action] != lead:
                return f"you must follow suit ({SUITS[lead]}) ({section})"
            return f"you must beat the best card on the table when you can ({section})"
        trump = mp.trump
        if rules.must_trump and trump is not None and hand & SUIT_MASK[trump] \
                and SUIT[action] != trump:
            return f"with no {SUITS[lead]} you must play a trump ({SUITS[trump]}) ({section})"
        return (f"you must beat the best card on the table when you can: with no "
                f"{SUITS[lead]}, by a trump higher than any played ({section})")
    if mp.may_announce != seat:
        when = ("after winning a trick you led" if rules.after_own_lead
                else "after winning a trick")
        return (f"trumps can be named only {when}, once, before leading the next "
                f"trick ({section})")
    if action >= acts.answer_no:
        return f"nobody has asked you for a {rules.whole} ({section})"
    suit = (action - acts.announce) if action < acts.ask_whole else (action - acts.ask_half)
    if action != acts.ask_whole and mp.used >> suit & 1:
        return f"{SUITS[suit]} have been trumps already; each suit only once a deal ({section})"
    if action < acts.ask_whole:
        return f"you do not hold the king and queen of {SUITS[suit]} ({section})"
    if action == acts.ask_whole:
        return f"every suit has been trumps already ({section})"
    if rules.ask_suit_once and mp.asked[seat] >> suit & 1:
        return f"you have asked about {SUITS[suit]} already ({section})"
    return (f"ask for a half of {SUITS[suit]} only holding its king or its queen, not "
            f"both ({section})")


# -- the table talk in words ------------------------------------------------------

def describe_play_event(event: dict, whole: str):
    """One line for the events of trick play that the generic line reads
    badly (a game's ``describe_event``); NotImplemented for the rest."""
    kind = event.get("kind")
    seat = event.get("seat")
    if kind == "announced":
        return f"Seat {seat} announces the king and queen of {event['suit']}"
    if kind == "asked":
        q = event["question"]
        what = f"a {whole}" if q == whole else f"a half of {q.split()[1]}"
        return f"Seat {seat} asks the partner for {what}"
    if kind == "answered":
        answer, suit = event["answer"], event.get("suit")
        if answer == "half":
            return f"Seat {seat} answers: yes, a half of {suit}, but the pair is not whole"
        if answer == "yes":
            return f"Seat {seat} answers: yes, {suit}"
        return f"Seat {seat} answers: no" + (f" {suit}" if suit else "")
    if kind == "trumps":
        a, b = event["marriage_points"]
        return (f"{event['suit'].capitalize()} are trumps: {event['points']} points to team "
                f"{event['team']} (trump points {a}, {b})")
    if kind == "trick":
        a, b = event["tricks_won"]
        return f"Seat {seat} wins the trick (tricks: team 0 {a}, team 1 {b})"
    return NotImplemented
