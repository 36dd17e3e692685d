"""Rummy melds: sets and runs with wild cards, laid, grown, robbed and rearranged.

The rummies of the rule books (Rummy and its variants, 002; Seven Rummy,
001; Vazhushal and Umtali, 004) lay the same two kinds of meld:

- a **set**: cards of one rank in different suits (three or four);
- a **run**: cards of one suit in consecutive ranks.

They differ in the details, which are parameters of ``MeldRules`` (never
branches on a game): where the ace stands in a run, how long a run may be,
how many wild cards a meld may hold, ranks that may not form sets, and a
rank that waives the minimum length (Seven Rummy's sevens).

A meld on the table is a ``Meld``: its cards in order and the place each
one stands for.  A run keeps its cards by position (``cards[i]`` is the card
at rank ``low + i``; rank 1 is a low ace), so a wild card's place is fixed
when it is laid, as at a real table; a set keeps its natural cards by suit,
then its wild cards.  Which cards are wild is given per deal (a mask): the
jokers, and in Vazhushal the cards of the negative joker's rank in the other
colour.  A wild-capable card at its own place counts as natural.

Melds are immutable: every change (a card laid off, a joker exchanged, a
card lifted out) gives new ``Meld`` objects, so a state clones its table with
``list.copy()``.

``RummyActions`` extends ``core.actions.ActionSpace`` with the action
blocks the rummies share, as text a person can type:

- ``meld 5H 6H 7H`` / ``meld JK 6H 7H`` (a joker standing for the 5) /
  ``take with 6H 8H`` (hand cards meeting a discard) / ``take 4 into 8S 9S
  TS`` (a numbered card and the meld it goes into): cards as faces, in order;
- ``layoff 8H to 3`` / ``layoff JK to 3 low`` (one card onto meld 3, a wild
  card at the run's low or high end);
- ``swap 7D in 3`` (a natural card replaces the wild card standing for it);
- ``lift 7H from 3`` / ``lift JK=7H from 3`` (a card taken out of meld 3,
  naming the place a wild card stood for).

Action ids of the face blocks are numbers in base 54 (face + 1 per digit),
so no word table is built; ``legal_actions`` decides what is meaningful.
Legal lists stay short the way the Canasta family keeps them: a new meld is
offered in its smallest form (three cards, or fewer where a rule allows)
and grows by single lay-offs, so the list never enumerates every long meld.
The table helpers at the end (numbered melds in a list, lifting and
laying within a turn, views and sampled worlds, terminal lines, the stock
and its rebuilds) serve every game here.

Why the rummies do not use the Canasta family's turn engine
(``meld_game.MeldGame``): that engine is built around sides with one meld
per rank, red threes, opening requirements by score zone, taking the whole
pile and canastas; the rummies meld sets and runs per player, lay off on
anyone's melds, take a single discard (or a line of them), claim out of
turn and score by cards left in hand.  They share this module's melds,
action text and table helpers instead, and each game keeps its own turn.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import combinations, combinations_with_replacement

from ..core.actions import ActionSpace
from ..core.errors import ParseError
from .deck import (ACE, JOKER_RANK, RANK_NAMES, RANK_TEXT, SUIT_NAMES, SUITS, Card, CardSet,
                   mask_of, normalize_card_text, pretty)
from .meld_screen import seat_label
from .seats import others_hands

SET, RUN = 0, 1
KIND_NAMES = ("set", "run")
JOKER_FACE = 52
FACE_TEXT = tuple(RANK_TEXT[r] + SUITS[s] for s in range(4) for r in range(2, 15)) + ("JK",)
_FACE_OF_TEXT = {t: i for i, t in enumerate(FACE_TEXT)}
SUIT_ORDER = (0, 1, 3, 2)            # sets list their suits as a hand shows them: S H C D
RANK_VALUE = {t: r for r, t in RANK_TEXT.items()}


def face_of(rank: int, suit: int) -> int:
    """The face index of a suited card (rank 1 or 14 is the ace)."""
    return suit * 13 + ((ACE if rank == 1 else rank) - 2)


# each suit's faces by place, 1 (a low ace) to 14 (a high ace); place 0 holds none
SUIT_FACES = tuple([-1] + [face_of(r, s) for r in range(1, 15)] for s in range(4))


def parse_face(word: str) -> int:
    return _FACE_OF_TEXT[normalize_card_text(word)]


def rank_word(rank: int) -> str:
    """``A`` for a low ace (rank 1), else the rank's card text."""
    return "A" if rank == 1 else RANK_TEXT[rank]


class Meld:
    """One meld on the table (immutable; see the module docstring)."""

    __slots__ = ("kind", "key", "low", "cards", "owner")

    def __init__(self, kind: int, key: int, low: int, cards: tuple, owner=None):
        self.kind = kind
        self.key = key          # a set's rank, a run's suit
        self.low = low          # a run's lowest rank (1: a low ace); 0 for a set
        self.cards = cards
        self.owner = owner

    @property
    def mask(self) -> int:
        m = 0
        for c in self.cards:
            m |= 1 << c
        return m

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def with_cards(self, cards, low=None) -> "Meld":
        return Meld(self.kind, self.key, self.low if low is None else low, tuple(cards),
                    self.owner)

    def __repr__(self):
        return f"Meld({KIND_NAMES[self.kind]}, {self.key}, {self.low}, {self.cards}, {self.owner})"

    def __eq__(self, other):
        return (isinstance(other, Meld) and self.kind == other.kind and self.key == other.key
                and self.low == other.low and self.cards == other.cards
                and self.owner == other.owner)

    def __hash__(self):
        return hash((self.kind, self.key, self.low, self.cards, self.owner))


