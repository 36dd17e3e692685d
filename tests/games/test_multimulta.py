"""Multimulta by seed 000 ch. 10: the reconstructed deck and scripted deals citing sections."""

from __future__ import annotations

import random
import sys
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest

import pelit
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.multimulta import (DECK, FACES, RANKS, RECONSTRUCTED, SUITS, SURVIVING,
                                    allowed_follow, deal_points, trick_winner)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests/: support

from support import card_ids_in, random_step, snapshot  # noqa: E402

G = pelit.load("multimulta")

H0 = "KJ9 K9J JK9 9KJ J9K 9JK QQQ TTT A--"
H1 = "J97 J79 9J7 7J9 97J 79J 977 977 -A-"
H2 = "AQT ATQ QAT QTA TAQ TQA 888 --A 797"
H3 = "QT8 Q8T TQ8 T8Q 8QT 8TQ 797 779 779"


def pack():
    """Dealing (decision, 10.2): one card at a time from the dealer's (seat 0) left."""
    h = [x.split() for x in (H0, H1, H2, H3)]
    return " ".join(h[p][i] for i in range(9) for p in (1, 2, 3, 0))


def cards(text):
    return mask_of(DECK.parse_many(text))


def new(**kw):
    return G.new_state(seed=1, decks=[pack()], **kw)


# -- 10.1 the deck --------------------------------------------------------------------

def test_the_twenty_surviving_faces_as_read_from_the_top_corners_10_1():
    # seed lines ~720-918, top corners in the order spades, diamonds, clubs
    assert SURVIVING == ("KJ9", "K9J", "JK9", "9KJ", "J9K", "9JK", "QQQ",
                         "J97", "J79", "9J7", "7J9", "97J", "79J", "TTT",
                         "977", "977", "797", "797", "779", "779")
    # every surviving pattern comes in all of its suit orders, equally often
    for pattern, times in (("KJ9", 1), ("J97", 1), ("977", 2)):
        orders = set("".join(p) for p in permutations(pattern))
        assert all(SURVIVING.count(o) == times for o in orders)


def test_the_reconstructed_sixteen_10_1():
    assert sorted(RECONSTRUCTED) == sorted(
        ["AQT", "ATQ", "QAT", "QTA", "TAQ", "TQA", "QT8", "Q8T", "TQ8", "T8Q", "8QT", "8TQ",
         "888", "A--", "-A-", "--A"])
    assert DECK.size == 36 and len(FACES) == 36


def test_every_suit_holds_the_same_ranks_10_1():
    want = {14: 3, 13: 2, 12: 5, 11: 4, 10: 5, 9: 6, 8: 3, 7: 6, None: 2}
    for suit in SUITS:
        assert Counter(RANKS[suit]) == want
    kj9 = DECK.parse("kj9")
    assert (RANKS["spades"][kj9], RANKS["diamonds"][kj9], RANKS["clubs"][kj9]) == (13, 11, 9)
    assert len(DECK.copies_of("977")) == 2 and len(DECK.copies_of("A--")) == 1


# -- 10.2 dealing and passing ---------------------------------------------------------------

def test_deal_nine_and_pass_three_face_down_to_the_partner_10_2():
    s = new()
    assert s.hands[0] == cards(H0) and s.to_act == (1,)
    for t in ("pass J97", "pass J79", "pass -A-"):
        s.play(t)
    # nobody else sees what seat 1 chose
    for seat in (None, 0, 2, 3):
        assert card_ids_in(s.view(seat)) & cards("J97 J79 -A-") == 0
        assert card_ids_in(G.events_for(s, seat)) & cards("J97 J79 -A-") == 0
    assert s.view(0)["selected_counts"] == [0, 3, 0, 0] and s.hands[3] == cards(H3)
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("pass KJ9", seat=0)
    for t in ("pass 888", "pass --A", "pass 797"):
        s.play(t)
    for t in ("pass 779", "pass 779", "pass 797"):
        s.play(t)
    with pytest.raises(IllegalAction, match="pass"):
        s.play("spades KJ9")
    for t in ("pass A--", "pass TTT", "pass QQQ"):
        s.play(t)
    def faces(mask):
        return sorted(DECK.texts(mask).split())

    assert faces(s.hands[0]) == sorted("KJ9 K9J JK9 9KJ J9K 9JK 888 --A 797".split())
    assert faces(s.hands[3]) == sorted("QT8 Q8T TQ8 T8Q 8QT 8TQ J97 J79 -A-".split())
    assert int(s.view(1)["given"]) == cards("J97 J79 -A-")
    assert G.unknown_cards(s, 1) & cards("J97 J79 -A-") == 0     # he knows where they are
    assert s.phase.name == "PLAY" and s.to_act == (1,)            # dealer's left leads


