"""Historical Skruuvi by seed 000 chapter 14 (differences from Modern
Skruuvi, chapter 12): scripted deals citing the section each rule comes from.

Seat 3 deals first and seat 0 bids first.  The usual deal gives each seat
one suit, ace down to three, and leaves the twos on the table; seat 0 bids
and, after eight passes, gives 2H 2D 2C 3S to seat 2, who gives 2H to seat
3, 2D to seat 0 and 2C to seat 1.  Seat 0 then holds AS down to 4S, 2S and
2D; seat 2 the diamonds from the ace to the three and 3S.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.skruuvi import CLUB, HEART, MISERE, NOTRUMP, SPADE, bid_code
from pelit.games.historical_skruuvi import contract_points, game_won, hand_points, main_book, \
    trick_gains
from pelit.sim.runner import play_match

from skruuvi_support import DECK, ONE_SUIT_EACH, TWOS, kinds, pack, play, play_out

G = pelit.load("historical-skruuvi")
DEAL = pack(ONE_SUIT_EACH, TWOS)


def new(*decks, **options):
    return G.new_state(seed=1, decks=list(decks), **options)


def hands(*texts):
    return [sum(1 << c for c in DECK.parse_many(t)) for t in texts]


def contract_by_seat_0(opening, *knocks):
    s = new(DEAL)
    play(s, opening, *["pass"] * 8)
    play(s, "give 2H", "give 2D", "give 2C", "give 3S", "give 2H", "give 2D", "give 2C")
    play(s, *["pass"] * 4)
    if s.phase.name == "GIVE":                     # the opponents' exchange (12.4)
        play(s, "give 3H", "give 3C")
    play(s, *knocks)
    return s


# -- 14.3 the contract of four ------------------------------------------------------------

def test_contracts_are_raised_to_four_not_five():
    s = contract_by_seat_0("bid 1s")
    assert s.contract == bid_code(4, SPADE)
    assert G.view(s, 1)["promise"] == "take at least 10 tricks"


def test_an_unknocked_four_is_not_played_but_scored_ten_tricks_to_three():
    s = contract_by_seat_0("bid 1s", "pass", "pass")
    r = s.results[-1]
    assert "not_played" in kinds(s) and r["played"] is False and r["tricks"] == [10, 3]
    # 14.4.1: 1000, no overtricks in a four; 14.4.2: value cards (AS twice, KS QS
    # JS TS, AD) 4 x 7 x 10, a run of eleven spades 200 x 9; 14.1: 10 x 4 and 3 x 4
    assert r["lines"] == [{"contract": 1000, "value cards": 280, "sequences": 1800,
                           "trick points": 40}, {"trick points": 12}]
    assert r["points"] == [3120, 12] and s.trick_points == [40, 12]
    assert s.phase.name == "BID" and s.deal_no == 1


def test_a_knocked_four_is_played_and_knocks_double_all_but_trick_points():
    s = contract_by_seat_0("bid 1s", "knock", "pass", "pass")
    assert s.phase.name == "PLAY"
    play_out(s, high_seats=(0, 2), trump=0)
    r = s.results[-1]
    assert r["played"] is True and r["tricks"] == [13, 0]
    assert r["lines"][0] == {"contract": 2000, "value cards": 560, "sequences": 3600,
                             "trick points": 52}


def test_an_unknocked_four_misere_is_played():
    s = contract_by_seat_0("bid 1m", "pass", "pass")
    assert s.contract == bid_code(4, MISERE) and s.phase.name == "PLAY"
    play_out(s)                                   # seat 1 wins all; the aces fall last
    r = s.results[-1]
    assert r["tricks"] == [0, 13]
    # 14.4.3: Modern's ace points (4 x 13) times 100; trick points for 13 avoided
    assert r["lines"] == [{"contract": 1000, "aces": 5200, "trick points": 52}, {}]


# -- 14.1 trick points, 14.2 games, 14.4.5 their worth ---------------------------------------

def test_five_made_with_overtricks_wins_a_game_at_60_trick_points():
    s = contract_by_seat_0("bid 5s", "pass", "pass")
    play_out(s, high_seats=(0, 2), trump=0)
    r = s.results[-1]
    assert r["lines"][0] == {"contract": 2000 + 2 * 200, "value cards": 350, "sequences": 1800,
                             "trick points": 65}
    assert r["game_won_by"] == 0 and s.games == [1, 0] and s.trick_points == [0, 0]
    assert r["points"][0] == 2400 + 350 + 1800 + 65 and s.totals[0] == r["points"][0] + 200


def test_trick_points_go_to_the_team_that_won_or_in_misere_avoided_the_trick():
    assert trick_gains(bid_code(5, SPADE), [0, 1, 1]) == [0, 1, 1]
    assert trick_gains(bid_code(5, MISERE), [0, 1, 1]) == [1, 0, 0]


@pytest.mark.parametrize("before,gains,per,target,won", [
    ([0, 0], [0] * 12 + [1], 5, 60, 0),           # twelve tricks at five reach 60
    ([0, 0], [0] * 11 + [1, 1], 5, 60, None),     # eleven do not: 55
    ([50, 55], [1, 0, 0, 1], 4, 60, 1),           # 59; 54, 58; then 63
    ([50, 55], [0, 0, 0, 1, 1], 4, 60, 0),        # both pass 60 in the deal; team 0 first
    ([50, 55], [1, 1, 0, 0, 0], 4, 60, 1),        # team 1 first
])
def test_a_game_goes_to_the_team_first_to_reach_the_points(before, gains, per, target, won):
    assert game_won(before, gains, per, target) == won


def test_two_games_end_the_rubber_then_kotkas_where_a_game_needs_the_points_in_one_deal():
    s = play_match(G, ["heuristic"], 2, game_points=30, kotkas=2)
    kinds_played = [r["deal_kind"] for r in s.results]
    rubber = kinds_played.index("kotka")
    assert kinds_played[rubber:] == ["kotka", "kotka"]
    won = [r["game_won_by"] for r in s.results[:rubber] if r["game_won_by"] is not None]
    assert won.count(won[-1]) == 2 and won.count(1 - won[-1]) <= 1
    for r in s.results[rubber:]:
        if r["game_won_by"] is not None:
            assert r["lines"][r["game_won_by"]]["trick points"] >= 30


@pytest.mark.parametrize("number,worth", [(1, 200), (2, 400), (3, 600)])
def test_games_are_worth_200_400_600(number, worth):
    assert G.game_value * number == worth


# -- 14.4.1 the scoring table ------------------------------------------------------------------

@pytest.mark.parametrize("code,taken,points", [
    (bid_code(7, SPADE), 13, [4500, 0]),
    (bid_code(6, SPADE), 12, [3000, 0]),
    (bid_code(6, SPADE), 13, [3200, 0]),          # one trick beyond: 200
    (bid_code(5, NOTRUMP), 11, [2000, 0]),
    (bid_code(5, NOTRUMP), 13, [2400, 0]),
    (bid_code(4, HEART), 10, [1000, 0]),
    (bid_code(4, HEART), 13, [1000, 0]),          # no overtricks in a four
    (bid_code(5, MISERE), 0, [2000 + 400, 0]),    # avoided two beyond the promise
    (bid_code(7, SPADE), 12, [-1700, 0]),
    (bid_code(7, SPADE), 10, [-3100, 0]),         # 1700 + 2 x 700
    (bid_code(6, CLUB), 11, [-1100, 0]),
    (bid_code(6, CLUB), 9, [-2300, 0]),
    (bid_code(5, CLUB), 10, [-500, 0]),
    (bid_code(5, CLUB), 8, [-1500, 0]),
    (bid_code(4, CLUB), 9, [-400, 0]),
    (bid_code(4, CLUB), 7, [-1200, 0]),
    (bid_code(4, MISERE), 4, [-400, 0]),          # ten avoided needed, nine avoided
])
def test_contract_scoring_row_by_row(code, taken, points):
    assert contract_points(code, taken) == points


# -- 14.4.2 cards in hand ---------------------------------------------------------------------

def team(p):
    return p % 2


def test_trump_value_cards_go_to_the_team_with_more_ace_of_trumps_twice():
    h = hands("AS KS 2H", "AH AD", "TS 3C", "AC")
    # team 0: AS (twice), KS, TS = 4; team 1: AH AD AC = 3
    assert hand_points(bid_code(5, SPADE), h, team, 0, [11, 2]) == [{"value cards": 200}, {}]
    # the declaring side took fewer tricks than the opponents: the score moves
    assert hand_points(bid_code(5, SPADE), h, team, 0, [6, 7]) == [{}, {"value cards": 200}]
    assert hand_points(bid_code(5, SPADE), h, team, 1, [6, 7]) == [{"value cards": 200}, {}]


def test_aces_in_one_hand_and_trump_sequences():
    h = hands("AS KS QS JS AH AD", "AC 2C", "", "")
    lines = hand_points(bid_code(6, SPADE), h, team, 0, [12, 1])
    # value: AS twice, KS QS JS, AH AD = 7 (team 1: AC): 6 x 7 x 10
    assert lines[0] == {"value cards": 420, "aces in one hand": 200, "sequences": 400}
    h = hands("AS AH AD AC", "", "", "")
    assert hand_points(bid_code(6, CLUB), h, team, 0, [12, 1])[0]["aces in one hand"] == 400
    h = hands("AH KH QH", "", "", "")                 # a run outside trumps: nothing
    assert "sequences" not in hand_points(bid_code(6, CLUB), h, team, 0, [12, 1])[0]
    h = hands("AC KC", "", "", "")
    assert "sequences" not in hand_points(bid_code(6, CLUB), h, team, 0, [12, 1])[0]


def test_no_trump_aces_only_and_sequences_in_every_suit():
    h = hands("AS AH AD KD QD JD", "AC", "", "")
    # team 0 has three aces: 5 x (2 x 3 + 1) x 10; three aces in a hand 400; AKQJ of diamonds 400
    assert hand_points(bid_code(5, NOTRUMP), h, team, 1, [2, 11]) == [
        {"value cards": 350, "aces in one hand": 400, "sequences": 400}, {}]
    h = hands("AS AH AD AC", "", "", "")
    assert hand_points(bid_code(5, NOTRUMP), h, team, 0, [11, 2])[0]["aces in one hand"] == 800


def test_no_trump_two_aces_each_goes_to_the_declaring_team():
    h = hands("AS", "AH", "AD", "AC")
    assert hand_points(bid_code(7, NOTRUMP), h, team, 1, [5, 8]) == [{}, {"value cards": 350}]
    # unless it took fewer tricks than the opponents
    assert hand_points(bid_code(7, NOTRUMP), h, team, 1, [8, 5]) == [{"value cards": 350}, {}]


def test_no_cards_in_hand_score_in_misere():
    h = hands("AS AH AD AC KS QS", "", "", "")
    assert hand_points(bid_code(5, MISERE), h, team, 0, [0, 13]) == [{}, {}]


# -- 14.4.6 pass misere, 14.1 no trick points in it ----------------------------------------------

def test_pass_misere_is_moderns_score_times_100_and_gives_no_trick_points():
    s = new(DEAL)
    play(s, *["pass"] * 4, "give 2S", "give 2H", "give 2S", "give 2H", "knock", "pass", "pass")
    play_out(s)
    r = s.results[-1]
    assert r["tricks"] == [13, 0]
    assert r["lines"] == [{"pass misere": 0}, {"pass misere": 100 * (13 + 52) * 2}]
    assert r["game_won_by"] is None and s.trick_points == [0, 0]


# -- 14.5 the end of the match -----------------------------------------------------------------

@pytest.mark.parametrize("totals,result", [
    ([1000, 1009], None),              # under 10: played again
    ([1000, 1010], (1, 0)),
    ([1049, 1000], (0, 0)),
    ([1050, 1000], (0, 1)),            # 50 rounds up
    ([1000, 1149], (1, 1)),
    ([1000, 1150], (1, 2)),
    ([-3000, 2460], (1, 55)),
])
def test_main_book_row_by_row(totals, result):
    assert main_book(totals) == result


def test_a_close_match_is_played_again_with_double_scores():
    s = new(DEAL)
    s.totals = [500, 505]
    G._end_match(s)
    assert s.outcome is None and s.stake == 2 and s.totals == [0, 0] and s.games == [0, 0]
    assert "replay" in kinds(s)


def test_match_outcome_is_the_main_book_entry():
    s = play_match(G, ["heuristic"], 3)
    win, book = main_book(s.totals)
    assert s.outcome.winners == (win, win + 2)
    assert s.outcome.scores[win] == book and s.outcome.scores[1 - win] == -book


def test_an_unplayed_four_counts_the_declarers_ten_tricks_first_in_the_race():
    # team 0 needs 30 more, team 1 only 5: both pass 60 in the deal, team 0 first
    s = contract_by_seat_0("bid 1s")
    s.trick_points = [30, 55]
    play(s, "pass", "pass")
    assert s.results[-1]["game_won_by"] == 0 and s.games == [1, 0]
