"""Android players for two-human partnership games (Korppi 000 ch. 3 and 4).

Two humans each sit with an *android* partner whose cards stand in a card
holder.  A human sees the opposing android's hand, never the friendly one,
and makes the friendly android play by *commands*.  When a command cannot
be carried out the android answers with an Error Message that carries no
other information; the human then gives another command.

This module holds the pieces both android games share:

- the seating of a deal (``android_seating``): where the dealer, the two
  androids and the other human sit, clockwise from the dealer;
- the Android Whist command language (``WHIST_COMMANDS``, ``whist_command``):
  Duck, Beat, High while following; a suit, Shortest or Longest (optionally
  prefixed ``high``) when leading or right after an Error Message;
- the Bridge Meets Guess Who command (``range_command``): a suit, a rank
  range and a preference for the lowest or highest card in it;
- the table both games keep (a card goes to the trick by
  ``cards.trick.lay_card``): a finished trick gathered by the winning side
  (``gather_trick``), the won tricks as a view shows them, face down with
  the last one until the next card (``won_view``, by
  ``cards.trick.won_tricks_view``), the zones of the cards
  (``table_zones``), the hands and won cards a sampled world deals again
  (``hidden_hand_zones``) and the terminal's lines on who is who
  (``seating_lines``).

Every resolver is a pure function of the android's hand and the trick so far:
it returns the card the android plays, or ``None`` for an Error Message.
Cards are ids of a ``Deck``; hands are bitmasks; ``strength`` is a per-card
strength table (``cards.trick.rank_strength``).
"""

from __future__ import annotations

from .deck import SUIT_NAMES, Card, Deck, highest, lowest, mask_of
from .trick import beating_mask, last_trick_cards, shown_last_trick, winning_index, won_tricks_view

HUMAN, ANDROID = "human", "android"

# Command names of Android Whist 3.5, in the order action spaces list them.
FOLLOW_COMMANDS = ("duck", "beat", "high")                      # 3.5.1
LEAD_COMMANDS = ("spades", "hearts", "diamonds", "clubs", "shortest", "longest")  # 3.5.2
WHIST_COMMANDS = FOLLOW_COMMANDS + LEAD_COMMANDS + tuple("high " + c for c in LEAD_COMMANDS)


def android_seating(dealer: int) -> tuple[tuple[str, int], ...]:
    """The four places clockwise from the dealer for humans 0 and 1.

    Each entry is ``("human", h)`` or ``("android", h)`` where an android is
    named by the human it partners.  The dealer (a human) sits first; the
    android on the dealer's left partners the other human; the android on the
    other human's right partners the dealer.  Partners sit across the table,
    so everyone sits between two opponents (000 3.4, 4.2).
    """
    other = 1 - dealer
    return ((HUMAN, dealer), (ANDROID, other), (ANDROID, dealer), (HUMAN, other))


def seating_lines(view) -> list[str]:
    """For the terminal: the deal's number and, for a human with an android
    partner, who is who at the table (000 3.4, 4.2)."""
    lines = [f"Deal {view['deal_no'] + 1}"]       # the view counts deals from 0
    me = view.get("seat")
    if me is not None and f"android {me}" in view["places"]:
        lines.append(f"You are human {me}: you command android {me} across the table "
                     f"without seeing its cards; the hand you see is android {1 - me}'s, "
                     f"your opponents'")
    return lines


# The table of an android game: the state ``s`` keeps ``hands`` (a mask per
# place), ``trick`` ((place, card) pairs), ``voids`` (per place, a bit per
# suit the place has shown void in), ``tricks`` and ``won`` (per side, the
# count and the cards) and ``last_trick`` ((plays, winner) or None).

def gather_trick(s, winner: int, side: int, winner_label: str) -> None:
    """The finished trick goes to ``side``, the side of the place ``winner``:
    counted, its cards to the side's won cards, announced and kept as the
    last trick; the table is clear for the next one."""
    s.tricks[side] += 1
    s.won[side] |= mask_of(c for _, c in s.trick)
    s.log("trick", None, won_by=winner_label, side=side, tricks=list(s.tricks))
    s.last_trick = (tuple(s.trick), winner)
    s.trick = []