def test_choosing_a_card_twice_or_one_not_held_is_refused_10_2():
    s = new()
    s.play("pass J97")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="already set aside"):
        s.play("pass J97")
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("pass QQQ")                      # seat 0's card
    assert snapshot(s) == before


def _passed():
    s = new()
    for t in ("pass J97", "pass J79", "pass -A-", "pass 888", "pass --A", "pass 797",
              "pass 779", "pass 779", "pass 797", "pass A--", "pass TTT", "pass QQQ"):
        s.play(t)
    return s


# -- 10.3 tricks --------------------------------------------------------------------------------

def test_lead_names_a_suit_the_card_has_10_3():
    s = _passed()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="names the lead suit"):
        s.play("977")
    with pytest.raises(ParseError):
        s.play("hearts 977")
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("spades KJ9")
    assert snapshot(s) == before
    s2 = _passed()
    for t in ("spades 977", "TAQ", "TQ8", "JK9"):
        s2.play(t)
    assert s2.to_act == (0,)
    before = snapshot(s2)
    with pytest.raises(IllegalAction, match="no rank in spades"):
        s2.play("spades --A")                   # the club ace has no spade rank
    assert snapshot(s2) == before
    s2.play("clubs --A")


def test_must_play_rules_and_ties_won_by_the_last_played_10_3():
    s = _passed()
    s.play("spades 977")                          # spade 9 leads
    s.play("TAQ")                                 # a spade 10
    assert G.render_board(s.view(2)).splitlines()[2].startswith(
        "Lead suit spades; best so far T: play a card reaching it")     # on the screen
    with pytest.raises(IllegalAction, match="spades T or higher"):
        s.play("8QT")                             # a spade 8 while holding spade 10s and Qs
    s.play("TQ8")                                 # equal 10, played later: now winning
    assert trick_winner(s.trick, "spades") == 2
    s.play("JK9")                                 # spade jack takes it
    assert s.tricks == [1, 0] and s.to_act == (0,)
    s.play("clubs --A")                           # a club ace leads
    s.play("977")                                 # seat 1 has no club ace: any club rank
    assert s.view(2)["lacks"][1] == {"clubs": 14}
    with pytest.raises(IllegalAction, match="clubs A or higher"):
        s.play("AQT")                             # seat 2 holds QTA and TQA (club aces)
    s.play("QTA")
    legal = {G.action_text(a) for a in s.legal_actions()}
    assert "-A-" not in legal and "Q8T" in legal  # seat 3: a club rank, if he has one
    with pytest.raises(IllegalAction, match="rank in clubs"):
        s.play("-A-")
    s.play("Q8T")
    assert s.tricks == [2, 0]                     # QTA's equal ace, played later, wins


def test_allowed_follow_three_tiers_10_3():
    hand = cards("-A- 8QT QT8")
    assert allowed_follow(hand, "spades", 10) == cards("QT8")          # reaches the best
    assert allowed_follow(hand, "spades", 13) == cards("8QT QT8")      # any spade rank
    assert allowed_follow(cards("-A- --A"), "spades", 9) == cards("-A- --A")   # anything


# -- 10.2 scoring and the match ------------------------------------------------------------------

@pytest.mark.parametrize("tricks,points", [
    ([5, 4], [1, 0]), ([4, 5], [0, 1]), ([6, 3], [2, 0]), ([9, 0], [5, 0]), ([2, 7], [0, 3]),
])
def test_deal_points_tricks_over_four_10_2(tricks, points):
    assert deal_points(tricks) == points


def test_game_to_five_points_dealer_passes_left_10_2():
    s = G.new_state(seed=8)
    rng = random.Random(8)
    while s.outcome is None:
        seat, a = random_step(s, rng)
        s.apply(a, seat)
    scored = [e.public for e in s.events if e.kind == "deal_scored"]
    assert all(max(e["totals"]) < 5 for e in scored[:-1]) and max(scored[-1]["totals"]) >= 5
    side = s.outcome.winners[0]
    assert s.outcome.winners == (side, side + 2) and s.points[side] >= 5
    dealers = [e.public["dealer"] for e in s.events if e.kind == "deal"]
    assert dealers == [i % 4 for i in range(len(dealers))]


def test_rubber_option_two_games_10_2():
    s = G.new_state(seed=9, games=2, target=2)
    rng = random.Random(9)
    while s.outcome is None:
        seat, a = random_step(s, rng)
        s.apply(a, seat)
    games = [e.public for e in s.events if e.kind == "game_won"]
    side = s.outcome.winners[0]
    assert s.games_won[side] == 2 and games[-1]["side"] == side and len(games) in (2, 3)


