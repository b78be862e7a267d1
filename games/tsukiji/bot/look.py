"""What the fishmonger sees before it decides: its seat's view read once (`_Look`), the
game's printed numbers, and where the seat stands: which licences it can use or buy, what it
lacks for the end condition (000:96-97), whether it is alone with nobody left to buy.
Every other decision reads these, so they come first and import nothing of the bot's.
"""

from __future__ import annotations

from ..data import BAG_FISH

BARGES = ("barge", "barge4")
FREE_ENTRY = {"ap": 0, "yen": 0, "takoyaki": 0, "tokens": {}}
#: fish whose unloaded barrels are auctioned in groups instead of put up for sale
#: (King Crab 000:262, Tuna 000:282, Swordfish 000:527)
AUCTION_FISH = BAG_FISH + ("swordfish",)
#: below this every seat is broke: nobody buys, and yen must come from the markets
BROKE = 300
#: the other tokens' resources a nori token is valued by, at least (000:511): about what a
#: seat holds late in the game
NORI_HOPE = 30


def _fish_of(item: str) -> str:
    """A barrel on a boat is its fish, or "fish/licence" (caught with another fish's licence)."""
    return item.split("/", 1)[0]


def _licence_of(item: str) -> str:
    """The licence a barrel on a boat was caught with: "mackerel/himono:1" → himono."""
    return item.split("/", 1)[1].split(":", 1)[0] if "/" in item else item


def _use_of(item: str) -> str:
    """The licence use of a barrel: "mackerel/himono:1" → "himono:1", "eel" → "eel"."""
    return item.split("/", 1)[1] if "/" in item else item


class _Look:
    """What the bot works out from its view once per decision."""

    __slots__ = ("me", "st", "yen", "held", "res", "fm", "ext", "live", "usable", "stranded", "hidden",
                 "others", "cash_gap", "res_gap", "want_cash", "best_licence", "keep", "buyer_yen",
                 "late", "can_dock", "keys", "slots", "stuck", "alone")


