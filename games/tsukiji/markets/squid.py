"""Squid (000:275-280): licences ¥300, tokens sell for ¥600 each, worth 0 resources."""

from __future__ import annotations

from core.game import Action, Event

from ..state import add, pay
from .base import FishMarket


class Squid(FishMarket):
    lines = "000:275-280"
    quote = "Interaktionen bei der Märkte-Aktion"

    def sell_actions(self, s, seat, ctx):
        if s.seats[seat]["tokens"].get("squid"):
            return [Action("sell", f"Sell a squid token for ¥{self.data['sell_yen']:,}", self.name, ("sell",))]
        return []

    def apply_special(self, s, seat, data, rng, ev):
        add(s.seats[seat]["tokens"], "squid", -1)
        self.R.tokens_home(s, "squid", 1)
        pay(s, None, seat, int(self.data["sell_yen"]))
        ev.append(Event("sell", f"Seat {seat + 1} sells a squid token for ¥{self.data['sell_yen']:,}.", seat,
                        {"market": self.id}))