class MeldRules:
    """The meld rules of one game, with the deck's tables, built once.

    ``ace_low`` / ``ace_high``: the ace may stand below the 2 / above the
    king in a run (never both in one run); ``run_top``: the highest rank a
    run may reach (10 where only number cards run); ``min_len``: the
    shortest meld; ``short_rank``: a meld holding a natural card of this
    rank may be shorter (down to one card); ``wild_limit``: ``"half"`` (at
    most half the cards wild), ``"natural"`` (at least one natural card) or
    ``"none"``; ``set_ranks``: the ranks that may form sets.
    """

    __slots__ = ("deck", "lo", "hi", "min_len", "short_rank", "wild_limit", "set_ranks",
                 "max_run", "suit_of", "rank_of", "face")

    def __init__(self, deck, ace_low=True, ace_high=True, run_top=ACE, min_len=3,
                 short_rank=None, wild_limit="half", set_ranks=None):
        self.deck = deck
        self.lo = 1 if ace_low else 2
        self.hi = run_top if run_top != ACE else (ACE if ace_high else 13)
        self.max_run = min(13, self.hi - self.lo + 1)
        self.min_len = min_len
        self.short_rank = short_rank
        self.wild_limit = wild_limit
        self.set_ranks = tuple(sorted(range(2, 15) if set_ranks is None else set_ranks))
        self.suit_of = deck.suit_of
        self.rank_of = deck.rank_of
        self.face = tuple(JOKER_FACE if deck.rank_of[c] == JOKER_RANK
                          else face_of(deck.rank_of[c], deck.suit_of[c])
                          for c in range(deck.size))

    # -- one card at one place ------------------------------------------------
    def fits(self, card: int, suit: int, rank: int) -> bool:
        """Whether ``card`` is naturally the card of ``suit`` at ``rank`` (1: low ace)."""
        r = self.rank_of[card]
        return self.suit_of[card] == suit and (r == rank or (rank == 1 and r == ACE))

    def wild_count(self, meld: Meld) -> int:
        """How many of the meld's cards stand in for another card."""
        n = 0
        if meld.kind == RUN:
            for i, c in enumerate(meld.cards):
                if not self.fits(c, meld.key, meld.low + i):
                    n += 1
        else:
            seen = 0
            for c in meld.cards:
                s = self.suit_of[c]
                if self.rank_of[c] == meld.key and not (seen >> s) & 1:
                    seen |= 1 << s
                else:
                    n += 1
        return n

    def wild_ok(self, wilds: int, n: int) -> bool:
        lim = self.wild_limit
        if lim == "half":
            return 2 * wilds <= n
        if lim == "natural":
            return wilds < n
        return wilds == 0

    def short_ok(self, meld: Meld) -> bool:
        """Whether a meld below ``min_len`` may stand: it holds a natural card
        of the short rank."""
        r = self.short_rank
        if r is None:
            return False
        if meld.kind == RUN:
            return any(meld.low + i == r and self.fits(c, meld.key, r)
                       for i, c in enumerate(meld.cards))
        return meld.key == r and any(self.rank_of[c] == r for c in meld.cards)

    def valid(self, meld: Meld) -> bool:
        """A whole meld by the rules: long enough, not too wild (which of its
        cards are wild follows from their places)."""
        n = len(meld.cards)
        if n < self.min_len and not self.short_ok(meld):
            return False
        if meld.kind == SET and n > 4:
            return False
        return self.wild_ok(self.wild_count(meld), n)

    # -- reading a meld from cards in order ---------------------------------
    def read(self, cards, wild: int, kind: int | None = None) -> Meld | None:
        """The meld ``cards`` (in the order laid) make, or None.  A single
        card reads as a set; a run's cards go low to high."""
        cards = tuple(cards)
        if not cards:
            return None
        if kind != RUN:
            m = self.read_set(cards, wild)
            if m is not None:
                return m
        if kind != SET and len(cards) > 1:
            return self.read_run(cards, wild)
        return None

    def read_natural(self, cards) -> Meld | None:
        """The meld natural cards make in any order: a set, or a run sorted low
        to high (an ace low when the run holds a 2, else high)."""
        cards = tuple(cards)
        m = self.read_set(cards, 0)
        if m is not None or len(cards) < 2:
            return m
        low_ace = any(self.rank_of[c] == 2 for c in cards) and self.lo == 1

        def place(c):
            r = self.rank_of[c]
            return 1 if r == ACE and low_ace else r
        return self.read_run(tuple(sorted(cards, key=place)), 0)

    def read_run(self, cards: tuple, wild: int, check: bool = True) -> Meld | None:
        n = len(cards)
        if n > self.max_run:
            return None
        faces = [self.face[c] for c in cards if self.face[c] != JOKER_FACE]
        if len(set(faces)) != len(faces):
            return None                    # two cards of one rank and suit in a meld
        pins = []
        for natural_only in (True, False):
            for i, c in enumerate(cards):
                r = self.rank_of[c]
                if r == JOKER_RANK or ((wild >> c) & 1) == natural_only:
                    continue
                s = self.suit_of[c]
                pins.append((s, r - i))
                if r == ACE:
                    pins.append((s, 1 - i))
                if natural_only:
                    break
            if pins:
                break
        for s, low in pins:
            if low < self.lo or low + n - 1 > self.hi:
                continue
            wilds = 0
            ok = True
            for i, c in enumerate(cards):
                if not self.fits(c, s, low + i):
                    if not (wild >> c) & 1:
                        ok = False
                        break
                    wilds += 1
            if not ok:
                continue
            meld = Meld(RUN, s, low, cards)
            if not check or self.valid(meld):
                return meld
        return None

    def read_set(self, cards: tuple, wild: int, check: bool = True) -> Meld | None:
        rank = None
        for natural_only in (True, False):
            for c in cards:
                r = self.rank_of[c]
                if r == JOKER_RANK or ((wild >> c) & 1) == natural_only:
                    continue
                rank = r
                break
            if rank is not None:
                break
        if rank is None or rank not in self.set_ranks:
            return None
        naturals = []
        wilds = []
        seen = 0
        for c in cards:
            s = self.suit_of[c]
            if self.rank_of[c] == rank:
                if (seen >> s) & 1:
                    return None            # two cards of one rank and suit in a meld
                seen |= 1 << s
                naturals.append(c)
            elif (wild >> c) & 1:
                wilds.append(c)
            else:
                return None
        if len(cards) > 4:
            return None
        naturals.sort(key=lambda c: SUIT_ORDER[self.suit_of[c]])
        wilds.sort()
        meld = Meld(SET, rank, 0, tuple(naturals + wilds))
        if check and not self.valid(meld):
            return None
        return meld

    # -- changes --------------------------------------------------------------
    def extend(self, meld: Meld, card: int, end: int, wild: int, check: bool = True):
        """``meld`` with ``card`` added (``end``: 0 its natural place in a run, or
        into a set, natural or wild by its rank; 1 a wild card at the run's low
        end, 2 at its high end), or None.
        ``check=False`` asks only that the cards still fit together (a
        broken meld being rebuilt)."""
        cards = meld.cards
        if len(cards) == 1 and end == 0 and meld.kind == SET:
            # a lone card (a seven in Seven Rummy) grows into a set or a run
            for order in ((cards[0], card), (card, cards[0])):
                m = self.read(order, wild)
                if m is not None and (not check or self.valid(m)):
                    return m.__class__(m.kind, m.key, m.low, m.cards, meld.owner)
            return None
        if meld.kind == SET:
            if end != 0 or len(cards) >= 4:
                return None
            m = self.read_set(cards + (card,), wild, check=False)
            if m is None:
                return None
        else:
            s, low, high = meld.key, meld.low, meld.high
            if end == 0:
                if low - 1 >= self.lo and self.fits(card, s, low - 1):
                    low, cards = low - 1, (card,) + cards
                elif high + 1 <= self.hi and self.fits(card, s, high + 1):
                    cards = cards + (card,)
                else:
                    return None
            elif end in (1, 2) and (wild >> card) & 1:
                if end == 1:
                    if low - 1 < self.lo or self.fits(card, s, low - 1):
                        return None
                    low, cards = low - 1, (card,) + cards
                else:
                    if high + 1 > self.hi or self.fits(card, s, high + 1):
                        return None
                    cards = cards + (card,)
            else:
                return None
            if len(cards) > self.max_run:
                return None
            m = Meld(RUN, s, low, cards)
        m.owner = meld.owner
        if check and not self.valid(m):
            return None
        return m

    def exchange(self, meld: Meld, card: int, wild: int):
        """(the meld with ``card`` in place of the wild card standing for it,
        the wild card freed), or None."""
        cards = list(meld.cards)
        if meld.kind == RUN:
            for i, c in enumerate(cards):
                if not self.fits(c, meld.key, meld.low + i) and self.fits(card, meld.key,
                                                                          meld.low + i):
                    cards[i] = card
                    return meld.with_cards(cards), c
            return None
        if self.rank_of[card] != meld.key:
            return None
        n_nat = len(cards) - self.wild_count(meld)
        if n_nat == len(cards) or any(self.suit_of[c] == self.suit_of[card]
                                      for c in cards[:n_nat]):
            return None
        freed = cards[n_nat]
        m = self.read_set(tuple(cards[:n_nat]) + (card,) + tuple(cards[n_nat + 1:]), wild,
                          check=False)
        m.owner = meld.owner
        return m, freed

    def lift(self, meld: Meld, i: int) -> tuple[int, list]:
        """Take the card at place ``i`` out: (the card, the meld's pieces
        left, none to two; a run taken apart in its middle falls in two)."""
        cards = meld.cards
        card = cards[i]
        if meld.kind == SET:
            rest = cards[:i] + cards[i + 1:]
            return card, ([Meld(SET, meld.key, 0, rest, meld.owner)] if rest else [])
        parts = []
        if i > 0:
            parts.append(Meld(RUN, meld.key, meld.low, cards[:i], meld.owner))
        if i + 1 < len(cards):
            parts.append(Meld(RUN, meld.key, meld.low + i + 1, cards[i + 1:], meld.owner))
        return card, parts

    def place_of(self, meld: Meld, i: int) -> tuple[int, int | None]:
        """(rank, suit) the card at place ``i`` stands for (a set's wild card: suit None)."""
        if meld.kind == RUN:
            return meld.low + i, meld.key
        c = meld.cards[i]
        if self.rank_of[c] == meld.key and i < len(meld.cards) - self.wild_count(meld):
            return meld.key, self.suit_of[c]
        return meld.key, None

    def faces(self, meld: Meld) -> tuple:
        return tuple(self.face[c] for c in meld.cards)

    # -- what a hand can lay ----------------------------------------------------
    def pool_faces(self, pool: int, wild: int):
        """(count per face, the lowest card per face, count per wild face) of a pool."""
        counts: dict[int, int] = {}
        first: dict[int, int] = {}
        wild_faces: dict[int, int] = {}
        face = self.face
        m = pool
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            f = face[c]
            counts[f] = counts.get(f, 0) + 1
            first.setdefault(f, c)
            if (wild >> c) & 1:
                wild_faces[f] = wild_faces.get(f, 0) + 1
        return counts, first, wild_faces

    def starters(self, pool: int, wild: int, sizes=(3,)) -> list[tuple]:
        """Every new meld of the given sizes the cards of ``pool`` can make,
        as face tuples in the order laid (runs low to high; sets by suit,
        wild cards last), without repeats."""
        by_face, _, wild_faces = self.pool_faces(pool, wild)
        out = []
        wf = sorted(wild_faces)
        for size in sizes:
            self._sets(by_face, wf, size, out)
            if size > 1:
                self._runs(by_face, wf, size, out)
        return list(dict.fromkeys(out))

    def _allowed(self, wilds: int, size: int, has_short: bool) -> bool:
        if size < self.min_len and not has_short:
            return False
        return self.wild_ok(wilds, size)

    def _wild_choices(self, by_face, wf, k, used):
        """Multisets of ``k`` wild faces the pool still has (``used``: faces taken)."""
        for combo in combinations_with_replacement(wf, k):
            need: dict[int, int] = {}
            for f in combo:
                need[f] = need.get(f, 0) + 1
            if all(by_face[f] - used.get(f, 0) >= n for f, n in need.items()):
                yield combo

    def _sets(self, by_face, wf, size, out):
        if size > 4:
            return
        for rank in self.set_ranks:
            suits = [s for s in SUIT_ORDER if by_face.get(face_of(rank, s), 0)]
            if not suits and not wf:
                continue
            short = rank == self.short_rank
            for w in range(0, size + 1):
                nat = size - w
                if nat > len(suits) or not self._allowed(w, size, short and nat > 0):
                    continue
                if w and not wf:
                    continue
                for chosen in combinations(suits, nat):
                    faces = tuple(face_of(rank, s) for s in chosen)
                    used = {f: 1 for f in faces}
                    for wild_combo in (self._wild_choices(by_face, wf, w, used) if w else [()]):
                        out.append(faces + wild_combo)

    def _runs(self, by_face, wf, size, out):
        if size > self.max_run:
            return
        wild_total = sum(by_face[f] for f in wf)
        for s in range(4):
            suit_faces = SUIT_FACES[s]
            held = [by_face.get(f, 0) > 0 for f in suit_faces]
            for low in range(self.lo, self.hi - size + 2):
                have = held[low:low + size]
                missing = size - sum(have)
                if missing > wild_total:
                    continue
                places = suit_faces[low:low + size]
                has_short = self.short_rank is not None and low <= self.short_rank < low + size \
                    and have[self.short_rank - low]
                # each place natural (if held) or wild; the missing ones must be wild
                optional = [i for i in range(size) if have[i]]
                for extra in range(0, len(optional) + 1):
                    w = missing + extra
                    if w > wild_total or not self._allowed(w, size, has_short):
                        continue
                    for wild_places in combinations(optional, extra):
                        wild_at = set(wild_places) | {i for i in range(size) if not have[i]}
                        if has_short and size < self.min_len \
                                and (self.short_rank - low) in wild_at:
                            continue
                        nat_faces = [places[i] for i in range(size) if i not in wild_at]
                        used: dict[int, int] = {}
                        for f in nat_faces:
                            used[f] = used.get(f, 0) + 1
                        order = sorted(wild_at)
                        combos = self._wild_choices(by_face, wf, w, used) if w else [()]
                        for wild_combo in combos:
                            faces = list(places)
                            for i, f in zip(order, wild_combo):
                                faces[i] = f
                            out.append(tuple(faces))


