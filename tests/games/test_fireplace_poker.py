"""Fireplace Poker by seed 000 ch. 18: setup (18.3), the turn (18.4.1 steal,
18.4.2 meld, 18.4.3 discard, 18.4.4 score, 18.4.5 draw), the end (18.5), the
special situations (18.6.1, 18.6.2), the four-player variant (18.7); the
meld search against a brute-force one.

Positions are real matches whose hands, melds and deck the test rewrites:
every card named is taken from the pack, so no card is ever in two places."""

from __future__ import annotations

import itertools
import random

import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.core.errors import IllegalAction, ParseError
from pelit.games.fireplace_poker import (DECK, FACE_VALUE, PACK_VALUE, PAIR_OF_JACKS, MeldSearch,
                                         Phase, score_points)
from pelit.sim.runner import play_match

G = pelit.load("fireplace-poker")


def position(hands, melds=((), ()), deck_top="", chips=None, player=0, players=2, deck=None):
    """Seat ``player`` to play with ``hands`` (card text per seat), the sides'
    ``melds`` (card text each), ``deck_top`` drawn first (``deck``: the deck's
    size, the rest going to the trash)."""
    s = G.new_state(seed=1, players=players)
    pool = DECK.all_mask

    def take(text):
        nonlocal pool
        cards = DECK.parse_many(text, pool)
        for c in cards:
            pool &= ~(1 << c)
        return cards

    s.hands = [mask_of(take(h)) for h in hands]
    s.melds = [[(PACK_VALUE(cs), mask_of(cs)) for cs in (take(t) for t in side)] for side in melds]
    top = take(deck_top)
    rest = ids(pool)
    s.trash = 0
    if deck is not None:
        keep = deck - len(top)
        s.trash = mask_of(rest[keep:])
        rest = rest[:keep]
    s.deck = rest + top[::-1]
    if chips is not None:
        s.chips = list(chips)
    G._start_turn(s, player)
    s._legal = None
    return s


def says(s, seat=None):
    return [G.action_text(a) for a in s.legal_actions(seat)]


# one pair (jacks), no five in a row, at most three of a suit: every legal
# meld of hand cards is the two jacks and three more
HAND = "JS JH 2C 3D 5S 6H 8C 9D QS AH KC"


def test_setup_thirteen_cards_and_chips():
    # 18.1, 18.3: five packs, 13 cards each, 31 chips each
    s = G.new_state(seed=3)
    assert DECK.size == 260 and [h.bit_count() for h in s.hands] == [13, 13]
    assert len(s.deck) == 260 - 26 and s.chips == [31, 31]
    assert s.to_act == ((s.dealer + 1) % 2,) and s.phase is Phase.MELD


def test_a_meld_of_hand_cards_is_at_least_a_pair_of_jacks():
    # 18.4.2 rule 2: with one pair (jacks) and no better, every meld holds both jacks
    s = position([HAND, "2S"])
    assert set(says(s)) == {"JS", "JH", "2C", "3D", "5S", "6H", "8C", "9D", "QS", "AH", "KC"}
    s.play("2C")                                  # any card, as long as the jacks can follow
    s.play("3D")
    s.play("5S")
    assert says(s) == ["take back", "JS", "JH"]   # the pair must come now
    with pytest.raises(IllegalAction, match="pair of jacks"):
        s.play("9D")
    s.play("JS")
    assert says(s) == ["take back", "JH"]
    s.play("JH")
    meld = [e.public for e in s.events if e.kind == "meld"][0]
    assert len(s.melds[0]) == 1 and meld["hand"] == "pair of jacks"


def test_a_pair_of_tens_is_not_enough():
    # 18.4.2 rule 2: tens are below jacks; nothing else makes a meld: 18.6.1 follows
    s = position(["TS TH 2C 3D 5S 6H 8C 9D QS AH KC", "2S"])
    assert s.phase is Phase.FORCED


def test_no_two_identical_cards_in_a_meld():
    # 18.4.2 rule 1
    s = position(["JS JS JH 2C 3D 4H 6S 7C 8D 9S QH KC 5H", "2S"])
    s.play("JS")
    assert "JS" not in says(s)
    with pytest.raises(IllegalAction, match="identical"):
        G.apply(s, [c for c in ids(s.hands[0]) if DECK.text(c) == "JS"][1])


