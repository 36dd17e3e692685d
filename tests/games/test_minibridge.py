"""Tuomas's Minibridge by seed 000 ch. 5: scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.minibridge import CONTRACTS, DECK, DUMMY, contract_points
from pelit.sim.runner import play_match

G = pelit.load("minibridge")
SPOTS = [c for c in range(52) if DECK.rank_of[c] <= 10]


def build(*honours: str) -> list[int]:
    """Hands for seats 0, 1, 2 and the dummy: the honours given, then spot
    cards (tens down to twos, spades first) to fill each hand to 13."""
    hands = [mask_of(DECK.parse_many(h)) for h in honours]
    spots = sorted((c for c in SPOTS if not any((h >> c) & 1 for h in hands)),
                   key=lambda c: (DECK.suit_of[c], -DECK.rank_of[c]))
    for p in range(4):
        while hands[p].bit_count() < 13:
            hands[p] |= 1 << spots.pop(0)
    assert sum(h.bit_count() for h in hands) == 52
    return hands


def pack(hands, dealer=0) -> str:
    """The stacked pack for 5.1 as dealt (decision): one card at a time from the
    dealer's left round the players, then one to the dummy."""
    order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer, DUMMY]
    piles = [sorted(DECK.parse_many(DECK.texts(h))) for h in hands]
    out = []
    for i in range(13):
        for p in order:
            out.append(piles[p][i])
    return DECK.texts(out)


def hcps(hands):
    from pelit.cards.contract import hcp, hcp_table
    t = hcp_table(DECK)
    return [hcp(h, t) for h in hands]


# seat 1 has 15, seat 0 12, seat 2 13; the dummy 0 (only spot cards)
ROUND15 = [mask_of(DECK.parse_many(t)) for t in (
    "AC KH KD QS TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AS AH AD KS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "KC QH QD QC JS JH JD JC TD 9D 8D 7D 6D",
    "5D 4D 3D 2D TC 9C 8C 7C 6C 5C 4C 3C 2C")]


def test_setup_four_hands_and_the_dummy_face_down():
    s = G.new_state(seed=1, decks=[pack(ROUND15)])
    assert hcps(ROUND15) == [12, 15, 13, 0]
    for seat in range(3):
        v = s.view(seat)
        assert int(v["hand"]) == ROUND15[seat] and v["hcp"] == hcps(ROUND15)[seat]
    assert "dummy_seen" not in s.view(1) and "dummy_seen" not in s.view(2)
    assert s.view(None)["play"] is None


def test_declarer_rounds_dealer_first_at_17():
    hands = build("AS AH AD AC KS", "KH KD KC QS QH QD QC", "JS JH JD JC", "")
    assert hcps(hands)[:2] == [19, 17]
    s = G.new_state(seed=1, decks=[pack(hands)])
    assert s.declarer == 0 and s.announcements == [(17, 0, True)]   # 5.2: dealer announces first


def test_declarer_round_15_after_nobody_at_17():
    s = G.new_state(seed=1, decks=[pack(ROUND15)])
    assert s.announcements == [(17, 0, False), (17, 1, False), (17, 2, False),
                               (15, 0, False), (15, 1, True)]
    assert s.declarer == 1 and s.phase.name == "CONTRACT" and s.to_act == (1,)


def test_declarer_round_13_and_order_from_the_dealer():
    hands = build("AS AH AD", "KS KH KD QS QH", "AC KC QD QC JS", "JH JD JC")
    assert hcps(hands) == [12, 13, 12, 3]
    s = G.new_state(seed=1, decks=[pack(hands)])
    assert s.declarer == 1 and s.announcements[-1] == (13, 1, True)


def test_fourth_round_is_a_choice_and_all_passing_redeals():
    hands = build("AS AH AD", "KS KH KD QS", "AC KC QD QC", "QH JS JH JD JC")
    assert max(hcps(hands)[:3]) < 13
    s = G.new_state(seed=1, decks=[pack(hands), pack(ROUND15)])
    assert s.phase.name == "DECLARE" and s.to_act == (0,)
    assert [G.action_text(a) for a in s.legal_actions()] == ["declare", "pass"]
    s.play("pass")
    assert s.to_act == (1,)
    s.play("pass")
    s.play("pass")
    # decision: the same dealer deals again; the redeal is not one of the ten deals
    assert s.dealer == 0 and s.deal_no == 0 and s.pack_no == 2 and s.declarer == 1
    s2 = G.new_state(seed=1, decks=[pack(hands)])
    s2.play("pass")
    s2.play("declare")
    assert s2.declarer == 1 and s2.phase.name == "CONTRACT"


def test_right_hand_opponent_sees_the_dummy_and_announces_it_to_all():
    s = G.new_state(seed=1, decks=[pack(ROUND15)])
    rho = (s.declarer + 2) % 3
    assert rho == 0
    assert int(s.view(0)["dummy_seen"]) == ROUND15[DUMMY]
    for seat in (None, 1, 2):
        v = s.view(seat)
        assert "dummy_seen" not in v
        assert v["dummy_announced"] == {"hcp": 0, "lengths": [0, 0, 4, 9]}   # S H D C


