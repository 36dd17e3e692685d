"""Contract Samba, Samba with an auction (seed 000 ch. 24, line 1859).

Written as differences from Samba (ch. 23, ``pelit.games.samba``) and
Canasta (ch. 21).  The first half of this module holds the rules of ch. 24
as pure functions, each pinned by ``tests/games/test_contract_samba.py``:

- 24.2 the auction: calls, legality, its end, the contract and the order in
  which contracts pass down (``Auction``), 24.3 ``settle_contract``;
- 24.3 / 24.5 openings: the declarer's openings by contract type and the
  non-declarer's twos rule (``declarer_opening_ok``, ``opening_ok``);
- 24.6 melds: canasta melds of a rank or of twos, samba melds with twos and
  threes going round the corner, what may be added (``rank_meld_ok``,
  ``twos_meld_ok``, ``samba_meld_ok``, ``may_add``);
- 24.7 the discard pile: what a frozen pile yields and what may take it
  (``pile_slice``, ``take_ok``);
- 24.9 going out for both sides (``may_go_out``, ``progress``);
- 24.10 / 24.11 scoring, the contract check, bonuses, the void contract and
  the opening zones (``score_deal``, ``OPENING_ZONES``).

The second half is the game, ``ContractSamba``: Samba's turn machinery
(draw two, melding, discarding, "May I go out?" with its 300 penalty, the
opening requirement raised by 10 after a failed opening) with an AUCTION
phase and the declarer's DECLARE phase in front; the pile's first card is
turned only after them (24.3).  Text: ``bid 4 hearts``, ``pass``,
``double``, ``cannot open``, ``meld kh ah 2h`` (a run), ``meld 2 2 jk``
(twos), ``take pile with 8 8 8`` (frozen), ``lay 3h``.

Decisions where the seed is silent or unclear (each pinned by a test):

- 24.2: a bid is a level 1..7 (seven thousands is more than any deal has
  made; higher levels are not offered) and a type.  A player may double only
  the highest bid, when an opponent made it, and never a bid already
  doubled (the double ends the auction anyway).
- 24.3: when the contract passes down, the next lower bid in the auction
  becomes the contract, whoever made it (the same player may be declarer
  again); a passed-down contract is not doubled (the double was made against
  the highest bid).  With no bids left there is no contract.
- 24.3 / 24.5: the complete canasta that always opens is a canasta meld of
  seven or more (of a rank or of twos); a samba is not one (ch. 24 names
  sambas apart throughout), it opens by its points like any meld.
- 24.3: "four cards of the same rank" is four natural cards of one rank 4..A
  in one meld; "four twos" is a canasta meld of twos holding four twos.  A
  suit opening is a samba meld of at least three cards of the contract suit.
- 24.6: a canasta meld of twos has at least two twos; twos in it are its
  natural cards, jokers its wild cards.  A samba meld holds no jokers.
  Natural cards (a twos meld: twos) may be added to a complete *mixed*
  canasta only; nothing is added to a complete natural canasta, a complete
  canasta of twos or a samba.
- 24.7: the freezing cards are the wild cards (twos and jokers) and red
  threes, as in Canasta (21.4); a frozen pile yields its cards from the top
  down to the topmost freezing card and every freezing card right below it.
- 24.8: each red three laid on the table counts -300; one still in hand -500.
- 24.9: with no contract both sides go out as the non-declarer side.
- 24.10: "points achieved" for the contract are the deal total less the
  positive card points on the table (melded cards, red threes excluded since
  they are negative) for levels 1-4; the whole total from level 5.  The 1000
  points of a failed declarer opening are a penalty line of the deal.  A
  void contract (the stock ran out) gives no contract bonus either way.
- 24.10: canasta bonuses other than the listed ones are Canasta's: natural
  500, mixed 300.
- 24.11: the first opening zone of the seed is garbled ("- 5  15"); we read
  it as 15 points below zero.
- 24.3: the declarer melds from the hand only and keeps at least two cards;
  "cannot open" is the declarer's own word (the software does not search
  whether an opening existed), and it returns the melded cards to the hand.
  The pile card is turned after the opening as in Canasta: a wild card or
  red three turned is covered by the next card.
- 24.4: the card from the stock that goes with taking the pile is drawn with
  the rest of the pile: at once for an opened team, after the opening is
  accepted for a pile opening (a failed pile opening draws nothing).  With
  an empty stock the pile is taken alone.
- 24.7: a team that has not opened takes an unfrozen pile with a pair too
  (24.7 makes no exception), but only onto a new meld.
- 24.8: a red three is laid in the player's own melding, only while two more
  cards stay in hand, with no replacement card (laying is optional here, so
  it is not a free draw); drawn or taken red threes simply join the hand.
- 24.9: the declarer side's points for going out are counted as in 24.10
  with the going-out bonus and without the partner's hand (nobody sees it);
  a hand never empties by melding: the last card is discarded.
- 24.10: a contract is void only when the stock runs out; a deal that ends
  by going out always settles the contract.
- 24.10 with Canasta 21.6.2: ch. 24 does not drop Canasta's 100 points for
  opening and going out in the same turn (Samba's 23.5 does, but Contract
  Samba is built on Canasta), so they are scored, only for the side whose
  opening meld was made in the very turn its player goes out (opened a turn
  earlier: no 100).  The declarer side opens at the auction (24.3), before
  any turn, so it never earns them, and they can neither make nor break a
  contract; a side without the contract, or either side when there is none,
  can.  (Were a declarer side ever to earn them, 24.10 would count them
  toward the contract like the going-out bonus.)
- 21.6.5 (Canasta's, kept): asking "May I go out?" when unable costs 300
  at once, whatever the answer.  The engine judges it
  (``meld_game.could_go_out``): the cards the turn may bring (the stock's
  next cards, the pile) short of the other side's two canastas and
  a samba cannot go out (the declarer side, going out by points, is not
  bounded this way); otherwise
  every way through the turn is tried, except that a player who may hold
  more than eight cards this turn gets the benefit of the doubt.
"""

from __future__ import annotations

from ..cards.deck import JOKER_RANK, ids, standard_deck
from ..cards.melds import CANASTA_POINTS, MeldTables, popcount
from ..core.errors import IllegalAction

DECK = standard_deck("3x54")                                     # 24.1
T = MeldTables(DECK, CANASTA_POINTS, red_three=5, black_three=5)
HAND_SIZE = 15                                                   # 24.1
CANASTA = 7
MAX_WILD = 2                                                     # 24.6
FREEZERS = T.wild | T.red3                                       # 24.7 / 24.8
TARGET = 20000                                                   # 24.11
OPENING_ZONES = ((-10**9, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150),
                 (10000, 200))                                   # 24.11

# -- 24.2 the auction -------------------------------------------------------------
CLUBS, DIAMONDS, HEARTS, SPADES, CANASTA_TYPE, TWOS_TYPE = range(6)
TYPE_WORDS = ("clubs", "diamonds", "hearts", "spades", "canasta", "twos")
TYPE_SUIT = {CLUBS: 3, DIAMONDS: 2, HEARTS: 1, SPADES: 0}        # deck suit index (SHDC)
MAX_LEVEL = 7
PASS = "pass"
DOUBLE = "double"


def bid_value(level: int, kind: int) -> int:
    """The order of bids: a higher number, or the same number and a higher type."""
    return level * 6 + kind


