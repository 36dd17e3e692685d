"""A player for the 2 x 54 sheet's Canasta.

It keeps what the cut offers, refuses a lone low first card, and plans its
lay-outs by trying greedy sequences in a world built from its own view (as
the Samba bot does): a first lay-out as soon as one reaches the limit (also
with the pile), closing as soon as a sequence ends with one card and the
side has its canasta, when the deal is not going its way or the stock is
low.  It takes every pile of three or more it can, lays out natural groups
and adds natural cards, keeps wild cards for canastas and closing, and
discards black threes onto big piles and otherwise its safest single cards.
"""

from __future__ import annotations

from ..cards.melds import popcount
from ..games.canasta_2x54 import BLACK3, DECK, T, WILDS
from . import heuristic
from .samba import SambaBot


@heuristic("canasta-2x54")
class Canasta2x54Bot(SambaBot):
    name = "heuristic"

    def _gain(self, g, s, a, team, out_mode):
        d = g.decode(a)
        if d[0] == "meld":
            if d[1] in (BLACK3, WILDS):
                return 1 if out_mode else -1
            return 25 if d[2] == 0 else 10
        if d[0] == "add":
            if d[1] in (BLACK3, WILDS):
                return 2 if out_mode else -1
            return 40 if d[2] == 0 else (15 if out_mode else 3)
        return -1

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        g = self.game
        dec = {a: g.decode(a) for a in legal}
        phase = view["phase"]
        if phase == "cut":
            return next(a for a, d in dec.items() if d[0] == "keep")
        if phase == "first":
            c = view["cut_cards"][0] if view["cut_cards"] else None
            hand = int(view["hand"])
            keep = c is None or (T.wild >> c) & 1 or popcount(hand & T.rank[DECK.rank_of[c]]) >= 2 \
                or T.points[c] >= 20
            word = "keep" if keep else "refuse"
            return next(a for a, d in dec.items() if d[0] == word)
        side = view["sides"][self.seat]
        if phase == "draw":
            takes = [a for a, d in dec.items() if d[0] == "take"]
            if takes:
                if view["opened"][side]:
                    if len(view["pile"]) >= 3:
                        return takes[0]
                else:
                    w = self._world(view)
                    g.apply(w, takes[0], self.seat)
                    if self._greedy(view, w, lambda x: x.tent and g._tent_enough(
                            x, side)) is not None:
                        return takes[0]
            return next(a for a, d in dec.items() if d[0] == "draw")
        kinds = {d[0] for d in dec.values()}
        deal = view["deal_no"]
        seat = self.seat

        def closed(w):
            return w.outcome is not None or w.deal_no != deal or \
                (w.phase.name == "MELD" and w.to_act == (seat,) and popcount(w.hands[seat]) == 1
                 and any(g.decode(a)[0] == "discard" for a in g.legal_actions(w, seat)))

        step = self._greedy(view, self._world(view), closed)
        if step is not None and self._want_close(view):
            return self._discard(view, dec) if step == -1 else step
        if not view["opened"][side]:
            def enough(w):
                return bool(w.tent) and g._tent_enough(w, side)
            if int(view["tentative"]) and enough(self._world(view)):
                if "done" in kinds and view["phase"] == "opening":
                    return next(a for a, d in dec.items() if d[0] == "done")
                return self._discard(view, dec)
            step = self._greedy(view, self._world(view), enough)
            if step is not None and step != -1:
                return step
            if "done" in kinds:
                return next(a for a, d in dec.items() if d[0] == "done")
            return self._discard(view, dec)
        hand = int(view["hand"])
        n_hand = popcount(hand)
        late = view["stock"] < 25
        melds = {k: int(m) for k, m in view["melds"][side].items()}
        for a, d in dec.items():
            if d[0] == "add" and d[2] == 0 and d[1] not in (BLACK3, WILDS) and (n_hand > 3 or late):
                return a
        for a, d in dec.items():
            if d[0] == "meld" and d[2] == 0 and d[1] not in (BLACK3, WILDS) and (n_hand > 5 or late):
                return a
        if late:
            for a, d in dec.items():
                if d[0] == "add" and d[2] and d[1] not in (BLACK3, WILDS):
                    key = {4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "t", 11: "j",
                           12: "q", 13: "k", 14: "a"}[d[1]]
                    if popcount(melds.get(key, 0)) == 6:
                        return a
        return self._discard(view, dec)

    def _want_close(self, view):
        side = view["sides"][self.seat]
        if view["stock"] < 20:
            return True
        mine = sum(T.value(int(m)) for m in view["melds"][side].values())
        theirs = max((sum(T.value(int(m)) for m in view["melds"][t].values())
                      for t in range(len(view["melds"])) if t != side), default=0)
        return theirs > mine or view["hand_sizes"][self.seat] <= 3

    def _discard(self, view, dec):
        discards = [(a, d[1]) for a, d in dec.items() if d[0] == "discard"]
        if not discards:
            for a, d in dec.items():
                if d[0] == "done":
                    return a
            return next(iter(dec))
        hand = int(view["hand"])
        size = len(view["pile"])
        left = (self.seat + 1) % len(view["hand_sizes"])

        def danger(c):
            if (T.black3 >> c) & 1:
                return -10 if size >= 4 else 1
            if (T.wild >> c) & 1:
                return 60
            r = DECK.rank_of[c]
            d = 3.0 * (popcount(hand & T.rank[r]) - 1) + T.points[c] / 20 + size / 5
            if DECK.face_of[c] in self.discarded[left]:
                d -= 2
            return d

        return min(discards, key=lambda x: (danger(x[1]), self.rng.random()))[0]

