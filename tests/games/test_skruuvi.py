"""Modern Skruuvi by seed 000 chapter 12: scripted deals citing the section
each rule comes from.

Seats 0..3 sit clockwise, seats 0 and 2 against 1 and 3.  Seat 3 deals
first, so seat 0 gets the first card and bids first.  The usual deal gives
each seat one suit, ace down to three, and leaves the four twos on the
table (top card 2S).
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.skruuvi import bid_code, MISERE, SPADE, NOTRUMP, HEART
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.skruuvi import contract_points, pass_misere_points
from pelit.sim.runner import play_match

from skruuvi_support import DECK, ONE_SUIT_EACH, TWOS, kinds, kotka_pack, last_event, pack, \
    play, play_out

G = pelit.load("skruuvi")
BASIC = pack(ONE_SUIT_EACH, TWOS)


def new(*decks, **options):
    return G.new_state(seed=1, decks=list(decks), **options)


def mask(text):
    return sum(1 << c for c in DECK.parse_many(text))


def to_continuation(s, opening="bid 1s"):
    """Seat 0 bids, everyone passes eight times; seat 0 takes the table and
    gives 2H 2D 2C 3S to seat 2, who gives 2H to seat 3, 2D to seat 0 and
    2C to seat 1."""
    play(s, opening, *["pass"] * 8)
    play(s, "give 2H", "give 2D", "give 2C", "give 3S", "give 2H", "give 2D", "give 2C")


# -- 12.1 setup and the match -------------------------------------------------------

def test_setup_twelve_cards_each_and_four_face_down_on_the_table():
    s = new(BASIC)
    assert [h.bit_count() for h in s.hands] == [12, 12, 12, 12]
    assert s.hands[0] == mask(ONE_SUIT_EACH[0]) and s.hands[3] == mask(ONE_SUIT_EACH[3])
    assert DECK.texts(s.table) == TWOS
    assert s.dealer == 3 and s.to_act == (0,)
    v = G.view(s, 1)
    assert v["table_cards"] == 4 and v["turned_up"] is None
    assert v["team"] == [0, 1, 0, 1] and v["kind"] == "basic"


def test_match_is_four_basic_deals_then_four_kotkas_and_the_deal_moves_left():
    s = play_match(G, ["heuristic"], 3)
    assert [r["deal_kind"] for r in s.results] == ["basic"] * 4 + ["kotka"] * 4
    deals = [e.public for e in s.events if e.kind == "deal"]
    assert [d["dealer"] for d in deals] == [3, 0, 1, 2, 3, 0, 1, 2]
    totals = s.results[-1]["totals"]
    assert s.outcome.scores == (totals[0], totals[1], totals[0], totals[1])
    a, b = totals
    assert s.outcome.winners == (() if a == b else (0, 2) if a > b else (1, 3))


def test_options_set_the_number_of_basic_deals_and_kotkas():
    s = new(kotka_pack(ONE_SUIT_EACH_13), basic_deals=0, kotkas=1)
    assert s.kind == "kotka" and [h.bit_count() for h in s.hands] == [13] * 4
    with pytest.raises(OptionError):
        G.new_state(seed=1, basic_deals=0, kotkas=0)
    with pytest.raises(OptionError):
        G.new_state(seed=1, kotkas=-1)


ONE_SUIT_EACH_13 = tuple(h + " 2" + h[1] for h in ONE_SUIT_EACH)


# -- 12.2 bidding ------------------------------------------------------------------------

def test_bids_rise_by_number_or_by_type_misere_lowest_no_trump_highest():
    s = new(BASIC)
    play(s, "bid 1s")
    legal = {G.action_text(a) for a in s.legal_actions()}
    assert "bid 1m" not in legal and "bid 1s" not in legal
    assert {"bid 1c", "bid 1d", "bid 1h", "bid 1nt", "bid 2m", "pass"} <= legal
    with pytest.raises(IllegalAction, match="above 1 spades"):
        s.play("bid 1m")
    play(s, "bid 1nt")
    assert "bid 1nt" not in {G.action_text(a) for a in s.legal_actions()}
    play(s, "bid 2m")                      # misere at a higher number beats no trump
    assert s.calls[-1] == (2, bid_code(2, MISERE))


def test_a_player_who_passed_may_bid_later():
    s = new(BASIC)
    play(s, "pass", "bid 1d", "pass", "pass", "bid 1h")     # seat 0 passed, then bids
    assert s.auction.high_seat == 0 and s.phase.name == "BID"


def test_eight_passes_in_a_row_end_the_bidding():
    s = new(BASIC)
    play(s, "pass", "bid 3c", *["pass"] * 7)
    assert s.phase.name == "BID"           # seven passes: seat 1 may still speak
    play(s, "pass")
    assert s.phase.name == "GIVE" and s.high_bidder == 1


def test_four_passes_before_any_bid_make_a_pass_misere():
    s = new(BASIC)
    play(s, "pass", "pass", "pass")
    assert not s.pass_misere
    play(s, "pass")
    assert s.pass_misere and "pass_misere" in kinds(s)


def test_a_bid_after_three_passes_keeps_the_deal_a_contract():
    s = new(BASIC)
    play(s, "pass", "pass", "pass", "bid 1c", *["pass"] * 8)
    assert not s.pass_misere and s.high_bidder == 3


# -- 12.3 the card exchange -------------------------------------------------------------

def test_table_cards_are_turned_up_for_everyone_and_go_to_the_high_bidder():
    s = new(BASIC)
    play(s, "bid 1s", *["pass"] * 8)
    ev = last_event(s, "turned_up", 3)
    assert ev["seat"] == 0 and DECK.texts(ev["cards"]) == TWOS
    assert s.hands[0].bit_count() == 16 and s.table == []
    for seat in (None, 1, 2, 3):
        v = G.view(s, seat)
        assert v["turned_up"] == mask(TWOS) and v["known_cards"][0] == mask(TWOS)
    assert s.to_act == (0,) and G.view(s, 0)["next_give"] == [0, 2]


def test_high_bidder_gives_four_then_partner_one_to_each_other_player_clockwise():
    s = new(BASIC)
    play(s, "bid 1s", *["pass"] * 8)
    order = []
    for text in ("give 2H", "give 2D", "give 2C", "give 3S", "give 2H", "give 2D", "give 2C"):
        order.append((s.to_act[0], s.queue[0][1]))
        s.play(text)
    assert order == [(0, 2)] * 4 + [(2, 3), (2, 0), (2, 1)]     # decision: from his left
    assert [h.bit_count() for h in s.hands] == [13] * 4
    assert s.hands[3] >> DECK.parse("2H") & 1 and s.hands[1] >> DECK.parse("2C") & 1
    assert s.phase.name == "CONTINUE" and s.to_act == (0,)


def test_gifts_are_seen_only_by_the_two_who_handle_them():
    s = new(BASIC)
    play(s, "bid 1s", *["pass"] * 8, "give 2H")
    assert "card" not in last_event(s, "give", 1) and "card" not in last_event(s, "give", None)
    assert last_event(s, "give", 2)["card"] == DECK.parse("2H")
    # the opponents no longer know which table cards the high bidder keeps
    assert G.view(s, 1)["turned_up"] is None and G.view(s, 1)["known_cards"][0] == 0
    assert G.view(s, 2)["known_cards"][0] == mask("2S 2D 2C")
    assert G.view(s, 0)["known_cards"][2] == mask("2H")
    play(s, "give 2D", "give 2C", "give 3S", "give 2H")          # seat 2 passes 2H to seat 3
    assert G.view(s, 0)["known_cards"][2] == 0                   # seat 0 no longer sure
    assert G.view(s, 2)["known_cards"][3] == mask("2H")
    assert G.view(s, 3)["known_cards"] == [0, 0, 0, 0]


def test_giving_a_card_not_in_hand_is_refused_and_changes_nothing():
    s = new(BASIC)
    play(s, "bid 1s", *["pass"] * 8)
    before = G.view(s, 0)
    with pytest.raises(IllegalAction, match="AH is not in your hand"):
        s.play("give AH")
    with pytest.raises(IllegalAction, match="give a card to seat 2"):
        s.play("pass")
    assert G.view(s, 0) == before


# -- 12.4 continuation bidding, the contract, the opponents' exchange -----------------------

def test_continuation_only_the_partners_high_bidder_first_four_passes_end_it():
    s = new(BASIC)
    to_continuation(s)
    assert s.to_act == (0,)
    play(s, "pass", "bid 2d", "pass")
    assert s.to_act == (2,) and s.phase.name == "CONTINUE"
    play(s, "pass", "pass")
    assert s.phase.name == "CONTINUE"
    play(s, "pass")                                  # the fourth pass in a row
    assert s.declarer == 2 and s.contract == bid_code(5, 3)     # raised from 2d to 5d
    ev = last_event(s, "contract")
    assert ev["raised_from"] == "2 diamonds" and ev["promise"] == "take at least 11 tricks"


def test_without_a_continuation_bid_the_high_bidder_declares():
    s = new(BASIC)
    to_continuation(s)
    play(s, *["pass"] * 4)
    assert s.declarer == 0 and s.contract == bid_code(5, SPADE)


def test_a_contract_of_six_is_not_raised():
    s = new(BASIC)
    to_continuation(s)
    play(s, "bid 6s", *["pass"] * 4)
    assert s.contract == bid_code(6, SPADE) and last_event(s, "contract")["raised_from"] is None
    assert G.view(s, 1)["promise"] == "take at least 12 tricks"


def test_opponents_exchange_left_hand_opponent_first_after_a_low_first_bid():
    s = new(BASIC)
    to_continuation(s)                               # team 0's first bid was 1s
    play(s, *["pass"] * 4)
    assert s.phase.name == "GIVE" and s.queue == ((1, 3), (3, 1))
    play(s, "give 3H", "give 3C")
    assert s.hands[3] >> DECK.parse("3H") & 1 and s.hands[1] >> DECK.parse("3C") & 1
    assert s.phase.name == "KNOCK" and s.to_act == (1,)


@pytest.mark.parametrize("opening,exchange", [
    ("bid 5nt", True),      # 12.4: a first bid of five: the opponents exchange
    ("bid 6m", False),      # six or seven: they do not
    ("bid 7s", False),
])
def test_opponents_exchange_depends_on_the_first_bid_of_the_declaring_side(opening, exchange):
    s = new(BASIC)
    to_continuation(s, opening)
    play(s, *["pass"] * 4)
    assert (s.phase.name == "GIVE") == exchange


def test_first_bid_of_the_side_counts_when_the_partner_bid_after_a_pass():
    # seat 0 passes, seat 2 opens at six: the side's first bid is six (12.4)
    s = new(BASIC)
    play(s, "pass", "pass", "bid 6d", *["pass"] * 8)
    play(s, "give 2S", "give 2H", "give 2C", "give 3D", "give 2S", "give 2H", "give 2C")
    play(s, "pass", "bid 7s", *["pass"] * 4)         # seat 0 outbids in the continuation
    assert s.declarer == 0 and s.phase.name == "KNOCK"
    # a low first bid stays the first bid even if the side bids high later
    s = new(BASIC)
    play(s, "bid 1s", "pass", "bid 6d", *["pass"] * 8)
    play(s, "give 2S", "give 2H", "give 2C", "give 3D", "give 2S", "give 2H", "give 2C")
    play(s, *["pass"] * 4)
    assert s.declarer == 2 and s.phase.name == "GIVE"


# -- 12.5 the contract --------------------------------------------------------------------

@pytest.mark.parametrize("text,promise", [
    ("bid 5m", "take at most 2 tricks"), ("bid 6m", "take at most 1 trick"),
    ("bid 7m", "take no trick"), ("bid 6h", "take at least 12 tricks"),
    ("bid 7h", "take all 13 tricks"),
])
def test_contract_promises(text, promise):
    s = new(BASIC)
    to_continuation(s, text)
    play(s, *["pass"] * 4)
    assert G.view(s, 3)["promise"] == promise
    assert G.view(s, 3)["trumps"] == ("hearts" if text.endswith("h") else "none")


# -- 12.6 knocking -------------------------------------------------------------------------

def knocking_state():
    s = new(BASIC)
    to_continuation(s, "bid 6s")                     # no opponents' exchange
    play(s, *["pass"] * 4)
    return s


def test_left_hand_opponent_then_right_hand_opponent_may_knock():
    s = knocking_state()
    assert s.to_act == (1,)
    assert [G.action_text(a) for a in s.legal_actions()] == ["knock", "pass"]
    play(s, "pass")
    assert s.to_act == (3,)
    play(s, "pass")
    assert s.phase.name == "PLAY" and G.factor(s) == 1 and s.to_act == (1,)


def test_a_knock_is_answered_by_the_knockers_left_hand_opponent_first():
    s = knocking_state()
    play(s, "knock")
    assert s.to_act == (2,)
    assert [G.action_text(a) for a in s.legal_actions()] == ["kontra", "pass"]
    play(s, "pass")
    assert s.to_act == (0,)                          # decision: then the right-hand one
    play(s, "pass")
    assert s.phase.name == "PLAY" and G.factor(s) == 2


def test_right_hand_opponents_knock_and_the_kontra_knock():
    s = knocking_state()
    play(s, "pass", "knock")
    assert s.to_act == (0,)                          # left of seat 3
    play(s, "kontra")
    assert s.phase.name == "PLAY" and G.factor(s) == 4
    assert G.view(s, 2)["knocks"] == [[1, "pass"], [3, "knock"], [0, "kontra"]]


def test_knocking_refuses_other_words():
    s = knocking_state()
    with pytest.raises(IllegalAction, match="say knock or pass"):
        s.play("kontra")
    with pytest.raises(ParseError):
        s.play("knock twice")


# -- 12.7 the game and 12.8 scoring of played deals -------------------------------------------

def declared(contract_text, declarer_gives=("give 2H", "give 2D", "give 2C", "give 3S")):
    """Seat 0 declares ``contract_text`` at once (no opponents' exchange)."""
    s = new(BASIC)
    to_continuation(s, contract_text)
    play(s, *["pass"] * 4)
    return s


def test_left_hand_opponent_of_the_declarer_leads_and_trumps_win():
    s = declared("bid 6s")
    play(s, "pass", "pass")
    assert s.to_act == (1,)
    # seat 0 holds spades and 2D, seat 1 hearts and 2C, seat 2 diamonds and 3S,
    # seat 3 clubs and 2H
    play(s, "AH", "5D", "2H", "4S")       # seat 0 ruffs the ace of hearts
    assert s.tricks[-1][1] == 0 and s.to_act == (0,)
    play(s, "2D", "KH")
    with pytest.raises(IllegalAction, match="must follow suit \\(diamonds\\)"):
        s.play("3S")
    assert s.trick == [(0, DECK.parse("2D")), (1, DECK.parse("KH"))]


def test_made_contract_of_six_spades_all_thirteen_tricks():
    s = declared("bid 6s")
    play(s, "pass", "pass")
    play_out(s, high_seats=(0, 2), trump=0)
    r = s.results[-1]
    assert r["tricks"] == [13, 0] and r["points"] == [36, 0]
    assert s.totals == [36, 0]


def test_knocked_and_kontra_knocked_contract_scores_four_times():
    s = declared("bid 6s")
    play(s, "knock", "kontra")
    play_out(s, high_seats=(0, 2), trump=0)
    assert s.results[-1]["points"] == [144, 0] and s.results[-1]["knocks"] == 4


def test_failed_contract_costs_the_declaring_side():
    # seat 1 declares spades without a spade: seats 0 and 2 take every trick
    s = new(BASIC)
    play(s, "pass", "bid 1s", *["pass"] * 8)
    play(s, "give 2S", "give 2D", "give 2C", "give 3H")    # seat 1 to seat 3
    play(s, "give 2S", "give 2C", "give 2D")               # seat 3: to 0, to 1, to 2
    play(s, *["pass"] * 4)                                 # 5 spades by seat 1
    play(s, "give 3D", "give 3S")                          # seat 2 to seat 0, seat 0 to seat 2
    play(s, "knock", "pass", "pass")                       # seat 2 knocks
    play_out(s, high_seats=(0, 2), trump=0)
    r = s.results[-1]
    assert r["tricks"] == [13, 0]
    assert r["points"] == [0, -(11 + 5 * 10) * 2]          # eleven missing, knocked


def test_made_misere_scores_the_aces_in_the_opponents_tricks():
    # seat 0 declares 5 misere; seat 1 leads hearts and, the only one with hearts,
    # wins every trick; everyone plays low, so the four aces fall in trick 13
    s = declared("bid 1m")
    play(s, "give 3H", "give 3C")
    play(s, "pass", "pass")
    play_out(s)
    r = s.results[-1]
    assert r["tricks"] == [0, 13]
    assert r["points"] == [25 - 12 + 4 * 13, 0]


@pytest.mark.parametrize("code,taken,factor,aces,points", [
    # made contracts (12.8): 25, 36, 49; misere 12 less, no trump 12 more
    (bid_code(5, SPADE), 11, 1, (0, 0), [25, 0]),        # exactly eleven tricks
    (bid_code(5, SPADE), 13, 1, (0, 0), [25, 0]),
    (bid_code(6, HEART), 12, 1, (0, 0), [36, 0]),
    (bid_code(7, HEART), 13, 1, (0, 0), [49, 0]),
    (bid_code(5, NOTRUMP), 11, 1, (0, 0), [37, 0]),
    (bid_code(7, NOTRUMP), 13, 1, (0, 0), [61, 0]),
    (bid_code(5, MISERE), 2, 1, (0, 0), [13, 0]),        # at most two tricks
    (bid_code(6, MISERE), 1, 1, (0, 0), [24, 0]),
    (bid_code(7, MISERE), 0, 1, (0, 0), [37, 0]),
    # missing tricks: first 11, 11, 17, then 5, 6, 7 each
    (bid_code(5, SPADE), 10, 1, (0, 0), [-11, 0]),       # one short of eleven
    (bid_code(5, SPADE), 8, 1, (0, 0), [-21, 0]),
    (bid_code(6, SPADE), 11, 1, (0, 0), [-11, 0]),
    (bid_code(6, SPADE), 9, 1, (0, 0), [-23, 0]),
    (bid_code(7, SPADE), 12, 1, (0, 0), [-17, 0]),
    (bid_code(7, NOTRUMP), 10, 1, (0, 0), [-31, 0]),
    (bid_code(5, MISERE), 3, 1, (0, 0), [-11, 0]),       # three tricks in a five misere
    (bid_code(7, MISERE), 2, 1, (0, 0), [-24, 0]),
    # knocks double, a kontra-knock quadruples
    (bid_code(5, SPADE), 11, 2, (0, 0), [50, 0]),
    (bid_code(5, SPADE), 10, 4, (0, 0), [-44, 0]),
    # aces in a made misere go to each side for the other's tricks, not knocked
    (bid_code(5, MISERE), 2, 2, (3, 40), [26 + 40, 3]),
    (bid_code(5, MISERE), 3, 2, (3, 40), [-22, 0]),      # failed: no aces
])
def test_contract_scoring_table_row_by_row(code, taken, factor, aces, points):
    assert contract_points(code, taken, factor, aces) == points


# -- 12.9 pass misere ----------------------------------------------------------------------

def pass_misere(*knocks):
    s = new(BASIC)
    play(s, *["pass"] * 4)
    # each gives his partner a card and gets it back: everyone keeps one suit
    play(s, "give 2S", "give 2H", "give 2S", "give 2H", *knocks)
    return s


def test_pass_misere_table_cards_one_each_from_the_dealers_left_then_gifts():
    s = new(BASIC)
    play(s, *["pass"] * 4)
    assert [h.bit_count() for h in s.hands] == [13] * 4
    assert s.hands[0] >> DECK.parse("2S") & 1 and s.hands[3] >> DECK.parse("2C") & 1
    assert last_event(s, "took", 1, by=1)["card"] == DECK.parse("2H")
    assert "card" not in last_event(s, "took", 0, by=1)
    assert s.queue == ((0, 2), (1, 3), (2, 0), (3, 1)) and s.to_act == (0,)


def test_pass_misere_knock_round_goes_round_until_the_first_knock():
    s = pass_misere()
    assert s.to_act == (0,)
    play(s, "pass", "pass", "knock")               # seat 2 knocks
    assert s.to_act == (3,)                        # its left-hand opponent answers first
    play(s, "pass")
    assert s.to_act == (1,)
    play(s, "kontra")
    assert G.factor(s) == 4 and s.phase.name == "PLAY" and s.to_act == (0,)


def test_pass_misere_without_knocks_and_its_scores():
    s = pass_misere("pass", "pass", "pass", "pass")
    assert s.to_act == (0,) and G.trump(s) is None
    play_out(s)
    r = s.results[-1]
    assert r["contract"] == "pass misere" and r["tricks"] == [13, 0]
    assert r["points"] == [0, 13 + 4 * 13]        # the other team's tricks and aces


def test_pass_misere_knocked_doubles_both_scores():
    assert pass_misere_points([(0, 0)] * 12 + [(1, 2)], 2) == [(1 + 26) * 2, 12 * 2]
    assert pass_misere_points([(0, 1), (1, 1)] + [(0, 0)] * 11, 4) == [(1 + 2) * 4, (12 + 1) * 4]


# -- 12.10 kotka -----------------------------------------------------------------------------

def test_kotka_thirteen_cards_types_rise_misere_after_hearts_every_bid_at_least_six():
    s = new(kotka_pack(ONE_SUIT_EACH_13), basic_deals=0, kotkas=1)
    legal = {G.action_text(a) for a in s.legal_actions()}
    assert "bid 5nt" not in legal and "bid 6s" in legal
    with pytest.raises(IllegalAction, match="at least 6"):
        s.play("bid 5nt")
    play(s, "bid 6h")
    legal = {G.action_text(a) for a in s.legal_actions()}
    assert "bid 6m" in legal and "bid 6nt" in legal and "bid 6d" not in legal
    play(s, "bid 6m", "bid 6nt")
    assert s.calls[-2:] == [(1, bid_code(6, MISERE)), (2, bid_code(6, NOTRUMP))]


def test_kotka_exchange_four_to_the_partner_and_four_back_no_opponents_exchange():
    s = new(kotka_pack(ONE_SUIT_EACH_13), basic_deals=0, kotkas=1)
    play(s, "bid 6s", *["pass"] * 8)
    assert s.queue == ((0, 2),) * 4 + ((2, 0),) * 4 and not s.shown
    play(s, "give 2S", "give 3S", "give 4S", "give 5S", "give 2D", "give 3D", "give 4D",
         "give 5D")
    assert [h.bit_count() for h in s.hands] == [13] * 4
    play(s, *["pass"] * 4)
    assert s.phase.name == "KNOCK" and s.contract == bid_code(6, SPADE)


def test_kotka_pass_misere_has_no_table_cards():
    s = new(kotka_pack(ONE_SUIT_EACH_13), basic_deals=0, kotkas=1)
    play(s, *["pass"] * 4)
    assert s.pass_misere and [h.bit_count() for h in s.hands] == [13] * 4
    assert "took" not in kinds(s)


# -- views: won tricks face down ------------------------------------------------------------

def test_last_trick_shows_until_the_next_card_earlier_tricks_as_counts():
    s = declared("bid 6s")
    play(s, "pass", "pass", "AH", "5D", "2H", "4S")
    v = G.view(s, 3)
    assert v["last_trick"] == {"cards": [[1, DECK.parse("AH")], [2, DECK.parse("5D")],
                                         [3, DECK.parse("2H")], [0, DECK.parse("4S")]],
                               "won_by": 0}
    assert v["tricks_won"] == [1, 0, 0, 0]
    play(s, "2S")
    v = G.view(s, 3)
    assert v["last_trick"] is None and v["tricks_won"] == [1, 0, 0, 0]
    assert "tricks" not in v


def test_voids_shown_in_play_are_in_the_view():
    s = declared("bid 6s")
    play(s, "pass", "pass", "AH", "5D")
    assert G.view(s, 0)["voids"][2] == 1 << 1        # seat 2 showed no hearts


# -- bad input ---------------------------------------------------------------------------------

def test_out_of_turn_and_malformed_actions_are_refused():
    s = new(BASIC)
    with pytest.raises(IllegalAction, match="seat 2 may not act now"):
        G.apply(s, G.PASS, 2)
    with pytest.raises(ParseError):
        s.play("bid 8s")
    with pytest.raises(ParseError):
        s.play("bid")
    assert s.calls == []


def test_bots_finish_a_match_and_bid_contracts():
    s = play_match(G, ["heuristic"], 11)
    assert s.outcome is not None
    assert any(r["contract"] != "pass misere" for r in s.results)


def test_equal_totals_after_the_last_deal_are_a_draw():
    s = new(BASIC, basic_deals=1, kotkas=0)
    play(s, *["pass"] * 4, "give 2S", "give 2H", "give 2S", "give 2H", *["pass"] * 4)
    s.totals = [-65, -65]                 # as if the deal had left the teams level
    G._finish_match(s)
    assert s.outcome.winners == () and "a draw at -65" in s.outcome.reason


def test_the_browser_gets_the_deal_in_words_and_the_trick_as_cards():
    from pelit.server.hub import layout_of, web_view
    s = declared("bid 6s")
    play(s, "pass", "pass", "AH")
    v = web_view(G, s, 2)
    assert "Contract   6 spades by Seat 0" in v["board_text"]
    assert v["trick"] == [[1, "AH"]]
    layout = layout_of(G)
    # the page draws only the fields the declaration shows: the words, the
    # trick as cards, never the raw calls
    show = layout["show"]
    assert show["board_text"] == "text" and show["trick"] == "trick" and "calls" not in show
