"""Contract Samba rule pieces by seed 000 ch. 24, each test citing its section.

Cards are written as text (``KH AH 2H``); within one text the copies of the
three packs are taken in order, so ``7H 7H`` are two different sevens of hearts.
"""

from __future__ import annotations

import pytest

from pelit.cards.deck import mask_of
from pelit.cards.melds import opening_requirement
from pelit.core.errors import IllegalAction, PelitError
from pelit.games import contract_samba as C
from pelit.games.contract_samba import (BLACK3, CANASTA_TYPE, CLUBS, DECK, DIAMONDS,
                                        DOUBLE, HEARTS, OPENING_ZONES, PASS, RUN, SPADES,
                                        TWOS, TWOS_TYPE, Auction)

S, H, D_, CL = 0, 1, 2, 3      # deck suit order SHDC


def m(text):
    """A mask of the cards (distinct copies within one call)."""
    return mask_of(DECK.parse_many(text))


def ids_of(text):
    return DECK.parse_many(text)


# -- 24.2 auction ---------------------------------------------------------------
def test_bid_order_number_then_type():
    """24.2: clubs < diamonds < hearts < spades < canasta < canasta of twos."""
    order = [C.bid_value(1, k) for k in (CLUBS, DIAMONDS, HEARTS, SPADES, CANASTA_TYPE,
                                         TWOS_TYPE)]
    assert order == sorted(order)
    assert C.bid_value(2, CLUBS) > C.bid_value(1, TWOS_TYPE)


def test_bid_must_be_higher():
    """24.2: each bid beats the previous; the same number needs a higher type."""
    a = Auction(first=0)
    a.call(0, (2, HEARTS))
    assert (2, HEARTS) not in a.legal(1) and (2, DIAMONDS) not in a.legal(1)
    assert (2, SPADES) in a.legal(1) and (3, CLUBS) in a.legal(1)
    calls = list(a.calls)
    with pytest.raises(IllegalAction):
        a.call(1, (1, TWOS_TYPE))
    assert a.calls == calls
    with pytest.raises(IllegalAction):
        a.call(2, (3, CLUBS))            # out of turn
    assert a.calls == calls


def test_three_passes_end_after_a_bid_and_passed_player_may_bid_again():
    """24.2: a passed player may bid later; three passes in a row end it."""
    a = Auction(first=1)
    a.call(1, PASS)
    a.call(2, (1, CLUBS))
    a.call(3, PASS)
    a.call(0, PASS)
    a.call(1, (1, SPADES))               # seat 1 passed before and bids now
    a.call(2, PASS)
    a.call(3, PASS)
    assert not a.over
    a.call(0, PASS)
    assert a.over
    assert a.contracts()[0] == (1, (1, SPADES), False)


def test_four_passes_without_a_bid_no_contract():
    """24.2 / 24.3: four passes and nobody bid: no contract."""
    a = Auction(first=0)
    for p in range(3):
        a.call(p, PASS)
    assert not a.over
    a.call(3, PASS)
    assert a.over and a.contracts() == []


def test_double_only_an_opponents_bid_and_it_ends_the_auction():
    """24.2: double only when the opponents made the highest bid; it ends the
    auction; the declarer is the bidder, not the doubler."""
    a = Auction(first=0)
    a.call(0, (3, HEARTS))
    a.call(1, PASS)
    assert DOUBLE not in a.legal(2)       # partner's bid
    with pytest.raises(IllegalAction):
        a.call(2, DOUBLE)
    a.call(2, PASS)
    assert DOUBLE in a.legal(3)
    a.call(3, DOUBLE)
    assert a.over and a.doubled
    assert a.contracts()[0] == (0, (3, HEARTS), True)
    with pytest.raises(IllegalAction):
        a.call(0, PASS)


def test_contract_passes_down_undoubled():
    """24.3 (decision): the contracts pass down bid by bid, the double stays
    with the highest one."""
    a = Auction(first=0)
    a.call(0, (1, CLUBS))
    a.call(1, (2, CLUBS))
    a.call(2, (4, SPADES))
    a.call(3, DOUBLE)
    assert a.contracts() == [(2, (4, SPADES), True), (1, (2, CLUBS), False),
                             (0, (1, CLUBS), False)]
    b = a.clone()
    assert b.calls == a.calls and b.calls is not a.calls


def test_failed_declarer_opening_passes_the_contract_down():
    """24.3: the declarer who cannot open loses 1000 and the next bid becomes
    the contract; nobody able to open: no contract, the player left of the
    dealer starts."""
    a = Auction(first=0)
    a.call(0, (1, CLUBS))
    a.call(1, (2, HEARTS))
    a.call(2, (4, SPADES))
    a.call(3, PASS)
    a.call(0, PASS)
    a.call(1, PASS)
    opens = {(2, (4, SPADES)): False, (1, (2, HEARTS)): True, (0, (1, CLUBS)): True}
    contract, pen = C.settle_contract(a.contracts(), lambda p, b: opens[(p, b)])
    assert contract == (1, (2, HEARTS), False) and pen == [2]
    assert C.first_to_play(3, contract) == 1
    contract, pen = C.settle_contract(a.contracts(), lambda p, b: False)
    assert contract is None and pen == [2, 1, 0]
    assert C.first_to_play(3, None) == 0
    lines = C.score_deal([[], []], [0, 0], [0, 0], None, [2, 1])
    assert lines[0]["penalties"] == -2000 and lines[1]["penalties"] == -1000


# -- 24.6 melds ---------------------------------------------------------------------
def test_samba_meld_twos_threes_and_round_the_corner():
    """24.6: one suit in sequence; twos and threes natural; Q-K-A-2-3 valid."""
    assert C.samba_meld_ok(m("QH KH AH 2H 3H"))
    assert C.samba_meld_ok(m("2S 3S 4S"))
    assert C.samba_meld_ok(m("KD AD 2D"))
    assert not C.samba_meld_ok(m("QH KH 2H"))           # gap
    assert not C.samba_meld_ok(m("QH KH JK"))           # no wild cards
    assert not C.samba_meld_ok(m("QH KH AS"))           # one suit
    assert not C.samba_meld_ok(m("7H 7H 8H"))           # no repeats
    assert not C.samba_meld_ok(m("4C 5C"))              # three at least
    assert not C.samba_meld_ok(m("4C 5C 6C 7C 8C 9C TC JC"))   # seven at most
    assert C.meld_ok(RUN + H, m("QH KH AH"))
    assert not C.meld_ok(RUN + S, m("QH KH AH"))


