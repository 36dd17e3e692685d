"""A Musta Maija player.

Attacking: pass Musta Maija on at the first chance (nobody can beat her),
otherwise attack with the suit holding the most low non-trump cards, keeping
trumps and high cards for defence; with the stock gone, unload every card of
the suit.  Defending: beat whatever can be beaten, each time with the
cheapest card that does it (a higher card of the suit before a trump, the
lowest trump when a trump is needed), then take the rest.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.musta_maija import DECK, MAIJA, RANK, SUIT, SUIT_NAMES, beats
from . import Bot, heuristic

LOW = 10     # cards below this rank are worth attacking with


@heuristic("musta-maija")
class MustaMaijaBot(Bot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        trump = SUIT_NAMES.index(view["trump"])
        hand = ids(view["hand"])
        g = self.game
        phase = view["phase"]
        if phase == "attack":
            return self._attack(view, legal, hand, trump)
        if phase == "defend":
            targets = [a - g.BEAT for a in legal if a != g.TAKE]
            if not targets:
                return g.TAKE

            def cost(t):
                c = self._cheapest(hand, t, trump)
                return (SUIT[c] == trump, RANK[c] - RANK[t] if SUIT[c] == SUIT[t] else RANK[c])
            return g.BEAT + min(targets, key=cost)
        # beat: the cheapest card that beats the chosen target
        return self._cheapest([c for c in legal], int(view["target"]), trump)

    @staticmethod
    def _cheapest(hand, target, trump):
        same = [c for c in hand if SUIT[c] == SUIT[target] and beats(c, target, trump)]
        if same:
            return min(same, key=lambda c: RANK[c])
        trumps = [c for c in hand if beats(c, target, trump)]
        return min(trumps, key=lambda c: RANK[c])

    def _attack(self, view, legal, hand, trump):
        g = self.game
        cards = [a for a in legal if a < DECK.size]
        endgame = view["stock"] == 0
        if not view["table"]:
            if MAIJA in cards:
                return MAIJA

            def suit_value(s):
                mine = [c for c in hand if SUIT[c] == s]
                low = [c for c in mine if RANK[c] < LOW]
                return (s != trump, len(mine) if endgame else len(low),
                        -min(RANK[c] for c in mine))
            suits = {SUIT[c] for c in cards}
            best = max(suits, key=suit_value)
            return min((c for c in cards if SUIT[c] == best), key=lambda c: RANK[c])
        wanted = [c for c in cards if c == MAIJA or endgame
                  or (SUIT[c] != trump and RANK[c] < LOW)]
        if wanted:
            return min(wanted, key=lambda c: (c != MAIJA, RANK[c]))
        return g.DONE