def cards_for_faces(rules: MeldRules, faces, pool: int, first: int = 0) -> list[int] | None:
    """Card ids from ``pool`` showing ``faces`` (copies taken lowest id first,
    the cards of ``first`` before any other), or None when the pool lacks one."""
    out = []
    used = 0
    face = rules.face
    for f in faces:
        pick = -1
        for m in (first & pool & ~used, pool & ~used):
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if face[c] == f:
                    pick = c
                    break
            if pick >= 0:
                break
        if pick < 0:
            return None
        used |= 1 << pick
        out.append(pick)
    return out


# -- action text -----------------------------------------------------------------

FACE_DIGITS = 54            # a digit is a face + 1; 0 ends the list
ENDS = ("", "low", "high")   # layoff modes: natural place or into a set, wild low, wild high


class RummyActions(ActionSpace):
    """``ActionSpace`` with the rummies' face-list, onto-meld and lift blocks
    (see the module docstring).  Blocks of the base class work as before."""

    def faces(self, verb: str, max_len: int, numbers=None, word: str | None = None) -> int:
        """``verb [N] [word] F1 F2 ...``: up to ``max_len`` faces in order, with
        an optional number from ``numbers`` (a line index) before them."""
        numbers = tuple(numbers) if numbers else (None,)
        span = FACE_DIGITS ** max_len
        return self._add("faces", verb, {"max": max_len, "span": span, "numbers": numbers,
                                         "word": word}, span * len(numbers))

    def onto(self, verb: str, melds: int, word: str = "to", with_face=True) -> int:
        """``verb F word N [low|high]``: a face onto meld N (1-based): at its
        natural place or into a set, or (``low``/``high``) a wild card at a
        run's low or high end.  ``with_face=False``: no face (the pile's top
        card is meant)."""
        faces = 53 if with_face else 1
        return self._add("onto", verb, {"melds": melds, "word": word,
                                        "with_face": with_face}, faces * 3 * melds)

    def lift(self, verb: str, melds: int) -> int:
        """``verb F from N`` / ``verb JK=7H from N``: the card of meld N, with
        the place a wild card stands for in a run."""
        return self._add("lift", verb, {"melds": melds}, 53 * 54 * melds)

    # -- ids ------------------------------------------------------------------
    def faces_id(self, start: int, faces, number_index: int = 0) -> int:
        block = self._block_at(start)
        code = 0
        mult = 1
        for f in faces:
            code += (f + 1) * mult
            mult *= FACE_DIGITS
        return start + number_index * block[3]["span"] + code

    def onto_id(self, start: int, face: int, meld_no: int, mode: int = 0) -> int:
        data = self._block_at(start)[3]
        f = face if data["with_face"] else 0
        return start + ((f * 3 + mode) * data["melds"]) + meld_no - 1

    def lift_id(self, start: int, face: int, place: int | None, meld_no: int) -> int:
        """``place``: the face a wild card stands for in a run, None otherwise."""
        data = self._block_at(start)[3]
        p = 0 if place is None else place + 1
        return start + ((face * 54 + p) * data["melds"]) + meld_no - 1

    def _block_at(self, start):
        return self._blocks[bisect_right(self._starts, start) - 1]

    def decode(self, action: int):
        """(kind, verb, parts) of an action of these blocks, or None:
        ``("faces", verb, (number, faces))``, ``("onto", verb, (face, meld_no,
        mode))``, ``("lift", verb, (face, place, meld_no))`` (place: the face a
        wild card stands for, or None)."""
        if not 0 <= action < self.size:
            return None
        start, kind, verb, data = self._blocks[bisect_right(self._starts, action) - 1]
        i = action - start
        if kind == "faces":
            k, code = divmod(i, data["span"])
            faces = []
            while code:
                code, d = divmod(code, FACE_DIGITS)
                faces.append(d - 1)
            return kind, verb, (data["numbers"][k], tuple(faces))
        if kind == "onto":
            rest, meld = divmod(i, data["melds"])
            face, mode = divmod(rest, 3)
            return kind, verb, (face if data["with_face"] else None, meld + 1, mode)
        if kind == "lift":
            rest, meld = divmod(i, data["melds"])
            face, place = divmod(rest, 54)
            return kind, verb, (face, None if place == 0 else place - 1, meld + 1)
        return None

    # -- text -----------------------------------------------------------------
    def text(self, action: int) -> str:
        d = self.decode(action)
        if d is None:
            return super().text(action)
        kind, verb, parts = d
        data = self._block_at(action)[3]
        if kind == "faces":
            number, faces = parts
            words = [verb]
            if number is not None:
                words.append(str(number))
            if data["word"]:
                words.append(data["word"])
            words += [FACE_TEXT[f] if 0 <= f < 53 else "?" for f in faces]
            return " ".join(words)
        if kind == "onto":
            face, meld, mode = parts
            words = [verb] + ([FACE_TEXT[face]] if face is not None else [])
            words += [data["word"], str(meld)]
            if ENDS[mode]:
                words.append(ENDS[mode])
            return " ".join(words)
        face, place, meld = parts
        shown = FACE_TEXT[face] if 0 <= face < 53 else "?"
        if place is not None:
            shown += "=" + (FACE_TEXT[place] if 0 <= place < 53 else "?")
        return f"{verb} {shown} from {meld}"

    def parse(self, text: str) -> list[int]:
        words = text.strip().split()
        if not words:
            raise ParseError("empty action")
        verb = words[0].lower()
        whole = " ".join(w.lower() for w in words)
        for block in self._by_verb.get(whole, ()):
            if block[1] == "verb":
                return [block[0]]
        errors = []
        for block in self._by_verb.get(verb, ()):
            start, kind, _, data = block
            try:
                if kind == "faces":
                    return [self._parse_faces(block, words[1:])]
                if kind == "onto":
                    return [self._parse_onto(block, words[1:])]
                if kind == "lift":
                    return [self._parse_lift(block, words[1:])]
            except ParseError as exc:
                errors.append(str(exc))
                continue
        try:
            return super().parse(text)
        except ParseError:
            if errors:
                raise ParseError(f"{text.strip()!r}: {errors[0]}") from None
            raise

    def _parse_faces(self, block, rest):
        start, _, verb, data = block
        k = 0
        if data["numbers"] != (None,):
            if not rest or not rest[0].isdigit() or int(rest[0]) not in data["numbers"]:
                raise ParseError(f"'{verb}' wants a number "
                                 f"{data['numbers'][0]}..{data['numbers'][-1]} first")
            k = data["numbers"].index(int(rest[0]))
            rest = rest[1:]
        if data["word"]:
            if not rest or rest[0].lower() != data["word"]:
                raise ParseError(f"write '{verb} {data['word']} ...'")
            rest = rest[1:]
        if not rest or len(rest) > data["max"]:
            raise ParseError(f"'{verb}' takes 1 to {data['max']} cards")
        faces = [parse_face(w) for w in rest]
        return self.faces_id(start, faces, k)

    def _parse_onto(self, block, rest):
        start, _, verb, data = block
        face = 0
        if data["with_face"]:
            if not rest:
                raise ParseError(f"'{verb}' wants a card")
            face = parse_face(rest[0])
            rest = rest[1:]
        if len(rest) < 2 or rest[0].lower() != data["word"] or not rest[1].isdigit():
            raise ParseError(f"write '{verb} {'CARD ' if data['with_face'] else ''}"
                             f"{data['word']} N' (N: the meld's number)")
        meld = int(rest[1])
        if not 1 <= meld <= data["melds"]:
            raise ParseError(f"there is no meld {meld}")
        mode = 0
        if len(rest) == 3 and rest[2].lower() in ("low", "high"):
            mode = 1 if rest[2].lower() == "low" else 2
        elif len(rest) != 2:
            raise ParseError(f"'{' '.join(rest)}' is not understood")
        return self.onto_id(start, face, meld, mode)

    def _parse_lift(self, block, rest):
        start, _, verb, data = block
        if len(rest) != 3 or rest[1].lower() != "from" or not rest[2].isdigit():
            raise ParseError(f"write '{verb} CARD from N' ('{verb} JK=7H from N' for a "
                             f"wild card standing in a run)")
        word = rest[0]
        place = None
        if "=" in word:
            word, stands = word.split("=", 1)
            place = parse_face(stands)
        meld = int(rest[2])
        if not 1 <= meld <= data["melds"]:
            raise ParseError(f"there is no meld {meld}")
        return self.lift_id(start, parse_face(word), place, meld)

    def describe(self) -> str:
        forms = []
        for start, kind, verb, data in self._blocks:
            if kind == "faces":
                num = " N" if data["numbers"] != (None,) else ""
                word = f" {data['word']}" if data["word"] else ""
                forms.append(f"'{verb}{num}{word} 5H 6H 7H'")
            elif kind == "onto":
                forms.append(f"'{verb}{' CARD' if data['with_face'] else ''} {data['word']} N'")
            elif kind == "lift":
                forms.append(f"'{verb} CARD from N'")
        # the base class words its own blocks
        base = ActionSpace(self.deck)
        base._blocks = [b for b in self._blocks if b[1] not in ("faces", "onto", "lift")]
        text = base.describe()
        return text + (", " + ", ".join(dict.fromkeys(forms)) if forms else "")

