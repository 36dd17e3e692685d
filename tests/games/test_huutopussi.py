"""Math students' Huutopussi by seed 000 chapter 8: scripted deals citing the
section each rule comes from.

Seats 0..3 sit clockwise, seats 0 and 2 against 1 and 3.  Seat 0 deals the
first deal, so seat 1 gets the first card and seat 0 opens the bidding.
"""

from __future__ import annotations


import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.cards.marriage import MARRIAGE_POINTS, PACK, STRENGTH
from pelit.core.errors import IllegalAction, ParseError
from pelit.core.records import check_record, record_of
from pelit.games.huutopussi import deal_points, redeal_reason, score_deal
from pelit.sim.runner import play_match

from support import card_ids_in, sampled_worlds

G = pelit.load("huutopussi")

# hands as dealt, seat 0 to 3 (a marriage of hearts and of spades for seat 0)
HANDS = ("AS KS QS TS 9S AH KH QH 6C",
         "8S 7S 6S TH 9H 8H AD KD QD",
         "JS 7H 6H JH TD JD 9D AC KC",
         "8D 7D 6D TC QC JC 9C 8C 7C")


def pack(hands=HANDS, dealer=0) -> str:
    """A stacked pack giving ``hands[seat]`` to each seat when ``dealer``
    deals one card at a time from his left (decision on 8.1)."""
    cards = [h.split() for h in hands]
    assert sorted(sum(cards, [])) == sorted(PACK.text_of) and all(len(h) == 9 for h in cards)
    return " ".join(cards[(dealer + 1 + k) % 4][i] for i in range(9) for k in range(4))


def new(*decks, **options):
    return G.new_state(seed=1, decks=list(decks), **options)


def hand(s, seat) -> str:
    return PACK.texts(s.mp.hands[seat])


def legal(s, seat=None) -> set[str]:
    return {G.action_text(a) for a in s.legal_actions(seat)}


def to_play(s, bid="bid 50", give=("give JS", "give 7H", "give 6H"), contract=None):
    """Seat 0 opens and everyone passes; seat 2 gives three cards, seat 0
    states the contract and gives the same cards back (hands as dealt)."""
    s.play(bid)
    for _ in range(3):
        s.play("pass")
    for g in give:
        s.play(g)
    s.play(contract or "contract " + bid.split()[1])
    for g in give:
        s.play(g)
    return s


def events(s, kind):
    return [e for e in s.events if e.kind == kind]


def cards(mask) -> set[str]:
    return set(PACK.texts(mask).split())


def set_scores(s, a, b):
    """Scripted game points before a deal (the legal actions are read again)."""
    s.scores = (a, b)
    s._legal = None


def play_out(s):
    """Everyone plays his lowest legal card to the end of the deal."""
    while s.outcome is None and s.phase.name in ("PLAY", "ANSWER"):
        s.apply(min(a for a in s.legal_actions() if a < PACK.size))


def gained_by_playing_out(s):
    """The game points the rest of the deal brings (played on a copy)."""
    copy = s.clone()
    play_out(copy)
    return copy.results[-1][6]


# -- 8.1 setup -------------------------------------------------------------------

def test_8_1_thirty_six_cards_nine_each_dealt_from_the_dealers_left():
    s = new(pack())
    assert PACK.size == 36 and set(PACK.ranks) == set(range(6, 15))
    for seat in range(4):
        assert PACK.texts(s.view(seat)["hand"]) == PACK.texts(mask_of(PACK.parse_many(HANDS[seat])))
    assert s.view(None)["hand_sizes"] == [9] * 4 and "hand" not in s.view(None)
    assert s.to_act == (0,) and s.view(0)["dealer"] == 0
    first = PACK.text(s.packs[0][0])
    assert first in HANDS[1].split()                 # the dealer's left gets the top card


