"""Pieces the Skruuvi family shares (seed 000 ch. 11-16).

Modern Skruuvi (ch. 12), Klubiskruuvi (13), Historical Skruuvi (14), Vint
(15) and Screw Misere (16) are written as differences from one another;
what more than one of them needs lives here:

- bids: a number 1-7 and a type (misere, four suits, no trump); the order of
  the types differs between basic deals (12.2) and kotkas (12.10), so a
  ``BidLadder`` puts the bids of one kind of deal in rising order for
  ``cards.auction.Auction``;
- knocking (12.6, 12.9, 13.3): who is asked to knock, who may answer with a
  kontra-knock, and the factor (1, 2, 4) each opponent's score is taken by;
- ace points (12.8, 12.9, 16.3): an ace in the k-th trick of a deal is
  worth k;
- what each player knows about the cards in the other hands while cards
  change hands face down (``moved``, ``revealed``);
- the hand patterns of the historical scorings (14.4.2, 15.3.2): the run of
  top cards of a suit, aces in one hand.
"""

from __future__ import annotations

from .deck import ACE, CLUBS, DIAMONDS, HEARTS, SPADES, Deck

# -- bids (12.2) ---------------------------------------------------------------

MISERE, SPADE, CLUB, DIAMOND, HEART, NOTRUMP = range(6)
TYPE_TEXT = ("m", "s", "c", "d", "h", "nt")
TYPE_NAMES = ("misere", "spades", "clubs", "diamonds", "hearts", "no trump")
TYPE_TRUMP = (None, SPADES, CLUBS, DIAMONDS, HEARTS, None)   # the deck's suit id
BASIC_ORDER = (MISERE, SPADE, CLUB, DIAMOND, HEART, NOTRUMP)    # 12.2
KOTKA_ORDER = (SPADE, CLUB, DIAMOND, HEART, MISERE, NOTRUMP)    # 12.10

# every bid as a code, level-major: the order of the action words
BID_WORDS = tuple(f"{level}{TYPE_TEXT[t]}" for level in range(1, 8) for t in range(6))


def bid_code(level: int, kind: int) -> int:
    return (level - 1) * 6 + kind


def bid_level(code: int) -> int:
    return code // 6 + 1


def bid_type(code: int) -> int:
    return code % 6


def bid_name(code: int) -> str:
    """``5 misere``, ``7 no trump``."""
    return f"{bid_level(code)} {TYPE_NAMES[bid_type(code)]}"


class BidLadder:
    """The bids of one kind of deal, lowest first: ``codes[i]`` is the i-th
    bid (``Auction`` indices), ``index[code]`` its place.  ``order`` ranks
    the types; ``min_level`` is the lowest number allowed (6 in kotkas)."""

    __slots__ = ("codes", "index", "min_index")

    def __init__(self, order=BASIC_ORDER, min_level: int = 1):
        self.codes = tuple(bid_code(level, t) for level in range(1, 8) for t in order)
        self.index = {code: i for i, code in enumerate(self.codes)}
        self.min_index = (min_level - 1) * len(order)


# -- knocking (12.6, 12.9, 13.3) -------------------------------------------------

class Knocking:
    """One deal's knocks.  ``askers`` are asked in turn whether to knock.
    Usually the first knock ends the asking; with ``independent`` (a bolsu)
    every asker answers for himself.  ``kontra_for[knocker]`` lists who may
    then kontra-knock, in order; the first kontra-knock ends the deal's
    knocking.  ``factor(seat)`` is what a knock does to the scores: 1, 2
    (knocked) or 4 (knocked and kontra-knocked)."""

    __slots__ = ("askers", "kontra_for", "independent", "asked", "knockers",
                 "kontra_asked", "kontra")

    def __init__(self, askers, kontra_for: dict, independent: bool = False):
        self.askers = tuple(askers)
        self.kontra_for = kontra_for          # never changed: shared by clones
        self.independent = independent
        self.asked = 0
        self.knockers: tuple = ()
        self.kontra_asked = 0
        self.kontra = None

    def clone(self) -> "Knocking":
        new = object.__new__(Knocking)
        for k in Knocking.__slots__:
            setattr(new, k, getattr(self, k))
        return new

    def _kontra_askers(self) -> tuple:
        return self.kontra_for[self.knockers[0]] if self.knockers else ()

    @property
    def stage(self) -> str:
        """``knock``, ``kontra`` or ``done``."""
        if self.asked < len(self.askers) and (self.independent or not self.knockers):
            return "knock"
        if self.kontra is None and self.kontra_asked < len(self._kontra_askers()):
            return "kontra"
        return "done"

    def who(self):
        """The seat to answer now (None when the knocking is over)."""
        stage = self.stage
        if stage == "knock":
            return self.askers[self.asked]
        if stage == "kontra":
            return self._kontra_askers()[self.kontra_asked]
        return None

    def answer(self, yes: bool) -> str:
        """The seat now asked knocks (kontra-knocks) or passes; returns the
        word said: ``knock``, ``kontra`` or ``pass``."""
        seat = self.who()
        if self.stage == "knock":
            self.asked += 1
            if yes:
                self.knockers = self.knockers + (seat,)
                return "knock"
            return "pass"
        self.kontra_asked += 1
        if yes:
            self.kontra = seat
            return "kontra"
        return "pass"

    def factor(self, seat=None) -> int:
        """1, 2 or 4: for the opponent ``seat`` in a bolsu, else for the deal."""
        if not self.knockers or (seat is not None and seat not in self.knockers):
            return 1
        return 4 if self.kontra is not None else 2


