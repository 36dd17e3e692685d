"""Trash by seed 001 "Trash": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.trash import PACKS
from pelit.sim.runner import play_match

G = pelit.load("trash")
DECK = PACKS[1]


def pack_for(layout0: str, layout1: str, stock_top: str = "", size: int = 10) -> str:
    """Slots 1..size dealt round by round from seat 0 (the dealer's left),
    then the stock, ``stock_top`` drawn first, the rest in id order."""
    a, b = DECK.parse_many(layout0), DECK.parse_many(layout1)
    pack = [x for pair in zip(a, b) for x in pair] + DECK.parse_many(stock_top)
    pack += [c for c in range(52) if c not in pack]
    return DECK.texts(pack)


def new(layout0, layout1, stock_top="", **opts):
    return G.new_state(seed=1, decks=[pack_for(layout0, layout1, stock_top)], **opts)


def shown(s, p):
    return [x if x == "down" else DECK.text(x) for x in s.view(None)["layouts"][p]]


L0 = "KS QS JS TS 9S 8S 7S 6S 5S 4S"        # seat 0: slot 1 holds KS ... slot 10 holds 4S
L1 = "KH QH 2C TH 9H 8H 7H 6H 5H 4H"


def test_setup_face_down_rows_and_packs_by_players():
    # Setup: ten face-down cards each; one pack per two players
    s = new(L0, L1)
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert v["layouts"] == [["down"] * 10, ["down"] * 10] and v["held"] is None
    assert s.to_act == (0,) and s.view(0)["stock"] == 32
    assert len(G.new_state(seed=1, players=3).packs[0]) == 104
    assert len(G.new_state(seed=1, players=5).packs[0]) == 156


def test_drawn_card_goes_to_its_slot_and_the_chain_goes_on():
    # Game play: place the card, flip what was there, place that, ... until a misfit
    s = new(L0, L1, stock_top="3D")
    s.play("draw")
    # 3D -> slot 3 (JS exposed: a jack, wild, with nine face-down slots: a choice)
    assert shown(s, 0)[2] == "3D" and DECK.text(s.held) == "JS"
    assert s.phase is G.Phase.HOLD
    s.play("place 1")                            # the jack to slot 1 exposes KS: discarded
    assert shown(s, 0)[:3] == ["JS", "down", "3D"]
    assert DECK.text(s.discard[-1]) == "KS" and s.to_act == (1,)


def test_queen_king_or_filled_slot_ends_the_turn():
    # Game play: a queen, a king, or a card that cannot be placed is discarded
    s = new(L0, L1, stock_top="QD 2H")
    s.play("draw")
    assert DECK.text(s.discard[-1]) == "QD" and s.to_act == (1,)
    s.play("draw")                               # seat 1: 2H -> slot 2 exposes QH: discard
    assert shown(s, 1)[1] == "2H" and DECK.text(s.discard[-1]) == "QH"


def test_previous_discard_must_be_taken_when_it_fits():
    # Game play: the previous player's discard is taken when it fits
    s = new(L0, L1, stock_top="KD 3C")
    s.play("draw")                               # seat 0 discards KD
    s.play("draw")                               # seat 1: 3C -> slot 3 exposes 2C -> slot 2 exposes QH
    assert DECK.text(s.discard[-1]) == "QH"
    assert [G.action_text(a) for a in s.legal_actions()] == ["draw"]   # QH fits nobody
    t = new(L0, L1, stock_top="7D")
    t.play("draw")                               # 7D -> slot 7 exposes 8S -> slot 8 exposes 7S: slot 7 full
    assert DECK.text(t.discard[-1]) == "7S"
    assert [G.action_text(a) for a in t.legal_actions()] == ["take"]
    with pytest.raises(IllegalAction, match="must take"):
        t.play("draw")
    t.play("take")                               # seat 1: 7S -> slot 7 exposes 7H -> discarded
    assert shown(t, 1)[6] == "7S"


def test_natural_card_may_displace_a_jack():
    # Game play: a natural card may take a jack's spot; the jack then goes elsewhere
    s = new(L0, L1, stock_top="3D KD KC 5C")
    s.play("draw")
    s.play("place 5")                            # JS to slot 5, exposing 9S -> slot 9 exposes 5S
    # 5S: slot 5 is held by the jack: place it or discard
    assert {G.action_text(a) for a in s.legal_actions()} == {"place 5", "discard"}
    s.play("place 5")
    assert shown(s, 0)[4] == "5S" and DECK.text(s.held) == "JS"
    s.play("place 1")                            # the jack moves on; KS exposed, discarded
    assert shown(s, 0)[0] == "JS" and DECK.text(s.discard[-1]) == "KS"


def test_stock_rebuilt_under_the_top_discard():
    # Game play: a depleted stock is rebuilt from the discards, the top card staying
    s = new(L0, L1)
    qd = DECK.parse("QD")
    s.discard = [c for c in s.stock if c != qd] + [qd]
    s.stock = []
    s.play("draw")
    assert s.reshuffles == 1 and s.discard[0] == qd
    every = 0
    for mask in G.zones(s).values():
        every |= mask
    assert every == G.deck.all_mask                 # no card lost in the rebuild


def test_hand_winner_gets_a_shorter_layout_and_one_card_layout_wins():
    # Later hands: the winner's next layout is one shorter; a one-card layout wins the game
    s = G.new_state(seed=2, start=2)
    while s.hand_no == 0:
        s.apply(s.legal_actions()[0])
    w = [e.seat for e in s.events if e.kind == "hand_won"][0]
    assert s.sizes[w] == 1 and s.sizes[1 - w] == 2
    assert len(s.layout[w]) == 1 and s.dealer == 0
    while s.outcome is None:
        s.apply(s.legal_actions()[0])
    (winner,) = s.outcome.winners
    assert s.sizes[winner] == 1 and "one-card" in s.outcome.reason


def test_ten_ends_the_turn_of_a_nine_slot_player():
    # Later hands: with slots ace to nine a ten cannot be placed
    nine0, nine1 = " ".join(L0.split()[:9]), " ".join(L1.split()[:9])
    s = new(nine0, nine1, stock_top="TD", start=9)
    s.play("draw")
    assert DECK.text(s.discard[-1]) == "TD" and s.to_act == (1,)


def test_bad_input_is_refused_and_changes_nothing():
    s = new(L0, L1)
    n = len(s.history)
    with pytest.raises(IllegalAction):
        s.play("take")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("draw", seat=1)
    with pytest.raises(ParseError):
        s.play("place 11")
    assert len(s.history) == n
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=7)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_whole_match_between_bots(n):
    s = play_match(G, ["heuristic"], seed=n, players=n, start=4)
    (w,) = s.outcome.winners
    assert s.sizes[w] == 1
