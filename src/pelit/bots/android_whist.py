"""An Android Whist player that keeps to plain whist sense.

Its own hand: lead a card that is the best left in its suit, else the lowest
card of its longest side suit; follow low when its side already wins the
trick, take it as cheaply as possible when it can, discard the lowest side
card otherwise.  Its android (whose cards it never sees): 'duck' when its
side is winning, 'beat' otherwise; after an Error Message while following,
'shortest' to throw away a side card when its side wins, else 'beat' (a
trump) before falling back on naming suits; when leading, ask for the
'high longest' suit, then the lowest card of a side suit.  It remembers
the cards played (won tricks lie face down).
"""

from __future__ import annotations

from ..cards.deck import SPADES, highest, ids, lowest
from ..cards.trick import beating_mask, winning_index
from ..games.android_whist import DECK, STRENGTH, TRUMP
from . import heuristic
from ._memory import RememberingBot

FOLLOW_WIN = ("duck", "shortest", "clubs", "diamonds", "hearts", "beat", "spades",
              "high", "longest")
FOLLOW_LOSE = ("beat", "high", "duck", "shortest", "clubs", "diamonds", "hearts", "spades",
               "longest")
LEAD = ("high longest", "longest", "hearts", "diamonds", "clubs", "high shortest",
        "shortest", "spades")


@heuristic("android-whist")
class AndroidWhistBot(RememberingBot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        game = self.game
        cards = [a for a in legal if a < DECK.size]
        index = {label: i for i, label in enumerate(view["places"])}
        sides = view["place_sides"]
        trick = [(index[p], c) for p, c in view["trick"]]
        my_team = sides[index[view["turn_place"]]]
        side_wins = False
        if trick:
            w = trick[winning_index(trick, DECK, STRENGTH, TRUMP)][0]
            side_wins = sides[w] == my_team
        if not cards:
            by_text = {game.command_of[a]: a for a in legal}
            prefs = LEAD if not trick else (FOLLOW_WIN if side_wins else FOLLOW_LOSE)
            for p in prefs:
                if p in by_text:
                    return by_text[p]
            return legal[0]
        mask = 0
        for c in cards:
            mask |= 1 << c
        if not trick:
            return self._lead(view, mask)
        lead = DECK.suit_of[trick[0][1]]
        follows = bool(mask & DECK.suit_mask[lead])
        if side_wins:
            return self._cheapest(mask, follows)
        best = trick[winning_index(trick, DECK, STRENGTH, TRUMP)][1]
        beat = beating_mask(mask, best, DECK, STRENGTH, TRUMP)
        if beat:
            trumps = beat & DECK.suit_mask[TRUMP]
            plain = beat & ~trumps
            return lowest(plain) if plain else lowest(trumps)
        return self._cheapest(mask, follows)

    def _cheapest(self, mask, follows):
        if follows:
            return lowest(mask)
        side = mask & ~DECK.suit_mask[TRUMP]
        pool = side if side else mask
        return min(ids(pool), key=lambda c: (STRENGTH[c], self.rng.random()))

    def _lead(self, view, mask):
        gone = self.memory.gone
        for suit in (0, 1, 2, 3):
            mine = mask & DECK.suit_mask[suit]
            if not mine:
                continue
            top = highest(mine)
            above = DECK.suit_mask[suit] & ~((1 << (top + 1)) - 1) & ~gone
            if not above and (suit != SPADES or (mine.bit_count() >= 4)):
                return top
        side = [s for s in (1, 2, 3) if mask & DECK.suit_mask[s]]
        if side:
            s = max(side, key=lambda s: ((mask & DECK.suit_mask[s]).bit_count(), self.rng.random()))
            return lowest(mask & DECK.suit_mask[s])
        return lowest(mask)
