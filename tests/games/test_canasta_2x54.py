"""Canasta by the 2 x 54 card set's rule sheet (seed 002, line 9): scripted
deals citing the sheet's sections (Game preparation, Beginning of the game,
Taking a card from the discard pile, Red three, Lay out limit, Lay out,
Blocking, Start-up, Game Closure, Game rating, End of game, 2 player version).

Deal order (the module's decisions): dealer seat 0 plays first; cards are
dealt one at a time from the dealer's left; the three cards the cutter sees
are the bottom of the pack.  ``pack`` builds such a stacked pack.
"""

from __future__ import annotations

import json
import random

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.cards.melds import opening_requirement
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.canasta_2x54 import (DECK, LIMITS, T, canasta_kind, deal_size, group_ok,
                                      red_three_points, score_deal)
from pelit.cards.deck import Card, CardSet
from pelit.core.records import jsonable
from pelit.sim.runner import play_match

G = pelit.load("canasta-2x54")
FILL = (14, 13, 12, 11, 10, 9, 8, 6, 4, 5, 7)


def pack(hands=None, stock="", cut="8C 9C TC", players=4, size=None):
    """A stacked 2x54 pack for ``players``: ``hands[p]`` then single fillers
    (one card of each rank the hand lacks, then black threes, then second
    copies), ``stock`` in drawing order, the rest, and the cut cards at the
    bottom."""
    hands = hands or [""] * players
    size = size or (15 if players == 2 else 13)
    used = 0
    spec = []
    for text in list(hands) + [stock, cut]:
        cards = DECK.parse_many(text, DECK.all_mask & ~used) if text.strip() else []
        used |= mask_of(cards)
        spec.append(cards)

    def take(pool):
        nonlocal used
        free = ids(pool & ~used)
        if not free:
            return None
        c = min(free, key=lambda c: (DECK.suit_of[c] != 0, c))
        used |= 1 << c
        return c

    kept = [c for c in spec[-1] if (T.wild | T.red3) >> c & 1]
    full = []
    for p in range(players):
        cards = list(spec[p])
        want = size - (len(kept) if p == players - 1 else 0)
        have = {DECK.rank_of[c] for c in cards}
        for r in FILL:
            if len(cards) < want and r not in have:
                c = take(T.rank[r])
                if c is not None:
                    cards.append(c)
        while len(cards) < want:
            c = take(T.black3)
            if c is None:
                break
            cards.append(c)
        for r in FILL:
            if len(cards) < want:
                c = take(T.rank[r])
                if c is not None:
                    cards.append(c)
        full.append(cards)
    order = []
    for i in range(size):
        for k in range(players):
            p = (1 + k) % players
            if i < len(full[p]):
                order.append(full[p][i])
    order += spec[-2]
    rest = [c for c in range(DECK.size) if not (used >> c) & 1]
    rest.sort(key=lambda c: ((T.red3 >> c) & 1, (T.wild >> c) & 1, (T.black3 >> c) & 1, c))
    return DECK.texts(order + rest + spec[-1])


def new(hands=None, stock="", cut="8C 9C TC", players=4, **opts):
    return G.new_state(seed=1, decks=[pack(hands, stock, cut, players)], players=players,
                       **opts)


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def n(mask):
    return mask.bit_count()


def after_startup(s):
    """An arranged table: the first three rounds are over."""
    s.turn_no = 3 * s.n


def first_turn(s, keep=True):
    """The dealer's first draw, kept (an arranged table past the start-up has
    no first-card choice: it is the dealer's first turn of the deal only)."""
    s.play("draw")
    if s.phase.name == "FIRST":
        s.play("keep" if keep else "replace")


def fill_discard(s):
    """Discard a filler: the lowest natural card not in a pair (no blocking card)."""
    p = s.to_act[0]
    hand = s.hands[p]
    single = [c for c in ids(hand & T.natural) if n(hand & T.rank[DECK.rank_of[c]]) == 1]
    c = min(single or ids(hand & T.natural))
    s.play("discard " + DECK.text(c))


# -- Number of players, Game preparation ------------------------------------------------

