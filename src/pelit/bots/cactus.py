"""A Cactus player that remembers what it has seen.

Memory model: it remembers every card it has seen placed, peeked at, spied
or turned up in either layout, and follows queen exchanges, for the whole
game (its capacity is the layout: a Cactus layout rarely passes six cards).
It reads all of this from its events; its view shows no layout card.

Play: match the top discard whenever it knows a card of that rank in its
layout; take a low discard, otherwise draw; keep a card that beats its worst
known card (or an unknown one, when the card is low); use powers to learn
its own cards first; trade a high known card for a known low one of the
opponent's with a queen; call Cactus when its estimated total is low.
"""

from __future__ import annotations

from ..games.cactus import DECK, VALUE
from . import Bot, heuristic

UNKNOWN_ESTIMATE = 6        # about the average card value


@heuristic("cactus")
class CactusBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.known = [{}, {}]          # per seat: slot (1-based) -> card

    def observe(self, events):
        me = self.seat
        for e in events:
            kind = e["kind"]
            who = e.get("seat")
            if kind == "new_deal":
                self.known = [{}, {}]
            elif kind == "swap":
                placed = e.get("placed")
                if placed is not None:
                    self.known[who][e["slot"]] = int(placed)
                else:
                    self.known[who].pop(e["slot"], None)
            elif kind == "peek" and who == me:
                self.known[me][e["slot"]] = int(e["card"])
            elif kind == "spy" and who == me:
                self.known[1 - me][e["slot"]] = int(e["card"])
            elif kind == "trade":
                a, b = e["slot"], e["other_slot"]
                ka = self.known[who].pop(a, None)
                kb = self.known[1 - who].pop(b, None)
                if kb is not None:
                    self.known[who][a] = kb
                if ka is not None:
                    self.known[1 - who][b] = ka
            elif kind == "match":
                if e["matched"]:
                    self.known[who].pop(e["slot"], None)
                else:
                    self.known[who][e["slot"]] = int(e["card"])

    def _estimate(self, view):
        mine = view["layouts"][self.seat]
        total = 0
        for i, x in enumerate(mine):
            if x is None:
                continue
            c = self.known[self.seat].get(i + 1)
            total += VALUE[c] if c is not None else UNKNOWN_ESTIMATE
        return total

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        me = self.seat
        top = view["discard_top"]
        mine = {i + 1 for i, x in enumerate(view["layouts"][me]) if x is not None}
        theirs = {i + 1 for i, x in enumerate(view["layouts"][1 - me]) if x is not None}
        known = {k: c for k, c in self.known[me].items() if k in mine}
        if top is not None:
            for slot, c in known.items():
                if DECK.rank_of[c] == DECK.rank_of[int(top)] and g.MATCH + slot - 1 in legal:
                    return g.MATCH + slot - 1
        if len(legal) == 1:
            return legal[0]
        if view["turn"] != me:
            return g.PASS
        unknown = sorted(mine - set(known))
        worst = max(known, key=lambda k: VALUE[known[k]], default=None)
        phase = view["phase"]
        if phase == "draw":
            if g.TAKE in legal and top is not None:
                v = VALUE[int(top)]
                if v <= 3 and (unknown or (worst is not None and VALUE[known[worst]] > v)):
                    return g.TAKE
            return g.DRAW if g.DRAW in legal else legal[0]
        if phase == "hold":
            v = VALUE[int(view["held"])]
            if worst is not None and VALUE[known[worst]] > v and g.SWAP + worst - 1 in legal:
                return g.SWAP + worst - 1
            if unknown and v <= 4:
                return g.SWAP + unknown[0] - 1
            if g.DISCARD in legal:
                return g.DISCARD
            if unknown:
                return g.SWAP + unknown[0] - 1
            return next(a for a in legal if g.SWAP <= a < g.SWAP + 52)
        if phase == "power":
            power = view["power"]
            if power == "peek" and unknown:
                return g.PEEK + unknown[0] - 1
            if power == "spy":
                opp_unknown = sorted(theirs - set(self.known[1 - me]))
                if opp_unknown:
                    return g.SPY + opp_unknown[0] - 1
            if power == "trade" and worst is not None and VALUE[known[worst]] >= 8 \
                    and self._trade_target(theirs) is not None:
                return g.TRADE + worst - 1
            return g.PASS
        if phase == "trade":
            target = self._trade_target(theirs)
            if target is not None and g.FOR + target - 1 in legal:
                return g.FOR + target - 1
            return legal[0]
        # end of turn
        if self._estimate(view) <= 7 or view["turns"] > 40:
            return g.CACTUS
        return g.DONE

    def _trade_target(self, theirs):
        opp = {k: c for k, c in self.known[1 - self.seat].items() if k in theirs}
        low = min(opp, key=lambda k: VALUE[opp[k]], default=None)
        if low is not None and VALUE[opp[low]] <= 3:
            return low
        unknown = sorted(theirs - set(opp))
        return unknown[0] if unknown else None
