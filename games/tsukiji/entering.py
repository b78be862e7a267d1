"""Entering a market and the visit (000:169-191); each market's own interactions are in markets/."""

from __future__ import annotations

from core.game import Action, Event

from . import moves
from .citations import RULE_MARKETS
from .state import (State, add, pay,
                    yen)

#: the moves of a market visit, by kind (an action's data[0]): the Entering method applying each;
#: any other kind is the market's own interaction (`_interact`)
MARKET_MOVES = {"price": "_apply_price", "leave": "_leave"}


def _copy(v):
    """A seat field copied two levels deep: what paying an entry cost may change (yen, tokens,
    harbour rows, Himono lists) is put back exactly after a probe."""
    if isinstance(v, dict):
        return dict(v)
    if isinstance(v, list):
        return [list(x) if isinstance(x, list) else dict(x) if isinstance(x, dict) else x for x in v]
    return v


class Entering:
    """Mixed into rules.Tsukiji."""

    # ==== markets (000:169-191) ======================================================================

    def _entry_options(self, mid: str) -> list[dict]:
        return self.m[mid].entry or [{"ap": 0, "yen": 0, "takoyaki": 0, "tokens": {}}]

    def entry_refusal(self, s: State, seat: int, mid: str) -> str | None:
        mk = self.m[mid]
        if (mk.free or mk.once_per_turn) and mid in s.once:
            return f"the {mk.name} market may be entered only once per turn"
        if s.collapsed.get(mid) == "closed":                       # 000:598
            return f"the {mk.name} market has collapsed and is closed for the rest of the game"
        return mk.refuse_entry(s, seat)

    def _affordable(self, s: State, seat: int, cost: dict) -> list[str] | None:
        """Sources of payment for a cost option: ["supply"] or takoyaki columns; None if unaffordable."""
        me = s.seats[seat]
        if cost["ap"] > s.ap + s.cart_ap or yen(s, seat) < cost["yen"]:
            return None
        if any(me["tokens"].get(f, 0) < n for f, n in cost["tokens"].items()):
            return None
        if cost.get("barrels"):                                    # 000:436: barrels from your harbour
            (fish, n), = cost["barrels"].items()
            srcs = []
            for kind, row, col in me["harbour"]:
                src = f"{row[0]}{col}:{kind}"
                if kind != "takoyaki" and (fish in ("any", kind)) and src not in srcs:
                    srcs.append(src)
            return srcs if n == 1 and srcs else None
        if cost["takoyaki"]:
            srcs = ["supply"] if me["tokens"].get("takoyaki", 0) >= cost["takoyaki"] else []
            if cost["takoyaki"] == 1:
                for kind, row, col in me["harbour"]:
                    if kind == "takoyaki" and f"{row[0]}{col}" not in srcs:
                        srcs.append(f"{row[0]}{col}")
            return srcs or None
        return ["supply"]

    def _cost_text(self, cost: dict) -> str:
        parts = []
        if cost["ap"]:
            parts.append(f"{cost['ap']} action point{'s' if cost['ap'] > 1 else ''}")
        if cost["yen"]:
            parts.append(f"¥{cost['yen']:,}")
        if cost["takoyaki"]:
            parts.append(f"{cost['takoyaki']} takoyaki")
        for f, n in cost["tokens"].items():
            parts.append(f"{n} {f.replace('_', ' ')} token{'s' if n > 1 else ''}")
        for f, n in cost.get("barrels", {}).items():
            what = "barrel" if f == "any" else f"{f.replace('_', ' ')} barrel"
            parts.append(f"{n} {what}{'s' if n > 1 else ''} from your harbour")
        return " + ".join(parts) or "free, once per turn"

    def _entry_actions(self, s: State, seat: int, mid: str) -> list[Action]:
        if self.entry_refusal(s, seat, mid):
            return []
        mk = self.m[mid]
        out = []
        for k, cost in enumerate(self._entry_options(mid)):
            srcs = self._affordable(s, seat, cost)
            if not srcs:
                continue
            for src in srcs:
                warning = self._can_interact_after(s, seat, mid, cost, src)
                if warning is None:
                    continue
                key = moves.entry(mid, k, src)
                how = self._cost_text(cost)
                if ":" in src:
                    where, kind = src.split(":")
                    how += f" (the {kind.replace('_', ' ')} in your {'upper' if where[0] == 'u' else 'lower'} row, " \
                           f"{self.col_name(where[1:])})"
                elif src != "supply":
                    how += f" (the takoyaki from your harbour, {self.col_name(src[1:])})"
                out.append(Action(key, f"Enter the {mk.name} market: {how}" + (f" — {warning}" if warning else ""),
                                  "Markets", ("enter", mid, k, src)))
        return out

    def _pay_entry(self, s: State, seat: int, mid: str, cost: dict, src: str) -> None:
        me = s.seats[seat]
        if cost["yen"]:
            pay(s, seat, None, cost["yen"], RULE_MARKETS)
        for f, n in cost["tokens"].items():
            add(me["tokens"], f, -n)
            self.tokens_home(s, f, n)
        if cost.get("barrels"):
            where, kind = src.split(":")
            me["harbour"].remove([kind, "upper" if where[0] == "u" else "lower", where[1:]])
            self.barrels_home(s, kind, 1)
        if cost["takoyaki"]:
            if src == "supply":
                add(me["tokens"], "takoyaki", -cost["takoyaki"])
            else:
                me["harbour"].remove(["takoyaki", "upper" if src[0] == "u" else "lower", src[1:]])
            self.tokens_home(s, "takoyaki", cost["takoyaki"])

    def _can_interact_after(self, s: State, seat: int, mid: str, cost: dict, src: str) -> str | None:
        """000:183 — you must interact at least once: enter only where that is possible
        after paying (tried on the real table and put back exactly). None where it is not;
        else the warning the entry move carries when the only interactions left there lose
        something (`Market.entry_warning`: only a boat to sell, only a loan), "" if none."""
        mk = self.m[mid]
        if not (cost["yen"] or cost["tokens"] or cost["takoyaki"] or cost.get("barrels")):
            # Paying action points only: licence income can only add yen, and more yen never
            # makes an interaction impossible, so what is possible now stays possible.
            probe = {"kind": "market", "market": mid, "n": 0}
            saved_ctx = s.ctx
            s.ctx = probe
            try:
                if mk.possible(s, seat, probe):
                    return mk.entry_warning(s, seat, probe)
            finally:
                s.ctx = saved_ctx
            if mid not in s.fish or not s.seats[seat]["licences"].get(mid):
                return None
        me = s.seats[seat]
        saved = (dict(s.treasury.balances), {k: _copy(v) for k, v in me.items()}, [list(x) for x in me["harbour"]],
                 s.ctx, s.phase)
        saved_fish = {f: dict(v) for f, v in s.fish.items()}
        saved_bags = {f: list(v) for f, v in s.bags.items()}
        saved_box = {k: dict(v) if isinstance(v, dict) else v for k, v in s.box.items()}
        try:
            self._pay_entry(s, seat, mid, cost, src)
            if mid in s.fish and mk.licence_income:
                n = me["licences"].get(mid, 0)
                if n:
                    pay(s, None, seat, self.d.licence_income * n)
            s.ctx = {"kind": "market", "market": mid, "n": 0}
            if not mk.possible(s, seat, s.ctx):
                return None
            return mk.entry_warning(s, seat, s.ctx)
        finally:
            s.treasury.balances = saved[0]
            for k, v in saved[1].items():
                me[k] = v
            me["harbour"] = saved[2]
            s.ctx, s.phase = saved[3], saved[4]
            s.fish = saved_fish
            s.bags = saved_bags
            s.box = saved_box

    def _enter(self, s: State, seat: int, data: tuple, rng, ev: list) -> None:
        _, mid, k, src = data
        cost = self._entry_options(mid)[k]
        mk = self.m[mid]
        use = min(s.cart_ap, cost["ap"])
        s.cart_ap -= use
        s.ap -= cost["ap"] - use
        self._pay_entry(s, seat, mid, cost, src)
        s.acted = True
        if mk.free or mk.once_per_turn:
            s.once.append(mid)
        ev.append(Event("enter", f"Seat {seat + 1} enters the {mk.name} market ({self._cost_text(cost)}).", seat,
                        {"market": mid}))
        if mid in s.fish and mk.licence_income:                      # 000:181, 000:487
            paid = []
            for o in range(s.players):
                n = s.seats[o]["licences"].get(mid, 0)
                if n:
                    pay(s, None, o, self.d.licence_income * n)
                    paid.append(f"seat {o + 1} ¥{self.d.licence_income * n:,}")
            if paid:
                ev.append(Event("income", f"{mk.name} licence income: {', '.join(paid)}.", seat))
        s.phase = "market"
        s.ctx = {"kind": "market", "market": mid, "n": 0}

    def _leave(self, s: State, seat: int, data: tuple, rng, ev: list) -> None:
        ev.append(Event("leave", f"Seat {seat + 1} leaves the {self.m[s.ctx['market']].name} market.", seat))
        s.ctx = None
        s.phase = "main"

    def _interact(self, s: State, seat: int, data: tuple, rng, ev: list) -> None:
        """One of the market's own interactions (markets/); building a lot is not one (000:183)."""
        if data[0] != "lot":
            s.ctx["n"] += 1
        self.m[s.ctx["market"]].apply(s, seat, data, rng, ev)

    def _market_actions(self, s: State, seat: int) -> list[Action]:
        ctx = s.ctx
        if ctx.get("pending"):
            return self.price_actions(ctx["pending"][0], "Markets")
        mk = self.m[ctx["market"]]
        out = mk.actions(s, seat, ctx)
        if not ctx.get("lot"):
            if ctx["n"] >= 1 or not mk.possible(s, seat, ctx):
                out.append(Action("leave", f"Leave the {mk.name} market", "Markets", ("leave",)))
            out += self._free_actions(s, seat)
        return out
