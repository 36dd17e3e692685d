"""Texas Hold'em by seed 002 (line 181), dealt from two packs: scripted hands
for the blinds, each betting round, limits and caps, the first-turn rule,
all-in and side pots, split pots and odd chips, five of a kind, the match,
and PHH hand histories (read back by pokerkit where it is installed)."""

from __future__ import annotations

import tomllib

import pytest

import pelit
from pelit.cards.betting import side_pots, split
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.texas_holdem import DECK, from_phh, to_phh
from pelit.sim.runner import play_match

G = pelit.load("texas-holdem")


def pack_for(pockets: list[str], board: str = "") -> list[int]:
    """Pocket cards seat by seat (the dealer is the last seat, so dealing
    starts at seat 0), one card at a time, then the board, then the rest."""
    used = 0
    hands = []
    for text in pockets:
        cards = DECK.parse_many(text, DECK.all_mask & ~used)
        for c in cards:
            used |= 1 << c
        hands.append(cards)
    pack = [hands[p][i] for i in range(2) for p in range(len(hands))]
    for c in DECK.parse_many(board, DECK.all_mask & ~used):
        used |= 1 << c
        pack.append(c)
    return pack + [c for c in range(DECK.size) if not (used >> c) & 1]


def new(pockets, board="", **opts):
    opts.setdefault("hands", 1)
    return G.new_state(seed=1, players=len(pockets), dealer=len(pockets) - 1,
                       decks=[pack_for(pockets, board)], **opts)


def says(s, seat=None):
    return [G.action_text(a) for a in s.legal_actions(seat)]


def run(s, *texts):
    for t in texts:
        s.play(t)


FOUR = ["2C 7D", "3C 8D", "4C 9D", "5C TD"]
BOARD = "KS QH 6D 2H 3S"


# -- blinds and the first round (002: Betting) -------------------------------------

def test_blinds_left_of_dealer_and_the_third_player_opens():
    s = new(FOUR, BOARD)
    assert s.dealer == 3 and s.small_blind == 0 and s.big_blind == 1
    assert s.bet.bets == [1, 2, 0, 0] and s.bet.stacks == [99, 98, 100, 100]
    assert s.to_act == (2,)
    # the first-turn rule: check or call on the first turn, no raise
    assert says(s) == ["fold", "call"]
    with pytest.raises(IllegalAction, match="first turn"):
        s.play("raise 4")


def test_raise_on_first_turn_when_agreed():
    s = new(FOUR, BOARD, raise_on_first_turn=True)
    assert says(s) == ["fold", "call", "raise 4"]
    s.play("raise")                       # fixed limit: the one size
    assert s.bet.bets[2] == 4


def test_round_ends_when_all_acted_with_equal_bets_then_the_flop():
    s = new(FOUR, BOARD)
    run(s, "call", "call", "call")        # seats 2, 3, small blind completes
    assert s.to_act == (1,) and says(s) == ["check"]      # big blind: no raise on a first turn
    s.play("check")
    assert s.street == 1 and [DECK.text(c) for c in s.board] == ["KS", "QH", "6D"]
    # after the flop the player left of the dealer opens, bets the small bet
    assert s.to_act == (0,) and says(s) == ["check", "bet 2"]


def test_small_bet_in_two_rounds_big_bet_in_the_last_two():
    s = new(FOUR, BOARD)
    run(s, "call", "call", "call", "check")
    run(s, "bet", "call", "call", "call")                 # flop: 2
    assert s.street == 2 and says(s) == ["check", "bet 4"]
    run(s, "bet", "call", "call", "call")                 # turn: 4
    assert s.street == 3 and says(s) == ["check", "bet 4"]
    run(s, "bet", "call", "call", "call")                 # river: 4
    assert s.outcome is not None
    # every player put in 2 + 2 + 4 + 4
    assert sum(s.outcome.scores) == 400 and s.outcome.details["net"].count(-12) == 3


def test_check_raise_on_the_second_turn_and_the_cap_of_three_raises():
    s = new(FOUR, BOARD)
    run(s, "call", "call", "call", "check")
    run(s, "check", "bet")                                # seat 1 bets 2 on the flop
    assert says(s) == ["fold", "call"]                    # seat 2's first turn
    run(s, "call", "call")
    assert s.to_act == (0,) and says(s) == ["fold", "call", "raise 4"]   # second turn
    s.play("raise 4")
    assert s.bet.raises == 1