def test_canasta_meld_of_a_rank_and_of_twos():
    """24.6: two natural at least, two wild at most, no threes; twos meld with
    at most two jokers."""
    assert C.rank_meld_ok(9, m("9H 9S 2C"))
    assert C.rank_meld_ok(9, m("9H 9S 9D JK 2C"))
    assert not C.rank_meld_ok(9, m("9H 2S 2C"))
    assert not C.rank_meld_ok(9, m("9H 9S 9D JK 2C 2D"))
    assert not C.meld_ok(BLACK3, m("3H 3S 3C"))
    assert C.twos_meld_ok(m("2H 2S 2C"))
    assert C.twos_meld_ok(m("2H 2S JK JK"))
    assert not C.twos_meld_ok(m("2H 2S JK JK JK"))
    assert C.canasta_kind(TWOS, m("2H 2S 2C 2D 2H 2S 2C")) == "natural"
    assert C.canasta_kind(TWOS, m("2H 2S 2C 2D 2H JK JK")) == "mixed"


def test_what_may_be_added():
    """24.6: natural cards onto a complete mixed canasta only; no wild cards on a
    complete meld; nothing onto a natural canasta, twos canasta or samba."""
    mixed = m("8H 8S 8C 8D 8H 8S JK")
    natural = m("7H 7S 7C 7D 7H 7S 7C")
    assert C.may_add(8, mixed, ids_of("8C")[0])
    assert not C.may_add(8, mixed, ids_of("2C")[0])
    assert not C.may_add(7, natural, ids_of("7D")[0])
    twos = m("2H 2S 2C 2D 2H 2S JK")
    assert not C.may_add(TWOS, twos, ids_of("2C")[0])
    samba = m("5H 6H 7H 8H 9H TH JH")
    assert not C.may_add(RUN + H, samba, ids_of("QH")[0])
    run = m("KH AH 2H")
    assert C.may_add(RUN + H, run, ids_of("3H")[0])
    assert C.may_add(RUN + H, run, ids_of("QH")[0])
    assert not C.may_add(RUN + H, run, ids_of("JK")[0])
    assert C.may_add(9, m("9H 9S"), ids_of("JK")[0])


# -- 24.3 / 24.5 openings -------------------------------------------------------------
def test_declarer_opening_by_points_at_level_three_or_less():
    """24.3: level 1-3: the required points (or a complete canasta)."""
    melds = [(RUN + H, m("4H 5H 6H"))]
    assert not C.declarer_opening_ok(melds, (3, HEARTS), 50)
    assert C.declarer_opening_ok([(14, m("AH AS AC"))], (3, HEARTS), 50)
    canasta = [(5, m("5H 5S 5C 5D 5H 5S 5C"))]
    assert C.declarer_opening_ok(canasta, (1, CLUBS), 200)


def test_declarer_opening_by_contract_type_from_level_four():
    """24.3: level 4+: three in sequence of the suit (round the corner, twos and
    threes), four of a rank (not threes), four twos."""
    assert C.declarer_opening_ok([(RUN + H, m("KH AH 2H"))], (4, HEARTS), 120)
    assert not C.declarer_opening_ok([(RUN + S, m("KS AS 2S"))], (4, HEARTS), 120)
    assert C.declarer_opening_ok([(RUN + CL, m("2C 3C 4C"))], (5, CLUBS), 120)
    assert C.declarer_opening_ok([(6, m("6H 6S 6C 6D"))], (4, CANASTA_TYPE), 120)
    assert not C.declarer_opening_ok([(6, m("6H 6S 6C JK"))], (4, CANASTA_TYPE), 120)
    assert C.declarer_opening_ok([(TWOS, m("2H 2S 2C 2D"))], (4, TWOS_TYPE), 200)
    assert not C.declarer_opening_ok([(TWOS, m("2H 2S 2C 2D"))], (3, TWOS_TYPE), 200)


def test_contract_type_openings_found_in_a_hand():
    """24.3: what a declarer's hand offers as a type opening from level four."""
    hand = m("KH AH 2H 6S 6S 6C 6D 2C 2D 2S 2H 9D")
    used = C.type_opening_in_hand(hand, (4, HEARTS))
    assert C.samba_meld_ok(used) and C.declarer_opening_ok([(RUN + H, used)], (4, HEARTS), 120)
    assert C.type_opening_in_hand(hand, (4, SPADES)) == 0
    assert C.type_opening_in_hand(hand, (3, HEARTS)) == 0
    quad = C.type_opening_in_hand(hand, (4, CANASTA_TYPE))
    assert quad & ~C.T.rank[6] == 0 and popcount_eq(quad, 4)
    twos = C.type_opening_in_hand(hand, (5, TWOS_TYPE))
    assert twos & ~mask_of(DECK.parse_many("2C 2D 2S 2H 2H")) == 0 and popcount_eq(twos, 4)
    runs = {(su, q) for su, q, _ in C.runs_in_hand(m("QC KC AC 2C 3C"))}
    assert runs == {(CL, 10), (CL, 11), (CL, 12)}       # Q-K-A, K-A-2, A-2-3


def popcount_eq(mask, n):
    return bin(mask).count("1") == n


def test_non_declarer_opening_twos_need_five():
    """24.5: points as in Canasta; a twos meld in it needs five twos; a complete
    canasta always opens."""
    assert not C.opening_ok([(TWOS, m("2H 2S 2C 2D"))], 50)
    assert C.opening_ok([(TWOS, m("2H 2S 2C 2D 2H"))], 50)
    assert C.opening_ok([(9, m("9H 9S 9C 9D 9H 9S 9C"))], 200)
    assert not C.opening_ok([(9, m("9H 9S 9C"))], 50)


def test_pile_cards_do_not_count_in_opening():
    """24.7: the pile-taking cards and the top card are not counted."""
    aces = m("AH AS AC")
    kings = m("KH KS KC")
    melds = [(14, aces), (13, kings)]
    assert C.opening_points(melds) == 90
    assert C.opening_points(melds, exclude=aces) == 30


# -- 24.7 the discard pile ------------------------------------------------------------
def test_frozen_pile_partial_taking():
    """24.7: a frozen pile gives the cards down to the topmost freezing card,
    with adjacent freezing cards."""
    pile = ids_of("4C 5D 2C JK 9H 9S 8C")
    assert C.pile_frozen(pile)
    assert C.pile_slice(pile) == 5              # 8C 9S 9H JK 2C
    pile2 = ids_of("4C 3H 7D 8C")
    assert C.pile_slice(pile2) == 3             # a red three freezes (24.8)
    assert C.pile_slice(ids_of("4C 5D 8C")) == 3   # unfrozen: the whole pile


def test_taking_needs_pair_or_triplet():
    """24.7: natural pair (unfrozen), natural triplet (frozen); never a two, a
    three or a joker on top by a pair."""
    hand = m("9H 9S")
    assert C.take_ok(ids_of("4C 9D"), hand, [], ("hand", 9))
    assert not C.take_ok(ids_of("JK 9D"), hand, [], ("hand", 9))
    assert C.take_ok(ids_of("JK 9D"), m("9H 9S 9C"), [], ("hand", 9))
    assert not C.take_ok(ids_of("4C 3S"), m("3S 3C"), [], ("hand", 3))


