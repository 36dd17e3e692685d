"""The Canasta family's shared turn engine (cards/meld_game.py) on its own.

The games' own tests play these pieces through each game's rules; these pin
the shared behaviour every game of the family relies on.
"""

from __future__ import annotations

import pelit
from pelit.cards.meld_game import deal_rounds
from pelit.cards.scoresheet import ScoreSheet


def test_deal_rounds_deals_one_card_at_a_time_from_the_first_seat():
    pack = list(range(12))
    hands, pos = deal_rounds(pack, 0, 1, 4, 3)
    assert pos == 12
    # seat 1 gets cards 0, 4, 8; seat 0 (the last in the round) 3, 7, 11
    assert hands[1] == (1 << 0) | (1 << 4) | (1 << 8)
    assert hands[0] == (1 << 3) | (1 << 7) | (1 << 11)
    assert hands[2] | hands[3] | hands[0] | hands[1] == (1 << 12) - 1


def _state_with_totals(game, totals, deals=0, target=5000):
    s = game.new_state(seed=1, deals=deals, target=target)
    s.sheet = ScoreSheet(2)
    s.sheet.add("deal 1", totals)
    s.deal_no = 1
    return s


def test_match_goes_on_while_the_highest_totals_at_the_target_are_equal():
    game = pelit.load("canasta")
    assert not game._match_over(_state_with_totals(game, (5000, 5000)))
    assert game._match_over(_state_with_totals(game, (5010, 5000)))
    assert not game._match_over(_state_with_totals(game, (4990, 100)))


def test_fixed_number_of_deals_ends_the_match_even_on_equal_totals_as_a_draw():
    game = pelit.load("canasta")
    s = _state_with_totals(game, (300, 300), deals=1)
    assert game._match_over(s)
    game._finish_match(s)
    assert s.outcome.winners == () and "a draw" in s.outcome.reason
    s = _state_with_totals(game, (300, 500), deals=1)
    game._finish_match(s)
    assert s.outcome.winners == (1, 3) and s.outcome.scores == (300, 500, 300, 500)


def test_one_discard_per_face_the_lowest_copy_stands_for_it():
    game = pelit.load("canasta")
    deck = game.deck
    hand = 0
    copies = [c for c in range(deck.size) if deck.text_of[c] == "7S"]
    assert len(copies) == 2
    for c in copies:
        hand |= 1 << c
    other = next(c for c in range(deck.size) if deck.text_of[c] == "KH")
    hand |= 1 << other
    acts = game._discard_actions(hand)
    assert [a - game.A_DISCARD for a in acts] == sorted([min(copies), other])