def test_8_1_ten_ranks_above_king():
    s = to_play(new(pack()))
    for c in ("6C", "8S", "KC", "TC"):
        s.play(c)
    assert s.mp.last_winner == 3                # the ten of clubs took the king
    order = sorted(PACK.parse_many("6H AH KH TH QH JH 9H"), key=lambda c: -STRENGTH[c])
    assert PACK.texts(order) == "AH TH KH QH JH 9H 6H"


def test_8_1_the_hand_is_shown_ace_ten_king():
    s = new(pack())
    assert PACK.texts(PACK.in_hand_order(ids(s.mp.hands[0]))) == "AS TS KS QS 9S AH KH QH 6C"


# -- 8.2 auction -------------------------------------------------------------------

def test_8_2_the_dealer_must_open_with_fifty_or_more():
    s = new(pack())
    assert "pass" not in legal(s)
    assert {"bid 50", "bid 55", "bid 440"} <= legal(s) and "bid 45" not in legal(s)
    with pytest.raises(IllegalAction, match="dealer must open"):
        s.play("pass")
    assert s.history == []


def test_8_2_bids_in_fives_up_to_440():
    s = new(pack())
    for bad in ("bid 53", "bid 445", "bid 45"):
        with pytest.raises(ParseError):
            s.play(bad)
    s.play("bid 100")
    assert "bid 100" not in legal(s) and "bid 105" in legal(s)
    with pytest.raises(IllegalAction, match="more than 100"):
        s.play("bid 100")
    s.play("bid 440")
    assert legal(s) == {"pass"}
    assert s.history == [(0, G.BID + 10), (1, G.BID + 78)]


def test_8_2_a_pass_is_for_good_and_three_passes_end_the_auction():
    s = new(pack())
    s.play("bid 50")
    s.play("pass")                      # seat 1 is out
    s.play("bid 60")                    # seat 2
    s.play("bid 65")                    # seat 3
    assert s.to_act == (0,)
    s.play("bid 70")
    assert s.to_act == (2,)             # seat 1 is skipped
    s.play("pass")
    s.play("pass")                      # seat 3: all but seat 0 have passed
    assert s.phase.name == "GIVE" and s.declarer == 0 and s.bid == 70
    assert s.to_act == (2,)             # 8.3: the partner gives first


def test_8_2_redeal_demand_with_three_sixes_at_the_first_turn_only():
    hands = ("6S 6H 6D AS KS QS TS 9S 8S",
             "7S AH KH QH TH 9H 8H 7H JS",
             "JH 6C 7C 8C 9C TC JC QC KC",
             "AC AD KD QD TD JD 9D 8D 7D")
    assert redeal_reason(mask_of(PACK.parse_many(hands[0]))) == "three sixes"
    s = new(pack(hands), pack())
    assert "redeal" in legal(s)                 # the dealer's first chance is his opening
    s.play("bid 50")
    s.play("pass")
    s.play("pass")
    s.play("bid 55")
    assert "redeal" not in legal(s)            # seat 0's second turn
    with pytest.raises(IllegalAction, match="first turn"):
        s.play("redeal")


def test_8_2_redeal_demand_with_no_card_above_a_jack_deals_again():
    hands = ("AS KS QS TS 9S AH KH QH 6C",
             "JS 9H 8H 7H 6H JD 9D 8D 7D",
             "8S 7S 6S TH JH TD AD KD QD",
             "6D AC KC QC JC TC 9C 8C 7C")
    assert redeal_reason(mask_of(PACK.parse_many(hands[1]))) == "no card above a jack"
    s = new(pack(hands), pack())
    assert "redeal" not in legal(s)             # seat 0 has a strong hand
    with pytest.raises(IllegalAction, match="three sixes or no card above"):
        s.play("redeal")
    s.play("bid 50")
    assert "redeal" in legal(s)
    s.play("redeal")
    assert [e.public for e in events(s, "redeal")] == [{"reason": "no card above a jack"}]
    # the same dealer deals the next pack (the second stacked one)
    assert s.dealer == 0 and s.to_act == (0,) and s.phase.name == "BID"
    assert hand(s, 0) == PACK.texts(mask_of(PACK.parse_many(HANDS[0])))
    assert s.view(1)["redeals"] == 1 and s.view(1)["bids"] == [None] * 4


