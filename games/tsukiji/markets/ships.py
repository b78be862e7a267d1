"""Ships (000:331-337), always in play (000:17).

Buy and sell as many boats as you like and can. Buying needs a free place at one of your
berths (the right berth takes 2 ships or the barge); a ship costs ¥500 per hold, the
barge ¥1,000. A boat at one of your berths sells back for 10% of its price, rounded up
to ¥100 (000:337: a 3-hold ship costs ¥1,500 and sells for ¥200).
"""

from __future__ import annotations

from core.game import Action, Event

from ..data import BOAT_TYPES, count
from ..state import BERTHS, berth_room, pay, yen
from .base import Market, whole


def boat_name(t: str) -> str:
    return "the barge" if t == "barge" else f"a {t}-hold ship"


class BoatDealer(Market):
    """A market that sells boats from its tableau and buys them back onto it."""

    def buy_price(self, t: str) -> int:
        raise NotImplementedError

    def sell_price(self, t: str) -> int:
        raise NotImplementedError

    def setup(self, s):
        return {"boats": {}}

    def actions(self, s, seat, ctx):
        st = s.ext[self.id]["boats"]
        me = s.seats[seat]
        y = yen(s, seat)
        out = []
        for t in BOAT_TYPES:
            if st.get(t) and self.buy_price(t) <= y:
                for berth in berth_room(me, t, self.d.right_berth_ships):
                    out.append(Action(f"boat:buy:{t}:{berth}", f"Buy {boat_name(t)} for ¥{self.buy_price(t):,} "
                                                               f"onto your {berth} berth", self.name,
                                      ("boat", "buy", t, berth)))
        seen = set()
        for b in me["boats"]:
            if b["at"] in BERTHS and (b["type"], b["at"]) not in seen:
                seen.add((b["type"], b["at"]))
                out.append(Action(f"boat:sell:{b['type']}:{b['at']}",
                                  f"Sell {boat_name(b['type'])} from your {b['at']} berth for ¥{self.sell_price(b['type']):,}",
                                  self.name, ("boat", "sell", b["type"], b["at"])))
        return out

    def apply(self, s, seat, data, rng, ev):
        _, how, t, berth = data
        st = s.ext[self.id]["boats"]
        me = s.seats[seat]
        if how == "buy":
            price = self.buy_price(t)
            pay(s, seat, None, price, self.rule)
            st[t] -= 1
            if not st[t]:
                del st[t]
            me["boats"].append({"type": t, "at": berth, "load": []})
            ev.append(Event("boat", f"Seat {seat + 1} buys {boat_name(t)} from {self.name} for ¥{price:,}.", seat))
        else:
            i = next(i for i, b in enumerate(me["boats"]) if b["type"] == t and b["at"] == berth)
            del me["boats"][i]
            st[t] = st.get(t, 0) + 1
            price = self.sell_price(t)
            pay(s, None, seat, price)
            ev.append(Event("boat", f"Seat {seat + 1} sells {boat_name(t)} to {self.name} for ¥{price:,}.", seat))

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"boats"}:
            raise ValueError(f"the {self.name} market holds only boats")
        raw = d.get("boats", {})
        if not isinstance(raw, dict) or set(raw) - set(BOAT_TYPES):
            raise ValueError(f"boats are of the types {', '.join(BOAT_TYPES)}")
        return {"boats": {t: whole(raw[t], f"{t} boats on {self.name}") for t in BOAT_TYPES if raw.get(t)}}

    def count_pieces(self, d, counts):
        for t, n in d["boats"].items():
            counts[f"boats:{t}"] = counts.get(f"boats:{t}", 0) + n

    def explain(self, s, seat, key):
        parts = key.split(":")
        if len(parts) == 4 and parts[0] == "boat" and parts[1] == "buy":
            t, berth = parts[2], parts[3]
            if t not in BOAT_TYPES or not s.ext[self.id]["boats"].get(t):
                return self.R.illegal(f"{self.name} has no such boat for sale", self.rule)
            if berth not in berth_room(s.seats[seat], t, self.d.right_berth_ships):
                return self.R.illegal(f"there is no free place for {boat_name(t)} at your {berth} berth "
                                      "(only the right berth takes the barge, 000:107)", self.rule)
            return self.R.illegal(f"{boat_name(t)} costs ¥{self.buy_price(t):,}", self.rule)
        if len(parts) == 4 and parts[0] == "boat" and parts[1] == "sell":
            return self.R.illegal("you sell only a boat of yours that lies at one of your berths", self.rule)
        return None


class Ships(BoatDealer):
    lines = "000:331-337"

    def setup(self, s):
        """000:48-53: after the players' 1-hold ships are set aside, put out the printed
        counts, or as many as are left."""
        out = {}
        for t in BOAT_TYPES:
            n = min(count(self.data["offer"][t], s.players), s.box["boats"].get(t, 0))
            if n:
                s.box["boats"][t] -= n
                out[t] = n
        return {"boats": out}

    def buy_price(self, t):
        return self.data["barge_price"] if t == "barge" else self.data["hold_price"] * int(t)

    def sell_price(self, t):
        r = self.data["resale_round"]
        tenth = self.buy_price(t) * self.data["resale_percent"]
        return -(-tenth // (100 * r)) * r
