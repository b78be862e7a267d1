"""The fishmonger: a Tsukiji bot that plays from its own seat's view, one decision at a time.

It fishes with what it has, prices barrels a little under what their tokens are worth
(and within what a buyer can pay, where money is open), buys barrels that are cheaper
than their tokens, sells tokens where a market pays more than they are worth at the end
(¥100 per resource), buys licences and ships while it can afford them, and bids about
what a lot is worth to it. It reads only the view (as a person at its seat would see it),
the legal actions and the game's printed numbers (`rules.d`), never the table itself.

It never goes round in circles: fishing counts only when a boat can do something that
leads to a sale (a launch for a licence it can use, a catch, a dock with a load that will
sell or be auctioned), and a seat whose boats have nothing to do finds a way forward:
it buys a licence it can use, or raises the yen for one (sells tokens that pay, donates,
sells boats it cannot use, borrows). Near the end condition (000:96-97, 000:359-362) it
works towards it: with 50 resources it raises yen until it is not alone with the least
yen; with ¥5,000 it buys until it is not alone with the fewest resources.
"""

from __future__ import annotations

from core.game import Move

from .data import BAG_FISH

BARGES = ("barge", "barge4")
FREE_ENTRY = {"ap": 0, "yen": 0, "takoyaki": 0, "tokens": {}}


def _fish_of(item: str) -> str:
    """A barrel on a boat is its fish, or "fish/licence" (caught with another fish's licence)."""
    return item.split("/", 1)[0]


class _Look:
    """What the bot works out from its view once per decision."""

    __slots__ = ("me", "st", "yen", "held", "res", "fm", "ext", "live", "usable", "stranded", "hidden",
                 "others", "cash_gap", "res_gap", "want_cash", "best_licence", "keep", "buyer_yen",
                 "late", "can_dock")