def test_steal_one_card_a_meld_and_beat_it_then_discard_and_score():
    # 18.4.1-18.4.4: steal the opponent's jack into three jacks, higher than his
    # pair; his meld's other cards go to the trash; with more melds, seat 0 scores
    s = position(["JD JC 2C 3D 5H 6S 8C 9D", "2S"],
                 melds=(["QS QH 5C 6D 7H"], ["JS JH AD KC QC"]))
    legal = says(s)
    assert "steal 1 JS" in legal and "steal 1 JH" in legal
    # his pair of jacks has the best kickers: an ace or king makes nothing higher
    assert "steal 1 AD" not in legal and "steal 1 KC" not in legal
    s.play("steal 1 JS")
    assert not any(a.startswith("steal") for a in says(s))    # one card from each meld
    s.play("JD")
    with pytest.raises(IllegalAction, match="steal before"):
        G.apply(s, G.steal_id(0, DECK.parse("JH")))
    s.play("JC")
    s.play("2C")
    s.play("3D")
    assert s.melds[1] == [] and len(s.melds[0]) == 2
    assert s.trash.bit_count() == 4
    assert s.chips == [29, 31]                    # two melds more: two points
    assert s.hands[0].bit_count() == 13           # 18.4.5: drawn up to 13
    # at the table, in words fit for two players as for two teams
    assert [G.describe_event(e.for_seat(0)) for e in s.events if e.kind == "score"] == [
        "seat 0 scores 2 (more melds on the table than the other side) and gives up "
        "2 chips: 29 chips left"]


def test_only_the_player_on_turn_scores():
    # 18.4.4: seat 1 has more melds but scores nothing on seat 0's turn
    s = position([HAND, "2S"], melds=([], ["AS AH 2D 3C 4S", "KS KH 2H 3S 4D", "QS QH 5H 6D 7S"]))
    for card in ("JS", "JH", "2C", "3D", "5S"):
        s.play(card)
    assert s.chips == [31, 31]
    assert score_points(3, 1) == 2 and score_points(1, 3) == 0 and score_points(2, 2) == 0


def test_a_stolen_meld_must_be_higher_than_every_meld_robbed():
    # 18.4.1, 18.4.2: from a straight only with a full house: the eight with the
    # ace of the other meld (two steals) and the hand's aces and eight
    s = position(["AD AC 2C 3D 4H 6S 8C 9D", "2S"],
                 melds=([], ["KS KH AS 3C 4S", "5S 6H 7D 8S 9H"]))
    legal = says(s)
    assert "steal 1 AS" in legal                  # three aces beat the kings
    assert "steal 2 8S" in legal and "steal 2 5S" not in legal
    s.play("steal 2 8S")
    assert [a for a in says(s) if a.startswith("steal")] == ["steal 1 AS"]
    assert set(says(s)) - {"steal 1 AS", "take back"} == set()   # hand cards: not yet enough
    s.play("steal 1 AS")
    assert set(says(s)) == {"take back", "AD", "AC", "8C"}
    for card in ("AD", "AC", "8C"):
        s.play(card)
    assert [e.public["hand"] for e in s.events if e.kind == "meld"] == ["full house, aces over eights"]
    assert s.melds[1] == []


def test_nothing_beats_a_royal_flush():
    # 18.8: the royal flush is safe (five of a kind would need identical cards)
    s = position(["AD AC AH KD KC 2C 3D 4H", "2S"], melds=([], ["AS KS QS JS TS"]))
    assert not any(a.startswith("steal") for a in says(s))


def test_take_back_and_the_choices_are_private():
    s = position(["JD JC 2C 3D 4H 6S 8C 9D", "2S"], melds=([], ["JS JH 2D 3C 4S"]))
    s.play("steal 1 JS")
    s.play("JD")
    assert "building" not in G.view(s, 1) and G.view(s, 0)["building"]["picked"]
    assert G.view(s, 1)["melds"] == G.view(position(["JD", "2S"], melds=([], ["JS JH 2D 3C 4S"])),
                                            1)["melds"]
    s.play("take back")
    assert s.stolen == [] and s.picked == [] and "steal 1 JS" in says(s)


