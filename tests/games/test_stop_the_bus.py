"""Stop the Bus by seed 001 (Stop the Bus / Bastard): scripted deals for the
exchange, the call and the last round, the showdown and the tokens."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.brag import hand_key
from pelit.core.errors import IllegalAction
from pelit.games.stop_the_bus import DECK, Phase, token_losers

G = pelit.load("stop-the-bus")


def pack(hands, middle, dealer=0):
    """Three cards each, one at a time from the dealer's left, then the middle."""
    n = len(hands)
    hs = [DECK.parse_many(h) for h in hands]
    order = [(dealer + 1 + k) % n for k in range(n)]
    cards = [hs[p][i] for i in range(3) for p in order] + DECK.parse_many(middle)
    cards += [c for c in range(52) if c not in cards]
    return DECK.texts(cards)


def new(hands, middle, tokens=3, decks_after=()):
    return G.new_state(seed=1, players=len(hands), tokens=tokens,
                       decks=[pack(hands, middle), *decks_after])


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def test_setup_three_each_three_face_up_first_player_left_of_dealer():
    # Setup: three cards each, three face up; the player on the dealer's left starts
    s = new(["2S 7D 9C", "3S 8D TC", "4S 9D JC"], "AH KH QH")
    assert s.hands[1] == sum(1 << c for c in DECK.parse_many("3S 8D TC"))
    assert DECK.texts(s.middle) == "AH KH QH" and s.stub.bit_count() == 40
    assert s.to_act == (1,) and legal(s) == {"take AH", "take KH", "take QH"}


def test_exchange_takes_a_middle_card_and_puts_a_hand_card_in_its_place():
    # Game play: draw one of the three, discard one face up in its place
    s = new(["2S 7D 9C", "3S 8D TC", "4S 9D JC"], "AH KH QH")
    s.play("take KH")
    assert s.phase is Phase.DISCARD and legal(s) == {"3S", "8D", "TC",
                                                     "stop 3S", "stop 8D", "stop TC"}
    with pytest.raises(IllegalAction, match="may not go straight back"):
        s.play("KH")                     # decision: the exchange must change the hand
    s.play("3S")
    assert DECK.texts(s.middle) == "AH 3S QH" and s.to_act == (2,)
    assert G.view(s, 0)["known"][1] == 1 << DECK.parse("KH")


def test_stop_gives_everyone_else_one_more_turn_then_the_worst_hand_loses_a_token():
    # "Stop the bus!": each opponent takes one more turn; at the caller the hand ends
    s = new(["2S 7D 9C", "3S 8D TC", "4S 9D JC"], "AH KH QH")
    s.play("take QH")
    s.play("stop 3S")                           # seat 1 exchanges, then calls
    assert s.caller == 1 and s.to_act == (2,)
    s.play("take AH")
    assert not any(t.startswith("stop") for t in legal(s))     # called once a hand
    s.play("4S")
    s.play("take KH")                           # seat 0
    s.play("2S")
    # showdown: seat 0 7D 9C KH (K-9-7), seat 1 8D TC QH (Q-10-8), seat 2 9D JC AH
    assert s.tokens == [3, 2, 3] and s.deal_no == 1
    assert G.view(s, 0)["last_showdown"] == (
        "seat 0: K♥ 9♣ 7♦, high card K-9-7; seat 1: Q♥ 10♣ 8♦, high card Q-10-8 "
        "(gives up a token); seat 2: A♥ J♣ 9♦, high card A-J-9")
    assert s.dealer == 1 and s.to_act == (2,)    # the deal passes to the left


def test_the_bus_is_stopped_after_the_exchange_not_instead_of_it():
    # Game play: the call comes from a player content with his hand, as at the
    # table after his exchange (Parlett: "after playing"); rules version 2
    s = new(["2S 7D 9C", "3S 8D TC", "4S 9D JC"], "AH KH QH")
    with pytest.raises(IllegalAction, match="take a card from the middle first"):
        s.play("stop 3S")
    s.play("take KH")
    with pytest.raises(IllegalAction, match="may not go straight back"):
        s.play("stop KH")
    s.play("stop 3S")
    assert DECK.texts(s.middle) == "AH 3S QH" and s.caller == 1
    assert [e.kind for e in s.events[-2:]] == ["discard", "stop_the_bus"]


def test_ties_for_the_worst_hand_all_lose_a_token():
    assert token_losers({0: 5, 1: 5, 2: 9}, [3, 3, 3]) == [0, 1]
    # decision: never every player out at once
    assert token_losers({0: 5, 1: 5}, [1, 1]) == []
    assert token_losers({0: 5, 1: 5}, [2, 1]) == [0, 1]


def test_out_when_broke_the_last_with_a_token_wins():
    # players drop out at no tokens; the last player with a token wins
    s = new(["2S 7D 9C", "3S 8D TC", "AS AD KC"], "4H 6H QC", tokens=1)
    s.play("take QC")
    s.play("stop 3S")                            # seat 1: Q-10-8
    s.play("take 3S")                            # seat 2: A-A-3
    s.play("KC")
    s.play("take 4H")                            # seat 0: 2S 7D 4H, the worst
    s.play("9C")
    assert s.tokens == [0, 1, 1] and s.outcome is None
    assert s.hands[0] == 0 and s.hands[1] and s.hands[2]     # out: dealt nothing
    assert s.dealer == 1 and s.to_act == (2,)


def test_brag_order_decides_the_loser():
    # the worst Brag hand: a pair beats A-K-J high; 3-3-3 beats A-A-A
    assert hand_key(DECK, DECK.parse_many("3S 3H 3D")) > hand_key(DECK, DECK.parse_many("AS AH AD"))
    s = new(["2S 2D 9C", "AS KD JC"], "4H 6H 8D", tokens=2)
    s.play("take 4H")
    s.play("stop JC")                            # seat 1 (A-K-4) stops; seat 0 one more turn
    s.play("take 8D")
    s.play("9C")                                 # seat 0: 2S 2D 8D (pair of twos)
    assert s.tokens == [2, 1]


def test_bad_input_changes_nothing():
    s = new(["2S 7D 9C", "3S 8D TC", "4S 9D JC"], "AH KH QH")
    with pytest.raises(IllegalAction, match="not face up"):
        s.play("take 5C")
    with pytest.raises(IllegalAction, match="take a card from the middle first"):
        s.play("3S")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("take AH", seat=0)
    assert s.to_act == (1,) and s.history == []


def test_view_hides_other_hands_and_the_stub():
    s = new(["2S 7D 9C", "3S 8D TC", "4S 9D JC"], "AH KH QH")
    v = G.view(s, 0)
    assert v["hand"] == s.hands[0] and "stub" not in v and v["hand_sizes"] == [3, 3, 3]
    assert v["your_hand"] == "high card 9-7-2"


def test_bot_takes_the_best_swap_and_stops_on_a_good_hand():
    s = new(["2S 7D 9C", "3S 8D TC", "4S 9D JC"], "TH TD QH")
    bot = make_bot("heuristic", G, 1, 1)
    first = bot.choose(G.view(s, 1))
    assert G.action_text(first) in ("take TH", "take TD")   # makes a pair of tens
    s.apply(first, 1)
    assert G.action_text(bot.choose(G.view(s, 1))) == "3S"
    good = new(["2S 7D 9C", "KS KD 4C", "4S 9D JC"], "2H 3H 5H")
    bot = make_bot("heuristic", G, 1, 1)
    good.apply(bot.choose(G.view(good, 1)), 1)
    assert G.action_text(bot.choose(G.view(good, 1))) in ("stop 2H", "stop 3H", "stop 4C")
