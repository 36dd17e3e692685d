"""Envite by seed 001 (Teams, The deal, Card ranking, Bidding, Play of the
hand, Lying down): teams and captains, the dummy, trump orders by table
size, signals to the captain seen by the team only, the stakes 2-4-7-9-game,
trawling, lying down at eleven, games of 12 and best of three."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction
from pelit.core.told import Told, told_in
from pelit.games.envite import DECK, RANKINGS, hand_points, trump_order_text

G = pelit.load("envite")


def cards(text):
    return mask_of(DECK.parse_many(text))


def stacked(hands: dict, up: str, dealer: int = 0) -> str:
    """A pack giving each position (seat, or the dummy) its three cards,
    dealt three at a time to the right from the dealer's right."""
    npos = len(hands)
    head = []
    for k in range(npos):
        head += hands[(dealer - 1 - k) % npos].split()
    head.append(up)
    ids = DECK.parse_many(" ".join(head))
    return DECK.texts(ids + [c for c in range(40) if c not in ids])


FOUR = {0: "KS 2C 3C", 1: "KH 4C 5C", 2: "QS 6C 7C", 3: "QH AC JC"}


def new(hands=FOUR, up="2D", more=(), players=4, **opts):
    packs = [stacked(hands, up)] + [stacked(h, u, d) for h, u, d in more]
    return G.new_state(seed=1, players=players, decks=packs, **opts)


def legal(s, seat):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def signal_all(s):
    for p in list(s.to_act):
        s.play("pass", seat=p)


def test_trump_orders_grow_with_the_table():
    # Card ranking: 2 K Q J A 7 .. 3 in trumps; 3♣ Q♣ J♦, 5♦, 2♦, A♦ on top as it grows
    assert trump_order_text(1, 2) == "2 K Q J A 7 6 5 4 3"
    assert trump_order_text(1, 3) == "3C QC JD 2 K Q J A 7 6 5 4 3"
    assert trump_order_text(1, 6).startswith("AD 2D 5D 3C QC JD 2 K")
    strength, suit = RANKINGS[(1, 3)]                       # hearts trumps, six players
    assert suit[DECK.parse("JD")] == 1 and suit[DECK.parse("QC")] == 1   # they are trumps now
    plain = sorted((c for c in range(40) if suit[c] == 0), key=lambda c: -strength[c])
    assert DECK.texts(plain) == "KS QS JS AS 7S 6S 5S 4S 3S 2S"


def test_deal_teams_captains_and_the_turned_trump():
    # Teams: alternate seats; The deal: three each, the next card turned for trumps
    s = new()
    assert s.hands == [cards(FOUR[p]) for p in range(4)]
    assert s.up == DECK.parse("2D") and s.trump == 2
    view = G.view(s, 2)
    assert view["teams"] == [[0, 2], [1, 3]] and view["captains"] == [0, 1]
    assert s.phase.name == "SIGNAL" and s.to_act == (2, 3)      # the non-captains signal first


def test_signals_reach_the_team_and_never_the_opponents():
    # Teams: the signals are for the captain; the opponents must not catch them
    s = new()
    assert legal(s, 2) == {"signal top", "signal second", "signal third", "signal small trump",
                           "signal no trump", "pass"}
    s.play("signal top", seat=2)
    captain = G.view(s, 0)
    assert [[p, str(w)] for p, w in captain["team_signals"]] == [[2, "top"]]
    assert [str(t) for t in told_in(G.events_for(s, 0))] == ["top"]
    for seat in (1, 3, None):                                 # the other team and spectators
        assert told_in(G.view(s, seat)) == [] and told_in(G.events_for(s, seat)) == []
        assert G.view(s, seat)["signalled"][2] == "yes"       # they see a signal, not what
    assert all(t.seats == {0, 2} for t in told_in(G.events_for(s, 2)))
    s.play("pass", seat=3)
    assert s.phase.name == "BID" and s.to_act == (0, 1)


def test_signal_sets_are_agreed_per_table():
    s = new(signals="count")
    assert "signal two trumps" in legal(s, 2) and "signal top" not in legal(s, 2)
    s = new(signals="none")
    assert s.phase.name == "BID"


def play_out(s, plays):
    for card in plays:
        s.play(card, seat=s.to_act[0])


def test_both_captains_content_plays_for_two():
    # Bidding: if neither captain acts, the hand is played for two stones
    s = new()
    signal_all(s)
    s.play("pass", seat=0)
    s.play("pass", seat=1)
    assert s.phase.name == "PLAY" and s.to_act == (3,)        # the dealer's right leads
    play_out(s, ["QH", "QS", "KH", "KS"])                     # to the right: 3, 2, 1, 0
    assert s.tricks == [0, 1] and s.to_act == (1,)            # KH (hearts led) wins
    assert G.view(s, 0)["last_trick"]["won_by"] == 1
    play_out(s, ["4C", "2C", "JC", "6C"])                     # the jack outranks the ace
    assert s.scores == [0, 2] and s.results[-1] == "game 1: 2 to the team of seat 1 (two tricks)"


