"""A Dingo player that keeps track of the wolves.

It remembers every card it has seen go out of play (discards, rabbits
thrown away, cards played) and the cards it passed, so it knows which
wolves can still turn up and where they might be.

- Discarding and passing: it lets go of the card it values least.  A
  wolf whose dingo is gone is worth nothing; a dingo is worth its points
  when somebody else may hunt it, and costs them when it holds both wolves
  itself (nobody else can hunt it: a sure penalty); aces are kept.
- Hunting 2 to king: it plays its wolf when it would catch the rabbit:
  the other wolf is already down, or is its own, or can no longer come
  after it (seen gone, or only players before it or the dingo's player
  could hold it) — or when the players after it are unlikely to hold it.
- The ace hunt: every wolf played scores, so it plays its wolves, except a
  second wolf that would let a later player play the A♦.
"""

from __future__ import annotations

from ..cards.deck import ACE, ids
from ..games.dingo import ACE_RABBIT, DINGO, PLAYERS, RANK, SUIT, WOLVES, card_points
from . import Bot, heuristic

HEARTS_SUIT = 1


@heuristic("dingo")
class DingoBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.gone = 0          # cards seen leave play: discarded, played, thrown away
        self.gave = {}         # card passed: to whom

    def observe(self, events):
        for e in events:
            kind = e["kind"]
            if kind in ("discard", "rabbit_discarded", "wolf", "dingo", "rabbit_played"):
                self.gone |= 1 << int(e["card"])
            elif kind == "pass_card" and e["seat"] == self.seat:
                self.gave[int(e["card"])] = e["to"]

    # -- what a card is worth keeping ----------------------------------------------------------
    def _keep_value(self, c, hand):
        r = RANK[c]
        if r == ACE:
            return 100
        if SUIT[c] == HEARTS_SUIT:
            mine = (hand & WOLVES[r]).bit_count()
            gone = (self.gone & WOLVES[r]).bit_count()
            if mine == 2 or mine + gone == 2:
                return -card_points(c)              # nobody can hunt it: a sure penalty
            return card_points(c) * 0.5
        if (self.gone >> DINGO[r]) & 1:
            return -5                               # its dingo is gone: no hunt for it
        return card_points(c) + r / 100             # a wolf: keep the high ones

    def _least(self, cards, hand):
        return min(cards, key=lambda c: (self._keep_value(c, hand), c))

    # -- choosing -----------------------------------------------------------------------------------
    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        hand = int(view["hand"])
        phase = view["phase"]
        if phase == "discard":
            return g.DISCARD + self._least([a - g.DISCARD for a in legal], hand)
        if phase == "pass":
            return g.PASS_CARD + self._least([a - g.PASS_CARD for a in legal], hand)
        wolves = [a for a in legal if a != g.PASS]
        plays = [(p, int(c)) for p, c in view["hunt"]["plays"]]
        if phase == "ace":
            return self._ace(view, hand, wolves, plays)
        return wolves[0] if self._catches(view, hand, wolves[0], plays) else g.PASS

    def _catches(self, view, hand, wolf, plays):
        r = RANK[wolf]
        other = ids(WOLVES[r] & ~(1 << wolf))[0]
        if (hand >> other) & 1 or any(c == other for _, c in plays) or (self.gone >> other) & 1:
            return True
        dingo_player = plays[0][0]
        after = [(dingo_player + k) % PLAYERS for k in (1, 2, 3)]
        later = after[after.index(self.seat) + 1:]
        if self.gave.get(other) in later:
            return False                            # it went to someone still to play
        if not later:
            return True
        # the other wolf is with one of the other three players, as far as it knows
        return len(later) / 3 < 0.5

    def _ace(self, view, hand, wolves, plays):
        g = self.game
        if not wolves:
            return g.PASS
        down = sum(1 for _, c in plays if (WOLVES[ACE] >> c) & 1)
        if (hand >> ACE_RABBIT) & 1 or down == 0:
            return wolves[0]                        # our own A♦ follows, or only one wolf down
        # a second wolf down lets whoever holds the A♦ after us play it for 10
        return wolves[0] if plays[0][0] == self.seat else g.PASS
