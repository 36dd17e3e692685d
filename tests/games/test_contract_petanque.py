"""Contract Petanque by seed 000 ch. 34: the auction, the end game and the score,
entered as at the field."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction, ParseError
from pelit.core.records import check_record, record_of
from pelit.games.contract_petanque import ball_points, pass_only_seat, score_round

G = pelit.load("contract-petanque")


def new(rounds=10):
    return G.new_state(seed=1, rounds=rounds)


def enter(s, *texts):
    """Enter each text as the seat to act (a fact: seat 0)."""
    for t in texts:
        s.play(t, s.to_act[0])


def legal(s):
    return {G.action_text(a) for a in s.legal_actions(s.to_act[0])}


def play_round(s, order, bids, closest):
    enter(s, f"order {order}", *bids)
    enter(s, "thrown", "thrown", "thrown", f"balls {closest}")


# -- 34.1 / 34.2: the bidding order ------------------------------------------------

def test_bidding_order_is_farthest_then_middle_then_closest_and_round_again():
    """34.2: the farthest ball bids first, then the second closest, then the closest."""
    s = new()
    assert s.phase is G.Phase.ORDER and s.to_act == (0,)    # a fact: the scorekeeper's
    with pytest.raises(IllegalAction, match="may not act now"):
        s.play("order 2 0 1", 1)
    s.play("order 2 0 1", 0)
    assert s.to_act == (2,)
    enter(s, "bid 1")
    assert s.to_act == (0,)
    enter(s, "bid 2")
    assert s.to_act == (1,)
    enter(s, "bid 3")
    assert s.to_act == (2,)


def test_first_bidder_may_not_pass_his_first_bid():
    """34.2 Pass: not as the first bid of the first bidder; later he may."""
    s = new()
    enter(s, "order 0 1 2")
    assert "pass" not in legal(s) and "double" not in legal(s)
    with pytest.raises(IllegalAction, match="may not pass"):
        enter(s, "pass")
    enter(s, "bid 1", "pass", "bid 2")
    assert "pass" in legal(s)                      # seat 0's second turn


def test_number_bids_rise_from_one_to_five():
    """34.2 Number bid: 1-5, each higher than the previous number bid."""
    s = new()
    enter(s, "order 0 1 2", "bid 2")
    assert {t for t in legal(s) if t.startswith("bid")} == {"bid 3", "bid 4", "bid 5"}
    with pytest.raises(IllegalAction, match="higher than 2"):
        enter(s, "bid 2")
    enter(s, "bid 5")
    assert not {t for t in legal(s) if t.startswith("bid")}
    with pytest.raises(ParseError):
        enter(s, "bid 6")


def test_double_once_per_number_bid_and_voided_by_a_new_number_bid():
    """34.2 Double: of an opponent's last number bid, one double per number bid; a new
    number bid voids it."""
    s = new()
    enter(s, "order 0 1 2", "bid 2")
    assert "double" in legal(s)                    # seat 1 on seat 0's bid
    enter(s, "double")
    assert "double" not in legal(s)                # seat 2: already doubled
    enter(s, "bid 3")                              # seat 2's new bid voids the double
    assert s.doubled_by is None
    assert "double" in legal(s)                    # seat 0 may double seat 2's 3
    enter(s, "pass")
    assert "double" in legal(s)                    # seat 1 too: nobody doubled the 3
    enter(s, "pass")
    assert "double" not in legal(s)                # seat 2's own bid


def test_redouble_by_the_bidder_of_a_doubled_bid_once():
    """34.2 Redouble: the last number bidder, when an opponent doubled; voided by a new
    number bid."""
    s = new()
    enter(s, "order 0 1 2", "bid 2")
    assert "redouble" not in legal(s)
    enter(s, "double", "pass")
    assert "redouble" in legal(s)                  # seat 0, doubled
    enter(s, "redouble")
    assert s.redoubled
    enter(s, "pass", "pass")                       # seats 1 and 2 pass: the auction is over
    assert s.phase is G.Phase.THROW


def test_redouble_not_for_another_players_bid():
    s = new()
    enter(s, "order 0 1 2", "bid 2", "double")
    with pytest.raises(IllegalAction, match="only the last number bidder"):
        enter(s, "redouble")                       # seat 2


def test_flee_by_the_third_player_of_a_doubled_bid():
    """34.2 Flee: when an opponent made the last number bid and the other opponent
    doubled it; not the doubler; a new number bid voids it."""
    s = new()
    enter(s, "order 0 1 2", "bid 2")
    assert "flee" not in legal(s)                  # seat 1: not doubled
    enter(s, "double")
    assert "flee" in legal(s)                      # seat 2, the third player
    enter(s, "flee")
    assert s.fled_by == 2
    assert "flee" not in legal(s)                  # seat 0, the declarer
    enter(s, "pass")
    assert "flee" not in legal(s)                  # seat 1 doubled it
    with pytest.raises(IllegalAction, match="third player may flee"):
        enter(s, "flee")
    enter(s, "bid 3")                              # seat 1's new bid voids double and flee
    assert s.fled_by is None and s.doubled_by is None


def test_auction_ends_at_two_passes_in_a_row():
    """34.2: two players passing on consecutive turns end the auction; the last
    number bidder is the declarer."""
    s = new()
    enter(s, "order 0 1 2", "bid 1", "pass", "bid 2", "pass")
    assert s.phase is G.Phase.AUCTION              # passes not in a row
    enter(s, "pass")
    assert s.phase is G.Phase.THROW
    assert s.view(0)["contract"] == {"bid": 2, "declarer": 2, "doubled_by": None,
                                     "redoubled": False, "fled_by": None}


# -- 34.3: the end game -------------------------------------------------------------

def test_end_game_order_defender_declarer_defender():
    """34.3: a defender, the declarer, the other defender; the one whose first ball lay
    farther throws first (our reading)."""
    s = new()
    enter(s, "order 1 2 0", "bid 1", "bid 2", "pass", "pass")
    # seat 2 declares 2; defenders 1 (farther) and 0
    assert [(t["thrower"], t["ball_of"]) for t in s.view(0)["throws"]] == [(1, 1), (2, 2), (0, 0)]
    assert s.view(0)["next_throw"] == {"thrower": 1, "ball_of": 1}
    enter(s, "thrown")
    assert s.view(0)["next_throw"] == {"thrower": 2, "ball_of": 2}


def test_fleers_ball_is_thrown_by_the_other_defender():
    """34.3: after a flee the fleer gives his ball to the other defender, who throws it
    in the fleer's place."""
    s = new()
    enter(s, "order 0 1 2", "bid 2", "double", "flee", "pass", "pass")
    # declarer 0; seat 1 doubled, seat 2 fled; defenders in order 1, 2
    assert [(t["thrower"], t["ball_of"]) for t in s.view(0)["throws"]] == [(1, 1), (0, 0), (1, 2)]
    s2 = new()
    enter(s2, "order 2 1 0", "bid 2", "double", "flee", "pass", "pass")
    # declarer 2; seat 1 doubled, seat 0 fled; the farther defender is 1
    assert [(t["thrower"], t["ball_of"]) for t in s2.view(0)["throws"]] == [(1, 1), (2, 2), (1, 0)]