def won_view(s, labels) -> dict:
    """The won tricks for a view (ch. 2): tricks per side (``tricks_won``)
    and the last trick by place labels while no card of the next is down."""
    return won_tricks_view(s.tricks, s.last_trick, s.trick, labels.__getitem__)


def seat_numbers(places) -> list[int]:
    """A number per place as the web table seats it: a human sits at its own
    seat, the android partnering human ``h`` at hand ``2 + h`` (a hand that is
    no seat), so partners face each other across the table.  ``places`` are
    ``(kind, h)`` or ``(kind, side, seat acting)`` tuples: a human sits at the
    last entry (its seat; with four humans, ``seat 2`` at seat 2)."""
    return [p[-1] if p[0] == HUMAN else 2 + p[1] for p in places]


def seat_view(s, numbers, seen_place) -> dict:
    """The table by seat numbers (``seat_numbers``) for the web table, beside
    the views' own fields by place name: the trick and the last trick as
    ``[number, card]`` plays, the cards each hand holds, which hand the
    seat sees (the opposing android's, ``seen_place``; None where none), and
    the numbers in clockwise order (the dealer first): with dealer 0 they run
    0, 3, 2, 1, so the table cannot seat them by counting up."""
    sizes = [0] * 4
    for p, h in enumerate(s.hands):
        sizes[numbers[p]] = h.bit_count()
    return {"clockwise_by_seat": list(numbers),      # the places are clockwise from the dealer
            "trick_by_seat": [[numbers[p], Card(c)] for p, c in s.trick],
            "last_trick_by_seat": shown_last_trick(s.last_trick, s.trick, numbers.__getitem__),
            "hand_sizes_by_seat": sizes,
            "seen_hand_at": None if seen_place is None else numbers[seen_place]}


# seat_view's fields: the web table's, not the terminal's
SEAT_VIEW_FIELDS = ("trick_by_seat", "last_trick_by_seat", "hand_sizes_by_seat", "clockwise_by_seat",
                    "seen_hand_at")


def android_web_layout(show: dict, **more) -> dict:
    """The web table of a game of humans and androids (core/presentation.py):
    a trick table whose hands 2 and 3 are the androids, seated clockwise by
    ``clockwise_by_seat`` (seat numbers do not count up around this table),
    drawn from seat_view's fields; ``show`` adds the game's own fields after
    the shared ones, ``more`` the layout's other keys (a score sheet...)."""
    return {"table": "trick",
            # each human partners an android, seated across the table
            "extra_hands": {"2": "android 0", "3": "android 1"},
            "clockwise": "clockwise_by_seat",
            "show": {"hand": "hand", "hand_sizes_by_seat": "backs", "trick_by_seat": "trick",
                     "last_trick_by_seat": "last_trick",
                     "android_hand": {"role": "open_hand", "label": "their android's hand",
                                      "seat_key": "seen_hand_at"},
                     "dealer": "tag", **show},
            **more}


def android_render_hints(hide: list, table: list, **more) -> dict:
    """The terminal's hints shared by the games of humans and androids:
    seat_view's fields hidden (they are the web table's) beside the game's
    own ``hide``, seat_view's numbers kept to one table, and for a
    duplicate match the side of each place and of a trick's taker."""
    return {"hide": [*SEAT_VIEW_FIELDS, "place_sides", "voids", "deal_no", *hide], "table": table,
            # the web table's numbers of one table (an android at hand 2 + h)
            "one_table": list(SEAT_VIEW_FIELDS),
            "labels": {"android_hand": "their android's hand"},
            "team_fields": ["side", "place_sides"], **more}


def table_zones(s) -> dict:
    """Every card's place (for the conservation check): the four hands, the
    trick and each side's won cards."""
    zones = {f"hand{p}": s.hands[p] for p in range(4)}
    zones["trick"] = mask_of(c for _, c in s.trick)
    zones["won0"], zones["won1"] = s.won
    return zones