# -- the table of melds ------------------------------------------------------------

def layoff_moves(rules: MeldRules, table, pool: int, wild: int, targets=None,
                 check: bool = True) -> list[tuple[int, int, int]]:
    """Every single card of ``pool`` that can go onto a meld of ``table`` (a
    list of ``Meld`` or None, numbered from 1), as (face, meld number, mode);
    ``targets`` limits the melds (numbers), ``check=False`` lets cards onto a
    broken meld as long as they fit it."""
    out = []
    _, faces, wild_faces = rules.pool_faces(pool, wild)
    for no, meld in enumerate(table, 1):
        if meld is None or (targets is not None and no not in targets):
            continue
        # only the faces that can fit: the run's next places, the set's rank; wild cards
        if meld.kind == RUN:
            tries = [(face_of(r, meld.key), 0) for r in (meld.low - 1, meld.high + 1)
                     if rules.lo <= r <= rules.hi]
            tries += [(f, mode) for f in wild_faces for mode in (1, 2)]
        else:
            tries = [(face_of(meld.key, su), 0) for su in range(4)]
            tries += [(f, 0) for f in wild_faces]
            if len(meld.cards) == 1:            # a lone card may grow into a run
                su = rules.suit_of[meld.cards[0]]
                tries += [(face_of(r, su), 0) for r in (meld.key - 1, meld.key + 1)
                          if rules.lo <= r <= rules.hi]
        for f, mode in dict.fromkeys(tries):
            c = faces.get(f)
            if c is not None and rules.extend(meld, c, mode, wild, check) is not None:
                out.append((f, no, mode))
    return out