class Auction:
    """The calls of one auction (24.2).  ``first`` is the seat left of the dealer.

    ``calls`` is the list of (seat, call) where a call is ``"pass"``,
    ``"double"`` or ``(level, kind)``.
    """

    __slots__ = ("first", "calls", "doubled", "over")

    def __init__(self, first: int):
        self.first = first
        self.calls: list = []
        self.doubled = False
        self.over = False

    def clone(self):
        new = Auction(self.first)
        new.calls = self.calls.copy()
        new.doubled = self.doubled
        new.over = self.over
        return new

    @property
    def to_call(self) -> int:
        return (self.first + len(self.calls)) % 4

    def bids(self):
        """(seat, (level, kind)) of every bid, lowest first."""
        return [(p, c) for p, c in self.calls if isinstance(c, tuple)]

    def highest(self):
        b = self.bids()
        return b[-1] if b else None

    def legal(self, seat: int):
        """The legal calls of ``seat`` (its turn to call)."""
        if self.over or seat != self.to_call:
            return []
        out = [PASS]
        top = self.highest()
        low = bid_value(*top[1]) + 1 if top else bid_value(1, CLUBS)
        for level in range(1, MAX_LEVEL + 1):
            for kind in range(6):
                if bid_value(level, kind) >= low:
                    out.append((level, kind))
        if top and (top[0] - seat) % 2 == 1:
            out.append(DOUBLE)
        return out

    def call(self, seat: int, call) -> None:
        if self.over:
            raise IllegalAction("the auction is over")
        if seat != self.to_call:
            raise IllegalAction(f"it is seat {self.to_call}'s turn to call")
        if call not in self.legal(seat):
            top = self.highest()
            if call == DOUBLE:
                raise IllegalAction("you may double only a bid made by an opponent")
            raise IllegalAction(
                f"bid higher than {bid_text(top[1])}" if top else f"{call!r} is not a call")
        self.calls.append((seat, call))
        if call == DOUBLE:
            self.doubled = True
            self.over = True
            return
        passes = 0
        for _, c in reversed(self.calls):
            if c != PASS:
                break
            passes += 1
        if passes >= (3 if self.bids() else 4):
            self.over = True

    def contracts(self):
        """The contracts in the order they pass down (24.3): (seat, (level, kind),
        doubled), highest first; empty when nobody bid."""
        out = []
        for i, (p, b) in enumerate(reversed(self.bids())):
            out.append((p, b, self.doubled and i == 0))
        return out


def bid_text(bid) -> str:
    level, kind = bid
    return f"{level} {TYPE_WORDS[kind]}"


# -- 24.6 melds -------------------------------------------------------------------
def _pos(rank: int) -> int:
    """Place of a rank on the circle A-2-3-..-K-A (24.6: round the corner)."""
    return (rank - 2) % 13


def samba_meld_ok(mask: int, min_cards: int = 3) -> bool:
    """A samba meld: 3-7 cards of one suit in sequence, twos and threes natural,
    round the corner allowed, no jokers (24.6)."""
    n = popcount(mask)
    if n < min_cards or n > CANASTA or mask & T.jokers:
        return False
    cs = ids(mask)
    if len({DECK.suit_of[c] for c in cs}) != 1:
        return False
    pos = {_pos(DECK.rank_of[c]) for c in cs}
    if len(pos) != n:
        return False
    ends = sum(1 for q in pos if (q + 1) % 13 not in pos)
    return ends == 1


def rank_meld_ok(rank: int, mask: int) -> bool:
    """A canasta meld of ``rank`` 4..A: at least three cards, at least two
    natural, at most two wild (24.6)."""
    nat = popcount(mask & T.rank[rank])
    wild = popcount(mask & T.wild)
    return nat + wild == popcount(mask) and nat + wild >= 3 and nat >= 2 and wild <= MAX_WILD


def twos_meld_ok(mask: int, min_twos: int = 2) -> bool:
    """A canasta meld of twos: twos and at most two jokers (24.6)."""
    twos = popcount(mask & T.twos)
    jk = popcount(mask & T.jokers)
    return twos + jk == popcount(mask) and twos + jk >= 3 and twos >= min_twos and jk <= MAX_WILD


TWOS = 2          # key of a canasta meld of twos
RUN = 100         # key of a samba meld: RUN + suit


BLACK3 = 3        # key of black threes melded when going out (24.9)


def meld_ok(key: int, mask: int) -> bool:
    if key == BLACK3:
        return popcount(mask) >= 3 and mask & ~T.black3 == 0
    if key >= RUN:
        return samba_meld_ok(mask) and all(DECK.suit_of[c] == key - RUN for c in ids(mask))
    if key == TWOS:
        return twos_meld_ok(mask)
    return rank_meld_ok(key, mask)


def canasta_kind(key: int, mask: int):
    """``samba`` / ``natural`` / ``mixed`` for a complete meld, else None."""
    if popcount(mask) < CANASTA or key == BLACK3:
        return None
    if key >= RUN:
        return "samba"
    if key == TWOS:
        return "natural" if not mask & T.jokers else "mixed"
    return "natural" if not mask & T.wild else "mixed"


def may_add(key: int, mask: int, c: int) -> bool:
    """May card ``c`` go onto the team's meld (key, mask)?  (24.6)"""
    kind = canasta_kind(key, mask)
    new = mask | (1 << c)
    if key >= RUN:
        return kind is None and meld_ok(key, new)
    if key == BLACK3:
        return meld_ok(key, new)
    if kind == "natural" or kind == "samba":
        return False
    if key == TWOS:
        if kind == "mixed":
            return False
        return twos_meld_ok(new)
    if (T.wild >> c) & 1:
        return kind is None and rank_meld_ok(key, new)
    return rank_meld_ok(key, new)


# ranks in circle order A-2-3-..-K: position -> rank
RANK_AT = tuple((q % 13) + 2 for q in range(13))
# per suit, the cards at each place of the circle (a samba's cards: no jokers)
AT_PLACE = tuple(tuple(T.rank[RANK_AT[q]] & DECK.suit_mask[su] for q in range(13))
                 for su in range(4))
CIRCLE = (1 << 13) - 1


def places(mask: int) -> int:
    """The places on the circle A-2-..-K of a suit's cards, as 13 bits: in
    one copy of the pack a suit's ids run 2, 3, .., A, which is the circle
    from its place 0 (``_pos``)."""
    one = T.first_copy(mask)
    return (one | one >> 13 | one >> 26 | one >> 39) & CIRCLE


def addable(key: int, mask: int) -> int:
    """Every card ``may_add`` allows onto the meld (key, mask), as a mask:
    the same rules (24.6) read for all cards at once."""
    n = mask.bit_count()
    if key >= RUN:
        if n >= CANASTA:
            return 0
        held = places(mask)
        # the places just before and just after the run, round the corner
        ends = ((held << 1) | (held >> 12)) & CIRCLE & ~held
        ends |= ((held >> 1) | (held << 12)) & CIRCLE & ~held
        out = 0
        at = AT_PLACE[key - RUN]
        while ends:
            low = ends & -ends
            ends ^= low
            out |= at[low.bit_length() - 1]
        return out
    if key == BLACK3:
        return T.black3
    if key == TWOS:
        if n >= CANASTA:
            return 0
        return T.twos | (T.jokers if (mask & T.jokers).bit_count() < MAX_WILD else 0)
    if n >= CANASTA:
        return 0 if not mask & T.wild else T.rank[key]
    return T.rank[key] | (T.wild if (mask & T.wild).bit_count() < MAX_WILD else 0)


def runs_in_hand(hand: int):
    """Every three-card samba meld a hand can lay: (suit, lowest position, mask),
    round the corner included (24.6); one mask per (suit, start)."""
    out = []
    for su in range(4):
        sm = hand & DECK.suit_mask[su] & ~T.jokers
        if sm.bit_count() < 3:
            continue
        held = places(sm)
        # bit q: the places q, q+1 and q+2 round the circle are all held
        starts = held & ((held >> 1) | (held << 12)) & ((held >> 2) | (held << 11)) & CIRCLE
        at = AT_PLACE[su]
        while starts:
            low = starts & -starts
            starts ^= low
            q = low.bit_length() - 1
            used = 0
            for i in range(3):
                c = sm & at[(q + i) % 13]
                used |= c & -c
            out.append((su, q, used))
    return out


def type_opening_in_hand(hand: int, contract) -> int:
    """The cards of a contract-type opening the hand holds (24.3), 0 if none or
    the level is below four: three of the suit in sequence, four natural cards
    of a rank 4..A, or four twos."""
    level, kind = contract
    if level < 4:
        return 0
    if kind in TYPE_SUIT:
        for su, _, used in runs_in_hand(hand):
            if su == TYPE_SUIT[kind]:
                return used
        return 0
    if kind == CANASTA_TYPE:
        for r in range(4, 15):
            if popcount(hand & T.rank[r]) >= 4:
                m = hand & T.rank[r]
                out = 0
                for _ in range(4):
                    out |= m & -m
                    m &= m - 1
                return out
        return 0
    m = hand & T.twos
    if popcount(m) < 4:
        return 0
    out = 0
    for _ in range(4):
        out |= m & -m
        m &= m - 1
    return out