def test_raise_cap_counts_raises_not_the_opening_bet():
    s = new(FOUR, BOARD, raise_on_first_turn=True)
    run(s, "call", "call", "call", "check")               # preflop
    run(s, "bet 2", "raise 4", "raise 6", "raise 8")      # a bet and three raises
    assert s.to_act == (0,) and says(s) == ["fold", "call"]
    with pytest.raises(IllegalAction, match="capped at 3"):
        s.play("raise 10")


def test_raise_cap_before_the_flop_counts_from_the_big_blind():
    s = new(FOUR, BOARD, raise_on_first_turn=True)
    run(s, "raise 4", "raise 6", "raise 8")
    assert "raise 10" not in says(s) and says(s) == ["fold", "call"]


def test_fold_only_facing_a_bet_and_clear_errors():
    s = new(FOUR, BOARD)
    run(s, "call", "call", "call", "check")
    before = list(s.bet.stacks)
    with pytest.raises(IllegalAction, match="check rather than fold"):
        s.play("fold")
    with pytest.raises(IllegalAction, match="nobody has bet"):
        s.play("raise 4")
    with pytest.raises(IllegalAction, match="may not act now"):
        s.play("check", seat=2)
    with pytest.raises(ParseError):
        s.play("bet lots")
    with pytest.raises(ParseError, match="you may not raise now: nobody has bet: check or bet"):
        s.play("raise")
    assert s.bet.stacks == before
    s.play("bet")
    with pytest.raises(ParseError, match="may not raise now: no raise on your first turn"):
        s.play("raise")                                   # 002: raise only on the second turn


# -- all-in and side pots (002: all-in, side pot) -----------------------------------

def test_three_way_all_in_with_two_side_pots():
    # seats 0..2 all-in for 10, 30 and 60; seat 3 calls 60.  The short stack has
    # the best hand, seat 1 the second, seat 2 the third: each pot to its own.
    pockets = ["AS AH", "KS KH", "QS QH", "7C 2D"]
    s = new(pockets, "AD KD QD 4C 9H", betting="no-limit", raise_on_first_turn=True,
            stacks="10,30,60,100")
    run(s, "all in")                                      # seat 2: 60
    run(s, "call", "all in", "all in")                    # seat 3 calls, seats 0 and 1 all-in
    assert s.outcome is not None
    wins = [(e.seat, e.public["chips"], e.public["pot"]) for e in s.events if e.kind == "wins"]
    assert wins == [(0, 40, 40), (1, 60, 60), (2, 60, 60)]
    assert s.outcome.scores == (40, 60, 60, 40)



def test_side_pots_are_named_at_the_table_and_a_one_hand_match_says_hand():
    """002 (all-in: a side pot the all-in player cannot win): the table says
    which pot each win comes from, the main pot or side pot 1, 2, ...; the
    last hand's summary too.  A match decided in one hand says '1 hand'."""
    pockets = ["AS AH", "KS KH", "QS QH", "7C 2D"]
    s = new(pockets, "AD KD QD 4C 9H", betting="no-limit", raise_on_first_turn=True,
            stacks="10,30,60,100")
    run(s, "all in", "call", "all in", "all in")
    lines = [G.describe_event(e.for_seat(None)) for e in s.events if e.kind == "wins"]
    assert lines == ["seat 0 wins 40 from the main pot", "seat 1 wins 60 from side pot 1",
                     "seat 2 wins 60 from side pot 2"]
    assert "seat 1 won 60 from side pot 1" in s.view(None)["last_hand"]
    assert s.outcome.reason.startswith("1 hand played:")
    heads_up = new(["AS AH", "7C 2D"], "AD KD QD 4C 9H", betting="no-limit",
                   raise_on_first_turn=True)
    run(heads_up, "all in", "call")
    assert [G.describe_event(e.for_seat(None)) for e in heads_up.events
            if e.kind == "wins"] == ["seat 0 wins 200"]
    assert heads_up.outcome.reason == "seat 0 has every chip after 1 hand"

def test_uncalled_chips_go_back_and_a_fold_shows_nothing():
    s = new(FOUR, BOARD, betting="no-limit", raise_on_first_turn=True)
    run(s, "raise 50", "fold", "fold", "fold")
    returned = [(e.seat, e.public["chips"]) for e in s.events if e.kind == "takes_back"]
    assert returned == [(2, 48)]                          # the raise above the big blind
    assert not any(e.kind == "shows" for e in s.events)
    assert s.outcome.scores == (99, 98, 103, 100)


