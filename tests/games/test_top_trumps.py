"""Top Trumps Trick Taking by seed 000 ch. 7: scripted deals citing the section each rule comes from."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.cards.statdeck import stat_deck
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.top_trumps import (CATEGORIES, DECK, circle_for, places_for, settlement,
                                   trick_winner)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests/: support

from support import card_ids_in, random_step, snapshot  # noqa: E402

G = pelit.load("top-trumps")

P1 = "XENON GALE KESTREL EMBER SKUA BOREAS ZEPHYR MERLIN"              # player 1, leads
P2 = "NIMBUS ALBATROSS HALCYON FJORD UMBRA CORMORANT WILLOW BRAMBLE"   # the dummy
P3 = "QUILL DRIFT ICEFERN CIRRUS VESPER DAWNLARK LUMEN HERON"          # player 2
P0 = "AURORA GANNET FULMAR PETREL RAVEN TERN JUNIPER YARROW ORIOLE EIDER"  # attacker, player 0


def pack():
    """Dealing (decision, 7.1): one card at a time from the attacker's left,
    eight rounds, then the two leftovers to the attacker."""
    h = [P0.split(), P1.split(), P2.split(), P3.split()]
    out = [h[p][i] for i in range(8) for p in (1, 2, 3, 0)]
    return " ".join(out + h[0][8:])


def cards(text):
    return mask_of(DECK.parse_many(text))


def new():
    return G.new_state(seed=1, decks=[pack()])


# -- the shipped pack ----------------------------------------------------------------

def test_the_shipped_pack_is_original_and_complete():
    deck = stat_deck("airships")
    assert deck.size == 34 and len(CATEGORIES) >= 5
    assert CATEGORIES == ("speed", "range", "crew", "cargo", "ceiling", "engines")
    missing = {cat: [deck.text(c) for c in range(34) if deck.stat[cat][c] is None]
               for cat in CATEGORIES}
    assert missing == {"speed": [], "range": ["DAWNLARK", "DRIFT"], "crew": ["ICEFERN", "VESPER"],
                       "cargo": ["GALE", "XENON", "HERON"], "ceiling": ["LUMEN"],
                       "engines": ["QUILL"]}
    assert deck.describe(deck.parse("xenon")) == (
        "XENON (speed 170, range 1000, crew 5, cargo -, ceiling 5200, engines 2)")
    with pytest.raises(ParseError):
        deck.parse("TITANIC")


# -- 7.1 setup ---------------------------------------------------------------------------

def test_setup_even_hands_extras_to_the_attacker_and_face_up_dummy_7_1():
    s = new()
    assert s.places == (0, 1, 0, 2)               # attacker, his left, dummy, other defender
    assert s.view(1)["places"] == ["seat 0", "seat 1", "dummy", "seat 2"]
    assert [h.bit_count() for h in s.hands] == [10, 8, 8, 8]
    assert s.hands[0] == cards(P0) and s.hands[2] == cards(P2)
    for seat in (None, 0, 1, 2):
        assert int(s.view(seat)["dummy"]) == cards(P2)   # the dummy lies face up
    assert card_ids_in(s.view(1)) & cards(P0) == 0      # defenders do not see the attacker
    assert s.to_act == (0,) and s.phase.name == "DISCARD"
    with pytest.raises(IllegalAction, match="discard"):
        s.play("speed XENON", seat=0)
    s.play("discard ORIOLE")
    s.play("discard EIDER")
    assert int(s.view(2)["discards"]) == cards("ORIOLE EIDER")    # discarded face up
    assert s.hands[0].bit_count() == 8
    assert s.to_act == (1,) and s.turn == 1       # 7.2: the attacker's left leads


def _after_discard():
    s = new()
    s.play("discard ORIOLE")
    s.play("discard EIDER")
    return s


# -- 7.2 play -------------------------------------------------------------------------------

def test_lead_names_a_category_the_card_has_7_2():
    s = _after_discard()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="no cargo figure"):
        s.play("cargo XENON")
    with pytest.raises(IllegalAction, match="names its category"):
        s.play("XENON")
    with pytest.raises(IllegalAction, match="not in the hand"):
        s.play("speed NIMBUS")
    with pytest.raises(ParseError):
        s.play("weight XENON")
    assert snapshot(s) == before


def test_must_play_at_least_the_best_figure_and_equal_last_played_wins_7_2():
    s = _after_discard()
    s.play("engines BOREAS")                       # 6 engines
    assert s.to_act == (0,)                        # the attacker plays the dummy's turn
    with pytest.raises(IllegalAction, match="at least 6"):
        s.play("WILLOW")                           # 4 engines while holding 6s and 8s
    assert {G.action_text(a) for a in s.legal_actions()} == {"NIMBUS", "ALBATROSS", "FJORD", "UMBRA"}
    s.play("FJORD")                                # 6: equal to BOREAS
    assert s.legal_actions() == sorted(s.legal_actions()) and len(s.legal_actions()) == 8
    s.play("QUILL")                                # player 2 has no 6: anything goes
    assert s.view(0)["lacks"][3] == {"engines": 6}
    s.play("AURORA")
    assert s.tricks == [0, 0, 1, 0]                # FJORD, the last of the equal 6s
    assert s.turn == 2 and s.to_act == (0,)        # the dummy leads, by the attacker
    s.play("speed ALBATROSS")                      # 120
    with pytest.raises(IllegalAction, match="speed at least 120"):
        s.play("HERON")                            # 114, while VESPER has 124
    s.play("VESPER")
    s.play("FULMAR")                               # 124 ties VESPER, played later
    assert s.trick and trick_winner(s.trick, "speed") == 2
    s.play("MERLIN")                               # 140 beats both
    assert s.tricks == [0, 1, 1, 0]


def test_trick_winner_cards_without_the_figure_never_win_7_2():
    plays = [(1, DECK.parse("KESTREL")), (2, DECK.parse("XENON")), (3, DECK.parse("GALE")),
             (0, DECK.parse("EMBER"))]
    assert trick_winner(plays, "cargo") == 3       # KESTREL 2, XENON -, GALE -, EMBER 6
    assert trick_winner(plays, "speed") == 1       # XENON 170


# -- 7.3 scoring and the match ------------------------------------------------------------

def test_attacker_scores_his_and_the_dummys_tricks_7_3():
    s = _after_discard()
    while s.deal_no == 0:
        s.apply(s.legal_actions()[0])
    e = [e.public for e in s.events if e.kind == "deal_scored"][0]
    assert e["attacker"] == 0 and sum(e["tricks"]) == 8
    assert e["points"] == e["tricks"][0] + e["tricks"][2] and s.points == [e["points"], 0, 0]


def test_six_deals_everyone_attacks_twice_with_a_seat_exchange_after_three_7_3():
    assert [places_for(d)[0] for d in range(6)] == [0, 1, 2, 0, 2, 1]
    assert circle_for(0) == (0, 1, 2) and circle_for(3) == (0, 2, 1)
    # player 1 sits on player 0's left before the exchange, on his right after it
    assert places_for(0)[1] == 1 and places_for(3)[3] == 1
    s = G.new_state(seed=5)
    rng = random.Random(5)
    while s.outcome is None:
        seat, a = random_step(s, rng)
        s.apply(a, seat)
    assert [e.public["attacker"] for e in s.events if e.kind == "deal"] == [0, 1, 2, 0, 2, 1]
    top = max(s.points)
    assert s.outcome.winners == tuple(p for p in range(3) if s.points[p] == top)
    assert sum(s.points) == sum(e.public["points"] for e in s.events if e.kind == "deal_scored")
    assert G.render_board(s.view(0)) == "Deal 6 of 6"           # the last, at the end


def test_options_and_bad_input():
    with pytest.raises(OptionError):
        G.new_state(seed=1, deals=0)
    s = G.new_state(seed=1, deals=3)
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("discard ORIOLE", seat=1)


def test_the_attacker_discards_only_from_his_own_hand_7_1():
    s = new()
    assert G.render_board(s.view(0)) == "Deal 1 of 6"           # on the screen, from 1
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="not in your hand.*not the dummy's"):
        s.play("discard NIMBUS", seat=0)          # a dummy card
    assert snapshot(s) == before
    s.play("discard ORIOLE", seat=0)
    assert s.phase.name == "DISCARD"


def test_sampled_worlds_respect_known_lacks():
    s = _after_discard()
    for t in ("engines BOREAS", "FJORD", "QUILL"):
        s.play(t)
    rng = random.Random(3)
    six = mask_of(c for c in range(34) if (DECK.stat["engines"][c] or 0) >= 6)
    for _ in range(5):
        w = G.sample_world(s.view(1), rng)
        assert w.hands[3] & six == 0


def test_heuristic_bot_beats_random_players():
    from pelit.sim.runner import play_match
    wins = sum(0 in play_match(G, ["heuristic", "random", "random"], seed).outcome.winners
               for seed in range(4))
    assert wins >= 3


def test_money_settlement_against_the_average_1_2():
    assert settlement([10, 7, 7]) == [2.0, -1.0, -1.0]
    assert sum(settlement([9, 4, 2])) == 0


def test_the_web_table_numbers_the_places_by_seat():
    """The view's table by seat numbers (for the browser's trick table,
    issue 16): a player at its seat, the dummy at hand 3; every play, the
    last trick's taker and each hand's cards and tricks as by place name."""
    game = pelit.load("top-trumps")
    rng = random.Random(5)
    s = game.new_state(seed=5)
    checked = 0
    while not s.over and checked < 40:
        seat, action = random_step(s, rng)
        game.apply(s, action, seat)
        v = game.view(s, 0)
        number = {p: (3 if p == "dummy" else int(p.split()[1])) for p in v["places"]}
        assert v["trick_by_seat"] == [[number[p], c] for p, c in v["trick"]]
        if v["last_trick"] is None:
            assert v["last_trick_by_seat"] is None
        else:
            assert v["last_trick_by_seat"]["cards"] == [[number[p], c] for p, c in v["last_trick"]["cards"]]
            assert v["last_trick_by_seat"]["won_by"] == number[v["last_trick"]["won_by"]]
        for place, size, tricks in zip(v["places"], v["hand_sizes"], v["tricks_won"]):
            assert v["hand_sizes_by_seat"][number[place]] == size
            assert v["taken"][number[place]] == tricks
        assert v["dummy_at"] == 3
        checked += 1
    assert checked >= 40
