"""Mattis by seed 001 (Setup, Building the hands, Ending the first half,
Playing the hands out, Ending the game): tricks to any card, ties broken by
further cards (twice here), blind plays, the last stock card as trumps and
the trump maker, blåmattis; then beating with cards and runs, picking up
the lowest play, tricks counted in plays, dropping out and the mattis."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction
from pelit.games.mattis import DECK, SUIT, beats

G = pelit.load("mattis")


def cards(text):
    return mask_of(DECK.parse_many(text))


def stacked(hands: dict, stock: str = "", players=3) -> str:
    """A pack dealing ``hands`` (one at a time from seat 0), then ``stock``
    top first; the rest of the pack follows in order."""
    split = {p: hands[p].split() for p in range(players)}
    head = [split[p][i] for i in range(3) for p in range(players)] + stock.split()
    ids = DECK.parse_many(" ".join(head))
    return DECK.texts(ids + [c for c in range(52) if c not in ids])


def new(hands, stock="", players=3):
    return G.new_state(seed=1, players=players, decks=[stacked(hands, stock, players)])


def test_deal_three_each_seat_0_leads_and_any_card_may_be_played():
    # Setup and Building the hands: no need to follow suit
    s = new({0: "2S 3S 4S", 1: "5H 6H 7H", 2: "8D 9D TD"}, "JC QC KC")
    assert [h.bit_count() for h in s.hands] == [3, 3, 3] and len(s.stock) == 43
    assert s.to_act == (0,) and s.dealer == 2
    s.play("2S")
    assert {G.action_text(a) for a in s.legal_actions()} == {"5H", "6H", "7H", "blind"}


def test_highest_rank_wins_whatever_the_suit_and_all_draw_back_up():
    s = new({0: "2S 3S 4S", 1: "5H 6H 7H", 2: "8D 9D TD"}, "JC QC KC AC 2C 3C")
    s.play("4S")
    s.play("5H")
    s.play("8D")                                     # the 8 is highest
    assert s.won[2] == cards("4S 5H 8D") and s.to_act == (2,)
    # drawing from the winner round the table: 2 draws JC, 0 QC, 1 KC
    assert s.hands[2] & cards("JC") and s.hands[0] & cards("QC") and s.hands[1] & cards("KC")
    assert G.view(s, 1)["last_trick"]["won_by"] == 2


def test_a_tie_broken_twice_takes_everything_on_the_table():
    # Building the hands: tied players play again, and again, until one wins
    s = new({0: "KS 7S 9D", 1: "KH 7H 3C", 2: "5C 6C 8C"}, "JC QC KC AC 2H 3H 4H")
    s.play("KS")
    s.play("KH")
    s.play("5C")
    assert s.to_act == (0,) and G.view(s, 2)["tie_round"] == 1
    with pytest.raises(IllegalAction, match="seat 2 may not act now"):
        s.play("6C", seat=2)                          # only the tied players play on
    s.play("7S")
    s.play("7H")                                      # tied again
    assert s.to_act == (0,) and G.view(s, 2)["tie_round"] == 2
    s.play("9D")
    s.play("3C")
    assert s.won[0] == cards("KS KH 5C 7S 7H 9D 3C")  # seven cards: the trick and the tie-breaks
    assert s.to_act == (0,)


def test_blind_play_turns_up_the_stock_top_and_is_committed():
    s = new({0: "2S 3S 4S", 1: "5H 6H 7H", 2: "8D 9D TD"}, "AC QC KC")
    s.play("2S")
    s.play("blind")                                   # seat 1 turns up the AC
    assert s.trick[-1] == (1, DECK.parse("AC")) and s.hands[1] == cards("5H 6H 7H")
    play = [e for e in G.events_for(s, 0) if e["kind"] == "play"][-1]
    assert play["blind"] and play["card"] == DECK.parse("AC")


def blind_first_half(s):
    """Everyone plays blind while the stock lasts, then his lowest card."""
    while s.phase.name == "BUILD":
        seat = s.to_act[0]
        legal = s.legal_actions(seat)
        s.apply(G.BLIND if G.BLIND in legal else min(legal, key=lambda c: DECK.rank_of[c]), seat)


def test_the_last_stock_card_is_trumps_and_the_first_half_ends_on_an_empty_hand():
    # Ending the first half: the last card shown, into the taker's pile; trumps; the end
    s = new({0: "2S 3S 4S", 1: "5H 6H 7H", 2: "8D 9D TD"})
    last = DECK.parse(stacked({0: "2S 3S 4S", 1: "5H 6H 7H", 2: "8D 9D TD"}).split()[-1])
    blind_first_half(s)
    assert s.trump_card == last and s.trump == SUIT[last]
    trump = [e for e in s.events if e.kind == "trump"][0]
    assert trump.seat == s.maker and trump.public["card"] == last
    assert s.phase.name == "SHED" and sum(h.bit_count() for h in s.hands) == 52
    assert s.turn == s.maker or s.maker in s.blamattis


def second_half(won: dict, trump: str, maker: int, players=3):
    """A game put at the second half: the won piles (hands left included), the
    trump suit and its maker, entered through the engine's own step."""
    s = G.new_state(seed=1, players=players)
    s.won = [cards(won.get(p, "")) for p in range(players)]
    s.hands = [0] * players
    s.stock = []
    s.trump = "SHDC".index(trump)
    s.trump_card = DECK.parse("2" + trump)
    s.maker = maker
    G._second_half(s)
    return s