class Looking:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- printed numbers -------------------------------------------------------------------------

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

    def _most_licences(self, mid: str) -> int:
        """How many licences of a fish the bot holds at most: 2, Nori 1 (000:508), Sardines 1
        (its market cannot be entered while you hold one, 000:515)."""
        if mid == "sardines":
            return 1
        return int(self.d.market[mid].get("max_held", 2))

    def _boat_price(self, mid: str, how: str, t: str) -> int | None:
        m = self.d.market.get(mid, {})
        barge = t in BARGES
        if t == "blue":
            t = "4"                                   # priced as the 4-hold ship (000:444, 000:446)
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

    # ---- the look at the table -------------------------------------------------------------------

    def _look(self, view, legal=()) -> _Look:
        L = _Look()
        me = view["viewer"]
        L.me = me
        L.st = st = view["seats"][me]
        L.yen = yen = view["yen"][me] or 0
        L.held = st["tokens"]
        L.fm = view["markets"]["fish"]
        L.ext = view["markets"]["external"]
        L.keys = {a.key for a in legal}
        L.slots = sum(st["licences"].values()) + len(st["rentals"]) + st.get("buyers", 0)
        res = view.get("resources") or [0] * len(view["seats"])
        L.res = res[me]
        lot = self._lot_aside(view, me)
        if lot:
            # Tokens laid out in a lot (Sushi Shop, Trade, Barter) are still the seat's until sold.
            whole = dict(L.held)
            for k, n in lot.items():
                whole[k] = whole.get(k, 0) + n
            L.res = self._res_of(view, whole)
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
        if L.buyer_yen is not None and L.yen < BROKE and L.buyer_yen < BROKE:
            # Nobody can buy anything: the money must come from the markets.
            L.want_cash = max(L.want_cash, 2 * BROKE - L.yen)
        # Every other seat is broke (open money) and has no boat left to earn with: nobody will
        # buy this seat's barrels again, and the end (000:96) can only come from its own
        # ¥5,000. Yen then come from the markets: Mackerel's licence income and barrel sales
        # above all (000:181, 000:228). (Random players come to this within a few hundred moves.)
        L.alone = L.buyer_yen is not None and L.buyer_yen < BROKE and \
            not any(view["seats"][o]["boats"] for o in L.others)
        if L.stranded:
            best = None
            for f in L.fm:
                if self._licence_buyable(L, f, check_yen=False):
                    cost = self._licence_price(f) + min(
                        (c.get("yen", 0) for c in (self.d.market[f]["entry"] or [FREE_ENTRY])
                         if not c.get("takoyaki") and not c.get("tokens") and not c.get("barrels")), default=0)
                    if best is None or cost < best[0]:
                        best = (cost, f)
            if best is not None:
                L.best_licence = best[1]
                L.want_cash = max(L.want_cash, best[0] - yen + 100)
        # 50 resources, the least yen, no licence to use and no yen: keeping the 50 leads
        # nowhere, so it sells what it must to fish (and buy) again.
        L.stuck = L.stranded and L.cash_gap > 0 and yen < BROKE
        # The ship a seat keeps when it sells boats: its largest.
        ships = [i for i, b in enumerate(st["boats"]) if b["type"] not in BARGES and not b.get("rented")]
        L.keep = max(ships, key=lambda i: self._holds(st["boats"][i]["type"])) if ships else None
        L.can_dock = self._home_places(st)
        return L

    @staticmethod
    def _lot_aside(view, me) -> dict:
        """Tokens of this seat laid out in a lot not yet sold: in a market visit, or offered
        for barter and being bid on (000:325)."""
        ctx = view.get("action") or {}
        if view.get("phase") == "market" and ctx.get("lot"):
            return ctx["lot"]
        bid = view.get("bid") or {}
        if view.get("phase") == "bid" and bid.get("kind") == "barter" and view.get("turn") == me:
            return bid.get("lot") or {}
        return {}

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
        """Whether the fleet can bring home enough of an auction fish at once (000:264,
        000:284, 000:527): with n licences at most n ships carry it (000:131), unless a
        barge takes the barrels over (000:147)."""
        ships = self._ships(st)
        if not ships:
            return False
        if fish not in AUCTION_FISH:
            return True
        if any(b["type"] in BARGES for b in st["boats"]):
            return True
        return sum(ships[:licences]) >= self._per_auction(fish)

    def _lic_catches(self, L: _Look, lic: str) -> list[str]:
        """The fish a licence can catch now, by the view, as its market says (`catches_from`):
        its own, for Himono the fish it dries (himono only when none of them is in play and
        not overfished, 000:468), for Horse Mackerel also mackerel (000:489). A licence whose
        catch is laid on it (Himono, 000:472) is worth nothing once its own market has no
        barrel left to bring (000:476)."""
        mk = self.m[lic]
        if mk.lays_catch:
            own = L.fm.get(lic) or {}
            if own.get("overfished") or own.get("barrels", 0) <= 0:
                return []
        return mk.catches_from(L.fm)

    def _licence_usable(self, L: _Look, fish: str, n: int) -> bool:
        return bool(self._lic_catches(L, fish)) and self._fleet_ok(L.st, fish, n)

    def _licence_buyable(self, L: _Look, fish: str, check_yen: bool = True) -> bool:
        m = L.fm.get(fish)
        if m is None or fish not in L.live or m.get("licences", 0) <= 0:
            return False
        if not self._lic_catches(L, fish):
            return False
        have = L.st["licences"].get(fish, 0)
        most = self.d.max_licences if L.alone and fish == "mackerel" else self._most_licences(fish)
        if have >= most or not self._fleet_ok(L.st, fish, have + 1):
            return False
        if self._spare_alone(L, fish):
            return False                          # alone, only mackerel licences pay (000:181)
        spare = any(n and (f not in L.usable or (fish == "mackerel" and self._spare_alone(L, f))
                           or self._for_tokens(L, f, fish))
                    for f, n in L.st["licences"].items())
        if L.slots >= self.d.max_licences and not spare:
            return False
        return not check_yen or L.yen >= self._licence_price(fish)

    def _spare_alone(self, L: _Look, fish: str) -> bool:
        """A licence a seat that is alone gives back for a mackerel licence: its barrels sell
        to nobody, while each mackerel licence brings ¥100 a visit to Mackerel (000:181).
        Licences of auction fish stay: their auctions bring tokens to sell (000:264, 000:284)."""
        return L.alone and fish != "mackerel" and "mackerel" in L.fm and fish not in AUCTION_FISH

    def _for_tokens(self, L: _Look, held: str, fish: str) -> bool:
        """Alone with ¥5,000 but the fewest resources (000:96), a seat gives a mackerel licence
        back for one of an auction fish: its own auctions are the only tokens to be had."""
        return L.alone and L.res_gap > 0 and held == "mackerel" and fish in AUCTION_FISH

    def _mackerel_income(self, L: _Look) -> bool:
        """Whether a seat that is alone should gather mackerel licences (000:227)."""
        m = L.fm.get("mackerel")
        return L.alone and m is not None and m.get("licences", 0) > 0 \
            and L.st["licences"].get("mackerel", 0) < self.d.max_licences \
            and L.yen >= self._licence_price("mackerel")