def test_8_2_a_hand_with_a_queen_or_two_sixes_may_not_demand():
    assert redeal_reason(mask_of(PACK.parse_many("6S 6H QS JH JD 9D 8D 7D 7C"))) is None
    assert redeal_reason(mask_of(PACK.parse_many("6S 7H JS JH JD 9D 8D 7D TC"))) is None
    assert redeal_reason(mask_of(PACK.parse_many("6S 6H JS JH JD 9D 8D 7D 7C"))) \
        == "no card above a jack"
    assert redeal_reason(mask_of(PACK.parse_many("6S 6H 6C 6D AS AH AD AC KS"))) == "three sixes"


# -- 8.3 card exchange ----------------------------------------------------------------

def test_8_3_three_cards_from_partner_seen_only_by_the_two():
    s = new(pack())
    s.play("bid 50")
    for _ in range(3):
        s.play("pass")
    assert legal(s) == {"give " + c for c in HANDS[2].split()}
    s.play("give AC")
    s.play("give KC")
    s.play("give TD")
    assert s.view(0)["hand_sizes"] == [12, 9, 6, 9]
    assert cards(s.view(0)["received"]) == {"TD", "AC", "KC"}
    assert cards(s.view(2)["passed"]) == {"TD", "AC", "KC"}
    for seat in (1, 3, None):
        v = s.view(seat)
        assert "received" not in v and "passed" not in v
        assert v["exchange"] == {"given": 3, "returned": 0}
        shown = card_ids_in(v) | card_ids_in(G.events_for(s, seat))
        assert not shown & mask_of(PACK.parse_many("AC KC TD"))


def test_8_3_the_contract_is_the_final_bid_or_more_then_three_back():
    s = new(pack())
    s.play("bid 120")
    for _ in range(3):
        s.play("pass")
    for c in ("give AC", "give KC", "give TD"):
        s.play(c)
    assert s.phase.name == "CONTRACT" and s.to_act == (0,)
    assert "contract 115" not in legal(s) and {"contract 120", "contract 440"} <= legal(s)
    with pytest.raises(IllegalAction, match="final bid"):
        s.play("contract 115")
    s.play("contract 180")
    assert s.contract == 180 and s.bid == 120
    assert [e.public for e in events(s, "contract")] == [{"contract": 180, "raised": 60}]
    # the declarer gives back three of his twelve, a received card among them
    for c in ("give AC", "give 6C", "give 9S"):
        s.play(c)
    assert s.phase.name == "PLAY" and s.to_act == (0,)       # 8.4: the declarer leads
    assert cards(s.mp.hands[2]) == {"9S", "JS", "7H", "6H", "JH", "9D", "JD", "6C", "AC"}
    assert cards(s.view(0)["passed"]) == {"9S", "6C", "AC"}
    assert cards(s.view(2)["passed"]) == {"TD", "KC"}


# -- 8.4 the actual game ------------------------------------------------------------------

def test_8_4_no_trumps_at_first_follow_suit_and_beat():
    s = to_play(new(pack()))
    v = s.view(1)
    assert v["trump"] is None and v["trumps_used"] == []
    s.play("TS")
    # seat 1 holds no spade above the ten: any spade
    assert legal(s) == {"8S", "7S", "6S"}
    s.play("6S")
    assert legal(s) == {"JS"}                   # his only spade, lower than the ten
    s.play("JS")
    # seat 3 has no spades and there are no trumps: any card
    assert legal(s) == set(HANDS[3].split())
    s.play("8D")