def test_raise_declined_gives_the_stake_before_it():
    # Bidding: declining a raise to 4 gives the raisers 2; to 7 gives them 4
    s = new(more=[(FOUR, "2D", 3)])
    signal_all(s)
    s.play("raise 4", seat=1)
    assert s.to_act == (0,) and legal(s, 0) == {"accept", "decline", "raise 7"}
    s.play("raise 7", seat=0)
    assert legal(s, 1) == {"accept", "decline", "raise 9"}
    s.play("decline", seat=1)
    assert s.scores == [4, 0] and s.dealer == 3               # the deal passes to the right


def test_accepted_raise_sets_the_stake_and_no_more_raises():
    s = new()
    signal_all(s)
    s.play("pass", seat=0)
    s.play("raise 4", seat=1)                                 # a captain content may be raised
    s.play("accept", seat=0)
    assert s.phase.name == "PLAY" and G.view(s, 0)["stake"] == 4
    play_out(s, WIN_FOR_1)
    assert s.scores == [0, 4]


def test_raise_to_the_game_decides_the_game():
    s = new(games=2)
    signal_all(s)
    for seat, text in ((0, "raise 4"), (1, "raise 7"), (0, "raise 9"), (1, "raise game")):
        s.play(text, seat=seat)
    assert legal(s, 0) == {"accept", "decline"}
    s.play("accept", seat=0)
    play_out(s, WIN_FOR_1)
    assert s.games_won == [0, 1] and s.scores == [0, 0]      # a new game begins
    assert s.outcome is None


def test_trawling_a_void_player_loses_the_hand_at_once():
    # Play of the hand: leading a trump; a player without one loses it, plus 2
    hands = {0: "KS 2C 3C", 1: "KH 4C 5C", 2: "QS 6C 7C", 3: "3D AC JC"}
    s = new(hands)
    signal_all(s)
    s.play("pass", seat=0)
    s.play("pass", seat=1)
    s.play("3D")                                              # seat 3 trawls (diamonds trumps)
    assert s.scores == [0, 4] and s.results[-1].endswith("(the other team failed a trawl)")
    assert hand_points(0, False, True) == 4 and hand_points(1, False, True) == 6


def test_must_follow_suit_when_able():
    s = new()
    signal_all(s)
    s.play("pass", seat=0)
    s.play("pass", seat=1)
    s.play("AC")
    with pytest.raises(IllegalAction, match="must follow suit: clubs"):
        s.play("QS")
    assert legal(s, 2) == {"6C", "7C"}


def positioned(scores, hands=FOUR, up="2D", **opts):
    """A game whose scores stand at ``scores`` when the next hand is dealt."""
    s = new(hands, up, more=[(hands, up, 3)], **opts)
    s.scores = list(scores)
    G._next_hand(s)
    return s


def test_lying_down_at_eleven_forfeit_gives_one():
    # Lying down: no bidding; the captain of the lying team plays or forfeits
    s = positioned([11, 5])
    signal_all(s)
    assert s.phase.name == "LYING" and s.to_act == (0,) and legal(s, 0) == {"play", "forfeit"}
    s.play("forfeit", seat=0)
    assert s.scores == [11, 6]


STRONG_0 = {0: "KS KC 3C", 1: "KH 4C 5C", 2: "QS QC 7C", 3: "QH AC JC"}
# dealer 3: seat 2 leads, to the right: 2, 1, 0, 3; the kings win two tricks
WIN_FOR_0 = ["QS", "4C", "KS", "QH", "KC", "AC", "7C", "5C"]
WIN_FOR_1 = ["QH", "QS", "KH", "KS", "4C", "2C", "JC", "6C"]


def test_lying_down_team_loses_three_or_wins_the_game():
    s = positioned([5, 11], STRONG_0)
    signal_all(s)
    s.play("play", seat=1)
    play_out(s, WIN_FOR_0)
    assert s.scores == [8, 11]                                # the lying team lost: 3 to the others
    won = positioned([11, 5], STRONG_0)
    signal_all(won)
    won.play("play", seat=0)
    play_out(won, WIN_FOR_0)
    assert won.games_won == [1, 0]                            # won lying down: the game


