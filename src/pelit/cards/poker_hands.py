"""Poker hands: categories, comparison values, best five of any number of cards.

Rule sources: seed 000 ch. 17 (the nine categories and how hands of one
category compare) and seed 002, Texas Hold'em (line 181: the list of hands
for a game dealt from two packs).  Used by every poker-hand game.

Decisions where the sources are silent or slip (pinned in
tests/cards/test_poker_hands.py):

- **Five of a kind** (five cards of one rank) ranks above the straight flush.
  Ch. 17 has no such hand (one pack cannot make it); with two packs or wild
  cards it happens, and every poker player puts it on top.
- **The flush.** Seed 002's list names "straight flush" twice and leaves the
  flush out; its second "straight flush" is described as five consecutive
  cards of any suit, so it is the straight.  The flush goes where ch. 17 and
  every player put it: below the full house, above the straight.
- **Identical cards** (two packs): a hand is the highest category it
  satisfies.  A♥ A♥ K♥ 9♥ 5♥ is a flush (compared A A K 9 5), not a pair;
  A♥ A♥ A♥ K♥ K♥ (five packs) is a full house.
- **Wild cards** (Commune: jokers and twos) stand for any card at all, also
  one already in the hand: five of a kind needs that, and a flush's wild
  cards are its aces.
- **Aces** are high, and low only in the five-high straight (and straight
  flush) A 2 3 4 5, which is the lowest straight (ch. 17.1, 17.5).

Values.  A hand's *value* is one int; a higher value is a better hand and
equal values tie.  ``value >> 20`` is the ``Category``; below it come up to
five ranks (2..14, four bits each, most significant first) in the order
ch. 17 compares them: the five-of-a-kind rank; a straight's top card (5 for
A-2-3-4-5); the quadruplet then the kicker; the triplet then the pair; the
five cards of a flush or a high-card hand, highest first; the triplet then
the two kickers; the high pair, the low pair, the kicker; the pair then the
three kickers.  ``hand_value(Category.FULL_HOUSE, 13, 10)`` builds one,
``category``, ``ranks_of`` and ``describe`` read one.

Speed.  ``PokerEvaluator.value`` (five to seven cards, no wild cards) adds
one precomputed int per card: the low 12 bits count suits (3 bits a suit),
the rest counts ranks (3 bits a rank), so the sum is a key for the rank
multiset (any mix of packs: seven cards hold at most seven of a rank).  A
list says from the suit counts whether five share a suit, and a dict gives
the best non-flush hand of the rank multiset; only a flush looks at its
suited cards again.  The dict entries are computed the first time a
multiset is seen.  ``PokerEvaluator.values`` does the same for a numpy
array of hands at once, looking keys up in sorted arrays.  Anything else
(more than seven cards, wild cards) goes through ``best_value``, which
counts ranks and works down the categories.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from itertools import combinations

ACE = 14
_RANKS = range(2, 15)
_SUITS = 4
# the five ranks of each straight, by top card (5 is A-2-3-4-5)
STRAIGHTS = {top: ((14, 2, 3, 4, 5) if top == 5 else tuple(range(top - 4, top + 1)))
             for top in range(14, 4, -1)}
# rank bitmask (bit r for rank r) of each straight, best first
_STRAIGHT_MASKS = tuple((top, sum(1 << r for r in STRAIGHTS[top])) for top in range(14, 4, -1))


class Category(enum.IntEnum):
    """Poker hand categories, lowest first (``value >> 20``)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def spoken(self) -> str:
        """The name as players say it: "full house", "two pair"."""
        return self.name.lower().replace("_", " ")

    @classmethod
    def from_spoken(cls, text: str) -> "Category":
        key = " ".join(text.strip().lower().replace("-", " ").split())
        for c in cls:
            if c.spoken == key:
                return c
        raise ValueError(f"{text!r} is not a poker hand; hands: "
                         + ", ".join(c.spoken for c in reversed(cls)))


RANK_WORD = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
             9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
RANK_PLURAL = {r: ("sixes" if r == 6 else w + "s") for r, w in RANK_WORD.items()}

