"""Card ids, packs and card text.

Every physical card in a pack has one int id.  A multi-deck pack gives each
copy its own id; ``face`` tells which copies look alike.  Jokers are cards too.
Text appears only at the edges: ``"QS"``, ``"TS"`` (``"10S"`` accepted),
``"JK"`` for a joker; suit symbols are accepted on input.

Ids are laid out copy by copy, suit by suit, rank by rank (low to high), with
each copy's jokers after its suited cards.  Zones are int bitmasks
(``CardSet``): following suit or finding melds is set algebra on them.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.errors import ParseError

SUITS = "SHDC"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
JOKER_SUIT = 4
HAND_SUIT_ORDER = (0, 1, 3, 2, 4)    # place of each suit in a shown hand: S H C D, jokers
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs", "jokers")
SUIT_SYMBOLS = "♠♥♦♣"
RED_SUITS = frozenset((HEARTS, DIAMONDS))

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
JOKER_RANK = 15
RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
             10: "T", 11: "J", 12: "Q", 13: "K", 14: "A", 15: "JK"}
RANK_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
              8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen",
              13: "king", 14: "ace", 15: "joker"}
_TEXT_RANK = {v: k for k, v in RANK_TEXT.items()}
_TEXT_RANK["10"] = 10
_SYMBOL_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class CardSet(int):
    """A set of card ids as an int bitmask, tagged so views serialize it as cards.

    The engine keeps plain ints in its state for speed; views wrap zones in
    ``CardSet`` so clients, records and the leak suite know they are cards.
    """

    __slots__ = ()

    def __iter__(self):
        return iter(ids(self))

    def __len__(self):
        return self.bit_count()

    def __contains__(self, card):
        return (self >> card) & 1 == 1

    def __repr__(self):
        return f"CardSet({ids(self)})"


class Card(int):
    """One card id in a view, tagged so it serializes as card text."""

    __slots__ = ()

    def __repr__(self):
        return f"Card({int(self)})"


def _byte_ids(places: int) -> tuple:
    """``table[k][b]``: the ids of the bits of byte value ``b`` at byte place
    ``k`` of a mask, lowest first (each entry is the entry without its top
    bit, plus that bit)."""
    out = []
    for k in range(places):
        row = [()]
        for b in range(1, 256):
            top = b.bit_length() - 1
            row.append(row[b ^ (1 << top)] + (8 * k + top,))
        out.append(tuple(row))
    return tuple(out)


_BYTE_IDS = _byte_ids(48)          # masks of up to 384 cards (six 54-card packs and more)


def ids(mask: int) -> list[int]:
    """Card ids in a bitmask, lowest first."""
    if mask.bit_count() > 3 and mask.bit_length() <= 384:
        # a byte at a time: one conversion, then small ints only (a wide
        # mask's own shifts and ands each build a new long int)
        out = []
        k = 0
        for b in mask.to_bytes((mask.bit_length() + 7) >> 3, "little"):
            if b:
                out += _BYTE_IDS[k][b]
            k += 1
        return out
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def ids_by_text(text_of) -> dict[str, tuple[int, ...]]:
    """Each card text to the ids that show it, lowest first (copies share a text)."""
    by_text: dict[str, list[int]] = {}
    for i, t in enumerate(text_of):
        by_text.setdefault(t, []).append(i)
    return {t: tuple(v) for t, v in by_text.items()}


class CardText:
    """Card text both ways for a pack: ``Deck`` and ``cards.statdeck.StatDeck``.

    A pack class sets ``size``, ``all_mask`` and ``text_of`` (one word per
    card), and gives ``copies_of`` (the ids a text names, or ``ParseError``)
    and ``pack_title`` (the pack's name in messages); reading one card, many
    cards or a whole stacked pack is then the same for every pack.
    """

    __slots__ = ()

    def text(self, card: int) -> str:
        return self.text_of[card]

    def texts(self, mask_or_ids) -> str:
        cards = ids(mask_or_ids) if isinstance(mask_or_ids, int) else mask_or_ids
        return " ".join(self.text_of[c] for c in cards)

    def parse(self, text: str, among: int | None = None) -> int:
        """The id of the card ``text``; with ``among``, a copy held in that mask."""
        copies = self.copies_of(text)
        if among is None:
            return copies[0]
        for c in copies:
            if (among >> c) & 1:
                return c
        raise ParseError(f"{self.text_of[copies[0]]} is not among those cards")

    def parse_many(self, text: str, among: int | None = None) -> list[int]:
        """Card texts separated by spaces or commas to distinct ids (copies of
        one face taken in order)."""
        used = 0
        out = []
        for token in text.replace(",", " ").split():
            pool = self.all_mask if among is None else among
            card = self.parse(token, pool & ~used)
            used |= 1 << card
            out.append(card)
        return out

    def parse_pack(self, text: str) -> list[int]:
        """A stacked pack: every card exactly once, top card first."""
        seen: dict[int, int] = {}
        for token in text.replace(",", " ").split():
            first = self.copies_of(token)[0]
            seen[first] = seen.get(first, 0) + 1
            copies = len(self.copies_of(token))
            if seen[first] > copies:
                card = self.text_of[first]
                raise ParseError(f"{card} is in the stacked pack {seen[first]} times; the pack "
                                 f"has {'one' if copies == 1 else copies} {card}")
        cards = self.parse_many(text)
        if len(cards) != self.size:
            raise ParseError(
                f"a stacked {self.pack_title} pack needs all {self.size} cards, got {len(cards)}")
        return cards


class Deck(CardText):
    """A pack: which ranks in which suits, how many copies, how many jokers.

    All lookup tables are built once per pack and shared by every game using it.
    """

    __slots__ = ("name", "ranks", "copies", "jokers_per_copy", "size", "per_copy",
                 "rank_of", "suit_of", "face_of", "text_of", "suit_mask",
                 "rank_mask", "joker_mask", "all_mask", "face_ids", "_by_text")

    def __init__(self, name: str, ranks: tuple[int, ...], copies: int = 1,
                 jokers_per_copy: int = 0):
        self.name = name
        self.ranks = tuple(ranks)
        self.copies = copies
        self.jokers_per_copy = jokers_per_copy
        self.per_copy = 4 * len(self.ranks) + jokers_per_copy
        self.size = self.per_copy * copies
        rank_of, suit_of, face_of, text_of = [], [], [], []
        for _ in range(copies):
            for s in range(4):
                for r in self.ranks:
                    rank_of.append(r)
                    suit_of.append(s)
                    face_of.append(s * len(self.ranks) + self.ranks.index(r))
                    text_of.append(RANK_TEXT[r] + SUITS[s])
            for _ in range(jokers_per_copy):
                rank_of.append(JOKER_RANK)
                suit_of.append(JOKER_SUIT)
                face_of.append(4 * len(self.ranks))
                text_of.append("JK")
        self.rank_of = tuple(rank_of)
        self.suit_of = tuple(suit_of)
        self.face_of = tuple(face_of)
        self.text_of = tuple(text_of)
        self.suit_mask = tuple(
            mask_of(i for i in range(self.size) if suit_of[i] == s) for s in range(5))
        self.rank_mask = {r: mask_of(i for i in range(self.size) if rank_of[i] == r)
                          for r in set(rank_of)}
        self.joker_mask = self.suit_mask[JOKER_SUIT]
        self.all_mask = (1 << self.size) - 1
        self._by_text = ids_by_text(text_of)
        self.face_ids = tuple(self._by_text[t] for t in dict.fromkeys(text_of))

    def __repr__(self):
        return f"<Deck {self.name}: {self.size} cards>"

    def repeated(self, times: int) -> "Deck":
        """This pack ``times`` over as one pack, copy after copy: card ``c`` of
        the ``k``-th repeat is ``k * size + c`` (a duplicate match's tables)."""
        return Deck(self.name, self.ranks, self.copies * times, self.jokers_per_copy)

    # -- text (parsing many cards and packs is ``CardText``'s) ----------------
    @property
    def pack_title(self) -> str:
        return self.name

    def copies_of(self, text: str) -> tuple[int, ...]:
        """All ids whose face is ``text`` (one per copy; several for jokers)."""
        key = normalize_card_text(text)
        found = self._by_text.get(key)
        if found is None:
            raise ParseError(f"{text!r} is not a card of the {self.name} pack")
        return found

    def suit_cards(self, mask: int, suit: int) -> int:
        return mask & self.suit_mask[suit]

    def in_hand_order(self, cards) -> list[int]:
        """Cards as a hand is shown: by suit, black and red alternating
        (spades, hearts, clubs, diamonds, then jokers), highest first."""
        return sorted(cards, key=lambda c: (HAND_SUIT_ORDER[self.suit_of[c]], -self.rank_of[c], c))


def normalize_card_text(text: str) -> str:
    t = text.strip().upper()
    if not t:
        raise ParseError("empty card text")
    if t in ("JK", "JOKER", "★"):
        return "JK"
    if t[-1] in _SYMBOL_SUIT:
        t = t[:-1] + _SYMBOL_SUIT[t[-1]]
    rank, suit = t[:-1], t[-1]
    if suit not in SUITS or rank not in _TEXT_RANK:
        raise ParseError(f"{text!r} is not card text (rank then suit, e.g. QS, TH, 10D, JK)")
    return RANK_TEXT[_TEXT_RANK[rank]] + suit


def pretty(text: str) -> str:
    """Card text with a suit symbol, for terminal output."""
    if text == "JK":
        return "🃏"
    return text[:-1].replace("T", "10") + SUIT_SYMBOLS[SUITS.index(text[-1])]


ALL_RANKS = tuple(range(2, 15))


@lru_cache(maxsize=None)
def standard_deck(name: str = "52") -> Deck:
    """The packs the rule books use, built once.

    ``52`` full pack; ``36`` 6..A; ``32`` 7..A; ``40`` Spanish-style (A, 2..7,
    J, Q, K: the 8s, 9s and 10s removed); ``54`` one pack with two jokers;
    ``2x54``, ``3x54``, ``5x54``, ``6x54`` several such packs together;
    ``2x52`` two packs without jokers.
    """
    specs = {
        "52": (ALL_RANKS, 1, 0),
        "36": (tuple(range(6, 15)), 1, 0),
        "32": (tuple(range(7, 15)), 1, 0),
        "40": ((2, 3, 4, 5, 6, 7, 11, 12, 13, 14), 1, 0),
        "54": (ALL_RANKS, 1, 2),
        "2x52": (ALL_RANKS, 2, 0),
        "2x54": (ALL_RANKS, 2, 2),
        "3x54": (ALL_RANKS, 3, 2),
        "5x54": (ALL_RANKS, 5, 2),
        "6x54": (ALL_RANKS, 6, 2),
    }
    if name not in specs:
        raise ValueError(f"unknown pack {name!r}; known: {', '.join(specs)}")
    ranks, copies, jokers = specs[name]
    return Deck(name, ranks, copies, jokers)
