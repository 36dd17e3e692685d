"""Marjapussi by seed 003: scripted deals citing the section of the seed each
rule comes from (Scoring Points, Dealing the Hand, A Round of Bidding, Rules
of Play, Doubling the Hand, End of the Game).

Most deals are played with option ``cut`` off: seats 0 and 2 against 1 and
3, seat 0 deals, so seat 1 gets the first card and opens the bidding.
"""

from __future__ import annotations


import pytest

import pelit
from pelit.cards.deck import ids, mask_of
from pelit.cards.marriage import PACK
from pelit.core.errors import IllegalAction, ParseError
from pelit.core.records import check_record, record_of
from pelit.games.marjapussi import cut_order, deal_points, round5, score_deal
from pelit.sim.runner import play_match

from support import sampled_worlds

G = pelit.load("marjapussi")

HANDS = ("AS KS QS TS 9S AH KH QH 6C",
         "8S 7S 6S TH 9H 8H AD KD QD",
         "JS 7H 6H JH TD JD 9D AC KC",
         "8D 7D 6D TC QC JC 9C 8C 7C")


def pack(hands=HANDS, dealer=0, table=(0, 1, 2, 3)) -> str:
    """A stacked pack giving ``hands[seat]`` to each seat when ``dealer``
    deals one card at a time clockwise (``table``) from his left."""
    cards = [h.split() for h in hands]
    assert sorted(sum(cards, [])) == sorted(PACK.text_of) and all(len(h) == 9 for h in cards)
    i = table.index(dealer)
    order = [table[(i + 1 + k) % 4] for k in range(4)]
    return " ".join(cards[order[k]][j] for j in range(9) for k in range(4))


def new(*decks, **options):
    options.setdefault("cut", False)
    return G.new_state(seed=1, decks=list(decks), **options)


def legal(s, seat=None) -> set[str]:
    return {G.action_text(a) for a in s.legal_actions(seat)}


def cards(mask) -> set[str]:
    return set(PACK.texts(mask).split())


def events(s, kind):
    return [e for e in s.events if e.kind == kind]


def to_play(s, contract="contract 120", give=None):
    """Seats 1, 2, 3 pass, seat 0 bids 120; seat 2 keeps his cards (or gives
    ``give`` and gets the same cards back); seat 0 states the contract."""
    for _ in range(3):
        s.play("pass")
    s.play("bid 120")
    if give is None:
        s.play("keep")
    else:
        for g in give + give:
            s.play(g)
    s.play(contract)
    return s


def play_out(s):
    while s.outcome is None and s.phase.name in ("PLAY", "ANSWER"):
        s.apply(min(a for a in s.legal_actions() if a < PACK.size))


def plays(s) -> set[str]:
    """The cards the seat to act may play."""
    return {PACK.text(a) for a in s.legal_actions() if a < PACK.size}


def talk(s) -> set[str]:
    return {t for t in legal(s) if t.startswith(("ask", "announce"))}


# -- Dealing the Hand ------------------------------------------------------------

def test_dealing_the_hand_cut_order_ace_ten_king_ties_by_suit_worth():
    c = PACK.parse_many("KH TS AS 6D")
    assert cut_order(c) == [2, 1, 0, 3]
    c = PACK.parse_many("AS AH AC AD")
    assert [PACK.text(c[i]) for i in cut_order(c)] == ["AH", "AD", "AC", "AS"]


@pytest.mark.parametrize("seed", range(6))
def test_dealing_the_hand_the_highest_cutter_deals_and_the_lowest_is_his_partner(seed):
    s = G.new_state(seed=seed)
    cut = events(s, "cut")[0].public
    cut_cards = [int(c) for c in cut["cards"]]
    order = cut_order(cut_cards)
    high, low = order[0], order[-1]
    assert (cut["highest"], cut["lowest"]) == (high, low)
    assert s.phase.name == "SEAT" and s.to_act == (high,)
    middle = sorted(order[1:3])
    assert legal(s) == {f"left {p}" for p in middle}
    s.play(f"left {middle[1]}")
    assert s.table == (high, middle[1], low, middle[0])
    assert s.team[high] == s.team[low] != s.team[middle[0]] == s.team[middle[1]]
    assert s.dealer == high and s.to_act == (middle[1],)     # the dealer's left bids first
    v = s.view(middle[0])
    assert v["table"] == list(s.table) and v["team"] == list(s.team)
    assert len(v["cut"]) == 4 and v["hand_sizes"] == [9] * 4


