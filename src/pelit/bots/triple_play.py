"""A Triple Play player: works toward the basic book and goes out.

- Draw: picks up its knee as soon as it may (it never forgets); takes the
  pile when it holds a natural pair of the top card, or a natural card and a
  wild card when the pile holds three or more cards; before the team's
  opening only when the pile cards plus the hand's natural melds reach the
  requirement.
- Opening: lays natural triples (highest points first), then pairs with a
  wild card, only when the plan reaches the requirement; a pile opening that
  falls short is taken back.
- Melding: natural cards onto the team's melds and natural triples at once;
  wild cards into the all-wild meld, or onto a long meld of another rank
  while the team still lacks a mixed canasta; fives and sevens are never
  discarded while others can be.
- Going out: on the foot with the book made, it asks once the hand can be
  melded down to one card; as a partner it always answers yes.
- Discards: black threes first, then single cards of ranks the team has
  not melded, low points first; never wild cards, fives or sevens when
  anything else will do.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..cards.melds import NATURAL_RANKS, popcount
from ..cards.melds_extra import RANK_OF_WORD
from ..games.triple_play import DECK, NO_WILD_RANKS, WILD, T, canasta_class
from . import Bot, heuristic

PV = {r: T.points[min(ids(T.rank[r]))] for r in NATURAL_RANKS}


def _melds(view, team):
    out = {}
    for word, m in view["melds"][team].items():
        out[WILD if word == "wilds" else RANK_OF_WORD[word[:-1]]] = int(m)
    return out


def _counts(mask):
    return {r: popcount(mask & T.rank[r]) for r in NATURAL_RANKS}


def opening_points(hand, need_extra=0):
    """Points a hand can open with: natural triples, then pairs with a wild card."""
    cnt = _counts(hand)
    wilds = popcount(hand & T.jokers) * [50] + popcount(hand & T.twos) * [20]
    pts = sum(PV[r] * n for r, n in cnt.items() if n >= 3)
    for r in sorted(NATURAL_RANKS, key=lambda r: -PV[r]):
        if cnt[r] == 2 and r not in NO_WILD_RANKS and wilds:
            pts += 2 * PV[r] + wilds.pop(0)
    return pts


@heuristic("triple-play")
class TriplePlayBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.backed = None          # the turn in which it took an opening back

    def choose(self, view):
        a = self._choose(view)
        if a == self.game.A_BACK:
            self.backed = (view["deal_no"], view["stock"], view["turn"])
        return a

    def _choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        g = self.game
        dec = {a: g.decode(a) for a in legal}
        by = {}
        for a, d in dec.items():
            by.setdefault(d[0], []).append(a)
        phase = view["phase"]
        if phase == "answer":
            return by["yes"][0]
        if "knee" in by:
            return by["knee"][0]
        if phase == "draw":
            return self._draw(view, dec, by)
        return self._meld(view, dec, by)

    # -- drawing ----------------------------------------------------------------
    def _draw(self, view, dec, by):
        team = self.seat & 1
        hand = int(view["hand"])
        pile = view["pile"]
        takes = by.get("take", [])
        if takes and pile:
            top = pile[-1]
            order = sorted(takes, key=lambda a: dec[a][2])     # natural pair first
            best = order[0]
            if not view["opened"][team]:
                r = DECK.rank_of[top]
                pts = 3 * T.points[top] if r not in (2, 15) else 3 * T.points[top]
                rest = hand
                for c in ids(hand & T.rank[r])[:2]:
                    rest &= ~(1 << c)
                if pts + opening_points(rest) >= view["requirement"]:
                    return best
            elif dec[best][2] == 0 or len(pile) >= 3:
                return best
        return by["draw"][0]

    # -- melding ------------------------------------------------------------------
    def _meld(self, view, dec, by):
        team = self.seat & 1
        hand = int(view["hand"])
        melds = _melds(view, team)
        opened = view["opened"][team]
        if not opened:
            a = self._opening(view, dec, by, hand, melds)
            if a is not None:
                return a
        else:
            a = self._grow(view, dec, by, hand, melds)
            if a is not None:
                return a
        if "ask" in by and self._could_go_out(view, hand, melds):
            return by["ask"][0]
        if "knock" in by:
            return by["knock"][0]
        if "discard" in by:
            return self._discard(view, dec, by, hand, melds)
        for k in ("done", "back"):
            if k in by:
                return by[k][0]
        return next(iter(dec))

    def _opening(self, view, dec, by, hand, melds):
        need = view["requirement"] - T.value(int(view["tentative"]))
        started = bool(int(view["tentative"]))
        if self.backed == (view["deal_no"], view["stock"], view["turn"]):
            return None                       # gave up this turn: no second try
        if not started and opening_points(hand) < need:
            return None
        cnt = _counts(hand)
        # natural triples, highest points first; then extra naturals; then pairs + wild
        best = None
        for a, d in dec.items():
            if d[0] == "meld" and d[1] != WILD and d[2] == 0:
                key = (0, -PV[d[1]])
            elif d[0] == "add" and d[1] != WILD and d[2] == 0:
                key = (1, -PV[d[1]])
            elif d[0] == "meld" and d[1] != WILD and cnt[d[1]] == 2:
                key = (2, -PV[d[1]], -d[2])
            else:
                continue
            if best is None or key < best[0]:
                best = (key, a)
        if best is not None:
            return best[1]
        if "back" in by:
            self.backed = (view["deal_no"], view["stock"], view["turn"])
            return by["back"][0]
        return None

    def _grow(self, view, dec, by, hand, melds):
        closed = [int(m) for m in view["canastas"][self.seat & 1]]
        kinds = [canasta_class(m) for m in closed]
        want_mixed = "mixed" not in kinds
        n = popcount(hand)
        late = view["stock"] < 30 or view["stage"][self.seat] == "foot"
        best = None
        for a, d in dec.items():
            kind = d[0]
            if kind not in ("meld", "add"):
                continue
            key = d[1]
            m = melds.get(key, 0)
            if kind == "add" and key != WILD and d[2] == 0:
                pri = (0, -popcount(m))
            elif kind == "meld" and key != WILD and d[2] == 0:
                pri = (1, -PV[key])
            elif key == WILD:
                pri = (2, -popcount(m), d[2])
            elif kind == "add":
                # a wild card onto a natural meld: for the mixed canasta
                if not (want_mixed or late) or popcount(m) < 5:
                    continue
                pri = (3, -popcount(m))
            else:
                # a pair with a wild card
                if not (late or n > 12):
                    continue
                pri = (4, -PV[key])
            if best is None or pri < best[0]:
                best = (pri, a)
        return None if best is None else best[1]

    def _could_go_out(self, view, hand, melds):
        if view["ask"] is not None:
            return False
        cnt = _counts(hand)
        stray = 0
        for r, n in cnt.items():
            if n == 0:
                continue
            if r in melds and popcount(melds[r]) + n <= 7:
                continue
            if n >= 3:
                continue
            stray += n
        stray += popcount(hand & T.black3)
        wild = popcount(hand & T.wild)
        return stray + max(0, wild - 4) <= 1

    def _discard(self, view, dec, by, hand, melds):
        cnt = _counts(hand)
        theirs = _melds(view, 1 - (self.seat & 1))

        def cost(a):
            c = dec[a][1]
            if (T.black3 >> c) & 1:
                return (-1, 0)
            if (T.wild >> c) & 1:
                return (9, T.points[c])
            r = DECK.rank_of[c]
            if r in NO_WILD_RANKS:
                return (5 + min(cnt[r], 3), 0)
            v = 0
            if r in melds:
                v += 3
            v += min(cnt[r], 3)
            if r in theirs:
                v += 1
            return (v, T.points[c])

        return min(by["discard"], key=lambda a: (cost(a), self.rng.random()))
