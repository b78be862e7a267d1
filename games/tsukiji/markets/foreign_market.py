"""Foreign Market (000:547-560) — the expansion.

• It is visited only by docking there during a fishing action, never from the main phase
  (000:547). Docking a boat there is that boat's one activity (000:123); it pays ¥100 to
  the supply and opens a group: more boats at sea with barrels may join the same group at
  no further cost, then the group's barrels are auctioned together as one lot (000:547).
  Another group in the same fishing action pays ¥100 again (000:549).
• The lot: every barrel goes back to its market (or into the box once overfished) and a
  matching token is taken for it, before the bidding (000:547). King crab: 1 random token
  from the bag per 2 barrels; swordfish: 1 token per 2 barrels; tuna: 1 random token from
  the bag per 3 barrels; barrels left over go back unpaid (000:558-560). Every eel barrel
  in the lot moves the eel value marker 1 space up (000:557). A market with no token left
  gives none. A lot with no token at all is not auctioned (the ¥100 is spent). A market
  whose last token goes into the lot is overfished before the bidding, and what that
  costs (Nori, 000:504) is paid before anyone bids.
• Everyone bids in secret, ¥0 is a bid; the active player breaks a tie; the winner takes
  the lot and pays the active player, or the supply if the active player wins (000:547;
  bidding.py, bid kind "foreign_market"). When swordfish tokens are in the lot, the
  winning bid (for the whole lot) is compared with one swordfish token's value × ¥100:
  higher moves the swordfish marker 2 up, lower 2 down, equal leaves it (000:559).
• These barrels are not unloaded at your harbour: they do not count for the ¥100 per 2
  unloaded barrels (000:547-560), and the docking rules of your berths (Fugu's licence,
  Sardines, Himono) do not apply.
• The boats stay at the Foreign Market (b["at"] = "foreign") until they launch in a later
  fishing action, which is free (000:551; fishing.py offers "launch").
• Rented boats (ship_rental.py) go back only when they dock at one of your berths.

State during a fishing action: ctx["foreign"] is the open group (boat indices) or None.
"""

from __future__ import annotations

from core.components import Bag
from core.game import Action, Event

from ..citations import rule
from .. import moves
from ..data import FISH
from ..state import add, barrel_fish, counts, pay, yen
from .base import Market


RULE_FOREIGN_GROUPS = rule("Foreign Market groups", "000:549",
                           "darfst du mehrere Gruppen aus einem oder mehreren Booten")
RULE_SWORDFISH_LOT = rule("swordfish at the Foreign Market", "000:559",
                          "Jedes Mal, wenn ein oder mehrere Schwertfischmarker versteigert werden")


