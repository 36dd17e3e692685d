"""A simple Lórum player, one plan per hand.

Trick hands: keep out of trouble.  When it cannot win the trick anyway it
plays its most dangerous card (a heart, a queen, the king of hearts, else
its highest); when it might win, it plays the highest card that still loses,
or the lowest if every card wins; it leads its lowest card from its shortest
safe suit.  Hairy ape: a blind pick.  Train: a card that does not bring the
total to the next payment if it has one (the highest such, to leave the
next player close to it), else its lowest-valued card.  Quart: it starts the
run it can carry furthest itself, best one that ends with itself so it may
start again (it remembers the cards played, the runs being turned down).
Domino: a card whose neighbour in the suit it also holds (so that it can
follow it up), else any playable card.
"""

from __future__ import annotations

from ..cards.deck import HEARTS, ids
from ..games.lorum import (DECK, KING_HEARTS, QUART_NEXT, QUEEN_COST, STRENGTH, TRAIN_STOPS,
                           TRAIN_VALUE)
from ..cards.trick import winning_index
from . import Bot, heuristic


def danger(card: int, kind: str) -> int:
    if kind == "no hearts":
        return 10 if DECK.suit_of[card] == HEARTS else 0
    if kind == "queens":
        return 10 * QUEEN_COST.get(card, 0)
    if kind == "hairy ape":
        return 50 if card == KING_HEARTS else (5 if DECK.suit_of[card] == HEARTS else 0)
    return 0


@heuristic("lorum")
class LorumBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.gone = 0            # cards seen played this hand (won piles lie face down)

    def observe(self, events):
        for e in events:
            if e["kind"] == "hand":
                self.gone = 0
            elif e["kind"] == "play":
                self.gone |= 1 << e["card"]

    def choose(self, view):
        legal = view["legal"]
        phase = view["phase"]
        if len(legal) == 1:
            return legal[0]
        if phase == "ape":
            return self.rng.choice(legal)
        if phase == "tricks":
            return self._trick(view, legal)
        if phase == "train":
            return self._train(view, legal)
        if phase == "quart":
            return self._quart(view, legal)
        return self._domino(view, legal)

    def _trick(self, view, legal):
        kind = view["kind"]
        trick = [(p, int(c)) for p, c in view["trick"]]
        if not trick:
            hand = int(view["hand"])
            counts = {su: (hand & DECK.suit_mask[su]).bit_count() for su in range(4)}
            return min(legal, key=lambda c: (danger(c, kind) > 0, STRENGTH[c],
                                              counts[DECK.suit_of[c]]))
        lead = DECK.suit_of[trick[0][1]]
        best = trick[winning_index(trick, DECK, STRENGTH)][1]
        following = [c for c in legal if DECK.suit_of[c] == lead]
        if not following:
            # cannot win: shed the worst card
            return max(legal, key=lambda c: (danger(c, kind), STRENGTH[c]))
        losers = [c for c in following if STRENGTH[c] < STRENGTH[best]]
        if losers:
            return max(losers, key=lambda c: (danger(c, kind), STRENGTH[c]))
        if len(trick) == 3:
            # we win anyway: win with the highest, keeping low cards for later
            return max(following, key=lambda c: (-danger(c, kind), STRENGTH[c]))
        return min(following, key=lambda c: (danger(c, kind), STRENGTH[c]))

    def _train(self, view, legal):
        total = view["train_total"]
        nxt = next((stop for stop, _ in TRAIN_STOPS if stop > total), None)
        if nxt is None:
            return legal[0]
        safe = [c for c in legal if total + TRAIN_VALUE[c] < nxt]
        if safe:
            return max(safe, key=lambda c: (TRAIN_VALUE[c], self.rng.random()))
        return min(legal, key=lambda c: TRAIN_VALUE[c])

    def _quart(self, view, legal):
        hand = int(view["hand"])
        played = self.gone

        def run(card):
            mine, c, length = 1, card, 1
            gone = played | (1 << card)
            while length < 4:
                n = QUART_NEXT[c]
                if (gone >> n) & 1:
                    return mine, True          # the run stops: we start again
                if not (hand >> n) & 1:
                    return mine, False
                mine += 1
                length += 1
                gone |= 1 << n
                c = n
            return mine, True

        return max(legal, key=lambda c: (run(c)[1], run(c)[0], self.rng.random()))

    def _domino(self, view, legal):
        hand = int(view["hand"])

        def score(card):
            su, r = DECK.suit_of[card], DECK.rank_of[card]
            near = 0
            for c in ids(hand & DECK.suit_mask[su]):
                if abs(DECK.rank_of[c] - r) == 1:
                    near += 1
            return (near, self.rng.random())

        return max(legal, key=score)