def test_dealing_the_hand_nine_each_one_at_a_time_from_the_dealers_left():
    s = new(pack())
    for seat in range(4):
        assert cards(s.view(seat)["hand"]) == set(HANDS[seat].split())
    assert PACK.text(s.packs[0][0]) in HANDS[1].split()
    assert s.to_act == (1,)


def test_dealing_the_hand_the_deal_passes_to_the_left_round_the_table():
    s = G.new_state(seed=2)
    s.apply(s.legal_actions()[0])
    first = s.dealer
    assert first == s.table[0]
    for _ in range(4):
        s.play("pass")
    play_out(s)
    assert s.dealer == s.table[1] and s.to_act == (s.table[2],)


# -- A Round of Bidding --------------------------------------------------------------

def test_bidding_opens_at_120_in_fives_to_420_or_pass():
    s = new(pack())
    assert {"pass", "bid 120", "bid 125", "bid 420"} <= legal(s)
    for bad in ("bid 115", "bid 122", "bid 425"):
        with pytest.raises(ParseError):
            s.play(bad)
    s.play("bid 150")
    assert "bid 150" not in legal(s) and "bid 155" in legal(s)
    with pytest.raises(IllegalAction, match="bid more than 150"):
        s.play("bid 140")


def test_bidding_a_pass_is_for_good_three_passes_end_it():
    s = new(pack())
    s.play("bid 120")      # seat 1
    s.play("pass")         # seat 2 is out
    s.play("bid 125")      # seat 3
    s.play("pass")         # seat 0 is out
    assert s.to_act == (1,)
    s.play("bid 130")
    assert s.to_act == (3,)              # seats 2 and 0 are skipped
    s.play("pass")
    assert s.declarer == 1 and s.phase.name == "GIVE" and s.to_act == (3,)


def test_bidding_all_pass_no_contract_no_exchange_the_dealers_right_leads():
    s = new(pack())
    for _ in range(4):
        s.play("pass")
    assert s.phase.name == "PLAY" and s.declarer is None and s.contract is None
    assert s.to_act == (3,)                          # the dealer (0)'s right
    assert "contra" not in legal(s)
    assert [e.public for e in events(s, "no_contract")] == [{"leader": 3}]


def test_exchange_the_partner_may_keep_his_cards():
    s = new(pack())
    for _ in range(3):
        s.play("pass")
    s.play("bid 120")
    assert "keep" in legal(s) and s.to_act == (2,)
    s.play("give AC")
    assert "keep" not in legal(s)                    # once giving, four
    with pytest.raises(IllegalAction, match="before giving any"):
        s.play("keep")
    for c in ("give KC", "give TD", "give JD"):
        s.play(c)
    assert s.phase.name == "RETURN" and s.to_act == (0,)
    assert s.view(0)["hand_sizes"] == [13, 9, 5, 9]
    assert cards(s.view(0)["received"]) == {"AC", "KC", "TD", "JD"}
    assert "received" not in s.view(1) and s.view(1)["exchange"] == {"given": 4, "returned": 0}
    for c in ("give 6C", "give 9S", "give TS", "give JD"):
        s.play(c)
    assert s.phase.name == "CONTRACT" and s.view(2)["hand_sizes"] == [9, 9, 9, 9]
    assert cards(s.view(2)["passed"]) == {"AC", "KC", "TD"}


def test_exchange_then_the_contract_is_the_high_bid_or_more():
    s = new(pack())
    for _ in range(3):
        s.play("pass")
    s.play("bid 135")
    s.play("keep")
    assert s.phase.name == "CONTRACT"
    assert "contract 130" not in legal(s) and {"contract 135", "contract 420"} <= legal(s)
    with pytest.raises(IllegalAction, match="high bid"):
        s.play("contract 130")
    s.play("contract 200")
    assert s.contract == 200 and s.phase.name == "PLAY" and s.to_act == (0,)
    assert [e.public for e in events(s, "contract")] == [{"contract": 200, "raised": 65}]


# -- Rules of Play ---------------------------------------------------------------------

