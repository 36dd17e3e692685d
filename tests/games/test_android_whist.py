"""Android Whist by seed 000 ch. 3: scripted deals citing the section each rule comes from."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import pelit
from pelit.cards.android import android_seating, whist_command
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.android_whist import DECK, STRENGTH, TRUMP, deal_points

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests/: support, test_leaks

from support import card_ids_in, random_step, snapshot

G = pelit.load("android-whist")


def pack(p0: str, p1: str, p2: str, p3: str) -> str:
    """A stacked pack giving places 0..3 these hands.  Dealing (decision,
    3.3) is one card at a time clockwise from the dealer's left (place 1)."""
    hands = [p.split() for p in (p0, p1, p2, p3)]
    out = []
    for i in range(13):
        for place in (1, 2, 3, 0):
            out.append(hands[place][i])
    return " ".join(out)


P0 = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"          # human 0, the dealer
P1 = "AH KH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"          # android of human 1
P2 = "2H 3H 4H 2S 3S 4S 5S 6S 7S 8S 9S TS JS"          # android of human 0
P3 = "5H 6H 7H 8H 9H TH JH QH KC AC QS KS AS"          # human 1
DEAL = pack(P0, P1, P2, P3)


def hand(text: str) -> int:
    return mask_of(DECK.parse_many(text))


def cmd(command, hand_text, trick_text=""):
    plays = [(i, c) for i, c in enumerate(DECK.parse_many(trick_text))]
    card = whist_command(command, hand(hand_text), plays, DECK, STRENGTH, TRUMP)
    return None if card is None else DECK.text(card)


# -- 3.4 seating and who sees what ---------------------------------------------

def test_seating_3_4_androids_left_of_dealer_and_right_of_other_human():
    assert android_seating(0) == (("human", 0), ("android", 1), ("android", 0), ("human", 1))
    s = G.new_state(seed=1, decks=[DEAL])
    v0, v1 = s.view(0), s.view(1)
    assert v0["places"] == ["human 0", "android 1", "android 0", "human 1"]
    assert v0["place_sides"] == [0, 1, 0, 1] and v0["turn_place"] == "android 1"
    # each human holds his hand and sees the opposing android's hand
    assert int(v0["hand"]) == hand(P0) and int(v0["android_hand"]) == hand(P1)
    assert int(v1["hand"]) == hand(P3) and int(v1["android_hand"]) == hand(P2)


def test_the_web_table_seats_the_places_clockwise_from_the_dealer_3_4():
    # 3.4: human 0 deals; android 1 on his left, android 0 across, human 1 on
    # his right.  The web table numbers android h as hand 2 + h, so going
    # clockwise the numbers run 0, 3, 2, 1 and the view says so (the page
    # would otherwise put human 1 on human 0's left)
    s = G.new_state(seed=1, decks=[DEAL])
    assert s.view(0)["clockwise_by_seat"] == [0, 3, 2, 1]
    assert s.view(None)["clockwise_by_seat"] == [0, 3, 2, 1]
    assert G.web_layout["clockwise"] == "clockwise_by_seat"


def test_friendly_android_hand_never_reaches_its_commander_3_4():
    s = G.new_state(seed=1, decks=[DEAL])
    for seat, friendly in ((0, P2), (1, P1)):
        shown = card_ids_in(s.view(seat)) | card_ids_in(G.events_for(s, seat))
        assert shown & hand(friendly) == 0
    assert card_ids_in(s.view(None)) == 0      # a spectator sees no hand


def test_first_lead_left_of_dealer_by_command_3_3_3_5_2():
    s = G.new_state(seed=1, decks=[DEAL])
    assert s.to_act == (1,) and s.turn == 1     # the android of human 1 leads
    texts = {G.action_text(a) for a in s.legal_actions()}
    assert "longest" in texts and "high shortest" in texts and "spades" in texts
    assert "duck" not in texts and "AH" not in texts


# -- 3.5 the command language, card by card -------------------------------------

@pytest.mark.parametrize("command,hand_text,trick,want", [
    # 3.5.1 Duck: lowest card of the suit led; none -> Error Message
    ("duck", "2H 9H AS", "KH", "2H"),
    ("duck", "2C 9D AS", "KH", None),
    # 3.5.1 Beat: the cheapest card that takes the trick
    ("beat", "2H 9H QH AH", "TH", "QH"),
    ("beat", "2C 3S 9S", "TH", "3S"),            # void in hearts: lowest trump
    ("beat", "2C 3S 9S", "TH 5S", "9S"),         # must top the trump already played
    ("beat", "2H 5H", "TH", "2H"),               # cannot beat: lowest of the suit led
    ("beat", "2C 3S", "TH 5S", None),            # cannot beat, no heart: Error Message
    ("beat", "2C 3D", "TH", None),
    ("beat", "2H 9H QH", "TH 5S", "2H"),         # trumps outrank: hearts cannot beat 5S
    ("beat", "JH", "TH KD", "JH"),               # a discard is never the high card
    # 3.5.1 High: the strongest card that takes the trick
    ("high", "2H 9H QH AH", "TH", "AH"),
    ("high", "2C 3S 9S", "TH", "9S"),
    ("high", "2H 5H", "TH", "2H"),
    ("high", "2C 3D", "TH", None),
    ("high", "2S 9S KS", "TS", "KS"),            # trumps led: higher trumps only
    ("beat", "2S 9S KS", "TS", "KS"),
])
def test_following_commands_3_5_1(command, hand_text, trick, want):
    assert cmd(command, hand_text, trick) == want


