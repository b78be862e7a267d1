"""Selling tokens for yen: what each market pays for the tokens held, how many fugu to sell,
and which tokens make up a Sushi Shop, Trade or Barter lot (000:582, 000:341, 000:325).
Both the choice of a market and the moves inside it plan sales with these.
"""

from __future__ import annotations

from ..data import BAG_FISH
from .look import _Look


class Selling:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- sales -----------------------------------------------------------------------------------

    def _sale_options(self, view, L: _Look, mid: str) -> list[tuple[int, int, float]]:
        """(yen, resources given up, score at leisure) of each sale a market offers for the
        tokens held; only what this seat holds."""
        held = L.held
        tv = view["token_values"]
        out = []
        if mid == "squid" and held.get("squid"):
            price = int(self.d.market["squid"].get("sell_yen", 600))
            out.append((price * held["squid"], 0, 2.0))
        elif mid in BAG_FISH:
            bonus = int(self.d.market[mid].get("sell_bonus", 0))
            for kind, n in held.items():
                if n and kind.startswith(mid + "_"):
                    v = tv.get(kind, int(kind.rsplit("_", 1)[1]))
                    out.append((100 * v + bonus, v, 1.5 if bonus else -1.0))
        elif mid == "eel" and held.get("eel"):
            v = tv.get("eel", 0)
            out.append((100 * v, v, 2.0 if v >= 6 else -1.0))
        elif mid == "fugu" and held.get("fugu"):
            n = self._fugu_sale(view, L)
            if n:
                out.append((100 * n * n, self._fugu_out(view, L, n), -1.0))
        elif mid == "mackerel":
            spoil = sum(1 for k, r, _ in L.st["harbour"] if k == "mackerel" and r == "lower")
            if spoil >= 2:
                out.append((50 * spoil, 0, 0.5))
            n = held.get("mackerel", 0)
            if n >= 2 and L.want_cash > 0:
                # ¥100 for every 2 returned (000:228): the last way to raise yen.
                per = int(self.d.market["mackerel"].get("sell_per", 2))
                yen_each = int(self.d.market["mackerel"].get("sell_yen", 100)) // max(1, per)
                k = min(n, -(-L.want_cash // max(1, yen_each)))
                if L.cash_gap > 0 and not L.stuck:
                    k = min(k, L.res - self.d.end_resources)
                k -= k % per
                if k > 0:
                    out.append((yen_each * k, k, -1.0))
        elif mid == "clams_oysters":
            n = min(held.get("clam", 0), held.get("oyster", 0))
            if n:
                price = int(self.d.market["clams_oysters"].get("set_yen", 800))
                res = n * (tv.get("clam", 3) + tv.get("oyster", 1))
                leisure = -1.0 if self._keep_res(L, res) else (price * n - 100 * res) / 200
                out.append((price * n, res, leisure))
        elif mid == "swordfish" and held.get("swordfish"):
            n = held["swordfish"]
            v = tv.get("swordfish", 0)
            bonus = int(self.d.market["swordfish"].get("sell_bonus", 0))
            leisure = 1.0 if v >= 8 and not self._keep_res(L, n * v) else -1.0
            out.append((100 * n * v + bonus, n * v, leisure))
        return out

    def _fugu_out(self, view, L: _Look, n: int) -> int:
        """Resources n fugu sold take away: n fugu of h are worth h × h − (h − n)² (000:221)."""
        less = dict(L.held)
        less["fugu"] = less.get("fugu", 0) - n
        return self._res_of(view, L.held) - self._res_of(view, less)

    def _fugu_sale(self, view, L: _Look) -> int:
        """How many fugu to sell (¥100 × n × n, 000:219): all of them, or with 50 resources to
        keep for the end condition (000:96) the most that leave them."""
        h = L.held.get("fugu", 0)
        if L.cash_gap <= 0 or L.stuck:
            return h
        n = h
        while n > 0 and L.res - self._fugu_out(view, L, n) < self.d.end_resources:
            n -= 1
        return n

    # ---- lots of tokens --------------------------------------------------------------------------

    def _sushi_plan(self, view, L: _Look, lot: dict) -> tuple[float, int, list[str]] | None:
        """The best sale at the Sushi Shop (000:582): the lot so far and the cheapest tokens
        held of other shapes, onto an empty space for that many shapes; (yen gained over the
        tokens' worth, how many tokens, the kinds to add), or None."""
        spec = self.d.market["sushi_shop"]["spaces"]
        laid = (L.ext.get("sushi_shop") or {}).get("spaces", [])
        sizes = {}
        for i, sp in enumerate(spec):
            if i < len(laid) and laid[i]:
                continue
            sizes[sp["shapes"]] = max(sizes.get(sp["shapes"], 0), sp["yen"])
        shapes = self.d.shapes
        taken = {shapes.get(k, k) for k, n in lot.items() if n}
        fixed = sum(self._worth(view, k, L.held) * n for k, n in lot.items() if n)
        cheapest: dict = {}
        for kind, n in sorted(L.held.items()):
            if not n:
                continue
            sh = shapes.get(kind, kind)
            if sh in taken:
                continue
            w = self._worth(view, kind, L.held)
            if sh not in cheapest or w < cheapest[sh][0]:
                cheapest[sh] = (w, kind)
        pool = sorted(cheapest.values())
        have = sum(lot.values())
        best = None
        for z, y in sorted(sizes.items()):
            extra = z - have
            if extra < 0 or extra > len(pool):
                continue
            add = pool[:extra]
            gain = y - fixed - sum(w for w, _ in add)
            if best is None or gain > best[0]:
                best = (gain, z, [k for _, k in add])
        return best

    def _pick(self, view, L: _Look, need: int, lot: dict) -> list[str] | None:
        """Tokens held to add to a lot so that its resources reach `need`: the largest that
        fit first, then the smallest that completes it; None if they cannot. Fugu and nori,
        whose worth depends on the others, and tokens worth nothing stay out."""
        tv = view["token_values"]
        cur = self._res_of(view, lot)
        units = []
        for kind, n in sorted(L.held.items()):
            v = tv.get(kind, 0)
            if n > 0 and v > 0 and kind not in ("fugu", "nori"):
                units += [(v, kind)] * n
        units.sort(key=lambda x: (-x[0], x[1]))
        out, rest = [], []
        for v, kind in units:
            if cur + v <= need:
                out.append(kind)
                cur += v
            else:
                rest.append((v, kind))
        if cur < need:
            if not rest:
                return None
            out.append(min(rest)[1])
        return out

    def _trade_plan(self, view, L: _Look, lot: dict) -> tuple[int, list[str], int] | None:
        """Trade (000:341) when yen are needed: the empty space that pays what is lacking for
        the fewest resources (else the one paying most), and the tokens for it:
        (space, kinds to add, yen)."""
        if L.want_cash <= 0 or L.res_gap > 0 or "trade" not in L.ext:
            return None
        tv = view["token_values"]
        spec = self.d.market["trade"]["spaces"]
        laid = (L.ext.get("trade") or {}).get("spaces", [])
        options = []
        for i, sp in enumerate(spec):
            if i < len(laid) and laid[i]:
                continue
            kinds = self._pick(view, L, int(sp["resources"]), lot)
            if kinds is None:
                continue
            used = self._res_of(view, lot) + sum(tv.get(k, 0) for k in kinds)
            if L.cash_gap > 0 and not L.stuck and L.res - used < self.d.end_resources:
                continue
            options.append((int(sp["yen"]), i, kinds))
        if not options:
            return None
        enough = [o for o in options if o[0] >= L.want_cash]
        y, i, kinds = min(enough) if enough else max(options)
        return i, kinds, y

    def _barter_need(self, view, L: _Look) -> int:
        """Resources to offer for barter (000:325) when yen are needed and the others can pay:
        bids come at about 0.6 of the worth."""
        if L.want_cash <= 0 or L.res_gap > 0:
            return 0
        if L.buyer_yen is not None and L.buyer_yen < 200:
            return 0
        spare = L.res - self.d.end_resources if L.cash_gap > 0 and not L.stuck else L.res
        need = -(-L.want_cash // 60)
        if L.buyer_yen is not None:
            need = min(need, L.buyer_yen // 60 + 1)
        return max(0, min(spare, need))

    def _barter_plan(self, view, L: _Look, lot: dict) -> list[str] | None:
        need = self._barter_need(view, L)
        if need <= 0:
            return None
        kinds = self._pick(view, L, need, lot)
        if kinds is None:
            return None
        tv = view["token_values"]
        used = self._res_of(view, lot) + sum(tv.get(k, 0) for k in kinds)
        if L.cash_gap > 0 and not L.stuck and L.res - used < self.d.end_resources:
            return None
        return kinds