# how many ranks each category's value carries
_RANK_COUNT = {Category.HIGH_CARD: 5, Category.PAIR: 4, Category.TWO_PAIR: 3,
               Category.THREE_OF_A_KIND: 3, Category.STRAIGHT: 1, Category.FLUSH: 5,
               Category.FULL_HOUSE: 2, Category.FOUR_OF_A_KIND: 2,
               Category.STRAIGHT_FLUSH: 1, Category.FIVE_OF_A_KIND: 1}


# -- values -----------------------------------------------------------------

def hand_value(category: Category | int, *ranks: int) -> int:
    """The value of a hand of ``category`` compared by ``ranks`` (2..14, most
    significant first; fewer ranks than the category compares leave the rest
    as zero, the lowest possible)."""
    v = int(category) << 20
    shift = 16
    for r in ranks:
        v |= r << shift
        shift -= 4
    return v


def category(value: int) -> Category:
    return Category(value >> 20)


def ranks_of(value: int) -> tuple[int, ...]:
    """The ranks a value compares, most significant first."""
    n = _RANK_COUNT[Category(value >> 20)]
    return tuple((value >> (16 - 4 * i)) & 15 for i in range(n))


def describe(value: int, kickers: bool = False) -> str:
    """A hand as players say it: "full house, kings over tens", "pair of
    jacks", "straight, five high".  ``kickers`` adds the side cards."""
    cat = Category(value >> 20)
    r = ranks_of(value)
    word, plural = RANK_WORD, RANK_PLURAL
    if cat == Category.FIVE_OF_A_KIND:
        return f"five of a kind, {plural[r[0]]}"
    if cat == Category.STRAIGHT_FLUSH:
        return "royal flush" if r[0] == ACE else f"straight flush, {word[r[0]]} high"
    if cat == Category.STRAIGHT:
        return f"straight, {word[r[0]]} high"
    if cat == Category.FULL_HOUSE:
        return f"full house, {plural[r[0]]} over {plural[r[1]]}"
    if cat == Category.FLUSH:
        text = f"flush, {word[r[0]]} high"
        return text + (", " + " ".join(word[x] for x in r[1:]) if kickers else "")
    if cat == Category.FOUR_OF_A_KIND:
        text, side = f"four of a kind, {plural[r[0]]}", r[1:]
    elif cat == Category.THREE_OF_A_KIND:
        text, side = f"three of a kind, {plural[r[0]]}", r[1:]
    elif cat == Category.TWO_PAIR:
        text, side = f"two pair, {plural[r[0]]} and {plural[r[1]]}", r[2:]
    elif cat == Category.PAIR:
        text, side = f"pair of {plural[r[0]]}", r[1:]
    else:
        text, side = f"high card, {word[r[0]]}", r[1:]
    if kickers and side and all(side):
        text += ", " + " ".join(word[x] for x in side)
    return text


# -- the best hand from rank counts (every path ends here) --------------------

def counts_value(cnt, wild: int = 0) -> int:
    """The best hand without a flush or straight flush from rank counts
    (``cnt[r]`` for r in 2..14; a list of 15) and ``wild`` wild cards.
    Needs at least five cards in all."""
    # five of a kind
    for r in range(14, 1, -1):
        if cnt[r] + wild >= 5:
            return hand_value(Category.FIVE_OF_A_KIND, r)
    present = [r for r in range(14, 1, -1) if cnt[r]]
    for r in present:                       # four of a kind (highest first)
        if cnt[r] + wild >= 4:
            kicker = next(k for k in present if k != r)
            return hand_value(Category.FOUR_OF_A_KIND, r, kicker)
    for t in present:                       # full house: best triplet, then best pair
        need = max(0, 3 - cnt[t])
        if need > wild:
            continue
        for p in present:
            if p != t and max(0, 2 - cnt[p]) <= wild - need:
                return hand_value(Category.FULL_HOUSE, t, p)
    rank_bits = 0
    for r in present:
        rank_bits |= 1 << r
    straight = straight_top(rank_bits, wild)
    if straight:
        return hand_value(Category.STRAIGHT, straight)
    for t in present:                       # three of a kind
        if cnt[t] + wild >= 3:
            return hand_value(Category.THREE_OF_A_KIND, t, *[k for k in present if k != t][:2])
    if wild:                                # one wild card pairs the highest natural
        return hand_value(Category.PAIR, present[0], *present[1:4])
    pairs = [r for r in present if cnt[r] >= 2]
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return hand_value(Category.TWO_PAIR, hi, lo, next(k for k in present if k != hi and k != lo))
    if pairs:
        p = pairs[0]
        return hand_value(Category.PAIR, p, *[k for k in present if k != p][:3])
    return hand_value(Category.HIGH_CARD, *present[:5])


