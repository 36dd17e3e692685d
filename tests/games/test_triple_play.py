"""Triple Play by seed 001 "Triple Play": scripted deals citing its sections.

Deal order (decision in the module): fifteen rounds of hands from seat 0
(dealer 3), thirteen of knees, eleven of feet, then the upcard, then the
stock top first.  ``pack`` fills each zone with single natural cards of
distinct ranks and then black threes.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.core.errors import IllegalAction
from pelit.games.triple_play import DECK, OPENING_BY_DEAL, T, WILDKEY, book_complete, \
    score_deal
from pelit.sim.runner import play_match

G = pelit.load("triple-play")
SIZES = (15, 13, 11)


def pack(hands=("",) * 4, knees=("",) * 4, feet=("",) * 4, pile="4C", stock=""):
    used = 0
    spec = []
    for text in list(hands) + list(knees) + list(feet) + [pile, stock]:
        cards = DECK.parse_many(text, DECK.all_mask & ~used) if text.strip() else []
        used |= mask_of(cards)
        spec.append(cards)
    zones = []
    for z in range(12):
        size = SIZES[z // 4]
        cards = list(spec[z])
        ranks = {DECK.rank_of[c] for c in cards}
        for r in range(14, 3, -1):
            if len(cards) >= size:
                break
            if r not in ranks:
                pool = ids(T.rank[r] & DECK.suit_mask[(z + r) % 4] & ~used) or ids(T.rank[r] & ~used)
                cards.append(pool[0])
                used |= 1 << pool[0]
        while len(cards) < size:
            pool = ids(T.black3 & ~used) or ids(T.natural & ~used)
            cards.append(pool[0])
            used |= 1 << pool[0]
        zones.append(cards)
    order = []
    for z0, size in ((0, 15), (4, 13), (8, 11)):
        order += [zones[z0 + p][k] for k in range(size) for p in range(4)]
    order += spec[12] + spec[13]
    rest = [c for c in range(DECK.size) if not (used >> c) & 1]
    rest.sort(key=lambda c: ((T.red3 >> c) & 1, (T.wild >> c) & 1, (T.rank[3] >> c) & 1, c))
    return DECK.texts(order + rest)


def new(hands=("",) * 4, knees=("",) * 4, feet=("",) * 4, pile="4C", stock="", **o):
    return G.new_state(seed=1, decks=[pack(hands, knees, feet, pile, stock)], **o)


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def filler(s, p, avoid=()):
    for c in ids(s.hands[p] & T.natural):
        if DECK.rank_of[c] not in avoid:
            return DECK.text(c)
    raise AssertionError


def test_setup_hand_knee_foot_and_the_stock():
    s = new()
    v = s.view(0)
    assert DECK.size == 324 and v["hand_sizes"] == [15] * 4
    assert v["knee_sizes"] == [13] * 4 and v["foot_sizes"] == [11] * 4
    assert v["stock"] == 324 - 156 - 1 and "knee" not in v
    assert G.unknown_cards(s, 0) & s.knees[0] == s.knees[0]      # not even its owner


@pytest.mark.parametrize("upcard", ["5S", "7H", "2C", "JK", "3D"])
def test_upcard_jokers_twos_red_threes_fives_sevens_are_buried(upcard):
    s = new(pile=f"{upcard} 9C")
    assert DECK.texts(s.pile) == "9C" and s.view(0)["stock"] == 324 - 156 - 1
    assert DECK.parse(upcard, mask_of(s.stock)) in s.stock
    (card, depth), = s.view(1)["buried"]     # everyone saw it go to the middle
    assert DECK.text(card) == upcard and s.stock[len(s.stock) - 1 - depth] == card
    assert not G.unknown_cards(s, 1) >> card & 1


def test_drawing_takes_two():
    s = new(stock="9C 9D")
    s.play("draw")
    assert s.hands[0].bit_count() == 17


def test_taking_the_pile_needs_two_hand_cards_and_ends_with_a_knock():
    s = new(hands=("AS AH AD 8D", "8S 8H 2S KS KH KD", "", ""), stock="4H 4D 5H 5D")
    s.play("draw")
    s.play("meld a a a")                     # 60 >= 50: team 0 opens
    s.play("discard 8D")
    assert s.to_act == (1,)
    assert {"take pile with 8 8", "take pile with 8 2"} <= legal(s)
    s.play("take pile with 8 8")             # team 1 opens with the pile
    assert s.phase.name == "OPENING"
    s.play("meld k k k")                     # 30 + 30 >= 50
    s.play("done")
    assert s.opened[1] and not any(t.startswith("discard") for t in legal(s))
    assert "knock" in legal(s)
    s.play("knock")
    assert s.to_act == (2,) and s.phase.name == "DRAW"


def test_wild_top_needs_two_of_the_same_wild_and_black_three_blocks():
    s = new(hands=("AS AH AD KS KH KD 2H", "2S 2D JK", "", ""), stock="4H 4D 5H 5D")
    s.play("draw")
    s.play("meld a a a")
    s.play("discard 2H")
    takes = {t for t in legal(s) if t.startswith("take")}
    assert takes == {"take pile with 2 2"}   # not a joker for a two
    s2 = new(hands=("AS AH AD 3S", "3C 3C", "", ""), stock="4H 4D 5H 5D")
    s2.play("draw")
    s2.play("meld a a a")
    s2.play("discard 3S")
    assert not any(t.startswith("take") for t in legal(s2))


def test_wild_card_limits_by_length_and_no_wild_fives_or_sevens():
    s = new(hands=("8S 8H 8D 8C 2S 2H 2D 5S 5H 5D 7S 7H 7D JK", "", "", ""))
    s.play("draw")
    assert "meld 5 5 2" not in legal(s) and "meld 7 7 jk" not in legal(s)
    s.play("meld 8 8 2")
    assert "add 2 to meld 1" not in legal(s)      # two wild cards in four: too many
    s.play(next(t for t in sorted(legal(s)) if t.startswith("add 8")))
    assert "add 2 to meld 1" not in legal(s)      # two wild cards in five: too many
    s.play(next(t for t in sorted(legal(s)) if t.startswith("add 8")))
    assert "add 2 to meld 1" in legal(s)          # two wild cards in six: allowed


def test_second_wild_card_allowed_at_six_cards():
    s = new(hands=("8S 8H 8D 8C 8S 2S 2H", "", "", ""))
    s.play("draw")
    s.play("meld 8 8 2")
    for _ in range(3):
        s.play(next(t for t in sorted(legal(s)) if t.startswith("add 8")))
    assert s.mmask[0][0].bit_count() == 6
    assert "add 2 to meld 1" in legal(s)     # seven cards, two wild: allowed


def test_all_wild_melds_and_one_unfinished_meld_of_a_rank():
    s = new(hands=("2S 2H JK 9S 9H 9D 9C 9S 9H", "", "", ""))
    s.play("draw")
    assert "meld 2 2 jk" in legal(s)
    s.play("meld 9 9 9")
    assert "meld 9 9 9" not in legal(s)      # the nines meld is not finished
    s.play("meld 2 2 jk")
    assert s.mkey[0] == [9, WILDKEY] and "add 9s to meld 2" not in legal(s)


def test_first_canasta_picks_up_the_knee_and_the_partner_must_remember():
    s = new(hands=("KS KH KD KC KS KH KD AS AH AD", "", "", ""), stock="4H 4D 5H 5D 6H 6D")
    s.play("draw")
    s.play("meld a a a")
    s.play("meld k k k")
    for _ in range(4):                       # the first canasta
        s.play(next(t for t in sorted(legal(s)) if t.startswith("add k")))
    assert s.stage[0] == 0                   # the opening is still tentative
    s.play("done")                           # it stands: the knee at once
    assert s.stage[0] == 1 and s.knees[0] == 0 and s.first_canasta[0]
    s.play("discard " + filler(s, 0, avoid=(13, 14)))
    s.play("draw")
    s.play("discard " + filler(s, 1))
    assert s.to_act == (2,) and "pick up knee" in legal(s)   # never done for them
    s.play("draw")
    s.play("discard " + filler(s, 2))
    assert s.stage[2] == 0 and s.knees[2]    # forgotten: the knee is still there


def test_foot_after_the_last_card_is_discarded_comes_next_turn():
    s = new(hands=("AS AH AD KS KH KD QS QH QD JS JH JD 9S 9H 9D", "", "", ""),
            stock="9C 5C 4H 4D 5H 5D 6H 6D")
    s.stage[0], s.knees[0] = 1, 0            # test only: seat 0 has its knee already
    s.play("draw")
    for t in ("meld a a a", "meld k k k", "meld q q q", "meld j j j", "meld 9 9 9"):
        s.play(t)
    s.play(next(t for t in sorted(legal(s)) if t.startswith("add 9")))
    s.play("discard 5C")                     # the last card
    assert s.foot_due[0] and s.hands[0] == 0 and s.feet[0] and s.stage[0] == 1
    for p in (1, 2, 3):
        s.play("draw")
        s.play("discard " + filler(s, p))
    assert s.stage[0] == 2 and s.hands[0].bit_count() == 11       # at the turn's start


def test_foot_is_picked_up_at_once_when_melding_empties_the_hand():
    s = new(hands=("AS AH AD KS KH KD QS QH QD JS JH JD 9S 9H 9D", "", "", ""),
            stock="9C 9D")
    s.stage[0], s.knees[0] = 1, 0
    s.play("draw")
    for t in ("meld a a a", "meld k k k", "meld q q q", "meld j j j", "meld 9 9 9"):
        s.play(t)
    s.play(next(t for t in sorted(legal(s)) if t.startswith("add 9")))
    s.play(next(t for t in sorted(legal(s)) if t.startswith("add 9")))
    assert s.stage[0] == 2 and s.hands[0].bit_count() == 11 and s.to_act == (0,)


def test_going_out_needs_the_basic_book_and_the_partners_yes():
    s = new(hands=("9S 9H", "", "", ""), stock="9D 4C")
    free = DECK.all_mask & ~(s.hands[0] | mask_of(s.stock[-2:]))

    def take(text):
        nonlocal free
        m = mask_of(DECK.parse_many(text, free))
        free &= ~m
        return m

    s.mkey[0] = [5, 7, WILDKEY, 13, 12]
    s.mmask[0] = [take("5S 5H 5D 5C 5S 5H 5D"), take("7S 7H 7D 7C 7S 7H 7D"),
                  take("2S 2H 2D 2C JK JK 2S"), take("KS KH KD KC KS KH KD"),
                  take("QS QH QD QC QS 2H JK")]
    assert book_complete(s.mkey[0], s.mmask[0])
    s.opened[0] = True
    s.stage[0] = 2
    s.hands[0] = mask_of(DECK.parse_many("9S 9H", s.hands[0]))
    s.play("draw")                           # 9S 9H 9D 4C
    assert "meld 9 9 9" not in legal(s)      # it would leave one card: no permission yet
    s.play("ask go out")
    s.play("yes")
    s.play("meld 9 9 9")
    s.play("discard 4C")
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "seat 0 went out" and sc["lines"][0]["going out"] == 200


def test_score_deal_row_by_row():
    m5 = mask_of(DECK.parse_many("5S 5H 5D 5C 5S 5H 5D"))         # 35, 3000
    m7 = mask_of(DECK.parse_many("7S 7H 7D 7C 7S 7H 7D"))         # 35, 5000
    mw = mask_of(DECK.parse_many("2S 2H 2D 2C JK JK 2S"))         # 200, 2500
    mn = mask_of(DECK.parse_many("KS KH KD KC KS KH KD"))         # 70, 500
    mm = mask_of(DECK.parse_many("QS QH QD QC QS 2H JK"))         # 120, 300
    red = mask_of(DECK.parse_many("3H 3H 3D 3D 3H 3H 3D"))        # seven: 700 + 300
    left1 = mask_of(DECK.parse_many("3H 3S 9C"))                  # -500 -100 -10
    a, b = score_deal([[5, 7, WILDKEY, 13, 12], []], [[m5, m7, mw, mn, mm], []],
                      [red, 0], [0, left1], 0)
    assert a == {"melded cards": 460, "sevens canastas": 5000, "fives canastas": 3000,
                 "wild canastas": 2500, "natural canastas": 500, "mixed canastas": 300,
                 "red threes": 1000, "going out": 200, "cards left": 0, "total": 12960}
    assert b["cards left"] == -610 and b["total"] == -610


def test_stock_exhausted_ends_the_deal_and_four_deals_with_rising_openings():
    assert OPENING_BY_DEAL == (50, 90, 120, 150)
    s = new()
    s.stock = []
    s.play("draw")
    ev = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert ev["reason"] == "the stock ran out" and s.view(0)["requirement"] == [90, 90]


def test_bad_actions_change_nothing():
    s = new()
    n = len(s.history)
    with pytest.raises(IllegalAction, match="draw or take the pile first"):
        s.play("meld a a a")
    with pytest.raises(IllegalAction, match="no canasta yet"):
        s.play("pick up knee")
    s.play("draw")
    with pytest.raises(IllegalAction, match="knock only"):
        s.play("knock")
    assert len(s.history) == n + 1


def test_heuristic_bots_meld_take_piles_pick_up_knees_and_go_out():
    kinds = {}
    for seed in range(2):
        m = play_match(G, ["heuristic"], seed, deals=1)
        for e in m.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
    assert kinds.get("take_pile", 0) > 2 and kinds.get("knee", 0) >= 2
    assert kinds.get("went_out", 0) >= 1


def test_red_threes_after_the_knee_are_not_replaced_and_a_stuck_foot_player_knocks():
    # decisions: red threes laid without replacement after the knee; a foot
    # player left with one card that may not go out ends the turn with a knock
    s = new(hands=("AH", "", "", ""), stock="3H 3D")
    s.stage[0], s.knees[0], s.feet[0] = 2, 0, 0     # test only: in the foot already
    s.hands[0] = mask_of(DECK.parse_many("AH", s.hands[0]))
    s.play("draw")                           # two red threes: laid, nothing drawn instead
    assert s.red3[0].bit_count() == 2 and DECK.texts(s.hands[0]) == "AH"
    assert "discard AH" not in legal(s) and "knock" in legal(s)
    s.play("knock")
    assert s.to_act == (1,)
