"""Kontsina by seed 001 "Kontsina": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.kontsina import DECK, capture_targets, score_hand
from pelit.sim.runner import play_match

G = pelit.load("kontsina")


def pack_for(hands: list[str], table: str, stock_top: str = "") -> str:
    """Deal from the dealer's left (seat 0 in hand 1), one at a time, four
    each; then the four table cards; then the stock, ``stock_top`` first."""
    hs = [DECK.parse_many(h) for h in hands]
    pack = [hs[p][i] for i in range(4) for p in range(len(hs))]
    pack += DECK.parse_many(table) + DECK.parse_many(stock_top)
    pack += [c for c in range(52) if c not in pack]
    return DECK.texts(pack)


def cards(text):
    return mask_of(DECK.parse_many(text))


def new(hands=("9H 5C KD 2C", "3S 6H 7D 8S"), table="5S 4D 2H QC", stock_top="", **opts):
    hands = list(hands)
    return G.new_state(seed=1, players=len(hands),
                       decks=[pack_for(hands, table, stock_top)], **opts)


def legal(s):
    return {G.action_text(a) for a in s.legal_actions()}


def test_setup_four_each_four_on_the_table_left_of_dealer_starts():
    # Setup: four cards each and four face up; Game play: dealer's left begins
    s = new()
    assert s.hands[0] == cards("9H 5C KD 2C") and s.hands[1] == cards("3S 6H 7D 8S")
    assert s.table == cards("5S 4D 2H QC") and len(s.stock) == 40
    assert s.to_act == (0,) and s.dealer == 1


def test_match_captures_one_card_of_the_rank():
    # Capturing cards: matching by rank takes only one card of that rank
    s = new(table="5S 5D 2H QC")
    s.play("5C")
    assert legal(s) == {"take 5S", "take 5D", "lay"}
    s.play("take 5D")
    assert s.won[0] == cards("5C 5D") and s.table == cards("5S 2H QC")
    assert s.to_act == (1,)


def test_sum_captures_two_or_more_cards_adding_up():
    # Capturing cards: a 9 takes 5+4 or 2+3+4 (ace counts one)
    s = new(table="5S 4D 2H QC")
    s.play("9H")
    assert legal(s) == {"take 5S", "take 4D", "lay"}   # 2H cannot complete a 9 here
    s.play("take 4D")
    assert legal(s) == {"take 5S"}                     # no laying once a capture has begun
    s.play("take 5S")
    assert s.won[0] == cards("9H 5S 4D") and s.table == cards("2H QC")
    assert set(DECK.parse_many("AH 2S 3D")) <= set(capture_targets(DECK.parse("6C"),
                                                                   cards("AH 2S 3D 9C")))


def test_face_cards_only_by_matching():
    # Capturing cards: face cards have no value and capture only their own rank
    s = new(hands=("KD 5C 9H 2C", "3S 6H 7D 8S"), table="KS 4D 2H QC")
    s.play("KD")
    assert legal(s) == {"take KS", "lay"}
    assert capture_targets(DECK.parse("TH"), cards("KS QC")) == []   # no sums with faces
    s.play("take KS")
    assert s.won[0] == cards("KD KS")


def test_laying_a_card_that_captures_nothing_and_optional_capture():
    # Game play: a card that matches nothing is laid; (decision) a capture may be declined
    s = new()
    s.play("KD")                                       # no king on the table
    assert s.table & cards("KD") and s.to_act == (1,)
    s2 = new()
    s2.play("9H")
    s2.play("lay")
    assert s2.table & cards("9H") and s2.won[0] == 0


def test_replenish_four_each_when_all_hands_are_empty():
    # Replenishing the hands: everyone has played four: four new cards each
    s = new(stock_top="AS AH AD AC 3C 4C 6C 7C")
    for t0, t1 in (("KD", "3S"), ("2C", "6H"), ("5C", "7D"), ("9H", "8S")):
        s.play(t0)
        if s.phase is G.Phase.CAPTURE:
            s.play("lay")
        s.play(t1)
        if s.phase is G.Phase.CAPTURE:
            s.play("lay")
    assert s.hands[0] == cards("AS AD 3C 6C") and s.hands[1] == cards("AH AC 4C 7C")
    assert s.to_act == (0,)


def test_last_capturer_takes_the_table_and_hand_is_scored():
    # Ending the hand: the rest of the table goes to the last player to capture
    s = new()
    s.stock = []
    s.hands = [cards("5C"), cards("3S")]
    s.table = cards("5S 4D 2H QC")
    s.play("5C")
    s.play("take 5S")
    s.play("3S")                                       # laid: nothing on the table makes 3
    assert s.results and s.results[0][0] >= 2
    last = [e for e in s.events if e.kind == "last_cards"][0]
    assert last.seat == 0 and int(last.public["cards"]) == cards("4D 2H QC 3S")


def test_scoring_lines_row_by_row():
    # Ending the hand: 2 most cards (ties: nobody), 1 most clubs, 1 the 2C, 1 the TD
    a = cards("2C 3C 4C TD 5H")
    b = cards("6C 7H 8H")
    la, lb = score_hand([a, b])
    assert la == {"most cards": 2, "most clubs": 1, "two of clubs": 1, "ten of diamonds": 1,
                  "total": 5}
    assert lb == {"most cards": 0, "most clubs": 0, "two of clubs": 0, "ten of diamonds": 0,
                  "total": 0}
    tie = score_hand([cards("2C 3H"), cards("4C 5H"), cards("6H")])
    assert [t["most cards"] for t in tie] == [0, 0, 0]
    assert [t["most clubs"] for t in tie] == [0, 0, 0]
    assert tie[0]["two of clubs"] == 1


def test_match_to_target_and_tie_break_hands():
    # Ending the hand: play to the target; a tie for the highest plays more hands
    s = new(target=3)
    s.scores = [2, 2]
    s.stock = []
    s.hands = [cards("5C"), cards("3S")]
    s.table = cards("5S 4D")
    s.play("5C")
    s.play("take 5S")
    s.play("3S")
    # seat 0 won 5C 5S 4D 3S: most cards 2, most clubs 1 -> 5
    assert s.outcome is not None and s.outcome.winners == (0,)
    t = new(target=1)
    t.scores = [0, 0]
    t.stock = []
    t.hands = [cards("QD"), cards("JS")]
    t.table = cards("5S 4D")
    t.play("QD")
    t.play("JS")                                        # nobody captured: a 0-0 hand
    assert t.outcome is None and t.hand_no == 1 and t.dealer == 0   # next hand, dealer left


def test_bad_input_is_refused_and_changes_nothing():
    s = new()
    before = (s.hands.copy(), s.table, len(s.history))
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("3S")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("3S", seat=1)
    with pytest.raises(ParseError):
        s.play("grab 5S")
    assert (s.hands, s.table, len(s.history)) == before
    s.play("9H")
    with pytest.raises(IllegalAction, match="cannot be part"):
        s.play("take 2H")
    with pytest.raises(IllegalAction, match="not on the table"):
        s.play("take 8S")
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=5)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_whole_match_between_bots(n):
    s = play_match(G, ["heuristic"], seed=n, players=n, target=11)
    best = max(s.outcome.scores)
    assert best >= 11 and s.outcome.scores.count(best) == 1
