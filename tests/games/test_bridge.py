"""Bridge by seed 002 "Bridge": scripted deals citing the section each rule comes from."""

from __future__ import annotations

import pytest

import pelit
from pelit.cards import pbn
from pelit.cards.contract import (CLUB, DIAMOND, HEART, NOTRUMP, SPADE, duplicate_score,
                                  honours_bonus, rubber_score, trick_score)
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction, OptionError, ParseError
from pelit.games.bridge import DECK, board_dealer, board_vulnerability
from pelit.sim.runner import play_match
from support import check_kept_plans

G = pelit.load("bridge")


def hands_of(n: str, e: str, s: str, w: str) -> list[int]:
    return [mask_of(DECK.parse_many(t)) for t in (n, e, s, w)]


def pack(hands, dealer=0) -> str:
    """A stacked pack dealing ``hands`` (N, E, S, W) one card at a time from the dealer's left."""
    return DECK.texts(pbn.pack_for(hands, (dealer + 1) % 4, DECK))


# A deal with every suit split so that following, ruffing and discarding all happen.
DEAL = hands_of(
    "AS KS QS JS AH KH QH AD KD QD AC KC QC",
    "TS 9S 8S 7S JH TH 9H JD TD 9D JC TC 9C",
    "6S 5S 4S 3S 8H 7H 6H 8D 7D 6D 8C 7C 6C",
    "2S 5H 4H 3H 2H 5D 4D 3D 2D 5C 4C 3C 2C",
)
# North holds every spade: in a spade contract North wins all thirteen tricks.
ALL_SPADES = hands_of(
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
)


def rotate(hands, k):
    """The same hands moved ``k`` seats clockwise."""
    return [hands[(p - k) % 4] for p in range(4)]


def calls(s, *texts):
    for t in texts:
        s.play(t)


def play_out(s):
    while s.phase.name == "PLAY" and s.outcome is None:
        board = s.board
        s.apply(s.legal_actions()[0])
        if s.board != board:
            break


# -- Shuffling and dealing ------------------------------------------------------

def test_dealing_one_card_at_a_time_from_the_dealers_left():
    order = DECK.parse_many("AS KS QS JS")                      # top of the pack first
    rest = [c for c in range(52) if c not in order]
    s = G.new_state(seed=1, decks=[DECK.texts(order + rest)])  # board 1: North deals
    assert s.dealer == 0 and s.to_act == (0,)                  # the dealer calls first
    assert [(s.hands[p] >> c) & 1 for p, c in zip((1, 2, 3, 0), order)] == [1, 1, 1, 1]
    assert all(h.bit_count() == 13 for h in s.hands)


def test_board_numbering_sets_dealer_and_vulnerability():
    # decision (Scoring mode): boards follow the standard dealer / vulnerability cycle
    assert [board_dealer(b) for b in range(1, 6)] == [0, 1, 2, 3, 0]
    assert [board_vulnerability(b) for b in (1, 2, 3, 4, 5, 8, 13, 16)] == [
        (False, False), (True, False), (False, True), (True, True), (True, False),
        (False, False), (True, True), (False, True)]
    s = G.new_state(seed=1, first_board=3)
    v = s.view(None)
    assert v["board"] == 3 and v["dealer"] == 2 and v["vulnerable"] == [False, True]


# -- Auction (bidding) ------------------------------------------------------------

def test_auction_bids_must_rise_and_three_passes_end_it():
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    calls(s, "bid 1h", "bid 1s")
    with pytest.raises(IllegalAction, match="not higher than 1S"):
        s.play("bid 1h")
    calls(s, "pass", "pass")
    assert s.phase.name == "AUCTION"
    s.play("pass")
    assert s.phase.name == "PLAY" and s.view(None)["contract"] == "1S"


def test_four_passes_pass_the_board_out_and_it_scores_nothing():
    s = G.new_state(seed=1, decks=[pack(DEAL)], deals=2)
    calls(s, "pass", "pass", "pass", "pass")
    r = s.results[0]
    assert r["contract"] == "passed out" and r["score"] == [0, 0]
    assert s.view(None)["board"] == 2 and s.to_act == (1,)   # board 2: East deals


