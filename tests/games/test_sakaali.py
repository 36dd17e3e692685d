"""Sakaali by seed 000 ch. 26: scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import CardSet
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.sakaali import (DECK, VALUE, answer_of, read_row, score_deal,
                                 signalled_value, team_lines)
from pelit.sim.runner import play_match

G = pelit.load("sakaali")


def cards(text: str) -> list[int]:
    return DECK.parse_many(text)


def mask(text: str) -> int:
    return sum(1 << c for c in cards(text))


def pack(*hands: str, first: int = 0) -> str:
    """Thirteen cards for seats 0..3 dealt one at a time from the dealer's
    left, seat ``first`` (seat 0 in the first deal, seat 3 dealing)."""
    held = [cards(h) for h in hands]
    return " ".join(DECK.text(held[(first + i) % 4][i // 4]) for i in range(52))


def deal_of(rows, kept, first: int = 0):
    """A pack whose hands are each seat's eight laid cards (in the order laid)
    and the five it keeps; and the rows to lay."""
    hands = [f"{rows[p]} {kept[p]}" for p in range(4)]
    return pack(*hands, first=first), [rows[p].split() for p in range(4)]


def lay(state, rows):
    """Every seat lays its row, in turn from whoever is to act (26.3)."""
    laid = [0, 0, 0, 0]
    for _ in range(32):
        seat = state.to_act[0]
        state.play(rows[seat][laid[seat]], seat)
        laid[seat] += 1


# The 32 cards left when team 0 keeps A A A 2 2 / 2 3 3 3 3 (three aces, three
# twos, four threes: all in sets) and team 1 keeps K K K Q Q / Q J J J J.
ROWS = ["4S 4H 4D 4C 5S 5H 5D 5C", "6S 6H 6D 6C 7S 7H 7D 7C",
        "8S 8H 8D 8C 9S 9H 9D 9C", "TS TH TD TC AC 2C KC QC"]
TIE_KEPT = ["AS AH AD 2S 2H", "KS KH KD QS QH", "2D 3S 3H 3D 3C", "QD JS JH JD JC"]
TIE = deal_of(ROWS, TIE_KEPT)
TIE_SECOND = deal_of(ROWS, TIE_KEPT, first=1)          # seat 0 deals the second deal
# team 0 all in sets (0 minus), team 1 with two pairs and two sets (50 minus):
# team 0 wins 50 + 20 + 30 = 100 (26.4)
HUNDRED = deal_of(
    ["4S 4H 4D 4C 5S 5H 5D 5C", "6S 6H 6D 6C 7S 7H 7D 7C",
     "8S 8H 8D 8C 9S 9H TC TD", "TS TH AC 2C QC KC JD JC"],
    ["AS AH AD 2S 2H", "KS KH KD QS QH", "2D 3S 3H 3D 3C", "QD JS JH 9D 9C"])
# team 0: 7777 8888 99 (one pair: 25); team 1: 4444 55 66 A K (two pairs and
# two singles: 25 + 25 + 21 + 33 = 104): team 0 wins 79 + 20 = 99
NINETY_NINE_ROWS = ["2S 2H 2D 2C 3S 3H 3D 3C", "TS TH TD TC JS JH JD JC",
                    "QS QH QD QC KH KD KC AH", "AD AC 5D 5C 6D 6C 9D 9C"]
NINETY_NINE_KEPT = ["7S 7H 7D 7C 8S", "4S 4H 4D 4C 5S", "8H 8D 8C 9S 9H", "5H 6S 6H AS KS"]
NINETY_NINE = deal_of(NINETY_NINE_ROWS, NINETY_NINE_KEPT)
NINETY_NINE_SECOND = deal_of(NINETY_NINE_ROWS, NINETY_NINE_KEPT, first=1)


# -- 26.2 setup and 26.3 the game ---------------------------------------------

def test_26_2_thirteen_cards_each_seat_3_deals_and_seat_0_lays_first():
    s = G.new_state(seed=1, decks=[TIE[0]])
    assert s.dealer == 3 and s.to_act == (0,)
    assert s.hands[0] == mask(f"{ROWS[0]} AS AH AD 2S 2H")
    assert all(h.bit_count() == 13 for h in s.hands)


def test_26_2_the_deal_passes_to_the_left():
    s = G.new_state(seed=1, decks=[TIE[0]])
    lay(s, TIE[1])
    assert s.dealer == 0 and s.deal_no == 1 and s.to_act == (1,)


def test_26_3_cards_are_laid_in_turn_into_public_rows_and_hands_stay_hidden():
    s = G.new_state(seed=1, decks=[TIE[0]])
    for text in ("4S", "6S", "8S", "TS", "4H"):
        s.play(text)
    v = G.view(s, 1)
    assert [[DECK.text(c) for c in row] for row in v["rows"]] == [["4S", "4H"], ["6S"], ["8S"], ["TS"]]
    assert v["hand_sizes"] == [11, 12, 12, 12] and s.to_act == (1,)
    assert int(v["hand"]) == s.hands[1] and "hands" not in v
    # the others' hands never reach seat 1, not even in its events
    shown = 0
    for e in G.events_for(s, 1):
        for value in e.values():
            if isinstance(value, CardSet):
                shown |= int(value)
    assert shown & (s.hands[0] | s.hands[2] | s.hands[3]) == 0


def test_26_3_eight_cards_each_then_the_deal_is_scored():
    s = G.new_state(seed=1, decks=[TIE[0]])
    lay(s, TIE[1])
    scored = [e for e in G.events_for(s, 0) if e["kind"] == "deal_scored"]
    assert len(scored) == 1
    # the hands are put together and shown to everyone (decision, 26.4)
    assert [int(h) for h in scored[0]["hands"]] == [
        mask("AS AH AD 2S 2H"), mask("KS KH KD QS QH"), mask("2D 3S 3H 3D 3C"),
        mask("QD JS JH JD JC")]


def test_26_3_a_card_not_in_hand_or_out_of_turn_is_refused_and_changes_nothing():
    s = G.new_state(seed=1, decks=[TIE[0]])
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("KS")
    with pytest.raises(IllegalAction, match="waiting for seat 0"):
        G.apply(s, DECK.parse("6S"), 1)
    with pytest.raises(ParseError):
        G.parse_action(s, "lay a card", 0)
    assert s.rows == [[], [], [], []] and s.history == []


# -- 26.4 scoring ------------------------------------------------------------

@pytest.mark.parametrize("ten, sets, pairs, singles, minus", [
    ("AS AH AD AC 2S 2H 2D 3S 3H 3D", [1, 2, 3], [], [], 0),          # four and threes: nothing
    ("AS AH 2S 2H 2D 3S 3H 3D 4S 4H", [2, 3], [1, 4], [], 50),        # a pair is 25
    ("AS 2S 2H 2D 3S 3H 3D 4S 4H 4D", [2, 3, 4], [], [1], 21),        # an ace single: 1 + 20
    ("KS 2S 2H 2D 3S 3H 3D 4S 4H 4D", [2, 3, 4], [], [13], 33),       # a king single: 13 + 20
    ("AS AH 2S 2H 2D KS QS QH QD QC", [2, 12], [1], [13], 58),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", [], [], list(range(1, 11)), 255),
])
def test_26_4_minus_card_points_row_by_row(ten, sets, pairs, singles, minus):
    assert team_lines(mask(ten)) == {"sets": sets, "pairs": pairs, "singles": singles,
                                     "minus": minus}


def test_26_4_fewer_minus_points_win_the_difference_plus_20():
    r = score_deal([mask("AS AH 2S 2H 2D 3S 3H 3D 4S 4H"), mask("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")], 0)
    assert r["winning_team"] == 0 and r["points"] == [255 - 50 + 20, 0] and not r["all_sets"]
    r = score_deal([mask("AS 2S 3S 4S 5S 6S 7S 8S 9S TS"), mask("AS AH 2S 2H 2D 3S 3H 3D 4S 4H")], 0)
    assert r["winning_team"] == 1 and r["points"] == [0, 225]


def test_26_4_all_ten_in_sets_adds_30():
    r = score_deal([mask("AS AH AD AC 2S 2H 2D 3S 3H 3D"), mask("AS AH 2S 2H 2D 3S 3H 3D 4S 4H")], 0)
    assert r["all_sets"] and r["points"] == [50 + 20 + 30, 0]


def test_26_4_a_tie_scores_nothing_and_carries_the_20():
    r = score_deal([mask("AS AH AD AC 2S 2H 2D 3S 3H 3D"), mask("KS KH KD QS QH QD JS JH JD JC")], 0)
    assert r["winning_team"] is None and r["points"] == [0, 0] and r["carry"] == 20
    # a second tie carries 40, and the next winner gets 60 in all (26.4: "and so on")
    assert score_deal([mask("AS AH AD AC 2S 2H 2D 3S 3H 3D"),
                       mask("KS KH KD QS QH QD JS JH JD JC")], 20)["carry"] == 40
    r = score_deal([mask("AS AH 2S 2H 2D 3S 3H 3D 4S 4H"), mask("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")], 40)
    assert r["bonus"] == 60 and r["points"][0] == 205 + 60 and r["carry"] == 0


def test_26_4_the_carried_bonus_goes_to_the_next_deals_winner():
    s = G.new_state(seed=1, decks=[TIE[0], NINETY_NINE_SECOND[0]])
    lay(s, TIE[1])
    assert s.scores == [0, 0] and s.carried == 20
    assert G.view(s, 2)["carried"] == 20
    lay(s, NINETY_NINE_SECOND[1])
    assert s.scores == [79 + 40, 0] and s.carried == 0     # over 100: the game is won
    assert s.outcome.winners == (0, 2)


def test_26_4_all_sets_bonus_does_not_carry():
    r = score_deal([mask("AS AH AD AC 2S 2H 2D 3S 3H 3D"), mask("KS KH KD QS QH QD JS JH JD JC")], 0)
    assert r["carry"] == 20          # only the winning bonus moves on, never the 30


def test_26_4_exactly_100_game_points_wins_the_game():
    s = G.new_state(seed=1, decks=[HUNDRED[0]])
    lay(s, HUNDRED[1])
    assert s.outcome is not None and s.outcome.scores == (100, 0, 100, 0)
    assert s.outcome.winners == (0, 2) and "100 of 100" in s.outcome.reason


def test_26_4_99_game_points_do_not_end_the_game():
    s = G.new_state(seed=1, decks=[NINETY_NINE[0]])
    lay(s, NINETY_NINE[1])
    assert s.outcome is None and s.scores == [99, 0]
    assert s.deal_no == 1 and s.hands[1].bit_count() == 13 and s.to_act == (1,)


def test_26_4_best_of_three_plays_games_until_one_side_has_won_two():
    s = play_match(G, ["heuristic"], 5, preset="best-of-three", target=1)
    won = [e for e in s.events if e.kind == "game_won"]
    assert 2 <= len(won) <= 3
    assert max(s.outcome.scores) == 2 and s.outcome.scores in ((2, 0, 2, 0), (2, 1, 2, 1),
                                                                (0, 2, 0, 2), (1, 2, 1, 2))
    assert len(s.outcome.details["game_points"]) == len(won)


def test_26_4_best_of_three_starts_each_game_from_nothing():
    s = G.new_state(seed=1, preset="best-of-three", decks=[HUNDRED[0]])
    lay(s, HUNDRED[1])
    assert s.outcome is None and s.games_won == [1, 0] and s.scores == [0, 0]
    assert G.view(s, 0)["games_won"] == [1, 0]
    assert G.view(s, 0)["game_points"] == [[100, 0]]


def test_decision_fixed_deals_rank_by_game_points_and_a_tie_is_a_draw():
    s = G.new_state(seed=1, deals=2, decks=[TIE[0], TIE_SECOND[0]])
    lay(s, TIE[1])
    lay(s, TIE_SECOND[1])
    assert s.outcome.winners == () and s.outcome.scores == (0, 0, 0, 0)
    assert "a draw" in s.outcome.reason and s.carried == 40     # it lapses with the match


def test_decision_fixed_deals_end_after_that_many_even_past_100():
    s = G.new_state(seed=1, deals=2, decks=[HUNDRED[0], TIE_SECOND[0]])
    lay(s, HUNDRED[1])
    assert s.outcome is None and s.scores == [100, 0]
    lay(s, TIE_SECOND[1])
    assert s.outcome.winners == (0, 2) and s.outcome.details == {"deals": 2}


# -- 26.5 and 26.6 the signals -------------------------------------------------

@pytest.mark.parametrize("row, place, said", [
    ("8S", 0, 7),              # card 1: a pair or three one below
    ("8S 8H", 1, 9),           # card 2: one above
    ("8S 8H 8D", 2, 7),        # card 3: one below
    ("AS", 0, None),           # nothing below an ace (decision)
    ("8S KS", 1, None),        # nothing above a king (decision)
    ("8S 8H 2D", 2, 1),        # a two as card 3 says aces
    ("8S 8H 8D 8C", 3, None),  # card 4 is no pair signal
])
def test_26_6_pair_signals(row, place, said):
    assert signalled_value(cards(row), place) == said


def test_26_6_answers_low_has_high_has_not():
    partner = cards("8S QH AD")          # sevens, kings, nothing
    rows = [cards("2S 3S 4S 7H 9H 5C"), [], partner, []]
    assert answer_of(rows, 0, 3) == (7, True)      # a seven is low: "I hold one"
    rows[0] = cards("2S 3S 4S 8H 9H 5C")
    assert answer_of(rows, 0, 3) == (7, False)     # an eight is high: "I hold none"
    assert answer_of(rows, 0, 4) == (13, False)
    assert answer_of(rows, 0, 5) is None           # the partner's ace said nothing
    assert read_row(rows, 0) == ["1: two+ aces", "2: two+ fours", "3: two+ threes",
                                 "4: no seven", "5: no king"]


def test_26_5_the_system_is_public_in_the_rules_and_on_the_table():
    assert "Cards 4, 5 and 6 answer" in G.info.summary
    s = G.new_state(seed=1, decks=[TIE[0]])
    s.play("4S")
    v = G.view(s, 3)                                  # an opponent reads it too
    assert v["signals"][0] == "1: two+ threes"
    assert G.view(s, 1)["your_next_card"].startswith("card 1: says you hold two or three")


# -- the bot (26.6) ---------------------------------------------------------------

def test_26_6_bot_signals_its_pair_with_a_spare_card_one_above():
    # seat 0 holds a pair of fives and the six of hearts, which it does not need
    s = G.new_state(seed=1, decks=[pack("5S 5H 6H KS QD JC 9D 2C 4S 7D 8H TC 3S",
                                        "AS AH AD AC 2S 2H 2D 3H 3D 3C 4H 4D 4C",
                                        "5D 5C 6S 6D 6C 7S 7H 7C 8S 8D 8C 9S 9H",
                                        "9C TS TH TD JS JH JD QS QH QC KH KD KC")])
    bot = make_bot("heuristic", G, 0, 1)
    card = bot.choose(G.view(s, 0))
    assert DECK.text(card) == "6H" and signalled_value([card], 0) == 5


def test_26_6_bot_answers_low_when_it_holds_the_rank_its_partner_showed():
    s = G.new_state(seed=1, decks=[pack("7S 2S 3S 4S KS QS JS TS 9S 8S 6S 5S AS",
                                        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                                        "8D AD 2D 3D 4D 5D 6D 7D 9D TD JD QD KD",
                                        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")])
    script = {0: ["KS", "QS", "JS"], 1: ["AH", "2H", "3H"], 2: ["8D", "AD", "2D"],
              3: ["AC", "2C", "3C"]}
    for _ in range(12):
        seat = s.to_act[0]
        s.play(script[seat].pop(0), seat)
    # partner's 8D said "two+ sevens"; seat 0 holds the seven of spades
    card = make_bot("heuristic", G, 0, 1).choose(G.view(s, 0))
    assert VALUE[card] <= 7 and DECK.text(card) != "7S"      # low, and it keeps the seven


def test_26_6_bot_team_beats_random_play():
    wins = 0
    for seed in range(6):
        s = play_match(G, ["heuristic", "random", "heuristic", "random"], seed)
        wins += s.outcome.winners == (0, 2)
    assert wins == 6


def test_scoring_line_names_the_teams_by_their_seats():
    s = G.new_state(seed=1, decks=[HUNDRED[0]])
    lay(s, HUNDRED[1])
    e = next(e for e in G.events_for(s, 1) if e["kind"] == "deal_scored")
    text = G.describe_event(e)
    assert "seats 0 and 2 win 100 game points (the difference + 20 + 30 all in sets)" in text
    assert "seats 1 and 3:" in text and "pairs 9 J: minus 50" in text
