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
sells boats it cannot use, borrows; as a last resort returns mackerel tokens, trades tokens
for yen at Trade or offers them for barter). Near the end condition (000:96-97, 000:359-362)
it works towards it: with 50 resources it raises yen until it is not alone with the least
yen; with ¥5,000 it buys until it is not alone with the fewest resources. When every seat
is broke, so that nobody can buy, it raises yen from the markets as well. When every other
seat is broke and has no boat left (open money; random players come to this within a few
hundred moves), nobody will buy from it again and only its own ¥5,000 can end the game: it
then gathers mackerel licences (trading in licences whose barrels nobody buys, never an
auction fish's) and visits Mackerel with a barrel to return, for ¥100 a licence a visit
(000:181, 000:227-228); short of resources for the end, it takes an auction fish's licence
and a ship for its own auctions (000:264, 000:284).

The expansion (000:392-628):
• Tokens are worth what they add to the seat's resources: clam 3, oyster 1, himono 5,
  horse mackerel 1, sardines 1, swordfish its track value, and each nori a tenth of the
  other tokens (000:466, 000:485, 000:500, 000:511, 000:525, 000:538). With the
  Overfishing market in play a token of a market not overfished is worth a little more,
  one of an overfished market a little less (000:576).
• Licences are judged by what they catch: a Himono licence mackerel, horse mackerel or
  sardines (himono only when none of them is left, 000:468), a Horse Mackerel licence its
  own fish or mackerel (000:489). Swordfish is auctioned like king crab, 2 barrels a token
  (000:527): the fleet must bring 2 home together. Barrels caught with a Himono licence
  dry on it (000:472) and are worth half a himono barrel; lower-row mackerel, horse
  mackerel and sardine barrels (which spoil next) are laid on a Himono licence to dry
  (000:474), and so are spare tokens of those when a pair would be completed; the himono
  barrel a pair brings is priced like any barrel (000:476).
• The Foreign Market (000:547) takes a load that cannot dock at home, or one worth
  auctioning when the seat needs yen and the others can pay; boats left there are
  launched again like boats at a berth.
• In its own Swordfish, King Crab, Tuna and Foreign Market auctions it bids nothing when
  it needs yen (winning pays the supply), and breaks a tie for whoever leaves it better
  off: the lot less the bid, or the bid paid to it (000:264, 000:529, 000:547).
• Markets: clam-and-oyster sets are sold (¥800 for 4 resources, 000:464), swordfish when
  its value is high or yen are needed (000:536), canned sardines bought when resources
  are what the seat lacks or when they bring it to 50 resources with yen to spare
  (000:523), tokens to the New Aquarium as to the Aquarium (its entry a barrel from the
  harbour, the cheapest to lose, 000:570), the Sushi Shop's spaces filled with the
  cheapest tokens of different shapes when the space pays more (000:582), a ship rented
  for one trip when a licence lacks the holds or the licences outnumber the ships and
  every boat has a berth to come home to (000:578), an expansion marker bought when no
  licence can be used or bought (000:566), a buyer marker when rich and given at once to
  the next player (000:564), the Blue Ship for a small ship when two kinds of licence
  can use it (000:444-448).
"""

from __future__ import annotations

from core.game import Move

from .data import BAG_FISH

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
#: what a Himono licence catches and dries (000:468, 000:474); himono.toml's `catches`
HIMONO_KINDS = ("mackerel", "horse_mackerel", "sardines")


def _fish_of(item: str) -> str:
    """A barrel on a boat is its fish, or "fish/licence" (caught with another fish's licence)."""
    return item.split("/", 1)[0]


def _licence_of(item: str) -> str:
    """The licence a barrel on a boat was caught with: "mackerel/himono:1" → "himono"."""
    return item.split("/", 1)[1].split(":", 1)[0] if "/" in item else item


def _use_of(item: str) -> str:
    """The licence use of a barrel: "mackerel/himono:1" → "himono:1", "eel" → "eel"."""
    return item.split("/", 1)[1] if "/" in item else item


class _Look:
    """What the bot works out from its view once per decision."""

    __slots__ = ("me", "st", "yen", "held", "res", "fm", "ext", "live", "usable", "stranded", "hidden",
                 "others", "cash_gap", "res_gap", "want_cash", "best_licence", "keep", "buyer_yen",
                 "late", "can_dock", "keys", "slots", "stuck", "alone")


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

    # ---- values --------------------------------------------------------------------------

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
        """The fish a licence can catch now, by the view: its own, or for Himono the fish it
        dries (himono only when none of them is in play and not overfished, 000:468), for
        Horse Mackerel also mackerel (000:489)."""
        if lic == "himono":
            hm = L.fm.get("himono") or {}
            if hm.get("overfished") or hm.get("barrels", 0) <= 0:
                return []                         # what dries brings no himono barrel (000:476)
            kinds = tuple(self.d.market["himono"].get("catches", HIMONO_KINDS))
            out = [f for f in kinds if f in L.live]
            if any(f in L.fm and not L.fm[f].get("overfished") for f in kinds):
                return out
            return ["himono"] if "himono" in L.live else []
        out = [lic] if lic in L.live else []
        if lic == "horse_mackerel" and "mackerel" in L.live:
            out.append("mackerel")
        return out

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

    # ---- choosing ------------------------------------------------------------------------------

    def choose(self, view, legal, rng):
        L = self._look(view, legal)
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

    def shortlist(self, view, legal, count: int) -> list:
        """The `count` moves of `legal` (moves without data) this bot scores best, best first:
        the search bot (core.search) tries only these."""
        L = self._look(view, legal)
        scored = sorted(((self._score(view, L, a), i) for i, a in enumerate(legal) if not a.takes),
                        key=lambda t: (-t[0], t[1]))
        return [legal[i] for _, i in scored[:count]]

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
            return self._bid_score(view, L, a)
        if head == "price" and a.data and a.data[0] == "price":
            # A barrel (or takoyaki, or a new himono, 000:476) to put up for sale.
            kind = ((view.get("action") or {}).get("pending") or ["mackerel"])[0]
            return -abs(self._col_price(a.data[1], payload) - self._target_price(view, kind, L)) / 100
        if ph == "start":
            if head == "coolbox":
                return 1 if any(r == "upper" for _, r, _ in st["harbour"]) else -1
            if head == "fugu":
                return 1 if self.d.price_of(key.split(":")[1]) <= self._worth(view, "fugu", held) else -1
            return 0
        if head == "free":
            return self._free_score(view, L, a)
        if head == "return":
            # A licence that cannot be used only blocks a slot (000:145, 000:351-353).
            fish = key.split(":")[1]
            if fish == "himono" and any(st.get("himono") or []) and L.slots < self.d.max_licences:
                return -1                                   # what lies on it would go back unpaid (000:478)
            here = (view.get("action") or {}).get("market") if ph == "market" else None
            if here in AUCTION_FISH and self._for_tokens(L, fish, here) and L.slots >= self.d.max_licences:
                return 4
            if self._spare_alone(L, fish) and self._mackerel_income(L) and L.slots >= self.d.max_licences:
                in_mackerel = ph == "market" and (view.get("action") or {}).get("market") == "mackerel"
                return 4 if in_mackerel else 1.2
            if fish == "mackerel" and L.alone and "mackerel" in L.fm:
                return -5                         # alone, it pays on every visit, fishing or not (000:353)
            return 1 if fish not in L.usable else -5
        if head == "dump":
            return self._dump_score(view, L, a)
        if head == "berth":
            boats_home = sum(1 for b in st["boats"] if b["at"] not in ("sea", "foreign"))
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

    # ---- free actions of the expansion (000:474, 000:564) -------------------------------------

    def _free_score(self, view, L: _Look, a) -> float:
        """Free actions come before the turn's actions (the turn ends with the last one)."""
        parts = a.key.split(":")
        if parts[1] == "influence":
            # A buyer marker is given at once to the next player: the extra buying action
            # comes right after their turn (000:564).
            target = a.data[3]
            return 6 if target == (L.me + 1) % len(view["seats"]) else -1
        if parts[1] == "himono":
            return self._dry_score(view, L, a)
        return -1

    def _dry_score(self, view, L: _Look, a) -> float:
        hm = L.fm.get("himono")
        if hm is None or hm.get("overfished") or hm.get("barrels", 0) <= 0:
            return -1                                       # no himono barrel to come of it (000:476)
        lists = L.st.get("himono") or []
        half = any(len(x) == 1 for x in lists)
        if a.data[2] == "barrel":
            row = a.data[3]
            # The lower row spoils at the start of the next turn (000:105): dry it instead.
            return 6 if row == "lower" else -1
        # A token: two resources for a himono barrel to sell, when a pair can be completed.
        if L.res_gap > 0 or L.cash_gap > 0 or L.res - 1 < self.d.end_resources <= L.res:
            return -1
        n = sum(L.held.get(k, 0) for k in HIMONO_KINDS)
        if half and n >= 2 or n >= 4:
            return 5.5
        return -1

    # ---- fishing ---------------------------------------------------------------------------------

    def _himono_at_sea(self, st) -> dict:
        """Barrels at sea caught with each Himono licence ("himono:0": n) (000:470)."""
        out: dict = {}
        for b in st["boats"]:
            if b["at"] == "sea":
                for x in b["load"]:
                    if _licence_of(x) == "himono":
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
        limit = int(self.d.market["himono"].get("caught_at_sea_limit", 2))
        for f in cands:
            if f not in L.usable:
                continue
            lic = st["licences"].get(f, 0)
            if f == "himono":
                sea = self._himono_at_sea(st)
                if b["load"]:
                    u = _use_of(b["load"][0])
                    ok = not used.get(u) and sea.get(u, 0) < limit
                else:
                    ok = any(not used.get(f"himono:{k}") and sea.get(f"himono:{k}", 0) < limit
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

    def _catch_value(self, view, catch, L: _Look | None = None) -> int:
        """Yen a catch brings: each barrel its worth; one caught with a Himono licence half a
        himono barrel (it dries, 000:472-476); an auction fish its share of a token. A seat
        that is alone sells only to the Mackerel market: a barrel is its ¥50 of the ¥100 for
        2 unloaded (000:136), a mackerel ¥50 more from Mackerel (000:228)."""
        v = 0
        for tag, fish, n, use in catch:
            if L is not None and L.alone and fish not in AUCTION_FISH and _licence_of(tag) != "himono":
                w = 100 if fish == "mackerel" else 50
            elif _licence_of(tag) == "himono" and fish != "himono":
                w = self._barrel_worth(view, "himono") // 2
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
        if any(_licence_of(x) == "himono" for x in b["load"]) or b.get("rented"):
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

    # ---- the main choice ------------------------------------------------------------------------

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
        if kind == "himono":
            return worth / 100                               # it never spoils (000:432)
        return worth / 100 * (0.6 if where[0] == "u" else 0.25)

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

    # ---- in a market ----------------------------------------------------------------------------

    def _market_score(self, view, L: _Look, a, payload=None) -> float:
        head = a.key.split(":")[0]
        st = L.st
        yen = L.yen
        held = L.held
        ctx = view["action"] or {}
        mid = ctx.get("market")
        if head == "leave":
            return 0.5
        if head == "licence":
            price = self._licence_price(mid)
            if not self._licence_buyable(L, mid):
                return -1
            reserve = 0 if L.stranded else (1500 if mid in AUCTION_FISH else 700)
            if yen - price < reserve:
                return -1
            return 2
        if head == "sell":
            return self._sell_score(view, L, a, mid)
        if head in ("aquarium", "new_aquarium"):
            kind = a.data[1]
            space = self.d.shapes.get(kind, self.d.kind_fish.get(kind))
            price = self.d.market[head]["spaces"][space]["price"]
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
                if t == "blue":
                    # Two licences at once (000:448), for a small ship traded in (000:444).
                    _, gt, gb = berth
                    kinds = sum(1 for f in L.usable)
                    return 2.2 if gt in ("1", "2") and kinds >= 2 and yen - price > 1500 else -2
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
        if head == "iwashi":
            return self._iwashi_score(view, L, a.data[1])
        if head == "influence":
            if a.data[1] == "expand":
                fresh = L.stranded and L.best_licence is None and not ctx.get("expanded")
                return 3 if a.data[2] == "fish" and fresh else -2
            return 2 if self._market_gain(view, L, "influence") >= 2.5 and not st.get("buyers") else -2
        if head == "rent" and mid == "ship_rental":
            _, m, t, berth = a.data
            need = self._rent_need(view, L)
            if not need or t in BARGES or self._holds(t) < need:
                return -2
            # the smallest ship that will do
            return 3 - self._holds(t) / 10
        if mid == "sushi_shop" and head in ("lot", "sushi"):
            return self._sushi_score(view, L, a, ctx)
        if mid in ("trade", "barter") and head in ("lot", "trade", "barter"):
            return self._lot_score(view, L, a, ctx, mid)
        if head in ("rent", "lot", "auction", "barter", "trade", "takoyaki"):
            return -0.5 if head != "takoyaki" else 1
        return 0

    def _iwashi_score(self, view, L: _Look, n: int) -> float:
        price = int(self.d.market["sardines"].get("canned_price", 100))
        if L.res_gap > 0:
            want = L.res_gap + 1
            return 3 - abs(min(want, (L.yen - self.d.end_yen) // max(1, price) + want) - n) / 10
        push = self._iwashi_push(view, L)
        if push:
            return 3 - abs(push - n) / 10
        if self._overfishing_bonus(view, "sardines") > 0 and L.want_cash <= 0:
            most = max(0, (L.yen - 2500) // max(1, price))
            return 1 - abs(min(most, 5) - n) / 10 if most else -1
        return -1

    def _lot_score(self, view, L: _Look, a, ctx, mid: str) -> float:
        """Trade or Barter for yen: the planned tokens one by one, then the trade or offer.
        Taking the lot back is never chosen while anything else is possible."""
        lot = ctx.get("lot") or {}
        head = a.key.split(":")[0]
        if head == "lot" and a.data[1] == "clear":
            return -5
        if mid == "trade":
            plan = self._trade_plan(view, L, lot)
            if head == "trade":
                if a.data[1] != "yen":
                    return -3
                if plan is not None and a.data[2] == plan[0] and not plan[1]:
                    return 5
                return 3 if lot and plan is None else 1
            kinds = plan[1] if plan else []
        else:
            kinds = self._barter_plan(view, L, lot) or []
            if head == "barter":
                return 5 if lot and not kinds else (3 if lot else -3)
        if head == "lot":
            return 4 if kinds and a.data[2] == kinds[0] else -1
        return 0

    def _sushi_score(self, view, L: _Look, a, ctx) -> float:
        """Build the planned group token by token, then sell it onto its space (000:582)."""
        lot = ctx.get("lot") or {}
        plan = self._sushi_plan(view, L, lot)
        head = a.key.split(":")[0]
        if head == "lot" and a.data[1] == "clear":
            return -5
        if plan is None:
            return 2 if head == "sushi" else -1
        gain, z, kinds = plan
        worth_it = gain > 0 or sum(lot.values()) > 0 or self._sushi_gain(view, L) > 0
        if head == "lot":
            return 4 if worth_it and kinds and a.data[2] == kinds[0] else -1
        i = a.data[1]
        spec = self.d.market["sushi_shop"]["spaces"][i]
        if sum(lot.values()) == z and spec["shapes"] == z:
            return 5 + spec["yen"] / 10000
        return 3 if sum(lot.values()) else -1

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
            if n == self._fugu_sale(view, L):
                return max(-1, self._cash_value(L, 100 * n * n, self._fugu_out(view, L, n)) - 1)
            return -1
        if mid == "mackerel":
            if L.alone and a.key.startswith("sell:barrel:"):
                # Nobody buys them: the lower row spoils next (000:105), the upper waits for
                # the next visit unless one is needed now (000:183) or completes a pair.
                ctx = view.get("action") or {}
                if a.key.startswith("sell:barrel:L") or not ctx.get("n") or ctx.get("sold", 0) % 2:
                    return 1.0
                return -0.5
            if a.key.startswith("sell:barrel:L"):
                return 0.5
            if a.key == "sell:token" and L.want_cash > 0 and not self._keep_res(L, 1):
                sold = (view.get("action") or {}).get("sold", 0)
                per = int(self.d.market["mackerel"].get("sell_per", 2))
                # yen come with every second one: finish a pair once begun
                return 1.2 if sold % per or held.get("mackerel", 0) >= 2 else -0.5
            return -0.5
        if mid == "clams_oysters":
            n = a.data[1]
            price = int(self.d.market["clams_oysters"].get("set_yen", 800))
            res = n * (tv.get("clam", 3) + tv.get("oyster", 1))
            if self._keep_res(L, res):
                return -1
            return 1.5 + n / 10 + max(0.0, self._cash_value(L, price * n, res) - 1.5)
        if mid == "swordfish":
            n = a.data[1]
            v = tv.get("swordfish", 0)
            bonus = int(self.d.market["swordfish"].get("sell_bonus", 0))
            if self._keep_res(L, n * v):
                return -1
            if n != held.get("swordfish", 0):
                return -1                                   # all at once: the ¥200 comes once a visit
            base = 1.0 if v >= 8 else -1.0
            return max(base, self._cash_value(L, 100 * n * v + bonus, n * v) - 1)
        return -1

    # ---- sealed bids --------------------------------------------------------------------------------

    def _bid_score(self, view, L: _Look, a) -> float:
        me = L.me
        head = a.key.split(":")[0]
        bid = view["bid"]
        lot = bid["lot"]
        worth = sum(self._worth(view, k, view["seats"][me]["tokens"]) * n for k, n in lot.items())
        if head == "bid":
            want = int(worth * 0.6) // 100 * 100
            if bid.get("kind") in AUCTION_FISH + ("foreign_market",) and view.get("turn") == me \
                    and L.want_cash > 0:
                want = 0                     # its own auction: winning it would pay the supply (000:264, 000:547)
            return -abs(a.data[1] - want)
        if head == "winner":
            if bid.get("kind") in AUCTION_FISH + ("foreign_market",) and view.get("turn") == me:
                # The active player breaks a tie: taking the lot, it pays the supply; leaving
                # it, the winner pays it (000:264, 000:529, 000:547).
                amount = (bid.get("bids") or {}).get("bids", {}).get(str(a.data[1]), 0)
                mine = worth - amount
                return (mine if a.data[1] == me else amount) / 100
            return 1 if a.data[1] == me else 0
        if head == "accept":
            amount = bid["bids"].get("bids", {}).get(str(a.data[1]), 0)
            if L.want_cash > 0 and amount > 0:
                return amount / 100                     # offered for the yen (000:325): the best bid
            return (amount - worth * 0.7) / 100
        return 0
