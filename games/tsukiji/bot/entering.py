"""The main choice (000:101-103): fish, buy or enter a market, and which market is worth its
entry: a licence to use, tokens that sell for more than they are worth, yen the seat
needs, a ship, canned sardines or a rented ship for the end condition and the fleet.
"""

from __future__ import annotations

from .look import AUCTION_FISH, BARGES, FREE_ENTRY, _Look


class Entering:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- the main choice -------------------------------------------------------------------------

    def _main_score(self, view, L: _Look, a) -> float:
        head = a.key.split(":")[0]
        yen = L.yen
        if head == "fish":
            v = self._fishing_value(view, L)
            # Nothing to do at sea: still better than a market that gives nothing.
            return 1 + min(2.0, v) if v > 0 else -1.4
        if head == "buy":
            best = self._best_buy(view, L)
            if best is None:
                return -3
            # Buying is how tokens (resources) are won and how yen reach the sellers:
            # without it the market stalls and nobody reaches the end (000:359-362).
            # A rich seat with few resources cannot end the game (000:361) until it buys some.
            rich = 2.0 if yen >= 4000 else 0.0
            push = 3.0 if L.res_gap > 0 else 0.0
            return best / 100 + (2.5 + rich + push if best > 0 else 0)
        if head == "enter":
            _, mid, k, src = a.data
            cost = self._entry(mid, k)
            gain = self._market_gain(view, L, mid, cost)
            tok = sum(self._worth(view, f, L.held) * n for f, n in cost.get("tokens", {}).items()) / 100
            return gain - cost.get("ap", 0) * 1.5 - cost.get("yen", 0) / 300 - 3 * cost.get("takoyaki", 0) - tok \
                - self._barrel_cost(view, cost, src)
        return 0

    def _barrel_cost(self, view, cost: dict, src: str) -> float:
        """An entry paid with a barrel from the harbour (000:436): what its sale would bring,
        less for one in the lower row, which spoils next (000:105)."""
        if not cost.get("barrels") or ":" not in src:
            return 0.0
        where, kind = src.split(":", 1)
        price = self.d.price_of(where[1:])
        worth = min(price, self._barrel_worth(view, kind))
        if not self.m[kind].spoils:
            return worth / 100                               # himono never spoils (000:432)
        return worth / 100 * (0.6 if where[0] == "u" else 0.25)

    # ---- what a market is worth entering ---------------------------------------------------------

    def _market_gain(self, view, L: _Look, mid: str, cost: dict | None = None) -> float:
        st = L.st
        yen = L.yen
        held = L.held
        fm = L.fm
        pay = (cost or FREE_ENTRY).get("yen", 0)
        if mid in fm:
            gain = 0.0
            data = self.d.market[mid]
            price = int(data.get("licence_price", 0))
            reserve = 1500 if mid in AUCTION_FISH else 700
            affordable = yen - pay - price > reserve
            if L.stranded:
                affordable = yen - pay >= price
            if (fm[mid].get("barrels", 0) > 2 or L.stranded) and affordable and self._licence_buyable(L, mid):
                gain = 3.5 + (3 if L.stranded else 0)
                if L.alone and L.res_gap > 0 and mid in AUCTION_FISH:
                    gain += 2                     # alone, its own auctions bring the tokens it lacks
            if data.get("licence_income", True):
                gain += st["licences"].get(mid, 0) * 1.0
            for yen_in, res_out, leisure in self._sale_options(view, L, mid):
                gain += max(leisure, self._cash_value(L, yen_in, res_out))
            if mid == "sardines":
                gain += self._iwashi_gain(view, L)
            if mid == "mackerel" and L.alone:
                gain = max(gain, self._mackerel_alone_gain(L))
            return gain
        if mid in ("ships", "used_ships"):
            gain = 0.0
            room = L.can_dock > 0
            cheap = min((p for t, n in L.ext.get(mid, {}).get("boats", {}).items()
                         if n and t not in BARGES and t != "blue"
                         for p in [self._boat_price(mid, "buy", t)] if p), default=None)
            if cheap is not None and room and L.want_cash <= 0:
                if yen - pay - cheap > (1000 if L.usable else 300) and (L.usable or L.best_licence is None):
                    gain = 3
                if L.alone and L.res_gap > 0 and yen - pay - cheap > 1000 and max(self._ships(st), default=0) < 3:
                    gain = 5                      # a ship that brings an auction fish home (000:264)
            if L.want_cash > 0:
                sale = sum(self._boat_price(mid, "sell", b["type"]) or 0
                           for i, b in enumerate(st["boats"]) if b["at"] in ("left", "middle", "right")
                           and i != L.keep and not b.get("rented"))
                if L.cash_gap > 0 or L.stranded:
                    gain = max(gain, self._cash_value(L, sale))
            return gain
        if mid == "government":
            spaces = self.d.market["government"]["spaces"]
            taken = (L.ext.get("government") or {}).get("spaces", [])
            best = 0.0
            for i, spec in enumerate(spaces):
                if i < len(taken) and sum(taken[i].values()) >= spec["capacity"]:
                    continue
                for kind, n in held.items():
                    if n:
                        gain = (spec["yen"] - self._worth(view, kind, held)) / 100
                        cash = self._cash_value(L, spec["yen"], self._resources_of(view, kind, held))
                        best = max(best, gain + (1 if gain > 0 else 0), cash)
            return best
        if mid in ("aquarium", "new_aquarium"):
            return self._aquarium_gain(view, L, mid)
        if mid == "sushi_shop":
            return self._sushi_gain(view, L)
        if mid == "trade":
            plan = self._trade_plan(view, L, {})
            if plan is None:
                return 0
            i, kinds, y = plan
            return self._cash_value(L, y, sum(view["token_values"].get(k, 0) for k in kinds))
        if mid == "barter":
            plan = self._barter_plan(view, L, {})
            if not plan:
                return 0
            res = sum(view["token_values"].get(k, 0) for k in plan)
            return self._cash_value(L, 60 * res, res) - 1
        if mid == "bank":
            bank = L.ext.get("bank") or {}
            if st["shares"] or not bank.get("loans"):
                return 0
            if (L.cash_gap > 0 or (L.stranded and L.best_licence is not None)) and L.want_cash > 0:
                return self._cash_value(L, int(self.d.market["bank"].get("loan_yen", 500))) - 1
            return 0
        if mid == "influence":
            inf = L.ext.get("influence") or {}
            price = int(self.d.market["influence"].get("price", 200))
            if yen - pay < price:
                return 0
            if inf.get("expansions") and L.stranded and L.best_licence is None \
                    and (view.get("box_markets") or {}).get("fish"):
                return 5                              # a new fish market to fish in (000:566)
            if inf.get("buyers") and L.slots < self.d.max_licences and not st.get("buyers") \
                    and (L.res_gap > 0 or yen >= 3500) and (self._best_buy(view, L) or 0) > 100:
                return 2.5                            # one more buying action (000:564)
            return 0
        if mid == "ship_rental":
            need = self._rent_need(view, L)
            if need and (L.ext.get("ship_rental") or {}).get("markers") and L.can_dock > 0 \
                    and yen - pay > 100 * need + 300:
                return 4.5
            return 0
        return 0

    def _aquarium_gain(self, view, L: _Look, mid: str) -> float:
        """The Aquarium and the New Aquarium: tokens sell to the space of their shape
        (000:305, 000:491, 000:572)."""
        spaces = self.d.market[mid]["spaces"]
        laid = (L.ext.get(mid) or {}).get("spaces", {})
        best = 0.0
        for kind, n in L.held.items():
            space = self.d.shapes.get(kind, self.d.kind_fish.get(kind))
            if not n or kind == "takoyaki" or space not in spaces:
                continue
            if sum((laid.get(space) or {}).values()) >= spaces[space]["capacity"]:
                continue
            price = spaces[space]["price"]
            gain = (price - self._worth(view, kind, L.held)) / 100
            cash = self._cash_value(L, price, self._resources_of(view, kind, L.held))
            best = max(best, gain + (1 if gain > 0 else 0), cash)
        return best

    def _sushi_gain(self, view, L: _Look) -> float:
        plan = self._sushi_plan(view, L, {})
        if plan is None:
            return 0.0
        gain, z, kinds = plan
        res_out = sum(self._resources_of(view, k, L.held) for k in kinds)
        if self._keep_res(L, res_out):
            return 0.0
        yen_in = gain + sum(self._worth(view, k, L.held) for k in kinds)
        return max(gain / 100 + (1 if gain > 0 else 0), self._cash_value(L, int(yen_in), res_out))

    def _mackerel_alone_gain(self, L: _Look) -> float:
        """A visit to Mackerel by a seat that is alone: ¥100 for each mackerel licence it
        holds (000:181), ¥100 for every 2 barrels or tokens returned (000:228), and a licence
        that pays on every visit after (000:227). It needs something to do there (000:183)."""
        lic = L.st["licences"].get("mackerel", 0)
        items = sum(1 for k, _, _ in L.st["harbour"] if k == "mackerel")
        buy = self._mackerel_income(L) and (L.slots < self.d.max_licences
                                            or any(self._spare_alone(L, f) for f in L.st["licences"]))
        if not items and not buy:
            return 0.0
        return 1.5 + 1.5 * lic + 0.25 * items + (3 if buy else 0)

    def _iwashi_gain(self, view, L: _Look) -> float:
        """Canned sardines at ¥100 a resource (000:523): worth it when resources are what the
        seat lacks, or when the Overfishing market pays ¥100 more for each at the end."""
        n = (L.fm.get("sardines") or {}).get("iwashi", 0)
        price = int(self.d.market["sardines"].get("canned_price", 100))
        if not n or L.yen < price:
            return 0.0
        if L.res_gap > 0:
            return 3.0
        if self._iwashi_push(view, L):
            return 4.0
        if self._overfishing_bonus(view, "sardines") > 0 and L.yen > 2500 and L.want_cash <= 0:
            return 1.0 + min(n, 5) * 0.2
        return 0.0

    def _iwashi_push(self, view, L: _Look) -> int:
        """Canned sardines that bring the seat to 50 resources with yen enough not to be alone
        with the least (000:96-97): how many, or 0."""
        n = (L.fm.get("sardines") or {}).get("iwashi", 0)
        price = int(self.d.market["sardines"].get("canned_price", 100))
        gap = self.d.end_resources - L.res
        if L.hidden or not L.others or gap <= 0 or gap > n:
            return 0
        low = min(view["yen"][o] for o in L.others)
        return gap if L.yen - price * gap >= low else 0

    def _rent_need(self, view, L: _Look) -> int:
        """Holds a ship rented for one trip should have (000:578): enough for an auction fish
        the fleet cannot bring home, else 0 when no rental is wanted."""
        if any(b.get("rented") for b in L.st["boats"]):
            return 0
        # Every boat must find a place at home when it comes back (000:109): the rented one too.
        room = {1: 1, 2: 2}.get(L.st["berths"], 2 + self.d.right_berth_ships)
        if sum(1 for b in L.st["boats"] if b["type"] not in BARGES) + 1 > room \
                or any(b["type"] in BARGES for b in L.st["boats"]):
            return 0
        need = 0
        for f, n in L.st["licences"].items():
            if n and f in AUCTION_FISH and self._lic_catches(L, f) and not self._fleet_ok(L.st, f, n):
                need = max(need, self._per_auction(f))
        if need:
            return need
        # A seat with more licences than ships takes one more for a trip (000:131: each ship
        # at sea needs a licence of its own).
        ships = sum(1 for b in L.st["boats"] if b["type"] not in BARGES)
        if L.usable and L.yen > 2000 and ships < sum(L.usable.values()) and L.want_cash <= 0 and not L.alone:
            return 2
        return 0
