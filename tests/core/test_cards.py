"""Card ids, packs, text round trips, follow rules and trick winners (Korppi ch. 2)."""

from __future__ import annotations

import random

import pytest

from pelit.cards.deck import CardSet, ids, mask_of, standard_deck
from pelit.cards.deal import SampleError, deal, sample_hands
from pelit.cards.trick import (legal_follow, play_order, rank_strength, winning_index)
from pelit.core.errors import ParseError

D = standard_deck("52")


@pytest.mark.parametrize("name,size", [("52", 52), ("36", 36), ("32", 32), ("40", 40),
                                       ("54", 54), ("2x54", 108), ("3x54", 162),
                                       ("5x54", 270), ("6x54", 324)])
def test_pack_sizes_and_text_round_trip(name, size):
    deck = standard_deck(name)
    assert deck.size == size
    for card in range(deck.size):
        assert deck.text(card) in [deck.text(c) for c in deck.copies_of(deck.text(card))]
        assert card in deck.copies_of(deck.text(card))
    assert deck.parse_pack(deck.texts(list(range(size)))) == list(range(size))


def test_spanish_pack_has_no_eight_nine_ten():
    deck = standard_deck("40")
    texts = deck.texts(list(range(40))).split()
    assert not any(t[0] in "89T" for t in texts)
    assert "AS" in texts and "7C" in texts and "KD" in texts


def test_card_text_forms():
    assert D.text(D.parse("10s")) == "TS"
    assert D.text(D.parse("Q♥")) == "QH"
    with pytest.raises(ParseError):
        D.parse("1X")
    with pytest.raises(ParseError):
        D.parse("JK")      # no jokers in a 52-card pack
    assert standard_deck("54").text(standard_deck("54").parse("joker")) == "JK"


def test_multideck_copies_are_distinct_cards():
    deck = standard_deck("2x54")
    copies = deck.copies_of("QS")
    assert len(copies) == 2 and len(deck.copies_of("JK")) == 4
    both = deck.parse_many("QS QS")
    assert sorted(both) == sorted(copies)
    assert deck.face_of[copies[0]] == deck.face_of[copies[1]]


def test_cardset_is_a_mask():
    m = mask_of([0, 5, 51])
    cs = CardSet(m)
    assert list(cs) == [0, 5, 51] and len(cs) == 3 and 5 in cs and 6 not in cs
    assert ids(m) == [0, 5, 51]


def hand(text):
    return mask_of(D.parse_many(text))


def test_follow_suit_when_able_else_anything():
    h = hand("AS 3S KH 2C")
    plays = [(0, D.parse("5S"))]
    assert legal_follow(h, plays, D, rank_strength(D)) == hand("AS 3S")
    plays = [(0, D.parse("5D"))]
    assert legal_follow(h, plays, D, rank_strength(D)) == h


def test_must_beat_and_must_trump():
    strength = rank_strength(D)
    h = hand("AS 3S KH 2C")
    plays = [(0, D.parse("5S"))]
    assert legal_follow(h, plays, D, strength, must_beat=True) == hand("AS")
    plays = [(0, D.parse("5D"))]
    assert legal_follow(h, plays, D, strength, trump=1, must_trump=True) == hand("KH")


def test_trick_winner_trump_and_ace_low():
    s = rank_strength(D)
    plays = [(0, D.parse("5S")), (1, D.parse("AS")), (2, D.parse("2H")), (3, D.parse("KS"))]
    assert winning_index(plays, D, s) == 1
    assert winning_index(plays, D, s, trump=1) == 2
    low = rank_strength(D, ace_low=True)
    assert winning_index(plays, D, low) == 3


def test_play_order_with_sitting_out_and_fixed_last():
    assert play_order(1, 4) == (1, 2, 3, 0)
    assert play_order(1, 4, sitting_out=(3,), last=2) == (1, 0, 2)


def test_deal_and_sample_respect_constraints():
    pack = list(range(52))
    hands, rest = deal(pack, [13, 13, 13, 13])
    assert rest == [] and all(h.bit_count() == 13 for h in hands)
    assert sum(hands) == (1 << 52) - 1
    rng = random.Random(1)
    unknown = (1 << 52) - 1 - hands[0]
    no_spades = unknown & ~D.suit_mask[0]
    for _ in range(20):
        out = sample_hands(unknown, {1: 13, 2: 13, 3: 13}, rng, {1: no_spades})
        assert out[1] & D.suit_mask[0] == 0
        assert out[1] | out[2] | out[3] == unknown
    with pytest.raises(SampleError):
        sample_hands(unknown, {1: 13, 2: 13, 3: 13}, rng,
                     {1: no_spades, 2: no_spades, 3: no_spades})


def test_score_sheet_round_trips_through_json():
    from pelit.cards.scoresheet import ScoreSheet
    sheet = ScoreSheet(2)
    sheet.add("deal 1", (120, -40))
    sheet.add("deal 2", (300, 15))
    again = ScoreSheet.from_json(sheet.to_json())
    assert again.rows == sheet.rows and again.totals == (420, -25)


def test_sampled_hands_keep_the_cards_known_to_be_in_them():
    from pelit.cards.deal import hands_with_known, unknown_hand_zones
    known = [0, mask_of(D.parse_many("AS")), 0]
    zones = unknown_hand_zones([5, 4, 3], known, seat=0)
    assert zones == {"hand1": 3, "hand2": 3}
    placed = {"hand1": mask_of(D.parse_many("2S 3S 4S")), "hand2": mask_of(D.parse_many("5S 6S 7S"))}
    own = mask_of(D.parse_many("8S 9S TS JS QS"))
    hands = hands_with_known(placed, own, known, seat=0)
    assert hands == [own, placed["hand1"] | known[1], placed["hand2"]]


def test_others_hands_is_every_hand_but_the_seats():
    from pelit.cards.seats import others_hands
    hands = [0b0011, 0b0100, 0b1000]
    assert others_hands(hands, 0) == 0b1100
    assert others_hands(hands, None) == 0b1111        # a spectator sees no hand


def test_sample_hands_meets_every_constraint_or_says_it_cannot():
    """cards.deal.sample_hands: zones get their counts, every card lands in a
    zone that may take it, nothing is lost; an impossible share is refused."""
    rng = random.Random(8)
    for trial in range(300):
        zones = {z: 0 for z in range(rng.randint(1, 7))}
        cards = rng.sample(range(60), rng.randint(0, 40))
        unknown = 0
        for c in cards:
            unknown |= 1 << c
        for c in cards:
            zones[rng.choice(list(zones))] += 1
        # limits that the true share (cards placed so far) meets, loosened at random
        truth = {z: 0 for z in zones}
        order = cards.copy()
        rng.shuffle(order)
        pos = 0
        for z, n in zones.items():
            for c in order[pos:pos + n]:
                truth[z] |= 1 << c
            pos += n
        allowed = {z: truth[z] | (unknown & rng.getrandbits(60)) for z in zones
                   if rng.random() < 0.6}
        out = sample_hands(unknown, zones, rng, allowed)
        total = 0
        for z, n in zones.items():
            assert out[z].bit_count() == n
            assert out[z] & ~allowed.get(z, unknown) == 0
            assert total & out[z] == 0
            total |= out[z]
        assert total == unknown
    with pytest.raises(SampleError):        # a card no zone may take
        sample_hands(0b111, {1: 2, 2: 1}, rng, {1: 0b011, 2: 0b011})
