"""A Canasta player following the main advice of the strategy chapter (000 ch. 22).

- Opening (22.2): open as soon as the requirement can be met, with natural
  melds first and as few wild cards as the points allow; open with the pile
  when the pair and the hand reach the requirement.
- Pile fights (22.3): take any pile of three or more cards it can take, a
  smaller one only when its top card goes onto a meld anyway.  Discards are
  chosen by safety: black threes for big piles, cards the left-hand opponent
  discarded or cannot hold a pair of, cards that fit the opponents' long
  melds when the pile is frozen; never a card the opponents can simply add
  to a meld when the pile is unfrozen and worth taking.
- Melding (22.7): new melds of three natural cards, keeping extra copies in
  the hand until the meld has four cards; natural cards go onto the team's
  longer melds; wild cards are kept for the opening, for the pile, to
  complete canastas late in the deal, and for going out.
- Going out (22.4, 22.6, 22.8.4): go out when it is possible and the deal is
  not clearly going the team's way (the opponents lead on the table, the
  stock runs low, or the hand is small); ask the partner first when the
  partner holds many cards, and answer "no" while holding much that could
  still be melded.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..cards.melds import NATURAL_RANKS, popcount
from ..games.canasta import DECK, T
from . import heuristic
from ._meld import MeldBot, discards_or_else

RANK_OF_WORD = {"4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "t": 10, "j": 11,
                "q": 12, "k": 13, "a": 14, "3": 3}
NAT = set(NATURAL_RANKS)


def _team_melds(view, team):
    return {RANK_OF_WORD[k]: int(v) for k, v in view["melds"][team].items()}


class _Hand:
    """Counts of a hand by rank, and its wild cards."""

    def __init__(self, mask):
        self.mask = mask
        self.nat = {r: popcount(mask & T.rank[r]) for r in NATURAL_RANKS}
        self.twos = popcount(mask & T.twos)
        self.jokers = popcount(mask & T.jokers)
        self.black3 = popcount(mask & T.black3)

    @property
    def wilds(self):
        return self.twos + self.jokers


def out_plan(hand: _Hand, melds: dict, need_points: int | None):
    """Can this hand be melded down to at most one card, with a canasta on the
    table at the end (and the opening requirement met when ``need_points``)?
    Returns the number of cards left over, or None when it cannot."""
    left = 0
    lengths = {r: popcount(m) for r, m in melds.items() if r in NAT}
    wild_room = {r: 3 - popcount(m & T.wild) for r, m in melds.items() if r in NAT}
    points = 0
    pairs = []
    for r, n in hand.nat.items():
        if not n:
            continue
        pv = T.points[min(ids(T.rank[r]))]
        if r in lengths:
            lengths[r] += n
            points += n * pv
        elif n >= 3:
            lengths[r] = n
            wild_room[r] = 3
            points += n * pv
        elif n == 2:
            pairs.append((r, pv))
        else:
            left += 1
    wild_vals = [50] * hand.jokers + [20] * hand.twos
    for r, pv in pairs:
        if wild_vals:
            w = wild_vals.pop()
            lengths[r] = 3
            wild_room[r] = 2
            points += 2 * pv + w
        else:
            left += 2
    # remaining wild cards go where a canasta gets closest
    for w in wild_vals:
        best = None
        for r in lengths:
            if wild_room[r] > 0 and (best is None or lengths[r] > lengths[best]):
                best = r
        if best is None:
            left += 1
            continue
        lengths[best] += 1
        wild_room[best] -= 1
        points += w
    if hand.black3 >= 3:
        points += 5 * hand.black3
    else:
        left += hand.black3
    if left > 1:
        return None
    if not any(n >= 7 for n in lengths.values()):
        return None
    if need_points is not None and points < need_points:
        return None
    return left


def opening_plan(hand: _Hand, need: int, melds: dict | None = None):
    """A greedy opening: (rank, naturals, wild) groups reaching ``need``
    points with natural cards first; None when the hand cannot."""
    melds = melds or {}
    groups = []
    got = 0
    for r in sorted(NATURAL_RANKS, key=lambda r: -T.points[min(ids(T.rank[r]))]):
        n = hand.nat[r]
        pv = T.points[min(ids(T.rank[r]))]
        if r in melds:
            groups.append((r, n, popcount(melds[r] & T.wild)))
            got += n * pv
        elif n >= 3:
            groups.append((r, n, 0))
            got += n * pv
    if got >= need:
        return groups
    jokers, twos = hand.jokers, hand.twos
    for r in sorted(NATURAL_RANKS, key=lambda r: -T.points[min(ids(T.rank[r]))]):
        if got >= need:
            break
        if hand.nat[r] == 2 and r not in melds and (jokers or twos):
            w = 50 if jokers else 20
            if jokers:
                jokers -= 1
            else:
                twos -= 1
            groups.append((r, 2, 1))
            got += 2 * T.points[min(ids(T.rank[r]))] + w
    if got >= need:
        return groups
    # wild cards onto the groups
    for i, (r, n, w) in enumerate(groups):
        while got < need and w < 3 and (jokers or twos):
            v = 50 if jokers else 20
            if jokers:
                jokers -= 1
            else:
                twos -= 1
            w += 1
            got += v
        groups[i] = (r, n, w)
    return groups if got >= need else None


@heuristic("canasta")
class CanastaBot(MeldBot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.discarded = [set() for _ in range(4)]     # faces each seat discarded
        self.passed = set()                            # our discards the left player left

    def observe(self, events):
        for e in events:
            k = e["kind"]
            if k == "new_deal":
                self.discarded = [set() for _ in range(4)]
                self.passed = set()
            elif k == "discard":
                self.discarded[e["seat"]].add(DECK.face_of[e["card"]])
            elif k in ("take_pile", "take_pile_opening"):
                self.passed = set()

    # -- the decision -----------------------------------------------------------
    def _decide(self, view, dec):
        phase = view["phase"]
        if phase == "answer":
            return self._answer(view, dec)
        if phase == "draw":
            return self._draw(view, dec)
        return self._meld(view, dec)

    def _answer(self, view, dec):
        hand = _Hand(int(view["hand"]))
        meldable = sum(n for n in hand.nat.values() if n >= 3) + hand.wilds
        want_no = popcount(hand.mask) >= 8 and meldable >= 4 and view["stock"] > 15
        word = "no" if want_no else "yes"
        for a, d in dec.items():
            if d[0] == word:
                return a
        return next(iter(dec))

    def _draw(self, view, dec):
        team = self.seat & 1
        hand = _Hand(int(view["hand"]))
        pile = view["pile"]
        melds = _team_melds(view, team)
        takes = [a for a, d in dec.items() if d[0] == "take"]
        if takes and pile:
            top = pile[-1]
            r = DECK.rank_of[top]
            if not view["opened"][team]:
                need = view["requirement"][team] - T.points[top] - 2 * T.points[top]
                rest = _Hand(hand.mask & ~_lowest(hand.mask & T.rank[r], 2))
                if opening_plan(rest, max(0, need)) is not None:
                    return takes[0]
            else:
                size = len(pile)
                fits = r in melds and popcount(melds[r]) >= 3
                if size >= 3 or fits or hand.nat.get(r, 0) >= 2:
                    # prefer using no wild card
                    order = sorted(takes, key=lambda a: (dec[a][2] is not None and dec[a][2] > 0,
                                                         dec[a][2] is None))
                    return order[0]
        return next(a for a, d in dec.items() if d[0] == "draw")

    def _meld(self, view, dec):
        team = self.seat & 1
        hand = _Hand(int(view["hand"]))
        melds = _team_melds(view, team)
        opened = view["opened"][team]
        ask = view["ask"]
        stock = view["stock"]
        n_hand = popcount(hand.mask)
        tentative = int(view["tentative"])
        need = None
        if not opened:
            need = view["requirement"][team] - T.value(tentative)
        # going out?
        left = out_plan(hand, melds, need if not opened else None)
        if ask == "no":
            left = None
        going = left is not None and (ask in ("yes", "must") or self._want_out(view))
        if ask in ("yes", "must"):
            going = True
        if going and left is not None and ask is None and not view["melded"] \
                and "ask" in {d[0] for d in dec.values()} \
                and view["hand_sizes"][(self.seat + 2) % 4] >= 7:
            return next(a for a, d in dec.items() if d[0] == "ask")
        if going:
            a = self._out_step(view, dec, hand, melds)
            if a is not None:
                return a
        if view["phase"] == "opening" or (not opened):
            a = self._opening_step(view, dec, hand, melds, need)
            if a is not None:
                return a
        else:
            a = self._normal_step(view, dec, hand, melds, stock, n_hand)
            if a is not None:
                return a
        return self._discard(view, dec, hand)

    def _want_out(self, view):
        team = self.seat & 1
        mine = sum(T.value(int(m)) for m in view["melds"][team].values())
        theirs = sum(T.value(int(m)) for m in view["melds"][1 - team].values())
        hs = view["hand_sizes"]
        ours_cards = hs[self.seat] + hs[(self.seat + 2) % 4]
        their_cards = hs[(self.seat + 1) % 4] + hs[(self.seat + 3) % 4]
        if view["stock"] < 20:
            return True
        # 22.6: the dominant side plays on; the submissive side goes out
        if theirs > mine or their_cards > ours_cards + 6:
            return True
        return hs[self.seat] <= 2 and hs[(self.seat + 2) % 4] <= 4

    def _out_step(self, view, dec, hand, melds):
        """Meld everything: natural cards first, then pairs with a wild card,
        then wild cards onto melds; without a canasta, the longest meld first."""
        has = any(popcount(m) >= 7 for r, m in melds.items() if r in NAT)
        longest = max((popcount(m) for r, m in melds.items() if r in NAT), default=0)
        best = None
        for a, d in dec.items():
            if d[0] not in ("meld", "add"):
                continue
            r, form = d[1], d[2]
            if r == 3:
                key = (9, 0, 0)
            else:
                length = popcount(melds.get(r, 0))
                if d[0] == "meld" and form and hand.nat[r] >= 3:
                    continue        # a natural triple first
                kind = 0 if form == 0 else (1 if d[0] == "meld" else 2)
                first = 0 if (not has and length == longest and length >= 3) else 1
                key = (first, kind, -length, -form)
            if best is None or key < best[0]:
                best = (key, a)
        if best is not None:
            return best[1]
        if "done" in {d[0] for d in dec.values()}:
            return next(a for a, d in dec.items() if d[0] == "done")
        return None

    def _opening_step(self, view, dec, hand, melds, need):
        plan = opening_plan(hand, max(0, need), melds)
        if plan is not None and need > 0:
            used = sum(n + w for r, n, w in plan) - sum(
                popcount(melds[r] & T.wild) for r, n, w in plan if r in melds)
            spare = view["stock"] and len(view["pile_aside"])
            if popcount(hand.mask) - used < 2 and not spare:
                plan = None                 # it would leave too few cards to discard
        if plan is None:
            if view["phase"] == "opening" or int(view["tentative"]):
                # short of the plan: add whatever scores most, then give up
                best = None
                for a, d in dec.items():
                    if d[0] in ("meld", "add") and d[1] != 3:
                        gain = T.points[min(ids(T.rank[d[1]]))] if d[2] == 0 else \
                            (20 if d[2] == 1 else 50)
                        if best is None or gain > best[0]:
                            best = (gain, a)
                if best is not None:
                    return best[1]
                for a, d in dec.items():
                    if d[0] == "done":
                        return a
            return None
        if need <= 0:
            for a, d in dec.items():
                if d[0] == "done":
                    return a
            return None
        jokers_first = sorted(dec.items(), key=lambda x: -(x[1][2] or 0) if len(x[1]) > 2 else 0)
        for r, n, w in plan:
            m = melds.get(r, 0)
            for a, d in jokers_first:
                if d[1:2] != (r,) or d[0] not in ("meld", "add"):
                    continue
                if d[0] == "meld" and not m and (d[2] == 0) == (n >= 3):
                    return a
                if d[0] == "add" and m and d[2] == 0 and hand.nat[r] > 0:
                    return a
                if d[0] == "add" and m and d[2] and popcount(m & T.wild) < w:
                    return a
        for a, d in dec.items():
            if d[0] == "done":
                return a
        return None

    def _normal_step(self, view, dec, hand, melds, stock, n_hand):
        late = stock < 25
        for a, d in dec.items():
            if d[0] == "add" and d[2] == 0 and d[1] in melds and d[1] != 3:
                length = popcount(melds[d[1]])
                # 22.7: keep a pair back until the meld has four cards
                if length >= 4 or late or hand.nat[d[1]] == 1:
                    if n_hand > 3 or late:
                        return a
        for a, d in dec.items():
            if d[0] == "meld" and d[2] == 0 and d[1] != 3:
                if n_hand > 5 or late:
                    return a
        if late:
            for a, d in dec.items():
                if d[0] == "add" and d[2] and d[1] in melds and popcount(melds[d[1]]) == 6:
                    return a
        return None

    def _discard(self, view, dec, hand):
        team = self.seat & 1
        discards, instead = discards_or_else(dec)
        if instead is not None:
            return instead
        pile = view["pile"]
        size = len(pile)
        frozen = view["pile_frozen"]
        theirs = _team_melds(view, 1 - team)
        ours = _team_melds(view, team)
        left = (self.seat + 1) % 4
        seen = {}
        for t in (0, 1):
            for m in view["melds"][t].values():
                for c in ids(int(m)):
                    seen[DECK.rank_of[c]] = seen.get(DECK.rank_of[c], 0) + 1
        for c in pile:
            seen[DECK.rank_of[c]] = seen.get(DECK.rank_of[c], 0) + 1
        for c in ids(hand.mask):
            seen[DECK.rank_of[c]] = seen.get(DECK.rank_of[c], 0) + 1
        their_open = view["opened"][1 - team]

        def danger(c):
            r = DECK.rank_of[c]
            if (T.black3 >> c) & 1:
                return -5 if size >= 5 else 2          # save black threes for big piles
            if (T.wild >> c) & 1:
                return 50                               # wild cards are worth keeping
            d = 0.0
            unseen = 8 - seen.get(r, 0)
            if r in theirs and not frozen:
                d += 10 + size
            if r in theirs and frozen and popcount(theirs[r]) >= 5:
                d -= 3
            if DECK.face_of[c] in self.discarded[left]:
                d -= 2
            d += (unseen / 8) * (2 + size / 2)
            if not their_open:
                d += T.points[c] / 10
            # value to us
            if r in ours:
                d += 4
            n = hand.nat.get(r, 0)
            if n == 2:
                d += 3
            elif n >= 3:
                d += 6
            return d

        return min(discards, key=lambda x: (danger(x[1]), self.rng.random()))[0]


def _lowest(mask, n):
    out = 0
    for c in ids(mask)[:n]:
        out |= 1 << c
    return out
