"""Speculation by seed 004 (Setup, The upcard, Play of the hand, Ending the
hand): stacks nobody sees, the upcard and the ace rule, turning up in turn,
selling the high trump and buying face-down cards through offers that are
accepted, declined or countered, and the match."""

from __future__ import annotations

import pytest

import pelit
from pelit.bots import make_bot
from pelit.cards.deck import mask_of
from pelit.core.errors import IllegalAction
from pelit.games.speculation import DECK

G = pelit.load("speculation")


def stacked(stacks: dict, up: str, dealer: int = 0, players: int = 3) -> str:
    """A pack dealing ``stacks`` (seat: cards top first) and the upcard."""
    order = [(dealer + k) % players for k in range(1, players + 1)]
    head = []
    for r in range(3):
        for p in order:
            head.append(stacks[p].split()[2 - r])       # the first round ends at the bottom
    head.append(up)
    ids = DECK.parse_many(" ".join(head))
    return DECK.texts(ids + [c for c in range(52) if c not in ids])


def new(stacks, up, players=3, more=(), **opts):
    packs = [stacked(stacks, up, players=players)] + [stacked(*m, players=players) for m in more]
    return G.new_state(seed=1, players=players, decks=packs, **opts)


def legal(s, seat=None):
    return {G.action_text(a) for a in s.legal_actions(seat)}


PLAIN = {1: "2C 3C 4C", 2: "5C 6C 7C", 0: "2D 3D 4D"}


def test_setup_ante_and_stacks_nobody_sees_not_even_their_owner():
    # Setup: all ante; three cards face down; players may not look at them
    s = new(PLAIN, "9H")
    assert s.pot == 3 and s.chips == [19, 19, 19]
    assert [len(st) for st in s.stacks] == [3, 3, 3]
    own = mask_of(s.stacks[1])
    view = G.view(s, 1)
    assert "hand" not in view and view["face_down"] == [3, 3, 3]
    # the leak suite checks every view and event against unknown_cards: the owner's too
    assert G.unknown_cards(s, 1) & own == own
    assert view["high"] == DECK.parse("9H") and view["trumps"] == "hearts"


def test_upcard_ace_wins_the_pot_at_once_and_the_dealer_deals_again():
    # The upcard: an ace cannot be beaten
    s = new(PLAIN, "AH", more=[(PLAIN, "9H")])
    assert s.results == [(0, 3)] and s.dealer == 0 and s.hand_no == 1
    assert s.chips == [21, 18, 18] and s.pot == 3       # 19 + 3, and the next ante


def test_dealer_keeps_turns_go_left_and_the_holder_is_skipped():
    # Play of the hand: from the left of the upcard's holder; the holder is skipped
    s = new(PLAIN, "9H")
    assert s.to_act == (0,) and legal(s) >= {"keep", "sell 1 to seat 1", "sell 19 to seat 2"}
    s.play("keep")
    assert s.turn == 1 and 1 in s.to_act and legal(s, 1) >= {"turn up"}
    for seat in (0, 2):
        s.play("pass", seat=seat)
    s.play("turn up", seat=1)                            # 2C: no trump
    assert s.turn == 2
    s.play("pass", seat=0)
    s.play("pass", seat=1)
    s.play("turn up", seat=2)
    assert s.turn == 1                                   # seat 0 holds the 9H: skipped


def skip_pause(s):
    """Everyone but the player to turn up lets the pause go; he turns up."""
    for p in [p for p in s.to_act if p != s.turn]:
        s.play("pass", seat=p)
    s.play("turn up", seat=s.turn)


def test_new_high_trump_sale_declined_then_accepted_money_to_the_seller():
    # Play of the hand: the finder of a new high trump may sell it; money goes to him
    s = new({1: "JH 3C 4C", 2: "5C 6C 7C", 0: "2D 3D 4D"}, "9H")
    s.play("keep")
    skip_pause(s)                                        # seat 1 turns up the JH
    assert s.holder == 1 and s.phase.name == "SELL" and s.to_act == (1,)
    s.play("sell 6 to seat 2")
    assert s.to_act == (2,) and legal(s) >= {"accept", "decline", "counter 5"}
    s.play("decline")                                    # a trade declined
    assert s.to_act == (1,) and "sell 3 to seat 2" not in legal(s)   # each buyer once a sale
    s.play("sell 4 to seat 0")
    s.play("accept")                                     # a trade accepted
    assert s.chips == [15, 23, 19] and s.pot == 3        # paid to the seller, not the pot
    assert s.holder == 0 and s.face_up[0] & mask_of(DECK.parse_many("JH"))
    assert s.turn == 1                                   # play picks up left of the buyer


def test_a_countered_price_agreed_after_haggling():
    # The upcard: the seller may negotiate the price with a buyer (core.offers)
    s = new(PLAIN, "9H")
    s.play("sell 8 to seat 1")
    s.play("counter 3")                                  # the buyer bids 3
    assert s.to_act == (0,)
    with pytest.raises(IllegalAction, match="give ground: ask between 4 and 7"):
        s.play("counter 9")
    s.play("counter 5")                                  # the seller comes down to 5
    with pytest.raises(IllegalAction, match="give ground: bid between 4 and 4"):
        s.play("counter 2")
    s.play("accept", seat=1)
    assert s.chips == [24, 14, 19] and s.holder == 1
    assert [e.public.get("price") for e in s.events if e.kind in ("offer", "counter")] == [8, 3, 5]
    assert s.turn == 2


