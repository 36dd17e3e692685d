"""Double-dummy card play (bots/_dd.py, bots/search_dd.py): pelit's own
solver gives the hand-worked value of small endings (follow order, trumps,
ace low, a player always last, card points) and DDS's values on random
endings; the search bot's double-dummy planner plays a card that is best
with every card in view where the heuristic bot's card is not."""

from __future__ import annotations

import random

import pytest

import pelit
from pelit.bots import make_bot

pytest.importorskip("numba")
from pelit.bots._dd import Solver, TrickRules  # noqa: E402

# card ids as in pelit's 52-card pack: suit * 13 + rank - 2, spades first
SUITS = "SHDC"
RANKS = "23456789TJQKA"
SUIT_OF = [c // 13 for c in range(52)]
ACE_HIGH = [c % 13 for c in range(52)]
ACE_LOW = [(c % 13) if c % 13 != 12 else -1 for c in range(52)]


def card(text: str) -> int:
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def hand(*cards: str) -> int:
    return sum(1 << card(c) for c in cards)


def values(rules, hands, maximizing, counting, leader, trick, cards, order=None):
    return Solver().values(rules, hands, maximizing, counting, leader,
                           [card(c) for c in trick], [card(c) for c in cards], order)


# hands are N, E, S, W; N-S maximize their tricks
NS = [1, 0, 1, 0]


def test_a_finesse_works_when_the_king_sits_before_the_tenace():
    # South leads towards North's A-Q; West holds the king: two tricks
    rules = TrickRules(SUIT_OF, ACE_HIGH)
    hands = [hand("AS", "QS"), hand("2H", "3H"), hand("3S", "2S"), hand("KS", "4S")]
    assert values(rules, hands, NS, NS, 2, [], ["2S", "3S"]) == [2, 2]
    # led from North's side the queen falls to the king: one trick
    assert values(rules, hands, NS, NS, 0, [], ["AS", "QS"]) == [1, 1]


def test_a_finesse_fails_when_the_king_sits_after_the_tenace():
    rules = TrickRules(SUIT_OF, ACE_HIGH)
    hands = [hand("AS", "QS"), hand("KS", "4S"), hand("3S", "2S"), hand("2H", "3H")]
    assert values(rules, hands, NS, NS, 2, [], ["2S", "3S"]) == [1, 1]


def test_a_ruff_takes_the_ace_only_in_a_trump_game():
    hands = [hand("2H"), hand("AS"), hand("2C"), hand("3C")]
    # East leads the ace of spades; North, void, ruffs with the two of hearts
    assert values(TrickRules(SUIT_OF, ACE_HIGH, trump=1), hands, NS, NS, 1, [], ["AS"]) == [1]
    assert values(TrickRules(SUIT_OF, ACE_HIGH), hands, NS, NS, 1, [], ["AS"]) == [0]


def test_a_card_already_on_the_trick_is_followed_to():
    # West led the king of spades; North takes it with the ace and his queen
    # then beats West's jack; ducking, the queen loses to the king
    rules = TrickRules(SUIT_OF, ACE_HIGH)
    hands = [hand("AS", "QS"), hand("3S", "4S"), hand("5S", "6S"), hand("JS")]
    assert values(rules, hands, NS, NS, 3, ["KS"], ["AS", "QS"]) == [2, 1]


def test_must_trump_makes_a_void_player_waste_his_trump():
    # South leads the ace of spades; North, void, may throw his club and keep
    # his only trump to ruff South's diamond next (two tricks), but made to
    # trump he ruffs his partner's ace and must lead the club to East's ace
    hands = [hand("2H", "2C"), hand("3S", "AC"), hand("AS", "3D"), hand("2S", "4D")]
    free = values(TrickRules(SUIT_OF, ACE_HIGH, trump=1), hands, NS, NS, 2, [], ["AS"])
    forced = values(TrickRules(SUIT_OF, ACE_HIGH, trump=1, must_trump=True), hands, NS, NS,
                    2, [], ["AS"])
    assert (free, forced) == ([2], [1])


def test_ace_low_and_a_player_always_last_as_in_tuppis_sooli():
    # three hands; the sooli player (position 2) always plays last and wants
    # no trick; his opponents lead and push him to take one
    order = [[0, 1, 2], [1, 0, 2], [2, 0, 1]]
    hands = [hand("3S", "5H"), hand("QS", "4H"), hand("KS", "AS")]
    maximizing = [1, 1, 0]
    counting = [0, 0, 1]
    low = TrickRules(SUIT_OF, ACE_LOW)
    high = TrickRules(SUIT_OF, ACE_HIGH)
    # ace low: he ducks the queen with the ace and throws the king on a heart
    assert values(low, hands, maximizing, counting, 0, [], ["3S", "5H"], order) == [0, 0]
    # ace high both his spades beat the queen: a spade lead catches him (and
    # leading again he takes the heart trick too; Tuppi's hand would have
    # ended, the value still says he is caught)
    assert values(high, hands, maximizing, counting, 0, [], ["3S", "5H"], order) == [2, 1]


def test_card_points_and_the_last_trick_bonus():
    # one trick left, North leads his ace: 11 + 4 points in it and 10 for the last
    points = [0] * 52
    points[card("AS")] = 11
    points[card("KS")] = 4
    rules = TrickRules(SUIT_OF, ACE_HIGH, points=points, trick_points=0, last_bonus=10)
    hands = [hand("AS"), hand("KS"), hand("2S"), hand("3S")]
    assert values(rules, hands, NS, NS, 0, [], ["AS"]) == [25]
    # two tricks: cashing the ace keeps the king from it (11); leading low,
    # East saves his king's 4 points by playing it at once (the ace then takes
    # the last trick, 11 and its bonus)
    hands = [hand("AS", "4S"), hand("KS", "5S"), hand("2S", "6S"), hand("3S", "7S")]
    assert values(rules, hands, NS, NS, 0, [], ["AS", "4S"]) == [11, 21]


def test_the_own_solver_agrees_with_dds_on_random_endings():
    pytest.importorskip("endplay")
    from pelit.bots.search_dd import DDSProblem, solve_dds
    rng = random.Random(19)
    solver = Solver()
    checked = 0
    for _ in range(12):
        k = rng.choice((3, 4, 5))
        cards = rng.sample(range(52), 4 * k)
        hands = [sum(1 << c for c in cards[i * k:(i + 1) * k]) for i in range(4)]
        trump = rng.choice((None, 0, 1, 2, 3))
        leader = rng.randrange(4)
        side = [int(p % 2 == leader % 2) for p in range(4)]
        legal = [c for c in range(52) if hands[leader] >> c & 1]
        mine = solver.values(TrickRules(SUIT_OF, ACE_HIGH, trump=trump), hands, side, side,
                             leader, [], legal)
        theirs = solve_dds([DDSProblem(hands, leader, [], trump)])[0]
        assert mine == [theirs[c] for c in legal]
        checked += len(legal)
    assert checked > 30


# -- the planner in play ----------------------------------------------------------------

def _first_heuristic_slip(game, seed):
    """Replays a match of heuristic bots to the first card (four or fewer in
    hand) that is worse than the best with every card in view; returns the
    state, the bots' seat and each legal card's tricks in the true deal."""
    from pelit.bots.search_dd import _dummy_play_problem, solve_dds
    s = game.new_state(seed=seed)
    bots = [make_bot("heuristic", game, p, seed) for p in range(4)]
    seen = [0] * 4
    while s.outcome is None and len(s.packs) <= 1:
        seat = s.to_act[0]
        bot = bots[seat]
        bot.observe(game.events_for(s, seat, seen[seat]))
        seen[seat] = len(s.events)
        view = game.view(s, seat)
        action = bot.choose(view)
        if s.phase.name == "PLAY" and len(view["legal"]) > 1 \
                and s.dp.hands[s.dp.turn].bit_count() <= 4:
            tricks = solve_dds([_dummy_play_problem(s.dp)])[0]
            if tricks[action] < max(tricks.values()):
                return s, seat, action, tricks
        game.apply(s, action, seat)
    raise AssertionError(f"no slip of the heuristic in seed {seed}")


@pytest.mark.parametrize("seed", [13, 36, 42])
def test_double_dummy_play_takes_the_tricks_the_heuristic_gives_away(seed):
    pytest.importorskip("endplay")
    game = pelit.load("bridge")
    s, seat, heuristic_card, tricks = _first_heuristic_slip(game, seed)
    bot = make_bot("search:16", game, seat, 7)
    bot.observe(game.events_for(s, seat, 0))
    card_played = bot.choose(game.view(s, seat))
    assert bot.planner.used and bot.stats["simulations"] == 16
    assert tricks[card_played] == max(tricks.values()) > tricks[heuristic_card]


def test_double_dummy_play_is_the_same_for_the_same_seed():
    pytest.importorskip("endplay")
    game = pelit.load("bridge")
    s, seat, _, _ = _first_heuristic_slip(game, 13)
    picks = []
    for _ in range(2):
        bot = make_bot("search:6", game, seat, 3)
        bot.observe(game.events_for(s, seat, 0))
        picks.append((bot.choose(game.view(s, seat)), bot.planner.last_totals))
    assert picks[0] == picks[1]


# -- worlds that fit the auction -------------------------------------------------------

def _after_auction(game, seed):
    s = game.new_state(seed=seed, options=game.make_options(deals=1))
    bots = [make_bot("heuristic", game, p, seed) for p in range(4)]
    while s.phase.name == "AUCTION":
        seat = s.to_act[0]
        s_view = game.view(s, seat)
        game.apply(s, bots[seat].choose(s_view), seat)
    return s


def test_worlds_for_the_card_play_fit_the_auction():
    # seed 4: North opens 1S, West overcalls 1NT (the heuristic bidder's
    # overcall shows 15 points or more); North leads against 1NT.  Worlds
    # dealt at random often give West fewer points; the planner's worlds are
    # those in which West's (and East's, South's) calls are the ones the
    # bidder would have made with that world's hand
    from pelit.bots.bridge import DECK, shape
    from pelit.cards.contract import hcp, hcp_table
    game = pelit.load("bridge")
    s = _after_auction(game, 4)
    assert game.view(s, None)["calls"][3] == [3, "bid 1nt"] and s.to_act == (0,)
    view = game.view(s, 0)
    bot = make_bot("search:8", game, 0, 5)
    bot.observe(game.events_for(s, 0, 0))
    planner = bot.planner
    faults = planner.adapter.auction_check(game, view)
    table = hcp_table(DECK)

    def west_points(world):
        hand = world.hands[3]
        return hcp(hand, table) + sum(max(0, n - 5) for n in shape(hand))

    assert west_points(s) >= 15 and faults(s) == 0
    plain = [game.sample_world(view, planner.rng) for _ in range(40)]
    assert sum(west_points(w) < 15 for w in plain) >= 10
    fitted = [planner._fitting_world(view, faults, game.sample_world(view, planner.rng))
              for _ in range(20)]
    assert all(faults(w) == 0 and west_points(w) >= 15 for w in fitted)


def test_cards_worth_the_same_in_every_world_need_no_worlds():
    # a hand holding K, Q and T of spades: with the jack in another hand the
    # ten is apart from the K-Q; with the jack played, any of the three does
    from pelit.bots.search_dd import DDSProblem, card_groups
    legal = [card("KS"), card("QS"), card("TS")]
    hands = [hand("KS", "QS", "TS"), hand("AS", "JS", "2H"), hand("8S", "7S", "3H"),
             hand("6S", "5S", "4H")]
    assert card_groups(DDSProblem(hands, 0, [], None), legal) == \
        [[card("TS")], [card("QS"), card("KS")]]
    hands[1] = hand("AS", "2H", "5H")
    assert card_groups(DDSProblem(hands, 0, [], None), legal) == \
        [[card("TS"), card("QS"), card("KS")]]
    # a card on the trick is played: East's jack led, North's cards are one
    hands[1] = hand("AS", "JS", "2H")
    assert card_groups(DDSProblem(hands, 1, [card("JS")], None), legal) == \
        [[card("TS"), card("QS"), card("KS")]]
