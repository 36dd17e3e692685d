"""A Triple Play player: works toward the basic book and goes out.

- Draw: picks up its knee as soon as it may (it never forgets); takes the
  pile when it holds a natural pair of the top card, or a natural card and a
  wild card when the pile holds three or more cards; before the team's
  opening only when the pile cards plus the hand's natural melds reach the
  requirement.
- Opening: lays natural triples (highest points first), then pairs with a
  wild card, only when the plan reaches the requirement; a pile opening that
  falls short is taken back.
- Melding (``_grow``): natural cards onto the team's melds and natural
  triples at once; wild cards are owed first to the book's wild canasta,
  one finishes its mixed canasta; pairs with a wild card and wild cards on
  natural melds come once the hand should empty (on the knee, on the foot
  with the book made, on a short stock).
- Going out: what stalls a foot is a hand of cards no meld takes, so with
  the book made wild cards stay in the hand to meld with the pairs that
  come, and fives and sevens are discarded like any other card.  It asks
  once every card but the discard can be melded (``cards_left_over``); as
  a partner it always answers yes.
- Discards: black threes first, then single cards of ranks the team has
  not melded, low points first; never wild cards, and before the book is
  made no fives or sevens when anything else will do.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..cards.melds import NATURAL_RANKS, popcount
from ..cards.melds_extra import RANK_OF_WORD
from ..games.triple_play import CANASTA, DECK, NO_WILD_RANKS, WILD, T, canasta_class, \
    wild_allowed
from . import heuristic
from ._meld import LayoutMeldBot, by_kind

PV = {r: T.points[min(ids(T.rank[r]))] for r in NATURAL_RANKS}


def _melds(view, team):
    out = {}
    for word, m in view["melds"][team].items():
        out[WILD if word == "wilds" else RANK_OF_WORD[word[:-1]]] = int(m)
    return out


def _counts(mask):
    return {r: popcount(mask & T.rank[r]) for r in NATURAL_RANKS}


def opening_points(hand):
    """Points a hand can open with: natural triples, then pairs with a wild card."""
    cnt = _counts(hand)
    wilds = popcount(hand & T.jokers) * [50] + popcount(hand & T.twos) * [20]
    pts = sum(PV[r] * n for r, n in cnt.items() if n >= 3)
    for r in sorted(NATURAL_RANKS, key=lambda r: -PV[r]):
        if cnt[r] == 2 and r not in NO_WILD_RANKS and wilds:
            pts += 2 * PV[r] + wilds.pop(0)
    return pts


def cards_left_over(hand, melds):
    """How many cards of ``hand`` cannot be melded this turn onto the team's
    unfinished ``melds`` (key -> mask) or into new melds: natural cards onto
    their melds and into new triples (a canasta closes at seven and a new
    meld of the rank may start), natural pairs with a wild card, the other
    wild cards into the all-wild meld and then onto natural melds as far as
    the wild limits allow."""
    cnt = _counts(hand)
    state = {k: (popcount(m), popcount(m & T.wild)) for k, m in melds.items()}
    left = popcount(hand & T.rank[3])
    pairs = []
    for r in NATURAL_RANKS:
        c = cnt[r]
        length, wild = state.get(r, (0, 0))
        while c and (length or c >= 3):
            k = min(c, CANASTA - length)
            length, c = length + k, c - k
            if length == CANASTA:
                length, wild = 0, 0
        state[r] = (length, wild)
        if c == 2 and r not in NO_WILD_RANKS:
            pairs.append(r)
        else:
            left += c
    wilds = popcount(hand & T.wild)
    for r in pairs:
        if wilds:
            wilds -= 1
            state[r] = (3, 1)
        else:
            left += 2
    length, _ = state.get(WILD, (0, 0))
    while wilds and (length or wilds >= 3):
        k = min(wilds, CANASTA - length)
        length, wilds = (length + k) % CANASTA, wilds - k
    for r in NATURAL_RANKS:
        length, wild = state[r]
        while wilds and length and r not in NO_WILD_RANKS \
                and wild < wild_allowed(r, length + 1):
            length, wild, wilds = length + 1, wild + 1, wilds - 1
            if length == CANASTA:
                break
    return left + wilds


@heuristic("triple-play")
class TriplePlayBot(LayoutMeldBot):
    name = "heuristic"

    def _turn(self, view):
        return (view["deal_no"], view["stock"], view["turn"])

    def _decide(self, view, dec):
        by = by_kind(dec)
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
                pts = 3 * T.points[top]
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

    def _rushing(self, view):
        """Emptying the hand now matters most: on the knee (the foot follows),
        with the basic book made, or on a short stock."""
        stage = view["stage"][self.seat]
        return stage == "knee" or view["stock"] < 30 or \
            (stage == "foot" and view["book"][self.seat & 1])

    def _grow(self, view, dec, by, hand, melds):
        """The next meld action, or None.  In order: natural cards onto the
        team's melds, natural triples, wild cards into the all-wild meld
        while the book still lacks its wild canasta, one wild card finishing
        the book's mixed canasta, a natural pair with a wild card (a new meld
        takes the rank's later cards), wild cards into the all-wild meld,
        wild cards onto natural melds.  Wild cards owed to the wild canasta
        stay out of other melds; with the book made they wait in the hand
        for pairs until the partner has said yes to going out."""
        team = self.seat & 1
        kinds = [canasta_class(int(m)) for m in view["canastas"][team]]
        want_mixed = "mixed" not in kinds
        wilds = popcount(hand & T.wild)
        if "wild" in kinds:
            free_wilds = wilds
        else:
            free_wilds = wilds - (CANASTA - popcount(melds.get(WILD, 0)))
        n = popcount(hand)
        rush = self._rushing(view)
        late = rush or view["stage"][self.seat] == "foot"
        hold_wilds = view["book"][team] and view["ask"] != "yes"
        best = None
        for a, d in dec.items():
            kind = d[0]
            if kind not in ("meld", "add"):
                continue
            key = d[1]
            length = popcount(melds.get(key, 0))
            if kind == "add" and key != WILD and d[2] == 0:
                pri = (0, -length)
            elif kind == "meld" and key != WILD and d[2] == 0:
                pri = (1, -PV[key])
            elif key == WILD:
                if hold_wilds:
                    continue
                pri = (2 if free_wilds < 0 or not rush else 5, -length, d[2])
            elif kind == "add" and want_mixed and length == CANASTA - 1:
                pri = (3, 0)
            elif free_wilds <= 0:
                continue
            elif kind == "meld":
                if not (late or n > 12):
                    continue
                pri = (4, -PV[key])
            else:
                if not rush or hold_wilds:
                    continue
                pri = (6, -length)
            if best is None or pri < best[0]:
                best = (pri, a)
        return None if best is None else best[1]

    def _could_go_out(self, view, hand, melds):
        """Can the whole hand go this turn, the last card as the discard?"""
        spare = 1 if view["turn"] == "stock" else 0
        return view["ask"] is None and cards_left_over(hand, melds) <= spare

    def _discard(self, view, dec, by, hand, melds):
        cnt = _counts(hand)
        theirs = _melds(view, 1 - (self.seat & 1))
        book = view["book"][self.seat & 1]

        def cost(a):
            c = dec[a][1]
            if (T.black3 >> c) & 1:
                return (-1, 0)
            if (T.wild >> c) & 1:
                return (9, T.points[c])
            r = DECK.rank_of[c]
            if r in NO_WILD_RANKS and not book:
                return (5 + min(cnt[r], 3), 0)
            v = 0
            if r in melds:
                v += 3
            v += min(cnt[r], 3)
            if r in theirs:
                v += 1
            return (v, T.points[c])

        return min(by["discard"], key=lambda a: (cost(a), self.rng.random()))