def test_taking_onto_a_short_canasta_meld():
    """24.7: pair/triplet and top card may go onto a meld of at most four cards
    (three when frozen)."""
    four = [(9, m("9H 9S 9C 2H"))]
    five = [(9, m("9H 9S 9C 9D 2H"))]
    assert C.take_ok(ids_of("4C 9D"), m("9H 9S"), four, ("meld", 0))
    assert not C.take_ok(ids_of("4C 9D"), m("9H 9S"), five, ("meld", 0))
    assert not C.take_ok(ids_of("JK 9D"), m("9H 9S 9C"), four, ("meld", 0))
    three = [(9, m("9H 9S 9C"))]
    assert C.take_ok(ids_of("JK 9D"), m("9H 9S 9C"), three, ("meld", 0))


def test_taking_by_continuing_a_samba_meld():
    """24.7: the top card continues a samba meld, frozen or not, twos and threes too."""
    run = [(RUN + H, m("KH AH 2H"))]
    assert C.take_ok(ids_of("JK 4C 3H"), 0, run, ("samba", 0))
    assert C.take_ok(ids_of("4C QH"), 0, run, ("samba", 0))
    assert not C.take_ok(ids_of("4C JH"), 0, run, ("samba", 0))


# -- 24.9 going out -------------------------------------------------------------------
def test_going_out_rules():
    """24.9: declarer side once the contract's points are reached; the others
    with two canastas (one natural) and a samba."""
    nat = (9, m("9H 9S 9C 9D 9H 9S 9C"))
    mix = (8, m("8H 8S 8C 8D 8H 8S JK"))
    samba = (RUN + S, m("5S 6S 7S 8S 9S TS JS"))
    assert C.may_go_out(True, [], 3000, (3, HEARTS))
    assert not C.may_go_out(True, [nat, mix, samba], 2990, (3, HEARTS))
    assert C.may_go_out(False, [nat, mix, samba], 0, (3, HEARTS))
    assert not C.may_go_out(False, [mix, mix, samba], 0, (3, HEARTS))
    assert not C.may_go_out(False, [nat, mix], 0, (3, HEARTS))
    assert C.may_go_out(True, [nat, mix, samba], 0, None)     # no contract


def test_declarer_progress_towards_going_out():
    """24.9 / 24.10: the declarer side goes out once its contract's points are
    reached; card points count only from level five."""
    nat = (9, m("9H 9S 9C 9D 9H 9S 9C"))
    samba = (RUN + S, m("5S 6S 7S 8S 9S TS JS"))
    got = C.progress([nat, samba], 0, 0, 2)
    assert got == 2200 and C.may_go_out(True, [], got, (2, HEARTS))
    assert C.progress([nat, samba], 1, 0, 2) == 1900
    assert not C.may_go_out(True, [], C.progress([nat, samba], 1, 0, 2), (2, HEARTS))
    assert C.progress([nat, samba], 0, 0, 5) == 2325     # 70 + 55 card points


# -- 24.10 / 24.11 scoring --------------------------------------------------------------
def test_scoring_table_rows():
    """24.10, row by row."""
    assert C.hand_value(m("3H")) == -500
    assert C.hand_value(m("3S")) == -100
    assert C.table_value([(RUN + H, m("3H 4H 5H"))]) == 15   # 5 + 5 + 5
    rows = {
        "natural twos": ((TWOS, m("2H 2S 2C 2D 2H 2S 2C")), 3000),
        "mixed twos": ((TWOS, m("2H 2S 2C 2D 2H JK JK")), 2000),
        "natural aces": ((14, m("AH AS AC AD AH AS AC")), 1000),
        "mixed aces": ((14, m("AH AS AC AD AH AS JK")), 500),
        "natural other": ((9, m("9H 9S 9C 9D 9H 9S 9C")), 500),
        "mixed other": ((9, m("9H 9S 9C 9D 9H 9S 2C")), 300),
    }
    for name, (meld, pts) in rows.items():
        line = C.team_lines([meld], 0, 0, False, 0)
        assert line["canastas"] == pts, name
    samba = C.team_lines([(RUN + S, m("5S 6S 7S 8S 9S TS JS"))], 0, 0, False, 0)
    assert samba["sambas"] == 1500
    out = C.team_lines([], 2, 0, True, 1)
    assert out["going out"] == 200 and out["red threes"] == -600 and out["penalties"] == -1000
    assert out["opening and going out"] == 0
    assert C.team_lines([], 0, 0, True, 0, concealed=True)["opening and going out"] == 100
    assert C.team_lines([], 0, 0, False, 0, concealed=True)["opening and going out"] == 0


def test_contract_made_and_failed_and_doubled():
    """24.10: made: half the contract to the declarer; failed: the whole to the
    opponents; doubled: both doubled.  Levels 1-4 leave out positive card points."""
    nat = (9, m("9H 9S 9C 9D 9H 9S 9C"))          # 500 bonus, 70 card points
    samba = (RUN + S, m("5S 6S 7S 8S 9S TS JS"))  # 1500, 55 card points
    melds = [[nat, samba], []]
    lines = C.score_deal(melds, [0, 0], [0, 0], 0, [0, 0], contract=(2, HEARTS),
                         declarer_team=0)
    assert lines[0]["contract"] == 1000 and lines[1]["contract"] == 0   # 2200 >= 2000
    # 3 hearts: 500 + 1500 (+ 200 going out) short of 3000: the opponents get 3000
    lines = C.score_deal(melds, [0, 0], [0, 0], 0, [0, 0], contract=(3, HEARTS),
                         declarer_team=0)
    assert lines[0]["contract"] == 0 and lines[1]["contract"] == 3000
    lines = C.score_deal(melds, [0, 0], [0, 0], 0, [0, 0], contract=(2, HEARTS),
                         declarer_team=0, doubled=True)
    assert lines[0]["contract"] == 2000
    lines = C.score_deal(melds, [0, 0], [0, 0], 0, [0, 0], contract=(3, HEARTS),
                         declarer_team=0, doubled=True)
    assert lines[1]["contract"] == 6000
    # positive card points do not count below level five: 2000 alone is 2 made
    lines = C.score_deal(melds, [0, 0], [0, 0], None, [0, 0], contract=(2, HEARTS),
                         declarer_team=0)
    assert lines[0]["contract"] == 1000
    lines = C.score_deal([[(9, m("9H 9S 9C"))], []], [0, 0], [0, 0], None, [0, 0],
                         contract=(1, HEARTS), declarer_team=0)
    assert lines[1]["contract"] == 1000              # 30 card points do not count
    # level five counts card points too: 500 + 1500 + 200 + 125 = 2325 < 5000
    lines = C.score_deal(melds, [0, 0], [0, 0], 0, [0, 0], contract=(5, HEARTS),
                         declarer_team=0)
    assert lines[1]["contract"] == 5000
    for line in lines:
        assert line["total"] == sum(v for k, v in line.items() if k != "total")