def test_no_legal_meld_the_opponent_decides():
    # 18.6.1: no pair of jacks and no steal: seat 1 chooses seat 0's meld,
    # identical cards and low hands allowed; only seat 1 sees the hand
    s = position(["2C 2C 3D 4H 6S 8C 9D QH KS 2H", "JS JH 2D 3C 5H"])
    assert s.phase is Phase.FORCED and s.to_act == (1,)
    assert int(G.view(s, 1)["their_hand"]) == s.hands[0]
    assert "their_hand" not in G.view(s, 0) and "their_hand" not in G.view(s, None)
    for card in ("2C", "2C", "3D", "4H", "6S"):
        s.play(card, 1)
    meld = [e.public for e in s.events if e.kind == "meld"][-1]
    assert meld["hand"] == "pair of twos" and meld["made_by"] == 1
    assert s.to_act == (1,) and s.phase is Phase.MELD      # seat 1's own turn


def test_empty_deck_pass_and_the_end_by_chips_then_melds():
    # 18.6.2: no draws; fewer than 13 cards may pass; two passes in a row end it
    s = position([HAND[:-3], "2S 3S"], melds=(["QS QH 5C 6D 7H"], []), deck=0, chips=(20, 22))
    assert "pass" in says(s)
    s.play("pass")                                # seat 0 scores one point for his meld
    assert s.chips == [19, 22]
    assert says(s) == ["pass"]                    # seat 1 cannot meld: he passes
    s.play("pass")
    assert s.outcome.winners == (0,) and "fewer chips" in s.outcome.reason
    # equal chips: more melds wins; equal melds too: a draw
    s = position(["2C 3D", "2S 3S"], melds=(["QS QH 5C 6D 7H"], []), deck=0, chips=(20, 19))
    s.play("pass")
    s.play("pass")
    assert s.outcome.winners == (0,) and "more melds" in s.outcome.reason
    s = position(["2C 3D", "2S 3S"], deck=0, chips=(20, 20))
    s.play("pass")
    s.play("pass")
    assert s.outcome.winners == () and "draw" in s.outcome.reason


def test_rid_of_every_chip_wins_at_once():
    # 18.5
    s = position([HAND, "2S"], melds=(["QS QH 5C 6D 7H"], []), chips=(2, 31))
    for card in ("JS", "JH", "2C", "3D", "5S"):
        s.play(card)
    assert s.outcome.winners == (0,) and s.chips[0] == 0


def test_four_players_two_teams_common_melds_and_chips():
    # 18.7: teams 0+2 and 1+3 alternate; melds and chips are the team's; the
    # left-hand opponent decides a forced meld; four passes end the game
    s = position([HAND, "2S", "3S", "4S"], melds=([], ["QS QH 5C 6D 7H"]), players=4)
    for card in ("JS", "JH", "2C", "3D", "5S"):
        s.play(card)
    # seat 1 cannot meld: his left-hand opponent, seat 2, makes it
    assert len(s.melds[0]) == 1 and s.player == 1 and s.to_act == (2,)
    assert s.phase is Phase.FORCED and s.chips == [31, 31]
    s = position(["2C", "2D", "2H", "3C"], players=4, deck=0)
    for seat in range(4):
        assert not s.outcome
        s.play("pass")
    assert s.outcome is not None


def test_bad_input_is_refused():
    s = position([HAND, "2S"])
    with pytest.raises(ParseError, match="steal 2 KH"):
        G.parse_action(s, "steal KH")
    with pytest.raises(IllegalAction, match="pass only when"):
        s.play("pass")
    with pytest.raises(IllegalAction, match="not in the hand"):
        s.play("AS")


def test_a_second_identical_card_is_refused_by_its_rule():
    # 18.4.2 rule 1: holding two kings of clubs, the second is refused as an
    # identical card, not as a card missing from the hand
    s = position(["KC KC QC JC TC 9C 2D 3D", "2S"])
    s.play("KC")
    with pytest.raises(IllegalAction, match="no two identical cards"):
        s.play("KC")
    assert len(s.picked) == 1


# -- the meld search against trying everything --------------------------------

def brute_can_meld(hand_faces, melds, fixed=(), robbed=()):
    hand = ids(hand_faces)
    for k in range(0, 6 - len(fixed)):
        for group in itertools.combinations([m for m in range(len(melds)) if m not in robbed], k):
            for picks in itertools.product(*[ids(melds[m][1]) for m in group]):
                faces = list(fixed) + list(picks)
                if len(set(faces)) < len(faces):
                    continue
                need = max([PAIR_OF_JACKS] + [melds[m][0] + 1 for m in (*group, *robbed)])
                pool = [f for f in hand if f not in faces]
                for rest in itertools.combinations(pool, 5 - len(faces)):
                    if FACE_VALUE(faces + list(rest)) >= need:
                        return True
    return False


