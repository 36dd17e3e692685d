"""Dealing, and dealing the unknown cards again for a determinized world.

``deal`` hands out a pack (top card first) in the order a game names.
``sample_hands`` gives the cards a seat cannot see to the zones that may hold
them, respecting what the seat knows (how many each zone holds, cards known to
be in a zone, suits a player has shown void in).
"""

from __future__ import annotations

from itertools import repeat

from ..core.rng import shuffle, stream
from .deck import ids

BIT = tuple(1 << i for i in range(400))     # a card's bit (ids of packs up to 400 cards)


def deal(pack: list[int], counts: list[int], start: int = 0, packet: int = 1):
    """Deal ``counts[i]`` cards to each seat in turn, ``packet`` at a time,
    starting at seat ``start``.  Returns (hands as masks, the rest of the pack)."""
    n = len(counts)
    hands = [0] * n
    need = list(counts)
    pos = 0
    seat = start
    while any(need):
        if need[seat]:
            take = min(packet, need[seat])
            for c in pack[pos:pos + take]:
                hands[seat] |= 1 << c
            pos += take
            need[seat] -= take
        seat = (seat + 1) % n
    return hands, pack[pos:]


def shuffled(cards: int, rng) -> list[int]:
    """The cards of the mask ``cards`` as a list in random order: a face-down
    pile (stock, the cards below a discard's top) in a sampled world."""
    order = ids(cards)
    shuffle(rng, order)         # what rng.shuffle(order) does, in less time
    return order


def rebuild_stock(s, stream_name: str) -> None:
    """The stock has run out: every discard but the top card becomes the new
    stock, shuffled by a stream of its own (the match's seed, ``stream_name``
    and the count of rebuilds so far, ``s.reshuffles``), and the table hears
    how many cards it holds.  ``s`` keeps ``stock`` and ``discard`` as lists,
    top card last."""
    top = s.discard.pop()
    pile = s.discard
    s.discard = [top]
    s.reshuffles += 1
    stream(s.seed, stream_name, s.reshuffles).shuffle(pile)
    s.stock = pile
    s.log("stock_rebuilt", None, count=len(pile))


class SampleError(Exception):
    pass


def sample_hands(unknown: int, counts: dict, rng, allowed: dict | None = None,
                 tries: int = 200) -> dict:
    """Share the ``unknown`` cards among zones.

    ``counts[zone]`` is how many unknown cards each zone gets (they must add
    up to the number of unknown cards); ``allowed[zone]`` optionally limits a
    zone to a mask (e.g. everything but the suits the player is void in).
    Cards with the fewest possible zones are placed first, each in one of
    its zones chosen with weights by the room left there, so tight
    constraints are met; a dead end is retried with a new random order.
    The cards every zone may take come last: placing them one by one that
    way is the same as cutting a shuffled list of them into the room left,
    which is what is done.  (``HandSampler`` does the same, its preparation
    done once for many draws.)
    """
    return HandSampler(unknown, counts, allowed).sample(rng, tries)


