"""Bridge Meets Guess Who by seed 000 ch. 4: scripted deals citing the section each rule comes from."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import pelit
from pelit.cards.android import range_command
from pelit.cards.chips import ChipError, Chips
from pelit.cards.deck import HEARTS, SPADES, mask_of
from pelit.cards.handquery import answer, canonical, parse_question
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.bridge_meets_guess_who import DECK, Phase, deal_payment

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests/: support

from support import card_ids_in, random_step, snapshot  # noqa: E402

G = pelit.load("bridge-meets-guess-who")


def pack(p0: str, p1: str, p2: str, p3: str) -> str:
    """Places 0..3 get these hands; dealing (decision, 4.2) is one card at a
    time clockwise from the dealer's left (place 1)."""
    hands = [p.split() for p in (p0, p1, p2, p3)]
    return " ".join(hands[place][i] for i in range(13) for place in (1, 2, 3, 0))


P0 = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"          # human 0, the dealer
P1 = "AH KH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"          # android of human 1 (human 0 sees it)
P2 = "2H 3H 4H 2S 3S 4S 5S 6S 7S 8S 9S TS JS"          # android of human 0 (human 1 sees it)
P3 = "5H 6H 7H 8H 9H TH JH QH KC AC QS KS AS"          # human 1
DEAL = pack(P0, P1, P2, P3)


def hand(text):
    return mask_of(DECK.parse_many(text))


def texts(state):
    return {G.action_text(a) for a in state.legal_actions()}


def new(**kw):
    return G.new_state(seed=1, decks=[DEAL], **kw)


# -- 4.1 / 4.2 setup ------------------------------------------------------------

def test_setup_chips_rake_and_who_sees_which_android_4_1_4_2():
    s = new()
    assert s.chips.chips == [50, 50] and s.chips.bank == 10 and s.chips.tokens == 20
    v0, v1 = s.view(0), s.view(1)
    assert int(v0["hand"]) == hand(P0) and int(v0["android_hand"]) == hand(P1)
    assert int(v1["hand"]) == hand(P3) and int(v1["android_hand"]) == hand(P2)
    # never the partner android: not in the view, not in the events
    assert (card_ids_in(v0) | card_ids_in(G.events_for(s, 0))) & hand(P2) == 0
    assert (card_ids_in(v1) | card_ids_in(G.events_for(s, 1))) & hand(P1) == 0
    assert s.phase == Phase.BID and s.to_act == (0,)      # decision: the dealer calls first


# -- 4.2.1 auction ---------------------------------------------------------------

def test_auction_bids_rise_double_needs_a_bid_and_ends_it_4_2_1():
    s = new()
    with pytest.raises(IllegalAction, match="needs a bid"):
        s.play("double")
    with pytest.raises(ParseError):
        s.play("bid 6s")                     # bids start at seven
    s.play("bid 7s")
    with pytest.raises(IllegalAction, match="higher"):
        s.play("bid 7h")
    s.play("bid 7nt")
    s.play("bid 8c")
    s.play("double")
    assert s.phase == Phase.PLAY and s.declarer == 0 and s.doubled   # the bidder declares
    assert s.view(1)["contract"] == "8c" and s.trump == DECK.suit_of[DECK.parse("2C")]


def test_pass_ends_the_auction_except_a_first_pass_4_2_1():
    s = new()
    s.play("pass")                           # a first pass: human 1 may still bid
    assert s.phase == Phase.BID and s.to_act == (1,)
    s.play("bid 7h")
    assert s.to_act == (0,)                  # decision: the auction goes on
    s.play("pass")
    assert s.phase == Phase.PLAY and s.declarer == 1 and s.trump == HEARTS and not s.doubled
    # the declarer (place 3)'s left is the dealer's place 0: human 0 leads his own hand
    assert s.turn == 0 and s.to_act == (0,)