@pytest.mark.parametrize("players,sides,size", [(2, 2, 15), (3, 3, 13), (4, 2, 13),
                                                (5, 5, 13), (6, 3, 13)])
def test_sides_and_deal_sizes(players, sides, size):
    s = G.new_state(seed=2, players=players)
    v = s.view(0)
    assert v["sides"] == sides and sum(v["hand_sizes"]) + v["stock"] \
        + sum(n(int(x)) for x in v["red_threes"]) == 108
    assert s.to_act == (0,) and v["dealer"] == 0
    assert deal_size(players, [0] * sides) == size


def test_fifteen_cards_once_a_side_plays_to_the_150_limit():
    assert deal_size(4, [4995, 0]) == 13 and deal_size(4, [5000, -200]) == 15
    assert deal_size(3, [0, 6000, 0]) == 15


def test_partners_sit_opposite():
    s = G.new_state(seed=1, players=6)
    assert [G.side(s, p) for p in range(6)] == [0, 1, 2, 0, 1, 2]
    s = G.new_state(seed=1, players=4)
    assert [G.side(s, p) for p in range(4)] == [0, 1, 0, 1]


def test_cutter_keeps_jokers_deuces_and_red_threes_seen_at_the_cut():
    s = new(cut="JK 9S 3H", stock="QC")
    v = s.view(1)
    cutter = 3                                  # right of dealer 0
    assert DECK.texts(v["hand_known"][cutter]) == "JK"
    assert DECK.texts(s.red3[1]) == "3H" and v["hand_sizes"][cutter] == 13
    assert DECK.texts(v["stock_bottom"]) == "9S" and s.stock[0] == DECK.parse("9S", s.stock_known)
    cut = [e for e in s.events if e.kind == "cut"][0].for_seat(0)
    assert DECK.texts(cut["cards"]) == "JK 9S 3H"


# -- Beginning of the game ----------------------------------------------------------------

def test_dealer_keeps_or_replaces_the_first_card():
    s = new(stock="QC KC")
    s.play("draw")
    assert legal(s) == {"keep", "replace"} and s.view(0)["first_card"] == DECK.parse("QC")
    assert "first_card" not in s.view(1)
    s.play("replace")
    assert DECK.texts(s.view(1)["pile"]) == "QC" and "KC" in DECK.texts(s.hands[0])
    assert s.phase.name == "MELD"


def test_only_the_dealers_first_turn_has_the_choice():
    s = new(stock="QC KC 9D")
    first_turn(s)
    fill_discard(s)
    s.play("draw")
    assert s.phase.name == "MELD"


# -- Red three ---------------------------------------------------------------------------

def test_red_three_is_laid_and_replaced():
    s = new(stock="3D QC")
    s.play("draw")
    assert DECK.texts(s.red3[0]) == "3D" and "QC" in DECK.texts(s.hands[0])
    assert s.view(0)["first_card"] == DECK.parse("QC")


def test_dealt_red_three_is_laid_and_replaced():
    s = new(hands=["3H", "", "", ""], stock="QC")
    assert DECK.texts(s.red3[0]) == "3H" and n(s.hands[0]) == 13


# -- Lay out limit and lay out --------------------------------------------------------------

@pytest.mark.parametrize("score,limit", [(-5, 15), (0, 50), (1495, 50), (1500, 90),
                                         (2495, 90), (2500, 120), (4995, 120),
                                         (5000, 150), (9995, 150)])
def test_lay_out_limit_table(score, limit):
    assert opening_requirement(score, LIMITS) == limit


def test_first_lay_out_is_tentative_until_it_reaches_the_limit():
    s = new(hands=["9S 9H 9D QS QH QD", "", "", ""], stock="KC JC")
    first_turn(s)
    s.play("meld 9 9 9")                        # 30 < 50
    assert not any(t.startswith("discard") for t in legal(s)) and "take back" in legal(s)
    with pytest.raises(IllegalAction, match="30 of the 50"):
        s.play("discard KC")
    s.play("take back")
    assert s.melds[0][9] == 0 and n(s.hands[0]) == 14
    s.play("meld 9 9 9")
    s.play("meld q q q")                        # 60
    assert s.opened[0] and "take back" not in legal(s)


