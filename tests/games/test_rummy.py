"""Rummy by seed 002 "Rummy" and its variants (Robbery, Vienna, Rummy with a tap):
scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.rummy import DECK, RULES, card_points, meld_points, score_deal
from pelit.sim.runner import play_match

G = pelit.load("rummy")


def pack_for(hands, stock="", size=12):
    """Hands dealt one at a time from the foreman (seat 0), his extra card
    last (the 13th card of his hand text), then the stock from its top; the
    rest in id order."""
    used = 0
    parsed = []
    for h in hands:
        cards = DECK.parse_many(h, DECK.all_mask & ~used)
        for c in cards:
            used |= 1 << c
        parsed.append(cards)
    order = [parsed[p][i] for i in range(size) for p in range(len(hands))]
    order.append(parsed[0][size])
    extra = DECK.parse_many(stock, DECK.all_mask & ~used) if stock else []
    order += extra
    assert len(set(order)) == len(order)
    order += [c for c in range(DECK.size) if c not in order]
    return DECK.texts(order)


# seat 0 (the foreman) holds 13 cards, the others 12
OPENER = "9S 9H 9D KS KH KD 8H TH 8D TD 7S 8S 2C"
OTHER = "3C 4C 6D 7D QC 2H 4H 6H AS 3S 5S 5D"
THIRD = "3D 4D 5C 6C 7C 2D 5H 7H JD JC JH 4S"


def new(hands=(OPENER, OTHER), stock="QS QH QD", **opts):
    size = opts.get("hand", 12)
    if opts.get("preset") == "vienna":
        size = 10
    return G.new_state(seed=1, decks=[pack_for(list(hands), stock, size)], players=len(hands),
                       **opts)


def legal(s, seat=None):
    seat = s.turn if seat is None else seat
    return {G.action_text(a) for a in s.legal_actions(seat)}


def hand(s, p):
    return sorted(DECK.texts(s.hands[p]).split())


def table(s):
    return [DECK.texts(list(m.cards)) for m in s.table if m is not None]


def test_deal_and_the_foreman_begins_by_discarding():
    # Game progress: 12 cards each, the foreman (left of the dealer) one more; he starts
    s = new()
    assert [h.bit_count() for h in s.hands] == [13, 12]
    assert s.dealer == 1 and s.turn == 0 and s.phase.name == "MELD"
    assert "draw" not in legal(s) and "2C" in legal(s)
    assert len(s.stock) == 108 - 25


def test_draw_from_the_stock_or_take_the_previous_discard():
    # Game progress: draw from the talon, or take the card the previous player discarded
    s = new()
    s.play("2C")
    assert legal(s, 1) == {"draw", "take"}
    s.play("take", 1)
    assert "2C" in hand(s, 1)
    assert DECK.texts(s.view(0)["hand_known"][1]) == "2C"       # everyone saw it taken


def test_the_discard_taken_cannot_be_discarded_again_that_turn():
    # decision: a turn must change something (two players could pass a card to and fro)
    s = new()
    s.play("2C")
    s.play("take", 1)
    assert "2C" not in legal(s, 1) and "QC" in legal(s, 1)
    with pytest.raises(IllegalAction, match="cannot go back"):
        s.play("2C", 1)


def test_combination_types():
    # Card combinations / Types of combinations: triples of different suits, straights,
    # the ace at either end; jokers at most half
    s = new(hands=("AH 2H 3H QD KD AD 7S 7H 7D 7C JK JK 5C", OTHER))
    got = legal(s)
    assert {"meld AH 2H 3H", "meld QD KD AD", "meld 7S 7H 7D", "meld JK 2H 3H"} <= got
    assert not any("JK" in t and t.count("JK") > 1 for t in got)
    assert "meld KD AD 2H" not in got
    s2 = new(hands=("7S 7S 7H 2C 4D 6C 8H TD QS 3H 5D 9C KC", OTHER))
    assert not any(t.startswith("meld 7S 7S") for t in legal(s2))   # "can't be 2 of a kind"


def test_values_in_a_lay_out():
    # Card values: ace 1 before a 2, 10 with J Q K; a joker the card it replaces, 15 in a triple
    def pts(text):
        return meld_points(RULES.read(DECK.parse_many(text), DECK.joker_mask))
    assert pts("AH 2H 3H") == 6
    assert pts("QH KH AH") == 30
    assert pts("5H JK 7H") == 18
    assert pts("7S 7H JK") == 29
    assert pts("AS AH AD") == 30


def test_first_lay_out_needs_forty_and_can_be_taken_back():
    # Lay out: "a limit is set for the first lay out (usually 40 points)"
    s = new(hands=("2S 3S 4S 5H 6H 7H 9C TC JC 2D 4D 6D 8D", OTHER))
    s.play("meld 2S 3S 4S")                                     # 9
    s.play("meld 5H 6H 7H")                                     # 18 more: 27 in all
    assert s.view(1)["laid_now"] == 27
    with pytest.raises(IllegalAction, match="needs 40"):
        s.play("8D")
    s.play("undo")
    assert len(hand(s, 0)) == 13 and not s.table
    s.play("8D")                                               # nothing laid: the turn ends
    assert s.turn == 1


def test_reaching_forty_lays_out_and_then_adds_to_anyones_combinations():
    # Lay out: "The player who makes this lay out, may ... add cards to all card
    # combinations laid out on the table (including those laid out by opponents)"
    s = new(hands=(OPENER, "9C QC KC AC TS JS QS 2H 4H 6H AS 3S"), stock="5D")
    s.play("meld 9S 9H 9D")
    assert not s.opened[0]
    s.play("meld KS KH KD")
    assert s.opened[0] and any(e.kind == "laid_out" for e in s.events)
    s.play("2C")
    s.play("draw", 1)                                           # 5D
    assert "layoff 9C to 1" not in legal(s, 1)                  # seat 1 has not laid out
    with pytest.raises(IllegalAction, match="first lay-out"):
        s.play("layoff 9C to 1", 1)
    s.play("meld QC KC AC", 1)                                  # 30: not yet
    assert "layoff 9C to 1" not in legal(s, 1)
    s.play("meld TS JS QS", 1)                                  # 60: laid out
    assert s.opened[1] and "layoff 9C to 1" in legal(s, 1)
    s.play("layoff 9C to 1", 1)
    assert table(s)[0] == "9S 9H 9C 9D" and s.table[0].owner == 0


def test_joker_exchange_must_be_melded_at_once():
    # Lay out: "The joker ... may be exchanged for the corresponding card, but it must be
    # used immediately in a new card combination"
    s = new(hands=("KS KH JK QS QH QD 5C 6C 8S 2C 3D 4H 9H",
                   "KD 6D 7D 8D 9D TD 5S 5H 4C 2H 3S AS"), stock="9C")
    s.play("meld KS KH JK")                                     # 10 + 10 + 15
    s.play("meld QS QH QD")
    s.play("2C")
    s.play("draw", 1)                                           # 9C
    assert "swap KD in 1" not in legal(s, 1)                    # not before laying out
    s.play("meld 6D 7D 8D", 1)
    s.play("layoff 9D to 3", 1)
    s.play("layoff TD to 3", 1)                                 # 6..10 of diamonds: 40
    assert s.opened[1] and "swap KD in 1" in legal(s, 1)
    s.play("swap KD in 1", 1)
    assert table(s)[0] == "KS KH KD" and "JK" in hand(s, 1)
    got = legal(s, 1)
    assert got and all(("JK" in t and t.startswith("meld")) or t == "undo" for t in got)
    with pytest.raises(IllegalAction, match="joker"):
        s.play("9C", 1)
    s.play("meld 5S 5H JK", 1)
    assert s.pending == -1 and "9C" in legal(s, 1)


def test_closing_from_the_hand_with_twelve_of_a_suit():
    # Lay out, second option: 12 cards of one suit laid out, the 13th discarded; double minus
    s = new(hands=("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C", OTHER))
    assert "close 2C" in legal(s)
    s.play("close 2C")
    assert s.results[0] == (10, -2 * sum(card_points(c) for c in DECK.parse_many(OTHER)))


def test_closing_from_the_hand_needs_nothing_laid_out():
    s = new(hands=("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C", OTHER))
    s.play("meld 2H 3H 4H")
    assert not any(t.startswith("close") for t in legal(s))


def test_card_values_left_in_the_hand():
    # Card values; decisions: an ace in the hand 10, a joker 15
    for text, value in (("2S", 2), ("TD", 10), ("JH", 10), ("KC", 10), ("AS", 10), ("JK", 15)):
        assert card_points(DECK.parse(text)) == value


def test_scoring_table():
    # Scoring: +10 for closing; the others their hands' values as minus, double from the hand
    hands = [0, 1 << DECK.parse("KS") | 1 << DECK.parse("3D"), 1 << DECK.parse("JK")]
    assert score_deal(hands, 0, False) == [10, -13, -15]
    assert score_deal(hands, 0, True) == [10, -26, -30]


def test_going_out_by_discarding_the_last_card():
    # Game progress: every turn ends with a discard; going out is discarding the last card
    s = new(hands=("9S 9H 9D KS KH KD QS QH QD JS JH JD 9C", OTHER))
    for meld in ("meld 9S 9H 9D", "meld KS KH KD", "meld QS QH QD", "meld JS JH JD"):
        s.play(meld)
    assert hand(s, 0) == ["9C"]
    assert "layoff 9C to 1" not in legal(s)                     # the last card stays
    s.play("9C")
    assert s.results[0][0] == 10 and s.deal_no == 1


def test_the_stock_is_rebuilt_from_the_discards():
    # Game progress: when the talon is used up, the discards form a new one
    s = new()
    s.play("2C")
    s.stock = []
    s.discard = DECK.parse_many("3H 4H 2C")
    s.play("draw", 1)
    assert len(s.discard) == 1 and len(s.stock) == 1


def _stock_down_to_one(s):
    """All the talon but its top card lies discarded under the pile's top."""
    top = s.discard.pop()
    s.discard = s.stock[:-1] + [top]
    s.stock = s.stock[-1:]