def test_double_only_opponents_and_redouble_only_a_double_of_your_side():
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    legal = [G.action_text(a) for a in s.legal_actions()]
    assert "double" not in legal                              # nothing to double yet
    s.play("bid 1nt")                                          # North
    s.play("double")                                           # East doubles an opponent
    assert "double" not in [G.action_text(a) for a in s.legal_actions()]
    s.play("bid 2c")                                           # South
    with pytest.raises(IllegalAction, match="redouble only"):
        s.play("redouble")                                     # West: his side bid nothing
    s2 = G.new_state(seed=1, decks=[pack(DEAL)])
    calls(s2, "bid 1nt", "double", "redouble", "pass", "pass", "pass")
    assert s2.view(None)["contract"] == "1NTXX"
    s3 = G.new_state(seed=1, decks=[pack(DEAL)])
    calls(s3, "bid 1nt", "pass")
    with pytest.raises(IllegalAction, match="double only the opponents"):
        s3.play("double")                                      # South may not double partner


def test_declarer_is_the_first_of_the_side_to_name_the_strain():
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    # North names spades first, South raises: North declares, South is dummy
    calls(s, "bid 1s", "pass", "bid 3s", "pass", "bid 4s", "pass", "pass", "pass")
    v = s.view(None)
    assert v["contract"] == "4S" and v["declarer"] == 0
    assert v["play"]["dummy_hand"] == 2 and v["play"]["leader"] == 1   # East leads


# -- the contract, dummy, Passing ----------------------------------------------------

def test_dummy_is_hidden_until_the_opening_lead_then_played_by_declarer():
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    calls(s, "bid 1s", "pass", "pass", "pass")
    for seat in (None, 0, 1, 3):
        assert s.view(seat)["play"]["dummy"] is None           # before the opening lead
    assert int(s.view(2)["hand"]) == DEAL[2]                   # the dummy's owner sees it
    assert s.to_act == (1,)                                    # left of the declarer leads
    s.play("JH")
    for seat in (None, 0, 1, 2, 3):
        assert int(s.view(seat)["play"]["dummy"]) == DEAL[2]   # face up for everyone
    assert s.to_act == (0,)                                    # declarer plays the dummy's card
    assert sorted(DECK.text(c) for c in s.legal_actions()) == ["6H", "7H", "8H"]
    with pytest.raises(IllegalAction, match="not in the dummy's hand"):
        s.play("AH")                                           # North's own card, not dummy's
    s.play("6H")
    assert s.to_act == (3,)
    s.play("2H")
    s.play("AH")                                               # North's own card
    assert s.dp.won[0] == 1 and s.to_act == (0,)               # the winner leads next
    assert 2 not in s.to_act                                   # the dummy's owner never acts


def test_terminal_lines_name_the_hands_and_show_the_dummy_only_after_the_lead():
    """Passing: the screen says whose card is next, that the declarer plays the
    dummy's, and shows the dummy face up only after the opening lead."""
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    calls(s, "bid 1s", "pass", "pass", "pass")
    text = G.render_board(s.view(1))
    assert "Dummy  face down until the opening lead" in text and "To play  You" in text
    assert "declarer North, dummy South; trumps spades" in text
    s.play("JH")
    text = G.render_board(s.view(0))
    assert "To play  South, played by you" in text and "Trick  East J♥" in text
    dummy_line = next(line for line in text.splitlines() if line.startswith("Dummy"))
    assert "8♥ 7♥ 6♥" in dummy_line


def test_must_follow_suit_highest_of_the_suit_led_wins():
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    calls(s, "bid 1nt", "pass", "pass", "pass")
    s.play("TS")                                                # East leads a spade
    before = s.dp.hands.copy()
    with pytest.raises(IllegalAction, match="must follow suit \\(spades\\)"):
        s.play("8H")                                            # dummy holds spades
    assert s.dp.hands == before
    calls(s, "3S", "2S", "JS")
    assert s.dp.won[0] == 1                                     # North's jack is highest


def test_a_trump_wins_and_a_void_player_may_ruff():
    hands = rotate(DEAL, 0)
    s = G.new_state(seed=1, decks=[pack(hands)])
    # North, East, South pass; West opens 1C: West declares, East is dummy, North leads
    calls(s, "pass", "pass", "pass", "bid 1c", "pass", "pass", "pass")
    assert s.view(None)["declarer"] == 3 and s.to_act == (0,)
    calls(s, "AS", "7S", "3S", "2S")                           # West follows with his only spade
    assert s.dp.won[0] == 1
    calls(s, "KS", "8S", "4S")
    assert [DECK.text(c) for c in s.legal_actions()] and s.to_act == (3,)
    s.play("2C")                                               # West is void: ruffs with a club
    assert s.dp.won[3] == 1 and s.to_act == (3,)               # the trump won; West leads


# -- Evaluation (scoring): the seed's tables, row by row ---------------------------

TRICK_TABLE = {  # level: (cheap suits, expensive suits, no trumps)
    1: (20, 30, 40), 2: (40, 60, 70), 3: (60, 90, 100), 4: (80, 120, 130),
    5: (100, 150, 160), 6: (120, 180, 190), 7: (140, 210, 220)}