def test_a_canasta_bonus_counts_toward_the_limit():
    s = new(hands=["7S 7H 7D 7C 7S 7H 7D", "", "", ""], stock="KC")
    s.sheet.add("before", (5000, 0))            # an arranged score: limit 150
    first_turn(s)
    s.play("meld 7 7 7")
    for _ in range(3):
        s.play("add 7 to 7s")                   # 35 points so far
    assert not s.opened[0]
    s.play("add 7 to 7s")                       # a pure canasta: 35 + 600
    assert s.opened[0]


def test_more_cards_of_the_rank_than_wild_cards():
    s = new(hands=["8S 8H 8D 2S 2H JK AS AH AD", "", "", ""], stock="KC")
    first_turn(s)
    s.play("meld a a a")
    s.play("meld 8 8 2")
    assert "add 2 to 8s" not in legal(s) and "add jk to 8s" not in legal(s)
    s.play("add 8 to 8s")
    assert "add jk to 8s" in legal(s)
    assert group_ok(mask_of(DECK.parse_many("8S 8H 2S")), 8)
    assert not group_ok(mask_of(DECK.parse_many("8S 8H 2S JK")), 8)


def test_refused_groups_say_why():
    # one group per rank, added to; cards not held cannot be laid out
    s = new(hands=["8S 8H 8D 2S AS AH AD", "", "", ""], stock="KC")
    first_turn(s)
    with pytest.raises(IllegalAction, match="meld 9 9 9: you do not hold those cards"):
        s.play("meld 9 9 9")
    with pytest.raises(IllegalAction, match="no group of ks: lay one out first"):
        s.play("add k to ks")
    s.play("meld 8 8 2")                        # the only deuce is laid
    with pytest.raises(IllegalAction, match="you do not hold those cards"):
        s.play("meld a a 2")
    with pytest.raises(IllegalAction, match="a group of 8s already"):
        s.play("meld 8 8 8")
    with pytest.raises(IllegalAction, match="add 2 to 8s: you do not hold that card"):
        s.play("add 2 to 8s")


def test_deuce_and_joker_groups():
    s = new(hands=["2S 2H 2D JK JK AS AH AD", "", "", ""], stock="KC")
    first_turn(s)
    assert {"meld 2 2 2", "meld 2 2 jk", "meld 2 jk jk"} <= legal(s)
    assert "meld jk jk jk" not in legal(s)      # only two jokers in hand
    s.play("meld 2 jk jk")                      # a joker group: jokers outnumber deuces
    assert s.melds[0][15] and "add 2 to jks" not in legal(s)
    jokers = mask_of(DECK.parse_many("JK JK JK JK 2S 2H 2D"))
    deuces = mask_of(DECK.parse_many("2S 2H 2D 2C 2S 2H JK"))
    assert canasta_kind(jokers, 15) == "wild joker" and canasta_kind(deuces, 2) == "wild deuce"


def test_cards_are_added_even_to_a_canasta():
    s = new(hands=["AS AH AD AC AS AH AD AC KS", "", "", ""], stock="KC")
    first_turn(s)
    s.play("meld a a a")
    for _ in range(4):
        s.play("add a to as")
    assert n(s.melds[0][14]) == 7 and "add a to as" in legal(s)


# -- Taking the discard pile, Blocking, Start-up --------------------------------------------

def _pile_with(s, card_text):
    """Seat 0 plays its first turn discarding ``card_text``."""
    first_turn(s)
    s.play("discard " + card_text)


def test_pile_not_taken_in_the_first_three_rounds():
    s = new(hands=["QC", "QS QH", "", ""], stock="KC 4D")
    _pile_with(s, "QC")
    assert not any(t.startswith("take") for t in legal(s))
    with pytest.raises(IllegalAction, match="first three rounds"):
        s.play("take pile with q q")


