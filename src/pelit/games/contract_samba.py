"""Contract Samba: the rules of seed 000 ch. 24 (line 1859) as pure functions.

STATUS: the game is NOT registered yet.  This module holds the rule pieces of
ch. 24 that differ from Samba (ch. 23, ``pelit.games.samba``) and Canasta
(ch. 21), each pinned by a scripted test in ``tests/games/test_contract_samba.py``:

- 24.2 the auction: calls, legality, its end, the contract and the order in
  which contracts pass down (``Auction``);
- 24.3 / 24.5 openings: the declarer's openings by contract type and the
  non-declarer's twos rule (``declarer_opening_ok``, ``opening_ok``);
- 24.6 melds: canasta melds of a rank or of twos, samba melds with twos and
  threes going round the corner, what may be added (``rank_meld_ok``,
  ``twos_meld_ok``, ``samba_meld_ok``, ``may_add``);
- 24.7 the discard pile: what a frozen pile yields and what may take it
  (``pile_slice``, ``take_ok``);
- 24.9 going out for both sides (``may_go_out``);
- 24.10 / 24.11 scoring, the contract check, bonuses, the void contract and
  the opening zones (``score_deal``, ``OPENING_ZONES``).

What is left before ``@register`` (the game class): the turn machinery of
Samba (draw two, melding, discarding, "May I go out?") with the auction and
the declarer's opening phase in front (the pile's first card is turned only
after it, 24.3), an action space for runs round the corner and twos melds,
taking with a triplet, laying a red three as an optional meld action and
discarding it (24.8), the views, ``sample_world``, the bot (its bidding is
``pelit.bots.contract_samba.choose_call``; its melding to reuse
``pelit.bots.samba``), scripted deals through the game, and the conformance
and leak suites.

Decisions where the seed is silent or unclear (each pinned by a test):

- 24.2: a bid is a level 1..7 (seven thousands is more than any deal has
  made; higher levels are not offered) and a type.  A player may double only
  the highest bid, when an opponent made it, and never a bid already
  doubled (the double ends the auction anyway).
- 24.3: when the contract passes down, the next lower bid in the auction
  becomes the contract, whoever made it (the same player may be declarer
  again); a passed-down contract is not doubled (the double was made against
  the highest bid).  With no bids left there is no contract.
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


def runs_in_hand(hand: int):
    """Every three-card samba meld a hand can lay: (suit, lowest position, mask),
    round the corner included (24.6); one mask per (suit, start)."""
    out = []
    for su in range(4):
        sm = hand & DECK.suit_mask[su] & ~T.jokers
        if popcount(sm) < 3:
            continue
        for q in range(13):
            used = 0
            for i in range(3):
                r = RANK_AT[(q + i) % 13]
                c = sm & T.rank[r]
                if not c:
                    used = 0
                    break
                used |= c & -c
            if used:
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
    if any(canasta_kind(k, m) for k, m in melds):
        return True
    return opening_points(melds, exclude) >= requirement


def declarer_opening_ok(melds, contract, requirement: int) -> bool:
    """The declarer's opening (24.3): the points or a complete canasta always;
    from level four also the contract's own opening."""
    if any(canasta_kind(k, m) for k, m in melds):
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
def pile_frozen(pile) -> bool:
    return any((FREEZERS >> c) & 1 for c in pile)


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


def progress(melds, red3_laid: int, penalties: int, level: int, going_out: bool = True) -> int:
    """The points a declarer side has achieved towards its contract during the
    deal (24.9 with 24.10): canasta and samba bonuses, red threes, penalties,
    the going-out bonus when it goes out now, and from level five the card
    points on the table.  (Decision: cards still in the partner's hand are
    not counted, as nobody sees them when the player goes out.)"""
    line = team_lines(melds, red3_laid, 0, going_out, penalties)
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


def team_lines(melds, red3_laid: int, hand: int, went_out: bool, penalties: int) -> dict:
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
        "cards in hand": hand_value(hand),
        "penalties": -1000 * penalties,
    }


def score_deal(melds, red3_laid, hands, out_team, penalties, contract=None,
               declarer_team=None, doubled=False, void=False) -> list[dict]:
    """Scoring lines of a deal for both teams with the contract lines (24.10)."""
    lines = [team_lines(melds[t], red3_laid[t], hands[t], out_team == t, penalties[t])
             for t in (0, 1)]
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
