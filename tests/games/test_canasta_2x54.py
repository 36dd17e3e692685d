"""Canasta of the 2 x 54 rule sheet (seed 002, line 9): scripted deals citing its sections.

The stacked pack is the pack after the cut (decision in the module): hands
are dealt one card at a time from the top starting at the dealer's left
(seat 0 with four players, dealer 3), the dealer draws first, and the
pack's three bottom cards are the ones the cutter (seat 2) sees.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.cards.melds import opening_requirement
from pelit.core.errors import IllegalAction
from pelit.games.canasta_2x54 import DECK, LIMITS, T, WILDS, canasta_kind, \
    red_three_points, score_side
from pelit.sim.runner import play_match

G = pelit.load("canasta-2x54")


def pack(hands=("",) * 4, stock="", bottom="6C 8C 9C", size=13):
    used = 0
    spec = []
    for text in list(hands) + [stock, bottom]:
        cards = DECK.parse_many(text, DECK.all_mask & ~used) if text.strip() else []
        used |= mask_of(cards)
        spec.append(cards)
    n = len(hands)
    full = []
    for p in range(n):
        cards = list(spec[p])
        for rnd in range(2):
            ranks = {DECK.rank_of[c] for c in cards}
            for r in range(14, 3, -1):
                if len(cards) >= size:
                    break
                if (rnd == 0 and r in ranks) or r in {DECK.rank_of[c] for c in spec[p]}:
                    continue
                pool = ids(T.rank[r] & DECK.suit_mask[(p + r + rnd) % 4] & ~used) or \
                    ids(T.rank[r] & ~used)
                if pool:
                    cards.append(pool[0])
                    used |= 1 << pool[0]
        assert len(cards) == size
        full.append(cards)
    order = [full[p][k] for k in range(size) for p in range(n)] + spec[n]
    rest = [c for c in range(DECK.size) if not (used >> c) & 1]
    rest.sort(key=lambda c: ((T.red3 >> c) & 1, (T.wild >> c) & 1, (T.black3 >> c) & 1, c))
    return DECK.texts(order + rest + spec[n + 1])


def new(hands=("",) * 4, stock="", bottom="6C 8C 9C", size=13, **opts):
    opts.setdefault("players", len(hands))
    return G.new_state(seed=1, decks=[pack(hands, stock, bottom, size)], **opts)


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def filler(s, p, avoid=()):
    for c in ids(s.hands[p] & T.natural):
        if DECK.rank_of[c] not in avoid:
            return DECK.text(c)
    raise AssertionError


def play_rounds(s, rounds, avoid=()):
    """Every player draws and discards a natural card (not of ``avoid``)."""
    for _ in range(rounds * s.options.players):
        p = s.to_act[0]
        s.play("draw")
        if s.phase.name == "FIRST":
            s.play("keep")
        s.play("discard " + filler(s, p, avoid))


# -- Game preparation, Beginning of the game --------------------------------------------

def test_thirteen_cards_and_the_dealer_starts():
    s = new()
    v = s.view(0)
    assert v["hand_sizes"] == [13] * 4 and s.to_act == (3,) and v["pile"] == []
    assert DECK.texts(v["stock_bottom"]) == "9C 8C 6C"      # shown at the cut


def test_cutter_may_keep_wild_cards_and_red_threes_of_the_bottom_three():
    s = new(bottom="JK 9C 3H")
    assert s.phase.name == "CUT" and s.to_act == (2,) and legal(s) == {"keep", "pass"}
    s.play("keep")
    assert {"JK", "3H"} <= set(DECK.texts(s.hands[2]).split())
    assert [popcount(h) for h in s.hands] == [13, 13, 13, 13]   # fewer cards dealt to seat 2
    assert DECK.texts(s.view(0)["stock_bottom"]) == "9C"
    s2 = new(bottom="JK 9C 3H")
    s2.play("pass")
    assert len(s2.view(0)["stock_bottom"]) == 3


def popcount(m):
    return m.bit_count()


def test_fifteen_cards_with_two_players():
    s = new(hands=("", ""), size=15)
    assert s.view(0)["hand_sizes"] == [15, 15] and s.to_act == (1,)


def test_dealer_may_refuse_the_first_card():
    s = new(stock="KC 9D")
    s.play("draw")
    assert s.phase.name == "FIRST" and legal(s) == {"keep", "refuse"}
    assert DECK.texts(s.view(3)["cut_cards"]) == "KC" and s.view(0)["cut_cards"] == []
    s.play("refuse")
    assert DECK.texts(s.pile) == "KC" and "9D" in DECK.texts(s.hands[3]).split()
    assert s.phase.name == "MELD"


# -- Taking the pile, Start-up, Blocking ----------------------------------------------------

def test_no_pile_taking_in_the_first_three_rounds_then_a_natural_pair_takes_it():
    s = new(hands=("QS QH", "", "", "QD"), stock=" ".join(["4D"] * 0))
    play_rounds(s, 2, avoid=(12,))
    assert "first three rounds" in G._blocked(s, s.to_act[0])
    for _ in range(3):                       # third round up to seat 2
        p = s.to_act[0]
        s.play("draw")
        s.play("discard " + filler(s, p, (12,)))
    s.play("draw")                           # seat 2
    s.play("discard " + filler(s, 2, (12,)))
    assert s.to_act == (3,)
    s.play("draw")
    s.play("discard QD")                     # the fourth round: the start-up is over
    assert s.turn_no == 13 and not G._blocked(s, 0) and "take pile with q q" in legal(s)


def test_black_three_blocks_the_next_player_and_a_wild_card_a_whole_round():
    s = new(hands=("QS QH", "", "", "3S QD 2C"))
    play_rounds(s, 3, avoid=(12,))
    assert s.to_act == (3,)
    s.play("draw")
    s.play("discard 3S")
    assert "a black three" in G.why_illegal(s, 0, G.A_TAKE)
    s.play("draw")
    s.play("discard " + filler(s, 0, (12,)))
    for p in (1, 2):
        s.play("draw")
        s.play("discard " + filler(s, p, (12,)))
    s.play("draw")
    s.play("discard 2C")                     # a deuce: a full round of blocking
    blocked = s.turn_no
    for _ in range(4):
        p = s.to_act[0]
        assert G._blocked(s, p)
        s.play("draw")
        s.play("discard " + filler(s, p, (12,)))
    assert s.turn_no == blocked + 4 and not G._blocked(s, s.to_act[0])


def test_a_wild_card_on_top_cannot_be_taken():
    s = new(hands=("2S 2H", "", "", "2D"))
    play_rounds(s, 3)
    s.play("draw")
    s.play("discard 2D")
    s.wild_block = -1                        # test only: look past the round's block
    s._legal = None
    assert not any(t.startswith("take") for t in legal(s))


# -- Lay out, Lay out limit ---------------------------------------------------------------

@pytest.mark.parametrize("score,need", [(-5, 15), (0, 50), (1495, 50), (1500, 90),
                                        (2495, 90), (2500, 120), (4995, 120), (5000, 150),
                                        (9995, 150)])
def test_lay_out_limits(score, need):
    assert opening_requirement(score, LIMITS) == need


def test_more_natural_cards_than_wild_ones():
    s = new(hands=("", "", "", "AS AH AD 2S 2H JK"))
    s.play("draw")
    s.play("keep")
    s.play("meld a a 2")
    assert "add 2 to as" not in legal(s) and "add jk to as" not in legal(s)
    s.play("add a to as")
    assert "add jk to as" in legal(s) or "add 2 to as" in legal(s)
    s.play("add 2 to as")                    # three aces, two wild: still more natural
    assert "add jk to as" not in legal(s)


def test_limit_counts_a_canasta_bonus_but_not_red_threes():
    s = new(hands=("", "", "", "4S 4H 4D 4C 4S 4H 4D"))
    s.play("draw")
    s.play("keep")
    s.play("meld 4 4 4")
    for _ in range(4):
        s.play("add 4 to 4s")                # 35 points of cards + 600 pure canasta
    assert G._tent_value(s, 1) == 35 + 600
    s.play("done")
    assert s.opened == [False, True]


def test_lay_out_below_the_limit_is_taken_back():
    s = new(hands=("", "", "", "4S 4H 4D"))
    s.play("draw")
    s.play("keep")
    s.play("meld 4 4 4")
    s.play("done")                           # 15 < 50: back to the hand
    assert not s.opened[1] and s.melds[1][4] == 0 and popcount(s.hands[3]) == 14


# -- Game Closure, Game rating ----------------------------------------------------------------

def test_closing_needs_a_canasta_and_puts_the_last_card_face_down():
    s = new(hands=("", "", "", "7S 7H 7D 7C 7S 7H 7D AS AH AD KS KH KD"))
    play_rounds(s, 3, avoid=(7, 14, 13))
    s.play("draw")
    for t in ("meld 7 7 7", "add 7 to 7s", "add 7 to 7s", "add 7 to 7s", "add 7 to 7s",
              "meld a a a", "meld k k k"):
        s.play(t)
    assert popcount(s.hands[3]) in (1, 2)
    while popcount(s.hands[3]) > 1:
        s.play(next(t for t in sorted(legal(s)) if t.startswith("meld") or t.startswith("add")))
    card = DECK.text(ids(s.hands[3])[0])
    s.play("discard " + card)
    ev = [e for e in s.events if e.kind == "close"]
    assert ev and "card" not in ev[0].public              # face down
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "seat 3 closed" and sc["lines"][1]["closure"] == 300
    assert sc["lines"][1]["hand closing"] == 100 and sc["lines"][1]["canastas"] == 600


def test_black_threes_and_wild_groups_only_when_closing():
    s = new(hands=("", "", "", "3S 3C 3S 2S 2H JK AS AH AD"))
    s.play("draw")
    s.play("keep")
    assert "meld 3 3 3" not in legal(s) and "meld 2 2 jk" not in legal(s)


@pytest.mark.parametrize("cards,kind", [
    ("JK JK JK JK 2S 2H 2D", "wild joker"), ("JK 2S 2H 2D 2C 2S 2H", "wild deuce"),
    ("KS KH KD KC KS KH KD", "pure"), ("KS KH KD KC KS 2H JK", "dirty"), ("KS KH KD", None)])
def test_canasta_kinds(cards, kind):
    key = WILDS if cards.startswith(("JK", "2")) else 13
    assert canasta_kind(key, mask_of(DECK.parse_many(cards))) == kind


@pytest.mark.parametrize("count,has,pts", [(1, True, 100), (3, True, 300), (4, True, 800),
                                           (5, True, 1000), (6, True, 1200), (2, False, -200)])
def test_red_three_table(count, has, pts):
    assert red_three_points(count, has) == pts


def test_rating_row_by_row():
    melds = [0] * 16
    melds[13] = mask_of(DECK.parse_many("KS KH KD KC KS KH KD"))     # pure: cards not counted
    melds[9] = mask_of(DECK.parse_many("9S 9H 9D"))                   # 30
    red = mask_of(DECK.parse_many("3H 3D"))
    line = score_side(melds, red, mask_of(DECK.parse_many("JK 4S")), True, False)
    assert line == {"canastas": 600, "laid out cards": 30, "red threes": 200, "closure": 300,
                    "hand closing": 0, "cards in hand": -55, "total": 1075}
    melds[13] = 0
    line = score_side(melds, red, 0, False, False)                  # no canasta: minus
    assert line["laid out cards"] == -30 and line["red threes"] == -200


# -- 2 and 3 players, pairs with 6 ----------------------------------------------------------------

def test_sides_pairs_with_four_and_six_alone_with_three():
    assert G.new_state(seed=1, players=6).view(0)["sides"] == [0, 1, 2, 0, 1, 2]
    assert G.new_state(seed=1, players=3).view(0)["sides"] == [0, 1, 2]
    assert G.new_state(seed=1, players=4).view(0)["sides"] == [0, 1, 0, 1]


def test_two_card_draw_variant_draws_two_and_closes_with_two_canastas():
    s = new(hands=("", ""), size=15, draw_two=True)
    assert s.to_act == (1,)
    s.play("draw")
    s.play("keep")
    assert popcount(s.hands[1]) == 17
    one = [0] * 16
    one[13] = mask_of(DECK.parse_many("KS KH KD KC KS KH KD"))
    s.turn_no = 99                           # test only: past the start-up
    assert not G._may_close(s, 1, one)
    one[12] = mask_of(DECK.parse_many("QS QH QD QC QS QH QD"))
    assert G._may_close(s, 1, one)


def test_bad_actions_change_nothing():
    s = new()
    n = len(s.history)
    with pytest.raises(IllegalAction, match="draw or take the pile first"):
        s.play("meld a a a")
    with pytest.raises(IllegalAction):
        s.play("draw", seat=0)
    assert len(s.history) == n


def test_heuristic_bots_lay_out_take_piles_and_close():
    kinds = {}
    for seed in range(3):
        m = play_match(G, ["heuristic"], seed, deals=1)
        for e in m.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
    assert kinds.get("meld", 0) > 5 and kinds.get("take_pile", 0) >= 1 and kinds.get("close", 0) >= 2
