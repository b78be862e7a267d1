"""The middle of the table: fish markets above, external markets below and the middle rows
between them, the boards as large as the room inside the seats allows; every market board laid
with its pieces, collapse and value markers, and the boats docked at the Foreign Market.
"""

from __future__ import annotations

import math

from games.tsukiji.data import BOAT_TYPES, EXTERNAL, FISH

from .placing import PIECES, fail
from .plan import BOARD_PX
from .words import STATIC_SPACES, Words

GAP = 0.3
MAX_BOARD = 6.0                    # a market board's width at most (TTS units)
MIDDLE_ROW = 4.0                   # a row of decks and bags between the fish and the external markets
#: the room inside the seats' harbours for the markets and the middle rows, by player count (width, depth)
ROOM = {2: (44.0, 26.0), 3: (36.0, 24.0), 4: (40.0, 26.0), 5: (32.0, 22.0), 6: (30.0, 26.0)}


class Centre:
    """Mixed into layout.Layout."""

    def lay_centre(self) -> None:
        """Fish markets above, external markets below, the middle rows (decks, bags, supply, box)
        between them; the boards as large as the room inside the seats allows."""
        tab = self.tab
        fish = [f for f in FISH if f in tab["fish"]]
        ext = [e for e in EXTERNAL if e in tab["ext"]]
        for mid in list(tab["fish"]) + list(tab["ext"]):
            if mid not in self.markets:
                fail(f"a market {mid!r} that the game does not have")
        room_w, room_h = ROOM.get(tab["players"], (30.0, 24.0))
        rows, row, used = [], [], 0.0
        for w, make in self.middle_items():
            if row and used + w > room_w:
                rows.append(row)
                row, used = [], 0.0
            row.append((w, make))
            used += w
        rows.append(row)
        middle = MIDDLE_ROW * len(rows) + GAP
        best = None
        for cols in range(3, 9):
            r = math.ceil(len(fish) / cols) + math.ceil(len(ext) / cols)
            width = min(MAX_BOARD, (room_w - (cols - 1) * GAP) / cols,
                        ((room_h - middle) / max(1, r) - GAP) * BOARD_PX[0] / BOARD_PX[1])
            if best is None or (width, -r) > best[:2]:
                best = (width, -r, cols)
        width, _, cols = best
        depth = width * BOARD_PX[1] / BOARD_PX[0]
        rows_f, rows_e = math.ceil(len(fish) / cols), math.ceil(len(ext) / cols)
        total = (rows_f + rows_e) * (depth + GAP) + middle
        top = total / 2
        places = {}
        for block, start in ((fish, top), (ext, top - rows_f * (depth + GAP) - middle)):
            for i, mid in enumerate(block):
                r, c = divmod(i, cols)
                in_row = min(cols, len(block) - r * cols)
                places[mid] = ((c - (in_row - 1) / 2) * (width + GAP), start - r * (depth + GAP) - depth / 2)
        self.lay_boards(fish + ext, places, width)
        z = top - rows_f * (depth + GAP) - 1.5
        for row in rows:
            x = -sum(w for w, _ in row) / 2
            for w, make in row:
                make(x + w / 2, z)
                x += w
            z -= MIDDLE_ROW

    def lay_boards(self, mids: list, places: dict, width: float) -> None:
        tab = self.tab
        depth = width * BOARD_PX[1] / BOARD_PX[0]
        for mid in mids:
            st = tab["fish"][mid] if mid in tab["fish"] else tab["ext"][mid]
            w = Words(self.R, mid)
            plan, pieces = (self.fish_plan if mid in tab["fish"] else self.external_plan)(mid, st, w)
            cx, cz = places[mid]
            frame = self.centre(cx, cz)
            kind = "fish" if mid in tab["fish"] else "external"
            desc = [f"The {w.data['name']} {kind} market ({self.markets[mid]['lines']})."]
            if mid in tab["fish"] and st.get("overfished"):
                desc.append("It is overfished: its last barrels went into the box.")
            if tab["collapsed"].get(mid):
                desc.append(f"It has collapsed ({tab['collapsed'][mid]}).")
            desc += w.reconstructed_lines()
            self.reconstructed += w.reconstructed_lines()
            colour = (236, 244, 250) if kind == "fish" else (248, 240, 226)
            if mid in tab["fish"] and st.get("overfished"):
                colour = (225, 220, 215)
            image = "-".join(["market", mid] + [k for k in ("overfished", "to_settle", "traded") if st.get(k)]
                             + ([tab["collapsed"][mid]] if tab["collapsed"].get(mid) else []))
            self.t.tile(image, plan.surface(colour), cx, cz, width, locked=True, nickname=plan.title,
                        description=" ".join(desc), tags=("market", mid, f"{kind} market"))
            self.boards[mid] = (plan, frame, width)
            for key, groups in pieces:
                if key == "track":
                    value, nick = groups
                    x, z, rot = frame(*plan.point(f"v{value}", width, 0.5, 0.6))
                    self.P.marker("value marker", str(value), (235, 225, 200), x, z, rot=rot, nickname=nick,
                                  description=f"The {nick}: {w.data['name']} tokens are worth {value} now.",
                                  extra=(mid,))
                    continue
                piece = 1.05 if key == "licences" else 0.72 if key in STATIC_SPACES else 0.5
                boat = next((b for b in BOAT_TYPES if f"b{b}" == key), None)
                if boat is not None:       # boats on a market: as long as the strip leaves room for
                    room = plan.room(key, width)[0] * 0.9
                    length = min(self.P.boat_length(boat), room)
                    groups = [(lambda x, z, rot, y, make=make, length=length: make(x, z, rot, y, length=length), n)
                              for make, n in groups]
                    piece = (length, self.P.boat_depth(boat, length))
                self.fill(plan, key, frame, width, groups, piece=piece)
            self.snap_spaces(plan, frame, width, [k for k, _, _ in plan.spaces if k not in ("entry", "facts")],
                                PIECES)
            side = tab["collapsed"].get(mid)
            if side:
                x, z, rot = frame(width * 0.38, depth * 0.36)
                self.P.marker("collapse marker", side.upper(), (200, 60, 60), x, z, rot=rot, size=1.0, square=True,
                              nickname=f"collapse marker ({side})",
                              description=f"The {w.data['name']} market has collapsed: "
                                          + ("no more visits." if side == "closed" else "it stays open."))

    def lay_foreign_boats(self) -> None:
        if not self.foreign_boats:
            return
        if "foreign_market" not in self.boards:
            fail("a boat is docked at the Foreign Market, which is not in play")
        plan, frame, width = self.boards["foreign_market"]
        places = plan.slots("docked", width, len(self.foreign_boats), 1.6)
        for (seat, i, b), (dx, dz, level) in zip(self.foreign_boats, places):
            self.boat_with_load(seat, i, b, frame, dx, dz, y0=level * 0.7, note="Docked at the Foreign Market.")
