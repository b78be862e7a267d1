"""The price the fishmonger asks for a barrel (000:136-138): a little over what it is worth,
or what a buyer can pay where money is open, and when prices are stale enough to fish
just to change them.
"""

from __future__ import annotations

from .look import _Look


class Pricing:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- pricing ---------------------------------------------------------------------------------

    def _target_price(self, view, kind: str, L: _Look | None = None) -> int:
        worth = self._barrel_worth(view, kind)
        want = max(100, int(worth * 1.1) // 100 * 100)
        if L is not None and L.buyer_yen is not None:
            # Open money: a price nobody can pay sells nothing, and the barrel spoils.
            floor = max(100, int(worth * (0.4 if L.late else 0.6)) // 100 * 100)
            can = L.buyer_yen // 100 * 100
            if can < want and can >= floor:
                want = can
        return want

    def _payload(self, view, L: _Look, a):
        """The ??? price of a barrel (000:138), where the price is said rather than picked."""
        op = a.data[0] if a.data else None
        if op == "price":
            kind = ((view.get("action") or {}).get("pending") or ["takoyaki"])[0]
            want = self._target_price(view, kind, L)
        elif op == "reprice":
            _, kind, row, col, _ = a.data
            want = self._target_price(view, kind, L) // (2 if row == "lower" else 1)
        else:
            return None
        step = max(1, self.d.free_step)
        want = max(self.d.free_min, min(self.d.free_cap, want // step * step))
        return {"yen": want}

    def _col_price(self, col, payload) -> int:
        return payload["yen"] if payload is not None else self.d.price_of(col)

    def _stale_prices(self, view, L: _Look) -> bool:
        """Barrels priced above what any buyer can pay (open money only)."""
        if L.buyer_yen is None:
            return False
        for kind, row, col in L.st["harbour"]:
            price = self.d.price_of(col)
            want = self._target_price(view, kind, L) // (2 if row == "lower" else 1)
            if price > L.buyer_yen and want < price:
                return True
        return False
