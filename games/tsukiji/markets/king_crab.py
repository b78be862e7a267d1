"""King Crab (000:262-273).

• Unloaded king crab barrels are not put up for sale: every 2 unloaded in one fishing
  action start an auction for a random token from the bag; everyone bids in secret, the
  active player breaks ties; the active player pays the supply, anyone else pays the
  active player; a single barrel left at the end goes back unpaid (000:264-268, rules.py).
• Licences ¥800 (000:270).
• Selling: ¥100 × value + ¥400 per token; sold tokens go back into the bag (000:271).
• Value: printed 4, 6 or 8 (000:273).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import add, pay
from .base import FishMarket


class KingCrab(FishMarket):
    lines = "000:262-273"
    bag = True

    def unit_value(self, s, kind):
        return int(kind.rsplit("_", 1)[1])

    def sell_actions(self, s, seat, ctx):
        out = []
        for kind, n in s.seats[seat]["tokens"].items():
            if self.d.kind_fish[kind] == self.id and n:
                v = self.unit_value(s, kind)
                price = 100 * v + int(self.data["sell_bonus"])
                out.append(Action(f"sell:{kind}", f"Sell a king crab token ({v}) for ¥{price:,}", self.name,
                                  ("sell", kind, price)))
        return sorted(out)

    def apply_special(self, s, seat, data, rng, ev):
        _, kind, price = data
        add(s.seats[seat]["tokens"], kind, -1)
        self.R.tokens_home(s, kind, 1)
        pay(s, None, seat, price)
        ev.append(Event("sell", f"Seat {seat + 1} sells a king crab ({self.unit_value(s, kind)}) for ¥{price:,}; "
                                "it goes back into the bag.", seat, {"market": self.id}))