def test_pile_taken_with_a_natural_pair():
    s = new(hands=["QC AS AH AD", "QS QH 2S", "", ""], stock="KC 4D")
    after_startup(s)
    first_turn(s)
    s.play("meld a a a")                        # seat 0 opens, discards a queen
    s.play("discard QC")
    assert legal(s) >= {"draw", "take pile with q q"}
    s.play("take pile with q q")                # seat 1 (30 < 50): the rest waits aside
    assert s.phase.name == "OPENING"


def test_an_opened_side_takes_the_whole_pile_into_the_hand():
    s = new(hands=["AS AH AD QC", "QS QH KS KH KD", "", ""], stock="9D 8D")
    after_startup(s)
    first_turn(s)                               # 9D
    s.play("meld a a a")                        # 60: side 0 opened
    s.play("discard QC")
    s.opened[1] = True                          # an arranged table: side 1 has opened
    s.play("take pile with q q")
    assert s.phase.name == "MELD" and s.pile == [] and n(s.melds[1][12]) == 3
    assert not s.pile_rest


def test_a_wild_card_on_top_cannot_be_taken():
    s = new(hands=["2C", "2S 2H", "", ""], stock="9D 8D")
    after_startup(s)
    first_turn(s)
    s.play("discard 2C")
    s.wild_block = -1                           # past the round the deuce blocks
    assert not any(t.startswith("take") for t in legal(s))


def test_black_three_blocks_only_the_next_player():
    s = new(hands=["3C 9C", "9S 9H", "", "9D 9H"], stock="KC 4D 5D 6D 8D")
    after_startup(s)
    s.turn_no -= 1                              # seat 0's turn is the last start-up turn
    _pile_with(s, "3C")
    assert s.view(1)["blocked"] and not any(t.startswith("take") for t in legal(s))
    s.play("draw")
    s.play("discard 9S")
    assert not s.view(2)["blocked"]


def test_wild_discard_blocks_everyone_for_a_round():
    s = new(hands=["2C", "", "", ""], stock="KC 4D 5D 6D 8D 9D")
    after_startup(s)
    _pile_with(s, "2C")
    for _ in range(4):
        assert s.view(0)["blocked"]
        s.play("draw")
        fill_discard(s)
    assert not s.view(0)["blocked"]


# -- Game Closure -----------------------------------------------------------------------------

def test_a_player_keeps_a_card_and_closes_only_with_the_last_one():
    s = new(stock="QC")
    after_startup(s)
    s.hands[0] = mask_of(DECK.parse_many("AS AH AD AC AS AH AD KS"))
    first_turn(s)                               # seven aces, KS, QC
    s.play("meld a a a")
    for _ in range(3):
        s.play("add a to as")                   # six aces laid: A KS QC left
    assert not any(t.startswith("close") for t in legal(s))
    s.play("add a to as")                       # a canasta; KS QC left
    assert not any(t.startswith("close") for t in legal(s))
    s.play("discard QC")                        # two cards: an ordinary discard
    assert s.to_act == (1,) and s.outcome is None


def _closing_hand(s, extra=""):
    after_startup(s)
    s.hands[0] = mask_of(DECK.parse_many("AS AH AD AC AS AH AD KS KH QS " + extra))
    first_turn(s)                               # draws KD


def test_closing_with_the_last_card_face_down_scores_300_and_100_for_hand_closing():
    s = new(stock="KD", deals=1)
    _closing_hand(s)
    s.play("meld a a a")
    for _ in range(4):
        s.play("add a to as")                   # a pure canasta opens (140 + 600)
    assert not any(t.startswith("close") for t in legal(s))
    s.play("meld k k k")                        # QS left
    assert legal(s) == {"close QS"}
    s.play("close QS")
    closing = [e for e in s.events if e.kind == "close"][0].for_seat(1)
    assert "card" not in closing                # face down
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    line = sc["lines"][0]
    assert sc["reason"] == "seat 0 closed the game"
    assert line["game closure"] == 300 and line["hand closing"] == 100
    assert line["canastas"] == 600 and line["laid out cards"] == 30


