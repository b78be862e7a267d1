"""The turn: its start, spoilage, the main phase's choices and free actions, its end (000:94-109, 000:359-366)."""

from __future__ import annotations

from core.game import Action, Event
from core.rng import Rng

from . import moves
from .citations import RULE_BERTH, RULE_FUGU
from .data import EXTERNAL, FISH
from .state import (BERTHS, State, add, barges_at_sea, barrel_fish, barrels, is_barge, pay,
                    yen)

#: the moves of the start of a turn, by kind (an action's data[0]): the Turn method applying each
START_MOVES = {"price": "_price_dried", "coolbox": "_use_coolbox", "fugu": "_buy_own_fugu", "spoil": "_let_spoil"}
#: the moves of the main phase, by kind: an action (000:101-103), or the end of the turn
MAIN_MOVES = {"fish": "_start_fishing", "buy": "_start_buying", "enter": "_enter", "end": "_end_now"}
#: what is done at any time in your turn, outside the actions (000:109, 000:145-149, 000:329,
#: 000:474, 000:564): moves of every phase but a sealed bid, by kind
FREE_MOVES = {"berth": "_open_berth", "return": "_return_licence", "transfer": "_transfer", "dump": "_dump",
              "cart": "_use_cart", "free": "_market_free"}


class Turn:
    """Mixed into rules.Tsukiji."""

    # ==== the turn: start, spoilage, end (000:94-109, 000:359-366) ==============================

    def end_trigger(self, s: State, seat: int) -> str:
        """000:96-97 / 000:361-362, checked at the start of each turn."""
        y, r = yen(s, seat), self.resources(s, seat)
        others = [o for o in range(s.players) if o != seat]
        sole_lowest_res = all(self.resources(s, o) > r for o in others)
        sole_lowest_yen = all(yen(s, o) > y for o in others)
        why = []
        if y >= self.d.end_yen and not sole_lowest_res:
            shown = f"at least ¥{self.d.end_yen:,}" if s.hidden else f"¥{y:,}"
            why.append(f"{shown} and is not alone with the fewest resources")
        if r >= self.d.end_resources and not sole_lowest_yen:
            why.append(f"{r} resources and is not alone with the least yen")
        return " and ".join(why)

    def _announce(self, s: State, seat: int, ev: list) -> None:
        """000:366 — with hidden money, a seat with ¥5,000 or 50 resources says so; at 50
        resources everyone shows their yen so the check can be made in the open."""
        rich = yen(s, seat) >= self.d.end_yen
        r = self.resources(s, seat)
        if not rich and r < self.d.end_resources:
            return
        said = " and ".join(x for x in (f"at least ¥{self.d.end_yen:,}" if rich else "",
                                         f"{r} resources" if r >= self.d.end_resources else "") if x)
        ev.append(Event("announce", f"Seat {seat + 1} announces {said}.", seat))        # 000:366
        if r >= self.d.end_resources:
            shown = ", ".join(f"seat {o + 1} ¥{yen(s, o):,}" for o in range(s.players))
            ev.append(Event("reveal", f"Everyone shows their yen for the check: {shown}.", None,
                            {"yen": [yen(s, o) for o in range(s.players)]}))

    @staticmethod
    def round(s: State) -> int:
        """The round being played: every seat has one turn per round."""
        return (max(s.turns, 1) - 1) // s.players + 1

    @staticmethod
    def round_limit(s: State) -> int:
        return s.round_limit

    def _begin_turn(self, s: State, rng: Rng, ev: list) -> None:
        seat = s.turn
        s.turns += 1
        s.ap, s.cart_ap, s.acted, s.once, s.ctx, s.bid = self.d.action_points, 0, False, [], None, None
        if s.triggered < 0 and self.round_limit(s) and self.round(s) >= self.round_limit(s) \
                and (s.turns - 1) % s.players == 0:
            s.triggered = seat
            s.final_left = s.players
            s.why = f"the kiosk's round limit: round {self.round(s)} is the last"
            ev.append(Event("end", f"Round {self.round(s)} begins: by the kiosk's round limit this is the last "
                                   "round.", seat))
        if s.triggered < 0:
            if s.hidden:
                self._announce(s, seat, ev)
            why = self.end_trigger(s, seat)
            if why:
                s.triggered = seat
                s.final_left = s.players
                s.why = f"seat {seat + 1} has {why}"
                ev.append(Event("end", f"Seat {seat + 1} has {why}: the end is triggered. Seat {seat + 1} plays "
                                       "this turn and everyone else one last turn.", seat))
        dried = []
        for mid in s.fish:                                         # Himono's pairs (000:476)
            dried += self.m[mid].turn_start(s, seat, ev)
        if dried:                                                  # 000:476: price the new himono first
            s.phase = "start"
            s.ctx = {"kind": "start", "fugu": 0, "pending": dried}
        elif self._start_choices(s, seat):
            s.phase = "start"
            s.ctx = {"kind": "start", "fugu": 0}
        else:
            self._spoil(s, seat, ev)
            s.phase = "main"

    def _end_turn(self, s: State, rng: Rng, ev: list) -> None:
        s.ctx = None
        s.phase = "main"
        for k, (owner, target) in enumerate(s.buyers):
            if target == s.turn:                                   # 000:564: right after that turn
                del s.buyers[k]
                s.phase = "buy"
                s.ctx = {"kind": "buy", "buyer": owner}
                ev.append(Event("buyer", f"Seat {owner + 1}'s buyer marker: seat {owner + 1} may now buy from "
                                         "the other harbours.", owner))
                return
        if s.triggered >= 0:
            s.final_left -= 1
            if s.final_left <= 0:
                s.over = True
                s.phase = "over"
                s.reason = f"{s.why}; everyone has had a last turn"
                ev.append(Event("end", "Everyone has had a last turn: the game ends.", None))
                return
        s.turn = (s.turn + 1) % s.players
        self._begin_turn(s, rng, ev)

    def _perishable(self, seat: dict) -> bool:
        never = self.never_spoil
        return any(k not in never for k, _, _ in seat["harbour"])

    def _start_choices(self, s: State, seat: int) -> bool:
        me = s.seats[seat]
        if any(item == "coolbox" for item, _ in me["rentals"]) and self._perishable(me):
            return True
        return bool(self._own_fugu(s, seat))

    def _own_fugu(self, s: State, seat: int) -> list[str]:
        """000:212 — spoiled fugu in your lower row, which you may buy yourself now."""
        st = s.fish.get("fugu")
        if st is None or st["tokens"] <= 0:
            return []
        y = yen(s, seat)
        cols = []
        for kind, row, col in s.seats[seat]["harbour"]:
            if kind == "fugu" and row == "lower" and col not in cols and self.d.price_of(col) <= y:
                cols.append(col)
        return cols

    def _spoil(self, s: State, seat: int, ev: list) -> None:
        """000:105 — the lower row goes back to the markets unpaid; the upper row slides down."""
        me = s.seats[seat]
        never = self.never_spoil
        kept, gone = [], {}
        for kind, row, col in me["harbour"]:
            if kind in never:                                      # 000:232, 000:432
                kept.append([kind, row, col])
            elif row == "lower":
                self.barrels_home(s, kind, 1)
                add(gone, kind)
            else:
                kept.append([kind, "lower", col])
        moved = sum(1 for k, r, _ in me["harbour"] if k not in never and r == "upper")
        me["harbour"] = kept
        if gone or moved:
            ev.append(Event("spoil", f"Seat {seat + 1}'s fish spoil: {self.lot_text(gone)} back to the markets, "
                                     f"{moved} barrel{'s slide' if moved != 1 else ' slides'} to the lower row.", seat))

    # ---- the start of a turn: its moves (START_MOVES) ---------------------------------------------

    def _start_over(self, s: State, seat: int, ev: list) -> None:
        """The start of the turn is done: the fish spoil, the actions begin (000:105)."""
        s.ctx = None
        self._spoil(s, seat, ev)
        s.phase = "main"

    def _price_dried(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """A new himono barrel is put up for sale before anything else (000:476)."""
        self._price(s, seat, data[1], ev)
        if not s.ctx["pending"]:
            del s.ctx["pending"]
            if not self._start_choices(s, seat):
                self._start_over(s, seat, ev)

    def _use_coolbox(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """Nothing spoils this turn (000:329)."""
        self._use_rental(s, seat, "coolbox", data[1])
        ev.append(Event("coolbox", f"Seat {seat + 1} uses a cool box: nothing spoils this turn.", seat))
        s.ctx = None
        s.phase = "main"

    def _buy_own_fugu(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """A spoiled fugu of your own, bought at its price from the supply (000:212)."""
        col = data[1]
        me = s.seats[seat]
        me["harbour"].remove(["fugu", "lower", col])
        pay(s, seat, None, self.d.price_of(col), RULE_FUGU)
        self.barrels_home(s, "fugu", 1)
        s.fish["fugu"]["tokens"] -= 1
        add(me["tokens"], "fugu")
        s.ctx["fugu"] += 1
        ev.append(Event("fugu", f"Seat {seat + 1} buys back a spoiled fugu for ¥{self.d.price_of(col):,} "
                                "and takes a fugu token.", seat))
        if not self._own_fugu(s, seat):
            self._start_over(s, seat, ev)

    def _let_spoil(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        self._start_over(s, seat, ev)

    def _start_actions(self, s: State, seat: int) -> list[Action]:
        me = s.seats[seat]
        if s.ctx.get("pending"):
            return self.price_actions(s.ctx["pending"][0], "Start")
        out = []
        if not s.ctx.get("fugu") and self._perishable(me):
            for uses in sorted({u for item, u in me["rentals"] if item == "coolbox"}):
                out.append(Action(f"coolbox:{uses}", f"Use a cool box ({uses} use{'s' if uses > 1 else ''} left): "
                                                     "nothing spoils this turn", "Start", ("coolbox", uses)))
        for col in self._own_fugu(s, seat):
            out.append(Action(f"fugu:{col}", f"Buy your own spoiled fugu ({self.col_name(col)}), paying the supply",
                              "Start", ("fugu", col)))
        out.append(Action("spoil", "Let the fish spoil and begin your actions", "Start", ("spoil",)))
        return out

    def _use_rental(self, s: State, seat: int, item: str, uses: int) -> None:
        me = s.seats[seat]
        i = me["rentals"].index([item, uses])
        if uses <= 1:
            del me["rentals"][i]
            key = "coolboxes" if item == "coolbox" else "carts"
            if "rental" in s.ext and s.collapsed.get("rental") != "closed":      # 000:612
                s.ext["rental"][key] += 1
            else:
                s.box[key] += 1
        else:
            me["rentals"][i] = [item, uses - 1]

    # ==== main phase ================================================================================

    def _start_buying(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        s.ap -= 1
        s.acted = True
        s.phase = "buy"
        s.ctx = {"kind": "buy"}
        ev.append(Event("action", f"Seat {seat + 1} goes buying.", seat))

    def _end_now(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """Hand-cart points left unused (000:329): the turn ends."""
        ev.append(Event("turn", f"Seat {seat + 1} ends the turn.", seat))
        s.cart_ap = 0

    def _main_actions(self, s: State, seat: int) -> list[Action]:
        out = []
        if s.ap >= 1:
            out.append(Action("fish", "Fishing (1 action point)", "Fishing", ("fish",)))
            if self._buy_actions(s, seat, probe=True):
                out.append(Action("buy", "Buying (1 action point)", "Buying", ("buy",)))
        for mid in FISH + EXTERNAL:
            if mid in s.fish or mid in s.ext:
                out += self._entry_actions(s, seat, mid)
        if s.ap == 0 and s.cart_ap > 0:
            out.append(Action("end", f"End the turn, leaving {s.cart_ap} hand-cart point"
                                     f"{'s' if s.cart_ap > 1 else ''} unused", "Turn", ("end",)))
        out += self._free_actions(s, seat, main=True)
        return out

    def _free_actions(self, s: State, seat: int, main: bool = False) -> list[Action]:
        """Things done at any time in your turn, outside the actions (000:109, 000:145-149, 000:329)."""
        me = s.seats[seat]
        out = []
        if me["berths"] < len(BERTHS) and yen(s, seat) >= self.d.berth_cost:
            out.append(Action("berth", f"Open your {BERTHS[me['berths']]} berth for ¥{self.d.berth_cost:,}",
                              "Free", ("berth",)))
        for f in FISH:                       # 000:145 — free, at any time in your turn
            if me["licences"].get(f):
                out.append(Action(f"return:{f}", f"Return a {self.m[f].name} licence to its market", "Free",
                                  ("return", f)))
        out += self._transfer_actions(s, seat)
        if main:
            if not s.acted:
                for i, b in enumerate(me["boats"]):
                    if b["at"] == "sea":
                        for item in sorted(set(b["load"]), key=lambda x: (FISH.index(barrel_fish(x)), x)):
                            out.append(Action(f"dump:{i + 1}:{item}", f"Throw {barrels(item)} from "
                                                                       f"boat {i + 1} back into the sea", "Free",
                                              ("dump", i, item)))
            for mid in list(s.fish) + list(s.ext):            # Himono drying, buyer markers
                out += self.m[mid].free_actions(s, seat)
            for uses in sorted({u for item, u in me["rentals"] if item == "cart"}):
                out.append(Action(f"cart:{uses}", f"Use a hand cart ({uses} use{'s' if uses > 1 else ''} left): "
                                                  "+1 action point for markets", "Free", ("cart", uses)))
        return out

    def _transfer_actions(self, s: State, seat: int) -> list[Action]:
        """000:147 — barrels move from ships at sea onto a barge at sea with room, never back;
        one salmon at most on a barge; never from a rented ship (000:580)."""
        me = s.seats[seat]
        barges = [j for j in barges_at_sea(me) if len(me["boats"][j]["load"]) < self.d.holds(me["boats"][j]["type"])]
        out = []
        for j in barges:
            to = "the barge" if len(barges_at_sea(me)) == 1 else f"the barge (boat {j + 1})"
            salmon_on = any(barrel_fish(x) == "salmon" for x in me["boats"][j]["load"])
            for i, b in enumerate(me["boats"]):
                if is_barge(b["type"]) or b["at"] != "sea" or not b["load"] or b.get("rented"):
                    continue
                if barrel_fish(b["load"][-1]) == "salmon" and salmon_on:
                    continue
                key = moves.transfer(i, j, len(barges_at_sea(me)))
                out.append(Action(key, f"Move {barrels(b['load'][-1])} from boat {i + 1} to {to}",
                                  "Free", ("transfer", i, j)))
        return out

    # ---- the free actions (FREE_MOVES) ------------------------------------------------------------

    def _open_berth(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        me = s.seats[seat]
        pay(s, seat, None, self.d.berth_cost, RULE_BERTH)
        me["berths"] += 1
        ev.append(Event("berth", f"Seat {seat + 1} opens the {BERTHS[me['berths'] - 1]} berth for "
                                 f"¥{self.d.berth_cost:,}.", seat))

    def _return_licence(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        me = s.seats[seat]
        f = data[1]
        add(me["licences"], f, -1)
        self.licence_home(s, f)
        self.m[f].on_licence_returned(s, seat, ev)
        if s.ctx and s.ctx.get("kind") == "fish" and s.ctx["lic"].get(f):
            add(s.ctx["lic"], f, -1)
        if s.ctx and s.ctx.get("kind") == "market" and s.ctx.get("market") == f:
            s.ctx["returned"] = True
        ev.append(Event("return", f"Seat {seat + 1} returns a {self.m[f].name} licence.", seat))

    def _transfer(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        me = s.seats[seat]
        _, i, j = data
        item = me["boats"][i]["load"].pop()
        me["boats"][j]["load"].append(item)
        ev.append(Event("transfer", f"Seat {seat + 1} moves {barrels(item)} onto the barge.", seat))

    def _dump(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        me = s.seats[seat]
        _, i, item = data
        me["boats"][i]["load"].remove(item)
        self.barrels_home(s, barrel_fish(item), 1)
        ev.append(Event("dump", f"Seat {seat + 1} throws {barrels(item)} back into the sea.", seat))

    def _use_cart(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        self._use_rental(s, seat, "cart", data[1])
        s.cart_ap += 1
        ev.append(Event("cart", f"Seat {seat + 1} uses a hand cart: +1 action point for markets.", seat))

    def _market_free(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """A market's free action: Himono drying (000:474), giving a buyer marker (000:564)."""
        self.m[data[1]].apply_free(s, seat, data[2:], rng, ev)
