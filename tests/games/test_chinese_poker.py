"""Chinese Poker by seed 000 ch. 20: the deal, 20.1 combinations and what
beats what, passing and the end of a round, 20.2 going out, the winner and
the loser; the decisions of the module (five-card hands as poker hands)."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.chinese_poker import DECK
from pelit.sim.runner import play_match

G = pelit.load("chinese-poker")
SEED = 1
N4_DEALER = G.new_state(seed=SEED, players=4).dealer


def new(hands: dict[int, str], players: int = 4):
    """A deal giving ``hands`` (seat -> cards) and the rest in id order; the
    pack is laid out so the deal (one card at a time from the dealer's left)
    hands each seat its cards."""
    dealer = G.new_state(seed=SEED, players=players).dealer
    wanted = {p: DECK.parse_many(t) for p, t in hands.items()}
    taken = {c for cs in wanted.values() for c in cs}
    rest = [c for c in range(52) if c not in taken]
    seats = [(dealer + 1 + i) % players for i in range(52)]
    counts = {p: seats.count(p) for p in range(players)}
    for p in range(players):
        cards = wanted.setdefault(p, [])
        while len(cards) < counts[p]:
            cards.append(rest.pop(0))
    pack = [wanted[p].pop(0) for p in seats]
    return G.new_state(seed=SEED, players=players, decks=[pack])


def says(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def first(s):
    return s.to_act[0]


def test_whole_pack_dealt_and_the_extra_cards_start():
    # 20: all 52 cards; uneven: those with a card more play first
    s = G.new_state(seed=3, players=3)
    sizes = [h.bit_count() for h in s.hands]
    assert sum(sizes) == 52 and sorted(sizes) == [17, 17, 18]
    starter = (s.dealer + 1) % 3
    assert s.to_act == (starter,) and sizes[starter] == 18
    s5 = G.new_state(seed=3, players=5)
    assert [s5.hands[(s5.dealer + 1 + i) % 5].bit_count() for i in range(5)] == [11, 11, 10, 10, 10]


def test_leading_any_combination_of_the_four_kinds():
    # 20.1: single, pair, three of a kind, five-card straight or better; not two pair
    lead = (N4_DEALER + 1) % 4
    s = new({lead: "3S 3H 3D 4C 4S 5D 6H 7C 9S JD KH AC 2S"})
    legal = says(s)
    # (a combination is written in the game's order, lowest first)
    assert {"3S", "3H 3S", "3D 3H 3S", "3S 4C 5D 6H 7C", "3D 3H 3S 4C 4S"} <= legal
    assert "pass" not in legal
    with pytest.raises(ParseError, match="4 cards"):
        s.play("3S 3H 4C 4S")
    with pytest.raises(IllegalAction, match="single card, a pair"):
        s.play("3S 4C 9S JD KH")                 # high card is not a combination


def test_single_cards_rank_two_high_then_suits():
    # 20 and 20.1: two > ace > ... > three; equal ranks by S > H > D > C
    lead = (N4_DEALER + 1) % 4
    nxt = (lead + 1) % 4
    s = new({lead: "2H", nxt: "2S 2D AS KC"})
    s.play("2H")
    legal = says(s)
    assert "2S" in legal and "2D" not in legal and "AS" not in legal and "pass" in legal
    with pytest.raises(IllegalAction, match="does not beat"):
        s.play("AS")


def test_pairs_and_triples_by_rank_only():
    lead = (N4_DEALER + 1) % 4
    nxt = (lead + 1) % 4
    s = new({lead: "AS AH", nxt: "AD AC 2S 2H KS KH"})
    s.play("AH AS")
    legal = says(s)
    assert "2H 2S" in legal and "AC AD" not in legal and "KH KS" not in legal
    with pytest.raises(IllegalAction, match="table has a pair"):
        s.play("2S")


def test_poker_hands_beat_by_poker_rank():
    # 20.1: any straight or better is one kind; a full house beats a straight;
    # a queen-high flush beats a ten-high flush
    lead = (N4_DEALER + 1) % 4
    nxt = (lead + 1) % 4
    s = new({lead: "4H 6H 7H 9H TH 3S 4S 5S 6S 7D",
             nxt: "2C 4C 6C 8C QC 5D 5H 5C 8D 8H 3D 4D"})
    s.play("4H 6H 7H 9H TH")
    legal = says(s)
    assert "4C 6C 8C QC 2C" in legal and "5C 5D 5H 8D 8H" in legal
    assert "3D 4D 5C 6C 7S" not in legal           # a straight does not beat a flush
    assert not any(len(t.split()) != 5 for t in legal if t != "pass")


def test_five_card_hands_rank_as_poker_hands_with_the_ace_high():
    # decision: ch. 17 inside 20.1: three full of fours beats twos full of kings,
    # a six-high straight beats A-2-3-4-5
    lead = (N4_DEALER + 1) % 4
    nxt = (lead + 1) % 4
    s = new({lead: "2S 2H 2D KS KH AC 3C 4C 5D", nxt: "3S 3H 3D 4S 4H 2C 6C 5S"})
    s.play("KH KS 2D 2H 2S")
    assert "3D 3H 3S 4H 4S" in says(s)
    s2 = new({lead: "AC 2C 3C 4D 5D", nxt: "2H 3H 4H 5H 6D 9S"})
    s2.play("3C 4D 5D AC 2C")
    assert "3H 4H 5H 6D 2H" in says(s2)


def test_passing_then_playing_later_and_the_end_of_a_round():
    # 20.1: a player who passed may play later; when all but one passed in a
    # row, the last player starts a new round with anything
    lead = (N4_DEALER + 1) % 4
    p1, p2, p3 = ((lead + i) % 4 for i in (1, 2, 3))
    s = new({lead: "3S 9S", p1: "4S 8S", p2: "5S 7S", p3: "6S TS"})
    s.play("3S")
    s.play("pass")                                # p1
    s.play("5S")                                  # p2
    s.play("pass")                                # p3
    s.play("pass")                                # lead
    assert s.to_act == (p1,) and "8S" in says(s)  # p1 passed before and may play now
    s.play("8S")
    s.play("pass")
    s.play("pass")
    s.play("pass")
    assert s.to_act == (p1,) and s.last_kind == 0 and "pass" not in says(s)


def test_out_the_winner_the_loser_and_the_next_round_from_the_left():
    # 20.2: the first out wins; winning a round with the last card: the next
    # player to the left starts; the last holding cards loses
    s = G.new_state(seed=SEED, players=3)
    lead = s.to_act[0]
    p1, p2 = (lead + 1) % 3, (lead + 2) % 3
    s.hands = [0, 0, 0]
    s.hands[lead] = mask_of(DECK.parse_many("2S"))
    s.hands[p1] = mask_of(DECK.parse_many("3S 4S"))
    s.hands[p2] = mask_of(DECK.parse_many("5S 6S"))
    s.played = DECK.all_mask & ~(s.hands[0] | s.hands[1] | s.hands[2])
    s._legal = None
    s.play("2S")                                  # lead goes out
    assert s.out == [lead]
    s.play("pass")
    s.play("pass")                                # round won by the player who is out
    assert s.to_act == (p1,) and s.last_kind == 0
    s.play("4S")
    s.play("5S")
    s.play("pass")
    s.play("6S")                                  # p2 out second: p1 loses
    assert s.outcome.winners == (lead,)
    assert s.outcome.scores[lead] == 1 and s.outcome.scores[p1] == -1 and s.outcome.scores[p2] == 0
    assert s.outcome.ranking[lead] == 1 and s.outcome.ranking[p1] == 3


def test_views_hide_other_hands_and_show_the_table():
    s = G.new_state(seed=4, players=4)
    lead = s.to_act[0]
    card = ids(s.hands[lead])[0]
    s.apply(card)
    other = (lead + 1) % 4
    v = G.view(s, other)
    assert v["table"] == [card] and v["last_seat"] == lead
    assert int(v["hand"]) == s.hands[other] and "hand" not in G.view(s, None)
    assert v["hand_sizes"][lead] == 12


def test_heuristic_bot_plays_to_the_end():
    s = play_match(G, ["heuristic"], 9, players=5)
    assert s.outcome is not None and len(s.outcome.details["order_out"]) == 5


def test_the_terminal_shows_a_hand_with_twos_highest_in_each_suit():
    """20: the two is the highest card, so the shown hand puts it first in
    its suit (suits apart as in every game)."""
    from pelit.cli.render import hand_text
    cards = [DECK.parse(t) for t in ("3D", "2D", "AD", "KS", "2S")]
    assert hand_text(G, mask_of(cards)).plain == "2♠ K♠   2♦ A♦ 3♦"
