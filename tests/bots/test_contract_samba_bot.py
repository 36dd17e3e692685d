"""The Contract Samba heuristic bot (pelit.bots.contract_samba) in scripted
positions of a deal without a contract, where a side goes out only with two
canastas, one of them natural, and a samba (24.9): it melds and keeps the
cards its samba needs, keeps its natural canasta to be free of wild cards
and, once it may go out, sheds its hand.

A position is a real deal whose zones the test rewrites: the cards named
come out of the stock and the hand cards they replace go back into it, so
no card is ever in two places.
"""

from __future__ import annotations

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import ids, mask_of
from pelit.games.contract_samba import DECK, RUN

G = pelit.load("contract-samba")
HEARTS = 1                                          # deck suit index (SHDC)
NATURAL_KINGS = "KS KH KD KC KS KH KD"
MIXED_JACKS = "JS JH JD JC JS 2S 2H"


def from_stock(s, text):
    cards = DECK.parse_many(text, mask_of(s.stock))
    gone = set(cards)
    s.stock = [c for c in s.stock if c not in gone]
    return cards


def set_hand(s, seat, text):
    s.stock += ids(s.hands[seat])
    s.hands[seat] = mask_of(from_stock(s, text))


def position(hand, melds, their_melds=(), pile="4C 6D", stock_left=None):
    """Seat 0 to meld after drawing in a deal with no contract, both sides
    opened; ``melds`` are (key, cards) of seat 0's side."""
    s = G.new_state(seed=3, deals=1)
    set_hand(s, 0, hand)
    for team, side in ((0, melds), (1, their_melds)):
        for key, text in side:
            s.mkey[team].append(key)
            s.mmask[team].append(mask_of(from_stock(s, text)))
        s.opened[team] = True
    s.pile = from_stock(s, pile)
    if stock_left is not None:                      # late in the deal: the rest went to the pile
        s.pile = s.stock[stock_left:] + s.pile
        s.stock = s.stock[:stock_left]
    s.contract = None
    s.phase = G.Phase.MELD
    s.to_act = (0,)
    return s


def choice(s):
    bot = make_bot("heuristic", G, 0, seed=1)
    return G.action_text(bot.choose(G.view(s, 0)))


def test_a_short_hand_still_grows_the_run_when_the_side_has_no_samba():
    # the side has its canastas but no samba: the nine of hearts goes onto
    # the run of five, though only two cards stay in hand
    s = position("9H 5C 5D", [(RUN + HEARTS, "4H 5H 6H 7H 8H"), (13, NATURAL_KINGS),
                              (11, MIXED_JACKS)])
    assert choice(s) == "add 9h to meld 1"


def test_a_card_that_grows_the_run_is_not_discarded():
    # two cards left, so nothing may be melded: the queen goes, though the
    # opponents meld queens, and the nine of hearts stays for the samba
    s = position("9H QC", [(RUN + HEARTS, "4H 5H 6H 7H 8H"), (13, NATURAL_KINGS),
                           (11, MIXED_JACKS)], their_melds=[(12, "QS QH QD")])
    assert choice(s) == "discard QC"


def test_a_wild_card_does_not_spoil_the_only_natural_canasta_to_be():
    # late in the deal, samba and a mixed canasta down, no natural canasta:
    # the two does not complete the six natural eights as a mixed canasta
    s = position("2C 4D 5C 9S", [(RUN + HEARTS, "4H 5H 6H 7H 8H 9H TH"),
                                 (11, MIXED_JACKS), (8, "8S 8H 8D 8C 8S 8H")], stock_left=10)
    assert not choice(s).startswith("add 2")


def test_with_its_goal_met_the_side_may_still_complete_a_mixed_canasta():
    # the same position with a natural canasta of kings down: the two is
    # free to complete the eights
    s = position("2C 4D 5C 9S", [(RUN + HEARTS, "4H 5H 6H 7H 8H 9H TH"), (13, NATURAL_KINGS),
                                 (11, MIXED_JACKS), (8, "8S 8H 8D 8C 8S 8H")], stock_left=10)
    assert choice(s).startswith("add 2")


def test_with_its_canastas_and_samba_down_it_sheds_a_short_hand():
    # early in the deal a hand of three keeps its cards in Samba's play; the
    # side may go out (24.9), so the nine goes onto the nines at once
    s = position("9D 5C 4D", [(RUN + HEARTS, "4H 5H 6H 7H 8H 9H TH"), (13, NATURAL_KINGS),
                              (11, MIXED_JACKS), (9, "9S 9H 9C")])
    assert choice(s) == "add 9d to meld 4"