def test_side_pots_and_split_functions():
    # chips of a folded player stay in the pots he reached
    assert side_pots([10, 30, 60, 60], [False, False, False, False]) == [
        (40, (0, 1, 2, 3)), (60, (1, 2, 3)), (60, (2, 3))]
    assert side_pots([10, 50, 50], [False, True, False]) == [(30, (0, 2)), (80, (2,))]
    # odd chips one each from the given seat on
    assert split(7, [1, 3], 4, 2) == {3: 4, 1: 3}
    assert split(8, [0, 1, 2], 3, 1) == {1: 3, 2: 3, 0: 2}


# -- the reveal (002: Card reveal) ----------------------------------------------------

def test_split_pot_with_an_odd_chip_to_the_first_winner_left_of_the_dealer():
    # three players; the small blind folds its 1; the board is a royal flush that
    # both others play: the pot of 5 splits 3 to seat 1 (first left of the
    # dealer still in), 2 to seat 2
    s = new(["2C 3D", "4C 5D", "6C 7D"], "AS KS QS JS TS")
    run(s, "call", "fold", "check")
    for _ in range(3):
        run(s, "check", "check")
    wins = [(e.seat, e.public) for e in s.events if e.kind == "wins"]
    assert wins == [(1, {"chips": 3, "pot": 5, "split": True}),
                    (2, {"chips": 2, "pot": 5, "split": True})]
    assert s.outcome.scores == (99, 101, 100)


def test_double_pack_five_of_a_kind_beats_a_straight_flush():
    # 002 deals two packs: five nines beat the king-high straight flush
    s = new(["9C 9S", "QS KS", "2D 3D"], "9S 9H 9D TS JS")
    run(s, "call", "call", "check")
    for _ in range(3):
        run(s, "check", "check", "check")
    shows = {e.seat: e.public["hand"] for e in s.events if e.kind == "shows"}
    assert shows[0] == "five of a kind, nines" and shows[1] == "straight flush, king high"
    assert s.outcome.scores == (104, 98, 98)


def test_everyone_left_shows_at_the_reveal_and_views_keep_pockets_private():
    s = new(FOUR, BOARD)
    assert "hand" not in G.view(s, None) and G.view(s, 2)["hand"] == s.pockets[2]
    run(s, "call", "fold", "call", "check")
    for _ in range(3):
        run(s, "check", "check", "check")
    shown = [e.seat for e in s.events if e.kind == "shows"]
    assert shown == [0, 1, 2]
    assert G.view(s, 3)["shown"][0] == s.pockets[0] and not G.view(s, 3)["shown"][3]


# -- two players, no limit -------------------------------------------------------------

def test_two_players_dealer_posts_small_blind_and_acts_first_before_the_flop():
    s = new(["AS 2D", "KH 3C"], BOARD)                    # seat 1 deals
    assert s.small_blind == 1 and s.big_blind == 0 and s.to_act == (1,)
    run(s, "call", "check")
    assert s.to_act == (0,)                               # after the flop: the dealer's left


def test_no_limit_bets_and_minimum_raises():
    s = new(FOUR, BOARD, betting="no-limit", raise_on_first_turn=True)
    legal = says(s)
    assert legal[:2] == ["fold", "call"] and legal[2] == "raise 4" and legal[-1] == "raise 100"
    s.play("raise 10")                                    # raised by 8
    with pytest.raises(IllegalAction, match="between 18 and 100"):
        s.play("raise 12")
    s.play("raise 18")
    assert s.bet.last_raise == 8


def test_short_all_in_raise_does_not_reopen_the_raising():
    s = new(FOUR, BOARD, betting="no-limit", raise_on_first_turn=True, stacks="100,100,100,13")
    run(s, "raise 10")                                    # seat 2 raises by 8
    run(s, "all in")                                      # seat 3 all-in to 13: short of 18
    run(s, "call", "call")                                # the blinds have not acted: they may
    assert s.to_act == (2,) and says(s) == ["fold", "call"]


def test_parse_bet_and_raise_alone_and_all_in():
    s = new(FOUR, BOARD, betting="no-limit", raise_on_first_turn=True)
    with pytest.raises(ParseError, match="say how much"):
        G.parse_action(s, "raise")
    assert G.action_text(G.parse_action(s, "all-in")) == "raise 100"


# -- the match ---------------------------------------------------------------------------

def test_players_out_when_broke_and_the_button_skips_them():
    # seat 0 is all-in with the worst hand; the match goes on without him
    s = G.new_state(seed=1, players=3, dealer=2, stacks="2,100,100", hands=5,
                    decks=[pack_for(["2C 3D", "AS AH", "KS KH"], "7C 8D 9H JC 4S")])
    run(s, "call", "call", "check")
    for _ in range(3):
        run(s, "check", "check")
    assert s.out_at[0] == 1 and s.chips[0] == 0
    assert s.dealer == 1 and s.small_blind == 1 and s.big_blind == 2
    assert s.pockets[0] == 0 and s.to_act == (1,)         # two left: the dealer opens