def test_sampled_worlds_keep_given_cards_and_lacks():
    s = _passed()
    for t in ("spades 977", "TAQ", "TQ8", "JK9", "clubs --A", "977"):
        s.play(t)
    rng = random.Random(2)
    for _ in range(5):
        w = G.sample_world(s.view(3), rng)
        assert w.hands[1] & cards("J97 J79 -A-") == 0          # seat 3 holds them himself
        assert w.hands[1] & cards("QTA TQA --A") == 0          # seat 1 showed no club ace
        w0 = G.sample_world(s.view(1), rng)
        assert w0.hands[3] & cards("J79 -A-") == cards("J79 -A-")   # given by seat 1


def test_heuristic_bot_beats_random_play():
    from pelit.sim.runner import play_match
    wins = sum(play_match(G, ["heuristic", "random"], seed).outcome.winners == (0, 2)
               for seed in range(4))
    assert wins >= 3


# -- 10.1 copies look alike: one action per face, replay by text -------------------------------

def test_a_face_held_twice_is_one_action_10_1():
    """Seat 1 holds both copies of 977: one ``pass 977``, one lead and one
    follow name them, and the raw id of the other copy is refused with the
    text that stands for it."""
    s = new()
    legal = [G.action_text(a) for a in s.legal_actions()]
    assert legal.count("pass 977") == 1 and len(legal) == 8
    other = next(c for c in DECK.copies_of("977") if G.pass_base + c not in s.legal_actions())
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="'pass 977' is the action"):
        s.apply(G.pass_base + other)
    assert snapshot(s) == before
    s = _passed()
    legal = [G.action_text(a) for a in s.legal_actions()]
    assert legal.count("spades 977") == 1 and legal.count("clubs 977") == 1


def test_the_copy_received_goes_first_so_given_shows_only_what_is_sure_10_1():
    """Seat 1 holds a 797 and seat 3 passes him the other: when seat 1 plays
    a 797, seat 3 can no longer be sure his partner holds one."""
    h1 = "J97 J79 9J7 7J9 97J 79J 977 977 797"
    h2 = "AQT ATQ QAT QTA TAQ TQA 888 --A -A-"
    h = [x.split() for x in (H0, h1, h2, H3)]
    s = G.new_state(seed=1, decks=[" ".join(h[p][i] for i in range(9) for p in (1, 2, 3, 0))])
    for t in ("pass J97", "pass J79", "pass 9J7", "pass 888", "pass --A", "pass -A-",
              "pass 797", "pass 779", "pass 779", "pass A--", "pass TTT", "pass QQQ"):
        s.play(t)
    both = mask_of(DECK.copies_of("797"))
    assert s.hands[1] & both == both
    assert int(s.view(1)["received"]) == s.given[3] and int(s.view(3)["given"]) & both
    assert [G.action_text(a) for a in s.legal_actions()].count("spades 797") == 1
    s.play("spades 797")
    assert (s.hands[1] & both).bit_count() == 1           # seat 1 keeps his own copy
    assert int(s.view(3)["given"]) == mask_of(DECK.copies_of("779"))    # no 797 for sure
    assert int(s.view(1)["received"]) == mask_of(DECK.copies_of("779"))


def test_matches_replay_by_their_action_text():
    """Records keep action text: replaying one by text gives the very same
    match, move for move (copies of a face once sent a replay down another)."""
    from pelit.core.records import record_of, replay
    for seed in range(1, 16):
        s = G.new_state(seed=seed, target=2)
        rng = random.Random(seed)
        while s.outcome is None:
            seat, a = random_step(s, rng)
            s.apply(a, seat)
        again = replay(record_of(s))
        assert again.history == s.history and snapshot(again) == snapshot(s), seed


def test_the_table_says_each_event_in_words():
    # 10.2-10.3 at the table: another's choice of a card to give stays secret,
    # one's own is named; leads name the suit; tricks, deals and games in words
    from pelit.sim.runner import play_match
    s = play_match(G, ["heuristic"], 3, target=2)
    lines = {}
    for e in s.events:
        ev = e.for_seat(0)
        if ev is not None:
            lines.setdefault((ev["kind"], ev.get("seat") == 0), G.describe_event(ev))
    assert lines[("select", False)] == "seat 1 chooses a card to give (1 of 3)"
    assert lines[("select", True)].startswith("seat 0 chooses ")
    assert lines[("select", True)].endswith(" to give (1 of 3)")
    assert lines[("received", True)].endswith(" from across the table")
    assert lines[("lead", False)].startswith("seat 1 leads ")
    assert ", suit " in lines[("lead", False)]
    assert lines[("trick", False)].startswith("seat ")
    assert " wins the trick (tricks: side 0 " in lines[("trick", False)]
    assert lines[("deal_scored", False)].startswith("deal scored: side ")
    assert lines[("game_won", False)].startswith("side 1 (seats 1 and 3) wins the game with 2 points")
