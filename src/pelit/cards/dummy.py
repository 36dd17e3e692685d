"""Trick play with a dummy: the declarer plays his partner's (the dummy's) cards.

Shared by Bridge (seed 002) and Minibridge (seed 000 ch. 5).  Four hands sit
around the table in a cycle (``order``, clockwise); ``owner[hand]`` is the
seat that chooses that hand's cards: the player himself, or the declarer for
the dummy.  The player on the declarer's left leads to the first trick; once
that opening lead is on the table the dummy is laid face up (``exposed``)
and stays visible to everyone.  Following suit is the usual rule; the highest
trump, else the highest card of the suit led, wins; the winner leads next.

``DummyPlay`` holds only ints, lists of ints and tuples; ``clone`` copies it.
"""

from __future__ import annotations

from .deck import Card, CardSet, ids
from .trick import last_trick_from_view, rank_strength, winning_index, won_tricks_view

PUBLIC_FIELDS = ("order", "owner", "declarer", "dummy", "trump")


class DummyPlay:
    __slots__ = ("deck", "strength", "order", "owner", "declarer", "dummy", "trump",
                 "hands", "trick", "leader", "turn", "won", "exposed", "voids",
                 "played", "last_trick", "tricks_done", "_next", "_suits")

    def __init__(self, deck, hands: list[int], order: tuple, owner: tuple,
                 declarer: int, dummy: int, trump: int | None):
        self.deck = deck
        self.strength = _strength(deck)
        self._suits = _suit_tables(deck)
        self.order = tuple(order)
        self._next = {h: self.order[(i + 1) % len(self.order)] for i, h in enumerate(self.order)}
        self.owner = tuple(owner)
        self.declarer = declarer
        self.dummy = dummy
        self.trump = trump
        self.hands = list(hands)
        self.trick: list[tuple[int, int]] = []      # (hand, card) in play order
        self.leader = self.next_hand(declarer)
        self.turn = self.leader
        self.won = [0] * len(hands)                 # tricks won per hand
        self.exposed = False
        self.voids = [0] * len(hands)               # suits a hand has shown void, as bits
        self.played = [0] * len(hands)              # cards each hand has played
        self.last_trick: list[tuple[int, int]] = []
        self.tricks_done = 0

    def clone(self) -> "DummyPlay":
        new = object.__new__(DummyPlay)
        # ints, tuples, shared tables and the quitted trick (never changed)
        new.deck = self.deck
        new.strength = self.strength
        new._suits = self._suits
        new.order = self.order
        new.owner = self.owner
        new.declarer = self.declarer
        new.dummy = self.dummy
        new.trump = self.trump
        new.leader = self.leader
        new.turn = self.turn
        new.exposed = self.exposed
        new.tricks_done = self.tricks_done
        new.last_trick = self.last_trick
        new._next = self._next
        new.hands = self.hands.copy()
        new.trick = self.trick.copy()
        new.won = self.won.copy()
        new.voids = self.voids.copy()
        new.played = self.played.copy()
        return new

    # -- the table -------------------------------------------------------
    def next_hand(self, hand: int) -> int:
        return self._next[hand]

    def seat_to_act(self) -> int:
        return self.owner[self.turn]

    def declaring(self, hand: int) -> bool:
        return hand == self.declarer or hand == self.dummy

    def declarer_tricks(self) -> int:
        return self.won[self.declarer] + self.won[self.dummy]

    def defender_tricks(self) -> int:
        return self.tricks_done - self.declarer_tricks()

    def over(self) -> bool:
        return not any(self.hands) and not self.trick

    # -- play ------------------------------------------------------------
    def legal(self) -> int:
        """The cards the hand to play may play, as a mask."""
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        same = hand & self.deck.suit_mask[self.deck.suit_of[self.trick[0][1]]]
        return same if same else hand

    def legal_cards(self) -> list[int]:
        """The cards the hand to play may play, lowest id first."""
        suits = self._suits
        if suits is not None:
            # the same cards as ``legal()``, read from the per-suit tables:
            # the suit led if the hand holds it, else every suit in id order
            hand = self.hands[self.turn]
            trick = self.trick
            if trick:
                shift, full, table = suits[self.deck.suit_of[trick[0][1]]]
                same = (hand >> shift) & full
                if same:
                    return list(table[same])
            out = []
            for shift, full, table in suits[-1]:
                out += table[(hand >> shift) & full]
            return out
        return ids(self.legal())

    def play(self, card: int):
        """Play ``card`` from the hand whose turn it is.  Returns
        ``(hand, opening_lead, winner)``: the hand that played, whether this
        was the opening lead (the dummy goes face up), and the hand winning
        the trick when this card completed it (else None)."""
        hand = self.turn
        bit = 1 << card
        trick = self.trick
        if trick:
            suit_of = self.deck.suit_of
            lead_suit = suit_of[trick[0][1]]
            if suit_of[card] != lead_suit:
                self.voids[hand] |= 1 << lead_suit
        self.hands[hand] &= ~bit
        self.played[hand] |= bit
        trick.append((hand, card))
        opening = not self.exposed
        if opening:
            self.exposed = True
        if len(trick) < len(self.order):
            self.turn = self._next[hand]
            return hand, opening, None
        win = trick[winning_index(trick, self.deck, self.strength, self.trump)][0]
        self.won[win] += 1
        self.tricks_done += 1
        self.last_trick = self.trick
        self.trick = []
        self.leader = self.turn = win
        return hand, opening, win

    # -- views -------------------------------------------------------------
    def public_view(self) -> dict:
        """Everything about the play that every seat may look at: the trick on
        the table, tricks won per hand and the last trick until the next card
        is played (``cards.trick.won_tricks_view``), hand sizes, suits shown
        void, the dummy once face up.  Finished tricks lie face down, so which
        cards were played is not here: players who remember read it from the
        events."""
        last = (tuple(self.last_trick), self.leader) if self.last_trick else None
        out = {
            "declarer_hand": self.declarer,
            "dummy_hand": self.dummy,
            "trump": self.trump,
            "hand_to_play": self.turn,
            "leader": self.leader,
            "trick": [[h, Card(c)] for h, c in self.trick],
            **won_tricks_view(self.won, last, self.trick),
            "tricks_done": self.tricks_done,
            "voids": self.voids.copy(),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "dummy": CardSet(self.hands[self.dummy]) if self.exposed else None,
        }
        return out

    @classmethod
    def from_view(cls, deck, pv: dict, hands: list[int], played: list[int], order,
                  owner) -> "DummyPlay":
        """Rebuild the play from ``public_view`` and the hands and played
        cards chosen for a sampled world."""
        dp = cls(deck, hands, order, owner, pv["declarer_hand"], pv["dummy_hand"], pv["trump"])
        dp.trick = [(h, int(c)) for h, c in pv["trick"]]
        shown = last_trick_from_view(pv["last_trick"])
        dp.last_trick = [] if shown is None else list(shown[0])
        dp.leader = pv["leader"]
        dp.turn = pv["hand_to_play"]
        dp.won = list(pv["tricks_won"])
        dp.tricks_done = pv["tricks_done"]
        dp.played = list(played)
        dp.voids = list(pv["voids"])
        dp.exposed = pv["dummy"] is not None
        return dp

    @staticmethod
    def sample_zones(pv: dict, n_hands: int, size: int) -> tuple[dict, list, int]:
        """For a sampled world: how many unseen played cards each hand has
        (zone ``down{h}``), the cards known played by each hand (the trick on
        the table, the last trick when shown), and their mask."""
        known = [0] * n_hands
        last = pv["last_trick"]
        for h, c in pv["trick"] + ([] if last is None else last["cards"]):
            known[h] |= 1 << int(c)
        counts = {}
        for h in range(n_hands):
            counts[f"down{h}"] = size - pv["hand_sizes"][h] - known[h].bit_count()
        seen = 0
        for m in known:
            seen |= m
        return counts, known, seen

    @staticmethod
    def allowed_by_voids(deck, voids) -> list[int]:
        """Per hand, the cards it may hold given the suits (bits) it has shown void in."""
        out = []
        for v in voids:
            m = deck.all_mask
            for s in range(4):
                if (v >> s) & 1:
                    m &= ~deck.suit_mask[s]
            out.append(m)
        return out