# -- 24.3 / 24.5 openings ---------------------------------------------------------
def opening_points(melds, exclude: int = 0) -> int:
    """Card points of opening melds, less the pile-taking cards (24.7)."""
    total = 0
    for _, m in melds:
        total += T.value(m & ~exclude)
    return total


def opening_ok(melds, requirement: int, exclude: int = 0) -> bool:
    """A non-declarer opening (24.5): the points, or a complete canasta; a canasta
    meld of twos in it needs five twos."""
    for k, m in melds:
        if k == TWOS and popcount(m & T.twos) < 5:
            return False
    if any(canasta_kind(k, m) in ("natural", "mixed") for k, m in melds):
        return True
    return opening_points(melds, exclude) >= requirement


def declarer_opening_ok(melds, contract, requirement: int) -> bool:
    """The declarer's opening (24.3): the points or a complete canasta always;
    from level four also the contract's own opening."""
    if any(canasta_kind(k, m) in ("natural", "mixed") for k, m in melds):
        return True
    if opening_points(melds) >= requirement:
        return True
    level, kind = contract
    if level < 4:
        return False
    for k, m in melds:
        if kind in TYPE_SUIT and k == RUN + TYPE_SUIT[kind] and popcount(m) >= 3:
            return True
        if kind == CANASTA_TYPE and 4 <= k <= 14 and popcount(m & T.rank[k]) >= 4:
            return True
        if kind == TWOS_TYPE and k == TWOS and popcount(m & T.twos) >= 4:
            return True
    return False


def settle_contract(contracts, can_open):
    """24.3: the declarer opens or is penalized and the contract passes down.

    ``contracts`` is ``Auction.contracts()``; ``can_open(seat, bid)`` tells
    whether that declarer opens.  Returns (the contract that stands or None,
    the seats penalized 1000 points each, in order).
    """
    penalized = []
    for seat, bid, doubled in contracts:
        if can_open(seat, bid):
            return (seat, bid, doubled), penalized
        penalized.append(seat)
    return None, penalized


def first_to_play(dealer: int, contract) -> int:
    """24.3: the declarer plays first; with no contract the player left of the dealer."""
    return contract[0] if contract is not None else (dealer + 1) % 4


# -- 24.7 the discard pile --------------------------------------------------------
FREEZES = tuple(bool((FREEZERS >> c) & 1) for c in range(DECK.size))


def pile_frozen(pile) -> bool:
    return any(map(FREEZES.__getitem__, pile))


def pile_slice(pile) -> int:
    """How many cards from the top a taker gets (24.7): all of an unfrozen pile;
    of a frozen one down to the topmost freezing card and the freezing cards
    right below it."""
    if not pile_frozen(pile):
        return len(pile)
    i = len(pile) - 1
    while not (FREEZERS >> pile[i]) & 1:
        i -= 1
    while i > 0 and (FREEZERS >> pile[i - 1]) & 1:
        i -= 1
    return len(pile) - i


def take_ok(pile, hand: int, melds, how) -> bool:
    """May the pile be taken?  (24.7)  ``how`` is ``("hand", rank)`` (a natural
    pair, triplet when frozen, from the hand), ``("meld", slot)`` (the pair or
    triplet goes with the top card onto that canasta meld of at most four, three
    when frozen) or ``("samba", slot)`` (the top card continues that samba meld)."""
    if not pile:
        return False
    top = pile[-1]
    r = DECK.rank_of[top]
    frozen = pile_frozen(pile)
    need = 3 if frozen else 2
    if how[0] == "samba":
        k, m = melds[how[1]]
        return k >= RUN and may_add(k, m, top)
    if r in (2, 3, JOKER_RANK):
        return False
    if popcount(hand & T.rank[r]) < need:
        return False
    if how[0] == "hand":
        return how[1] == r
    k, m = melds[how[1]]
    return k == r and popcount(m) <= (3 if frozen else 4) and canasta_kind(k, m) is None


# -- 24.9 going out ---------------------------------------------------------------
def may_go_out(declarer_side: bool, melds, achieved: int, contract) -> bool:
    """Declarer side: the contract's points reached; the other side (and both
    sides without a contract): two canastas, one natural, and a samba."""
    if declarer_side and contract is not None:
        return achieved >= contract[0] * 1000
    kinds = [canasta_kind(k, m) for k, m in melds]
    return kinds.count("samba") >= 1 and kinds.count("natural") >= 1 and \
        kinds.count("natural") + kinds.count("mixed") >= 2


def progress(melds, red3_laid: int, penalties: int, level: int, going_out: bool = True,
             asked: int = 0) -> int:
    """The points a declarer side has achieved towards its contract during the
    deal (24.9 with 24.10): canasta and samba bonuses, red threes, penalties,
    the going-out bonus when it goes out now, and from level five the card
    points on the table.  (Decision: cards still in the partner's hand are
    not counted, as nobody sees them when the player goes out.)"""
    line = team_lines(melds, red3_laid, 0, going_out, penalties, asked)
    return achieved_points(line, level)


# -- 24.10 scoring ----------------------------------------------------------------
BONUS = {("twos", "natural"): 3000, ("twos", "mixed"): 2000, ("aces", "natural"): 1000,
         ("aces", "mixed"): 500, ("other", "natural"): 500, ("other", "mixed"): 300}


def hand_value(mask: int) -> int:
    """Minus points of cards left in hand (24.10): red three -500, black -100."""
    return -(T.value(mask & ~(T.rank[3])) + 500 * popcount(mask & T.red3)
             + 100 * popcount(mask & T.black3))


def table_value(melds) -> int:
    """Positive card points of the melds; a three (red or black) in a meld is 5."""
    return sum(T.value(m) for _, m in melds)


def team_lines(melds, red3_laid: int, hand: int, went_out: bool, penalties: int,
               asked: int = 0, concealed: bool = False) -> dict:
    canastas = 0
    sambas = 0
    for k, m in melds:
        kind = canasta_kind(k, m)
        if kind == "samba":
            sambas += 1
        elif kind:
            group = "twos" if k == TWOS else "aces" if k == 14 else "other"
            canastas += BONUS[(group, kind)]
    return {
        "melded cards": table_value(melds),
        "sambas": 1500 * sambas,
        "canastas": canastas,
        "red threes": -300 * red3_laid,
        "going out": 200 if went_out else 0,
        "opening and going out": 100 if went_out and concealed else 0,    # Canasta 21.6.2
        "cards in hand": hand_value(hand),
        "penalties": -1000 * penalties,
        "asking penalties": -300 * asked,
    }


def score_deal(melds, red3_laid, hands, out_team, penalties, contract=None,
               declarer_team=None, doubled=False, void=False, asked=(0, 0),
               concealed=False) -> list[dict]:
    """Scoring lines of a deal for both teams with the contract lines (24.10).
    ``penalties`` counts failed declarer openings (1000 each), ``asked`` the
    300-point penalties of a wrong "May I go out?" (Canasta 21.6.5),
    ``concealed`` whether the team going out opened in that same turn."""
    lines = [team_lines(melds[t], red3_laid[t], hands[t], out_team == t, penalties[t],
                        asked[t], concealed) for t in (0, 1)]
    for line in lines:
        line["contract"] = 0
    if contract is not None and not void:
        level = contract[0]
        d = lines[declarer_team]
        achieved = achieved_points(d, level)
        mult = 2 if doubled else 1
        if achieved >= level * 1000:
            d["contract"] = 500 * level * mult
        else:
            lines[1 - declarer_team]["contract"] = 1000 * level * mult
    for line in lines:
        line["total"] = sum(line.values())
    return lines


def achieved_points(line: dict, level: int) -> int:
    """Points counting towards a contract (24.10), from a line without its total."""
    got = sum(v for k, v in line.items() if k not in ("total", "contract"))
    return got if level >= 5 else got - line["melded cards"]


# ======================================================================================
# The game: Samba's turn machinery with the differences of ch. 24
# ======================================================================================
import enum as _enum  # noqa: E402
from dataclasses import dataclass as _dataclass  # noqa: E402

from ..cards.deck import (RANK_TEXT, SUITS, Card, CardSet,  # noqa: E402
                          normalize_card_text, pretty)
from ..cards.meld_screen import (cards_line, deal_scored_line, goal_text,  # noqa: E402
                                 pile_line, seat_label)
