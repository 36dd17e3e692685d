"""Musta Maija by seed 000 ch. 28 (and problem 1 of ch. 32): scripted deals citing sections."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.musta_maija import DECK, MAIJA, beats
from pelit.sim.runner import play_match

G = pelit.load("musta-maija")


def pack_for(hands: list[str], turned: str, stock_top: str = "") -> str:
    """Deal one card at a time from seat 0: ``hands`` (five cards each), then
    the ``turned`` card(s) for trumps, then ``stock_top`` (drawn first), then
    the rest in id order."""
    hs = [DECK.parse_many(h) for h in hands]
    pack = [hs[p][i] for i in range(5) for p in range(len(hs))]
    pack += DECK.parse_many(turned) + DECK.parse_many(stock_top)
    pack += [c for c in range(52) if c not in pack]
    return DECK.texts(pack)


def cards(text):
    return mask_of(DECK.parse_many(text))


H3 = ["2H 3H 4H QS 9C", "5H KH 2C 3C 4C", "6H 7H 8H 9H TH"]


def new(hands=H3, turned="JD", stock_top="", players=3):
    return G.new_state(seed=1, players=players, decks=[pack_for(hands, turned, stock_top)])


def test_setup_five_cards_each_trump_card_under_the_stock():
    # 28.1: five cards each, the next card turned names trumps and lies under the stock
    s = new()
    assert [h.bit_count() for h in s.hands] == [5, 5, 5]
    assert s.trump == 2 and s.view(1)["trump"] == "diamonds"
    assert DECK.text(s.view(1)["trump_card"]) == "JD" and s.stock[0] == DECK.parse("JD")
    assert s.view(1)["stock"] == 52 - 15
    assert s.to_act == (0,) and s.defender == 1           # seat 0 attacks the player on its left


def test_turned_spade_goes_back_into_the_middle_and_another_is_turned():
    # 28.1: a spade cannot be trumps; it returns into the middle of the stock
    s = new(turned="AS 5S 3D")
    assert s.trump == 2 and DECK.text(s.stock[0]) == "3D"
    assert int(s.view(0)["returned"]) == cards("AS 5S")
    assert DECK.parse("AS") in s.stock[1:] and DECK.parse("5S") in s.stock[1:]
    kinds = [e.kind for e in s.events]
    assert kinds.count("spade_returned") == 2


def test_attack_is_one_suit_and_maija_counts_as_a_spade():
    # 28.2: all attacking cards of one suit; Musta Maija is a spade for this
    s = new(hands=["2S QS 4H 3H 9C", "5H KH 2C 3C 4C", "6H 7H 8H 9H TH"])
    s.play("2S")
    legal = {G.action_text(a) for a in s.legal_actions()}
    assert legal == {"QS", "done"}
    with pytest.raises(IllegalAction, match="one suit"):
        s.play("4H")
    s.play("QS")
    assert s.phase is G.Phase.DEFEND             # no more spades: the attack ends by itself


def test_attack_no_larger_than_the_defenders_hand():
    # 28.2: no more cards than the player on the left holds
    s = new(hands=["2H 3H 4H 5H 6H", "KC 2C 3C 4C 5C", "7H 8H 9H TH JH"])
    s.hands[1] = cards("KC 2C")                  # the defender is down to two cards
    s.to_act = (0,)
    s.limit = 2
    s.play("2H")
    s.play("3H")
    assert s.phase is G.Phase.DEFEND and len(s.table) == 2
    assert s.limit == 2


def test_beating_higher_same_suit_or_any_trump_one_card_each():
    # 28.2: a higher card of the suit or a trump on a non-trump; a card beats one card
    assert beats(DECK.parse("KH"), DECK.parse("5H"), trump=2)
    assert not beats(DECK.parse("4H"), DECK.parse("5H"), trump=2)
    assert beats(DECK.parse("2D"), DECK.parse("AH"), trump=2)
    assert not beats(DECK.parse("AH"), DECK.parse("2D"), trump=2)
    assert beats(DECK.parse("3D"), DECK.parse("2D"), trump=2)
    assert not beats(DECK.parse("AC"), DECK.parse("5H"), trump=2)
    s = new(hands=["2H 3H 4H 5H 9C", "KH 2D 2C 3C 4C", "6H 7H 8H 9H TH"])
    s.play("2H")
    s.play("3H")
    s.play("done")
    s.play("beat 2H")
    s.play("KH")
    assert {G.action_text(a) for a in s.legal_actions()} == {"beat 3H", "take"}
    s.play("beat 3H")
    with pytest.raises(IllegalAction, match="does not beat"):
        s.play("2C")
    s.play("2D")                                  # a trump beats the non-trump
    assert int(s.view(2)["discard"]) == cards("2H 3H KH 2D")


def test_musta_maija_neither_beats_nor_is_beaten():
    # 28.1/28.2: the queen of spades cannot be beaten and cannot beat
    assert not beats(DECK.parse("AS"), MAIJA, trump=2)
    assert not beats(DECK.parse("AD"), MAIJA, trump=2)
    assert not beats(MAIJA, DECK.parse("2S"), trump=2)
    s = new(hands=["QS 3H 4H 5H 9C", "KS AS 2D 3C 4C", "6H 7H 8H 9H TH"])
    s.play("QS")
    assert [G.action_text(a) for a in s.legal_actions()] == ["take"]
    with pytest.raises(IllegalAction, match="cannot be beaten"):
        s.play("beat QS")


def test_full_defence_attacks_next_and_a_taker_is_skipped():
    # 28.2: beating everything gives the defender the attack; taking passes it on
    s = new(hands=["2H 3C 4H 5H 9C", "KH 2D 2C 3S 4C", "6H 7H 8H 9H TH"])
    s.play("2H")
    s.play("done")
    s.play("beat 2H")
    s.play("KH")
    assert s.phase is G.Phase.ATTACK and s.to_act == (1,) and s.defender == 2
    s.play("3S")
    s.play("done")
    s.play("take")
    assert s.to_act == (0,) and s.defender == 1   # left of the taker (seat 2) is seat 0


def test_taken_cards_are_seen_by_everyone():
    # 28.2: cards on the table are face up; whoever takes them holds known cards
    s = new(hands=["QS 3H 4H 5H 9C", "KS AS 2D 3C 4C", "6H 7H 8H 9H TH"])
    s.play("QS")
    s.play("take")
    for seat in (None, 0, 2):
        assert int(s.view(seat)["shown"][1]) == 1 << MAIJA
    assert s.view(2)["hand_sizes"][1] == 6


def test_refill_to_five_after_attack_and_after_defence():
    # 28.2: whoever has fewer than five draws up to five (not in the middle of an action)
    s = new(hands=["2H 3H 4H 5H 9C", "KH AH 2C 3C 4C", "6H 7H 8H 9H TH"], stock_top="5C 6C 7C")
    s.play("2H")
    assert s.hands[0].bit_count() == 4            # still attacking: no drawing yet
    s.play("3H")
    s.play("done")
    assert s.hands[0] & cards("5C 6C") == cards("5C 6C") and s.hands[0].bit_count() == 5
    s.play("beat 2H")
    s.play("KH")
    s.play("beat 3H")
    s.play("AH")
    assert s.hands[1] & cards("7C") and s.hands[1].bit_count() == 5


def test_trump_card_is_drawn_last_and_then_known():
    # 28.1: the trump card lies under the stock
    s = new()
    s.stock = s.stock[:1]                          # only the trump card is left
    s.play("2H")
    s.play("done")
    assert s.stock == [] and s.hands[0] >> DECK.parse("JD") & 1
    assert int(s.view(2)["shown"][0]) == 1 << DECK.parse("JD")
    assert s.view(2)["trump_card"] is None


def test_going_out_and_the_last_holder_loses():
    # 28.3: with the stock gone an empty hand is out; the last player with cards loses
    s = new(hands=["2H 3H 4H 5H 9C", "KH AH 2C 3C 4C", "6H 7H 8H 9H TH"])
    s.stock = []
    s.hands = [cards("2H"), cards("KH 5C"), cards("QS 3S")]
    s.limit = 2
    s.play("2H")                                   # seat 0 plays its last card: out
    assert s.out == [0]
    s.play("beat 2H")
    s.play("KH")                                   # seat 1 beats all and attacks seat 2
    assert s.to_act == (1,) and s.defender == 2
    s.play("5C")
    s.play("take")                                 # seat 2 takes; the turn passes to seat 1
    assert s.outcome is not None and s.out == [0, 1]
    assert s.outcome.details["losers"] == [2] and s.outcome.winners == (0, 1)
    assert not s.outcome.details["deadlock"]


def test_defender_left_alone_loses_even_beating_his_last_cards():
    # 28.3 (decision): he was the last to hold cards
    s = new()
    s.stock = []
    s.hands = [cards("2H"), cards("KH"), 0]
    s.out = [2]
    s.play("2H")
    s.play("beat 2H")
    s.play("KH")
    assert s.outcome.details["losers"] == [1] and s.outcome.winners == (0, 2)


def test_odd_table_deadlock_by_repeated_position():
    # Problem 1: with three players one card can go round for ever; the third
    # repetition of a position ends the game as a deadlock
    s = new()
    s.stock = []
    s.hands = [cards("2H 3H"), cards("4H 5H"), cards("6H 7H")]
    s.positions = {(0, tuple(s.hands), 0): 1}
    s.limit = 2
    plays = 0
    while s.outcome is None:
        attacker = s.to_act[0]
        s.apply(min(s.legal_actions()))           # attack with one card
        if s.phase is G.Phase.ATTACK:
            s.play("done")
        s.play("take")                            # the defender always takes
        plays += 1
        assert plays < 50
    assert s.outcome.details["deadlock"] and "deadlock" in s.outcome.reason
    assert s.outcome.winners == () and s.outcome.returns() == (0.0, 0.0, 0.0)
    del attacker


def test_bad_input_is_refused_and_changes_nothing():
    s = new()
    before = (s.hands.copy(), s.table.copy(), len(s.history))
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("KH")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("5H", seat=1)
    with pytest.raises(IllegalAction):
        s.play("take")
    with pytest.raises(ParseError):
        s.play("throw 2H")
    assert (s.hands, s.table, len(s.history)) == before
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=2)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_whole_match_between_bots_ends(n):
    s = play_match(G, ["heuristic"], seed=n, players=n)
    d = s.outcome.details
    if not d["deadlock"]:
        assert len(d["losers"]) == 1 and len(s.outcome.winners) == n - 1
