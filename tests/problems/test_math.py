"""``pelit math``: the problems of seed 000 ch. 32 computed and held against ch. 33."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from pelit.cli.main import app
from pelit.core.errors import PelitError
from pelit.math import hutunkeitto, lines, maija, report, small_games, whist

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


# -- problem 1: Musta Maija with the real engine ---------------------------------------

@pytest.mark.parametrize("players", [3, 5])
def test_problem_1_odd_players_deadlock_on_the_full_pack(players):
    """ch. 33 problem 1: with an odd number, one card attacked and taken each time never
    ends; the engine's repetition rule stops it with nobody out."""
    got = maija.play_policy(players, seed=4)
    assert got["deadlock"] and got["out"] == []


@pytest.mark.parametrize("players", [4, 6])
def test_problem_1_even_players_the_same_play_puts_someone_out(players):
    got = maija.play_policy(players, seed=4)
    assert got["out"], got
    assert got["out"][0] % 2 == 0          # an attacker (the even seats attack) goes out first


def test_problem_1_every_line_ends_with_four_players_on_a_small_pack():
    """ch. 33: with an even number someone must go out: every deal of eight cards, every
    line of play of the engine reaches a player out (no cycle before)."""
    got = maija.search_deals(4, "7H 8H 9H 7C 8C 9C QS 8S", 2, 0)
    assert got["deals"] == 2520 and got["never_ending"] == 0 and got["longest"] == 8


def test_problem_1_three_players_have_a_line_that_never_ends_on_a_small_pack():
    got = maija.search_deals(3, "7H 8H 9H 7C 8C 9C", 2, 0)
    assert got["never_ending"] == got["deals"] == 90
    cycle = got["example"]["cycle"]
    # the book's deadlock: one card attacked, then taken, round the table
    assert all(step.endswith("take") for step in cycle[1::2])


def test_problem_1_search_finds_no_cycle_where_play_must_end():
    # one card each and no stock: the first attacker is out at once
    start = maija.small_state(4, [1 << c for c in (0, 13, 26, 39)], [], 1)
    got = maija.search(start)
    assert got["cycle"] is None and got["longest"] == 1


# -- problem 2: Hutunkeitto --------------------------------------------------------------

@pytest.mark.parametrize("k, n, m, winner, grip", [
    (10, 1, 2, "first", 1),                                  # f(k) = 1 = n: grip f(k)
    (9, 1, 2, "second", None),                               # f(k) = 3 > m
    (5, 1, 2, "first", 2),                                   # f(k) = 2 = m: still the first
    (6, 1, 2, "second", None),                               # f(k) = n + m
    (Fraction(15, 2), 1, Fraction(5, 2), "first", 1),        # f(k) = 1/2 < n: grip n
    (1, 2, 3, "first", 2),                                   # the first grip reaches the end
])
def test_problem_2_book_formula_and_search_agree(k, n, m, winner, grip):
    said = hutunkeitto.book(Fraction(k), Fraction(n), Fraction(m))
    assert said["winner"] == winner and said["grip"] == grip
    got = hutunkeitto.search(k, n, m)
    assert got["winner"] == winner
    if grip is not None:
        assert any(a <= grip <= b for a, b in got["grips"])


def test_problem_2_winning_first_grips_are_those_leaving_a_lost_position():
    # k = 10, grips in [1, 2]: the rooms 8 < r <= 9 are lost for the player to grip
    got = hutunkeitto.search(10, 1, 2)
    assert got["grips"] == [(Fraction(1), Fraction(7, 4))]


def test_problem_2_sweep_has_no_disagreement():
    got = hutunkeitto.sweep(top_k=12, top_m=4, denominator=2, refine=2)
    assert got["cases"] > 500 and got["disagreements"] == []


def test_problem_2_bad_lengths_are_refused():
    with pytest.raises(PelitError, match="0 < n <= m"):
        hutunkeitto.search(5, 3, 2)
    with pytest.raises(PelitError, match="not a length"):
        hutunkeitto.search("x", 1, 2)


# -- problem 3: a simulator of the grid game ---------------------------------------------

def test_problem_3_cross_start_has_the_known_28_moves():
    fig = lines.Figure(lines.cross())
    assert len(fig.marks) == 36 and len(fig.moves()) == 28


def test_problem_3_segments_may_touch_at_a_place_but_never_share_a_step():
    # ch. 32 problem 3: two segments meet in at most one place
    fig = lines.Figure([(x, 0) for x in range(9)])
    fig.play((9, 0), (0, 0), (1, 0), None)
    starts = {(start, d) for mark, start, d in fig.moves() if d == (1, 0)}
    assert ((4, 0), (1, 0)) in starts                 # shares the place (4, 0) only
    assert ((3, 0), (1, 0)) not in starts             # would share the step (3,0)-(4,0)


