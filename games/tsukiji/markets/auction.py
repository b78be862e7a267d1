"""Auction (000:307-309). Not used with fewer than 3 players (000:23).

Once per visit you may auction a lot: any tokens, laid on the rightmost space whose
resource value the lot reaches; pay that space's fee first. Everyone else bids in secret
(¥0 is a bid). You must take the highest bid (ties: you choose among the tied); the
winner pays you, and the market pays you as much again (000:309: ¥300 + ¥300 = ¥600).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import pay, yen
from .base import Market


class Auction(Market):
    lines = "000:307-309"
    quote = "darfst du eine Auktion durchführen"

    def refuse_entry(self, s, seat):
        if s.players < self.data["min_players"]:
            return "the Auction is not used with fewer than 3 players (000:23)"
        return None

    def space_for(self, value: int) -> int:
        best = 0
        for i, sp in enumerate(self.data["spaces"]):
            if value >= sp["min"]:
                best = i
        return best

    def fee_for(self, s, tokens: dict) -> int:
        return self.data["spaces"][self.space_for(self.R.lot_value(s, tokens))]["fee"]

    def possible(self, s, seat, ctx):
        if ctx.get("auctioned"):
            return False
        y = yen(s, seat)
        return any(self.fee_for(s, {k: 1}) <= y for k, n in s.seats[seat]["tokens"].items() if n)

    def actions(self, s, seat, ctx):
        if ctx.get("auctioned"):
            return []
        out = self.lot_actions(s, seat, ctx)
        lot = ctx.get("lot")
        if lot:
            value = self.R.lot_value(s, lot)
            i = self.space_for(value)
            fee = self.data["spaces"][i]["fee"]
            if fee <= yen(s, seat):
                out.append(Action("auction:offer", f"Auction the lot (value {value}) on space {i + 1}, fee ¥{fee:,}",
                                  self.name, ("auction", i, fee)))
        return out

    def award(self, s, winner, amount, ev):
        """000:309: the winner pays, and the market adds as much."""
        active = s.turn
        pay(s, winner, active, amount)
        pay(s, None, active, amount)
        ev.append(Event("won", f"Seat {winner + 1} wins {self.R.lot_text(s.bid['lot'])} for ¥{amount:,}; the market "
                               f"adds as much: seat {active + 1} takes ¥{2 * amount:,}.", winner))

    def apply(self, s, seat, data, rng, ev):
        if self.apply_lot(s, seat, data, ev):
            return
        _, space, fee = data
        lot = s.ctx.pop("lot")
        s.ctx["lot"] = {}
        s.ctx["auctioned"] = True
        pay(s, seat, None, fee, self.rule)
        ev.append(Event("auction", f"Seat {seat + 1} puts a lot of {self.R.lot_text(lot)} up for auction on space "
                                   f"{space + 1} and pays the ¥{fee:,} fee.", seat, {"market": self.id}))
        others = [(seat + i) % s.players for i in range(1, s.players)]
        self.R.start_bid(s, "auction", others, lot, {"space": space})