# What every rummy game's web table shows alike (core/presentation.py): the
# own hand, the others' as backs with the cards known in them (taken from
# the pile), the stock; each game adds its pile and melds.
WEB_SHOW = {"hand": "hand", "hand_sizes": "backs", "hand_known": ["seat_cards", "known in hand"],
            "stock": ["count", "stock"], "dealer": "tag"}
MELDED = {"true": "yes", "false": "not yet"}        # "melded"/"opened" per seat, in words


def view_hands(s, seat, v) -> None:
    """The part of a rummy view WEB_SHOW draws: the seat's own hand, every
    hand's size, the cards known to be in each hand (taken from a pile in
    sight of all) and the stock's size."""
    if seat is not None:
        v["hand"] = CardSet(s.hands[seat])
    v["hand_sizes"] = [h.bit_count() for h in s.hands]
    v["hand_known"] = [CardSet(k) for k in s.known]
    v["stock"] = len(s.stock)


def table_mask(table) -> int:
    """Every card in the melds on the table (a removed meld's place is None)."""
    return mask_of(c for m in table if m is not None for c in m.cards)


def hand_zones(zones: dict, hands) -> dict:
    """``zones`` with one zone a hand added (``hand0``, ``hand1``...)."""
    for p, h in enumerate(hands):
        zones[f"hand{p}"] = h
    return zones


