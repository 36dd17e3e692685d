"""Vazhushal by seed 004 "Vazhushal": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.vazhushal import (DECK, ONE_PACK, RULES, card_value, hand_value, meld_value,
                                   must_redeal, wild_cards)
from pelit.sim.runner import play_match

G = pelit.load("vazhushal")


def pack_for(hands, line, stock="", neg="AS", players=None):
    """Hands dealt one at a time from seat 0; the first line card; the stock
    from its top; the negative joker at the bottom.  Two players use the
    first pack only."""
    players = players or len(hands)
    pool = ONE_PACK if players == 2 else DECK.all_mask
    used = 0
    parsed = []
    for h in hands:
        cards = DECK.parse_many(h, pool & ~used)
        for c in cards:
            used |= 1 << c
        parsed.append(cards)
    order = [parsed[p][i] for i in range(13) for p in range(players)]
    for text in (line, stock):
        for c in DECK.parse_many(text, pool & ~used) if text else []:
            used |= 1 << c
            order.append(c)
    bottom = DECK.parse(neg, pool & ~used)
    order += [c for c in range(DECK.size) if c not in order and c != bottom]
    order.append(bottom)
    return DECK.texts(order)


H0 = "4S 5S 6S 8S 2H 5H 9D 9C KC KH 4D 7C JK"
H1 = "2C 3C 6H 7H 8H JS QS QC 5D 6D TH 4H TC"


def new(hands=(H0, H1), line="7D", stock="QD 3H 9S TS KD TD", neg="AS", **opts):
    return G.new_state(seed=1, decks=[pack_for(list(hands), line, stock, neg)],
                       players=len(hands), **opts)


def legal(s, seat=None):
    seat = s.turn if seat is None else seat
    return {G.action_text(a) for a in s.legal_actions(seat)}


def hand(s, p):
    return sorted(DECK.texts(s.hands[p]).split())


def line(s):
    return DECK.texts(s.line)


def _mask(text):
    m = 0
    for c in DECK.parse_many(text):
        m |= 1 << c
    return m


def test_one_pack_for_two_players_two_for_more():
    # Setup: one 52-card pack with two jokers for two players, two packs for more
    s = new()
    assert G.zones(s)["box"].bit_count() == 54
    assert [h.bit_count() for h in s.hands] == [13, 13]
    s3 = G.new_state(seed=3, players=3)
    assert G.zones(s3)["box"] == 0 and len(s3.stock) == 108 - 39 - 2


def test_three_pairs_of_identical_cards_throw_the_deal_in():
    # Setup: three or more instances of both copies of a card: the same dealer deals again
    assert must_redeal([_mask("2H 2H 5C 5C JD JD")])
    assert not must_redeal([_mask("2H 2H 5C 5C JK JK")])        # jokers are not copies
    assert not must_redeal([_mask("2H 2H 5C 5C JD")])
    first = pack_for(["2D 2D 5C 5C JD JD 3S 4S 5S 6S 7S 8S 9S", H1, H0], "7D", players=3)
    s = G.new_state(seed=2, decks=[first, None], players=3)
    assert any(e.kind == "redeal" for e in s.events) and s.packs_dealt == 2
    assert s.dealer == 2 and len(s.packs) == 2


def test_negative_joker_and_its_wild_twins():
    # Setup / Melding: the bottom card turned up; its rank in the other colour is wild
    s = new(neg="AS")
    assert DECK.text(s.neg) == "AS"
    assert sorted(DECK.texts(s.wild).split()) == ["AD", "AH", "JK", "JK"]
    assert sorted(DECK.texts(wild_cards(DECK.parse("7H"), ONE_PACK)).split()) == \
        ["7C", "7S", "JK", "JK"]
    # decision: a joker as negative joker makes only the jokers wild
    assert DECK.texts(wild_cards(DECK.parse("JK"), ONE_PACK)) == "JK JK"


def test_first_meld_must_be_a_wild_free_sequence():
    # Melding: "A player's first meld of the hand must be a sequence of three or more
    # cards with no wild cards"
    s = new()
    s.play("draw")                                              # QD
    got = legal(s)
    assert "meld 4S 5S 6S" in got
    assert not any(t.startswith("meld") and ("JK" in t or "9C" in t) for t in got)
    s.play("meld 4S 5S 6S")
    assert "meld 9C 9D JK" in legal(s)                          # afterwards anything


def play_discards(s, cards):
    """Players draw and discard in turn, building the line."""
    for c in cards:
        s.play("draw")
        s.play(c)


def test_drawing_from_the_middle_of_the_line():
    # Drawing from the line: the seed's own example, 7D-QD-3H-9S-10S-KD-10D and 8S in hand
    s = new()
    play_discards(s, ["QD", "3H", "9S", "TS", "KD", "TD"])
    assert line(s) == "7D QD 3H 9S TS KD TD" and s.turn == 0
    assert "take 4 into 8S 9S TS" in legal(s)
    s.play("take 4 into 8S 9S TS")
    assert line(s) == "7D QD 3H"
    assert DECK.texts(list(s.table[0].cards)) == "8S 9S TS"
    assert {"KD", "TD"} <= set(hand(s, 0)) and "8S" not in hand(s, 0)
    assert set(DECK.texts(s.known[0]).split()) == {"KD", "TD"}   # everyone saw them come


def test_the_line_card_must_go_into_the_new_meld():
    s = new()
    play_discards(s, ["QD", "3H", "9S", "TS", "KD", "TD"])
    with pytest.raises(IllegalAction, match="must go at once"):
        s.play("take 3 into 8S 9S TS")                          # the 3rd card is 3H


def test_initial_meld_rule_for_the_line():
    # Drawing from the line for the initial meld: only into the wild-free sequence
    kings = ("4S 5S 6S 8S 2H 5H 9D 9C QH TD 4D 7C JK", "2C 3C 6H 7H 8H JS QS KS KC 5D 6D TH TC")
    s = new(hands=kings, stock="KD QD")
    s.play("draw")                                              # KD
    s.play("KD")
    got = legal(s, 1)
    assert "take 2 into KS KC KD" not in got                     # a set is not a first meld
    assert "take 1 into 5D 6D 7D" in got                         # a wild-free sequence is


def test_a_first_sequence_laid_before_a_take_from_the_line():
    # Drawing from the line for the initial meld: lay the sequence first, then take
    s = new(stock="QD 9H")
    play_discards(s, ["QD", "9H"])
    got = legal(s)
    assert "meld 4S 5S 6S" in got and not any(t.startswith("take") for t in got)
    s.play("meld 4S 5S 6S")
    got = legal(s)
    assert "draw" not in got and "take 3 into 9H 9C 9D" in got
    s.play("take 3 into 9H 9C 9D")
    assert len(s.table) == 2 and s.phase.name == "MELD"


THREE = ("4S 5S 6S 4S 5S 2H 3H 9D JK KC KH 7S JK",
         "2C 3C 5H 6H 7H 8C JS QS QC 5D 6D TH 4H",
         "AC 2D 3D 4C 5C 6C TC JC JD QH KS AH 3S")


def test_no_laying_off_on_opponents_and_no_two_identical_melds():
    # Melding: no laying off on opponents' melds; never two identical melds
    s = G.new_state(seed=1, decks=[pack_for(list(THREE), "7D", "6S 9H 2S", players=3)],
                    players=3)
    s.play("draw")                                              # 6S
    s.play("meld 4S 5S 6S")
    assert "meld 4S 5S 6S" not in legal(s)                      # identical to the first
    s.play("layoff 7S to 1")
    assert "meld 4S 5S 6S" in legal(s)                          # 4-7 and 4-6 differ
    s.play("2H")
    s.play("draw", 1)                                           # 9H
    s.play("meld 5H 6H 7H", 1)
    assert not any(t.endswith(" to 1") for t in legal(s, 1))
    assert "layoff 4H to 2" in legal(s, 1)


def test_a_meld_needs_a_natural_card():
    # Melding: wild cards meld freely, but "a meld cannot consist of only jokers"
    s = G.new_state(seed=1, decks=[pack_for(list(THREE), "7D", "6S 9H 2S", players=3)],
                    players=3)
    s.play("draw")
    s.play("meld 4S 5S 6S")
    assert "meld JK JK 7S" in legal(s)
    assert RULES.read(DECK.parse_many("JK JK JK"), DECK.joker_mask) is None


def test_rearranging_own_melds():
    # Melding: rearrange previously melded cards; lifted cards go back on the table
    s = new(hands=("4S 5S 6S 7S 2H 5H 9D 9C KC KH 4D 8C JK", H1), stock="QD 2D 3S")
    s.play("draw")                                              # QD
    s.play("meld 4S 5S 6S")
    s.play("layoff 7S to 1")
    s.play("QD")
    s.play("draw", 1)                                           # 2D
    s.play("2D", 1)
    s.play("draw")                                              # 3S
    s.play("lift 7S from 1")
    s.play("layoff 3S to 1")
    assert DECK.texts(list(s.table[0].cards)) == "3S 4S 5S 6S"
    with pytest.raises(IllegalAction, match="lifted"):
        s.play("2H")                                            # 7S still lies loose
    s.play("layoff 7S to 1")
    s.play("2H")
    assert DECK.texts(list(s.table[0].cards)) == "3S 4S 5S 6S 7S"


def test_a_pure_sequence_must_remain():
    # Melding: "there must always be a sequence of three or more cards with no wilds"
    s = new(hands=("4S 5S 6S 4D 4C 2H 5H 9D 9C KC KH 8C JK", H1), stock="QD 2D 3S")
    s.play("draw")
    s.play("meld 4S 5S 6S")
    s.play("QD")
    s.play("draw", 1)
    s.play("2D", 1)
    s.play("draw")                                              # 3S
    s.play("lift 4S from 1")
    s.play("layoff JK to 1 low")                                # JK 5S 6S: whole, not pure
    s.play("meld 4S 4C 4D")
    with pytest.raises(IllegalAction, match="without wild"):
        s.play("2H")
    s.play("undo")
    assert DECK.texts(list(s.table[0].cards)) == "4S 5S 6S" and "2H" in legal(s)


def test_going_out_wins():
    # Going out: every card melded but one, which is discarded: the game is won
    s = new(hands=("4S 5S 6S 7S TD JD QD KS KC KH 9C 9D 2H", H1), stock="9H")
    s.play("draw")                                              # 9H
    for t in ("meld 4S 5S 6S", "layoff 7S to 1", "meld TD JD QD", "meld KS KH KC",
              "meld 9H 9C 9D"):
        s.play(t)
    assert hand(s, 0) == ["2H"]
    s.play("2H")
    assert s.outcome is not None and s.outcome.winners == (0,) and "goes out" in s.outcome.reason


def test_values_and_scoring():
    # Going out: aces and faces 10, others their pips; wild cards as the card they stand for
    assert [card_value(r) for r in (1, 14, 13, 11, 10, 2)] == [10, 10, 10, 10, 10, 2]
    wild = wild_cards(DECK.parse("AS"), ONE_PACK)
    run = RULES.read(DECK.parse_many("5H JK 7H"), wild)
    assert meld_value(run) == 18
    assert hand_value(_mask("KS 2C JK AD"), wild) == 12           # wild cards in hand: 0


def test_stock_exhaustion_last_melding_and_the_highest_total_wins():
    # Going out: the stock runs out, everyone melds once more, melds less hand
    s = new()
    s.line.extend(s.stock[1:])                                  # everything but one card
    s.stock = s.stock[:1]
    s.play("draw")
    s.play("meld 4S 5S 6S")
    s.play("2H")
    assert s.phase.name == "FINAL" and s.turn == 1
    s.play("meld 6H 7H 8H", 1)
    s.play("done", 1)
    assert s.turn == 0
    s.play("done", 0)
    assert s.outcome is not None
    assert s.outcome.scores[1] == 21 - hand_value(s.hands[1], s.wild)
    assert s.outcome.scores[0] == 15 - hand_value(s.hands[0], s.wild)


def test_bad_input_is_refused_and_changes_nothing():
    s = new()
    before = s.view(0)
    with pytest.raises(ParseError):
        G.parse_action(s, "take the nine", 0)
    with pytest.raises(IllegalAction):
        s.play("take 1 into 7D 8D 9D")
    with pytest.raises(IllegalAction):
        s.play("draw", 1)
    assert s.view(0) == before


def test_heuristic_bots_finish_a_game():
    s = play_match(G, ["heuristic"], 4, players=3)
    assert s.outcome is not None and s.outcome.winners


def test_terminal_lines_for_the_start_and_the_end():
    # Setup (the negative joker and its wild twins) and Going out, read as words
    g = G
    start = g.describe_event({"kind": "line_started", "card": DECK.parse("7S"),
                              "negative_joker": DECK.parse("3H"), "wild": "3C 3S JK",
                              "stock": 26})
    assert start == ("The discard line starts with 7♠; the negative joker is 3♥, so 3♣ 3♠ "
                     "and the jokers are wild; stock 26")
    end = g.describe_event({"kind": "game_scored", "out": 1, "points": [105, 118],
                            "hands": [DECK.parse_many("AC 9D"), []]})
    assert end == "seat 1 goes out and wins. Melds less hand: seat 0 105 (left: A♣ 9♦); seat 1 118"