def test_the_stock_is_rebuilt_every_time_it_runs_out():
    # Game progress: whenever the talon is used up the discards form a new one;
    # a third rebuild after cards were laid since the second (no cap on rebuilds)
    s = new(deals=2)
    s.play("meld 9S 9H 9D")
    s.play("meld KS KH KD")
    s.play("2C")
    s.rebuilds, s.table_at_rebuild = 2, 3       # three cards were laid since then
    _stock_down_to_one(s)
    s.play("draw", 1)                           # the last card
    s.play("QC", 1)
    assert s.deal_no == 0 and s.turn == 0
    s.play("draw")
    assert s.rebuilds == 3 and s.table_at_rebuild == 6 and len(s.stock) > 50


def test_a_rebuilt_stock_gone_through_with_nothing_laid_is_a_deadlock():
    # decision (Game progress): a whole pass through a rebuilt talon that laid
    # nothing on the table ends the deal as a deadlock; nobody scores
    s = new(deals=2)
    s.play("meld 9S 9H 9D")
    s.play("meld KS KH KD")
    s.play("2C")
    s.rebuilds, s.table_at_rebuild = 1, 6       # nothing laid since the rebuild
    _stock_down_to_one(s)
    s.play("draw", 1)                           # the last card
    s.play("QC", 1)
    assert s.deal_no == 1 and s.results[0] == (0, 0)
    ends = [e for e in s.events if e.kind == "stock_end"]
    assert len(ends) == 1 and ends[0].public["why"] == "deadlock"
    assert "deadlock" in G.describe_event({"kind": "stock_end", "seat": 0, "why": "deadlock"})


