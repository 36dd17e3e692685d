"""A Ristiseiska player.

Playing: prefer the card that opens the way to more of its own cards in that
direction and to fewer cards of others (a card that helps only the opponents
waits when there is a choice).  Giving: hand over the card farthest from
being playable (an ace or king of an unopened suit first), never a card that
could go on the layout now unless there is nothing else.
"""

from __future__ import annotations

from ..games.ristiseiska import CARD_AT, DECK, POS, playable_mask
from . import Bot, heuristic


def _beyond(card, low, high):
    """The cards a play of ``card`` brings nearer: its row's continuation."""
    suit, pos = DECK.suit_of[card], POS[card]
    if pos == 7:
        return [CARD_AT[suit][p] for p in range(1, 14) if p != 7]
    if pos < 7:
        return [CARD_AT[suit][p] for p in range(1, pos)]
    return [CARD_AT[suit][p] for p in range(pos + 1, 14)]


def distance(card, low, high):
    """How many cards must go on the layout before ``card`` can."""
    suit, pos = DECK.suit_of[card], POS[card]
    if low[suit] == 0:
        return abs(pos - 7)
    if pos < low[suit]:
        return low[suit] - pos - 1
    return pos - high[suit] - 1


@heuristic("ristiseiska")
class RistiseiskaBot(Bot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        hand = int(view["hand"])
        rows = view["rows"]
        low = [r[0] for r in rows]
        high = [r[1] for r in rows]
        if view["phase"] == "give":
            base = self.game.GIVE
            now = playable_mask(low, high)

            def give_key(a):
                c = a - base
                return (0 if (now >> c) & 1 else 1, distance(c, low, high), self.rng.random())
            return max(legal, key=give_key)

        def play_key(c):
            mine = sum(1 for x in _beyond(c, low, high) if (hand >> x) & 1)
            theirs = len(_beyond(c, low, high)) - mine
            nearest_mine = min((abs(POS[x] - POS[c]) for x in _beyond(c, low, high)
                                if (hand >> x) & 1), default=14)
            return (mine * 3 - theirs - nearest_mine, self.rng.random())
        return max(legal, key=play_key)