def test_8_4_must_beat_the_best_card_of_the_suit_when_able():
    s = to_play(new(pack()))
    s.play("6C")                      # seat 0 leads the six of clubs
    s.play("8S")                      # seat 1 has no clubs: any card
    assert legal(s) == {"AC", "KC"}   # seat 2 must beat the six
    with pytest.raises(IllegalAction, match="follow suit"):
        s.play("JS")
    s.play("KC")
    # seat 3 holds TC QC JC 9C 8C 7C: only the ten beats the king
    assert legal(s) == {"TC"}
    with pytest.raises(IllegalAction, match="beat the best card"):
        s.play("9C")


def _win_first_trick(s):
    for c in ("AS", "6S", "JS", "7C"):
        s.play(c)
    assert s.mp.last_winner == 0 and s.to_act == (0,)


def test_8_4_own_marriage_after_leading_and_winning_a_trick():
    s = to_play(new(pack()))
    assert "announce hearts" not in legal(s)            # nothing before the first trick
    _win_first_trick(s)
    assert {"announce hearts", "announce spades", "ask whole"} <= legal(s)
    assert "ask half hearts" not in legal(s)            # he holds both: he announces
    s.play("announce hearts")
    v = s.view(3)
    assert v["trump"] == "hearts" and v["marriage_points"] == [100, 0]
    assert v["announcements"] == [{"seat": 0, "kind": "marriage", "suit": "hearts",
                                   "answer": None, "trump": "hearts"}]
    # one announcement a turn: now he leads
    assert legal(s) == set(hand(s, 0).split())
    with pytest.raises(IllegalAction, match="once"):
        s.play("announce spades")


# seat 0 holds the marriages of spades, hearts and diamonds and two aces
THREE_MARRIAGES = ("AS AC KS QS KH QH KD QD 6C",
                   "TS JS AH TH JH AD TD 7C 8C",
                   "9S 8S 9H 8H 7H 6H JD 9C TC",
                   "7S 6S 9D 8D 7D 6D JC QC KC")
GIVE_BACK = ("give 9S", "give 7H", "give 6H")


def _three_marriages():
    s = to_play(new(pack(THREE_MARRIAGES)), give=GIVE_BACK)
    for c in ("AS", "JS", "8S", "6S"):
        s.play(c)
    return s


@pytest.mark.parametrize("suit,points", [("spades", 40), ("hearts", 100), ("diamonds", 80)])
def test_8_5_trump_points_spades_40_hearts_100_diamonds_80(suit, points):
    s = _three_marriages()
    s.play(f"announce {suit}")
    assert s.mp.marriage_points == [points, 0]
    assert events(s, "trumps")[-1].public["points"] == points
    assert MARRIAGE_POINTS == (40, 100, 80, 60)        # spades, hearts, diamonds, clubs


def test_8_5_trump_points_clubs_60():
    hands = ("AS KC QC KD QD AH KH 6C 9S",
             "8S 7S 6S TH 9H 8H AD TD JD",
             "JS 7H 6H JH QH QS 9D AC KS",
             "8D 7D 6D TC TS JC 9C 8C 7C")
    s = to_play(new(pack(hands)))
    for c in ("AS", "6S", "JS", "TS"):
        s.play(c)
    s.play("announce clubs")
    assert s.mp.marriage_points == [60, 0] and s.mp.trump == 3
    for c in ("AH", "8H", "6H", "8C"):          # seat 3 must trump with no hearts
        s.play(c)
    assert s.mp.last_winner == 3                 # the club trump wins: seat 3 did not lead
    assert all(not t.startswith(("ask", "announce")) for t in legal(s))


def test_8_4_each_suit_trumps_once_a_deal():
    s = _three_marriages()
    s.play("announce hearts")
    for c in ("AC", "7C", "9C", "JC"):
        s.play(c)
    assert s.mp.last_winner == 0
    assert {"announce spades", "announce diamonds", "ask whole"} <= legal(s)
    assert "announce hearts" not in legal(s) and "ask half hearts" not in legal(s)
    with pytest.raises(IllegalAction, match="only once a deal"):
        s.play("announce hearts")
    s.play("announce spades")
    assert s.mp.trump == 0 and s.view(1)["trumps_used"] == ["spades", "hearts"]
    assert s.mp.marriage_points == [140, 0]


