"""Three-card Brag hands, the ranking Stop the Bus (seed 001) uses.

From the highest category to the lowest:

==============  =====================================================
prial           three of a rank; **3-3-3 is the highest**, then A-A-A,
                K-K-K down to 2-2-2
running flush   three in sequence in one suit
run             three in sequence
flush           three of one suit
pair            two of a rank and an odd card
high card       anything else
==============  =====================================================

Sequences (running flushes and runs) rank **A-2-3 highest**, then A-K-Q,
K-Q-J and so on down to 4-3-2; the ace makes no other wrap (K-A-2 is no
run).  Flushes and high cards compare their highest card, then the next,
then the last; pairs compare the pair, then the odd card.  Aces are high
everywhere except in A-2-3.  Suits never rank: hands that compare equal tie.

Decision: these are the conventions most Brag players use (the "prial of
threes" and the A-2-3 run as the best of their kinds); the seed names Brag
hands without listing them.

``brag_key(ranks, flush)`` is a table lookup (built once): an int that is
higher for a better hand, equal for equal hands.  ``hand_key(deck, cards)``
reads three card ids of a ``cards.deck.Deck``; ``describe(key)`` names a hand.
"""

from __future__ import annotations

from ..cards.deck import RANK_NAMES

HIGH_CARD, PAIR, FLUSH, RUN, RUNNING_FLUSH, PRIAL = range(6)
CATEGORY_NAMES = ("high card", "pair", "flush", "run", "running flush", "prial")
_SHIFT = 12                # category above three 4-bit rank places


def _sequence_top(a: int, b: int, c: int) -> int | None:
    """The rank order value of a sequence a > b > c: 15 for A-2-3, 14 for
    A-K-Q, else the top rank; ``None`` when the three are no sequence."""
    if (a, b, c) == (14, 3, 2):
        return 15
    if a - b == 1 and b - c == 1:
        return a
    return None


def _key(a: int, b: int, c: int, flush: bool) -> int:
    """The key of ranks a >= b >= c (2..14)."""
    if a == b == c:
        return PRIAL << _SHIFT | (15 if a == 3 else a) << 8
    top = _sequence_top(a, b, c)
    if top is not None:
        return (RUNNING_FLUSH if flush else RUN) << _SHIFT | top << 8
    if flush:
        return FLUSH << _SHIFT | a << 8 | b << 4 | c
    if a == b or b == c:
        pair, odd = (a, c) if a == b else (b, a)
        return PAIR << _SHIFT | pair << 8 | odd << 4
    return HIGH_CARD << _SHIFT | a << 8 | b << 4 | c


# every rank triple (index by the sorted ranks) for plain and one-suit hands
_TABLE = [[0, 0] for _ in range(16 ** 3)]
for _a in range(2, 15):
    for _b in range(2, _a + 1):
        for _c in range(2, _b + 1):
            _TABLE[(_a << 8) | (_b << 4) | _c] = [_key(_a, _b, _c, False),
                                                  _key(_a, _b, _c, _a != _b and _b != _c)]


def brag_key(ranks, flush: bool) -> int:
    """The key of three ranks (2..14, any order); ``flush``: one suit."""
    a, b, c = sorted(ranks, reverse=True)
    return _TABLE[(a << 8) | (b << 4) | c][flush]


def hand_key(deck, cards) -> int:
    """The key of three card ids of ``deck``."""
    c1, c2, c3 = cards
    rank, suit = deck.rank_of, deck.suit_of
    return brag_key((rank[c1], rank[c2], rank[c3]),
                    suit[c1] == suit[c2] == suit[c3])


def category(key: int) -> int:
    return key >> _SHIFT


_SHORT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
          11: "J", 12: "Q", 13: "K", 14: "A"}


def _plural(rank: int) -> str:
    return RANK_NAMES[rank] + ("es" if rank == 6 else "s")


def describe(key: int) -> str:
    """A hand in words: 'prial of threes', 'run A-2-3', 'pair of kings, 9'."""
    cat = key >> _SHIFT
    a, b, c = (key >> 8) & 15, (key >> 4) & 15, key & 15
    if cat == PRIAL:
        return f"prial of {_plural(3 if a == 15 else a)}"
    if cat in (RUN, RUNNING_FLUSH):
        run = "A-2-3" if a == 15 else f"{_SHORT[a]}-{_SHORT[a - 1]}-{_SHORT[a - 2]}"
        return f"{CATEGORY_NAMES[cat]} {run}"
    if cat == PAIR:
        return f"pair of {_plural(a)}, {_SHORT[b]}"
    return f"{CATEGORY_NAMES[cat]} {_SHORT[a]}-{_SHORT[b]}-{_SHORT[c]}"
