"""Card play for the marriage games (Huutopussi, Marjapussi), from views.

The bot remembers the cards played in the deal and the suits each seat
has shown void in (``PlayMemory``; won tricks lie face down).  Naming
trumps: it announces its own marriage when it has one (the suit worth
most, counting its length there), else asks for the other half of the
suit worth most of which it holds the king or queen, else asks for a
whole; asked for a whole, it names its most valuable one.  On lead it
cashes sure winners (the highest card left in a suit, where no opponent
can trump it), trumps first when its side named them; else it leads low
from its longest suit, keeping kings and queens of open suits and
unguarded tens.  Following, it lets a partner's sure trick be, adding
points to it; it wins as cheaply as it can in the last seat, with a sure
winner elsewhere, and when it cannot win it throws the least useful card.
In the exchange the partner gives aces, marriages whole and kings and
queens (Huutopussi 9.3.1), and the declarer keeps the hand that plays
best and passes back the rest (9.3.2).
"""

from __future__ import annotations

from itertools import combinations

from ..cards.deck import ids
from ..cards.marriage import (ACES, BIT, MARRIAGE_POINTS, PACK, PAIR, SIZE,
                              STRENGTH, SUIT_MASK, SUITS)
from ..cards.trick import winning_index
from . import Bot

SUIT = PACK.suit_of
RANK = PACK.rank_of
TENS = PACK.rank_mask[10]
HONOURS = PACK.rank_mask[12] | PACK.rank_mask[13]


