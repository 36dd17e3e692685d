"""``cards.trick.note_void`` and ``lay_card``: a card goes to the trick and a
card off the suit led shows a void (Android Whist, Bridge Meets Guess Who,
Screw the Misère, Lorum)."""

from __future__ import annotations

from types import SimpleNamespace

from pelit.cards.deck import HEARTS, SPADES, mask_of, standard_deck
from pelit.cards.trick import lay_card, note_void


def _table(hands):
    return SimpleNamespace(hands=list(hands), trick=[], voids=[0, 0, 0, 0])


def test_lay_card_takes_the_card_from_the_hand_and_notes_a_void_in_the_suit_led():
    deck = standard_deck("52")
    s = _table([mask_of(deck.parse_many(h)) for h in ("AS KS", "2H 3S", "4D", "5C")])
    lay_card(s, 0, deck.parse("AS"), deck)
    lay_card(s, 1, deck.parse("2H"), deck)
    assert s.trick == [(0, deck.parse("AS")), (1, deck.parse("2H"))]
    assert s.hands[0] == mask_of([deck.parse("KS")]) and s.hands[1] == mask_of([deck.parse("3S")])
    assert s.voids == [0, 1 << SPADES, 0, 0]      # the leader never shows a void


def test_note_void_marks_only_a_card_off_the_suit_led():
    deck = standard_deck("52")
    voids = [0, 0, 0, 0]
    note_void(voids, 0, [], deck.parse("2H"), deck)
    trick = [(0, deck.parse("2H"))]
    note_void(voids, 1, trick, deck.parse("AH"), deck)
    assert voids == [0, 0, 0, 0]
    note_void(voids, 2, trick, deck.parse("3S"), deck)
    assert voids == [0, 0, 1 << HEARTS, 0]
