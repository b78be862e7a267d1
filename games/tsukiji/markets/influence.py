"""Influence (000:562-568) — the expansion. The buyer and expansion markers belong to it (000:425).

• Buy any number of buyer markers and expansion markers here, ¥200 each to the supply
  (000:562).
• A buyer marker takes a licence space while you hold it: you need a free one to buy it
  (000:564; seat["buyers"], counted by state.slots_used). At any time in your turn, as a
  free action, you may give it to another player (the marker lies in front of their
  harbour and frees your space): right after that player's next turn you make a buying
  action from any other harbours by the usual rules (turn.py starts it, s.buyers holds
  [owner, target]); then the marker goes back to Influence whether you bought or not, and
  play goes on with the player left of the one you gave it to (000:564).
• An expansion marker goes into the box at once, and you choose a new fish or external
  market: one of that kind is drawn from the box at random (or the next of the open
  order, 000:628) and set up as at the start of the game (000:566; overfishing.py). Only
  kinds with a market left can be chosen. Mackerel drawn this way gives nobody licences
  and none are set aside (000:568).
• Collapsing markets (000:620): Influence collapses once no buyer and no expansion marker
  lies on it, and stays open (the "collapsed" side); buyer markers still come back after
  use and can be bought again.
"""

from __future__ import annotations

from core.game import Action, Event

from .. import moves
from ..citations import rule
from ..state import licence_count, pay, slots_used, yen
from .base import Market, whole

RULE_BUYER = rule("buyer markers", "000:564", "Jeder Käufer-Marker belegt ein Lizenzfeld auf deinem Hafentableau")
RULE_EXPANSION = rule("expansion markers", "000:566", "Wenn du einen Erweiterungsmarker kaufst")

KINDS = ("fish", "external")


