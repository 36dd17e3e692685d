"""Michigan by seed 003 "Michigan" and the standard game it names (the seed stops
after the setup; the module docstring writes the rest down): scripted deals."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.michigan import DECK, settle, share_out
from pelit.sim.runner import play_match

G = pelit.load("michigan")


def pack_for(widow, *hands):
    """The widow and the hands (seat 0 first, the dealer last), dealt one card
    at a time, the widow first."""
    parts = [DECK.parse_many(widow)] + [DECK.parse_many(h) for h in hands]
    order = []
    for i in range(max(len(p) for p in parts)):
        for p in parts:
            if i < len(p):
                order.append(p[i])
    assert sorted(order) == list(range(52)), "the scripted deal must use every card once"
    return DECK.texts(order)


W3 = "JS QS KS AS 6C 7C 8C 9C TC JC QC KC AC"
A3 = "2H 3H 4H 5S 6S 2D 3D 4D 5D 6D 7D 8D 9D"
B3 = "5H 6H 7H 8H 2S 3S 4S TD JD QD KD AD 2C"
C3 = "9H TH JH QH KH AH 7S 8S 9S TS 3C 4C 5C"


def new3(**opts):
    return G.new_state(seed=1, decks=[pack_for(W3, A3, B3, C3)], players=3, **opts)


def legal(s, seat=None):
    seat = s.to_act[0] if seat is None else seat
    return {G.action_text(a) for a in s.legal_actions(seat)}


def test_the_ante_on_the_boodle_cards_and_the_kitty():
    # the standard game: the dealer puts two chips on each boodle card, the others one;
    # everyone a chip into the kitty
    s = new3()
    assert s.boodle == [4, 4, 4, 4] and s.kitty == 3
    assert s.chips == [-5, -5, -9]
    assert s.dealer == 2 and s.to_act == (2,)


def test_all_cards_dealt_into_one_hand_more_widow_first():
    # the standard game: one hand more than players; hands may differ by a card
    s = G.new_state(seed=4, players=4)
    assert [h.bit_count() for h in s.hands] == [11, 10, 10, 10] and s.widow.bit_count() == 11


def test_the_dealer_exchanges_for_the_widow_unseen():
    s = new3()
    s.play("exchange")
    assert s.hands[2] == _mask(W3)
    assert s.view(2)["dead"] == _mask(C3)                       # his old hand, for his eyes
    assert "dead" not in s.view(0) and s.view(0)["dead_cards"] == 13
    assert s.to_act == (0,)


def _mask(text):
    m = 0
    for c in DECK.parse_many(text):
        m |= 1 << c
    return m


def test_the_widow_auction_goes_to_the_highest_bidder():
    s = new3()
    s.play("keep")
    assert s.to_act == (0,)
    s.play("bid 2")
    assert "bid 2" not in legal(s, 1) and "bid 3" in legal(s, 1)
    s.play("bid 3", 1)
    s.play("pass", 0)
    assert s.chips == [-5, -5 - 3, -9 + 3]
    assert s.hands[1] == _mask(W3) and s.dead == _mask(B3) and s.dead_owner == 1


def test_a_widow_nobody_buys_lies_dead():
    s = new3()
    s.play("keep")
    s.play("pass")
    s.play("pass", 1)
    assert s.dead == _mask(W3) and s.dead_owner is None and s.to_act == (0,)


def test_a_deal_leads_runs_stops_and_goes_out():
    # the standard game: lead the lowest card of a suit; the holder of the next card plays
    # it; the ace or a dead card stops the run; the last player leads another suit;
    # a boodle card wins its chips; going out collects a chip a card and the kitty
    s = new3()
    s.play("keep")
    s.play("pass")
    s.play("pass", 1)
    assert legal(s) == {"2H", "5S", "2D"}                     # only the lowest of each suit
    s.play("2H")
    played = [DECK.text(e.public["card"]) for e in s.events if e.kind == "play"]
    assert played == ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH",
                      "KH", "AH"]
    assert s.chips[2] == -9 + 4 and s.boodle[0] == 0           # the ace of hearts won
    assert s.to_act == (2,) and legal(s) == {"7S", "3C"}       # hearts stopped: another suit
    s.play("3C")                                                # 4C 5C, then 6C is dead
    stop = [e for e in s.events if e.kind == "stop"][-1]
    assert DECK.text(stop.public["card"]) == "5C" and "dead" in stop.public["by"]
    assert legal(s) == {"7S"}
    s.play("7S")                                                # 8S 9S TS: seat 2 is out
    over = [e for e in s.events if e.kind == "deal_over"][-1]
    assert over.seat == 2 and over.public["payments"] == [-10, -9, 19]
    assert over.public["kitty"] == 3
    # unwon boodle chips stay; the next deal (seat 0 deals) antes on top
    assert s.boodle == [4, 8, 8, 8] and s.dealer == 0


def test_the_lead_passes_left_from_a_player_without_another_suit():
    # the standard game: with no new suit the turn to lead passes to the left
    widow = "8H AS AD AC KS KD"
    hands = ["2H 3H 4H 2S 3S 4S", "5H 6H 7H 9H TH JH", "QH KH AH 5S 6S 7S",
             "8S 9S TS JS QS 2D", "3D 4D 5D 6D 7D 8D", "9D TD JD QD 2C 3C", "4C 5C 6C 7C 8C",
             "9C TC JC QC KC"]
    s = G.new_state(seed=1, decks=[pack_for(widow, *hands)], players=8)
    s.play("keep")
    for p in range(7):
        s.play("pass", p)
    s.play("2H")                                                # 2H..7H, 8H is dead
    assert any(e.kind == "lead_passes" for e in s.events)
    assert s.to_act == (2,) and legal(s) == {"5S"}
    assert s.view(None)["voids"][1] == ["spades", "diamonds", "clubs"]


def test_settlement_and_sharing_out():
    # the standard game: a chip a card to the player out; leftover boodle chips shared
    hands = [0, _mask("2H 3H"), _mask("4S")]
    assert settle(hands, 0) == [3, -2, -1]
    assert share_out(10, 3, 1) == [3, 4, 3]


def test_the_match_is_a_round_of_deals_and_chips_add_up():
    s = play_match(G, ["heuristic"], 2, players=4)
    assert s.outcome is not None and len(s.outcome.details["deals"]) == 4
    assert sum(s.outcome.scores) == 0
    assert s.outcome.winners == tuple(p for p in range(4)
                                      if s.outcome.scores[p] == max(s.outcome.scores))


def test_bad_input_is_refused_and_changes_nothing():
    s = new3()
    before = s.view(2)
    with pytest.raises(ParseError):
        G.parse_action(s, "swap hands", 2)
    with pytest.raises(IllegalAction):
        s.play("bid 3", 2)                                      # the dealer does not bid
    assert s.view(2) == before
    s.play("keep")
    s.play("pass")
    s.play("pass", 1)
    before = s.view(0)
    with pytest.raises(IllegalAction, match="lowest"):
        s.play("3H")
    assert s.view(0) == before


def test_the_end_of_a_deal_reads_as_payments():
    # Going out (the standard game): each player pays a chip a card; the kitty goes to him
    line = G.describe_event({"kind": "deal_over", "seat": 2, "payments": [-3, -3, 11, -5],
                             "kitty": 4})
    assert line == ("seat 2 is out of cards and takes the kitty (4); a chip a card left in "
                    "hand, paid to him: seat 0 3, seat 1 3, seat 3 5")