def test_first_lead_an_ace_else_a_spade_else_anything():
    s = to_play(new(pack()))
    assert legal(s) == {"AS", "AH"}
    with pytest.raises(IllegalAction, match="must be an ace"):
        s.play("KS")
    no_ace = ("KS QS TS 9S KH QH 6C 7C 8C",
              "8S 7S 6S TH 9H 8H AD KD QD",
              "JS 7H 6H JH TD JD 9D AC KC",
              "8D 7D 6D TC QC JC 9C AS AH")
    s = to_play(new(pack(no_ace)))
    assert legal(s) == {"KS", "QS", "TS", "9S"}
    with pytest.raises(IllegalAction, match="must be a spade"):
        s.play("KH")
    neither = ("KH QH TH 9H 8H 6C 7C 8C 9C",
               "8S 7S 6S 7H 6H JH AD KD QD",
               "JS AH 9S AS TD JD 9D AC KC",
               "8D 7D 6D TC QC JC KS QS TS")
    s = to_play(new(pack(neither)))
    assert legal(s) == set(neither[0].split())


def test_later_leads_are_free():
    s = to_play(new(pack()))
    for c in ("AS", "6S", "JS", "7C"):
        s.play(c)
    assert {"KS", "TS", "6C", "KH"} <= legal(s)


def test_follow_suit_and_beat_the_best_card():
    s = to_play(new(pack()))
    s.play("AH")
    assert plays(s) == {"TH", "9H", "8H"}            # nothing beats the ace: any heart
    s.play("8H")
    assert plays(s) == {"7H", "6H", "JH"}
    s.play("JH")
    assert plays(s) == set(HANDS[3].split())         # no hearts, no trumps: any card
    s.play("7C")
    s.play("6C")                                     # seat 0 leads the six of clubs
    s.play("8S")                                     # seat 1 has no clubs
    assert legal(s) == {"AC", "KC"}
    s.play("KC")
    assert legal(s) == {"TC"}                        # only the ten beats the king
    with pytest.raises(IllegalAction, match="beat the best card"):
        s.play("9C")


def test_trumps_after_winning_any_trick_not_only_ones_own_lead():
    hands = ("AS 9S 8S 7S AH 9H 8H 6C 7C",
             "KS QS 6S TH JH KH QH AD KD",
             "JS 7H 6H TS TD JD 9D AC KC",
             "8D 7D 6D TC QC JC 9C 8C QD")
    s = to_play(new(pack(hands)))
    s.play("AH")
    assert plays(s) == {"TH", "JH", "KH", "QH"}
    s.play("JH")
    s.play("7H")
    s.play("8D")
    assert s.mp.last_winner == 0
    s.play("6C")
    s.play("KS")                                     # seat 1: no clubs, no trumps
    s.play("KC")
    s.play("TC")                                     # seat 3 wins a trick seat 0 led
    assert s.mp.last_winner == 3 and s.to_act == (3,)
    assert "ask pair" in talk(s)


def _seat0_wins_first_trick(s):
    for c in ("AS", "6S", "JS", "7C"):
        s.play(c)
    assert s.mp.last_winner == 0


@pytest.mark.parametrize("suit,points", [("spades", 40), ("hearts", 100)])
def test_scoring_points_trumps_spades_40_hearts_100(suit, points):
    s = to_play(new(pack()))
    _seat0_wins_first_trick(s)
    s.play(f"announce {suit}")
    assert s.mp.marriage_points == [points, 0] and s.mp.trump == ["spades", "hearts"].index(suit)
    assert talk(s) == set()                          # one announcement a trick won


def test_scoring_points_trumps_clubs_60_diamonds_80():
    hands = ("AS KC QC KD QD 9S 8S 7S 6C",
             "6S TH 9H 8H AD TD JD 9D 8D",
             "JS 7H 6H JH KH QH AH AC TC",
             "KS QS TS 7D 6D JC 9C 8C 7C")
    s = to_play(new(pack(hands)))
    for c in ("AS", "6S", "JS", "TS"):
        s.play(c)
    assert {"announce clubs", "announce diamonds"} <= talk(s)
    c = s.clone()
    s.play("announce clubs")
    c.play("announce diamonds")
    assert s.mp.marriage_points == [60, 0] and c.mp.marriage_points == [80, 0]


