"""Betting rounds, all-in, side pots and split pots, for games played for chips.

A ``Betting`` keeps the chips of one hand: each seat's stack, what it has put
in this round (``bets``) and this hand (``total``), who has folded, who must
still act, and the round's raise count.  It knows fixed-limit betting (one
bet size per round, a cap on raises) and no-limit betting (any amount up to
all-in, a raise at least as large as the last one), and the rule some tables
play that nobody may raise on his first turn of a round.  The game says who
acts first in each round and when the rounds come; ``Betting`` says what a
seat may do, applies it, says who acts next and when the round is over.

Rules it holds (the general rules of the poker table, written down for
Texas Hold'em in seed 002 and reused by any chip game):

- A round is over when every player still in the hand and not all-in has
  acted at least once and all of them have put in the same amount.  A
  player who alone still has chips does not act unless he faces a bet.
- A player who cannot cover the bet may call with what he has: he is
  all-in, and wins at most what every other player put in up to his amount
  (``side_pots``).
- Folding is offered only against a bet: a player who may check does not
  fold.
- A bet or raise is given as the total the player's bet comes *to* this
  round ("raise to 8"), as hand histories write it.
- Fixed limit: a bet or a raise is exactly the round's bet size; at most
  ``raise_cap`` raises a round (the opening bet, or the big blind, is not a
  raise).  No limit: a bet is at least the big blind; a raise raises by at
  least the last bet or raise of the round.  In both, a player with too few
  chips for a full bet or raise may still go all-in with what he has; such a
  short raise does not count towards the cap and does not let the players
  who have already acted raise again (they may call or fold).
- Pots: the chips of every layer of contributions up to each all-in amount
  form a pot that only the players who reached that layer and have not
  folded can win.  Chips nobody else matched go back to the player who put
  them in when the round ends (``return_uncalled``).  A pot split between tied winners gives each the same; the odd
  chips go one each to the winners in seat order starting from a given seat
  (for Hold'em, the first seat to the left of the dealer).
"""

from __future__ import annotations

FOLD, CHECK, CALL, BET, RAISE = "fold", "check", "call", "bet", "raise"


