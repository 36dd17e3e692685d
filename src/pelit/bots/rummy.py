"""A Rummy player (and Robbery, Vienna, Rummy with a tap).

- Draw: takes the discard when it makes a meld with two hand cards (in
  Robbery only the engine's ``take into`` / ``take to`` forms, when one is
  legal), otherwise draws.
- Lay out: plans the hand's melds (natural sets and runs, then pairs and
  near runs made whole with a joker); before its first lay-out it lays only
  when the plan reaches the limit, and takes the turn back if it falls
  short; after it, it lays every planned meld and lays off every card it
  can (jokers last), and exchanges table jokers when the joker can be
  melded at once.  It closes from the hand and (Vienna) taps whenever the
  rules allow.  It never lifts cards in Robbery.
- Discard: the card it needs least: not planned, few cards to meld with,
  high value; never a joker while it has another card.
- Rummy with a tap: taps a discard that makes a meld with two of its cards
  once it has laid out, else passes.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..cards.rummy import JOKER_FACE
from ..games.rummy import HAND_POINTS, JOKERS, RULES, meld_points
from . import Bot, heuristic
from ._rummy import consistent, keep_score, plan


@heuristic("rummy")
class RummyBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.backed = None           # the turn in which it took its lay-out back

    def choose(self, view):
        a = self._choose(view)
        if a == self.game.A_UNDO:
            self.backed = self._turn_key(view)
        return a

    @staticmethod
    def _turn_key(view):
        return (view["deal_no"], view["stock"], len(view["discard"]), view["turn"])

    def _choose(self, view):
        g = self.game
        legal = view["legal"]
        seat = self.seat
        hand = int(view["hand"])
        decode = g.actions.decode
        if seat != view["turn"]:
            return self._tap_or_pass(view, legal, hand)
        if view["phase"] == "draw":
            return self._draw(view, legal, hand)
        for a in legal:
            size = g.deck.size
            if g.A_CLOSE <= a < g.A_CLOSE + size or g.A_TAP_OUT <= a < g.A_TAP_OUT + size:
                return a
        melds, _ = plan(RULES, hand | int(view["loose"]), JOKERS)
        opened = view["opened"][seat]
        meld_acts = [a for a in legal if (decode(a) or ("", ""))[1] == "meld"]
        if view["pending"] is not None and meld_acts:
            return meld_acts[0]
        worth = sum(meld_points(RULES.read(m, JOKERS) or _as_set(m)) for m in melds if len(m) >= 3)
        may_lay = opened or view["laid_now"] or worth >= view["options"].opening
        if self.backed == self._turn_key(view):
            may_lay = False
        if may_lay:
            good = [a for a in meld_acts if consistent(RULES, decode(a)[2][1], melds)]
            if good:
                return max(good, key=lambda a: self._meld_value(decode(a)[2][1]))
            lay = [a for a in legal if (decode(a) or ("", ""))[1] == "layoff"]
            if lay:
                return min(lay, key=lambda a: (decode(a)[2][0] == JOKER_FACE, decode(a)[2][2]))
            if opened:
                swaps = [a for a in legal if (decode(a) or ("", ""))[1] == "swap"]
                if swaps:
                    return swaps[0]
        discards = [a for a in legal if a < g.deck.size]
        if not discards:
            if g.A_UNDO in legal:
                return g.A_UNDO
            return legal[0]
        in_plan = {c for m in melds for c in m}
        cards = ids(hand)
        return min(discards, key=lambda c: (keep_score(RULES, c, cards, JOKERS, in_plan,
                                                       lambda x: HAND_POINTS[x]), c))

    def _meld_value(self, faces):
        return sum(0 if f == JOKER_FACE else 1 for f in faces) * 100 + sum(f % 13 for f in faces)

    def _draw(self, view, legal, hand):
        g = self.game
        takes = [a for a in legal if a != g.A_DRAW and a != g.A_TAKE]
        if takes:                                   # Robbery: into a combination
            return takes[0]
        if g.A_TAKE in legal and view["discard"]:
            top = int(view["discard"][-1])
            if self._makes_meld(hand, top):
                return g.A_TAKE
        return g.A_DRAW if g.A_DRAW in legal else legal[0]

    def _makes_meld(self, hand, card):
        f = RULES.face[card]
        return any(f in faces and JOKER_FACE not in faces
                   for faces in RULES.starters(hand | (1 << card), 0, sizes=(3,)))

    def _tap_or_pass(self, view, legal, hand):
        g = self.game
        if g.A_TAP in legal and view["opened"][self.seat] and view["discard"]:
            if self._makes_meld(hand, int(view["discard"][-1])):
                return g.A_TAP
        return g.A_PASS


def _as_set(cards):
    return RULES.read(tuple(cards), JOKERS) or RULES.read(tuple(reversed(cards)), JOKERS) or \
        RULES.read_natural(cards) or _Empty()


class _Empty:
    kind = 0
    key = 2
    cards = ()
