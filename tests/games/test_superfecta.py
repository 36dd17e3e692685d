"""Superfecta by seed 004 (Setup, Types of wagers, Example ticket, Running
the race): the gate and the rail, tickets with minimum bets and multiples,
the race by the section, parimutuel pools, carried pools and the match end."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.core.errors import IllegalAction
from pelit.games.superfecta import DECK, pay_pool, run_race

G = pelit.load("superfecta")

SPADES_ON_RAIL = "2S 3S 4S 5S 6S 7S"
HEARTS_FIRST = "2H 3H 4H 5H 6H 7H 8H"          # seven hearts: hearts come home first


def stacked(first: str) -> str:
    head = DECK.parse_many(first)
    return DECK.texts(head + [c for c in range(52) if c not in head])


def new(first=SPADES_ON_RAIL + " " + HEARTS_FIRST + " 2D 3D 4D 5D 6D 7D 8D 2C 3C 4C 5C 6C 7C 8C",
        more=(), **opts):
    opts = {"players": 3, **opts}
    return G.new_state(seed=1, decks=[stacked(first), *[stacked(m) for m in more]], **opts)


def legal(s, seat):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def test_gate_rail_and_everyone_writes_a_ticket_at_once():
    # Setup: the aces are the gate; six cards dealt as the rail
    s = new()
    assert s.rail == DECK.parse_many(SPADES_ON_RAIL)
    assert len(s.stock) == 42 and s.to_act == (0, 1, 2)
    assert {"win H", "exa D/C", "sfc D/C/H/S", "done"} <= legal(s, 1)
    assert G.view(s, 0)["rail_counts"] == [6, 0, 0, 0]


def test_the_seeds_example_ticket_costs_five_and_is_kept_secret():
    # Example ticket: $2 WIN D, $1 EXA D/C, $1 EXA C/D, $1 SFC D/C/H/S
    s = new()
    for text in ("win D", "win D", "exa D/C", "exa C/D", "sfc D/C/H/S"):
        s.play(text, seat=0)
    view = G.view(s, 0)
    assert view["ticket_cost"] == 5
    assert view["ticket"] == ["2 WIN D", "1 EXA D/C", "1 EXA C/D", "1 SFC D/C/H/S"]
    assert G.view(s, 1)["ticket"] == [] and "ticket" not in G.view(s, None)
    assert all("bet" not in e for e in G.events_for(s, 1) if e["kind"] == "ticket_line")
    s.play("done", seat=0)
    # handed in: the money goes into the pools in sight of all; the horses stay secret
    assert s.chips == [95, 100, 100] and s.pools == [2, 2, 1]
    seen = [e for e in G.events_for(s, 2) if e["kind"] == "ticket_in"][-1]
    assert seen["staked"] == [2, 2, 1] and "ticket" not in seen
    assert s.to_act == (1, 2)


def test_bets_are_multiples_of_the_minimum_and_never_more_than_the_chips():
    # Types of wagers: each bet at least the minimum, more only in multiples
    s = new(minimum=5, chips=12)
    s.play("win H", seat=1)
    s.play("win H", seat=1)
    assert G.view(s, 1)["ticket"] == ["10 WIN H"]
    assert legal(s, 1) == {"done"}                        # 2 chips left: no more bets
    with pytest.raises(IllegalAction, match="more than your 12 chips"):
        s.play("exa H/D", seat=1)


def test_the_race_by_the_section_and_the_horse_with_six_on_the_rail():
    # Running the race: seven cards of a suit bring it home; later cards of it are ignored
    stock = DECK.parse_many(HEARTS_FIRST + " 9H 2D 3D 4D 5D 6D 7D 8D 2C 3C 4C 5C 6C 7C 8C 9C")
    order, turned = run_race(stock)
    assert order == (1, 2, 3, 0)                          # H, D, C; spades (six on the rail) last
    assert len(turned) == 22                              # stops when the third is home
    assert DECK.texts(turned[7:8]) == "9H"                # turned, ignored


def test_pool_shares_row_by_row():
    # the parimutuel reading of "as evenly as possible" (decision)
    assert pay_pool(10, {0: 0, 1: 0}) == ({}, 10)            # nobody won: carried over
    assert pay_pool(10, {0: 2, 1: 0}) == ({0: 10}, 0)        # one winner takes the pool
    assert pay_pool(10, {0: 1, 1: 2}) == ({0: 3, 1: 6}, 1)   # 3 a chip staked; 1 left over
    assert pay_pool(7, {0: 1, 1: 1}) == ({0: 3, 1: 3}, 1)


def play_race(s, tickets: dict):
    for seat in range(len(s.chips)):
        for text in tickets.get(seat, ()):
            s.play(text, seat=seat)
        s.play("done", seat=seat)


def test_payouts_per_pool_and_an_unwon_pool_carried_to_the_next_race():
    # Running the race: winners take their pool; remainders and unwon pools carry over
    s = new(more=[SPADES_ON_RAIL + " " + HEARTS_FIRST])
    play_race(s, {0: ["win H", "exa H/D"], 1: ["win H", "win H", "sfc S/C/D/H"],
                  2: ["win D", "exa D/H"]})
    # WIN: 4 chips, 3 of them on H: 1 a chip, 1 left; EXA: H/D wins 2; SFC: nobody
    assert s.last_race["order"] == "H/D/C/S"
    assert s.last_race["paid"] == [3, 2, 0] and s.last_race["carried"] == [1, 0, 1]
    assert s.chips == [101, 99, 98] and s.pools == [1, 0, 1]
    assert s.race_no == 1 and s.to_act == (0, 1, 2)       # the next race


def test_match_end_shares_the_pools_left_and_most_chips_wins():
    # Game play: after the last race the pools are divided equally (odd chips from seat 0)
    s = new(races=1)
    play_race(s, {0: ["sfc S/C/D/H"], 1: ["sfc S/C/D/H"], 2: ["win D", "win D"]})
    assert s.outcome is not None
    # nobody won: the 4 chips are shared 2, 1, 1 (the odd chip to seat 0)
    assert s.outcome.scores == (101, 100, 99) and s.outcome.winners == (0,)


def test_a_player_who_handed_in_may_not_bet_again():
    s = new()
    s.play("done", seat=2)
    with pytest.raises(IllegalAction, match="seat 2 may not act now"):
        s.play("win H", seat=2)


def test_bot_backs_the_horse_with_fewest_cards_on_the_rail():
    s = new()
    bot = make_bot("heuristic", G, 0, seed=1)
    texts = []
    while 0 in s.to_act:
        a = bot.choose(G.view(s, 0))
        texts.append(G.action_text(a))
        s.apply(a, 0)
    assert texts[-1] == "done" and "win S" not in texts
    assert any(t.startswith("win") for t in texts)


def test_the_terminal_shows_the_pools_once_and_says_which_horse_cannot_finish():
    """With three players the three pools are not one per seat: the table
    shows them as one line, not as a column beside each seat."""
    from rich.console import Console
    from pelit.cli import render
    s = new()
    s.play("win H", seat=1)
    s.play("done", seat=1)
    console = Console(width=140, record=True)
    console.print(render.table_renderable(G, s.view(0)))
    text = console.export_text()
    assert "pools (WIN, EXA, SFC)  1, 0, 0" in text
    assert "6 on the rail, only 6 left in the stock: it cannot finish" in text