class Betting:
    """The chips of one hand.  ``players`` seats; seats not ``in_hand`` (out
    of chips, sitting out) never act."""

    __slots__ = ("players", "stacks", "bets", "total", "in_hand", "folded", "pending",
                 "may_raise", "acted", "turns", "current", "last_raise", "raises",
                 "aggressor", "unit", "no_limit", "raise_cap", "first_turn_raise")

    def __init__(self, stacks: list[int], no_limit: bool = False, raise_cap: int | None = 3,
                 first_turn_raise: bool = True):
        n = len(stacks)
        self.players = n
        self.stacks = list(stacks)
        self.bets = [0] * n
        self.total = [0] * n
        self.in_hand = [s > 0 for s in stacks]
        self.folded = [False] * n
        self.pending = [False] * n
        self.may_raise = [True] * n
        self.acted = [False] * n          # acted since the last full bet or raise
        self.turns = [0] * n              # turns taken this round
        self.current = 0                  # the bet to match this round
        self.last_raise = 0               # the size of the last full bet or raise
        self.raises = 0
        self.aggressor = None             # who bet or raised last this round
        self.unit = 0                     # fixed limit: the bet size; no limit: the big blind
        self.no_limit = no_limit
        self.raise_cap = raise_cap
        self.first_turn_raise = first_turn_raise

    def clone(self) -> "Betting":
        new = object.__new__(Betting)
        new.players = self.players
        new.stacks = self.stacks.copy()
        new.bets = self.bets.copy()
        new.total = self.total.copy()
        new.in_hand = self.in_hand.copy()
        new.folded = self.folded.copy()
        new.pending = self.pending.copy()
        new.may_raise = self.may_raise.copy()
        new.acted = self.acted.copy()
        new.turns = self.turns.copy()
        new.current = self.current
        new.last_raise = self.last_raise
        new.raises = self.raises
        new.aggressor = self.aggressor
        new.unit = self.unit
        new.no_limit = self.no_limit
        new.raise_cap = self.raise_cap
        new.first_turn_raise = self.first_turn_raise
        return new

    # -- who is where --------------------------------------------------------
    def live(self, seat: int) -> bool:
        """In the hand and not folded (may win a pot)."""
        return self.in_hand[seat] and not self.folded[seat]

    def can_act(self, seat: int) -> bool:
        """Live and with chips left (not all-in)."""
        return self.in_hand[seat] and not self.folded[seat] and self.stacks[seat] > 0

    def all_in(self, seat: int) -> bool:
        return self.in_hand[seat] and not self.folded[seat] and self.stacks[seat] == 0

    def live_seats(self) -> list[int]:
        return [p for p in range(self.players) if self.live(p)]

    def actors(self) -> int:
        """How many players may still bet (live, chips left)."""
        return sum(1 for p in range(self.players) if self.can_act(p))

    # -- forced bets ------------------------------------------------------
    def post(self, seat: int, amount: int) -> int:
        """A blind or ante: ``amount`` or all the seat has.  Returns what was
        put in.  A blind counts as this round's bet; an ante (``post`` then
        ``collect_antes``) does not."""
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.bets[seat] += paid
        self.total[seat] += paid
        self.current = max(self.current, self.bets[seat])
        return paid

    def collect_antes(self) -> None:
        """Antes go to the pot: they are not bets of the round."""
        self.bets = [0] * self.players
        self.current = 0

    # -- rounds -----------------------------------------------------------
    def start_round(self, unit: int, keep_bets: bool = False) -> None:
        """A new betting round with bet size ``unit`` (fixed limit) or big
        blind ``unit`` (no limit).  ``keep_bets``: the blinds just posted
        are this round's bets (the first round)."""
        n = self.players
        if not keep_bets:
            self.bets = [0] * n
            self.current = 0
        self.unit = unit
        self.raises = 0
        self.aggressor = None
        self.last_raise = unit if keep_bets and self.current else 0
        self.turns = [0] * n
        self.acted = [False] * n
        self.may_raise = [True] * n
        for p in range(n):
            self.pending[p] = self.can_act(p)
        self._settle()

    def _settle(self) -> None:
        """One player with chips left and nobody to bet against: he acts
        only if he faces a bet."""
        if self.actors() <= 1:
            for p in range(self.players):
                if self.pending[p] and self.bets[p] >= self.current:
                    self.pending[p] = False

    def round_over(self) -> bool:
        return not any(self.pending) or len(self.live_seats()) <= 1

    def next_to_act(self, after: int) -> int | None:
        """The first seat after ``after`` (clockwise) that must still act."""
        n = self.players
        for i in range(1, n + 1):
            p = (after + i) % n
            if self.pending[p]:
                return p
        return None

    # -- what a seat may do ------------------------------------------------------
    def to_call(self, seat: int) -> int:
        """What calling costs the seat now (all its chips if fewer)."""
        return min(self.current - self.bets[seat], self.stacks[seat])

    def raise_range(self, seat: int) -> tuple[str, int, int] | None:
        """``(BET or RAISE, lowest, highest)`` totals this round the seat may
        bet or raise to, or ``None`` if it may not."""
        if not self.pending[seat] or not self.may_raise[seat]:
            return None
        most = self.bets[seat] + self.stacks[seat]          # all-in
        if most <= self.current:
            return None
        if self.current == 0:
            low = self.unit
            kind = BET
        else:
            if not self.first_turn_raise and self.turns[seat] == 0:
                return None                                  # no raise on the first turn
            if not self.no_limit and self.raise_cap is not None and self.raises >= self.raise_cap:
                return None
            low = self.current + (max(self.last_raise, self.unit) if self.no_limit else self.unit)
            kind = RAISE
        if self.actors() <= 1:
            return None                                      # nobody left to bet against
        low = min(low, most)
        high = most if self.no_limit else low
        return kind, low, high

    def passive_choices(self, seat: int) -> list[tuple[str, int]]:
        """The legal fold, check and call as ``(kind, to)`` (``to`` the bet
        after calling); ``raise_range`` gives the bets and raises."""
        if not self.pending[seat]:
            return []
        owe = self.current - self.bets[seat]
        if owe > 0:
            return [(FOLD, self.bets[seat]),
                    (CALL, self.bets[seat] + min(owe, self.stacks[seat]))]
        return [(CHECK, self.bets[seat])]

    def is_legal(self, seat: int, kind: str, to: int) -> bool:
        if not self.pending[seat]:
            return False
        owe = self.current - self.bets[seat]
        if kind == FOLD:
            return owe > 0
        if kind == CHECK:
            return owe <= 0
        if kind == CALL:
            return owe > 0 and to == self.bets[seat] + min(owe, self.stacks[seat])
        r = self.raise_range(seat)
        return r is not None and r[0] == kind and r[1] <= to <= r[2]

    # -- acting ------------------------------------------------------------
    def act(self, seat: int, kind: str, to: int = 0) -> int:
        """Apply a legal action (the caller checks ``is_legal``).  Returns
        the chips the seat put in."""
        self.turns[seat] += 1
        self.pending[seat] = False
        self.acted[seat] = True
        if kind == FOLD:
            self.folded[seat] = True
            self._settle()
            return 0
        if kind == CHECK:
            return 0
        if kind == CALL:
            paid = min(self.current - self.bets[seat], self.stacks[seat])
            self._pay(seat, paid)
            self._settle()
            return paid
        paid = to - self.bets[seat]
        raise_by = to - self.current
        self.aggressor = seat
        full = raise_by >= (max(self.last_raise, self.unit) if self.no_limit else self.unit)
        self._pay(seat, paid)
        if full:
            if self.current > 0:
                self.raises += 1
            self.last_raise = raise_by
            for p in range(self.players):
                if p != seat:
                    self.acted[p] = False
                    self.may_raise[p] = True
        else:
            # a short all-in raise: those who have acted may only call or fold
            for p in range(self.players):
                if p != seat and self.acted[p]:
                    self.may_raise[p] = False
        self.current = to
        for p in range(self.players):
            if p != seat and self.can_act(p):
                self.pending[p] = True
        return paid

    def _pay(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.total[seat] += amount

    # -- pots --------------------------------------------------------------
    def return_uncalled(self) -> tuple[int, int] | None:
        """At the end of a round: the chips of the largest contribution that
        nobody matched go back to their owner.  Returns (seat, amount) or None."""
        top = max(self.total)
        seat = self.total.index(top)
        second = max((t for p, t in enumerate(self.total) if p != seat), default=0)
        if top <= second:
            return None
        back = top - second
        self.stacks[seat] += back
        self.total[seat] -= back
        self.bets[seat] -= back
        self.current = max(self.bets)
        return seat, back

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """``side_pots`` of this hand's contributions."""
        return side_pots(self.total, [not self.live(p) for p in range(self.players)])

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}

    @classmethod
    def from_json(cls, data: dict) -> "Betting":
        new = object.__new__(cls)
        for k in cls.__slots__:
            v = data[k]
            setattr(new, k, list(v) if isinstance(v, (list, tuple)) else v)
        return new