def test_contract_void_when_stock_ends():
    """24.10: the draw deck ends: no contract bonus either way."""
    lines = C.score_deal([[], []], [0, 0], [0, 0], None, [0, 0], contract=(4, SPADES),
                         declarer_team=1, void=True)
    assert lines[0]["contract"] == lines[1]["contract"] == 0


def test_opening_zones_and_target():
    """24.11: zones to 200, game to 20 000."""
    assert [opening_requirement(x, OPENING_ZONES)
            for x in (-5, 0, 1495, 1500, 2995, 3000, 6995, 7000, 9995, 10000)] == \
        [15, 50, 50, 90, 90, 120, 120, 150, 150, 200]
    assert C.TARGET == 20000
    assert issubclass(IllegalAction, PelitError)


# -- the bidding of the future bot (24.2 / 24.3) -------------------------------------------
def test_bot_bids_only_types_it_can_open_from_level_four_and_passes_weak_hands():
    """24.3: from level four a failed opening costs 1000, so the bot bids a type
    it holds; a weak hand passes; it does not overbid its partner."""
    from pelit.bots.contract_samba import best_type, choose_call, hand_worth

    strong = m("KH AH 2H 2C 2D 2S JK JK 9S 9C 7D 7C QS QD 5H")
    assert hand_worth(strong) >= 3
    a = Auction(first=0)
    call = choose_call(strong, a.legal(0), 0, a.highest())
    assert call == (1, TWOS_TYPE)           # four twos: its best type
    a.call(0, call)
    weak = m("4H 6S 8C TD QH 5C 7S 9H JC KD AS 3S 3C 3S 3C")   # no pair, no run
    b = Auction(first=0)
    assert choose_call(weak, b.legal(0), 0, b.highest()) == PASS
    c = Auction(first=0)
    c.call(0, (3, CLUBS))
    c.call(1, PASS)
    assert choose_call(strong, c.legal(2), 2, c.highest()) == PASS     # partner's bid
    assert best_type(strong, 4) == TWOS_TYPE
    assert best_type(m("KH AH 2H 9S 9C"), 4) == HEARTS
    assert best_type(weak, 4) is None and best_type(weak, 2) == CLUBS


# ======================================================================================
# Scripted deals through the game.  Deal as in Samba: one card at a time from seat 0
# (dealer 3), fifteen rounds; after the hands the card turned to the pile once the
# auction and the declarer's opening are over, then the stock, top first.  ``pack``
# fills hands with single natural cards so fillers make no runs.
# ======================================================================================
import pelit  # noqa: E402
from pelit.cards.deck import ids  # noqa: E402

G = pelit.load("contract-samba")
T = C.T


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
        # rank r gets suit p+r, a second copy p+r+2: no three ranks in a row share a suit
        for shift in (0, 2):
            for r in range(14, 3, -1):
                if len(cards) >= 15 or (r in ranks and shift == 0):
                    continue
                if sum(1 for c in cards if DECK.rank_of[c] == r) >= 2:
                    continue
                pool = ids(T.rank[r] & DECK.suit_mask[(p + r + shift) % 4] & ~used)
                if pool:
                    cards.append(pool[0])
                    used |= 1 << pool[0]
        assert len(cards) == 15, (p, len(cards))
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


def all_pass(s):
    for p in range(4):
        s.play("pass", p)


def test_game_deal_and_auction_first():
    """24.1 / 24.2: 15 cards each from three packs; the auction comes before the
    pile is turned; the player left of the dealer calls first."""
    s = new()
    v = s.view(0)
    assert v["hand_sizes"] == [15] * 4 and v["pile"] == [] and v["phase"] == "auction"
    assert s.to_act == (0,)
    assert {"pass", "bid 1 clubs", "bid 7 twos"} <= legal(s, 0)
    assert "double" not in legal(s, 0)


def test_game_double_ends_auction_and_declarer_opens_with_contract_type():
    """24.2 / 24.3: a double ends the auction; the bidder (not the doubler) opens at
    once; at level four a run of the contract suit, round the corner, opens."""
    s = new(hands=("KH AH 2H", "", "", ""))
    s.play("bid 4 hearts", 0)
    s.play("double", 1)
    v = s.view(2)
    assert v["phase"] == "declare" and v["contract"] == {
        "declarer": 0, "level": 4, "type": "hearts", "doubled": True}
    assert s.to_act == (0,)
    assert "done" not in legal(s, 0)
    s.play("meld KH AH 2H", 0)
    assert "done" in legal(s, 0)
    s.play("done", 0)
    v = s.view(1)
    assert v["opened"] == [True, False] and [DECK.text(int(c)) for c in v["pile"]] == ["4C"]
    assert v["phase"] == "draw" and s.to_act == (0,)            # the declarer's turn


def test_game_failed_declarer_pays_1000_and_contract_passes_down():
    """24.3: a declarer who cannot open loses 1000; the next bid becomes the
    contract; with none left, no contract and the player left of the dealer starts."""
    s = new(hands=("", "", "KS AS 2S", ""))
    s.play("bid 1 clubs", 0)
    s.play("bid 4 spades", 1)
    s.play("pass", 2)
    s.play("pass", 3)
    s.play("pass", 0)
    assert s.to_act == (1,)
    s.play("cannot open", 1)
    v = s.view(0)
    assert v["declarer_penalties"] == [0, 1] and v["contract"]["declarer"] == 0
    assert s.to_act == (0,)
    s.play("cannot open", 0)
    v = s.view(0)
    assert v["contract"] is None and v["declarer_penalties"] == [1, 1]
    assert v["phase"] == "draw" and s.to_act == (0,)


def test_game_level_three_needs_points_not_the_type():
    """24.3: below level four the run of the contract suit is no opening."""
    s = new(hands=("5H 6H 7H", "", "", ""))
    s.play("bid 3 hearts", 0)
    for p in (1, 2, 3):
        s.play("pass", p)
    s.play("meld 5H 6H 7H", 0)
    assert "done" not in legal(s, 0) and "cannot open" in legal(s, 0)
    s.play("cannot open", 0)
    assert int(s.view(0)["hand"]) & mask_of(DECK.parse_many("5H 6H 7H")) != 0


