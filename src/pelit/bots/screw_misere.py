"""A simple Screw Misere player.

Passing: make a void for the partner-team's benefit by giving away the card
of its shortest suit (the highest of it), never handing straight back the
card just received.  Play: duck under the card now winning whenever it can
(with the highest card that still ducks); when it must win, win high if it
plays last and low otherwise; when void, shed an ace or its highest card
if an opponent is winning, else a high card that is not an ace; lead the
lowest card of its longest suit.  Choice of scoring: the method with which
its team does not lose, normal scoring when both do.
"""

from __future__ import annotations

from ..cards.deck import ACE
from ..cards.trick import winning_index
from ..games.screw_misere import DECK, STRENGTH, settle
from . import Bot, heuristic


@heuristic("screw-misere")
class ScrewMisereBot(Bot):
    name = "heuristic"

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        phase = view["phase"]
        if phase == "choose":
            team = self.seat % 2
            pts = view["pending"]
            for method, action in (("normal", g.USE0), ("difference", g.USE0 + 1)):
                _, loser, _ = settle(view["totals"], pts, view["options"].limit, method)
                if loser != team:
                    return action
            return g.USE0
        hand = int(view["hand"])
        if phase == "give":
            return self._give(view, legal, hand)
        return self._play(view, legal, hand)

    def _give(self, view, legal, hand):
        g = self.game
        received = {int(c) for giver, to, c in view["gifts"] if to == self.seat and c is not None}
        cards = [a - g.GIVE0 for a in legal]
        options = [c for c in cards if c not in received] or cards

        def key(c):
            n = (hand & DECK.suit_mask[DECK.suit_of[c]]).bit_count()
            return (n, -STRENGTH[c])

        return g.GIVE0 + min(options, key=key)

    def _play(self, view, legal, hand):
        trick = [(p, int(c)) for p, c in view["trick"]]
        if not trick:
            longest = max(range(4), key=lambda su: (hand & DECK.suit_mask[su]).bit_count())
            pool = [c for c in legal if DECK.suit_of[c] == longest] or legal
            return min(pool, key=lambda c: STRENGTH[c])
        lead = DECK.suit_of[trick[0][1]]
        win_seat, best = trick[winning_index(trick, DECK, STRENGTH)]
        following = [c for c in legal if DECK.suit_of[c] == lead]
        last = len(trick) == 3
        if following:
            under = [c for c in following if STRENGTH[c] < STRENGTH[best]]
            if under:
                return max(under, key=lambda c: STRENGTH[c])
            if last:
                return max(following, key=lambda c: STRENGTH[c])
            return min(following, key=lambda c: STRENGTH[c])
        opponent_winning = win_seat % 2 != self.seat % 2
        if opponent_winning:
            aces = [c for c in legal if DECK.rank_of[c] == ACE]
            if aces:
                return aces[0]
            return max(legal, key=lambda c: STRENGTH[c])
        safe = [c for c in legal if DECK.rank_of[c] != ACE] or legal
        return max(safe, key=lambda c: STRENGTH[c])
