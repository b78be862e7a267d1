"""Barter (000:325).

Once per visit offer a group of tokens; the others bid in secret (¥0 is a bid). You may
accept any one bid (not necessarily the highest) or refuse them all; the accepted
bidder pays you and takes the tokens, otherwise they come back to you.
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import pay
from .base import Market


class Barter(Market):
    lines = "000:325"
    quote = "darfst du eine Gruppe von Fischmarkern zum Verkauf anbieten"
    #: any one bid may be accepted, not necessarily the highest
    picks_a_bid = True

    def award(self, s, winner, amount, ev):
        """The accepted bidder pays you (000:325)."""
        active = s.turn
        pay(s, winner, active, amount)
        ev.append(Event("won", f"Seat {active + 1} accepts seat {winner + 1}'s ¥{amount:,} for "
                               f"{self.R.lot_text(s.bid['lot'])}.", winner))

    def possible(self, s, seat, ctx):
        return not ctx.get("bartered") and any(s.seats[seat]["tokens"].values())

    def actions(self, s, seat, ctx):
        if ctx.get("bartered"):
            return []
        out = self.lot_actions(s, seat, ctx)
        if ctx.get("lot"):
            out.append(Action("barter:offer", f"Offer the lot ({self.R.lot_text(ctx['lot'])}) for sealed bids",
                              self.name, ("barter",)))
        return out

    def apply(self, s, seat, data, rng, ev):
        if self.apply_lot(s, seat, data, ev):
            return
        lot = s.ctx.pop("lot")
        s.ctx["lot"] = {}
        s.ctx["bartered"] = True
        ev.append(Event("barter", f"Seat {seat + 1} offers {self.R.lot_text(lot)} for barter.", seat,
                        {"market": self.id}))
        others = [(seat + i) % s.players for i in range(1, s.players)]
        self.R.start_bid(s, "barter", others, lot, {})