# -- 34.4: scoring --------------------------------------------------------------------

@pytest.mark.parametrize("closest, seat, points", [
    ((0, 1, 2), 0, 3), ((0, 1, 2), 1, 2), ((0, 1, 2), 2, 1),
    ((0, 0, 1), 0, 5), ((1, 0, 0), 0, 3), ((1, 2, 0), 0, 1), ((1, 2, 2), 0, 0),
])
def test_ball_points_three_two_one(closest, seat, points):
    """34.4: the closest ball 3, the second 2, the third 1."""
    assert ball_points(closest, seat) == points


@pytest.mark.parametrize("bid, doubled, redoubled, fled, closest, made, changes", [
    (3, False, False, None, (0, 1, 2), True, [3, 0, 0]),        # exactly the bid: made
    (4, False, False, None, (0, 1, 2), False, [-4, 0, 0]),      # one short: failed
    (2, True, False, None, (0, 2, 1), True, [4, 0, 0]),         # doubled: twice
    (2, True, False, None, (1, 2, 0), False, [-4, 0, 0]),
    (5, True, True, None, (0, 0, 1), True, [20, 0, 0]),         # redoubled: four times
    (5, True, True, None, (0, 1, 0), False, [-20, 0, 0]),
    (2, True, False, 2, (0, 1, 1), True, [4, 0, 4]),            # the fleer with the declarer
    (3, True, True, 1, (2, 2, 0), False, [-12, -12, 0]),
])
def test_game_points_row_by_row(bid, doubled, redoubled, fled, closest, made, changes):
    """34.4: the bid won or lost, doubled x2, redoubled x4; a fleer the same."""
    got = score_round(0, bid, doubled, redoubled, fled, closest)
    assert got["made"] is made and got["changes"] == changes


def test_balls_each_player_has_two():
    """34.4 with the equipment of ch. 34: two balls a player, so no three closest of one."""
    s = new()
    enter(s, "order 0 1 2", "bid 1", "pass", "pass", "thrown", "thrown", "thrown")
    assert "balls 0 0 0" not in legal(s)
    with pytest.raises(ParseError):
        enter(s, "balls 0 0 0")
    enter(s, "balls 0 0 1")
    assert s.scores == [1, 0, 0] and s.round == 2