BONUS_TABLE = {  # level: (cheap, expensive, no trumps), each (not vulnerable, vulnerable)
    1: ((50, 50), (50, 50), (50, 50)), 2: ((50, 50), (50, 50), (50, 50)),
    3: ((50, 50), (50, 50), (300, 500)), 4: ((50, 50), (300, 500), (300, 500)),
    5: ((300, 500), (300, 500), (300, 500)), 6: ((800, 1250), (800, 1250), (800, 1250)),
    7: ((1300, 2000), (1300, 2000), (1300, 2000))}


@pytest.mark.parametrize("level", range(1, 8))
def test_scoring_table_for_tricks_row_by_row(level):
    # decision (Evaluation): the cheap suits are clubs and diamonds, not clubs and spades
    cheap, dear, nt = TRICK_TABLE[level]
    assert trick_score(level, CLUB) == trick_score(level, DIAMOND) == cheap
    assert trick_score(level, HEART) == trick_score(level, SPADE) == dear
    assert trick_score(level, NOTRUMP) == nt


@pytest.mark.parametrize("level", range(1, 8))
def test_contract_bonus_table_row_by_row(level):
    for col, strains in enumerate(((CLUB, DIAMOND), (HEART, SPADE), (NOTRUMP,))):
        for vul in (False, True):
            for strain in strains:
                made = duplicate_score(level, strain, 0, vul, level + 6)
                assert made == TRICK_TABLE[level][col] + BONUS_TABLE[level][col][vul]


@pytest.mark.parametrize("level,strain,doubled,vul,tricks,score", [
    (4, SPADE, 0, False, 11, 450),     # overtrick at trick value
    (3, NOTRUMP, 0, True, 11, 660),
    (2, DIAMOND, 0, False, 10, 130),
    (1, NOTRUMP, 1, False, 7, 180),    # doubled part score: 80 + 50 + 50 for the double
    (2, SPADE, 1, False, 8, 470),      # doubled into game
    (2, SPADE, 1, True, 8, 670),
    (1, NOTRUMP, 2, False, 7, 560),    # redoubled: 160 is a game, 100 for the redouble
    (4, SPADE, 1, True, 11, 990),      # doubled overtrick vulnerable 200
    (4, HEART, 1, False, 11, 690),     # doubled overtrick not vulnerable 100
    (3, CLUB, 2, True, 10, 1240),      # redoubled: 240 + 500 + 100 + 400 overtrick
    (6, NOTRUMP, 0, False, 12, 990),
    (7, NOTRUMP, 0, True, 13, 2220),
])
def test_laws_made_contracts(level, strain, doubled, vul, tricks, score):
    assert duplicate_score(level, strain, doubled, vul, tricks) == score


@pytest.mark.parametrize("down,nv,v,nvx,vx,nvxx,vxx", [
    (1, 50, 100, 100, 200, 200, 400),
    (2, 100, 200, 300, 500, 600, 1000),
    (3, 150, 300, 500, 800, 1000, 1600),
    (4, 200, 400, 800, 1100, 1600, 2200),
    (5, 250, 500, 1100, 1400, 2200, 2800),
])
def test_laws_undertricks_row_by_row(down, nv, v, nvx, vx, nvxx, vxx):
    got = [duplicate_score(4, SPADE, d, vul, 10 - down)
           for d, vul in ((0, False), (0, True), (1, False), (1, True), (2, False), (2, True))]
    assert got == [-nv, -v, -nvx, -vx, -nvxx, -vxx]


def test_board_score_goes_to_the_declaring_side_in_a_whole_deal():
    s = G.new_state(seed=1, decks=[pack(ALL_SPADES)], deals=1)
    calls(s, "bid 4s", "pass", "pass", "pass")
    play_out(s)
    r = s.results[0]
    assert r["contract"] == "4S" and r["tricks"] == 13
    assert r["score"] == [510, -510]                            # 120 + 3 x 30 + 300
    assert s.outcome.winners == (0, 2) and s.outcome.scores == (510, -510, 510, -510)


# -- Preset rubber: rubber bridge ------------------------------------------------------