def test_no_closing_without_a_canasta():
    s = new(stock="QD", deals=1)
    after_startup(s)
    s.hands[0] = mask_of(DECK.parse_many("AS AH AD KS KH KD QS QH 9S"))
    first_turn(s)                               # QD
    s.play("meld a a a")
    s.play("meld k k k")                        # Q Q Q 9S left
    assert "meld q q q" not in legal(s)         # 9S alone could not close: no canasta
    assert "discard 9S" in legal(s)


def test_black_threes_only_when_closing():
    s = new(stock="KD", deals=1)
    _closing_hand(s, "3S 3C 3S")
    assert "meld 3 3 3" not in legal(s)         # no canasta yet
    s.play("meld a a a")
    for _ in range(4):
        s.play("add a to as")
    assert "meld 3 3 3" not in legal(s)         # KS KH KD QS would stay
    s.play("meld k k k")
    assert "meld 3 3 3" in legal(s)             # only QS stays: the closing turn
    s.play("meld 3 3 3")
    assert legal(s) == {"close QS"}


# -- Game rating ------------------------------------------------------------------------------

def test_red_three_table():
    assert [red_three_points(k) for k in range(7)] == [0, 100, 200, 300, 800, 1000, 1200]


def test_score_deal_row_by_row():
    aces = mask_of(DECK.parse_many("AS AH AD AC AS AH AD"))
    dirty = mask_of(DECK.parse_many("KS KH KD KC KS 2S JK"))
    jokers = mask_of(DECK.parse_many("JK JK JK JK 2H 2D 2C"))
    loose = mask_of(DECK.parse_many("9S 9H 9D"))
    hand = [mask_of(DECK.parse_many("QS 3C")), mask_of(DECK.parse_many("5D"))]
    lines = score_deal([{14: aces, 13: dirty, 15: jokers, 9: loose}, {8: mask_of(
        DECK.parse_many("8S 8H 8D"))}], [4, 1], hand, 0, True)
    a, b = lines
    assert a["canastas"] == 600 + 300 + 2000 and a["laid out cards"] == 30
    assert a["red threes"] == 800 and a["game closure"] == 300 and a["hand closing"] == 100
    assert a["cards in hand"] == -15
    assert a["total"] == 2900 + 30 + 800 + 400 - 15
    # no canasta: laid-out cards and red threes count against
    assert b == {"canastas": 0, "laid out cards": -30, "red threes": -100, "game closure": 0,
                 "hand closing": 0, "cards in hand": -5, "total": -135}


def test_stock_exhaustion_ends_the_deal():
    s = new(stock="QC", deals=1)
    s.stock = s.stock[-1:]
    s.stock_known = 0
    first_turn(s)
    fill_discard(s)
    s.play("draw")
    assert s.outcome is not None
    sc = [e for e in s.events if e.kind == "deal_scored"][0].public
    assert sc["reason"] == "the stock ran out" and sc["lines"][0]["game closure"] == 0


# -- End of game, 2 player version ------------------------------------------------------------

def test_match_to_the_target():
    s = play_match(G, ["heuristic"], 2, target=1500)
    tot = s.sheet.totals
    assert max(tot) >= 1500 and s.outcome.winners
    assert G.make_options().target == 10000


@pytest.mark.parametrize("before,over", [((10000, 10000), False), ((10100, 10000), True),
                                         ((9000, 0), False)])
def test_end_of_game_highest_side_at_the_target_wins_ties_play_on(before, over):
    s = new()
    s.sheet.add("arranged", before)
    s.hands = [0, 0, 0, 0]                      # an arranged table: a deal worth 0 to both
    G._end_deal(s, None, "arranged")
    assert (s.outcome is not None) == over
    if over:
        assert s.outcome.winners == (0, 2)
    else:
        assert s.deal_no == 1 and s.to_act == (1,)   # the next deal: seat 1 deals and starts


def test_draw_two_is_the_two_player_rule():
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=4, draw_two=True)
    s = new(players=2, stock="QC KC 9D", draw_two=True)
    assert "draw two" in legal(s)
    s.play("draw two")
    assert s.phase.name == "MELD" and n(s.hands[0]) == 17
    s.melds[0][14] = mask_of(DECK.parse_many("AS AH AD AC AS AH AD"))
    s.opened[0] = True
    after_startup(s)
    assert not G._may_close(s, 0)               # two canastas needed
    s.melds[0][13] = mask_of(DECK.parse_many("KS KH KD KC KS KH KD"))
    assert G._may_close(s, 0)


