"""Believe or Doubt by seed 000 ch. 29: rounds scripted with a one-question
bank, the chip form, the printed answer's authority, the trivia board, the
question bank and the bot."""

from __future__ import annotations

import json

import pytest

import pelit
from pelit.bots import make_bot
from pelit.core.errors import IllegalAction, OptionError, ParseError, PelitError
from pelit.games.believe_or_doubt import (HUB, Phase, destinations, ring_square, score_round,
                                          spoke_square, square_kind)
from pelit.trivia import fold, is_correct, parse_opentdb, parse_text, shipped_bank

G = pelit.load("believe-or-doubt")

ONE = """== Geography | blue ==
Which city is the capital of Australia? | Canberra | Sydney; Melbourne; Perth
"""


@pytest.fixture
def bank_file(tmp_path):
    path = tmp_path / "one.txt"
    path.write_text(ONE)
    return str(path)


def new(bank_file, **opts):
    return G.new_state(seed=1, questions=bank_file, shipped_questions=False, **opts)


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


# -- 29.1 the round -------------------------------------------------------------

def test_answerer_is_asked_and_the_left_neighbour_announces_first(bank_file):
    # 29.1: the player in turn answers; the announcements start on his left
    s = new(bank_file)
    assert s.phase is Phase.ANSWER and s.to_act == (0,)
    assert G.view(s, 1)["question"] == "Which city is the capital of Australia?"
    s.play("answer Sydney")
    assert s.to_act == (1,) and legal(s) == {"believe", "doubt"}
    s.play("believe")
    assert s.to_act == (2,)
    with pytest.raises(IllegalAction, match="seat 3 may not act"):
        s.play("doubt", seat=3)       # nobody speaks out of order (decision, 29.1)


def test_everyone_believes_a_wrong_answer_it_counts_as_right(bank_file):
    # 29.1: all believe -> regarded as correct: a point and a new turn
    s = new(bank_file)
    s.play("answer Sydney")
    for _ in range(3):
        s.play("believe")
    assert s.points == [1, 0, 0, 0] and s.turn == 0 and s.phase is Phase.ANSWER
    assert s.last["printed"] == "Canberra" and s.last["right"] is False
    assert s.last["doubter"] is None


def test_doubted_wrong_answer_gives_the_turn_to_the_doubter(bank_file):
    # 29.1: doubt + wrong: turn passes to the doubter; nobody scores
    s = new(bank_file)
    s.play("answer Perth")
    s.play("believe")
    s.play("doubt")                   # seat 2 doubts; seat 3 never announces
    assert s.points == [0, 0, 0, 0] and s.turn == 2 and s.to_act == (2,)
    assert s.last["doubter"] == 2 and s.record[0] == [0, 1]


def test_doubted_right_answer_costs_the_doubter_a_point_and_may_go_negative(bank_file):
    # 29.1: doubt + correct: doubter -1 (scores may go negative), answerer +1 and again
    s = new(bank_file)
    s.play("answer Canberra")
    s.play("doubt")
    assert s.points == [1, -1, 0, 0] and s.turn == 0 and s.record[0] == [1, 1]


@pytest.mark.parametrize("correct, doubter, expected", [
    (True, None, (1, 0)), (False, None, (1, 0)), (True, 2, (1, -1)), (False, 2, (0, 0))])
def test_score_round_table(correct, doubter, expected):
    # 29.1 row by row: (answerer, doubter)
    assert score_round(correct, doubter) == expected


def test_ten_points_win_nine_do_not(bank_file):
    # 29.1: the first to ten points wins
    s = new(bank_file)
    for k in range(10):
        assert s.outcome is None
        s.play("answer Canberra")
        for _ in range(3):
            s.play("believe")
        if k == 8:
            assert s.points[0] == 9 and s.outcome is None
    assert s.outcome.winners == (0,) and s.outcome.scores == (10, 0, 0, 0)
    assert "10 points" in s.outcome.reason