def hidden_hand_zones(s, known: dict, hand_sizes, deck: Deck, side_of, shown):
    """What a sampled world deals again: the cards neither in the trick, in
    the last trick ``shown`` by the view nor in a ``known`` hand (place:
    mask); how many each other place holds and each side's face-down won
    cards (zones ``won0``, ``won1``: four a trick, less the shown last
    trick's); per place the cards it may hold (none of a suit it has shown
    void in).  Returns (cards, counts, allowed) for
    ``cards.deal.sample_hands``; ``s.won`` gets the shown last trick's cards,
    to which the caller adds the sampled ``won`` zones.  ``side_of[place]``:
    the side of a place."""
    last = last_trick_cards(shown)
    used = last | mask_of(c for _, c in s.trick)
    s.won = [0, 0]
    if last:
        s.won[side_of[s.last_trick[1]]] = last
    for mask in known.values():
        used |= mask
    counts, allowed = {}, {}
    for side in (0, 1):
        counts[f"won{side}"] = 4 * s.tricks[side] - s.won[side].bit_count()
    for p in range(4):
        if p not in known:
            counts[p] = hand_sizes[p]
            void = 0
            for suit in range(4):
                if s.voids[p] >> suit & 1:
                    void |= deck.suit_mask[suit]
            allowed[p] = deck.all_mask & ~void
    return deck.all_mask & ~used, counts, allowed


def _lead_suit(plays, deck: Deck):
    return deck.suit_of[plays[0][1]] if plays else None


def whist_command(command: str, hand: int, plays: list, deck: Deck, strength,
                  trump: int | None) -> int | None:
    """The card an Android Whist android plays for ``command``, or ``None``
    for an Error Message (000 3.5).

    ``plays`` is the trick so far as (place, card) pairs.  The caller decides
    which commands may be given now (3.5.1 while following, 3.5.2 when
    leading or after an Error Message); this function only carries one out.
    """
    if hand == 0:
        return None
    high = command.startswith("high ")
    word = command[5:] if high else command
    pick = highest if high else lowest
    if word in FOLLOW_COMMANDS and command == word:
        if not plays:
            return None
        lead = _lead_suit(plays, deck)
        same = hand & deck.suit_mask[lead]
        if word == "duck":
            return lowest(same) if same else None
        # Beat / High: among the cards the android may play (follow suit),
        # those that beat the card now winning; trumps outrank other suits.
        allowed = same if same else hand
        best = plays[winning_index(plays, deck, strength, trump)][1]
        beat = beating_mask(allowed, best, deck, strength, trump)
        if beat:
            return _by_strength(beat, deck, strength, trump, high=(word == "high"))
        return lowest(same) if same else None
    if word in SUIT_NAMES[:4]:
        cards = hand & deck.suit_mask[SUIT_NAMES.index(word)]
        return pick(cards) if cards else None
    if word == "shortest":
        lengths = {s: (hand & deck.suit_mask[s]).bit_count() for s in range(4)
                   if s != trump and hand & deck.suit_mask[s]}
        suit = _unique_extreme(lengths, min)
        return None if suit is None else pick(hand & deck.suit_mask[suit])
    if word == "longest":
        lengths = {s: (hand & deck.suit_mask[s]).bit_count() for s in range(4)
                   if hand & deck.suit_mask[s]}
        suit = _unique_extreme(lengths, max)
        return None if suit is None else pick(hand & deck.suit_mask[suit])
    raise ValueError(f"unknown android command {command!r}")


def _unique_extreme(lengths: dict, fn):
    if not lengths:
        return None
    target = fn(lengths.values())
    suits = [s for s, n in lengths.items() if n == target]
    return suits[0] if len(suits) == 1 else None


def _by_strength(cards: int, deck: Deck, strength, trump, high: bool) -> int:
    """Lowest (or highest) of ``cards`` with trumps above every other suit."""
    def key(c):
        return (1 if deck.suit_of[c] == trump else 0, strength[c])
    m, out = cards, []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return (max if high else min)(out, key=key)


def range_command(hand: int, lead_suit: int | None, suit: int, low_rank: int,
                  high_rank: int, prefer_high: bool, deck: Deck) -> int | None:
    """The card a Bridge Meets Guess Who android plays for "SUIT LOW-HIGH
    lowest|highest", or ``None`` for an Error Message (000 4.2.2).

    Errors: no card of ``suit`` with a rank in ``low_rank..high_rank``, or the
    android holds the lead suit and ``suit`` is another one.
    """
    if lead_suit is not None and suit != lead_suit and hand & deck.suit_mask[lead_suit]:
        return None
    fit = 0
    m = hand & deck.suit_mask[suit]
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if low_rank <= deck.rank_of[c] <= high_rank:
            fit |= low
    if not fit:
        return None
    return highest(fit) if prefer_high else lowest(fit)
