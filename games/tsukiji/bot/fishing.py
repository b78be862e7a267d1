"""Fishing and unloading (000:111-125, 000:136): whether a fishing action can do anything, and each
boat's launch, catch and dock (at home or at the Foreign Market, 000:547), dumping an
auction fish that can never make an auction, and drying barrels and tokens on a Himono
licence (000:474). It never fishes in circles: only what leads to a sale counts.
"""

from __future__ import annotations

from ..data import BAG_FISH
from .look import AUCTION_FISH, BARGES, _fish_of, _licence_of, _Look, _use_of


class Fishing:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- fishing ---------------------------------------------------------------------------------

    def _at_sea_by_use(self, st, lic: str) -> dict:
        """Barrels at sea caught with each licence of a kind told apart ("himono:0": n) (000:470)."""
        out: dict = {}
        for b in st["boats"]:
            if b["at"] == "sea":
                for x in b["load"]:
                    if _licence_of(x) == lic:
                        u = _use_of(x)
                        out[u] = out.get(u, 0) + 1
        return out

    def _catchable(self, view, L: _Look, b, used: dict) -> list[str]:
        """The licences an activated ship at sea could catch with now (000:129-132), by the view."""
        st = L.st
        if b["type"] in BARGES or b["at"] != "sea" or len(b["load"]) >= self._holds(b["type"]):
            return []
        if b["load"]:
            f = _fish_of(b["load"][0])
            cands = [] if f == "salmon" else [_licence_of(b["load"][0])]
        else:
            cands = [f for f, n in st["licences"].items() if n]
        out = []
        for f in cands:
            if f not in L.usable:
                continue
            lic = st["licences"].get(f, 0)
            mk = self.m[f]
            if mk.numbered_licences:                  # each with its limit at sea (Himono, 000:470)
                limit = mk.at_sea_limit
                sea = self._at_sea_by_use(st, f)
                if b["load"]:
                    u = _use_of(b["load"][0])
                    ok = not used.get(u) and sea.get(u, 0) < limit
                else:
                    ok = any(not used.get(f"{f}:{k}") and sea.get(f"{f}:{k}", 0) < limit
                             for k in range(lic))
                if not ok:
                    continue
            elif lic - used.get(f, 0) <= 0:
                continue
            if not b["load"]:
                carrying = sum(1 for o in st["boats"] if o["type"] not in BARGES and o["at"] == "sea"
                               and any(_licence_of(x) == f for x in o["load"]))
                if lic <= carrying:
                    continue
            out.append(f)
        return out

    def _bag_home(self, view, L: _Look, fish: str) -> int:
        """Barrels of an auction fish that can come home together: on ships at sea and unloaded
        in this action already."""
        n = sum(sum(1 for x in b["load"] if _fish_of(x) == fish) for b in L.st["boats"] if b["at"] == "sea")
        ctx = view.get("action") or {}
        return n + (ctx.get(fish, 0) if ctx.get("kind") == "fish" else 0)

    def _bag_more(self, L: _Look, fish: str) -> bool:
        """Whether another barrel of an auction fish can still be caught: on a ship carrying it
        with room, or on an empty ship while more licences than carrying ships (000:131)."""
        st = L.st
        if fish not in L.usable:
            return False
        lic = st["licences"].get(fish, 0)
        carrying = 0
        for o in st["boats"]:
            if o["type"] in BARGES or o["at"] != "sea" or not o["load"] or _fish_of(o["load"][0]) != fish:
                continue
            carrying += 1
            if len(o["load"]) < self._holds(o["type"]):
                return True
        if lic > carrying and any(o["type"] not in BARGES and not o["load"] for o in st["boats"]):
            return True
        return any(o["type"] in BARGES and o["at"] == "sea" and len(o["load"]) < self._holds(o["type"])
                   for o in st["boats"])

    def _bag_stuck(self, view, L: _Look, b) -> bool:
        """A ship with an auction fish that can never come home with enough for an auction."""
        fish = {_fish_of(x) for x in b["load"]}
        for f in fish & set(AUCTION_FISH):
            if self._bag_home(view, L, f) >= self._per_auction(f) or self._bag_more(L, f):
                continue
            return True
        return False

    def _fishing_value(self, view, L: _Look) -> float:
        """How much a fishing action could do now; 0 when it could only go round in circles."""
        st = L.st
        v = 0.0
        home = L.can_dock
        sell_boats = L.want_cash > 0 and L.stranded
        for i, b in enumerate(st["boats"]):
            if b["at"] != "sea":                      # at a berth, or at the Foreign Market (000:551)
                if b["type"] in BARGES:
                    if L.usable and any(o["at"] == "sea" and o["type"] not in BARGES for o in st["boats"]):
                        v += 0.3
                elif L.usable:
                    v += 1
            elif b["load"]:
                if self._bag_stuck(view, L, b):
                    continue
                if home > 0 or self._catchable(view, L, b, {}) or self._foreign_ok(view, L, b):
                    v += 1.5
            elif self._catchable(view, L, b, {}):
                v += 1
            elif sell_boats and home > 0 and i != L.keep:
                v += 0.5
                home -= 1
        if self._stale_prices(view, L):
            v += 0.5
        return v

    def _catch_value(self, view, catch, L: _Look | None = None) -> int:
        """Yen a catch brings: each barrel its worth; one caught with a Himono licence half a
        himono barrel (it dries, 000:472-476); an auction fish its share of a token. A seat
        that is alone sells only to the Mackerel market: a barrel is its ¥50 of the ¥100 for
        2 unloaded (000:136), a mackerel ¥50 more from Mackerel (000:228)."""
        v = 0
        for tag, fish, n, use in catch:
            lic = self.m[_licence_of(tag)]
            if L is not None and L.alone and fish not in AUCTION_FISH and not lic.lays_catch:
                w = 100 if fish == "mackerel" else 50
            elif lic.lays_catch and fish != lic.id:              # a pair on the licence: a barrel of it
                w = self._barrel_worth(view, lic.id) // lic.holds
            elif fish == "swordfish":
                w = self._worth(view, "swordfish") // self._per_auction("swordfish")
            else:
                w = self._barrel_worth(view, fish)
                if fish == "sardines":
                    w += self._worth(view, "sardines")    # a token on unloading (000:517)
            v += n * w
        return v

    def _fish_score(self, view, L: _Look, a, payload=None) -> float:
        head = a.key.split(":")[0]
        st = L.st
        ctx = view.get("action") or {}
        if head == "launch":
            _, i = a.data
            b = st["boats"][i]
            if not L.usable:
                return -1
            if b["type"] in BARGES:
                return 0.2
            return 3
        if head == "catch":
            i, catch = a.data[1], a.data[2]
            fishes = [c[1] for c in catch]
            sc = 3 + self._catch_value(view, catch, L) / 1000
            b = st["boats"][i]
            for f in fishes:
                if f in AUCTION_FISH and not b["load"]:
                    # The ship that starts an auction fish must hold an auction's worth unless
                    # more licences let other ships join in (000:131, 000:264, 000:284, 000:527).
                    holds = self._holds(b["type"])
                    sc += holds / 10
                    barge = any(o["type"] in BARGES for o in st["boats"])
                    if holds < self._per_auction(f) and st["licences"].get(f, 0) <= 1 and not barge:
                        sc -= 4
            return sc
        if head == "foreign":
            # The lot of the group docked at the Foreign Market is auctioned (000:547).
            return 2
        if head == "dock" and a.data[0] == "foreign":
            i = a.data[2]
            b = st["boats"][i]
            if a.data[1] == "join":
                return 3 if self._foreign_ok(view, L, b, i) else 1
            return 4.5 if self._foreign_ok(view, L, b, i) else -3
        if head == "dock":
            _, i, berth = a.data
            b = st["boats"][i]
            if not b["load"]:
                if L.want_cash > 0 and L.stranded and i != L.keep:
                    return 2
                return -2
            fish = {_fish_of(x) for x in b["load"]}
            bag = fish & set(AUCTION_FISH)
            if bag:
                f = next(iter(bag))
                pend = ctx.get(f, 0) if ctx.get("kind") == "fish" else 0
                n = sum(1 for x in b["load"] if _fish_of(x) == f)
                if n + pend >= self._per_auction(f):
                    return 4
                others = sum(sum(1 for x in o["load"] if _fish_of(x) == f)
                             for j, o in enumerate(st["boats"])
                             if j != i and o["at"] == "sea" and j not in ctx.get("boats", ()))
                if n + pend + others >= self._per_auction(f):
                    return 3
                return -2
            full = len(b["load"]) >= self._holds(b["type"])
            can_more = bool(self._catchable(view, L, b, ctx.get("lic", {})))
            return 4 if full or not can_more else 2
        if head == "reprice":
            _, kind, row, col, target = a.data
            want = self._target_price(view, kind, L) // (2 if row == "lower" else 1)
            now = self.d.price_of(col)
            better = abs(now - want) - abs(self._col_price(target, payload) - want)
            return better / 100 - 1
        return 0

    # ---- the Foreign Market and dumping ----------------------------------------------------------

    def _lot_worth(self, view, L: _Look, load: list[str]) -> int:
        """What the tokens of a load auctioned at the Foreign Market are worth (000:547,
        000:558-560): a token per barrel, per 2 king crab or swordfish, per 3 tuna."""
        n: dict = {}
        for x in load:
            f = _fish_of(x)
            n[f] = n.get(f, 0) + 1
        per = {"king_crab": "crab_barrels_per_token", "swordfish": "swordfish_barrels_per_token",
               "tuna": "tuna_barrels_per_token"}
        data = self.d.market["foreign_market"]
        total = 0
        for f, k in n.items():
            m = L.fm.get(f) or {}
            if f in per:
                k //= int(data.get(per[f], 2))
            if f in BAG_FISH or f == "clams_oysters":
                bag = (view.get("bag") or {}).get(f) or {}
                if not sum(bag.values()):
                    continue
                each = sum(c * self._worth(view, kind) for kind, c in bag.items()) // sum(bag.values())
                total += min(k, sum(bag.values())) * each
            else:
                total += min(k, m.get("tokens", 0)) * self._worth(view, f)
        return total

    def _foreign_ok(self, view, L: _Look, b, i: int | None = None) -> bool:
        """Whether a loaded boat at sea should dock at the Foreign Market (000:547): when it
        cannot dock at home, or when the seat needs yen and the others can pay for the lot."""
        if "foreign_market" not in L.ext:
            return False
        if b["at"] != "sea" or not b["load"] or L.yen < int((self._entry("foreign_market", 0)).get("yen", 0)):
            return False
        if any(self.m[_licence_of(x)].lays_catch for x in b["load"]) or b.get("rented"):
            return False                          # they dry at home (000:472); it goes back from home (000:578)
        worth = self._lot_worth(view, L, b["load"])
        if worth <= 0:
            return False
        ctx = view.get("action") or {}
        if i is not None and ctx.get("kind") == "fish" and ctx.get("foreign") is None:
            home = any(k.startswith(f"dock:{i + 1}:") and not k.endswith(":foreign") for k in L.keys)
        else:
            home = L.can_dock > 0
        if not home:
            return True                           # no berth at home for it
        if L.want_cash > 0 and L.buyer_yen is not None and L.buyer_yen >= worth // 2 and worth >= 400:
            return True
        return False

    def _dump_score(self, view, L: _Look, a) -> float:
        i, f = a.data[1], _fish_of(a.data[2])
        b = L.st["boats"][i]
        if f in AUCTION_FISH and self._bag_stuck(view, L, b):
            return 1
        return -5

    # ---- drying on a Himono licence (000:474) ----------------------------------------------------

    def _dry_score(self, view, L: _Look, a) -> float:
        mk = self.m[a.data[1]]
        hm = L.fm.get(mk.id)
        if hm is None or hm.get("overfished") or hm.get("barrels", 0) <= 0:
            return -1                                       # no himono barrel to come of it (000:476)
        lists = L.st.get(mk.seat_field) or []
        half = any(len(x) == 1 for x in lists)
        if a.data[2] == "barrel":
            row = a.data[3]
            # The lower row spoils at the start of the next turn (000:105): dry it instead.
            return 6 if row == "lower" else -1
        # A token: two resources for a himono barrel to sell, when a pair can be completed.
        if L.res_gap > 0 or L.cash_gap > 0 or L.res - 1 < self.d.end_resources <= L.res:
            return -1
        n = sum(L.held.get(k, 0) for k in mk.kinds)
        if half and n >= 2 or n >= 4:
            return 5.5
        return -1
