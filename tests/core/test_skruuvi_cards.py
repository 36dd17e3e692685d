"""The Skruuvi family's shared pieces (cards/skruuvi.py), seed 000 ch. 12-16."""

from __future__ import annotations

from pelit.cards.deck import standard_deck
from pelit.cards.skruuvi import (BASIC_ORDER, KOTKA_ORDER, MISERE, NOTRUMP, SPADE, BidLadder,
                                 Knocking, ace_points, bid_code, bid_name, contract_knocking,
                                 moved, revealed, round_knocking, top_run,
                                 trick_and_ace_points)

DECK = standard_deck("52")


def mask(text):
    return sum(1 << c for c in DECK.parse_many(text))


def test_bid_ladders_rank_the_types_of_basic_deals_and_kotkas():
    basic, kotka = BidLadder(BASIC_ORDER), BidLadder(KOTKA_ORDER, 6)
    assert basic.codes[:2] == (bid_code(1, MISERE), bid_code(1, SPADE))        # 12.2
    assert basic.index[bid_code(2, MISERE)] > basic.index[bid_code(1, NOTRUMP)]
    assert kotka.index[bid_code(6, MISERE)] == kotka.index[bid_code(6, 4)] + 1  # 12.10
    assert kotka.codes[kotka.min_index] == bid_code(6, SPADE)
    assert bid_name(bid_code(7, NOTRUMP)) == "7 no trump"


def test_contract_knocking_left_then_right_opponent_and_the_kontra():
    k = contract_knocking(0, (0, 1, 2, 3))
    assert (k.stage, k.who()) == ("knock", 1)
    assert k.answer(False) == "pass" and k.who() == 3
    assert k.answer(True) == "knock" and (k.stage, k.who()) == ("kontra", 0)
    copy = k.clone()
    assert k.answer(True) == "kontra" and k.stage == "done" and k.factor() == 4
    assert copy.stage == "kontra" and copy.factor() == 2


def test_round_knocking_stops_at_the_first_knock_and_nobody_knocking_is_factor_one():
    k = round_knocking(2, (0, 1, 2, 3))
    assert [k.who(), k.answer(False), k.who()] == [2, "pass", 3]
    for _ in range(3):
        k.answer(False)
    assert k.stage == "done" and k.factor() == 1


def test_independent_knocks_each_opponent_for_himself():
    k = Knocking((3, 1, 2), {p: (0,) for p in (1, 2, 3)}, independent=True)
    for yes in (True, False, True):
        k.answer(yes)
    assert k.who() == 0 and k.answer(False) == "pass"
    assert [k.factor(p) for p in (1, 2, 3)] == [1, 2, 2]


def test_ace_points_count_the_trick_number():
    tricks = [(0, 1)] + [(1, 0)] * 11 + [(1, 2)]
    assert ace_points(tricks) == [1, 26]
    assert trick_and_ace_points(tricks) == [2, 38]


def test_who_knows_where_a_card_is_after_it_changes_hands():
    known = [0] * 20
    revealed(known, mask("2S 2H"), 0)                  # turned up into seat 0's hand
    assert known[1 * 4 + 0] == mask("2S 2H") and known[16 + 0] == mask("2S 2H")
    moved(known, DECK.parse("2S"), 0, 2)               # seat 0 gives 2S to seat 2
    assert known[2 * 4 + 0] == mask("2H")              # the receiver still knows 2H is there
    assert known[0 * 4 + 2] == mask("2S")              # the giver knows where 2S went
    assert known[1 * 4 + 0] == 0 and known[16 + 0] == 0   # the others lose track


def test_top_run_counts_from_the_ace_down():
    hand = mask("AS KS QS TS AH 2C")
    assert [top_run(hand, s, DECK) for s in range(4)] == [3, 1, 0, 0]
