"""The fishing action (000:111-158)."""

from __future__ import annotations

from core.components import Bag
from core.game import Action, Event
from core.rng import Rng


from .data import BAG_FISH, FISH
from .state import (ROW_LETTER, State, add, berth_room, counts, pay,
                    ships_at_sea_with)


class Fishing:
    """Mixed into rules.Tsukiji."""

    # ==== fishing (000:111-158) =======================================================================

    def _catchable(self, s: State, seat: int, i: int) -> list[str]:
        me = s.seats[seat]
        b = me["boats"][i]
        if b["type"] == "barge" or b["at"] != "sea" or len(b["load"]) >= self.d.holds(b["type"]):
            return []
        used = s.ctx["lic"]
        if b["load"]:
            f = b["load"][0]
            candidates = [] if f == "salmon" else [f]     # 000:252: one salmon per boat
        else:
            candidates = [f for f in FISH if me["licences"].get(f)]
        out = []
        for f in candidates:
            st = s.fish.get(f)
            if st is None or st["barrels"] <= 0:
                continue
            lic = me["licences"].get(f, 0)
            if lic - used.get(f, 0) <= 0:
                continue
            if not b["load"] and lic <= ships_at_sea_with(me, f):
                continue
            out.append(f)
        return out

    def _reprice_groups(self, s: State, seat: int) -> list[tuple[str, str, str]]:
        fixed = set(s.ctx["fixed"])
        seen = []
        for j, (kind, row, col) in enumerate(s.seats[seat]["harbour"]):
            if j not in fixed and (kind, row, col) not in seen:
                seen.append((kind, row, col))
        return seen

    def _fish_actions(self, s: State, seat: int) -> list[Action]:
        ctx = s.ctx
        if ctx["pending"]:
            return self.price_actions(ctx["pending"][0], "Fishing")
        me = s.seats[seat]
        out = []
        for i, b in enumerate(me["boats"]):
            if i in ctx["boats"]:
                continue
            name = "the barge" if b["type"] == "barge" else f"boat {i + 1} ({b['type']}-hold)"
            if b["at"] != "sea":
                out.append(Action(f"launch:{i + 1}", f"Launch {name} from the {b['at']} berth", "Fishing",
                                  ("launch", i)))
                continue
            for f in self._catchable(s, seat, i):
                out.append(Action(f"catch:{i + 1}:{f}", f"{name.capitalize()} catches a {f.replace('_', ' ')} barrel",
                                  "Fishing", ("catch", i, f)))
            for berth in berth_room(me, b["type"], self.d.right_berth_ships):
                load = f" and unload {self.lot_text(counts(b['load']))}" if b["load"] else ""
                out.append(Action(f"dock:{i + 1}:{berth}", f"Dock {name} at the {berth} berth{load}", "Fishing",
                                  ("dock", i, berth)))
        for kind, row, col in self._reprice_groups(s, seat):
            head = f"reprice:{ROW_LETTER[row]}:{col}:{kind}:"
            what = f"Move the {kind.replace('_', ' ')} in your {row} row from {self.col_name(col)} to "
            for target in self.col_keys:
                if target != col:
                    out.append(Action(head + target, what + self.col_name(target), "Prices",
                                      ("reprice", kind, row, col, target)))
        out.append(Action("done", "End the fishing action", "Fishing", ("done",)))
        out += self._free_actions(s, seat)
        return out

    def _apply_fishing(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        op = data[0]
        ctx = s.ctx
        me = s.seats[seat]
        if op == "launch":
            i = data[1]
            me["boats"][i]["at"] = "sea"
            ctx["boats"].append(i)
            ev.append(Event("launch", f"Seat {seat + 1} launches boat {i + 1}.", seat))
        elif op == "catch":
            _, i, f = data
            s.fish[f]["barrels"] -= 1
            me["boats"][i]["load"].append(f)
            ctx["boats"].append(i)
            add(ctx["lic"], f)
            ev.append(Event("catch", f"Seat {seat + 1}'s boat {i + 1} catches a {f.replace('_', ' ')} barrel.", seat))
        elif op == "dock":
            _, i, berth = data
            b = me["boats"][i]
            b["at"] = berth
            ctx["boats"].append(i)
            load, b["load"] = b["load"], []
            ev.append(Event("dock", f"Seat {seat + 1} docks boat {i + 1} at the {berth} berth"
                                    + (f" and unloads {self.lot_text(counts(load))}." if load else "."), seat))
            for f in load:
                ctx["unloaded"] += 1
                if ctx["unloaded"] % self.d.unload_per == 0:      # 000:139
                    pay(s, None, seat, self.d.unload_yen)
                if f == "fugu" and me["licences"].get("fugu"):      # 000:216
                    add(me["licences"], "fugu", -1)
                    self.licence_home(s, "fugu")
                    if ctx["lic"].get("fugu"):
                        add(ctx["lic"], "fugu", -1)
                    ev.append(Event("fugu", f"Seat {seat + 1} unloads fugu: the fugu licence goes back.", seat))
                if f in BAG_FISH:
                    ctx[f] += 1
                else:
                    ctx["pending"].append(f)
            if len(load) >= self.d.unload_per:
                ev.append(Event("unload", f"Seat {seat + 1} has unloaded {ctx['unloaded']} barrels in this action.",
                                seat))
            self._continue_fishing(s, rng, ev)
        elif op == "reprice":
            _, kind, row, col, target = data
            fixed = set(ctx["fixed"])
            for j, item in enumerate(me["harbour"]):
                if j not in fixed and item == [kind, row, col]:
                    item[2] = target
                    ctx["fixed"].append(j)
                    break
            ev.append(Event("price", f"Seat {seat + 1} moves a {kind.replace('_', ' ')} to {self.col_name(target)}.",
                            seat))
        elif op == "done":
            for f in BAG_FISH:
                if ctx[f]:
                    self.barrels_home(s, f, ctx[f])             # 000:268, 000:288
                    ev.append(Event("leftover", f"{ctx[f]} unloaded {f.replace('_', ' ')} barrel"
                                                f"{'s go' if ctx[f] > 1 else ' goes'} back unpaid.", seat))
            s.ctx = None
            s.phase = "main"

    def _continue_fishing(self, s: State, rng: Rng, ev: list) -> None:
        """King Crab (2 barrels) and Tuna (3) unloads start auctions at once (000:264, 000:284)."""
        ctx = s.ctx
        for f in BAG_FISH:
            per = int(self.d.market[f]["barrels_per_auction"])
            while ctx[f] >= per:
                ctx[f] -= per
                self.barrels_home(s, f, per)
                bag = Bag()
                bag.items = s.bags.setdefault(f, [])
                if not bag.items:
                    ev.append(Event("auction", f"No {self.m[f].name} token is left in the bag: no auction.", s.turn))
                    continue
                kind = bag.draw(rng)
                ev.append(Event("auction", f"{per} {self.m[f].name} barrels go back; a {self.m[f].name} "
                                           f"token worth {self.token_unit(s, kind)} is drawn from the bag and "
                                           "auctioned: everyone bids in secret.", s.turn))
                self.start_bid(s, f, list(range(s.players)), {kind: 1}, {})
                return

    def _price(self, s: State, seat: int, col: str, ev: list) -> None:
        ctx = s.ctx
        kind = ctx["pending"].pop(0)
        me = s.seats[seat]
        me["harbour"].append([kind, "upper", col])
        if "fixed" in ctx:
            ctx["fixed"].append(len(me["harbour"]) - 1)
        if kind == "eel" and "eel" in s.fish:                     # 000:208
            self.m["eel"].move(s, self.d.market["eel"]["value_rise_per_barrel"])
        ev.append(Event("price", f"Seat {seat + 1} puts a {kind.replace('_', ' ')} up for sale in "
                                 f"{self.col_name(col)}.", seat))