def test_blamattis_starts_with_nothing_and_picks_up():
    # Ending the first half / Playing the hands out: blåmattis stay in, with no cards
    s = second_half({0: "9S TS", 1: "3H 4H 5D"}, "D", maker=0)
    assert s.blamattis == [2] and s.to_act == (0,)
    s.play("run 9S-TS")                               # a run is one play
    s.play("5D", seat=1)                              # trump beats the run
    assert s.out == [0]
    assert {G.action_text(a) for a in s.legal_actions(2)} == {"pick up"}
    s.play("pick up", seat=2)                         # the lowest play: the whole run
    assert s.hands[2] == cards("9S TS") and s.table == [(1, cards("5D"))]


def test_beating_same_suit_higher_or_trump_and_runs_by_their_ranks():
    # Playing the hands out: a higher card of the suit or a trump beats; runs by rank
    s = second_half({0: "7S 8S 9S 2C", 1: "TS 9H 2D 6S", 2: "JS QS 3D 5S"}, "D", maker=0)
    assert {"7S", "run 7S-8S", "run 7S-9S", "run 8S-9S", "2C"} <= {
        G.action_text(a) for a in s.legal_actions()}
    s.play("run 7S-8S")
    legal = {G.action_text(a) for a in s.legal_actions(1)}
    assert legal == {"TS", "2D"}                       # 6S is too low; a trump beats
    s.play("TS", seat=1)                               # a single higher card beats the run
    assert {G.action_text(a) for a in s.legal_actions(2)} == {"JS", "QS", "run JS-QS", "3D"}
    assert beats(cards("JS QS"), cards("TS"), 2) and not beats(cards("TS JS"), cards("TS"), 2)
    assert beats(cards("2D"), cards("AS"), 2) and not beats(cards("AS"), cards("2D"), 2)


def test_a_trick_is_its_plays_then_thrown_out_and_the_last_player_leads():
    # Playing the hands out: as many plays as players at the start; pickups do not count
    s = second_half({0: "7S 2C", 1: "3H 4H", 2: "8S 5H 9S"}, "D", maker=0)
    s.play("7S")
    s.play("pick up", seat=1)                           # cannot beat: takes the 7S
    assert s.table == [] and s.to_act == (2,)
    s.play("8S", seat=2)                                 # an empty table: any play
    s.play("pick up", seat=0)                            # the 2C cannot beat the 8S
    assert s.made == 2 and s.to_act == (1,)
    s.play("3H", seat=1)                                 # the third play ends the trick
    assert s.table == [] and s.made == 0 and s.thrown == cards("3H")
    assert s.leader == 1 and s.to_act == (1,)            # the last to play leads
    assert s.hands[0] == cards("2C 8S") and s.hands[1] == cards("4H 7S")


def test_the_last_player_with_cards_is_the_mattis():
    # Ending the game: players drop out as their hands empty
    s = second_half({0: "AS", 1: "2H", 2: "3C"}, "D", maker=0)
    s.play("AS")
    assert s.out == [0]
    s.play("pick up", seat=1)
    s.play("3C", seat=2)
    assert s.out == [0, 2] and s.outcome is not None
    assert s.outcome.winners == (0, 2) and s.outcome.ranking == (1, 3, 2)
    assert s.outcome.reason == "seat 1 is the mattis"