def test_8_4_no_announcement_after_winning_a_trick_led_by_another():
    s = to_play(new(pack()))
    s.play("6C")
    s.play("8S")
    s.play("KC")
    s.play("TC")                                 # seat 3 wins a trick seat 0 led
    assert s.to_act == (3,) and all(not t.startswith(("ask", "announce")) for t in legal(s))
    with pytest.raises(IllegalAction, match="after winning a trick you led"):
        s.play("ask whole")


def test_8_4_must_trump_when_void_and_over_trump_when_able():
    s = to_play(new(pack()))
    _win_first_trick(s)
    s.play("announce hearts")
    s.play("9S")                                 # seat 0 leads a spade
    s.play("7S")
    # seat 2 has no spades left: he must trump (hearts) - 7H 6H JH
    assert legal(s) == {"7H", "6H", "JH"}
    with pytest.raises(IllegalAction, match="must play a trump"):
        s.play("TD")
    s.play("7H")
    # seat 3: no spades, no hearts: anything
    assert legal(s) == set(hand(s, 3).split())
    s.play("8D")
    # next trick: seat 2 won with the trump and leads a diamond
    assert s.mp.last_winner == 2
    s.play("9D")
    s.play("6D")                                 # seat 3 has no higher diamond: any diamond
    # seat 0 has no diamonds: must trump; a trump beats a plain card, any trump
    assert legal(s) == {"AH", "KH", "QH"}
    s.play("QH")
    # seat 1 has diamonds: follows and must beat the best diamond? a trump is winning:
    # he needs only follow suit
    assert legal(s) == {"AD", "KD", "QD"}


def test_8_4_over_trump_if_possible_else_any_trump():
    hands = ("AS KS QS AH KH QH 6C 7C 8C",
             "8S 7S 6S TH 9H 8H AD KD QD",
             "JS 9S TS 7H 6H JH TD JD 9D",
             "8D 7D 6D AC KC QC JC 9C TC")
    s = to_play(new(pack(hands)), give=("give JS", "give 9S", "give TS"))
    for c in ("AS", "6S", "9S", "8D"):
        s.play(c)
    s.play("announce hearts")
    s.play("6C")
    low = s.clone()
    s.play("9H")                                 # seat 1: no clubs, trumps with the nine
    assert legal(s) == {"JH"}                    # seat 2 must over-trump with the jack
    with pytest.raises(IllegalAction, match="higher than any played"):
        s.play("6H")
    low.play("TH")                               # trumped with the ten instead
    assert legal(low) == {"7H", "6H", "JH"}      # no higher trump: any trump
    low.play("6H")
    assert legal(low) == {"AC", "KC", "QC", "JC", "9C", "TC"}   # seat 3 follows: any club


def test_8_4_ask_half_needs_exactly_one_of_king_and_queen_yes_makes_trumps():
    hands = ("AS KS QS TS 9S AH KH 8C 6C",
             "8S 7S 6S TH 9H 8H AD KD TD",
             "JS 7H 6H JH QH QD JD AC KC",
             "8D 7D 6D TC QC JC 9C 9D 7C")
    s = to_play(new(pack(hands)))
    _win_first_trick(s)
    assert {"ask half hearts"} <= legal(s)
    assert "ask half spades" not in legal(s)     # both: announce instead
    assert "ask half diamonds" not in legal(s)   # neither
    with pytest.raises(IllegalAction, match="king or its queen, not both"):
        s.play("ask half diamonds")
    s.play("ask half hearts")
    assert s.mp.trump == 1 and s.mp.marriage_points == [100, 0]
    v = s.view(1)
    assert v["announcements"] == [{"seat": 0, "kind": "half", "suit": "hearts",
                                   "answer": "yes", "trump": "hearts"}]
    assert [(e.kind, e.seat, e.public) for e in s.events[-3:]] == [
        ("asked", 0, {"question": "half hearts"}),
        ("answered", 2, {"answer": "yes", "suit": "hearts"}),
        ("trumps", 0, {"suit": "hearts", "team": 0, "points": 100, "marriage_points": [100, 0]})]