class FishmongerBot:
    name = "fishmonger"
    needs_view = True

    def __init__(self, rules):
        # The printed numbers only: everything about the table comes from the view.
        self.d = rules.d

    # ---- printed numbers -----------------------------------------------------------------

    def _holds(self, t: str) -> int:
        try:
            return self.d.holds(t)
        except (ValueError, TypeError, KeyError):
            return 4

    def _per_auction(self, fish: str) -> int:
        return int(self.d.market[fish].get("barrels_per_auction", 1))

    def _entry(self, mid: str, k: int) -> dict:
        opts = self.d.market[mid]["entry"] or [FREE_ENTRY]
        return opts[k] if k < len(opts) else FREE_ENTRY

    def _licence_price(self, mid: str) -> int:
        return int(self.d.market[mid].get("licence_price", 0))

    def _boat_price(self, mid: str, how: str, t: str) -> int | None:
        m = self.d.market.get(mid, {})
        barge = t in BARGES
        try:
            if mid == "ships":
                buy = m["barge_price"] if barge else m["hold_price"] * self._holds(t)
                if how == "buy":
                    return buy
                r = m["resale_round"]
                return -(-(buy * m["resale_percent"]) // (100 * r)) * r
            if mid == "used_ships":
                if how == "buy":
                    return m["buy_barge"] if barge else m["buy_hold"] * self._holds(t)
                return m["sell_barge"] if barge else m["sell_hold"] * self._holds(t)
        except (KeyError, TypeError):
            return None
        return None

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

    def _resources_of(self, view, kind: str, held: dict) -> int:
        """Resources one token of `kind` counts for now (for the end condition)."""
        if kind == "fugu":
            n = held.get("fugu", 0)
            return n * n - (n - 1) ** 2 if n else 0
        return view["token_values"].get(kind, 0)

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

    # ---- the look at the table -------------------------------------------------------------

    def _look(self, view) -> _Look:
        L = _Look()
        me = view["viewer"]
        L.me = me
        L.st = st = view["seats"][me]
        L.yen = yen = view["yen"][me] or 0
        L.held = st["tokens"]
        L.fm = view["markets"]["fish"]
        L.ext = view["markets"]["external"]
        res = view.get("resources") or [0] * len(view["seats"])
        L.res = res[me]
        L.others = [o for o in range(len(view["seats"])) if o != me]
        yens = view["yen"]
        L.hidden = any(yens[o] is None for o in L.others)
        L.buyer_yen = None if L.hidden or not L.others else max(yens[o] for o in L.others)
        L.late = (view.get("round") or 0) > 60
        L.live = {f for f, m in L.fm.items() if not m.get("overfished") and m.get("barrels", 0) > 0}
        L.usable = {f: n for f, n in st["licences"].items() if n and self._licence_usable(L, f, n)}
        L.stranded = not L.usable
        # The end condition (000:96-97): what this seat lacks to trigger it.
        L.cash_gap = 0
        L.res_gap = 0
        if L.others:
            if L.res >= self.d.end_resources:
                if not L.hidden:
                    low = min(yens[o] for o in L.others)
                    if yen < low:
                        L.cash_gap = low - yen + 100
                elif yen < 1000:
                    L.cash_gap = 1000 - yen
            if yen >= self.d.end_yen:
                low = min(res[o] for o in L.others)
                if L.res < low:
                    L.res_gap = low - L.res
        # The licence a stranded seat should aim for, and the yen it lacks for it.
        L.best_licence = None
        L.want_cash = L.cash_gap
        if L.stranded:
            best = None
            for f in L.live:
                if self._licence_buyable(L, f, check_yen=False):
                    cost = self._licence_price(f) + min(
                        (c.get("yen", 0) for c in (self.d.market[f]["entry"] or [FREE_ENTRY])
                         if not c.get("takoyaki") and not c.get("tokens") and not c.get("barrels")), default=0)
                    if best is None or cost < best[0]:
                        best = (cost, f)
            if best is not None:
                L.best_licence = best[1]
                L.want_cash = max(L.want_cash, best[0] - yen + 100)
        # The ship a seat keeps when it sells boats: its largest.
        ships = [i for i, b in enumerate(st["boats"]) if b["type"] not in BARGES]
        L.keep = max(ships, key=lambda i: self._holds(st["boats"][i]["type"])) if ships else None
        L.can_dock = self._home_places(st)
        return L

    def _home_places(self, st) -> int:
        """Free places at the open berths for ships (000:109)."""
        names = ("left", "middle", "right")[: st["berths"]]
        free = 0
        for berth in names:
            here = [b for b in st["boats"] if b["at"] == berth]
            if berth == "right":
                if not any(b["type"] in BARGES for b in here):
                    free += max(0, self.d.right_berth_ships - len(here))
            elif not here:
                free += 1
        return free

    def _ships(self, st) -> list[int]:
        return sorted((self._holds(b["type"]) for b in st["boats"] if b["type"] not in BARGES), reverse=True)

    def _fleet_ok(self, st, fish: str, licences: int) -> bool:
        """Whether the fleet can bring home enough of a bag fish at once for an auction
        (000:264, 000:284): with n licences at most n ships carry it (000:131), unless a
        barge takes the barrels over (000:147)."""
        ships = self._ships(st)
        if not ships:
            return False
        if fish not in BAG_FISH:
            return True
        if any(b["type"] in BARGES for b in st["boats"]):
            return True
        return sum(ships[:licences]) >= self._per_auction(fish)

    def _licence_usable(self, L: _Look, fish: str, n: int) -> bool:
        return fish in L.live and self._fleet_ok(L.st, fish, n)

    def _licence_buyable(self, L: _Look, fish: str, check_yen: bool = True) -> bool:
        m = L.fm.get(fish)
        if m is None or fish not in L.live or m.get("licences", 0) <= 0:
            return False
        have = L.st["licences"].get(fish, 0)
        if have >= 2 or not self._fleet_ok(L.st, fish, have + 1):
            return False
        spare = any(n and f not in L.usable for f, n in L.st["licences"].items())
        if sum(L.st["licences"].values()) + len(L.st["rentals"]) >= self.d.max_licences and not spare:
            return False
        return not check_yen or L.yen >= self._licence_price(fish)

    # ---- choosing ------------------------------------------------------------------------------

    def choose(self, view, legal, rng):
        L = self._look(view)
        best, best_score = [], None
        for a in legal:
            payload = None
            if getattr(a, "takes", None):
                payload = self._payload(view, L, a)
                if payload is None:
                    continue                        # data this bot does not know how to give
            sc = self._score(view, L, a, payload)
            if best_score is None or sc > best_score:
                best, best_score = [(a, payload)], sc
            elif sc == best_score:
                best.append((a, payload))
        if not best:
            plain = [a for a in legal if not getattr(a, "takes", None)] or legal
            return plain[rng.below(len(plain))]
        a, payload = best[rng.below(len(best))]
        return a if payload is None else Move(a.key, payload)

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

    def _score(self, view, L: _Look, a, payload=None) -> float:
        st = L.st
        yen = L.yen
        key = a.key
        head = key.split(":")[0]
        held = L.held
        ph = view["phase"]
        if ph == "bid":
            return self._bid_score(view, a, L.me)
        if ph == "start":
            if head == "coolbox":
                return 1 if any(r == "upper" for _, r, _ in st["harbour"]) else -1
            if head == "fugu":
                return 1 if self.d.price_of(key.split(":")[1]) <= self._worth(view, "fugu", held) else -1
            return 0
        if head == "return":
            # A licence that cannot be used only blocks a slot (000:145, 000:351-353).
            fish = key.split(":")[1]
            return 1 if fish not in L.usable else -5
        if head == "dump":
            return self._dump_score(view, L, a)
        if head == "berth":
            boats_home = sum(1 for b in st["boats"] if b["at"] != "sea")
            return 1 if yen > 3000 and boats_home >= st["berths"] and L.want_cash <= 0 else -3
        if head == "transfer":
            return 0.5
        if head == "cart":
            return -1
        if ph == "main":
            return self._main_score(view, L, a)
        if ph == "fish":
            return self._fish_score(view, L, a, payload)
        if ph == "buy":
            if head == "buy":
                _, o, kind, row, col = a.data
                return self._buy_value(view, L, kind, row, self.d.price_of(col)) / 100
            return 0
        if ph == "market":
            return self._market_score(view, L, a, payload)
        return 0

    # ---- fishing ---------------------------------------------------------------------------------

    @staticmethod
    def _catch_fish(key: str) -> str:
        """The fish of a catch key: "catch:2:eel", or "catch:2:eel*2+nori" with several."""
        part = key.split(":", 2)[2] if key.count(":") >= 2 else ""
        return _fish_of(part.split("+", 1)[0].split("*", 1)[0])

    def _catchable(self, view, L: _Look, b, used: dict) -> list[str]:
        """What an activated ship at sea could catch now (000:129-132), by the view."""
        st = L.st
        if b["type"] in BARGES or b["at"] != "sea" or len(b["load"]) >= self._holds(b["type"]):
            return []
        if b["load"]:
            f = _fish_of(b["load"][0])
            cands = [] if f == "salmon" else [f]
        else:
            cands = [f for f, n in st["licences"].items() if n]
        out = []
        for f in cands:
            if f not in L.usable:
                continue
            lic = st["licences"].get(f, 0)
            if lic - used.get(f, 0) <= 0:
                continue
            if not b["load"]:
                carrying = sum(1 for o in st["boats"] if o["type"] not in BARGES and o["at"] == "sea"
                               and any(_fish_of(x) == f for x in o["load"]))
                if lic <= carrying:
                    continue
            out.append(f)
        return out

    def _bag_home(self, view, L: _Look, fish: str) -> int:
        """Barrels of a bag fish that can come home together: on ships at sea and unloaded
        in this action already."""
        n = sum(sum(1 for x in b["load"] if _fish_of(x) == fish) for b in L.st["boats"] if b["at"] == "sea")
        ctx = view.get("action") or {}
        return n + (ctx.get(fish, 0) if ctx.get("kind") == "fish" else 0)

    def _bag_more(self, L: _Look, fish: str) -> bool:
        """Whether another barrel of a bag fish can still be caught: on a ship carrying it
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
        """A ship with king crab or tuna that can never come home with enough for an auction."""
        fish = {_fish_of(x) for x in b["load"]}
        for f in fish & set(BAG_FISH):
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
            if b["at"] == "foreign":
                continue
            if b["at"] != "sea":
                if b["type"] in BARGES:
                    if L.usable and any(o["at"] == "sea" and o["type"] not in BARGES for o in st["boats"]):
                        v += 0.3
                elif L.usable:
                    v += 1
            elif b["load"]:
                if self._bag_stuck(view, L, b):
                    continue
                if home > 0 or self._catchable(view, L, b, {}):
                    v += 1.5
            elif self._catchable(view, L, b, {}):
                v += 1
            elif sell_boats and home > 0 and i != L.keep:
                v += 0.5
                home -= 1
        if self._stale_prices(view, L):
            v += 0.5
        return v

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

    def _fish_score(self, view, L: _Look, a, payload=None) -> float:
        head = a.key.split(":")[0]
        st = L.st
        ctx = view.get("action") or {}
        if head == "price":
            kind = (ctx.get("pending") or ["mackerel"])[0]
            return -abs(self._col_price(a.data[1], payload) - self._target_price(view, kind, L)) / 100
        if head == "launch":
            _, i = a.data
            b = st["boats"][i]
            if not L.usable:
                return -1
            if b["type"] in BARGES:
                return 0.2
            return 3
        if head == "catch":
            i, f = a.data[1], self._catch_fish(a.key)
            sc = 3 + self._barrel_worth(view, f) / 1000
            b = st["boats"][i]
            if f in BAG_FISH and not b["load"]:
                # The ship that starts a bag fish must hold an auction's worth unless more
                # licences let other ships join in (000:131, 000:264, 000:284).
                holds = self._holds(b["type"])
                sc += holds / 10
                barge = any(o["type"] in BARGES for o in st["boats"])
                if holds < self._per_auction(f) and st["licences"].get(f, 0) <= 1 and not barge:
                    sc -= 4
            return sc
        if head == "dock":
            _, i, berth = a.data
            b = st["boats"][i]
            if not b["load"]:
                if L.want_cash > 0 and L.stranded and i != L.keep:
                    return 2
                return -2
            fish = {_fish_of(x) for x in b["load"]}
            bag = fish & set(BAG_FISH)
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

    def _dump_score(self, view, L: _Look, a) -> float:
        i, f = a.data[1], _fish_of(a.data[2])
        b = L.st["boats"][i]
        if f in BAG_FISH and self._bag_stuck(view, L, b):
            return 1
        return -5

    # ---- buying ---------------------------------------------------------------------------------

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
        return m is not None and m.get("tokens", 0) > 0

    # ---- the main choice ------------------------------------------------------------------------

    def _main_score(self, view, L: _Look, a) -> float:
        head = a.key.split(":")[0]
        yen = L.yen
        if head == "fish":
            v = self._fishing_value(view, L)
            # Nothing to do at sea: still better than a market that gives nothing.
            return 1 + min(2.0, v) if v > 0 else -1.4
        if head == "buy":
            best = None
            for o, other in enumerate(view["seats"]):
                if o == L.me:
                    continue
                for kind, row, col in other["harbour"]:
                    price = self.d.price_of(col)
                    if price <= yen and self._has_tokens(L, kind):
                        val = self._buy_value(view, L, kind, row, price)
                        best = val if best is None else max(best, val)
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
            return gain - cost.get("ap", 0) * 1.5 - cost.get("yen", 0) / 300 - 3 * cost.get("takoyaki", 0) - tok
        return 0

    def _cash_value(self, L: _Look, yen_in: int, res_out: int = 0) -> float:
        """Extra worth of raising `yen_in` when the seat needs yen (for a licence or the end)."""
        if L.want_cash <= 0 or yen_in <= 0:
            return 0.0
        if L.cash_gap > 0 and L.res - res_out < self.d.end_resources:
            # The sale would cost the 50 resources the end condition needs.
            return 0.0
        return 1.5 + min(L.want_cash, yen_in) / 200

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
            n = held["fugu"]
            out.append((100 * n * n, n * n, -1.0))
        elif mid == "mackerel":
            spoil = sum(1 for k, r, _ in L.st["harbour"] if k == "mackerel" and r == "lower")
            if spoil >= 2:
                out.append((50 * spoil, 0, 0.5))
        return out

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
            reserve = 1500 if mid in BAG_FISH else 700
            affordable = yen - pay - price > reserve
            if L.stranded:
                affordable = yen - pay >= price
            if (fm[mid].get("barrels", 0) > 2 or L.stranded) and affordable and self._licence_buyable(L, mid):
                gain = 3.5 + (3 if L.stranded else 0)
            gain += st["licences"].get(mid, 0) * 1.0
            for yen_in, res_out, leisure in self._sale_options(view, L, mid):
                gain += max(leisure, self._cash_value(L, yen_in, res_out))
            return gain
        if mid in ("ships", "used_ships"):
            gain = 0.0
            room = L.can_dock > 0
            cheap = min((p for t, n in L.ext.get(mid, {}).get("boats", {}).items() if n and t not in BARGES
                         for p in [self._boat_price(mid, "buy", t)] if p), default=None)
            if cheap is not None and room and L.want_cash <= 0:
                if yen - pay - cheap > (1000 if L.usable else 300) and (L.usable or L.best_licence is None):
                    gain = 3
            if L.want_cash > 0:
                sale = sum(self._boat_price(mid, "sell", b["type"]) or 0
                           for i, b in enumerate(st["boats"]) if b["at"] in ("left", "middle", "right")
                           and i != L.keep)
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
        if mid == "aquarium":
            spaces = self.d.market["aquarium"]["spaces"]
            laid = (L.ext.get("aquarium") or {}).get("spaces", {})
            best = 0.0
            for kind, n in held.items():
                fish = self.d.kind_fish.get(kind)
                if not n or kind == "takoyaki" or fish not in spaces:
                    continue
                if sum((laid.get(fish) or {}).values()) >= spaces[fish]["capacity"]:
                    continue
                price = spaces[fish]["price"]
                gain = (price - self._worth(view, kind, held)) / 100
                cash = self._cash_value(L, price, self._resources_of(view, kind, held))
                best = max(best, gain + (1 if gain > 0 else 0), cash)
            return best
        if mid == "bank":
            bank = L.ext.get("bank") or {}
            if st["shares"] or not bank.get("loans"):
                return 0
            if (L.cash_gap > 0 or (L.stranded and L.best_licence is not None)) and L.want_cash > 0:
                return self._cash_value(L, int(self.d.market["bank"].get("loan_yen", 500))) - 1
            return 0
        return 0

    # ---- in a market ----------------------------------------------------------------------------

    def _market_score(self, view, L: _Look, a, payload=None) -> float:
        head = a.key.split(":")[0]
        st = L.st
        yen = L.yen
        held = L.held
        ctx = view["action"] or {}
        mid = ctx.get("market")
        if head == "price":
            kind = (ctx.get("pending") or ["takoyaki"])[0]
            return -abs(self._col_price(a.data[1], payload) - self._target_price(view, kind, L)) / 100
        if head == "leave":
            return 0.5
        if head == "licence":
            price = self._licence_price(mid)
            if not self._licence_buyable(L, mid):
                return -1
            reserve = 0 if L.stranded else (1500 if mid in BAG_FISH else 700)
            if yen - price < reserve:
                return -1
            return 2
        if head == "sell":
            return self._sell_score(view, L, a, mid)
        if head == "aquarium":
            kind = a.data[1]
            price = self.d.market["aquarium"]["spaces"][self.d.kind_fish[kind]]["price"]
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
        if head in ("rent", "lot", "auction", "barter", "trade", "takoyaki"):
            return -0.5 if head != "takoyaki" else 1
        return 0

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
            if n == held.get("fugu", 0):
                return max(-1, self._cash_value(L, 100 * n * n, n * n) - 1)
            return -1
        if mid == "mackerel":
            if a.key.startswith("sell:barrel:L"):
                return 0.5
            return -0.5
        return -1

    # ---- sealed bids --------------------------------------------------------------------------------

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