def test_game_frozen_pile_taken_down_to_the_freezing_card_with_a_triplet():
    """24.7: a frozen pile needs a natural triplet and gives only the cards down
    to the freezing card; the pile-taking cards do not count for the opening."""
    s = new(hands=("JK", "9H", "8D", "8S 8C 8H AS AS AC"), pile="4C", stock="5D 6D 7D 9C 9D TD")
    all_pass(s)
    s.play("draw", 0)
    s.play("discard JK", 0)
    s.play("draw", 1)
    s.play("discard 9H", 1)
    s.play("draw", 2)
    s.play("discard 8D", 2)
    assert s.view(3)["pile_frozen"]
    opts = legal(s, 3)
    assert "take pile with 8 8 8" in opts and "take pile with 8 8" not in opts
    s.play("take pile with 8 8 8", 3)
    v = s.view(3)
    assert v["phase"] == "opening" and [DECK.text(int(c)) for c in v["pile"]] == ["4C"]
    assert {DECK.text(int(c)) for c in v["pile_aside"]} == {"9H", "JK"}
    assert "done" in legal(s, 3)               # 40 points of eights not counted ...
    stock = len(s.stock)
    s.play("done", 3)                          # ... so this opening fails
    assert len(s.stock) == stock               # 24.4: no stock card without the pile
    v = s.view(3)
    assert v["requirement_raise"] == [0, 10] and [DECK.text(int(c)) for c in v["pile"]] == \
        ["4C", "JK", "9H", "8D"]
    s = new(hands=("JK", "9H", "8D", "8S 8C 8H AS AS AC"), pile="4C", stock="5D 6D 7D 9C 9D TD")
    all_pass(s)
    for p, card in ((0, "JK"), (1, "9H"), (2, "8D")):
        s.play("draw", p)
        s.play(f"discard {card}", p)
    s.play("take pile with 8 8 8", 3)
    s.play("meld AS AS AC", 3)                 # 60 >= 50
    s.play("done", 3)
    v = s.view(3)
    assert v["opened"] == [False, True] and [DECK.text(int(c)) for c in v["pile"]] == ["4C"]
    assert {"9H", "JK"} <= {DECK.text(c) for c in ids(int(v["hand"]))}


def test_game_red_threes_laid_or_discarded():
    """24.8: a red three may stay in hand, be laid (-300) or be discarded, and a
    discarded one freezes the pile."""
    s = new(hands=("3H 3D", "", "", ""))
    all_pass(s)
    s.play("draw", 0)
    assert {"lay 3h", "lay 3d", "discard 3H"} <= legal(s, 0)
    s.play("lay 3h", 0)
    assert DECK.texts(int(s.view(1)["red_threes"][0])) == "3H"
    s.play("discard 3D", 0)
    assert s.view(1)["pile_frozen"]


def test_game_twos_meld_needs_five_twos_for_a_non_declarer_opening():
    """24.5: an opening with a canasta meld of twos needs five of them."""
    s = new(hands=("", "2S 2H 2D 2C 2S", "", ""))
    all_pass(s)
    s.play("draw", 0)
    s.play("discard " + DECK.text(ids(s.hands[0] & T.natural)[0]), 0)
    s.play("draw", 1)
    s.play("meld 2S 2H 2D", 1)
    s.play("add 2 to meld 1", 1)
    assert not any(t.startswith("discard") for t in legal(s, 1))     # 80 points, 4 twos
    s.play("add 2 to meld 1", 1)
    assert any(t.startswith("discard") for t in legal(s, 1))


def test_game_text_reads_runs_round_the_corner_and_twos_of_a_suit():
    """24.6: ``meld 2H KH AH`` is the run K-A-2; ``add 3H to meld 1`` continues it."""
    s = new(hands=("KH AH 2H 3H", "", "", ""))
    s.play("bid 4 hearts", 0)
    for p in (1, 2, 3):
        s.play("pass", p)
    s.play("meld 2H KH AH", 0)
    assert "add 3h to meld 1" in legal(s, 0)
    s.play("add 3H to meld 1", 0)
    assert sorted(DECK.texts(int(s.view(0)["melds"][0][0]["cards"])).split()) == \
        ["2H", "3H", "AH", "KH"]
    s.play("done", 0)
    s.play("draw", 0)
    qh = DECK.parse("QH", mask_of(s.stock))              # a queen of hearts from the stock
    s.stock.remove(qh)
    s.hands[0] |= 1 << qh
    assert "add qh to meld 1" in legal(s, 0)


def test_game_bots_bid_open_take_and_go_out():
    """The heuristic bots play whole deals: they bid, open, take piles, go out."""
    from pelit.sim.runner import play_match
    kinds = set()
    for seed in (1, 2, 3):
        st = play_match(G, ["heuristic"], seed, deals=1)
        kinds |= {e.kind for e in st.events}
    assert {"call", "contract", "opened", "take_pile", "went_out"} <= kinds


def _nine_on_the_pile(s):
    """Seat 0 draws and discards a card that is no nine; then a nine from
    the stock is put on the pile for seat 1 (set-up)."""
    s.play("draw", 0)
    s.play("discard " + DECK.text(ids(s.hands[0] & T.natural & ~T.rank[9])[0]), 0)
    nine = DECK.parse("9C", mask_of(s.stock))
    s.stock.remove(nine)
    s.pile.append(nine)
    s._legal = None


def _table(s, team, melds):
    """Put melds (key, card text) on a team's side, taking the cards from wherever
    they are (test set-up for the going-out rules)."""
    for key, text in melds:
        cards = mask_of(DECK.parse_many(text))
        for p in range(4):
            s.hands[p] &= ~cards
        s.stock = [c for c in s.stock if not (cards >> c) & 1]
        s.mkey[team].append(key)
        s.mmask[team].append(cards)
    s.opened[team] = True


NAT9 = (9, "9H 9S 9C 9D 9H 9S 9C")
MIX8 = (8, "8H 8S 8C 8D 8H 8S JK")
SAMBA_S = (RUN + S, "5S 6S 7S 8S 9S TS JS")


def _hand(s, p, text, stock):
    """Give seat p exactly ``text`` and put ``stock`` on top of the stock (set-up)."""
    k = mask_of(DECK.parse_many(text + " " + stock))
    for q in range(4):
        s.hands[q] &= ~k
    s.stock = [c for c in s.stock if not (k >> c) & 1]
    table = 0
    for t in (0, 1):
        for m_ in s.mmask[t]:
            table |= m_
    assert not table & k
    hand = mask_of(DECK.parse_many(text))
    top = DECK.parse_many(stock, k & ~hand)
    s.hands[p] = hand
    s.stock = s.stock + [c for c in ids(k & ~hand & ~mask_of(top))] + top[::-1]



def _after_first_turn(melds=(), hand="", stock=""):
    """A deal with no contract in which seat 0 drew and discarded: seat 1,
    to draw, holds exactly ``hand`` over ``stock``, with ``melds`` on team
    1's side (set-up for the going-out rules)."""
    s = new()
    all_pass(s)
    s.play("draw", 0)
    s.play("discard " + DECK.text(ids(s.hands[0] & T.natural)[0]), 0)
    if melds:
        _table(s, 1, melds)
    _hand(s, 1, hand, stock)
    return s

