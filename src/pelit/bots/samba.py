"""A Samba player: the Canasta advice of ch. 22 with the tips of 23.8.

Melding is planned by trying it out: the bot builds a world from its own
view (``sample_world``; melding involves only its own hand and the table,
so the try is exact) and plays greedy meld sequences in it to see whether
an opening reaches the requirement or whether the hand can be emptied with
two canastas/sambas on the table.

- Opening: as soon as a greedy sequence reaches the requirement (natural
  melds first, runs count too), also with the pile.
- Pile: take any pile of three or more it can, smaller ones when the top
  card extends a meld.
- Melding: extend runs and melds with natural cards, lay new runs and
  natural triples while the hand stays large; keep eights, nines and tens
  (23.8) and wild cards; wild cards complete canastas late in the deal.
- Going out: when possible and the deal is not going the team's way or the
  stock runs low; asks the partner when the partner holds many cards.
- Discards: as in the Canasta bot, safest first.
"""

from __future__ import annotations

import sys

from ..cards.deck import ids
from ..cards.melds import popcount
from . import heuristic
from ._meld import MeldBot, discards_or_else


@heuristic("samba")
class SambaBot(MeldBot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.discarded = [set() for _ in range(4)]
        self._base_view = self._base = None      # the view last sampled from, and its world
        # the pack and point tables of the game played (Hand and Foot reuses this bot)
        module = sys.modules[type(game).__module__]
        self.D = module.DECK
        self.T = module.T

    def observe(self, events):
        for e in events:
            if e["kind"] == "new_deal":
                self.discarded = [set() for _ in range(4)]
            elif e["kind"] == "discard":
                self.discarded[e["seat"]].add(self.D.face_of[e["card"]])

    # -- trying meld sequences in a world built from the view -------------------------
    def _world(self, view):
        """A world to try melds in: one is sampled per view, each try gets a
        clone (melding depends only on the own hand and the table)."""
        if self._base_view is not view or len(self._base.history) != view["version"]:
            self._base_view = view
            self._base = self.game.sample_world(view, self.rng)
        return self._base.clone()

    def _gain(self, g, s, a, team, out_mode):
        d = g.decode(a)
        if d[0] == "run":
            return 30 + 3
        if d[0] == "meld":
            if d[1] == 3:
                return 1
            return (25 if d[2] == 0 else 12) + (0 if d[2] == 0 else -5)
        if d[0] == "add":
            f, k = d[1], d[2]
            m = s.mmask[team][k]
            n = popcount(m)
            wild = f in (44, 45)
            if out_mode:
                return 40 + n * 2 - (10 if wild else 0)
            return 20 + n - (15 if wild else 0)
        return -1

    def _greedy(self, view, s, goal, limit=40):
        """Play meld actions in world ``s`` until ``goal(s)``; the first action or None."""
        g = self.game
        team = self.seat & 1
        first = None
        for _ in range(limit):
            if goal(s):
                return first if first is not None else -1
            if s.outcome is not None or s.to_act != (self.seat,) or s.phase.name not in ("MELD", "OPENING"):
                return None
            acts = [a for a in g.legal_actions(s, self.seat)
                    if g.decode(a)[0] in ("meld", "run", "add")]
            if not acts:
                return None
            out_mode = goal.__name__ == "out"
            a = max(acts, key=lambda a: self._gain(g, s, a, team, out_mode))
            if first is None:
                first = a
            g.apply(s, a, self.seat)
        return None

    # -- decisions ----------------------------------------------------------------------
    def _decide(self, view, dec):
        phase = view["phase"]
        if phase == "answer":
            hand = int(view["hand"])
            word = "no" if popcount(hand) >= 9 and view["stock"] > 20 else "yes"
            return next(a for a, d in dec.items() if d[0] == word)
        if phase == "draw":
            return self._draw(view, dec)
        return self._meld(view, dec)

    def _draw(self, view, dec):
        team = self.seat & 1
        takes = [a for a, d in dec.items() if d[0] == "take"]
        if takes:
            if not view["opened"][team]:
                for a in takes:
                    s = self._world(view)
                    self.game.apply(s, a, self.seat)
                    if self._greedy(view, s, lambda w: w.tent and self.game._tent_enough(w, team)) \
                            is not None:
                        return a
            elif len(view["pile"]) >= 3 or any(dec[a][1] != "pair" for a in takes):
                return takes[0]
        return next(a for a, d in dec.items() if d[0] == "draw")

    def _meld(self, view, dec):
        g = self.game
        team = self.seat & 1
        seat = self.seat
        ask = view["ask"]
        kinds = {d[0] for d in dec.values()}

        out = self._out_goal(view)

        if ask != "no":
            step = self._greedy(view, self._world(view), out)
            if step is not None and (ask in ("yes", "must") or self._want_out(view)):
                if ask is None and not view["melded"] and "ask" in kinds and self._may_ask(view) \
                        and view["hand_sizes"][(seat + 2) % 4] >= 8:
                    return next(a for a, d in dec.items() if d[0] == "ask")
                if step == -1:
                    return self._discard(view, dec)
                return step
        if not view["opened"][team]:
            def opened(w):
                return bool(w.tent) and g._tent_enough(w, team)
            if int(view["tentative"]) and opened(self._world(view)):
                if "done" in kinds and view["phase"] == "opening":
                    return next(a for a, d in dec.items() if d[0] == "done")
                return self._discard(view, dec)
            step = self._greedy(view, self._world(view), opened)
            if step is not None and step != -1:
                s = self._world(view)
                g.apply(s, step, seat)
                if popcount(s.hands[seat]) + len(s.pile_rest) >= 2 or s.outcome is not None:
                    return step
            if "done" in kinds and (view["phase"] == "opening" or int(view["tentative"])):
                return next(a for a, d in dec.items() if d[0] == "done")
            return self._discard(view, dec)
        step = self._normal(view, dec)
        if step is not None:
            return step
        return self._discard(view, dec)

    def _out_goal(self, view):
        g = self.game
        seat = self.seat
        deal = view["deal_no"]

        def out(w):
            return w.outcome is not None or w.deal_no != deal or \
                (w.phase.name == "MELD" and w.to_act == (seat,) and popcount(w.hands[seat]) == 1
                 and any(g.decode(a)[0] == "discard" for a in g.legal_actions(w, seat)))
        return out

    def _may_ask(self, view):
        return True

    def _want_out(self, view):
        team = self.seat & 1
        mine = sum(self.T.value(int(m["cards"])) for m in view["melds"][team])
        theirs = sum(self.T.value(int(m["cards"])) for m in view["melds"][1 - team])
        hs = view["hand_sizes"]
        if view["stock"] < 24:
            return True
        if theirs > mine:
            return True
        return hs[self.seat] <= 3

    def _normal(self, view, dec):
        team = self.seat & 1
        melds = view["melds"][team]
        hand = int(view["hand"])
        n_hand = popcount(hand)
        late = view["stock"] < 30
        best = None
        for a, d in dec.items():
            if d[0] == "add":
                f, k = d[1], d[2]
                m = int(melds[k]["cards"])
                wild = f in (44, 45)
                if f in (46, 47):
                    continue
                n = popcount(m)
                if wild:
                    if not (late and n == 6):
                        continue
                    key = 5
                else:
                    if n_hand <= 3 and not late:
                        continue
                    key = 10 + n
            elif d[0] == "run":
                if n_hand <= 6 and not late:
                    continue
                key = 8
            elif d[0] == "meld" and d[1] != 3 and d[2] == 0:
                if n_hand <= 6 and not late:
                    continue
                key = 7
            else:
                continue
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best else None

    def _discard(self, view, dec):
        team = self.seat & 1
        discards, instead = discards_or_else(dec)
        if instead is not None:
            return instead
        hand = int(view["hand"])
        pile = view["pile"]
        size = len(pile)
        frozen = view["pile_frozen"]
        left = (self.seat + 1) % 4
        their = view["melds"][1 - team]
        ours = view["melds"][team]

        def extends(c, melds):
            for m in melds:
                cards = int(m["cards"])
                kind = m["kind"]
                if kind.startswith("rank "):
                    rs = {self.D.rank_of[x] for x in ids(cards & self.T.natural)}
                    if self.D.rank_of[c] in rs and popcount(cards) < 7:
                        return True
                elif kind.startswith("run ") and popcount(cards) < 7:
                    su = "shdc".index(kind[4])
                    if self.D.suit_of[c] == su:
                        rs = [self.D.rank_of[x] for x in ids(cards)]
                        if self.D.rank_of[c] in (min(rs) - 1, max(rs) + 1):
                            return True
            return False

        def danger(c):
            r = self.D.rank_of[c]
            if (self.T.black3 >> c) & 1:
                return -5 if size >= 5 else 2
            if (self.T.wild >> c) & 1:
                return 60
            d = 0.0
            if not frozen and extends(c, their):
                d += 12 + size
            if self.D.face_of[c] in self.discarded[left]:
                d -= 2
            same = popcount(hand & self.T.rank[r])
            d += 3 * (same - 1)
            if extends(c, ours):
                d += 5
            if r in (8, 9, 10):
                d += 2                      # 23.8: every samba needs them
            d += self.T.points[c] / 20 + size / 6
            return d

        return min(discards, key=lambda x: (danger(x[1]), self.rng.random()))[0]