def unknown_in_stock_and_hands(s, seat) -> int:
    """What a seat cannot know in a game where only the stock and the other
    hands are hidden: those cards less every card shown (``s.public``); the
    end of the match showed the hands."""
    hidden = mask_of(s.stock)
    if s.outcome is None:
        hidden |= others_hands(s.hands, seat)
    return hidden & ~s.public


def meld_records(rules: MeldRules, table) -> list[dict]:
    """The melds of a table for a view: number, owner, kind, cards in order,
    and what places them (a run's suit and lowest rank, a set's rank)."""
    out = []
    for no, meld in enumerate(table, 1):
        if meld is None:
            continue
        rec = {"no": no, "owner": meld.owner, "kind": KIND_NAMES[meld.kind],
               "cards": [Card(c) for c in meld.cards]}
        if meld.kind == RUN:
            rec["suit"] = SUITS[meld.key]
            rec["low"] = meld.low
        else:
            rec["rank"] = RANK_TEXT[meld.key]
        out.append(rec)
    return out


def place_texts(rules: MeldRules, meld: Meld) -> list[str]:
    """Per card of a meld, the card it stands for: its own text, or the place
    of a wild card (``7H`` in a run; ``7*`` in a set, any missing suit)."""
    out = []
    n_nat = len(meld.cards) - rules.wild_count(meld)
    for i, c in enumerate(meld.cards):
        if meld.kind == RUN:
            out.append(rank_word(meld.low + i) + SUITS[meld.key])
        elif i < n_nat:
            out.append(RANK_TEXT[meld.key] + SUITS[rules.suit_of[c]])
        else:
            out.append(RANK_TEXT[meld.key] + "*")
    return out


def melds_from_records(rules: MeldRules, records) -> list:
    """The table a view's meld records describe (for a sampled world)."""
    table: list = []
    for rec in records:
        while len(table) < rec["no"] - 1:
            table.append(None)
        cards = tuple(int(c) for c in rec["cards"])
        if rec["kind"] == "run":
            table.append(Meld(RUN, SUITS.index(rec["suit"]), rec["low"], cards, rec["owner"]))
        else:
            table.append(Meld(SET, RANK_VALUE[rec["rank"]], 0, cards, rec["owner"]))
    return table