def test_match_ends_with_one_player_left_or_after_the_hands():
    s = G.new_state(seed=1, players=2, dealer=1, stacks="2,100", hands=0,
                    decks=[pack_for(["2C 3D", "AS AH"], "7C 8D 9H JC 4S")])
    s.play("call")                        # the big blind is all-in: the board is dealt out
    assert s.outcome.winners == (1,) and "every chip" in s.outcome.reason
    state = play_match(G, ["heuristic"], 3, players=4, hands=5)
    assert state.outcome.details["hands"] == 5 and "5 hands played" in state.outcome.reason
    assert sum(state.outcome.scores) == 400


def test_options_are_checked():
    with pytest.raises(OptionError, match="even"):
        G.new_state(seed=1, min_bet=3)
    with pytest.raises(OptionError, match="names 2 seats"):
        G.new_state(seed=1, players=3, stacks="5,5")
    with pytest.raises(OptionError, match="between 1 and"):
        G.new_state(seed=1, players=2, stacks="0,5")


# -- hand histories (PHH) -------------------------------------------------------------

def played(seed=4, hands=12, **opts):
    return play_match(G, ["heuristic"], seed, players=4, hands=hands, **opts)


def test_phh_export_names_the_hand():
    s = new(FOUR, BOARD)
    run(s, "call", "fold", "call", "check")
    for _ in range(3):
        run(s, "check", "check", "check")
    rec = tomllib.loads(to_phh(s))
    assert rec["variant"] == "FT" and rec["small_bet"] == 2 and rec["big_bet"] == 4
    assert rec["blinds_or_straddles"] == [1, 2, 0, 0] and rec["starting_stacks"] == [100] * 4
    assert rec["actions"][:6] == ["d dh p1 2c7d", "d dh p2 3c8d", "d dh p3 4c9d",
                                  "d dh p4 5cTd", "p3 cc", "p4 f"]
    assert "d db KsQh6d" in rec["actions"] and "d db 2h" in rec["actions"]
    assert rec["finishing_stacks"] == list(s.chips)
    # a seat's own history hides the others' unshown pockets
    mine = tomllib.loads(to_phh(s, seat=0))["actions"]
    assert "d dh p4 ????" in mine and "d dh p1 2c7d" in mine


@pytest.mark.parametrize("preset", [None, "no-limit"])
def test_phh_round_trip(preset):
    s = played(preset=preset)
    for hand in range(1, s.hand_no + 1):
        text = to_phh(s, hand)
        back = from_phh(text)
        rec = tomllib.loads(text)
        assert list(back.chips) == rec["finishing_stacks"]
        again = tomllib.loads(to_phh(back))
        for key in ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions",
                    "finishing_stacks"):
            assert again[key] == rec[key]


def test_phh_read_by_pokerkit():
    pokerkit = pytest.importorskip("pokerkit")
    checked = 0
    for preset in (None, "no-limit"):
        s = played(seed=11, hands=20, preset=preset)
        for hand in range(1, s.hand_no + 1):
            text = to_phh(s, hand)
            rec = tomllib.loads(text)
            dealt = "".join(a.split()[-1] for a in rec["actions"] if a.startswith("d "))
            faces = [dealt[i:i + 2] for i in range(0, len(dealt), 2)]
            if len(set(faces)) < len(faces):
                continue                  # a card twice: pokerkit knows one pack only
            states = list(pokerkit.HandHistory.loads(text))
            assert states[-1].stacks == rec["finishing_stacks"], text
            checked += 1
    assert checked >= 12


def test_phh_import_refuses_other_games():
    with pytest.raises(ParseError, match="only Texas hold'em"):
        from_phh("variant = 'PO'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
                 "min_bet = 2\nstarting_stacks = [10, 10]\nactions = []\n")
    with pytest.raises(ParseError, match="blinds"):
        from_phh("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 3]\n"
                 "min_bet = 2\nstarting_stacks = [10, 10]\nactions = []\n")


def test_heuristic_bot_plays_whole_matches():
    s = played(seed=2)
    assert s.outcome is not None and sum(s.outcome.scores) == 400
    assert any(e.kind == "raise" or e.kind == "bet" for e in s.events)
    assert any(e.kind == "fold" for e in s.events)
