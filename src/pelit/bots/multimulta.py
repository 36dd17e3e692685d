"""A Multimulta player with plain trick-taking sense.

Passing: it finds its strongest suit and passes its partner the three cards
that are weakest there.  Leading: it cashes a card that no card still out
can reach in some suit (an equal card played later would win, so it must be
strictly higher), else leads its highest rank in its strongest suit.
Following: when its partner already holds the trick safely it plays its
least useful card; otherwise it wins as cheaply as it can (an equal rank
played later wins), and if it cannot, it throws its least useful card.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.multimulta import DECK, RANKS, SUITS, trick_winner
from . import heuristic
from ._memory import RememberingBot

WORTH = tuple(sum(max(0, (RANKS[s][c] or 0) - 8) ** 2 for s in SUITS) for c in range(DECK.size))


def rank(suit, card):
    return RANKS[suit][card] or 0


@heuristic("multimulta")
class MultimultaBot(RememberingBot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        g = self.game
        hand = int(view["hand"])
        if view["phase"] == "select":
            cards = ids(hand | int(view["selected"]))
            best = max(SUITS, key=lambda s: (sum(rank(s, c) for c in cards), s))
            return min(legal, key=lambda a: (rank(best, a - g.pass_base),
                                             WORTH[a - g.pass_base], self.rng.random()))
        out = DECK.all_mask & ~hand & ~self.memory.gone
        if not view["trick"]:
            return self._lead(legal, hand, out)
        return self._follow(view, legal)

    def _lead(self, legal, hand, out):
        g = self.game
        outs = ids(out)
        best_suit = max(SUITS, key=lambda s: (sum(rank(s, c) for c in ids(hand)), s))
        sure, fallback = None, None
        for a in legal:
            for suit, base in g.lead_base.items():
                if base <= a < base + DECK.size:
                    c = a - base
                    r = rank(suit, c)
                    if all(rank(suit, o) < r for o in outs):
                        key = (WORTH[c], self.rng.random())
                        if sure is None or key < sure[0]:
                            sure = (key, a)
                    if suit == best_suit:
                        key = (-r, WORTH[c], self.rng.random())
                        if fallback is None or key < fallback[0]:
                            fallback = (key, a)
        if sure is not None:
            return sure[1]
        if fallback is not None:
            return fallback[1]
        return legal[0]

    def _follow(self, view, legal):
        trick = [(p, c) for p, c in view["trick"]]
        suit = view["suit"]
        seat = view["seat"]
        i = trick_winner(trick, suit)
        win_seat, win_card = trick[i]
        best = rank(suit, win_card)
        partner_wins = win_seat % 2 == seat % 2
        if partner_wins and (len(trick) == 3 or best >= 13):
            return min(legal, key=lambda c: (WORTH[c], rank(suit, c), self.rng.random()))
        winners = [c for c in legal if RANKS[suit][c] is not None and RANKS[suit][c] >= best]
        if winners and not partner_wins:
            return min(winners, key=lambda c: (rank(suit, c), WORTH[c], self.rng.random()))
        return min(legal, key=lambda c: (WORTH[c], rank(suit, c), self.rng.random()))