def test_void_beat_with_a_trump_if_able_else_any_card():
    s = to_play(new(pack()))
    _seat0_wins_first_trick(s)
    s.play("announce hearts")
    s.play("KS")                                     # seat 0 leads a spade
    s.play("7S")
    # seat 2 has no spades: a trump beats the king, so he must trump
    assert legal(s) == {"7H", "6H", "JH"}
    s.play("6H")
    # seat 3: no spades, no trumps: anything
    assert legal(s) == set(HANDS[3].split()) - {"7C"}
    s.play("8C")
    # seat 2 leads a diamond; seat 3 follows low; seat 0 has no diamonds: trump
    s.play("TD")
    s.play("6D")
    assert legal(s) == {"AH", "KH", "QH"}
    s.play("QH")
    assert legal(s) == {"AD", "KD", "QD"}            # seat 1 follows: any diamond


def test_void_and_unable_to_over_trump_any_card_not_only_a_trump():
    hands = ("AS KS QS AH KH QH 6C 7C 8C",
             "8S 7S 6S TH 9H 8H AD KD QD",
             "JS 9S TS 7H 6H JH TD JD 9D",
             "8D 7D 6D AC KC QC JC 9C TC")
    s = to_play(new(pack(hands)))
    for c in ("AS", "6S", "9S", "8D"):
        s.play(c)
    s.play("announce hearts")
    s.play("6C")
    nine = s.clone()
    s.play("TH")                                     # seat 1 trumps with the ten
    # seat 2 has no clubs and no trump above the ten: any card at all
    assert plays(s) == {"JS", "TS", "7H", "6H", "JH", "TD", "JD", "9D"}
    s.play("JD")
    nine.play("9H")                                  # trumped with the nine instead
    assert plays(nine) == {"JH"}                     # his jack must beat it


def test_ask_pair_the_partner_answers_and_chooses():
    hands = ("AS 9S 8S 7S 6S AH 9H 8H 6C",
             "JS TS TH JH 7H 6H AD JD 9D",
             "KS QS KH QH KD QD AC KC 7D",
             "8D 6D TD TC QC JC 9C 8C 7C")
    s = to_play(new(pack(hands)))
    for c in ("AS", "TS", "QS", "8D"):
        s.play(c)
    s.play("ask pair")
    assert s.phase.name == "ANSWER" and s.to_act == (2,)
    assert legal(s) == {"answer hearts", "answer diamonds"}   # the spade pair is broken
    s.play("answer hearts")
    assert s.mp.trump == 1 and s.mp.marriage_points == [100, 0] and s.to_act == (0,)
    assert s.view(1)["announcements"] == [{"seat": 0, "kind": "pair", "suit": None,
                                           "answer": "yes", "trump": "hearts"}]


def test_ask_half_yes_with_both_in_her_hand_and_half_with_one():
    base = ("AS 9S 8S 7S 6S AH 9H 6C 7C",
            "JS TS TH JH 7H 6H AD JD 9D",
            "KS QS KH QH KD 8H AC KC 7D",
            "8D 6D TD TC QC JC 9C 8C QD")
    s = to_play(new(pack(base)))
    for c in ("AS", "TS", "QS", "6D"):
        s.play(c)
    assert {"ask half spades", "ask half hearts", "ask half diamonds",
            "ask half clubs"} <= talk(s)                  # a half may be asked holding none
    hearts, diamonds = s.clone(), s.clone()
    hearts.play("ask half hearts")                        # she holds KH and QH: trumps
    assert hearts.mp.trump == 1 and hearts.mp.marriage_points == [100, 0]
    assert hearts.mp.announcements[-1][3] == "yes"
    diamonds.play("ask half diamonds")                    # she holds KD; QD is seat 3's
    assert diamonds.mp.trump is None and diamonds.mp.marriage_points == [0, 0]
    assert diamonds.view(3)["announcements"][-1] == {"seat": 0, "kind": "half",
                                                     "suit": "diamonds", "answer": "half",
                                                     "trump": None}
    assert [e.public for e in diamonds.events[-1:]] == [{"answer": "half", "suit": "diamonds"}]


def test_ask_half_no_and_each_suit_asked_once_by_a_player():
    s = to_play(new(pack()))
    _seat0_wins_first_trick(s)
    s.play("ask half diamonds")
    assert s.mp.announcements[-1][3] == "no"             # seat 2 holds no KD, no QD
    for c in ("AH", "8H", "7H", "8D"):
        s.play(c)
    assert "ask half diamonds" not in talk(s) and "ask half clubs" in talk(s)
    with pytest.raises(IllegalAction, match="asked about diamonds already"):
        s.play("ask half diamonds")