def test_game_opening_and_going_out_in_one_turn_scores_canastas_extra_100():
    """24.10 with Canasta 21.6.2 (decision in the module): a side that opens and
    goes out in the same turn gets 100 besides the 200 for going out."""
    s = _after_first_turn(hand=" ".join([NAT9[1], MIX8[1], SAMBA_S[1], "QC KD"]), stock="QD QS")
    s.play("draw", 1)
    for meld, adds in (("5s 6s 7s", "8s 9s ts js"), ("9 9 9", "9h 9s 9c 9s"),
                       ("8 8 8", "8h 8s 8s jk")):
        s.play("meld " + meld, 1)
        n = len(s.mmask[1])
        for card in adds.split():
            s.play(f"add {card} to meld {n}", 1)
    s.play("meld q q q", 1)
    s.play("discard KD", 1)
    scored = [e for e in s.events if e.kind == "deal_scored"][-1].public["lines"]
    assert scored[1]["going out"] == 200 and scored[1]["opening and going out"] == 100
    assert scored[0]["opening and going out"] == 0


def test_game_going_out_non_declarer_needs_two_canastas_one_natural_and_a_samba():
    """24.9: the other side (here: no contract) goes out with two canastas (one
    natural) and a samba, melding all but one card and discarding it."""
    for with_natural in (False, True):
        s = _after_first_turn([MIX8, SAMBA_S] + ([NAT9] if with_natural else []),
                              "4D 4S 4H QC KD", "QD QS")
        s.play("draw", 1)
        s.play("meld 4D 4S 4H", 1)
        assert ("meld q q q" in legal(s, 1)) is with_natural
    s.play("meld q q q", 1)
    s.play("discard KD", 1)
    scored = [e for e in s.events if e.kind == "deal_scored"][-1].public["lines"]
    assert scored[1]["going out"] == 200 and scored[1]["contract"] == 0
    assert any(e.kind == "went_out" for e in s.events)


def _declarer_opened_with_aces():
    """Seat 0 bids 1 clubs, everyone passes, and it opens with three aces (24.3)."""
    s = new(hands=("AH AS AD", "", "", ""))
    s.play("bid 1 clubs", 0)
    for p in (1, 2, 3):
        s.play("pass", p)
    s.play("meld AH AS AD", 0)
    s.play("done", 0)
    return s


def test_game_declarer_goes_out_once_the_contract_is_made():
    """24.9 / 24.10: the declarer side goes out when its contract's points are
    reached (card points left out below level five); made: half the contract."""
    for with_samba in (False, True):
        s = _declarer_opened_with_aces()
        _table(s, 0, [NAT9] + ([SAMBA_S] if with_samba else []))
        _hand(s, 0, "4D 4S 4H QC KD", "QD QS")
        s.play("draw", 0)
        s.play("meld 4D 4S 4H", 0)
        # 500 + 200 = 700 short of 1000; with the samba 2200
        assert ("meld q q q" in legal(s, 0)) is with_samba
    s.play("meld q q q", 0)
    s.play("discard KD", 0)
    scored = [e for e in s.events if e.kind == "deal_scored"][-1].public["lines"]
    assert scored[0]["contract"] == 500 and scored[1]["contract"] == 0


def test_game_every_legal_action_text_reads_back():
    """Text round trip in a whole bot deal (runs' twos keep their suit)."""
    from pelit.bots import make_bot
    s = G.new_state(seed=7, deals=1)
    bots = [make_bot("heuristic", G, p, seed=7) for p in range(4)]
    while s.outcome is None:
        p = s.to_act[0]
        for a in G.legal_actions(s, p):
            assert G.parse_action(s, G.action_text(a), p) == a, G.action_text(a)
        G.apply(s, bots[p].choose(G.view(s, p)), p)


def test_game_may_i_go_out_waits_for_the_partner_and_returns_to_the_draw():
    """21.6.5 as in Samba: "May I go out?" gives the partner the move, and only yes or
    no; the answer returns the asker to the draw, where the pile's own refusal applies.
    A world sampled while the question waits plays on the same way."""
    import random
    s = new()
    all_pass(s)
    s.play("ask go out", 0)
    assert s.to_act == (2,) and legal(s, 2) == {"yes", "no"}
    assert G.why_illegal(s, 2, G.A_DRAW) == "answer your partner: yes or no"
    world = G.sample_world(G.view(s, 2), random.Random(1))
    assert G.why_illegal(world, 2, G.A_DRAW) == "answer your partner: yes or no"
    for state in (s, world):
        state.play("yes", 2)
        assert state.to_act == (0,) and "draw" in legal(state, 0)
        assert G.why_illegal(state, 0, G.A_TAKE_WITH).startswith("to take the pile:")


def test_game_declarer_keeps_two_cards_and_red_three_laid_only_from_three():
    """24.3 (decision): the declarer's opening leaves at least two cards in hand;
    24.8 (decision): a red three is laid only while two more cards stay."""
    s = new(hands=("2S 2H 2D 2C 2S 2H 2D 2C 2S 2H 2D 2C JK", "", "", ""))
    s.play("bid 4 twos", 0)
    for p in (1, 2, 3):
        s.play("pass", p)
    # meld whatever can be melded: two cards always stay
    while any(t.startswith("add") or t.startswith("meld") for t in legal(s, 0)):
        s.play(sorted(t for t in legal(s, 0) if t.startswith(("add", "meld")))[0], 0)
        assert bin(s.hands[0]).count("1") >= 2
    assert bin(s.hands[0]).count("1") >= 2 and "done" in legal(s, 0)
    s = new(hands=("3H", "", "", ""))
    all_pass(s)
    s.play("draw", 0)
    s.hands[0] = mask_of(DECK.parse_many("3H 5C 9D"))
    s._legal = None                                   # set-up changed the hand
    assert "lay 3h" in legal(s, 0)
    s.hands[0] = mask_of(DECK.parse_many("3H 5C"))
    s._legal = None
    assert "lay 3h" not in legal(s, 0)


def test_game_unopened_team_takes_only_onto_a_new_meld():
    """24.7 (decision): a team that has not opened takes with its pair (triplet)
    as a new meld; runs and short melds need an opened team."""
    s = new(hands=("", "9H 9S", "9D", ""))
    all_pass(s)
    _nine_on_the_pile(s)
    opts = legal(s, 1)
    assert "take pile with 9 9" in opts
    assert not any(t.startswith("take pile to meld") for t in opts)


def test_game_board_text_names_the_contract_and_the_melds():
    """The terminal board shows the auction, then the contract and each team's melds."""
    s = new(hands=("KH AH 2H", "", "", ""))
    assert "Auction: no calls yet" in G.render_board(G.view(s, 0))
    s.play("bid 4 hearts", 0)
    s.play("double", 1)
    s.play("meld KH AH 2H", 0)
    s.play("done", 0)
    board = G.render_board(G.view(s, 1))
    assert "Contract: 4 hearts by Seat 0, doubled" in board
    assert "1 run♥  K♥ A♥ 2♥  (3 cards, 4 more for a samba)" in board      # in sequence
    assert "the declarer side has 0 of its 4000" in board
    assert "auction first" not in board