def test_a_card_laid_off_since_the_rebuild_keeps_the_deal_going():
    # decision (Game progress): the other side of the boundary: one card laid
    # since the rebuild lets the talon be rebuilt again
    s = new(hands=(OPENER, "9C " + OTHER[3:]), deals=2)
    s.play("meld 9S 9H 9D")
    s.play("meld KS KH KD")
    s.play("2C")
    s.rebuilds, s.table_at_rebuild = 1, 6
    _stock_down_to_one(s)
    s.opened[1] = True                          # seat 1 has laid out earlier
    s.play("draw", 1)
    s.play("layoff 9C to 1", 1)
    s.play("QC", 1)
    assert s.deal_no == 0 and s.turn == 0 and not s.stock and s.rebuilds == 1
    s.play("draw")
    assert s.rebuilds == 2 and s.table_at_rebuild == 7


def test_out_past_one_hundred_minus_and_the_last_player_wins():
    # Scoring: whoever exceeds one hundred minus points is out of the game
    s = new(hands=("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C", OTHER))
    s.totals[1] = -40
    s.play("close 2C")
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert "last player" in s.outcome.reason


def test_exactly_one_hundred_is_not_out():
    s = new(hands=("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C", OTHER, THIRD))
    lost = 2 * sum(card_points(c) for c in DECK.parse_many(OTHER))
    s.totals[1] = -100 + lost
    s.play("close 2C")
    assert s.totals[1] == -100 and s.alive[1] and s.outcome is None