def test_the_contract_list():
    s = G.new_state(seed=1, decks=[pack(ROUND15)])
    texts = [G.action_text(a) for a in s.legal_actions()]
    assert texts == ["contract " + t for t in (
        "7nt 7h 7s 7c 7d 9nt 10h 10s 11c 11d 12nt 12h 12s 12c 12d".split())]
    with pytest.raises(ParseError):
        s.play("contract 8s")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("contract 7s", seat=2)


def test_play_order_dummy_exposed_after_lead_and_played_by_declarer():
    s = G.new_state(seed=1, decks=[pack(ROUND15)])
    s.play("contract 7s")
    assert s.to_act == (2,)                      # 5.4: the declarer's left-hand opponent leads
    for seat in (None, 1, 2):
        assert s.view(seat)["play"]["dummy"] is None
    s.play("KC")
    for seat in (None, 0, 1, 2):
        assert int(s.view(seat)["play"]["dummy"]) == ROUND15[DUMMY]
    assert s.to_act == (1,) and s.dp.turn == DUMMY   # the dummy's turn, the declarer decides
    with pytest.raises(IllegalAction, match="must follow suit \\(clubs\\)"):
        s.play("5D")
    s.play("2C")
    assert s.to_act == (0,)                      # then the right-hand opponent
    s.play("AC")
    assert s.to_act == (1,) and s.dp.turn == 1
    s.play("2S")                                 # declarer void in clubs ruffs
    assert s.dp.won[1] == 1 and s.to_act == (1,) and s.dp.turn == 1


def test_terminal_lines_show_the_rounds_the_announcement_and_the_dummy_after_the_lead():
    """5.2-5.4 on the screen: the declarer rounds, the announced dummy and,
    after the opening lead, the dummy played by the declarer."""
    s = G.new_state(seed=1, decks=[pack(ROUND15)])
    s.play("contract 7s")
    text = G.render_board(s.view(2))
    assert "Declarer, 17+ hcp:" in text and "Dummy announced" in text
    assert "face down until the opening lead" in text and "To play  You" in text
    s.play("KC")
    text = G.render_board(s.view(1))
    assert "To play  dummy, played by you" in text and "Trick  Seat 2 K♣" in text
    assert "face down" not in text


@pytest.mark.parametrize("promised,begin,end", [(7, 10, 10), (9, 40, 60), (10, 40, 60),
                                                (11, 40, 60), (12, 100, 150)])
def test_scoring_table_row_by_row(promised, begin, end):
    assert contract_points(promised, promised, False) == begin
    assert contract_points(promised, promised, True) == end


def test_scoring_overtricks_and_undertricks():
    assert contract_points(7, 10, False) == 10 + 9
    assert contract_points(10, 12, True) == 60 + 6
    assert contract_points(9, 7, False) == -10           # the seed's example: (9 - 7) x 5
    assert contract_points(9, 7, True) == -20
    assert contract_points(12, 5, True) == -70


def test_a_deal_scores_only_the_declarer_and_the_table_changes_after_deal_5():
    s = G.new_state(seed=4)
    while s.outcome is None:
        s.apply(s.legal_actions()[0])
    assert len(s.results) == 10
    assert [r["column"] for r in s.results] == ["beginning"] * 5 + ["end"] * 5
    total = [0, 0, 0]
    for r in s.results:
        total[r["declarer"]] += r["points"]
        promised = next(c[0] for c in CONTRACTS if c[2] == r["contract"])
        assert r["points"] == contract_points(promised, r["tricks"], r["column"] == "end")
    assert list(s.outcome.scores) == total
    best = max(total)
    assert s.outcome.winners == tuple(p for p in range(3) if total[p] == best)


def test_whole_match_with_bots():
    s = play_match(G, ["heuristic"], seed=2)
    assert s.outcome is not None and len(s.results) == 10
    assert s.view(0)["deal_no"] == 10           # the last deal, not an eleventh


def test_won_tricks_lie_face_down():
    # chapter 2: the winner puts the trick face down; a view keeps counts and voids
    s = G.new_state(seed=1, decks=[pack(ROUND15)])
    s.play("contract 7s")
    for c in ("KC", "2C", "AC", "2S"):
        s.play(c)
    pv = s.view(2)["play"]
    assert pv["trick"] == [] and "played" not in pv
    assert pv["tricks_won"] == [0, 1, 0, 0] and pv["voids"][1] == 1 << 3   # seat 1 showed no clubs
    # the last trick may be looked at until the next card is played
    assert [DECK.text(c) for _, c in pv["last_trick"]["cards"]] == ["KC", "2C", "AC", "2S"]
    s.play(DECK.text(min(s.legal_actions())))
    assert s.view(2)["play"]["last_trick"] is None