def test_problem_3_free_pairs_never_change_and_the_game_ends():
    got = lines.play(lines.cross(), seed=3)
    assert got["invariant_held"] and got["ended"] and got["free_pairs"] == 8 * 36


# -- problems 4, 5, 6 --------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 9))
def test_problem_4_no_order_colours_the_circle(n):
    assert small_games.circle(n)["wins"] is False


@pytest.mark.parametrize("n", range(1, 6))
def test_problem_5_first_player_wins_by_n(n):
    got = small_games.sticks(n, pairs=False)
    assert got["margin"] == n and got["greedy_best"]


@pytest.mark.parametrize("n", range(1, 6))
def test_problem_6_first_player_wins_by_one_or_draws_by_parity(n):
    got = small_games.sticks(n, pairs=True)
    assert got["margin"] == n % 2 and got["greedy_best"]


# -- problem 7: single-suit whist -----------------------------------------------------

# the table of docs/MATH.md: n -> (leader wins, draws, follower wins)
TABLE = {1: (1, 0, 1), 2: (1, 3, 2), 3: (9, 0, 11), 4: (13, 33, 24), 5: (109, 0, 143),
         6: (187, 406, 331), 7: (1463, 0, 1969), 8: (2779, 5327, 4764),
         9: (20631, 0, 27989)}


def test_problem_7_table_is_reproduced():
    levels = whist.solve(upto=9)
    got = {lv.n: (lv.leader_wins, lv.draws, lv.follower_wins) for lv in levels}
    assert got == TABLE
    for lv in levels:            # conjectures 1-3 hold in every position
        assert lv.lead_cost[2] == 0 and lv.raise_gain[2] == 0 and lv.reply_misses == 0
    assert whist.ends_misses(levels) == []          # conjecture 4 up to n = 9


def test_problem_7_conjecture_4_would_be_caught():
    levels = whist.solve(upto=7)
    levels[-1].tricks[1] += 1
    assert whist.ends_misses(levels) == [(7, 1)]


@pytest.mark.parametrize("k", range(1, 7))
def test_problem_7_solver_equals_the_plain_search(k):
    """The table (symmetries, cut-offs, ranks) against a search of every lead and
    every reply."""
    levels = whist.solve(upto=k, check=False)
    values = levels[-1].values
    for mask, tricks in whist.reference_values(k).items():
        assert values[whist.rank_of(mask)] == tricks


def test_problem_7_one_deal_and_its_line_of_play():
    # 1 4 5 against 2 3 6, the first player leading: he makes one trick only
    got = report(7, hand="1 4 5", lead="first")["data"]["deal"]
    assert got["leader_tricks"] == 1 and got["tricks"] == [1, 2]
    assert [(p["lead"], p["reply"]) for p in got["plays"]] == [(1, 2), (3, 4), (5, 6)]
    # the same cards with the second player leading: the first still makes one
    got = report(7, hand="1 4 5", lead="second")["data"]["deal"]
    assert got["tricks"][0] == 1


def test_problem_7_bad_hands_are_refused():
    for text, why in (("1 1 2", "twice"), ("1 7 3", "outside"), ("a b", "card numbers")):
        with pytest.raises(PelitError, match=why):
            whist.parse_hand(text)


# -- the command ------------------------------------------------------------------------

def test_command_reports_agreement_with_the_book():
    result = invoke("math", "5", "--upto", "4", "--json")
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    assert got["agrees"] is True and [r["margin"] for r in got["data"]["rows"]] == [1, 2, 3, 4]


def test_command_problem_7_table_is_the_same_every_run():
    first = json.loads(invoke("math", "7", "--upto", "6", "--json").stdout)
    second = json.loads(invoke("math", "7", "--upto", "6", "--json").stdout)
    strip = [{k: v for k, v in lv.items() if k != "seconds"} for lv in first["data"]["levels"]]
    assert strip == [{k: v for k, v in lv.items() if k != "seconds"}
                     for lv in second["data"]["levels"]]
    assert [(lv["leader_wins"], lv["draws"], lv["follower_wins"]) for lv in strip] == \
        [TABLE[n] for n in range(1, 7)]


def test_command_problem_2_one_case_in_words():
    result = invoke("math", "2", "--k", "9", "--n", "1", "--m", "2")
    assert result.exit_code == 0
    assert "the second player wins" in result.stdout and "Agrees with the book" in result.stdout


@pytest.mark.parametrize("args, needle", [
    (("math", "9"), "no problem 9"),
    (("math", "5", "--k", "3"), "takes no --k"),
    (("math", "2", "--k", "3"), "together"),
    (("math", "--upto", "3"), "name the problem"),
    (("math", "7", "--hand", "1 9"), "outside"),
])
def test_command_mistakes_are_one_line(args, needle):
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.strip().startswith("pelit: ") and needle in result.stderr
