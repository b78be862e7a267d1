"""Inside a market (000:169-191): which of its moves to make — a licence, a sale, a boat, a
loan, canned sardines, a rented ship, tokens laid into a lot — once the main choice has
brought the fishmonger there.
"""

from __future__ import annotations

from ..data import BAG_FISH
from .look import AUCTION_FISH, BARGES, _Look


class InMarket:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- in a market -----------------------------------------------------------------------------

    def _market_score(self, view, L: _Look, a, payload=None) -> float:
        head = a.key.split(":")[0]
        st = L.st
        yen = L.yen
        held = L.held
        ctx = view["action"] or {}
        mid = ctx.get("market")
        if head == "leave":
            return 0.5
        if head == "licence":
            price = self._licence_price(mid)
            if not self._licence_buyable(L, mid):
                return -1
            reserve = 0 if L.stranded else (1500 if mid in AUCTION_FISH else 700)
            if yen - price < reserve:
                return -1
            return 2
        if head == "sell":
            return self._sell_score(view, L, a, mid)
        if head in ("aquarium", "new_aquarium"):
            kind = a.data[1]
            space = self.d.shapes.get(kind, self.d.kind_fish.get(kind))
            price = self.d.market[head]["spaces"][space]["price"]
            return max((price - self._worth(view, kind, held)) / 100,
                       self._cash_value(L, price, self._resources_of(view, kind, held)) - 1)
        if head == "give":
            _, i, kind = a.data
            y = self.d.market["government"]["spaces"][i]["yen"]
            return max((y - self._worth(view, kind, held)) / 100,
                       self._cash_value(L, y, self._resources_of(view, kind, held)) - 1)
        if head == "boat":
            _, how, t, berth = a.data
            price = self._boat_price(mid, how, t)
            if price is None:
                return -3
            if how == "buy":
                if L.want_cash > 0:
                    return -2
                if t == "blue":
                    # Two licences at once (000:448), for a small ship traded in (000:444).
                    _, gt, gb = berth
                    kinds = sum(1 for f in L.usable)
                    return 2.2 if gt in ("1", "2") and kinds >= 2 and yen - price > 1500 else -2
                return 2 if t in ("2", "3", "4") and yen - price > 1000 else -2
            keep = L.keep is not None and st["boats"][L.keep]["type"] == t and st["boats"][L.keep]["at"] == berth \
                and sum(1 for b in st["boats"] if b["type"] == t and b["at"] == berth) == 1
            if L.want_cash > 0 and (L.cash_gap > 0 or L.stranded) and not keep:
                return self._cash_value(L, price) - 1
            return -3
        if head == "loan":
            if L.want_cash > 0 and (L.cash_gap > 0 or L.stranded):
                return 1
            return -1
        if head == "share":
            return 1 if yen > 3500 else -1
        if head == "iwashi":
            return self._iwashi_score(view, L, a.data[1])
        if head == "influence":
            if a.data[1] == "expand":
                fresh = L.stranded and L.best_licence is None and not ctx.get("expanded")
                return 3 if a.data[2] == "fish" and fresh else -2
            return 2 if self._market_gain(view, L, "influence") >= 2.5 and not st.get("buyers") else -2
        if head == "rent" and mid == "ship_rental":
            _, m, t, berth = a.data
            need = self._rent_need(view, L)
            if not need or t in BARGES or self._holds(t) < need:
                return -2
            # the smallest ship that will do
            return 3 - self._holds(t) / 10
        if mid == "sushi_shop" and head in ("lot", "sushi"):
            return self._sushi_score(view, L, a, ctx)
        if mid in ("trade", "barter") and head in ("lot", "trade", "barter"):
            return self._lot_score(view, L, a, ctx, mid)
        if head in ("rent", "lot", "auction", "barter", "trade", "takoyaki"):
            return -0.5 if head != "takoyaki" else 1
        return 0

    def _iwashi_score(self, view, L: _Look, n: int) -> float:
        price = int(self.d.market["sardines"].get("canned_price", 100))
        if L.res_gap > 0:
            want = L.res_gap + 1
            return 3 - abs(min(want, (L.yen - self.d.end_yen) // max(1, price) + want) - n) / 10
        push = self._iwashi_push(view, L)
        if push:
            return 3 - abs(push - n) / 10
        if self._overfishing_bonus(view, "sardines") > 0 and L.want_cash <= 0:
            most = max(0, (L.yen - 2500) // max(1, price))
            return 1 - abs(min(most, 5) - n) / 10 if most else -1
        return -1

    def _lot_score(self, view, L: _Look, a, ctx, mid: str) -> float:
        """Trade or Barter for yen: the planned tokens one by one, then the trade or offer.
        Taking the lot back is never chosen while anything else is possible."""
        lot = ctx.get("lot") or {}
        head = a.key.split(":")[0]
        if head == "lot" and a.data[1] == "clear":
            return -5
        if mid == "trade":
            plan = self._trade_plan(view, L, lot)
            if head == "trade":
                if a.data[1] != "yen":
                    return -3
                if plan is not None and a.data[2] == plan[0] and not plan[1]:
                    return 5
                return 3 if lot and plan is None else 1
            kinds = plan[1] if plan else []
        else:
            kinds = self._barter_plan(view, L, lot) or []
            if head == "barter":
                return 5 if lot and not kinds else (3 if lot else -3)
        if head == "lot":
            return 4 if kinds and a.data[2] == kinds[0] else -1
        return 0

    def _sushi_score(self, view, L: _Look, a, ctx) -> float:
        """Build the planned group token by token, then sell it onto its space (000:582)."""
        lot = ctx.get("lot") or {}
        plan = self._sushi_plan(view, L, lot)
        head = a.key.split(":")[0]
        if head == "lot" and a.data[1] == "clear":
            return -5
        if plan is None:
            return 2 if head == "sushi" else -1
        gain, z, kinds = plan
        worth_it = gain > 0 or sum(lot.values()) > 0 or self._sushi_gain(view, L) > 0
        if head == "lot":
            return 4 if worth_it and kinds and a.data[2] == kinds[0] else -1
        i = a.data[1]
        spec = self.d.market["sushi_shop"]["spaces"][i]
        if sum(lot.values()) == z and spec["shapes"] == z:
            return 5 + spec["yen"] / 10000
        return 3 if sum(lot.values()) else -1

    def _sell_score(self, view, L: _Look, a, mid: str) -> float:
        held = L.held
        tv = view["token_values"]
        if mid == "squid":
            return 2
        if mid in BAG_FISH:
            kind = a.data[1]
            v = tv.get(kind, int(kind.rsplit("_", 1)[1]))
            bonus = int(self.d.market[mid].get("sell_bonus", 0))
            base = 1.5 if bonus else -1.0
            return max(base, self._cash_value(L, 100 * v + bonus, v) - 1)
        if mid == "eel":
            n = a.data[1]
            v = tv.get("eel", 0)
            base = 1 if v >= 6 and n == 1 else -1
            need = L.want_cash
            if need > 0:
                # Just enough eels for what is lacking.
                enough = -(-need // max(100, 100 * v))
                if n == min(enough, held.get("eel", 0)):
                    return max(base, self._cash_value(L, 100 * v * n, v * n) - 1)
            return base
        if mid == "fugu":
            n = a.data[1]
            if n == self._fugu_sale(view, L):
                return max(-1, self._cash_value(L, 100 * n * n, self._fugu_out(view, L, n)) - 1)
            return -1
        if mid == "mackerel":
            if L.alone and a.key.startswith("sell:barrel:"):
                # Nobody buys them: the lower row spoils next (000:105), the upper waits for
                # the next visit unless one is needed now (000:183) or completes a pair.
                ctx = view.get("action") or {}
                if a.key.startswith("sell:barrel:L") or not ctx.get("n") or ctx.get("sold", 0) % 2:
                    return 1.0
                return -0.5
            if a.key.startswith("sell:barrel:L"):
                return 0.5
            if a.key == "sell:token" and L.want_cash > 0 and not self._keep_res(L, 1):
                sold = (view.get("action") or {}).get("sold", 0)
                per = int(self.d.market["mackerel"].get("sell_per", 2))
                # yen come with every second one: finish a pair once begun
                return 1.2 if sold % per or held.get("mackerel", 0) >= 2 else -0.5
            return -0.5
        if mid == "clams_oysters":
            n = a.data[1]
            price = int(self.d.market["clams_oysters"].get("set_yen", 800))
            res = n * (tv.get("clam", 3) + tv.get("oyster", 1))
            if self._keep_res(L, res):
                return -1
            return 1.5 + n / 10 + max(0.0, self._cash_value(L, price * n, res) - 1.5)
        if mid == "swordfish":
            n = a.data[1]
            v = tv.get("swordfish", 0)
            bonus = int(self.d.market["swordfish"].get("sell_bonus", 0))
            if self._keep_res(L, n * v):
                return -1
            if n != held.get("swordfish", 0):
                return -1                                   # all at once: the ¥200 comes once a visit
            base = 1.0 if v >= 8 else -1.0
            return max(base, self._cash_value(L, 100 * n * v + bonus, n * v) - 1)
        return -1