def test_ten_rounds_and_the_most_game_points_win():
    """34.4: the game lasts ten rounds; most game points wins."""
    s = new()
    for r in range(10):
        assert s.round == r + 1
        play_round(s, "0 1 2", ["bid 1", "pass", "pass"], "0 1 2" if r < 9 else "1 2 1")
    assert s.outcome is not None
    assert s.outcome.scores == (8, 0, 0) and s.outcome.winners == (0,)
    assert [row["round"] for row in s.outcome.details["sheet"]] == list(range(1, 11))


def test_equal_best_scores_share_the_win():
    s = new(rounds=2)
    play_round(s, "0 1 2", ["bid 1", "pass", "pass"], "0 1 2")
    play_round(s, "1 0 2", ["bid 1", "pass", "pass"], "1 0 2")
    assert s.outcome.winners == (0, 1)


@pytest.mark.parametrize("scores, round_no, seat", [
    ([0, 21, 21], 10, 0),            # more than twenty behind both
    ([0, 20, 30], 10, None),         # exactly twenty behind one: not more
    ([0, 21, 15], 10, None),         # behind one only
    ([40, 10, 31], 10, 1),
    ([0, 21, 21], 9, None),          # not the last round
])
def test_pass_only_rule_row_by_row(scores, round_no, seat):
    """34.4: in the final round a player more than twenty points behind the others."""
    assert pass_only_seat(scores, round_no, 10) == seat


def test_pass_only_player_bids_one_as_first_bidder_then_passes():
    """34.4: more than twenty behind in the final round: only pass; as the first
    bidder the initial bid of 1."""
    s = new(rounds=3)
    # round 1: seat 1 bids 5, seat 0 doubles, seat 2 flees, seat 1 redoubles: +20 each
    play_round(s, "1 0 2", ["bid 5", "double", "flee", "redouble", "pass", "pass"], "1 1 0")
    # round 2: seat 1 bids 1, seat 0 doubles, seat 2 flees: +2 each
    play_round(s, "1 0 2", ["bid 1", "double", "flee", "pass", "pass"], "1 0 2")
    assert s.scores == [0, 22, 22] and s.pass_only == 0
    enter(s, "order 0 1 2")
    assert legal(s) == {"bid 1", "undo"}
    with pytest.raises(IllegalAction, match="only pass"):
        enter(s, "bid 2")
    enter(s, "bid 1", "bid 2", "bid 3")
    assert legal(s) == {"pass", "undo"}            # seat 0 again: nothing but pass
    with pytest.raises(IllegalAction, match="only pass"):
        enter(s, "double")


def test_pass_only_player_not_first_may_only_pass():
    s = new(rounds=3)
    play_round(s, "1 0 2", ["bid 5", "double", "flee", "redouble", "pass", "pass"], "1 1 0")
    play_round(s, "1 0 2", ["bid 1", "double", "flee", "pass", "pass"], "1 0 2")
    enter(s, "order 1 0 2", "bid 2")
    assert legal(s) == {"pass", "undo"}


# -- entries, corrections, bad input ------------------------------------------------

def test_undo_takes_back_the_last_entry_and_what_followed():
    """Our correction rule (games/_referee.py): undo replays the match without the last
    entry."""
    s = new()
    enter(s, "order 0 1 2", "bid 1", "pass", "pass", "thrown", "thrown", "thrown",
          "balls 0 1 2")
    assert s.scores == [1, 0, 0] and s.round == 2
    s.play("undo", 0)
    assert s.scores == [0, 0, 0] and s.round == 1 and s.phase is G.Phase.BALLS
    enter(s, "balls 1 2 1")
    assert s.scores == [-1, 0, 0]
    kinds = [e.kind for e in s.events]
    assert "undone" in kinds


def test_undo_in_the_auction_is_the_bidders():
    s = new()
    enter(s, "order 0 1 2", "bid 2")
    with pytest.raises(IllegalAction, match="may not act now"):
        s.play("undo", 0)                          # seat 1 bids now
    s.play("undo", 1)
    assert s.to_act == (0,) and s.bids == []


def test_nothing_to_undo_at_the_start():
    s = new()
    with pytest.raises(IllegalAction, match="nothing has been entered"):
        enter(s, "undo")


def test_out_of_turn_and_bad_text_change_nothing():
    s = new()
    enter(s, "order 0 1 2")
    before = s.view(None)
    with pytest.raises(IllegalAction, match="may not act now"):
        s.play("bid 1", 1)
    with pytest.raises(ParseError):
        s.play("bid seven", 0)
    assert s.view(None) == before


def test_a_match_replays_from_its_record():
    s = new(rounds=2)
    play_round(s, "2 1 0", ["bid 1", "bid 2", "double", "pass", "redouble", "pass", "pass"],
               "1 1 2")
    enter(s, "order 0 1 2", "bid 3", "undo", "bid 1", "pass", "pass", "thrown", "thrown",
          "thrown", "balls 0 2 1")
    again = check_record(record_of(s))
    assert again.scores == s.scores == [1, 8, 0]
