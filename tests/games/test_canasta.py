"""Canasta by seed 000 ch. 21: scripted deals citing the section each rule comes from.

Deal order (21.3 and the module's decisions): one card at a time from seat 0
(left of dealer 3), eleven rounds; then the turn-up; the stock is the rest,
top first.  ``pack`` builds such a stacked pack from the cards a test cares
about and fills each hand with harmless single cards.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.cards.melds import opening_requirement, red_three_points
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.canasta import DECK, OPENING_ZONES, T, score_deal
from pelit.sim.runner import play_match

G = pelit.load("canasta")
FILL_SUIT = "SHDC"


def pack(hands=("", "", "", ""), pile="4C", stock=""):
    """A stacked 2x54 pack: ``hands[p]`` (up to 11 cards, the rest single
    fillers), the turn-up ``pile`` (several cards if the first are covered),
    then ``stock`` in drawing order, then every other card."""
    used = 0
    spec = []
    for text in list(hands) + [pile, stock]:
        cards = DECK.parse_many(text, DECK.all_mask & ~used) if text.strip() else []
        used |= mask_of(cards)
        spec.append(cards)
    full = []
    for p in range(4):
        cards = list(spec[p])
        ranks = {DECK.rank_of[c] for c in cards}
        for r in range(14, 3, -1):
            if len(cards) >= 11:
                break
            if r in ranks:
                continue
            pool = [c for c in ids(T.rank[r] & ~used)]
            pool.sort(key=lambda c: (DECK.suit_of[c] != p, c))
            if pool:
                cards.append(pool[0])
                used |= 1 << pool[0]
        for r in range(14, 3, -1):           # a rank ran out: a second filler of another
            pool = ids(T.rank[r] & ~used)
            if len(cards) < 11 and r not in ranks and pool:
                cards.append(pool[0])
                used |= 1 << pool[0]
        assert len(cards) == 11, "a hand is too long"
        full.append(cards)
    order = []
    for k in range(11):
        for p in range(4):
            order.append(full[p][k])
    order += spec[4] + spec[5]
    rest = [c for c in range(DECK.size) if not (used >> c) & 1]
    rest.sort(key=lambda c: ((T.red3 >> c) & 1, (T.wild >> c) & 1, (T.black3 >> c) & 1, c))
    return DECK.texts(order + rest)


def new(hands=("", "", "", ""), pile="4C", stock="", **opts):
    return G.new_state(seed=1, decks=[pack(hands, pile, stock)], **opts)


def legal_texts(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def open_team0(s):
    """Seat 0 opens with three aces (60 >= 50) and discards its king filler."""
    s.play("draw")
    s.play("meld a a a")
    s.play("discard " + DECK.text(max(ids(s.hands[0] & T.rank[13]))))


# -- 21.3 the beginning ---------------------------------------------------------

def test_deal_gives_eleven_each_turns_one_up_and_left_of_dealer_starts():
    s = new()
    v = s.view(0)
    assert v["hand_sizes"] == [11, 11, 11, 11]
    assert v["stock"] == 108 - 44 - 1 and DECK.texts(v["pile"]) == "4C"
    assert s.to_act == (0,) and v["dealer"] == 3 and not v["pile_frozen"]


def test_turned_up_wild_card_or_red_three_is_covered_and_freezes_the_pile():
    s = new(pile="2S 3H 7C")                 # 21.3, 21.6.1
    v = s.view(0)
    assert DECK.texts(v["pile"]) == "2S 3H 7C" and v["pile_frozen"]


# -- 21.2 melds ---------------------------------------------------------------------

def test_meld_needs_two_naturals_at_most_three_wild_and_one_meld_per_rank():
    s = new(hands=("AS AH AD 7S 7H 2S 2H 2D JK JK", "", "", ""), stock="9C")
    s.play("draw")
    assert "meld 7 7 2" in legal_texts(s) and "meld 7 7 jk" in legal_texts(s)
    s.play("meld a a a")
    s.play("meld 7 7 2")
    s.play("add 2 to 7s")
    s.play("add jk to 7s")                   # three wild cards: the limit
    assert "add jk to 7s" not in legal_texts(s) and "add 2 to 7s" not in legal_texts(s)
    assert not any(t.startswith("meld a") for t in legal_texts(s))   # one meld per rank
    with pytest.raises(IllegalAction):
        s.play("add 2 to 7s")


def test_suits_in_meld_text_are_accepted_and_mean_ranks():
    s = new(hands=("AS AH AD", "", "", ""))
    s.play("draw")
    assert G.parse_action(s, "meld AS AH AD") == G.parse_action(s, "meld a a a")
    assert G.parse_action(s, "add 10S to 10s") == G.parse_action(s, "add t to ts")
    with pytest.raises(ParseError):
        G.parse_action(s, "meld banana")


# -- 21.6.2 the opening meld ------------------------------------------------------

@pytest.mark.parametrize("score,need", [(-5, 15), (-1000, 15), (0, 50), (1495, 50),
                                        (1500, 90), (2995, 90), (3000, 120), (9000, 120)])
def test_opening_requirement_table(score, need):
    assert opening_requirement(score, OPENING_ZONES) == need


def test_insufficient_opening_goes_back_and_raises_the_requirement_by_ten():
    s = new(hands=("5S 5H 5D AS AH AD", "", "", ""))
    s.play("draw")
    s.play("meld 5 5 5")                     # 15 points of the 50 needed
    with pytest.raises(IllegalAction, match="15 of the 50"):
        s.play("discard KS")
    s.play("done")                           # 21.6.5: the failed attempt
    assert popcount_hand(s, 0) == 12 and s.melds[0][5] == 0
    assert s.view(0)["requirement"] == [60, 50]
    s.play("meld a a a")                     # 60 >= 60
    s.play("meld 5 5 5")
    s.play("discard KS")
    assert s.opened == [True, False]


def test_a_discard_refused_for_a_short_opening_says_so_for_either_copy_of_a_card():
    # 21.6.5: the opening must be made before the discard; the second copy of
    # 7S (drawn here) is in the hand just as the first would be
    s = new(hands=("5S 5H 5D", "7S", "", ""), stock="7S")
    s.play("draw")
    s.play("meld 5 5 5")
    with pytest.raises(IllegalAction, match="15 of the 50 needed"):
        s.play("discard 7S")


def popcount_hand(s, p):
    return s.hands[p].bit_count()


def test_opening_from_the_hand_counts_all_melds_of_the_turn():
    s = new(hands=("KS KH KD 9S 9H 9D", "", "", ""))
    s.play("draw")
    s.play("meld k k k")                     # 30
    assert not any(t.startswith("discard") for t in legal_texts(s))
    s.play("meld 9 9 9")                     # 60
    s.play("discard 4S")
    assert s.opened[0] and s.view(1)["melds"][0].keys() == {"k", "9"}


def test_a_team_without_opening_takes_the_pile_only_as_if_frozen():
    # seat 0 has a natural pair of kings and a joker; the pile top is a king
    s = new(hands=("KS KH JK AS AH AD", "", "", ""), pile="KD")
    legal = legal_texts(s)
    assert "take pile with k k" in legal and "take pile with k jk" not in legal
    s.play("take pile with k k")
    assert s.phase.name == "OPENING"
    s.play("meld a a a")                     # only top card and hand count: 30 + 60
    s.play("done")
    assert s.opened[0] and s.phase.name == "MELD"


def test_pile_opening_counts_only_the_top_card_and_hand_cards():
    # aces go to the pile under a king: they do not count for the opening
    s = new(hands=("KS KH AS", "AH", "AD", "KD"), pile="9C", stock="4H 4D 5H 5D")
    for card in ("AS", "AH", "AD", "KD"):
        s.play("draw")
        s.play("discard " + card)
    assert DECK.texts(s.view(0)["pile"]) == "9C AS AH AD KD"
    s.play("take pile with k k")
    assert DECK.texts(s.view(1)["pile_aside"]) == "9C AS AH AD" and T.value(s.tent) == 30
    assert "done" in legal_texts(s) and not any(t.startswith("discard") for t in legal_texts(s))
    s.play("done")                           # 30 < 50: 21.6.5
    assert not s.opened[0] and DECK.texts(s.view(0)["pile"]) == "9C AS AH AD KD"
    assert s.view(0)["requirement"][0] == 60 and s.phase.name == "DRAW"
    assert DECK.texts(s.view(1)["hand_known"][0]) == "KS KH"     # seen on the table


def test_pile_opening_that_reaches_the_requirement_takes_the_rest():
    s = new(hands=("KS KH QS QH QD", "AH", "AD", "KD"), pile="9C", stock="4H 4D 5H 5D 6H")
    for card in ("4H", "AH", "AD", "KD"):
        s.play("draw")
        s.play("discard " + card)
    s.play("take pile with k k")
    s.play("meld q q q")                     # 30 + 30 = 60 >= 50
    s.play("done")
    assert s.opened[0] and s.phase.name == "MELD" and s.pile == []
    assert set(DECK.texts(s.view(2)["hand_known"][0]).split()) == {"9C", "4H", "AH", "AD"}


# -- 21.4 taking the pile ---------------------------------------------------------

def test_taking_the_pile_after_opening_pair_wild_or_existing_meld():
    s = new(hands=("AS AH AD 9S JK", "8S 8H", "", "QS QH AC"), pile="5C",
            stock="6C 7C 9C 8D 4D")
    open_team0(s)                            # seat 0: draws 6C, melds aces, discards a king
    s.play("draw")                           # seat 1 draws 7C
    s.play("discard 7C")
    s.play("draw")                           # seat 2 draws 9C
    s.play("discard 9C")
    legal = legal_texts(s)                   # seat 3: team 1 has not opened
    assert not any(t.startswith("take") for t in legal)
    s.play("draw")
    s.play("discard AC")
    legal = legal_texts(s)                   # seat 0: unfrozen, opened
    assert "take pile" in legal
    s.play("take pile")                      # the ace onto the team's meld
    assert s.melds[0][14].bit_count() == 4
    assert set(DECK.texts(s.view(2)["hand_known"][0]).split()) == {"5C", "KS", "7C", "9C"}


def test_unfrozen_pile_taken_with_a_natural_and_a_wild_card():
    s = new(hands=("AS AH AD JK QS", "4S", "4D", "QH"), pile="5C", stock="6C 7C 9C 8D 4H")
    open_team0(s)
    for card in ("4S", "4D", "QH"):
        s.play("draw")
        s.play("discard " + card)
    assert "take pile with q jk" in legal_texts(s)
    s.play("take pile with q jk")
    assert set(DECK.texts(s.melds[0][12]).split()) == {"QH", "QS", "JK"}


def test_going_out_by_melding_the_last_card_that_completes_a_canasta():
    # 21.5 and the decision on the last card
    s = new(hands=("7S 7S 7H 7H 7D 7D 7C AS AH AD AC", "", "", ""), stock="AC")
    s.play("draw")                           # seven sevens and five aces
    s.play("meld a a a")
    s.play("add a to as")
    s.play("add a to as")
    s.play("meld 7 7 7")
    s.play("add 7 to 7s")
    s.play("add 7 to 7s")                    # five sevens, two in hand
    s.play("add 7 to 7s")                    # one left: it completes the canasta
    assert legal_texts(s) == {"add 7 to 7s", "ask go out", "done"}   # no discard: no canasta
    s.play("add 7 to 7s")
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "seat 0 went out"
    assert sc["lines"][0]["natural canastas"] == 500 and sc["lines"][0]["going out"] == 100


def test_a_meld_may_not_leave_one_card_without_a_canasta():
    s = new(hands=("7S 7S 7H AS AH AD AC KS KH KD QS", "", "", ""), stock="AC")
    s.play("draw")
    s.play("meld a a a")
    s.play("add a to as")
    s.play("add a to as")
    s.play("meld k k k")                     # 7 7 7 QS left
    assert "meld 7 7 7" not in legal_texts(s)       # would leave one card, no canasta
    assert "discard QS" in legal_texts(s)


@pytest.mark.parametrize("card", ["2H", "JK", "3S"])
def test_wild_card_or_black_three_on_top_blocks_the_pile(card):
    # 21.4: seat 2's team has opened and seat 2 holds a pair of that rank
    pair = {"2H": "2C 2C", "JK": "JK JK", "3S": "3C 3C"}[card]
    s = new(hands=("AS AH AD", card, pair, ""), pile="9C", stock="4H 4D 5H 5D")
    open_team0(s)
    s.play("draw")
    s.play("discard " + card)
    assert s.to_act == (2,) and not any(t.startswith("take") for t in legal_texts(s))
    with pytest.raises(IllegalAction, match="wild card or a black three"):
        s.play("take pile")


def test_frozen_pile_needs_a_natural_pair_of_the_top_card():
    # 21.6.1: the turned-up two froze the pile; team 0 opens with aces
    s = new(hands=("AS AH AD", "QC", "QH QD JK", ""), pile="2D 8C", stock="4H 4D 5H 5D")
    assert s.view(0)["pile_frozen"]
    open_team0(s)
    s.play("draw")
    s.play("discard QC")
    legal = legal_texts(s)
    assert "take pile with q q" in legal and "take pile with q jk" not in legal
    s.play("take pile with q q")
    assert set(DECK.texts(s.melds[0][12]).split()) == {"QC", "QH", "QD"}
    assert not s.view(0)["pile_frozen"] and s.pile == []          # a new pile


def test_frozen_pile_cannot_be_taken_onto_an_existing_meld():
    s = new(hands=("AS AH AD", "AC", "AC", ""), pile="2D 8C", stock="4H 4D 5H 5D")
    open_team0(s)
    s.play("draw")
    s.play("discard AC")
    assert not any(t.startswith("take") for t in legal_texts(s))
    with pytest.raises(IllegalAction, match="frozen"):
        s.play("take pile")


# -- 21.6.3 red threes --------------------------------------------------------------

def test_dealt_red_three_is_laid_at_the_first_turn_and_replaced():
    s = new(hands=("3H", "", "", ""), stock="9C")
    assert s.red3[0] and s.hands[0].bit_count() == 11
    assert "9C" in DECK.texts(s.hands[0])
    kinds = [e.kind for e in s.events]
    assert "red_three" in kinds


def test_drawn_red_three_is_laid_and_replaced():
    s = new(stock="3D 8C")
    s.play("draw")
    assert s.red3[0].bit_count() == 1 and (s.hands[0] >> DECK.parse("8C", s.hands[0])) & 1


@pytest.mark.parametrize("count,opened,four,pts", [
    (1, True, 800, 100), (2, True, 800, 200), (3, False, 800, -300),
    (4, True, 800, 800), (4, False, 800, -800), (4, True, 400, 400), (0, False, 800, 0)])
def test_red_three_values(count, opened, four, pts):
    assert red_three_points(count, opened, 100, four) == pts


def test_club_preset_counts_four_red_threes_400():
    assert G.make_options("club").four_red_threes == 400
    with pytest.raises(OptionError):
        G.new_state(seed=1, four_red_threes=500)


# -- 21.5 and 21.6.4 going out ------------------------------------------------------

def canasta_ready():
    """Seat 0 opens with a natural canasta of sevens (7 x 5 = 35) plus three aces."""
    return new(hands=("7S 7S 7H 7H 7D 7D 7C AS AH AD", "", "", ""),
               stock="9C 4H 6D 6C 8H")


def test_going_out_needs_a_canasta():
    s = new(hands=("AS AH AD KS KH KD QS QH QD", "", "", ""), stock="9C")
    s.play("draw")                           # 12 cards
    s.play("meld a a a")
    s.play("meld k k k")
    s.play("meld q q q")                     # 3 left: 9C + two fillers
    with pytest.raises(IllegalAction):
        s.play("add 9 to 9s")
    assert s.hands[0].bit_count() == 3


def test_going_out_by_discarding_the_last_card_scores_100_and_the_concealed_100():
    s = new(hands=("7S 7S 7H 7H 7D 7D 7C AS AH AD JH", "", "", ""), stock="7C")
    s.play("draw")                           # 12 cards: 8 sevens, 3 aces, JH
    s.play("meld 7 7 7")
    for _ in range(4):
        s.play("add 7 to 7s")                # 7 sevens: a natural canasta
    s.play("meld a a a")
    s.play("add 7 to 7s")
    assert s.hands[0].bit_count() == 1
    s.play("discard JH")
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    line = sc["lines"][0]
    assert sc["reason"] == "seat 0 went out"
    assert line["going out"] == 100 and line["opening and going out"] == 100
    assert line["natural canastas"] == 500 and line["melded cards"] == 8 * 5 + 60


def test_may_i_go_out_no_forbids_going_out_and_yes_obliges_it():
    s = new(hands=("7S 7S 7H 7H 7D 7D 7C AS AH AD JH", "", "", ""), stock="7C")
    s.play("draw")
    s.play("ask go out")                     # 21.6.4
    assert s.to_act == (2,) and legal_texts(s) == {"yes", "no"}
    s.play("no")
    assert s.to_act == (0,)
    s.play("meld 7 7 7")
    for _ in range(4):
        s.play("add 7 to 7s")
    s.play("meld a a a")                     # 7C and JH left
    assert "add 7 to 7s" not in legal_texts(s)      # would leave one card: not allowed
    assert "ask go out" not in legal_texts(s)       # once a turn


def test_yes_obliges_going_out_else_300_penalty():
    s = new(hands=("AS AH AD", "", "", ""))
    s.play("draw")
    s.play("ask go out")
    s.play("yes")
    s.play("meld a a a")
    s.play("discard KS")                     # still holding cards: asked wrongly
    assert s.penalties == [1, 0]
    assert [e for e in s.events if e.kind == "penalty"][0].public["points"] == 300


def test_asking_after_melding_obliges_without_an_answer():
    s = new(hands=("AS AH AD", "", "", ""))
    s.play("draw")
    s.play("meld a a a")
    s.play("ask go out")                     # 21.6.5
    assert s.to_act == (0,) and s.ask == "must"
    s.play("discard KS")
    assert s.penalties == [1, 0]


def test_black_threes_meld_only_when_going_out():
    s = new(hands=("7S 7S 7H 7H 7D 7D 7C 3S 3C 3S AH", "", "", ""), stock="7C")
    s.play("draw")                           # 12 cards: eight sevens
    assert "meld 3 3 3" not in legal_texts(s)       # 21.5: no canasta yet
    s.play("meld 7 7 7")
    for _ in range(5):
        s.play("add 7 to 7s")                # a canasta of eight: 40 points so far
    assert "discard AH" not in legal_texts(s)       # the opening needs 50
    s.play("meld 3 3 3")                     # 40 + 15 = 55: and now out
    assert legal_texts(s) >= {"discard AH"} and s.hands[0].bit_count() == 1
    s.play("discard AH")
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "seat 0 went out" and sc["lines"][0]["melded cards"] == 55


def test_black_threes_may_not_be_melded_while_keeping_other_cards():
    s = new(hands=("7S 7S 7H 7H 7D 7D 7C 3S 3C 3S AH", "", "", ""), stock="KC")
    s.play("draw")
    s.play("meld 7 7 7")
    for _ in range(4):
        s.play("add 7 to 7s")
    assert "meld 3 3 3" not in legal_texts(s)       # AH and KC would stay in hand


def test_stock_exhaustion_ends_the_deal_when_drawing_from_an_empty_stock():
    s = new()
    s.stock = s.stock[-1:]                   # keep only the top card
    s.play("draw")
    s.play("discard " + DECK.text(ids(s.hands[0] & T.natural)[0]))
    assert s.view(1)["stock"] == 0 and "draw" in legal_texts(s)
    s.play("draw")                           # 21.5: from the empty stock
    ev = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert ev["reason"] == "the stock ran out"
    assert ev["lines"][0]["going out"] == 0 and ev["lines"][0]["cards in hand"] < 0


# -- 21.5 scoring -------------------------------------------------------------------

def test_score_deal_row_by_row():
    nat = mask_of(DECK.parse_many("7S 7S 7H 7H 7D 7D 7C"))                 # 35, natural canasta
    mixed = mask_of(DECK.parse_many("KS KH KD KC KS 2H JK"))                # 50+20+50, mixed
    small = mask_of(DECK.parse_many("AS AH 2S"))                            # 60
    hand0 = mask_of(DECK.parse_many("4S 9H"))                               # -15
    hand1 = mask_of(DECK.parse_many("JK 3S"))                               # -55
    melds0 = [0] * 16
    melds0[7], melds0[13] = nat, mixed
    melds1 = [0] * 16
    melds1[14] = small
    a, b = score_deal([melds0, melds1], [2, 1], [True, False], [hand0, hand1], 0, True, [0, 1])
    assert a == {"melded cards": 35 + 120, "natural canastas": 500, "mixed canastas": 300,
                 "red threes": 200, "going out": 100, "opening and going out": 100,
                 "cards in hand": -15, "penalties": 0, "total": 1340}
    assert b == {"melded cards": 60, "natural canastas": 0, "mixed canastas": 0,
                 "red threes": -100, "going out": 0, "opening and going out": 0,
                 "cards in hand": -55, "penalties": -300, "total": -395}


def test_match_ends_when_a_team_reaches_the_target():
    s = play_match(G, ["heuristic"], 3, target=1500)
    a, b = s.outcome.scores[:2]
    assert max(a, b) >= 1500 and s.outcome.winners == ((0, 2) if a > b else (1, 3))


# -- bad input ------------------------------------------------------------------------

def test_illegal_and_malformed_actions_change_nothing():
    s = new(hands=("AS AH AD", "", "", ""))
    before = (s.hands.copy(), s.pile.copy(), len(s.history))
    with pytest.raises(IllegalAction, match="draw or take the pile first"):
        s.play("meld a a a")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("draw", seat=1)
    with pytest.raises(ParseError):
        s.play("meld 7 7 7 7 7")
    assert (s.hands, s.pile, len(s.history)) == before


# -- the bot ----------------------------------------------------------------------------

def test_heuristic_bots_meld_take_piles_and_go_out():
    kinds = {}
    for seed in range(6):
        s = play_match(G, ["heuristic"], seed, deals=1)
        for e in s.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
    assert kinds.get("meld", 0) > 10 and kinds.get("take_pile", 0) > 5
    assert kinds.get("went_out", 0) >= 3


# -- on screen ---------------------------------------------------------------------------

def test_screen_shows_each_team_its_melds_requirement_and_a_frozen_pile():
    # 21.6.1, 21.6.2: a player must see which melds are whose, what an opening
    # needs and whether the pile is frozen
    s = new(hands=("AS AH AD", "", "", ""), pile="2D 8C", stock="4H")
    open_team0(s)
    board = G.render_board(s.view(1))
    assert "Team 1 (Seat 0, Seat 2): 0 points, opened" in board
    assert "As     A♠ A♥ A♦  (3 cards, 4 more for a canasta)" in board
    assert "Your team (You, Seat 3): 0 points, not opened: first melds need 50 points" in board
    assert "FROZEN" in board and "Deal 1" in board


def test_opening_line_says_when_the_opening_is_enough_and_what_makes_it():
    # 21.6.5: short of the requirement 'done' costs 10; once it is reached a
    # discard (or 'done') makes the opening, and after a pile opening 'done'
    # brings the rest of the pile
    s = new(hands=("KS KH KD 9S 9H 9D", "", "", ""))
    s.play("draw")
    s.play("meld k k k")
    board = G.render_board(s.view(0))
    assert "Opening so far: 30 of 50 points; 'done' short of that" in board
    s.play("meld 9 9 9")
    board = G.render_board(s.view(0))
    assert "Opening so far: 60 of 50 points: enough; 'done' or your discard makes" in board
    assert "short of that" not in board
    s = new(hands=("KS KH QS QH QD", "AH", "AD", "KD"), pile="9C", stock="4H 4D 5H 5D 6H")
    for card in ("4H", "AH", "AD", "KD"):
        s.play("draw")
        s.play("discard " + card)
    s.play("take pile with k k")
    s.play("meld q q q")
    assert "60 of 50 points: enough; 'done' makes the opening and takes the rest of the pile" \
        in G.render_board(s.view(0))


def test_refused_melds_say_why():
    # 21.2: one meld per rank, added to; a card not held cannot be melded
    s = new(hands=("AS AH AD", "", "", ""), stock="9C")
    s.play("draw")
    with pytest.raises(IllegalAction, match="you do not hold those cards"):
        s.play("meld 8 8 8")
    with pytest.raises(IllegalAction, match="no meld of ks"):
        s.play("add k to ks")
    s.play("meld a a a")
    with pytest.raises(IllegalAction, match="has a meld of as already"):
        s.play("meld a a 2")


def test_legal_add_text_is_not_drawn_as_a_card():
    from pelit.cli.render import pretty_action
    assert pretty_action(G, "add 2 to 7s").plain == "add 2 to 7s"
    assert pretty_action(G, "discard 7S").plain == "discard 7♠"


def test_deal_scoring_on_screen_names_each_teams_seats():
    # 21.5: the scoring lines of both teams, each named by its seats
    from pelit.cli.render import describe_event
    s = play_match(G, ["heuristic"], 3, deals=1)
    ev = [e for e in s.events if e.kind == "deal_scored"][-1]
    text = describe_event(G, ev.for_seat(0), 0, None, 4).plain
    assert text.startswith("Deal scored (") and "seats 0+2: " in text and "seats 1+3: " in text
    other = [e for e in s.events if e.kind == "draw"][0]
    assert describe_event(G, other.for_seat(0), 0, None, 4).plain.startswith("You: draw")


# -- 21.6.5 / 22.8.4: asking "May I go out?" when unable ----------------------------

def _penalty_reasons(s):
    return [e.public["reason"] for e in s.events if e.kind == "penalty"]


def test_asking_when_unable_costs_300_even_when_the_partner_says_no():
    """21.6.5: the penalty is for asking when one cannot go out, whatever the
    answer; three aces and fillers after the draw cannot go out (no canasta)."""
    s = new(hands=("AS AH AD", "", "", ""))
    s.play("draw")
    s.play("ask go out")
    s.play("no")
    assert s.penalties == [1, 0]
    assert _penalty_reasons(s) == ["asked 'May I go out?' but could not go out"]
    s.play("discard KS")
    assert s.penalties == [1, 0]             # "no": nothing more


def test_asking_when_able_and_told_no_costs_nothing():
    """22.8.4: asking as a signal is fair when one can go out: eight sevens,
    three aces and a jack can go out (canasta, 60 for the opening); "no"."""
    s = new(hands=("7S 7S 7H 7H 7D 7D 7C AS AH AD JH", "", "", ""), stock="7C")
    s.play("draw")
    s.play("ask go out")
    s.play("no")
    s.play("meld a a a")
    s.play("discard JH")
    assert s.penalties == [0, 0] and _penalty_reasons(s) == []


def test_unable_and_told_yes_pays_once():
    """21.6.5: an unable asker told "yes" who then cannot go out pays 300 once."""
    s = new(hands=("AS AH AD", "", "", ""))
    s.play("draw")
    s.play("ask go out")
    s.play("yes")
    s.play("meld a a a")
    s.play("discard KS")
    assert s.penalties == [1, 0] and len(_penalty_reasons(s)) == 1


def test_able_and_told_yes_but_not_going_out_pays_300():
    """21.6.4: "yes" binds; a player who could go out but ends the turn with
    cards pays 300 (one penalty, at the end of the turn)."""
    s = new(hands=("7S 7S 7H 7H 7D 7D 7C AS AH AD JH", "", "", ""), stock="7C")
    s.play("draw")
    s.play("ask go out")
    s.play("yes")
    assert s.penalties == [0, 0]
    s.play("meld a a a")
    s.play("discard JH")
    assert s.penalties == [1, 0]
    assert _penalty_reasons(s) == ["asked to go out but did not"]


def test_asking_before_drawing_is_judged_with_the_card_the_stock_gives():
    """21.6.4 / 21.6.5 (decision in the module): asked before the draw, the
    ability is judged with the card drawn.  Seven sevens (a canasta), three
    aces and the jack of hearts: with a second jack from the stock the jacks
    need a wild card (none): unable; with a seven the jack is discarded."""
    base = "7S 7S 7H 7H 7D 7D 7C AS AH AD JH"
    for drawn, penalties in (("7C", [0, 0]), ("JS", [1, 0])):
        s = new(hands=(base, "", "", ""), stock=drawn)
        s.play("ask go out")
        s.play("no")
        assert s.penalties == penalties, drawn


def test_asking_before_drawing_counts_the_pile_that_could_be_taken():
    """21.6.5 (decision in the module): the pile is one way to go out.  An
    opened team with a canasta of sevens and a meld of kings; the hand is
    the queen pair and a jack; on the pile a queen over a jack: taking it
    with the pair melds the queens, and the two jacks would need a wild
    card: unable.  With a king under the queen, the king goes onto the kings
    and the jack is discarded: able."""
    for under, penalties in (("JS", [1, 0]), ("KS", [0, 0])):
        # the stock's 4S would leave two single cards: the draw is no way out
        s = new(hands=("QS QH JH", "", "", ""), stock="4S")
        s.hands[0] = mask_of(DECK.parse_many("QS QH JH"))
        table = mask_of(DECK.parse_many("7S 7S 7H 7H 7D 7D 7C KH KD KC"))
        s.melds[0][7] = table & T.rank[7]
        s.melds[0][13] = table & T.rank[13]
        s.opened[0] = True
        moved = DECK.parse_many(f"{under} QD", mask_of(s.stock) & ~table)
        s.stock = [s.pile.pop()] + [c for c in s.stock if c not in moved]
        s.pile = moved
        s.play("ask go out")
        s.play("no")
        assert s.penalties == penalties, under


@pytest.mark.parametrize("hand, melds, need, able", [
    ("7S 7H 7D 7C 7S 7H 7D", {}, None, True),            # a natural canasta, nothing left
    ("7S 7H 7D 7C 7S 7H 7D KS", {}, None, True),         # ... and a card to discard
    ("7S 7H 7D 7C 7S 7H KS", {}, None, False),           # six sevens: no canasta
    ("7S 7H 7D 7C 7S 7H 2S", {}, None, True),            # the two makes it seven
    ("7S 7H 7D 7C 7S 7H KS QS", {}, None, False),        # two singles: one discard only
    ("KS KH KD QS", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, True),   # discard the queen
    ("KS KH QS", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, False),     # a pair needs a wild
    ("KS KH QS QH", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, False),  # two pairs, no wild
    ("KS KH QS QH 2C", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, False),  # a queen left over
    ("KS KH KD QS QH 2C", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, True),  # pair and the wild
    ("KS KH 2C 2D 2H JK", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, True),   # 3 wilds + discard
    ("KS KH 2C 2D 2H JK JK", {7: "7S 7H 7D 7C 2S 2H JK"}, None, False),  # no room left
    ("KS KH 2C 2D 2H JK JK", {7: "7S 7H 7D 7C 7S 7H 2S"}, None, True),   # two onto the 7s
    ("3S 3C 3S", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, True),  # three black threes meld
    ("3S 3C KS", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, False),  # two black threes: no
    ("3S KS KH KD", {7: "7S 7H 7D 7C 7S 7H 7D"}, None, True),  # one black three discarded
    ("7S 7H 7D 7C 7S 7H 7D KS", {}, 35, True),           # 35 of 35 needed to open
    ("7S 7H 7D 7C 7S 7H 7D KS", {}, 36, False),          # 36: the king is discarded
    ("7S 7H 7D 7C 7S 7H 7D 4S", {}, 36, False),
])
def test_meld_out_possible_table(hand, melds, need, able):
    """21.2 / 21.5 / 21.6.2: the final table of a going-out turn, row by row."""
    from pelit.games.canasta import meld_out_possible
    table = [0] * 16
    for r, text in melds.items():
        table[r] = mask_of(DECK.parse_many(text))
    h = mask_of(DECK.parse_many(hand, DECK.all_mask & ~mask_of(
        c for r in melds for c in ids(table[r]))))
    assert meld_out_possible(h, table, need) is able


def _goes_out_by_search(state, seat):
    """Every sequence of the seat's own legal actions this turn, tried on
    copies (no question asked): does one end in going out?"""
    root = state.clone()
    skip = {G.A_ASK, G.A_YES, G.A_NO}
    seen = set()

    def search(s):
        key = (s.phase, s.hands[seat], tuple(s.melds[seat & 1]), s.tent)
        if key in seen:
            return False
        seen.add(key)
        for a in G.legal_actions(s, seat):
            if a in skip:
                continue
            t = s.clone()
            n = len(t.events)
            G.apply(t, a, seat)
            if any(e.kind == "went_out" and e.seat == seat for e in t.events[n:]):
                return True
            if t.to_act == (seat,) and t.outcome is None \
                    and not any(e.kind == "opening_failed" for e in t.events[n:]) and search(t):
                return True
        return False
    return search(root)


def test_could_go_out_agrees_with_trying_every_legal_sequence(monkeypatch):
    """21.6.5 (the judge of "can go out"): on turns of bot deals with small
    hands, ``could_go_out`` says yes exactly when some sequence of legal
    actions in the turn ends in going out; the family engine's own search
    (which Samba, Contract Samba and Hand and Foot use) says the same, with
    small piles (a big taken pile makes the search long)."""
    from pelit.bots import make_bot
    from pelit.cards.meld_game import DeclaredOpeningMeldGame
    monkeypatch.setattr(G, "go_out_search_limit", 10**6)
    monkeypatch.setattr(G, "go_out_search_cards", 10**6)
    from pelit.games.canasta import Phase
    checked = able = 0
    for seed in range(3):
        s = G.new_state(seed=seed, deals=1)
        bots = [make_bot("heuristic", G, p, seed) for p in range(4)]
        while s.outcome is None:
            p = s.to_act[0]
            if s.phase in (Phase.DRAW, Phase.MELD) and s.ask is None \
                    and s.hands[p].bit_count() <= 6:
                fast = G.could_go_out(s, p)
                assert fast == _goes_out_by_search(s, p), (seed, len(s.history))
                if len(s.pile) <= 8:
                    assert fast == DeclaredOpeningMeldGame.could_go_out(G, s, p), \
                        (seed, len(s.history))
                checked += 1
                able += fast
            G.apply(s, bots[p].choose(G.view(s, p)), p)
    assert checked > 20 and 0 < able < checked
