"""A contract auction: ordered bids, passes, doubles and redoubles.

Bids are indices into a game's list of contracts (higher index = higher
bid).  The auction ends when, after a bid, every other player passes in turn
(``passes_to_end``), or when everyone passes without a bid.  Games with other
endings (Tuppi's exposed bid cards, Contract Samba's double ending it) keep
their own rules and use this only where it fits.
"""

from __future__ import annotations

PASS, DOUBLE, REDOUBLE = -1, -2, -3


class Auction:
    __slots__ = ("n", "turn", "calls", "high", "high_seat", "doubled", "doubled_by",
                 "passes", "done", "allow_double", "passes_to_end", "min_bid")

    def __init__(self, n: int, first: int, allow_double: bool = True,
                 passes_to_end: int | None = None, min_bid: int = 0):
        self.n = n
        self.turn = first
        self.calls: list[tuple[int, int]] = []
        self.high = None
        self.high_seat = None
        self.doubled = 0            # 0, 1 doubled, 2 redoubled
        self.doubled_by = None
        self.passes = 0
        self.done = False
        self.allow_double = allow_double
        self.passes_to_end = n - 1 if passes_to_end is None else passes_to_end
        self.min_bid = min_bid

    def clone(self) -> "Auction":
        new = object.__new__(Auction)
        for k in Auction.__slots__:
            setattr(new, k, getattr(self, k))
        new.calls = self.calls.copy()
        return new

    def legal(self, bid_count: int, opponents=lambda a, b: (a - b) % 2 == 1) -> list[int]:
        """Calls open to the player whose turn it is: PASS, DOUBLE, REDOUBLE, bids."""
        if self.done:
            return []
        out = [PASS]
        if self.allow_double and self.high is not None:
            if self.doubled == 0 and opponents(self.turn, self.high_seat):
                out.append(DOUBLE)
            elif self.doubled == 1 and not opponents(self.turn, self.high_seat):
                out.append(REDOUBLE)
        start = self.min_bid if self.high is None else self.high + 1
        out.extend(range(start, bid_count))
        return out

    def call(self, seat: int, call: int) -> None:
        self.calls.append((seat, call))
        if call == PASS:
            self.passes += 1
            if self.high is None and self.passes == self.n:
                self.done = True
            elif self.high is not None and self.passes >= self.passes_to_end:
                self.done = True
        elif call == DOUBLE:
            self.doubled, self.doubled_by, self.passes = 1, seat, 0
        elif call == REDOUBLE:
            self.doubled, self.passes = 2, 0
        else:
            self.high, self.high_seat = call, seat
            self.doubled, self.doubled_by, self.passes = 0, None, 0
        self.turn = (seat + 1) % self.n
