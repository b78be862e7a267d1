"""Overfishing (000:351-357)."""

from __future__ import annotations

from core.game import Event
from core.rng import Rng


from .data import FISH
from .state import (State, add)


class Overfishing:
    """Mixed into rules.Tsukiji."""

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
                pool = [g for g in FISH if g not in s.fish]
                if pool:
                    g = pool[rng.below(len(pool))]
                    s.fish[g] = self.m[g].setup(s)
                    s.fish = {h: s.fish[h] for h in FISH if h in s.fish}
                    ev.append(Event("new_market", f"A new fish market is drawn from the box: {self.m[g].name}.",
                                    None, {"market": g}))
                again = True