def test_scores_stop_at_eleven_and_both_lying_down_play_for_the_game():
    s = new(more=[(FOUR, "2D", 3)])
    signal_all(s)
    s.scores = [9, 0]
    s.play("raise 4", seat=0)
    s.play("decline", seat=1)
    assert s.scores == [11, 0]                                # 9 + 2, but nothing above 11
    both = positioned([11, 11], STRONG_0)
    assert both.phase.name == "PLAY"                           # no signals, no bidding
    play_out(both, WIN_FOR_0)
    assert both.games_won == [1, 0] and both.scores == [0, 0]


def test_best_of_three_games():
    s = new(games=1)
    signal_all(s)
    for seat, text in ((0, "raise 4"), (1, "raise 7"), (0, "raise 9"), (1, "raise game")):
        s.play(text, seat=seat)
    s.play("accept", seat=0)
    play_out(s, WIN_FOR_1)
    assert s.outcome.winners == (1, 3) and s.outcome.scores == (0, 1, 0, 1)


def test_odd_players_the_captain_plays_the_dummy():
    # Teams: with five players seat 1's team has a dummy; its captain sees and plays it
    hands = {0: "KS 2C 3C", 1: "KH 4C 5C", 2: "QS 6C 7C", 3: "QH AC JC", 4: "4S 5S 6S",
             5: "4H 5H 6H"}
    s = new(hands, up="2D", players=5)
    assert G.view(s, 1)["dummy_hand"] == cards("4H 5H 6H")
    assert "dummy_hand" not in G.view(s, 3) and "dummy_hand" not in G.view(s, 0)
    assert G.view(s, 2)["dummy"] == 5 and s.to_act == (2, 3, 4)
    signal_all(s)
    s.play("pass", seat=0)
    s.play("pass", seat=1)
    assert s.turn == 5 and s.to_act == (1,)                  # the dummy leads; seat 1 plays it
    assert legal(s, 1) == {"4H", "5H", "6H"}
    s.play("6H", seat=1)
    assert s.turn == 4 and s.to_act == (4,)
    assert trump_order_text(2, 3).startswith("3C QC JD")     # three a side: the bigger order


def test_bad_input_changes_nothing():
    s = new()
    with pytest.raises(IllegalAction, match="this table's signals are"):
        s.play("signal two trumps", seat=2)
    signal_all(s)
    with pytest.raises(IllegalAction, match="after the stakes are settled"):
        s.play("KS", seat=0)
    s.play("raise 4", seat=0)
    with pytest.raises(IllegalAction, match="seat 0 may not act now"):
        s.play("raise 7", seat=0)
    with pytest.raises(IllegalAction, match="the next raise is to 7"):
        s.play("raise 9", seat=1)
    assert s.level == 1 and s.to_act == (1,)


def test_bot_signals_truthfully_and_its_captain_reads_it():
    s = new({0: "KS 2C 3C", 1: "KH 4C 5C", 2: "2D 6C 7C", 3: "QH AC JC"}, up="3D")
    bot = make_bot("heuristic", G, 2, seed=1)
    assert G.action_text(bot.choose(G.view(s, 2))) == "signal top"


def test_the_leak_suite_catches_a_signal_shown_to_the_other_team(monkeypatch):
    # the leak suite's check of team-only words can fail: a view that shows
    # the team's signals to everybody is caught
    from test_leaks import _check_no_unknown_cards

    s = new()
    s.play("signal top", seat=2)
    _check_no_unknown_cards(G, s, 1, 0)                       # as it is: nothing overheard
    real = G._view

    def leaky(state, seat, v):
        real(state, seat, v)
        v["team_signals"] = [[2, Told("top", (0, 2))]]          # to every seat: a leak

    monkeypatch.setattr(G, "_view", leaky)
    with pytest.raises(AssertionError, match="hears \\['top'\\], told to other seats only"):
        _check_no_unknown_cards(G, s, 1, 0)


def test_the_board_says_the_stake_the_lying_team_and_the_signals_in_words():
    # Bidding, Lying down and the signals to the captain, as the terminal shows them
    s = new()
    s.play("signal top", seat=2)
    s.play("pass", seat=3)
    s.play("raise 4", seat=1)
    board = G.render_board(G.view(s, 0))
    assert "the hand is worth 4 stones: Seat 1 raised, You to answer" in board
    assert "signals to your captain: Seat 2 top" in board
    other = G.render_board(G.view(s, 1))                      # the other team's captain
    assert "top" not in other and "signals to your captain: Seat 3 no signal" in other
    hidden = G.render_hints["hide"]
    assert {"content", "lying_down", "team_signals", "raiser", "answer_by"} <= set(hidden)
    s = positioned([5, 11])
    assert "lying down (one stone from the game): the team of seats 1, 3" in \
        G.render_board(G.view(s, 0))
    assert "lying down (one stone from the game): your team" in G.render_board(G.view(s, 3))
