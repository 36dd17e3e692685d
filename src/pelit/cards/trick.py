"""Tricks and the rules of following (Korppi ch. 2 and its variations).

Strength tables (one number per card id) are built once per game: normal
rank order, ace low, or any custom order.  Following is set algebra on the
hand bitmask; the winner is the highest trump, else the highest card of the
lead suit.

Won tricks lie face down (ch. 2): every trick game shows them through
``won_tricks_view`` (counts, and the last trick until the next card is
played); ``tests/test_leaks.py`` checks that no view shows more.
"""

from __future__ import annotations

from .deck import JOKER_SUIT, Card, Deck


def rank_strength(deck: Deck, ace_low: bool = False) -> tuple[int, ...]:
    """Strength of each card within its suit: the normal order, or ace lowest."""
    return tuple((1 if (ace_low and r == 14) else r) for r in deck.rank_of)


def order_strength(deck: Deck, order_low_to_high) -> tuple[int, ...]:
    """Strength from an explicit rank order, e.g. (6, 7, 8, 9, 11, 12, 13, 10, 14)."""
    place = {r: i for i, r in enumerate(order_low_to_high)}
    return tuple(place.get(r, -1) for r in deck.rank_of)


def follow_mask(hand: int, lead_suit: int | None, deck: Deck) -> int:
    """Cards a player may play: the lead suit if he holds it, else anything."""
    if lead_suit is None:
        return hand
    same = hand & deck.suit_mask[lead_suit]
    return same if same else hand


def note_void(voids: list[int], place: int, trick: list, card: int, deck: Deck) -> None:
    """``place`` plays ``card`` to ``trick`` ((place, card) pairs so far): a
    card off the suit led shows it void in that suit, a bit per suit in
    ``voids[place]``."""
    if trick:
        lead = deck.suit_of[trick[0][1]]
        if deck.suit_of[card] != lead:
            voids[place] |= 1 << lead


def lay_card(s, place: int, card: int, deck: Deck) -> None:
    """``place`` plays ``card`` from its hand to the trick, noting a void
    (``note_void``).  ``s`` keeps ``hands`` (a mask per place), ``trick``
    ((place, card) pairs) and ``voids``."""
    note_void(s.voids, place, s.trick, card, deck)
    s.hands[place] &= ~(1 << card)
    s.trick.append((place, card))


def beating_mask(cards: int, best: int, deck: Deck, strength, trump: int | None) -> int:
    """Those of ``cards`` that would beat the card ``best`` now winning the trick."""
    best_suit = deck.suit_of[best]
    best_strength = strength[best]
    out = 0
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s = deck.suit_of[c]
        if s == best_suit:
            if strength[c] > best_strength:
                out |= low
        elif trump is not None and s == trump:
            out |= low
    return out


def legal_follow(hand: int, plays: list, deck: Deck, strength, trump: int | None = None,
                 must_beat: bool = False, must_trump: bool = False) -> int:
    """Follow rules in one place.

    Follow suit when able; with ``must_trump`` a player void in the lead suit
    must play a trump if he has one; with ``must_beat`` he must beat the card
    now winning when he can among the cards he is obliged to play from.
    """
    if not plays:
        return hand
    lead_suit = deck.suit_of[plays[0][1]]
    allowed = hand & deck.suit_mask[lead_suit]
    if not allowed:
        allowed = hand
        if must_trump and trump is not None and hand & deck.suit_mask[trump]:
            allowed = hand & deck.suit_mask[trump]
    if must_beat:
        best = plays[winning_index(plays, deck, strength, trump)][1]
        beat = beating_mask(allowed, best, deck, strength, trump)
        if beat:
            allowed = beat
    return allowed


def winning_index(plays: list, deck: Deck, strength, trump: int | None = None) -> int:
    """Index in ``plays`` (a list of (seat, card)) of the card that wins."""
    suit_of = deck.suit_of
    best_i = 0
    best = plays[0][1]
    best_suit = suit_of[best]
    for i in range(1, len(plays)):
        c = plays[i][1]
        s = suit_of[c]
        if s == best_suit:
            if strength[c] > strength[best]:
                best_i, best = i, c
        elif s == trump and s != JOKER_SUIT:
            best_i, best, best_suit = i, c, s
    return best_i


def play_order(leader: int, n: int, sitting_out=(), last: int | None = None) -> tuple[int, ...]:
    """Seats in the order they play to a trick: clockwise from the leader
    (Korppi 1.4), without those sitting out, and with ``last`` moved to the
    end when a rule says that player always plays last."""
    order = [(leader + i) % n for i in range(n)]
    order = [s for s in order if s not in sitting_out]
    if last is not None and last in order:
        order.remove(last)
        order.append(last)
    return tuple(order)


def won_tricks_view(counts, last, trick, name=None) -> dict:
    """What every view shows of the tricks won in a deal: the one rule of
    ch. 2 for all trick games.  Won tricks lie face down before their
    takers, so only how many each took is shown (``tricks_won``); the last
    trick may still be looked at, as at a real table, until the next card
    is played (``last_trick``, else None).

    ``counts``: tricks won per taker (seat, side or place, as the game
    counts them); ``last``: the last trick as ``(plays, taker)``, plays being
    (who, card) pairs, or None (none yet this deal: reset it at a new deal);
    ``trick``: the trick being played now; ``name``: how the view names a
    place (default: as it is).  A game may add fields of its own to the
    shown last trick (the category of a Top Trumps trick).
    """
    return {"tricks_won": list(counts), "last_trick": shown_last_trick(last, trick, name)}


def shown_last_trick(last, trick, name=None) -> dict | None:
    """The ``last_trick`` of ``won_tricks_view`` alone, for a game that
    counts its won tricks (or cards) in a field of another name: the last
    trick ``(plays, taker)`` as ``{"cards": [[who, Card], ...], "won_by":
    who}`` while no card of the next trick is on the table, else None."""
    if last is None or trick:
        return None
    plays, taker = last
    if name is None:
        return {"cards": [[p, Card(c)] for p, c in plays], "won_by": taker}
    return {"cards": [[name(p), Card(c)] for p, c in plays],
            "won_by": None if taker is None else name(taker)}


def last_trick_from_view(shown, place_of=None):
    """``won_tricks_view``'s ``last_trick`` read back for a sampled world:
    ``(plays, taker)`` with places as ints (``place_of`` maps the view's
    names back), or None when the view shows no last trick."""
    if shown is None:
        return None
    back = (lambda p: p) if place_of is None else place_of.__getitem__
    taker = shown["won_by"]
    return (tuple((back(p), int(c)) for p, c in shown["cards"]),
            None if taker is None else back(taker))


def last_trick_cards(shown) -> int:
    """The mask of the cards of a shown ``last_trick`` (0 when none is shown)."""
    m = 0
    if shown is not None:
        for _, c in shown["cards"]:
            m |= 1 << int(c)
    return m
