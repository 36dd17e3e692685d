"""Ristiseiska by seed 004 "Ristiseiska": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.ristiseiska import DECK, POS, giver_for
from pelit.sim.runner import play_match



def card_ids_in(event: dict) -> int:
    c = event.get("card")
    return 0 if c is None else 1 << int(c)

G = pelit.load("ristiseiska")


def pack_for(hands: list[str], n: int) -> str:
    """A pack dealt one at a time from seat 0 that gives each seat the named
    cards first, the rest of its share from the remaining cards in id order."""
    counts = [52 // n + (1 if i < 52 % n else 0) for i in range(n)]
    named = [DECK.parse_many(h) for h in hands] + [[] for _ in range(n - len(hands))]
    used = {c for h in named for c in h}
    # fill with the cards farthest from the sevens first, so fillers rarely fit
    rest = sorted((c for c in range(52) if c not in used),
                  key=lambda c: (-abs(POS[c] - 7), c))
    full = []
    for p in range(n):
        need = counts[p] - len(named[p])
        full.append(named[p] + rest[:need])
        rest = rest[need:]
    pack = []
    for i in range(max(counts)):
        for p in range(n):
            if i < counts[p]:
                pack.append(full[p][i])
    return DECK.texts(pack)


def hand(s, seat):
    return set(DECK.texts(s.hands[seat]).split())


# Seat 0 opens with 7C and holds 6C 8C; seat 1 holds 5C 7H; seat 2 holds the
# rest of the layout it may need.
OPEN3 = ["7C 6C 8C KD", "5C 7H 9C", "4C 6H 8H"]


def test_setup_whole_pack_dealt_unevenly_from_dealers_left():
    # Setup: the whole pack is dealt; some players get one more card
    for n, sizes in ((3, [18, 17, 17]), (4, [13] * 4), (5, [11, 11, 10, 10, 10])):
        s = G.new_state(seed=1, players=n)
        assert [h.bit_count() for h in s.hands] == sizes
        assert sum(s.hands) == DECK.all_mask


def test_seven_of_clubs_holder_opens_and_must_play_it():
    # Game play: the holder of the seven of clubs plays first, and it is the first card
    s = G.new_state(seed=1, players=3, decks=[pack_for(["KD", "7C"], 3)])
    assert s.to_act == (1,)
    assert [G.action_text(a) for a in s.legal_actions()] == ["7C"]
    with pytest.raises(IllegalAction, match="seven of clubs"):
        s.play("KS" if "KS" in hand(s, 1) else sorted(hand(s, 1) - {"7C"})[0])
    s.play("7C")
    assert s.to_act == (2,)                       # the turn passes to the left


def test_six_below_eight_above_sevens_beside():
    # Game play: sixes go below a seven, eights above, other sevens start rows
    s = G.new_state(seed=1, players=3, decks=[pack_for(OPEN3, 3)])
    s.play("7C")
    legal1 = {G.action_text(a) for a in s.legal_actions()}
    assert "7H" in legal1 and not {"5C", "9C"} & legal1   # 5C and 9C do not fit yet
    s.play("7H")
    legal2 = {G.action_text(a) for a in s.legal_actions()}
    assert {"6H", "8H"} <= legal2 and "4C" not in legal2   # 4C waits for 6C and 5C
    s.play("8H")
    legal0 = {G.action_text(a) for a in s.legal_actions()}
    assert {"6C", "8C"} <= legal0 and "KD" not in legal0
    s.play("6C")
    assert {G.action_text(a) for a in s.legal_actions()} >= {"5C"}   # builds down from the six
    s.play("5C")
    assert "4C" in {G.action_text(a) for a in s.legal_actions()}


def test_rows_run_down_to_the_ace_and_up_to_the_king():
    # Game play: a six builds down to the ace, an eight up to the king; then the row is closed
    clubs = "7C 6C 5C 4C 3C 2C AC 8C 9C TC JC QC KC"
    s = G.new_state(seed=1, players=3, decks=[pack_for([clubs], 3)])
    for card in clubs.split():
        while s.to_act != (0,) or s.phase is not G.Phase.PLAY:
            legal = s.legal_actions()
            # others play or beg; seat 0, when it must give, never gives a club
            s.apply(min(legal) if s.phase is G.Phase.GIVE else legal[0])
        assert card in {G.action_text(a) for a in s.legal_actions()}
        s.play(card)
    assert (s.low[3], s.high[3]) == (1, 13)
    closes = [e.public["card"] for e in s.events if e.kind == "play" and e.public["row_closed"]]
    assert sorted(DECK.text(c) for c in closes if DECK.suit_of[c] == 3) == ["AC", "KC"]


def test_first_turn_pass_then_beg_from_the_right():
    # Begging for cards: a player with no play passes on his first turn, begs later
    s = G.new_state(seed=1, players=3, decks=[pack_for(["7C 8C 9C TC", "6D", "6C 5C 4C"], 3)])
    assert not any(t in hand(s, 1) for t in ("6C", "8C", "7S", "7H", "7D"))
    s.play("7C")                                   # seat 0 opens
    assert [G.action_text(a) for a in s.legal_actions()] == ["pass"]
    with pytest.raises(IllegalAction, match="first turn"):
        s.play("beg")
    s.play("pass")                                 # seat 1's first turn
    s.play("6C")                                   # seat 2
    s.play("8C")                                   # seat 0
    assert [G.action_text(a) for a in s.legal_actions()] == ["beg"]
    with pytest.raises(IllegalAction, match="only on your first turn"):
        s.play("pass")
    s.play("beg")
    assert s.phase is G.Phase.GIVE and s.to_act == (0,)    # the player to seat 1's right
    before1 = s.hands[1]
    s.play("give KD")
    assert s.hands[1] == before1 | (1 << DECK.parse("KD"))
    assert s.to_act == (2,)                        # the beggar's turn is over


def test_given_card_seen_by_giver_and_beggar_only():
    # Begging for cards: the card is passed face down
    s = G.new_state(seed=1, players=3, decks=[pack_for(["7C 8C 9C TC", "6D", "6C 5C 4C"], 3)])
    for t in ("7C", "pass", "6C", "8C", "beg", "give KD"):
        s.play(t)
    kd = 1 << DECK.parse("KD")
    give = [e for e in s.events if e.kind == "give"][0]
    assert card_ids_in(give.for_seat(0)) == kd and card_ids_in(give.for_seat(1)) == kd
    assert card_ids_in(give.for_seat(2)) == 0 and card_ids_in(give.for_seat(None)) == 0
    assert int(s.view(0)["known"][1]) == kd             # the giver remembers where it went
    assert int(s.view(2)["known"][1]) == 0
    assert s.view(2)["hand_sizes"][1] == 18


def test_beg_skips_a_one_card_neighbour_on_the_right():
    # Begging for cards: a player with one card is skipped
    assert giver_for([0b11, 0b1100, 0b10000], 1) == 0      # right of seat 1 is seat 0
    assert giver_for([0b1, 0b1100, 0b110000], 1) == 2      # seat 0 has one card: skip to seat 2
    assert giver_for([0b1, 0b1100, 0b10000], 1) is None    # nobody can give
    s = G.new_state(seed=1, players=3, decks=[pack_for(["7C 8C 9C TC", "6D", "6C 5C 4C"], 3)])
    for t in ("7C", "pass", "6C", "8C"):
        s.play(t)
    s.hands[0] = 1 << DECK.parse("KD")         # seat 0 (right of seat 1) is down to one card
    s.play("beg")
    assert s.to_act == (2,) and s.giver == 2


def test_nobody_to_beg_from_ends_the_turn():
    # Begging for cards (decision): when no other player holds two cards, the beg brings nothing
    s = G.new_state(seed=1, players=3, decks=[pack_for(["7C 8C 9C TC", "6D", "6C 5C 4C"], 3)])
    for t in ("7C", "pass", "6C", "8C"):
        s.play(t)
    s.hands[0] = 1 << DECK.parse("KD")
    s.hands[2] = 1 << DECK.parse("KH")
    n1 = s.hands[1]
    s.play("beg")
    assert s.hands[1] == n1 and s.to_act == (2,) and s.phase is G.Phase.PLAY


def test_no_false_beg_possible_a_player_with_a_play_must_play():
    # Begging for cards, false beg (decision): beg and pass exist only without a play
    s = G.new_state(seed=1, players=3, decks=[pack_for(OPEN3, 3)])
    s.play("7C")
    before = (s.hands.copy(), len(s.history))
    for t in ("beg", "pass"):
        with pytest.raises(IllegalAction, match="must play"):
            s.play(t)
    assert (s.hands, len(s.history)) == before


def test_first_out_wins():
    # Ending the game: the first player to run out of cards wins
    s = G.new_state(seed=1, players=3, decks=[pack_for(OPEN3, 3)])
    s.play("7C")
    s.hands[1] = 1 << DECK.parse("7H")
    s.play("7H")
    assert s.outcome is not None and s.outcome.winners == (1,)
    assert s.outcome.scores[1] == 0 and s.to_act == ()


def test_bad_input_is_refused_and_changes_nothing():
    s = G.new_state(seed=1, players=3, decks=[pack_for(OPEN3, 3)])
    s.play("7C")
    before = (s.hands.copy(), s.table, len(s.history))
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.play("4C")
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("6C", seat=0)
    with pytest.raises(ParseError):
        s.play("flip 7H")
    with pytest.raises(IllegalAction):
        s.play("give 7H")
    assert (s.hands, s.table, len(s.history)) == before
    with pytest.raises(OptionError):
        G.new_state(seed=1, players=6)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_whole_match_between_bots_ends_with_one_player_out(n):
    s = play_match(G, ["heuristic"], seed=n, players=n)
    (w,) = s.outcome.winners
    assert s.hands[w] == 0 and all(s.hands[p] for p in range(n) if p != w)


def test_giver_forgets_a_card_once_its_holder_passes_an_unseen_card_on():
    # Begging for cards (decision): knowledge of a given card lasts while it surely stays put
    s = G.new_state(seed=1, players=3, decks=[pack_for(["7C 8C 9C TC", "6D", "6C 5C 4C"], 3)])
    for t in ("7C", "pass", "6C", "8C", "beg", "give KD"):
        s.play(t)
    s.hands[2] = (1 << DECK.parse("KH")) | (1 << DECK.parse("QH"))
    s.play("beg")                                   # seat 2 begs from seat 1 (its right)
    assert s.to_act == (1,)
    s.play("give 6D")
    assert int(s.view(0)["known"][1]) == 0          # seat 0 can no longer be sure where KD is
    assert int(s.view(1)["known"][2]) == 1 << DECK.parse("6D")
    assert s.view(0)["hand_sizes"] == [s.hands[0].bit_count(), 17, 3]
