"""Used Ships (000:345-349).

Sell a boat from one of your berths: ¥200 per hold, the barge ¥400; it goes onto this
tableau. Buy one from here: ¥300 per hold, the barge ¥600, onto a free place at your
berths. Not in your last turn, i.e. not once the end is triggered (000:345).
"""

from __future__ import annotations

from .ships import BoatDealer


class UsedShips(BoatDealer):
    lines = "000:345-349"

    def refuse_entry(self, s, seat):
        if s.triggered >= 0:
            return "Used Ships cannot be used in your last turn, once the end is triggered (000:345)"
        return None

    def buy_price(self, t):
        return self.data["buy_barge"] if t == "barge" else self.data["buy_hold"] * int(t)

    def sell_price(self, t):
        return self.data["sell_barge"] if t == "barge" else self.data["sell_hold"] * int(t)
