"""Chinese Ten by seed 004 "Chinese Ten": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.chinese_ten import DECK, card_points, pairs_with
from pelit.sim.runner import play_match

G = pelit.load("chinese-ten")


def pack_for(hands: list[str], layout: str, stock_top: str = "", n: int = 2) -> str:
    """Deal one at a time from seat 0 (24 // n each, ``hands`` first), then
    the four layout cards, then the stock (``stock_top`` turned first)."""
    size = 24 // n
    named = [DECK.parse_many(h) for h in hands] + [[] for _ in range(n - len(hands))]
    fixed = set(DECK.parse_many(layout + " " + stock_top)) | {c for h in named for c in h}
    # fillers: black low cards that pair with nothing named in the tests
    rest = [c for c in range(52) if c not in fixed]
    full = []
    for p in range(n):
        need = size - len(named[p])
        full.append(named[p] + rest[:need])
        rest = rest[need:]
    pack = [full[i % n][i // n] for i in range(24)]
    pack += DECK.parse_many(layout) + DECK.parse_many(stock_top)
    pack += [c for c in range(52) if c not in pack]
    return DECK.texts(pack)


def cards(text):
    return mask_of(DECK.parse_many(text))


def new(hands, layout, stock_top="", n=2):
    return G.new_state(seed=1, players=n, decks=[pack_for(hands, layout, stock_top, n)])


def test_setup_24_cards_shared_and_four_turned():
    # Setup: 24 / players cards each, four turned up from the stock
    for n, size in ((2, 12), (3, 8), (4, 6)):
        s = G.new_state(seed=1, players=n)
        assert [h.bit_count() for h in s.hands] == [size] * n
        assert s.table.bit_count() + sum(w.bit_count() for w in s.won) == 4
        assert len(s.stock) == 24
    s = new(["3H"], "7S 4D 8C 2H")
    assert s.table == cards("7S 4D 8C 2H") and s.to_act == (0,)


def test_pairs_adding_to_ten_tens_and_faces_by_rank():
    # Game play: a pair adding to ten; tens and face cards by matching rank
    assert pairs_with(DECK.parse("3H"), DECK.parse("7S"))
    assert pairs_with(DECK.parse("AH"), DECK.parse("9S"))     # ace counts one
    assert pairs_with(DECK.parse("5H"), DECK.parse("5S"))
    assert pairs_with(DECK.parse("TH"), DECK.parse("TS"))
    assert pairs_with(DECK.parse("QH"), DECK.parse("QC"))
    assert not pairs_with(DECK.parse("QH"), DECK.parse("KC"))
    assert not pairs_with(DECK.parse("TH"), DECK.parse("KC"))
    assert not pairs_with(DECK.parse("4H"), DECK.parse("4S"))


def test_hand_card_captures_then_stock_card_is_turned():
    # Game play: play a card (capturing), then turn the stock card (capturing or laid)
    s = new(["3H"], "7S 4D 8C 2H", stock_top="6S 9D")
    s.play("3H")
    assert s.won[0] == cards("3H 7S 6S 4D")                 # then the stock 6S took the 4D
    assert s.table == cards("8C 2H") and s.to_act == (1,)


def test_stock_card_that_takes_nothing_stays_on_the_table():
    s = new(["3H"], "7S 4D 8C 2H", stock_top="KD")
    s.play("3H")
    assert s.table == cards("8C 2H 4D KD")


def test_choice_between_two_table_cards():
    # Game play (decision): compulsory capture; the player chooses which card is taken
    s = new(["3H"], "7S 7D 8C 2H", stock_top="KD")
    s.play("3H")
    assert {G.action_text(a) for a in s.legal_actions()} == {"take 7S", "take 7D"}
    s.play("take 7D")
    assert s.won[0] == cards("3H 7D")
    assert s.table & cards("KD") and s.to_act == (1,)


def test_three_of_a_kind_in_the_layout_goes_to_the_fourth():
    # Special rules: the fourth card of a tripled five, ten or face card takes all three
    s = new(["QH"], "QS QD QC 2H", stock_top="KD")
    s.play("QH")
    assert s.won[0] == cards("QH QS QD QC")
    t = new(["3C"], "5S 5D 5C 9H", stock_top="5H")
    t.play("3C")                                      # nothing; then the stock 5H ...
    assert t.won[0] == cards("5H 5S 5D 5C")           # ... takes the three fives


def test_layout_of_only_fives_tens_and_faces_goes_to_the_dealer():
    # Special rules: the dealer captures such a layout before the first turn
    s = new(["3H"], "5S TD KC JH")
    assert s.won[1] == cards("5S TD KC JH") and s.table == 0


def test_point_table_by_number_of_players():
    # Scoring: the table row by row
    rows = [("AC", (0, 0, 40)), ("AS", (0, 30, 30)), ("KS", (0, 0, 0)), ("2C", (0, 0, 0)),
            ("AH", (20, 20, 20)), ("KD", (10, 10, 10)), ("TH", (10, 10, 10)),
            ("9D", (10, 10, 10)), ("8H", (8, 8, 8)), ("2D", (2, 2, 2))]
    for text, points in rows:
        assert tuple(card_points(DECK.parse(text), n) for n in (2, 3, 4)) == points, text


def test_whole_deal_ends_with_hands_and_stock_together_highest_wins():
    # Scoring: the game ends when the last hand card and the last stock card are played
    for n in (2, 3, 4):
        s = play_match(G, ["heuristic"], seed=n, players=n)
        assert s.stock == [] and not any(s.hands)
        best = max(s.outcome.scores)
        assert s.outcome.winners == tuple(p for p in range(n) if s.outcome.scores[p] == best)


def test_bad_input_is_refused_and_changes_nothing():
    s = new(["3H"], "7S 7D 8C 2H")
    n = len(s.history)
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("8C")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("3H", seat=1)
    with pytest.raises(ParseError):
        s.play("steal 7S")
    s.play("3H")
    with pytest.raises(IllegalAction, match="must take"):
        s.play("take 8C")
    assert len(s.history) == n + 1
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=5)
