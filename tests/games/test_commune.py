"""Commune by seed 004 (Setup, Game play): the deal by tokens, rising
declarations, the call out of turn in either order with the next
declaration, wild jokers and twos, tokens and the end."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import mask_of
from pelit.cards.poker_claims import COMMUNE, claim_words
from pelit.cards.poker_hands import Category, hand_value
from pelit.core.errors import IllegalAction
from pelit.games.commune import DECK, in_the_cards

G = pelit.load("commune")


def stacked(first: str) -> str:
    head = DECK.parse_many(first)
    return DECK.texts(head + [c for c in range(54) if c not in head])


def new(first: str, players=4, tokens=3, more=()):
    return G.new_state(seed=1, players=players, tokens=tokens,
                       decks=[stacked(first), *[stacked(m) for m in more]])


def cards(text):
    return mask_of(DECK.parse_many(text))


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def test_deal_four_less_tokens_from_the_dealers_left_who_declares_first():
    # Setup: one card each with three tokens; the dealer's left declares first
    s = new("KS KH 9D JK")
    assert [h.bit_count() for h in s.hands] == [1, 1, 1, 1]
    assert s.hands[1] == cards("KS") and s.hands[0] == cards("JK")
    assert s.to_act == (1,) and "call" not in legal(s)       # nothing to call yet
    assert {"say high A", "say pair K", "say two pair K 9", "say five A"} <= legal(s)
    assert "say pair 2" not in legal(s)                        # twos are wild
    # "any standard five-card poker hand": nothing is less than seven high
    assert "say high 6" not in legal(s) and min(s.legal_actions()) == G.SAY
    assert G.action_text(G.SAY) == "say high 7"


def test_more_cards_as_tokens_go():
    s = new("KS KH 9D JK", tokens=1)
    assert [h.bit_count() for h in s.hands] == [3, 3, 3, 3]


def test_declarations_must_rise():
    s = new("KS KH 9D JK")
    s.play("say pair K")
    assert G.view(s, 0)["claim"] == "a pair of kings"
    with pytest.raises(IllegalAction, match="higher than a pair of kings"):
        s.play("say pair Q", seat=2)
    with pytest.raises(IllegalAction, match="may only call or pass"):
        s.play("say pair A", seat=3)
    s.play("say pair A", seat=2)
    assert s.declarer == 2 and s.nxt == 3


def test_anyone_but_the_declarer_may_call_out_of_turn_before_the_next_declaration():
    # Game play: "a player" may call: a race window (decision)
    s = new("KS KH 9D JK")
    s.play("say pair K")
    assert s.to_act == (0, 2, 3)
    assert legal(s, 3) == {"call", "pass"} and "call" in legal(s, 2)
    assert legal(s, 1) == set()                               # not one's own declaration
    s.play("call", seat=3)                                    # KS KH: the pair is there
    assert s.tokens == [3, 3, 3, 2] and "it is there: seat 3, the caller" in s.last_call
    assert s.dealer == 1 and s.to_act == (2,)                 # the deal passes left


def test_the_next_declaration_first_closes_the_window():
    s = new("KS KH 9D JK")
    s.play("say pair K")
    s.play("say three K", seat=2)                             # arrives before any call
    assert s.to_act == (0, 1, 3) and legal(s, 2) == set()
    s.play("call", seat=1)                                    # KS KH JK: three kings
    assert s.tokens == [3, 2, 3, 3]


def test_a_declaration_not_there_costs_the_declarer():
    s = new("KS QH 9D 5C")
    s.play("say pair K")
    s.play("call", seat=0)
    assert s.tokens == [3, 2, 3, 3] and "it is not there" in s.last_call


def test_pass_lets_a_declaration_go_for_that_player_only():
    s = new("KS KH 9D JK")
    s.play("say pair K")
    s.play("pass", seat=0)
    assert s.to_act == (2, 3)
    with pytest.raises(IllegalAction, match="you are next"):
        s.play("pass", seat=2)
    s.play("say pair A", seat=2)
    assert s.to_act == (0, 1, 3)                               # a new declaration: all again


@pytest.mark.parametrize("heap, claim, there", [
    ("KS 3D", (Category.HIGH_CARD, 13), True),
    ("QS 3D", (Category.HIGH_CARD, 13), False),
    ("QS JK", (Category.HIGH_CARD, 13), True),                # a wild card is any card
    ("KS 2D", (Category.PAIR, 13), True),                      # twos are wild
    ("KS KD 9C 2H", (Category.TWO_PAIR, 13, 9), True),
    ("KS KD 9C 4H", (Category.TWO_PAIR, 13, 9), False),
    ("KS KD KC 9H JK", (Category.FULL_HOUSE, 13, 9), True),
    ("KS KD 9C 9H 8H", (Category.FULL_HOUSE, 13, 9), False),
    ("AS 3S 4D 5C JK", (Category.STRAIGHT, 5), True),          # the wild stands for the two
    ("3S 4D 5C JK", (Category.STRAIGHT, 5), False),            # the ace and the two: two wilds
    ("3S 4D 5C 7C", (Category.STRAIGHT, 5), False),
    ("KH 9H 5H 3H", (Category.FLUSH, 13), False),
    ("KH 9H 5H 3H 2C", (Category.FLUSH, 13), True),
    ("AH 9H 5H 3H 4H", (Category.FLUSH, 13), False),           # the top card must be a king
    ("9S TS JS QS KS", (Category.STRAIGHT_FLUSH, 13), True),
    ("9S TS JS QS KH", (Category.STRAIGHT_FLUSH, 13), False),
    ("AS AH AD JK 2C", (Category.FIVE_OF_A_KIND, 14), True),
    ("AS AH AD AC", (Category.FIVE_OF_A_KIND, 14), False),
])
def test_present_table(heap, claim, there):
    # Game play: the hand only has to be formable from all the cards (with wild cards)
    assert in_the_cards(hand_value(*claim), cards(heap)) is there


def test_five_aces_can_only_be_called():
    s = new("AS AH AD JK")
    s.play("say five A")
    assert legal(s, 2) == {"call"}
    s.play("call", seat=2)                                     # AS AH AD JK: four aces only
    assert s.tokens[1] == 2


def test_out_at_zero_and_the_last_with_tokens_wins():
    s = new("KS QH", players=2, tokens=1, more=["KS QH 9D 3C 4C 5C"])
    assert [h.bit_count() for h in s.hands] == [3, 3]
    s.play("say five A")                                       # seat 1 bluffs
    s.play("call")
    assert s.outcome.winners == (0,) and s.outcome.scores == (1, 0)


def test_views_hide_hands_until_the_call_shows_them():
    s = new("KS KH 9D JK")
    v = G.view(s, 2)
    assert v["hand"] == cards("KH") and v["hand_sizes"] == [1, 1, 1, 1]
    s.play("say pair K")
    s.play("call", seat=0)
    call = [e for e in G.events_for(s, 2) if e["kind"] == "call"][0]
    assert call["hands"][1] == cards("KS") and call["there"] is True
    assert call["claim"] == claim_words(hand_value(Category.PAIR, 13), COMMUNE) \
        == "a pair of kings"


def test_bot_declares_what_it_holds_and_calls_the_impossible():
    s = new("KS KH 9D JK", players=4, tokens=1)
    bot = make_bot("heuristic", G, 1, 1)
    first = G.action_text(bot.choose(G.view(s, 1)))
    assert first.startswith("say ")
    s.play("say five A")
    assert make_bot("heuristic", G, 3, 1).choose(G.view(s, 3)) == G.CALL
