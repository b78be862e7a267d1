"""Fugu (000:212-223).

• The one fugu licence is taken for free (000:218); it goes back to the market the moment
  its holder unloads a fugu barrel at a berth (000:214, `on_unload`).
• Selling n tokens pays ¥100 × n × n; you need not sell them all (000:219, 000:223:
  4 tokens give ¥1,600).
• Value: n fugu tokens are worth n × n resources together (000:221).
• At the start of your turn you may buy your own spoiled fugu from your lower row,
  paying its price to the supply (000:212, in rules.py).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import add, pay
from .base import FishMarket


class Fugu(FishMarket):
    lines = "000:212-223"
    quote = "verdorbene Fugu-Fässer in dieser unteren Reihe"

    def unit_value(self, s, kind):
        return 1

    def on_unload(self, s, seat, item, ev):
        """The fugu licence goes back as a fugu barrel is unloaded (000:214); the barrel is for sale."""
        me = s.seats[seat]
        if me["licences"].get(self.id):
            add(me["licences"], self.id, -1)
            self.R.licence_home(s, self.id)
            if s.ctx["lic"].get(self.id):
                add(s.ctx["lic"], self.id, -1)
            ev.append(Event("fugu", f"Seat {seat + 1} unloads fugu: the fugu licence goes back.", seat))
        return False

    def sell_actions(self, s, seat, ctx):
        have = s.seats[seat]["tokens"].get("fugu", 0)
        return [Action(f"sell:{n}", f"Sell {n} fugu token{'s' if n > 1 else ''}: ¥{100 * n * n:,}",
                       self.name, ("sell", n)) for n in range(1, have + 1)]

    def apply_special(self, s, seat, data, rng, ev):
        n = data[1]
        add(s.seats[seat]["tokens"], "fugu", -n)
        self.R.tokens_home(s, "fugu", n)
        pay(s, None, seat, 100 * n * n)
        ev.append(Event("sell", f"Seat {seat + 1} sells {n} fugu for ¥{100 * n * n:,}.", seat,
                        {"market": self.id}))