def test_no_bid_is_no_trump_and_the_dealer_leads_4_2_1_4_2_2():
    s = new()
    s.play("pass")
    s.play("pass")
    assert s.phase == Phase.PLAY and s.declarer is None and s.trump is None
    assert s.turn == 0 and s.to_act == (0,)


# -- 4.2.2 commands ------------------------------------------------------------------

@pytest.mark.parametrize("hand_text,lead,suit,lo,hi,high,want", [
    ("2H 5H 9H KH 3S", None, HEARTS, 4, 10, False, "5H"),      # lowest in the range
    ("2H 5H 9H KH 3S", None, HEARTS, 4, 10, True, "9H"),       # highest in the range
    ("2H 5H 9H KH 3S", None, HEARTS, 13, 13, True, "KH"),      # a one-card range
    ("2H 5H 9H KH 3S", None, HEARTS, 10, 12, False, None),     # no card in the range
    ("2H 5H 9H KH 3S", HEARTS, SPADES, 2, 14, False, None),    # must follow hearts
    ("2H 5H 9H KH 3S", SPADES, HEARTS, 2, 14, True, None),     # must follow spades (3S)
    ("2H 5H 9H KH 3S", SPADES, SPADES, 2, 14, True, "3S"),
])
def test_range_command_4_2_2(hand_text, lead, suit, lo, hi, high, want):
    card = range_command(hand(hand_text), lead, suit, lo, hi, high, DECK)
    assert (None if card is None else DECK.text(card)) == want


def test_range_command_when_void_in_the_lead_suit_4_2_2():
    card = range_command(hand("2H 5H"), SPADES, HEARTS, 2, 14, True, DECK)
    assert DECK.text(card) == "5H"


def test_error_message_costs_a_chip_and_commands_in_play_4_2_2():
    s = new()
    s.play("bid 7s")
    s.play("double")                         # human 0 declares 7 spades doubled
    assert s.turn == 1 and s.to_act == (1,)  # declarer's left: human 1's android leads
    s.play("diamonds 2-a lowest")            # void: Error Message
    assert s.chips.chips == [51, 49]         # one chip to the opponent
    err = [e for e in G.events_for(s, 1) if e["kind"] == "error_message"][-1]
    assert card_ids_in(err) == 0 and err["command"] == "diamonds 2-a lowest"
    assert "diamonds 2-a lowest" not in texts(s)          # decision: not offered again
    s.play("hearts k-a highest")             # AH
    assert [DECK.text(c) for _, c in s.trick] == ["AH"]
    s.play("clubs 2-a lowest")               # human 0's android holds hearts: Error Message
    assert s.chips.chips == [50, 50]
    s.play("hearts 2-4 highest")             # 4H
    s.play("5H")
    s.play("2D")
    assert s.tricks == [0, 1] and s.turn == 1
    # "anything goes": the opponent picks, following suit
    s.play("anything goes")
    assert s.phase == Phase.CHOOSE and s.to_act == (0,)
    with pytest.raises(IllegalAction):
        s.play("ask hcp >= 1")               # no questions while picking
    s.play("KH")                             # human 0 picks the android's card
    with pytest.raises(IllegalAction, match="by command"):
        s.play("2H")
    s.play("hearts 10-a lowest")             # Error Message: no such heart
    s.play("hearts 2-2 lowest")
    s.play("6H")
    with pytest.raises(IllegalAction, match="not in the hand"):
        s.play("AS")                         # human 0 plays his own hand: no AS there
    s.play("3D")
    assert s.tricks == [0, 2]


def test_tokens_exhausted_leave_only_anything_goes_4_2_3():
    s = new()
    s.play("pass")
    s.play("pass")
    s.play("2D")                             # dealer leads; place 1 (human 1's android)
    s.chips.chips[1] = 0
    s.chips.tokens = 0
    s._legal = None
    assert texts(s) == {"anything goes"}
    with pytest.raises(IllegalAction):
        s.play("ask hcp >= 1")


# -- 4.3 questions -----------------------------------------------------------------