def test_8_4_ask_half_answered_no_changes_nothing():
    s3 = to_play(new(pack(("AS KS QS TS 9S AH KH KC 6C",
                           "8S 7S 6S TH 9H 8H AD KD QD",
                           "JS 7H 6H JH TD QH 9D AC JD",
                           "8D 7D 6D TC QC JC 9C 8C 7C"))))
    _win_first_trick(s3)
    s3.play("ask half clubs")
    assert s3.mp.trump is None and s3.mp.marriage_points == [0, 0]
    assert s3.view(3)["announcements"][-1] == {"seat": 0, "kind": "half", "suit": "clubs",
                                               "answer": "no", "trump": None}
    assert all(not t.startswith(("ask", "announce")) for t in legal(s3))   # his one turn is used


def test_8_4_ask_whole_the_partner_answers_and_chooses_among_several():
    hands = ("AS 9S 8S 7S 6S AH 9H 8H 6C",
             "JS TS TH JH 7H 6H AD JD 9D",
             "KS QS KH QH KD QD AC KC 7D",
             "8D 6D TD TC QC JC 9C 8C 7C")
    s = to_play(new(pack(hands)), give=("give AC", "give KC", "give 7D"))
    for c in ("AS", "TS", "QS", "8D"):       # seat 2 cannot beat the ace: any spade
        s.play(c)
    assert s.mp.last_winner == 0
    s.play("ask whole")
    assert s.phase.name == "ANSWER" and s.to_act == (2,)
    # his spade marriage is broken; hearts and diamonds are whole
    assert legal(s) == {"answer hearts", "answer diamonds"}
    with pytest.raises(IllegalAction, match="answer"):
        s.play("KD")
    v = s.view(1)
    assert v["asking"] == 0 and "legal" in v and v["legal"] == []
    s.play("answer diamonds")
    assert s.mp.trump == 2 and s.mp.marriage_points == [80, 0] and s.to_act == (0,)
    assert s.view(3)["announcements"] == [{"seat": 0, "kind": "whole", "suit": None,
                                           "answer": "yes", "trump": "diamonds"}]


def test_8_4_ask_whole_answered_no():
    s = to_play(new(pack()))
    _win_first_trick(s)
    s.play("ask whole")
    assert legal(s) == {"answer no"}          # seat 2 holds no king and queen of a suit
    with pytest.raises(IllegalAction, match="or 'answer no' if you hold none"):
        s.play("answer hearts")
    s.play("answer no")
    assert s.mp.trump is None and s.to_act == (0,)
    assert all(not t.startswith(("ask", "announce")) for t in legal(s))


# -- won tricks face down (ch. 2) ---------------------------------------------------

def test_ch2_won_tricks_face_down_the_last_one_seen_until_the_next_card():
    s = to_play(new(pack()))
    _win_first_trick(s)
    first = [[p, PACK.parse(c)] for p, c in enumerate(("AS", "6S", "JS", "7C"))]
    for seat in (None, 0, 1, 2, 3):
        v = s.view(seat)
        assert v["last_trick"] == {"cards": first, "won_by": 0}
        assert v["tricks_won"] == [1, 0]
    s.play("announce hearts")
    assert s.view(3)["last_trick"] == {"cards": first, "won_by": 0}   # still no new card
    s.play("KS")
    for seat in (None, 1, 2, 3):
        v = s.view(seat)
        assert v["last_trick"] is None and v["tricks_won"] == [1, 0]
        assert not card_ids_in(v) & mask_of(PACK.parse_many("AS 6S JS 7C"))


# -- what announcements reveal, and nothing more (8.4; the leak rule) ---------------

def _sampled_hands(s, seat, n=40):
    return [list(w.mp.hands) for w in sampled_worlds(s, seat, n)]


