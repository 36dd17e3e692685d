"""Diloti by seed 001 "Diloti": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.diloti import DECK, score_hand
from pelit.sim.runner import play_match

G = pelit.load("diloti")


def pack_for(hands: list[str], table: str, stock_top: str = "") -> str:
    """Deal from the dealer's left (seat 0 in hand 1), one at a time, six
    each; then the four table cards; then the stock, ``stock_top`` first."""
    n = len(hands)
    hs = [DECK.parse_many(h) for h in hands]
    pack = [hs[p][i] for i in range(6) for p in range(n)]
    pack += DECK.parse_many(table) + DECK.parse_many(stock_top)
    pack += [c for c in range(52) if c not in pack]
    return DECK.texts(pack)


def cards(text):
    return mask_of(DECK.parse_many(text))


def new(hands, table, stock_top="", **opts):
    return G.new_state(seed=1, players=len(hands), decks=[pack_for(hands, table, stock_top)],
                       **opts)


def legal(s):
    return {G.action_text(a) for a in s.legal_actions()}


def run(s, *texts):
    for t in texts:
        s.play(t)


A = "8H KD 5C TC 9S QS"          # seat 0
B = "7D 4H 2S JD 3C AS"          # seat 1


def test_setup_six_each_four_on_the_table():
    # Setup: six cards each and four face up
    s = new([A, B], "8S 6D 5D 3H")
    assert s.hands[0] == cards(A) and s.hands[1] == cards(B)
    assert s.loose == cards("8S 6D 5D 3H") and len(s.stock) == 36 and s.to_act == (0,)


def test_three_of_a_rank_on_the_table_is_dealt_again():
    # Setup: three or more of one rank among the four: shuffled back, four new cards
    s = new([A, B], "4S 4D 4C 3H")
    assert [e.kind for e in s.events].count("table_redealt") >= 1
    ranks = [DECK.rank_of[c] for c in range(52) if (s.loose >> c) & 1]
    assert s.loose.bit_count() == 4 and max(ranks.count(r) for r in ranks) < 3


def test_capture_by_match_and_several_sums_at_once():
    # Capturing cards: an 8 takes the 8, 5+3 and 6+2 at once (seed example)
    s = new(["8H KD 5C TC 9S QS", B], "8S 6D 5D 3H")
    s.loose |= cards("2H")
    s.stock.remove(DECK.parse("2H"))
    run(s, "8H", "capture", "take 8S", "take 5D", "take 3H", "take 6D")
    assert legal(s) == {"take 2H"}              # 6D alone is no group of 8
    run(s, "take 2H", "done")
    assert s.won[0] == cards("8H 8S 6D 5D 3H 2H") and s.loose == 0


def test_a_capture_may_leave_groups_and_faces_only_match():
    # Capturing cards: taking some of the groups is allowed; face cards capture their rank
    s = new(["8H KD 5C TC 9S QS", B], "8S 6D 2D KH")
    run(s, "8H", "capture", "take 8S", "done")
    assert s.loose == cards("6D 2D KH")
    s2 = new(["KS 8H 5C TC 9S QS", B], "8S 6D 2D KH")
    run(s2, "KS")
    assert legal(s2) == {"lay", "capture"}
    run(s2, "capture", "take KH", "done")
    assert s2.won[0] == cards("KS KH")


def test_regular_declaration_needs_the_capturing_card():
    # Regular declarations: 2 and 3 on the table, a 5 played: a declaration of 10
    s = new(["5H TC 9S QS KD 8H", B], "2D 3H 7C JH")
    run(s, "5H")
    assert {"declare 8", "declare 10"} <= legal(s)   # 5+3 and 5+2+3, holding an 8 and a 10
    assert "declare 7" not in legal(s)              # 5+2 makes 7, but he holds no seven
    assert "declare 9" not in legal(s)              # he holds a nine, but nothing makes 9
    run(s, "declare 10", "take 2D", "take 3H", "done")
    (d,) = s.decls
    assert d[0] == cards("5H 2D 3H") and d[1] == 10 and d[2] == 0 and not d[3]
    s2 = new(["5H 6C 9S QS KD 8H", B], "2D 3H 7C JH")
    run(s2, "5H")
    assert not {a for a in legal(s2) if a.startswith("declare 10")}      # no ten: no declaration


def test_declaration_is_captured_only_whole_by_its_value():
    # Regular declarations: the bundle is captured only as a unit, with a card of its value
    s = new(["5H TC 9S QS KD 8H", "TD 5S 2S JD 3C AS"], "2D 3H 7C JH")
    run(s, "5H", "declare 10", "take 2D", "take 3H", "done")
    look = s.clone()
    look.play("5S")
    assert "capture" not in legal(look)         # the 5H inside is not loose
    run(s, "TD", "capture", "take 5H")          # any card of the bundle names it
    assert legal(s) == {"done"}
    s.play("done")
    assert s.won[1] == cards("TD 5H 2D 3H") and s.decls == []


def test_raise_by_an_opponent_who_holds_the_new_value():
    # Regular declarations: an opponent may raise; never above 10; the raiser holds the value
    s = new(["5H 9C 7S QS KD 8H", "2S 9D 3C JD 4C AS"], "2D 2H 7C JH")
    run(s, "5H", "declare 7", "take 2D", "done")
    run(s, "2S")
    assert "declare 9" in legal(s)              # 7 + 2 = 9, and seat 1 holds a nine
    run(s, "declare 9", "take 5H", "done")
    (d,) = s.decls
    assert d[1] == 9 and d[2] == 1              # seat 1 now owns it
    assert "KD" in legal(s)                     # the restriction passed to the raiser: seat 0 may lay
    run(s, "9C", "capture", "take 2S", "done")  # seat 0 may capture it with his nine
    assert s.won[0] == cards("9C 5H 2D 2S")


def test_no_raising_your_own_or_partners_declaration():
    # Regular declarations: an opponent may raise; not the declarer's partner
    s = new(["5H 9C 2C 7C KD 8H", "2S 9D 3C JD 4C AS", "2H 9H QC KS KH 7S",
             "6H 6D 6C 6S 7H 7D"], "2D 3H 8C JH")
    run(s, "5H", "declare 7", "take 2D", "done")
    opponent = s.clone()
    opponent.play("2S")
    assert "declare 9" in legal(opponent)         # seat 1 (an opponent, holding a 9) may raise
    run(s, "AS", "lay")
    run(s, "2H")
    assert "declare 9" not in legal(s)            # seat 2 is seat 0's partner
    assert G.side(s, 0) == G.side(s, 2) != G.side(s, 1)


def test_owner_may_not_lay_or_declare_and_keeps_his_card():
    # Regular declarations: after declaring, no laying and no new declarations; the card is kept
    s = new(["5H TC 9S 4S KD 8H", "2S 9D 3C JD 4C AS"], "2D 3H 7C JH")
    run(s, "5H", "declare 10", "take 2D", "take 3H", "done")
    run(s, "2S", "lay")
    # TC only captures his declaration, 9S captures 7C + 2S, 8H + 2S can join
    # his 10 in a group; 4S and KD could only be laid, which he may not do
    assert legal(s) == {"TC", "9S", "8H"}
    run(s, "TC", "capture")
    assert legal(s) == {"take 5H", "take 2D", "take 3H"}


def test_reserved_card_only_captures_the_declaration():
    # Regular declarations: the declarer's card serves only to capture his declaration
    s = new(["5H TC 9S 4S KD 8H", "2S 9D 3C JD 4C AS"], "2D 3H 6C 4D")
    run(s, "5H", "declare 10", "take 2D", "take 3H", "done")
    run(s, "AS", "lay")
    run(s, "TC", "capture")
    assert "take 6C" in legal(s) and "done" not in legal(s)   # 6+4 alone would abandon it
    run(s, "take 6C", "take 4D", "take 5H", "done")
    assert s.decls == [] and s.won[0] & cards("6C 4D 5H 2D 3H TC") == cards("6C 4D 5H 2D 3H TC")


def test_group_declaration_of_eights():
    # Group declarations: 2, 6 and two 4s: a group of 8s
    s = new(["6H 8C 9S QS KD TH", B], "2D 4S 4D JH")
    run(s, "6H", "declare 8", "take 2D", "take 4S", "take 4D", "done")
    (d,) = s.decls
    assert d[0] == cards("6H 2D 4S 4D") and d[1] == 8 and d[3] is True
    assert s.loose == cards("JH")


def test_group_may_take_in_ones_own_declaration_while_it_stands():
    # Group declarations: the only way to declare again while one's declaration stands
    s = new(["3H 7C 5S 2C QS KD", "JS 9D 3C JD 4C AS"], "4S 5D 2D JH")
    run(s, "3H", "declare 7", "take 4S", "done")
    run(s, "JS", "lay")
    run(s, "5S")
    assert "declare 7" in legal(s) and "lay" not in legal(s)
    s.play("declare 7")
    s.play("take 2D")
    assert "done" not in legal(s)               # must take in his standing declaration
    run(s, "take 3H", "done")
    (d,) = s.decls
    assert d[0] == cards("3H 4S 5S 2D") and d[1] == 7 and d[3]


def test_raise_and_group_in_one_play():
    # Group declarations: Bravo raises Alpha's 7 to 9 and groups it with a 9 on the table
    s = new(["3H 7C KS QS KD 8H", "2S 9D 5C JD 4C AS"], "4S 9H 6D JH")
    run(s, "3H", "declare 7", "take 4S", "done")
    run(s, "2S", "declare 9", "take 3H", "take 9H", "done")
    (d,) = s.decls
    assert d[0] == cards("2S 3H 4S 9H") and d[1] == 9 and d[2] == 1 and d[3]


def test_no_xeri_on_the_first_play_of_a_hand():
    # Capturing xeri: only from the second turn of the hand
    s = new(["8H KD 5C TC 9S QS", "7D 4H 2S JD 3C AS"], "8S 6D 2D 8C")
    run(s, "8H", "capture", "take 8S", "take 8C", "take 6D", "take 2D", "done")
    assert s.loose == 0 and not s.decls and s.xeris[0] == 0


def test_xeri_when_a_later_capture_clears_the_table():
    # Capturing xeri: a single card capturing every face-up card
    s = new(["7H KD 5C TC 9C QS", "9D 4H 2S JD 3C AS"], "9S 6D 3D 7C")
    run(s, "7H", "capture", "take 7C", "done")
    run(s, "9D", "capture", "take 9S", "take 6D", "take 3D", "done")
    assert s.xeris[1] == cards("9S") and s.won[1] == cards("9D 9S 6D 3D")
    ev = [e for e in s.events if e.kind == "capture"][-1]
    assert ev.public["xeri"] and DECK.text(ev.public["xeri_card"]) == "9S"


def test_replenish_six_each_and_last_capturer_takes_the_rest():
    # Replenishing the hands; the last capture takes the rest (no xeri)
    s = G.new_state(seed=3)
    hand = s.hand_no
    while s.hand_no == hand:
        s.apply(s.legal_actions()[0])
    last = [e for e in s.events if e.kind == "last_cards"]
    dealt = [e for e in s.events if e.kind == "dealt"]
    assert len(dealt) >= 8                      # 2 hands of 6 x 4 deals
    assert all(not e.public.get("xeri") for e in last)


def test_scoring_lines_row_by_row():
    # Scoring: 10 a xeri, 4 most cards (not on a tie), 2 the 10D, 1 each ace, 1 the 2C
    a = cards("TD 2C AS AH 3H 4H")
    b = cards("5H 6H")
    la, lb = score_hand([a, b], [cards("3H"), 0])
    assert la == {"xeri": 10, "most cards": 4, "ten of diamonds": 2, "aces": 2,
                  "two of clubs": 1, "total": 19}
    assert lb["total"] == 0
    tie = score_hand([cards("5H 6H"), cards("7H 8H")], [0, 0])
    assert tie[0]["most cards"] == tie[1]["most cards"] == 0


def test_four_players_partners_share_a_pile_and_match_to_target():
    # Setup (partnerships) and Scoring (match to 61)
    s = play_match(G, ["heuristic"], seed=4, players=4, target=30)
    assert s.outcome.winners in ((0, 2), (1, 3))
    assert s.outcome.scores[0] == s.outcome.scores[2] and max(s.outcome.scores) >= 30


def test_bad_input_is_refused_and_changes_nothing():
    s = new([A, B], "8S 6D 5D 3H")
    n = len(s.history)
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("7D")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("7D", seat=1)
    with pytest.raises(ParseError):
        s.play("declare 11")
    assert len(s.history) == n
    run(s, "8H", "capture")
    with pytest.raises(IllegalAction, match="not complete"):
        s.play("done")
    with pytest.raises(IllegalAction, match="cannot be part"):
        s.play("take 6D")                       # 6D alone cannot make 8 (no 2 on the table)
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=3)


def test_whole_match_between_bots():
    s = play_match(G, ["heuristic"], seed=2, target=20)
    assert max(s.outcome.scores) >= 20