def test_game_board_names_twos_canastas_and_sambas_by_their_kind():
    """24.10: a canasta of twos is natural without jokers (3000), mixed with them;
    a run of seven is a samba."""
    assert C._meld_line(0, TWOS, m("2H 2S 2C 2D 2H 2S 2C")).endswith("(7 cards: CANASTA, natural)")
    assert C._meld_line(1, TWOS, m("2H 2S 2C 2D 2H JK JK")).endswith("(7 cards: CANASTA, mixed)")
    assert C._meld_line(2, RUN + D_, m("QD KD AD 2D 3D 4D 5D")) == \
        "  3 run♦  Q♦ K♦ A♦ 2♦ 3♦ 4♦ 5♦  (7 cards: SAMBA)"


def test_game_declare_board_says_what_opens():
    """24.3: the board tells the declarer which openings the contract allows."""
    s = new()
    s.play("bid 4 canasta", 0)
    for p in (1, 2, 3):
        s.play("pass", p)
    board = G.render_board(G.view(s, 0))
    assert "You open now: 50 points or a finished canasta, or four of one rank" in board
    assert "Seat 0 opens now" in G.render_board(G.view(s, 1))


def test_game_bid_text_variants_and_clear_errors():
    """24.2: bids read as 'bid LEVEL TYPE' (singular suits, 'canasta of twos'); other
    bid text gets an error naming the form; nothing changes."""
    s = new()
    assert G.action_text(G.parse_action(s, "bid 4 heart", 0)) == "bid 4 hearts"
    assert G.action_text(G.parse_action(s, "bid 2 canasta of twos", 0)) == "bid 2 twos"
    for text, words in (("bid 4 kanasta", "bid LEVEL TYPE"), ("bid 4", "bid LEVEL TYPE"),
                        ("bid 9 clubs", "1 to 7")):
        with pytest.raises(PelitError, match=words):
            s.play(text, 0)
    assert s.view(0)["auction"] == []


def test_game_meld_refusals_name_the_reason():
    """Bad melds say what is wrong: missing cards, a card that does not fit,
    black threes before going out; the state is unchanged."""
    s = new(hands=("9H 9S 9C 4C 5C 3S 3C 3S", "", "", ""))
    s.play("bid 1 clubs", 0)
    for p in (1, 2, 3):
        s.play("pass", p)
    hand = s.hands[0]
    for text, words in (("meld 4c 5c 6c", "do not hold 6♣"),
                        ("meld 9 9 jk", "do not hold a joker"),
                        ("meld 3 3 3", "only when going out")):
        with pytest.raises(PelitError, match=words):
            s.play(text, 0)
    s.play("meld 9 9 9", 0)
    with pytest.raises(PelitError, match="5♣ does not fit your meld 1"):
        s.play("add 5c to meld 1", 0)
    with pytest.raises(PelitError, match="you hold no 7♥"):
        s.play("add 7h to meld 1", 0)
    assert s.hands[0] == hand & ~m("9H 9S 9C")


def test_game_refusals_are_clear_and_change_nothing():
    """Bad input: out of turn, illegal bids, unknown text raise PelitError; the
    state is unchanged."""
    s = new()
    before = s.view(0)
    with pytest.raises(PelitError):
        s.play("bid 1 clubs", 1)                 # seat 0 calls first
    s.play("bid 2 hearts", 0)
    with pytest.raises(PelitError, match="higher"):
        s.play("bid 2 diamonds", 1)
    with pytest.raises(PelitError):
        s.play("bid 9 clubs", 1)
    with pytest.raises(PelitError):
        s.play("draw", 1)
    assert s.view(0)["auction"] == [[0, [2, HEARTS]]]
    assert before["hand"] == s.view(0)["hand"]


def test_game_taking_the_pile_also_draws_one_card_from_the_stock():
    """24.4: a player who takes from the pile also takes one card from the stock
    (decision: it comes with the rest of the pile, so after a pile opening is
    accepted; a failed pile opening draws nothing)."""
    s = new(hands=("", "9H 9S AS AS AC", "9D", ""), stock="KD QD")
    all_pass(s)
    _nine_on_the_pile(s)
    stock_before = len(s.stock)
    top_of_stock = s.stock[-1]
    hand_before = bin(s.hands[1]).count("1")
    s.play("take pile with 9 9", 1)
    assert len(s.stock) == stock_before                # nothing yet during the opening
    s.play("meld AS AS AC", 1)
    s.play("done", 1)
    v = s.view(1)
    assert v["opened"] == [False, True] and v["stock"] == stock_before - 1
    assert (s.hands[1] >> top_of_stock) & 1
    # 15 - 2 (pair) - 3 (aces) + 2 (pile under the nine) + 1 (stock card)
    assert bin(s.hands[1]).count("1") == hand_before - 5 + 2 + 1
    # an opened team gets the pile and the stock card at once
    s = new(hands=("", "9H 9S", "", ""))
    all_pass(s)
    _table(s, 1, [MIX8])
    _nine_on_the_pile(s)
    stock_before = len(s.stock)
    top_of_stock = s.stock[-1]
    s.play("take pile with 9 9", 1)
    assert s.view(1)["phase"] == "meld" and len(s.stock) == stock_before - 1
    assert (s.hands[1] >> top_of_stock) & 1
    drawn = [e for e in s.events if e.kind == "draw"][-1]
    assert drawn.seat == 1 and drawn.audience == (1,)      # the card stays private


def test_a_samba_is_no_complete_canasta_opening():
    """24.3 / 24.5 (decision): "a complete canasta always opens" means a canasta
    meld of seven; a samba (seven in sequence) is named apart throughout ch. 24,
    so it opens only by its points or, for the declarer, as the suit's run."""
    samba = [(RUN + S, m("3S 4S 5S 6S 7S 8S 9S"))]          # 5 * 7 = 35 points
    assert not C.opening_ok(samba, 50)
    assert C.opening_ok(samba, 15)
    assert not C.declarer_opening_ok(samba, (3, SPADES), 50)
    assert C.declarer_opening_ok(samba, (4, SPADES), 120)    # the contract's own run
    assert C.opening_ok([(9, m("9H 9S 9C 9D 9H 9S 2C"))], 200)


def test_bot_doubles_an_opponents_bid_from_four_and_never_its_partners():
    """24.2 / 24.10: a double pays when the contract fails more than one time in
    three (level four and up in self-play); never the bot's own side's bid."""
    from pelit.bots.contract_samba import choose_call
    hand = m("4H 6S 8C TD QH 5C 7S 9H JC KD AS 3S 3C 3S 3C")
    a = Auction(first=0)
    a.call(0, (3, TWOS_TYPE))
    assert choose_call(hand, a.legal(1), 1, a.highest()) == PASS
    b = Auction(first=0)
    b.call(0, (4, CLUBS))
    assert choose_call(hand, b.legal(1), 1, b.highest()) == DOUBLE
    b.call(1, PASS)
    assert choose_call(hand, b.legal(2), 2, b.highest()) == PASS       # partner's bid