def test_illegal_and_malformed_actions_change_nothing():
    s = new(stock="QC")
    before = (s.hands.copy(), s.pile.copy(), len(s.history))
    with pytest.raises(IllegalAction, match="draw or take the pile first"):
        s.play("discard 9S")
    with pytest.raises(ParseError):
        G.parse_action(s, "meld banana")
    with pytest.raises(IllegalAction):
        G.apply(s, G.A_DRAW, 1)
    assert (s.hands, s.pile, len(s.history)) == before
    assert G.parse_action(s, "meld JK 2S JK") == G.parse_action(s, "meld 2 jk jk")


def _cards_in(obj):
    if isinstance(obj, CardSet):
        return int(obj)
    if isinstance(obj, Card):
        return 1 << int(obj)
    if isinstance(obj, dict):
        obj = list(obj.values())
    if isinstance(obj, (list, tuple)):
        m = 0
        for v in obj:
            m |= _cards_in(v)
        return m
    return 0


@pytest.mark.parametrize("players", [2, 3, 6])
def test_views_do_not_leak_with_other_numbers_of_players(players):
    """The leak suite's checks (tests/test_leaks.py) for the player counts it
    does not play: nothing unknown is shown, sampled worlds give the same view."""
    rng = random.Random(players)
    s = G.new_state(seed=players, players=players, deals=1)
    since = 0
    step = 0
    while s.outcome is None and step < 400:
        for seat in [None, *range(players)]:
            unknown = G.unknown_cards(s, seat)
            shown = _cards_in(G.view(s, seat)) | _cards_in(G.events_for(s, seat, since))
            assert shown & unknown == 0
            if step % 11 == 0:
                view = G.view(s, seat)
                want = json.dumps(jsonable(view, G), sort_keys=True)
                world = G.sample_world(view, rng)
                assert json.dumps(jsonable(G.view(world, seat), G), sort_keys=True) == want
                if world.outcome is None:
                    w_seat = world.to_act[0]
                    G.apply(world, rng.choice(G.legal_actions(world, w_seat)), w_seat)
        since = len(s.events)
        seat = s.to_act[0]
        G.apply(s, rng.choice(G.legal_actions(s, seat)), seat)
        step += 1


# -- the bot -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_heuristic_bots_lay_out_take_piles_and_close(players):
    kinds = {}
    for seed in range(4):
        s = play_match(G, ["heuristic"], seed, deals=1, players=players)
        for e in s.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
    assert kinds.get("meld", 0) > 10 and kinds.get("take_pile", 0) >= 1
    assert kinds.get("close", 0) >= 1


# -- on screen ---------------------------------------------------------------------------

def test_screen_shows_sides_limits_cut_cards_and_why_the_pile_is_blocked():
    # Lay out limit, Start-up, Blocking, Game preparation (the cut cards seen)
    s = new()
    board = G.render_board(s.view(0))
    assert "Deal 1   (game to 10000)" in board
    assert "Your team (You, Seat 2): 0 points, not laid out: first lay-out needs 50 points" in board
    assert "Known at the bottom of the stock (seen at the cut)" in board
    assert "(the first three rounds)" in board
    s = new(hands=["2C", "", "", ""], stock="KC 4D 5D 6D 8D 9D")
    after_startup(s)
    _pile_with(s, "2C")
    assert "a deuce or joker was discarded within the last round" in G.render_board(s.view(0))


def test_screen_names_canasta_kinds():
    # Game rating: the kind decides the bonus, so the screen names it
    s = new(hands=["QS QH QD QC QS QH 2C", "", "", ""])
    s.melds[0][12] = mask_of(DECK.parse_many("QS QH QD QC QS QH 2C"))
    board = G.render_board(s.view(0))
    assert "Qs     Q♠ Q♠ Q♥ Q♥ Q♦ Q♣ 2♣  (7 cards: CANASTA, dirty)" in board