def straight_top(rank_bits: int, wild: int = 0) -> int:
    """The top card of the best straight whose ranks are in ``rank_bits``
    (bit r for rank r), ``wild`` wild cards filling gaps; 0 if none."""
    for top, mask in _STRAIGHT_MASKS:
        if 5 - (rank_bits & mask).bit_count() <= wild:
            return top
    return 0


def suited_value(suited_cnt, wild: int = 0) -> int:
    """The best straight flush or flush of one suit's cards (rank counts,
    identical cards counted twice) and ``wild`` wild cards; 0 if fewer than
    five.  Wild cards are the flush's aces."""
    total = sum(suited_cnt) + wild
    if total < 5:
        return 0
    bits = 0
    for r in range(2, 15):
        if suited_cnt[r]:
            bits |= 1 << r
    top = straight_top(bits, wild)
    if top:
        return hand_value(Category.STRAIGHT_FLUSH, top)
    ranks = [ACE] * wild
    for r in range(14, 1, -1):
        ranks += [r] * suited_cnt[r]
    return hand_value(Category.FLUSH, *ranks[:5])


# -- evaluator per pack -------------------------------------------------------

_RANK_W = {r: 1 << (3 * (r - 2)) for r in _RANKS}     # 3 bits a rank
_SUIT_W = [1 << (3 * s) for s in range(_SUITS)]        # 3 bits a suit


def _counts_from_key(key: int) -> list[int]:
    cnt = [0] * 15
    for r in _RANKS:
        cnt[r] = (key >> (3 * (r - 2))) & 7
    return cnt


def _nonflush_of_key(key: int) -> int:
    return counts_value(_counts_from_key(key))


def _suited_of_key(key: int) -> int:
    return suited_value(_counts_from_key(key))


# suit part of a key -> the suit holding five or more cards, or -1
_FLUSH_SUIT = [-1] * 4096
for _k in range(4096):
    for _s in range(_SUITS):
        if (_k >> (3 * _s)) & 7 >= 5:
            _FLUSH_SUIT[_k] = _s
# the two tables grow as rank multisets are met (shared by every pack)
_NONFLUSH: dict[int, int] = {}
_SUITED: dict[int, int] = {}