def test_bot_bids_within_its_hand_and_only_a_hand_that_opens():
    """24.3: a declarer who cannot open pays 1000, so the bot passes a hand whose
    triples, wild pairs and runs fall short of the opening; it bids up to its
    hand's estimate, three at most."""
    from pelit.bots.contract_samba import MAX_BID, choose_call, hand_worth, opening_estimate
    strong = m("KH AH 2H 2C 2D 2S JK JK 9S 9C 7D 7C QS QD 5H")
    assert 3 <= hand_worth(strong) < 4 and MAX_BID == 3
    a = Auction(first=0)
    a.call(0, (1, TWOS_TYPE))
    a.call(1, PASS)
    a.call(2, (3, CLUBS))
    assert choose_call(strong, a.legal(3), 3, a.highest(), 50) == (3, TWOS_TYPE)
    a.call(3, (3, TWOS_TYPE))
    a.call(0, (4, CLUBS))
    assert choose_call(strong, a.legal(1), 1, a.highest(), 50) == DOUBLE   # four: doubled
    pairs = m("9S 9C 7D 7C QS QD 5H 6S 8H TC JD KC 4S 4H 2D")
    assert opening_estimate(pairs) == 40              # the best pair with the two: 20 + 20
    assert choose_call(pairs, Auction(0).legal(0), 0, None, 50) == PASS
    assert choose_call(pairs, Auction(0).legal(0), 0, None, 15) != PASS


def _bot_view(s, seat):
    from pelit.bots import make_bot
    return make_bot("heuristic", G, seat, seed=1), G.view(s, seat)


def test_bot_declarer_side_goes_out_only_with_its_contract():
    """24.9 / 24.10: the declarer side plays to go out once its contract's points
    are on the table and never before (void beats failed); the other side wants
    out while the contract is short."""
    s = new(hands=("AH AS AD", "", "", ""))
    s.play("bid 1 clubs", 0)
    for p in (1, 2, 3):
        s.play("pass", p)
    s.play("meld AH AS AD", 0)
    s.play("done", 0)
    _table(s, 0, [NAT9])                       # 500 + 200 for going out: short of 1000
    bot0, v0 = _bot_view(s, 0)
    bot1, v1 = _bot_view(s, 1)
    assert bot0._race(v0) is None and not bot0._want_out(v0)
    assert bot1._race(v1) == "defender" and bot1._want_out(v1)
    _table(s, 0, [SAMBA_S])                    # 2200: made, partner's 15 cards cost 300
    bot0, v0 = _bot_view(s, 0)
    bot1, v1 = _bot_view(s, 1)
    assert bot0._race(v0) == "declarer" and bot0._want_out(v0)
    assert bot1._race(v1) is None


def test_bot_discards_red_threes_rather_than_laying_them():
    """24.8: a discarded red three costs nothing and freezes the pile; laid it
    costs 300 of the contract's points."""
    s = new(hands=("3H", "", "", ""))
    all_pass(s)
    s.play("draw", 0)
    bot, v = _bot_view(s, 0)
    assert G.action_text(bot.choose(v)) == "discard 3H"


def _scored(s):
    return [e for e in s.events if e.kind == "deal_scored"][-1].public["lines"]


def _draw_and_discard(s, p):
    s.play("draw", p)
    s.play("discard " + DECK.text(ids(s.hands[p] & T.natural)[0]), p)


def test_game_opening_a_turn_before_going_out_earns_no_extra_100():
    """Canasta 21.6.2 as ch. 24 keeps it, the other side of the boundary: a side
    that opened on an earlier turn and goes out now gets only the 200."""
    s = new()
    all_pass(s)
    _draw_and_discard(s, 0)
    _hand(s, 1, "AC AC AC 5C 6D", "QD QS")
    s.play("draw", 1)
    s.play("meld a a a", 1)
    s.play("done", 1)
    s.play("discard 5C", 1)
    assert s.view(0)["opened"] == [False, True]
    for p in (2, 3, 0):
        _draw_and_discard(s, p)
    _table(s, 1, [NAT9, MIX8, SAMBA_S])
    _hand(s, 1, "4D 4S 4H QC KD", "QD QS")
    s.play("draw", 1)
    s.play("meld 4D 4S 4H", 1)
    s.play("meld q q q", 1)
    s.play("discard KD", 1)
    lines = _scored(s)
    assert lines[1]["going out"] == 200 and lines[1]["opening and going out"] == 0


def test_game_declarer_side_never_earns_the_extra_100_so_it_cannot_make_a_contract():
    """24.3 / 24.10 with Canasta 21.6.2: the declarer side opens at the auction, so
    its going out never comes with the 100 for opening in the same turn, even when
    the other side opened earlier in the deal.  Here the declarer side ends 5
    points short of its contract (1000 - 5 in the partner's hand): failed."""
    s = _declarer_opened_with_aces()
    _draw_and_discard(s, 0)
    _hand(s, 1, "AC AC AC 5C 6D", "QD QS")
    s.play("draw", 1)
    s.play("meld a a a", 1)
    s.play("discard 5C", 1)                   # the discard makes the opening
    assert s.view(0)["opened"] == [True, True]
    _table(s, 0, [NAT9, MIX8])
    _hand(s, 0, "5C", "")
    _hand(s, 2, "4D 4S 4H QC KD", "QD QS")
    s.play("draw", 2)
    s.play("meld 4D 4S 4H", 2)
    s.play("meld q q q", 2)                   # 500 + 300 + 200 reach the 1000
    s.play("discard KD", 2)
    lines = _scored(s)
    assert lines[0]["going out"] == 200 and lines[0]["opening and going out"] == 0
    assert lines[0]["cards in hand"] == -5
    assert lines[0]["contract"] == 0 and lines[1]["contract"] == 1000


def test_game_asking_when_unable_costs_300_whatever_the_answer():
    """24 with Canasta 21.6.5: the other side asks with two canastas but no
    natural one on the table (24.9 needs one): 300 even when told "no";
    with the natural canasta the same question costs nothing."""
    for with_natural in (False, True):
        s = _after_first_turn([MIX8, SAMBA_S] + ([NAT9] if with_natural else []),
                              "4D 4S 4H QC KD", "QD QS")
        s.play("draw", 1)
        s.play("ask go out", 1)
        s.play("no", 3)
        reasons = [e.public["reason"] for e in s.events if e.kind == "penalty"]
        if with_natural:
            assert s.penalties == [0, 0] and reasons == []
        else:
            assert s.penalties == [0, 1]
            assert reasons == ["asked 'May I go out?' but could not go out"]
