"""A Fireplace Poker player, after the strategy tips of 000 18.8.

At the start of its turn it lists the melds it could make: every legal
meld of its own hand cards, and melds that steal one card (or one card from
each of two melds) and beat what they rob.  It scores each:

- stealing is the only way to stop the opponent scoring, so every meld
  robbed counts heavily;
- a strong meld lasts: full houses (the game's most important meld) and
  better score well, and a royal flush, which nobody can steal from, best;
- hand management: using duplicate cards (which open no new hands) and
  lone low cards is good; breaking up pairs and triples (tomorrow's full
  houses) and the cards of the royal flush it is collecting is not.

Then it plays the chosen meld out, steals first.  Making a meld for an
opponent who has none (18.6.1), it gives him the weakest five of his cards.
"""

from __future__ import annotations

from itertools import combinations

from ..cards.deck import ids
from ..cards.poker_build import best_containing
from ..cards.poker_hands import Category, category
from ..games.fireplace_poker import DECK, FACE, FACE_VALUE, PACK_VALUE, PAIR_OF_JACKS, faces_of
from . import Bot, heuristic

STRENGTH = {Category.PAIR: 0, Category.TWO_PAIR: 1, Category.THREE_OF_A_KIND: 2,
            Category.STRAIGHT: 3, Category.FLUSH: 4, Category.FULL_HOUSE: 7,
            Category.FOUR_OF_A_KIND: 8, Category.STRAIGHT_FLUSH: 10,
            Category.FIVE_OF_A_KIND: 10, Category.HIGH_CARD: -2}
ROBBED = 12            # a meld taken from the opponent
ROYAL = 16             # a royal flush cannot be stolen from



