"""Klubiskruuvi by seed 000 chapter 13 (differences from Modern Skruuvi,
chapter 12): scripted deals citing the section each rule comes from.

In the first game seats 0..3 sit clockwise, seat 3 deals and seat 0 speaks
first; the usual deal gives each seat one suit, ace down to three, and
leaves the twos on the table.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.skruuvi import HEART, MISERE, NOTRUMP, SPADE, bid_code
from pelit.core.errors import IllegalAction
from pelit.games.klubiskruuvi import GAME_RINGS, bolsu_points, contract_points
from pelit.sim.runner import play_match

from skruuvi_support import DECK, ONE_SUIT_EACH, TWOS, kinds, last_event, pack, play, play_out

G = pelit.load("klubiskruuvi")
DEAL = pack(ONE_SUIT_EACH, TWOS)


def new(*decks, **options):
    return G.new_state(seed=1, decks=list(decks), **options)


def legal_texts(s):
    return [G.action_text(a) for a in s.legal_actions()]


# -- 13.1 structure, 13.2 the deal -------------------------------------------------------

def test_every_deal_opens_with_a_bolsu_round_twelve_cards_and_four_on_the_table():
    s = new(DEAL)
    assert [h.bit_count() for h in s.hands] == [12] * 4 and len(s.table) == 4
    assert s.phase.name == "BOLSU" and s.to_act == (0,)
    assert legal_texts(s) == ["bid bolsu", "pass"]
    play(s, "pass", "pass", "pass", "pass")
    assert s.phase.name == "BID" and s.kind == "basic" and len(s.table) == 4


def test_partners_change_between_games_so_everyone_partners_everyone():
    assert GAME_RINGS == ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
    partners = set()
    for ring in GAME_RINGS:
        partners |= {frozenset((ring[0], ring[2])), frozenset((ring[1], ring[3]))}
    assert len(partners) == 6
    s = play_match(G, ["heuristic"], 4, basic_deals=0, kotkas=0)
    games = [e.public for e in s.events if e.kind == "game"]
    assert [g["partners"] for g in games] == ["seats 0+2 against seats 1+3",
                                              "seats 0+1 against seats 2+3",
                                              "seats 0+3 against seats 1+2"]


def test_a_game_is_four_basic_deals_four_kotkas_and_four_bolsus():
    s = play_match(G, ["heuristic"], 5, games=1)
    played = [r["deal_kind"] for r in s.results]
    assert played.count("bolsu") == 4 and len(played) == 12
    assert [k for k in played if k != "bolsu"] == ["basic"] * 4 + ["kotka"] * 4
    assert sorted(r["declarer"] for r in s.results if r["deal_kind"] == "bolsu") == [0, 1, 2, 3]


def test_kotka_everyone_takes_a_table_card_after_the_bolsu_round():
    s = new(DEAL, basic_deals=0)
    assert s.kind == "kotka"
    play(s, "pass", "pass", "pass", "pass")
    assert [h.bit_count() for h in s.hands] == [13] * 4 and s.table == []
    assert s.hands[0] >> DECK.parse("2S") & 1 and s.hands[3] >> DECK.parse("2C") & 1
    assert last_event(s, "took", 2, by=2)["card"] == DECK.parse("2D")
    assert "bid 5nt" not in legal_texts(s) and "bid 6s" in legal_texts(s)
    play(s, "bid 6s", *["pass"] * 8)
    assert s.queue == ((0, 2),) * 4 + ((2, 0),) * 4     # the kotka exchange of 12.10


# -- 13.2 several bolsu bidders; the bolsus that must come --------------------------------

def test_several_bidders_the_first_decides_whether_he_declares():
    s = new(DEAL)
    play(s, "bid bolsu", "pass", "bid bolsu", "bid bolsu")
    assert s.phase.name == "YIELD" and s.to_act == (0,)
    assert legal_texts(s) == ["keep", "yield"]
    play(s, "yield")
    assert s.to_act == (2,)
    play(s, "keep")
    assert s.kind == "bolsu" and s.declarer == 2


def test_when_all_yield_the_last_bidder_declares():
    s = new(DEAL)
    play(s, "pass", "bid bolsu", "pass", "bid bolsu", "yield")
    assert s.kind == "bolsu" and s.declarer == 3


def test_a_single_bidder_declares_and_each_player_declares_once_a_game():
    s = new(DEAL, DEAL)
    play(s, "pass", "bid bolsu", "pass", "pass")
    assert s.declarer == 1 and s.bolsu_done == (1,)
    assert G.view(s, 3)["bolsu_done"] == [1]


def test_once_basic_deals_and_kotkas_are_over_the_bolsus_must_be_bid():
    s = new(DEAL, DEAL, basic_deals=0, kotkas=0)
    assert s.kind == "bolsu"
    play(s, "pass", "pass", "pass")
    assert legal_texts(s) == ["bid bolsu"]            # the last who has not had his bolsu
    with pytest.raises(IllegalAction):
        s.play("pass")
    s.play("bid bolsu")
    assert s.declarer == 3


def test_a_forced_player_may_pass_once_someone_has_bid_bolsu():
    s = new(DEAL, basic_deals=0, kotkas=0)
    play(s, "bid bolsu", "pass", "pass")
    assert legal_texts(s) == ["bid bolsu", "pass"]
    play(s, "pass")
    assert s.declarer == 0


def test_players_who_had_their_bolsu_are_not_asked_again():
    s = new(DEAL, DEAL, basic_deals=0, kotkas=0)
    play(s, "bid bolsu", "pass", "pass", "pass")       # seat 0 declares deal 1
    play(s, "give 2H", "give 2D", "give 2C", "bid 7m", "pass", "pass", "pass")
    play_out(s)
    assert s.deal_no == 1 and s.dealer == 0
    assert s.bolsu_order == (1, 2, 3) and s.to_act == (1,)


# -- 13.3 bolsu --------------------------------------------------------------------------

def bolsu_by_seat_0():
    s = new(DEAL)
    play(s, "bid bolsu", "pass", "pass", "pass")
    return s


def test_bolsu_declarer_turns_the_table_up_and_gives_everyone_a_card():
    s = bolsu_by_seat_0()
    assert DECK.texts(last_event(s, "turned_up", 2)["cards"]) == TWOS
    assert s.hands[0].bit_count() == 16
    assert G.view(s, 1)["known_cards"][0] == sum(1 << c for c in DECK.parse_many(TWOS))
    assert s.queue == ((0, 1), (0, 2), (0, 3))
    play(s, "give 2H", "give 2D", "give 2C")
    assert [h.bit_count() for h in s.hands] == [13] * 4
    assert s.phase.name == "DECLARE" and s.to_act == (0,)
    assert legal_texts(s) == ["bid 7m", "bid 7s", "bid 7c", "bid 7d", "bid 7h", "bid 7nt"]


def test_each_opponent_may_knock_the_right_hand_one_first_then_the_declarer_kontra():
    s = bolsu_by_seat_0()
    play(s, "give 2H", "give 2D", "give 2C", "bid 7m")
    assert last_event(s, "contract")["promise"] == "take no trick"
    assert s.to_act == (3,)
    play(s, "knock")
    assert s.to_act == (1,)                            # a knock does not end the asking
    play(s, "pass")
    assert s.to_act == (2,)
    play(s, "knock")
    assert s.to_act == (0,) and legal_texts(s) == ["kontra", "pass"]
    play(s, "pass")
    assert s.phase.name == "PLAY" and s.to_act == (1,)     # the left-hand opponent leads
    assert [G.factor(s, p) for p in (1, 2, 3)] == [1, 2, 2]


def test_made_bolsu_scores_minus_21_and_the_aces_for_each_opponent():
    # every seat keeps one suit; seat 1 leads hearts and wins every trick; all
    # play low, so the four aces fall in trick 13, in seat 1's trick
    s = bolsu_by_seat_0()
    play(s, "give 2H", "give 2D", "give 2C", "bid 7m", "knock", "pass", "pass", "kontra")
    play_out(s)
    r = s.results[-1]
    assert r["tricks"] == [0, 13, 0, 0]
    # seat 3 knocked, the declarer kontra-knocked: seat 3's score times four
    assert r["points"] == [73 + 73 + 292, -73, -73, -292]
    assert s.bolsu_book == r["points"] and s.individual == r["points"]


def test_failed_bolsu_the_opponents_score_its_tricks_and_knocks_leave_the_aces_alone():
    # seat 1 gets 2S and must lead it into seat 0's 3S: the declarer takes one trick
    s = bolsu_by_seat_0()
    play(s, "give 2S", "give 2D", "give 2C", "bid 7m", "knock", "pass", "pass", "pass")
    play_out(s)
    r = s.results[-1]
    assert r["tricks"] == [1, 12, 0, 0]
    # 17 for the first trick; aces all in seat 1's tricks: -52; seat 3's 17 doubled
    assert r["points"] == [35 + 35 + 18, -35, -35, -18]


@pytest.mark.parametrize("code,taken,factors,aces,opp,declarer", [
    (bid_code(7, MISERE), 0, (1, 1, 1), (0, 0), [-21, -21, -21], 63),
    (bid_code(7, MISERE), 0, (1, 1, 1), (0, 30), [-51, -51, -51], 153),
    (bid_code(7, MISERE), 1, (1, 1, 1), (5, 20), [17 - 15] * 3, -6),
    (bid_code(7, MISERE), 3, (1, 1, 1), (0, 0), [31, 31, 31], -93),     # 17 + 7 + 7
    (bid_code(7, MISERE), 0, (2, 1, 4), (0, 10), [-62, -31, -124], 217),  # made: aces doubled
    (bid_code(7, MISERE), 2, (2, 1, 4), (8, 10), [48 - 2, 24 - 2, 96 - 2], -162),
    (bid_code(7, SPADE), 13, (1, 1, 1), (0, 30), [-21, -21, -21], 63),    # Mussolini: no aces
    (bid_code(7, NOTRUMP), 12, (1, 2, 1), (9, 9), [17, 34, 17], -68),
    (bid_code(7, HEART), 10, (1, 1, 1), (0, 0), [31, 31, 31], -93),
])
def test_bolsu_scoring_row_by_row(code, taken, factors, aces, opp, declarer):
    assert bolsu_points(code, taken, factors, aces) == (opp, declarer)


# -- 13.5 basic deals and kotkas ---------------------------------------------------------------

@pytest.mark.parametrize("code,taken,factor,aces,points", [
    (bid_code(5, MISERE), 2, 1, (0, 0), [10, 0]),        # made misere: 10, 20, 30
    (bid_code(6, MISERE), 1, 1, (0, 0), [20, 0]),
    (bid_code(7, MISERE), 0, 1, (0, 0), [30, 0]),
    (bid_code(5, NOTRUMP), 11, 1, (0, 0), [25, 0]),      # no trump as a suit
    (bid_code(7, NOTRUMP), 13, 1, (0, 0), [49, 0]),
    (bid_code(5, SPADE), 11, 1, (0, 0), [25, 0]),
    (bid_code(5, SPADE), 12, 1, (0, 0), [30, 0]),        # five with twelve: +5
    (bid_code(5, SPADE), 13, 1, (0, 0), [35, 0]),        # and thirteen: +5 more
    (bid_code(5, MISERE), 1, 1, (0, 0), [15, 0]),        # avoided twelve
    (bid_code(5, MISERE), 0, 1, (0, 0), [20, 0]),
    (bid_code(6, HEART), 12, 1, (0, 0), [36, 0]),
    (bid_code(6, HEART), 13, 1, (0, 0), [42, 0]),        # six with thirteen: +6
    (bid_code(6, HEART), 13, 2, (0, 0), [84, 0]),        # decision: knocked with it
    (bid_code(5, SPADE), 10, 1, (0, 0), [-5, 0]),        # five: the first missing trick 5
    (bid_code(5, SPADE), 8, 1, (0, 0), [-15, 0]),
    (bid_code(6, SPADE), 11, 1, (0, 0), [-11, 0]),
    (bid_code(7, SPADE), 11, 2, (0, 0), [-48, 0]),
    # misere aces count even when it fails; knocks double them, but the
    # declaring side's only when the misere is made
    (bid_code(5, MISERE), 2, 2, (4, 30), [20 + 60, 8]),
    (bid_code(5, MISERE), 3, 2, (4, 30), [-10 + 30, 8]),
    (bid_code(5, MISERE), 3, 1, (4, 30), [-5 + 30, 4]),
])
def test_basic_and_kotka_scoring_row_by_row(code, taken, factor, aces, points):
    assert contract_points(code, taken, factor, aces) == points


# -- 13.6 final scores ---------------------------------------------------------------------------

def test_final_scores_bolsu_points_and_twice_the_team_score_of_each_game():
    s = play_match(G, ["heuristic"], 8, games=2, basic_deals=1, kotkas=1)
    overs = [e.public for e in s.events if e.kind == "game_over"]
    want = list(s.bolsu_book)
    for game, over in enumerate(overs):
        ring = GAME_RINGS[game]
        for p in range(4):
            want[p] += 2 * over["team_scores"][ring.index(p) % 2]
    assert list(s.outcome.scores) == want
    best = max(want)
    assert s.outcome.winners == tuple(p for p in range(4) if want[p] == best)


def test_views_name_the_bolsu_round_and_the_books():
    s = new(DEAL)
    play(s, "pass", "bid bolsu")
    v = G.view(s, 3)
    assert v["bolsu_calls"] == [[0, "pass"], [1, "bolsu"]]
    assert v["individual"] == [0, 0, 0, 0] and v["game_no"] == 1
    assert kinds(s)[-2:] == ["bolsu_call", "bolsu_call"]
