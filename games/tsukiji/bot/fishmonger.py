"""The fishmonger bot itself: it reads its view, scores every legal move by the kind of
decision it is (a price, a start-of-turn or free action, fishing, buying, entering or
acting in a market, a bid) and plays the best, ties broken by its random numbers. The
scores come from the mixins, one module for each kind of decision."""

from __future__ import annotations

from core.game import Move

from ..markets import MARKETS
from .bidding import Bidding
from .buying import Buying
from .entering import Entering
from .fishing import Fishing
from .look import AUCTION_FISH, Looking, _Look
from .market import InMarket
from .pricing import Pricing
from .selling import Selling
from .worth import Worth


class _Printed:
    """All a market made for the bot knows of the rules: the printed numbers."""

    __slots__ = ("d",)

    def __init__(self, d):
        self.d = d


class FishmongerBot(Looking, Worth, Pricing, Fishing, Buying, Bidding, Selling, Entering, InMarket):
    name = "fishmonger"
    needs_view = True

    def __init__(self, rules):
        # The printed numbers only: everything about the table comes from the view.
        self.d = rules.d
        # What each market declares (what its licence catches, whether its barrels spoil),
        # made from the printed numbers alone: the markets' state is in the view.
        self.m = {mid: market(_Printed(self.d), self.d.market[mid]) for mid, market in MARKETS.items()}

    # ---- choosing --------------------------------------------------------------------------------

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
            lic = self.m[fish]
            if lic.lays_catch and any(st.get(lic.seat_field) or []) and L.slots < self.d.max_licences:
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

    # ---- free actions of the expansion (000:474, 000:564) ----------------------------------------

    def _free_score(self, view, L: _Look, a) -> float:
        """Free actions come before the turn's actions (the turn ends with the last one)."""
        what = a.data[2]
        if what == "give":
            # A buyer marker is given at once to the next player: the extra buying action
            # comes right after their turn (000:564).
            target = a.data[3]
            return 6 if target == (L.me + 1) % len(view["seats"]) else -1
        if what in ("barrel", "token"):                    # dried on a Himono licence (000:474)
            return self._dry_score(view, L, a)
        return -1