class PlayMemory:
    """Cards played in this deal, suits shown void, the trick so far."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.gone = 0
        self.voids = [0, 0, 0, 0]
        self.trick = []

    def observe(self, events):
        for e in events:
            kind = e["kind"]
            if kind == "new_deal":
                self.reset()
            elif kind == "play":
                c = int(e["card"])
                if self.trick:
                    lead = SUIT[self.trick[0][1]]
                    if SUIT[c] != lead:
                        self.voids[e["seat"]] |= 1 << lead
                self.trick.append((e["seat"], c))
                self.gone |= BIT[c]
            elif kind == "trick":
                self.trick = []


def beats(card: int, best: int, trump) -> bool:
    if SUIT[card] == SUIT[best]:
        return STRENGTH[card] > STRENGTH[best]
    return trump is not None and SUIT[card] == trump


class MarriageBot(Bot):
    """A marriage game's heuristic player; the game's bot adds the auction
    and sets ``points`` (card points per id) and ``partner_of``."""

    name = "heuristic"
    points: tuple = ()

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.memory = PlayMemory()
        self.plan = 0

    def observe(self, events):
        self.memory.observe(events)

    def partner(self, view) -> int:
        table = view.get("table") or [0, 1, 2, 3]
        return table[(table.index(self.seat) + 2) % 4]

    def team_of(self, view, seat) -> int:
        return view["team"][seat]

    # -- naming trumps ------------------------------------------------------------
    def trump_action(self, view, legal):
        """The announcement or question to make, or None to just lead."""
        acts = self.game.acts
        hand = int(view["hand"])
        if view["phase"] == "answer":
            return max(legal, key=lambda a: -1 if a == acts.answer_no
                       else MARRIAGE_POINTS[a - acts.answer])
        own = [a - acts.announce for a in legal if acts.announce <= a < acts.ask_whole]
        if own:
            best = max(own, key=lambda x: MARRIAGE_POINTS[x]
                       + 15 * (hand & SUIT_MASK[x]).bit_count())
            return acts.announce + best
        # a question whose answer the table already heard is not asked again
        answered_no = set()
        whole_no = False
        for a in view.get("announcements", ()):
            if a["seat"] == self.seat and a["answer"] in ("no", "half"):
                if a["suit"] is None:
                    whole_no = True
                else:
                    answered_no.add(SUITS.index(a["suit"]))
        halves = [a - acts.ask_half for a in legal if acts.ask_half <= a < acts.answer_no
                  and hand & PAIR[a - acts.ask_half]
                  and a - acts.ask_half not in answered_no]
        if halves:
            return acts.ask_half + max(halves, key=lambda x: MARRIAGE_POINTS[x])
        if acts.ask_whole in legal and not whole_no:
            return acts.ask_whole
        return None

    # -- the exchange -----------------------------------------------------------------
    def give_value(self, cards: int, hand: int) -> float:
        """How much the declarer gains from these cards (9.3.1): aces, aces
        with tens, kings and queens, marriages whole and never broken."""
        v = 0.0
        for c in ids(cards):
            r = RANK[c]
            if r == 14:
                v += 30
            elif r == 10:
                v += 14 if cards & ACES & SUIT_MASK[SUIT[c]] else 6
            elif r in (12, 13):
                v += 8
            elif r == 11:
                v += 2
        for x in range(4):
            if hand & PAIR[x] == PAIR[x]:
                both = cards & PAIR[x]
                if both == PAIR[x]:
                    v += MARRIAGE_POINTS[x] / 3
                elif both:
                    v -= 25
        return v

    def keep_value(self, hand: int) -> float:
        """How well a hand plays as the declarer's (9.3.2): aces and the
        tens behind them, long suits headed by an ace, marriages."""
        v = 0.0
        aces = (hand & ACES).bit_count()
        for x in range(4):
            suit = hand & SUIT_MASK[x]
            n = suit.bit_count()
            if not n:
                v += 5
                continue
            ace = suit & ACES
            if ace:
                v += 28 + 6 * max(0, n - 3)
                if suit & TENS:
                    v += 16
            elif suit & TENS:
                v += 6 if n >= 3 else 1
            v += 3 * (suit & HONOURS).bit_count()
            if suit & PAIR[x] == PAIR[x]:
                v += MARRIAGE_POINTS[x] * (0.45 + 0.12 * min(aces, 3))
        return v

    def best_to_give(self, hand: int, k: int) -> int:
        return max((sum(BIT[c] for c in combo) for combo in combinations(ids(hand), k)),
                   key=lambda m: (self.give_value(m, hand), -m))

    def best_to_keep(self, hand: int, keep: int) -> int:
        return max((sum(BIT[c] for c in combo) for combo in combinations(ids(hand), keep)),
                   key=lambda m: (self.keep_value(m), m))

    def exchange_card(self, hand: int, k_left: int, giving_to_declarer: bool) -> int:
        """The next card to pass, from the plan made at the first one."""
        plan = self.plan & hand
        if plan.bit_count() != k_left:
            plan = (self.best_to_give(hand, k_left) if giving_to_declarer
                    else hand & ~self.best_to_keep(hand, hand.bit_count() - k_left))
        card = min(ids(plan), key=lambda c: (STRENGTH[c], c))
        self.plan = plan & ~BIT[card]
        return card

    # -- card play ---------------------------------------------------------------------
    def is_top(self, card: int, known: int) -> bool:
        """No card of its suit that beats it is still unseen."""
        for c in ids(SUIT_MASK[SUIT[card]] & ~known):
            if STRENGTH[c] > STRENGTH[card]:
                return False
        return True

    def safe_from_trumps(self, view, card: int, trump, seats_after) -> bool:
        """No opponent still to play can be void in the card's suit holding a trump."""
        if trump is None or SUIT[card] == trump:
            return True
        mine = self.team_of(view, self.seat)
        for p in seats_after:
            if self.team_of(view, p) != mine and self.memory.voids[p] >> SUIT[card] & 1 \
                    and not self.memory.voids[p] >> trump & 1:
                return False
        return True

    def play_card(self, view, cards: list[int]) -> int:
        hand = int(view["hand"])
        trump = view.get("trump")
        trump = None if trump is None else SUITS.index(trump)
        known = self.memory.gone | hand
        trick = [(p, int(c)) for p, c in view["trick"]]
        order = self.seats_in_order(view, trick)
        if not trick:
            return self.lead(view, cards, hand, known, trump, order)
        win_seat, best = trick[winning_index(trick, PACK, STRENGTH, trump)]
        after = order[len(trick) + 1:]
        last = not after
        beaters = [c for c in cards if beats(c, best, trump)]
        ours = self.team_of(view, win_seat) == self.team_of(view, self.seat)
        if ours and (last or (self.is_top(best, known)
                              and self.safe_from_trumps(view, best, trump, after))):
            stay = [c for c in cards if c not in beaters] or cards
            return max(stay, key=lambda c: (self.points[c] if RANK[c] != 14 else -1,
                                            -self.keep_cost(c, hand), -STRENGTH[c]))
        if beaters:
            if last:
                return min(beaters, key=lambda c: (self.points[c], STRENGTH[c]))
            sure = [c for c in beaters if self.is_top(c, known)
                    and self.safe_from_trumps(view, c, trump, after)]
            if sure:
                return min(sure, key=lambda c: STRENGTH[c])
            if ours:
                return self.throw(cards, hand)
            return max(beaters, key=lambda c: STRENGTH[c]) if SUIT[beaters[0]] != trump \
                else min(beaters, key=lambda c: STRENGTH[c])
        return self.throw(cards, hand)

    def seats_in_order(self, view, trick) -> list[int]:
        """The seats of this trick in playing order (clockwise from the leader)."""
        table = view.get("table") or [0, 1, 2, 3]
        lead = trick[0][0] if trick else self.seat
        i = table.index(lead)
        return [table[(i + k) % 4] for k in range(4)]

    def keep_cost(self, card: int, hand: int) -> float:
        """What a card is worth keeping: aces, tens with their ace, halves of
        marriages still to be named."""
        r = RANK[card]
        x = SUIT[card]
        cost = STRENGTH[card]
        if r == 14:
            cost += 30
        if r in (12, 13) and hand & PAIR[x] == PAIR[x]:
            cost += 25
        elif r in (12, 13):
            cost += 6
        if r == 10:
            cost += 8
        return cost

    def throw(self, cards, hand) -> int:
        return min(cards, key=lambda c: (self.points[c] + self.keep_cost(c, hand), c))

    def lead(self, view, cards, hand, known, trump, order) -> int:
        after = order[1:]
        mine = self.team_of(view, self.seat)
        ours_trump = False
        if trump is not None:
            for a in view.get("announcements", ()):
                if a["trump"] == SUITS[trump]:
                    ours_trump = self.team_of(view, a["seat"]) == mine
        tops = [c for c in cards if self.is_top(c, known)
                and self.safe_from_trumps(view, c, trump, after)]
        if tops:
            if ours_trump:
                trumps = [c for c in tops if SUIT[c] == trump]
                if trumps:
                    return max(trumps, key=lambda c: STRENGTH[c])
            return max(tops, key=lambda c: (self.points[c], STRENGTH[c]))
        # low from the longest suit, keeping marriages and unguarded tens
        def cost(c):
            x = SUIT[c]
            length = (hand & SUIT_MASK[x]).bit_count()
            return (self.keep_cost(c, hand) + self.points[c] - 2 * length
                    + (20 if x == trump and not ours_trump else 0))
        return min(cards, key=lambda c: (cost(c), c))

    def choose_in_play(self, view) -> int:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        talk = [a for a in legal if a >= self.game.acts.announce]
        if talk:
            action = self.trump_action(view, talk)
            if action is not None:
                return action
        return self.play_card(view, [a for a in legal if a < SIZE])

    # -- bidding and the contract --------------------------------------------------------
    bids: tuple = ()            # the game's bids and contracts, low to high
    exchange = 3                # cards passed each way
    base = 40                   # the declarer side's points beyond the hand's worth
    scale = 1.0                 # how much of the hand's worth turns into points
    exchange_gain = 25          # what the partner's cards add, before the exchange
    bid_margin = 25             # margins below the expected points that make
    contract_margin = 45        # about seven contracts in ten

    def worth(self, hand: int, exchanged: bool, size: int = 9) -> float:
        """Points the side may expect with this hand as the declarer's
        (``exchanged``: the partner's cards are in it; a hand of more than
        ``size`` cards is judged by the best ``size`` it can keep)."""
        if hand.bit_count() > size:
            hand = self.best_to_keep(hand, size)
        gain = 0 if exchanged else self.exchange_gain
        return self.base + gain + self.scale * self.keep_value(hand)

    def raise_bid(self, view, legal, limit: int, bid_action, step: int = 5) -> int | None:
        """The bid to make with a hand worth ``limit``, or None to pass: one
        step over the high bid, or well over a partner's (9.1, 9.2)."""
        high = view["high_bid"]
        if self.partner(view) == view["high_bidder"]:
            want = high + 30
            if want > limit:
                return None
            want = min(limit, want)
        else:
            want = high + step
            if want > limit:
                return None
        action = bid_action(want)
        return action if action in legal else None

    def exchange_or_contract(self, view, hand: int, high: int):
        """The action of the exchange phases (``give``, ``return``,
        ``contract``), or None in another phase; ``high`` is the final bid."""
        g = self.game
        phase = view["phase"]
        if phase == "give":
            return g.GIVE + self.exchange_card(hand, self.exchange - view["exchange"]["given"],
                                               True)
        if phase == "return":
            return g.GIVE + self.exchange_card(
                hand, self.exchange - view["exchange"]["returned"], False)
        if phase == "contract":
            worth = self.worth(hand, exchanged=True)
            want = max(high, min(self.bids[-1], round5(worth - self.contract_margin)))
            return g.CONTRACT + self.bids.index(want)
        return None


def round5(x: float) -> int:
    """Down to a multiple of five (bids and contracts)."""
    return int(x) // 5 * 5

