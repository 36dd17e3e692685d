"""Diloti by seed 001 "Diloti": scripted deals citing their sections."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.diloti import DECK, score_hand

G = pelit.load("diloti")


def pack(hands: list[str], table: str) -> str:
    """Hands dealt one card at a time from seat 0 (left of the dealer, the
    last seat), then the four table cards; the rest of the pack in id order."""
    per = [h.split() for h in hands]
    order = [per[p][i] for i in range(6) for p in range(len(hands))] + table.split()
    first = DECK.parse_many(" ".join(order))
    return DECK.texts(first + [c for c in range(52) if c not in first])


def cards(text):
    return mask_of(DECK.parse_many(text))


def legal_texts(s):
    return sorted(G.action_text(a) for a in s.legal_actions())


def can(s, text):
    """Is the action (cards in any order) legal now?"""
    return G.parse_action(s, text) in s.legal_actions()


def test_setup_six_each_four_on_the_table_seat_left_of_dealer_first():
    s = G.new_state(seed=1, decks=[pack(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], "7C 8C 9C TC")])
    assert s.hands[0] == cards("AS 2S 3S 4S 5S 6S") and s.loose == cards("7C 8C 9C TC")
    assert s.to_act == (0,) and len(s.stock) == 36


def test_setup_redeals_the_table_on_three_of_a_rank():
    s = G.new_state(seed=1, decks=[pack(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], "7C 7D 7H TC")])
    assert any(e.kind == "table_redealt" for e in s.events)
    ranks = [DECK.rank_of[c] for c in range(52) if (s.loose >> c) & 1]
    assert max(ranks.count(r) for r in ranks) < 3 and s.loose.bit_count() == 4


def test_capturing_several_combinations_at_once():
    """Capturing cards: an 8 takes 8, 5+3 and 6+2 in one play."""
    s = G.new_state(seed=1, decks=[pack(["8S AS KS 4S 9S JS", "AH 2H KH 4H 5H 6H"], "6C 5C 3C 2C")])
    s.play("lay AS")
    s.play("lay 2H")        # table: 6C 5C 3C 2C AS 2H
    s.play("take 8S: 6C 2C 5C 3C")
    assert s.won[0] == cards("8S 6C 2C 5C 3C") and s.loose == cards("AS 2H")
    with pytest.raises(IllegalAction):
        s.play("take 4H: AS")  # 4 is not 1


def test_face_cards_capture_only_their_rank_and_never_declare():
    s = G.new_state(seed=1, decks=[pack(["KS AS 2S 4S 9S JS", "AH 2H KH 4H 5H 6H"], "KC 5C 3C 2D")])
    texts = legal_texts(s)
    assert "take KS: KC" in texts and not any(t.startswith("declare KS") for t in texts)
    assert not any(t.startswith("take KS: 5C") for t in texts)


def test_regular_declaration_needs_the_capturing_card_and_binds_its_maker():
    """Regular declarations: a 5 on 2+3 makes 10, only with a 10 in hand; then
    no laying and no new declarations until it is taken or raised."""
    s = G.new_state(seed=1, decks=[pack(["5S TS 9S 4S 7S JS", "AH 2H KH 4H 5H 6H"], "2C 3C QD KD")])
    assert can(s, "declare 5S: 2C 3C = 10")
    s.play("declare 5S: 2C 3C = 10")
    assert s.decls == [(cards("5S 2C 3C"), 10, 0)]
    s.play("lay AH")
    texts = legal_texts(s)
    assert not any(t.startswith("lay") for t in texts)
    assert can(s, "take TS: 2C 3C 5S")
    # TS is the last 10: it may only take the declaration
    assert all(not t.startswith("take TS") or "5S" in t for t in texts)
    with pytest.raises(IllegalAction, match="may not lay"):
        s.play("lay 9S")
    s2 = G.new_state(seed=1, decks=[pack(["5S 9S 8S 4S 7S JS", "AH 2H KH 4H 5H 6H"], "2C 3C QD KD")])
    assert not any(t.startswith("declare 5S") and t.endswith("= 10") for t in legal_texts(s2))


def test_opponent_raises_and_the_obligation_passes():
    """Regular declarations: an opponent may raise if he holds the new value; not above 10."""
    s = G.new_state(seed=1, decks=[pack(["4S 7S AS 2S 3S JS", "3H 9H KH AH 6H 8H"], "3C QD KD QC")])
    s.play("declare 4S: 3C = 7")
    assert not can(s, "declare 3H: 3C 4S = 10")       # seat 1 holds no 10
    assert can(s, "declare AH: 3C 4S = 8")            # holds 8H
    s.play("declare AH: 3C 4S = 8")
    assert s.decls == [(cards("3C 4S AH"), 8, 1)]
    # seat 0 is released: it may lay again
    assert any(t.startswith("lay") for t in legal_texts(s))
    # nobody raises his own declaration
    s.play("lay AS")
    assert not any(t.startswith("declare") and "4S" in t and "= 9" in t for t in legal_texts(s))


def test_group_declaration_of_pairs():
    """Group declarations: 2+6 and 4+4 make a group of 8s."""
    s = G.new_state(seed=1, decks=[pack(["4S 8S AS 5S 3S JS", "AH 2H KH 9H 6H TH"], "2C 6D 4C QD")])
    assert can(s, "declare 4S: 2C 6D 4C = 8")
    s.play("declare 4S: 2C 6D 4C = 8")
    assert s.decls == [(cards("2C 6D 4C 4S"), 8, 0)]
    assert G._is_group(s.decls[0])


def test_raise_then_group_takes_in_the_declaration():
    """Group declarations: Alpha makes 7 (3 on 4); Bravo raises to 9 with a 2 and
    groups it with a loose 9."""
    s = G.new_state(seed=1, decks=[pack(["3S 7S AS 5S 8S JS", "2H 9H KH 6H 4H TH"], "4C 9D QD QC")])
    s.play("declare 3S: 4C = 7")
    assert can(s, "declare 2H: 3S 4C 9D = 9")
    s.play("declare 2H: 3S 4C 9D = 9")
    assert s.decls == [(cards("3S 4C 9D 2H"), 9, 1)]
    s.play("lay AS")
    s.play("take 9H: 3S 4C 9D 2H")
    assert s.won[1] == cards("3S 4C 9D 2H 9H")


def test_own_declaration_may_be_taken_into_a_group_but_not_raised():
    s = G.new_state(seed=1, decks=[pack(["5S TS 6S 4S 7S JS", "AH 2H KH 4H 5H 6H"], "2C 3C QD KD")])
    s.play("declare 5S: 2C 3C = 10")
    s.play("lay 4H")
    texts = legal_texts(s)
    assert can(s, "declare 6S: 2C 3C 4H 5S = 10")             # group: (5+2+3) and (6+4)
    assert not any(t.startswith("declare") and "= 10" not in t for t in texts)


def test_partnership_may_not_raise_partner_but_may_group_it():
    """Regular declarations: not one's partner's; Group declarations: a partner's
    declaration may be taken into a group."""
    hands = ["4S 7S 8S 2S 3S JS", "AH 2H KH QH 5H 6H", "3D TD 7D 8D 7C JD", "AC 2C KC 4C 5C 6C"]
    s = G.new_state(seed=1, players=4, decks=[pack(hands, "3C 7H QS KD")])
    s.play("declare 4S: 3C = 7")                  # seat 0
    s.play("lay 2H")                              # seat 1
    assert not can(s, "declare 3D: 3C 4S = 10")   # seat 2 may not raise his partner
    assert can(s, "declare 7D: 3C 4S 7H = 7")     # but a group of 7s takes it in
    s.play("declare 7D: 3C 4S 7H = 7")
    assert s.decls == [(cards("3C 4S 7H 7D"), 7, 2)]
    assert any(G.action_text(a).startswith("lay") for a in s.legal_actions(3))


def test_xeri_only_from_the_second_play_and_not_for_the_last_cards():
    """Capturing xeri: every table card taken by one card, from the second turn on."""
    s = G.new_state(seed=1, decks=[pack(["TS AS 2S 3S 4S 5S", "KH 2H 3H 4H 5H 6H"], "6C 4C 3D 7D")])
    s.play("take TS: 6C 4C 3D 7D")               # the very first play: no xeri
    assert s.xeris == [0, 0] and s.loose == 0
    s.play("lay KH")
    s3 = G.new_state(seed=1, decks=[pack(["AS TS 2S 3S 4S 5S", "QH 2H 3H 4H 5H 6H"], "QC 4C 6D 9D")])
    s3.play("lay AS")                             # table QC 4C 6D 9D AS
    s3.play("take QH: QC")
    s3.play("take TS: 4C 6D 9D AS")               # sweeps the table on the third play
    assert s3.xeris == [1, 0]


def test_scoring_lines_row_by_row():
    won0 = cards("AS AH TD 2C 3S 4S 5S")
    won1 = cards("AD KH")
    a, b = score_hand([won0, won1], [2, 0])
    assert a == {"xeri": 20, "most cards": 4, "ten of diamonds": 2, "aces": 2,
                 "two of clubs": 1, "total": 29}
    assert b == {"xeri": 0, "most cards": 0, "ten of diamonds": 0, "aces": 1,
                 "two of clubs": 0, "total": 1}
    half = DECK.all_mask >> 26
    tie = score_hand([half, DECK.all_mask & ~half], [0, 0])
    assert tie[0]["most cards"] == tie[1]["most cards"] == 0     # 26-26: nobody


def test_match_to_61_and_last_capturer_takes_the_rest():
    s = G.new_state(seed=4)
    while s.outcome is None:
        s.apply(s.legal_actions()[0])
    assert max(s.scores) >= 61 and s.scores[0] != s.scores[1]
    hands = [e.public for e in s.events if e.kind == "hand_scored"]
    for h in hands:
        assert (int(h["won"][0]) | int(h["won"][1])) == DECK.all_mask


@pytest.mark.parametrize("text", ["lay", "take 8H", "declare 5H: 2S 3D", "declare 5H: 2S = 11",
                                  "lay 7H 8H", "jump 7H"])
def test_malformed_actions_are_clear_errors(text):
    s = G.new_state(seed=1)
    with pytest.raises(ParseError):
        G.parse_action(s, text)


def test_redealt_table_cards_are_known_to_be_in_the_stock():
    s = G.new_state(seed=1, decks=[pack(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], "7C 7D 7H TC")])
    known = int(s.view(None)["shown_in_stock"])
    for c in DECK.parse_many("7C 7D 7H TC"):
        assert (known >> c) & 1 or (s.loose >> c) & 1
