"""Used Ships (000:345-349).

Sell a boat from one of your berths: ¥200 per hold, the barge ¥400; it goes onto this
tableau. Buy one from here: ¥300 per hold, the barge ¥600, onto a free place at your
berths. Not in your last turn, i.e. not once the end is triggered (000:345).

The expansion (see ships.py): the 4-hold barges sell for ¥400 and are bought for ¥600, as
the 6-hold barge (000:440); the Blue Ship sells for the 4-hold ship's ¥800 and is bought
back here for the 4-hold ship's ¥1,200 with another ship of yours from one of your berths
traded in unpaid, which goes onto this tableau (000:446). Rented boats are never sold
(000:578).
"""

from __future__ import annotations

from .ships import BoatDealer


class UsedShips(BoatDealer):
    lines = "000:345-349"
    quote = "darfst du so viele Boote verkaufen oder kaufen"

    def refuse_entry(self, s, seat):
        if s.triggered >= 0:
            return "Used Ships cannot be used in your last turn, once the end is triggered (000:345)"
        return None

    def buy_price(self, t):
        if t == "barge4":                                         # 000:440
            return int(self.d.expansion["barge4_used_buy"])
        if t == "blue":                                           # 000:446: the 4-hold ship's price
            t = "4"
        return self.data["buy_barge"] if t == "barge" else self.data["buy_hold"] * int(t)

    def sell_price(self, t):
        if t == "barge4":                                         # 000:440
            return int(self.d.expansion["barge4_used_sell"])
        if t == "blue":                                           # 000:446: the 4-hold ship's price
            t = "4"
        return self.data["sell_barge"] if t == "barge" else self.data["sell_hold"] * int(t)