_STRENGTH = {}


_SUIT_TABLES = {}


def _suit_tables(deck):
    """For a pack whose suits are runs of at most 13 card ids that together
    hold every card (the 52-card pack): per suit ``(shift, full, table)``,
    ``table[pattern]`` the ids of the cards in a ``full``-wide bit pattern
    of that suit, lowest first; the last entry lists the suits in id order.
    None for other packs (``legal_cards`` then reads the mask with ``ids``).
    Built once per pack layout."""
    if deck in _SUIT_TABLES:
        return _SUIT_TABLES[deck]
    key = (deck.size, tuple(deck.suit_mask))
    if key in _SUIT_TABLES:
        _SUIT_TABLES[deck] = _SUIT_TABLES[key]
        return _SUIT_TABLES[key]
    out = None
    runs = []
    union = 0
    for s, m in enumerate(deck.suit_mask):
        if not m:                   # no such suit in this pack (the jokers')
            runs.append(None)
            continue
        shift = (m & -m).bit_length() - 1
        width = m.bit_length() - shift
        if width > 13 or m != ((1 << width) - 1) << shift:
            runs = None
            break
        union |= m
        # a pattern's ids are those of the pattern without its top bit, then the top card
        table = [()]
        for p in range(1, 1 << width):
            top = p.bit_length() - 1
            table.append(table[p ^ (1 << top)] + (shift + top,))
        runs.append((shift, (1 << width) - 1, tuple(table)))
    if runs and union == deck.all_mask:
        out = tuple(runs) + (tuple(sorted((r for r in runs if r), key=lambda r: r[0])),)
    _SUIT_TABLES[key] = _SUIT_TABLES[deck] = out
    return out


def _strength(deck):
    key = id(deck)
    if key not in _STRENGTH:
        _STRENGTH[key] = rank_strength(deck)
    return _STRENGTH[key]


def play_zones(hands, dp) -> dict:
    """Every card's place in a deal played with a dummy (for the conservation
    check): the four hands before the play, then hands and played cards."""
    if dp is None:
        return {f"hand{p}": hands[p] for p in range(4)}
    zones = {f"hand{p}": dp.hands[p] for p in range(4)}
    for p in range(4):
        zones[f"played{p}"] = dp.played[p]
    return zones
