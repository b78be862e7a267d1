"""Octopus and Takoyaki (000:232-240).

• Entry may be paid with 1 takoyaki token: one bought from another player or one you
  have up for sale on your harbour (000:232, in rules.py).
• Licences ¥300 (000:236). Tokens cannot be sold back (000:237).
• Converting: give an octopus token back and take 3 takoyaki, which you put up for sale
  on your harbour at prices of your choice (000:238). Takoyaki never spoil; unsold ones
  are worth nothing at the end.
• Value: octopus 3, takoyaki 5 (unless still on your harbour) (000:240).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import add
from .base import FishMarket, whole


class Octopus(FishMarket):
    lines = "000:232-240"
    quote = "um den Oktopus-Markt zu betreten"

    def setup_extra(self, s, st):
        st["takoyaki"] = self._take_tokens(s.box, "takoyaki", int(self.data["takoyaki"]))

    def extra_keys(self):
        return {"takoyaki"}

    def validate_extra(self, d, out, players):
        out["takoyaki"] = whole(d.get("takoyaki", 0), "takoyaki on the Octopus market")

    def count_pieces(self, d, counts):
        super().count_pieces(d, counts)
        counts["tokens:takoyaki"] = counts.get("tokens:takoyaki", 0) + d["takoyaki"]

    def unit_value(self, s, kind):
        return int(self.data["takoyaki_value"] if kind == "takoyaki" else self.data["token_value"])

    def sell_actions(self, s, seat, ctx):
        st = s.fish[self.id]
        if s.seats[seat]["tokens"].get("octopus") and st["takoyaki"] > 0:
            n = min(self.data["takoyaki_per_octopus"], st["takoyaki"])
            return [Action("takoyaki", f"Turn an octopus token into {n} takoyaki for sale on your harbour",
                           self.name, ("takoyaki",))]
        return []

    def apply_special(self, s, seat, data, rng, ev):
        st = s.fish[self.id]
        add(s.seats[seat]["tokens"], "octopus", -1)
        st["tokens"] += 1
        n = min(self.data["takoyaki_per_octopus"], st["takoyaki"])
        st["takoyaki"] -= n
        s.ctx.setdefault("pending", []).extend(["takoyaki"] * n)
        ev.append(Event("takoyaki", f"Seat {seat + 1} turns an octopus token into {n} takoyaki.", seat,
                        {"market": self.id}))
