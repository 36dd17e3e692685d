"""Lórum by seed 004 "Lórum": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction
from pelit.core.rng import stream
from pelit.games.lorum import DECK, avoidance_payments, train_payment
from pelit.sim.runner import play_match

G = pelit.load("lorum")
# a seed whose first dealer is seat 3, so seat 0 starts every hand of the first cycle
SEED = next(x for x in range(100) if stream(x, "first dealer").randrange(4) == 3)


def pack(*hands: str) -> str:
    """Hands for seats 0..3 (seat 0 on the dealer's left), as dealt one card at
    a time (decision, Setup): each hand's cards in the order given."""
    cards = [DECK.parse_many(h) for h in hands]
    assert all(len(c) == 8 for c in cards)
    return " ".join(DECK.text(cards[i % 4][i // 4]) for i in range(32))


def at_hand(n: int, deck: str, **options):
    """A match with ``deck`` stacked for hand ``n`` (1-based); earlier hands are
    played out with the first legal action."""
    s = G.new_state(seed=SEED, decks=[None] * (n - 1) + [deck], **options)
    while s.hand_no < n - 1:
        s.apply(s.legal_actions()[0])
    return s


SUITED = pack("7S 8S 9S TS 7H 8H 9H TH", "JS QS KS AS JH QH KH AH",
              "7D 8D 9D TD 7C 8C 9C TC", "JD QD KD AD JC QC KC AC")


# -- Setup, Game play --------------------------------------------------------------

def test_setup_32_cards_eight_each_and_dealers_left_starts():
    s = G.new_state(seed=SEED, decks=[SUITED])
    assert s.dealer == 3 and s.to_act == (0,)
    assert int(s.view(0)["hand"]) == mask_of(DECK.parse_many("7S 8S 9S TS 7H 8H 9H TH"))
    assert [h.bit_count() for h in s.hands] == [8, 8, 8, 8] and DECK.size == 32


def test_seven_hands_per_dealer_then_the_deal_passes_left_28_hands():
    s = play_match(G, ["heuristic"], seed=SEED)
    kinds = [r["hand_name"] for r in s.results]
    assert len(kinds) == 28
    assert kinds[:7] == ["no hearts", "queens", "no tricks", "hairy ape", "train", "quart",
                         "domino"] and kinds[7:14] == kinds[:7]
    assert [r["dealer"] for r in s.results] == [3] * 7 + [0] * 7 + [1] * 7 + [2] * 7
    assert s.outcome.details["pot"] == 0 and sum(s.outcome.scores) == 0
    best = max(s.chips)
    assert s.outcome.winners == tuple(p for p in range(4) if s.chips[p] == best)


# -- 1. No hearts -------------------------------------------------------------------

def test_no_heart_lead_to_the_first_trick_and_follow_suit():
    s = G.new_state(seed=SEED, decks=[SUITED])
    assert sorted(DECK.text(c) for c in s.legal_actions()) == ["7S", "8S", "9S", "TS"]
    with pytest.raises(IllegalAction, match="hearts may not be led"):
        s.play("7H")
    s.play("7S")
    with pytest.raises(IllegalAction, match="must follow suit \\(spades\\)"):
        s.play("JH")
    s.play("JS")
    s.play("7D")                                   # void: anything
    s.play("JC")
    assert s.tricks_won == [0, 1, 0, 0] and s.to_act == (1,)   # highest spade wins, leads
    s.play("JH")                                   # hearts may be led after the first trick
    assert s.trick[0][1] == DECK.parse("JH")


def test_won_tricks_lie_face_down():
    s = G.new_state(seed=SEED, decks=[SUITED])
    for c in ("7S", "JS", "7D", "JC"):
        s.play(c)
    v = s.view(2)
    assert v["tricks_won"] == [0, 1, 0, 0] and v["pile_sizes"] == [0, 4, 0, 0]
    assert "won" not in v and "played" not in v and v["trick"] == []


def test_no_hearts_leader_with_only_hearts_may_lead_one():
    deck = pack("7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS",
                "7D 8D 9D TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC")
    s = G.new_state(seed=SEED, decks=[deck])
    assert len(s.legal_actions()) == 8


@pytest.mark.parametrize("counts,delta,pot", [
    ([1, 2, 3, 2], [-1, -2, -3, -2], 8),          # everybody took some: into the pot
    ([0, 2, 3, 3], [8, -2, -3, -3], 0),           # one clean player collects eight
    ([0, 5, 0, 3], [4, -5, 4, -3], 0),            # two clean players get four each
    ([0, 8, 0, 0], [-8, 24, -8, -8], 0),          # one took all: everyone pays him eight
])
def test_no_hearts_and_no_tricks_payments_row_by_row(counts, delta, pot):
    assert avoidance_payments(counts, 8) == (delta, pot)


def test_no_hearts_whole_hand_pays_by_the_table():
    s = G.new_state(seed=SEED, decks=[SUITED])
    while s.hand_no == 0:
        s.apply(s.legal_actions()[0])
    r = s.results[0]
    hearts = r["taken"]
    assert sum(hearts) == 8
    assert (r["chips"], r["pot"]) == avoidance_payments(hearts, 8)


# -- 2. Queens ------------------------------------------------------------------------

@pytest.mark.parametrize("counts,delta,pot", [
    ([4, 3, 2, 1], [-4, -3, -2, -1], 10),         # one queen each: into the pot
    ([0, 7, 2, 1], [10, -7, -2, -1], 0),          # one clean player collects ten
    ([0, 6, 0, 4], [5, -6, 5, -4], 0),            # decision: two clean players get five each
    ([0, 0, 10, 0], [-10, -10, 30, -10], 0),      # one took all four: paid ten by each
])
def test_queens_payments_row_by_row(counts, delta, pot):
    assert avoidance_payments(counts, 10) == (delta, pot)


def test_queens_are_valued_four_three_two_one():
    deck = pack("QH 7S 8S 9S TS JS 7C 8C", "QD KS AS 7H 8H 9H 9C TC",
                "QS TH JH KH AH 7D JC KC", "QC 8D 9D TD JD KD AD AC")
    s = at_hand(2, deck)
    while s.hand_no == 1:
        s.apply(s.legal_actions()[0])
    r = s.results[1]
    assert r["hand_name"] == "queens" and sum(r["taken"]) == 10


# -- 3. No tricks -----------------------------------------------------------------------

def test_no_tricks_counts_tricks():
    s = at_hand(3, SUITED)
    while s.hand_no == 2:
        s.apply(s.legal_actions()[0])
    r = s.results[2]
    assert r["hand_name"] == "no tricks" and sum(r["taken"]) == 8
    assert (r["chips"], r["pot"]) == avoidance_payments(r["taken"], 8)


# -- 4. Hairy Ape -------------------------------------------------------------------------

APE = pack("7S 8S 9S TS 7H 8H 9H TH", "JH QH KH AH 7D 8D 9D TD",
           "JD QD KD AD 7C 8C 9C TC", "JC QC KC AC JS QS KS AS")


def test_hairy_ape_a_player_sees_the_others_but_not_his_own():
    s = at_hand(4, APE)
    assert s.view(0)["kind"] == "hairy ape"
    v = s.view(0)
    assert v["hand"] is None
    assert [DECK.text(c) for c in v["others"]["1"]] == "JH QH KH AH 7D 8D 9D TD".split()
    assert "0" not in v["others"]
    assert [G.action_text(a) for a in v["legal"]] == [f"pick {i}" for i in range(1, 9)]
    with pytest.raises(IllegalAction, match="cannot see your cards"):
        s.play("7S")


def test_hairy_ape_each_takes_his_own_when_nobody_follows_and_king_ends_the_hand():
    s = at_hand(4, APE)
    chips = list(s.chips)
    pot = s.pot
    for t in ("pick 1", "pick 1", "pick 1", "pick 1"):     # 7S, JH, JD, JC: nobody follows
        s.play(t)
    assert s.won[0] == 1 << DECK.parse("7S") and s.won[1] == 1 << DECK.parse("JH")
    assert s.to_act == (0,)                                 # decision: the same leader again
    s.play("pick 1")                                        # 8S
    s.play("pick 2")                                        # KH (order now QH KH AH ...)
    s.play("pick 1")                                        # QD
    s.play("pick 4")                                        # JS follows: the highest spade takes
    r = s.results[3]
    assert r["king_of_hearts"] == 3 and r["pot"] == 4      # the K♥'s taker pays four
    assert s.chips[3] == chips[3] - 4 and s.pot == pot + 4
    assert s.hand_no == 4                                   # decision: the hand ends there


def test_serious_ape_is_a_normal_trick_hand_avoiding_the_king_of_hearts():
    s = at_hand(4, APE, ape="serious")
    assert s.phase.name == "TRICKS" and int(s.view(0)["hand"]) == mask_of(
        DECK.parse_many("7S 8S 9S TS 7H 8H 9H TH"))
    s.play("7H")
    with pytest.raises(IllegalAction, match="follow suit"):
        s.play("7D")
    calls = ["KH", "7C", "QS"]
    for c in calls:
        s.play(c)
    assert s.results[3]["king_of_hearts"] == 1


# -- 5. Train -------------------------------------------------------------------------------

@pytest.mark.parametrize("before,after,pay", [
    (10, 20, 0), (20, 26, 1), (24, 25, 1), (25, 30, 0), (45, 56, 2), (70, 81, 3), (99, 100, 4)])
def test_train_payments_row_by_row(before, after, pay):
    assert train_payment(before, after) == pay


def test_train_running_total_and_payments():
    deck = pack("AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
                "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C")
    s = at_hand(5, deck)
    assert s.view(0)["kind"] == "train"
    for c in ("AS", "AH", "AD"):                            # 11, 22, 33: seat 2 reaches 25
        s.play(c)
    assert s.train_total == 33 and s.paid == [0, 0, 1, 0]
    for c in ("AC", "KS", "KH"):                            # 44, 48, 52: seat 1 reaches 50
        s.play(c)
    assert s.paid == [0, 2, 1, 0]
    pot = s.pot
    while s.hand_no == 4:
        s.apply(s.legal_actions()[0])
    r = s.results[4]
    assert r["total"] == 84 and r["pot"] == sum(r["chips"]) * -1 and s.pot == pot + r["pot"]


# -- 6. Quart -------------------------------------------------------------------------------------

QUART = pack("7S 8S 9S JH QH KH 7D 8D", "TS JS QS KS AH 9D TD JD",
             "AS 7H 8H 9H TH QD KD AD", "7C 8C 9C TC JC QC KC AC")


def test_quart_runs_of_four_played_by_the_holders_and_ace_then_seven():
    s = at_hand(6, QUART)
    s.play("7S")                       # seat 0: 7S 8S 9S, then seat 1's TS makes four
    assert s.played == mask_of(DECK.parse_many("7S 8S 9S TS")) and s.to_act == (1,)
    s.play("JS")                       # JS QS KS (seat 1), AS (seat 2): four
    assert s.to_act == (2,)
    s.play("7H")                       # seat 2 holds 7H-TH: four, starts again
    assert s.to_act == (2,)
    s.play("AD")                       # the ace is followed by the 7D (seat 0), 8D, then 9D (seat 1)
    assert (s.played >> DECK.parse("9D")) & 1 and s.to_act == (1,)


def test_quart_run_stops_at_a_played_card_and_first_out_is_paid():
    s = at_hand(6, QUART)
    for c in ("7S", "JS", "7H", "AD"):
        s.play(c)
    chips = list(s.chips)
    s.play("JD")                       # JD, then seat 2's QD, KD; AD is gone: seat 2 is out
    r = s.results[5]
    assert r["out"] == 2 and r["cards_left"] == [3, 2, 0, 8]
    assert r["chips"] == [-3, -2, 13, -8] and s.chips[2] == chips[2] + 13


# -- 7. Domino --------------------------------------------------------------------------------------

DOMINO = pack("9S JS 7H 8H 7D 8D 7C 8C", "AS KS QS AH KH QH AD KD",
              "TS 8S 9H 9D 9C TH TD TC", "7S JH QD JD QC JC KC AC")


def test_domino_layout_rows_and_forced_pass():
    s = at_hand(7, DOMINO)
    assert s.view(0)["kind"] == "domino"
    s.play("9S")                                            # the starter: rank nine
    assert [G.action_text(a) for a in s.legal_actions()] == ["pass"]   # seat 1 has nothing
    s.play("pass")
    assert sorted(DECK.text(c) for c in s.legal_actions()) == ["8S", "9C", "9D", "9H", "TS"]
    with pytest.raises(IllegalAction, match="pass only when"):
        s.play("pass")                                      # seat 2 can play, so must
    s.play("8S")                                            # one below, to the left
    with pytest.raises(IllegalAction, match="does not fit"):
        s.play("JC")
    s.play("7S")
    assert s.rows[0] == (7, 9)
    assert [G.action_text(a) for a in s.legal_actions()] == ["pass"]   # seat 0: nothing fits


def test_domino_first_out_takes_the_pot():
    s = at_hand(7, DOMINO)
    pot = s.pot
    chips = list(s.chips)
    while s.hand_no == 6:
        s.apply(s.legal_actions()[0])
    r = s.results[6]
    out = r["out"]
    assert r["chips"][out] == pot + sum(r["cards_left"]) and s.pot == 0
    for p in range(4):
        if p != out:
            assert s.chips[p] == chips[p] - r["cards_left"][p]


def test_whole_match_serious_variant():
    s = play_match(G, ["heuristic"], seed=9, ape="serious")
    assert s.outcome is not None and len(s.results) == 28
