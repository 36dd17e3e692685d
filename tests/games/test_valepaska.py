"""Valepaska by seed 000 ch. 27: scripted deals citing sections, the doubt race included."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.valepaska import DECK, may_announce
from pelit.sim.runner import play_match

G = pelit.load("valepaska")


def pack_for(hands: list[str], stock_top: str = "") -> str:
    """Deal one card at a time from seat 0: ``hands`` (five each), then the
    stock from ``stock_top`` (drawn first) and the rest in id order."""
    hs = [DECK.parse_many(h) for h in hands]
    pack = [hs[p][i] for i in range(5) for p in range(len(hs))]
    pack += DECK.parse_many(stock_top)
    pack += [c for c in range(52) if c not in pack]
    return DECK.texts(pack)


def cards(text):
    return mask_of(DECK.parse_many(text))


def says(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def new(hands, stock_top="", **opts):
    return G.new_state(seed=1, players=len(hands), decks=[pack_for(hands, stock_top)], **opts)


TWO = ["3H 3S 7H 8H TH", "4H 4S 9C KD 2D"]
THREE = ["3H 3S 7H 8H TH", "4H 4S 9C KD 2D", "5H 5S 9D QC AD"]


def play(s, say, cards_text, seat=None):
    s.play(f"say {say}", seat=seat)
    for c in cards_text.split():
        s.play(c)


def test_setup_five_each_and_a_stock():
    # 27.1: five cards each, the rest face down as the stock; seat 0 begins
    s = new(THREE)
    assert [h.bit_count() for h in s.hands] == [5, 5, 5] and len(s.stock) == 37
    assert s.to_act == (0,) and "doubt" not in says(s)


def test_empty_pile_takes_ranks_below_jack_twos_and_aces():
    # 27.2: empty pile: lower than a jack; twos anywhere; aces (then taken by the next)
    legal = says(new(TWO))
    assert {"say 1 three", "say 2 threes", "say 4 tens", "say 1 two", "say 1 ace"} <= legal
    assert not {"say 1 jack", "say 1 queen", "say 1 king"} & legal
    with pytest.raises(IllegalAction, match="lower than a jack"):
        new(TWO).play("say 1 jack")
    # 27.5 variant: jacks or higher on an empty pile
    assert "say 1 jack" in says(new(TWO, preset="jacks-on-empty"))


def test_announcement_at_most_four_and_no_more_than_held():
    # 27.4: as many cards as announced, so never more than the hand holds
    s = new(TWO)
    s.hands[0] = cards("3H 3S")
    s._legal = None
    assert "say 2 threes" in says(s) and "say 3 threes" not in says(s)


def test_same_or_higher_rank_and_twos_and_face_card_rules():
    # 27.2: same or higher; twos on anything, only twos on twos; no face cards
    # below a seven; aces only on face cards
    assert may_announce(7, 7) and may_announce(8, 7) and not may_announce(6, 7)
    assert may_announce(2, 9) and may_announce(2, 2) and not may_announce(14, 2)
    assert not may_announce(11, 6) and may_announce(11, 7) and may_announce(10, 6)
    assert may_announce(14, 13) and may_announce(14, 11) and not may_announce(14, 10)
    assert not may_announce(10, 11) and may_announce(12, 11)
    s = new(TWO)
    play(s, "1 five", "3H")                 # a lie on the empty pile
    legal = says(s, 1)
    assert "say 1 five" in legal and "say 1 four" not in legal
    assert "say 1 jack" not in legal and "say 1 ace" not in legal and "say 1 two" in legal


def test_ten_makes_the_pile_fall_and_the_player_goes_again():
    # 27.2: a ten falls the pile; the same player starts the empty pile
    s = new(TWO)
    play(s, "2 threes", "3H 3S")
    play(s, "1 ten", "4H", seat=1)           # a lie, but it is a ten
    assert s.turn == 1 and s.fall
    assert "say 1 three" in says(s, 1)       # the pile counts as empty for him
    play(s, "1 four", "4S", seat=1)
    assert s.discard == cards("3H 3S 4H") and len(s.pile) == 1


def test_ace_on_face_card_falls_the_pile():
    # 27.2: an ace (on a face card) falls the pile
    s = new(TWO)
    play(s, "1 seven", "7H")
    play(s, "1 king", "KD", seat=1)
    play(s, "1 ace", "TH", seat=0)
    assert s.fall and s.turn == 0


def test_four_of_a_rank_on_top_falls_but_not_twos():
    # 27.2: four or more of one rank on top falls the pile; twos do not
    s = new(TWO)
    play(s, "2 threes", "3H 3S")
    play(s, "2 threes", "4H 4S", seat=1)
    assert s.fall and s.turn == 1
    s2 = new(TWO)
    play(s2, "2 twos", "3H 3S")
    play(s2, "2 twos", "4H 4S", seat=1)
    assert not s2.fall and s2.turn == 0


def test_aces_on_an_empty_pile_go_to_the_next_player():
    # 27.2: the next player must pick them up; the same player plays again
    s = new(TWO)
    play(s, "1 ace", "7H")
    assert says(s, 1) == {"take", "doubt"}
    s.play("take", seat=1)
    assert s.hands[1] >> DECK.parse("7H") & 1 and s.turn == 0 and s.to_act == (0,)
    assert s.pile == []


def test_refill_to_five_after_a_play():
    # 27.2: fewer than five cards: draw up to five while the stock lasts
    s = new(TWO, stock_top="6C 6D")
    play(s, "2 threes", "3H 3S")
    assert s.hands[0] & cards("6C 6D") == cards("6C 6D") and s.hands[0].bit_count() == 5


def test_cards_are_face_down_until_doubted():
    # 27.4: the cards are always played face down
    s = new(THREE)
    play(s, "1 five", "TH")
    th = cards("TH")
    assert int(s.view(0)["pile"][0]["cards"]) == th
    for seat in (None, 1, 2):
        assert s.view(seat)["pile"][0]["cards"] is None
        ev = G.events_for(s, seat)
        assert all("cards" not in e or e["kind"] == "dealt" for e in ev)
    s.play("doubt", seat=2)
    shown = [e for e in G.events_for(s, 1) if e["kind"] == "doubt"][0]
    assert int(shown["cards"]) == th                  # turned face up for everyone


def test_fake_play_doubted_player_takes_pile_next_player_plays():
    # 27.4: fake cards: the player takes the whole pile; the turn passes on
    s = new(THREE)
    play(s, "2 threes", "3H 3S")
    play(s, "1 four", "9C", seat=1)                # a lie
    s.play("doubt", seat=0)
    assert s.hands[1] & cards("3H 3S 9C") == cards("3H 3S 9C")
    assert s.pile == [] and s.turn == 2 and s.to_act == (2,)
    assert int(s.view(0)["shown"][1]) == cards("9C")   # what was shown stays known


def test_true_play_doubted_doubter_takes_pile():
    # 27.4: true cards: the doubter takes the pile; the turn passes to the next player
    s = new(THREE)
    play(s, "2 threes", "3H 3S")
    play(s, "2 fours", "4H 4S", seat=1)
    s.play("doubt", seat=0)
    assert s.hands[0] & cards("3H 3S 4H 4S") == cards("3H 3S 4H 4S")
    assert s.turn == 2


def test_doubter_who_is_next_and_picks_up_is_skipped():
    # 27.4: a doubter who takes the pile and is the next player loses his turn
    s = new(THREE)
    play(s, "2 threes", "3H 3S")
    s.play("doubt", seat=1)                         # seat 1 is next, and wrong
    assert s.hands[1] & cards("3H 3S") and s.turn == 2
    s2 = new(THREE)
    play(s2, "2 fours", "3H 3S")
    s2.play("doubt", seat=1)                        # right: seat 0 takes, seat 1 plays
    assert s2.turn == 1


def test_doubted_true_falling_play_same_player_continues():
    # 27.4: the doubted cards fell the pile and were true: the same player goes on
    s = new(THREE)
    play(s, "2 threes", "3H 3S")
    s.hands[1] |= cards("TC")
    play(s, "1 ten", "TC", seat=1)
    s.play("doubt", seat=2)
    assert s.hands[2] & cards("3H 3S TC") == cards("3H 3S TC")
    assert s.turn == 1 and s.discard == 0


def test_doubt_races_the_next_play_doubt_first():
    # 27.4 + out-of-turn window: seat 2 doubts before seat 1 (next) plays
    s = new(THREE)
    play(s, "1 five", "TH")
    assert s.to_act == (1, 2)
    assert says(s, 2) == {"doubt", "pass"}
    assert "doubt" in says(s, 1) and "say 1 five" in says(s, 1)
    s.play("doubt", seat=2)
    assert s.hands[0] & cards("TH") and s.turn == 1 and s.to_act == (1,)
    assert s.pile == []


def test_doubt_races_the_next_play_play_first():
    # the next player's play arrives first: the window closes, the doubt is too late
    s = new(THREE)
    play(s, "1 five", "TH")
    s.play("say 1 five", seat=1)
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("doubt", seat=2)
    s.play("9C")
    assert s.to_act == (0, 2)                 # now seat 1's play may be doubted
    s.play("doubt", seat=0)                   # the earlier lie is safe
    assert s.hands[1] & cards("TH 9C") == cards("TH 9C")


def test_pass_lets_the_play_stand():
    # out-of-turn window: players who are not next may decline
    s = new(THREE)
    play(s, "1 five", "TH")
    s.play("pass", seat=2)
    assert s.to_act == (1,) and "doubt" in says(s, 1)


def test_going_out_last_player_loses():
    # 27.3: empty hand with the stock gone: out; first out wins; last with cards loses
    s = new(THREE)
    s.stock = []
    s.hands = [cards("3H"), cards("4H 4S"), cards("5H 5S")]
    play(s, "1 three", "3H")
    assert s.to_act == (1, 2) and s.out == []
    play(s, "2 fours", "4H 4S", seat=1)          # the window closes: seat 0 is out
    assert s.out == [0] and s.to_act == (2,)       # seat 1's last play may still be doubted
    assert says(s, 2) == {"doubt", "pass"}        # only seat 2 is left: accept or doubt
    s.play("pass", seat=2)
    o = s.outcome
    assert o.winners == (0,) and o.details["losers"] == [2] and o.ranking == (1, 2, 3)


def test_doubted_last_cards_bring_the_player_back():
    # 27.3/27.4 (decision): a fake last play, doubted, puts the player back in
    s = new(THREE)
    s.stock = []
    s.hands = [cards("9H"), cards("4H 4S"), cards("5H 5S")]
    play(s, "1 three", "9H")
    s.play("doubt", seat=2)
    assert s.out == [] and s.hands[0] == cards("9H") and s.turn == 1


def test_bad_input_is_refused_and_changes_nothing():
    s = new(THREE)
    before = (s.hands.copy(), len(s.history))
    with pytest.raises(IllegalAction, match="announce"):
        s.play("3H")
    with pytest.raises(IllegalAction, match="no play to doubt"):
        s.play("doubt")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("say 1 four", seat=1)
    with pytest.raises(ParseError):
        s.play("say 5 threes")
    s.play("say 2 threes")
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("4H")
    assert len(s.history) == before[1] + 1
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=7)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_whole_match_between_bots_ends(n):
    s = play_match(G, ["heuristic"], seed=n, players=n)
    o = s.outcome
    assert o is not None and o.ranking is not None
