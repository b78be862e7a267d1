"""Rental (000:329).

Rent cool boxes and hand carts for ¥200 each; each takes a licence space while you hold
it and is used twice ("2" side, then "1" side, then back to the market). A cool box,
used at the start of your turn, skips spoilage that turn; a hand cart gives 1 extra
action point for entering markets this turn (uses in rules.py).

Collapsing markets (000:612): the Rental collapses once no cool box and no hand cart is
left on it, and closes (000:598); items coming back after their second use then go into
the box instead (turn.py, _use_rental).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import licence_count, pay, slots_used, yen
from .base import Market, whole

ITEMS = ("coolbox", "cart")
NAMES = {"coolbox": "cool box", "cart": "hand cart"}


class Rental(Market):
    lines = "000:329"
    quote = "Kühlboxen und Handkarren für je ¥200 mieten"

    def setup(self, s):
        box = s.box
        out = {}
        for item, key in (("coolbox", "coolboxes"), ("cart", "carts")):
            n = min(int(self.data[key]), box[key])
            box[key] -= n
            out[key] = n
        return out

    def collapses(self, s):
        """000:612: no cool box and no hand cart on the market."""
        st = s.ext[self.id]
        return not st["coolboxes"] and not st["carts"]

    def actions(self, s, seat, ctx):
        st = s.ext[self.id]
        me = s.seats[seat]
        if slots_used(me) >= self.d.max_licences or yen(s, seat) < self.data["price"]:
            return []
        return [Action(f"rent:{item}", f"Rent a {NAMES[item]} for ¥{self.data['price']:,}", self.name, ("rent", item))
                for item, key in (("coolbox", "coolboxes"), ("cart", "carts")) if st[key]]

    def possible(self, s, seat, ctx):
        st = s.ext[self.id]
        me = s.seats[seat]
        return ((st["coolboxes"] or st["carts"]) and yen(s, seat) >= self.data["price"]
                and (slots_used(me) < self.d.max_licences or licence_count(me) > 0))

    def apply(self, s, seat, data, rng, ev):
        item = data[1]
        key = "coolboxes" if item == "coolbox" else "carts"
        pay(s, seat, None, self.data["price"], self.rule)
        s.ext[self.id][key] -= 1
        s.seats[seat]["rentals"].append([item, int(self.data["uses"])])
        ev.append(Event("rent", f"Seat {seat + 1} rents a {NAMES[item]} for ¥{self.data['price']:,}.", seat))

    def explain(self, s, seat, key):
        if key.startswith("rent:") and slots_used(s.seats[seat]) >= self.d.max_licences:
            return self.R.illegal("a rented item needs a free licence space", self.rule)
        return None

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"coolboxes", "carts"}:
            raise ValueError("the Rental market holds cool boxes and hand carts")
        return {"coolboxes": whole(d.get("coolboxes", 0), "cool boxes at the Rental"),
                "carts": whole(d.get("carts", 0), "hand carts at the Rental")}

    def count_pieces(self, d, counts):
        counts["coolboxes"] = counts.get("coolboxes", 0) + d["coolboxes"]
        counts["carts"] = counts.get("carts", 0) + d["carts"]