def side_pots(total: list[int], out: list[bool]) -> list[tuple[int, tuple[int, ...]]]:
    """The main pot and side pots, lowest layer first, as ``(amount, seats
    that may win it)``.  ``total[p]`` is what seat p put in this hand;
    ``out[p]`` says p cannot win (folded, or never dealt in).  A layer's
    chips come from everyone who put in that much, folded or not; layers
    with the same seats are one pot.  A pot only one seat may win goes to
    that seat (everyone else folded, or nobody matched those chips)."""
    levels = sorted({t for p, t in enumerate(total) if not out[p] and t > 0})
    pots: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    for level in levels:
        amount = sum(min(t, level) - min(t, prev) for t in total)
        seats = tuple(p for p, t in enumerate(total) if not out[p] and t >= level)
        if pots and pots[-1][1] == seats:
            pots[-1] = (pots[-1][0] + amount, seats)
        else:
            pots.append((amount, seats))
        prev = level
    # chips of folded players above the highest live contribution
    rest = sum(max(0, t - prev) for t in total)
    if rest and pots:
        pots[-1] = (pots[-1][0] + rest, pots[-1][1])
    return pots


def split(amount: int, winners: list[int], players: int, first: int) -> dict[int, int]:
    """Share ``amount`` among ``winners`` equally; the odd chips go one each
    to the winners in seat order starting at seat ``first``."""
    share, odd = divmod(amount, len(winners))
    order = sorted(winners, key=lambda p: (p - first) % players)
    return {p: share + (1 if i < odd else 0) for i, p in enumerate(order)}


def award(pots, strength, players: int, first: int) -> list[dict]:
    """Each pot to the best ``strength[p]`` among its seats (ties split by
    ``split``; ``None`` when every pot has one seat left).  Returns one entry
    per pot: amount, seats, winners, shares."""
    out = []
    for amount, seats in pots:
        if len(seats) == 1 or strength is None:
            winners = [seats[0]]
        else:
            best = max(strength[p] for p in seats)
            winners = [p for p in seats if strength[p] == best]
        out.append({"amount": amount, "seats": list(seats), "winners": winners,
                    "shares": split(amount, winners, players, first)})
    return out
