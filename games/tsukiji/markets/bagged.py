"""What King Crab and Tuna share: tokens drawn from the auction bag, with printed values.

Selling a token pays ¥100 × its printed value plus the market's `sell_bonus` (King Crab's
¥400, 000:271; none for Tuna, 000:291), and the token goes back into the bag. The auction of
a token drawn for unloaded barrels is paid to the active player, or to the supply when the
active player wins it (000:264, 000:284; `award`).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import add, pay
from .base import FishMarket


class BaggedFishMarket(FishMarket):
    bag = True
    noun = ""

    def award(self, s, winner, amount, ev):
        """000:264: the active player pays the supply, anyone else pays the active player."""
        active = s.turn
        what = self.R.lot_text(s.bid["lot"])
        if winner == active:
            pay(s, winner, None, amount)
            ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}, paid to the supply.", winner))
        else:
            pay(s, winner, active, amount)
            ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}, paid to seat {active + 1}.",
                            winner))

    def unit_value(self, s, kind):
        return int(kind.rsplit("_", 1)[1])

    def sell_actions(self, s, seat, ctx):
        out = []
        bonus = int(self.data.get("sell_bonus", 0))
        for kind, n in s.seats[seat]["tokens"].items():
            if self.d.kind_fish[kind] == self.id and n:
                v = self.unit_value(s, kind)
                price = 100 * v + bonus
                out.append(Action(f"sell:{kind}", f"Sell a {self.noun} token ({v}) for ¥{price:,}", self.name,
                                  ("sell", kind, price)))
        return sorted(out)

    def apply_special(self, s, seat, data, rng, ev):
        _, kind, price = data
        add(s.seats[seat]["tokens"], kind, -1)
        self.R.tokens_home(s, kind, 1)
        pay(s, None, seat, price)
        ev.append(Event("sell", f"Seat {seat + 1} sells a {self.noun} ({self.unit_value(s, kind)}) for ¥{price:,}; "
                                "it goes back into the bag.", seat, {"market": self.id}))
