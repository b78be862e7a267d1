"""Sealed simultaneous bids: each seat decides in private, all are revealed together.

Tsukiji's auctions and barter, Izakaya's turn order and others use this one mechanism.
Until every bidder has bid, a seat's view shows only *whether* others have bid; the
amounts appear in everyone's view together, at the reveal.
"""

from __future__ import annotations

from .errors import IllegalMove


class SealedBid:
    """One round of sealed bids among `bidders`, each between `minimum` and their own cap."""

    __slots__ = ("bidders", "minimum", "caps", "step", "bids", "label")

    def __init__(self, bidders: list[int], *, minimum: int = 0, caps: dict[int, int] | None = None,
                 step: int = 100, label: str = "bid"):
        if not bidders:
            raise ValueError("a sealed bid needs at least one bidder")
        self.bidders = list(bidders)
        self.minimum = minimum
        self.caps = {int(k): int(v) for k, v in (caps or {}).items()}
        self.step = step
        self.bids: dict[int, int] = {}
        self.label = label

    def waiting(self) -> tuple[int, ...]:
        return tuple(s for s in self.bidders if s not in self.bids)

    @property
    def complete(self) -> bool:
        return len(self.bids) == len(self.bidders)

    def allowed(self, seat: int) -> range:
        cap = self.caps.get(seat)
        top = cap if cap is not None else self.minimum
        top = max(self.minimum, top - (top - self.minimum) % self.step) if top >= self.minimum else self.minimum - 1
        return range(self.minimum, top + 1, self.step)

    def submit(self, seat: int, amount: int) -> None:
        if seat not in self.bidders:
            raise IllegalMove(f"seat {seat + 1} takes no part in this {self.label}")
        if seat in self.bids:
            raise IllegalMove(f"seat {seat + 1} has already made a sealed {self.label}")
        if amount not in self.allowed(seat):
            r = self.allowed(seat)
            if len(r) == 0:
                raise IllegalMove(f"seat {seat + 1} cannot afford the minimum {self.label}")
            raise IllegalMove(f"a {self.label} is ¥{r.start:,}–¥{r[-1]:,} in steps of ¥{self.step}")
        self.bids[seat] = amount

    def reveal(self, tie_order: list[int]) -> list[tuple[int, int]]:
        """(seat, amount), highest first; equal bids in `tie_order` (e.g. from the active player)."""
        if not self.complete:
            raise IllegalMove(f"the {self.label} is revealed only once everyone has bid")
        rank = {s: i for i, s in enumerate(tie_order)}
        return sorted(self.bids.items(), key=lambda sb: (-sb[1], rank.get(sb[0], len(rank) + sb[0])))

    def view(self, seat: int | None) -> dict:
        """What `seat` may see: its own bid, who has bid; amounts only after all have bid."""
        out = {"label": self.label, "bidders": list(self.bidders), "minimum": self.minimum,
               "step": self.step, "done": sorted(self.bids), "complete": self.complete}
        if self.complete:
            out["bids"] = {str(s): a for s, a in sorted(self.bids.items())}
        elif seat is not None and seat in self.bids:
            out["own"] = self.bids[seat]
        return out

    def dump(self) -> dict:
        return {"bidders": list(self.bidders), "minimum": self.minimum,
                "caps": {str(k): v for k, v in self.caps.items()}, "step": self.step,
                "bids": {str(k): v for k, v in self.bids.items()}, "label": self.label}

    @classmethod
    def restore(cls, data: dict) -> "SealedBid":
        b = cls([int(s) for s in data["bidders"]], minimum=int(data["minimum"]),
                caps={int(k): int(v) for k, v in data["caps"].items()}, step=int(data["step"]),
                label=str(data["label"]))
        if b.step <= 0:
            raise ValueError("a bid step is positive")
        for k, v in data["bids"].items():
            seat, amount = int(k), int(v)
            if seat not in b.bidders or amount not in b.allowed(seat):
                raise ValueError(f"sealed bid of seat {k} is not one it could make")
            b.bids[seat] = amount
        return b
