"""What an action under way has moved, beside the harbour of the player doing it: barrels waiting
for a price or an auction, a lot being put together, buyer markers in use or given to others;
and the lot up for auction in the middle.
"""

from __future__ import annotations

from collections import Counter

from games.tsukiji.data import FISH

from ...table import TABLE_Y
from .harbours import HARBOUR_W


class UnderWay:
    """Mixed into layout.Layout."""

    # ---- what is under way: barrels waiting for a price or an auction, lots, buyer markers ----

    def lay_in_progress(self) -> None:
        tab = self.tab
        placed_at: Counter = Counter()

        def spot(seat: int):
            k = placed_at[seat]
            placed_at[seat] += 1
            return self.seat_frame(seat)(HARBOUR_W / 2 + 0.7 + (k % 5) * 0.6, 0.9 - (k // 5) * 0.6)

        for owner, target in tab["buyers"]:
            x, z, rot = spot(target)
            self.P.static("buyers", x, z, rot=rot, owner=self.colour(owner),
                          note=f"{self.colour(owner)}'s buyer marker, lying in front of {self.colour(target)}'s "
                               f"harbour: after {self.colour(target)}'s next turn {self.colour(owner)} makes a buying "
                               "action (000:564).")
        ctx = tab["action"] or {}
        who = tab["turn"]
        colour = self.colour(who)
        for kind in ctx.get("pending", ()):
            x, z, rot = spot(who)
            note = f"Unloaded by {colour}: waiting to be put up for sale."
            if kind == "takoyaki":
                self.P.token(kind, x, z, rot=rot, owner=colour, note=note)
            else:
                self.P.barrel(kind, x, z, rot=rot, owner=colour, note=note)
        if ctx.get("kind") == "fish":
            for f in [f for f in FISH if self.markets[f]["auctioned"]]:
                for _ in range(int(ctx.get(f) or 0)):
                    x, z, rot = spot(who)
                    self.P.barrel(f, x, z, rot=rot, owner=colour,
                                  note=f"Unloaded by {colour} in this fishing action: waiting for its auction.")
        if ctx.get("kind") == "buy" and ctx.get("buyer") is not None:
            x, z, rot = spot(ctx["buyer"])
            self.P.static("buyers", x, z, rot=rot, owner=self.colour(ctx["buyer"]),
                          note="In use: it goes back to Influence after this buying action (000:564).")
        if ctx.get("lot"):
            market = self.markets[ctx["market"]]["name"] if ctx.get("market") in self.markets else "a market"
            for maker, n in self.tokens_groups(ctx["lot"], owner=colour,
                                               note=f"In the lot {colour} is putting together at {market}."):
                for _ in range(n):
                    x, z, rot = spot(who)
                    maker(x, z, rot, TABLE_Y + 0.3)
        if tab["bid"] and tab["bid"].get("lot"):
            k = 0
            for maker, n in self.tokens_groups(tab["bid"]["lot"], note="Up for auction: everyone bids in secret."):
                for _ in range(n):
                    x, z = self.lot_xz[0] + (k % 4) * 0.6 - 0.9, self.lot_xz[1] + 0.6 - (k // 4) * 0.6
                    maker(x, z, 180.0, TABLE_Y + 0.3)
                    k += 1
