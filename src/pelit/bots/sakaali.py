"""A Sakaali player that signals and reads signals by the basic system (26.6).

It keeps a plan: the five cards it means to hold at the end, chosen by rank
to cost its team the fewest minus points (26.4) given what it believes its
partner keeps.  The partner is believed to hold two of every rank his cards
one to three signalled (the system's pair signals, taken as true), one of a
rank his answer said he holds, none of a rank his answer said he lacks, and
never more than the cards of that rank not yet seen.  Every card it lays
comes from outside the plan, chosen for what the card says at its place:

- cards 1 and 3: one above a pair it keeps, card 2 one below (a different
  pair each time); with no true signal to give, an ace as card 1 or 3 or a
  king as card 2 (which say nothing), else its most costly spare card;
- cards 4 to 6: a low card (ace..7) when it holds a card of the rank its
  partner's card 1, 2 or 3 showed, a high one when it holds none;
- cards 7 and 8: its most costly spare card (a high single first).

The system is public (the rules help and the table say so), and the bot
lies only when its hand leaves no true signal, never by agreement.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..cards.seats import partner
from ..games.sakaali import (KEPT, LOW_ANSWER, PAIR_POINTS, SINGLE_EXTRA, VALUE, answer_of,
                             signalled_value)
from . import Bot, heuristic


def minus_of(value: int, count: int) -> int:
    """What ``count`` cards of one value cost a team's ten cards (26.4)."""
    if count >= 3 or count == 0:
        return 0
    return PAIR_POINTS if count == 2 else value + SINGLE_EXTRA


def partner_holds(rows: list[list[int]], seat: int, hand: int) -> list[int]:
    """How many cards of each value (index 1..13) the partner is believed to
    keep, read from his row by the basic system and capped by the cards of
    that value neither in our hand nor laid."""
    mate = partner(seat)
    held = [0] * 14
    for place in range(3):
        v = signalled_value(rows[mate], place)
        if v is not None:
            held[v] = max(held[v], 2)
    for place in range(3, 6):
        ans = answer_of(rows, mate, place)
        if ans is not None:
            v, has = ans
            if has:
                held[v] = max(held[v], 1)
            elif held[v] < 2:
                held[v] = 0
    seen = [0] * 14
    for c in ids(hand):
        seen[VALUE[c]] += 1
    for row in rows:
        for c in row:
            seen[VALUE[c]] += 1
    return [min(held[v], 4 - seen[v]) if v else 0 for v in range(14)]


def keep_plan(counts: list[int], mate: list[int]) -> list[int]:
    """How many cards of each value to keep (five in all) so that the team's
    minus points, with the partner's believed cards, are fewest: a small
    dynamic programme over the values."""
    inf = float("inf")
    # best[j] = (cost, plan) keeping j cards among the values seen so far
    best = [(0, [0] * 14)] + [(inf, None)] * KEPT
    for v in range(1, 14):
        if not counts[v]:
            continue
        base = minus_of(v, mate[v])
        nxt = list(best)
        for j in range(KEPT + 1):
            cost, plan = best[j]
            if plan is None:
                continue
            for k in range(1, min(counts[v], KEPT - j) + 1):
                c = cost + minus_of(v, k + mate[v]) - base
                if c < nxt[j + k][0]:
                    p = plan.copy()
                    p[v] = k
                    nxt[j + k] = (c, p)
        best = nxt
    return best[KEPT][1]


@heuristic("sakaali")
class SakaaliBot(Bot):
    name = "heuristic"

    def choose(self, view):
        hand = int(view["hand"])
        rows = [[int(c) for c in row] for row in view["rows"]]
        me = self.seat
        place = len(rows[me])
        cards = ids(hand)
        counts = [0] * 14
        for c in cards:
            counts[VALUE[c]] += 1
        mate = partner_holds(rows, me, hand)
        plan = keep_plan(counts, mate)
        spare = self._spare(cards, plan)
        pick = None
        if place <= 2:
            pick = self._pair_signal(rows[me], place, spare, plan)
        elif place <= 5:
            shown = signalled_value(rows[partner(me)], place - 3)
            if shown is not None:
                want_low = counts[shown] > 0
                fits = [c for c in spare if (VALUE[c] <= LOW_ANSWER) == want_low]
                if fits:
                    pick = self._costliest(fits, counts, mate)
        if pick is None:
            pick = self._costliest(spare, counts, mate)
        return pick

    @staticmethod
    def _spare(cards: list[int], plan: list[int]) -> list[int]:
        """The cards outside the plan (the plan keeps the lowest of a value
        it keeps only part of: their suits do not matter)."""
        left = plan.copy()
        spare = []
        for c in cards:
            v = VALUE[c]
            if left[v]:
                left[v] -= 1
            else:
                spare.append(c)
        return spare

    def _pair_signal(self, row, place, spare, plan):
        """A spare card whose signal is true (a pair first, then a three),
        for a value not signalled yet; else one that says nothing."""
        told = {signalled_value(row, p) for p in range(len(row))}
        step = 1 if place == 1 else -1            # the card is the value minus step
        for size in (2, 3):
            for v in range(13, 0, -1):
                if plan[v] == size and v not in told:
                    for c in spare:
                        if VALUE[c] == v - step:
                            return c
        silent = [c for c in spare if signalled_value([*row[:place], c], place) is None]
        return silent[0] if silent else None

    @staticmethod
    def _costliest(options, counts, mate):
        """The spare card the team misses least: one of a value the plan
        drops anyway, the highest single first."""
        return max(options, key=lambda c: (minus_of(VALUE[c], 1) if counts[VALUE[c]] == 1
                                            and not mate[VALUE[c]] else 0, VALUE[c], -c))
