"""A Top Trumps Trick Taking player following the seed's tips (000 7.4).

It knows the pack by heart and remembers the cards played: a card's worth is the sum of its places in every
category.  Discarding, it drops its least worthy cards.  Leading, it cashes
a sure winner (a figure nobody unseen can reach or tie), else leads its
strongest figure relative to the cards still out.  Following, it lets its
partner's (or dummy's) winning card stand with its least worthy card, and
otherwise takes the trick with the least worthy card that does it, keeping
in mind that an equal figure played later wins.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.top_trumps import CATEGORIES, DECK, trick_winner
from . import heuristic
from ._memory import RememberingBot

RANK = {}
for _cat in CATEGORIES:
    _vals = sorted(v for v in DECK.stat[_cat] if v is not None)
    RANK[_cat] = tuple(None if v is None else _vals.index(v) / max(1, len(_vals) - 1)
                       for v in DECK.stat[_cat])
WORTH = tuple(sum(RANK[cat][c] or 0 for cat in CATEGORIES) for c in range(DECK.size))


@heuristic("top-trumps")
class TopTrumpsBot(RememberingBot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        game = self.game
        if view["phase"] == "discard":
            return min(legal, key=lambda a: (WORTH[a - game.discard_base], self.rng.random()))
        dummy_turn = view["turn_place"] == "dummy"
        hand = int(view["dummy"]) if dummy_turn else int(view["hand"])
        out = DECK.all_mask & ~hand & ~int(view["discards"]) & ~self.memory.gone
        if not dummy_turn:
            out &= ~int(view["dummy"])
        if not view["trick"]:
            return self._lead(legal, out)
        return self._follow(view, legal)

    def _lead(self, legal, out):
        game = self.game
        best, best_key = None, None
        for a in legal:
            for cat, base in game.lead_base.items():
                if base <= a < base + DECK.size:
                    c = a - base
                    v = DECK.stat[cat][c]
                    above = sum(1 for o in ids(out) if (DECK.stat[cat][o] or -1) >= v)
                    key = (above, -RANK[cat][c], WORTH[c], self.rng.random())
                    if best_key is None or key < best_key:
                        best, best_key = a, key
        return best

    def _follow(self, view, legal):
        index = {label: i for i, label in enumerate(view["places"])}
        trick = [(index[p], c) for p, c in view["trick"]]
        cat = view["category"]
        turn = index[view["turn_place"]]
        attacking = turn in (0, 2)
        i = trick_winner(trick, cat)
        win_place = trick[i][0]
        partner_wins = (win_place in (0, 2)) == attacking
        last = len(trick) == 3
        if partner_wins and (last or RANK[cat][trick[i][1]] >= 0.9):
            return min(legal, key=lambda c: (WORTH[c], self.rng.random()))
        best = DECK.stat[cat][trick[i][1]]
        winners = [c for c in legal if DECK.stat[cat][c] is not None and DECK.stat[cat][c] >= best]
        if winners:
            return min(winners, key=lambda c: (DECK.stat[cat][c], WORTH[c], self.rng.random()))
        return min(legal, key=lambda c: (WORTH[c], self.rng.random()))