def meld_line(rules: MeldRules, meld: Meld, no: int) -> str:
    """``  3. 5♥ 6♥ JK(7♥) 8♥   run of hearts``: one meld for the terminal."""
    parts = []
    places = place_texts(rules, meld)
    for c, place in zip(meld.cards, places):
        text = rules.deck.text_of[c]
        shown = pretty(text)
        if text != place and not (place.endswith("*") and rules.rank_of[c] == meld.key):
            shown += "(" + (pretty(place) if not place.endswith("*") else place[:-1]) + ")"
        parts.append(shown)
    if meld.kind == RUN:
        what = f"run of {SUIT_NAMES[meld.key]}"
    elif len(meld.cards) == 1:
        what = f"a lone {RANK_NAMES[meld.key]}"
    else:
        name = RANK_NAMES[meld.key]
        what = f"set of {name}{'es' if name.endswith('x') else 's'}"
    return f"  {no:>2}. {' '.join(parts)}   ({what})"


def one_per_face(rules: MeldRules, mask: int, prefer: int = 0) -> list[int]:
    """One card id per face of ``mask`` (a card of ``prefer`` first, else the
    lowest id): the copy a card action such as a discard names, so that the
    action's text (``QS``) always means the same card."""
    chosen: dict[int, int] = {}
    face = rules.face
    for m in (mask & prefer, mask & ~prefer):
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            chosen.setdefault(face[c], c)
    return sorted(chosen.values())


def put_meld(table: list, meld: Meld) -> int:
    """Lay ``meld`` in the table's first empty slot (or a new one); its number."""
    for k, m in enumerate(table):
        if m is None:
            table[k] = meld
            return k + 1
    table.append(meld)
    return len(table)


def broken_melds(rules: MeldRules, table, owner=None) -> set[int]:
    """Numbers of the melds that are not whole (mid-turn, after lifting)."""
    return {no for no, m in enumerate(table, 1)
            if m is not None and (owner is None or m.owner == owner) and not rules.valid(m)}


def lift_moves(rules: MeldRules, actions: RummyActions, start: int, table, max_melds: int,
               owner=None) -> list[int]:
    """Every ``lift`` action on the table (melds of ``owner`` only, when given);
    lifting from a run's middle needs a free meld number for its second part."""
    out = []
    free = sum(1 for m in table if m is None) + max_melds - len(table)
    for no, meld in enumerate(table, 1):
        if meld is None or (owner is not None and meld.owner != owner):
            continue
        for i, c in enumerate(meld.cards):
            if meld.kind == RUN and 0 < i < len(meld.cards) - 1 and free < 1:
                continue
            place = None
            if meld.kind == RUN and not rules.fits(c, meld.key, meld.low + i):
                place = face_of(meld.low + i, meld.key)
            out.append(actions.lift_id(start, rules.face[c], place, no))
    return list(dict.fromkeys(out))


def apply_lift(rules: MeldRules, table: list, face: int, place, no: int) -> int:
    """Lift the card ``face`` (a wild card standing for ``place`` in a run) out
    of meld ``no``: the meld keeps its number (or empties), a run's second
    part takes a free number.  Returns the card."""
    meld = table[no - 1]
    index = None
    for i, c in enumerate(meld.cards):
        if rules.face[c] != face:
            continue
        if meld.kind == RUN:
            stands = not rules.fits(c, meld.key, meld.low + i)
            here = face_of(meld.low + i, meld.key)
            if stands != (place is not None) or (stands and place != here):
                continue
        index = i
        break
    card, pieces = rules.lift(meld, index)
    table[no - 1] = pieces[0] if pieces else None
    if len(pieces) > 1:
        put_meld(table, pieces[1])
    return card


def sample_unseen(deck_mask: int, seen: int, view, rng, known, extra_zones=None):
    """Deal the cards a seat cannot see: every other hand gets its size less
    its known cards (which it keeps), the stock its count, and each of
    ``extra_zones`` (name: count) its count.  Returns (hands, stock list,
    extra placements)."""
    from .deal import sample_hands, shuffled
    seat = view["seat"]
    n = view["players"]
    zones = {"stock": view["stock"]}
    for z, count in (extra_zones or {}).items():
        zones[z] = count
    for p in range(n):
        if p != seat:
            zones[f"hand{p}"] = view["hand_sizes"][p] - known[p].bit_count()
    placed = sample_hands(deck_mask & ~seen, zones, rng)
    own = int(view["hand"]) if seat is not None else 0
    hands = [own if p == seat else placed[f"hand{p}"] | known[p] for p in range(n)]
    return hands, shuffled(placed["stock"], rng), placed


def describe_meld_event(deck, e):
    """Terminal lines for the table events every rummy logs (draws from the
    stock, discards, melds, lay-offs, lifts, exchanges, a turn taken back);
    ``NotImplemented`` for the rest."""
    k = e.get("kind")
    who = f"seat {e.get('seat')}"

    def show(cards):
        return " ".join(pretty(deck.text(int(c))) for c in cards)
    if k == "draw" and "stock" in e:
        card = e.get("card")                 # only the drawer's own event names it
        what = "a card" if card is None else show([card])
        return f"{who} draws {what} from the stock ({e['stock']} left)"
    if k == "discard" and e.keys() <= {"kind", "seat", "card"}:
        return f"{who} discards {show([e['card']])}"
    if k == "meld":
        early = " before drawing" if e.get("before_draw") else ""
        return f"{who} melds {show(e['cards'])} (meld {e['no']}){early}"
    if k == "layoff":
        return f"{who} lays {show([e['card']])} off on meld {e['no']}"
    if k == "lift":
        return f"{who} lifts {show([e['card']])} out of meld {e['no']}"
    if k == "swap":
        return f"{who} puts {show([e['card']])} in meld {e['no']} for its joker"
    if k == "undo":
        back = e.get("back")
        return f"{who} takes the turn back" + (f" ({show(back)} back to the hand)" if back else "")
    return NotImplemented