def test_ask_half_with_one_half_each_makes_trumps():
    hands = ("AS KS QS TS 9S AH KH 8C 6C",
             "8S 7S 6S TH 9H 8H AD KD TD",
             "JS 7H 6H JH QH QD JD AC KC",
             "8D 7D 6D TC QC JC 9C 9D 7C")
    s = to_play(new(pack(hands)))
    _seat0_wins_first_trick(s)
    s.play("ask half hearts")
    assert s.mp.trump == 1 and s.mp.announcements[-1][3] == "yes"


def test_each_suit_trumps_once_never_back():
    s = to_play(new(pack()))
    _seat0_wins_first_trick(s)
    s.play("announce hearts")
    for c in ("AH", "8H", "7H", "8C"):
        s.play(c)
    assert s.mp.last_winner == 0
    assert "announce spades" in talk(s) and "announce hearts" not in talk(s)
    with pytest.raises(IllegalAction, match="only once a deal"):
        s.play("announce hearts")
    s.play("announce spades")
    for c in ("KS", "7S", "6H", "9C"):               # seat 2 has no spade, no trump: any
        s.play(c)
    assert s.mp.last_winner == 0 and s.view(1)["trumps_used"] == ["spades", "hearts"]
    assert talk(s) == {"ask pair", "ask half diamonds", "ask half clubs"}


# -- what the table learns (Rules of Play; the leak rule) ----------------------------

def _sampled_hands(s, seat, n=40):
    return [list(w.mp.hands) for w in sampled_worlds(s, seat, n)]


def test_reveals_a_half_answer_half_asker_lacks_both_she_holds_one():
    base = ("AS 9S 8S 7S 6S AH 9H 6C 7C",
            "JS TS TH JH 7H 6H AD JD 9D",
            "KS QS KH QH KD 8H AC KC 7D",
            "8D 6D TD TC QC JC 9C 8C QD")
    s = to_play(new(pack(base)))
    for c in ("AS", "TS", "QS", "6D"):
        s.play(c)
    s.play("ask half diamonds")
    kd, qd = PACK.parse("KD"), PACK.parse("QD")
    pair = (1 << kd) | (1 << qd)
    for hs in _sampled_hands(s, 1):
        assert not hs[0] & pair                         # the asker holds neither
        assert (hs[2] & pair).bit_count() == 1          # she holds exactly one
    for hs in _sampled_hands(s, 3):
        assert (hs[2] & pair).bit_count() == 1 and not hs[0] & pair


def test_reveals_a_pair_answer_no_only_what_it_says():
    s = to_play(new(pack()))
    _seat0_wins_first_trick(s)
    s.play("ask pair")
    s.play("answer no")
    pairs = [mask_of(PACK.parse_many(f"K{x} Q{x}")) for x in "SHDC"]
    spread = set()
    for hs in _sampled_hands(s, 3, 60):
        assert all(hs[2] & m != m for m in pairs)
        spread.add(hs[1] & pairs[2] == pairs[2])
    assert spread == {True, False}


# -- Doubling the Hand ---------------------------------------------------------------

def test_contra_by_an_opponent_holding_nine_cards_re_at_eight():
    s = to_play(new(pack()))
    assert "contra" not in legal(s)                     # the declarer may not
    s.play("AS")
    assert "contra" in legal(s)                         # seat 1 holds nine cards
    s.play("6S")
    s.play("JS")
    assert "contra" in legal(s)                         # seat 3 still holds nine
    s.play("contra")
    assert s.doubles == 1 and s.to_act == (3,) and "contra" not in legal(s)
    s.play("7C")
    assert "re" in legal(s)                             # seat 0 holds eight now
    with pytest.raises(IllegalAction, match="next double is re"):
        s.play("contra")
    s.play("re")
    assert s.doubles == 2
    assert [e.public for e in events(s, "re")] == [{"doubles": 2, "value": 480}]


def test_contra_moment_missed_ends_the_doubling():
    s = to_play(new(pack()))
    for c in ("AS", "6S", "JS", "7C"):
        s.play(c)
    s.play("AH")
    assert "contra" not in legal(s)                     # seat 1 holds eight: too late
    assert s.doubles == 0


