"""The Hand and Foot heuristic bot (pelit.bots.hand_and_foot) in scripted
positions: it empties its hand into the foot (25.5), opens new melds with a
pair and a wild card, goes out once five canastas (two natural) stand, and
answers "May I go out?" by its own foot.

A position is a real deal whose zones the test rewrites: the cards named
come out of the stock and the hand cards they replace go back into it, so
no card is ever in two places.
"""

from __future__ import annotations

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import ids, mask_of
from pelit.games.hand_and_foot import DECK

G = pelit.load("hand-and-foot")
NATURAL_CANASTAS = ("KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD")
MIXED_CANASTAS = ("JS JH JD JC JS 2S 2H", "TS TH TD TC TS 2D JK", "8S 8H 8D 8C 8S 8H 2C")


def from_stock(s, text):
    cards = DECK.parse_many(text, mask_of(s.stock))
    gone = set(cards)
    s.stock = [c for c in s.stock if c not in gone]
    return cards


def set_hand(s, seat, text):
    s.stock += ids(s.hands[seat])
    s.hands[seat] = mask_of(from_stock(s, text))


def position(hand, melds, partner="4S 5S 6S", partner_in_foot=True, in_foot=True):
    """Seat 0 to meld after drawing, its team opened with ``melds``."""
    s = G.new_state(seed=3, deals=1)
    set_hand(s, 0, hand)
    set_hand(s, 2, partner)
    s.in_foot[0] = in_foot
    s.in_foot[2] = partner_in_foot
    for p in (0, 2):
        if s.in_foot[p]:
            s.stock += ids(s.feet[p])
            s.feet[p] = 0
    for text in melds:
        cards = from_stock(s, text)             # each text starts with a natural card
        s.mkey[0].append(DECK.rank_of[cards[0]])
        s.mmask[0].append(mask_of(cards))
    s.opened[0] = True
    s.phase = G.Phase.MELD
    s.to_act = (0,)
    return s


def play_turn(s):
    """The bots of seat 0 (and of its partner, who may be asked) play until
    seat 0's turn ends; the actions as text."""
    bots = {p: make_bot("heuristic", G, p, seed=1) for p in (0, 2)}
    played = []
    while s.outcome is None and s.to_act[0] in bots:
        seat = s.to_act[0]
        a = bots[seat].choose(G.view(s, seat))
        played.append(G.action_text(a))
        G.apply(s, a, seat)
    return played


def kinds(s):
    return [e.kind for e in s.events]


def test_it_empties_the_hand_into_the_foot():
    # 25.5: kings onto the kings, the two onto the mixed queens, the nine
    # discarded: the hand is empty and the foot comes up
    s = position("KS KH 2C 9D", ["KS KH KD KC", "QS QH QD 2S"], in_foot=False)
    played = play_turn(s)
    assert played[-1] == "discard 9D" and s.in_foot[0] and "foot" in kinds(s)
    assert s.hands[0] and not s.feet[0]


def test_a_wild_card_opens_a_new_meld_with_a_pair_and_the_foot_goes_out():
    # 25.5: five canastas, two natural: the nines and the two make a new
    # meld and the four is the last discard; the two put onto the queens
    # would have left the nines behind
    s = position("9S 9H 2C 4D", list(NATURAL_CANASTAS + MIXED_CANASTAS) + ["QS QH QD 2S"])
    played = play_turn(s)
    assert "meld 9 9 2" in played and played[-1] == "discard 4D"
    assert "went_out" in kinds(s) and s.outcome is not None


def test_without_the_canastas_going_out_needs_it_keeps_two_cards():
    s = position("9S 9H 2C 4D", list(NATURAL_CANASTAS[:1] + MIXED_CANASTAS) + ["QS QH QD 2S"])
    play_turn(s)
    assert "went_out" not in kinds(s) and s.to_act == (1,)
    assert s.hands[0]


def test_it_asks_a_partner_with_many_cards_and_a_waiting_foot_says_no_on_a_long_stock():
    s = position("9S 9H 2C 4D", list(NATURAL_CANASTAS + MIXED_CANASTAS),
                 partner="4S 5S 6S 8D 9D TD JD", partner_in_foot=False)
    assert len(s.stock) >= 40
    played = play_turn(s)
    assert played[:2] == ["ask go out", "no"]
    assert "went_out" not in kinds(s) and s.penalties[0] == 0


def test_a_partner_on_the_foot_says_yes_and_the_asker_goes_out():
    s = position("9S 9H 2C 4D", list(NATURAL_CANASTAS + MIXED_CANASTAS),
                 partner="4S 5S 6S 8D 9D TD JD 8C", partner_in_foot=True)
    played = play_turn(s)
    assert played[:2] == ["ask go out", "yes"]
    assert "went_out" in kinds(s) and s.penalties[0] == 0
