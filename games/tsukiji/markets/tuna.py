"""Tuna (000:282-293).

• Unloaded tuna barrels are not put up for sale: every 3 unloaded in one fishing action
  start an auction for a random tuna token from the bag, run as for King Crab; 1 or 2
  left over go back unpaid (000:284-288, rules.py).
• Licences ¥1,000 (000:290).
• Selling: ¥100 × the total value; sold tokens go back into the bag (000:291).
• Value: printed 15, 20 or 25 (000:293).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import add, pay
from .base import FishMarket


class Tuna(FishMarket):
    lines = "000:282-293"
    bag = True

    def unit_value(self, s, kind):
        return int(kind.rsplit("_", 1)[1])

    def sell_actions(self, s, seat, ctx):
        out = []
        for kind, n in s.seats[seat]["tokens"].items():
            if self.d.kind_fish[kind] == self.id and n:
                v = self.unit_value(s, kind)
                out.append(Action(f"sell:{kind}", f"Sell a tuna token ({v}) for ¥{100 * v:,}", self.name,
                                  ("sell", kind, 100 * v)))
        return sorted(out)

    def apply_special(self, s, seat, data, rng, ev):
        _, kind, price = data
        add(s.seats[seat]["tokens"], kind, -1)
        self.R.tokens_home(s, kind, 1)
        pay(s, None, seat, price)
        ev.append(Event("sell", f"Seat {seat + 1} sells a tuna ({self.unit_value(s, kind)}) for ¥{price:,}; "
                                "it goes back into the bag.", seat, {"market": self.id}))
