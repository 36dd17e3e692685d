"""Sakaali for eight by seed 000 26.7: two tables, the switch, the swap and the scoring."""

from __future__ import annotations

import json

import pytest

import pelit
from pelit.core.duplicate import TableEvent
from pelit.core.errors import IllegalAction
from pelit.core.records import check_record, record_of
from pelit.games.sakaali import DECK
from pelit.sim.runner import play_match

G = pelit.load("sakaali-8")

# seats 0..3 each keep a set-only hand at the tie of test_sakaali.py: both
# teams score 0 minus points, a tie (26.4)
ROWS = ["4S 4H 4D 4C 5S 5H 5D 5C", "6S 6H 6D 6C 7S 7H 7D 7C",
        "8S 8H 8D 8C 9S 9H 9D 9C", "TS TH TD TC AC 2C KC QC"]
KEPT = ["AS AH AD 2S 2H", "KS KH KD QS QH", "2D 3S 3H 3D 3C", "QD JS JH JD JC"]


def tie_pack() -> str:
    held = [DECK.parse_many(f"{ROWS[p]} {KEPT[p]}") for p in range(4)]
    return " ".join(DECK.text(held[i % 4][i // 4]) for i in range(52))


def deals_from_events(state):
    """From a match's log: for each (set of packs, deal), the cards each seat
    of the game was dealt in each round, with the duplicate's seat holding
    them: {(packs, deal): {round: [(seat, cards), ...]}}."""
    rounds = G.rounds_for(state.options)
    out = {}
    rnd = 0
    deal_at = {}
    for e in state.events:
        if e.kind == "round_started":
            rnd = e.public["round"]
        elif isinstance(e, TableEvent) and e.kind == "new_deal":
            deal_at[e.room] = e.public["deal"]
        elif isinstance(e, TableEvent) and e.kind == "dealt":
            packs = next(t.packs for t in rounds[rnd - 1] if t.room == e.room)
            held = out.setdefault((packs, deal_at[e.room]), {}).setdefault(rnd, [None] * 4)
            held[e.inner.seat] = (e.seat, int(e.inner.private["cards"]))
    return out


def test_26_7_two_teams_of_four_two_of_each_at_each_table():
    s = G.new_state(seed=1)
    v = G.view(s, 0)
    assert v["team_of"] == ["A", "B"] * 4
    assert s.seatings == ((0, 1, 2, 3), (4, 5, 6, 7))
    for seats in s.seatings:
        assert sorted(p % 2 for p in seats) == [0, 0, 1, 1]
        assert seats[0] % 2 == seats[2] % 2          # partners opposite


def test_26_7_1_each_table_deals_its_own_four_packs():
    decks = [None] * 8
    decks[0] = tie_pack()
    s = G.new_state(seed=1, decks=decks)
    assert s.tables[0].packs[0] == tuple(DECK.parse_pack(tie_pack()))
    assert s.tables[1].packs[0] != s.tables[0].packs[0]
    assert s.tables[0].options.deals == 4


def test_26_7_2_the_tables_switch_and_replay_each_other_s_deals_with_the_teams_swapped():
    """Every hand of the first half is held in the second half, at the same
    table and the same seat of the game, by a player of the other team; the
    record replays to the same log, so this is read from the record."""
    s = play_match(G, ["heuristic"], 11)
    record = json.loads(json.dumps(record_of(s)))
    again = check_record(record)
    deals = deals_from_events(again)
    assert sorted(deals) == [(packs, k) for packs in (0, 1) for k in range(4)]
    for (packs, k), by_round in deals.items():
        first, second = by_round[1], by_round[2]
        for (p1, cards1), (p2, cards2) in zip(first, second):
            assert cards1 == cards2                     # the same hand, card for card
            assert p1 % 2 != p2 % 2                     # held by the other team
    # the players who sat together stay together, one place round (decision)
    assert again.seatings == ((5, 6, 7, 4), (1, 2, 3, 0))


def test_26_7_2_the_seat_that_deals_and_lays_first_is_the_same_in_both_halves():
    s = play_match(G, ["heuristic"], 3, deals=1)
    dealers = {}
    rnd = 0
    for e in s.events:
        if e.kind == "round_started":
            rnd = e.public["round"]
        if isinstance(e, TableEvent) and e.kind == "dealt":
            dealers.setdefault(e.room, []).append((rnd, e.inner.public["dealer"]))
    for room, seen in dealers.items():
        assert {d for _, d in seen} == {3}             # seat 3 of the game deals each time


def test_26_7_3_both_teams_points_of_all_sixteen_deals_are_added_up():
    s = play_match(G, ["heuristic", "random"], 4)
    totals = [0, 0]
    for e in s.events:
        if isinstance(e, TableEvent) and e.kind == "deal_scored":
            for p in (0, 1):                            # the game's partnership p
                totals[e.seats[p] % 2] += e.public["points"][p]
    assert sum(1 for e in s.events if isinstance(e, TableEvent) and e.kind == "deal_scored") == 16
    assert s.outcome.scores == tuple(totals[p % 2] for p in range(8))
    assert s.outcome.details["difference"] == totals[0] - totals[1]
    assert s.outcome.winners == ((0, 2, 4, 6) if totals[0] > totals[1] else (1, 3, 5, 7))
    assert len(s.outcome.details["tables"]) == 4


def test_decision_a_tie_carries_within_a_table_s_deals_but_not_past_the_switch():
    s = G.new_state(seed=1, deals=1, decks=[tie_pack(), None])
    laid = {p: 0 for p in range(4)}
    while s.tables[0].outcome is None:
        seat = next(p for p in s.to_act if p < 4)
        G.apply_text(s, ROWS[seat].split()[laid[seat]], seat)
        laid[seat] += 1
    assert s.tables[0].carried == 20 and s.tables[0].scores == [0, 0]
    while s.round_no == 0:
        seat = s.to_act[0]
        G.apply(s, G.legal_actions(s, seat)[0], seat)
    assert [t.carried for t in s.tables] == [0, 0]     # the next deals start afresh
    assert G.view(s, 5)["carried"] == 0


def test_decision_a_player_sees_only_his_table_until_the_match_is_over():
    s = G.new_state(seed=2, deals=1)
    while s.round_no == 0:
        seat = s.to_act[-1]
        G.apply(s, G.legal_actions(s, seat)[0], seat)
    v = G.view(s, 0)
    assert v["your_table"] == 2 and v["rows"][4:] == [None] * 4
    assert [r["seats"] for r in v["table_results"]] == [[0, 1, 2, 3]]     # its own only
    assert not any(isinstance(e, dict) and e.get("kind") == "elsewhere"
                   for e in G.events_for(s, 0))
    rooms = {e.room for e in s.events if isinstance(e, TableEvent)
             and 0 in e.seats}
    seen = [e for e in G.events_for(s, 0) if e["kind"] == "lay"]
    assert all(e["seat"] in (0, 1, 2, 3) for e in seen) and rooms == {0, 1}
    while s.outcome is None:
        seat = s.to_act[0]
        G.apply(s, G.legal_actions(s, seat)[0], seat)
    assert len(G.view(s, 0)["table_results"]) == 4


def test_a_move_of_the_other_table_is_refused_with_a_reason():
    s = G.new_state(seed=2)
    seat = next(p for p in s.to_act if p >= 4)            # a seat at table 2
    mine = G.legal_actions(s, seat)
    assert all(a >= DECK.size for a in mine)              # its cards are table 2's copy
    text = G.action_text(mine[0])
    assert G.parse_action(s, text, seat) == mine[0]
    with pytest.raises(IllegalAction, match="a move at table 1; you play at table 2"):
        G.apply(s, mine[0] - DECK.size, seat)
    assert len(s.history) == 0


def test_sakaali_eight_is_in_the_rules_and_takes_its_own_option():
    assert "move to the other table" in G.info.summary and "26.7" in G.info.source
    assert G.new_state(seed=1, deals=2).tables[0].options.deals == 2
    with pytest.raises(pelit.core.errors.OptionError):
        G.new_state(seed=1, target=50)
