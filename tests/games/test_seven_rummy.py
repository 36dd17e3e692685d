"""Seven Rummy by seed 001 "Seven Rummy": scripted deals citing the section each
rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.seven_rummy import DECK, deadwood_value, score_hand
from pelit.sim.runner import play_match

G = pelit.load("seven-rummy")


def pack_for(hands, upcard, stock=""):
    """Hands dealt one at a time from seat 0, the upcard, the stock from its
    top, the rest in id order."""
    hs = [DECK.parse_many(h) for h in hands]
    order = [hs[p][i] for i in range(7) for p in range(len(hs))]
    order += DECK.parse_many(upcard) + DECK.parse_many(stock)
    assert len(set(order)) == len(order), "a card twice in the scripted deal"
    order += [c for c in range(52) if c not in order]
    return DECK.texts(order)


HANDS3 = ["2S 3S 4S 9H 9D KC QC",
          "5H 6H 9S 9C JD 3D 2C",
          "7S 7H 8H TD JC QD 4C"]


def new(hands=HANDS3, upcard="5S", stock="AS AH AD AC KS KH KD", **opts):
    return G.new_state(seed=1, decks=[pack_for(hands, upcard, stock)],
                       players=len(hands), **opts)



def legal(s, seat=None):
    seat = s.turn if seat is None else seat
    return {G.action_text(a) for a in s.legal_actions(seat)}


def hand(s, p):
    return set(DECK.texts(s.hands[p]).split())


def test_setup_seven_cards_upcard_and_the_dealers_left_begins():
    # Setup: seven cards each, the upcard starts the discard pile; Game play: dealer's left first
    s = new()
    assert [h.bit_count() for h in s.hands] == [7, 7, 7]
    assert DECK.text(s.discard[-1]) == "5S"
    assert s.to_act == (0,) and s.dealer == 2
    # Drawing from the discard pile: only after a turn with a stock draw
    assert legal(s) == {"draw"}


def test_sets_and_sequences_aces_low():
    # Melding: three or four of a kind; sequences of three or more, aces low
    s = new(stock="AS")
    s.play("draw")                                              # AS
    assert {"meld 2S 3S 4S", "meld AS 2S 3S"} <= legal(s)
    s2 = new(hands=["QH KH AH 2D 3H 4D 5D", HANDS3[1], HANDS3[2]], stock="TC")
    s2.play("draw")
    assert "meld QH KH AH" not in legal(s2)                       # aces are low


def test_a_seven_waives_the_minimum():
    # Melding: a 7 may meld alone, in a pair, or in a two-card sequence
    s = new(hands=[HANDS3[2], HANDS3[0], HANDS3[1]], stock="6S")
    s.play("draw")                                              # 6S
    got = legal(s)
    assert {"meld 7S", "meld 7H", "meld 7S 7H", "meld 7H 8H", "meld 6S 7S"} <= got
    assert "meld TD JC" not in got and "meld JC QD" not in got


def test_lay_off_on_anyones_meld_and_a_lone_seven_grows():
    # Melding: lay off on another player's meld; a lone seven becomes a set or a run
    s = new(hands=[HANDS3[2], "6H 8S 2D 3D 4H 5C 9C", "5H 9H 9S TS JD 3C 2C"], stock="KS QS")
    s.play("draw")
    s.play("meld 7H")
    s.play("KS")
    s.play("draw", 1)                                           # QS
    got = legal(s, 1)
    assert "layoff 6H to 1" in got and "layoff 8S to 1" not in got
    s.play("layoff 6H to 1", 1)
    assert DECK.texts(list(s.table[0].cards)) == "6H 7H"
    assert s.table[0].owner == 0                                # still seat 0's meld


def test_the_final_discard_is_always_required():
    # Ending the hand: a final discard is always required, so no meld takes the last cards
    s = new(hands=["2S 3S 4S 5S 9H 9D 9C", "5H 6H TS JD 3D 2C 8C", HANDS3[2]], upcard="KC",
            stock="6S")
    s.play("draw")
    s.play("meld 2S 3S 4S")
    s.play("layoff 5S to 1")
    s.play("layoff 6S to 1")
    assert hand(s, 0) == {"9H", "9D", "9C"}
    assert "meld 9H 9D 9C" not in legal(s)
    assert {"9H", "9D", "9C"} <= legal(s)


def first_round(s, discards):
    """Each seat draws from the stock once and discards (afterwards all may take discards)."""
    for p, card in enumerate(discards):
        s.play("draw", p)
        s.play(card, p)


def test_next_player_takes_the_discard_for_a_new_sequence():
    # Drawing from the discard pile: the previous player's card with hand cards, a new sequence
    hands = ["KD QC 2C 3C 9S 7H 8D", "5H 6H JS JC 2H 3H 4C", "9C TC 5D 6D AS AH AD"]
    s = new(hands=hands, stock="KS KH KC QS")
    first_round(s, ["KS", "KH", "KC"])
    s.play("draw", 0)
    s.play("7H", 0)
    assert s.to_act == (1, 2)             # seat 2 may claim out of turn (it cannot: pass only)
    assert legal(s, 2) == {"pass"}
    s.play("pass", 2)
    assert "take with 5H 6H" in legal(s, 1)
    s.play("take with 5H 6H", 1)
    assert DECK.texts(list(s.table[0].cards)) == "5H 6H 7H" and s.table[0].owner == 1
    assert s.phase.name == "MELD" and s.turn == 1


def test_claim_out_of_turn_for_a_set_skips_players():
    # Drawing from the discard pile: a set out of turn; "players skipped"; the claimant's
    # left plays next
    hands = ["9S KD QH 2C 3C 7C 8D", "5H 6H JS JC 2H 3H 4C", "9C TC 5D 6D AS AH AD",
             "9H 9D 4D 4S 3S 5C 6C"]
    s = new(hands=hands, stock="KS KH KC QS QD")
    first_round(s, ["KS", "KH", "KC", "QS"])
    s.play("draw", 0)
    s.play("9S", 0)
    assert s.to_act == (1, 2, 3)
    assert "claim with 9H 9D" in legal(s, 3)
    s.play("claim with 9H 9D", 3)
    assert s.turn == 3 and s.phase.name == "MELD"
    skipped = [e for e in s.events if e.kind == "claim"][-1].public["skipped"]
    assert skipped == [1, 2]
    s.play("3S", 3)
    assert s.turn == 0                     # the claimant's left plays next


def test_a_claim_races_the_next_players_draw():
    # Drawing from the discard pile: "immediately, even if it's not their turn", that is
    # before the next player draws
    hands = ["9S KD QH 2C 3C 7C 8D", "5H 6H JS JC 2H 3H 4C", "9H 9D 4D 4S 3S 5C 6C"]
    s = new(hands=hands, stock="KS KH KC QS QD")
    first_round(s, ["KS", "KH", "KC"])
    s.play("draw", 0)
    s.play("9S", 0)
    assert "claim with 9H 9D" in legal(s, 2)
    s.play("draw", 1)                      # the next player drew first: the moment is gone
    assert s.to_act == (1,)
    with pytest.raises(IllegalAction):
        s.play("claim with 9H 9D", 2)


def test_a_set_beats_the_next_players_sequence():
    # Drawing from the discard pile: "the player melding the three or four of a kind has priority"
    hands = ["8H KD QH 2C 3C 7C 8D", "6H 7H JS JC 2H 3H 4C", "8S 8C 4D 4S 3S 5C 6C"]
    s = new(hands=hands, stock="KS KH KC QS QD")
    first_round(s, ["KS", "KH", "KC"])
    s.play("draw", 0)
    s.play("8H", 0)
    s.play("take with 6H 7H", 1)           # a sequence: it waits for seat 2's answer
    assert s.phase.name == "CLAIM" and s.to_act == (2,)
    assert s.view(2)["waiting"]["seat"] == 1
    s.play("claim with 8S 8C", 2)
    assert s.table[0].owner == 2 and s.turn == 2
    assert {"6H", "7H"} <= hand(s, 1)
    assert set(DECK.texts(s.known[1]).split()) == {"6H", "7H"}    # shown, and back in the hand


def test_the_sequence_goes_through_when_the_set_is_not_claimed():
    hands = ["8H KD QH 2C 3C 7C 8D", "6H 7H JS JC 2H 3H 4C", "8S 8C 4D 4S 3S 5C 6C"]
    s = new(hands=hands, stock="KS KH KC QS QD")
    first_round(s, ["KS", "KH", "KC"])
    s.play("draw", 0)
    s.play("8H", 0)
    s.play("take with 6H 7H", 1)
    s.play("pass", 2)
    assert s.table[0].owner == 1 and DECK.texts(list(s.table[0].cards)) == "6H 7H 8H"
    assert s.turn == 1 and s.phase.name == "MELD"


def test_deadwood_values():
    # Ending the hand: sevens 20, face cards 10, others their pip value (ace 1)
    for text, value in (("7S", 20), ("KH", 10), ("QD", 10), ("JC", 10), ("TS", 10),
                        ("9H", 9), ("2D", 2), ("AS", 1)):
        assert deadwood_value(DECK.parse(text)) == value


def test_score_table_and_double_for_all_at_once():
    # Ending the hand: the winner scores the others' deadwood; double for melding all at once
    hands = [0, (1 << DECK.parse("7S")) | (1 << DECK.parse("KH")), 1 << DECK.parse("2D")]
    assert score_hand(0, hands, False) == [32, 0, 0]
    assert score_hand(0, hands, True) == [64, 0, 0]


ALL_AT_ONCE = ["2S 3S 4S 5S 5H 6H 7H", "KD QD JD 9S 8S 7C 2C", "AH AD AC 3D 4D 5D 6D"]
DEADWOOD = (10 + 10 + 10 + 9 + 8 + 20 + 2) + (1 + 1 + 1 + 3 + 4 + 5 + 6)


def test_going_out_all_at_once_scores_double_and_ends_at_the_target():
    # Ending the hand: melding all seven at once and discarding doubles the score;
    # the match ends at the target score
    s = new(hands=ALL_AT_ONCE, upcard="TC", stock="9C", target=100)
    s.play("draw")
    s.play("meld 2S 3S 4S")
    s.play("layoff 5S to 1")
    s.play("meld 5H 6H 7H")
    s.play("9C")
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert s.outcome.scores == (2 * DEADWOOD, 0, 0)


def test_a_player_who_melded_earlier_scores_single():
    s = new(hands=ALL_AT_ONCE, upcard="TC", stock="9C KS 8C 9D", target=100)
    s.play("draw")                          # 9C
    s.play("meld 2S 3S 4S")
    s.play("9C")
    s.play("draw", 1)                       # KS
    s.play("KS", 1)
    s.play("draw", 2)                       # 8C
    s.play("8C", 2)
    s.play("draw", 0)                       # 9D
    s.play("layoff 5S to 1")
    s.play("meld 5H 6H 7H")
    s.play("9D")
    assert s.results[0] == (DEADWOOD, 0, 0) and s.outcome is None     # 91 < 100: play on


def test_match_by_a_number_of_hands():
    # Ending the hand: a number of hands instead of a target
    s = G.new_state(seed=1, decks=[pack_for(ALL_AT_ONCE, "TC", "9C")], players=3, hands=1,
                    target=0)
    s.play("draw")
    s.play("meld 2S 3S 4S")
    s.play("layoff 5S to 1")
    s.play("meld 5H 6H 7H")
    s.play("9C")
    assert s.outcome is not None and s.outcome.reason.startswith("1 hands played")


def test_equal_leaders_at_the_target_play_another_hand():
    # decision: the match ends at the target only with one player alone on top
    s = new(hands=ALL_AT_ONCE, upcard="TC", stock="9C", target=100)
    s.scores[1] = 2 * DEADWOOD
    s.play("draw")
    s.play("meld 2S 3S 4S")
    s.play("layoff 5S to 1")
    s.play("meld 5H 6H 7H")
    s.play("9C")
    assert s.scores[0] == s.scores[1] == 2 * DEADWOOD
    assert s.outcome is None and s.hand_no == 1


def test_target_not_reached_deals_again_with_the_next_dealer():
    # Ending the hand: the player to the dealer's left deals next
    s = new(hands=ALL_AT_ONCE, upcard="TC", stock="9C", target=1000)
    s.play("draw")
    s.play("meld 2S 3S 4S")
    s.play("layoff 5S to 1")
    s.play("meld 5H 6H 7H")
    s.play("9C")
    assert s.outcome is None and s.hand_no == 1 and s.dealer == 0 and s.to_act == (1,)


def test_stock_is_rebuilt_from_the_discards():
    # decision: the discards under the top card are shuffled into a new stock
    s = new()
    s.stock = []
    s.discard = DECK.parse_many("2H 3H 4H")
    s.play("draw")
    assert len(s.discard) == 1 and DECK.text(s.discard[0]) == "4H"
    assert len(s.stock) == 1


def _stock_down_to_one(s):
    top = s.discard.pop()
    s.discard = s.stock[:-1] + [top]
    s.stock = s.stock[-1:]


def _meld_then_last_card(s, rebuilds, table_at_rebuild):
    """Seat 0 melds three spades; the stock, rebuilt ``rebuilds`` times (the
    table then holding ``table_at_rebuild`` cards), is down to one card,
    which seat 1 draws before discarding."""
    s.play("draw")                              # AS
    s.play("meld 2S 3S 4S")
    s.play("KC")
    s.rebuilds, s.table_at_rebuild = rebuilds, table_at_rebuild
    _stock_down_to_one(s)
    s.play("draw", 1)
    s.play("2C", 1)


def test_the_stock_is_rebuilt_again_after_cards_were_laid():
    # decision (stock): no cap on rebuilds; a third one after a meld since the second
    s = new(target=1000)
    _meld_then_last_card(s, rebuilds=2, table_at_rebuild=0)
    assert s.turn == 2 and s.hand_no == 0
    s.play("draw", 2)
    assert s.rebuilds == 3 and s.table_at_rebuild == 3 and len(s.stock) == 28


def test_a_rebuilt_stock_gone_through_with_nothing_laid_is_a_deadlock():
    # decision (stock): a whole pass through a rebuilt stock that laid nothing
    # ends the hand as a deadlock; nobody scores
    s = new(target=1000)
    _meld_then_last_card(s, rebuilds=1, table_at_rebuild=3)
    assert s.hand_no == 1 and s.results[-1] == (0, 0, 0)
    ends = [e for e in s.events if e.kind == "stock_end"]
    assert len(ends) == 1 and ends[0].public["why"] == "deadlock"


def test_bad_input_is_refused_and_changes_nothing():
    s = new()
    before = s.view(0)
    with pytest.raises(ParseError):
        G.parse_action(s, "meld seven of hearts", 0)
    with pytest.raises(IllegalAction):
        s.play("meld 2S 3S 4S")            # draw first
    with pytest.raises(IllegalAction):
        s.play("draw", 1)                  # not seat 1's turn
    assert s.view(0) == before


def test_heuristic_bots_finish_a_match():
    s = play_match(G, ["heuristic"], 3, players=3, target=80)
    assert s.outcome is not None and max(s.outcome.scores) >= 80


def test_the_end_of_a_hand_reads_as_a_score_sheet():
    # Ending the hand: the terminal line names the winner, each loser's cards and the scores
    line = G.describe_event({"kind": "hand_scored", "winner": 1, "points": [0, 33, 0],
                             "all_at_once": False, "scores": [0, 33, 10],
                             "hands": [DECK.parse_many("7H 6H"), [], DECK.parse_many("KC")],
                             "deadwood": [26, 0, 10]})
    assert line == ("seat 1 goes out and scores 33. Left in hand: seat 0 7♥ 6♥ (26); "
                    "seat 2 K♣ (10). Scores: seat 0 0, seat 1 33, seat 2 10")
