"""The fishing action (000:111-157)."""

from __future__ import annotations

from core.components import Bag
from core.game import Action, Event
from core.rng import Rng


from .data import BAG_FISH, FISH
from .state import (ROW_LETTER, State, add, barrel_fish, barrel_licence, barrel_name, berth_room, counts, is_barge, pay,
                    ships_at_sea_with)


class Fishing:
    """Mixed into rules.Tsukiji."""

    # ==== fishing (000:111-157) =======================================================================

    def _licence_uses(self, s: State, seat: int) -> list[str]:
        """Licences not yet used in this fishing action (000:143): "eel", or "himono:1" for
        the second Himono licence, which are told apart (000:470)."""
        me = s.seats[seat]
        used = s.ctx["lic"]
        out = []
        for f in FISH:
            n = me["licences"].get(f, 0)
            if not n:
                continue
            if f == "himono":
                out += [f"himono:{k}" for k in range(n) if not used.get(f"himono:{k}")]
            elif n - used.get(f, 0) > 0:
                out.append(f)
        return out

    def _grabs(self, s: State, seat: int, use: str) -> list[tuple[str, str, int]]:
        """What one use of a licence brings aboard: (barrel on the boat, fish, how many)."""
        kind = use.split(":", 1)[0]
        out = []
        for fish, n in self.m[kind].catch_grabs(s, seat, use):
            tag = fish if fish == use else f"{fish}/{use}"
            out.append((tag, fish, n))
        return out

    def _catches(self, s: State, seat: int, i: int) -> list[tuple]:
        """The catches boat i may make now: tuples of (barrel, fish, n, licence use), one per
        licence used — two at once only for the Blue Ship (000:448)."""
        me = s.seats[seat]
        b = me["boats"][i]
        if is_barge(b["type"]) or b["at"] != "sea":
            return []
        room = self.d.holds(b["type"]) - len(b["load"])
        if room <= 0:
            return []
        blue = b["type"] == "blue"
        on_board = sorted(set(b["load"]))
        fish_on_board = {barrel_fish(x) for x in b["load"]}
        himono_on_board = any(barrel_licence(x).startswith("himono") for x in b["load"])
        singles = []
        for use in self._licence_uses(s, seat):
            kind = use.split(":", 1)[0]
            if not b["load"] and me["licences"].get(kind, 0) <= ships_at_sea_with(me, kind):
                continue                                          # 000:131: an empty ship
            for tag, fish, n in self._grabs(s, seat, use):
                if n > room or s.fish[fish]["barrels"] < n:
                    continue
                if fish == "salmon" and ("salmon" in on_board or n > 1):
                    continue                                      # 000:251: one salmon a boat
                if "salmon" in on_board and not blue:
                    continue
                if b["load"] and tag not in on_board and (not blue or len(on_board) >= 2):
                    continue                                      # 000:132: the same fish only
                if b["load"] and "/" in tag and tag not in on_board:
                    continue                                      # 000:468, 000:489: one kind
                if b["load"] and (himono_on_board or use.startswith("himono")) and fish_on_board != {fish}:
                    continue                                      # 000:468: a Himono ship, one kind of fish
                if (fish == "horse_mackerel" and "mackerel/horse_mackerel" in on_board) or \
                        (tag == "mackerel/horse_mackerel" and "horse_mackerel" in fish_on_board):
                    continue                                      # 000:489
                singles.append((tag, fish, n, use))
        out = [(x,) for x in singles]
        if blue:
            for a in range(len(singles)):
                for c in range(a + 1, len(singles)):
                    x, y = singles[a], singles[c]
                    if x[3] == y[3] or x[2] + y[2] > room:
                        continue
                    if x[1] == y[1] and s.fish[x[1]]["barrels"] < x[2] + y[2]:
                        continue
                    if "salmon" in (x[1], y[1]) and x[1] == y[1]:
                        continue
                    kinds = set(on_board) | {x[0], y[0]}
                    if len(kinds) > 2:
                        continue
                    fishes = fish_on_board | {x[1], y[1]}
                    if (himono_on_board or x[3].startswith("himono") or y[3].startswith("himono")) \
                            and len(fishes) > 1:
                        continue                                  # 000:468
                    if "mackerel/horse_mackerel" in kinds and "horse_mackerel" in fishes:
                        continue                                  # 000:489
                    if not b["load"] and x[3].split(":")[0] == y[3].split(":")[0] and \
                            me["licences"].get(x[3].split(":")[0], 0) < ships_at_sea_with(me, x[3].split(":")[0]) + 2:
                        continue
                    out.append((x, y))
        return out

    @staticmethod
    def catch_key(i: int, catch: tuple) -> str:
        parts = []
        for tag, fish, n, use in catch:
            parts.append(tag + (f"*{n}" if n > 1 else ""))
        return f"catch:{i + 1}:" + "+".join(parts)

    def catch_text(self, name: str, catch: tuple) -> str:
        got = " and ".join(f"{n if n > 1 else 'a'} {barrel_name(tag)} barrel{'s' if n > 1 else ''}"
                           for tag, fish, n, use in catch)
        return f"{name.capitalize()} catches {got}"

    def _catch(self, s: State, seat: int, i: int, catch: tuple, ev: list) -> None:
        me = s.seats[seat]
        ctx = s.ctx
        for tag, fish, n, use in catch:
            s.fish[fish]["barrels"] -= n
            me["boats"][i]["load"].extend([tag] * n)
            add(ctx["lic"], use)
        ctx["boats"].append(i)
        ev.append(Event("catch", f"Seat {seat + 1}'s boat {i + 1} catches "
                        + " and ".join(f"{n} {barrel_name(t)}" for t, _, n, _ in catch) + ".", seat))

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
        if ctx.get("foreign") is not None:                          # 000:547-549: a group docks there
            return self.m["foreign_market"].group_actions(s, seat)
        me = s.seats[seat]
        out = []
        for i, b in enumerate(me["boats"]):
            if i in ctx["boats"]:
                continue
            name = self.boat_name(i, b)
            if b["at"] != "sea":
                out.append(Action(f"launch:{i + 1}", f"Launch {name} from " + ("the Foreign Market" if b["at"] == "foreign" else f"the {b['at']} berth"), "Fishing",
                                  ("launch", i)))
                continue
            for catch in self._catches(s, seat, i):
                out.append(Action(self.catch_key(i, catch), self.catch_text(name, catch), "Fishing",
                                  ("catch", i, catch)))
            for berth in berth_room(me, b["type"], self.d.right_berth_ships):
                load = f" and unload {self.lot_text(counts(b['load']))}" if b["load"] else ""
                out.append(Action(f"dock:{i + 1}:{berth}", f"Dock {name} at the {berth} berth{load}", "Fishing",
                                  ("dock", i, berth)))
        if "foreign_market" in s.ext:
            out += self.m["foreign_market"].dock_actions(s, seat)
        for kind, row, col in self._reprice_groups(s, seat):
            head = f"reprice:{ROW_LETTER[row]}:{col}:{kind}:"
            what = f"Move the {kind.replace('_', ' ')} in your {row} row from {self.col_name(col)} to "
            for target in self.col_keys:
                if target != col:
                    out.append(Action(head + target, what + self.col_name(target), "Prices",
                                      ("reprice", kind, row, col, target)))
            out.append(Action(head + "q", what + "??? at a price you say", "Prices",
                              ("reprice", kind, row, col, None), takes="the ??? price: {'yen': a multiple of ¥100}"))
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
            self._catch(s, seat, data[1], data[2], ev)
        elif op == "foreign":
            self.m["foreign_market"].apply_dock(s, seat, data, rng, ev)
        elif op == "dock":
            _, i, berth = data
            b = me["boats"][i]
            b["at"] = berth
            ctx["boats"].append(i)
            load, b["load"] = b["load"], []
            ev.append(Event("dock", f"Seat {seat + 1} docks boat {i + 1} at the {berth} berth"
                                    + (f" and unloads {self.lot_text(counts(barrel_fish(x) for x in load))}."
                                       if load else "."), seat))
            for item in load:
                f = barrel_fish(item)
                ctx["unloaded"] += 1
                if ctx["unloaded"] % self.d.unload_per == 0:      # 000:136
                    pay(s, None, seat, self.d.unload_yen)
                if f == "fugu" and me["licences"].get("fugu"):      # 000:214
                    add(me["licences"], "fugu", -1)
                    self.licence_home(s, "fugu")
                    if ctx["lic"].get("fugu"):
                        add(ctx["lic"], "fugu", -1)
                    ev.append(Event("fugu", f"Seat {seat + 1} unloads fugu: the fugu licence goes back.", seat))
                if barrel_licence(item).startswith("himono"):       # 000:472
                    self.m["himono"].dry(s, seat, f, ev)
                elif self.m[f].on_unload(s, seat, item, ev):
                    pass
                elif f in BAG_FISH:
                    ctx[f] += 1
                else:
                    ctx["pending"].append(f)
            if len(load) >= self.d.unload_per:
                ev.append(Event("unload", f"Seat {seat + 1} has unloaded {ctx['unloaded']} barrels in this action.",
                                seat))
            if b.get("rented"):                                     # 000:578: one trip
                self.m["ship_rental"].give_back(s, seat, i, ev)
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
            for mk in self.unload_auctions(s):
                mk.leftover(s, seat, ev)
            for f in BAG_FISH:
                if ctx[f]:
                    self.barrels_home(s, f, ctx[f])             # 000:266, 000:286
                    ev.append(Event("leftover", f"{ctx[f]} unloaded {f.replace('_', ' ')} barrel"
                                                f"{'s go' if ctx[f] > 1 else ' goes'} back unpaid.", seat))
            s.ctx = None
            s.phase = "main"

    def _continue_fishing(self, s: State, rng: Rng, ev: list) -> None:
        """King Crab (2 barrels) and Tuna (3) unloads start auctions at once (000:262, 000:282)."""
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
        for mk in self.unload_auctions(s):                          # Swordfish, 000:527-529
            if mk.start_unload_auction(s, rng, ev):
                return

    def unload_auctions(self, s: State) -> list:
        """Expansion markets whose unloaded barrels are auctioned (Swordfish, 000:527)."""
        return [self.m[f] for f in s.fish if getattr(self.m[f], "unload_auction", False)]

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