def test_reveals_a_half_answer_places_king_and_queen_with_the_two_partners():
    hands = ("AS KS QS TS 9S AH KH 8C 6C",
             "8S 7S 6S TH 9H 8H AD KD TD",
             "JS 7H 6H JH QH QD JD AC KC",
             "8D 7D 6D TC QC JC 9C 9D 7C")
    s = to_play(new(pack(hands)))
    _win_first_trick(s)
    s.play("ask half hearts")
    kh, qh = PACK.parse("KH"), PACK.parse("QH")
    for hs in _sampled_hands(s, 1):
        # seat 1 learns that seats 0 and 2 hold the king and queen, one each
        assert (hs[0] >> kh & 1) + (hs[0] >> qh & 1) == 1
        assert (hs[2] >> kh & 1) + (hs[2] >> qh & 1) == 1
        assert not (hs[3] >> kh & 1 or hs[3] >> qh & 1)


def test_reveals_a_whole_answer_no_and_nothing_else():
    s = to_play(new(pack()))
    _win_first_trick(s)
    s.play("ask whole")
    s.play("answer no")
    pairs = [mask_of(PACK.parse_many(f"K{x} Q{x}")) for x in "SHDC"]
    spread = set()
    for hs in _sampled_hands(s, 3, 60):
        assert all(hs[2] & m != m for m in pairs)    # seat 2 holds no whole
        spread.add(hs[1] & pairs[2] == pairs[2])     # seat 1 may or may not hold KD QD
    assert spread == {True, False}


def test_reveals_an_own_marriage_keeps_king_and_queen_with_its_holder():
    s = to_play(new(pack()))
    _win_first_trick(s)
    s.play("announce spades")
    ks, qs = PACK.parse("KS"), PACK.parse("QS")
    for hs in _sampled_hands(s, 1):
        assert hs[0] >> ks & 1 and hs[0] >> qs & 1


# -- 8.5 scoring ---------------------------------------------------------------------------

@pytest.mark.parametrize("bid,contract,points,tricks,expect,made", [
    (150, 185, (185, 65), (6, 3), (185, 65), True),       # made by exactly its points
    (150, 185, (180, 70), (6, 3), (-185, 70), False),     # five short
    (200, 250, (300, 0), (9, 0), (250, -200), True),      # läpäri: the opponents lose the bid
    (200, 250, (200, 0), (9, 0), (-250, -200), False),    # läpäri above 160 that misses
    (160, 160, (160, 0), (9, 0), (160, -160), True),      # läpäri made by exactly 160
    (120, 150, (0, 160), (0, 9), (-270, 160), False),     # the declarer side takes no trick
    (120, 150, (5, 155), (1, 8), (-150, 155), False),     # one trick: no läpäri
])
def test_8_5_score_deal_table(bid, contract, points, tricks, expect, made):
    assert score_deal(bid, contract, 0, points, tricks) == (expect, made)


def test_8_5_score_deal_for_the_second_side_and_the_original_bid():
    assert score_deal(120, 180, 1, (40, 200), (2, 7)) == ((40, 180), True)
    assert score_deal(120, 180, 1, (0, 300), (0, 9)) == ((-120, 180), True)


def test_8_5_card_points_total_160_with_the_last_trick():
    everything = PACK.all_mask
    assert deal_points([everything, 0], 0, [0, 0]) == [160, 0]
    aces_tens = mask_of(PACK.parse_many("AS AH AD AC TS TH TD TC"))
    kqj = mask_of(PACK.parse_many("KS QS JS KH QH JH KD QD JD KC QC JC"))
    assert deal_points([aces_tens, kqj], 1, [100, 40]) == [180, 60 + 20 + 40]


