"""Buying barrels from other harbours (000:159-167): which barrel is worth its price, the more
so when resources are what the seat lacks for the end condition (000:96).
"""

from __future__ import annotations

from .look import _Look


class Buying:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- buying ----------------------------------------------------------------------------------

    def _buy_value(self, view, L: _Look, kind: str, row: str, price: int) -> float:
        worth = self._barrel_worth(view, kind, row, L.held)
        value = worth * 1.3 - price
        if L.res_gap > 0 and L.yen - price >= 0:
            # ¥5,000 but alone with the fewest resources (000:96): resources are what is missing.
            value = max(value, worth * 2.5 - price + 200)
        return value

    @staticmethod
    def _has_tokens(L: _Look, kind: str) -> bool:
        """A barrel can be bought only while its market has a token to give (000:163)."""
        if kind == "takoyaki":
            return True
        m = L.fm.get(kind)
        return m is not None and m.get("tokens", m.get("tokens_in_bag", 0)) > 0

    def _best_buy(self, view, L: _Look) -> float | None:
        best = None
        for o, other in enumerate(view["seats"]):
            if o == L.me:
                continue
            for kind, row, col in other["harbour"]:
                price = self.d.price_of(col)
                if price <= L.yen and self._has_tokens(L, kind):
                    val = self._buy_value(view, L, kind, row, price)
                    best = val if best is None else max(best, val)
        return best