def test_buying_a_face_down_card_unseen_between_turns():
    # Play of the hand: anyone may offer to buy another's face-down card, unseen
    s = new(PLAIN, "9H")
    s.play("keep")
    assert set(s.to_act) == {0, 1, 2}                    # the pause before seat 1's turn
    top = s.stacks[2][-1]
    s.play("buy 2 from seat 2", seat=0)
    assert s.to_act == (2,) and legal(s) >= {"accept", "counter 3"}
    s.play("accept", seat=2)
    assert s.chips == [17, 19, 21]
    assert s.stacks[0][0] == top and len(s.stacks[2]) == 2   # to the bottom of the buyer's stack
    seen = [e for e in G.events_for(s, 1) if e["kind"] == "bought_unseen"]
    assert seen and "card" not in seen[-1]               # nobody sees which card it was
    assert set(s.to_act) == {1, 2}                       # one offer a pause: seat 0 is done
    with pytest.raises(IllegalAction, match="seat 0 may not act now"):
        s.play("buy 1 from seat 1", seat=0)
    s.play("turn up", seat=1)                            # the turn up closes the pause
    assert s.turn == 2 and set(s.to_act) == {0, 1, 2}


def test_ace_of_trumps_turned_up_takes_the_pot_at_once():
    s = new({1: "AH 3C 4C", 2: "5C 6C 7C", 0: "2D 3D 4D"}, "9H", more=[(PLAIN, "9S")])
    s.play("keep")
    skip_pause(s)
    assert s.results == [(1, 3)] and s.dealer == 1 and s.hand_no == 1


def test_hand_ends_when_only_the_holder_has_cards_his_own_stay_down():
    # Ending the hand: the ultimate holder of the highest trump takes the pot
    s = new({1: "2C 3C 4C", 2: "5C 6C 7C", 0: "AH KH QH"}, "TH", more=[(PLAIN, "9S")])
    s.play("keep")
    for _ in range(6):
        skip_pause(s)
    assert s.results == [(0, 3)] and s.chips[0] == 21    # 19 + 3, less the next ante
    # seat 0's AH was never turned: it could not change the winner
    assert not any(e.kind == "turn_up" and e.public["card"] == DECK.parse("AH") for e in s.events)


def test_a_lower_trump_does_not_take_over():
    s = new({1: "5H 3C 4C", 2: "5C 6C 7C", 0: "2D 3D 4D"}, "9H")
    s.play("keep")
    skip_pause(s)
    assert s.holder == 0 and s.phase.name == "TURN"


def test_match_ends_after_the_hands_most_chips_wins():
    s = new(PLAIN, "AH", hands=1)
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert s.outcome.scores == (22, 19, 19) and "1 hand played" in s.outcome.reason


def test_player_who_cannot_ante_is_out():
    # decision: who cannot ante sits out for good; fewer than two ends the match
    s = new({1: "2C 3C 4C", 2: "JH 6C 7C", 0: "2D 3D 4D"}, "9H", chips=2)
    s.play("sell 1 to seat 1")
    s.play("accept")                                     # seat 1 spends everything
    assert s.chips == [2, 0, 1]
    while s.outcome is None and s.hand_no == 0:
        if s.phase.name == "SELL":
            s.play("keep")
        else:
            skip_pause(s)
    assert s.results == [(2, 3)]
    assert s.outcome is None and s.playing == mask_of([0, 2]) and s.stacks[1] == []


def test_bad_input_changes_nothing():
    s = new(PLAIN, "9H")
    before = G.view(s, 0)
    with pytest.raises(IllegalAction, match="no offer on the table"):
        s.play("accept", seat=0)
    with pytest.raises(IllegalAction, match="has 19 chips: ask at most that"):
        s.play("sell 25 to seat 1")
    with pytest.raises(IllegalAction, match="seat 1 may not act now"):
        s.play("turn up", seat=1)
    with pytest.raises(IllegalAction, match="between turns"):
        s.play("buy 1 from seat 2", seat=0)
    assert G.view(s, 0) == before


def test_bot_buys_threats_away_and_answers_offers():
    s = new({1: "2C 3C 4C", 2: "5C 6C 7C", 0: "2D 3D 4D"}, "KH")
    bot = make_bot("heuristic", G, 1, seed=1)
    s.play("sell 1 to seat 1")                           # a cheap king of trumps: the bot takes it
    assert G.action_text(bot.choose(G.view(s, 1))) == "accept"
    s.play("accept")
    holder = make_bot("heuristic", G, 1, seed=1)
    text = G.action_text(holder.choose(G.view(s, 1)))
    assert text.startswith("buy") or text == "pass"      # the holder may buy a threat away


def test_the_terminal_says_the_upcard_and_a_kept_trump_in_words():
    say = G.describe_event
    assert say({"kind": "upcard", "seat": 2, "card": DECK.parse("TS"), "trumps": "spades"}) == \
        "seat 2 turns up the upcard 10♠: spades are trumps"
    assert say({"kind": "keep", "seat": 1, "card": DECK.parse("KS")}) == "seat 1 keeps the K♠"


def test_a_match_of_upcard_aces_only_ends_at_once_and_still_has_a_view():
    # The upcard: an ace wins at once; with two hands and an ace turned up in
    # each the match is over before any sale, and every seat's view (the
    # table, the terminal) is still made (a server run found it crashing)
    s = new(PLAIN, "AH", more=[(PLAIN, "AS")], hands=2)
    assert s.outcome is not None and [r[0] for r in s.results] == [0, 0]
    for seat in (None, 0, 1, 2):
        assert G.view(s, seat)["phase"] == "sell"
