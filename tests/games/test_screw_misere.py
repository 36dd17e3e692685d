"""Screw Misere by seed 000 ch. 16: scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction
from pelit.cards.skruuvi import trick_and_ace_points as deal_points
from pelit.games.screw_misere import DECK, settle
from pelit.sim.runner import play_match

G = pelit.load("screw-misere")


def pack(*hands: str) -> str:
    """Hands for seats 0..3 dealt one card at a time from the dealer's (seat 0's)
    left: seat 1 gets the first card."""
    cards = [DECK.parse_many(h) for h in hands]
    order = (1, 2, 3, 0)
    return " ".join(DECK.text(cards[order[i % 4]][i // 4]) for i in range(52))


SUITS = pack("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
             "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
             "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
             "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")


def test_setup_thirteen_each_dealt_from_the_dealers_left():
    s = G.new_state(seed=1, decks=[SUITS])
    assert s.dealer == 0
    assert s.hands[1] == DECK.suit_mask[1] and s.hands[0] == DECK.suit_mask[0]


def test_passing_two_stages_to_the_team_mate_hidden_from_opponents():
    s = G.new_state(seed=1, decks=[SUITS])
    assert s.to_act == (1,)                       # 16.2: first the two on the dealer's left
    s.play("give 2H")
    assert s.to_act == (2,) and (s.hands[3] >> DECK.parse("2H")) & 1
    ev = G.events_for(s, 0)[-1]
    assert ev["kind"] == "give" and "card" not in ev            # opponents do not see it
    assert G.events_for(s, 3)[-1]["card"] == DECK.parse("2H")   # the team-mate does
    s.play("give 2D")                             # seat 2 to seat 0
    assert s.to_act == (3,)                       # then the other two
    s.play("give 2H")                             # the card just received may go straight back
    s.play("give 2D")
    assert s.phase.name == "PLAY" and s.hands[1] == DECK.suit_mask[1]
    assert s.to_act == (1,)                       # the dealer's left leads (12.9)
    with pytest.raises(IllegalAction):
        s.play("give AH")


def test_giving_a_card_not_held_is_refused():
    s = G.new_state(seed=1, decks=[SUITS])
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("give AS")
    assert s.gifts == []


def test_trick_play_no_trumps_follow_suit():
    s = G.new_state(seed=1, decks=[SUITS])
    for t in ("give 2H", "give 2D", "give 3C", "give 2S"):
        s.play(t)
    # seat 1 now holds hearts but 2H plus 3C; seat 3 clubs but 3C plus 2H;
    # seat 2 diamonds but 2D plus 2S; seat 0 spades but 2S plus 2D
    s.play("AH")
    s.play("2S")                                  # seat 2 has no hearts: anything goes
    with pytest.raises(IllegalAction, match="must follow suit \\(hearts\\)"):
        s.play("2C")                              # seat 3 holds 2H
    s.play("2H")
    s.play("2D")
    assert s.tricks == [1] and s.to_act == (1,)   # the highest heart wins and leads
    # the terminal names the suits shown void (the view keeps bit masks)
    assert G.render_board(s.view(2)) == "Shown void  Seat 0: hearts; You: hearts"


def test_marking_tricks_only_aces_show_with_their_trick_number():
    s = G.new_state(seed=1, decks=[SUITS])
    for t in ("give 2H", "give 2D", "give 3C", "give 2S"):
        s.play(t)
    for t in ("AH", "3D", "2H", "2D"):
        s.play(t)
    v = s.view(2)
    assert v["tricks"] == [{"winner": 1, "aces": 1 << DECK.parse("AH")}]
    assert v["facedown_counts"] == [1, 0, 1, 1]
    assert "played" not in v


@pytest.mark.parametrize("tricks,points", [
    ([(0, 0)] * 13, [13, 0]),                                  # a point a trick
    ([(0, 1)] + [(1, 0)] * 12, [2, 12]),                       # an ace in trick 1 costs 1
    ([(1, 0)] * 8 + [(0, 2)] + [(1, 0)] * 4, [1 + 18, 12]),    # two aces in trick 9 cost 18
    ([(1, 1)] * 4 + [(0, 0)] * 9, [9, 4 + 1 + 2 + 3 + 4]),
])
def test_scoring_tricks_and_aces_by_trick_number(tricks, points):
    assert deal_points(tricks) == points


@pytest.mark.parametrize("totals,deal,new,loser,chooser", [
    ([10, 20], [30, 25], [40, 45], None, None),     # normal scoring below the limit
    ([80, 50], [30, 20], [110, 70], 0, None),        # more minus points: the team loses
    ([90, 50], [20, 30], [90, 60], None, None),      # fewer: it scores 0, the others 10
    ([90, 60], [20, 30], [90, 70], None, None),
    ([90, 50], [25, 25], [90, 50], None, None),      # decision: equal deal points protect both
    ([90, 80], [15, 35], [90, 80], None, 0),         # both would pass 100: team 0 chooses
])
def test_the_100_point_rules_row_by_row(totals, deal, new, loser, chooser):
    assert settle(totals, deal) == (new, loser, chooser)


def test_the_difference_can_make_the_other_team_lose():
    assert settle([95, 85], [5, 25], method="difference") == ([95, 105], 1, None)


def test_both_past_100_the_choice_and_its_two_methods():
    assert settle([90, 80], [15, 35], method="normal") == ([105, 115], 1, None)
    assert settle([95, 80], [10, 20], method="normal") == ([105, 100], 0, None)
    # decision: equal totals under normal scoring: the choosing team wins
    assert settle([95, 85], [10, 20], method="normal") == ([105, 105], 1, None)
    assert settle([90, 80], [15, 35], method="difference") == ([90, 100], 1, None)
    assert settle([90, 95], [15, 20], method="difference") == ([90, 100], 1, None)
    assert settle([90, 85], [15, 20], method="difference") == ([90, 90], None, None)


def test_choice_phase_in_a_match():
    for seed in range(200):
        s = G.new_state(seed=seed, limit=25)
        while s.outcome is None and s.phase.name != "CHOOSE":
            s.apply(s.legal_actions()[0])
        if s.phase.name == "CHOOSE":
            break
    else:
        raise AssertionError("no deal needed a choice")
    a, b = s.pending
    chooser = 0 if a < b else 1
    assert s.to_act[0] % 2 == chooser
    assert [G.action_text(x) for x in s.legal_actions()] == ["use normal", "use difference"]
    # every seat sees what each method would give (16.3)
    n_totals, n_loser, _ = settle(s.totals, s.pending, 25, "normal")
    assert s.view(1 - chooser)["if_normal"].startswith(f"totals {n_totals[0]} to {n_totals[1]}; ")
    d_totals, _, _ = settle(s.totals, s.pending, 25, "difference")
    assert s.view(None)["if_difference"].startswith(f"totals {d_totals[0]} to {d_totals[1]}; ")
    totals = list(s.totals)
    s.play("use difference")
    assert s.results[-1]["method"] == "difference"
    assert s.totals[chooser] == totals[chooser]
    assert s.totals[1 - chooser] == totals[1 - chooser] + abs(a - b)


def test_whole_match_to_100():
    s = play_match(G, ["heuristic"], seed=4)
    t = s.totals
    assert s.outcome is not None and max(t) >= 100
    loser = 0 if s.outcome.winners == (1, 3) else 1
    assert t[loser] >= 100
    assert s.outcome.scores == (-t[0], -t[1], -t[0], -t[1])
