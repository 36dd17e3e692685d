"""The table both android games keep (``cards.android``): gathering a
trick, zones, the hands a sampled world deals again, and the
terminal's seating lines."""

from __future__ import annotations

from types import SimpleNamespace

from pelit.cards.android import (gather_trick, hidden_hand_zones, last_trick_from_view,
                                 last_trick_view, seating_lines, table_zones)
from pelit.cards.deck import CLUBS, HEARTS, mask_of, standard_deck


def _android_table(hands):
    logged = []
    s = SimpleNamespace(hands=list(hands), trick=[], voids=[0, 0, 0, 0], tricks=[0, 0],
                        won=[0, 0], last_trick=None,
                        log=lambda kind, seat, **data: logged.append((kind, seat, data)))
    return s, logged


def test_gather_trick_gives_the_cards_to_the_winning_side_and_clears_the_table():
    deck = standard_deck("52")
    played = [(p, deck.parse(c)) for p, c in enumerate(("2S", "AS", "3S", "4S"))]
    s, logged = _android_table([0, 0, 0, 0])
    s.trick = list(played)
    gather_trick(s, 1, 1, "android 0")
    assert s.tricks == [0, 1] and s.won == [0, mask_of(c for _, c in played)]
    assert s.trick == [] and s.last_trick == (tuple(played), 1)
    assert logged == [("trick", None, {"won_by": "android 0", "side": 1, "tricks": [0, 1]})]
    assert table_zones(s) == {"hand0": 0, "hand1": 0, "hand2": 0, "hand3": 0, "trick": 0,
                              "won0": 0, "won1": s.won[1]}


def test_hidden_hand_zones_keep_known_won_and_trick_cards_and_respect_voids():
    deck = standard_deck("52")
    s, _ = _android_table([0, 0, 0, 0])
    s.won = [mask_of(deck.parse_many("AS KS QS JS")), 0]
    s.trick = [(3, deck.parse("TS"))]
    s.voids[2] = 1 << HEARTS
    known = {0: deck.suit_mask[CLUBS]}
    unseen, counts, allowed = hidden_hand_zones(s, known, [13, 13, 12, 12], deck)
    assert unseen == deck.all_mask & ~(s.won[0] | 1 << deck.parse("TS") | known[0])
    assert counts == {1: 13, 2: 12, 3: 12}
    assert allowed == {1: deck.all_mask, 2: deck.all_mask & ~deck.suit_mask[HEARTS],
                       3: deck.all_mask}


def test_seating_lines_tell_a_human_which_android_is_his():
    view = {"deal_no": 2, "seat": 1, "places": ["human 1", "android 0", "android 1", "human 0"]}
    lines = seating_lines(view)
    assert lines[0] == "Deal 3"
    assert lines[1].startswith("You are human 1: you command android 1")
    assert seating_lines({**view, "seat": None}) == ["Deal 3"]
    assert seating_lines({**view, "places": ["seat 0", "seat 1", "seat 2", "seat 3"]}) == ["Deal 3"]


def test_last_trick_reads_back_from_its_view():
    deck = standard_deck("52")
    labels = ["human 0", "android 1", "android 0", "human 1"]
    last = (tuple((p, deck.parse(c)) for p, c in ((2, "4H"), (3, "KH"), (0, "2S"), (1, "9H"))), 0)
    shown = last_trick_view(last, labels)
    assert shown == {"cards": [["android 0", deck.parse("4H")], ["human 1", deck.parse("KH")],
                               ["human 0", deck.parse("2S")], ["android 1", deck.parse("9H")]],
                     "won_by": "human 0"}
    assert last_trick_from_view(shown, {label: i for i, label in enumerate(labels)}) == last
    assert last_trick_view(None, labels) is None and last_trick_from_view(None, {}) is None