class ForeignMarket(Market):
    lines = "000:547-560"
    quote = "Dieser Markt kann nur besucht werden, wenn du im Rahmen der Fischen-Aktion mit einem Boot anlegst"

    # ---- entering: only by docking ---------------------------------------------------------

    def refuse_entry(self, s, seat):
        return "the Foreign Market is visited only by docking boats there during a fishing action (000:547)"

    @property
    def cost(self) -> int:
        return int(self.entry[0]["yen"]) if self.entry else 0

    def _dockable(self, s, seat) -> list[int]:
        """Boats at sea with barrels that have not acted in this fishing action."""
        done = s.ctx["boats"]
        return [i for i, b in enumerate(s.seats[seat]["boats"])
                if b["at"] == "sea" and b["load"] and i not in done]

    def _load_text(self, b) -> str:
        return self.R.lot_text(counts([barrel_fish(x) for x in b["load"]]))

    def dock_actions(self, s, seat) -> list[Action]:
        """000:547: dock a boat here for ¥100, opening a group to be auctioned."""
        if s.collapsed.get(self.id) == "closed" or yen(s, seat) < self.cost:
            return []
        me = s.seats[seat]
        return [Action(moves.dock(i, "foreign"),
                       f"Dock {self.R.boat_name(i, me['boats'][i])} at the Foreign Market (¥{self.cost:,}) and "
                       f"auction its barrels ({self._load_text(me['boats'][i])})", "Fishing", ("foreign", "dock", i))
                for i in self._dockable(s, seat)]

    def group_actions(self, s, seat) -> list[Action]:
        """While a group is open: more boats join it for free, or its lot is auctioned."""
        me = s.seats[seat]
        out = [Action(moves.dock(i, "foreign"),
                      f"Dock {self.R.boat_name(i, me['boats'][i])} at the Foreign Market too, in the same lot "
                      f"({self._load_text(me['boats'][i])})", "Fishing", ("foreign", "join", i))
               for i in self._dockable(s, seat)]
        lot = counts([barrel_fish(x) for i in s.ctx["foreign"] for x in me["boats"][i]["load"]])
        per = self._per()
        lost = [f"{n % per[fish]} {fish.replace('_', ' ')} barrel{'s' if n % per[fish] > 1 else ''} "
                f"(a token for every {per[fish]})" for fish, n in lot.items() if fish in per and n % per[fish]]
        out.append(Action("foreign:auction", f"Auction the lot at the Foreign Market: {self.R.lot_text(lot)}"
                          + (f" — {' and '.join(lost)} will go back unpaid" if lost else ""),
                          "Fishing", ("foreign", "auction")))
        return out

    def apply_dock(self, s, seat, data, rng, ev) -> None:
        ctx = s.ctx
        me = s.seats[seat]
        how = data[1]
        if how in ("dock", "join"):
            i = data[2]
            if how == "dock":
                pay(s, seat, None, self.cost, self.rule)
                ctx["foreign"] = []
            ctx["foreign"].append(i)
            ctx["boats"].append(i)
            me["boats"][i]["at"] = "foreign"
            ev.append(Event("foreign", f"Seat {seat + 1} docks boat {i + 1} at the Foreign Market"
                            + (f" (¥{self.cost:,})." if how == "dock" else ", in the same lot."), seat,
                            {"market": self.id}))
            return
        self._auction(s, seat, rng, ev)

    # ---- the auction ------------------------------------------------------------------------

    def _token(self, s, fish: str, rng, ev) -> str | None:
        """The token taken for one barrel (or group of barrels) of this fish, if any is left."""
        mk = self.R.m[fish]
        if mk.bag:
            bag = Bag()
            bag.items = s.bags.setdefault(fish, [])
            return bag.draw(rng) if bag.items else None
        if s.fish.get(fish, {}).get("tokens", 0) <= 0:
            return None
        return mk.take_token_for_barrel(s, s.turn, "upper", rng, ev)

    def _per(self) -> dict:
        """Barrels that bring one token here (000:558-560)."""
        return {"king_crab": int(self.data["crab_barrels_per_token"]),
                "swordfish": int(self.data["swordfish_barrels_per_token"]),
                "tuna": int(self.data["tuna_barrels_per_token"])}

    def _auction(self, s, seat, rng, ev) -> None:
        ctx = s.ctx
        me = s.seats[seat]
        group, ctx["foreign"] = ctx["foreign"], None
        barrels: list[str] = []
        for i in group:
            barrels += [barrel_fish(x) for x in me["boats"][i]["load"]]
            me["boats"][i]["load"] = []
        per = self._per()
        got = counts(barrels)
        lot: dict = {}
        notes = []
        for fish in FISH:
            n = got.get(fish, 0)
            if not n:
                continue
            self.R.barrels_home(s, fish, n)
            if fish == "eel" and "eel" in s.fish:                    # 000:557
                self.R.m["eel"].move(s, int(self.data["eel_rise_per_barrel"]) * n)
                notes.append(f"the eel value rises to {s.fish['eel']['value']}")
            k = per.get(fish, 1)
            for _ in range(n // k):
                token = self._token(s, fish, rng, ev)
                if token is None:
                    notes.append(f"no {self.R.m[fish].name} token is left")
                    break
                add(lot, token)
            if n % k:                                                # 000:558-560
                notes.append(f"{n % k} {fish.replace('_', ' ')} barrel{'s go' if n % k > 1 else ' goes'} back unpaid")
        text = f"Seat {seat + 1}'s barrels at the Foreign Market go back to their markets ({self.R.lot_text(got)})"
        if notes:
            text += "; " + "; ".join(notes)
        if not lot:
            ev.append(Event("foreign", text + ": no token to auction.", seat, {"market": self.id}))
            return
        ev.append(Event("foreign", text + f". The lot, {self.R.lot_text(lot)}, is auctioned: everyone bids in secret.",
                        seat, {"market": self.id}))
        # The tokens are taken before the bidding (000:558-559): a market they overfish is
        # overfished now, and what that costs (Nori, 000:504) is paid before anyone bids.
        self.R._overfishing(s, rng, ev)
        self.R.start_bid(s, self.id, list(range(s.players)), lot, {})

    def award(self, s, winner: int, amount: int, ev: list) -> None:
        """000:547: the winner pays the active player, or the supply if that is the winner;
        000:559: swordfish in the lot move its value by the winning bid."""
        active = s.turn
        what = self.R.lot_text(s.bid["lot"])
        if winner == active:
            pay(s, winner, None, amount, self.rule)
            ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}, paid to the supply.", winner))
        else:
            pay(s, winner, active, amount, self.rule)
            ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}, paid to seat {active + 1}.",
                            winner))
        if any(self.d.kind_fish[k] == "swordfish" for k in s.bid["lot"]) and "swordfish" in s.fish:
            worth = 100 * self.R.token_unit(s, "swordfish")
            step = int(self.data["swordfish_step"])
            move = step if amount > worth else -step if amount < worth else 0
            if move:
                self._move_swordfish(s, move)
                ev.append(Event("swordfish", f"The winning ¥{amount:,} is {'more' if move > 0 else 'less'} than "
                                             f"¥{worth:,}: the swordfish value marker moves {abs(move)} "
                                             f"{'up' if move > 0 else 'down'}.", None, {"market": "swordfish"}))

    def _move_swordfish(self, s, steps: int) -> None:
        mk = self.R.m["swordfish"]
        if hasattr(mk, "move"):
            mk.move(s, steps)
            return
        st = s.fish["swordfish"]
        if "value" in st:                                            # 000:538: within 1..13
            data = self.d.market["swordfish"]
            st["value"] = max(int(data["value_min"]), min(int(data["value_max"]), st["value"] + steps))

    # ---- explanations -----------------------------------------------------------------------------

    def explain(self, s, seat, key):
        """For fishing keys "dock:<boat>:foreign" and "foreign:auction" (explain.py may ask)."""
        parts = key.split(":")
        ctx = s.ctx
        if s.phase != "fish" or not ctx or ctx.get("kind") != "fish":
            return self.R.illegal("the Foreign Market is visited only by docking there during a fishing action",
                                  self.rule)
        if parts == ["foreign", "auction"]:
            return self.R.illegal("no group of boats is docked at the Foreign Market in this fishing action",
                                  RULE_FOREIGN_GROUPS)
        if len(parts) == 3 and parts[0] == "dock" and parts[2] == "foreign":
            me = s.seats[seat]
            try:
                i = int(parts[1]) - 1
            except ValueError:
                return self.R.illegal(f"{parts[1]!r} is not a boat number", self.rule)
            if not 0 <= i < len(me["boats"]):
                return self.R.illegal(f"you have no boat {parts[1]}", self.rule)
            b = me["boats"][i]
            if i in ctx["boats"]:
                return self.R.illegal("each boat does one thing per fishing action", self.rule)
            if b["at"] != "sea":
                return self.R.illegal("only a boat at sea can dock at the Foreign Market", self.rule)
            if not b["load"]:
                return self.R.illegal("a boat docks at the Foreign Market to auction its barrels: this one has none",
                                      self.rule)
            return self.R.illegal(f"docking a group at the Foreign Market costs ¥{self.cost:,}", RULE_FOREIGN_GROUPS)
        return None
