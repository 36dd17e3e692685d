"""Kiertopokeri by seed 000 ch. 19: announcements, doubts, picking up,
elimination and the shuffling rule, on stacked packs."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import mask_of
from pelit.cards.poker_claims import KIERTOPOKERI, at_least, claim_words
from pelit.cards.poker_hands import Category, hand_value
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.kiertopokeri import CLAIMS, DECK, EVAL, Phase

G = pelit.load("kiertopokeri")


def stacked(first: str) -> str:
    """The pack drawn from in order: ``first`` then the rest in id order."""
    head = DECK.parse_many(first)
    return DECK.texts(head + [c for c in range(52) if c not in head])


def new(first: str, players=4):
    return G.new_state(seed=1, players=players, decks=[stacked(first)])


def cards(text):
    return mask_of(DECK.parse_many(text))


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


def test_announcements_name_what_19_1_lists():
    # 19.1: pair/three/four + one extra card; two pair and full house all cards;
    # high card and flush two cards; straight and straight flush one card
    s = new("QS QH JD 5C 2S")
    said = legal(s)
    assert {"say pair Q J", "say two pair Q 10 5", "say three K 9", "say full house K 5",
            "say four 7 A", "say high A K", "say flush Q 10", "say straight 9",
            "say straight flush K"} <= said
    assert "say pair Q Q" not in said and "say high 6 5" not in said   # no such hands
    s.play("say pair Q J")
    assert G.view(s, 2)["claim"] == "a pair of queens and a jack"
    words = {claim_words(c, KIERTOPOKERI) for c in CLAIMS}
    assert {"queens and tens and a five", "queen-high flush with a ten",
            "nine-high straight", "full house, kings over fives"} <= words


@pytest.mark.parametrize("hand, claim, truthful", [
    ("QS QH JD 5C 2S", (Category.PAIR, 12, 11), True),        # exactly
    ("QS QH KD 5C 2S", (Category.PAIR, 12, 11), True),        # better: at least (decision)
    ("QS QH TD 5C 2S", (Category.PAIR, 12, 11), False),
    ("QS QH QD 5C 2S", (Category.PAIR, 12, 11), True),        # a higher category
    ("QH TH 8H 5H 2H", (Category.FLUSH, 12, 10), True),
    ("QH 9H 8H 5H 2H", (Category.FLUSH, 12, 10), False),
    ("9S 8H 7D 6C 5S", (Category.STRAIGHT, 9), True),
    ("8S 7H 6D 5C 4S", (Category.STRAIGHT, 9), False),
])
def test_truthful_means_at_least_the_announced_hand(hand, claim, truthful):
    value = EVAL.value(DECK.parse_many(hand))
    assert at_least(value, hand_value(*claim)) is truthful


def test_doubting_a_true_announcement_puts_the_doubter_out():
    # 19.1: truthful -> the doubter drops out; the next player starts over
    s = new("QS QH JD 5C 2S  3C 4C 6C 8C 9C")
    s.play("say pair Q J")
    assert s.to_act == (1,) and legal(s) == {"doubt", "pick up"}
    # face down: only the announcer remembers it; nobody else sees a card of it
    assert G.view(s, 0)["laid_down"] == cards("QS QH JD 5C 2S")
    assert all("hand" not in G.view(s, p) and "laid_down" not in G.view(s, p) for p in (1, 2, 3))
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("doubt", seat=2)                # only the next player (decision)
    s.play("doubt")
    assert s.out == [1] and s.holder == 2 and s.phase is Phase.ANNOUNCE
    # 19.3: no shuffle: the new hand is the next five cards of the stock
    assert s.hand == cards("3C 4C 6C 8C 9C")
    assert s.turned_up == cards("QS QH JD 5C 2S") == G.view(s, 3)["turned_up"]


def test_doubting_a_lie_puts_the_announcer_out_and_the_doubter_starts():
    s = new("QS QH TD 5C 2S  3C 4C 6C 8C 9C")
    s.play("say pair Q J")
    s.play("doubt")
    assert s.out == [0] and s.holder == 1 and s.hand == cards("3C 4C 6C 8C 9C")
    doubt = next(e for e in s.events if e.kind == "doubt")
    assert G.describe_event(doubt.for_seat(2)) == (
        "seat 1 doubts seat 0's claim, a pair of queens and a jack: the hand is "
        "Q♠ 2♠   Q♥   5♣   10♦, pair of queens; a lie: the announcer, seat 0, is out")


def test_picking_up_throwing_away_drawing_and_announcing_higher():
    # 19.1: pick up, discard any number, draw back to five, announce higher
    s = new("QS QH JD 5C 2S  QD 7H")
    s.play("say pair Q J")
    s.play("pick up")
    assert G.view(s, 1)["hand"] == cards("QS QH JD 5C 2S")
    assert "hand" not in G.view(s, 0) and "laid_down" not in G.view(s, 0)
    s.play("5C")
    s.play("2S")
    with pytest.raises(IllegalAction, match="not in the hand"):
        s.play("5C")
    s.play("draw")
    assert s.hand == cards("QS QH JD QD 7H") and s.phase is Phase.ANNOUNCE
    with pytest.raises(IllegalAction, match="higher than a pair of queens and a jack"):
        s.play("say pair Q 10")
    with pytest.raises(IllegalAction, match="higher than"):
        s.play("say pair Q J")
    s.play("say three Q J")
    assert G.view(s, 1)["laid_down"] == cards("QS QH JD QD 7H")
    assert s.to_act == (2,)


def test_keeping_every_card_is_allowed():
    s = new("QS QH JD 5C 2S")
    s.play("say high 7 5")
    s.play("pick up")
    s.play("draw")
    s.play("say pair Q J")
    assert s.claimant == 1


def test_after_a_royal_flush_only_doubt():
    s = new("AS KS QS JS TS")
    s.play("say straight flush A")
    assert legal(s) == {"doubt"}
    with pytest.raises(IllegalAction, match="nothing beats"):
        s.play("pick up")


def test_stock_runs_out_discards_become_the_new_stock():
    # 19.3: shuffled only when the stock runs out
    s = new("QS QH JD 5C 2S")
    s.stock = s.stock[-2:]                      # two cards left on the stock
    s.discard = mask_of(range(52)) & ~s.hand & ~mask_of(s.stock)
    s.play("say pair Q J")
    s.play("pick up")
    for c in ("JD", "5C", "2S"):
        s.play(c)
    s.play("draw")
    assert s.reshuffles == 1 and s.hand.bit_count() == 5
    assert len(s.stock) == 45 - 1 and s.discard == cards("JD 5C 2S")


def test_last_player_left_wins_ranked_by_dropping_out():
    # 19.2
    s = new("2C 3D 4H 6S 8C", players=4)
    lies = 0
    while s.outcome is None:
        if s.phase is Phase.ANNOUNCE:
            s.play("say four A K" if lies < 5 else "say high 7 5")
            lies += 1
        else:
            s.play("doubt")
    assert len(s.out) == 3 and s.outcome.winners[0] not in s.out
    place = s.outcome.ranking
    assert place[s.out[0]] == 4 and place[s.out[-1]] == 2 and place[s.outcome.winners[0]] == 1


def test_malformed_announcement_is_a_parse_error():
    s = new("QS QH JD 5C 2S")
    with pytest.raises(ParseError):
        G.parse_action(s, "say pair of queens", 0)
    assert G.parse_action(s, "SAY PAIR q j", 0) == G.parse_action(s, "say pair Q J", 0)


def test_bot_tells_the_truth_and_doubts_three_of_a_kind():
    s = new("QS QH JD 5C 2S")
    bot = make_bot("heuristic", G, 0, 1)
    assert G.action_text(bot.choose(G.view(s, 0))) == "say pair Q J"
    s.play("say three A K")
    assert make_bot("heuristic", G, 1, 1).choose(G.view(s, 1)) == G.DOUBT
    t = new("QS QH JD 5C 2S")
    t.play("say pair 3 5")
    assert make_bot("heuristic", G, 1, 1).choose(G.view(t, 1)) == G.PICK
