"""Ship Rental (000:578-580) — the expansion. The ship rental markers belong to it (000:426).

• Rent as many boats as you want and can, from Ships and/or Used Ships: each needs a ship
  rental marker on this market and a free place at one of your berths (the right berth
  takes 2 ships or 1 barge, only it takes a barge; boats at sea do not matter). Take the
  marker and the boat of your choice (never the Blue Ship), pay ¥100 per hold to the
  supply, and put the boat at a free place of your berths with the marker beside it, on
  the side of the market it came from (000:578; b["rented"] = "ships" | "used_ships").
• One trip per rental: as soon as the rented boat docks again at one of your berths, it
  is unloaded and then goes back to the market it came from, and its marker back to Ship
  Rental (000:578; fishing.py calls give_back). Docking at the Foreign Market is not at
  your berths: the boat stays rented until it docks at home.
• Barrels never move from a rented ship onto a barge (000:580, turn.py). A rented boat is
  not yours to sell or trade in (ships.py).
• Renting from Used Ships is a Ship Rental interaction: it is allowed even in your last
  turn, when Used Ships itself cannot be used (000:345).
• Collapsing markets (000:624): Ship Rental collapses once no marker lies on it and
  closes; markers that would come back afterwards go into the box.
"""

from __future__ import annotations

from core.game import Action, Event

from ..data import BOAT_TYPES
from ..state import berth_room, pay, yen
from .base import Market, whole
from .ships import boat_name

DEALERS = ("ships", "used_ships")


class ShipRental(Market):
    lines = "000:578-580"
    quote = "so viele Boote von den Märkten Schiffe und/oder Gebrauchtschiffe mieten"

    def setup(self, s):
        n = min(int(self.data["markers"]), s.box.get("ship_rental_markers", 0))
        s.box["ship_rental_markers"] = s.box.get("ship_rental_markers", 0) - n
        return {"markers": n}

    def rent_price(self, t: str) -> int:
        """000:578: ¥100 for each of its holds."""
        return int(self.data["price_per_hold"]) * self.d.holds(t)

    def collapses(self, s):
        """000:624: no ship rental marker on the market."""
        return not s.ext[self.id]["markers"]

    def _offers(self, s, seat):
        if not s.ext[self.id]["markers"]:
            return
        me = s.seats[seat]
        y = yen(s, seat)
        for m in DEALERS:
            if m not in s.ext or s.collapsed.get(m) == "closed":
                continue
            for t in BOAT_TYPES:
                if t == "blue" or not s.ext[m]["boats"].get(t) or self.rent_price(t) > y:
                    continue                                       # 000:578: never the Blue Ship
                for berth in berth_room(me, t, self.d.right_berth_ships):
                    yield m, t, berth

    def actions(self, s, seat, ctx):
        return [Action(f"rent:{m}:{t}:{berth}", f"Rent {boat_name(t)} from {self.R.m[m].name} for "
                                                f"¥{self.rent_price(t):,} onto your {berth} berth (one trip)",
                       self.name, ("rent", m, t, berth))
                for m, t, berth in self._offers(s, seat)]

    def apply(self, s, seat, data, rng, ev):
        _, m, t, berth = data
        price = self.rent_price(t)
        pay(s, seat, None, price, self.rule)
        s.ext[self.id]["markers"] -= 1
        boats = s.ext[m]["boats"]
        boats[t] -= 1
        if not boats[t]:
            del boats[t]
        s.seats[seat]["boats"].append({"type": t, "at": berth, "load": [], "rented": m})
        ev.append(Event("rent", f"Seat {seat + 1} rents {boat_name(t)} from {self.R.m[m].name} for ¥{price:,} "
                                f"for one trip.", seat, {"market": self.id}))

    def give_back(self, s, seat, i, ev) -> None:
        """000:578: a rented boat has docked at one of your berths and been unloaded: it goes
        back to its market, its marker to Ship Rental (into the box once closed, 000:624)."""
        me = s.seats[seat]
        b = me["boats"].pop(i)
        ctx = s.ctx
        if ctx is not None:
            for key in ("boats", "foreign"):
                if isinstance(ctx.get(key), list):
                    ctx[key] = [j - (j > i) for j in ctx[key] if j != i]
        m = b["rented"]
        if m in s.ext:
            boats = s.ext[m]["boats"]
            boats[b["type"]] = boats.get(b["type"], 0) + 1
        else:
            s.box["boats"][b["type"]] = s.box["boats"].get(b["type"], 0) + 1
        if self.id in s.ext and s.collapsed.get(self.id) != "closed":
            s.ext[self.id]["markers"] += 1
            where = "Ship Rental"
        else:
            s.box["ship_rental_markers"] = s.box.get("ship_rental_markers", 0) + 1
            where = "the box (Ship Rental is closed)"
        ev.append(Event("rent", f"Seat {seat + 1}'s rented boat ({boat_name(b['type'])}) has made its trip: it goes "
                                f"back to {self.R.m[m].name}, its marker to {where}.",
                        seat, {"market": self.id}))

    def explain(self, s, seat, key):
        parts = key.split(":")
        if len(parts) != 4 or parts[0] != "rent":
            return None
        _, m, t, berth = parts
        if m not in DEALERS or m not in s.ext:
            return self.R.illegal("boats are rented from Ships or Used Ships", self.rule)
        if t == "blue":
            return self.R.illegal("the Blue Ship cannot be rented", self.rule)
        if not s.ext[self.id]["markers"]:
            return self.R.illegal("no ship rental marker is left on the market", self.rule)
        if t not in BOAT_TYPES or not s.ext[m]["boats"].get(t):
            return self.R.illegal(f"{self.R.m[m].name} has no such boat", self.rule)
        if berth not in berth_room(s.seats[seat], t, self.d.right_berth_ships):
            return self.R.illegal(f"there is no free place for {boat_name(t)} at your {berth} berth (only the right "
                                  "berth takes a barge)", self.rule)
        return self.R.illegal(f"renting {boat_name(t)} costs ¥{self.rent_price(t):,}", self.rule)

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"markers"}:
            raise ValueError("Ship Rental holds only its markers")
        n = whole(d.get("markers", 0), "ship rental markers")
        if n > int(self.data["markers"]):
            raise ValueError(f"Ship Rental has {self.data['markers']} markers (000:400)")
        return {"markers": n}

    def count_pieces(self, d, counts):
        counts["ship_rental_markers"] = counts.get("ship_rental_markers", 0) + d["markers"]
