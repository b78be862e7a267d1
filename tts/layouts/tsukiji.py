"""Tokyo Tsukiji Market (000:15-86) on the TTS table, as set up or as a match stands.

In the middle: every market in play as a board drawn from its asset file (entry cost,
licence price, spaces and their numbers; a star marks a reconstructed value, and the
description says which), with its barrels, tokens, licences, boats, loans and markers on
its spaces; fish markets above, external markets below, and between them the markets not
in play (a deck per kind: face down, or face up in the open order), the auction bag(s),
anything up for auction, the general supply of yen and the box (a bag per kind of piece).
In front of every seat: its harbour tableau (the sea, the three berths with their covers,
the upper and lower sale rows with barrels at their prices, the four licence spaces with
licences, rentals and buyer markers), its boats with their loads, its fish tokens, loans
and shares, and its yen (in a bag of its own with hidden money).

The layout only reads the state. Before it returns, it counts the table in the rules' own
terms (`rules.conserved`) and every seat's yen and boats; a position it cannot show
raises LayoutError (one line), so nothing is half exported.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from core.words import count_words
from games.tsukiji.data import BASE_EXTERNAL, BASE_FISH, BOAT_TYPES, EXTERNAL, FISH
from games.tsukiji.state import BERTHS

from .. import draw
from ..table import CHIP, CHIP_STEP, TABLE_Y, LayoutError, Table, reconstructed
from ..table import seat as seat_at
from .tsukiji_pieces import STATIC, Pieces, with_alpha

HERE = "tts/layouts/tsukiji.py"
BOARD_PX = (840, 600)
HARBOUR_PX = (1120, 610)
HARBOUR_W = 11.0
HARBOUR_Z = 3.6                    # the harbour's centre, towards the table's centre from the seat
TOP_PX = 64                        # draw.board's title band
PILE = 6                           # pieces of one kind stacked in one pile
GAP = 0.3
#: the sale columns the rulebook prints (000:157: the third column, ¥300); the others are ours
PRINTED_COLUMNS = {(3, 300)}
MAX_BOARD = 6.0                    # a market board's width at most (TTS units)
MIDDLE_ROW = 4.0                   # a row of decks and bags between the fish and the external markets
BAG_ROOM = 4.4                     # a bag's width in the middle rows (its name shows beneath it in the picture)
#: the room inside the seats' harbours for the markets and the middle rows, by player count (width, depth)
ROOM = {2: (44.0, 26.0), 3: (36.0, 24.0), 4: (40.0, 26.0), 5: (32.0, 22.0), 6: (30.0, 26.0)}
SEAT_TINT = {"White": (245, 245, 240), "Red": (250, 215, 210), "Yellow": (250, 240, 200), "Green": (215, 240, 215),
             "Blue": (210, 222, 250), "Purple": (232, 215, 240), "Orange": (250, 228, 205), "Pink": (250, 220, 235),
             "Teal": (205, 240, 238), "Brown": (232, 220, 205)}
MONEY_WORDS = ("yen", "price", "pay", "charge", "bonus", "interest", "fee", "cost", "buy_", "sell_")
#: state keys of external markets that hold static pieces, and the piece (tsukiji_pieces.STATIC)
STATIC_SPACES = {"loans": "loans", "shares": "shares", "coolboxes": "coolboxes", "carts": "carts",
                 "buyers": "buyers", "expansions": "expansion_markers", "markers": "ship_rental_markers"}
NOT_FACTS = {"name", "german", "entry", "where", "id", "pieces", "sources", "spaces", "offer", "barrels", "tokens",
             "licences", "takoyaki", "licence_price", "enterable", "docking_only", *STATIC_SPACES}


def fail(why: str):
    raise LayoutError(f"Tsukiji cannot be laid out for Tabletop Simulator: {why}")


# ==== boards: a plan of spaces, the image draw.board makes of it, and places on it ==============

@dataclass
class Plan:
    title: str
    spaces: list                   # (key, label, (fx, fy, fw, fh)) as draw.board takes them
    size: tuple = BOARD_PX
    note: str = ""
    rects: dict = field(init=False)

    def __post_init__(self):
        self.rects = {k: r for k, _, r in self.spaces}
        self.labels = {k: lab for k, lab, _ in self.spaces}

    def surface(self, colour=draw.PAPER):
        return draw.board(self.title, [(lab, r) for _, lab, r in self.spaces], size=self.size, colour=colour,
                          note=self.note)

    def px(self, key: str) -> tuple[float, float, float, float]:
        w, h = self.size
        area = h - TOP_PX - (30 if self.note else 8)
        fx, fy, fw, fh = self.rects[key]
        return 8 + fx * (w - 16), TOP_PX + fy * area, fw * (w - 16), fh * area

    def local(self, width: float, px: float, py: float) -> tuple[float, float]:
        """A pixel of the image as a place on the board: (dx to the right, dz away from the reader)."""
        w, h = self.size
        return (px / w - 0.5) * width, (0.5 - py / h) * width * h / w

    def point(self, key: str, width: float, u: float = 0.5, v: float = 0.5) -> tuple[float, float]:
        x, y, rw, rh = self.px(key)
        return self.local(width, x + u * rw, y + v * rh)

    def free_px(self, key: str) -> tuple[float, float, float, float]:
        """The part of a space its label leaves free (x, y, w, h in pixels)."""
        x, y, rw, rh = self.px(key)
        if rw > 2.5 * rh:                  # a strip: its label on the left, the pieces right of it
            label_w = min(draw.font(24).size(self.labels[key])[0] + 14, rw * 0.6)
            return x + label_w, y + 2, rw - label_w - 4, rh - 4
        label_h = label_height(self.labels[key], rw - 8) + 8
        return x + 4, y + label_h, rw - 8, rh - label_h - 4

    def room(self, key: str, width: float) -> tuple[float, float]:
        """The free part of a space in table units (width, depth)."""
        _, _, uw, uh = self.free_px(key)
        ppu = self.size[0] / width
        return uw / ppu, uh / ppu

    def slots(self, key: str, width: float, n: int, piece) -> list[tuple[float, float, int]]:
        """n places for piles of pieces `piece` wide (or (wide, deep)) in a space, below its label:
        (dx, dz, level); when the space is full, the next piles go on top of the first (level 1, 2, ...)."""
        ppu = self.size[0] / width
        pw, pd = piece if isinstance(piece, tuple) else (piece, piece)
        ux, uy, uw, uh = self.free_px(key)
        px_, py_ = pw * ppu * 1.12, pd * ppu * 1.12
        cols = max(1, int(uw // px_))
        rows = max(1, int(uh // py_))
        out = []
        for k in range(n):
            level, i = divmod(k, cols * rows)
            r, c = divmod(i, cols)
            left = n - level * cols * rows
            used_c = min(cols, left - r * cols) if left < cols * rows else cols
            used_r = min(rows, math.ceil(left / cols))
            cx = ux + uw / 2 + (c - (used_c - 1) / 2) * px_
            cy = uy + uh / 2 + (r - (used_r - 1) / 2) * py_
            dx, dz = self.local(width, cx, cy)
            out.append((dx, dz, level))
        return out


def label_height(label: str, width_px: float) -> int:
    f = draw.font(24)
    lines, row = 1, ""
    for word in label.split(" "):
        trial = f"{row} {word}".strip()
        if f.size(trial)[0] <= width_px or not row:
            row = trial
        else:
            lines += 1
            row = word
    return lines * f.get_linesize()


def grid(region, n: int) -> list[tuple[float, float, float, float]]:
    """n rects filling region (fx, fy, fw, fh) in rows."""
    if n <= 0:
        return []
    cols = {1: 1, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 3, 10: 5}.get(n, math.ceil(n / 3))
    rows = math.ceil(n / cols)
    fx, fy, fw, fh = region
    return [(fx + (i % cols) * fw / cols, fy + (i // cols) * fh / rows, fw / cols, fh / rows) for i in range(n)]


# ==== the words on the boards ===================================================================

def money_key(key: str) -> bool:
    return any(w in key for w in MONEY_WORDS)


def fmt(key: str, v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return f"¥{v:,}" if money_key(key) and v >= 10 else str(v)
    if isinstance(v, (list, tuple)):
        return ", ".join(fmt(key, x).replace("_", " ") for x in v)
    if isinstance(v, dict):
        return "; ".join(f"{str(k).replace('_', ' ')}: {fmt(str(k), x)}" for k, x in v.items())
    return str(v).replace("_", " ")


class Words:
    """A market's asset as text: what its spaces say, which values are reconstructed."""

    def __init__(self, rules, mid: str):
        self.R, self.mid = rules, mid
        self.data = rules.d.market[mid]
        self.raw = rules.asset_data.get(f"tsukiji/{mid}.toml", self.data)
        src = self.raw.get("sources", {})
        self.ours = {k for k, v in src.items() if "reconstructed" in str(v).lower()}
        self.where = f"assets/tsukiji/{mid}.toml"

    def star(self, key: str) -> str:
        return "*" if key in self.ours else ""

    def name(self, fish: str) -> str:
        m = self.R.m.get(fish)
        return m.name if m is not None else fish.replace("_", " ")

    def cost(self, c: dict) -> str:
        parts = []
        if c.get("ap"):
            parts.append(f"{c['ap']} action point{'s' if c['ap'] > 1 else ''}")
        if c.get("yen"):
            parts.append(f"¥{c['yen']:,}")
        if c.get("takoyaki"):
            parts.append(f"{c['takoyaki']} takoyaki")
        for f, n in c.get("tokens", {}).items():
            parts.append(f"{n} {self.name(f).lower()} token{'s' if n > 1 else ''}")
        for f, n in c.get("barrels", {}).items():
            what = "barrel" if f == "any" else f"{self.name(f).lower()} barrel"
            parts.append(f"{n} {what}{'s' if n > 1 else ''} from your harbour")
        return " + ".join(parts) or "nothing"

    def entry(self) -> str:
        d = self.data
        if d.get("enterable") is False:
            return "Cannot be entered" + self.star("enterable")
        if d.get("docking_only"):
            text = " or ".join(self.cost(c) for c in d["entry"]) or "nothing"
            return f"Entry{self.star('entry')}: only by docking a boat while fishing, {text} a group"
        if not d["entry"]:
            return f"Entry{self.star('entry')}: free, once a turn"
        return f"Entry{self.star('entry')}: " + " or ".join(self.cost(c) for c in d["entry"])

    def facts(self) -> str:
        rows = [f"{k.replace('_', ' ')}{self.star(k)}: {fmt(k, v)}" for k, v in self.raw.items()
                if k not in NOT_FACTS and not isinstance(v, dict) or k in ("token_values", "token_kinds")]
        rows = [r for r in rows if r]
        return " · ".join(rows) if rows else "-"

    def setup(self, key: str) -> str:
        return f"set-up {fmt(key, self.raw[key])}{self.star(key)}" if key in self.raw else ""

    def reconstructed_lines(self) -> list[str]:
        """A RECONSTRUCTED line for every value the asset's sources mark so, with what of it is ours."""
        out = []
        src = self.raw.get("sources", {})
        for k in sorted(self.ours):
            v = self.raw.get(k)
            if k == "entry":
                value = " or ".join(self.cost(c) for c in self.data["entry"]) or "free"
            else:
                value = fmt(k, v) if v is not None else ""
            text = str(src[k])
            detail = text[text.lower().index("reconstructed") + len("reconstructed"):].strip(" ;,.")
            what = f"{self.data['name']}: {k.replace('_', ' ')}" + (f" = {value}" if value else "") \
                + (f", ours: {detail.strip('()')}" if detail else "")
            out.append(reconstructed(what, self.where))
        return out