def test_questions_cost_a_chip_and_are_answered_truthfully_4_3():
    s = new()
    s.play("ask hearts >= 3 and has 2S")     # about place 2: three hearts, the 2S
    s.play("ask (hcp between 0 and 1) or not void spades")
    s.play("ask aces > 0")
    qs = [e for e in G.events_for(s, 1) if e["kind"] == "question"]
    assert [q["answer"] for q in qs] == ["yes", "yes", "no"]
    assert s.chips.chips == [47, 53]
    assert s.to_act == (0,) and s.phase == Phase.BID     # still human 0's call


@pytest.mark.parametrize("bad", ["hearts >=", "has ZZ", "hcp between 3", "spades 3",
                                 "(hcp > 3", "hcp > 3 hearts < 2", "tricks > 3", ""])
def test_invalid_questions_are_refused_and_cost_nothing_4_3(bad):
    s = new()
    before = snapshot(s)
    with pytest.raises(ParseError):
        s.play("ask " + bad)
    assert snapshot(s) == before


def test_questions_only_on_ones_own_turn_4_3():
    s = new()
    with pytest.raises(IllegalAction):
        G.apply(s, G.question_action("hcp >= 10"), 1)
    with pytest.raises(IllegalAction):
        G.apply(s, G.question_action("cards = 13 and hcp >= 1"), 1)


@pytest.mark.parametrize("question,want", [
    ("has AS", False), ("has 2s", True), ("spades = 10", True), ("spades != 10", False),
    ("hearts < 3", False), ("hearts <= 3", True), ("hcp = 1", True), ("jacks >= 1", True),
    ("cards = 13", True), ("void diamonds", True), ("not void hearts", True),
    ("clubs > 0 or spades > 8 and hearts = 3", True),
    ("(clubs > 0 or spades > 8) and hearts = 4", False),
    ("hcp between 1 and 1 and not has JS", False),
])
def test_query_language_4_3(question, want):
    tree = parse_question(question)
    assert answer(tree, hand(P2), DECK) is want
    assert canonical(parse_question(canonical(tree))) == canonical(tree)


# -- 4.2.3 scoring --------------------------------------------------------------------

@pytest.mark.parametrize("level,tricks,doubled,pay", [
    (7, 7, False, 5 + 1),            # 5 for seven promised, 1 for seven won
    (7, 9, False, 5 + 3),
    (8, 8, False, 10 + 2),
    (9, 9, False, 15 + 3),
    (13, 13, False, 35 + 7),
    (9, 7, False, -(9 - 7) * 5),     # the seed's example: contract 9, seven won
    (10, 3, False, -35),
    (8, 8, True, 24),
    (9, 7, True, -20),
])
def test_deal_payment_4_2_3(level, tricks, doubled, pay):
    assert deal_payment(level, tricks, doubled) == pay


def _finish_deal(s):
    """Play the deal out: commands 'anything goes', the first legal card otherwise."""
    start = s.deal_no
    while s.outcome is None and s.deal_no == start:
        legal = s.legal_actions()
        if G.ANYTHING in legal:
            s.apply(G.ANYTHING)
        else:
            s.apply(min(a for a in legal if a < DECK.size))


def test_a_whole_deal_pays_by_the_table_4_2_3():
    s = new()
    s.play("bid 7s")
    s.play("pass")
    _finish_deal(s)
    e = [e.public for e in s.events if e.kind == "deal_scored"][0]
    pay = deal_payment(7, e["tricks"][0], False)
    assert e["declarer"] == 0 and e["payment"] == abs(pay)
    assert s.chips.chips[0] == 50 + pay - 5 and s.chips.chips[1] == 50 - pay - 5  # next rake