def test_meld_search_agrees_with_trying_every_meld():
    rng = random.Random(11)
    for _ in range(150):
        faces = rng.sample(range(52), 52)
        hand = sum(1 << f for f in faces[:rng.choice((5, 7, 9))])
        melds = []
        for _ in range(rng.choice((1, 2, 3))):
            five = rng.sample(range(52), 5)
            melds.append((FACE_VALUE(five), sum(1 << f for f in five)))
        search = MeldSearch(hand, tuple(melds))
        assert search.can_finish(0, frozenset(), True) == brute_can_meld(hand, melds)
        for m, (_, mf) in enumerate(melds):
            for f in ids(mf):
                assert search.can_finish(1 << f, frozenset({m}), True) == \
                    brute_can_meld(hand, melds, (f,), (m,))


def shaped_meld(rng):
    """A meld of one pack's faces with pairs and triples: the melds whose
    cards clash when two are wanted from one meld."""
    shape = rng.choice([(2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1), (1, 1, 1, 1, 1)])
    faces = []
    for r, k in zip(rng.sample(range(13), len(shape)), shape):
        faces += [13 * s + r for s in rng.sample(range(4), k)]
    return FACE_VALUE(faces), sum(1 << f for f in faces)


def test_meld_search_with_clashing_steals_agrees_with_trying_every_meld():
    # 18.4.1 (one card from each meld) and 18.4.2 (higher than every meld
    # robbed): the best meld within reach often wants two cards of one
    # opponent's meld; the search must then find another meld or none
    rng = random.Random(3)
    for _ in range(60):
        hand = sum(1 << f for f in rng.sample(range(52), rng.choice((3, 5, 7, 9))))
        melds = [shaped_meld(rng) for _ in range(rng.choice((2, 3, 4)))]
        search = MeldSearch(hand, tuple(melds))
        assert search.can_finish(0, frozenset(), True) == brute_can_meld(hand, melds)
        for m, (_, mf) in enumerate(melds):
            for f in ids(mf):
                assert search.can_finish(1 << f, frozenset({m}), True) == \
                    brute_can_meld(hand, melds, (f,), (m,))


def test_heuristic_bot_plays_whole_matches():
    s = play_match(G, ["heuristic"], 4, chips=10)
    assert s.outcome is not None and s.outcome.winners
    s = play_match(G, ["heuristic"], 5, chips=6, players=4)
    assert s.outcome is not None


def test_bot_finishes_a_meld_that_needs_two_steals_from_full_houses():
    # its plans do not look for such melds; it still ends its turn with one
    from pelit.bots import make_bot
    s = position(["2S", "6H 8C AC 7S 4H KH JD QC 7D 9C AC 2H JD"],
                 melds=(["9H JH JD 9D 9C", "AC QS QH AH QD", "TS TD TH JS JH", "KD 3D 3C KC 3H"],
                        ["QH QC 6D 6C 6S", "4H 5D 5H 4D 5C"]), player=1)
    bot = make_bot("heuristic", G, 1, 1)
    for _ in range(8):
        if s.player != 1 or s.phase is not Phase.MELD:
            break
        s.apply(bot.choose(G.view(s, 1)), 1)
    melds = [e.public for e in s.events if e.kind == "meld"]
    assert melds and melds[-1]["stolen_from"] and len(s.melds[0]) < 4


def test_the_web_table_words_leave_out_the_melds_it_draws_as_cards():
    # the web table draws each meld with its poker hand (issue 16: it showed
    # them twice); the terminal lists them; both say what a meld under way holds
    from pelit.server.hub import web_view
    s = position(["JD JC 2C 3D 5H 6S 8C 9D", "2S"],
                 melds=(["QS QH 5C 6D 7H"], ["JS JH AD KC QC"]))
    assert web_view(G, s, 0)["board_text"] == ""
    terminal = G.render_board(G.view(s, 0))
    assert "Melds of you:" in terminal and "pair of queens" in terminal
    s.play("steal 1 JS")
    s.play("JD")
    web = web_view(G, s, 0)["board_text"]
    assert web.startswith("Meld being made: stolen J") and "from the hand J" in web
    assert "Melds of" not in web
    assert G.render_board(G.view(s, 0)).endswith(web)
