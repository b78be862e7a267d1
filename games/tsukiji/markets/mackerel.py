"""Mackerel (000:225-230), always in play (000:17).

• Licences: at most 1 per visit, ¥100 (000:227).
• Selling: mackerel barrels from your own harbour AND mackerel tokens go back to the
  tableau; ¥100 for every 2 returned, in any mix (000:228). Items are returned one at a
  time here; every second one of the same visit pays ¥100, which is the same as returning
  them together.
• Each token is worth 1 resource (000:230).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import ROW_LETTER, add, pay
from .base import FishMarket


class Mackerel(FishMarket):
    lines = "000:225-230"
    quote = "Interaktionen bei der Märkte-Aktion"

    def sell_actions(self, s, seat, ctx):
        me = s.seats[seat]
        out = []
        per, yen_ = self.data["sell_per"], self.data["sell_yen"]
        sold = ctx.get("sold", 0)
        pays = (sold + 1) % per == 0
        note = f" (the {per}{'nd' if per == 2 else 'th'} item: ¥{yen_})" if pays else " (pays on the next one)"
        if me["tokens"].get("mackerel"):
            out.append(Action("sell:token", "Return a mackerel token to the market" + note, self.name,
                              ("sell", "token")))
        seen = set()
        for kind, row, col in me["harbour"]:
            if kind == "mackerel" and (row, col) not in seen:
                seen.add((row, col))
                out.append(Action(f"sell:barrel:{ROW_LETTER[row]}:{col}",
                                  f"Return the mackerel barrel from your {row} row ({self.R.col_name(col)})"
                                  + note, self.name, ("sell", "barrel", row, col)))
        return out

    def apply_special(self, s, seat, data, rng, ev):
        me = s.seats[seat]
        if data[1] == "token":
            add(me["tokens"], "mackerel", -1)
            self.R.tokens_home(s, "mackerel", 1)
            what = "a mackerel token"
        else:
            _, _, row, col = data
            me["harbour"].remove(["mackerel", row, col])
            self.R.barrels_home(s, "mackerel", 1)
            what = "a mackerel barrel"
        ctx = s.ctx
        ctx["sold"] = ctx.get("sold", 0) + 1
        text = f"Seat {seat + 1} returns {what} to the Mackerel market"
        if ctx["sold"] % self.data["sell_per"] == 0:
            pay(s, None, seat, self.data["sell_yen"])
            text += f" and takes ¥{self.data['sell_yen']}"
        ev.append(Event("sell", text + ".", seat, {"market": self.id}))