from ..cards.meld_game import (TEAM_LISTS, NumberedMeldGame,  # noqa: E402
                               NumberedMeldState, deal_rounds)
from ..cards.melds import NATURAL_RANKS, take_lowest  # noqa: E402
from ..core.actions import ActionSpace  # noqa: E402
from ..core.errors import ParseError  # noqa: E402
from ..core.game import GameInfo, option  # noqa: E402
from ..core.registry import register  # noqa: E402
from . import samba as _samba  # noqa: E402

MAX_SLOTS = _samba.MAX_SLOTS
RW = _samba.RW
RANK_OF_WORD = _samba.RANK_OF_WORD
NO_TAKE_TOP = T.wild | T.rank[3]                 # 24.7: never a two, three or joker by a pair

# faces that can be added to a meld: 44 naturals, any two, a joker, 3S, 3C (Samba's
# order, which its bot reads), then twos and red threes of a suit (for sambas)
FACES = [f"{RW[r]}{SUITS[s].lower()}" for s in range(4) for r in NATURAL_RANKS] + \
    ["2", "jk", "3s", "3c", "2s", "2h", "2d", "2c", "3h", "3d"]
F_TWO, F_JK = 44, 45
F_SUIT_TWO = 48
F_RED3 = 52
FACE_MASK = []
for _s in range(4):
    for _r in NATURAL_RANKS:
        FACE_MASK.append(T.rank[_r] & DECK.suit_mask[_s])
FACE_MASK += [T.twos, T.jokers, T.rank[3] & DECK.suit_mask[0], T.rank[3] & DECK.suit_mask[3]]
FACE_MASK += [T.twos & DECK.suit_mask[_s] for _s in range(4)]
FACE_MASK += [T.rank[3] & DECK.suit_mask[1], T.rank[3] & DECK.suit_mask[2]]
RANK_FORMS = 3                                   # r r r, r r 2, r r jk


def _faces_of_cards():
    """The face an added card is named by, per card: in a samba a two and a
    three keep their suit (``2h``, ``3h``); elsewhere any two is ``2``."""
    in_run = [0] * DECK.size
    in_set = [0] * DECK.size
    for c in range(DECK.size):
        su, r = DECK.suit_of[c], DECK.rank_of[c]
        if r == 2:
            in_run[c], in_set[c] = F_SUIT_TWO + su, F_TWO
        elif r == JOKER_RANK:
            in_run[c] = in_set[c] = F_JK
        elif (T.red3 >> c) & 1:
            in_run[c] = in_set[c] = F_RED3 + (0 if su == 1 else 1)
        elif r == 3:
            in_run[c] = in_set[c] = 46 if su == 0 else 47
        else:
            in_run[c] = in_set[c] = su * len(NATURAL_RANKS) + NATURAL_RANKS.index(r)
    return tuple(in_run), tuple(in_set)


FACE_IN_RUN, FACE_IN_SET = _faces_of_cards()


class Phase(_enum.Enum):
    AUCTION = 1
    DECLARE = 2
    DRAW = 3
    OPENING = 4
    MELD = 5
    ANSWER = 6


@_dataclass(frozen=True)
class ContractSambaOptions:
    target: int = option(TARGET, "the score that wins the match", min=100, max=100000)
    deals: int = option(0, "play this many deals instead of to the target (0: to the target)",
                        min=0, max=100)


class ContractSambaState(NumberedMeldState):
    __slots__ = ("auction", "contract", "contracts_left", "dpen", "excl")

    def _copy_into(self, new):
        super()._copy_into(new)
        new.auction = self.auction.clone()
        new.contract = self.contract
        new.contracts_left = self.contracts_left.copy()
        new.dpen = self.dpen.copy()
        new.excl = self.excl


# every complete new meld lies within one of these (24.6): a rank with the wild
# cards, the twos with the jokers, a suit's samba (its twos and threes natural)
CONTRACT_SAMBA_GROUPS = tuple(T.rank[r] | T.wild for r in NATURAL_RANKS) + \
    (T.twos | T.jokers,) + tuple(DECK.suit_mask[su] & ~T.jokers for su in range(4))


