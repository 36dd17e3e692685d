"""Hand and Foot by seed 000 ch. 25 (differences from Canasta ch. 21): scripted deals.

Deal order (decision in the module): eleven rounds of hands from seat 0
(dealer 3), then eleven rounds of feet, the turn-up, then the stock top
first.  ``pack`` fills hands and feet with single cards of distinct ranks.
"""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.hand_and_foot import DECK, OPENING_BY_DEAL, T, score_deal
from pelit.sim.runner import play_match

G = pelit.load("hand-and-foot")


def pack(hands=("",) * 4, feet=("",) * 4, pile="4C", stock=""):
    used = 0
    spec = []
    for text in list(hands) + list(feet) + [pile, stock]:
        cards = DECK.parse_many(text, DECK.all_mask & ~used) if text.strip() else []
        used |= mask_of(cards)
        spec.append(cards)
    full = []
    for z in range(8):
        cards = list(spec[z])
        ranks = {DECK.rank_of[c] for c in cards}
        for r in range(14, 3, -1):
            if len(cards) >= 11:
                break
            if r in ranks:
                continue
            pool = ids(T.rank[r] & DECK.suit_mask[(z + r) % 4] & ~used) or ids(T.rank[r] & ~used)
            cards.append(pool[0])
            used |= 1 << pool[0]
        assert len(cards) == 11
        full.append(cards)
    order = [full[p][k] for k in range(11) for p in range(4)]
    order += [full[4 + p][k] for k in range(11) for p in range(4)]
    order += spec[8] + spec[9]
    rest = [c for c in range(DECK.size) if not (used >> c) & 1]
    rest.sort(key=lambda c: ((T.rank[3] >> c) & 1, (T.wild >> c) & 1, c))
    return DECK.texts(order + rest)


def new(hands=("",) * 4, feet=("",) * 4, pile="4C", stock="", **opts):
    return G.new_state(seed=1, decks=[pack(hands, feet, pile, stock)], **opts)


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def test_hand_and_foot_of_eleven_and_nobody_sees_a_foot():
    s = new(feet=("AS AH AD", "", "", ""))
    v = s.view(0)
    assert DECK.size == 270 and v["hand_sizes"] == [11] * 4 and v["foot_sizes"] == [11] * 4
    assert v["stock"] == 270 - 88 - 1 and "foot" not in v
    assert G.unknown_cards(s, 0) & s.feet[0] == s.feet[0]      # 25.1: not even its owner


def test_drawing_takes_two_cards():
    s = new(stock="9C 9D")
    s.play("draw")
    assert s.hands[0].bit_count() == 13


def test_pile_is_always_frozen_and_only_the_top_seven_are_taken():
    # 25.3: eight cards in the pile; the natural pair takes the top seven
    s = new(hands=("9S 9H AS AH AD", "", "", ""), pile="2S 2H 2D 2C JK 3H 3D 9C")
    assert len(s.pile) == 8
    assert legal(s) >= {"take pile with 9 9"}
    s.play("take pile with 9 9")
    assert len(s.pile) == 1 and len(s.pile_rest) == 6
    s.play("meld a a a")                     # 30 + 60 from the hand
    s.play("done")
    assert s.opened[0] and DECK.texts(s.pile) == "2S"
    assert s.hands[0].bit_count() == 11 - 5 + 6


def test_a_wild_card_pair_does_not_take_the_pile():
    s = new(hands=("9S JK 2S AS AH AD", "", "", ""), pile="9C")
    assert not any(t.startswith("take") for t in legal(s))


@pytest.mark.parametrize("three", ["3H", "3S"])
def test_threes_never_meld_and_block_the_pile(three):
    s = new(hands=(f"{three} {three} {three} AS AH AD", f"{three} {three}", "", ""),
            stock="4H 4D 5H 5D")
    s.play("draw")
    assert not any(t.startswith("meld 3") or t.startswith("add 3") for t in legal(s))
    s.play("meld a a a")
    s.play(f"discard {three}")
    assert s.to_act == (1,) and not any(t.startswith("take") for t in legal(s))   # 25.4
    with pytest.raises(ParseError):
        s.play("take pile with 3 3")         # there is no such action at all


