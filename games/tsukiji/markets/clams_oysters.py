"""Clams & Oysters (000:457-466) — the expansion.

• Its clam and oyster tokens lie in the auction bag, not on the tableau (000:414); the
  market is overfished when its barrels or the bag's clams and oysters run out (000:351).
• Entry may be paid with 1 clams & oysters barrel taken from those you have up for sale
  on your harbour; it goes back to the market (000:436, 000:457; entering.py).
• Buying a clams & oysters barrel from another player: the barrel goes back, you draw a
  random clam or oyster from the bag; for an oyster you also take ¥200 from the supply.
  Each purchase is its own move, so you see the draw before deciding on more (000:459).
• Licences ¥500 each (000:463).
• Selling: only as sets of 1 clam + 1 oyster, ¥800 a set, several sets per visit; sold
  tokens go back into the bag (000:464).
• Value: a clam 3 resources, an oyster 1 (000:466).
"""

from __future__ import annotations

from core.components import Bag
from core.errors import IllegalMove
from core.game import Action, Event

from ..citations import rule
from ..state import add, pay
from .base import FishMarket

RULE_CO_BUY = rule("Clams & Oysters, buying", "000:459",
                   "ziehe zufällig einen Muschel- oder Austernmarker aus denen im Beutel")
RULE_CO_SETS = rule("Clams & Oysters, selling sets", "000:464",
                    "Du darfst sie nur als Satz verkaufen")


class ClamsOysters(FishMarket):
    lines = "000:457-466"
    quote = "Die Eintrittskosten in Fischfässern betragen für diesen Markt 1 Muschel-&-Austern-Fass"
    bag = True

    # ---- values (000:466) ---------------------------------------------------------------------

    def unit_value(self, s, kind):
        return int(self.d.bag_kinds[kind]["value"])

    # ---- buying (000:459) -----------------------------------------------------------------------

    def token_for_barrel(self, s) -> bool:
        return self.id in s.fish and bool(s.bags.get(self.id))

    def take_token_for_barrel(self, s, seat, row, rng, ev):
        bag = Bag()
        bag.items = s.bags.setdefault(self.id, [])
        kind = bag.draw(rng, RULE_CO_BUY)
        if kind == "oyster":
            pay(s, None, seat, int(self.data["oyster_yen"]))
        ev.append(Event("draw", f"Seat {seat + 1} draws a{'n oyster' if kind == 'oyster' else ' clam'} from the bag"
                        + (f" and takes ¥{int(self.data['oyster_yen']):,} from the supply." if kind == "oyster"
                           else "."), seat, {"market": self.id, "token": kind}))
        return kind

    # ---- the visit (000:463-464) -----------------------------------------------------------------

    def sets_held(self, s, seat) -> int:
        t = s.seats[seat]["tokens"]
        return min(t.get("clam", 0), t.get("oyster", 0))

    def sell_actions(self, s, seat, ctx):
        price = int(self.data["set_yen"])
        return [Action(f"sell:{n}", f"Sell {n} set{'s' if n > 1 else ''} of a clam and an oyster: ¥{n * price:,}",
                       self.name, ("sell", n)) for n in range(1, self.sets_held(s, seat) + 1)]

    def apply_special(self, s, seat, data, rng, ev):
        n = data[1]
        me = s.seats[seat]
        for kind in ("clam", "oyster"):
            add(me["tokens"], kind, -n)
            self.R.tokens_home(s, kind, n)
        price = int(self.data["set_yen"]) * n
        pay(s, None, seat, price)
        s.ctx["sold"] = s.ctx.get("sold", 0) + n
        ev.append(Event("sell", f"Seat {seat + 1} sells {n} clam-and-oyster set{'s' if n > 1 else ''} for "
                                f"¥{price:,}; the tokens go back into the bag.", seat, {"market": self.id}))

    def explain(self, s, seat, key):
        if key.startswith("sell") and s.ctx and s.ctx.get("market") == self.id:
            t = s.seats[seat]["tokens"]
            return IllegalMove(f"clams and oysters sell only as sets of 1 clam and 1 oyster; you have "
                               f"{t.get('clam', 0)} clam(s) and {t.get('oyster', 0)} oyster(s)", RULE_CO_SETS)
        return super().explain(s, seat, key)
