"""The table both android games keep (``cards.android``): gathering a
trick, zones, the hands a sampled world deals again, and the
terminal's seating lines."""

from __future__ import annotations

from types import SimpleNamespace

from pelit.cards.android import (gather_trick, hidden_hand_zones, seating_lines, table_zones,
                                 won_view)
from pelit.cards.trick import last_trick_from_view
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


def test_hidden_hand_zones_deal_the_face_down_won_cards_again_and_respect_voids():
    """Ch. 2: won tricks lie face down, so a sampled world deals their cards
    again, four a trick to each side's won pile, less the last trick the view
    still shows (it goes to its winner's side)."""
    deck = standard_deck("52")
    s, _ = _android_table([0, 0, 0, 0])
    s.tricks = [2, 1]
    shown_plays = tuple((p, deck.parse(c)) for p, c in ((0, "AS"), (1, "KS"), (2, "QS"), (3, "JS")))
    s.last_trick = (shown_plays, 1)
    shown = {"cards": [[p, c] for p, c in shown_plays], "won_by": 1}
    s.trick = [(3, deck.parse("TS"))]
    s.voids[2] = 1 << HEARTS
    known = {0: deck.suit_mask[CLUBS]}
    last = mask_of(c for _, c in shown_plays)
    unseen, counts, allowed = hidden_hand_zones(s, known, [13, 13, 12, 12], deck,
                                                [0, 1, 0, 1], shown)
    assert unseen == deck.all_mask & ~(last | 1 << deck.parse("TS") | known[0])
    assert counts == {"won0": 8, "won1": 0, 1: 13, 2: 12, 3: 12}
    assert s.won == [0, last]
    assert allowed == {1: deck.all_mask, 2: deck.all_mask & ~deck.suit_mask[HEARTS],
                       3: deck.all_mask}


def test_seating_lines_tell_a_human_which_android_is_his():
    view = {"deal_no": 2, "seat": 1, "places": ["human 1", "android 0", "android 1", "human 0"]}
    lines = seating_lines(view)
    assert lines[0] == "Deal 3"
    assert lines[1].startswith("You are human 1: you command android 1")
    assert seating_lines({**view, "seat": None}) == ["Deal 3"]
    assert seating_lines({**view, "places": ["seat 0", "seat 1", "seat 2", "seat 3"]}) == ["Deal 3"]


def test_won_view_shows_counts_and_the_last_trick_until_the_next_card():
    """Ch. 2 (cards.trick.won_tricks_view): counts per side; the last trick
    by place labels while the table is clear, hidden once a card is led."""
    deck = standard_deck("52")
    labels = ["human 0", "android 1", "android 0", "human 1"]
    last = (tuple((p, deck.parse(c)) for p, c in ((2, "4H"), (3, "KH"), (0, "2S"), (1, "9H"))), 0)
    s, _ = _android_table([0, 0, 0, 0])
    s.tricks, s.last_trick = [1, 0], last
    shown = won_view(s, labels)
    assert shown == {"tricks_won": [1, 0], "last_trick": {
        "cards": [["android 0", deck.parse("4H")], ["human 1", deck.parse("KH")],
                  ["human 0", deck.parse("2S")], ["android 1", deck.parse("9H")]],
        "won_by": "human 0"}}
    assert last_trick_from_view(shown["last_trick"],
                                {label: i for i, label in enumerate(labels)}) == last
    s.trick = [(0, deck.parse("3C"))]
    assert won_view(s, labels) == {"tricks_won": [1, 0], "last_trick": None}
    assert last_trick_from_view(None, {}) is None