def table_changes(rules: MeldRules, before, now) -> list[dict]:
    """How the table looked before this turn, as its differences from ``now``:
    per meld number that changed, the earlier meld's record (None: no meld)."""
    out = []
    for k in range(max(len(before), len(now))):
        was = before[k] if k < len(before) else None
        cur = now[k] if k < len(now) else None
        if was is not cur and was != cur:
            out.append({"no": k + 1,
                        "meld": meld_records(rules, [was])[0] if was is not None else None})
    return out


def table_before(rules: MeldRules, now, changes) -> list:
    """The table ``table_changes`` describes (for a sampled world's ``undo``)."""
    table = list(now)
    for ch in changes:
        k = ch["no"] - 1
        while len(table) <= k:
            table.append(None)
        rec = ch["meld"]
        table[k] = None if rec is None else melds_from_records(rules, [dict(rec, no=1)])[0]
    while table and table[-1] is None:
        table.pop()
    return table


# -- terminal text ------------------------------------------------------------------

def count_cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def cards_in_order(deck, cards) -> str:
    """Cards (ids or ``Card``) as suit-symbol text, in the order given."""
    return " ".join(pretty(deck.text(int(c))) for c in cards)


def meld_of_record(rules: MeldRules, rec) -> Meld:
    return melds_from_records(rules, [dict(rec, no=1)])[0]


def table_lines(rules: MeldRules, view, me, header) -> list[str]:
    """One block per player: ``header(p)`` and the player's melds, numbered."""
    lines = []
    for p in range(view["players"]):
        head = header(p)
        if head is None:
            continue
        lines.append(head)
        for rec in view["melds"]:
            if rec["owner"] == p:
                lines.append(meld_line(rules, meld_of_record(rules, rec), rec["no"]))
    return lines


def deal_points_text(deck, hands, points, totals) -> str:
    """A deal's sheet in one line: each seat's points with the cards left in
    its hand, then the totals (``seat 0 -13 (7♥ 6♥), seat 1 +10; totals:
    seat 0 -13, seat 1 10``).  Seats out of the match (no cards, no points)
    are left out."""
    rows = []
    seats = [p for p in range(len(points)) if points[p] or len(hands[p])]
    for p in seats:
        left = f" ({cards_in_order(deck, hands[p])})" if len(hands[p]) else ""
        rows.append(f"seat {p} {points[p]:+d}{left}")
    sums = ", ".join(f"seat {p} {totals[p]}" for p in range(len(totals)))
    return "; ".join(rows) + f". Totals: {sums}"


def discard_line(deck, pile, discarder, stock, me) -> str:
    """``Discard pile: 4 cards, top 10♦ (discarded by Seat 2)   Stock: 27``."""
    top = pretty(deck.text(int(pile[-1]))) if pile else "empty"
    who = f" (discarded by {seat_label(discarder, me)})" if discarder is not None else ""
    return f"Discard pile: {count_cards(len(pile))}, top {top}{who}   Stock: {stock}"


# -- the stock ----------------------------------------------------------------------

def table_size(table) -> int:
    """How many cards lie in the melds of a table (a list of ``Meld`` or None)."""
    return sum(len(m.cards) for m in table if m is not None)


def may_rebuild(s) -> bool:
    """Whether an empty stock may be rebuilt now.  The first time in a deal
    always; after that only when a card has been laid on the table since the
    last rebuild (``s.table_at_rebuild``: the table's size then).  A whole
    pass through a rebuilt stock that laid nothing (no meld, no lay-off; a
    player who went out would have ended the deal) is a deadlock: the same
    cards would only go round again."""
    return s.rebuilds == 0 or table_size(s.table) > s.table_at_rebuild


def drawable(s) -> int:
    """Cards a player could still draw: the stock, and the discards under the
    top card while the stock may be rebuilt (``may_rebuild``)."""
    more = len(s.discard) - 1 if may_rebuild(s) else 0
    return len(s.stock) + max(0, more)


def stock_end_reason(s) -> str:
    """Why nothing can be drawn (``drawable(s) == 0``): a deadlock, or no
    discards to rebuild the stock from."""
    if len(s.discard) >= 2:
        return "deadlock"
    return "no_discards"


def stock_end_text(reason: str) -> str:
    """The terminal line for a deal that ended for ``stock_end_reason``."""
    if reason == "deadlock":
        return ("the stock ran out again and nothing was laid on the table since it was "
                "rebuilt: a deadlock")
    return "the stock ran out with no discards to rebuild it from"


def rebuilt_note(view) -> str:
    """`` (rebuilt once; nothing laid since)`` for the terminal's stock line:
    a rebuilt stock that runs out again before anyone lays a card ends the
    deal as a deadlock."""
    rebuilds = view["rebuilds"]
    if not rebuilds:
        return ""
    times = "once" if rebuilds == 1 else f"{rebuilds} times"
    laid = table_size_of_records(view["melds"]) > view["table_at_rebuild"]
    return f" (rebuilt {times}; {'cards laid since' if laid else 'nothing laid since'})"


def table_size_of_records(records) -> int:
    """``table_size`` of a view's meld records."""
    return sum(len(rec["cards"]) for rec in records)


def draw_cards(s, k: int) -> list[int]:
    """Up to ``k`` cards off the stock; an empty stock is rebuilt from the
    discards under the top card (shuffled, ``cards.deal.rebuild_stock``)
    while ``may_rebuild`` allows, remembering the table's size then.  Fewer
    cards come back when there is nothing more to draw."""
    from .deal import rebuild_stock
    out = []
    for _ in range(k):
        if not s.stock:
            if len(s.discard) < 2 or not may_rebuild(s):
                break
            s.rebuilds += 1
            s.table_at_rebuild = table_size(s.table)
            rebuild_stock(s, "restock")
        out.append(s.stock.pop())
    return out
