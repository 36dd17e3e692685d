"""The offer protocol (core.offers): accept, decline, counters that give ground."""

from __future__ import annotations

import random

import pytest

from pelit.core.actions import ActionSpace
from pelit.core.offers import ACCEPTED, COUNTERED, DECLINED, Offer, OfferActions

BUYER, SELLER = 1, 2


def space():
    a = ActionSpace()
    a.verb("pass")
    return a, OfferActions(a, 20)


def prices(actions, legal):
    return [a - actions.counter + 1 for a in legal if actions.counter <= a < actions.counter + 20]


def test_an_ask_is_answered_by_the_buyer_who_counters_below_it():
    _, oa = space()
    offer = Offer(BUYER, SELLER, "card", 8, SELLER)
    assert offer.to_answer == BUYER
    legal = oa.legal(offer, cap=10)
    assert oa.accept in legal and oa.decline in legal
    assert prices(oa, legal) == list(range(1, 8))           # below the ask


def test_counters_close_in_from_both_sides_until_a_deal():
    _, oa = space()
    offer = Offer(BUYER, SELLER, "card", 8, SELLER)
    assert oa.apply(offer, oa.counter + 3 - 1) == COUNTERED      # buyer bids 3
    assert offer.to_answer == SELLER and (offer.bid, offer.ask) == (3, 8)
    assert prices(oa, oa.legal(offer, cap=10)) == [4, 5, 6, 7]   # above 3, below 8
    oa.apply(offer, oa.counter + 6 - 1)                           # seller asks 6
    assert prices(oa, oa.legal(offer, cap=10)) == [4, 5]          # above 3, below 6
    oa.apply(offer, oa.counter + 5 - 1)                           # buyer bids 5
    assert prices(oa, oa.legal(offer, cap=10)) == []              # nothing between 5 and 6
    assert oa.apply(offer, oa.accept) == ACCEPTED and offer.price == 5
    assert offer.history == [(SELLER, 8), (BUYER, 3), (SELLER, 6), (BUYER, 5)]


def test_a_buyer_cannot_accept_or_be_asked_more_than_he_has():
    _, oa = space()
    offer = Offer(BUYER, SELLER, "card", 9, SELLER)
    legal = oa.legal(offer, cap=4)
    assert oa.accept not in legal and prices(oa, legal) == [1, 2, 3, 4]
    bid = Offer(BUYER, SELLER, "card", 2, BUYER)
    assert prices(oa, oa.legal(bid, cap=4)) == [3, 4]              # the seller asks within his purse


def test_decline_ends_the_talk():
    _, oa = space()
    offer = Offer(BUYER, SELLER, "card", 2, BUYER)
    assert oa.apply(offer, oa.decline) == DECLINED


def test_why_not_names_the_rule():
    _, oa = space()
    offer = Offer(BUYER, SELLER, "card", 8, SELLER)
    assert oa.why_not(offer, SELLER, oa.accept, 10) == f"seat {BUYER} answers the price on the table"
    assert "between 1 and 7" in oa.why_not(offer, BUYER, oa.counter + 9 - 1, 10)
    assert oa.why_not(None, BUYER, oa.decline, 10) == "there is no offer on the table to answer"
    assert oa.why_not(offer, BUYER, 0, 10) is None                   # not an answer at all


def test_random_haggling_always_ends():
    _, oa = space()
    rng = random.Random(3)
    for _ in range(500):
        offer = Offer(BUYER, SELLER, "card", rng.randint(1, 20), rng.choice((BUYER, SELLER)))
        for _ in range(40):
            choice = rng.choice([a for a in oa.legal(offer, 20) if a != oa.decline]
                                or [oa.decline])
            if oa.apply(offer, choice) != COUNTERED:
                break
        else:
            pytest.fail("haggling did not end")


def test_clone_and_json_round_trip():
    _, oa = space()
    offer = Offer(BUYER, SELLER, "card", 8, SELLER)
    offer.counter(3)
    copy = offer.clone()
    copy.counter(6)
    assert offer.history == [(SELLER, 8), (BUYER, 3)]
    back = Offer.from_json(copy.to_json(), "card")
    assert back.to_json() == copy.to_json() and (back.bid, back.ask) == (3, 6)