def test_foot_is_picked_up_in_the_middle_of_a_turn():
    s = new(hands=("AS AH AD KS KH KD QS QH QD JS JH", "", "", ""),
            feet=("5S 5H 6D", "", "", ""), stock="JD JC")
    s.play("draw")
    for t in ("meld a a a", "meld k k k", "meld q q q", "meld j j j"):
        s.play(t)
    s.play(next(t for t in sorted(legal(s)) if t.startswith("add j")))
    assert s.in_foot[0] and s.hands[0].bit_count() == 11 and s.to_act == (0,)
    assert s.phase.name == "MELD"            # 25.5: play goes on with the foot
    assert "foot" in [e.kind for e in s.events]


def _in_foot_over_five_melds(melds):
    """Seat 0, opened and playing the foot, holds 9S 9H 6C with 9D 4C on top
    of the stock; team 0's table holds ``melds`` (card texts) as its melds
    of kings, queens, jacks, tens and sixes (set-up for going out)."""
    s = new(hands=("9S 9H", "", "", ""), stock="9D 4C")
    free = DECK.all_mask & ~(s.hands[0] | mask_of(s.stock[-2:]))
    masks = []
    for text in melds + ["6C"]:
        masks.append(mask_of(DECK.parse_many(text, free)))
        free &= ~masks[-1]
    s.mkey[0] = [13, 12, 11, 10, 6]
    s.mmask[0] = masks[:-1]
    s.opened[0] = True
    s.in_foot[0] = True
    s.hands[0] = mask_of(DECK.parse_many("9S 9H", s.hands[0])) | masks[-1]
    return s


@pytest.mark.parametrize("kings_natural,allowed", [(True, True), (False, False)])
def test_going_out_needs_five_canastas_two_of_them_natural(kings_natural, allowed):
    # the team's table: kings natural or mixed, queens, jacks and tens mixed,
    # and six natural sixes
    k = "KS KH KD KC KS KH KD" if kings_natural else "KS KH KD KC KS KH JK"
    s = _in_foot_over_five_melds([k, "QS QH QD QC QS QH JK", "JS JH JD JC JS 2S JK",
                                  "TS TH TD TC TS 2H JK", "6S 6H 6D 6C 6S 6H"])
    s.play("draw")                           # 9D and 4C join
    s.play("meld 9 9 9")                     # 6C 4C left
    # the sixes become the fifth canasta, a natural one: two natural only with the kings
    assert ("add 6c to meld 5" in legal(s)) is allowed
    if allowed:
        s.play("add 6c to meld 5")
        s.play("discard 4C")
        sc = [e for e in s.events if e.kind == "deal_scored"][0].public
        assert sc["reason"] == "seat 0 went out"


def test_opening_zone_by_deal_and_a_four_deal_match():
    assert OPENING_BY_DEAL == (50, 90, 120, 150)
    s = new()
    assert s.view(0)["requirement"] == [50, 50]
    s.stock = []
    s.play("draw")                           # 21.5: the empty stock ends the deal
    assert s.deal_no == 1 and s.view(0)["requirement"] == [90, 90]
    m = play_match(G, ["heuristic"], 2)
    assert len(m.outcome.details["deals"]) == 4


def test_score_deal_row_by_row():
    nat = mask_of(DECK.parse_many("KS KH KD KC KS KH KD"))               # 70
    mixed = mask_of(DECK.parse_many("AS AH AD AC 2S 2H JK"))             # 80+40+50
    hand0 = mask_of(DECK.parse_many("3S 4S"))                            # -100 -5
    foot1 = mask_of(DECK.parse_many("3H 9H"))                            # -500 -10
    a, b = score_deal([[nat, mixed], []], [hand0, 0], [0, foot1], 0, False, [0, 1])
    assert a == {"melded cards": 240, "natural canastas": 500, "mixed canastas": 300,
                 "going out": 100, "opening and going out": 0, "cards in hand": -105,
                 "cards in feet": 0, "penalties": 0, "total": 1035}
    assert b == {"melded cards": 0, "natural canastas": 0, "mixed canastas": 0,
                 "going out": 0, "opening and going out": 0, "cards in hand": 0,
                 "cards in feet": -510, "penalties": -300, "total": -810}


def test_a_meld_holds_at_most_seven_cards():
    s = new(hands=("KS KH KD KC KS KH KD KC", "", "", ""))
    s.play("draw")
    s.play("meld k k k")
    for _ in range(4):
        s.play(next(t for t in sorted(legal(s)) if t.startswith("add k")))
    assert s.mmask[0][0].bit_count() == 7
    assert not any(t.endswith("to meld 1") for t in legal(s))     # 25.2