def test_printed_answer_is_shown_only_after_the_announcements(bank_file):
    # 29.1/29.3: the given answer is heard at once; the card's answer after the announcements
    s = new(bank_file)
    s.play("answer Canberra")
    v = G.view(s, 2)
    assert v["given"] == "Canberra" and "Canberra" not in json.dumps(
        {k: v[k] for k in v if k not in ("given", "legal", "options")}, default=str)
    s.play("believe")
    s.play("believe")
    s.play("believe")
    last = G.view(s, 2)["last"]
    assert last["printed"] == "Canberra" and last["answer"] == "Canberra" and last["right"]


# -- 29.2 chips ------------------------------------------------------------------

def test_chips_form(bank_file):
    # 29.2: ten chips; nobody doubts -> one chip out of the game; right but doubted ->
    # a chip to the doubter; no chips left wins
    s = new(bank_file, scoring="chips", target=2)
    assert G.view(s, 0)["chips"] == [2, 2, 2, 2]
    s.play("answer Canberra")
    s.play("doubt")
    assert s.points == [1, 3, 2, 2]
    s.play("answer Canberra")
    for _ in range(2):
        s.play("believe")
    assert s.outcome is None
    s.play("believe")
    assert s.outcome.winners == (0,) and "every chip" in s.outcome.reason


# -- 29.3 the printed answer rules --------------------------------------------------

@pytest.mark.parametrize("given, right", [
    ("Canberra", True), ("canberra", True), ("  CANBERRA ", True), ("Canbera", True),
    ("Cnaberra", True), ("Canberra!", True), ("the Canberra", True),
    ("Canberrra x", False), ("Sydney", False), ("", False), ("Canb", False)])
def test_judging_typed_answers(given, right):
    q = parse_text(ONE).questions[0]
    assert is_correct(q, given) is right


def test_numbers_and_short_words_must_be_exact():
    bank = parse_text("== H | yellow ==\nWhich year? | 1945 | 1944\n"
                      "Which king? | Henry VIII; Henry the Eighth | Henry VII\n"
                      "How many? | 11; eleven | 10\n")
    year, king, many = bank.questions
    assert not is_correct(year, "1944") and is_correct(year, "1945")
    assert not is_correct(king, "Henry VII") and is_correct(king, "henry viii")
    assert is_correct(many, "eleven") and is_correct(many, "11") and not is_correct(many, "10")
    assert fold("Ça, c'est l'Été!") == "ca cest lete"


def test_first_names_as_initials_are_the_same_answer():
    # 29.3: the printed answer rules, read as a table reads it: "H. C. Andersen"
    # is Hans Christian Andersen; other initials or another surname are not
    q = parse_text("== A | brown ==\nWho wrote The Ugly Duckling? | Hans Christian Andersen; "
                   "Andersen | Charles Perrault\n").questions[0]
    assert is_correct(q, "H. C. Andersen") and is_correct(q, "H.C. Andersen")
    assert is_correct(q, "HC Anderson")                   # and one slip in the surname
    assert not is_correct(q, "H. Andersen") and not is_correct(q, "C. H. Andersen")
    assert not is_correct(q, "H. C. Perrault")


# -- the bank --------------------------------------------------------------------------

def test_shipped_bank_has_500_questions_in_six_categories_all_judged_right():
    bank = shipped_bank()
    assert len(bank) >= 500 and len(bank.categories) == 6
    assert all(len(ids) >= 80 for ids in bank.by_category)
    assert len({q.text for q in bank.questions}) == len(bank)
    for q in bank.questions:
        assert all(is_correct(q, a) for a in q.answers)
        assert not any(is_correct(q, w) for w in q.wrong), q.text


