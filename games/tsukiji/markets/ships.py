"""Ships (000:331-337), always in play (000:17).

Buy and sell as many boats as you like and can. Buying needs a free place at one of your
berths (the right berth takes 2 ships or the barge); a ship costs ¥500 per hold, the
barge ¥1,000. A boat at one of your berths sells back for 10% of its price, rounded up
to ¥100 (000:337: a 3-hold ship costs ¥1,500 and sells for ¥200).

The expansion's boats (options blue_ship and barges, set up by preparation.py):
• The 4-hold barges work as the 6-hold barge and cost the same: ¥1,000 here, sold for
  ¥400 to and bought for ¥600 at Used Ships; one player may own both (000:440).
• The Blue Ship costs ¥2,000 as the 4-hold ship, and another ship of yours (not a barge,
  not a rented boat) from one of your berths is traded in unpaid: it goes onto Ships, or
  onto Used Ships when that market is in play (000:444). The Blue Ship sells like the
  4-hold ship; sold to Used Ships it can be bought there at the 4-hold's price, again
  with a ship traded in, onto Used Ships (000:446, used_ships.py). Its place may be the
  one the traded-in ship leaves.
• A rented boat (ship_rental.py) goes back after one trip: it is never sold or traded in
  here (000:578).
• Collapsing markets (000:614): Ships collapses once no boat is left on it and stays open
  (the "collapsed" side, 000:596).
"""

from __future__ import annotations

from core.game import Action, Event

from ..citations import rule
from ..data import BOAT_TYPES, count
from ..state import BERTHS, acct, berth_room, is_barge, pay, yen
from .base import Market, whole

RULE_BLUE = rule("the Blue Ship", "000:444", "Der Kauf des Blauen Schiffs am Markt Schiffe kostet dasselbe",
                 ("000:446", "Du darfst das Blaue Schiff zum gleichen Preis wie das normale 4-Laderaum-Schiff"))
RULE_BARGES = rule("the 4-hold barges", "000:440", "Die 4-Laderaum-Lastkähne funktionieren genauso")
RULE_RENTED = rule("rented boats", "000:578", "Jedes Boot kann pro Miete nur eine Fahrt machen")


def boat_name(t: str) -> str:
    if t == "barge4":
        return "a 4-hold barge"
    if t == "blue":
        return "the Blue Ship"
    return "the barge" if t == "barge" else f"a {t}-hold ship"


