"""The fishing action (000:111-157)."""

from __future__ import annotations

from core.components import Bag
from core.game import Action, Event
from core.rng import Rng


from . import moves
from .data import BAG_FISH, FISH
from .state import (ROW_LETTER, State, add, barrel_fish, barrel_licence, barrels, berth_room, is_barge,
                    load_text, pay, ships_at_sea_with)

#: the moves of a fishing action, by kind (an action's data[0]): the Fishing method applying each
FISHING_MOVES = {"price": "_apply_price", "launch": "_launch", "catch": "_apply_catch", "foreign": "_dock_abroad",
                 "dock": "_dock", "reprice": "_reprice", "done": "_end_fishing"}


class Fishing:
    """Mixed into rules.Tsukiji."""

    # ==== fishing (000:111-157) =======================================================================

    def _start_fishing(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """The fishing action begins (1 action point, 000:111)."""
        s.ap -= 1
        s.acted = True
        s.phase = "fish"
        s.ctx = {"kind": "fish", "boats": [], "lic": {}, "unloaded": 0, "king_crab": 0, "tuna": 0,
                 "pending": [], "fixed": []}
        ev.append(Event("action", f"Seat {seat + 1} goes fishing.", seat))

    def _licence_uses(self, s: State, seat: int) -> list[str]:
        """Licences not yet used in this fishing action (000:143): "eel", or "himono:1" for
        the second Himono licence, where licences are told apart (000:470)."""
        me = s.seats[seat]
        used = s.ctx["lic"]
        out = []
        for f in FISH:
            n = me["licences"].get(f, 0)
            if not n:
                continue
            if self.m[f].numbered_licences:
                out += [f"{f}:{k}" for k in range(n) if not used.get(f"{f}:{k}")]
            elif n - used.get(f, 0) > 0:
                out.append(f)
        return out

    def _one_kind(self, use: str) -> bool:
        """A ship using this licence carries one kind of fish only (000:468)."""
        return self.m[use.split(":", 1)[0]].one_kind_aboard

    def _mixed_badly(self, tags, fishes) -> bool:
        """Barrels that a licence among them keeps off one ship together (000:489)."""
        return any(self.m[barrel_licence(t)].mixes_badly(tags, fishes) for t in tags)

    def _unused(self, s: State, seat: int, use: str) -> int:
        """How many licences one use stands for that are not yet used in this fishing action:
        "eel" all the seat's unused eel licences, "himono:1" that one Himono licence."""
        if ":" in use:
            return 0 if s.ctx["lic"].get(use) else 1
        return s.seats[seat]["licences"].get(use, 0) - s.ctx["lic"].get(use, 0)

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
        one_kind_on_board = any(self._one_kind(barrel_licence(x)) for x in b["load"])
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
                if b["load"] and (one_kind_on_board or self._one_kind(use)) and fish_on_board != {fish}:
                    continue                                      # 000:468: a Himono ship, one kind of fish
                if self._mixed_badly(set(on_board) | {tag}, fish_on_board | {fish}):
                    continue                                      # 000:489
                singles.append((tag, fish, n, use))
        out = [(x,) for x in singles]
        if blue:
            free = {use: self._unused(s, seat, use) for use in {x[3] for x in singles}}
            for a in range(len(singles)):
                for c in range(a, len(singles)):
                    x, y = singles[a], singles[c]
                    if x[2] + y[2] > room:
                        continue
                    if x[3] == y[3]:
                        # 000:448: one barrel with each licence, so two licences of one kind
                        # bring two barrels (a Horse Mackerel licence up to 2 mackerel each,
                        # 000:489) — not a catch that one of those licences makes alone.
                        if free[x[3]] < 2 or any(z[0] == x[0] and z[3] == x[3] and z[2] == x[2] + y[2]
                                                 for z in singles):
                            continue
                    if x[1] == y[1] and s.fish[x[1]]["barrels"] < x[2] + y[2]:
                        continue
                    if "salmon" in (x[1], y[1]) and x[1] == y[1]:
                        continue
                    kinds = set(on_board) | {x[0], y[0]}
                    if len(kinds) > 2:
                        continue
                    fishes = fish_on_board | {x[1], y[1]}
                    if (one_kind_on_board or self._one_kind(x[3]) or self._one_kind(y[3])) \
                            and len(fishes) > 1:
                        continue                                  # 000:468
                    if self._mixed_badly(kinds, fishes):
                        continue                                  # 000:489
                    if not b["load"] and x[3].split(":")[0] == y[3].split(":")[0] and \
                            me["licences"].get(x[3].split(":")[0], 0) < ships_at_sea_with(me, x[3].split(":")[0]) + 2:
                        continue
                    out.append((x, y))
        return out

    def caught_words(self, catch: tuple) -> str:
        """What a catch brings aboard, in words: "an eel barrel", "2 eel barrels with 2 Eel
        licences" (the Blue Ship, 000:448), "2 mackerel barrels caught with a Horse Mackerel licence"."""
        groups: dict = {}
        for tag, fish, n, use in catch:
            g = groups.setdefault(tag, [0, 0])
            g[0] += n
            g[1] += 1
        parts = []
        for tag, (n, k) in groups.items():
            if k == 1:
                parts.append(barrels(tag, n))
            else:
                parts.append(f"{n} {barrel_fish(tag).replace('_', ' ')} barrels with {k} "
                             f"{self.m[barrel_licence(tag)].name} licences")
        return " and ".join(parts)

    def catch_text(self, name: str, catch: tuple) -> str:
        return f"{name[:1].upper()}{name[1:]} catches {self.caught_words(catch)}"

    def _catch(self, s: State, seat: int, i: int, catch: tuple, ev: list) -> None:
        me = s.seats[seat]
        ctx = s.ctx
        for tag, fish, n, use in catch:
            s.fish[fish]["barrels"] -= n
            me["boats"][i]["load"].extend([tag] * n)
            add(ctx["lic"], use)
        ctx["boats"].append(i)
        ev.append(Event("catch", f"Seat {seat + 1}'s boat {i + 1} catches {self.caught_words(catch)}.", seat))

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
                out.append(Action(moves.launch(i), f"Launch {name} from " + ("the Foreign Market" if b["at"] == "foreign" else f"the {b['at']} berth"), "Fishing",
                                  ("launch", i)))
                continue
            for catch in self._catches(s, seat, i):
                out.append(Action(moves.catch(i, catch), self.catch_text(name, catch), "Fishing",
                                  ("catch", i, catch)))
            rooms = berth_room(me, b["type"], self.d.right_berth_ships)
            load = f" and unload {load_text(b['load'])}{self._dock_warning(s, seat, i)}" if b["load"] and rooms else ""
            for berth in rooms:
                out.append(Action(moves.dock(i, berth), f"Dock {name} at the {berth} berth{load}", "Fishing",
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
                              ("reprice", kind, row, col, None), takes=self.free_price))
        lost = self._left_unpaid(s)
        out.append(Action("done", "End the fishing action" + (f" — {lost} back unpaid" if lost else ""),
                          "Fishing", ("done",)))
        out += self._free_actions(s, seat)
        return out

    def _auctioned(self, s: State) -> dict[str, int]:
        """Fish whose unloaded barrels are auctioned in groups instead of put up for sale, and
        the size of a group: King Crab 2, Tuna 3 (000:262, 000:282), Swordfish 2 (000:527)."""
        out = {f: int(self.d.market[f]["barrels_per_auction"]) for f in BAG_FISH}
        for mk in self.unload_auctions(s):
            out[mk.id] = int(mk.data["barrels_per_auction"])
        return out

    def _left_unpaid(self, s: State) -> str:
        """The unloaded barrels that go back unpaid when the fishing action ends now (000:266,
        000:286, 000:531): "the unloaded king crab barrel goes", "2 unloaded tuna barrels go"."""
        parts = []
        for f in self._auctioned(s):
            n = s.ctx.get(f, 0)
            if n:
                parts.append(f"the unloaded {f.replace('_', ' ')} barrel" if n == 1 else
                             f"{n} unloaded {f.replace('_', ' ')} barrels")
        if not parts:
            return ""
        many = len(parts) > 1 or not parts[0].startswith("the ")
        return " and ".join(parts) + (" go" if many else " goes")

    def _dock_warning(self, s: State, seat: int, i: int) -> str:
        """What a dock at home will lose: auctioned fish unloaded short of a whole group go back
        unpaid at the end of the fishing action (000:266, 000:286, 000:531). Said in the move's
        own words, before it is chosen."""
        me = s.seats[seat]
        ctx = s.ctx
        out = []
        for f, per in self._auctioned(s).items():
            here = sum(1 for x in me["boats"][i]["load"] if x == f)
            if not here:
                continue
            left = (ctx.get(f, 0) + here) % per
            if not left:
                continue
            more = sum(1 for j, o in enumerate(me["boats"]) if j != i and j not in ctx["boats"] and o["at"] == "sea"
                       for x in o["load"] if x == f)
            name = f.replace("_", " ")
            what = f"{left} {name} barrel{'s' if left > 1 else ''}"
            if more:
                out.append(f"{what} will go back unpaid unless {per - left} more {'is' if per - left == 1 else 'are'} "
                           f"unloaded in this fishing action ({name} is auctioned {per} barrels at a time)")
            else:
                out.append(f"{what} will go back unpaid at the end of this fishing action ({name} is auctioned "
                           f"{per} barrels at a time)")
        return (" — " + "; ".join(out)) if out else ""

    # ---- the moves of a fishing action (FISHING_MOVES) ----------------------------------------------

    def _launch(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        i = data[1]
        s.seats[seat]["boats"][i]["at"] = "sea"
        s.ctx["boats"].append(i)
        ev.append(Event("launch", f"Seat {seat + 1} launches boat {i + 1}.", seat))

    def _apply_catch(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        self._catch(s, seat, data[1], data[2], ev)

    def _dock_abroad(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """A boat docks at the Foreign Market, or its lot is auctioned (000:547)."""
        self.m["foreign_market"].apply_dock(s, seat, data, rng, ev)

    def _dock(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """A boat docks at a berth and unloads (000:121, 000:134-138)."""
        ctx = s.ctx
        me = s.seats[seat]
        _, i, berth = data
        b = me["boats"][i]
        b["at"] = berth
        ctx["boats"].append(i)
        load, b["load"] = b["load"], []
        ev.append(Event("dock", f"Seat {seat + 1} docks boat {i + 1} at the {berth} berth"
                                + (f" and unloads {load_text(load)}." if load else "."), seat))
        for item in load:
            f = barrel_fish(item)
            ctx["unloaded"] += 1
            if ctx["unloaded"] % self.d.unload_per == 0:      # 000:136
                pay(s, None, seat, self.d.unload_yen)
            if self.m[barrel_licence(item)].unload_caught(s, seat, f, ev):       # 000:472
                pass
            elif self.m[f].on_unload(s, seat, item, ev):        # 000:214, 000:517, 000:527
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

    def _reprice(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """A barrel on your harbour gets its new price, once per fishing action (000:151-153)."""
        ctx = s.ctx
        _, kind, row, col, target = data
        fixed = set(ctx["fixed"])
        for j, item in enumerate(s.seats[seat]["harbour"]):
            if j not in fixed and item == [kind, row, col]:
                item[2] = target
                ctx["fixed"].append(j)
                break
        ev.append(Event("price", f"Seat {seat + 1} moves a {kind.replace('_', ' ')} to {self.col_name(target)}.",
                        seat))

    def _end_fishing(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """Unloaded barrels short of an auction go back unpaid (000:266, 000:286, 000:531)."""
        ctx = s.ctx
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

    def _apply_price(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        self._price(s, seat, data[1], ev)

    def _price(self, s: State, seat: int, col: str, ev: list) -> None:
        ctx = s.ctx
        kind = ctx["pending"].pop(0)
        me = s.seats[seat]
        me["harbour"].append([kind, "upper", col])
        if "fixed" in ctx:
            ctx["fixed"].append(len(me["harbour"]) - 1)
        if kind in self.m:                                        # 000:208: Eel's value rises
            self.m[kind].on_priced(s, seat, ev)
        ev.append(Event("price", f"Seat {seat + 1} puts a {kind.replace('_', ' ')} up for sale in "
                                 f"{self.col_name(col)}.", seat))