def test_deals_option_ranks_by_totals():
    # Scoring: the evening's penalty points, divided by ten for the ranking
    s = new(hands=("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C", OTHER), deals=1)
    s.play("close 2C")
    assert s.outcome.winners == (0,) and s.outcome.details["tenths"][0] == 1.0


# -- Robbery ----------------------------------------------------------------------

def robbery_turn_state():
    s = new(hands=(OPENER, "3C 4C 6D 7D QC 2H 4H 6H AS 3S 5S JC"), stock="QS 5D",
            preset="robbery")
    s.play("meld 9S 9H 9D")
    s.play("meld KS KH KD")                                     # 57: laid out
    s.play("2C")
    s.play("draw", 1)                                           # QS
    s.play("QS", 1)
    s.play("draw", 0)                                           # 5D
    return s


def test_robbery_takes_the_discard_only_into_a_combination():
    # Robbery: the discard pile only if the card is laid out or added at once
    s = new(hands=(OPENER, "2C 3C 6D 7D QC 2H 4H 6H AS 3S 5S JC"), preset="robbery")
    s.play("8H")
    got = legal(s, 1)
    assert "take" not in got
    assert "take into 6H 7H 8H" not in got                     # seat 1 has no 7H
    s2 = new(hands=(OPENER, "7H 6H 2H 4H 6D 7D QC AS 3S 5S JC 3C"), preset="robbery")
    s2.play("8H")
    assert "take into 6H 7H 8H" in legal(s2, 1)
    s2.play("take into 6H 7H 8H", 1)
    assert table(s2) == ["6H 7H 8H"] and s2.phase.name == "MELD"


def test_robbery_turn_breaks_and_rebuilds_melds():
    # Robbery: break up a combination and lay its cards again with one's own cards
    s = robbery_turn_state()
    s.play("lift 9H from 1")
    s.play("lift 9D from 1")
    assert table(s) == ["9S", "KS KH KD"]
    with pytest.raises(IllegalAction, match="lifted"):
        s.play("5D")                                            # lifted cards lie loose
    s.play("meld 8H 9H TH")
    s.play("meld 8D 9D TD")
    with pytest.raises(IllegalAction, match="whole"):
        s.play("5D")                                            # "only two cards"... one here
    s.play("lift 9S from 1")
    s.play("meld 7S 8S 9S")
    assert sorted(table(s)) == ["7S 8S 9S", "8D 9D TD", "8H 9H TH", "KS KH KD"]
    s.play("5D")                                                # the last card: out
    assert s.results[0][0] == 10


def test_robbery_leaving_two_cards_is_refused_and_undo_restores():
    s = robbery_turn_state()
    s.play("lift 9H from 1")
    s.play("meld 8H 9H TH")
    assert table(s)[0] == "9S 9D"
    with pytest.raises(IllegalAction, match="whole"):
        s.play("5D")
    s.play("undo")
    assert table(s) == ["9S 9H 9D", "KS KH KD"] and "8H" in hand(s, 0)