def test_must_beat_when_able_and_bad_input_changes_nothing():
    s = second_half({0: "7S 8S", 1: "9S 4H", 2: "3C"}, "D", maker=0)
    s.play("7S")
    with pytest.raises(IllegalAction, match="Legal now: 9S"):
        s.play("pick up", seat=1)
    with pytest.raises(IllegalAction, match="does not beat 7S"):
        s.play("4H", seat=1)
    with pytest.raises(IllegalAction, match="blind plays belong to the first half"):
        s.play("blind", seat=1)
    assert s.table == [(0, cards("7S"))]


def test_bot_beats_cheaply_in_the_second_half():
    s = second_half({0: "7S 8S", 1: "9S KS 3D 4H", 2: "3C"}, "D", maker=0)
    s.play("7S")
    bot = make_bot("heuristic", G, 1, seed=1)
    assert G.action_text(bot.choose(G.view(s, 1))) == "9S"   # not the king, not the trump


def test_last_stock_card_played_blind_makes_its_player_the_trump_maker():
    # decision (Ending the first half): the blind card stays in the trick
    s = new({0: "2S 3S 4S", 1: "5H 6H 7H", 2: "8D 9D TD"})
    s.stock = [DECK.parse("KC")]
    s.play("blind")
    assert s.trump == SUIT[DECK.parse("KC")] and s.maker == 0 and s.trump_pile is None
    s.play("5H")
    s.play("8D")
    assert s.trump_pile == 0 and s.won[0] & cards("KC")      # the king won its own trick


def test_a_tied_player_out_of_cards_drops_out_of_the_tie():
    # decision (Building the hands): the one tied player who can play takes it
    s = new({0: "2S 3S 4S", 1: "5H 6H 7H", 2: "8D 9D TD"})
    s.stock, s.trump, s.trump_card, s.maker = [], 2, DECK.parse("2D"), 2
    s.hands = [cards("KS"), cards("KH 5H"), cards("2C 3C")]
    s.play("KS")
    s.play("KH")
    s.play("2C")
    assert [e for e in s.events if e.kind == "tie"][-1].public["seats"] == [0, 1]
    assert s.phase.name == "SHED"                           # seat 0 is out of cards
    trick = [e for e in s.events if e.kind == "trick_won"][-1]
    assert trick.seat == 1 and int(trick.public["cards"]) == cards("KS KH 2C")


def test_the_terminal_says_plays_pick_ups_and_the_mattis_in_words():
    # how the table reads: blind plays, tricks taken, pick-ups, the fool's cards
    say = G.describe_event
    assert say({"kind": "play", "seat": 1, "card": DECK.parse("7C"), "blind": True}) == \
        "seat 1 plays blind: the stock's top card is 7♣"
    assert say({"kind": "trick_won", "seat": 2, "cards": cards("4S 5H 8D"), "count": 3}) == \
        "seat 2 takes the trick (3 cards: 4♠ 5♥ 8♦)"
    assert say({"kind": "pick_up", "seat": 0, "cards": cards("7S 8S")}) == \
        "seat 0 cannot beat and picks up 7♠ 8♠"
    assert say({"kind": "trick_done", "seat": None, "count": 1, "leader": 1}) == \
        "the trick is over: 1 card thrown out; seat 1 leads"
    assert say({"kind": "draw", "seat": 1}) == "seat 1 draws a card"


def test_the_board_says_a_tie_in_words_only_while_it_is_played_off():
    # Building the hands (a tie is played again): the terminal names the tied
    # players and how many ties in a row, and says nothing of ties otherwise
    s = new({0: "KS 7S 9D", 1: "KH 7H 3C", 2: "5C 6C 8C"}, "JC QC KC AC 2H 3H 4H")
    assert G.render_board(G.view(s, 2)) is None
    s.play("KS")
    s.play("KH")
    s.play("5C")
    assert G.render_board(G.view(s, 2)) == "a tie for the highest card: seat 0 and seat 1 play again"
    s.play("7S")
    s.play("7H")
    assert G.render_board(G.view(s, 2)) == \
        "a tie for the highest card: seat 0 and seat 1 play again (tie 2)"
    s.play("9D")
    s.play("3C")
    assert G.render_board(G.view(s, 2)) is None
