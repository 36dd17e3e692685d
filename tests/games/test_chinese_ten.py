"""Chinese Ten by seed 004 "Chinese Ten": scripted deals citing their sections."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction
from pelit.games.chinese_ten import DECK, card_points, score

G = pelit.load("chinese-ten")


def pack(hands: list[str], layout: str, stock_top: str = "") -> str:
    """A stacked pack: hands dealt one card at a time from seat 0 (left of the
    dealer, the last seat), then the layout, then the stock top first."""
    n = len(hands)
    per = [h.split() for h in hands]
    order = [per[p][i] for i in range(len(per[0])) for p in range(n)]
    order += layout.split() + stock_top.split()
    first = DECK.parse_many(" ".join(order))
    rest = [c for c in range(52) if c not in first]
    return DECK.texts(first + rest)


def cards(text):
    return mask_of(DECK.parse_many(text))


H4 = ["3H 2S 4S 6S 8S 9S", "2C 3C 4C 6C 8C 9C", "2D 3D 4D 6D 8D 9D", "KS KC KD KH QS QC"]


def test_setup_hand_sizes_by_players():
    for n, size in ((2, 12), (3, 8), (4, 6)):
        s = G.new_state(seed=1, players=n)
        assert [h.bit_count() for h in s.hands] == [size] * n
        assert s.layout.bit_count() + sum(s.won).bit_count() == 4 and len(s.stock) == 24
        assert s.to_act == (0,)          # Game play: left of the dealer goes first


def test_play_captures_a_pair_making_ten_then_the_turned_card_captures():
    s = G.new_state(seed=1, decks=[pack(H4, "7H 5S TS JD", "8H")])
    s.play("3H")                          # 3 + 7 = 10
    # the turned 8H pairs only with a 2: none in the layout, so it stays
    assert s.layout == cards("5S TS JD 8H") and s.won[0] == cards("3H 7H")
    assert s.to_act == (1,)


def test_tens_and_face_cards_only_by_matching():
    s = G.new_state(seed=1, decks=[pack(H4, "7H 5S TS JD", "TH")])
    s.play("3H")
    # the turned TH takes the TS (matching), never the 7+3 arithmetic
    assert s.won[0] == cards("3H 7H TH TS")


def test_a_choice_of_targets_is_the_players():
    s = G.new_state(seed=1, decks=[pack(H4, "7H 7S 5S TS", "AC")])
    s.play("3H")
    assert s.phase.name == "TAKE" and sorted(G.action_text(a) for a in s.legal_actions()) == ["take 7H", "take 7S"]
    with pytest.raises(IllegalAction, match="choose which layout card"):
        s.play("2S")
    s.play("take 7H")
    assert s.won[0] == cards("3H 7H") and s.layout & cards("7S")


def test_dealt_triple_is_taken_whole_by_the_fourth():
    hands = ["3H 2S 4S 6S 8S 9S", "2C 3C 4C 6C 8C 9C", "2D 3D 4D 6D 8D 9D", "KH QS QC JS JC QD"]
    s = G.new_state(seed=1, decks=[pack(hands, "KS KC KD 7H", "AC")])
    s.play("3H")                          # seat 0 takes 7H; the turned AC stays
    while s.to_act != (3,):
        s.apply(s.legal_actions()[0])
    s.play("KH")                          # the fourth king takes all three
    assert s.won[3] & cards("KS KC KD KH") == cards("KS KC KD KH")


def test_all_high_layout_goes_to_the_dealer():
    s = G.new_state(seed=1, decks=[pack(H4, "5S TC JD QH")])
    assert s.won[3] == cards("5S TC JD QH") and s.layout == 0


@pytest.mark.parametrize("players,ace_clubs,ace_spades", [(2, 0, 0), (3, 0, 30), (4, 40, 30)])
def test_scoring_table_by_number_of_players(players, ace_clubs, ace_spades):
    assert card_points(DECK.parse("AC"), players) == ace_clubs
    assert card_points(DECK.parse("AS"), players) == ace_spades
    assert card_points(DECK.parse("AH"), players) == 20
    for t in ("KD", "QH", "JD", "TH", "9D"):
        assert card_points(DECK.parse(t), players) == 10
    for t, v in (("8H", 8), ("2D", 2), ("5H", 5)):
        assert card_points(DECK.parse(t), players) == v
    assert card_points(DECK.parse("KS"), players) == 0 and card_points(DECK.parse("2C"), players) == 0


def test_all_red_points_add_to_210():
    assert score(DECK.suit_mask[1] | DECK.suit_mask[2], 4) == 210
    assert score(DECK.all_mask, 4) == 280


def test_whole_deal_ends_with_an_empty_layout_and_every_card_won():
    """Scoring: the last turned card takes the last layout card."""
    for seed in range(10):
        for n in (2, 3, 4):
            s = G.new_state(seed=seed, players=n)
            if s.events[-1].kind != "layout" and any(e.kind == "dealer_takes_layout" for e in s.events):
                continue
            while s.outcome is None:
                s.apply(s.legal_actions()[-1])
            scored = [e for e in s.events if e.kind == "deal_scored"][0].public
            won = 0
            for w in scored["won"]:
                won |= int(w)
            assert won == DECK.all_mask and s.layout == 0
            assert max(s.outcome.scores) == s.outcome.scores[s.outcome.winners[0]]


def test_after_the_dealer_takes_the_layout_odd_cards_are_left_for_nobody():
    """Decision (Scoring): the dealer's four-card capture leaves one card of
    each odd-numbered 5/10/face rank uncapturable; it scores for nobody."""
    s = G.new_state(seed=12, players=2)
    assert any(e.kind == "dealer_takes_layout" for e in s.events)
    while s.outcome is None:
        s.apply(s.legal_actions()[-1])
    scored = [e for e in s.events if e.kind == "deal_scored"][0].public
    won = 0
    for w in scored["won"]:
        won |= int(w)
    assert DECK.texts(DECK.all_mask & ~won) == DECK.texts(s.layout) == "5S KS TH JH"
    assert s.outcome.scores == tuple(score(int(w), 2) for w in scored["won"])
