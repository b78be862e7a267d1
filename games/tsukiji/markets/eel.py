"""Eel (000:203-210).

• Licences ¥500 (000:205).
• Selling tokens: ¥100 × their total value, then the value marker goes back 2 spaces per
  token sold (000:206). Selling is one batch: 2 tokens at value 6 give ¥1,200 and the
  marker goes from 6 to 2 (000:210).
• Value: the marker on the track, 1..13; +1 for every eel barrel put up for sale on a
  harbour (not merely caught); moves past 13 or below 1 are ignored (000:208).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import add, pay
from .base import FishMarket, whole


class Eel(FishMarket):
    lines = "000:203-210"
    quote = "Interaktionen bei der Märkte-Aktion"

    def setup_extra(self, s, st):
        st["value"] = int(self.data["value_start"])

    def extra_keys(self):
        return {"value"}

    def validate_extra(self, d, out, players):
        v = whole(d.get("value", self.data["value_start"]), "the eel value")
        if not self.data["value_min"] <= v <= self.data["value_max"]:
            raise ValueError(f"the eel value marker is on 1..13 (000:208), not {v}")
        out["value"] = v

    def unit_value(self, s, kind):
        st = s.fish.get(self.id)
        return st["value"] if st else int(self.data["value_start"])

    def move(self, s, steps: int) -> None:
        """Move the marker space by space; steps past either end are ignored (000:208)."""
        st = s.fish[self.id]
        st["value"] = max(self.data["value_min"], min(self.data["value_max"], st["value"] + steps))

    def on_priced(self, s, seat, ev):
        """+1 for every eel barrel put up for sale (000:208)."""
        if self.id in s.fish:
            self.move(s, self.data["value_rise_per_barrel"])

    def sell_actions(self, s, seat, ctx):
        have = s.seats[seat]["tokens"].get("eel", 0)
        v = s.fish[self.id]["value"]
        return [Action(f"sell:{n}", f"Sell {n} eel token{'s' if n > 1 else ''} at value {v}: ¥{100 * n * v:,}",
                       self.name, ("sell", n)) for n in range(1, have + 1)]

    def apply_special(self, s, seat, data, rng, ev):
        n = data[1]
        v = s.fish[self.id]["value"]
        add(s.seats[seat]["tokens"], "eel", -n)
        self.R.tokens_home(s, "eel", n)
        pay(s, None, seat, 100 * n * v)
        self.move(s, -self.data["value_drop_per_token"] * n)
        ev.append(Event("sell", f"Seat {seat + 1} sells {n} eel token{'s' if n > 1 else ''} for ¥{100 * n * v:,}; "
                                f"the eel value goes from {v} to {s.fish[self.id]['value']}.", seat,
                        {"market": self.id}))
