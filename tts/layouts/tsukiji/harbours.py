"""In front of every seat: its harbour tableau (the sea, the three berths with their covers, the
upper and lower sale rows with barrels at their prices, the four licence spaces with licences,
rentals and buyer markers, loans and shares), its boats with their loads, its fish tokens and
its yen (in a bag of its own with hidden money).
"""

from __future__ import annotations

from collections import Counter

from games.tsukiji.data import BOAT_TYPES, FISH
from games.tsukiji.state import BERTHS

from ... import draw
from ...table import CHIP, CHIP_STEP, TABLE_Y, reconstructed
from ...table import seat as seat_at
from ..tsukiji_pieces import STATIC, with_alpha
from .placing import PIECES, fail
from .plan import Plan

HARBOUR_PX = (1120, 610)
HARBOUR_W = 11.0
HARBOUR_Z = 3.6                    # the harbour's centre, towards the table's centre from the seat
#: the sale columns the rulebook prints (000:157: the third column, ¥300); the others are ours
PRINTED_COLUMNS = {(3, 300)}
SEAT_TINT = {"White": (245, 245, 240), "Red": (250, 215, 210), "Yellow": (250, 240, 200), "Green": (215, 240, 215),
             "Blue": (210, 222, 250), "Purple": (232, 215, 240), "Orange": (250, 228, 205), "Pink": (250, 220, 235),
             "Teal": (205, 240, 238), "Brown": (232, 220, 205)}