def contract_knocking(declarer: int, ring) -> Knocking:
    """12.6: the declarer's left-hand opponent, then his right-hand opponent;
    a knock may be answered by the knocker's left-hand and then right-hand
    neighbours, the declarer's side."""
    return Knocking((after(ring, declarer, 1), after(ring, declarer, 3)),
                    _neighbours_of(ring))


def round_knocking(first: int, ring) -> Knocking:
    """12.9: everyone in turn from ``first``, until someone knocks; the
    knocker's opponents (left-hand first) may kontra-knock."""
    return Knocking(tuple(after(ring, first, i) for i in range(4)), _neighbours_of(ring))


def _neighbours_of(ring) -> dict:
    return {p: (after(ring, p, 1), after(ring, p, 3)) for p in ring}


def after(ring, seat: int, steps: int) -> int:
    """The seat ``steps`` places clockwise from ``seat`` in ``ring`` (the
    seats in clockwise order)."""
    return ring[(ring.index(seat) + steps) % len(ring)]


# -- ace points (12.8, 12.9, 16.3) ----------------------------------------------

def ace_points(tricks, sides: int = 2) -> list[int]:
    """Per side, the ace points in the tricks it won: ``tricks`` lists, for
    each trick of the deal in order, (side that won it, aces in it); an ace
    in the k-th trick is worth k."""
    pts = [0] * sides
    for number, (side, aces) in enumerate(tricks, start=1):
        pts[side] += number * aces
    return pts


def trick_and_ace_points(tricks, sides: int = 2) -> list[int]:
    """Per side, one point for each trick it won and its ace points: the
    minus points of Screw Misere (16.3), what the other team scores in a
    pass misere (12.9)."""
    pts = ace_points(tricks, sides)
    for side, _ in tricks:
        pts[side] += 1
    return pts


# -- who knows which card is where ---------------------------------------------------

def moved(known: list, card: int, giver: int, receiver: int, n: int = 4) -> None:
    """``giver`` hands ``card`` face down to ``receiver``.  ``known[v * n + h]``
    is the mask of cards player ``v`` knows to be in the hand of ``h`` (a row
    after the players' rows is what a spectator knows): the two who handle
    the card know where it went; everyone else no longer knows which of the
    cards he placed in the giver's hand are still there."""
    bit = 1 << card
    for v in range(len(known) // n):
        if v == giver:
            known[v * n + receiver] |= bit
        elif v == receiver:
            known[v * n + giver] &= ~bit
        else:
            known[v * n + giver] = 0


def revealed(known: list, cards: int, holder: int, n: int = 4) -> None:
    """Everyone has seen ``cards`` go into ``holder``'s hand (turned-up table
    cards, 12.3 and 13.3)."""
    for v in range(len(known) // n):
        if v != holder:
            known[v * n + holder] |= cards


# -- hand patterns (14.4.2, 15.3.2) -------------------------------------------------

def top_run(hand: int, suit: int, deck: Deck) -> int:
    """How many of the suit's top cards, from the ace down without a gap,
    ``hand`` holds (0 without the ace)."""
    run = 0
    for rank in range(ACE, 1, -1):
        if hand & deck.suit_mask[suit] & deck.rank_mask[rank]:
            run += 1
        else:
            break
    return run


def aces_in(hand: int, deck: Deck) -> int:
    return (hand & deck.rank_mask[ACE]).bit_count()