@pytest.mark.parametrize("command,hand_text,want", [
    # 3.5.2 a suit: its lowest card; void -> Error Message
    ("hearts", "2H 9H AS", "2H"),
    ("clubs", "2H 9H AS", None),
    ("high hearts", "2H 9H AS", "9H"),
    # Shortest: lowest of the shortest non-trump suit; a tie -> Error Message
    ("shortest", "2H 9H 3C AS", "3C"),
    ("shortest", "2H 9H 3C 5C AS", None),
    ("shortest", "2H 9H 3C 4C 5C AS", "2H"),
    ("high shortest", "2H 9H 3C 4C 5C AS", "9H"),
    ("shortest", "2S 3S", None),                  # decision: only trumps
    ("shortest", "2H 3H 4H 5S", "2H"),            # the trump suit is left out
    # Longest: lowest of the longest suit, trumps included; a tie -> Error Message
    ("longest", "2H 3S 4S 5S", "3S"),
    ("high longest", "2H 3S 4S 5S", "5S"),
    ("longest", "2H 3H 4S 5S", None),
])
def test_leading_commands_3_5_2(command, hand_text, want):
    assert cmd(command, hand_text) == want


# -- commands in play -----------------------------------------------------------

def test_error_message_flow_and_follow_rules_in_a_scripted_deal_3_5():
    s = G.new_state(seed=1, decks=[DEAL])
    s.play("diamonds")                       # place 1 holds no diamond (3.5.2)
    errs = [e for e in G.events_for(s, 1) if e["kind"] == "error_message"]
    assert errs[-1]["command"] == "diamonds" and card_ids_in(errs) == 0
    assert s.to_act == (1,) and s.after_error
    assert "diamonds" not in {G.action_text(a) for a in s.legal_actions()}   # decision
    s.play("high shortest")                  # hearts (AH KH) are shortest: AH
    assert [DECK.text(c) for _, c in s.trick] == ["AH"]
    assert s.to_act == (0,)                  # human 0 commands place 2
    texts = {G.action_text(a) for a in s.legal_actions()}
    assert texts == {"duck", "beat", "high"}  # 3.5.1 only while following
    s.play("duck")                           # 2H
    with pytest.raises(IllegalAction, match="follow suit"):
        s.play("KC")                         # human 1 holds hearts (ch. 2)
    s.play("5H")
    s.play("2D")                             # human 0 is void in hearts
    assert s.tricks == [0, 1] and s.turn == 1   # AH won for human 1's side
    s.play("longest")                        # clubs, eleven of them: 2C
    s.play("duck")                           # place 2 holds no club: Error Message
    texts = {G.action_text(a) for a in s.legal_actions()}
    assert "duck" not in texts and {"beat", "high", "clubs", "high longest"} <= texts
    s.play("beat")                           # the lowest trump, 2S
    s.play("AC")
    s.play("3D")
    assert s.tricks == [1, 1] and s.turn == 2   # spades are trumps (3.3)
    assert s.voids[2] & 1 << DECK.suit_of[DECK.parse("2C")]
    assert s.voids[1] & 1 << DECK.suit_of[DECK.parse("2D")]   # the "diamonds" Error Message


def test_error_messages_that_prove_voids_3_5():
    suits = [" ".join(r + x for r in "23456789TJQKA") for x in "SHDC"]
    s = G.new_state(seed=1, decks=[pack(suits[0], suits[1], suits[2], suits[3])])
    s.play("hearts")                         # place 1: 2H
    s.play("beat")                           # place 2 holds only diamonds: Error Message
    bit = {c: 1 << DECK.suit_of[DECK.parse("2" + c)] for c in "SHDC"}
    assert s.voids[2] == bit["H"] | bit["S"]  # no heart, and no trump to beat with
    s.play("clubs")                          # Error Message: no club either
    assert s.voids[2] == bit["H"] | bit["S"] | bit["C"]
    s.play("high diamonds")                  # AD
    assert DECK.text(s.trick[-1][1]) == "AD" and s.voids[2] & bit["D"] == 0
    # on the screen the voids read as suit names, for every seat alike
    lines = G.render_board(s.view(0)).splitlines()
    assert lines[0] == "Deal 1"                                          # counted from 1
    assert lines[1].startswith("You are human 0: you command android 0")     # 3.4
    assert lines[2] == "Shown void  android 0: spades, hearts, clubs"
    rng = random.Random(1)
    for _ in range(3):                       # sampled worlds honour what the errors showed
        for seat in (0, None):              # human 0 never sees place 2
            w = G.sample_world(s.view(seat), rng)
            assert w.hands[2] == s.hands[2]


