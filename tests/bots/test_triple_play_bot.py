"""The Triple Play heuristic bot (pelit.bots.triple_play) in scripted
positions: it counts the cards it could not meld (``cards_left_over``),
asks to go out once only the discard would stay (Ending the deal), keeps
wild cards for the book's wild canasta and, with the book made, for pairs.

A position is a real deal whose zones the test rewrites: the cards named
come out of the stock and the hand cards they replace go back into it, so
no card is ever in two places.
"""

from __future__ import annotations

import pelit
from pelit.bots import make_bot
from pelit.bots.triple_play import cards_left_over
from pelit.cards.deck import ids, mask_of
from pelit.games.triple_play import DECK, FOOT, KNEE, WILD

G = pelit.load("triple-play")
BOOK = ("5S 5H 5D 5C 5S 5H 5D", "7S 7H 7D 7C 7S 7H 7D", "2S 2H 2D 2C JK JK 2S",
        "KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2D")


def cards(text):
    return mask_of(DECK.parse_many(text))


def from_stock(s, text):
    got = DECK.parse_many(text, mask_of(s.stock))
    gone = set(got)
    s.stock = [c for c in s.stock if c not in gone]
    return mask_of(got)


def position(hand, canastas, melds=(), stage=FOOT):
    """Seat 0 to meld after drawing from the stock, its team opened with
    ``canastas`` closed and ``melds`` (key, cards) unfinished."""
    s = G.new_state(seed=3, deals=1)
    s.stock += ids(s.hands[0] | s.knees[0] | s.feet[0])
    s.hands[0] = from_stock(s, hand)
    s.knees[0] = 0
    if stage == FOOT:
        s.feet[0] = 0
    s.stage[0] = stage
    s.closed[0] = [from_stock(s, text) for text in canastas]
    for key, text in melds:
        s.melds[0][key] = from_stock(s, text)
    s.opened[0] = True
    s.turn = "stock"
    s.phase = G.Phase.MELD
    s.to_act = (0,)
    return s


def play_turn(s):
    """The bots of seat 0 (and of its partner, who answers) play until seat
    0's turn ends; the actions as text."""
    bots = {p: make_bot("heuristic", G, p, seed=1) for p in (0, 2)}
    played = []
    while s.outcome is None and s.to_act[0] in bots:
        seat = s.to_act[0]
        a = bots[seat].choose(G.view(s, seat))
        played.append(G.action_text(a))
        G.apply(s, a, seat)
    return played


def test_cards_left_over_counts_what_no_meld_takes():
    nines = {9: cards("9S 9H 9D 9C")}
    assert cards_left_over(cards("9S 9H 2C 4D"), nines) == 1           # the four
    assert cards_left_over(cards("9S 9H 9D 9C"), nines) == 1           # seven close, one left
    assert cards_left_over(cards("8S 8H 2C"), {}) == 0                 # a pair with a wild card
    assert cards_left_over(cards("5S 5H 2C"), {}) == 3                 # fives take no wild card
    assert cards_left_over(cards("2C 2D 2H 3S"), {}) == 1              # a wild meld; the black three
    assert cards_left_over(cards("2C"), {WILD: cards("2S 2H 2D 2C 2S 2H 2D")}) == 1


def test_with_the_book_made_it_asks_and_goes_out():
    # Ending the deal: on the foot with the basic book, the nines go onto
    # the nines, the queens with the joker make a meld, the four is the discard
    s = position("9S QH QD JK 4D", BOOK, melds=[(9, "9S 9H 9D")])
    played = play_turn(s)
    assert "ask go out" in played and "yes" in played
    assert played[-1] == "discard 4D"
    assert any(e.kind == "went_out" for e in s.events) and s.outcome is not None


def test_without_the_book_it_does_not_ask():
    s = position("9S QH QD JK 4D", BOOK[:4], melds=[(9, "9S 9H 9D")])
    played = play_turn(s)
    assert "ask go out" not in played and s.to_act == (1,)


def test_with_the_book_made_a_wild_card_waits_in_the_hand_for_a_pair():
    # nothing melds but the two: it stays, a single card is discarded
    s = position("2C 8S JD AH", BOOK, melds=[(9, "9S 9H 9D")])
    played = play_turn(s)
    assert not any(t.startswith("add 2") for t in played)
    assert played[-1].startswith("discard") and s.hands[0] & cards("2C")


def test_wild_cards_owed_to_the_wild_canasta_go_nowhere_else():
    # on the knee without a wild canasta: the two joins the wild meld,
    # not the nines pair
    s = position("2C 9S 9H KD QS 4D 6H", BOOK[:2] + BOOK[3:], melds=[(WILD, "2S 2H JK")],
                 stage=KNEE)
    played = play_turn(s)
    assert "add 2 to wilds" in played and "meld 9 9 2" not in played