class Influence(Market):
    lines = "000:562-568"
    quote = "beliebig viele Käufer-Marker und Erweiterungsmarker für je ¥200 kaufen"
    #: buyer markers on a seat's licence spaces (000:564; state.slots_used counts them)
    seat_field = "buyers"

    def setup(self, s):
        box = s.box
        buyers = min(int(self.data["buyers"]), box.get("buyers", 0))
        expansions = min(int(self.data["expansions"]), box.get("expansion_markers", 0))
        box["buyers"] = box.get("buyers", 0) - buyers
        box["expansion_markers"] = box.get("expansion_markers", 0) - expansions
        return {"buyers": buyers, "expansions": expansions}

    @property
    def price(self) -> int:
        return int(self.data["price"])

    def can_draw(self, s, kind: str) -> bool:
        """Whether a market of that kind is left to come into play (000:566, 000:628)."""
        pool = self.R.market_pool(s, kind)
        if s.order is not None:
            return any(m in pool for m in s.order[kind])
        return bool(pool)

    def collapses(self, s):
        """000:620: no buyer marker and no expansion marker on the market."""
        st = s.ext[self.id]
        return not st["buyers"] and not st["expansions"]

    # ---- the visit -----------------------------------------------------------------------------

    def actions(self, s, seat, ctx):
        st = s.ext[self.id]
        me = s.seats[seat]
        if yen(s, seat) < self.price:
            return []
        out = []
        if st["buyers"] and slots_used(me) < self.d.max_licences:
            out.append(Action("influence:buyer", f"Buy a buyer marker for ¥{self.price:,} (it takes a licence space)",
                              self.name, ("influence", "buyer")))
        if st["expansions"]:
            for kind in KINDS:
                if self.can_draw(s, kind):
                    out.append(Action(f"influence:expand:{kind}",
                                      f"Buy an expansion marker for ¥{self.price:,}: a new {kind} market comes "
                                      "into play", self.name, ("influence", "expand", kind)))
        return out

    def possible(self, s, seat, ctx):
        """Returning a licence (free, 000:145) makes room for a buyer marker."""
        if self.actions(s, seat, ctx):
            return True
        st = s.ext[self.id]
        return bool(st["buyers"]) and yen(s, seat) >= self.price and licence_count(s.seats[seat]) > 0

    def apply(self, s, seat, data, rng, ev):
        st = s.ext[self.id]
        me = s.seats[seat]
        if data[1] == "buyer":
            pay(s, seat, None, self.price, self.rule)
            st["buyers"] -= 1
            me["buyers"] = me.get("buyers", 0) + 1
            ev.append(Event("buyer", f"Seat {seat + 1} buys a buyer marker for ¥{self.price:,}.", seat,
                            {"market": self.id}))
            return
        kind = data[2]
        pay(s, seat, None, self.price, RULE_EXPANSION)
        st["expansions"] -= 1
        s.box["expansion_markers"] = s.box.get("expansion_markers", 0) + 1      # 000:566: into the box
        ev.append(Event("expansion", f"Seat {seat + 1} buys an expansion marker for ¥{self.price:,} and brings a "
                                     f"new {kind} market into play.", seat, {"market": self.id}))
        self.R.draw_market(s, kind, rng, ev, f"Seat {seat + 1}'s expansion marker brings in a new {kind} market"
                           if s.order is None else f"Seat {seat + 1}'s expansion marker brings in the next "
                                                   f"{kind} market")

    def explain(self, s, seat, key):
        parts = key.split(":")
        if parts[:3] == ["free", "influence", "give"]:
            if not s.seats[seat].get("buyers"):
                return self.R.illegal("you hold no buyer marker to give", RULE_BUYER)
            if len(parts) != 4 or parts[3] == str(seat + 1) or parts[3] not in [str(o + 1) for o in range(s.players)]:
                return self.R.illegal("a buyer marker is given to another player", RULE_BUYER)
            return self.R.illegal("a buyer marker is given between your actions, in your turn", RULE_BUYER)
        if not parts or parts[0] != "influence":
            return None
        st = s.ext[self.id]
        if parts == ["influence", "buyer"]:
            if not st["buyers"]:
                return self.R.illegal("no buyer marker is left on the Influence market", self.rule)
            if slots_used(s.seats[seat]) >= self.d.max_licences:
                return self.R.illegal("a buyer marker takes a licence space: all 4 are full, return a licence "
                                      "first", RULE_BUYER)
            return self.R.illegal(f"a buyer marker costs ¥{self.price:,}", self.rule)
        if len(parts) == 3 and parts[1] == "expand":
            if parts[2] not in KINDS:
                return self.R.illegal("an expansion marker brings in a new fish or external market", RULE_EXPANSION)
            if not st["expansions"]:
                return self.R.illegal("no expansion marker is left on the Influence market", self.rule)
            if not self.can_draw(s, parts[2]):
                return self.R.illegal(f"no {parts[2]} market is left in the box", RULE_EXPANSION)
            return self.R.illegal(f"an expansion marker costs ¥{self.price:,}", self.rule)
        return None

    # ---- buyer markers (000:564) ------------------------------------------------------------------

    def free_actions(self, s, seat):
        if not s.seats[seat].get("buyers"):
            return []
        return [Action(moves.free(self.id, "give", o + 1), f"Give a buyer marker to seat {o + 1}: right after their "
                                                       "next turn you may buy from the other harbours", "Free",
                       ("free", "influence", "give", o))
                for o in range(s.players) if o != seat]

    def apply_free(self, s, seat, data, rng, ev):
        _, target = data
        s.seats[seat]["buyers"] -= 1
        s.buyers.append([seat, target])
        ev.append(Event("buyer", f"Seat {seat + 1} gives a buyer marker to seat {target + 1}: after seat "
                                 f"{target + 1}'s next turn, seat {seat + 1} may buy from the other harbours.",
                        seat, {"market": self.id, "target": target}))

    def buyer_home(self, s, ev):
        """The extra buying action is over: the marker goes back to Influence, collapsed or
        not (000:564, 000:620); play goes on left of the player it was given to (turn.py)."""
        owner = s.ctx["buyer"]
        s.ext[self.id]["buyers"] += 1
        ev.append(Event("buyer", f"Seat {owner + 1}'s buyer marker goes back to the Influence market; play goes on "
                                 f"left of seat {s.turn + 1}.", owner, {"market": self.id}))

    # ---- pieces -------------------------------------------------------------------------------------

    def seat_empty(self) -> int:
        return 0

    def validate_seat(self, s, d, st, where):
        n = whole(d.get(self.seat_field, 0), f"{where}'s buyer markers")
        if n and self.id not in s.ext:
            raise ValueError(f"{where} holds buyer markers, but the Influence market is not in play (000:562)")
        return n

    def count_seat(self, v, counts):
        if v:
            counts["buyers"] = counts.get("buyers", 0) + v

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"buyers", "expansions"}:
            raise ValueError("the Influence market holds buyer markers and expansion markers")
        out = {"buyers": whole(d.get("buyers", 0), "buyer markers at Influence"),
               "expansions": whole(d.get("expansions", 0), "expansion markers at Influence")}
        if out["buyers"] > int(self.data["buyers"]) or out["expansions"] > int(self.data["expansions"]):
            raise ValueError(f"Influence has {self.data['buyers']} buyer and {self.data['expansions']} expansion "
                             "markers (000:400)")
        return out

    def count_pieces(self, d, counts):
        counts["buyers"] = counts.get("buyers", 0) + d["buyers"]
        counts["expansion_markers"] = counts.get("expansion_markers", 0) + d["expansions"]
