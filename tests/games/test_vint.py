"""Vint by seed 000 chapter 15 (differences from Historical Skruuvi,
chapter 14): scripted deals citing the section each rule comes from.

Seat 3 deals first and seat 0 bids first.  The usual deal gives each seat a
whole suit: seat 0 spades, seat 1 hearts, seat 2 diamonds, seat 3 clubs.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.skruuvi import CLUB, HEART, NOTRUMP, SPADE, bid_code
from pelit.core.errors import IllegalAction
from pelit.games.historical_skruuvi import main_book
from pelit.games.vint import contract_points, hand_points
from pelit.sim.runner import play_match

from skruuvi_support import DECK, kinds, kotka_pack, play, play_out

G = pelit.load("vint")
WHOLE_SUITS = tuple(" ".join(r + s for r in "AKQJT98765432") for s in "SHDC")
DEAL = kotka_pack(WHOLE_SUITS)


def new(*decks, **options):
    return G.new_state(seed=1, decks=list(decks), **options)


def hands(*texts):
    return [sum(1 << c for c in DECK.parse_many(t)) for t in texts]


def team(p):
    return p % 2


# -- 15.1 the game -----------------------------------------------------------------------

def test_all_cards_dealt_no_misere_bids():
    s = new(DEAL)
    assert [h.bit_count() for h in s.hands] == [13] * 4 and s.table == []
    legal = {G.action_text(a) for a in s.legal_actions()}
    assert "bid 1s" in legal and not any(t.endswith("m") for t in legal)
    with pytest.raises(IllegalAction, match="not a bid of Vint"):
        s.play("bid 1m")


def test_the_highest_bid_is_the_contract_no_exchange_no_raising_no_knocking():
    s = new(DEAL)
    play(s, "bid 1s", *["pass"] * 8)
    assert s.contract == bid_code(1, SPADE) and s.declarer == 0
    assert s.phase.name == "PLAY" and s.to_act == (1,)
    assert G.view(s, 2)["promise"] == "take at least 7 tricks"
    assert "give" not in kinds(s) and "turned_up" not in kinds(s)


def test_all_passing_deals_again_by_the_same_dealer():
    s = new(DEAL, DEAL)
    play(s, "pass", "pass", "pass", "pass")
    assert "redeal" in kinds(s) and not s.pass_misere
    assert s.deal_no == 1 and s.dealer == 3 and s.to_act == (0,) and s.passed_deals == 1


def test_a_rubber_is_the_whole_match_and_its_winner_scores_500_a_passed_deal():
    s = new(DEAL, DEAL, kotka_pack(WHOLE_SUITS, dealer=0))
    play(s, "pass", "pass", "pass", "pass")               # passed: dealt again
    play(s, "bid 7s", *["pass"] * 8)
    play_out(s, high_seats=(0, 2), trump=0)
    assert s.games == [1, 0] and s.phase.name == "BID" and s.dealer == 0
    play(s, "pass", "pass", "pass", "bid 7s", *["pass"] * 8)
    play_out(s, high_seats=(0, 2), trump=0)
    assert s.outcome is not None and s.games == [2, 0]
    per_deal = s.results[-1]["points"]
    assert "passed_deals_bonus" in kinds(s)
    # two deals' points, the first game 1000, the second 2000, one passed deal 500
    assert s.totals[0] == 2 * per_deal[0] + 1000 + 2000 + 500
    win, book = main_book(s.totals)
    assert s.outcome.winners == (0, 2) and s.outcome.scores[0] == book


# -- 15.2 trick points ----------------------------------------------------------------------

def test_trick_points_are_ten_times_and_a_game_is_500():
    s = new(DEAL)
    play(s, "bid 3s", *["pass"] * 8)
    play_out(s, high_seats=(0, 2), trump=0)
    r = s.results[-1]
    assert r["lines"][0]["trick points"] == 13 * 30 and s.trick_points == [390, 0]
    assert r["game_won_by"] is None


# -- 15.3.1 basic scoring ------------------------------------------------------------------------

@pytest.mark.parametrize("code,tricks,points", [
    (bid_code(1, SPADE), (7, 6), [0, 0]),            # no bonus under six
    (bid_code(5, SPADE), (11, 2), [0, 0]),
    (bid_code(5, SPADE), (12, 1), [1000, 0]),        # twelve tricks, promised or not
    (bid_code(5, SPADE), (13, 0), [2000, 0]),
    (bid_code(6, HEART), (12, 1), [6000, 0]),
    (bid_code(6, HEART), (11, 2), [-6000, 0]),       # one missing: 1000 x 6
    (bid_code(7, NOTRUMP), (13, 0), [12000, 0]),     # the seed's example
    (bid_code(7, NOTRUMP), (12, 1), [-7000 + 1000, 0]),
    (bid_code(3, CLUB), (7, 6), [-6000, 0]),         # two missing: 2 x 3000
    (bid_code(1, CLUB), (1, 12), [-6000, 1000]),     # the opponents took twelve
    (bid_code(2, CLUB), (0, 13), [-16000, 2000]),
])
def test_contract_scoring_row_by_row(code, tricks, points):
    assert contract_points(code, tricks) == points


# -- 15.3.2 cards in hand -----------------------------------------------------------------------

def test_sequences_in_every_suit_double_in_trumps():
    h = hands("AS KS QS AH KH QH JH", "AD KD", "AC", "")
    lines = hand_points(bid_code(2, SPADE), h, team, [8, 5])
    # AKQ of trumps 2 x 500, AKQJ of hearts 1000; aces 3 to 1: 100 x 2 x 3 (AS AH AC);
    # trumps 10-A: team 0 three (AS KS QS): 100 x 2 x 3
    assert lines[0] == {"sequences": 2000, "aces": 600, "trump honours": 600}
    assert lines[1] == {}


def test_aces_in_one_hand_count_as_a_sequence():
    h = hands("AS AH AD 2C", "AC", "", "")
    lines = hand_points(bid_code(4, NOTRUMP), h, team, [10, 3])
    assert lines[0] == {"aces in one hand": 500, "aces": 250 * 4 * 3}
    h = hands("AS AH AD AC", "", "", "")
    assert hand_points(bid_code(4, NOTRUMP), h, team, [10, 3])[0]["aces in one hand"] == 1000


def test_two_aces_each_go_to_the_team_with_more_tricks():
    h = hands("AS", "AH", "AD", "AC")
    assert hand_points(bid_code(3, NOTRUMP), h, team, [5, 8]) == [{}, {"aces": 1500}]
    assert hand_points(bid_code(3, HEART), h, team, [9, 4])[0]["aces"] == 600


def test_a_whole_suit_each_played_out():
    s = new(DEAL)
    play(s, "bid 7s", *["pass"] * 8)
    play_out(s, high_seats=(0, 2), trump=0)
    r = s.results[-1]
    assert r["tricks"] == [13, 0]
    assert r["lines"][0] == {"contract": 12000, "sequences": 11000 + 5500, "aces": 1400,
                             "trump honours": 3500, "trick points": 910}
    assert r["lines"][1] == {"sequences": 11000}
    assert r["game_won_by"] == 0 and s.totals[0] == sum(r["lines"][0].values()) + 1000


def test_bots_play_a_whole_rubber():
    s = play_match(G, ["heuristic"], 6)
    assert s.outcome is not None and max(s.games) == 2
    assert all(r["deal_kind"] == "basic" for r in s.results)


def test_a_contract_of_four_is_played_like_any_other():
    s = new(DEAL)
    play(s, "bid 4s", *["pass"] * 8)
    assert s.phase.name == "PLAY" and s.contract == bid_code(4, SPADE)