def test_opentdb_json_loads(tmp_path):
    data = {"response_code": 0, "results": [
        {"category": "Science: Computers", "type": "multiple", "difficulty": "easy",
         "question": "What does &quot;CPU&quot; stand for?",
         "correct_answer": "Central Processing Unit",
         "incorrect_answers": ["Central Process Unit", "Computer Personal Unit", "Main Unit"]}]}
    path = tmp_path / "tdb.json"
    path.write_text(json.dumps(data))
    s = G.new_state(seed=1, questions=str(path), shipped_questions=False)
    assert G.view(s, 0)["question"] == 'What does "CPU" stand for?'
    s.play("answer central processing unit")
    for _ in range(3):
        s.play("doubt") if s.to_act == (1,) else None
    assert s.points == [1, -1, 0, 0]
    with_shipped = G.new_state(seed=1, questions=str(path))
    assert len(with_shipped.bank) == len(shipped_bank()) + 1
    assert parse_opentdb(data["results"]).questions[0].wrong[0] == "Central Process Unit"


def test_bad_question_files_are_clear_errors(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("== X | red ==\njust a line\n")
    with pytest.raises(OptionError, match="line 2"):
        G.new_state(seed=1, questions=str(bad))
    with pytest.raises(OptionError, match="cannot read"):
        G.new_state(seed=1, questions=str(tmp_path / "missing.txt"))
    with pytest.raises(OptionError, match="no questions"):
        G.new_state(seed=1, shipped_questions=False)
    broken = tmp_path / "b.json"
    broken.write_text("{")
    with pytest.raises(OptionError, match="not JSON"):
        G.new_state(seed=1, questions=str(broken))


def test_category_die_and_piles_cover_the_bank_without_repeats():
    # decision 29.1: the category is a die roll; each category's pile is shuffled once
    s = G.new_state(seed=4, target=50)
    seen = []
    while len(seen) < 45:
        seen.append(s.qid)
        s.play("answer x")
        for _ in range(3):
            s.play("believe")
    assert len(set(seen)) == 45
    assert len({s.bank.questions[q].category for q in seen}) == 6


# -- typed answers, multiple choice, bad input -----------------------------------------

def test_typed_answers_and_bad_input(bank_file):
    s = new(bank_file)
    assert legal(s) == {"answer I don't know"}
    with pytest.raises(ParseError, match="wants your answer"):
        G.parse_action(s, "answer   ", 0)
    with pytest.raises(ParseError, match="at most"):
        G.parse_action(s, "answer " + "x" * 81, 0)
    with pytest.raises(ParseError, match="'answer Canberra'"):
        G.parse_action(s, "Canberra", 0)
    with pytest.raises(IllegalAction):
        s.play("believe")
    with pytest.raises(IllegalAction, match="may not answer"):
        s.apply(G.answer_action("Canberra"), 2)
    a = G.parse_action(s, "answer  New   Delhi ", 0)
    assert G.action_text(a) == "answer New Delhi"
    s.play("answer New Delhi")
    with pytest.raises(IllegalAction, match="no question is waiting"):
        s.play("answer Canberra", seat=1)


def test_multiple_choice_offers_the_printed_and_wrong_answers_only(bank_file):
    s = new(bank_file, multiple_choice=True)
    assert legal(s) == {"answer Canberra", "answer Melbourne", "answer Perth", "answer Sydney"}
    assert G.view(s, 1)["choices"] == ["Canberra", "Melbourne", "Perth", "Sydney"]
    with pytest.raises(IllegalAction, match="offered answers"):
        s.play("answer Hobart")


# -- 29.4 the board ---------------------------------------------------------------------

def test_board_geometry():
    # decision 29.4: 73 squares; outwards from the hub, then either way on the ring
    assert destinations(HUB, 3) == [spoke_square(j, 3) for j in range(6)]
    assert destinations(HUB, 6) == [ring_square(7 * j) for j in range(6)]
    assert destinations(spoke_square(1, 4), 2) == [ring_square(7)]
    assert destinations(spoke_square(1, 4), 5) == [ring_square(10), ring_square(4)]
    assert destinations(ring_square(0), 3) == [ring_square(3), ring_square(39)]
    assert square_kind(ring_square(14)) == ("pie", 2)
    assert square_kind(ring_square(16)) == ("again", None)
    assert square_kind(ring_square(19)) == ("again", None)
    kinds = [square_kind(ring_square(i)) for i in range(42)]
    assert sum(k == "again" for k, _ in kinds) == 12
    plain = [c for k, c in kinds if k == "plain"]
    assert all(plain.count(c) == 4 for c in range(6))


def board(bank_file=None, **opts):
    return G.new_state(seed=2, preset="trivial-pursuit", **opts)


def test_board_roll_moves_and_the_square_colour_asks(tmp_path):
    s = board()
    assert s.phase is Phase.MOVE and len(s.legal_actions()) == 6
    s.roll = 2
    s._legal = None
    s.play("move pink spoke 2")                 # spoke 1, step 2: colour (1 + 1 + 1) % 6
    assert s.phase is Phase.ANSWER
    assert s.bank.questions[s.qid].category == s.bank.categories[3]
    with pytest.raises(ParseError, match="ring N"):
        G.parse_action(s, "move ring 99", 0)


def _reach(s, square):
    s.positions[s.turn] = square
    s._legal = None


def test_roll_again_square_answerer_bans_right_hand_player_chooses():
    # 29.4: the answerer bans one colour; the player on his right chooses another
    s = board()
    s.roll = 2
    _reach(s, ring_square(0))
    s.play("move ring 3")
    assert s.phase is Phase.BAN and s.to_act == (0,)
    s.play("ban blue")
    assert s.to_act == (3,) and "choose blue" not in legal(s)
    with pytest.raises(IllegalAction, match="banned"):
        s.play("choose blue")
    s.play("choose green")
    assert s.phase is Phase.ANSWER and s.to_act == (0,)
    assert s.bank.questions[s.qid].category == "Science & Nature"


def test_pie_square_question_or_change_of_seats():
    # 29.4: on a pie square: a question of its colour, or sit between two adjacent players;
    # the turn passes to the player who sat on the mover's left before
    s = board()
    s.roll = 6
    s.play("move ring 15")
    assert s.phase is Phase.PIE
    assert legal(s) == {"question", "sit 1 2", "sit 2 3"}
    alt = s.clone()
    alt.play("question")
    assert alt.bank.questions[alt.qid].category == "History"
    s.play("sit 2 3")
    assert s.order == [1, 2, 0, 3] and s.turn == 1 and s.phase is Phase.MOVE
    assert G.view(s, 0)["seating"] == "seat 1, seat 2, seat 0, seat 3"
    # the announcements follow the new seating: seat 0 now sits on seat 2's left
    s.roll = 1
    _reach(s, ring_square(1))
    s.play("move ring 3")
    s.play("ban pink")
    assert s.to_act == (3,)                    # seat 1's right-hand neighbour
    s.play("choose blue")
    s.play("answer x")
    order = []
    while s.phase is Phase.ANNOUNCE:
        order.append(s.to_act[0])
        s.play("believe")
    assert order == [2, 0, 3]                  # from seat 1's left in the new seating


# -- the bot --------------------------------------------------------------------------------

def test_bot_knowledge_rate(bank_file):
    s = new(bank_file)
    sure = make_bot("heuristic:1", G, 0, 1)
    assert G.action_text(sure.choose(G.view(s, 0))) == "answer Canberra"
    s.play("answer Perth")
    knows = make_bot("heuristic:1.0", G, 1, 1)
    assert knows.choose(G.view(s, 1)) == G.DOUBT
    with pytest.raises(PelitError, match="between 0 and 1"):
        make_bot("heuristic:2", G, 1, 1)
    with pytest.raises(PelitError, match="takes no setting"):
        make_bot("heuristic:1", pelit.load("xeri"), 1, 1)


def test_bot_without_knowledge_doubts_by_record(bank_file):
    s = new(bank_file)
    s.record[0] = [0, 4]                         # a poor record so far
    s.play("answer Canberra")
    assert make_bot("heuristic:0", G, 1, 1).choose(G.view(s, 1)) == G.DOUBT
    s2 = new(bank_file)
    s2.record[0] = [5, 5]
    s2.play("answer Canberra")
    assert make_bot("heuristic:0", G, 1, 1).choose(G.view(s2, 1)) == G.BELIEVE
