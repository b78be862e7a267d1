"""The fishmonger: a Tsukiji bot that plays from its own seat's view, one decision at a time.

It fishes with what it has, prices barrels a little under what their tokens are worth,
buys barrels that are cheaper than their tokens, sells tokens where a market pays more
than they are worth at the end (¥100 per resource), buys licences and ships while it
can afford them, and bids about what a lot is worth to it. It reads only the view (as a
person at its seat would see it), the legal actions and the game's printed numbers.
"""

from __future__ import annotations

from .data import BAG_FISH


class FishmongerBot:
    name = "fishmonger"
    needs_view = True

    def __init__(self, rules):
        self.rules = rules
        self.d = rules.d

    # ---- values --------------------------------------------------------------------------

    def _worth(self, view, kind: str, held: dict | None = None) -> int:
        """Yen one more token of `kind` is worth at the end (¥100 per resource)."""
        if kind == "fugu":
            n = (held or {}).get("fugu", 0)
            return 100 * ((n + 1) ** 2 - n ** 2)
        if kind == "squid":
            return 500
        return 100 * view["token_values"].get(kind, 0)

    def _barrel_worth(self, view, fish: str, row: str = "upper", held=None) -> int:
        if fish == "takoyaki":
            return 500
        if fish == "salmon" and row == "lower":
            return 400
        if fish == "red_snapper":
            return 100 * view["token_values"].get("red_snapper", 2)
        return self._worth(view, fish, held)

    def _target_price(self, view, kind: str) -> int:
        return max(100, int(self._barrel_worth(view, kind) * 1.1) // 100 * 100)

    # ---- choosing ------------------------------------------------------------------------------

    def choose(self, view, legal, rng):
        best, best_score = [], None
        for a in legal:
            sc = self._score(view, a)
            if best_score is None or sc > best_score:
                best, best_score = [a], sc
            elif sc == best_score:
                best.append(a)
        return best[rng.below(len(best))]

    def _score(self, view, a) -> float:
        me = view["viewer"]
        st = view["seats"][me]
        yen = view["yen"][me] or 0
        key = a.key
        head = key.split(":")[0]
        held = st["tokens"]
        ph = view["phase"]
        if ph == "bid":
            return self._bid_score(view, a, me)
        if ph == "start":
            if head == "coolbox":
                return 1 if any(r == "upper" for _, r, _ in st["harbour"]) else -1
            if head == "fugu":
                return 1 if self.d.price_of(key.split(":")[1]) <= self._worth(view, "fugu", held) else -1
            return 0
        if head == "return":
            # A licence for a fish that can no longer be caught only blocks a slot (000:145, 000:353).
            fish = key.split(":")[1]
            return 1 if self._dead(view, fish) else -5
        if head == "dump":
            return -5
        if head == "berth":
            boats_home = sum(1 for b in st["boats"] if b["at"] != "sea")
            return 1 if yen > 3000 and boats_home >= st["berths"] else -3
        if head == "transfer":
            return 0.5
        if head == "cart":
            return -1
        if ph == "main":
            return self._main_score(view, a, st, yen)
        if ph == "fish":
            return self._fish_score(view, a, st)
        if ph == "buy":
            if head == "buy":
                _, o, kind, row, col = a.data
                return (self._barrel_worth(view, kind, row, held) * 1.3 - self.d.price_of(col)) / 100
            return 0
        if ph == "market":
            return self._market_score(view, a, st, yen)
        return 0

    @staticmethod
    def _dead(view, fish: str) -> bool:
        m = view["markets"]["fish"].get(fish)
        return m is None or m.get("overfished") or not m.get("barrels")

    def _stranded(self, view, st) -> bool:
        """No licence for a fish that can still be caught: the boats have nothing to do."""
        return not any(n and not self._dead(view, f) for f, n in st["licences"].items())

    def _can_fish(self, view, st) -> float:
        score = 0.0
        for b in st["boats"]:
            if b["at"] != "sea":
                score += 1
            elif b["load"]:
                score += 1.5
            elif st["licences"]:
                score += 1
        return score

    def _main_score(self, view, a, st, yen) -> float:
        head = a.key.split(":")[0]
        if head == "fish":
            return 1 + min(2.0, self._can_fish(view, st))
        if head == "buy":
            best = 0
            for o, other in enumerate(view["seats"]):
                if o == view["viewer"]:
                    continue
                for kind, row, col in other["harbour"]:
                    price = self.d.price_of(col)
                    if price <= yen:
                        best = max(best, self._barrel_worth(view, kind, row, st["tokens"]) * 1.3 - price)
            # Buying is how tokens (resources) are won and how yen reach the sellers:
            # without it the market stalls and nobody reaches the end (000:359-362).
            # A rich seat with few resources cannot end the game (000:361) until it buys some.
            rich = 2.0 if yen >= 4000 else 0.0
            return best / 100 + (2.5 + rich if best > 0 else 0)
        if head == "enter":
            _, mid, k, src = a.data
            cost = self.rules._entry_options(mid)[k]
            gain = self._market_gain(view, mid, st, yen)
            return gain - cost["ap"] * 1.5 - cost["yen"] / 300 - 3 * cost["takoyaki"]
        if head == "end":
            return 0
        return 0

    def _market_gain(self, view, mid, st, yen) -> float:
        held = st["tokens"]
        slots = len(st["rentals"]) + sum(st["licences"].values())
        fm = view["markets"]["fish"]
        if mid in fm:
            gain = 0.0
            data = self.d.market[mid]
            reserve = 1500 if mid in BAG_FISH else 700
            affordable = yen - data["licence_price"] > reserve
            if self._stranded(view, st) and not self._dead(view, mid):
                affordable = yen >= data["licence_price"]
            if (slots < self.d.max_licences and fm[mid]["licences"] > 0 and fm[mid]["barrels"] > 2
                    and affordable and st["licences"].get(mid, 0) < 2):
                gain = 3.5 + (3 if self._stranded(view, st) else 0)
            gain += st["licences"].get(mid, 0) * 1.0
            if mid == "squid" and held.get("squid"):
                gain += 2
            if mid == "king_crab" and any(k.startswith("king_crab") for k in held):
                gain += 2
            if mid == "eel" and held.get("eel") and view["token_values"].get("eel", 0) >= 6:
                gain += 2
            return gain
        if mid == "ships":
            room = st["berths"] - sum(1 for b in st["boats"] if b["at"] != "sea")
            return 3 if yen > 2500 and room > 0 else 0
        if mid == "government":
            return 2 if held.get("squid") else 0
        if mid == "bank":
            return 2 if yen < 800 and not st["shares"] else 0
        return 0

    def _fish_score(self, view, a, st) -> float:
        head = a.key.split(":")[0]
        if head == "price":
            kind = (view["action"] or {}).get("pending", ["mackerel"])[0]
            return -abs(self.d.price_of(a.key.split(":")[1]) - self._target_price(view, kind)) / 100
        if head == "launch":
            return 3
        if head == "catch":
            _, i, f = a.data
            return 3 + self._barrel_worth(view, f) / 1000
        if head == "dock":
            _, i, berth = a.data
            b = st["boats"][i]
            full = len(b["load"]) >= self.d.holds(b["type"])
            return 4 if b["load"] and full else (2 if b["load"] else -2)
        if head == "reprice":
            _, kind, row, col, target = a.data
            want = self._target_price(view, kind) // (2 if row == "lower" else 1)
            now = self.d.price_of(col)
            better = abs(now - want) - abs(self.d.price_of(target) - want)
            return better / 100 - 1
        return 0

    def _market_score(self, view, a, st, yen) -> float:
        head = a.key.split(":")[0]
        held = st["tokens"]
        ctx = view["action"] or {}
        if head == "price":
            return -abs(self.d.price_of(a.key.split(":")[1]) - 400) / 100
        if head == "leave":
            return 0.5
        if head == "licence":
            mid = ctx.get("market")
            price = self.d.market[mid]["licence_price"]
            reserve = 0 if self._stranded(view, st) else (1500 if mid in BAG_FISH else 700)
            if yen - price < reserve or st["licences"].get(mid, 0) >= 2:
                return -1
            return 2
        if head == "sell":
            mid = ctx.get("market")
            if mid == "squid":
                return 2
            if mid == "king_crab":
                return 1.5
            if mid == "tuna":
                return -1
            if mid == "eel":
                return 1 if view["token_values"].get("eel", 0) >= 6 and a.key == "sell:1" else -1
            if mid == "fugu":
                return -1
            if mid == "mackerel":
                return -0.5
            return -1
        if head == "aquarium":
            kind = a.data[1]
            price = self.d.market["aquarium"]["spaces"][self.d.kind_fish[kind]]["price"]
            return (price - self._worth(view, kind, held)) / 100
        if head == "give":
            _, i, kind = a.data
            return (self.d.market["government"]["spaces"][i]["yen"] - self._worth(view, kind, held)) / 100
        if head == "boat":
            _, how, t, berth = a.data
            if how == "buy":
                price = self.rules.m[ctx["market"]].buy_price(t)
                return 2 if t in ("2", "3", "4") and yen - price > 1000 else -2
            return -3
        if head == "loan":
            return 1 if yen < 800 else -1
        if head == "share":
            return 1 if yen > 3500 else -1
        if head in ("rent", "lot", "auction", "barter", "trade", "takoyaki"):
            return -0.5 if head != "takoyaki" else 1
        return 0

    def _bid_score(self, view, a, me) -> float:
        head = a.key.split(":")[0]
        bid = view["bid"]
        lot = bid["lot"]
        worth = sum(self._worth(view, k, view["seats"][me]["tokens"]) * n for k, n in lot.items())
        if head == "bid":
            return -abs(a.data[1] - int(worth * 0.6) // 100 * 100)
        if head == "winner":
            return 1 if a.data[1] == me else 0
        if head == "accept":
            amount = bid["bids"].get("bids", {}).get(str(a.data[1]), 0)
            return (amount - worth * 0.7) / 100
        return 0
