"""Helpers for the Skruuvi family's scripted deals (tests/games/test_skruuvi.py,
test_klubiskruuvi.py, test_historical_skruuvi.py, test_vint.py)."""

from __future__ import annotations

from pelit.cards.deck import standard_deck
from pelit.cards.trick import rank_strength

DECK = standard_deck("52")
STRENGTH = rank_strength(DECK)

# a hand of one suit each, ace down to three, the twos on the table
SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"
HEARTS = SPADES.replace("S", "H")
DIAMONDS = SPADES.replace("S", "D")
CLUBS = SPADES.replace("S", "C")
ONE_SUIT_EACH = (SPADES, HEARTS, DIAMONDS, CLUBS)
TWOS = "2S 2H 2D 2C"


def pack(hands, table: str = "", dealer: int = 3, ring=(0, 1, 2, 3)) -> str:
    """A stacked pack that deals ``hands[seat]`` (card text) to each seat,
    one card at a time clockwise from the dealer's left (``ring`` is the
    seats in clockwise order), with ``table`` as the last cards."""
    cards = {p: DECK.parse_many(h) for p, h in enumerate(hands)}
    start = ring.index(dealer) + 1
    order = [ring[(start + k) % 4] for k in range(4)]
    n = len(cards[0])
    assert all(len(c) == n for c in cards.values())
    out = [cards[order[i % 4]][i // 4] for i in range(4 * n)] + DECK.parse_many(table)
    assert sorted(out) == list(range(52)), "a pack holds every card once"
    return " ".join(DECK.text(c) for c in out)


def kotka_pack(hands, dealer: int = 3, ring=(0, 1, 2, 3)) -> str:
    """Thirteen cards each (a kotka, 12.10)."""
    return pack(hands, "", dealer, ring)


def play(s, *texts):
    for t in texts:
        s.play(t)


def play_out(s, high_seats=(), trump=None):
    """Play the rest of the deal: the seats in ``high_seats`` play their
    strongest legal card (a trump first), the others their weakest."""
    game = s.game
    deals = len(s.results)
    while s.outcome is None and len(s.results) == deals and s.phase.name == "PLAY":
        seat = s.to_act[0]
        legal = game.legal_actions(s, seat)

        def key(c):
            return (DECK.suit_of[c] == trump, STRENGTH[c])
        s.apply(max(legal, key=key) if seat in high_seats else min(legal, key=key), seat)


def kinds(s, since=0):
    return [e.kind for e in s.events[since:]]


def last_event(s, kind, seat=None, by="any"):
    """The last event of ``kind`` (made by the seat ``by``) as ``seat`` sees
    it (None: a spectator)."""
    for i in range(len(s.events) - 1, -1, -1):
        if s.events[i].kind == kind and by in ("any", s.events[i].seat):
            return s.events[i].for_seat(seat)
    raise AssertionError(f"no {kind} event")