@heuristic("fireplace-poker")
class FireplaceBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.plan = None           # (steals, hand faces) for the turn of ``self.planned``
        self.planned = None

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if "their_hand" in view:
            return self._forced(view, legal)
        b = view.get("building") or {"stolen": [], "picked": []}
        turn = (int(view["hand"]), view["deck"], view["trash"], view["meld_counts"][0],
                view["meld_counts"][1 % len(view["meld_counts"])])
        if turn != self.planned:
            self.planned = turn
            self.plan = self._make_plan(view)
        if self.plan is not None and self._on_plan(view, b):
            a = self._next_step(b, legal)
            if a is not None:
                return a
        # No plan of its own (the only melds need steals it does not look
        # for) or it went astray: every choice offered can still be finished,
        # so it takes them as they come (never taking back, which could loop).
        self.plan = None
        choices = [a for a in legal if a not in (g.TAKE_BACK, g.PASS)]
        return choices[0] if choices else legal[0]

    def _next_step(self, b, legal):
        g = self.game
        steals, faces = self.plan
        done = len(b["stolen"])
        if done < len(steals):
            m, c = steals[done]
            a = g.steal_id(m, c)
            return a if a in legal else None
        picked = {FACE[int(c)] for c in b["picked"]}
        for f in faces:
            if f in picked:
                continue
            for a in legal:
                if a < DECK.size and FACE[a] == f:
                    return a
        return None

    def _on_plan(self, view, b) -> bool:
        steals, faces = self.plan
        got = [(m - 1, int(c)) for m, c in b["stolen"]]
        if got != steals[:len(got)]:
            return False
        return all(FACE[int(c)] in faces for c in b["picked"]) and (
            len(got) == len(steals) or not b["picked"])

    # -- choosing a meld ---------------------------------------------------------
    def _make_plan(self, view):
        hand = int(view["hand"])
        hand_faces = faces_of(hand)
        side = view["side"]
        theirs = view["melds"][1 - side]
        their_melds = []
        for m in theirs:
            cards = [int(c) for c in m["cards"]]
            their_melds.append((PACK_VALUE(cards), cards))
        counts = {}
        for c in ids(hand):
            counts[FACE[c]] = counts.get(FACE[c], 0) + 1
        royal_suit = self._royal_suit(hand_faces)
        ranks = {}
        for f in ids(hand_faces):
            ranks[f % 13] = ranks.get(f % 13, 0) + 1
        best, plan = None, None
        for five in combinations(ids(hand_faces), 5):
            v = FACE_VALUE(list(five))
            if v < PAIR_OF_JACKS:
                continue
            score = self._score(v, five, (), counts, ranks, royal_suit)
            if best is None or score > best:
                best, plan = score, ([], list(five))
        for m, (mv, cards) in enumerate(their_melds):
            seen = 0
            for c in cards:
                f = FACE[c]
                if seen >> f & 1:
                    continue
                seen |= 1 << f
                v, mask = best_containing(1 << f, hand_faces & ~(1 << f))
                if v > mv and v >= PAIR_OF_JACKS:
                    rest = [x for x in ids(mask) if x != f]
                    score = self._score(v, rest, (m,), counts, ranks, royal_suit)
                    if best is None or score > best:
                        best, plan = score, ([(m, c)], rest)
        weak = [m for m, (mv, _) in enumerate(their_melds) if category(mv) <= Category.STRAIGHT]
        for m1, m2 in combinations(weak, 2):
            need = max(their_melds[m1][0], their_melds[m2][0])
            for c1 in their_melds[m1][1]:
                for c2 in their_melds[m2][1]:
                    f1, f2 = FACE[c1], FACE[c2]
                    if f1 == f2:
                        continue
                    fixed = (1 << f1) | (1 << f2)
                    v, mask = best_containing(fixed, hand_faces & ~fixed)
                    if v > need and v >= PAIR_OF_JACKS:
                        rest = [x for x in ids(mask) if x not in (f1, f2)]
                        score = self._score(v, rest, (m1, m2), counts, ranks, royal_suit)
                        if best is None or score > best:
                            best, plan = score, ([(m1, c1), (m2, c2)], rest)
        return plan

    @staticmethod
    def _royal_suit(hand_faces: int) -> int:
        """The suit with the most royal flush cards in hand (18.8: always collect one)."""
        def royal(s):
            return sum(1 for r in range(10, 15) if hand_faces >> (13 * s + r - 2) & 1)
        return max(range(4), key=royal)

    def _score(self, value, hand_faces_used, robbed, counts, ranks, royal_suit) -> float:
        """``ranks``: how many faces of each rank the hand holds."""
        cat = category(value)
        score = STRENGTH[cat] + ROBBED * len(robbed) + (value & 0xFFFFF) / 2 ** 21
        if cat == Category.STRAIGHT_FLUSH and (value >> 16) & 15 == 14:
            score += ROYAL
        used_ranks = {}
        for f in hand_faces_used:
            used_ranks[f % 13] = used_ranks.get(f % 13, 0) + 1
        for f in hand_faces_used:
            r = f % 13
            if counts.get(f, 0) > 1:
                score += 1.0            # a duplicate card gone
            elif ranks[r] >= 2 and used_ranks[r] < ranks[r]:
                score -= 1.5            # a pair or triple broken up
            if f // 13 == royal_suit and r >= 8 and cat != Category.STRAIGHT_FLUSH:
                score -= 1.0            # a card of the royal flush being collected
            if ranks[r] == 1 and r < 7:
                score += 0.4            # a lone low card shed
        return score

    # -- 18.6.1: the weakest meld for the opponent -------------------------------------
    def _forced(self, view, legal):
        g = self.game
        b = view.get("building") or {"picked": []}
        hand = [int(c) for c in ids(int(view["their_hand"]))]
        picked = [int(c) for c in b["picked"]]
        rest = list(hand)
        for c in picked:
            rest.remove(c)
        need = 5 - len(picked)
        best, choice = None, None
        for extra in combinations(rest, need):
            v = PACK_VALUE(picked + list(extra))
            key = (v, -sum(DECK.rank_of[c] for c in extra))
            if best is None or key < best:
                best, choice = key, extra
        for a in legal:
            if a < DECK.size and choice and FACE[a] == FACE[choice[0]]:
                return a
        return legal[-1]
