"""Samba by seed 000 ch. 23 (differences from Canasta ch. 21): scripted deals.

Deal order as in Canasta: one card at a time from seat 0 (dealer 3), fifteen
rounds, the turn-up, then the stock top first.  ``pack`` fills each hand
with single cards whose suits alternate by rank, so fillers make no runs.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.cards.melds import opening_requirement
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.samba import BLACK3, DECK, OPENING_ZONES, RUN, T, score_deal
from pelit.sim.runner import play_match

G = pelit.load("samba")


def pack(hands=("", "", "", ""), pile="4C", stock=""):
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
        for rnd in range(3):
            for r in range(14, 3, -1):
                if len(cards) >= 15:
                    break
                if r in ranks and rnd == 0:
                    continue
                suit = (p + r + rnd) % 4
                pool = ids(T.rank[r] & DECK.suit_mask[suit] & ~used) or ids(T.rank[r] & ~used)
                if pool and r not in {DECK.rank_of[c] for c in spec[p]}:
                    cards.append(pool[0])
                    used |= 1 << pool[0]
        assert len(cards) == 15
        full.append(cards)
    order = [full[p][k] for k in range(15) for p in range(4)]
    order += spec[4] + spec[5]
    rest = [c for c in range(DECK.size) if not (used >> c) & 1]
    rest.sort(key=lambda c: ((T.red3 >> c) & 1, (T.wild >> c) & 1, (T.black3 >> c) & 1, c))
    return DECK.texts(order + rest)


def new(hands=("", "", "", ""), pile="4C", stock="", **opts):
    return G.new_state(seed=1, decks=[pack(hands, pile, stock)], **opts)


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def filler(s, p, avoid=()):
    """A card of seat p to discard: a natural of a rank not in ``avoid``."""
    for c in ids(s.hands[p] & T.natural):
        if DECK.rank_of[c] not in avoid:
            return DECK.text(c)
    raise AssertionError("no filler")


# -- 23.1 and 23.3 ---------------------------------------------------------------------

def test_three_packs_fifteen_cards_each():
    s = new()
    v = s.view(0)
    assert DECK.size == 162 and v["hand_sizes"] == [15] * 4
    assert v["stock"] == 162 - 60 - 1


def test_drawing_takes_two_cards():
    s = new(stock="9C 9D")
    s.play("draw")
    assert s.hands[0].bit_count() == 17 and s.view(1)["stock"] == 99


def test_one_card_left_is_taken_and_an_empty_stock_ends_the_deal():
    s = new()
    s.stock = s.stock[-1:]
    s.play("draw")
    assert s.hands[0].bit_count() == 16
    s.play("discard " + filler(s, 0))
    s.play("draw")
    ev = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert ev["reason"] == "the stock ran out"


# -- 23.2 melds ---------------------------------------------------------------------------

def test_several_melds_of_a_rank_and_at_most_two_wild_cards():
    s = new(hands=("AS AH AD AC AS AH 2S 2H JK", "", "", ""))
    s.play("draw")
    s.play("meld a a a")
    s.play("meld a a 2")                     # a second meld of aces (23.2)
    assert [k for k in s.mkey[0]] == [14, 14]
    s.play("add 2 to meld 2")                # two wild cards: the limit
    assert "add jk to meld 2" not in legal(s)
    assert "add jk to meld 1" in legal(s)


def test_runs_of_one_suit_grow_at_both_ends_up_to_seven():
    s = new(hands=("7H 8H 9H 6H TH 5H JH QH 2S", "", "", ""))
    s.play("draw")
    assert "meld 7h 8h 9h" in legal(s)
    s.play("meld 9H 7H 8H")                  # suits and any order accepted
    assert s.mkey[0] == [RUN + 1]
    assert "add 2 to meld 1" not in legal(s)  # no wild cards in a run
    assert "add qh to meld 1" not in legal(s)  # not next to the ends
    for t in ("6h", "th", "5h", "jh"):
        s.play(f"add {t} to meld 1")
    assert s.mmask[0][0].bit_count() == 7    # a samba: complete
    assert "add qh to meld 1" not in legal(s)


def test_no_wild_card_onto_a_complete_canasta_but_naturals_go_on():
    s = new(hands=("KS KH KD KC KS KH KD KC 2S 2H", "", "", ""), stock="9C 9D")
    s.play("draw")
    s.play("meld k k 2")
    for _ in range(4):
        s.play("add ks to meld 1") if "add ks to meld 1" in legal(s) else \
            s.play(next(t for t in sorted(legal(s)) if t.startswith("add k")))
    assert s.mmask[0][0].bit_count() == 7    # a mixed canasta
    assert not any(t.startswith("add 2 ") for t in legal(s))
    assert any(t.startswith("add k") for t in legal(s))


# -- 23.4 the pile --------------------------------------------------------------------------

def test_unfrozen_pile_taken_with_a_natural_pair_only():
    s = new(hands=("AS AH AD", "QD", "QS QH 2C", ""), stock="4H 4D 5H 5D")
    s.play("draw")
    s.play("meld a a a")
    s.play("discard " + filler(s, 0, avoid=(14, 12)))
    s.play("draw")
    s.play("discard QD")
    assert s.to_act == (2,) and not s.view(2)["pile_frozen"]
    takes = {t for t in legal(s) if t.startswith("take")}
    assert takes == {"take pile with q q"}   # 23.4: no pair with a wild card
    s.play("take pile with q q")
    assert s.mkey[0] == [14, 12]


def test_top_card_extending_a_run_takes_the_pile():
    s = new(hands=("7H 8H 9H AS AH AD", "TH", "", ""), stock="4S 4D 5S 5D")
    s.play("draw")
    s.play("meld a a a")
    s.play("meld 7h 8h 9h")
    s.play("discard " + filler(s, 0, avoid=(14, 7, 8, 9, 10)))
    s.play("draw")
    s.play("discard TH")
    assert "take pile to meld 2" in legal(s)        # seat 2: the team's run 7-9
    s.play("take pile to meld 2")
    assert s.mmask[0][1].bit_count() == 4 and s.pile == []


def test_a_finished_canasta_does_not_take_the_pile():
    s = new(hands=("KS KH KD KC KS KH KD", "KC", "", ""), stock="4S 4D 5S 5D")
    s.play("draw")
    s.play("meld k k k")
    for _ in range(4):
        s.play(next(t for t in sorted(legal(s)) if t.startswith("add k")))
    s.play("discard " + filler(s, 0, avoid=(13,)))
    s.play("draw")
    s.play("discard KC")
    assert "take pile to meld 1" not in legal(s)     # 23.4 (a natural pair still would)
    with pytest.raises(IllegalAction):
        s.play("take pile to meld 1")


def popcount(m):
    return m.bit_count()


# -- 23.5 going out ------------------------------------------------------------------------

def test_going_out_with_two_complete_melds_scores_200():
    s = new(hands=("4H 5H 6H 7H 8H 9H TH KS KH KD KC KS KH KD JS", "", "", ""),
            stock="JH JD")
    s.play("draw")
    s.play("meld 4h 5h 6h")
    for t in ("7h", "8h", "9h", "th"):
        s.play(f"add {t} to meld 1")         # a samba
    s.play("meld k k k")
    for _ in range(4):
        s.play(next(t for t in sorted(legal(s)) if t.startswith("add k")))
    s.play("meld j j j")                     # the hand is empty: out (23.5)
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "seat 0 went out"
    line = sc["lines"][0]
    assert line["going out"] == 200 and line["sambas"] == 1500 and line["natural canastas"] == 500
    assert "opening and going out" not in line                # 23.5: no such bonus


def test_one_complete_meld_is_not_enough_to_go_out():
    s = new(hands=("4H 5H 6H 7H 8H 9H TH KS KH KD KC KS KH JS 5C", "", "", ""),
            stock="JH JD")
    s.play("draw")
    s.play("meld 4h 5h 6h")
    for t in ("7h", "8h", "9h", "th"):
        s.play(f"add {t} to meld 1")
    s.play("meld k k k")
    for _ in range(3):
        s.play(next(t for t in sorted(legal(s)) if t.startswith("add k")))
    assert s.hands[0].bit_count() == 4       # J J J 5C, six kings on the table
    assert "meld j j j" not in legal(s)      # it would leave one card: 23.5


# -- 23.6, 23.7 scoring ----------------------------------------------------------------------

@pytest.mark.parametrize("score,need", [(-5, 0), (0, 50), (1495, 50), (1500, 90),
                                        (2995, 90), (3000, 120), (6995, 120), (7000, 150)])
def test_opening_zones(score, need):
    assert opening_requirement(score, OPENING_ZONES) == need


def test_score_deal_row_by_row():
    samba = mask_of(DECK.parse_many("4H 5H 6H 7H 8H 9H TH"))             # 5*4+10*3 = 50
    nat = mask_of(DECK.parse_many("KS KH KD KC KS KH KD"))               # 70
    mixed = mask_of(DECK.parse_many("AS AH AD AC AS 2S JK"))             # 100+70
    small = mask_of(DECK.parse_many("QS QH QD"))                         # 30
    keys = [[RUN + 1, 13, 14], [12]]
    masks = [[samba, nat, mixed], [small]]
    hand0 = mask_of(DECK.parse_many("4S"))
    hand1 = mask_of(DECK.parse_many("JK 3S"))
    a, b = score_deal(keys, masks, [4, 2], [hand0, hand1], 0, [0, 1])
    assert a == {"melded cards": 50 + 70 + 170, "sambas": 1500, "natural canastas": 500,
                 "mixed canastas": 300, "red threes": 400, "going out": 200,
                 "cards in hand": -5, "penalties": 0, "total": 3185}
    assert b == {"melded cards": 30, "sambas": 0, "natural canastas": 0, "mixed canastas": 0,
                 "red threes": -200, "going out": 0, "cards in hand": -55,
                 "penalties": -300, "total": -525}
    assert BLACK3 == 3


def test_red_threes_are_minus_with_one_canasta_even_after_opening():
    nat = mask_of(DECK.parse_many("KS KH KD KC KS KH KD"))
    a, _ = score_deal([[13], []], [[nat], []], [1, 0], [0, 0], None, [0, 0])
    assert a["red threes"] == -100


# -- text and bad input ------------------------------------------------------------------------

def test_bad_actions_change_nothing():
    s = new(hands=("AS AH AD", "", "", ""))
    before = (s.hands.copy(), len(s.history))
    with pytest.raises(IllegalAction, match="draw or take the pile first"):
        s.play("meld a a a")
    with pytest.raises(ParseError):
        s.play("add 3h to meld 1")
    s.play("draw")
    with pytest.raises(IllegalAction, match="no meld 4"):
        s.play("add ah to meld 4")
    assert len(s.history) == before[1] + 1


# -- the bot -----------------------------------------------------------------------------------

def test_heuristic_bots_meld_runs_take_piles_and_go_out():
    kinds = {}
    runs = 0
    for seed in range(3):
        s = play_match(G, ["heuristic"], seed, deals=1)
        for e in s.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
        runs += sum(1 for t in (0, 1) for k in s.mkey[t] if k >= RUN)
    assert kinds.get("meld", 0) > 5 and kinds.get("take_pile", 0) > 2
    assert kinds.get("went_out", 0) >= 2


def test_frozen_pile_is_taken_as_in_canasta_with_a_natural_pair():
    # 23.4 / 21.6.1: the turned-up two froze the pile; the run would not take it
    s = new(hands=("7H 8H 9H AS AH AD", "TH", "", ""), pile="2D 8C", stock="4S 4D 5S 5D")
    assert s.view(0)["pile_frozen"]
    s.play("draw")
    s.play("meld a a a")
    s.play("meld 7h 8h 9h")
    s.play("discard " + filler(s, 0, avoid=(14, 7, 8, 9, 10)))
    s.play("draw")
    s.play("discard TH")
    assert "take pile to meld 2" not in legal(s)


def test_red_three_drawn_is_laid_and_replaced():
    s = new(stock="3H 9C 9D")
    s.play("draw")                           # 3H laid, replaced by 9C; then 9D
    assert s.red3[0].bit_count() == 1 and s.hands[0].bit_count() == 17


# -- on screen ---------------------------------------------------------------------------------

def test_screen_numbers_melds_and_names_what_is_missing():
    """The terminal shows each team's melds numbered as ``add .. to meld N``
    names them, runs by suit with what a samba still needs (23.2), the
    two-canastas count for going out (23.5) and red threes' sign (23.6); a
    meld of cards the player does not hold says which are missing."""
    s = new(hands=("7H 8H 9H AS AH AD", "", "", ""), stock="4S 4D 5S 5D")
    s.play("draw")
    with pytest.raises(IllegalAction, match="you do not hold a two"):
        s.play("meld q q 2")
    with pytest.raises(IllegalAction, match="you do not hold 10♥ J♥"):
        s.play("meld 9h 10h jh")
    s.play("meld a a a")
    s.play("meld 7h 8h 9h")
    board = G.render_board(s.view(0))
    assert "Your team (You, Seat 2)" in board
    assert "meld 1  As" in board and "meld 2  run ♥" in board
    assert "4 more for a samba" in board and "canastas/sambas 0 (2 to go out)" in board
    assert "Opening so far: 85 of 50" in board
    assert "(not frozen)" in board


def test_deal_scoring_on_screen_names_each_teams_seats():
    # the deal's scoring lines of both teams, each named by its seats
    from pelit.cli.render import describe_event
    s = play_match(G, ["heuristic"], 3, deals=1)
    ev = [e for e in s.events if e.kind == "deal_scored"][-1]
    text = describe_event(G, ev.for_seat(0), 0, None, 4).plain
    assert text.startswith("Deal scored (") and "seats 0+2: " in text and "seats 1+3: " in text


def test_a_discard_refused_for_a_short_opening_says_so_for_any_copy_of_a_card():
    # 23.7: the opening must be made before the discard; the third copy of
    # 7S (drawn here) is in the hand just as the first would be
    s = new(hands=("5S 5H 5D", "7S 7S", "", ""), stock="7S 4H")
    s.play("draw")
    s.play("meld 5 5 5")
    with pytest.raises(IllegalAction, match="15 of the 50 needed"):
        s.play("discard 7S")


def test_terminal_table_shows_no_raw_view_fields_beside_the_board():
    # the board says whether a team has opened; the view's bookkeeping field
    # for an opening made this turn is not a line of its own
    from rich.console import Console
    from pelit.cli import render
    s = new(hands=("AS AH AD", "", "", ""))
    console = Console(width=120, record=True)
    console.print(render.table_renderable(G, s.view(0)))
    text = console.export_text()
    assert "first melds need 50 points" in text and "opened now" not in text


# -- 21.6.5 / 22.8.4 as in Canasta: "May I go out?" asked when unable ----------------

def _penalty_reasons(s):
    return [e.public["reason"] for e in s.events if e.kind == "penalty"]


GOING_OUT_HAND = "4H 5H 6H 7H 8H 9H TH KS KH KD KC KS KH KD JS"


def test_asking_when_unable_costs_300_whatever_the_partner_answers():
    """23 (Canasta's rules unless said otherwise) with 21.6.5: fillers after
    the draw cannot make the two canastas going out needs; "no" changes nothing."""
    s = new()
    s.play("draw")
    s.play("ask go out")
    s.play("no")
    assert s.penalties == [1, 0]
    assert _penalty_reasons(s) == ["asked 'May I go out?' but could not go out"]
    s.play("discard " + filler(s, 0))
    assert s.penalties == [1, 0]


def test_asking_when_able_and_told_no_costs_nothing():
    """22.8.4: a samba, a canasta of kings and three jacks can go out; asked
    and told "no", the turn ends with a discard and no penalty."""
    s = new(hands=(GOING_OUT_HAND, "", "", ""), stock="JH JD")
    s.play("draw")
    assert G.could_go_out(s, 0)
    s.play("ask go out")
    s.play("no")
    s.play("discard JS")
    assert s.penalties == [0, 0] and _penalty_reasons(s) == []


def _samba_on_table(hand, stock):
    """Seat 0's team has opened with a samba of hearts; seat 0 holds ``hand``
    and the stock gives ``stock`` next (set up directly)."""
    s = new(hands=(hand, "", "", ""), stock=stock)
    s.hands[0] = mask_of(DECK.parse_many(hand, s.hands[0]))
    free = DECK.all_mask & ~mask_of(s.stock[-2:]) & ~mask_of(s.pile)
    for h in s.hands:
        free &= ~h
    run = mask_of(DECK.parse_many("4H 5H 6H 7H 8H 9H TH", free))
    s.mkey[0], s.mmask[0], s.opened[0] = [RUN + 1], [run], True
    return s


@pytest.mark.parametrize("hand,stock,able", [
    ("KS KH KD KC KS", "KH KD", True),       # seven kings: the second complete meld
    ("KS KH KD KC JK", "2C 2D", False),      # 23.2: at most two wild cards, six kings' meld
])
def test_asker_judged_before_the_draw_with_the_cards_the_stock_gives(hand, stock, able):
    """21.6.4 / 21.6.5 in Samba: asked before drawing, the two cards the stock
    would give count; going out needs two complete melds (23.5)."""
    s = _samba_on_table(hand, stock)
    assert G.could_go_out(s, 0) is able
    s.play("ask go out")
    s.play("no", 2)
    assert s.penalties == [0 if able else 1, 0]