def test_8_5_a_whole_deal_scored():
    s = to_play(new(pack()), contract="contract 200")
    _win_first_trick(s)
    s.play("announce hearts")
    play_out(s)
    done = events(s, "deal_scored")[0].public
    pts = done["points"]
    assert pts[0] + pts[1] == 160 + 100
    assert done["made"] == (pts[0] >= 200)
    assert done["gained"] == [200 if done["made"] else -200,
                              pts[1] - (50 if done["tricks"][1] == 0 else 0)]
    assert s.scores == tuple(done["gained"]) and s.dealer == 1 and s.to_act == (1,)


# -- the match (8.5) ----------------------------------------------------------------------

def _deal_to_score(start):
    """A deal played out from scores ``start`` minus what the deal brings."""
    s = to_play(new(pack(), pack(dealer=1)), contract="contract 50")
    gained = gained_by_playing_out(s)
    assert gained[0] > 0 and gained[1] > 0
    s.scores = (start[0] - gained[0], start[1] - gained[1])
    play_out(s)
    return s


def test_8_5_reaching_500_wins():
    s = _deal_to_score((500, 300))
    assert s.scores == (500, 300)
    assert s.outcome.winners == (0, 2) and s.outcome.scores == (500, 300, 500, 300)
    assert "reached 500 of 500" in s.outcome.reason


def test_8_5_499_does_not_win():
    s = _deal_to_score((499, 300))
    assert s.outcome is None and s.phase.name == "BID" and s.dealer == 1


def test_8_5_both_past_500_in_one_deal_the_higher_wins():
    s = _deal_to_score((510, 520))
    assert s.outcome.winners == (1, 3)
    assert "with more than the other side" in s.outcome.reason


def test_8_5_both_past_500_with_equal_points_play_another_deal():
    s = _deal_to_score((600, 600))
    assert s.outcome is None and s.phase.name == "BID" and s.to_act == (1,)


def test_8_5_a_side_at_minus_500_may_not_bid_but_its_dealer_opens_with_50():
    s = new(pack())
    set_scores(s, -500, 0)
    assert legal(s) == {"bid 50"}                     # seat 0 deals: only the opening
    s.play("bid 50")
    assert "bid 55" in legal(s)                       # seat 1's side may bid
    s.play("pass")
    assert legal(s) == {"pass"}                       # seat 2 (team 0) may not
    with pytest.raises(IllegalAction, match="-500 game points or less"):
        s.play("bid 60")
    set_scores(s, -495, 0)
    assert "bid 55" in legal(s)                       # -495 is above the limit


def test_8_2_and_8_5_a_side_that_may_not_bid_may_still_demand_a_new_deal():
    hands = ("6S 6H 6D AS KS QS TS 9S 8S",
             "7S AH KH QH TH 9H 8H 7H JS",
             "JH 6C 7C 8C 9C TC JC QC KC",
             "AC AD KD QD TD JD 9D 8D 7D")
    s = new(pack(hands), pack())
    set_scores(s, -600, 0)
    assert legal(s) == {"bid 50", "redeal"}           # the demand is no bid
    s.play("redeal")
    assert s.scores == (-600, 0) and s.dealer == 0 and s.redeals == 1


def test_options_deals_cap_ends_the_match_with_the_side_ahead():
    s = to_play(new(pack(), deals=1), contract="contract 50")
    play_out(s)
    a, b = s.scores
    assert s.outcome is not None and "1 deals played" in s.outcome.reason
    assert s.outcome.winners == ((0, 2) if a > b else (1, 3))


# -- the whole match, bots, records ---------------------------------------------------

def test_match_by_bots_replays_from_its_record():
    state = play_match(G, ["heuristic"], 11)
    assert state.outcome is not None
    again = check_record(record_of(state))
    assert again.outcome.scores == state.outcome.scores


def test_bad_input_changes_nothing():
    s = new(pack())
    before = len(s.events)
    for text in ("hello", "give QS", "announce hearts", "contract 100"):
        with pytest.raises((IllegalAction, ParseError)):
            s.play(text)
    with pytest.raises(IllegalAction, match="may not act now"):
        s.play("bid 60", seat=2)
    assert len(s.events) == before and s.history == []
