"""Meld machinery of the Canasta family (Canasta, Samba, Hand and Foot, ...).

Everything here works on int card ids and bitmasks of a multi-deck pack
(``standard_deck("2x54")`` and friends).  A game builds one ``MeldTables``
for its pack and point table, keeps each team's melds of a rank as masks in
a list indexed by rank, and asks the functions below the questions every
game of the family asks: is this meld valid, is it a canasta and of which
kind, is the discard pile frozen, may this pair take the pile, what does the
opening meld need at this score, how many points lie in these cards.

The per-game differences (how many wild cards a meld may hold, how long a
canasta is, which cards freeze the pile, the opening zones) are parameters,
never branches on a game id.
"""

from __future__ import annotations

from .deck import DIAMONDS, HEARTS, JOKER_RANK, ids

NATURAL_RANKS = tuple(range(4, 15))         # 4..A, the ranks that meld
WILD_RANKS = (2, JOKER_RANK)


def popcount(mask: int) -> int:
    return mask.bit_count()


def take_lowest(mask: int, n: int) -> int:
    """The ``n`` lowest card ids of ``mask`` as a mask (fewer if it has fewer)."""
    out = 0
    while n and mask:
        low = mask & -mask
        out |= low
        mask ^= low
        n -= 1
    return out


class MeldTables:
    """Masks and points of one pack, built once per game.

    ``points`` maps a rank (2..14, 15 for jokers) to its value; red and black
    threes get their own values (``red_three``, ``black_three``).
    """

    __slots__ = ("deck", "rank", "wild", "twos", "jokers", "red3", "black3",
                 "points", "natural", "_copy_shifts", "_one_copy", "_last_faces")

    def __init__(self, deck, points: dict, red_three: int, black_three: int):
        self.deck = deck
        self.rank = {r: deck.rank_mask.get(r, 0) for r in range(2, 16)}
        self.twos = self.rank[2]
        self.jokers = deck.joker_mask
        self.wild = self.twos | self.jokers
        threes = self.rank[3]
        red = deck.suit_mask[HEARTS] | deck.suit_mask[DIAMONDS]
        self.red3 = threes & red
        self.black3 = threes & ~red
        self.natural = 0
        for r in NATURAL_RANKS:
            self.natural |= self.rank[r]
        pts = []
        for c in range(deck.size):
            r = deck.rank_of[c]
            if r == 3:
                pts.append(red_three if (self.red3 >> c) & 1 else black_three)
            else:
                pts.append(points[r])
        self.points = tuple(pts)
        self._copy_shifts = tuple(deck.per_copy * k for k in range(1, deck.copies))
        self._one_copy = (1 << deck.per_copy) - 1
        self._last_faces = (-1, 0)            # one_per_face's last mask and answer

    def first_copy(self, mask: int) -> int:
        """The cards of ``mask`` as the first copy's ids (copies look alike):
        within one copy ids run suit by suit, rank by rank, so the lowest and
        highest bit of a suit's cards are its lowest and highest rank."""
        out = mask
        for k in self._copy_shifts:
            out |= mask >> k
        return out & self._one_copy

    def one_per_face(self, mask: int) -> int:
        """The lowest id of each face in ``mask`` (copies, and jokers, look
        alike: the lowest id stands for them in actions)."""
        last = self._last_faces
        if last[0] == mask:
            return last[1]        # a legal list asks twice: the adds and the discards
        out = seen = 0
        one = self._one_copy
        for shift in (0,) + self._copy_shifts:
            layer = (mask >> shift) & one & ~seen
            out |= layer << shift
            seen |= layer
        jokers = out & self.jokers
        if jokers & (jokers - 1):
            out ^= jokers ^ (jokers & -jokers)
        self._last_faces = (mask, out)
        return out

    def value(self, mask: int) -> int:
        """The card points of the cards in ``mask``."""
        p = self.points
        total = 0
        while mask:
            low = mask & -mask
            total += p[low.bit_length() - 1]
            mask ^= low
        return total

    def split(self, mask: int) -> tuple[int, int]:
        """(natural cards, wild cards) of a meld as counts."""
        w = popcount(mask & self.wild)
        return popcount(mask) - w, w


# The point table of Korppi's Canasta (000 21.1), shared by its family.
CANASTA_POINTS = {2: 20, 4: 5, 5: 5, 6: 5, 7: 5, 8: 10, 9: 10, 10: 10, 11: 10,
                  12: 10, 13: 10, 14: 20, JOKER_RANK: 50}


def meld_ok(naturals: int, wilds: int, min_cards: int = 3, min_naturals: int = 2,
            max_wilds: int = 3) -> bool:
    """A meld of one rank: enough cards, enough natural cards, not too many wild ones."""
    return (naturals + wilds >= min_cards and naturals >= min_naturals
            and wilds <= max_wilds)


def canasta_kind(naturals: int, wilds: int, length: int = 7) -> str | None:
    """``natural`` / ``mixed`` / ``wild`` for a canasta, ``None`` below ``length`` cards."""
    if naturals + wilds < length:
        return None
    if wilds == 0:
        return "natural"
    if naturals == 0:
        return "wild"
    return "mixed"


def opening_requirement(score: int, zones) -> int:
    """The opening meld a team needs at ``score``.

    ``zones`` is a sequence of ``(lowest score, points)`` in ascending order;
    the first entry covers everything below the second (e.g. negative scores).
    """
    need = zones[0][1]
    for low, pts in zones:
        if score >= low:
            need = pts
    return need


def frozen(pile_mask: int, freezers: int) -> bool:
    """A pile is frozen while it holds a card that freezes it (a wild card or
    a red three in Canasta): such a card stays in the pile until it is taken."""
    return pile_mask & freezers != 0


def team_canastas(melds, tables: MeldTables, length: int = 7) -> list[str]:
    """The kinds of the canastas among a team's melds (masks)."""
    out = []
    for m in melds:
        if m and popcount(m) >= length:
            out.append(canasta_kind(*tables.split(m), length=length))
    return out


def has_canasta(melds, length: int = 7) -> bool:
    for m in melds:
        if m and popcount(m) >= length:
            return True
    return False


def meld_tally(masks, tables: MeldTables, length: int = 7) -> tuple[int, int, int]:
    """(points of the melded cards, natural canastas, mixed canastas) of a
    team's melds of a rank (masks; empty ones are passed over)."""
    melded = natural = mixed = 0
    for m in masks:
        if not m:
            continue
        melded += tables.value(m)
        kind = canasta_kind(*tables.split(m), length=length)
        if kind == "natural":
            natural += 1
        elif kind is not None:
            mixed += 1
    return melded, natural, mixed


def red_three_points(count: int, opened: bool, each: int = 100, all_four: int = 800) -> int:
    """Red threes: ``each`` per three, ``all_four`` for four; negative for a
    team without an opening meld (000 21.6.3)."""
    if count == 0:
        return 0
    pts = all_four if count == 4 else each * count
    return pts if opened else -pts


def cards_text(deck, mask: int) -> str:
    return " ".join(deck.text_of[c] for c in ids(mask))
