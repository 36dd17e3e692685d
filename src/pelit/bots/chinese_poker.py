"""A Chinese Poker player.

It sees its hand as combinations: five-card hands first (they shed the most
cards), then triples, pairs and the single cards left over.  Leading a
round, it plays the lowest of them, five-card hands before triples before
pairs before singles (it keeps its twos and aces for taking rounds back);
when it can go out in one play, it does.  Following, it plays the lowest
combination that beats the table without breaking a bigger one, and
passes otherwise, unless an opponent is close to going out: then it beats
with whatever it has, highest first against a last card.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.chinese_poker import (DECK, EVAL, RANK, RANK_ORDER, SINGLE_VALUE, combo_value,
                                   five_card_hands)
from . import Bot, heuristic


def partition(hand: int) -> list[list[int]]:
    """The hand split into combinations: the best-valued disjoint five-card
    hands (lowest first, so the high cards stay free), then triples, pairs
    and singles of what is left."""
    parts = []
    rest = hand
    while True:
        fives = five_card_hands(rest)
        if not fives:
            break
        # the five-card hand using the lowest cards
        best = min(fives, key=lambda f: (sum(RANK_ORDER[RANK[c]] for c in f), EVAL.value(f)))
        parts.append(best)
        for c in best:
            rest &= ~(1 << c)
    by_rank: dict[int, list[int]] = {}
    for c in ids(rest):
        by_rank.setdefault(RANK[c], []).append(c)
    for r in sorted(by_rank, key=lambda r: RANK_ORDER[r]):
        cards = by_rank[r]
        while len(cards) >= 3:
            parts.append(cards[:3])
            cards = cards[3:]
        if len(cards) == 2:
            parts.append(cards)
        elif cards:
            parts.append(cards)
    return parts


@heuristic("chinese-poker")
class ChinesePokerBot(Bot):
    name = "heuristic"

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        hand = int(view["hand"])
        seat = view["seat"]
        plays = {}
        for a in legal:
            if a == g.PASS:
                continue
            cards = [a] if a < DECK.size else g.combos.decode(a)
            plays[a] = cards
        # going out in one play
        for a, cards in plays.items():
            if len(cards) == hand.bit_count():
                return a
        danger = min((n for p, n in enumerate(view["hand_sizes"]) if p != seat and n), default=13)
        parts = partition(hand)
        part_of = {}
        for part in parts:
            for c in part:
                part_of[c] = len(part)

        def rank_key(a):
            cards = plays[a]
            return combo_value(cards)[1]

        def breaks(a) -> bool:
            return any(part_of.get(c, 1) > len(plays[a]) for c in plays[a])

        if g.PASS not in legal:                    # leading a round
            for part in sorted(parts, key=lambda p: (-len(p), sum(SINGLE_VALUE[c] for c in p))):
                if danger == 1 and len(part) == 1 and len(parts) > 1:
                    continue                       # no low single to a player with one card
                a = part[0] if len(part) == 1 else g.combos.encode(part)
                if a in plays:
                    return a
            return max(plays, key=rank_key) if danger == 1 else min(plays, key=rank_key)
        beating = sorted(plays, key=rank_key)
        clean = [a for a in beating if not breaks(a)]
        if danger <= 2 and beating:
            return beating[-1] if danger == 1 else (clean or beating)[0]
        if clean:
            a = clean[0]
            # keep twos and aces unless the hand is getting short
            top = max(RANK_ORDER[RANK[c]] for c in plays[a])
            if top >= RANK_ORDER[14] and hand.bit_count() > 6 and self.rng.random() < 0.6:
                return g.PASS
            return a
        return g.PASS