def test_bad_input_is_refused_and_changes_nothing():
    s = G.new_state(seed=1, decks=[DEAL])
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="by command"):
        s.play("AH")                         # naming the android's card
    with pytest.raises(IllegalAction, match="following"):
        s.play("duck")                       # a 3.5.1 command when leading
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("longest", seat=0)
    with pytest.raises(ParseError):
        s.play("jump")
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=3)
    assert snapshot(s) == before
    s.play("longest")
    s.play("beat")                           # 2S: now human 1 plays his own hand
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="commands are for your android"):
        s.play("beat")                       # human 1 plays his own hand
    assert snapshot(s) == before


# -- 3.3 scoring and the match ---------------------------------------------------

@pytest.mark.parametrize("tricks,points", [
    ([7, 6], [1, 0]), ([6, 7], [0, 1]), ([13, 0], [7, 0]), ([2, 11], [0, 5]), ([9, 4], [3, 0]),
])
def test_deal_points_tricks_over_six_3_3(tricks, points):
    assert deal_points(tricks) == points


def test_whole_match_to_five_points_dealer_alternates_3_3_3_4():
    s = G.new_state(seed=21)
    rng = random.Random(2)
    while s.outcome is None:
        s.apply(*reversed(random_step(s, rng)))
    deals = [e.public["dealer"] for e in s.events if e.kind == "deal"]
    assert deals == [i % 2 for i in range(len(deals))]
    scored = [e.public for e in s.events if e.kind == "deal_scored"]
    for e in scored:
        assert sum(e["tricks"]) == 13 and e["points"] == deal_points(e["tricks"])
    assert max(s.points) >= 5 and all(max(e["totals"]) < 5 for e in scored[:-1])
    side = 0 if s.points[0] > s.points[1] else 1
    assert s.outcome.winners == (side,)


def _check_seat(game, state, seat, rng):
    """The leak rules for one seat: no card it cannot know in its view or its
    events of this deal, and sampled worlds show it the same view."""
    import json

    from pelit.core.records import jsonable
    view = game.view(state, seat)
    events = game.events_for(state, seat)
    starts = [i for i, e in enumerate(events) if e["kind"] == "new_deal"]
    shown = card_ids_in(view) | card_ids_in(events[starts[-1]:])
    assert shown & game.unknown_cards(state, seat) == 0
    want = json.dumps(jsonable(view, game), sort_keys=True)
    for _ in range(2):
        world = game.sample_world(view, rng)
        assert json.dumps(jsonable(game.view(world, seat), game), sort_keys=True) == want


def test_four_human_seating_option_3_3():
    s = G.new_state(seed=4, players=4)
    assert s.to_act == (1,) and all(k == "human" for k, _, _ in s.places)
    assert {G.action_text(a) for a in s.legal_actions()} <= set(DECK.text_of)
    rng = random.Random(4)
    steps = 0
    while s.outcome is None:
        if steps % 11 == 0:
            for seat in (None, 0, 1, 2, 3):
                _check_seat(G, s, seat, rng)
        s.apply(*reversed(random_step(s, rng)))
        steps += 1
    deals = [e.public["dealer"] for e in s.events if e.kind == "deal"]
    assert deals == [i % 4 for i in range(len(deals))]
    assert s.outcome.winners in ((0, 2), (1, 3))


def test_heuristic_bot_beats_random_play():
    from pelit.sim.runner import play_match
    wins = 0
    for seed in range(6):
        st = play_match(G, ["heuristic", "random"], seed)
        wins += st.outcome.winners == (0,)
    assert wins >= 5


def _number_of(label):
    """The web table's number of a place: a human at its seat, the android
    partnering human h at hand 2 + h."""
    kind, h = label.split()
    return int(h) if kind == "human" else 2 + int(h)


@pytest.mark.parametrize("game_id", ["android-whist", "bridge-meets-guess-who"])
def test_the_web_table_numbers_the_places_by_seat(game_id):
    """The view's table by seat numbers (for the browser's trick table,
    issue 16) says the same as its fields by place name: every play, the
    last trick's taker, each hand's size, and the opposing android's hand as
    the one seen (3.4)."""
    game = pelit.load(game_id)
    rng = random.Random(7)
    s = game.new_state(seed=7)
    checked = 0
    while not s.over and checked < 40:
        seat, action = random_step(s, rng)
        game.apply(s, action, seat)
        for viewer in (0, 1):
            v = game.view(s, viewer)
            if "trick" not in v:
                continue
            assert v["trick_by_seat"] == [[_number_of(p), c] for p, c in v["trick"]]
            last, shown = v["last_trick"], v["last_trick_by_seat"]
            if last is None:
                assert shown is None
            else:
                assert shown["cards"] == [[_number_of(p), c] for p, c in last["cards"]]
                assert shown["won_by"] == _number_of(last["won_by"])
            for place, size in zip(v["places"], v["hand_sizes"]):
                assert v["hand_sizes_by_seat"][_number_of(place)] == size
            assert v["seen_hand_at"] == 2 + (1 - viewer)
            checked += 1
    assert checked >= 40
