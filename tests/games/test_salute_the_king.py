"""Salute the King by seed 004 "Salute the King": scripted piles citing the rule they check."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.salute_the_king import PACKS
from pelit.sim.runner import play_match

G = pelit.load("salute-the-king")
DECK = PACKS[1]


def pack_for(first: list[str], n: int = 3) -> str:
    """A 52-card pack dealt one at a time from seat 0 such that seat p turns
    the cards ``first[p]`` first (in that order); fillers below in id order."""
    counts = [52 // n + (1 if i < 52 % n else 0) for i in range(n)]
    named = [DECK.parse_many(f) for f in first] + [[] for _ in range(n - len(first))]
    used = {c for f in named for c in f}
    rest = [c for c in range(52) if c not in used]
    piles = []
    for p in range(n):
        need = counts[p] - len(named[p])
        piles.append(rest[:need] + named[p][::-1])      # bottom .. top
        rest = rest[need:]
    pack = [piles[i % n][i // n] for i in range(52)]
    return DECK.texts(pack)


def new(first, n=3, **opts):
    return G.new_state(seed=1, players=n, decks=[pack_for(first, n)], **opts)


def top(s):
    return DECK.text(s.middle[-1])


def test_setup_all_cards_dealt_face_down_nobody_looks():
    # Setup: dealt as evenly as they go; nobody may look at their pile
    s = new(["2H", "3H", "4H"])
    assert [len(p) for p in s.piles] == [18, 17, 17]
    for seat in (None, 0, 1, 2):
        v = s.view(seat)
        assert v["piles"] == [18, 17, 17] and v["middle_top"] is None
        assert "hand" not in v
    big = G.new_state(seed=2, players=9)
    assert sum(len(p) for p in big.piles) == 104          # two packs above eight players
    assert sorted(len(p) for p in big.piles) == [11] * 4 + [12] * 5


def test_turn_order_left_of_dealer_then_around():
    # Game play: the dealer's left turns first, then the next to the left
    s = new(["2H", "3H", "4H"])
    assert s.to_act == (0,) and s.dealer == 2
    s.play("turn")
    assert top(s) == "2H" and s.to_act == (1,)
    s.play("turn")
    s.play("turn")
    assert top(s) == "4H" and s.to_act == (0,) and len(s.middle) == 3


def test_trigger_opens_a_window_for_everyone_last_reactor_collects():
    # Game play: on a king everyone salutes; the last to do it collects the middle
    s = new(["2H", "KH", "4H"])
    s.play("turn")
    s.play("turn")                                  # KH
    assert s.phase is G.Phase.REACT and s.to_act == (0, 1, 2)
    s.play("salute", seat=2)
    s.play("salute", seat=0)                        # seat 1 is now the last
    assert s.phase is G.Phase.TURN and s.middle == []
    assert len(s.piles[1]) == 17 - 1 + 2 and s.to_act == (2,)   # the turner's left goes on


def test_two_reactions_in_either_order():
    # Game play: the arrival order decides who is last
    for order, last in (((0, 1), 2), ((1, 2), 0), ((2, 0), 1)):
        s = new(["AH", "3H", "4H"])
        s.play("turn")                              # an ace: stand up
        for seat in order:
            s.play("stand", seat=seat)
        assert s.piles[last][0] == DECK.parse("AH")      # the one left out collects
        others = [p for p in range(3) if p != last]
        assert all(DECK.parse("AH") not in s.piles[p] for p in others)


def test_wrong_gesture_collects_at_once():
    # Game play: saluting a jack does not cut it
    s = new(["JH", "3H", "4H"])
    s.play("turn")
    s.play("salute", seat=1)                        # a jack wants applause
    assert s.phase is G.Phase.TURN and s.piles[1][0] == DECK.parse("JH")
    react = [e for e in s.events if e.kind == "react"][0]
    assert react.public["right"] is False


def test_gestures_for_each_trigger():
    # Game play: ace stand, king salute, queen bow, jack applaud
    for card, gesture in (("AS", "stand"), ("KS", "salute"), ("QS", "bow"), ("JS", "applaud")):
        s = new([card, "3H", "4H"])
        s.play("turn")
        for seat in (0, 1):
            s.play(gesture, seat=seat)
        assert s.piles[2][0] == DECK.parse(card)    # seat 2 was last, not wrong


def test_collected_cards_go_under_the_pile_turned_over():
    """Game play (decision in the module): the face-up middle pile is turned
    face down and put under the collector's pile: its first card turned (2H)
    lies on top of the packet, next to his old cards, and the queen turned
    last at the very bottom (``piles`` list the bottom card first)."""
    s = new(["2H", "3H", "QH"])
    old = list(s.piles[1])
    for _ in range(3):
        s.play("turn")
    s.play("bow", seat=0)
    s.play("bow", seat=2)
    assert [DECK.text(c) for c in s.piles[1][:3]] == ["QH", "3H", "2H"]
    assert s.piles[1][3:] == old[:-1]                # his pile less the 3H he turned


def test_first_out_wins_after_the_reaction():
    # Ending: a player whose last card is dealt with wins
    s = new(["2H", "3H", "4H"])
    s.piles[0] = [DECK.parse("5H")]
    s.play("turn")
    assert s.outcome is not None and s.outcome.winners == (0,)
    t = new(["KH", "3H", "4H"])
    t.piles[0] = [DECK.parse("KH")]
    t.play("turn")                                  # his last card is a king ...
    t.play("salute", seat=1)
    t.play("salute", seat=2)                        # ... and he is the slowest
    assert t.outcome is None and len(t.piles[0]) == 1


def test_dealer_chooses_the_triggers_variant():
    # Variations: the dealer chooses four triggers and the reactions
    s = new(["7H", "3H", "4H"], preset="dealer-chooses")
    assert s.to_act == (2,) and s.phase is G.Phase.TRIGGERS
    for rank in ("seven", "two", "nine", "ten"):
        s.play(f"trigger {rank}")
    with pytest.raises(IllegalAction):
        s.play("trigger ace", seat=2)
    assert s.view(0)["triggers"][0] == ["seven", "stand"]
    s.play("turn")                                  # 7H now wants everyone to stand
    assert s.phase is G.Phase.REACT
    s.play("stand", seat=1)
    s.play("stand", seat=2)
    assert s.piles[0][0] == DECK.parse("7H")


def test_bot_reacts_right_with_a_human_delay():
    # the bot's delay is configurable so people can beat it
    s = new(["KH", "3H", "4H"])
    s.play("turn")
    bot = make_bot("heuristic", G, 1, seed=3)
    bot.error_rate = 0.0
    assert G.action_text(bot.choose(s.view(1))) == "salute"
    assert 0.9 <= bot.delay(s.view(1)) <= 1.4
    bot.reaction, bot.spread = 2.0, 0.0
    assert bot.delay(s.view(1)) == 2.0


def test_bad_input_is_refused_and_changes_nothing():
    s = new(["2H", "3H", "4H"])
    n = len(s.history)
    with pytest.raises(IllegalAction, match="trigger card"):
        s.play("salute")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("turn", seat=1)
    with pytest.raises(ParseError):
        s.play("wave")
    assert len(s.history) == n
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=2)


@pytest.mark.parametrize("n", [3, 6, 10])
def test_whole_match_between_bots(n):
    s = play_match(G, ["heuristic"], seed=n, players=n)
    (w,) = s.outcome.winners
    assert s.piles[w] == []


def test_the_trigger_table_is_not_drawn_as_seat_columns():
    # Game play: four triggers are one table, not one entry per seat (with
    # four players the list has a seat's length)
    assert "triggers" in G.render_hints["table"]