def test_bad_actions_change_nothing():
    s = new()
    n = len(s.history)
    with pytest.raises(IllegalAction, match="draw or take the pile first"):
        s.play("meld a a a")
    with pytest.raises(IllegalAction, match="always frozen|cannot be taken|do not hold two natural 4s"):
        s.play("take pile with 4 4")
    assert len(s.history) == n


def test_heuristic_bots_meld_take_piles_and_reach_the_foot():
    kinds = {}
    for seed in range(2):
        m = play_match(G, ["heuristic"], seed, deals=1)
        for e in m.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
    assert kinds.get("meld", 0) > 5 and kinds.get("take_pile", 0) > 2 and kinds.get("foot", 0) >= 2


# -- on screen ---------------------------------------------------------------------------------

def test_screen_shows_feet_canastas_needed_and_the_always_frozen_pile():
    """The terminal shows each team's players' hands and waiting feet (25.5),
    its canastas against the five (two natural) needed to go out, its melds
    numbered as ``add .. to meld N`` names them, this deal's opening (25.7)
    and the pile as always frozen (25.3); a meld of cards the player does not
    hold says which are missing."""
    s = new(hands=("AS AH AD KS KH KD", "", "", ""), stock="4S 4D 5S 5D")
    s.play("draw")
    with pytest.raises(IllegalAction, match="you do not hold a joker"):
        s.play("meld a a jk")
    s.play("meld a a a")
    board = G.render_board(s.view(0))
    assert "Deal 1 of 4" in board and "first melds need 50 points" in board
    assert "You: 10 in hand, foot of 11 waiting" in board
    assert "canastas 0 (0 natural); going out needs 5, 2 of them natural" in board
    assert "meld 1  As" in board and "FROZEN (always" in board
    assert "Opening so far: 60 of 50" in board


def test_an_empty_pile_on_screen_is_not_called_frozen():
    # 25.3: the pile is always frozen; once it is taken whole there is no
    # pile to be frozen, and the board says only that it is empty
    s = new(hands=("9S 9H AS AH AD", "", "", ""), pile="9C")
    s.play("take pile with 9 9")
    s.play("meld a a a")
    s.play("done")
    board = G.render_board(s.view(0))
    assert "Pile: empty   Stock:" in board and "FROZEN" not in board


def test_deal_scoring_on_screen_names_each_teams_seats():
    # the deal's scoring lines of both teams, each named by its seats
    from pelit.cli.render import describe_event
    s = play_match(G, ["heuristic"], 3, deals=1)
    ev = [e for e in s.events if e.kind == "deal_scored"][-1]
    text = describe_event(G, ev.for_seat(0), 0, None, 4).plain
    assert text.startswith("Deal scored (") and "seats 0+2: " in text and "seats 1+3: " in text


def test_a_discard_refused_for_a_short_opening_says_so_for_any_copy_of_a_card():
    # 25.7 (21.6.5): the opening must be made before the discard; the fifth copy of
    # 7S (drawn here) is in the hand just as the first would be
    s = new(hands=("5S 5H 5D", "7S 7S 7S 7S", "", ""), stock="7S 4H")
    s.play("draw")
    s.play("meld 5 5 5")
    with pytest.raises(IllegalAction, match="of the 50 needed"):
        s.play("discard 7S")


def test_asking_with_a_foot_to_come_is_judged_with_the_foot():
    """25 with Canasta 21.6.5: going out empties the foot (25.5), so the
    question is judged with the foot the player would pick up: here four
    melds empty the hand, but the foot's cards cannot go out (no canastas):
    300 even when the partner says "no"."""
    s = new(hands=("AS AH AD KS KH KD QS QH QD JS JH", "", "", ""),
            feet=("5S 5H 6D", "", "", ""), stock="JD JC")
    s.play("draw")
    s.play("ask go out")
    s.play("no", 2)
    assert s.penalties == [1, 0]
    reasons = [e.public["reason"] for e in s.events if e.kind == "penalty"]
    assert reasons == ["asked 'May I go out?' but could not go out"]


def test_asking_when_able_costs_nothing():
    """25.5 / 21.6.5: five canastas (two natural) on the table and 9S 9H in
    the foot: with 9D 4C from the stock the player can go out, so asking is fair."""
    s = _in_foot_over_five_melds(["KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD",
                                  "JS JH JD JC JS 2S JK", "TS TH TD TC TS 2H JK",
                                  "6S 6H 6D 6C 6S 6H"])
    s.play("ask go out")
    s.play("no", 2)
    s.play("draw")
    s.play("meld 9 9 9")
    s.play("discard 4C")
    assert s.penalties == [0, 0]
