"""What things are worth to the fishmonger and what it needs: a token or barrel in yen at the
end (¥100 per resource), and how much raising yen or keeping resources matters when the
seat needs a licence or the end condition (000:96). Every score weighs moves with these.
"""

from __future__ import annotations

from .look import NORI_HOPE, _Look


class Worth:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- values ----------------------------------------------------------------------------------

    def _res_of(self, view, held: dict) -> int:
        """Resources of a group of tokens, as the rules count them (fugu n × n, 000:221; each
        nori a tenth of the others, rounded down, 000:511), from the values in the view."""
        tv = view["token_values"]
        total = 0
        for kind, n in held.items():
            if n <= 0 or kind == "nori":
                continue
            total += n * n if kind == "fugu" else n * tv.get(kind, 0)
        nori = held.get("nori", 0)
        if nori > 0:
            total += nori * (total // int(self.d.market["nori"].get("value_divisor", 10)))
        return total

    def _overfishing_bonus(self, view, kind: str) -> int:
        """000:576: with the Overfishing market, ¥100 more at the end for a token of a market
        not overfished, ¥100 less for one of an overfished market (half of it counted, since
        a market may still be overfished before the end)."""
        if "overfishing" not in view["markets"]["external"]:
            return 0
        m = view["markets"]["fish"].get(self.d.kind_fish.get(kind, kind))
        if m is None:
            return 0
        return -50 if m.get("overfished") else 50

    def _worth(self, view, kind: str, held: dict | None = None) -> int:
        """Yen one more token of `kind` is worth at the end (¥100 per resource)."""
        if kind == "squid":
            return 500
        held = held or {}
        if kind == "fugu":
            n = held.get("fugu", 0)
            w = 100 * ((n + 1) ** 2 - n ** 2)
        elif kind == "nori":
            # A tenth of the other tokens (000:511) — of those the seat will have by the end,
            # not only of those it has now.
            other = self._res_of(view, {k: n for k, n in held.items() if k != "nori"})
            w = 100 * (max(other, NORI_HOPE) // int(self.d.market["nori"].get("value_divisor", 10)))
        elif held.get("nori"):
            more = dict(held)
            more[kind] = more.get(kind, 0) + 1
            w = 100 * (self._res_of(view, more) - self._res_of(view, held))
        else:
            w = 100 * view["token_values"].get(kind, 0)
        return w + self._overfishing_bonus(view, kind)

    def _clam_draw(self, view) -> int:
        """What a clams & oysters barrel bought brings: a random clam (3) or oyster (1 and
        ¥200) from the bag (000:459, 000:466)."""
        bag = (view.get("bag") or {}).get("clams_oysters") or {}
        n = sum(bag.values())
        if not n:
            return 0
        tv = view["token_values"]
        oy = int(self.d.market["clams_oysters"].get("oyster_yen", 200))
        total = 0
        for kind, k in bag.items():
            total += k * (100 * tv.get(kind, 0) + (oy if kind == "oyster" else 0)
                          + self._overfishing_bonus(view, kind))
        return total // n

    def _barrel_worth(self, view, fish: str, row: str = "upper", held=None) -> int:
        if fish == "takoyaki":
            return 500
        if fish == "salmon" and row == "lower":
            return 400
        if fish == "red_snapper":
            return 100 * view["token_values"].get("red_snapper", 2)
        if fish == "clams_oysters":
            return self._clam_draw(view)
        if fish == "nori" and held is None:
            # A buyer's nori is a tenth of the buyer's other tokens: the others' average.
            me = view["viewer"]
            res = view.get("resources") or []
            others = [r for o, r in enumerate(res) if o != me]
            avg = max(NORI_HOPE, sum(others) // len(others) if others else 0)
            return max(100, 100 * (avg // int(self.d.market["nori"].get("value_divisor", 10))))
        return self._worth(view, fish, held)

    def _resources_of(self, view, kind: str, held: dict) -> int:
        """Resources one token of `kind` counts for now (for the end condition)."""
        if not held.get(kind):
            return 0
        less = dict(held)
        less[kind] -= 1
        return self._res_of(view, held) - self._res_of(view, less)

    # ---- what the seat needs ---------------------------------------------------------------------

    def _cash_value(self, L: _Look, yen_in: int, res_out: int = 0) -> float:
        """Extra worth of raising `yen_in` when the seat needs yen (for a licence or the end)."""
        if L.want_cash <= 0 or yen_in <= 0:
            return 0.0
        if L.cash_gap > 0 and not L.stuck and L.res - res_out < self.d.end_resources:
            # The sale would cost the 50 resources the end condition needs.
            return 0.0
        return 1.5 + min(L.want_cash, yen_in) / 200

    def _keep_res(self, L: _Look, res_out: int) -> bool:
        """Whether giving up resources would stand in the way of the end condition (000:96)."""
        if L.res_gap > 0:
            return True
        if L.stuck:
            return False
        return L.res >= self.d.end_resources > L.res - res_out
