"""Umtali by seed 004 "Umtali": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.umtali import DECK, MARRIAGE, RUN, SINGLE, Meld, card_points, side_points
from pelit.sim.runner import play_match

G = pelit.load("umtali")


def pack_for(h0, h1, upcard, stock=""):
    """Ten cards each, one at a time, seat 0 (the non-dealer) first; the upcard; the stock."""
    a, b = DECK.parse_many(h0), DECK.parse_many(h1)
    order = [x for pair in zip(a, b) for x in pair] + DECK.parse_many(upcard)
    order += DECK.parse_many(stock) if stock else []
    assert len(set(order)) == len(order), "a card twice in the scripted deal"
    order += [c for c in range(52) if c not in order]
    return DECK.texts(order)


U0 = "5H 6H 7H 8H KC QC JD 2S 2D 9S"
U1 = "3S 3D 3C TD JS 8C 4H 2C QH KD"


def new(h0=U0, h1=U1, upcard="AS", stock="9H 7C 6C", **opts):
    return G.new_state(seed=1, decks=[pack_for(h0, h1, upcard, stock)], **opts)


def legal(s, seat=None):
    seat = s.turn if seat is None else seat
    return {G.action_text(a) for a in s.legal_actions(seat)}


def side(s, p):
    return [(m.kind, DECK.texts(list(m.cards))) for m in s.sides[p]]


def test_setup_ten_cards_an_upcard_and_the_non_dealer_begins():
    # Setup: ten cards each; the top card of the stock starts the discard pile
    s = new()
    assert [h.bit_count() for h in s.hands] == [10, 10]
    assert DECK.text(s.pile[-1]) == "AS" and s.dealer == 1 and s.to_act == (0,)
    assert legal(s) == {"draw", "take"}


def test_basic_melds_sets_sequences_marriages():
    # Melding: sets (no jacks), sequences of number cards (aces low), marriages
    s = new()
    s.play("draw")                                              # 9H
    got = legal(s)
    assert {"meld 5H 6H 7H", "meld 5H 6H 7H 8H 9H", "meld 7H 8H 9H", "meld KC QC"} <= got
    s2 = new(h0="JS JH JC 9H TH AH 2H 3H 4S 5C", h1=U1.replace("JS", "6S"), stock="8H")
    s2.play("draw")                                             # 8H
    got = legal(s2)
    assert "meld JS JH JC" not in got                           # no sets of jacks
    assert "meld 8H 9H TH" in got and "meld AH 2H 3H" in got
    assert not any(t.startswith("meld 9H TH J") for t in got)   # only number cards run


def test_singles_extend_melds_on_either_side():
    # Single-card melds: extend a set or sequence on the table; the card goes to one's side
    s = new()
    s.play("draw")                                              # 9H
    s.play("meld 5H 6H 7H 8H 9H")
    s.play("9S")
    s.play("draw", 1)                                           # 7C
    assert "meld 4H" in legal(s, 1)                             # extends seat 0's sequence
    s.play("meld 4H", 1)
    assert side(s, 1) == [(SINGLE, "4H")] and len(s.sides[0]) == 1


def test_jacks_meld_alone_and_singles_extend_singles():
    # Melding jacks: jacks only alone; 10s or queens may then be played from them
    s = new()
    s.play("draw")
    assert "meld JD" in legal(s)
    s.play("meld JD")
    s.play("9S")
    s.play("draw", 1)                                           # 7C
    assert "meld TD" in legal(s, 1)                             # a ten off the jack
    s.play("meld TD", 1)
    s.play("KD", 1)
    s.play("draw", 0)                                           # 6C
    assert "meld 2D" not in legal(s, 0)                         # 2D is far from everything


def test_a_basic_meld_must_be_played_as_such():
    # Single-card melds: cards forming a basic meld cannot be played as singles
    s = new(h1="2H 3H 4H TD JS 8C 3S 2C QH KD")
    s.play("draw")
    s.play("meld 5H 6H 7H 8H 9H")
    s.play("9S")
    s.play("draw", 1)
    got = legal(s, 1)
    assert "meld 4H" not in got and "meld 2H 3H 4H" in got


def test_take_two_when_both_can_be_melded():
    # Game play: having drawn a discard that melds, the next discard too if it melds
    s = new(h0="5H 6H 7H 8H KC QC JD 2S 2D TC", h1="8C 3S 3D TD JS 4H 2C QH KD 5S",
            upcard="9C", stock="AH")
    s.play("draw")                                              # AH
    s.play("TC")
    assert "take two" in legal(s, 1)
    s.play("take two", 1)
    got = legal(s, 1)
    assert "meld 8C 9C TC" in got
    assert not any(len(t) <= 3 for t in got)                    # no discard before both meld
    s.play("meld 8C 9C TC", 1)
    assert s.pending == 0 and "5S" in legal(s, 1)


def test_take_two_not_offered_when_the_second_cannot_meld():
    s = new(upcard="KS", stock="AH")
    s.play("draw")
    s.play("9S")
    assert "take two" not in legal(s, 1)


def test_going_out_with_a_pair_and_a_face_down_discard():
    # Going out: one pair allowed; the discard optional, face down if wished;
    # the opponent's last turn from the stock; his leftovers to the other side
    s = new()
    s.play("draw")                                              # 9H
    assert "meld 2S 2D" not in legal(s)                         # a pair only when going out
    s.play("meld 5H 6H 7H 8H 9H")
    s.play("meld KC QC")
    s.play("meld JD")
    assert "meld 2S 2D" in legal(s)
    s.play("meld 2S 2D")
    assert legal(s) == {"9S", "down 9S"}
    s.play("down 9S")
    assert s.last_turn and s.turn == 1 and legal(s, 1) == {"draw"}
    s.play("draw", 1)                                           # 7C
    assert {"meld 2C", "meld 3S 3C 3D", "meld TD", "meld 4H", "meld JS"} <= legal(s, 1)
    for t in ("meld 3S 3C 3D", "meld 2C", "meld TD", "meld 4H", "meld JS"):
        s.play(t, 1)
    s.play("KD", 1)                                             # the rest goes across
    across = [e for e in s.events if e.kind == "to_other_side"][-1]
    assert set(DECK.texts(across.public["cards"]).split()) == {"QH", "8C", "7C"}
    assert across.public["side"] == 0 and s.hand_no == 1
    # seat 0's side: 5 sequence cards, the marriage, the jack, the pair, QH 8C 7C
    assert s.results[0][0] == 5 + 20 + 5 + 2 + 5 + 1 + 1


def test_side_points():
    # Going out: tens and faces 5, the rest 1, marriages 20
    assert [card_points(DECK.parse(t)) for t in ("TS", "JH", "QD", "KC", "AS", "9H", "2C")] == \
        [5, 5, 5, 5, 1, 1, 1]
    melds = [Meld(MARRIAGE, 13, 0, tuple(DECK.parse_many("KC QC"))),
             Meld(RUN, 1, 5, tuple(DECK.parse_many("5H 6H 7H"))),
             Meld(SINGLE, 10, 0, (DECK.parse("TD"),))]
    assert side_points(melds) == 20 + 3 + 5


def test_the_hand_is_scored_and_four_hands_make_the_match():
    # Object: more points over four hands wins
    s = new(hands=1)
    s.play("draw")
    s.play("meld 5H 6H 7H 8H 9H")
    s.play("meld KC QC")
    s.play("meld JD")
    s.play("meld 2S 2D")
    s.play("down 9S")
    s.play("draw", 1)
    s.play("done", 1)
    left = sum(card_points(c) for c in DECK.parse_many(U1 + " 7C"))
    assert s.outcome is not None
    assert s.outcome.scores == (5 + 20 + 5 + 2 + left, 0)
    assert G.new_state(seed=1).options.hands == 4


def test_an_empty_stock_ends_the_hand():
    # decision: a player who finds the stock empty at his turn ends the hand
    s = new()
    s.stock = s.stock[:1]
    s.play("draw")
    s.play("9S")
    assert s.hand_no == 1 and any(e.kind == "stock_empty" for e in s.events)


def test_bad_input_is_refused_and_changes_nothing():
    s = new()
    before = s.view(0)
    with pytest.raises(ParseError):
        G.parse_action(s, "meld the hearts", 0)
    with pytest.raises(IllegalAction):
        s.play("meld 5H 6H 7H")                                # draw first
    with pytest.raises(IllegalAction):
        s.play("draw", 1)
    assert s.view(0) == before


def test_heuristic_bots_finish_a_match():
    s = play_match(G, ["heuristic"], 6)
    assert s.outcome is not None and len(s.outcome.details["hands"]) == 4


def test_terminal_lines_read_as_words():
    # Going out (the sides scored) and the discard pile, as a player reads them
    line = G.describe_event({"kind": "hand_scored", "points": [26, 31], "totals": [26, 31],
                             "out": 1, "hands": [[], []]})
    assert line == ("The hand is scored: seat 0's side 26, seat 1's side 31. "
                    "Totals: seat 0 26, seat 1 31")
    s = new()
    board = G.render_board(s.view(0))
    assert "Discard pile: 1 card, top " in board and "top two" not in board