def test_no_contract_scored_as_seven_no_trump_for_more_tricks_4_2_3():
    s = new()
    s.play("pass")
    s.play("pass")
    _finish_deal(s)
    e = [e.public for e in s.events if e.kind == "deal_scored"][0]
    side = 0 if e["tricks"][0] > e["tricks"][1] else 1
    assert e["declarer"] == side and e["level"] == 7 and e["contract"] is None
    assert e["payment"] == deal_payment(7, e["tricks"][side], False) and e["payer"] == 1 - side


def test_bank_loan_repaid_at_the_end_of_the_deal_4_2_3():
    s = new(chips=10)                        # 5 each after the rake
    for _ in range(7):
        s.play("ask hcp >= 1")               # five from his chips, two on loan
    assert s.chips.chips == [0, 12] and s.chips.debt[0] == 2 and s.chips.tokens == 18
    s.play("bid 7d")
    s.play("pass")
    _finish_deal(s)                          # human 0's side takes all 13 tricks
    e = [e.public for e in s.events if e.kind == "deal_scored"][0]
    assert e["tricks"] == [13, 0] and e["payment"] == 5 + 7 and e["payer"] == 1
    assert [e.public["amount"] for e in s.events if e.kind == "repaid"] == [2]
    assert s.chips.debt == [0, 0] and s.chips.tokens == 20 and s.chips.chips == [10, 0]
    # human 1 is left with nothing: he cannot pay the next rake and loses (4.2.3)
    assert s.outcome.winners == (0,) and "rake" in s.outcome.reason


def test_chips_accounts():
    c = Chips(2, 3, tokens=2, bank=2)
    assert c.pay_on_credit(0, 1, 5) == 2 and c.debt[0] == 2 and c.chips == [0, 8]
    assert not c.can_pay_on_credit(0, 1)      # no tokens left
    with pytest.raises(ChipError):
        c.pay_on_credit(0, 1, 1)
    assert not c.repay(0)
    c.pay(1, 0, 4)
    assert c.repay(0) and c.debt == [0, 0] and c.tokens == 2 and c.chips == [2, 4]


def test_whole_match_ends_when_a_player_cannot_pay_4_2_3():
    from pelit.sim.runner import play_match
    st = play_match(G, ["heuristic", "heuristic"], 3)
    assert "cannot" in st.outcome.reason and len(st.outcome.winners) == 1
    dealers = [e.public["dealer"] for e in st.events if e.kind == "deal"]
    assert dealers == [i % 2 for i in range(len(dealers))]


def test_random_play_against_the_bot():
    from pelit.sim.runner import play_match
    wins = sum(play_match(G, ["heuristic", "random"], seed).outcome.winners == (0,)
               for seed in range(4))
    assert wins >= 3


def test_sampled_worlds_answer_questions_like_the_real_hand_4_3():
    s = new()
    s.play("ask hearts = 3 and spades >= 9")
    rng = random.Random(1)
    for _ in range(5):
        w = G.sample_world(s.view(0), rng)
        assert answer(parse_question("hearts = 3 and spades >= 9"), w.hands[2], DECK)
        seat, a = random_step(w, rng)          # play goes on from the sampled world
        G.apply(w, a, seat)


def test_declarer_who_cannot_pay_for_a_failed_contract_loses_4_2_3():
    s = new(chips=10)                        # 5 each after the rake
    s.play("bid 13nt")
    s.play("double")
    _finish_deal(s)
    e = [e.public for e in s.events if e.kind == "deal_scored"][0]
    assert e["tricks"][0] < 13 and e["payer"] == 0 and e["payment"] >= 10
    assert s.outcome.winners == (1,) and "cannot pay" in s.outcome.reason


def test_records_keep_questions_as_text_and_replay():
    import json

    from pelit.core.records import check_record, record_of
    s = new()
    s.play("ask (hearts between 2 and 3) and not has AS")
    s.play("bid 7s")
    s.play("pass")
    rec = json.loads(json.dumps(record_of(s)))
    assert rec["actions"][0] == "ask (hearts between 2 and 3) and not has AS"
    again = check_record(rec)
    assert snapshot(again) == snapshot(s)