@register
class ContractSamba(_samba.Samba):
    info = GameInfo(
        id="contract-samba", name="Contract Samba", min_seats=4, max_seats=4, family="rummy",
        source="000 ch. 24 (line 1859)", hidden=True, chance=True, teams=True,
        rules_version=4,
        summary=(
            "Samba with an auction. Before play the players bid how many thousands of "
            "points their team will make and how the bidder will open: with a run of "
            "clubs, diamonds, hearts or spades, with four of a kind (canasta) or with "
            "four twos (canasta of twos). A double of the opponents' bid ends the "
            "auction. The top bidder opens at once; from level four the contract's own "
            "opening is enough, otherwise the usual points or a finished canasta. A "
            "declarer who cannot open loses 1000 and the next bid takes over. A turn "
            "starts with two cards from the stock, or the pile plus one stock card. "
            "Runs (up to seven, a samba) may use twos and threes and go round the "
            "corner (K-A-2); twos make their own melds; a frozen pile gives only its "
            "cards down to the freezing card and needs three of a kind. Red threes may "
            "be laid (-300), kept (-500) or discarded to freeze the pile. Bonuses: "
            "canasta of twos 3000 (2000 with jokers), samba 1500, aces 1000/500, other "
            "canastas 500/300, going out 200. The contract counts everything but the "
            "card points on the table (those too from level five); the declarer's side "
            "goes out once it is made, the others need two canastas (one natural) and a "
            "samba. A made contract earns half its value, a failed one gives the "
            "opponents all of it, doubled if doubled; no bonus if the stock runs out. "
            "Game to 20000."),
        verbs=(
            ("bid 3 hearts", "bid a level (thousands) and a type: clubs, diamonds, "
             "hearts, spades, canasta, twos"),
            ("pass", "no bid now"),
            ("double", "double the opponents' bid (ends the auction)"),
            ("cannot open", "declarer: give up the opening (1000 points)"),
            ("draw", "take two cards from the stock"),
            ("take pile with 7 7", "take the pile with a natural pair (three when frozen); "
             "one stock card comes with it"),
            ("take pile to meld 2", "take the pile onto your meld 2"),
            ("meld 7 7 7", "a new meld of a rank ('7 7 2', '7 7 jk', '2 2 2', '2 2 jk')"),
            ("meld kh ah 2h", "a new run in one suit"),
            ("meld 3 3 3", "black threes, only when going out"),
            ("add 7h to meld 2", "add a card to your team's meld 2"),
            ("lay 3h", "lay a red three in front of your team (-300)"),
            ("discard 4H", "discard a card and end your turn"),
            ("done", "finish your opening meld"),
            ("ask go out", "ask your partner 'May I go out?'"),
            ("yes", "answer your partner: you may go out"),
            ("no", "answer your partner: do not go out"),
        ),
    )
    Options = ContractSambaOptions
    Phase = Phase
    State = ContractSambaState
    deck = DECK
    tables = T
    opening_zones = OPENING_ZONES
    test_options = {"deals": 1}
    _addable = staticmethod(addable)
    add_faces, run_add_faces = FACE_IN_SET, FACE_IN_RUN     # a samba's twos keep their suit
    not_added = 0
    # render_board draws the auction, the contract and the penalties itself
    web_show = {"contract": {"role": "banner", "label": "contract",
                             "format": ["{level} {type} doubled, declarer {declarer}",
                                        "{level} {type}, declarer {declarer}"]},
                "board_text": {"role": "text", "phases": ["auction", "declare"]}}
    render_hints = {**_samba.Samba.render_hints,
                    "hide": _samba.Samba.render_hints["hide"] + [
                        "auction", "auction_first", "contract", "contracts_left",
                        "declarer_penalties", "opening_excluded"],
                    "team_lists": [*TEAM_LISTS, "declarer_penalties"],
                    # the contracts still to play: a queue, not one entry a seat
                    "table": ["contracts_left"]}

    def __init__(self):
        NumberedMeldGame.__init__(self)
        a = ActionSpace(DECK)
        self.A_BID = a.choice("bid", [f"{lv} {w}" for lv in range(1, MAX_LEVEL + 1)
                                      for w in TYPE_WORDS])
        self.A_PASS = a.verb("pass")
        self.A_DOUBLE = a.verb("double")
        self.A_CANNOT = a.verb("cannot open")
        self.A_DRAW = a.verb("draw")
        self.A_TAKE_TO = a.choice(
            "take", [f"pile to meld {k + 1}" for k in range(MAX_SLOTS)]
            + [f"pile with {RW[r]} {RW[r]}" for r in NATURAL_RANKS]
            + [f"pile with {RW[r]} {RW[r]} {RW[r]}" for r in NATURAL_RANKS])
        self.A_TAKE_WITH = self.A_TAKE_TO + MAX_SLOTS
        self.A_TAKE_THREE = self.A_TAKE_WITH + len(NATURAL_RANKS)
        words = [f"{RW[r]} {RW[r]} {w}" for r in NATURAL_RANKS for w in (RW[r], "2", "jk")]
        words += ["2 2 2", "2 2 jk"]
        words += [" ".join(f"{RW[RANK_AT[(q + i) % 13]]}{SUITS[su].lower()}" for i in range(3))
                  for su in range(4) for q in range(13)]
        words += ["3 3 3"]
        self.A_MELD = a.choice("meld", words)
        self.A_MELD_TWOS = self.A_MELD + RANK_FORMS * len(NATURAL_RANKS)
        self.A_MELD_RUN = self.A_MELD_TWOS + 2
        self.A_MELD_B3 = self.A_MELD_RUN + 4 * 13
        self.A_ADD = a.choice("add", [f"{f} to meld {k + 1}" for f in FACES
                                      for k in range(MAX_SLOTS)])
        self.A_LAY = a.choice("lay", ["3h", "3d"])
        self.A_DISCARD = a.card_block("discard")
        self.A_DONE = a.verb("done")
        self.A_ASK = a.verb("ask go out")
        self.A_YES = a.verb("yes")
        self.A_NO = a.verb("no")
        self.actions = a
        self._ri = {r: i for i, r in enumerate(NATURAL_RANKS)}

    def decode(self, a):
        """Samba's decoding (``pelit.games.samba``) plus ``("bid", level, kind)``,
        ``("pass",)``, ``("double",)``, ``("cannot",)``, ``("take", "three", rank)``,
        ``("meld", 2, form)`` (twos), ``("run", suit, start)`` and ``("lay", 0|1)``."""
        if self.A_BID <= a < self.A_PASS:
            k = a - self.A_BID
            return ("bid", k // 6 + 1, k % 6)
        if a == self.A_PASS:
            return ("pass",)
        if a == self.A_DOUBLE:
            return ("double",)
        if a == self.A_CANNOT:
            return ("cannot",)
        if a == self.A_DRAW:
            return ("draw",)
        if self.A_TAKE_TO <= a < self.A_TAKE_WITH:
            return ("take", a - self.A_TAKE_TO)
        if self.A_TAKE_WITH <= a < self.A_TAKE_THREE:
            return ("take", "pair", NATURAL_RANKS[a - self.A_TAKE_WITH])
        if self.A_TAKE_THREE <= a < self.A_MELD:
            return ("take", "three", NATURAL_RANKS[a - self.A_TAKE_THREE])
        if self.A_MELD <= a < self.A_MELD_TWOS:
            k = a - self.A_MELD
            return ("meld", NATURAL_RANKS[k // RANK_FORMS], k % RANK_FORMS)
        if self.A_MELD_TWOS <= a < self.A_MELD_RUN:
            return ("meld", TWOS, a - self.A_MELD_TWOS)
        if self.A_MELD_RUN <= a < self.A_MELD_B3:
            k = a - self.A_MELD_RUN
            return ("run", k // 13, k % 13)
        if a == self.A_MELD_B3:
            return ("meld", BLACK3, 0)
        if self.A_ADD <= a < self.A_LAY:
            k = a - self.A_ADD
            return ("add", k // MAX_SLOTS, k % MAX_SLOTS)
        if self.A_LAY <= a < self.A_DISCARD:
            return ("lay", a - self.A_LAY)
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            return ("discard", a - self.A_DISCARD)
        return ({self.A_DONE: "done", self.A_ASK: "ask", self.A_YES: "yes",
                 self.A_NO: "no"}[a],)

    def call_action(self, call):
        if call == PASS:
            return self.A_PASS
        if call == DOUBLE:
            return self.A_DOUBLE
        return self.A_BID + (call[0] - 1) * 6 + call[1]

    # -- rules helpers ----------------------------------------------------------------
    def _tent_enough(self, s, team, extra=0):
        return self._tent_ok(s, team, s.mkey[team], s.mmask[team])

    def _tent_ok(self, s, team, keys, masks):
        return opening_ok(list(zip(keys, masks)), self.requirement(s, team), exclude=s.excl)

    def _declarer_side(self, s, team):
        return s.contract is not None and (s.contract[0] & 1) == team

    def _may_empty(self, s, team, keys, masks, tent_extra=0):
        """24.9: may this team's player empty the hand with these melds?"""
        if s.ask == "no":
            return False
        melds = list(zip(keys, masks))
        if self._declarer_side(s, team):
            level = s.contract[1][0]
            got = progress(melds, popcount(s.red3[team]), s.dpen[team], level, True,
                           s.penalties[team])
            if got < level * 1000:
                return False
        elif not may_go_out(False, melds, 0, None):
            return False
        if s.tent and not self._tent_ok(s, team, keys, masks):
            return False
        return True

    def _shrink_ok(self, s, p, slot, key, used, gain=0, top=0):
        """24.9: a hand never empties by melding (the last card is discarded); one
        card may stay only when the team may go out."""
        left = self._eff_hand(s, p) - popcount(used) + gain
        if left >= 2:
            return True
        if left < 1 or s.phase is Phase.DECLARE:
            return False
        keys, masks = self._after(s, p & 1, slot, key, used | top)
        return self._may_empty(s, p & 1, keys, masks)

    # -- deal and auction ---------------------------------------------------------------
    def _deal(self, s):
        pack = s.deal_pack(DECK, s.deal_no)
        self._new_deal_fields(s)
        first = (s.dealer + 1) % 4
        s.hands, pos = deal_rounds(pack, 0, first, 4, HAND_SIZE)
        s.stock = pack[pos:][::-1]
        s.auction = Auction(first)
        s.contract = None
        s.contracts_left = []
        s.dpen = [0, 0]
        s.excl = 0
        self._log_dealt(s, count=HAND_SIZE, dealer=s.dealer)
        s.phase = Phase.AUCTION
        s.to_act = (first,)

    def _legal_auction(self, s, p):
        return sorted(self.call_action(c) for c in s.auction.legal(p))

    def _apply_auction(self, s, p, a):
        d = self.decode(a)
        call = (d[1], d[2]) if d[0] == "bid" else d[0]
        s.auction.call(p, call)
        s.log("call", p, call=call if isinstance(call, str) else bid_text(call))
        if not s.auction.over:
            s.to_act = (s.auction.to_call,)
            return
        contracts = s.auction.contracts()
        if not contracts:
            s.log("no_contract", None)
            self._start_play(s, None)
            return
        s.contract = contracts[0]
        s.contracts_left = contracts[1:]
        self._declare(s)

    def _declare(self, s):
        seat, bid, doubled = s.contract
        s.log("contract", seat, bid=bid_text(bid), doubled=doubled)
        s.phase = Phase.DECLARE
        s.to_act = (seat,)

    def _start_play(self, s, contract):
        self._turn_up_pile(s, FREEZERS)
        self._begin_turn(s, first_to_play(s.dealer, contract))

    def _legal_declare(self, s, p):
        out = self._meld_actions(s, p)
        team = p & 1
        melds = list(zip(s.mkey[team], s.mmask[team]))
        if melds and declarer_opening_ok(melds, s.contract[1], self.requirement(s, team)):
            out.append(self.A_DONE)
        out.append(self.A_CANNOT)
        return out

    def _apply_declare(self, s, p, a):
        team = p & 1
        if a == self.A_DONE:
            s.opened[team] = True
            s.log("opened", p, points=T.value(s.tent), contract=bid_text(s.contract[1]))
            s.tent = 0
            s.excl = 0
            s.melded = False
            self._start_play(s, s.contract)
            return
        if a == self.A_CANNOT:
            back = self._return_tentative(s, p)
            self._clear_tentative(s)
            s.dpen[team] += 1
            s.log("cannot_open", p, points=1000, returned=CardSet(back),
                  contract=bid_text(s.contract[1]))
            if s.contracts_left:
                s.contract = s.contracts_left.pop(0)
                self._declare(s)
            else:
                s.contract = None
                s.log("no_contract", None)
                self._start_play(s, None)
            return
        self._apply_meld_action(s, p, a)
        s.to_act = (p,)

    # -- turns --------------------------------------------------------------------------------
    def _begin_turn(self, s, p):
        s.ask = None
        s.ask_back = None
        s.melded = False
        s.opened_now = False          # Canasta 21.6.2: "in the same turn" is this turn
        s.phase = Phase.DRAW
        s.to_act = (p,)

    def _take_actions(self, s, p):
        if not s.pile:
            return []
        top = s.pile[-1]
        team = p & 1
        hand = s.hands[p]
        fr = pile_frozen(s.pile)
        gain = pile_slice(s.pile) - 1
        tb = 1 << top
        keys, masks = s.mkey[team], s.mmask[team]
        out = []
        r = DECK.rank_of[top]
        if not (NO_TAKE_TOP >> top) & 1:
            need = 3 if fr else 2
            nat = hand & T.rank[r]
            if popcount(nat) >= need:
                used = take_lowest(nat, need)
                if len(keys) < MAX_SLOTS and self._shrink_ok(s, p, -1, r, used, gain, tb):
                    out.append((self.A_TAKE_THREE if fr else self.A_TAKE_WITH) + self._ri[r])
                if s.opened[team]:
                    for k in range(len(keys)):
                        if keys[k] == r and popcount(masks[k]) <= (3 if fr else 4) and \
                                self._shrink_ok(s, p, k, r, used, gain, tb):
                            out.append(self.A_TAKE_TO + k)
        if s.opened[team]:
            for k in range(len(keys)):
                if keys[k] >= RUN and may_add(keys[k], masks[k], top) and \
                        self._shrink_ok(s, p, k, keys[k], 0, gain, tb):
                    out.append(self.A_TAKE_TO + k)
        return sorted(set(out))

    def _apply_draw(self, s, p, a):
        team = p & 1
        if a == self.A_DRAW:
            if self._stock_ran_out(s, p):
                return
            for _ in range(2):
                if not s.stock:
                    break
                c = s.stock.pop()
                s.log("draw", p, audience=(p,), private={"card": Card(c)}, stock=len(s.stock))
                s.hands[p] |= 1 << c
            s.phase = Phase.MELD
            return
        if a == self.A_ASK:
            self._ask(s, p)
            return
        fr = pile_frozen(s.pile)
        n = pile_slice(s.pile)
        taken = s.pile[-n:]
        s.pile = s.pile[:-n]
        top = taken[-1]
        rest = taken[:-1]
        r = DECK.rank_of[top]
        d = self.decode(a)
        need = 3 if fr else 2
        if d[1] in ("pair", "three"):
            used = take_lowest(s.hands[p] & T.rank[r], need)
            slot = len(s.mkey[team])
            s.mkey[team].append(r)
            s.mmask[team].append(used | (1 << top))
        else:
            slot = d[1]
            used = take_lowest(s.hands[p] & T.rank[r], need) if s.mkey[team][slot] < RUN else 0
            s.mmask[team][slot] |= used | (1 << top)
        s.hands[p] &= ~used
        s.known[p] &= ~used
        s.melded = True
        if not s.opened[team]:
            s.excl = used | (1 << top)
            self._pile_opening(s, p, top, used, rest, meld_no=slot + 1)
            return
        self._take_rest(s, p, rest, top, used, slot)

    def _take_rest(self, s, p, rest, top, used, slot):
        # 24.8: red threes taken with the pile join the hand like other cards
        self._pile_to_hand(s, p, rest, top, used, keep_red_threes=True, meld_no=slot + 1,
                           left=len(s.pile))
        if s.stock:                                  # 24.4: and one card from the stock
            c = s.stock.pop()
            s.log("draw", p, audience=(p,), private={"card": Card(c)}, stock=len(s.stock))
            s.hands[p] |= 1 << c

    def _other_new_melds(self, s, p, hand, eff, out):
        """Melds of twos, sambas and black threes (24.6, 24.9)."""
        tw = hand & T.twos
        if popcount(tw) >= 3 and self._shrink_ok(s, p, -1, TWOS, take_lowest(tw, 3)):
            out.append(self.A_MELD_TWOS)
        jk = take_lowest(hand & T.jokers, 1)
        if popcount(tw) >= 2 and jk and self._shrink_ok(s, p, -1, TWOS,
                                                         take_lowest(tw, 2) | jk):
            out.append(self.A_MELD_TWOS + 1)
        for su, q, used in runs_in_hand(hand):
            if self._shrink_ok(s, p, -1, RUN + su, used):
                out.append(self.A_MELD_RUN + su * 13 + q)
        b = hand & T.black3
        if popcount(b) >= 3 and s.phase is Phase.MELD and BLACK3 not in s.mkey[p & 1]:
            if self._black_ok(s, p, -1, take_lowest(b, 3)):
                out.append(self.A_MELD_B3)

    def _legal_meld(self, s, p):
        out = super()._legal_meld(s, p)
        reds = s.hands[p] & T.red3
        if reds and popcount(s.hands[p]) >= 3:
            for i, su in enumerate((1, 2)):
                if reds & DECK.suit_mask[su]:
                    out.append(self.A_LAY + i)
            out.sort()
        return out

    def _apply_meld(self, s, p, a):
        if self.A_LAY <= a < self.A_DISCARD:
            su = 1 if a == self.A_LAY else 2
            c = take_lowest(s.hands[p] & T.red3 & DECK.suit_mask[su], 1)
            s.hands[p] &= ~c
            s.known[p] &= ~c
            s.red3[p & 1] |= c
            s.log("red_three", p, card=Card(c.bit_length() - 1), points=-300)
            return
        super()._apply_meld(s, p, a)

    def _meld_use(self, s, p, a):
        """The hand cards a meld action lays, the meld's key and its slot (None: new)."""
        team = p & 1
        hand = s.hands[p]
        d = self.decode(a)
        if d[0] == "meld":
            r, form = d[1], d[2]
            if r == BLACK3:
                used = take_lowest(hand & T.black3, 3)
            elif r == TWOS:
                used = take_lowest(hand & T.twos, 3 - form) | \
                    (take_lowest(hand & T.jokers, 1) if form else 0)
            elif form == 0:
                used = take_lowest(hand & T.rank[r], 3)
            else:
                used = take_lowest(hand & T.rank[r], 2) | \
                    take_lowest(hand & (T.twos if form == 1 else T.jokers), 1)
            key, slot = r, None
        elif d[0] == "run":
            su, q = d[1], d[2]
            used = 0
            for i in range(3):
                used |= take_lowest(hand & DECK.suit_mask[su] & T.rank[RANK_AT[(q + i) % 13]], 1)
            key, slot = RUN + su, None
        else:
            f, slot = d[1], d[2]
            used = take_lowest(hand & FACE_MASK[f], 1)
            key = s.mkey[team][slot]
        return used, key, slot

    def _opening_points(self, s):
        return T.value(s.tent & ~s.excl)          # 24.7: not the pile-taking cards

    def _opening_short(self, s, p, got, need):
        super()._opening_short(s, p, got, need)
        s.excl = 0

    def _turn_key(self, s, p):
        side = self.side(s, p)
        return super()._turn_key(s, p) + (s.excl, s.dpen[side])

    # -- could_go_out's quick answer (24.9) --------------------------------------------
    def _complete_needed(self, s, side):
        """The other side needs two canastas and a samba; the declarer side
        goes out by points, which this bound cannot tell (0)."""
        return 0 if self._declarer_side(s, side) else 3

    def _is_complete(self, key, mask):
        return canasta_kind(key, mask) is not None

    def _joins(self, key):
        if key >= RUN:
            return DECK.suit_mask[key - RUN] & ~T.jokers
        if key == TWOS:
            return T.twos | T.jokers
        return 0 if key == BLACK3 else T.rank[key] | T.wild

    def _new_meld_groups(self):
        return CONTRACT_SAMBA_GROUPS

    # a two is a wild card of a rank's meld and a natural card of a twos meld
    # or a samba (24.6): only the jokers are settled first, and the twos'
    # moves are tried at every step (a natural card may close a meld to them)
    _focus_cards = (T.jokers, T.twos)

    def _stuck(self, s, p):
        return False           # twos and threes go in sambas here (24.6): no quick answer

    def _open(self, s, p):
        super()._open(s, p)
        s.excl = 0

    def _end_deal(self, s, out_team, reason):
        hands = [s.hands[0] | s.hands[2], s.hands[1] | s.hands[3]]
        melds = [list(zip(s.mkey[t], s.mmask[t])) for t in (0, 1)]
        c = s.contract
        lines = score_deal(melds, [popcount(x) for x in s.red3], hands, out_team, s.dpen,
                           contract=c[1] if c else None,
                           declarer_team=(c[0] & 1) if c else None,
                           doubled=c[2] if c else False, void=out_team is None,
                           asked=s.penalties, concealed=s.opened_now)
        self._record_deal(s, lines, reason, hands=[CardSet(h) for h in s.hands],
                          contract=None if c is None else bid_text(c[1]), void=out_team is None)

    # -- text ------------------------------------------------------------------------------
    def _normalize_text(self, text, state, seat):
        words = text.lower().split()
        if words[:1] == ["bid"]:
            text = _bid_words(words[1:])
        return _normalize(text, state, seat)

    def why_illegal(self, s, seat, action):
        if not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        d = self.decode(action)
        if s.phase is Phase.AUCTION:
            if d[0] == "double":
                return "you may double only the highest bid, made by an opponent"
            if d[0] == "bid":
                top = s.auction.highest()
                return f"bid higher than {bid_text(top[1])}" if top else "not a bid now"
            return "the auction is on: bid, pass or double"
        if d[0] in ("bid", "pass", "double"):
            return "the auction is over"
        if s.phase is Phase.DECLARE:
            if d[0] == "done":
                return ("this is no opening for the contract yet: the points, a canasta, "
                        "or from level four the contract's own opening")
            if d[0] in ("meld", "run", "add"):
                why = self._meld_refusal(s, seat, d)
                if why:
                    return why
                return "the declarer keeps at least two cards in hand after the opening"
            return "the declarer melds the opening now (or says 'cannot open')"
        if d[0] == "cannot":
            return "only the declarer, right after the auction, may give up the opening"
        if d[0] == "lay":
            if not s.hands[seat] & T.red3 & DECK.suit_mask[1 if d[1] == 0 else 2]:
                return f"you hold no {pretty('3H' if d[1] == 0 else '3D')}"
            return "lay a red three from your hand after drawing, keeping two cards"
        if d[0] == "take" and s.phase is Phase.DRAW and s.pile:
            return ("to take the pile: a natural pair of the top card (three when frozen), "
                    "onto your meld of at most four (three) with them, or the top card "
                    "continuing your run; never on a two, a three or a joker")
        if s.phase in (Phase.MELD, Phase.OPENING) and d[0] in ("discard", "meld", "run", "add"):
            team = seat & 1
            if d[0] == "discard" and not (s.hands[seat] >> d[1]) & 1:
                return f"{DECK.text(d[1])} is not in your hand"
            if d[0] == "add" and d[2] >= len(s.mkey[team]):
                return f"your team has no meld {d[2] + 1}"
            if d[0] == "discard" and s.tent and not self._tent_enough(s, team):
                return "your opening melds do not open yet: meld more or say done"
            if d[0] != "discard":
                why = self._meld_refusal(s, seat, d)
                if why:
                    return why
            out = ("your team's contract points are not reached yet"
                   if self._declarer_side(s, team) else
                   "your team needs two canastas (one natural) and a samba")
            return (f"{self.action_text(action)}: not allowed now: you keep at least two "
                    f"cards, or one to discard when going out is allowed ({out})")
        return super().why_illegal(s, seat, action)

    def _meld_refusal(self, s, seat, d):
        """Why a meld or an addition cannot be made, in words: cards the hand
        lacks, a card that does not fit the meld, black threes before going
        out; None when the cards are there and fit (the hand size is the reason)."""
        hand = s.hands[seat]
        team = seat & 1
        if d[0] == "add":
            f, slot = d[1], d[2]
            if slot >= len(s.mkey[team]):
                return f"your team has no meld {slot + 1}"
            card = take_lowest(hand & FACE_MASK[f], 1)
            name = _face_words(f)
            if not card:
                return f"you hold no {name.removeprefix('a ')}"
            key, mask = s.mkey[team][slot], s.mmask[team][slot]
            if not may_add(key, mask, card.bit_length() - 1):
                kind = canasta_kind(key, mask)
                if kind == "mixed" and key != TWOS:
                    why = "a complete mixed canasta takes only natural cards of its rank"
                elif kind:
                    why = "nothing is added to a complete natural canasta, twos canasta or samba"
                elif key >= RUN:
                    why = "a run takes the next card of its suit at either end, no jokers"
                else:
                    why = "a canasta meld takes its own rank and at most two wild cards"
                return f"{name} does not fit your meld {slot + 1}: {why}"
            if key == BLACK3:
                return "black threes are melded only when going out"
            return None
        if d[0] == "run":
            su, q = d[1], d[2]
            needs = [(T.rank[RANK_AT[(q + i) % 13]] & DECK.suit_mask[su], 1,
                      pretty(f"{RANK_TEXT[RANK_AT[(q + i) % 13]]}{SUITS[su]}")) for i in range(3)]
        elif d[1] == BLACK3:
            needs = [(T.black3, 3, "three black threes")]
        elif d[1] == TWOS:
            needs = [(T.twos, 3 - d[2], f"{3 - d[2]} twos"), (T.jokers, d[2], "a joker")]
        else:
            word = RANK_TEXT[d[1]].replace("T", "10")
            needs = [(T.rank[d[1]], 3 if d[2] == 0 else 2,
                      f"{3 if d[2] == 0 else 2} natural {word}s"),
                     (T.twos, 1 if d[2] == 1 else 0, "a two"),
                     (T.jokers, 1 if d[2] == 2 else 0, "a joker")]
        missing = [text for mask, count, text in needs if popcount(hand & mask) < count]
        if missing:
            return "you do not hold " + " and ".join(missing)
        if d[0] == "meld" and d[1] == BLACK3:
            return "black threes are melded only when going out, all but the last card"
        return None

    # -- terminal -----------------------------------------------------------------------------
    def render_board(self, view):
        """For the terminal: the auction or contract (with the declarer side's
        points towards it), each team's score, opening state, red threes and
        melds (runs in sequence, canastas and sambas marked), the pile and
        whether it is frozen, an opening under way and "May I go out?"."""
        me = view.get("seat")
        lines = [f"Deal {view['deal_no'] + 1}   ({goal_text(view, TARGET)})"]
        c = view["contract"]
        if view["phase"] == "auction":
            calls = [f"{seat_label(p, me)}: {w if isinstance(w, str) else bid_text(tuple(w))}"
                     for p, w in view["auction"]]
            lines.append("Auction: " + ("; ".join(calls) if calls else "no calls yet"))
            lines.append("  a bid is 'bid LEVEL TYPE': LEVEL thousands of points your team "
                         "will make, TYPE how the bidder opens (clubs < diamonds < hearts < "
                         "spades < canasta < twos)")
        elif c is None:
            lines.append("No contract: both teams go out with two canastas (one natural) "
                         "and a samba")
        else:
            level = c["level"]
            lines.append(f"Contract: {level} {c['type']} by {seat_label(c['declarer'], me)}"
                         f"{', doubled' if c['doubled'] else ''} "
                         f"({level * 1000} points, card points on the table "
                         f"{'not counted' if level < 5 else 'included'})")
            team = c["declarer"] & 1
            if view["phase"] == "declare":
                verb = "open" if c["declarer"] == me else "opens"
                lines.append(f"  {seat_label(c['declarer'], me)} {verb} now: "
                             f"{view['requirement'][team]} points or a finished canasta"
                             f"{_type_opening_words(level, c['type'])}; "
                             f"'cannot open' costs 1000 and passes the contract down")
            else:
                melds = [(key_of_kind(m["kind"]), int(m["cards"])) for m in view["melds"][team]]
                got = progress(melds, popcount(int(view["red_threes"][team])),
                               view["declarer_penalties"][team], level, False,
                               view["penalties"][team])
                lines.append(f"  the declarer side has {got} of its {level * 1000} "
                             f"(going out adds 200: it may go out once that makes "
                             f"{level * 1000})")
        for t in (0, 1):
            lines.append("")
            head = self.team_heading(view, t)
            lines.append(head)
            reds = int(view["red_threes"][t])
            if reds:
                lines.append(f"  red threes laid {cards_line(DECK, reds)} (-300 each)")
            if view["declarer_penalties"][t]:
                lines.append(f"  failed declarer openings: {view['declarer_penalties'][t]} x 1000")
            if view["penalties"][t]:
                lines.append(f"  penalties: {view['penalties'][t]} x 300")
            melds = view["melds"][t]
            if not melds:
                lines.append("  no melds")
            for k, m in enumerate(melds):
                lines.append(_meld_line(k, key_of_kind(m["kind"]), int(m["cards"])))
        lines.append("")
        lines.append(pile_line(DECK, view, view["pile_frozen"],
                               "a wild card or red three in it: a natural triplet takes "
                               "it down to that card"))
        tent = int(view["tentative"])
        if tent:
            lines.append(f"Opening so far: {T.value(tent & ~int(view['opening_excluded']))} "
                         f"points (pile cards not counted)")
        lines.extend(self.ask_lines(view["ask"]))
        return "\n".join(lines)

    def describe_event(self, event):
        """The deal's scoring per team (seats 0+2, 1+3) with what became of the
        contract; other events as usual."""
        line = deal_scored_line(event, ((0, 2), (1, 3)))
        if line is not NotImplemented and event.get("contract"):
            if event.get("void"):
                line += f"\n  contract {event['contract']} void: the stock ran out"
            else:
                lines = event.get("lines") or []
                made = [i for i, x in enumerate(lines) if x.get("contract")]
                if made:
                    line += (f"\n  contract {event['contract']}: "
                             f"{lines[made[0]]['contract']} to seats "
                             f"{'+'.join(str(p) for p in ((0, 2), (1, 3))[made[0]])}")
        return line

    # -- views ------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        super()._view(s, seat, v)
        v["auction"] = [[p, c if isinstance(c, str) else list(c)] for p, c in s.auction.calls]
        v["auction_first"] = s.auction.first
        v["contract"] = _contract_json(s.contract)
        v["contracts_left"] = [_contract_json(c) for c in s.contracts_left]
        v["declarer_penalties"] = list(s.dpen)
        v["opening_excluded"] = CardSet(s.excl)

    def sample_world(self, view, rng):
        s = super().sample_world(view, rng)
        a = Auction(view["auction_first"])
        for p, c in view["auction"]:
            a.calls.append((p, c if isinstance(c, str) else tuple(c)))
        a.doubled = any(c == DOUBLE for _, c in a.calls)
        a.over = view["phase"] != "auction"
        s.auction = a
        s.contract = _contract_back(view["contract"])
        s.contracts_left = [_contract_back(c) for c in view["contracts_left"]]
        s.dpen = list(view["declarer_penalties"])
        s.excl = int(view["opening_excluded"])
        return s


def _contract_json(c):
    if c is None:
        return None
    return {"declarer": c[0], "level": c[1][0], "type": TYPE_WORDS[c[1][1]], "doubled": c[2]}


def _contract_back(j):
    if j is None:
        return None
    return (j["declarer"], (j["level"], TYPE_WORDS.index(j["type"])), j["doubled"])


TYPE_OF_WORD = {**{w: w for w in TYPE_WORDS}, "club": "clubs", "diamond": "diamonds",
                "heart": "hearts", "spade": "spades", "two": "twos",
                "canasta of twos": "twos", "twos canasta": "twos"}


def _bid_words(words) -> str:
    """``4 heart`` or ``4 canasta of twos`` as the bid's action text; a clear
    error for anything else."""
    kind = TYPE_OF_WORD.get(" ".join(words[1:]))
    if not words or not words[0].isdigit() or kind is None:
        raise ParseError("a bid is 'bid LEVEL TYPE', LEVEL a number 1 to 7, TYPE clubs, "
                         "diamonds, hearts, spades, canasta or twos (e.g. 'bid 4 hearts')")
    if not 1 <= int(words[0]) <= MAX_LEVEL:
        raise ParseError(f"bid levels go from 1 to {MAX_LEVEL} (thousands of points)")
    return f"bid {int(words[0])} {kind}"


def _face_words(f: int) -> str:
    """A face of ``FACES`` for a message: ``7♥``, ``a two``, ``a joker``."""
    if f == F_TWO:
        return "a two"
    if f == F_JK:
        return "a joker"
    return pretty(FACES[f].upper())


def key_of_kind(kind: str) -> int:
    """The meld key back from the view's kind (``run s``, ``black threes``, ``rank 9``)."""
    if kind.startswith("run "):
        return RUN + "shdc".index(kind[4])
    if kind == "black threes":
        return BLACK3
    return RANK_OF_WORD[kind[5:]]


def _type_opening_words(level: int, type_word: str) -> str:
    if level < 4:
        return ""
    if type_word == "canasta":
        return ", or four of one rank (4..A) in a meld"
    if type_word == "twos":
        return ", or four twos in a meld"
    return f", or a run of three {type_word}"


def _meld_line(k: int, key: int, mask: int) -> str:
    """``3 run♦  Q♦ K♦ A♦ 2♦  (4 cards, 3 more for a samba)``: runs in their
    order round the corner, twos canastas natural or mixed by their jokers."""
    n = popcount(mask)
    if key >= RUN:
        name = "run" + "♠♥♦♣"[key - RUN]
        by_pos = {_pos(DECK.rank_of[c]): c for c in ids(mask)}
        start = next(q for q in by_pos if (q - 1) % 13 not in by_pos)
        cards = " ".join(pretty(DECK.text(by_pos[(start + i) % 13])) for i in range(n))
        goal = "samba"
    else:
        name = "3s" if key == BLACK3 else RW[key].upper().replace("T", "10") + "s"
        cards = cards_line(DECK, mask)
        goal = "canasta"
    kind = canasta_kind(key, mask)
    if kind == "samba":
        note = f"{n} cards: SAMBA"
    elif kind:
        note = f"{n} cards: CANASTA, {kind}"
    elif key == BLACK3:
        note = f"{n} cards"
    else:
        note = f"{n} cards, {CANASTA - n} more for a {goal}"
    return f"  {f'{k + 1} {name}':<8}{cards}  ({note})"


def _normalize(text: str, state=None, seat=None) -> str:
    """Meld text with suits: ``meld 2S 2H 2C`` is ``meld 2 2 2``, ``meld 2H KH AH``
    is ``meld kh ah 2h``; ``add 2H to meld 3`` keeps the suit when meld 3 is a
    run; otherwise Samba's reading."""
    words = text.strip().split()
    if words[:1] == ["bid"]:
        return text
    if len(words) >= 4 and words[0].lower() == "meld":
        try:
            texts = [normalize_card_text(w) for w in words[1:]]
        except ParseError:
            texts = None
        if texts:
            if all(t in ("JK",) or t[0] == "2" for t in texts) and any(t[0] == "2" for t in texts):
                wild = sorted("jk" if t == "JK" else "2" for t in texts)
                return " ".join(["meld"] + wild)
            if "JK" not in texts and len({t[-1] for t in texts}) == 1 and len(texts) == 3:
                rank = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}
                pos = sorted(_pos(rank.get(t[0], int(t[0]) if t[0].isdigit() else 0))
                             for t in texts)
                for start in pos:
                    if {(start + i) % 13 for i in range(3)} == set(pos):
                        su = texts[0][-1].lower()
                        return "meld " + " ".join(f"{RW[RANK_AT[(start + i) % 13]]}{su}"
                                                  for i in range(3))
    if len(words) >= 2 and words[0].lower() == "add" and state is not None:
        try:
            t = normalize_card_text(words[1])
        except ParseError:
            t = ""
        if seat is None and state.to_act:
            seat = state.to_act[0]
        if t[:1] == "2" and len(words) == 5 and words[4].isdigit() and seat is not None:
            k = int(words[4]) - 1
            keys = state.mkey[seat & 1]
            if 0 <= k < len(keys) and keys[k] >= RUN:
                return f"add {t.lower()} to meld {k + 1}"
    return _samba._normalize(text)
