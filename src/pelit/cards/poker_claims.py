"""Claims of poker hands, as the bluffing games announce them.

A claim names a category and some ranks ("a pair of queens and a jack",
"full house, kings over fives", "ace-high straight").  Its *value* is
``poker_hands.hand_value(category, *ranks)``: the ranks not named are
zero, so claims compare as players compare them (category first, then the
named ranks in order) and a claim sits just below every hand that fits it.
A game says how many ranks each category names (its *detail*):

- Kiertopokeri (000 ch. 19.1): the main combination and one extra card for
  a pair, three and four of a kind; every card for two pair and a full
  house; two cards for a high-card hand and a flush; one card for a
  straight and a straight flush (``KIERTOPOKERI``).
- Commune (004): the relevant ranks only, no kickers (``COMMUNE``): one
  rank for high card, pair, three, four and five of a kind, straight,
  flush and straight flush; two for two pair and a full house.

Which claims exist (``claim_values``) comes from the hands they describe:
Kiertopokeri's from every five-card hand of one pack; Commune's from what
its wild cards can make (ranks 3 to ace, twos being wild; the five-high
straight uses a wild card as its two; a high card or a flush is seven high
at least, as no five-card hand is less).

Two ways of checking a claim against cards:

- ``at_least(value, claim)``: a hand of five cards bears out a claim when
  it is at least as good (Kiertopokeri's decision: the hand is the claimed
  one or better, so under-announcing is no lie).
- ``present(claim, ranks, suits, wild)``: the claimed hand can be picked out
  of a heap of cards (Commune): the named cards are there, wild cards
  filling in for any card; kickers are not needed (the combined cards of a
  small table may be fewer than five).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .poker_hands import (RANK_PLURAL, RANK_WORD, STRAIGHTS, Category, counts_value,
                          hand_value, ranks_of, suited_value)

C = Category
KIERTOPOKERI = {C.HIGH_CARD: 2, C.PAIR: 2, C.TWO_PAIR: 3, C.THREE_OF_A_KIND: 2,
                C.STRAIGHT: 1, C.FLUSH: 2, C.FULL_HOUSE: 2, C.FOUR_OF_A_KIND: 2,
                C.STRAIGHT_FLUSH: 1}
COMMUNE = {C.HIGH_CARD: 1, C.PAIR: 1, C.TWO_PAIR: 2, C.THREE_OF_A_KIND: 1,
           C.STRAIGHT: 1, C.FLUSH: 1, C.FULL_HOUSE: 2, C.FOUR_OF_A_KIND: 1,
           C.STRAIGHT_FLUSH: 1, C.FIVE_OF_A_KIND: 1}
SHORT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
         11: "J", 12: "Q", 13: "K", 14: "A"}
_WORDS = {C.HIGH_CARD: "high", C.PAIR: "pair", C.TWO_PAIR: "two pair",
          C.THREE_OF_A_KIND: "three", C.STRAIGHT: "straight", C.FLUSH: "flush",
          C.FULL_HOUSE: "full house", C.FOUR_OF_A_KIND: "four",
          C.STRAIGHT_FLUSH: "straight flush", C.FIVE_OF_A_KIND: "five"}


def claim_of(value: int, detail: dict) -> int:
    """The claim a hand of ``value`` makes when announced truthfully."""
    cat = C(value >> 20)
    return hand_value(cat, *ranks_of(value)[:detail[cat]])


def claim_ranks(claim: int, detail: dict) -> tuple[int, ...]:
    return ranks_of(claim)[:detail[C(claim >> 20)]]


def at_least(value: int, claim: int) -> bool:
    """Does a hand of ``value`` bear out ``claim`` (the claimed hand or better)?"""
    return value >= claim


# -- which claims exist -----------------------------------------------------------

def _one_pack_claims(detail) -> list[int]:
    out = set()
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        cnt = [0] * 15
        for r in ranks:
            cnt[r] += 1
        out.add(claim_of(counts_value(cnt), detail))
        if len(set(ranks)) == 5:
            out.add(claim_of(suited_value(cnt), detail))
    return sorted(out)


def _wild_claims(detail) -> list[int]:
    """Commune's claims: ranks 3..A (twos are wild), straights from five high,
    flushes and high-card hands from seven high (7-5-4-3-2, the lowest five
    cards of different ranks that make no straight)."""
    ranks = range(3, 15)
    out = []
    for cat, k in detail.items():
        if cat in (C.STRAIGHT, C.STRAIGHT_FLUSH):
            out += [hand_value(cat, top) for top in range(5, 15)]
        elif cat in (C.FLUSH, C.HIGH_CARD):
            out += [hand_value(cat, top) for top in range(7, 15)]
        elif k == 1:
            out += [hand_value(cat, r) for r in ranks]
        elif cat == C.TWO_PAIR:
            out += [hand_value(cat, hi, lo) for hi in ranks for lo in ranks if lo < hi]
        else:                                   # full house: triplet over pair
            out += [hand_value(cat, t, p) for t in ranks for p in ranks if p != t]
    return sorted(out)


_CACHE: dict = {}


def claim_values(game: str) -> tuple[int, ...]:
    """Every claim of ``"kiertopokeri"`` or ``"commune"``, lowest first."""
    if game not in _CACHE:
        _CACHE[game] = tuple(_one_pack_claims(KIERTOPOKERI) if game == "kiertopokeri"
                             else _wild_claims(COMMUNE))
    return _CACHE[game]


# -- words ---------------------------------------------------------------------------

def claim_token(claim: int, detail: dict) -> str:
    """The claim as typed: ``pair Q J``, ``two pair Q 10 5``, ``straight 9``."""
    cat = C(claim >> 20)
    return " ".join([_WORDS[cat], *(SHORT[r] for r in claim_ranks(claim, detail))])


def claim_words(claim: int, detail: dict) -> str:
    """The claim as said at the table: "a pair of queens and a jack"."""
    cat = C(claim >> 20)
    r = claim_ranks(claim, detail)
    w, pl = RANK_WORD, RANK_PLURAL

    def a(rank):
        return ("an " if rank in (8, 14) else "a ") + w[rank]
    if cat == C.HIGH_CARD:
        return f"{w[r[0]]} high" + (f" and {a(r[1])}" if len(r) > 1 else "")
    if cat == C.PAIR:
        return f"a pair of {pl[r[0]]}" + (f" and {a(r[1])}" if len(r) > 1 else "")
    if cat == C.TWO_PAIR:
        return f"{pl[r[0]]} and {pl[r[1]]}" + (f" and {a(r[2])}" if len(r) > 2 else "")
    if cat == C.THREE_OF_A_KIND:
        return f"three {pl[r[0]]}" + (f" and {a(r[1])}" if len(r) > 1 else "")
    if cat == C.FOUR_OF_A_KIND:
        return f"four {pl[r[0]]}" + (f" and {a(r[1])}" if len(r) > 1 else "")
    if cat == C.FIVE_OF_A_KIND:
        return f"five {pl[r[0]]}"
    if cat == C.FULL_HOUSE:
        return f"full house, {pl[r[0]]} over {pl[r[1]]}"
    if cat == C.FLUSH:
        return f"{w[r[0]]}-high flush" + (f" with {a(r[1])}" if len(r) > 1 else "")
    if cat == C.STRAIGHT:
        return f"{w[r[0]]}-high straight"
    return "royal flush" if r[0] == 14 else f"{w[r[0]]}-high straight flush"


# -- Commune: is a claim in a heap of cards ----------------------------------------------

_NEED = {int(C.PAIR): 2, int(C.THREE_OF_A_KIND): 3, int(C.FOUR_OF_A_KIND): 4,
         int(C.FIVE_OF_A_KIND): 5, int(C.HIGH_CARD): 1}
_DECODED: dict[int, tuple] = {}


def _decode(claim: int) -> tuple:
    got = _DECODED.get(claim)
    if got is None:
        got = _DECODED[claim] = (claim >> 20, (claim >> 16) & 15, (claim >> 12) & 15)
    return got


def present(claim: int, ranks, suits, wild: int) -> bool:
    """Can the claimed hand be picked out of the cards?  ``ranks[r]``: natural
    cards of rank r (a list of 15); ``suits[s][r]``: of suit s and rank r;
    ``wild``: wild cards, each any card.  Only the named cards are needed."""
    cat, r0, r1 = _decode(claim)
    need = _NEED.get(cat)
    if need is not None:
        return ranks[r0] + wild >= need
    if cat == C.TWO_PAIR or cat == C.FULL_HOUSE:
        first = 2 if cat == C.TWO_PAIR else 3
        return max(0, first - ranks[r0]) + max(0, 2 - ranks[r1]) <= wild
    if cat == C.STRAIGHT:
        return sum(1 for x in STRAIGHTS[r0] if not ranks[x]) <= wild
    if cat == C.STRAIGHT_FLUSH:
        return any(sum(1 for x in STRAIGHTS[r0] if not suited[x]) <= wild for suited in suits)
    # a flush with this top card: the top card and four lower cards of one suit
    for suited in suits:
        if max(0, 1 - suited[r0]) + max(0, 4 - sum(suited[2:r0])) <= wild:
            return True
    return False
