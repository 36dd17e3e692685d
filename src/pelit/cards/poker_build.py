"""Building poker hands: the best five-card hand that contains given cards.

Games in which a player makes a poker hand from his own cards (Fireplace
Poker's melds) need to know, for cards already chosen, the best hand the
rest of his cards can finish: to tell whether a choice can still end in a
legal meld, and for bots to pick one.  Trying every five of thirteen is
1287 evaluations; ``best_containing`` instead works down the categories
(straight flush, four of a kind, full house, flush, straight, three of a
kind, two pair, pair, high card), building the best hand of each from rank
and suit bitmasks, and returns the best of them with its cards.

Cards here are *faces* 0..51 (suit * 13 + rank - 2, the ids of one pack),
and a hand holds no two identical faces (Fireplace Poker 18.4.2 rule 1), so
five of a kind cannot happen.
"""

from __future__ import annotations

from .deck import ids, standard_deck
from .poker_hands import evaluator

_PACK = standard_deck("52")
_VALUE = evaluator(_PACK).value
RANK_FACES = {r: sum(1 << (s * 13 + r - 2) for s in range(4)) for r in range(2, 15)}
SUIT_FACES = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_DESC = tuple(range(14, 1, -1))
_RANK_DESC = tuple((r, RANK_FACES[r]) for r in _DESC)
_WINDOWS = tuple((top, (14, 2, 3, 4, 5) if top == 5 else tuple(range(top - 4, top + 1)))
                 for top in range(14, 4, -1))
# per window (best first): the faces of each suit's straight flush, all its
# faces, and the rank faces of each of its ranks
_SF = tuple(tuple(sum(1 << (13 * s + r - 2) for r in w) for s in range(4)) for _, w in _WINDOWS)
_WINDOW_FACES = tuple(sum(RANK_FACES[r] for r in w) for _, w in _WINDOWS)
_WINDOW_RANKS = tuple(tuple(RANK_FACES[r] for r in w) for _, w in _WINDOWS)


def face_rank(f: int) -> int:
    return f % 13 + 2


_faces = ids


def _fill(fixed: int, pool: int, need: int, avoid_ranks: int = 0) -> int | None:
    """``fixed`` plus the ``need`` highest faces of ``pool`` whose ranks are not
    in ``avoid_ranks`` (a mask of rank faces) and differ from each other;
    None if there are not enough."""
    out = fixed
    if need <= 0:
        return out if need == 0 else None
    for r, rf in _RANK_DESC:
        if avoid_ranks & rf:
            continue
        m = pool & rf
        if m:
            out |= m & -m
            need -= 1
            if need == 0:
                return out
    return None


def best_containing(fixed: int, pool: int) -> tuple[int, int]:
    """The best poker hand of five distinct faces that holds every face of
    ``fixed`` (a mask, at most five) and the rest from ``pool`` (a mask,
    disjoint from ``fixed``): ``(value, mask of its five faces)``, or
    ``(-1, 0)`` if no five can be made.

    The categories are tried from the top; each test finds a hand of its
    category whenever one exists, and the best one, so the first category
    that has a hand gives the answer."""
    need = 5 - fixed.bit_count()
    if need < 0 or pool.bit_count() < need:
        return -1, 0
    avail = fixed | pool
    # straight flush: a whole window of one suit
    for suits in _SF:
        for sf in suits:
            if not fixed & ~sf and not sf & ~avail:
                return _done(sf)
    have = [(r, rf, (avail & rf).bit_count(), (fixed & rf).bit_count()) for r, rf in _RANK_DESC]
    # four of a kind: the highest quadruplet, its kicker the best left
    for r, rf, a, f in have:
        if a == 4:
            rest = fixed & ~rf
            if rest.bit_count() <= 1:
                hand = rf | rest if rest else _fill(rf, pool & ~rf, 1)
                if hand is not None:
                    return _done(hand)
    # full house: the best triplet, then the best pair
    for t, tf, a, f in have:
        if a < 3 or f > 3:
            continue
        for p, pf, a2, f2 in have:
            if p != t and a2 >= 2 and f2 <= 2 and not fixed & ~(tf | pf):
                return _done(_take(fixed & tf, pool & tf, 3) | _take(fixed & pf, pool & pf, 2))
    # flush: the fixed cards and the highest of the suit; the best suit
    best = None
    for suit in SUIT_FACES:
        if not fixed & ~suit and (avail & suit).bit_count() >= 5:
            hand = _done(_top(fixed, pool & suit, need))
            if best is None or hand[0] > best[0]:
                best = hand
    if best is not None:
        return best
    fixed_ranks = _ranks_of(fixed)
    # straight: one face of each rank of the highest window that fits
    if fixed_ranks.bit_count() == 4 * fixed.bit_count():          # no two fixed of a rank
        for wmask, ranks in zip(_WINDOW_FACES, _WINDOW_RANKS):
            if fixed & ~wmask:
                continue
            hand = fixed
            for rf in ranks:
                if not fixed & rf:
                    faces = pool & rf
                    if not faces:
                        break
                    hand |= faces & -faces
            else:
                return _done(hand)
    # three of a kind: the best triplet, the best two kickers
    for t, tf, a, f in have:
        if a >= 3 and f <= 3:
            others = fixed & ~tf
            k = others.bit_count()
            if k <= 2:
                hand = _fill(_take(fixed & tf, pool & tf, 3) | others, pool & ~tf, 2 - k,
                             _ranks_of(others) | tf)
                if hand is not None:
                    return _done(hand)
    # two pair: the best high pair, the best low pair, the best kicker
    for i, (x, xf, a, f) in enumerate(have):
        if a < 2 or f > 2:
            continue
        for y, yf, a2, f2 in have[i + 1:]:
            if a2 < 2 or f2 > 2:
                continue
            others = fixed & ~(xf | yf)
            k = others.bit_count()
            if k <= 1:
                base = _take(fixed & xf, pool & xf, 2) | _take(fixed & yf, pool & yf, 2) | others
                hand = _fill(base, pool & ~(xf | yf), 1 - k, xf | yf | _ranks_of(others))
                if hand is not None:
                    return _done(hand)
    # pair: the best pair, the best three kickers
    for p, pf, a, f in have:
        if a >= 2 and f <= 2:
            others = fixed & ~pf
            k = others.bit_count()
            if k <= 3:
                hand = _fill(_take(fixed & pf, pool & pf, 2) | others, pool & ~pf, 3 - k,
                             pf | _ranks_of(others))
                if hand is not None:
                    return _done(hand)
    hand = _fill(fixed, pool, need, fixed_ranks)
    if hand is not None:
        return _done(hand)
    # fixed cards that no category above can hold together: the highest five
    return _done(_top(fixed, pool, need))


def _done(hand: int) -> tuple[int, int]:
    return _VALUE(_faces(hand)), hand


def _take(have: int, pool: int, count: int) -> int:
    """``have`` topped up to ``count`` faces from ``pool``."""
    for f in _faces(pool):
        if have.bit_count() >= count:
            break
        have |= 1 << f
    return have


def _top(fixed: int, pool: int, need: int) -> int:
    """``fixed`` and the ``need`` highest faces of ``pool`` (ranks may repeat)."""
    out = fixed
    for _, rf in _RANK_DESC:
        m = pool & rf
        while m and need:
            low = m & -m
            out |= low
            m ^= low
            need -= 1
        if not need:
            break
    return out


def _ranks_of(mask: int) -> int:
    """Every face of the ranks present in ``mask``."""
    out = 0
    for _, rf in _RANK_DESC:
        if mask & rf:
            out |= rf
    return out
