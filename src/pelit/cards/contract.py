"""Contracts of the bridge family: strains, the 35 bids, the declarer, scoring.

Used by Bridge (seed 002) and, for its strains and trumps, by Minibridge
(seed 000 ch. 5).  Strains go in bidding order: clubs, diamonds, hearts,
spades, no trump.  A bid is an index ``(level - 1) * 5 + strain`` into
``BIDS``, so a higher index is a higher bid, as ``cards.auction.Auction``
expects.

Scoring follows the laws of contract bridge: trick score, overtricks,
undertricks, the bonus for making a doubled contract ("insult"), part score,
game and slam bonuses, with doubled and redoubled values and vulnerability.
``duplicate_score`` is the per-deal score; ``rubber_score`` splits the same
result into points below the line (towards game) and above it.
"""

from __future__ import annotations

from .deck import CLUBS, DIAMONDS, HEARTS, SPADES, ACE, JACK, KING, QUEEN

CLUB, DIAMOND, HEART, SPADE, NOTRUMP = range(5)
STRAIN_TEXT = ("c", "d", "h", "s", "nt")
STRAIN_NAMES = ("clubs", "diamonds", "hearts", "spades", "no trump")
# the deck's suit id for each strain's trumps (None: no trump)
STRAIN_TRUMP = (CLUBS, DIAMONDS, HEARTS, SPADES, None)
MINORS = (CLUB, DIAMOND)
MAJORS = (HEART, SPADE)

BIDS = tuple((level, strain) for level in range(1, 8) for strain in range(5))
BID_TEXT = tuple(f"{level}{STRAIN_TEXT[strain]}" for level, strain in BIDS)

UNDOUBLED, DOUBLED, REDOUBLED = 0, 1, 2
DOUBLE_TEXT = ("", "x", "xx")


def bid_index(level: int, strain: int) -> int:
    return (level - 1) * 5 + strain


def contract_text(level: int, strain: int, doubled: int = 0) -> str:
    """``4S``, ``3NTX``, ``7CXX``."""
    return f"{level}{STRAIN_TEXT[strain].upper()}{DOUBLE_TEXT[doubled].upper()}"


def declarer_of(calls, bid: int, bid_seat: int, n: int = 4) -> int:
    """The declarer: of the side that made the final bid, the player who first
    named its strain.  ``calls`` are (seat, call) with bids as ``BIDS`` indices
    (negative calls are pass, double, redouble)."""
    strain = BIDS[bid][1]
    for seat, call in calls:
        if call >= 0 and (seat - bid_seat) % 2 == 0 and BIDS[call][1] == strain:
            return seat
    return bid_seat


# -- scoring ------------------------------------------------------------------

def trick_score(level: int, strain: int, doubled: int = 0) -> int:
    """Points for the tricks bid and made (the contract's own tricks)."""
    if strain == NOTRUMP:
        base = 40 + 30 * (level - 1)
    elif strain in MINORS:
        base = 20 * level
    else:
        base = 30 * level
    return base * (1, 2, 4)[doubled]


def undertrick_penalty(down: int, doubled: int, vulnerable: bool) -> int:
    """What the defenders get for ``down`` tricks short of the contract."""
    if down <= 0:
        return 0
    if doubled == UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        pts = 200 + 300 * (down - 1)
    else:
        # 100 for the first, 200 each for the second and third, 300 thereafter
        pts = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return pts * (2 if doubled == REDOUBLED else 1)


def overtrick_value(strain: int, doubled: int, vulnerable: bool) -> int:
    if doubled == UNDOUBLED:
        return 20 if strain in MINORS else 30
    return (200 if vulnerable else 100) * doubled


def slam_bonus(level: int, vulnerable: bool) -> int:
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def score_lines(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int) -> dict:
    """The parts of one deal's score for the declaring side (made contracts) or
    the defenders (undertricks), each a separate line."""
    need = level + 6
    if tricks < need:
        return {"undertricks": undertrick_penalty(need - tricks, doubled, vulnerable)}
    lines = {"contract": trick_score(level, strain, doubled)}
    over = tricks - need
    if over:
        lines["overtricks"] = over * overtrick_value(strain, doubled, vulnerable)
    if doubled:
        lines["insult"] = 50 * doubled
    bonus = slam_bonus(level, vulnerable)
    if bonus:
        lines["slam"] = bonus
    return lines


def duplicate_score(level: int, strain: int, doubled: int, vulnerable: bool,
                    tricks: int) -> int:
    """Per-deal score for the declaring side (negative when it goes down):
    trick score plus 50 for a part score, 300/500 for a game (trick score of
    100 or more), slam bonuses, overtricks and the insult bonus."""
    lines = score_lines(level, strain, doubled, vulnerable, tricks)
    if "undertricks" in lines:
        return -lines["undertricks"]
    total = sum(lines.values())
    if lines["contract"] >= 100:
        total += 500 if vulnerable else 300
    else:
        total += 50
    return total


def honours_bonus(hands, strain: int, deck) -> tuple[int, int]:
    """(seat, points) for honours held in one hand (rubber scoring): four of
    the five trump honours 100, all five 150; at no trump all four aces 150.
    (None, 0) when no hand qualifies."""
    for seat, hand in enumerate(hands):
        if strain == NOTRUMP:
            aces = hand & deck.rank_mask[ACE]
            if aces.bit_count() == 4:
                return seat, 150
        else:
            suit = deck.suit_mask[STRAIN_TRUMP[strain]]
            honours = 0
            for r in (ACE, KING, QUEEN, JACK, 10):
                honours += ((hand & suit & deck.rank_mask[r]) != 0)
            if honours == 5:
                return seat, 150
            if honours == 4:
                return seat, 100
    return None, 0


def rubber_score(level: int, strain: int, doubled: int, vulnerable: bool,
                 tricks: int) -> tuple[int, int, int]:
    """(below the line for the declaring side, above the line for the
    declaring side, above the line for the defenders)."""
    lines = score_lines(level, strain, doubled, vulnerable, tricks)
    if "undertricks" in lines:
        return 0, 0, lines["undertricks"]
    below = lines["contract"]
    above = sum(v for k, v in lines.items() if k != "contract")
    return below, above, 0


HCP = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}


def hcp_table(deck) -> tuple[int, ...]:
    """High card points per card id: ace 4, king 3, queen 2, jack 1."""
    return tuple(HCP.get(r, 0) for r in deck.rank_of)


def hcp(hand: int, table) -> int:
    total = 0
    while hand:
        low = hand & -hand
        total += table[low.bit_length() - 1]
        hand ^= low
    return total
