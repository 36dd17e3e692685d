"""La Belle Lucie by seed 003 (line 6): the deal, Rules of Play, Re-dealing the
Playing Field and the end, on stacked packs in card text, each test citing
the rule or the decision (games/la_belle_lucie.py) it pins; and the solver."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import standard_deck
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.core.records import check_record, jsonable, record_of
from pelit.games import _lucie_solver as solver

G = pelit.load("la-belle-lucie")
DECK = standard_deck("52")
# every suit from king down to ace, spades, hearts, diamonds, clubs: dealt in
# threes, each fan holds cards of one suit in falling order (the free card the
# lowest), and every card can go home in turn
KING_DOWN = " ".join(f"{r}{s}" for s in "SHDC" for r in "KQJT98765432A")


def texts(cards):
    return " ".join(DECK.text_of[int(c)] for c in cards)


def fans_of(state):
    return [texts(f) for f in state.view(0)["fans"]]


def legal(state):
    return [G.action_text(a) for a in state.legal_actions()]


def snapshot(state):
    return repr((jsonable(G.view(state, 0), G), jsonable(G.view(state, None), G),
                 [e.for_seat(0) for e in state.events], state.history))


def pack_of(fans: list[str]) -> str:
    """A pack (top card first) that deals these fans (bottom card first)."""
    cards = " ".join(fans).split()
    assert len(cards) == 52 and len(set(cards)) == 52
    return " ".join(cards)


# 17 fans whose free cards can neither go home nor be built on each other,
# and the ace of spades alone: it goes home at once, which frees nothing but
# lets the 2 of spades (free in fan 17) follow; then nothing moves
STUCK_TOPS = "2H 2D 2C 4S 4H 4D 4C 6S 6H 6D 6C 8S 8H 8D 8C TS".split()
_REST = [DECK.text_of[c] for c in range(52)
         if DECK.text_of[c] not in set(STUCK_TOPS) | {"2S", "AS", "QH"}]
STUCK = pack_of([f"{_REST[2 * i]} {_REST[2 * i + 1]} {top}"
                 for i, top in enumerate(STUCK_TOPS)] + [f"{_REST[32]} QH 2S", "AS"])


# -- the deal (opening paragraph) ---------------------------------------------------

def test_seventeen_fans_of_three_and_one_of_one_the_last_card_free():
    s = G.new_state(seed=1, decks=[STUCK])
    fans = s.view(0)["fans"]
    assert [len(f) for f in fans] == [3] * 17 + [0]        # the lone ace went home
    assert fans_of(s)[0] == f"{_REST[0]} {_REST[1]} 2H"
    dealt = [e.for_seat(0) for e in s.events if e.kind == "dealt"][0]
    assert [len(f) for f in dealt["fans"]] == [3] * 17 + [1]
    assert texts(dealt["fans"][17]) == "AS"


def test_one_player_everything_face_up():
    s = G.new_state(seed=1)
    v = s.view(0)
    assert G.num_players(s) == 1 and s.to_act == (0,)
    assert sum(len(f) for f in v["fans"]) + v["cards_home"] == 52
    assert G.info.hidden is False and G.info.chance is True
    assert v["redeals_left"] == 2


# -- Rules of Play ----------------------------------------------------------------------

def test_aces_go_home_by_themselves_and_free_the_card_below():
    # Rules of Play: an ace goes up at once.  KING_DOWN deals (3D 2D AD) as
    # fan 13: the ace goes home; the lone last fan is the ace of clubs
    s = G.new_state(seed=1, decks=[KING_DOWN])
    aces = [texts([e.public["card"]]) for e in s.events if e.kind == "ace_home"]
    assert aces == ["AD", "AC"]
    v = s.view(0)
    assert texts([v["foundations"][2]]) == "AD" and texts([v["foundations"][3]]) == "AC"
    assert fans_of(s)[12] == "3D 2D" and "2D" in legal(s)


def test_a_free_card_goes_home_one_rank_up_in_its_suit():
    s = G.new_state(seed=1, decks=[STUCK])
    assert legal(s) == ["2S"]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="2H cannot go home: its foundation needs the ace of hearts"):
        s.play("2H")
    with pytest.raises(IllegalAction, match="not free"):
        s.play("QH")
    assert snapshot(s) == before
    s.play("2S")
    assert s.view(0)["foundations"][0] == DECK.parse("2S")
    assert s.events[-1].for_seat(0)["kind"] == "home"


def layout(front: list[str]) -> str:
    """A pack dealing the given fans first, then the other cards from
    KING_DOWN in threes."""
    used = " ".join(front).split()
    rest = [c for c in KING_DOWN.split() if c not in used]
    return pack_of(front + [" ".join(rest[i:i + 3]) for i in range(0, len(rest), 3)])


def test_a_card_builds_only_on_the_next_higher_card_of_its_suit():
    # Rules of Play: 3H goes on 4H only; 5H or 4S free does not help it
    s = G.new_state(seed=1, decks=[layout(["KS QS 3H", "JS 4H 5H", "TS 9S 4S", "8S 7S KH"])])
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="3H builds only on 4H, which is not the free card"):
        s.play("build 3H")
    with pytest.raises(IllegalAction, match="KH is a king: nothing is higher"):
        s.play("build KH")
    assert snapshot(s) == before


def test_a_card_that_can_go_home_is_not_built_on_a_fan():
    # Rules of Play: a card moves to another fan "if it cannot be moved to a
    # suit stack": with AH home, 2H goes home and may not go on 3H
    s = G.new_state(seed=1, decks=[layout(["KS QS 2H", "JS TS 3H", "9S 8S AH"])])
    assert "2H" in legal(s) and "build 2H" not in legal(s)
    with pytest.raises(IllegalAction, match="2H can go to its foundation"):
        s.play("build 2H")
    s.play("2H")
    assert "3H" in legal(s)


def test_building_covers_the_card_built_on():
    s = G.new_state(seed=1, decks=[layout(["KS QS 3H", "JS 5H 4H"])])
    s.play("build 3H")
    assert fans_of(s)[:2] == ["KS QS", "JS 5H 4H 3H"]
    assert s.events[-1].for_seat(0) == {"kind": "build", "seat": 0, "card": DECK.parse("3H"),
                                         "onto": DECK.parse("4H"), "fan": 2}
    with pytest.raises(IllegalAction, match="4H is not free"):
        s.play("build 4H")


def test_an_emptied_fan_stays_empty():
    s = G.new_state(seed=1, decks=[KING_DOWN])
    while s.outcome is None and not any(len(f) == 0 for f in s.view(0)["fans"][:-1]):
        s.play(legal(s)[0])
    fans = s.view(0)["fans"]
    assert any(len(f) == 0 for f in fans) and len(fans) == 18


# -- Re-dealing the Playing Field ---------------------------------------------------------------

def test_redeal_only_when_no_card_can_move():
    s = G.new_state(seed=1, decks=[STUCK])
    with pytest.raises(IllegalAction, match="redeal only when no card can move"):
        s.play("redeal")
    s.play("2S")
    assert legal(s) == ["redeal"]


def test_redeal_gathers_shuffles_and_deals_in_threes_with_a_short_last_fan():
    s = G.new_state(seed=1, decks=[STUCK, KING_DOWN])
    s.play("2S")
    s.play("redeal")
    # 50 cards: 16 fans of three and one of two, in the stacked order
    dealt = [e.for_seat(0) for e in s.events if e.kind == "dealt"][-1]["fans"]
    assert [len(f) for f in dealt] == [3] * 16 + [2]
    assert texts(dealt[0]) == "KS QS JS" and texts(dealt[3]) == "4S 3S KH"
    assert texts(dealt[16]) == "2C AC"
    assert s.view(0)["redeals_left"] == 1
    redeal = [e.for_seat(0) for e in s.events if e.kind == "redeal"][0]
    assert redeal["cards"] == 50 and redeal["redeals_left"] == 1


def test_a_redeal_is_shuffled_by_the_seed_when_not_stacked():
    a = G.new_state(seed=5, decks=[STUCK])
    b = G.new_state(seed=6, decks=[STUCK])
    for s in (a, b):
        s.play("2S")
        s.play("redeal")
    dealt = [[texts(f) for f in [e for e in s.events if e.kind == "dealt"][-1].public["fans"]]
             for s in (a, b)]
    assert dealt[0] != dealt[1]
    assert sorted(" ".join(dealt[0]).split()) == sorted(" ".join(dealt[1]).split())


def test_won_after_one_redeal():
    s = G.new_state(seed=1, decks=[STUCK, KING_DOWN])
    play_out(s, ["2S", "redeal"])
    assert s.outcome.winners == (0,) and s.outcome.reason == "won after one redeal"
    assert s.outcome.scores == (52,)


def test_two_redeals_at_most_then_the_game_is_lost():
    s = G.new_state(seed=1, decks=[STUCK, STUCK, STUCK])
    s.play("2S")
    s.play("redeal")
    # the stacked pack deals the 50 cards left in its own order; play on
    # until stuck, redeal again, and once more stuck: lost
    while s.outcome is None:
        s.play(legal(s)[0])
    assert s.outcome.winners == () and s.outcome.returns() == (-1.0,)
    assert s.outcome.reason.startswith("lost:") and "no redeal left" in s.outcome.reason
    assert s.outcome.details["redeals_used"] == 2
    with pytest.raises(IllegalAction, match="over"):
        s.play("redeal")


def test_redeals_option():
    s = G.new_state(seed=1, decks=[STUCK], redeals=0)
    s.play("2S")
    assert s.outcome is not None and s.outcome.details["redeals_used"] == 0
    with pytest.raises(OptionError):
        G.new_state(seed=1, redeals=3)


# -- the end ---------------------------------------------------------------------------------------

def play_out(state, first=()):
    for text in first:
        state.play(text)
    while state.outcome is None:
        state.play(legal(state)[0])


def test_all_52_home_wins_without_a_redeal():
    s = G.new_state(seed=1, decks=[KING_DOWN])
    play_out(s)
    assert s.outcome.reason == "won without a redeal" and s.outcome.winners == (0,)
    assert s.outcome.returns() == (1.0,)
    assert s.view(0)["cards_home"] == 52 and all(len(f) == 0 for f in s.view(0)["fans"])
    check_record(record_of(s))


def test_bad_input_is_refused_and_changes_nothing():
    s = G.new_state(seed=1, decks=[STUCK])
    before = snapshot(s)
    for bad in ("build 2S", "ZZ", "move 2S", "build"):
        with pytest.raises((IllegalAction, ParseError)):
            s.play(bad)
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("2S", seat=1)
    assert snapshot(s) == before


# -- the solver and hints ---------------------------------------------------------------------------

def cards(text):
    return [DECK.parse(t) for t in text.split()]


HEARTS_UP = "KH QH JH TH 9H 8H 7H"      # a fan of hearts that goes home last


def test_solver_finds_a_win_that_needs_a_burying_build():
    # only hearts are left: 3H covers 2H; building 3H on 4H buries 6H under
    # them, and it is the only way on (every other suit is home)
    sol = solver.solve([cards("2H 3H"), cards("6H 4H"), cards(HEARTS_UP + " 5H")])
    assert sol.won and sol.proven
    assert sol.moves[0] == (solver.BUILD, DECK.parse("3H"))


def test_solver_proves_a_deadlock():
    # 3H covers 2H, and 4H, the only card 3H could go onto, lies under them
    sol = solver.solve([cards("4H 2H 3H"), cards(HEARTS_UP + " 6H 5H")])
    assert not sol.won and sol.proven and sol.home == 40 and sol.moves == []


def test_hint_on_a_winnable_deal_names_a_move():
    s = G.new_state(seed=1, decks=[KING_DOWN])
    h = G.hint(s.view(0))
    assert h["won"] and h["proven"]
    assert h["text"].startswith("This layout can be won without a redeal. Next: ")
    assert h["action"] in s.legal_actions()


def test_hint_when_stuck_says_redeal():
    s = G.new_state(seed=1, decks=[STUCK])
    s.play("2S")
    assert G.hint(s.view(0))["text"].startswith("No card can move: redeal")


def test_the_solver_bot_wins_the_stacked_deal_and_plays_only_legal_moves():
    from pelit.sim.runner import play_match
    state = play_match(G, ["heuristic"], 1, decks=[KING_DOWN])
    assert state.outcome.winners == (0,)
