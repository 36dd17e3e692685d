"""The shared contract auction (cards/auction.py)."""

from pelit.cards.auction import DOUBLE, PASS, REDOUBLE, Auction


def test_three_passes_after_a_bid_end_it():
    a = Auction(4, first=0)
    a.call(0, 3)
    assert DOUBLE in a.legal(10) and REDOUBLE not in a.legal(10)
    a.call(1, DOUBLE)
    assert REDOUBLE in a.legal(10) and DOUBLE not in a.legal(10)   # seat 2: partner of the bidder
    a.call(2, PASS)
    a.call(3, PASS)
    assert not a.done
    a.call(0, PASS)
    assert a.done and a.high == 3 and a.high_seat == 0 and a.doubled == 1


def test_four_passes_without_a_bid():
    a = Auction(4, first=2)
    for s in (2, 3, 0, 1):
        assert min(x for x in a.legal(5) if x >= 0) == 0
        a.call(s, PASS)
    assert a.done and a.high is None


def test_bids_must_rise_and_a_new_bid_clears_the_double():
    a = Auction(4, first=0)
    a.call(0, 2)
    a.call(1, DOUBLE)
    a.call(2, 4)
    assert a.doubled == 0 and min(x for x in a.legal(10) if x >= 0) == 5
    clone = a.clone()
    clone.call(3, PASS)
    assert len(a.calls) == 3