def test_robbery_a_taken_discard_taken_back_means_drawing():
    s2 = new(hands=(OPENER, "7H 6H 2H 4H 6D 7D QC AS 3S 5S JC 3C"), preset="robbery")
    s2.play("8H")
    s2.play("take into 6H 7H 8H", 1)
    s2.play("undo", 1)
    assert s2.phase.name == "DRAW" and legal(s2, 1) == {"draw"}
    assert DECK.text(s2.discard[-1]) == "8H"


# -- Vienna -------------------------------------------------------------------------

VIENNA0 = "9S TS JS QS KS TH JH QH 2C 3D 9C"
VIENNA1 = "3C 4C 6D 7D QC 2H 4H 6H AS 3S"


def test_vienna_pack_ten_cards_and_no_close_from_the_hand():
    # Vienna: 104 cards and 2 jokers, ten cards each, no lay out directly from the hand
    s = new(hands=("2H 3H 4H 5H 6H 7H 8H 9H TH JH 2C", VIENNA1), preset="vienna")
    assert [h.bit_count() for h in s.hands] == [11, 10]
    assert G.zones(s)["box"].bit_count() == 2
    assert not any(t.startswith("close") for t in legal(s))


def test_vienna_tap_with_five_points_or_less_then_one_last_round():
    # Vienna: tap when the unmelded cards are worth at most five; one last round; 101
    s = new(hands=(VIENNA0, VIENNA1), stock="8C", preset="vienna")
    s.play("meld 9S TS JS")
    s.play("layoff QS to 1")
    s.play("layoff KS to 1")
    s.play("meld TH JH QH")
    assert "tap 9C" in legal(s) and "tap 2C" not in legal(s)
    s.play("tap 9C")
    assert s.tapper == 0 and s.turn == 1
    s.play("draw", 1)
    s.play("8C", 1)
    assert s.results[0][0] == 10
    assert s.results[0][1] == -sum(card_points(c) for c in DECK.parse_many(VIENNA1))
    assert s.options.limit == 101


# -- Rummy with a tap ------------------------------------------------------------------

def test_a_tap_takes_the_discard_and_two_stock_cards_without_discarding():
    # Rummy with a tap: a player not on turn taps, takes the card and two from the talon
    s = new(hands=(OPENER, OTHER, THIRD), stock="QS QH QD", preset="tap")
    s.play("2C")
    assert s.to_act == (1, 2)
    s.play("tap", 2)
    assert s.hands[2].bit_count() == 15 and "2C" in hand(s, 2)
    assert s.to_act == (1,) and legal(s, 1) == {"draw"}        # the discard is gone


def test_a_tap_races_the_next_players_draw():
    s = new(hands=(OPENER, OTHER, THIRD), stock="QS QH QD", preset="tap")
    s.play("2C")
    s.play("draw", 1)
    assert s.to_act == (1,)
    with pytest.raises(IllegalAction):
        s.play("tap", 2)


def test_bad_input_is_refused_and_changes_nothing():
    s = new()
    before = s.view(0)
    with pytest.raises(ParseError):
        G.parse_action(s, "meld nine nine nine", 0)
    with pytest.raises(IllegalAction):
        s.play("draw")                                          # the foreman does not draw
    with pytest.raises(IllegalAction):
        s.play("layoff 9S to 1")                                # no such combination
    assert s.view(0) == before


@pytest.mark.parametrize("preset", [None, "robbery", "vienna", "tap"])
def test_heuristic_bots_finish_a_match(preset):
    s = play_match(G, ["heuristic"], 5, preset=preset, players=3) if preset else \
        play_match(G, ["heuristic"], 5, players=3)
    assert s.outcome is not None


def test_the_end_of_a_deal_reads_as_a_score_sheet():
    # Scoring: the terminal line names the closer, each hand left and the totals
    line = G.describe_event({"kind": "deal_scored", "closer": 1, "from_hand": False,
                             "tapper": None, "points": [-13, 10, -5], "totals": [-13, 10, -5],
                             "hands": [DECK.parse_many("7H 6H"), [], DECK.parse_many("5D")]})
    assert line == ("seat 1 goes out: seat 0 -13 (7♥ 6♥); seat 1 +10; seat 2 -5 (5♦). "
                    "Totals: seat 0 -13, seat 1 10, seat 2 -5")
