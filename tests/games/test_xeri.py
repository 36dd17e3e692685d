"""Xeri by seed 001 "Xeri": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction
from pelit.games.xeri import DECK, score_hand
from pelit.cards.deck import mask_of

G = pelit.load("xeri")


def stacked(top: str) -> str:
    """A pack whose first cards are ``top`` (dealing order), the rest in id order."""
    first = DECK.parse_many(top)
    rest = [c for c in range(52) if c not in first]
    return DECK.texts(first + rest)


# Deal order (Setup; decisions in the module docstring): one card at a time,
# non-dealer (seat 0 in hand 1) first, then the four pile cards, last on top.
HANDS = "2H 3H 4H 5H 6H 7H 8H 9H TH QH KH AH"    # seat 0: 2H 4H 6H 8H TH KH
PILE4 = "2D 3D 4D 5S"


def test_setup_deals_six_each_and_a_four_card_pile():
    s = G.new_state(seed=1, decks=[stacked(HANDS + " " + PILE4)])
    v = s.view(0)
    assert DECK.texts(v["hand"]) == "2H 4H 6H 8H TH KH"
    assert DECK.text(v["pile_top"]) == "5S" and v["pile_size"] == 4
    assert v["stock"] == 36 and s.to_act == (0,)      # Game play: the non-dealer goes first


@pytest.mark.parametrize("pile", ["2D 3D 4D JS", "2D 3D 5D 5S"])
def test_setup_pile_redealt_on_jack_or_pair_on_top(pile):
    s = G.new_state(seed=3, decks=[stacked(HANDS + " " + pile)])
    kinds = [e.kind for e in s.events]
    assert "pile_redealt" in kinds
    top = s.view(0)["pile_top"]
    assert DECK.rank_of[top] != 11
    assert s.view(0)["pile_size"] == 4 and s.view(0)["stock"] == 36


def test_match_captures_the_pile_and_jack_captures_anything():
    # seat 0 holds 5H? no: give seat 0 a five to match the 5S on top
    s = G.new_state(seed=1, decks=[stacked("5H 2H JC 3H 4C 4H 6C 6H 7C 7H 8C 8H " + PILE4)])
    s.play("5H")                                   # Game play: same rank captures
    assert s.won[0].bit_count() == 5 and s.pile == []
    s.play("2H")                                   # seat 1 starts a new pile
    s.play("JC")                                   # Jacks: capture whatever is on top
    assert s.won[0].bit_count() == 7
    caps = [e for e in s.events if e.kind == "capture"]
    assert [e.public["xeri"] for e in caps] == [False, False]   # a jack on a lone 2 is no xeri


def test_xeri_only_from_a_one_card_pile_and_jack_on_lone_jack():
    s = G.new_state(seed=1, decks=[stacked("5H 9S 9C JH 4C JD 6C 6H 7C 7H 8C 8H " + PILE4)])
    s.play("5H")          # seat 0 captures
    s.play("9S")          # seat 1 leads a lone nine
    s.play("9C")          # seat 0 takes it xeri (Capturing xeri)
    assert s.xeris[0] == 1 << DECK.parse("9S")
    s.play("JH")          # seat 1 lays a jack on the empty pile: captures nothing
    assert s.pile == [DECK.parse("JH")]
    s.play("4C")          # seat 0 lays
    s.play("JD")          # seat 1: jack on a lone 4C - a capture, not a xeri
    assert s.xeris[1] == 0
    s2 = G.new_state(seed=1, decks=[stacked("5H 9S 9C JH JC 4H 6C 6H 7C 7H 8C 8H " + PILE4)])
    for t in ("5H", "9S", "9C", "JH", "JC"):
        s2.play(t)        # a jack on a lone jack is a xeri
    assert s2.xeris[0] == (1 << DECK.parse("9S")) | (1 << DECK.parse("JH"))


def test_playing_a_card_not_in_hand_is_refused_and_changes_nothing():
    s = G.new_state(seed=1, decks=[stacked(HANDS + " " + PILE4)])
    before = (s.hands.copy(), s.pile.copy(), len(s.history))
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("3H")      # seat 1's card
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("3H", seat=1)
    assert (s.hands, s.pile, len(s.history)) == before


def test_replenishing_and_last_capturer_takes_the_rest():
    s = G.new_state(seed=7)
    while s.hand_no == 0:
        v = s.view(s.to_act[0])
        if not v["hand"] and v["stock"]:
            raise AssertionError("a player to act with an empty hand")
        s.apply(v["legal"][0])
    lines = [e for e in s.events if e.kind == "hand_scored"][0].public
    won = lines["won"]
    assert (int(won[0]) | int(won[1])) == DECK.all_mask     # every card ends in a won pile
    assert "last_cards" in [e.kind for e in s.events]


def test_scoring_lines_row_by_row():
    # Scoring: 10 a xeri, 3 for more cards, 1 for each A K Q J 10, +1 TD, +1 2C
    won0 = mask_of(DECK.parse_many("TD 2C AS KS 3H 4H 5H"))
    won1 = mask_of(DECK.parse_many("QS JS 9S"))
    xeris = [mask_of(DECK.parse_many("3H")), 0]
    a, b = score_hand([won0, won1], xeris)
    assert a == {"xeri": 10, "most cards": 3, "honours": 3, "ten of diamonds": 1,
                 "two of clubs": 1, "total": 18}
    assert b == {"xeri": 0, "most cards": 0, "honours": 2, "ten of diamonds": 0,
                 "two of clubs": 0, "total": 2}
    tie = score_hand([mask_of(DECK.parse_many("3H 4H")), mask_of(DECK.parse_many("5H 6H"))], [0, 0])
    assert tie[0]["most cards"] == tie[1]["most cards"] == 0


def test_match_of_chosen_number_of_hands_won_by_more_hands():
    s = G.new_state(seed=11, hands=3)
    while s.outcome is None:
        s.apply(s.legal_actions()[0])
    a, b = s.outcome.scores
    assert a + b <= 3 and len([e for e in s.events if e.kind == "hand_scored"]) == 3
    if a != b:
        assert s.outcome.winners == ((0,) if a > b else (1,))
    else:
        assert s.outcome.winners == ()


def test_won_piles_are_not_in_the_view():
    s = G.new_state(seed=1, decks=[stacked("5H 2H JC 3H 4C 4H 6C 6H 7C 7H 8C 8H " + PILE4)])
    s.play("5H")
    v = s.view(1)
    assert v["won_counts"] == [5, 0] and "won" not in v


def test_redealt_pile_cards_are_known_to_be_in_the_stock():
    """Setup: the pile goes back into the stock in everyone's sight, so every
    view knows those cards are in the stock (not in a hand)."""
    s = G.new_state(seed=3, decks=[stacked(HANDS + " 2D 3D 4D JS")])
    shown = DECK.parse_many("2D 3D 4D JS")
    known = int(s.view(0)["shown_in_stock"])
    for c in shown:
        assert (known >> c) & 1 or c in s.pile
