"""Yen: every coin sits in exactly one account, the general supply included.

The general supply (the bank) never runs out, so its balance may go below zero;
what matters is that yen only move, so the sum of all balances is always zero.

That sum is zero by construction, so it proves nothing about the rules: a move that
pays ¥100 too much keeps it. What does is the ledger the random-play check keeps
(core.testing): a game lists where yen may lie in `conserved()` (one `yen:<account>`
entry each, `counted`), and says for each move which payments its rules call for
(`Payment`s, computed from the rule data and the position before the move, never from
what the move did); every account must then change by exactly those payments (`net`).
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import IllegalMove

SUPPLY = "supply"
#: the prefix of a `conserved()` entry that is an account's balance, not a piece count
YEN = "yen:"


class Payment(NamedTuple):
    """One payment the rules call for: who pays whom, how much, and under which rule
    (the rulebook line, e.g. "Chocolate Milk, sell (004:255)")."""
    payer: str
    payee: str
    amount: int
    rule: str


def net(payments) -> dict[str, int]:
    """How much each account gains (or, negative, loses) by these payments."""
    out: dict[str, int] = {}
    for p in payments:
        out[p.payer] = out.get(p.payer, 0) - p.amount
        out[p.payee] = out.get(p.payee, 0) + p.amount
    return out


def counted(balances: dict[str, int]) -> dict[str, int]:
    """Balances by account as `conserved()` entries: {"yen:seat0": 500, "yen:supply": -500}."""
    return {YEN + account: amount for account, amount in balances.items()}


def accounts(conserved: dict) -> dict[str, int]:
    """The balances a `conserved()` dict lists, by account name."""
    return {k[len(YEN):]: v for k, v in conserved.items() if k.startswith(YEN)}


def pieces(conserved: dict) -> dict:
    """What of a `conserved()` dict must never change: everything but the balances."""
    return {k: v for k, v in conserved.items() if not k.startswith(YEN)}


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
        """Always 0 (yen only move): no evidence that a move paid what the rules say."""
        return sum(self.balances.values())

    def counted(self) -> dict[str, int]:
        """Every account's balance as `conserved()` entries, the general supply's included."""
        return counted(self.balances)

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