class Harbours:
    """Mixed into layout.Layout."""

    # ---- the harbours -----------------------------------------------------------------------

    def harbour_frame(self, seat: int):
        place = seat_at(seat, self.tab["players"])
        return lambda dx, dz: place.at(dx, HARBOUR_Z + dz)

    def harbour_plan(self, seat: int, st: dict) -> Plan:
        d = self.harbour
        cost = f"¥{d['berth_cost']:,}"
        spaces = [("sea", "At sea", (0, 0, 1, .2)),
                  ("left", "Left berth", (0, .2, .33, .28)),
                  ("middle", f"Middle berth (opens for {cost})", (.335, .2, .33, .28)),
                  ("right", f"Right berth (opens for {cost}): {d['right_berth_ships']} ships or 1 barge",
                   (.67, .2, .33, .28)),
                  ("upper", "Upper row", (0, .48, .1, .13)), ("lower", "Lower row: spoils", (0, .61, .1, .13))]
        cw = .72 / len(d["columns"])
        for row, fy in (("upper", .48), ("lower", .61)):
            for i, price in enumerate(d["columns"]):
                star = "" if (i + 1, price) in PRINTED_COLUMNS else "*"
                spaces.append((f"{row}-c{i + 1}", f"¥{price:,}{star}", (.1 + i * cw, fy, cw, .13)))
            spaces.append((f"{row}-q", "??? (any ¥100s)", (.82, fy, .18, .13)))
        for i in range(d["max_licences"]):
            spaces.append((f"L{i + 1}", f"Licence space {i + 1}", (i * .16, .74, .16, .26)))
        spaces.append(("bank", "Loans and shares", (.16 * d["max_licences"], .74, 1 - .16 * d["max_licences"], .26)))
        return Plan(f"{self.colour(seat)}'s harbour", spaces, size=HARBOUR_PX,
                    note="* reconstructed: the column prices (assets/tsukiji/harbour.toml)")

    def cover(self, berth: str, x=0.0, z=0.0, **kw) -> dict:
        """A berth cover, as large as a berth of the harbour (000:62: each harbour comes with two)."""
        plan = self.harbour_plan(0, None)
        _, _, bw, bh = plan.px(berth)
        return self.P.marker("berth cover", f"cover ¥{self.harbour['berth_cost']}", (150, 140, 120), x, z,
                             y=TABLE_Y + 0.3, size=bw * 0.94 * HARBOUR_W / HARBOUR_PX[0],
                             square=(220, int(220 * bh / bw)), **kw)

    def boat_with_load(self, seat: int, i: int, b: dict, frame, dx: float, dz: float, *, y0=0.0, note=""):
        colour = self.colour(seat)
        t = b.get("type")
        if t not in BOAT_TYPES:
            fail(f"{colour}'s boat {i + 1} is of type {t!r}")
        holds = self.R.holds(t)
        if len(b["load"]) > holds:
            fail(f"{colour}'s boat {i + 1} carries {len(b['load'])} barrels in {holds} holds")
        x, z, rot = frame(dx, dz)
        rented = self.R.market_name(b["rented"]) if b.get("rented") else None
        extra = f" Rented from {rented}." if rented else ""
        self.P.boat(t, x, z, rot=rot, y=TABLE_Y + 0.3 + y0, owner=colour,
                    note=f"{colour}'s boat {i + 1}. {note}{extra}".strip())
        length = self.P.boat_length(t)
        step = (length - 0.45) / max(1, holds)
        for k, item in enumerate(b["load"]):
            bx, bz, brot = frame(dx - length / 2 + 0.25 + step * (k + 0.5), dz)
            self.P.barrel(item, bx, bz, rot=brot, y=TABLE_Y + 0.45 + y0, owner=colour,
                          note=f"On {colour}'s boat {i + 1}.")
        if b.get("rented"):
            mx, mz, mrot = frame(dx - length / 2 - 0.2, dz + 0.3)
            self.P.static("ship_rental_markers", mx, mz, rot=mrot, y=TABLE_Y + 0.5 + y0, owner=colour,
                          note=f"Beside {colour}'s rented boat {i + 1}: both go back when it docks at a berth.")

    def lay_seat(self, seat: int) -> None:
        d = self.harbour
        st = self.tab["seats"][seat]
        colour = self.colour(seat)
        plan = self.harbour_plan(seat, st)
        hf = self.harbour_frame(seat)
        sf = self.seat_frame(seat)
        hx, hz, hrot = hf(0, 0)
        desc = (f"{colour}'s harbour tableau (000:62): the sea, three berths, the upper and lower sale rows and "
                f"{d['max_licences']} licence spaces. " + reconstructed(
                    "the prices of the sale columns " + ", ".join(f"¥{p:,}" for p in d["columns"])
                    + " (only the third, ¥300, is in the text)", "assets/tsukiji/harbour.toml"))
        self.t.tile(f"harbour-{colour}", with_alpha(plan.surface(SEAT_TINT.get(colour, draw.PAPER))), hx, hz, HARBOUR_W,
                    rot=hrot, locked=True, nickname=f"{colour}'s harbour", description=desc,
                    tags=("harbour", colour))
        self.snap_spaces(plan, hf, HARBOUR_W, [k for k, _, _ in plan.spaces if k not in ("upper", "lower")],
                         PIECES)
        # the berths: covers on those still closed (000:109), boats at the open ones
        if not 1 <= st["berths"] <= len(BERTHS):
            fail(f"{colour} has {st['berths']} open berths")
        for k, berth in enumerate(BERTHS):
            if k >= st["berths"]:
                x, z, rot = hf(*plan.point(berth, HARBOUR_W, 0.5, 0.5))
                self.cover(berth, x, z, rot=rot, nickname=f"{colour}'s {berth} berth cover",
                           description=f"Covers {colour}'s {berth} berth: pay ¥{d['berth_cost']:,} to open it "
                                       "(000:109).",
                           extra=(berth, colour))
        at_sea = []
        for i, b in enumerate(st["boats"]):
            where = b.get("at")
            if where in BERTHS:
                if BERTHS.index(where) >= st["berths"]:
                    fail(f"{colour}'s boat {i + 1} is at the {where} berth, which is covered")
                here = [j for j, o in enumerate(st["boats"]) if o.get("at") == where]
                n, k = len(here), here.index(i)
                dx, dz = plan.point(where, HARBOUR_W, 0.5, 0.5 + (k - (n - 1) / 2) * 0.38 + 0.1)
                self.boat_with_load(seat, i, b, hf, dx, dz, note=f"At the {where} berth.")
            elif where == "sea":
                at_sea.append((i, b))
            elif where == "foreign":
                self.foreign_boats.append((seat, i, b))
            else:
                fail(f"{colour}'s boat {i + 1} is at {where!r}")
        if at_sea:
            x0, y0, rw, rh = plan.px("sea")
            lengths = [self.P.boat_length(b["type"]) if b["type"] in BOAT_TYPES else 1 for _, b in at_sea]
            room = HARBOUR_W * 0.86
            rows, row, used = [], [], 0.0
            for (i, b), ln in zip(at_sea, lengths):
                if row and used + ln + 0.3 > room:
                    rows.append(row)
                    row, used = [], 0.0
                row.append((i, b, ln))
                used += ln + 0.3
            rows.append(row)
            for r, row in enumerate(rows):
                total = sum(ln + 0.3 for _, _, ln in row) - 0.3
                cx = -total / 2 + 0.6
                for i, b, ln in row:
                    _, dz = plan.point("sea", HARBOUR_W, 0.5, 0.62 if len(rows) == 1 else 0.4 + 0.4 * r)
                    self.boat_with_load(seat, i, b, hf, cx + ln / 2, dz, y0=0.0, note="At sea.")
                    cx += ln + 0.3
        # the sale rows (000:136-138, 000:105)
        cells: dict = {}
        for item in st["harbour"]:
            kind, row, col = item
            price = self.R.column_price(col)
            if row not in ("upper", "lower") or price is None:
                fail(f"{colour}'s harbour holds {kind} at {row}/{col}")
            key = f"{row}-{col}" if col[0] == "c" else f"{row}-q"
            cells.setdefault(key, []).append((kind, row, col, price))
        for key, items in cells.items():
            places = plan.slots(key, HARBOUR_W, len(items), 0.46)
            for (kind, row, col, price), (dx, dz, level) in zip(items, places):
                x, z, rot = hf(dx, dz)
                note = f"For sale on {colour}'s harbour at ¥{price:,} ({row} row" + \
                    (", ??? column)." if col[0] == "q" else ").")
                y = TABLE_Y + 0.35 + level * 0.12
                if kind == "takoyaki":
                    self.P.token(kind, x, z, rot=rot, y=y, owner=colour, note=note)
                else:
                    self.P.barrel(kind, x, z, rot=rot, y=y, owner=colour, note=note)
        # the licence spaces (000:140-145): licences, rentals, buyer markers (000:564)
        lic = [f for f in FISH for _ in range(st["licences"].get(f, 0))]
        if set(st["licences"]) - set(FISH):
            fail(f"{colour} holds a licence of {sorted(set(st['licences']) - set(FISH))[0]!r}")
        himono = list(st.get("himono", []))
        slots = [("licence", f) for f in lic] + [("rental", r) for r in st["rentals"]] + \
            [("buyer", None)] * st.get("buyers", 0)
        n_him = 0
        for k, (what, x_) in enumerate(slots):
            if k < d["max_licences"]:
                dx, dz = plan.point(f"L{k + 1}", HARBOUR_W, 0.5, 0.58)
            else:                              # more than the spaces: beside them (never by the rules)
                dx, dz = plan.point("bank", HARBOUR_W, 0.2 + 0.25 * (k - d["max_licences"]), 0.75)
            x, z, rot = hf(dx, dz)
            if what == "licence":
                self.P.licence(x_, x, z, rot=rot, owner=colour, note=f"{colour}'s licence.")
                if x_ == "himono":
                    items = himono[n_him] if n_him < len(himono) else []
                    n_him += 1
                    for j, it in enumerate(items):
                        w_, _, kind = it.partition(":")
                        ix, iz, irot = hf(dx - 0.25 + 0.5 * (j % 2), dz - 0.05)
                        note = f"Drying on {colour}'s Himono licence {n_him} (000:474)."
                        if w_ == "b":
                            self.P.barrel(kind, ix, iz, rot=irot, y=TABLE_Y + 0.45, owner=colour, note=note)
                        else:
                            self.P.token(kind, ix, iz, rot=irot, y=TABLE_Y + 0.45, owner=colour, note=note)
            elif what == "rental":
                item, uses = x_
                key = "coolboxes" if item == "coolbox" else "carts" if item == "cart" else None
                if key is None:
                    fail(f"{colour} rents {item!r}")
                label = f"{STATIC[key][1].upper()} {uses}"
                self.P.static(key, x, z, rot=rot, owner=colour, label=label,
                              note=f"{colour}'s rented {STATIC[key][1]}, {uses} use{'s' if uses != 1 else ''} left "
                                   "(the side up says so).")
            else:
                self.P.static("buyers", x, z, rot=rot, owner=colour,
                              note=f"{colour}'s buyer marker: it takes a licence space (000:564).")
        if len(himono) > st["licences"].get("himono", 0) and any(himono[n_him:]):
            fail(f"{colour} has things drying on more Himono licences than they hold")
        # loans and shares (000:311-323) on the harbour's bank space
        groups = []
        for key in ("loans", "shares"):
            if st[key] < 0:
                fail(f"{colour} has {st[key]} {key}")
            groups.append((lambda x, z, rot, y, key=key: self.P.static(key, x, z, rot=rot, y=y, owner=colour,
                                                                        note=f"{colour}'s."), st[key]))
        self.fill(plan, "bank", hf, HARBOUR_W, groups, piece=0.72)
        # fish tokens in front of the player, right of the harbour
        piles = []
        for maker, n in self.tokens_groups(st["tokens"], owner=colour, note=f"{colour}'s."):
            for start in range(0, n, 8):
                piles.append((maker, min(8, n - start)))
        for k, (maker, n) in enumerate(piles):
            c, r = k % 4, k // 4
            x, z, rot = sf(HARBOUR_W / 2 + 0.7 + c * 0.68, HARBOUR_Z + 2.6 - r * 0.68)
            for j in range(n):
                maker(x, z, rot, TABLE_Y + 0.3 + j * 0.1)
        self.lay_yen(seat)

    def lay_yen(self, seat: int) -> None:
        colour = self.colour(seat)
        sf = self.seat_frame(seat)
        amount = self.tab["yen"][seat]
        x, z, rot = sf(-HARBOUR_W / 2 - 2.2, HARBOUR_Z - 1.4)
        chips = self.t.yen(amount, 0, 0, owner=colour, put=False, rot=rot)
        for o in chips:
            o["Tags"].append(colour)
        if self.tab["hidden"]:
            # hidden money (000:92): the chips lie in a hidden zone only their owner sees into
            mx, mz, _ = sf(-HARBOUR_W / 2 - 0.9 - 2 * (CHIP + 0.15), HARBOUR_Z - 1.4)
            self.t.zone("FogOfWarTrigger", seat, mx, mz, rot, (5 * (CHIP + 0.15) + 0.4, 3.0, CHIP + 0.8),
                        nickname=f"{colour}'s yen (hidden money)",
                        description=f"{colour}'s yen, kept out of sight (hidden money, 000:92): only {colour} "
                                    "sees how much lies here.")
        values = sorted({o["Value"] for o in chips}, reverse=True)
        height: Counter = Counter()
        for o in chips:
            j = values.index(o["Value"])
            cx, cz, _ = sf(-HARBOUR_W / 2 - 0.9 - j * (CHIP + 0.15), HARBOUR_Z - 1.4)
            tr = o["Transform"]
            tr["posX"], tr["posZ"] = round(cx, 4), round(cz, 4)
            tr["posY"] = round(TABLE_Y + 0.2 + height[j] * CHIP_STEP, 4)
            height[j] += 1
            self.t.put(o)
