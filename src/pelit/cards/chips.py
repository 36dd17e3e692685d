"""Chip accounts with a bank that lends against debt tokens.

Each player holds chips; the bank takes rakes and lends.  A loan is one
debt token per unit, from a limited supply of tokens; loans are repaid when
the game says so (Korppi 000 4.2.3: at the end of each deal).  Every payment
is checked first: ``can_pay`` says whether a player can pay an amount from
his own chips, ``can_pay_on_credit`` whether he can with the tokens left.
"""

from __future__ import annotations


class ChipError(Exception):
    """A payment the accounts cannot make (callers check first)."""


class Chips:
    __slots__ = ("chips", "debt", "tokens", "bank")

    def __init__(self, players: int, each: int, tokens: int = 0, bank: int = 0):
        self.chips = [each] * players
        self.debt = [0] * players
        self.tokens = tokens          # debt tokens the bank still has
        self.bank = bank              # chips in the bank

    def clone(self) -> "Chips":
        new = object.__new__(Chips)
        new.chips = self.chips.copy()
        new.debt = self.debt.copy()
        new.tokens = self.tokens
        new.bank = self.bank
        return new

    def can_pay(self, who: int, amount: int) -> bool:
        return self.chips[who] >= amount

    def can_pay_on_credit(self, who: int, amount: int) -> bool:
        return self.chips[who] + min(self.tokens, self.bank) >= amount

    def pay(self, who: int, to: int | None, amount: int) -> None:
        """``who`` pays ``amount`` from his chips to player ``to`` (``None``: the bank)."""
        if amount < 0 or self.chips[who] < amount:
            raise ChipError(f"player {who} cannot pay {amount}")
        self.chips[who] -= amount
        if to is None:
            self.bank += amount
        else:
            self.chips[to] += amount

    def pay_on_credit(self, who: int, to: int | None, amount: int) -> int:
        """Pay, borrowing from the bank (one token a unit) what the chips lack.
        Returns the units borrowed."""
        short = max(0, amount - self.chips[who])
        if short > self.tokens or short > self.bank:
            raise ChipError(f"the bank cannot lend player {who} {short}")
        if short:
            self.tokens -= short
            self.bank -= short
            self.debt[who] += short
            self.chips[who] += short
        self.pay(who, to, amount)
        return short

    def repay(self, who: int) -> bool:
        """Repay all of ``who``'s debt to the bank; False (nothing changes) if he cannot."""
        owed = self.debt[who]
        if self.chips[who] < owed:
            return False
        self.chips[who] -= owed
        self.bank += owed
        self.tokens += owed
        self.debt[who] = 0
        return True

    def net(self, who: int) -> int:
        return self.chips[who] - self.debt[who]

    def to_json(self) -> dict:
        return {"chips": list(self.chips), "debt": list(self.debt), "tokens": self.tokens,
                "bank": self.bank}
