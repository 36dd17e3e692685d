"""Memory by seed 003 "Memory": scripted grids citing the rule they check."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import Card, mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.memory import DECK
from pelit.sim.runner import play_match

G = pelit.load("memory")

# positions 1..8: 7H 7S 9C KD 9H 2S 3S 4S, then the rest in id order
TOP = "7H 7S 9C KD 9H 2S 3S 4S"


def grid(top=TOP):
    first = DECK.parse_many(top)
    return DECK.texts(first + [c for c in range(52) if c not in first])


def new(players=2, top=TOP):
    return G.new_state(seed=1, players=players, decks=[grid(top)])


def cards_in_view(v):
    return [x for x in v["grid"] if isinstance(x, Card)]


def test_setup_whole_pack_face_down_left_of_random_dealer_begins():
    # Memory: a random dealer deals every card face down in a grid; play starts on his left
    s = new()
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert v["grid"].count("down") == 52 and cards_in_view(v) == []
    assert s.to_act == ((s.dealer + 1) % 2,)
    dealers = {G.new_state(seed=k, players=4).dealer for k in range(12)}
    assert len(dealers) > 1                       # the dealer is drawn, not fixed


def test_no_match_turns_both_back_and_passes_the_turn():
    # Memory: cards that do not match are turned face down again; next player
    s = new()
    p = s.to_act[0]
    s.play("flip 1")
    for seat in (None, 0, 1):                     # the first card is face up for all
        assert [DECK.text(c) for c in cards_in_view(s.view(seat))] == ["7H"]
    s.play("flip 3")                              # 9C: no match
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert v["grid"].count("down") == 52 and cards_in_view(v) == []
    assert s.to_act == (1 - p,)
    flips = [e for e in G.events_for(s, 1 - p) if e["kind"] == "flip"]
    assert [DECK.text(e["card"]) for e in flips] == ["7H", "9C"]   # seen as it happened


def test_match_by_rank_is_kept_and_the_player_goes_again():
    # Memory: a match is collected and the same player turns two more
    s = new()
    p = s.to_act[0]
    s.play("flip 1")
    s.play("flip 2")                              # 7H 7S: a pair of sevens
    assert s.pairs[p] == mask_of(DECK.parse_many("7H 7S"))
    assert s.view(1 - p)["grid"][0] is None and s.view(1 - p)["grid"][1] is None
    assert s.to_act == (p,)
    s.play("flip 3")
    s.play("flip 5")                              # 9C 9H: suits do not matter
    assert s.view(0)["pair_counts"][p] == 2 and s.to_act == (p,)


def test_cannot_flip_an_empty_or_face_up_position():
    s = new()
    s.play("flip 1")
    before = (s.grid.copy(), s.up, len(s.history))
    with pytest.raises(IllegalAction, match="already face up"):
        s.play("flip 1")
    s.play("flip 2")
    with pytest.raises(IllegalAction, match="empty"):
        s.play("flip 2")
    with pytest.raises(ParseError):
        s.play("flip 53")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("flip 9", seat=1 - s.to_act[0])
    assert (s.grid[2:], len(s.history)) == (before[0][2:], before[2] + 1)
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=5)


def _last_pair(split):
    """A state with only KC KD left in the grid and the other 50 cards shared
    as pairs: ``split`` cards to the player to act, the rest to the other."""
    s = new()
    p = s.to_act[0]
    s.grid = [None] * 52
    s.grid[0], s.grid[1] = DECK.parse("KC"), DECK.parse("KD")
    rest = [c for c in range(52) if c not in s.grid[:2]]
    s.pairs = [0, 0]
    s.pairs[p] = mask_of(rest[:split])
    s.pairs[1 - p] = mask_of(rest[split:])
    return s, p


def test_most_pairs_wins_and_a_tie_is_shared():
    # Memory: the player with the most pairs wins; (decision) ties share the win
    s = new()
    p = s.to_act[0]
    while s.outcome is None:                  # perfect play: always find a pair
        left = [i for i, x in enumerate(s.grid) if x is not None]
        a = left[0]
        b = next(j for j in left[1:] if DECK.rank_of[s.grid[j]] == DECK.rank_of[s.grid[a]])
        s.play(f"flip {a + 1}")
        s.play(f"flip {b + 1}")
    assert s.outcome.scores[p] == 26 and s.outcome.winners == (p,)
    s2, q = _last_pair(26)                    # 13 + 1 pairs against 12
    s2.play("flip 1")
    s2.play("flip 2")
    assert s2.outcome.scores[q] == 14 and s2.outcome.winners == (q,)
    s3, r = _last_pair(24)                    # 12 + 1 against 13: a tie
    s3.play("flip 1")
    s3.play("flip 2")
    assert s3.outcome.scores == (13, 13) and s3.outcome.winners == (0, 1)


def test_bot_memory_has_a_capacity():
    # bots/memory.py: the bot remembers only its last CAPACITY sightings
    s = new()
    bot = make_bot("heuristic", G, 0, seed=1)
    bot.capacity = 2
    events = [{"kind": "flip", "position": i, "card": Card(i)} for i in (1, 2, 3)]
    bot.observe(events)
    assert list(bot.memory) == [2, 3]
    bot.observe([{"kind": "pair", "positions": [2, 3]}])
    assert bot.memory == {}
    del s


def test_bot_takes_a_remembered_pair():
    s = new()
    p = s.to_act[0]
    s.play("flip 1")
    s.play("flip 3")                 # 7H and 9C seen, turned back
    other = 1 - p
    s.play("flip 2")                 # the other player turns 7S ...
    bot = make_bot("heuristic", G, other, seed=1)
    bot.observe(G.events_for(s, other))
    assert G.action_text(bot.choose(s.view(other))) == "flip 1"   # ... and remembers 7H


def test_whole_match_between_bots():
    for n in (2, 3, 4):
        s = play_match(G, ["heuristic"], seed=n, players=n)
        assert sum(s.outcome.scores) == 26