# ==== the layout ================================================================================

class Layout:
    def __init__(self, match, t: Table):
        self.m, self.t = match, t
        self.s, self.R = match.state, match.game.rules
        self.P = Pieces(t, self.R)
        self.foreign_boats: list = []      # (seat, boat) docked at the Foreign Market
        self.boards: dict[str, tuple] = {}  # market -> (plan, frame, width)
        self.reconstructed: list[str] = []

    # ---- helpers ---------------------------------------------------------------------------

    @staticmethod
    def centre(cx: float, cz: float):
        return lambda dx, dz: (cx + dx, cz + dz, 180.0)

    def harbour_frame(self, seat: int):
        place = seat_at(seat, self.s.players)
        return lambda dx, dz: place.at(dx, HARBOUR_Z + dz)

    def seat_frame(self, seat: int):
        return seat_at(seat, self.s.players).at

    def colour(self, seat: int) -> str:
        return seat_at(seat, self.s.players).colour

    def fill(self, plan: Plan, key: str, frame, width: float, groups, *, piece: float = 0.5, y0: float = 0.0):
        """Piles of pieces on a space: groups are (maker, n) with maker(x, z, rot, y)."""
        piles = []
        for maker, n in groups:
            for start in range(0, n, PILE):
                piles.append((maker, min(PILE, n - start)))
        for (maker, n), (dx, dz, level) in zip(piles, plan.slots(key, width, len(piles), piece)):
            x, z, rot = frame(dx, dz)
            for k in range(n):
                maker(x, z, rot, TABLE_Y + 0.35 + y0 + level * 0.7 + k * 0.1)

    def snap_spaces(self, plan: Plan, frame, width: float, keys) -> None:
        for key in keys:
            x, z, rot = frame(*plan.point(key, width))
            self.t.snap(x, z, rot)

    def tokens_groups(self, tokens: dict, *, owner=None, note="", canned=False):
        order = self.R.kind_order
        out = []
        for kind in sorted(tokens, key=lambda k: order.get(k, 999)):
            n = tokens[kind]
            if n < 0:
                fail(f"{n} {kind} tokens")
            if n:
                out.append((lambda x, z, rot, y, kind=kind: self.P.token(
                    kind, x, z, rot=rot, y=y, owner=owner, note=note, canned=canned), n))
        return out

    # ---- the markets ----------------------------------------------------------------------

    def fish_plan(self, mid: str, st: dict, w: Words) -> tuple[Plan, list]:
        d, name = w.data, w.data["name"]
        bag = self.R.m[mid].bag
        spaces = [("entry", w.entry(), (0, 0, .32, .34)), ("facts", w.facts(), (0, .34, .32, .66)),
                  ("barrels", f"Barrels ({w.setup('barrels')})", (.32, 0, .34, .5)),
                  ("tokens", "Tokens: in the auction bag" if bag else f"Tokens ({w.setup('tokens')})",
                   (.66, 0, .34, .5)),
                  ("licences", f"Licences ¥{d['licence_price']:,}{w.star('licence_price')} "
                               f"({w.setup('licences')})", (.32, .5, .34, .5))]
        pieces = [("barrels", [(lambda x, z, rot, y: self.P.barrel(mid, x, z, rot=rot, y=y), st["barrels"])]),
                  ("licences", [(lambda x, z, rot, y: self.P.licence(mid, x, z, rot=rot, y=y), st["licences"])])]
        if not bag:
            pieces.append(("tokens", self.tokens_groups({mid: st.get("tokens", 0)})))
        track = None
        if "takoyaki" in st:
            spaces.append(("takoyaki", f"Takoyaki ({w.setup('takoyaki')})", (.66, .5, .34, .5)))
            pieces.append(("takoyaki", self.tokens_groups({"takoyaki": st["takoyaki"]})))
        elif "iwashi" in st:
            spaces.append(("iwashi", "Iwashi: canned sardines", (.66, .5, .34, .5)))
            pieces.append(("iwashi", self.tokens_groups({mid: st["iwashi"]}, canned=True)))
        elif "value" in st:
            lo, hi = int(d.get("value_min", 1)), int(d.get("value_max", 13))
            n = hi - lo + 1
            cells = grid((.66, .5, .34, .5), n) if n <= 15 else grid((.66, .5, .34, .5), 15)
            for i, r in zip(range(n), cells):
                spaces.append((f"v{lo + i}", str(lo + i), r))
            track = (st["value"], f"value marker of {name}")
            if not lo <= st["value"] <= hi:
                fail(f"the {name} value marker is on {st['value']}, off its track {lo}-{hi}")
        known = {"barrels", "tokens", "licences", "takoyaki", "iwashi", "value", "overfished", "to_settle"}
        if set(st) - known:
            fail(f"the {name} market holds {sorted(set(st) - known)[0]!r}, which the layout does not know")
        notes = []
        if st.get("overfished"):
            notes.append("OVERFISHED: no more fishing here")
        if st.get("to_settle"):
            notes.append("its payments are due")
        if w.ours:
            notes.append("* reconstructed: see the description")
        return Plan(f"{name} ({d['german']})" if d.get("german") and d["german"] != name else name, spaces,
                    note="; ".join(notes)), pieces + ([("track", track)] if track else [])

    def external_plan(self, mid: str, st: dict, w: Words) -> tuple[Plan, list]:
        d, name = w.data, w.data["name"]
        right, pieces = [], []
        if "spaces" in st:
            spec = self.R.d.market[mid].get("spaces")
            items = list(st["spaces"].items()) if isinstance(st["spaces"], dict) else list(enumerate(st["spaces"]))
            for k, held in items:
                sp = spec[k] if isinstance(spec, dict) else spec[k] if isinstance(spec, list) else {}
                title = w.name(k) if isinstance(k, str) else str(k + 1)
                right.append((f"s{k}", f"{title}{w.star('spaces')}: {self.space_words(sp)}"))
                pieces.append((f"s{k}", self.tokens_groups(held)))
        elif "boats" in st:
            types = [b for b in BOAT_TYPES if b in self.R.d.boats_total or st["boats"].get(b)
                     or (self.s.expansion and b in ("blue", "barge4"))]
            for b in types:
                right.append((f"b{b}", self.boat_words(mid, b, w)))
                pieces.append((f"b{b}", [(lambda x, z, rot, y, b=b, length=None: self.P.boat(
                    b, x, z, rot=rot, y=y, length=length), st["boats"].get(b, 0))]))
            if set(st["boats"]) - set(types):
                fail(f"a boat of type {sorted(set(st['boats']) - set(types))[0]!r} on {name}")
        for key, piece in STATIC_SPACES.items():
            if key in st:
                label = f"{STATIC[piece][1].title()}s ({w.setup(key)})" if key in w.raw else STATIC[piece][1].title()
                right.append((key, label))
                pieces.append((key, [(lambda x, z, rot, y, piece=piece: self.P.static(piece, x, z, rot=rot, y=y),
                                      st[key])]))
        if mid == "foreign_market":
            right.append(("docked", "Boats docked here (they launch again for free)"))
        known = {"spaces", "boats", "traded", *STATIC_SPACES}
        if set(st) - known:
            fail(f"the {name} market holds {sorted(set(st) - known)[0]!r}, which the layout does not know")
        facts = w.facts() + (" · traded this turn" if st.get("traded") else "")
        if "boats" in st:                  # a strip per boat type, the board's width
            spaces = [("entry", w.entry(), (0, 0, .5, .24)), ("facts", facts, (.5, 0, .5, .24))]
            n = len(right)
            spaces += [(k, lab, (0, .24 + i * .76 / n, 1, .76 / n)) for i, (k, lab) in enumerate(right)]
        elif right:
            spaces = [("entry", w.entry(), (0, 0, .3, .34)), ("facts", facts, (0, .34, .3, .66))]
            spaces += [(k, lab, r) for (k, lab), r in zip(right, grid((.3, 0, .7, 1), len(right)))]
        else:
            spaces = [("entry", w.entry(), (0, 0, 1, .3)), ("facts", facts, (0, .3, 1, .7))]
        notes = []
        side = self.s.collapsed.get(mid)
        if side:
            notes.append("COLLAPSED: " + ("closed for the rest of the game" if side == "closed" else "still open"))
        if w.ours:
            notes.append("* reconstructed: see the description")
        title = f"{name} ({d['german']})" if d.get("german") and d["german"] != name else name
        return Plan(title, spaces, note="; ".join(notes)), pieces

    def space_words(self, sp: dict) -> str:
        words = []
        for k, v in sp.items():
            if k == "capacity":
                words.append(f"holds {v}")
            elif k == "resources":
                words.append(f"lot of {v}+ resources")
            elif k == "shapes":
                words.append(f"{v} shape{'s' if v > 1 else ''}")
            elif k == "min":
                words.append(f"lot of {v}+")
            else:
                words.append(f"{k.replace('_', ' ')} {fmt(k, v)}")
        return ", ".join(words)

    def boat_words(self, mid: str, b: str, w: Words) -> str:
        d, x = w.data, self.R.d.expansion
        holds = self.R.d.holds(b)
        what = "Blue Ship" if b == "blue" else f"{holds}-hold barge" if b in ("barge", "barge4") else \
            f"{holds}-hold ship"
        if mid == "ships":
            if b == "blue":
                price = f"¥{int(x['blue_price']):,} + a ship traded in"
            elif b in ("barge", "barge4"):
                price = f"¥{int(d['barge_price']):,}"
            else:
                price = f"¥{int(d['hold_price']) * holds:,}"
            return f"{what}: {price}{w.star('hold_price')}"
        return what

    def lay_centre(self) -> None:
        """Fish markets above, external markets below, the middle rows (decks, bags, supply, box)
        between them; the boards as large as the room inside the seats allows."""
        s = self.s
        fish = [f for f in FISH if f in s.fish]
        ext = [e for e in EXTERNAL if e in s.ext]
        for mid in list(s.fish) + list(s.ext):
            if mid not in self.R.m:
                fail(f"a market {mid!r} that the game does not have")
        room_w, room_h = ROOM.get(s.players, (30.0, 24.0))
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
        s = self.s
        depth = width * BOARD_PX[1] / BOARD_PX[0]
        for mid in mids:
            st = s.fish[mid] if mid in s.fish else s.ext[mid]
            w = Words(self.R, mid)
            plan, pieces = (self.fish_plan if mid in s.fish else self.external_plan)(mid, st, w)
            cx, cz = places[mid]
            frame = self.centre(cx, cz)
            kind = "fish" if mid in s.fish else "external"
            desc = [f"The {w.data['name']} {kind} market ({self.R.m[mid].lines})."]
            if mid in s.fish and st.get("overfished"):
                desc.append("It is overfished: its last barrels went into the box.")
            if s.collapsed.get(mid):
                desc.append(f"It has collapsed ({s.collapsed[mid]}).")
            desc += w.reconstructed_lines()
            self.reconstructed += w.reconstructed_lines()
            colour = (236, 244, 250) if kind == "fish" else (248, 240, 226)
            if mid in s.fish and st.get("overfished"):
                colour = (225, 220, 215)
            image = "-".join(["market", mid] + [k for k in ("overfished", "to_settle", "traded") if st.get(k)]
                             + ([s.collapsed[mid]] if s.collapsed.get(mid) else []))
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
            self.snap_spaces(plan, frame, width, [k for k, _, _ in plan.spaces if k not in ("entry", "facts")])
            side = s.collapsed.get(mid)
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

    # ---- the harbours -----------------------------------------------------------------------

    def harbour_plan(self, seat: int, st: dict) -> Plan:
        d = self.R.d
        cost = f"¥{d.berth_cost:,}"
        spaces = [("sea", "At sea", (0, 0, 1, .2)),
                  ("left", "Left berth", (0, .2, .33, .28)),
                  ("middle", f"Middle berth (opens for {cost})", (.335, .2, .33, .28)),
                  ("right", f"Right berth (opens for {cost}): {d.right_berth_ships} ships or 1 barge",
                   (.67, .2, .33, .28)),
                  ("upper", "Upper row", (0, .48, .1, .13)), ("lower", "Lower row: spoils", (0, .61, .1, .13))]
        cw = .72 / len(d.columns)
        for row, fy in (("upper", .48), ("lower", .61)):
            for i, price in enumerate(d.columns):
                star = "" if (i + 1, price) in PRINTED_COLUMNS else "*"
                spaces.append((f"{row}-c{i + 1}", f"¥{price:,}{star}", (.1 + i * cw, fy, cw, .13)))
            spaces.append((f"{row}-q", "??? (any ¥100s)", (.82, fy, .18, .13)))
        for i in range(d.max_licences):
            spaces.append((f"L{i + 1}", f"Licence space {i + 1}", (i * .16, .74, .16, .26)))
        spaces.append(("bank", "Loans and shares", (.16 * d.max_licences, .74, 1 - .16 * d.max_licences, .26)))
        return Plan(f"{self.colour(seat)}'s harbour", spaces, size=HARBOUR_PX,
                    note="* reconstructed: the column prices (assets/tsukiji/harbour.toml)")

    def cover(self, berth: str, x=0.0, z=0.0, **kw) -> dict:
        """A berth cover, as large as a berth of the harbour (000:62: each harbour comes with two)."""
        plan = self.harbour_plan(0, None)
        _, _, bw, bh = plan.px(berth)
        return self.P.marker("berth cover", f"cover ¥{self.R.d.berth_cost}", (150, 140, 120), x, z,
                             y=TABLE_Y + 0.3, size=bw * 0.94 * HARBOUR_W / HARBOUR_PX[0],
                             square=(220, int(220 * bh / bw)), **kw)

    def boat_with_load(self, seat: int, i: int, b: dict, frame, dx: float, dz: float, *, y0=0.0, note=""):
        colour = self.colour(seat)
        t = b.get("type")
        if t not in BOAT_TYPES:
            fail(f"{colour}'s boat {i + 1} is of type {t!r}")
        holds = self.R.d.holds(t)
        if len(b["load"]) > holds:
            fail(f"{colour}'s boat {i + 1} carries {len(b['load'])} barrels in {holds} holds")
        x, z, rot = frame(dx, dz)
        extra = f" Rented from {self.R.m[b['rented']].name}." if b.get("rented") in self.R.m else ""
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
        s, d = self.s, self.R.d
        st = s.seats[seat]
        colour = self.colour(seat)
        plan = self.harbour_plan(seat, st)
        hf = self.harbour_frame(seat)
        sf = self.seat_frame(seat)
        hx, hz, hrot = hf(0, 0)
        desc = (f"{colour}'s harbour tableau (000:62): the sea, three berths, the upper and lower sale rows and "
                f"{d.max_licences} licence spaces. " + reconstructed(
                    "the prices of the sale columns " + ", ".join(f"¥{p:,}" for p in d.columns)
                    + " (only the third, ¥300, is in the text)", "assets/tsukiji/harbour.toml"))
        self.t.tile(f"harbour-{colour}", with_alpha(plan.surface(SEAT_TINT.get(colour, draw.PAPER))), hx, hz, HARBOUR_W,
                    rot=hrot, locked=True, nickname=f"{colour}'s harbour", description=desc,
                    tags=("harbour", colour))
        self.snap_spaces(plan, hf, HARBOUR_W, [k for k, _, _ in plan.spaces if k not in ("upper", "lower")])
        # the berths: covers on those still closed (000:109), boats at the open ones
        if not 1 <= st["berths"] <= len(BERTHS):
            fail(f"{colour} has {st['berths']} open berths")
        for k, berth in enumerate(BERTHS):
            if k >= st["berths"]:
                x, z, rot = hf(*plan.point(berth, HARBOUR_W, 0.5, 0.5))
                self.cover(berth, x, z, rot=rot, nickname=f"{colour}'s {berth} berth cover",
                           description=f"Covers {colour}'s {berth} berth: pay ¥{d.berth_cost:,} to open it (000:109).",
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
            if row not in ("upper", "lower") or not d.valid_column(col):
                fail(f"{colour}'s harbour holds {kind} at {row}/{col}")
            key = f"{row}-{col}" if col[0] == "c" else f"{row}-q"
            cells.setdefault(key, []).append((kind, row, col))
        for key, items in cells.items():
            places = plan.slots(key, HARBOUR_W, len(items), 0.46)
            for (kind, row, col), (dx, dz, level) in zip(items, places):
                x, z, rot = hf(dx, dz)
                note = f"For sale on {colour}'s harbour at ¥{d.price_of(col):,} ({row} row" + \
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
            if k < d.max_licences:
                dx, dz = plan.point(f"L{k + 1}", HARBOUR_W, 0.5, 0.58)
            else:                              # more than the spaces: beside them (never by the rules)
                dx, dz = plan.point("bank", HARBOUR_W, 0.2 + 0.25 * (k - d.max_licences), 0.75)
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
        s = self.s
        colour = self.colour(seat)
        sf = self.seat_frame(seat)
        amount = s.treasury.balances.get(f"seat{seat}", 0)
        x, z, rot = sf(-HARBOUR_W / 2 - 2.2, HARBOUR_Z - 1.4)
        chips = self.t.yen(amount, 0, 0, owner=colour, put=False, rot=rot)
        for o in chips:
            o["Tags"].append(colour)
        if s.hidden:
            self.t.bag(f"{colour}'s yen (hidden money)", chips, x, z, rot=rot, colour=(70, 70, 80),
                       tags=("hidden yen", colour),
                       description=f"{colour}'s yen, kept out of sight (hidden money, 000:92): "
                                   "only its owner looks inside.")
            return
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

    # ---- what is under way: barrels waiting for a price or an auction, lots, buyer markers ----

    def lay_in_progress(self) -> None:
        s = self.s
        placed_at: Counter = Counter()

        def spot(seat: int):
            k = placed_at[seat]
            placed_at[seat] += 1
            return self.seat_frame(seat)(HARBOUR_W / 2 + 0.7 + (k % 5) * 0.6, 0.9 - (k // 5) * 0.6)

        for owner, target in s.buyers:
            x, z, rot = spot(target)
            self.P.static("buyers", x, z, rot=rot, owner=self.colour(owner),
                          note=f"{self.colour(owner)}'s buyer marker, lying in front of {self.colour(target)}'s "
                               f"harbour: after {self.colour(target)}'s next turn {self.colour(owner)} makes a buying "
                               "action (000:564).")
        ctx = s.ctx or {}
        who = s.turn
        colour = self.colour(who)
        for kind in ctx.get("pending", ()):
            x, z, rot = spot(who)
            note = f"Unloaded by {colour}: waiting to be put up for sale."
            if kind == "takoyaki":
                self.P.token(kind, x, z, rot=rot, owner=colour, note=note)
            else:
                self.P.barrel(kind, x, z, rot=rot, owner=colour, note=note)
        if ctx.get("kind") == "fish":
            from games.tsukiji.persist import _auctioned_fish
            for f in _auctioned_fish(self.R):
                for _ in range(int(ctx.get(f) or 0)):
                    x, z, rot = spot(who)
                    self.P.barrel(f, x, z, rot=rot, owner=colour,
                                  note=f"Unloaded by {colour} in this fishing action: waiting for its auction.")
        if ctx.get("kind") == "buy" and ctx.get("buyer") is not None:
            x, z, rot = spot(ctx["buyer"])
            self.P.static("buyers", x, z, rot=rot, owner=self.colour(ctx["buyer"]),
                          note="In use: it goes back to Influence after this buying action (000:564).")
        if ctx.get("lot"):
            market = self.R.m[ctx["market"]].name if ctx.get("market") in self.R.m else "a market"
            for maker, n in self.tokens_groups(ctx["lot"], owner=colour,
                                               note=f"In the lot {colour} is putting together at {market}."):
                for _ in range(n):
                    x, z, rot = spot(who)
                    maker(x, z, rot, TABLE_Y + 0.3)
        if s.bid and s.bid.get("lot"):
            k = 0
            for maker, n in self.tokens_groups(s.bid["lot"], note="Up for auction: everyone bids in secret."):
                for _ in range(n):
                    x, z = self.lot_xz[0] + (k % 4) * 0.6 - 0.9, self.lot_xz[1] + 0.6 - (k // 4) * 0.6
                    maker(x, z, 180.0, TABLE_Y + 0.3)
                    k += 1

    # ---- the middle: markets not in play, bags, the supply, the box -------------------------

    def market_card(self, mid: str, n: int | None):
        w = Words(self.R, mid)
        kind = "fish" if mid in FISH else "external"
        lines = [f"{kind} market", w.data.get("german", ""), w.entry()]
        nick = w.data["name"] if n is None else f"{n}. {w.data['name']}"
        desc = f"The {w.data['name']} {kind} market, not in play: it comes in as the rules say (000:355)."
        if n is not None:
            desc += f" Open market order: it comes {n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }."
        face = draw.card(w.data["name"], lines, band=(50, 110, 160) if kind == "fish" else (150, 100, 50),
                         colour=(236, 244, 250) if kind == "fish" else (248, 240, 226))
        return face, nick, desc, ("market card", mid, f"{kind} market")

    def deck(self, deck_id: int, name: str, faces, x: float, z: float, *, face_down: bool, description: str,
             tags) -> dict:
        o = self.t.deck(deck_id, name.replace(" ", "-"), faces, draw.back("Tsukiji market"), x, z,
                        face_down=face_down, description=description, tags=tags)
        if o["Name"] == "DeckCustom":
            o["Nickname"] = name.capitalize()
        return o

    def middle_items(self) -> list:
        """What lies between the fish and the external markets: (width, maker(x, z))."""
        s, t = self.s, self.t
        row1, row2 = [], []
        for deck_id, kind, pool in ((10, "fish", FISH if s.expansion else BASE_FISH),
                                    (20, "external", EXTERNAL if s.expansion else BASE_EXTERNAL)):
            live = self.R.market_pool(s, kind)
            rest = [m for m in pool if m not in s.fish and m not in s.ext]
            if s.order is not None:
                order = [m for m in s.order.get(kind, []) if m in live]
                order += [m for m in live if m not in order]
            else:
                order = live
            faces = [self.market_card(m, i + 1 if s.order is not None else None) for i, m in enumerate(order)]
            if faces:
                name = f"{kind} markets not in play"
                row1.append((3.0, lambda x, z, faces=faces, name=name, deck_id=deck_id, kind=kind: self.deck(
                    deck_id, name, faces, x, z, face_down=s.order is None,
                    description=("Face up, in the order they come into play (000:628)." if s.order is not None
                                 else "Face down: a new one is drawn at random when needed (000:355)."),
                    tags=("market deck", kind))))
            unused = [m for m in rest if m not in live]
            if unused:
                faces = [self.market_card(m, None) for m in unused]
                row1.append((3.0, lambda x, z, faces=faces, deck_id=deck_id: self.deck(
                    deck_id + 5, "markets not used in this game", faces, x, z, face_down=False,
                    description="Not used with this many players: the Auction needs at least 3 (000:23).",
                    tags=("market deck", "unused"))))
        for f in FISH:
            if f in s.bags or (f in s.fish and self.R.m[f].bag):
                items = list(s.bags.get(f, []))
                name = self.P.fish_name(f)
                row1.append((BAG_ROOM, lambda x, z, items=items, name=name, f=f: t.bag(
                    f"Auction bag: {name}", [self.P.token(k, put=False) for k in items], x, z,
                    tags=("auction bag", f), colour=(40, 60, 120),
                    description=f"The {name} tokens in the auction bag (000:40, 000:414). In the box they "
                                "share one bag; here each fish has its own, so that a random draw of that "
                                "fish's token works.")))
        if s.bid and s.bid.get("lot"):
            row1.append((3.2, self.lot_place))  # the lot up for auction: laid by lay_in_progress
        for value in (1000, 500, 100):
            row2.append((BAG_ROOM, lambda x, z, value=value: t.yen_supply(x, z, values=(value,))))
        box = s.box
        P = self.P
        contents = {
            "barrels": [P.barrel(f, put=False) for f in FISH for _ in range(box["barrels"].get(f, 0))],
            "fish tokens": [P.token(k, put=False) for k in sorted(box["tokens"], key=lambda k: self.R.kind_order.get(
                k, 999)) for _ in range(box["tokens"][k])],
            "licences": [P.licence(f, put=False) for f in FISH for _ in range(box["licences"].get(f, 0))],
            "boats": [P.boat(b, put=False) for b in BOAT_TYPES for _ in range(box["boats"].get(b, 0))],
            "other pieces": [P.static(k, put=False) for k in STATIC for _ in range(
                box.get(k, 0))],
        }
        for key in ("barrels", "tokens", "licences", "boats"):
            unknown = set(box[key]) - set(FISH if key != "tokens" else self.R.d.token_kinds) if key != "boats" else \
                set(box[key]) - set(BOAT_TYPES)
            if any(box[key].get(k) for k in unknown):
                fail(f"the box holds {key} of {sorted(unknown)[0]!r}")
        markers = []
        for f in ("eel", "swordfish"):
            if f not in s.fish and (f in BASE_FISH or s.expansion):
                markers.append(P.marker("value marker", "V", (235, 225, 200), put=False,
                                        nickname=f"value marker of {P.fish_name(f)}",
                                        description="For its market's value track, when it comes into play.",
                                        extra=(f,)))
        if s.expansion or s.collapse:      # the expansion's collapse markers: a supply when the variant is played
            n = int(self.R.d.expansion.get("collapse_markers", 12)) - len(s.collapsed)
            collapse = [P.marker("collapse marker", "COLLAPSE", (200, 60, 60), put=False, size=1.0, square=True,
                                 nickname="collapse marker", description="For a market that collapses (000:594).")
                        for _ in range(max(0, n))]
            if s.collapse and collapse:
                row1.append((BAG_ROOM, lambda x, z: t.bag(
                    "Collapse markers", collapse, x, z, tags=("collapse markers",), colour=(150, 50, 50),
                    description="The collapse markers' supply beside the markets (000:592); one goes on each "
                                "market that collapses (000:594).")))
            else:
                markers += collapse
        covers = []
        for k, berth in enumerate(BERTHS[1:], start=1):
            used = sum(1 for st in s.seats if st["berths"] <= k)
            covers += [self.cover(berth, put=False, nickname=f"{berth} berth cover", description="Not in use.",
                                  extra=(berth,))
                       for _ in range(max(0, int(self.R.d.components.get("harbours", 6)) - used))]
        contents["markers, covers"] = markers + covers
        for name, items in contents.items():
            if items:
                row2.append((BAG_ROOM, lambda x, z, name=name, items=items: t.bag(
                    f"Box: {name}", items, x, z, tags=("box", name), colour=(120, 100, 70),
                    description=f"The {name} not in play (in the box). Pieces go here when the rules say "
                                "they go into the box.")))
        return row1 + row2

    def lot_place(self, x: float, z: float) -> None:
        self.lot_xz = (x, z)

    # ---- the notebook ---------------------------------------------------------------------------

    def notes(self) -> None:
        s, R = self.s, self.R
        names = [R.m[f].name for f in FISH if f in s.fish]
        ext = [R.m[e].name for e in EXTERNAL if e in s.ext]
        start = R.d.start_yen
        lines = [f"{s.players} players ({', '.join(self.colour(i) for i in range(s.players))}).",
                 f"Fish markets in play: {', '.join(names)}.", f"External markets in play: {', '.join(ext)}.",
                 f"Set-up (000:15-86): Mackerel (or Horse Mackerel) and Ships always, more markets by player count "
                 f"(000:25-31); everyone starts with ¥{start:,}, "
                 + ("no licence (Horse Mackerel from the start), " if "horse_mackerel" in s.fish and
                    "mackerel" not in s.fish else "a mackerel licence, ")
                 + "a 1-hold ship at the left berth and two covered berths (000:62).",
                 "The start player was drawn at random (the rules: whoever last drank water, 000:94)."]
        if s.hidden:
            lines.append("Hidden money (000:92): each player's yen is in a bag of its own in front of them.")
        if s.expansion:
            lines.append("The expansion is played (000:392).")
        if s.collapse:
            lines.append("Collapsing external markets (000:592): "
                         + (", ".join(f"{R.m[e].name} {v}" for e, v in s.collapsed.items()) or "none yet") + ".")
        if s.order is not None:
            lines.append("Open market order (000:628): the decks of markets not in play lie face up, next on top.")
        moves = len(self.m.log.moves)
        if moves or s.turns:
            lines.append(f"After {count_words(moves, 'move')}: {self.colour(s.turn)} is to play ({s.phase} phase, "
                         f"{s.ap} action point{'s' if s.ap != 1 else ''} left).")
        else:
            lines.append(f"{self.colour(s.turn)} starts.")
        if s.ctx:
            lines.append("An action is under way: the pieces it has moved lie beside the harbour of the player "
                         "doing it.")
        if s.bid:
            lines.append("An auction is under way: its lot lies in the middle; bids are sealed and not shown.")
        if s.triggered >= 0:
            left = count_words(s.final_left, "turn")
            lines.append(f"The end is triggered by {self.colour(s.triggered)}: {left} left.")
        if s.over:
            lines.append(f"The game is over: {s.reason}")
        self.t.note("Set-up", "\n".join(lines))
        h = R.asset_data.get("tsukiji/harbour.toml", {})
        ours = [reconstructed(f"harbour: {k.replace('_', ' ')} = {fmt(k, h.get(k))}", "assets/tsukiji/harbour.toml")
                for k, v in h.get("sources", {}).items() if "reconstructed" in str(v).lower()]
        ours += sorted(set(self.reconstructed))
        ours.append(reconstructed("the looks, colours and sizes of every piece, board and tableau",
                                  "tts/layouts/tsukiji_pieces.py and tts/layouts/tsukiji.py"))
        self.t.note("Reconstructed", "\n".join(ours))

    # ---- the count ------------------------------------------------------------------------------

    def check(self) -> None:
        """The table holds what the rules say: every piece kind, every seat's yen and boats."""
        s, R = self.s, self.R
        want = {k: v for k, v in R.conserved(s).items() if k != "yen" and v}
        got: Counter = Counter()
        yen: Counter = Counter()
        boats: Counter = Counter()
        colours = {self.colour(i): i for i in range(s.players)}

        def walk(objs, infinite=False):
            for o in objs:
                inf = infinite or o["Name"] == "Infinite_Bag"
                if not inf:
                    key = Pieces.key(o)
                    if key:
                        got[key] += 1
                    tags = o.get("Tags", [])
                    if tags and tags[0] == "yen":
                        owner = next((colours[c] for c in tags if c in colours), None)
                        yen[owner] += int(o["Value"])
                    if tags and tags[0] == "boat":
                        owner = next((colours[c] for c in tags if c in colours), None)
                        boats[owner] += 1
                walk(o.get("ContainedObjects", []), inf)

        walk(self.t.objects)
        for key in sorted(set(want) | set(got)):
            if want.get(key, 0) != got.get(key, 0):
                fail(f"the table would hold {got.get(key, 0)} of {key} where the position has {want.get(key, 0)}")
        for i, st in enumerate(s.seats):
            if yen[i] != s.treasury.balances.get(f"seat{i}", 0):
                fail(f"{self.colour(i)}'s yen come to ¥{yen[i]:,}, not ¥{s.treasury.balances.get(f'seat{i}', 0):,}")
            if boats[i] != len(st["boats"]):
                fail(f"{self.colour(i)} would have {boats[i]} boats, not {len(st['boats'])}")
        if set(yen) - set(range(s.players)):
            fail("yen on the table that belong to no seat")

    def run(self) -> None:
        s = self.s
        if s.players != len(s.seats) or not 2 <= s.players <= 6:
            fail(f"{len(s.seats)} seats for {s.players} players")
        self.lot_xz = (0.0, 0.0)
        self.lay_centre()
        for seat in range(s.players):
            self.lay_seat(seat)
        self.lay_foreign_boats()
        self.lay_in_progress()
        self.notes()
        self.check()


def lay_out(match, t: Table) -> None:
    Layout(match, t).run()