class HandSampler:
    """``sample_hands`` in two steps: the constraints are read once (which
    cards are tight, the zones each may go to), then ``sample(rng)`` draws
    as often as wanted.  A search that samples many worlds from one view
    keeps the sampler; each draw is what ``sample_hands`` would give with
    the same ``rng``."""

    __slots__ = ("zones", "counts", "free", "levels", "tight")
    # (declared for mypyc, which compiles this module when ``make compiled`` is run)
    zones: list
    counts: list[int]
    free: list[int]
    levels: list[list[tuple[int, tuple[int, ...]]]]
    tight: int

    def __init__(self, unknown: int, counts: dict, allowed: dict | None = None):
        cards = ids(unknown)
        if sum(counts.values()) != len(cards):
            raise SampleError(f"{len(cards)} unknown cards but zones hold {sum(counts.values())}")
        zones = self.zones = list(counts)
        self.counts = [counts[z] for z in zones]
        limits = [allowed.get(z, unknown) & unknown for z in zones] if allowed else []
        # cards some zone may not take, and the zones each of them may go to
        tight = unknown
        for m in limits:
            tight &= m
        tight = self.tight = unknown & ~tight
        if not tight:
            self.free = cards
            self.levels = []
            return
        anywhere = 0
        for m in limits:
            anywhere |= m
        if tight & ~anywhere:
            raise SampleError("no way found to place the unknown cards under the constraints")
        self.free = ids(unknown & ~tight)
        # the constrained cards by how many zones may take them (fewest first),
        # each with those zones
        by_count: dict[int, list] = {}
        k = len(zones)
        if k <= 5:
            # cards alike in the zones that take them, a set of zones at a time
            for subset in range(1, 1 << k):
                m = tight
                for i in range(k):
                    m &= limits[i] if subset >> i & 1 else ~limits[i]
                if m:
                    opts = tuple(i for i in range(k) if subset >> i & 1)
                    by_count.setdefault(len(opts), []).extend(zip(ids(m), repeat(opts)))
        else:
            # cards alike in the zones that take them, found by splitting the
            # tight cards zone by zone; each level then in card order
            classes: list[tuple[int, tuple[int, ...]]] = [(tight, ())]
            for i, limit in enumerate(limits):
                split: list[tuple[int, tuple[int, ...]]] = []
                for m, opts in classes:
                    inside = m & limit
                    if inside:
                        split.append((inside, opts + (i,)))
                    if m & ~limit:
                        split.append((m & ~limit, opts))
                classes = split
            for m, opts in classes:
                by_count.setdefault(len(opts), []).extend(zip(ids(m), repeat(opts)))
            for level in by_count.values():
                level.sort()
        self.levels = [by_count[n] for n in sorted(by_count)]

    def sample(self, rng, tries: int = 200) -> dict:
        """One share of the unknown cards: each zone's mask."""
        zones = self.zones
        if not self.tight:
            cards = self.free.copy()
            shuffle(rng, cards)
            return _cut(zones, cards, self.counts, [0] * len(zones))
        levels = self.levels
        random = rng.random
        k = len(zones)
        for _ in range(tries):
            left: list[int] = self.counts.copy()
            result: list[int] = [0] * k
            ok = True
            for level in levels:
                order = level.copy()
                shuffle(rng, order)
                for c, opts in order:
                    room = 0
                    for i in opts:
                        room += left[i]
                    if not room:
                        ok = False
                        break
                    pick = random() * room
                    for i in opts:
                        pick -= left[i]
                        if pick < 0:
                            break
                    else:
                        i = next(i for i in reversed(opts) if left[i])
                    result[i] |= 1 << c
                    left[i] -= 1
                if not ok:
                    break
            if ok:
                rest = self.free.copy()
                shuffle(rng, rest)
                return _cut(zones, rest, left, result)
        raise SampleError("no way found to place the unknown cards under the constraints")


def _cut(zones, cards, room, masks) -> dict:
    """``cards`` (in random order) cut into the zones' ``room``, added to ``masks``."""
    out = {}
    pos = 0
    for i, z in enumerate(zones):
        n = room[i]
        out[z] = masks[i] | sum(map(BIT.__getitem__, cards[pos:pos + n]))
        pos += n
    return out


def sample_hands_won_and_stock(view, unseen: int, own: int, rng):
    """A sampled world of a fishing game whose captured cards lie face down:
    the ``unseen`` cards shared among the other players' hands, every
    player's won pile and the stock, as many as the view counts
    (``hand_sizes``, ``won_counts``, ``stock``).  Returns the hands (``own``
    for the view's seat), the won piles and the stock in random order."""
    seat = view["seat"]
    players = view["players"]
    zones = {"stock": view["stock"]}
    for p in range(players):
        if p != seat:
            zones[f"hand{p}"] = view["hand_sizes"][p]
        zones[f"won{p}"] = view["won_counts"][p]
    placed = sample_hands(unseen, zones, rng)
    hands = [own if p == seat else placed[f"hand{p}"] for p in range(players)]
    won = [placed[f"won{p}"] for p in range(players)]
    return hands, won, shuffled(placed["stock"], rng)


def unknown_hand_zones(hand_sizes, known, seat) -> dict:
    """Zones for ``sample_hands``: each other player's unknown cards (his hand
    size less the cards known to be in it)."""
    return {f"hand{p}": size - known[p].bit_count()
            for p, size in enumerate(hand_sizes) if p != seat}


def hands_with_known(placed: dict, own: int, known, seat) -> list[int]:
    """Every hand of a sampled world: the seat's own, and each other hand's
    sampled cards with the cards known to be in it."""
    return [own if p == seat else placed[f"hand{p}"] | known[p] for p in range(len(known))]
