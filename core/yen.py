"""Yen: every coin sits in exactly one account, the general supply included.

The general supply (the bank) never runs out, so its balance may go below zero;
what matters is that yen only move, so the sum of all balances is always zero.
"""

from __future__ import annotations

from .errors import IllegalMove

SUPPLY = "supply"


class Treasury:
    """Balances by account name: seats, cards, the bank's own supply."""

    __slots__ = ("balances",)

    def __init__(self, balances: dict[str, int] | None = None):
        self.balances: dict[str, int] = {SUPPLY: 0}
        if balances:
            self.balances.update(balances)

    def open(self, account: str, from_supply: int = 0) -> None:
        """Create an account, optionally funded from the general supply."""
        if account in self.balances:
            raise ValueError(f"account {account!r} exists")
        self.balances[account] = 0
        if from_supply:
            self.pay(SUPPLY, account, from_supply)

    def __getitem__(self, account: str) -> int:
        return self.balances[account]

    def can_pay(self, payer: str, amount: int) -> bool:
        return payer == SUPPLY or self.balances[payer] >= amount

    def pay(self, payer: str, payee: str, amount: int, rule: str | None = None) -> None:
        """Move yen; a seat or card cannot pay more than it holds."""
        if amount < 0:
            raise ValueError("a payment cannot be negative")
        if payer != SUPPLY and self.balances[payer] < amount:
            raise IllegalMove(
                f"{payer} has ¥{self.balances[payer]:,} and cannot pay ¥{amount:,}", rule)
        self.balances[payer] -= amount
        self.balances[payee] += amount

    def empty_into(self, payer: str, payee: str) -> int:
        """Move everything an account holds; returns the amount."""
        amount = self.balances[payer]
        self.pay(payer, payee, amount)
        return amount

    def total(self) -> int:
        return sum(self.balances.values())

    def dump(self) -> dict[str, int]:
        return dict(self.balances)

    @classmethod
    def restore(cls, data) -> "Treasury":
        if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                for k, v in data.items()):
            raise ValueError("yen balances must map account names to whole yen")
        if SUPPLY not in data:
            raise ValueError("yen balances lack the general supply")
        if sum(data.values()) != 0:
            raise ValueError("yen balances do not add up: yen were created or lost")
        t = cls.__new__(cls)
        t.balances = dict(data)
        return t