def test_contra_chain_to_seven_cards():
    s = to_play(new(pack()))
    s.play("AS")
    s.play("contra")
    for c in ("6S", "JS", "7C"):
        s.play(c)
    s.play("re")
    s.play("AH")
    assert "contra" not in legal(s)                     # seat 1 holds eight
    for c in ("8H", "7H", "8D"):
        s.play(c)
    s.play("KS")
    assert "contra" in legal(s)                         # seat 1 holds seven: contra again
    s.play("contra")
    assert s.doubles == 3 and s.view(2)["doubles"] == 3
    assert [e.public["value"] for e in events(s, "contra")] == [240, 960]


# -- Scoring Points, End of the Game ---------------------------------------------------

def test_scoring_points_cards_and_last_trick_make_140():
    assert deal_points([PACK.all_mask, 0], 0, [0, 0]) == [140, 0]
    aces = mask_of(PACK.parse_many("AS AH AD AC"))
    faces = mask_of(PACK.parse_many("TS KS QS JS"))
    assert deal_points([aces, faces], 1, [40, 100]) == [44 + 40, 19 + 20 + 100]


@pytest.mark.parametrize("points,rounded", [(37, 35), (38, 40), (0, 0), (142, 140), (143, 145)])
def test_end_of_the_game_rounding_to_the_nearest_five(points, rounded):
    assert round5(points) == rounded


@pytest.mark.parametrize("contract,doubles,points,tricks,expect,made", [
    (150, 0, (150, 37), (6, 3), (150, 35), True),        # made by exactly its points
    (150, 0, (149, 38), (6, 3), (-150, 40), False),      # one short: no rounding up
    (150, 1, (160, 27), (6, 3), (300, 25), True),        # contra doubles the value
    (150, 2, (140, 47), (6, 3), (-600, 45), False),      # re doubles it again
    (150, 0, (0, 140), (0, 9), (-300, 140), False),      # no trick: twice the value lost
    (150, 1, (0, 140), (0, 9), (-600, 140), False),      # ... as doubled
    (150, 0, (240, 0), (9, 0), (150, -300), True),       # opponents no trick: twice the contract
    (150, 1, (240, 0), (9, 0), (300, -150), True),       # doubled: the contract once
    (300, 0, (280, 0), (9, 0), (-300, 0), False),        # contract lost: no penalty for them
])
def test_end_of_the_game_score_table(contract, doubles, points, tricks, expect, made):
    assert score_deal(contract, doubles, 0, points, tricks) == (expect, made)


def test_end_of_the_game_no_contract_each_side_scores_its_points():
    assert score_deal(None, 0, None, (88, 52), (5, 4)) == ((90, 50), None)
    s = new(pack(), pack(dealer=1))
    for _ in range(4):
        s.play("pass")
    play_out(s)
    done = events(s, "deal_scored")[0].public
    assert done["contract"] is None and done["reason"] == "no contract"
    assert done["gained"] == [round5(done["points"][0]), round5(done["points"][1])]


def _deal_to_score(start):
    s = to_play(new(pack(), pack(dealer=1)))
    copy = s.clone()
    play_out(copy)
    gained = copy.results[-1][6]
    s.scores = (start[0] - gained[0], start[1] - gained[1])
    play_out(s)
    return s


def test_end_of_the_game_first_to_500_wins():
    s = _deal_to_score((500, 200))
    assert s.outcome.winners == (0, 2) and "reached 500 of 500" in s.outcome.reason


def test_end_of_the_game_495_plays_on():
    s = _deal_to_score((495, 200))
    assert s.outcome is None and s.dealer == 1


def test_end_of_the_game_both_past_500_the_higher_wins_equal_plays_on():
    s = _deal_to_score((505, 510))
    assert s.outcome.winners == (1, 3) and "more than the other side" in s.outcome.reason
    s = _deal_to_score((520, 520))
    assert s.outcome is None


# -- whole matches, records, bad input ------------------------------------------------

def test_match_by_bots_with_the_cut_replays_from_its_record():
    state = play_match(G, ["heuristic"], 5)
    assert state.outcome is not None and state.table is not None
    again = check_record(record_of(state))
    assert again.outcome.scores == state.outcome.scores


def test_bad_input_changes_nothing():
    s = new(pack())
    before = len(s.events)
    for text in ("hello", "keep", "contra", "left 2"):
        with pytest.raises((IllegalAction, ParseError)):
            s.play(text)
    with pytest.raises(IllegalAction, match="may not act now"):
        s.play("bid 150", seat=3)
    assert len(s.events) == before and s.history == []
    assert ids(s.mp.hands[1]) == sorted(PACK.parse_many(HANDS[1]))