def test_honours_count_in_one_hand():
    assert honours_bonus(ALL_SPADES, SPADE, DECK) == (0, 150)
    four = hands_of("AS KS QS JS 2H 3H 4H 5H 6H 7H 8H 9H TH",
                    "TS 9S 8S 7S 6S 5S 4S 3S 2S JH QH KH AH",
                    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
    assert honours_bonus(four, SPADE, DECK) == (0, 100)
    assert honours_bonus(four, HEART, DECK) == (1, 100)
    assert honours_bonus(four, NOTRUMP, DECK) == (None, 0)
    aces = hands_of("AS AH AD AC KS KH KD KC QS QH QD QC JS",
                    "TS 9S 8S 7S 6S 5S 4S 3S 2S JH TH 9H 8H",
                    "7H 6H 5H 4H 3H 2H JD TD 9D 8D 7D 6D 5D",
                    "4D 3D 2D JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
    assert honours_bonus(aces, NOTRUMP, DECK) == (0, 150)


def test_rubber_scoring_below_and_above_the_line():
    assert rubber_score(4, SPADE, 0, False, 13) == (120, 90, 0)
    assert rubber_score(2, SPADE, 1, True, 9) == (120, 50 + 200, 0)
    assert rubber_score(3, NOTRUMP, 0, False, 7) == (0, 0, 100)
    assert rubber_score(6, HEART, 0, True, 12) == (180, 750, 0)


def test_rubber_two_games_straight_bonus_700_and_vulnerability():
    s = G.new_state(seed=1, preset="rubber", decks=[pack(ALL_SPADES, 0), pack(ALL_SPADES, 1)])
    calls(s, "bid 4s", "pass", "pass", "pass")               # North deals the first hand
    play_out(s)
    first = s.results[0]
    assert first["below"] == [120, 0] and first["above"] == [90 + 150, 0] and first["game"]
    assert s.view(None)["vulnerable"] == [True, False]        # a game makes NS vulnerable
    assert s.to_act == (1,)                                    # the deal passes to the left
    calls(s, "pass", "bid 4s", "pass", "pass", "pass")
    play_out(s)
    second = s.results[1]
    assert second["rubber_bonus"] == [700, 0]
    assert s.outcome is not None and s.outcome.scores[0] == 360 + 360 + 700
    assert s.outcome.winners == (0, 2)


def test_rubber_part_scores_add_up_to_game_and_a_game_wipes_the_other_side():
    east_spades = rotate(ALL_SPADES, 1)                        # East holds the spades
    decks = [pack(ALL_SPADES, 0), pack(east_spades, 1), pack(ALL_SPADES, 2),
             pack(east_spades, 3), pack(ALL_SPADES, 0), pack(ALL_SPADES, 1)]
    s = G.new_state(seed=1, preset="rubber", decks=decks)
    calls(s, "bid 1s", "pass", "pass", "pass")                # N deals: NS +30 below
    play_out(s)
    assert s.below == [30, 0] and s.games == [0, 0]
    calls(s, "bid 2s", "pass", "pass", "pass")                # E deals: EW +60 below
    play_out(s)
    assert s.below == [30, 60]
    calls(s, "pass", "pass", "bid 3s", "pass", "pass", "pass")  # S deals: N bids 3S, +90
    play_out(s)
    assert s.below == [0, 0] and s.games == [1, 0]            # 120: game; EW's 60 is wiped
    calls(s, "pass", "pass", "bid 4s", "pass", "pass", "pass")  # W deals: E makes 4S
    play_out(s)
    assert s.games == [1, 1]
    assert s.view(None)["vulnerable"] == [True, True]
    calls(s, "bid 4s", "pass", "pass", "pass")                # N deals again
    play_out(s)
    assert s.results[-1]["rubber_bonus"] == [500, 0]          # two games to one: 500
    assert s.outcome is not None


def test_rubber_passed_out_deal_is_redealt_by_the_next_dealer():
    s = G.new_state(seed=1, preset="rubber")
    calls(s, "pass", "pass", "pass", "pass")
    assert s.to_act == (1,) and s.phase.name == "AUCTION" and s.pack_no == 2


# -- PBN export and import ----------------------------------------------------------

def test_pbn_round_trip_of_played_boards():
    s = play_match(G, ["heuristic"], seed=3, deals=2)
    text = G.to_pbn(s)
    games = G.read_pbn(text)
    assert [g["board"] for g in games] == [1, 2]
    for g, (number, dealer, vul, hands, calls_, contract, plays, tricks) in zip(games, s.archive):
        assert g["hands"] == list(hands) and g["dealer"] == dealer
        assert tuple(g["vulnerable"]) == vul and g["calls"] == list(calls_)
    decks = G.decks_from_pbn(text)
    again = G.new_state(seed=99, decks=decks, deals=2)
    assert again.hands == list(s.archive[0][3])
    # the first game replayed from PBN, auction and play: the same board
    back = G.state_from_pbn(text)
    assert back.archive[0] == s.archive[0]
    assert G.to_pbn(back).strip() == text.split("\n\n")[0].strip()


def test_pbn_import_of_a_hand_written_file():
    text = """% a comment line
[Event "club night"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -"]
[Auction "N"]
1NT Pass 3NT AP
[Play "E"]
HJ H6 H2 HA {the opening lead}
"""
    g = G.read_pbn(text)[0]
    assert g["hands"] == DEAL and g["calls"] == ["bid 1nt", "pass", "bid 3nt"] + ["pass"] * 3
    s = G.state_from_pbn(text)
    assert s.view(None)["contract"] == "3NT" and s.dp.won[0] == 1 and s.to_act == (0,)
    with pytest.raises(ParseError):
        G.read_pbn('[Deal "N:AKQ.AKQ.AKQ.AKQ"]\n')
    with pytest.raises(ParseError):
        G.read_pbn('[Deal "N:AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ - -"]\n')


# -- bad input, whole match -------------------------------------------------------------

def test_bad_input_changes_nothing():
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    with pytest.raises(IllegalAction, match="may not act"):
        s.play("pass", seat=2)
    with pytest.raises(IllegalAction):
        s.play("AS")                                          # a card during the auction
    with pytest.raises(ParseError):
        s.play("bid 8nt")
    with pytest.raises(OptionError):
        G.new_state(seed=1, scoring="chicago")
    assert s.history == [] and s.auction.calls == []


def test_whole_matches_with_bots():
    s = play_match(G, ["heuristic"], seed=5, deals=4)
    assert len(s.results) == 4 and s.outcome is not None
    # the finished match shows the last board played, with its dealer and vulnerability
    v = s.view(0)
    assert v["board"] == 4 and v["dealer"] == 3 and v["vulnerable"] == [True, True]
    assert G.render_board(v).startswith("Board 4  dealer West; vulnerable: North-South, East-West")
    r = play_match(G, ["heuristic"], seed=6, scoring="rubber")
    assert r.outcome is not None and r.rubber_no == 1


def test_quitted_tricks_lie_face_down_only_the_last_may_be_reviewed():
    # decision (Passing): as the laws have it
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    calls(s, "bid 1s", "pass", "pass", "pass")
    calls(s, "JH", "6H", "2H", "AH")
    pv = s.view(3)["play"]
    assert "played" not in pv and pv["trick"] == []
    assert [DECK.text(c) for _, c in pv["last_trick"]["cards"]] == ["JH", "6H", "2H", "AH"]
    calls(s, "AS")                            # ch. 2: the next card covers it
    assert s.view(3)["play"]["last_trick"] is None
    calls(s, "7S", "3S", "2S")
    pv = s.view(3)["play"]
    assert [DECK.text(c) for _, c in pv["last_trick"]["cards"]] == ["AS", "7S", "3S", "2S"]
    assert pv["last_trick"]["won_by"] == 0
    assert pv["tricks_won"] == [2, 0, 0, 0] and pv["voids"][3] == 0


def test_double_dummy_with_the_optional_endplay():
    pytest.importorskip("endplay")
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    dd = G.double_dummy(s)
    assert dd["s"] == [13, 0, 13, 0] and dd["nt"] == [13, 0, 13, 0]
    assert dd["h"] == dd["d"] == dd["c"] == [12, 1, 12, 1]


def test_double_dummy_without_endplay_is_a_clear_error(monkeypatch):
    import builtins
    real = builtins.__import__

    def no_endplay(name, *args, **kwargs):
        if name.startswith("endplay"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_endplay)
    s = G.new_state(seed=1, decks=[pack(DEAL)])
    with pytest.raises(pelit.PelitError, match="endplay"):
        G.double_dummy(s)


def test_pbn_of_a_board_in_progress_and_a_passed_out_board():
    s = G.new_state(seed=1, decks=[pack(DEAL), pack(DEAL, 1)], deals=2)
    calls(s, "pass", "pass", "pass", "pass")
    calls(s, "bid 1nt")
    games = pbn.read_games(G.to_pbn(s))
    assert games[0]["tags"]["Contract"] == "Pass" and games[0]["auction"] == ["Pass"] * 4
    assert games[1]["tags"]["Contract"] == "" and games[1]["auction"] == ["1NT"]
    assert games[1]["tags"]["Board"] == "2" and games[1]["tags"]["Dealer"] == "E"


def test_sample_world_plan_kept_in_the_view_changes_no_world():
    # the plan a view keeps after its first sample is only a cache, in the
    # auction and in the play
    check_kept_plans(G.new_state(seed=4, deals=1), 80, 7, 3)