class PokerEvaluator:
    """Poker hand values for the cards of one pack (any number of copies,
    jokers allowed as wild cards).  Get one with ``evaluator(deck)``.

    - ``value(cards)``: best five of 5..7 card ids (no wild cards), the fast path;
    - ``value_of_key(key, cards)``: the same with the cards' summed ``weight``
      given (shared cards weighed once);
    - ``best_value(cards, wild_mask=0)``: best five of any number of cards,
      the cards in ``wild_mask`` wild;
    - ``best_five(cards, wild_mask=0)``: the value and which five cards make it;
    - ``values(array)``: a numpy array of hands (rows of 5..7 ids) at once.
    """

    def __init__(self, deck):
        self.deck = deck
        self.rank = deck.rank_of
        self.suit = deck.suit_of
        size = deck.size
        # a joker has no rank or suit: its weight is left out (only wild use)
        self.weight = tuple(((_RANK_W[deck.rank_of[c]] << 12) | _SUIT_W[deck.suit_of[c]])
                            if deck.suit_of[c] < _SUITS else 0 for c in range(size))
        self.rank_weight = tuple(_RANK_W[deck.rank_of[c]] if deck.suit_of[c] < _SUITS else 0
                                 for c in range(size))
        self._np = None
        self.value = _fast_value_function(self.weight, self.suit, self.rank_weight)
        self.value_of_key = _keyed_value_function(self.suit, self.rank_weight)

    # -- the fast path: 5..7 cards, no wild cards ------------------------
    def value(self, cards) -> int:
        """The value of the best five of ``cards`` (5 to 7 card ids, no jokers).
        Each instance replaces this method in ``__init__`` by the same work
        over closure variables, which Python reads faster than globals and
        attributes."""
        return _fast_value_function(self.weight, self.suit, self.rank_weight)(cards)

    def value_of_key(self, key: int, cards) -> int:
        """``value(cards)`` when ``key`` is already the sum of ``weight[c]``
        over ``cards``: a caller that evaluates many hands sharing cards
        (a board and several pockets) adds the shared weights once.  The
        cards are looked at again only for a flush.  Replaced per instance
        in ``__init__``, as ``value`` is."""
        return _keyed_value_function(self.suit, self.rank_weight)(key, cards)

    def value_mask(self, mask: int) -> int:
        """``value`` of the cards of a bitmask."""
        cards = []
        while mask:
            low = mask & -mask
            cards.append(low.bit_length() - 1)
            mask ^= low
        return self.value(cards) if len(cards) <= 7 else self.best_value(cards)

    # -- the general path ---------------------------------------------------
    def best_value(self, cards, wild_mask: int = 0) -> int:
        """The best five of any number (five or more) of cards, those in
        ``wild_mask`` wild."""
        cnt = [0] * 15
        suited = [[0] * 15 for _ in range(_SUITS)]
        wild = 0
        rank, suit = self.rank, self.suit
        n = 0
        for c in cards:
            n += 1
            if (wild_mask >> c) & 1:
                wild += 1
                continue
            s = suit[c]
            if s >= _SUITS:
                raise ValueError(f"{self.deck.text(c)} is not wild here and has no rank")
            cnt[rank[c]] += 1
            suited[s][rank[c]] += 1
        if n < 5:
            raise ValueError(f"a poker hand needs five cards, not {n}")
        best = counts_value(cnt, wild)
        for s in range(_SUITS):
            v = suited_value(suited[s], wild)
            if v > best:
                best = v
        return best

    def best_five(self, cards, wild_mask: int = 0) -> tuple[int, tuple[int, ...]]:
        """The value and the five cards that make it (the first five found
        in ``cards`` order among equals)."""
        cards = list(cards)
        best, hand = -1, ()
        for five in combinations(cards, 5):
            v = self.best_value(five, wild_mask) if wild_mask else self.value(five)
            if v > best:
                best, hand = v, five
        return best, hand

    # -- the batch path (numpy) ----------------------------------------------
    def values(self, hands):
        """Values of many hands at once: ``hands`` is an int array (N, k) of
        card ids, 5 <= k <= 7, no jokers.  Returns an int64 array of N values."""
        import numpy as np
        if self._np is None:
            self._np = (np.array(self.weight, dtype=np.int64),
                        np.array(self.rank_weight, dtype=np.int64),
                        np.array(self.suit, dtype=np.int8),
                        np.array(_FLUSH_SUIT, dtype=np.int8))
        weight, rank_weight, suit_of, flush_suit = self._np
        hands = np.asarray(hands)
        if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
            raise ValueError("hands must be an array of rows of 5 to 7 card ids")
        k = hands.shape[1]
        keys = weight[hands].sum(axis=1)
        base_lo, index_hi, table = _dense_table(k, self.deck.copies)
        ranks = keys >> 12
        out = table[base_lo[ranks & _LO_MASK] + index_hi[ranks >> _LO_BITS]]
        suits = flush_suit[keys & 4095]
        rows = np.nonzero(suits >= 0)[0]
        if rows.size:
            sub = hands[rows]
            same = suit_of[sub] == suits[rows][:, None]
            suited_keys = (rank_weight[sub] * same).sum(axis=1)
            s_keys, s_values = _suited_table(k, self.deck.copies)
            flush = s_values[np.searchsorted(s_keys, suited_keys)]
            out[rows] = np.maximum(out[rows], flush)
        return out.astype(np.int64)


