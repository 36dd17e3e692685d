"""A Texas Hold'em player.

Before the flop it scores its pocket cards (pairs, high cards, suited and
connected cards, after the well-known Chen count) and plays the strong ones
hard, the middling ones for a call, the rest not at all.  After the flop it
estimates its chance of winning by dealing the unseen cards at random
(the opponents' pocket cards and the rest of the board, from the 104-card
pack less what it sees) a few dozen times and evaluating every hand.  It
bets or raises when it is well ahead of an even share, calls when the
chance beats the price of calling (pot odds), and otherwise checks or
folds, with an occasional bluff.  In no-limit it bets about the pot's size,
more when very strong.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.texas_holdem import DECK, EVAL
from . import Bot, heuristic

RANK = DECK.rank_of
SUIT = DECK.suit_of


def chen_score(a: int, b: int) -> float:
    """The Chen count of two pocket cards (about -1 to 20)."""
    points = {14: 10, 13: 8, 12: 7, 11: 6}
    hi, lo = max(RANK[a], RANK[b]), min(RANK[a], RANK[b])
    score = points.get(hi, hi / 2)
    if hi == lo:
        return max(5.0, 2 * score)
    if SUIT[a] == SUIT[b]:
        score += 2
    gap = hi - lo - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and hi < 12:
        score += 1
    return score


@heuristic("texas-holdem")
class HoldemBot(Bot):
    name = "heuristic"
    samples = 48
    _key = None
    _value = 0.0

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        options = {}
        kind_of = g.kind_of
        for a in legal:
            word, amount = kind_of(a)
            options.setdefault(word, []).append((amount, a))
        seat = view["seat"]
        pocket = ids(view["hand"])
        to_call = view.get("to_call", 0)
        pot = view["pot"]
        opponents = sum(1 for p, st in enumerate(view["status"])
                        if p != seat and view["in_hand"][p] and st not in ("folded", "out"))
        opponents = max(1, opponents)
        aggressive = "raise" if "raise" in options else "bet" if "bet" in options else None
        roll = self.rng.random()
        if view["street"] == "preflop":
            # Chen count: 10+ raise, 7+ (or 5+ cheaply) play, else fold
            score = chen_score(*pocket) - 0.5 * (opponents - 1)
            if aggressive and score >= 9:
                return self._size(view, options[aggressive], 0.8, pot)
            if "check" in options:
                return options["check"][0][1]
            if "call" in options and (score >= 6 or (score >= 4 and to_call <= view["bet_size"])):
                return options["call"][0][1]
            return options["fold"][0][1] if "fold" in options else legal[0]
        equity = self._equity(view, pocket, opponents)
        share = 1 / (opponents + 1)
        odds = to_call / (pot + to_call) if to_call else 0.0
        strong = equity > min(0.85, share * 1.7)
        good = equity > min(0.7, share * 1.25)
        if aggressive and (strong or (good and roll < 0.5) or (not to_call and roll < 0.08)):
            return self._size(view, options[aggressive], equity, pot)
        if "check" in options:
            return options["check"][0][1]
        if "call" in options and equity >= odds:
            return options["call"][0][1]
        return options["fold"][0][1] if "fold" in options else legal[0]

    def _size(self, view, amounts, equity, pot) -> int:
        """The bet or raise: the one amount in fixed limit; about the pot in no limit."""
        if len(amounts) == 1:
            return amounts[0][1]
        low, high = amounts[0][0], amounts[-1][0]
        current = max(view["bets"])
        frac = 0.6 + 0.6 * self.rng.random()
        if equity > 0.85:
            frac *= 2
        want = current + int(pot * frac)
        to = max(low, min(high, want))
        for amount, a in amounts:
            if amount == to:
                return a
        return amounts[0][1]

    def _equity(self, view, pocket, opponents) -> float:
        """Winning chance (ties shared) by dealing the unseen cards at random;
        kept while the cards and the number of opponents stay the same."""
        board = [int(c) for c in view["common_cards"]]
        key = (tuple(pocket), tuple(board), opponents, view["hand_no"])
        if key != self._key:
            self._key = key
            self._value = self._simulate(view, pocket, board, opponents)
        return self._value

    def _simulate(self, view, pocket, board, opponents) -> float:
        seen = set(pocket) | set(board)
        for m in view["shown"]:
            seen.update(ids(m))
        pool = [c for c in range(DECK.size) if c not in seen]
        size = len(pool)
        need_board = 5 - len(board)
        draw = need_board + 2 * opponents
        weight = EVAL.weight
        value_of_key = EVAL.value_of_key
        board_key = sum(weight[c] for c in board)
        pocket_key = weight[pocket[0]] + weight[pocket[1]]
        rnd = self.rng.random
        river = need_board == 0
        if river:                       # the board is complete: one value of our own
            mine = value_of_key(board_key + pocket_key, pocket + board)
        won = 0.0
        n = max(12, self.samples // opponents)
        for _ in range(n):
            # a partial shuffle: the first ``draw`` cards of the pool are a
            # fresh random sample whatever order the pool was left in
            for j in range(draw):
                k = j + int(rnd() * (size - j))
                pool[j], pool[k] = pool[k], pool[j]
            if river:
                full, key = board, board_key
            else:
                full = board + pool[:need_board]
                key = board_key
                for c in full[len(board):]:
                    key += weight[c]
                mine = value_of_key(key + pocket_key, pocket + full)
            best_other = 0
            ties = 0
            for i in range(need_board, draw, 2):
                a, b = pool[i], pool[i + 1]
                v = value_of_key(key + weight[a] + weight[b], [a, b] + full)
                if v > best_other:
                    best_other, ties = v, (1 if v == mine else 0)
                elif v == best_other and v == mine:
                    ties += 1
            if mine > best_other:
                won += 1
            elif mine == best_other:
                won += 1 / (ties + 1)
        return won / n
