"""Triple Play by seed 001 ("Triple Play", line 1): scripted deals citing the
section each rule comes from (Setup, Card ranks and scoring, Play of the hand,
Drawing, Melding, Discarding, Picking up the knee and foot, Ending the deal).

Deal order (Setup and the module's decisions): hands of 15 one card at a time
from seat 0 (left of dealer 3), then knees of 13, then feet of 11, then the
upcard; the stock is the rest, top first.  ``pack`` builds such a stacked pack
from the cards a test names and fills the rest with harmless cards.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.triple_play import (DECK, FOOT, KNEE, T, book_complete, canasta_class,
                                     fits, score_deal, unplayed_value)
from pelit.sim.runner import play_match

G = pelit.load("triple-play")
FILL_RANKS = (4, 6, 8, 9, 10, 11, 12, 13, 14)


def pack(hands=("", "", "", ""), knees=("", "", "", ""), feet=("", "", "", ""),
         pile="4C", stock=""):
    """A stacked 6x54 pack.  Hands get single fillers of ranks they do not
    hold, then black threes, so no filler makes a meld; knees and feet get
    plain cards; ``pile`` is the upcard (cards before it are buried);
    ``stock`` comes next in drawing order."""
    used = 0
    spec = []
    for text in list(hands) + list(knees) + list(feet) + [pile, stock]:
        cards = DECK.parse_many(text, DECK.all_mask & ~used) if text.strip() else []
        used |= mask_of(cards)
        spec.append(cards)

    def take(pool):
        nonlocal used
        c = min(ids(pool & ~used), key=lambda c: (DECK.suit_of[c] != 0, c))
        used |= 1 << c
        return c

    zones = []
    for p in range(4):
        cards = list(spec[p])
        have = {DECK.rank_of[c] for c in cards}
        for r in FILL_RANKS:
            if len(cards) < 15 and r not in have:
                cards.append(take(T.rank[r]))
        for _ in range(2):
            if len(cards) < 15 and T.black3 & ~used:
                cards.append(take(T.black3))
        for r in FILL_RANKS[::-1]:
            if len(cards) < 15 and r != 4 and r not in have:
                cards.append(take(T.rank[r]))
        zones.append(cards)
    plain = T.natural & ~T.rank[5] & ~T.rank[7]
    turn = 0
    for k, size in ((4, 13), (8, 11)):
        for p in range(4):
            cards = list(spec[k + p])
            while len(cards) < size:
                pool = plain & T.rank[FILL_RANKS[turn % 9]] & ~used
                turn += 1
                if pool:
                    cards.append(take(pool))
            zones.append(cards)
    order = []
    for z in range(3):
        size = (15, 13, 11)[z]
        for i in range(size):
            for p in range(4):
                order.append(zones[4 * z + p][i])
    order += spec[12] + spec[13]
    rest = [c for c in range(DECK.size) if not (used >> c) & 1]
    rest.sort(key=lambda c: ((T.red3 >> c) & 1, (T.wild >> c) & 1, c))
    return DECK.texts(order + rest)


def new(**kw):
    opts = kw.pop("opts", {})
    return G.new_state(seed=1, decks=[pack(**kw)], **opts)


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def n(mask):
    return mask.bit_count()


def discard_filler(s):
    """Discard a filler: a black three, else the lowest natural card."""
    p = s.to_act[0]
    black = s.hands[p] & T.black3
    c = min(ids(black)) if black else min(ids(s.hands[p] & T.natural))
    s.play("discard " + DECK.text(c))


def pass_turn(s):
    s.play("draw")
    discard_filler(s)


# -- Setup -----------------------------------------------------------------------

def test_deal_gives_hand_knee_and_foot_and_left_of_dealer_starts():
    s = new()
    v = s.view(0)
    assert v["hand_sizes"] == [15] * 4 and v["knee_sizes"] == [13] * 4
    assert v["foot_sizes"] == [11] * 4 and v["stage"] == ["hand"] * 4
    assert v["stock"] == 324 - 4 * 39 - 1 and DECK.texts(v["pile"]) == "4C"
    assert s.to_act == (0,) and v["dealer"] == 3 and v["requirement"] == 50


def test_knee_and_foot_stay_hidden_from_their_owner():
    s = new(knees=("AS", "", "", ""))
    assert "knee" not in s.view(0) and G.unknown_cards(s, 0) & s.knees[0] == s.knees[0]


@pytest.mark.parametrize("card", ["JK", "2S", "3H", "5S", "7D"])
def test_upcard_joker_two_red_three_five_or_seven_is_buried(card):
    s = new(pile=f"{card} 9C")
    v = s.view(1)
    assert DECK.texts(v["pile"]) == "9C"
    buried = DECK.parse(card, int(v["stock_known"]))
    assert buried in s.stock and s.stock.index(buried) == len(s.stock) // 2


# -- Play of the hand: red threes --------------------------------------------------

def test_dealt_red_three_is_laid_and_replaced_before_play():
    s = new(hands=("3H", "", "", ""), stock="QC")
    assert DECK.texts(s.red3[0]) == "3H" and n(s.hands[0]) == 15
    assert "QC" in DECK.texts(s.hands[0]).split()


def test_red_three_drawn_before_the_knee_is_replaced():
    s = new(stock="3D KC QC")
    s.play("draw")                            # 3D and KC; 3D is replaced by QC
    assert DECK.texts(s.red3[0]) == "3D" and n(s.hands[0]) == 17


# -- Drawing ---------------------------------------------------------------------

def test_draw_takes_two_cards():
    s = new(stock="KC QC")
    s.play("draw")
    assert n(s.hands[0]) == 17 and s.phase.name == "MELD"


def test_take_pile_needs_two_hand_cards_that_meld_with_the_top():
    s = new(hands=("KS KH QS 2S JK AS AH AD", "", "", ""), pile="KC")
    assert {"take pile with k k", "take pile with k 2", "take pile with k jk"} <= legal(s)
    assert "take pile with q 2" not in legal(s)


def test_black_three_on_top_blocks_the_pile():
    s = new(hands=("3S 3C", "", "", ""), pile="3S")
    assert not any(t.startswith("take") for t in legal(s))


def test_wild_top_card_needs_two_of_its_own_kind():
    s = new(hands=("2S JK JK AS AH AD", "2H 2D", "", ""), pile="9C", stock="KC QC")
    s.play("draw")
    s.play("meld a a a")                      # 60: opened
    s.play("discard 2S")
    v = legal(s)                              # seat 1 holds two 2s (team 1 unopened: 60)
    assert "take pile with 2 2" in v and "take pile with jk jk" not in v


def test_joker_pair_cannot_take_a_two():
    s = new(hands=("2S AS AH AD", "JK JK", "", ""), pile="9C", stock="KC QC")
    s.play("draw")
    s.play("meld a a a")
    s.play("discard 2S")
    assert not any(t.startswith("take") for t in legal(s))


def test_fives_and_sevens_take_only_with_a_natural_pair():
    # a seven cannot be the upcard (it is buried): seat 0 discards one
    s = new(hands=("7C", "7S JK 2S", "", ""), stock="KC QC")
    s.play("draw")
    s.play("discard 7C")
    assert not any(t.startswith("take") for t in legal(s))
    s = new(hands=("7C", "7S 7H", "", ""), stock="KC QC")
    s.play("draw")
    s.play("discard 7C")
    assert "take pile with 7 7" in legal(s)


def test_pile_turn_ends_with_a_knock_and_the_next_player_must_draw():
    s = new(hands=("AS AH", "", "", ""), pile="AC")
    s.play("take pile with a a")              # 60 >= 50: the opening is made
    assert s.opened[0] and s.turn == "pile"
    assert not any(t.startswith("discard") for t in legal(s)) and "knock" in legal(s)
    s.play("knock")
    assert s.to_act == (1,) and s.pile == [] and legal(s) == {"draw"}


# -- Melding ----------------------------------------------------------------------

def test_wild_limit_grows_with_the_meld():
    s = new(hands=("KS KH KD KC KS 2S 2H 2D QS QH", "", "", ""), stock="KH JC")
    s.play("draw")
    s.play("meld k k 2")                      # 3 cards, 1 wild
    assert "add 2 to ks" not in legal(s)      # 4 cards with 2 wilds: too many
    s.play("add k to ks")
    s.play("add k to ks")                     # 5 cards
    assert "add 2 to ks" in legal(s)          # the sixth card may be the second wild
    s.play("add 2 to ks")
    assert "add 2 to ks" not in legal(s)      # never three


def test_fits_table():
    assert fits(0, 9, 2, 1) and not fits(0, 9, 1, 2) and fits(0, 2, 0, 3)
    assert not fits(0, 5, 2, 1) and not fits(0, 7, 2, 1) and fits(0, 7, 3, 0)


def test_fives_and_sevens_take_no_wild_cards():
    s = new(hands=("5S 5H 5D 2S JK AS AH AD", "", "", ""), stock="KC QC")
    s.play("draw")
    s.play("meld a a a")
    assert "meld 5 5 2" not in legal(s) and "meld 5 5 5" in legal(s)
    s.play("meld 5 5 5")
    assert "add 2 to 5s" not in legal(s) and "add jk to 5s" not in legal(s)


def test_all_wild_melds():
    s = new(hands=("2S 2H JK JK", "", "", ""), stock="KC QC")
    s.play("draw")
    assert {"meld 2 2 jk", "meld 2 jk jk"} <= legal(s)
    s.play("meld 2 jk jk")                    # 120 >= 50
    assert s.opened[0] and "add 2 to wilds" in legal(s)


def test_one_unfinished_meld_per_rank_and_a_canasta_closes_at_seven():
    s = new(hands=("AS AH AD AC AS AH AD AC AS AH", "", "", ""), stock="KC QC")
    s.play("draw")
    s.play("meld a a a")
    assert not any(t.startswith("meld a") for t in legal(s))
    for _ in range(4):
        s.play("add a to as")
    assert s.closed[0] and n(s.closed[0][0]) == 7 and s.melds[0][14] == 0
    assert "meld a a a" in legal(s)           # a new meld of aces may start


def test_refused_melds_say_why():
    # one unfinished meld of a kind, added to; cards not held cannot be melded
    s = new(hands=("9S 9H 9D QS QH QD 2S", "", "", ""), stock="KC JC")
    s.play("draw")
    with pytest.raises(IllegalAction, match="meld 8 8 8: you do not hold those cards"):
        s.play("meld 8 8 8")
    with pytest.raises(IllegalAction, match="meld 2 2 jk: you do not hold those cards"):
        s.play("meld 2 2 jk")
    s.play("meld 9 9 9")
    with pytest.raises(IllegalAction, match="unfinished meld of 9s already: add to it"):
        s.play("meld 9 9 2")
    with pytest.raises(IllegalAction, match="add jk to 9s: you do not hold that card"):
        s.play("add jk to 9s")


def test_opening_requirement_by_deal_and_tentative_melds():
    s = new(hands=("9S 9H 9D QS QH QD", "", "", ""), stock="KC JC")
    s.play("draw")
    s.play("meld 9 9 9")                      # 30 < 50
    assert not any(t.startswith("discard") for t in legal(s)) and "take back" in legal(s)
    with pytest.raises(IllegalAction, match="30 of the 50"):
        s.play("discard KC")
    s.play("take back")
    assert s.melds[0][9] == 0 and n(s.hands[0]) == 17
    s.play("meld 9 9 9")
    s.play("meld q q q")                      # 60: opened
    assert s.opened[0] and "take back" not in legal(s)
    assert [G.requirement(type("S", (), {"deal_no": d})()) for d in range(4)] == \
        [50, 90, 120, 150]


def test_pile_opening_waits_aside_and_can_be_taken_back():
    s = new(hands=("KS KH", "AH", "AD", "KD"), pile="9C", stock="4H 4D 5H 5D 6H 6D 8H 8D")
    s.play("draw")
    s.play("discard 4H")
    for card in ("AH", "AD", "KD"):
        s.play("draw")
        s.play("discard " + card)
    s.play("take pile with k k")              # 30 of 50: the rest waits aside
    v = s.view(1)
    assert DECK.texts(v["pile_aside"]) == "9C 4H AH AD" and s.phase.name == "OPENING"
    s.play("take back")
    assert DECK.texts(s.view(0)["pile"]) == "9C 4H AH AD KD" and legal(s) == {"draw"}


def test_pile_opening_reaching_the_requirement_takes_the_rest():
    s = new(hands=("KS KH QS QH QD", "AH", "AD", "KD"), pile="9C",
            stock="4H 4D 5H 5D 6H 6D 8H 8D")
    s.play("draw")
    s.play("discard 4H")
    for card in ("AH", "AD", "KD"):
        s.play("draw")
        s.play("discard " + card)
    s.play("take pile with k k")
    s.play("meld q q q")                      # 30 + 30 = 60
    assert s.opened[0] and s.phase.name == "MELD" and s.pile_rest == []
    assert {"9C", "4H", "AH", "AD"} <= set(DECK.texts(s.view(2)["hand_known"][0]).split())


def test_a_canasta_is_finished_only_after_the_opening():
    s = new(opts={}, hands=("6S 6H 6D 6C 6S 6H 6D", "", "", ""), stock="KC QC")
    s.deal_no = 3                              # requirement 150: seven sixes make 35
    s.play("draw")
    s.play("meld 6 6 6")
    for _ in range(3):
        s.play("add 6 to 6s")
    assert "add 6 to 6s" not in legal(s)


# -- Picking up the knee and foot ---------------------------------------------------

def _canasta_hand():
    return "AS AH AD AC AS AH AD KS KH KD"


def test_first_canasta_brings_the_knee_and_the_partner_picks_up_their_own():
    s = new(hands=(_canasta_hand(), "", "", ""), knees=("3D QS", "", "", ""),
            stock="KC QC")
    s.play("draw")
    s.play("meld a a a")
    for _ in range(4):
        s.play("add a to as")                 # the team's first canasta
    assert s.stage[0] == KNEE and s.knees[0] == 0
    assert DECK.texts(s.red3[0]) == "3D" and n(s.hands[0]) == 10 + 12
    discard_filler(s)
    s.play("draw")
    assert "pick up knee" not in legal(s)      # seat 1: the other team has no canasta
    discard_filler(s)
    assert "pick up knee" in legal(s)          # seat 2 may pick it up ...
    pass_turn(s)                               # ... but nobody does it for them
    assert s.stage[2] == 0 and n(s.knees[2]) == 13
    for _ in range(3):
        pass_turn(s)
    s.play("draw")                             # seat 2 remembers on a later turn
    s.play("pick up knee")
    assert s.stage[2] == KNEE and s.knees[2] == 0
    with pytest.raises(IllegalAction, match="knee already"):
        s.play("pick up knee")


def test_red_threes_after_the_knee_are_laid_without_replacement():
    s = new(hands=(_canasta_hand(), "", "", ""), stock="KC QC 8C 8D JC JD TC TD 3H 9D JD")
    s.play("draw")
    s.play("meld a a a")
    for _ in range(4):
        s.play("add a to as")
    discard_filler(s)
    for _ in range(3):
        pass_turn(s)
    before = n(s.hands[0])
    s.play("draw")                            # 3H and 9D: the three is not replaced
    assert DECK.texts(s.red3[0]) == "3H" and n(s.hands[0]) == before + 1


def test_foot_comes_up_when_the_hand_runs_out_by_melding():
    s = new(hands=(_canasta_hand(), "", "", ""), stock="KC QC")
    s.play("draw")
    s.play("meld a a a")
    for _ in range(4):
        s.play("add a to as")
    s.hands[0] = mask_of(DECK.parse_many("JS JH JD"))   # an arranged hand on the knee
    s.play("meld j j j")
    assert s.stage[0] == FOOT and n(s.hands[0]) == 11 and s.phase.name == "MELD"


def test_foot_comes_up_next_turn_after_discarding_the_last_card():
    s = new(hands=(_canasta_hand(), "", "", ""), stock="KC QC 8C 8D JC JD 9C 9D")
    s.play("draw")
    s.play("meld a a a")
    for _ in range(4):
        s.play("add a to as")
    s.hands[0] = mask_of(DECK.parse_many("JS"))
    s.play("discard JS")
    assert s.stage[0] == KNEE and s.hands[0] == 0 and s.feet[0]
    for _ in range(3):
        pass_turn(s)
    assert s.stage[0] == FOOT and n(s.hands[0]) == 11 and s.to_act == (0,)


def test_without_a_pile_to_come_a_player_keeps_a_card():
    s = new(hands=("AS AH AD", "", "", ""), stock="KC QC")
    s.hands[0] = mask_of(DECK.parse_many("AS AH AD"))
    s.play("draw")                             # five cards: a meld must leave two
    s.play("meld a a a")
    assert n(s.hands[0]) == 2
    s.hands[0] = mask_of(DECK.parse_many("KS KH KD"))
    assert "meld k k k" not in legal(s)


def test_a_last_card_that_may_not_be_discarded_is_refused_as_such_for_any_copy():
    # hand size (module docstring): one card left in the hand, not on the knee,
    # stays; holding the sixth copy of 7S rather than the first changes nothing
    s = new(stock="KC")
    s.play("draw")
    s.hands[0] = 1 << DECK.parse_many("7S " * 6)[-1]
    with pytest.raises(IllegalAction, match="may not run out of cards"):
        s.play("discard 7S")


# -- Ending the deal ---------------------------------------------------------------

BOOK = ["5S 5H 5D 5C 5S 5H 5D", "7S 7H 7D 7C 7S 7H 7D", "2S 2H 2D 2C JK JK JK",
        "KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2S"]


def _book():
    out, used = [], 0
    for text in BOOK:
        cards = DECK.parse_many(text, DECK.all_mask & ~used)
        used |= mask_of(cards)
        out.append(mask_of(cards))
    return out


def test_basic_book():
    book = _book()
    assert [canasta_class(m) for m in book] == ["fives", "sevens", "wild", "natural", "mixed"]
    assert book_complete(book)
    assert not book_complete(book[:4])
    assert not book_complete([book[0], book[1], book[2], book[4], book[4]])
    assert book_complete([book[0], book[0], book[1], book[2], book[4]])   # decision


def _on_foot_with_book(s, p=0):
    """An arranged table: seat ``p`` is on the foot and the team has the book."""
    s.closed[p & 1] = _book()
    s.opened[p & 1] = True
    s.stage[p] = FOOT
    s.knees[p] = 0
    s.feet[p] = 0


def test_going_out_needs_the_partners_yes():
    s = new(hands=("JS JH JD", "", "", ""), stock="JC 9C")
    _on_foot_with_book(s)
    s.hands[0] = mask_of(DECK.parse_many("JS JH JD"))
    s.play("draw")                             # JS JH JD JC 9C
    s.play("meld j j j")
    assert "add j to js" not in legal(s)       # it would leave one card: no running out
    s.play("ask go out")
    assert s.to_act == (2,) and legal(s) == {"yes", "no"}
    s.play("yes")
    assert s.to_act == (0,) and "add j to js" in legal(s)


def test_going_out_by_discarding_the_last_card_scores_200():
    s = new(hands=("JS JH JD", "", "", ""), stock="JC 9C")
    _on_foot_with_book(s)
    s.hands[0] = mask_of(DECK.parse_many("JS JH JD"))
    s.play("ask go out")
    s.play("yes")
    s.play("draw")
    s.play("meld j j j")
    s.play("add j to js")
    s.play("discard 9C")
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "seat 0 went out" and sc["lines"][0]["going out"] == 200


def test_going_out_by_melding_the_last_card():
    s = new(hands=("JS JH JD", "", "", ""), stock="JC JD", opts={"deals": 1})
    _on_foot_with_book(s)
    s.hands[0] = mask_of(DECK.parse_many("JS JH JD"))
    s.play("ask go out")
    s.play("yes")
    s.play("draw")                             # five jacks
    s.play("meld j j j")
    s.play("add j to js")
    s.play("add j to js")                      # the last card: out
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "seat 0 went out" and s.outcome is not None


def test_a_single_card_that_may_not_be_discarded_ends_the_turn_with_done():
    # on the foot without leave to go out, two red threes drawn leave one card
    s = new(stock="3H 3D")
    s.stage[0] = FOOT
    s.knees[0] = s.feet[0] = 0
    s.hands[0] = mask_of(DECK.parse_many("9S"))
    s.play("draw")
    assert n(s.red3[0]) == 2 and legal(s) == {"done"}
    s.play("done")
    assert s.to_act == (1,) and n(s.hands[0]) == 1


def test_pile_taken_onto_the_teams_unfinished_meld():
    s = new(hands=("AS AH AD 8S 8H 8D 8C 8S QC", "", "", "8C"), stock="KC QD")
    s.play("draw")
    s.play("meld a a a")                       # 60: opened
    s.play("meld 8 8 8")                       # an unfinished meld of 8s; 8C 8S kept
    s.play("discard QC")
    pass_turn(s)
    pass_turn(s)
    s.play("draw")
    s.play("discard 8C")                       # seat 3
    s.play("take pile with 8 8")               # the top 8 and the pair join the meld
    assert n(s.melds[0][8]) == 6 and s.pile == []


def test_partner_says_no():
    s = new(hands=("JS JH JD", "", "", ""), stock="JC 9C")
    _on_foot_with_book(s)
    s.hands[0] = mask_of(DECK.parse_many("JS JH JD"))
    s.play("ask go out")
    s.play("no")
    s.play("draw")
    s.play("meld j j j")                       # JC 9C left
    assert "add j to js" not in legal(s)       # it would leave a last card to discard
    assert "ask go out" not in legal(s)        # once a turn


def test_asking_needs_the_foot_and_the_book():
    s = new(stock="JC 9C")
    assert "ask go out" not in legal(s)
    with pytest.raises(IllegalAction, match="basic book"):
        s.play("ask go out")


def test_stock_exhaustion_ends_the_deal():
    s = new(stock="KC QC", opts={"deals": 1})
    s.stock = s.stock[-1:]                     # one card left: the draw gives that one
    s.play("draw")
    assert n(s.hands[0]) == 16
    discard_filler(s)
    s.play("draw")                             # empty stock: the deal ends (decision)
    assert s.outcome is not None
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "the stock ran out" and sc["lines"][0]["going out"] == 0


def test_unplayed_cards_cost_their_values_red_threes_500_black_threes_100():
    m = mask_of(DECK.parse_many("3H 3S AS JK 2S 5D 9C"))
    assert unplayed_value(m) == 500 + 100 + 20 + 50 + 20 + 5 + 10


def test_score_deal_row_by_row():
    book = _book()
    extra = mask_of(DECK.parse_many("8S 8H 8D"))
    left = [mask_of(DECK.parse_many("3H 9S")), mask_of(DECK.parse_many("3C"))]
    melds = [[0] * 16, [0] * 16]
    melds[0][8] = extra
    lines = score_deal(melds, [book, []], [7, 1], left, 0)
    t = lines[0]
    assert t["melded cards"] == 35 + 35 + (4 * 20 + 150) + 70 + (60 + 20) + 30
    assert t["fives canastas"] == 3000 and t["sevens canastas"] == 5000
    assert t["wild canastas"] == 2500 and t["natural canastas"] == 500
    assert t["mixed canastas"] == 300
    assert t["red threes"] == 700 + 300 and t["going out"] == 200
    assert t["cards left"] == -(500 + 10)
    assert t["total"] == sum(v for k, v in t.items() if k != "total")
    assert lines[1] == {"melded cards": 0, "sevens canastas": 0, "fives canastas": 0,
                        "wild canastas": 0, "natural canastas": 0, "mixed canastas": 0,
                        "red threes": 100, "going out": 0, "cards left": -100,
                        "total": 0}


def test_match_is_four_deals_and_options_are_checked():
    s = play_match(G, ["heuristic"], 3, deals=2)
    assert len(s.sheet.rows) == 2 and s.outcome.reason.startswith("2 deals played")
    assert G.make_options().deals == 4
    with pytest.raises(OptionError):
        G.new_state(seed=1, deals=5)


def test_illegal_and_malformed_actions_change_nothing():
    s = new(stock="KC QC")
    before = (s.hands.copy(), s.pile.copy(), len(s.history))
    with pytest.raises(IllegalAction, match="draw or take the pile first"):
        s.play("discard 9S")
    with pytest.raises(ParseError):
        G.parse_action(s, "meld banana")
    with pytest.raises(IllegalAction):
        G.apply(s, G.A_DRAW, 1)
    assert (s.hands, s.pile, len(s.history)) == before
    assert G.parse_action(s, "meld AS AH 2D") == G.parse_action(s, "meld a a 2")
    assert G.parse_action(s, "add 10S to 10s") == G.parse_action(s, "add t to ts")


# -- the bot ----------------------------------------------------------------------

def test_heuristic_bots_meld_take_piles_and_go_out():
    kinds = {}
    for seed in range(4):
        s = play_match(G, ["heuristic"], seed, deals=1)
        for e in s.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
    assert kinds.get("meld", 0) > 20 and kinds.get("take_pile", 0) > 5
    assert kinds.get("knee", 0) >= 8 and kinds.get("went_out", 0) >= 2


# -- on screen ---------------------------------------------------------------------------

def test_screen_shows_each_team_its_book_melds_and_an_opening_under_way():
    # Melding, Ending the deal: a player must see the opening still owed and
    # what the basic book still lacks, per team
    s = new(hands=("8S 8H 8D", "", "", ""), stock="4H 4D")
    s.play("draw")
    s.play("meld 8 8 8")
    board = G.render_board(s.view(0))
    assert "Deal 1 of 4   (first melds need 50 points this deal)" in board
    assert "Your team (You, Seat 2): 0 points, not opened" in board
    assert "basic book still needs: natural 5s, natural 7s, wild, natural, mixed" in board
    assert "8s     8♠ 8♥ 8♦  (3 cards, 4 more for a canasta)" in board
    assert "Opening so far: 30 of 50 points" in board
