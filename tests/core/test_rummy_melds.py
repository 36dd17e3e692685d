"""The rummy meld machinery (cards/rummy.py): reading melds, growing them,
exchanging and lifting cards, the hand's starting melds, and the action text."""

from __future__ import annotations

import pytest

from pelit.cards.deck import standard_deck
from pelit.cards.rummy import (FACE_TEXT, RUN, SET, MeldRules, RummyActions, apply_lift,
                               cards_for_faces, layoff_moves, meld_records, melds_from_records,
                               one_per_face, put_meld)
from pelit.core.errors import ParseError

D = standard_deck("2x54")
JOKERS = D.joker_mask
R = MeldRules(D, ace_low=True, ace_high=True, wild_limit="half")


def cards(text):
    return D.parse_many(text)


def mask(text):
    m = 0
    for c in cards(text):
        m |= 1 << c
    return m


def faces(t):
    return " ".join(FACE_TEXT[f] for f in t)


def test_sets_need_different_suits():
    assert R.read(cards("7S 7H 7D"), JOKERS).kind == SET
    assert R.read(cards("7S 7S 7H"), JOKERS) is None           # two of the same card
    assert R.read(cards("7S 7H 7D 7C"), JOKERS) is not None
    assert R.read(cards("7S 7H 7D 7C JK"), JOKERS) is None     # at most four


def test_runs_with_the_ace_at_either_end_but_not_round_the_corner():
    assert R.read(cards("AH 2H 3H"), JOKERS).low == 1
    assert R.read(cards("QH KH AH"), JOKERS).low == 12
    assert R.read(cards("KH AH 2H"), JOKERS) is None
    low_only = MeldRules(D, ace_low=True, ace_high=False, wild_limit="none")
    assert low_only.read(cards("QH KH AH"), 0) is None


def test_a_joker_stands_where_it_is_laid():
    m = R.read(cards("JK 6H 7H"), JOKERS)
    assert (m.kind, m.low) == (RUN, 5)
    m = R.read(cards("6H 7H JK"), JOKERS)
    assert m.low == 6 and R.place_of(m, 2) == (8, 1)


def test_never_more_than_half_jokers():
    assert R.read(cards("JK JK 7H"), JOKERS) is None
    assert R.read(cards("JK 6H JK 8H"), JOKERS) is not None      # two of four
    natural = MeldRules(D, wild_limit="natural")
    assert natural.read(cards("JK JK 7H"), JOKERS) is not None
    assert natural.read(cards("JK JK JK"), JOKERS) is None


def test_the_short_rank_waives_the_minimum():
    sevens = MeldRules(standard_deck("52"), ace_high=False, short_rank=7, wild_limit="none")
    d = standard_deck("52")
    assert sevens.read(d.parse_many("7H"), 0) is not None
    assert sevens.read(d.parse_many("6H 7H"), 0) is not None
    assert sevens.read(d.parse_many("8H 9H"), 0) is None


def test_extend_at_the_right_end_and_jokers_at_a_chosen_end():
    m = R.read(cards("5H 6H 7H"), JOKERS)
    assert R.extend(m, cards("8H")[0], 0, JOKERS).high == 8
    assert R.extend(m, cards("4H")[0], 0, JOKERS).low == 4
    assert R.extend(m, cards("9H")[0], 0, JOKERS) is None
    low = R.extend(m, cards("JK")[0], 1, JOKERS)
    assert low.low == 4 and low.cards[0] == cards("JK")[0]


def test_exchange_a_joker_for_the_card_it_stands_for():
    m = R.read(cards("5H JK 7H"), JOKERS)
    new, freed = R.exchange(m, cards("6H")[0], JOKERS)
    assert freed == cards("JK")[0] and R.wild_count(new) == 0
    assert R.exchange(m, cards("8H")[0], JOKERS) is None
    s = R.read(cards("7S 7H JK"), JOKERS)
    assert R.exchange(s, cards("7D")[0], JOKERS) is not None     # any missing suit
    assert R.exchange(s, cards("7S 7S")[1], JOKERS) is None      # a second 7S


def test_lifting_from_the_middle_of_a_run_splits_it():
    table = [R.read(cards("3C 4C 5C 6C 7C"), JOKERS)]
    card = apply_lift(R, table, R.face[cards("5C")[0]], None, 1)
    assert D.text(card) == "5C"
    assert [D.texts(list(m.cards)) for m in table] == ["3C 4C", "6C 7C"]


def test_starters_list_every_three_card_meld_once():
    got = {faces(t) for t in R.starters(mask("5H 6H 7H JK 7S 7D"), JOKERS)}
    assert "5H 6H 7H" in got and "7S 7H 7D" in got and "JK 6H 7H" in got
    assert "7S 7D JK" in got
    assert not any(t.count("JK") > 1 for t in got)


def test_layoff_moves_and_records_round_trip():
    table = []
    put_meld(table, R.read(cards("5H 6H 7H"), JOKERS))
    moves = layoff_moves(R, table, mask("8H JK 2C"), JOKERS)
    assert (R.face[cards("8H")[0]], 1, 0) in moves
    assert (52, 1, 1) in moves and (52, 1, 2) in moves
    again = melds_from_records(R, meld_records(R, table))
    assert again[0].cards == table[0].cards and again[0].low == 5


def test_copies_and_one_per_face():
    two = mask("7H 7H")
    assert len(one_per_face(R, two)) == 1
    second = cards("7H 7H")[1]
    picked = cards_for_faces(R, [R.face[second]], two, first=1 << second)
    assert picked == [second]


def test_action_text_round_trips():
    a = RummyActions(D)
    a.cards()
    meld = a.faces("meld", 3)
    take = a.faces("take", 3, numbers=range(1, 109), word="into")
    lay = a.onto("layoff", 60)
    lift = a.lift("lift", 60)
    for text in ("meld JK 6H 7H", "take 4 into 8S 9S TS", "layoff 8H to 3",
                 "layoff JK to 3 low", "lift JK=7H from 12", "lift 7H from 2"):
        ids = a.parse(text)
        assert a.text(ids[0]) == text
    assert a.parse("meld 10h jh qh") == a.parse("meld TH JH QH")
    assert meld < take < lay < lift
    with pytest.raises(ParseError):
        a.parse("layoff 8H onto three")
    with pytest.raises(ParseError):
        a.parse("meld 8H 9H TH JH")                               # four: one at a time
