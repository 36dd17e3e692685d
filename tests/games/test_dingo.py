"""Dingo by seed 001 (Setup, Discards and exchanges, Hunting the rabbits,
Hunting the A♦, Scoring): the rabbit pile, four discard rounds and three
passing rounds in their directions and orders, the hunts with the dingo
forced and wolves optional, the ace hunt's order, the piles and the scores."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction
from pelit.games.dingo import DECK, RABBITS, card_points, final_scores, standing_keys

from support import card_ids_in

G = pelit.load("dingo")

# six cards each kept to the hunts, and four to discard (the fourth is passed right)
FINAL = {0: "2H 4C AC 5S 6S 7S", 1: "2S 3H AS 8S 9S TS", 2: "2C 3S 4H AD JS QS",
         3: "4S AH KS 5C 6C 7C"}
JUNK = {0: "5H 6H 7H 8H", 1: "9H TH JH 3C", 2: "QH KH 8C 9C", 3: "TC JC QC KC"}


def cards(text):
    return mask_of(DECK.parse_many(text))


def pack(final=FINAL, junk=JUNK) -> str:
    hands = {p: DECK.parse_many(final[p] + " " + junk[p]) for p in range(4)}
    order = []
    for i in range(10):
        for p in (1, 2, 3, 0):                   # one at a time from the dealer's left
            order.append(hands[p][i])
    return DECK.texts(list(RABBITS) + order)


def new(final=FINAL, junk=JUNK):
    return G.new_state(seed=1, decks=[pack(final, junk)])


def exchange(s, junk=JUNK, targets=None):
    """Discards and passes that leave each player with his six cards: the
    first pass goes round the table back to the dealer, the second goes
    across and back, and in the third each discards what he receives.
    ``targets`` collects, round by round, whom each seat passes to."""
    j = {p: junk[p].split() for p in range(4)}
    rounds = [
        ("discard", [j[p][0] for p in range(4)]),
        ("pass", [j[0][1]] * 4),
        ("discard", [j[p][1] for p in range(4)]),
        ("pass", [j[0][2], j[1][2], j[0][2], j[1][2]]),
        ("discard", [j[p][2] for p in range(4)]),
        ("pass", [j[0][3], j[1][3], j[2][3], j[0][3]]),
        ("discard", [j[1][3], j[2][3], j[0][3], j[3][3]]),
    ]
    for verb, cards_by_seat in rounds:
        if verb == "pass" and targets is not None:
            targets.append([])
        for p, card in enumerate(cards_by_seat):
            if verb == "pass" and targets is not None:
                targets[-1].append(G.view(s, p)["pass_to"])
            s.play(f"{verb} {card}", seat=p)


def test_setup_rabbit_pile_and_ten_cards_each():
    # Setup: the diamonds but the ace in order with the 2 showing; 40 cards, ten each
    s = new()
    assert s.rabbits == list(RABBITS) and DECK.text(s.rabbits[0]) == "2D"
    assert [h.bit_count() for h in s.hands] == [10] * 4
    assert s.hands[3] == cards(FINAL[3] + " " + JUNK[3])
    assert s.to_act == (0,) and s.phase.name == "DISCARD"    # the dealer discards first


def test_aces_may_never_be_discarded_and_only_the_top_discard_shows():
    # Discards and exchanges: no aces; the pile kept squared
    s = new()
    with pytest.raises(IllegalAction, match="aces may never be discarded"):
        s.play("discard AC")
    s.play("discard 5H")
    s.play("discard 9H", seat=1)
    view = G.view(s, 3)
    assert view["discard_top"] == DECK.parse("9H") and view["discards"] == 2
    assert not card_ids_in(view) & cards("5H")               # buried: only remembered


def test_passing_left_one_at_a_time_and_only_giver_and_receiver_see_the_card():
    # the dealer passes left first; each looks at the card before passing his own
    s = new()
    for p in range(4):
        s.play(f"discard {JUNK[p].split()[0]}", seat=p)
    assert s.phase.name == "PASS" and s.to_act == (0,)
    assert G.view(s, 0)["pass_to"] == 1
    s.play("pass 6H")
    assert s.hands[1] & cards("6H") and s.to_act == (1,)
    six = DECK.parse("6H")
    assert [e["card"] for e in G.events_for(s, 1) if e["kind"] == "pass_card"] == [six]
    assert [e.get("card") for e in G.events_for(s, 2) if e["kind"] == "pass_card"] == [None]
    # the leak suite's rule: a third player cannot know where it is, the giver can
    assert G.unknown_cards(s, 2) & cards("6H") and not G.unknown_cards(s, 0) & cards("6H")
    s.play("pass 6H", seat=1)                                # passed on: the dealer loses track
    assert G.unknown_cards(s, 0) & cards("6H") and not G.unknown_cards(s, 1) & cards("6H")


def test_passing_left_across_and_right_in_the_seats_order():
    # each round started by the dealer and going on clockwise: left, across
    # (dealer, left, across, right each pass across), then right
    s = new()
    targets = []
    exchange(s, targets=targets)
    assert targets == [[1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]
    assert [h.bit_count() for h in s.hands] == [5, 6, 6, 6]     # 2H, the first dingo, is down


def test_after_four_discards_six_cards_and_the_hunts():
    # Hunting the rabbits: the 2 first; the dingo (2H) is played at once, by force
    s = new()
    exchange(s)
    assert [s.hands[p] for p in (1, 2, 3)] == [cards(FINAL[p]) for p in (1, 2, 3)]
    assert s.rank == 2 and s.plays == [(0, DECK.parse("2H"))]
    assert s.phase.name == "HUNT" and s.to_act == (1,)       # the players after the dingo
    assert G.action_text(s.legal_actions()[0]) == "2S" and "pass" in {
        G.action_text(a) for a in s.legal_actions()}


def test_two_wolves_the_second_catches_the_dingo_player_keeps_the_first():
    s = new()
    exchange(s)
    s.play("2S", seat=1)
    s.play("2C", seat=2)
    assert s.score[2] == cards("2C 2D")                       # the second wolf and the rabbit
    assert s.score[0] == cards("2H 2S")                       # the dingo and the first wolf
    # rank 3: the dingo 3H is seat 1's; only seat 2 holds a wolf (3C was discarded)
    assert s.rank == 3 and s.to_act == (2,)
    s.play("3S")                                              # one wolf catches the rabbit
    assert s.score[2] & cards("3S 3D") == cards("3S 3D") and s.score[1] == cards("3H")


def test_no_wolf_dingo_to_penalty_rabbit_discarded_and_missing_dingo():
    s = new()
    exchange(s)
    s.play("2S", seat=1)
    s.play("2C", seat=2)
    s.play("3S")
    assert s.rank == 4 and s.to_act == (3,)                    # 4H is seat 2's: seat 3, then 0
    s.play("pass", seat=3)
    s.play("pass", seat=0)
    assert s.penalty[2] == cards("4H") and DECK.parse("4D") in s.discard
    # 5 to king: their hearts were discarded: no dingo, the rabbits are discarded
    assert s.rank == 14 and all(DECK.parse(f"{r}D") in s.discard for r in "56789TJQK")


def play_to_the_ace_hunt(s):
    exchange(s)
    s.play("2S", seat=1)
    s.play("2C", seat=2)
    s.play("3S")
    s.play("pass", seat=3)
    s.play("pass", seat=0)


def test_ace_hunt_order_and_the_rabbit_played_once_both_wolves_are_down():
    # Hunting the A♦: the dingo (AH, seat 3), then seats 0, 1, 2 and seat 3 last
    s = new()
    play_to_the_ace_hunt(s)
    assert s.plays == [(3, DECK.parse("AH"))] and s.to_act == (0,)
    s.play("AC")                                              # no wolf left: his turn ends
    s.play("AS", seat=1)                                      # no wolf left: his turn ends
    # seat 2 plays the A♦ by force: both wolves are down
    assert s.outcome is not None
    assert s.score[0] & cards("AC") and s.score[1] & cards("AS")
    assert s.score[2] & cards("AD") and s.score[3] & cards("AH")


def test_ace_hunt_rabbit_not_playable_goes_to_the_penalty_pile():
    s = new()
    play_to_the_ace_hunt(s)
    s.play("pass")                                            # seat 0 keeps the AC
    s.play("AS", seat=1)
    assert s.outcome is not None
    assert s.penalty[2] & cards("AD") and s.score[3] & cards("AH")   # a wolf was played
    shown = [e for e in G.events_for(s, 0) if e["kind"] == "rabbit_shown"]
    assert shown and shown[0]["seat"] == 2


def test_ace_hunt_dingo_alone_is_a_penalty_and_the_dingo_player_plays_last():
    final = {0: "2H 4C 5S 6S 7S AD", 1: "2S 3H AS 8S 9S TS", 2: "2C 3S 4H AC JS QS",
             3: "4S AH KS 5C 6C 7C"}
    s = new(final)
    play_to_the_ace_hunt(s)
    s.play("pass", seat=1)                                    # seat 0 has no wolf: passed over
    s.play("pass", seat=2)
    assert s.outcome is not None and s.penalty[3] & cards("AH")
    assert s.penalty[0] & cards("AD")                         # 3 points there, not 10


def test_wolves_with_the_rabbit_are_played_first_then_the_rabbit():
    final = {0: "2H 4C 5S 6S 7S 8S", 1: "2S 3H AS AC AD TS", 2: "2C 3S 4H 9S JS QS",
             3: "4S AH KS 5C 6C 7C"}
    s = new(final)
    play_to_the_ace_hunt(s)
    assert s.to_act == (1,)
    s.play("AS")
    s.play("AC")                                              # the A♦ follows at once
    assert s.outcome is not None and s.score[1] & cards("AS AC AD") == cards("AS AC AD")


def test_card_points_row_by_row():
    # Scoring: A♦ 10 (3 as a penalty), aces 3, tens and faces 2, nine and lower 1
    rows = {"AD": (10, 3), "AS": (3, 3), "AH": (3, 3), "KS": (2, 2), "TC": (2, 2),
            "JH": (2, 2), "9S": (1, 1), "2D": (1, 1)}
    for text, (score, penalty) in rows.items():
        c = DECK.parse(text)
        assert (card_points(c), card_points(c, True)) == (score, penalty), text


def test_scores_tie_break_and_forfeit():
    score = [cards("AD"), cards("KD QD 2S 3S 4S 5S"), cards("2D KS QS QH JH"), 0]
    penalty = [cards("AS"), 0, 0, cards("AD")]
    assert final_scores(score, penalty) == [7, 8, 9, -3]
    keys = standing_keys([cards("KD"), cards("QD"), 0, 0], [0] * 4)
    assert keys[0] > keys[1]                                  # tied on 2: the king rabbit wins
    forfeit = standing_keys(score, penalty, forfeits=mask_of([2]))
    assert max(forfeit) == forfeit[1]                         # a red card left in hand loses


def test_the_game_ends_with_hands_shown_and_the_winner():
    s = new()
    play_to_the_ace_hunt(s)
    s.play("AC")
    s.play("AS", seat=1)
    out = s.outcome
    assert list(out.scores) == final_scores(s.score, s.penalty)
    assert out.winners == (max(range(4), key=lambda p: out.scores[p]),)
    exposed = [e for e in G.events_for(s, 1) if e["kind"] == "exposed"][0]
    assert exposed["forfeit"] == [] and not any(int(h) & cards("AH AD") for h in exposed["hands"])
    # the reason names every player's points, best first
    best = out.winners[0]
    assert out.reason.startswith(f"the most points: seat {best} {out.scores[best]}, ")
    assert all(f"seat {p} {out.scores[p]}" in out.reason for p in range(4))


def test_terminal_lines_in_words():
    # Discards and exchanges: the passing round and its target seat as words
    s = new()
    for p, c in enumerate(("5H", "9H", "QH", "TC")):
        s.play(f"discard {c}", seat=p)
    v = s.view(0)
    assert v["round"] == "passing round 1 of 3: to the left" and v["pass_to"] == 1
    assert "pass_to" in G.render_hints["seat_fields"]
    line = G.describe_event({"kind": "hunted", "seat": None, "rank": 14, "wolves": 1,
                             "dingo_player": 0})
    assert line == "the ace hunt is over (1 wolf played)"


def test_bot_hunts_with_the_wolf_that_catches():
    s = new()
    exchange(s)
    s.play("2S", seat=1)
    bot = make_bot("heuristic", G, 2, seed=1)
    bot.observe(G.events_for(s, 2))
    assert G.action_text(bot.choose(G.view(s, 2))) == "2C"   # the second wolf catches
