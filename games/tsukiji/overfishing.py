"""Overfishing (000:351-357), new markets coming into play, and collapsing external
markets (000:592-626).

A new market comes from the box at random, or with open market order (000:628) the next
one of the face-up row. With the expansion the Aquarium and the New Aquarium always come
together (000:409, 000:600).
"""

from __future__ import annotations

from core.game import Event
from core.rng import Rng

from .data import BASE_EXTERNAL, BASE_FISH, EXTERNAL, FISH
from .state import State, add

PAIRED = ("aquarium", "new_aquarium")


class Overfishing:
    """Mixed into rules.Tsukiji."""

    def market_pool(self, s: State, kind: str) -> list[str]:
        """Markets of a kind still in the box, in their printed order."""
        if kind == "fish":
            pool = FISH if s.expansion else BASE_FISH
            return [m for m in pool if m not in s.fish]
        pool = EXTERNAL if s.expansion else BASE_EXTERNAL
        return [m for m in pool if m not in s.ext                   # 000:23: no Auction below 3 players
                and (m != "auction" or s.players >= self.d.auction_min_players)]

    def bring_in(self, s: State, mid: str, ev: list, how: str) -> None:
        """Set a market up as at the start of the game (000:355, 000:566, 000:594)."""
        if mid in FISH:
            s.fish[mid] = self.m[mid].setup(s)
            s.fish = {h: s.fish[h] for h in FISH if h in s.fish}
            kind = "fish"
        else:
            s.ext[mid] = self.m[mid].setup(s)
            s.ext = {h: s.ext[h] for h in EXTERNAL if h in s.ext}
            kind = "external"
        if s.order is not None and mid in s.order[kind]:
            s.order[kind].remove(mid)
        ev.append(Event("new_market", f"{how}: {self.m[mid].name}.", None, {"market": mid}))
        if s.expansion and mid in PAIRED:
            other = PAIRED[1 - PAIRED.index(mid)]
            if other not in s.ext:
                self.bring_in(s, other, ev, "It comes with its pair")       # 000:409, 000:600

    def draw_market(self, s: State, kind: str, rng: Rng, ev: list, how: str) -> str | None:
        """A new fish or external market: drawn from the box, or the next face up (000:628)."""
        pool = self.market_pool(s, kind)
        if not pool:
            return None
        if s.order is not None:
            row = [m for m in s.order[kind] if m in pool]
            if not row:
                return None
            g = row[0]
        else:
            g = pool[rng.below(len(pool))]
        self.bring_in(s, g, ev, how)
        return g

    # ==== overfishing (000:351-357) ===================================================================

    def _overfishing(self, s: State, rng: Rng, ev: list) -> None:
        again = True
        while again:
            again = False
            for f in FISH:
                st = s.fish.get(f)
                if st is None or st["overfished"]:
                    continue
                if st["barrels"] > 0 and self.m[f].tokens_left(s) > 0:
                    continue
                st["overfished"] = True
                add(s.box["barrels"], f, st["barrels"])
                st["barrels"] = 0
                ev.append(Event("overfished", f"{self.m[f].name} is overfished: its last barrels go into the box.",
                                None, {"market": f}))
                self.m[f].on_overfished(s, rng, ev)
                self.draw_market(s, "fish", rng, ev, "A new fish market is drawn from the box"
                                 if s.order is None else "The next fish market comes into play")
                again = True
        for f in list(s.fish):
            if s.phase != "buy":
                self.m[f].settle(s, ev)
        if s.collapse:
            self._collapses(s, rng, ev)

    # ==== collapsing external markets (000:592-626) =======================================================

    def _collapses(self, s: State, rng: Rng, ev: list) -> None:
        again = True
        while again:
            again = False
            for e in list(s.ext):
                side = self.d.collapse_side.get(e)
                if side is None or e in s.collapsed or not self.m[e].collapses(s):
                    continue
                s.collapsed[e] = side
                ev.append(Event("collapse", f"The {self.m[e].name} market collapses"
                                + (" and is closed for the rest of the game." if side == "closed"
                                   else "; it stays open."), None, {"market": e, "side": side}))
                self.draw_market(s, "external", rng, ev, "A new external market is drawn from the box"
                                 if s.order is None else "The next external market comes into play")
                again = True