def _fast_value_function(weight, suit, rank_weight):
    """``PokerEvaluator.value`` for one pack: the key summed, then
    ``_keyed_value_function``'s work (every table a closure variable)."""
    value_of_key = _keyed_value_function(suit, rank_weight)

    def value(cards) -> int:
        key = 0
        for c in cards:
            key += weight[c]
        return value_of_key(key, cards)
    return value


def _keyed_value_function(suit, rank_weight):
    """``PokerEvaluator.value_of_key`` for one pack, every table a closure
    variable (Python reads those faster than globals and attributes)."""
    flush_suit, nonflush, suited = _FLUSH_SUIT, _NONFLUSH, _SUITED

    def value_of_key(key: int, cards) -> int:
        s = flush_suit[key & 4095]
        try:
            nf = nonflush[key >> 12]
        except KeyError:
            nf = nonflush[key >> 12] = _nonflush_of_key(key >> 12)
        if s < 0:
            return nf
        k = 0
        for c in cards:
            if suit[c] == s:
                k += rank_weight[c]
        try:
            f = suited[k]
        except KeyError:
            f = suited[k] = _suited_of_key(k)
        return f if f > nf else nf
    return value_of_key


@lru_cache(maxsize=None)
def evaluator(deck) -> PokerEvaluator:
    """The evaluator of a pack, built once."""
    return PokerEvaluator(deck)


def _multisets(size: int, most: int, low: int = 2):
    """Rank count vectors (as keys) of every multiset of ``size`` ranks from
    ``low``..14 with at most ``most`` of a rank."""
    if low == 14:
        if size <= most:
            yield size * _RANK_W[14]
        return
    for n in range(min(size, most) + 1):
        for rest in _multisets(size - n, most, low + 1):
            yield n * _RANK_W[low] + rest


_LO_BITS = 21                          # ranks 2..8 in the low 21 bits of a rank key
_LO_MASK = (1 << _LO_BITS) - 1


def _parts(size: int, most: int, ranks: range):
    """Keys (3 bits a rank, from the first rank of ``ranks`` up) of every
    multiset of ``size`` of ``ranks`` with at most ``most`` of one, sorted."""
    ranks = list(ranks)

    def rec(i, left):
        if i == len(ranks) - 1:
            if left <= most:
                yield left << (3 * i)
            return
        for n in range(min(left, most) + 1):
            for rest in rec(i + 1, left - n):
                yield (n << (3 * i)) + rest
    return sorted(rec(0, size))


@lru_cache(maxsize=None)
def _dense_table(k: int, copies: int):
    """Dense lookup of the best non-flush hand of every rank multiset a hand
    of ``k`` cards can show (at most ``4 * copies`` of a rank): a key's ranks
    2..8 (``base_lo``) and 9..A (``index_hi``) each name a place, their sum
    is the multiset's place in ``table``.  The multisets are laid out by how
    many low cards they hold, then by low part, then by high part, so the
    table has no holes."""
    import numpy as np
    most = min(k, 4 * copies)
    lo_sets = [_parts(n, most, range(2, 9)) for n in range(k + 1)]
    hi_sets = [_parts(n, most, range(9, 15)) for n in range(k + 1)]
    base_lo = np.zeros(1 << _LO_BITS, dtype=np.int32)
    index_hi = np.zeros(1 << 18, dtype=np.int32)
    for n in range(k + 1):
        for i, key in enumerate(hi_sets[n]):
            index_hi[key] = i
    table = []
    for n in range(k + 1):
        for lo in lo_sets[n]:
            base_lo[lo] = len(table)          # where this low part's block starts
            for hi in hi_sets[k - n]:
                table.append(_nonflush_of_key(lo | (hi << _LO_BITS)))
    return base_lo, index_hi, np.array(table, dtype=np.int32)


@lru_cache(maxsize=None)
def _suited_table(k: int, copies: int):
    """Sorted keys and values of every rank multiset the 5..``k`` cards of
    a hand's flush suit can show (at most ``copies`` of a rank), for
    ``numpy.searchsorted``."""
    import numpy as np
    keys = sorted(key for n in range(5, k + 1) for key in _multisets(n, copies))
    return np.array(keys, dtype=np.int64), np.array([_suited_of_key(x) for x in keys],
                                                    dtype=np.int64)
