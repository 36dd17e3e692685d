"""Cactus by seed 004 "Cactus": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import Card
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.cactus import DECK, card_value
from pelit.sim.runner import play_match

G = pelit.load("cactus")


def pack_for(layout0: str, layout1: str, stock_top: str = "") -> str:
    """Slots 1..4 of each layout dealt alternately (seat 0 first), then the
    stock, ``stock_top`` drawn first, the rest in id order."""
    a, b = DECK.parse_many(layout0), DECK.parse_many(layout1)
    pack = [x for pair in zip(a, b) for x in pair] + DECK.parse_many(stock_top)
    pack += [c for c in range(52) if c not in pack]
    return DECK.texts(pack)


def new(layout0="5H 9C KD 2C", layout1="3S 6H QD 8S", stock_top="AH 4D 7C JS QC"):
    return G.new_state(seed=1, decks=[pack_for(layout0, layout1, stock_top)])


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def cards_in(obj) -> set[str]:
    out = set()
    if isinstance(obj, Card):
        out.add(DECK.text(obj))
    elif isinstance(obj, dict):
        for v in obj.values():
            out |= cards_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out |= cards_in(v)
    elif hasattr(obj, "bit_count") and type(obj).__name__ == "CardSet":
        out |= set(DECK.texts(obj).split())
    return out


def turn(s, text):
    """The player on turn acts (the other may be in a matching window too)."""
    s.play(text, seat=s.turn)


def layout_cards(s, p):
    return [None if c is None else DECK.text(c) for c in s.layouts[p]]


def test_setup_face_down_layouts_nobody_may_look_at():
    # Setup: four cards each in a 2x2 face-down layout; players may not look at them
    s = new()
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert v["layouts"] == [["down"] * 4, ["down"] * 4]
        assert cards_in(v) == set()
    assert s.to_act == (0,) and legal(s) == {"draw"}     # the non-dealer draws first


def test_card_values():
    # Game play: aces 1, kings 0, queens and jacks 10, the rest their pips
    for text, value in (("AS", 1), ("KH", 0), ("QD", 10), ("JC", 10), ("TS", 10),
                        ("9H", 9), ("2D", 2)):
        assert card_value(DECK.parse(text)) == value


def test_drawn_card_seen_by_drawer_only_then_never_again():
    # Game play: look at the drawn card, hidden from the dealer; once placed it is not looked at
    s = new()
    turn(s, "draw")
    assert DECK.text(s.view(0)["held"]) == "AH"
    assert s.view(1)["held"] is None and s.view(1)["holding"] is True
    assert "AH" not in cards_in(s.view(None))
    turn(s, "swap 2")                                # 9C goes face up to the discard pile
    assert DECK.text(s.view(1)["discard_top"]) == "9C"
    assert layout_cards(s, 0) == ["5H", "AH", "KD", "2C"]
    assert "AH" not in cards_in(s.view(0))          # the owner's view does not keep it
    placed = [e for e in G.events_for(s, 0) if e["kind"] == "swap"][0]
    assert DECK.text(placed["placed"]) == "AH"      # he saw it once, as it happened
    assert [e for e in G.events_for(s, 1) if e["kind"] == "swap"][0]["placed"] is None


def test_discarding_a_drawn_card_and_taking_the_discard_from_the_second_turn():
    # Game play: the dealer (and everyone after) may take the top discard instead
    s = new()
    turn(s, "draw")
    turn(s, "discard")                               # AH: not a power card
    turn(s, "done")
    assert legal(s, 1) >= {"draw", "take"}
    s.play("take", seat=1)
    assert DECK.text(s.view(0)["held"]) == "AH"     # taken from the pile: public
    with pytest.raises(IllegalAction, match="must be swapped"):
        s.play("discard", seat=1)
    s.play("swap 1", seat=1)
    assert layout_cards(s, 1)[0] == "AH"


def test_power_peek_own_card_only_to_its_owner():
    # Power cards: 8, 7, 6 discarded from the stock: look at one of your own cards
    s = new(stock_top="7C")
    turn(s, "draw")
    turn(s, "discard")
    assert legal(s, 0) >= {"peek 1", "peek 4", "pass"}
    turn(s, "peek 3")
    mine = [e for e in G.events_for(s, 0) if e["kind"] == "peek"][0]
    theirs = [e for e in G.events_for(s, 1) if e["kind"] == "peek"][0]
    assert DECK.text(mine["card"]) == "KD" and "card" not in theirs
    assert "KD" not in cards_in(s.view(0))          # a peek is not kept in the view


def test_power_spy_on_the_opponent():
    # Power cards: J, 10, 9: look at one of the opponent's cards; they do not learn it
    s = new(stock_top="JS")
    turn(s, "draw")
    turn(s, "discard")
    turn(s, "spy 3")
    ev = [e for e in G.events_for(s, 0) if e["kind"] == "spy"][0]
    assert DECK.text(ev["card"]) == "QD"
    assert "card" not in [e for e in G.events_for(s, 1) if e["kind"] == "spy"][0]


def test_power_queen_trades_unseen():
    # Power cards: the queen swaps one of yours with one of the opponent's, unseen
    s = new(stock_top="QC")
    turn(s, "draw")
    turn(s, "discard")
    turn(s, "trade 1")
    turn(s, "for 4")
    assert layout_cards(s, 0)[0] == "8S" and layout_cards(s, 1)[3] == "5H"
    assert all("card" not in e for e in G.events_for(s, 1) if e["kind"] == "trade")


def test_power_card_from_a_layout_can_be_taken_and_used_by_the_opponent():
    # Power cards: a power card discarded from a layout is unused: the opponent may use it
    s = new(layout0="7D 9C KD 2C", stock_top="AH")
    turn(s, "draw")
    turn(s, "swap 1")                                # 7D leaves the layout unused
    assert s.view(1)["unused_power_for"] == 1
    turn(s, "done")
    s.play("take", seat=1)
    s.play("discard", seat=1)                       # and re-discards it for its power
    assert s.phase is G.Phase.POWER and s.power == "peek"


def test_own_power_card_matched_away_cannot_be_taken_back_for_its_power():
    """Power cards: an unused power card passes to the opponent.  Seat 0
    matches his own 7D onto seat 1's 7C; on his turn he may take the 7D back
    only to swap it in, never to discard it for its power."""
    s = new(layout0="7D 9C KD 2C", stock_top="AH 7C")
    turn(s, "draw")
    turn(s, "swap 4")                                # 2C: no power card
    turn(s, "done")
    turn(s, "draw")                                  # seat 1: 7C ...
    turn(s, "discard")
    turn(s, "pass")                                  # ... its peek declined: used
    s.play("match 1", seat=0)                       # seat 0's 7D leaves his layout
    assert s.view(0)["unused_power_for"] == 1 and s.view(1)["unused_power_for"] == 1
    turn(s, "done")
    assert s.turn == 0 and "take" in legal(s, 0)
    turn(s, "take")
    assert s.held_from == "discard" and "discard" not in legal(s, 0)
    with pytest.raises(IllegalAction):
        turn(s, "discard")


def test_match_in_turn_right_and_wrong():
    # Matching cards: right: the card is discarded; wrong: turned back and two penalty cards
    s = new(layout0="5H 9C KD 2C", stock_top="9D 4D 6S")
    turn(s, "draw")
    turn(s, "discard")                               # 9D: spy power ...
    turn(s, "pass")                                  # ... declined
    turn(s, "match 2")                               # 9C matches 9D
    assert layout_cards(s, 0) == ["5H", None, "KD", "2C"]
    assert DECK.text(s.discard[-1]) == "9C"
    turn(s, "match 1")                               # 5H does not match 9C
    assert layout_cards(s, 0) == ["5H", "4D", "KD", "2C", "6S"]   # penalty: empty slot first
    assert s.view(1)["layouts"][0] == ["down"] * 5


def test_match_out_of_turn_races_the_turn_player():
    # Matching cards: at any time, even out of turn (a race window)
    s = new(layout1="9S 6H QD 8S", stock_top="9D 4D 6S")
    turn(s, "draw")
    turn(s, "discard")                               # 9D on top
    assert s.to_act == (0, 1) and {"match 1", "pass"} <= legal(s, 1)
    s.play("match 1", seat=1)                       # seat 1 is faster
    assert layout_cards(s, 1)[0] is None and DECK.text(s.discard[-1]) == "9S"
    # the other order: the turn player acts first and the top card changes under him
    t = new(layout1="9S 6H QD 8S", stock_top="9D 4D 6S")
    turn(t, "draw")
    turn(t, "discard")
    t.play("pass", seat=0)                          # seat 0 declines the spy power
    t.play("done", seat=0)                          # seat 1's turn; seat 0 may still match
    assert t.turn == 1 and t.to_act == (0, 1)
    t.play("draw", seat=1)                          # 4D
    t.play("swap 2", seat=1)                        # 6H goes on top of the 9D
    t.play("match 1", seat=1)                       # too late: 9S does not match 6H
    assert layout_cards(t, 1) == ["9S", "4D", "QD", "8S", "6S", "2S"]   # two penalty cards


def test_pass_lets_the_top_discard_go():
    s = new(stock_top="AH")
    turn(s, "draw")
    turn(s, "discard")
    assert s.to_act == (0, 1)
    s.play("pass", seat=1)
    assert s.to_act == (0,)


def test_cactus_gives_the_opponent_one_more_turn_then_lowest_total_wins():
    # Ending the game: call at the end of your turn; the opponent has one more turn
    s = new(layout0="AH KD 2C 3C", layout1="3S 6H QD 8S", stock_top="5D 7H")
    turn(s, "draw")
    turn(s, "discard")                               # 5D
    s.play("pass", seat=1)
    turn(s, "cactus")
    assert s.caller == 0 and s.turn == 1 and s.to_act == (0, 1)   # 5D may still be matched
    s.play("draw", seat=1)
    s.play("swap 3", seat=1)                        # QD out, 7H in: 3+6+7+8 = 24
    o = s.outcome
    assert o is not None and o.scores == (6, 24) and o.winners == (0,)
    # both layouts are turned up at the end, for everyone
    for seat in (None, 0, 1):
        shown = [[DECK.text(c) for c in l] for l in s.view(seat)["layouts"]]
        assert shown == [["AH", "KD", "2C", "3C"], ["3S", "6H", "7H", "8S"]]


def test_equal_totals_are_a_draw():
    s = new(layout0="AH KD 2C 3C", layout1="AS KS 2D 3D", stock_top="5D 5H")
    turn(s, "draw")
    turn(s, "discard")
    s.play("pass", seat=1)
    turn(s, "cactus")
    s.play("draw", seat=1)
    s.play("discard", seat=1)
    assert s.outcome.winners == () and s.outcome.scores == (6, 6)


def test_bad_input_is_refused_and_changes_nothing():
    s = new()
    before = ([l.copy() for l in s.layouts], len(s.history))
    with pytest.raises(IllegalAction):
        turn(s, "take")
    with pytest.raises(IllegalAction, match="no discard"):
        turn(s, "match 1")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("draw", seat=1)
    with pytest.raises(ParseError):
        turn(s, "swap 99")
    with pytest.raises(ParseError):
        turn(s, "look 1")
    assert ([l.copy() for l in s.layouts], len(s.history)) == before


def test_whole_match_between_bots():
    for seed in range(4):
        s = play_match(G, ["heuristic"], seed=seed)
        assert s.outcome is not None and s.outcome.details["caller"] is not None


def test_the_log_does_not_show_layout_cards_again():
    # Cactus: a player may not look at his layout again; what he saw (drawn,
    # peeked, spied, placed, turned up by a match) is shown once, as it
    # happens, and never again by the terminal's log (render hint ``forget``)
    from tests.cli.test_play import quiet_console
    from pelit.cli.play import Session
    session = None

    asked = []

    def answer(prompt):
        legal = [G.action_text(a) for a in session.state.legal_actions(session.me)]
        asked.append(prompt)
        ending = ("cactus",) if len(asked) > 40 else ()
        for word in ending + ("peek 1", "spy 1", "discard", "draw", "done", "pass"):
            if word in legal:
                return word
        return legal[0]

    session = Session(G, seat=0, seed=4, console=quiet_console(), save=False, input_fn=answer)
    session.run()
    forget = G.render_hints["forget"]
    events = [e for e in session.my_events() if e["kind"] not in ("new_deal", "match_over")]
    lines = [line.plain for line in session._last_lines(10 ** 6)]
    kinds = {e["kind"] for e in events if e["kind"] in forget}
    assert {"draw", "peek"} <= kinds
    for line in lines:
        if any(f": {k}" in line for k in ("draw", "peek", "spy")):
            assert " card " not in line, line