class BoatDealer(Market):
    """A market that sells boats from its tableau and buys them back onto it."""

    def buy_price(self, t: str) -> int:
        raise NotImplementedError

    def sell_price(self, t: str) -> int:
        raise NotImplementedError

    def setup(self, s):
        return {"boats": {}}

    def trade_in_market(self, s) -> str:
        """Where a ship traded in for the Blue Ship goes (000:444, 000:446)."""
        return self.id

    @staticmethod
    def trade_ins(me: dict) -> list[tuple[str, str]]:
        """Ships of yours that can be traded in for the Blue Ship: (type, berth), at a berth,
        not a barge, not rented (000:444)."""
        out = []
        for b in me["boats"]:
            if b["at"] in BERTHS and not is_barge(b["type"]) and not b.get("rented") \
                    and (b["type"], b["at"]) not in out:
                out.append((b["type"], b["at"]))
        return out

    @staticmethod
    def _owned(me: dict, t: str, berth: str) -> int | None:
        """The index of an own (not rented) boat of type t at that berth."""
        return next((i for i, b in enumerate(me["boats"])
                     if b["type"] == t and b["at"] == berth and not b.get("rented")), None)

    def _room_after(self, me: dict, t: str, gone: tuple[str, str]) -> list[str]:
        """Berths for a boat of type t once the traded-in ship has left its berth."""
        i = self._owned(me, *gone)
        rest = {"berths": me["berths"], "boats": [b for k, b in enumerate(me["boats"]) if k != i]}
        return berth_room(rest, t, self.d.right_berth_ships)

    def actions(self, s, seat, ctx):
        st = s.ext[self.id]["boats"]
        me = s.seats[seat]
        y = yen(s, seat)
        out = []
        for t in BOAT_TYPES:
            if st.get(t) and self.buy_price(t) <= y:
                if t == "blue":                                   # 000:444, 000:446: a ship traded in
                    for gt, gb in self.trade_ins(me):
                        for berth in self._room_after(me, t, (gt, gb)):
                            out.append(Action(f"boat:buy:blue:{berth}:{gt}:{gb}",
                                              f"Buy the Blue Ship for ¥{self.buy_price(t):,} onto your {berth} "
                                              f"berth, trading in {boat_name(gt)} from your {gb} berth (unpaid)",
                                              self.name, ("boat", "buy", t, (berth, gt, gb))))
                    continue
                for berth in berth_room(me, t, self.d.right_berth_ships):
                    out.append(Action(f"boat:buy:{t}:{berth}", f"Buy {boat_name(t)} for ¥{self.buy_price(t):,} "
                                                               f"onto your {berth} berth", self.name,
                                      ("boat", "buy", t, berth)))
        seen = set()
        for b in me["boats"]:
            if b.get("rented"):                                   # 000:578: it goes back after its trip
                continue
            if b["at"] in BERTHS and (b["type"], b["at"]) not in seen:
                seen.add((b["type"], b["at"]))
                out.append(Action(f"boat:sell:{b['type']}:{b['at']}",
                                  f"Sell {boat_name(b['type'])} from your {b['at']} berth for ¥{self.sell_price(b['type']):,}",
                                  self.name, ("boat", "sell", b["type"], b["at"])))
        return out

    def entry_warning(self, s, seat, ctx):
        """Only a boat of yours to sell here, even after opening the berths you can pay for
        during the visit (000:109: at any time in your turn)."""
        acts = self.actions(s, seat, ctx)
        if not acts or any(a.data[1] == "buy" for a in acts):
            return ""
        me = s.seats[seat]
        balances = s.treasury.balances
        account = acct(seat)
        saved = me["berths"], balances[account]
        try:
            while me["berths"] < len(BERTHS) and balances[account] >= self.d.berth_cost:
                me["berths"] += 1
                balances[account] -= self.d.berth_cost
                if any(a.data[1] == "buy" for a in self.actions(s, seat, ctx)):
                    return ""
        finally:
            me["berths"], balances[account] = saved
        return "there you can only sell a boat of yours (you can buy none there now)"

    def apply(self, s, seat, data, rng, ev):
        _, how, t, berth = data
        st = s.ext[self.id]["boats"]
        me = s.seats[seat]
        if how == "buy":
            gone = None
            if t == "blue":
                berth, gt, gb = berth
                gone = (gt, gb)
            price = self.buy_price(t)
            pay(s, seat, None, price, RULE_BLUE if gone else self.rule)
            st[t] -= 1
            if not st[t]:
                del st[t]
            if gone:                                              # 000:444: traded in, unpaid
                del me["boats"][self._owned(me, *gone)]
                to = self.trade_in_market(s)
                dest = s.ext[to]["boats"]
                dest[gone[0]] = dest.get(gone[0], 0) + 1
            me["boats"].append({"type": t, "at": berth, "load": []})
            ev.append(Event("boat", f"Seat {seat + 1} buys {boat_name(t)} from {self.name} for ¥{price:,}"
                            + (f", trading in {boat_name(gone[0])}, which goes onto {self.R.m[to].name}."
                               if gone else "."), seat))
        else:
            i = self._owned(me, t, berth)
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

    def collapses(self, s):
        """000:614: every boat has been bought: none is left on the tableau."""
        return not any(s.ext[self.id]["boats"].values())

    def explain(self, s, seat, key):
        parts = key.split(":")
        me = s.seats[seat]
        if len(parts) in (4, 6) and parts[0] == "boat" and parts[1] == "buy" and parts[2] == "blue":
            if not s.ext[self.id]["boats"].get("blue"):
                return self.R.illegal(f"the Blue Ship is not on {self.name}", RULE_BLUE)
            if len(parts) == 4:
                return self.R.illegal("buying the Blue Ship trades in another ship of yours from one of your "
                                      "berths: boat:buy:blue:<berth>:<type>:<its berth>", RULE_BLUE)
            berth, gone = parts[3], (parts[4], parts[5])
            if gone not in self.trade_ins(me):
                if self._owned(me, *gone) is None and any(b["type"] == gone[0] and b["at"] == gone[1]
                                                          for b in me["boats"]):
                    return self.R.illegal("a rented boat is not yours to trade in", RULE_RENTED)
                return self.R.illegal("the ship traded in is another ship of yours (not a barge) lying at one "
                                      "of your berths", RULE_BLUE)
            if berth not in self._room_after(me, "blue", gone):
                return self.R.illegal(f"there is no free place for the Blue Ship at your {berth} berth", RULE_BLUE)
            return self.R.illegal(f"the Blue Ship costs ¥{self.buy_price('blue'):,}", RULE_BLUE)
        if len(parts) == 4 and parts[0] == "boat" and parts[1] == "buy":
            t, berth = parts[2], parts[3]
            if t not in BOAT_TYPES or not s.ext[self.id]["boats"].get(t):
                return self.R.illegal(f"{self.name} has no such boat for sale", self.rule)
            rule_ = RULE_BARGES if t == "barge4" else self.rule
            if berth not in berth_room(s.seats[seat], t, self.d.right_berth_ships):
                return self.R.illegal(f"there is no free place for {boat_name(t)} at your {berth} berth "
                                      "(only the right berth takes the barge, 000:333)", rule_)
            return self.R.illegal(f"{boat_name(t)} costs ¥{self.buy_price(t):,}", rule_)
        if len(parts) == 4 and parts[0] == "boat" and parts[1] == "sell":
            if any(b["type"] == parts[2] and b["at"] == parts[3] and b.get("rented") for b in me["boats"]):
                return self.R.illegal("a rented boat goes back to its market after one trip; it cannot be sold",
                                      RULE_RENTED)
            return self.R.illegal("you sell only a boat of yours that lies at one of your berths", self.rule)
        return None


class Ships(BoatDealer):
    lines = "000:331-337"
    quote = "darfst du so viele Boote kaufen oder verkaufen"

    def setup(self, s):
        """000:45-53: after the players' 1-hold ships are set aside, put out the printed
        counts, or as many as are left."""
        out = {}
        for t in BOAT_TYPES:
            if t not in self.data["offer"]:
                continue
            n = min(count(self.data["offer"][t], s.players), s.box["boats"].get(t, 0))
            if n:
                s.box["boats"][t] -= n
                out[t] = n
        return {"boats": out}

    def trade_in_market(self, s):
        """000:444: onto Ships, or onto Used Ships when it is in play."""
        return "used_ships" if "used_ships" in s.ext else self.id

    def buy_price(self, t):
        if t == "barge4":                                         # 000:440
            return int(self.d.expansion["barge4_price"])
        if t == "blue":                                           # 000:444
            return int(self.d.expansion["blue_price"])
        return self.data["barge_price"] if t == "barge" else self.data["hold_price"] * int(t)

    def sell_price(self, t):
        if t == "blue":                                           # 000:446: as the 4-hold ship
            t = "4"
        r = self.data["resale_round"]
        tenth = self.buy_price(t) * self.data["resale_percent"]
        return -(-tenth // (100 * r)) * r
