"""Bank (000:311-323).

Take loans (¥500 each from the supply, several at once while any are left) or buy
shares (¥300 each); nobody ever does both (000:311-315). At the end each loan is repaid
with ¥500 interest; the interest is split among the players with shares, rounded up to
¥100 (000:319-323, in rules.py).

Collapsing markets (000:608): the Bank collapses once every loan is taken and every share
bought, and closes (000:598); loans are still repaid at the end with interest to the
shareholders (scoring.py).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import pay, yen
from .base import Market, whole


class Bank(Market):
    lines = "000:311-323"
    quote = "darfst du einen Kredit aufnehmen oder eine Aktie kaufen"

    def setup(self, s):
        box = s.box
        loans = min(int(self.data["loans"]), box["loans"])
        shares = min(int(self.data["shares"]), box["shares"])
        box["loans"] -= loans
        box["shares"] -= shares
        return {"loans": loans, "shares": shares}

    def collapses(self, s):
        """000:608: no loan and no share left on the Bank."""
        st = s.ext[self.id]
        return not st["loans"] and not st["shares"]

    def actions(self, s, seat, ctx):
        st = s.ext[self.id]
        me = s.seats[seat]
        out = []
        if st["loans"] and not me["shares"]:
            out.append(Action("loan", f"Take a loan: ¥{self.data['loan_yen']:,} now, repay ¥"
                                      f"{self.data['loan_yen'] + self.data['interest']:,} at the end",
                              self.name, ("loan",)))
        if st["shares"] and not me["loans"] and yen(s, seat) >= self.data["share_price"]:
            out.append(Action("share", f"Buy a share for ¥{self.data['share_price']:,}", self.name, ("share",)))
        return out

    def entry_warning(self, s, seat, ctx):
        if [a.key for a in self.actions(s, seat, ctx)] == ["loan"]:
            return (f"there you can only take a loan (¥{self.data['loan_yen']:,} now, "
                    f"¥{self.data['loan_yen'] + self.data['interest']:,} back at the end)")
        return ""

    def apply(self, s, seat, data, rng, ev):
        st = s.ext[self.id]
        me = s.seats[seat]
        if data[0] == "loan":
            st["loans"] -= 1
            me["loans"] += 1
            pay(s, None, seat, self.data["loan_yen"])
            ev.append(Event("loan", f"Seat {seat + 1} takes a loan of ¥{self.data['loan_yen']:,}.", seat))
        else:
            pay(s, seat, None, self.data["share_price"], self.rule)
            st["shares"] -= 1
            me["shares"] += 1
            ev.append(Event("share", f"Seat {seat + 1} buys a share for ¥{self.data['share_price']:,}.", seat))

    def explain(self, s, seat, key):
        me = s.seats[seat]
        if key == "loan" and me["shares"]:
            return self.R.illegal("a player with a share never takes a loan", self.rule)
        if key == "share" and me["loans"]:
            return self.R.illegal("a player with a loan never buys a share", self.rule)
        return None

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"loans", "shares"}:
            raise ValueError("the Bank holds loans and shares")
        return {"loans": whole(d.get("loans", 0), "loans at the Bank"),
                "shares": whole(d.get("shares", 0), "shares at the Bank")}

    def count_pieces(self, d, counts):
        counts["loans"] = counts.get("loans", 0) + d["loans"]
        counts["shares"] = counts.get("shares", 0) + d["shares"]
