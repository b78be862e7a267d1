"""One building model for every building game: a lot, pieces placed on floors, the rules.

The rule check follows 004:37-54 and names the rule and the pieces for every failure:
inside the lot outline; several pieces on one floor touch another; nothing outside the
floor below or over a gap; exactly the floors and the pieces the lot card asks for.
Positions are of the placed piece's bounding box, lower-left corner, in mm; the lot's
left card edge is x = 0 and the card lies at y = 0.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

from core.components import LotCard, roman_pieces
from core.words import count_words

from . import geometry
from .pieces import Catalogue, catalogue
from .placement import FLOOR, ROTATION, X, Y
from .world import TOUCH_MM

R_INSIDE = "inside the lot outline (004:37, 004:52)"
R_TOUCH = "pieces on one floor touch another (004:52)"
R_SUPPORT = "nothing outside the floor below or over a gap (004:54)"
R_RESTS = "every piece rests on the lot or on the floor below (004:39, 004:54)"
R_OVERLAP = "solid pieces cannot pass through each other"
R_FLOORS = "exactly the floors the lot card asks for (004:33, 004:45)"
R_PIECES = "exactly the pieces the lot card asks for (004:34, 004:46)"
R_ORDER = "floors are built from the lot upwards, one on the other (004:33)"

CARD_MM = 88.0   # reconstructed: the side of a Jutaku lot card


@dataclass(frozen=True)
class Lot:
    """Where a building stands: the lot outline(s) across the card, and what the card asks.

    `floors` and `numeral` are None where nothing is asked (Countdown builds on the card's
    own edges for as long as the builder lasts, 004:64-68).
    """
    outlines: tuple[tuple[float, float], ...] = ((0.0, CARD_MM),)
    floors: int | None = None
    numeral: str | None = None
    card_mm: float = CARD_MM

    @property
    def pieces(self) -> int | None:
        return roman_pieces(self.numeral) if self.numeral else None

    @classmethod
    def from_card(cls, card: LotCard) -> "Lot":
        return cls(tuple(card.outlines), card.floors, card.numeral)

    @classmethod
    def card_edge(cls, card_mm: float = CARD_MM) -> "Lot":
        """Countdown: 'use the card's actual edge as the lot' (004:68)."""
        return cls(((0.0, card_mm),), None, None, card_mm)


@dataclass(frozen=True)
class Placement:
    piece: str
    x: float
    y: float
    rotation: float = 0.0
    flip: bool = False
    floor: int = 1


@dataclass(frozen=True)
class Violation:
    rule: str
    message: str
    pieces: tuple[int, ...] = ()

    def as_dict(self) -> dict:
        return {"rule": self.rule, "message": self.message, "pieces": list(self.pieces)}


@dataclass
class Building:
    """Pieces placed on one lot outline, in the order they were placed."""
    lot: Lot
    outline: int = 0
    placements: list[Placement] = field(default_factory=list)
    pieces: Catalogue = field(default_factory=catalogue, repr=False)

    def __post_init__(self):
        if not 0 <= self.outline < len(self.lot.outlines):
            raise ValueError(f"the lot has {len(self.lot.outlines)} outline(s); "
                             f"004:37 lets the builder choose one of those")

    # ---- building -------------------------------------------------------------------

    def place(self, placement: Placement) -> int:
        """Put a piece down (004:39-41: any turn or flip). Returns its number."""
        if placement.piece not in self.pieces:
            raise ValueError(f"there is no piece {placement.piece!r} in the supply")
        if any(p.piece == placement.piece for p in self.placements):
            raise ValueError(f"piece {placement.piece!r} is already in this building")
        if placement.floor < 1:
            raise ValueError("floors are counted from 1")
        self.placements.append(placement)
        return len(self.placements) - 1

    def take_back(self) -> Placement:
        """004:50 — the last piece placed goes back to the supply."""
        if not self.placements:
            raise ValueError("there is no piece to take back")
        return self.placements.pop()

    def polygons(self, i: int) -> tuple[geometry.Polygon, ...]:
        """Piece i's convex parts in lot coordinates (counter-clockwise: a flip reverses the order)."""
        p = self.placements[i]
        parts = [geometry.transform(part, flip=p.flip, degrees=p.rotation)
                 for part in self.pieces[p.piece].parts]
        x0 = min(x for q in parts for x, _ in q)
        y0 = min(y for q in parts for _, y in q)
        dx, dy = p.x - x0, p.y - y0
        return tuple(tuple((x + dx, y + dy) for x, y in q) for q in parts)

    def extent(self, i: int) -> tuple[float, float, float, float]:
        return geometry.bounds(self.polygons(i))

    def floors(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for i, p in enumerate(self.placements):
            out.setdefault(p.floor, []).append(i)
        return dict(sorted(out.items()))

    def supports(self, polys=None) -> list[int | None]:
        """What each piece rests on, as the stability verdict judges it (None: the table).

        A floor-1 piece rests on the table; a higher one on the floor-below piece it shares
        the longest contact with, or, when no edge lies along another (a corner on a slope),
        the first floor-below piece it touches; a piece touching nothing below is judged
        against the table. `polys` are the pieces' polygons where already at hand.
        """
        polys = polys or [self.polygons(i) for i in range(len(self.placements))]
        ext = [geometry.bounds(p) for p in polys]
        near = TOUCH_MM + 1e-9
        out: list[int | None] = []
        for i, p in enumerate(self.placements):
            x0, y0, x1, _ = ext[i]
            below = [j for j, q in enumerate(self.placements) if q.floor == p.floor - 1
                     and ext[j][0] <= x1 + near and ext[j][2] >= x0 - near and ext[j][3] >= y0 - near]
            best, longest = None, 0.0
            for j in below:
                length = sum(geometry.contact_length(a, b, TOUCH_MM) for a in polys[i] for b in polys[j])
                if length > longest:
                    best, longest = j, length
            if best is None:
                best = next((j for j in below if self._touches(i, j, polys, ext)), None)
            out.append(best)
        return out

    # ---- the rules ------------------------------------------------------------------

    def _touches(self, i: int, j: int, polys, ext) -> bool:
        """Whether pieces i and j lie within a touch of each other (004:37-54's "touch"),
        their boxes asked first: pieces whose boxes lie further apart do not."""
        if not geometry.boxes_within(ext[i], ext[j], TOUCH_MM):
            return False
        return any(geometry.within(a, b, TOUCH_MM) for a in polys[i] for b in polys[j])

    def check(self, *, complete: bool = True) -> list[Violation]:
        """Every rule of 004:37-54 this building breaks; [] when it is fine.

        With `complete=False` the floor and piece counts are not asked yet (a building
        under way); the placing rules are.
        """
        out: list[Violation] = []
        n = len(self.placements)
        polys = [self.polygons(i) for i in range(n)]
        ext = [geometry.bounds(p) for p in polys]
        left, right = self.lot.outlines[self.outline]
        for i in range(n):
            x0, _, x1, _ = ext[i]
            if x0 < left - TOUCH_MM or x1 > right + TOUCH_MM:
                name = self.pieces.name(self.placements[i].piece)
                out.append(Violation(R_INSIDE, f"piece {i + 1} (the {name}) reaches "
                                               f"{x0:.1f}–{x1:.1f} mm; the lot is {left:.1f}–{right:.1f} mm", (i,)))
        for i in range(n):
            for j in range(i + 1, n):
                if not geometry.boxes_overlap(ext[i], ext[j], TOUCH_MM):
                    continue
                depth = max((geometry.penetration(a, b) for a in polys[i] for b in polys[j]), default=0)
                if depth > TOUCH_MM:
                    out.append(Violation(R_OVERLAP, f"pieces {i + 1} and {j + 1} overlap by {depth:.1f} mm",
                                         (i, j)))
        floors = self.floors()
        levels = list(floors)
        if levels and levels != list(range(1, len(levels) + 1)):
            missing = sorted(set(range(1, max(levels) + 1)) - set(levels))
            out.append(Violation(R_ORDER, f"floor {missing[0]} is empty but higher floors are built",
                                 tuple(floors[max(levels)])))
        for level, members in floors.items():
            if len(members) > 1:
                for i in members:
                    if not any(self._touches(i, j, polys, ext) for j in members if j != i):
                        out.append(Violation(R_TOUCH, f"piece {i + 1} touches no other piece of floor {level}",
                                             (i,)))
            below = floors.get(level - 1, [])
            for i in members:
                bottom = ext[i][1]
                if level == 1:
                    if bottom > TOUCH_MM:
                        out.append(Violation(R_RESTS, f"piece {i + 1} floats {bottom:.1f} mm above the lot", (i,)))
                    continue
                under = [j for j in below if self._touches(i, j, polys, ext)]
                if not under:
                    out.append(Violation(R_RESTS, f"piece {i + 1} on floor {level} touches nothing of floor "
                                                  f"{level - 1}", (i,)))
                    continue
                spans = geometry.merge_intervals([(ext[j][0], ext[j][2]) for j in below], gap=TOUCH_MM)
                x0, _, x1, _ = ext[i]
                inside = any(a - TOUCH_MM <= x0 and x1 <= b + TOUCH_MM for a, b in spans)
                if not inside:
                    lo, hi = spans[0][0], spans[-1][1]
                    if x0 < lo - TOUCH_MM or x1 > hi + TOUCH_MM:
                        what = f"reaches outside floor {level - 1} ({lo:.1f}–{hi:.1f} mm)"
                    else:
                        what = f"lies over a gap in floor {level - 1}"
                    out.append(Violation(R_SUPPORT, f"piece {i + 1} {what}", (i,) + tuple(below)))
        if complete:
            if self.lot.floors is not None and len(floors) != self.lot.floors:
                out.append(Violation(R_FLOORS, f"the building has {count_words(len(floors), 'floor')}; the card asks "
                                               f"for exactly {self.lot.floors}", tuple(range(n))))
            want = self.lot.pieces
            if want is not None and n != want:
                out.append(Violation(R_PIECES, f"the building has {count_words(n, 'piece')}; the card asks for exactly "
                                               f"{want} ({self.lot.numeral})", tuple(range(n))))
        return out

    # ---- readable scenes --------------------------------------------------------------

    def to_scene(self) -> dict:
        return {"lot": {"outlines": [list(o) for o in self.lot.outlines], "floors": self.lot.floors,
                        "numeral": self.lot.numeral, "card_mm": self.lot.card_mm, "outline": self.outline},
                "pieces": [asdict(p) for p in self.placements]}

    @classmethod
    def from_scene(cls, scene: dict, pieces: Catalogue | None = None) -> "Building":
        """A building from readable data (the scene format of docs/scenes.md).

        Every value is checked before anything is built: a bad scene is a ValueError or
        TypeError saying which value is wrong.
        """
        if not isinstance(scene, dict):
            raise TypeError("a scene is an object with 'lot' and 'pieces'")
        unknown = set(scene) - {"lot", "pieces"}
        if unknown:
            raise ValueError(f"a scene has only 'lot' and 'pieces', not {', '.join(sorted(map(str, unknown)))}")
        lot_d = scene.get("lot", {})
        if not isinstance(lot_d, dict):
            raise TypeError("'lot' is an object")
        rows = lot_d.get("outlines", [[0.0, CARD_MM]])
        if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and len(r) == 2 for r in rows):
            raise ValueError("'outlines' is a list of [left, right] pairs")
        outlines = tuple((_mm(a, "an outline edge"), _mm(b, "an outline edge")) for a, b in rows)
        if any(b <= a for a, b in outlines):
            raise ValueError("each lot outline is [left, right] with left < right")
        floors = lot_d.get("floors")
        if floors is not None and (isinstance(floors, bool) or not isinstance(floors, int)
                                   or not 1 <= floors <= MAX_FLOORS):
            raise ValueError(f"'floors' is a whole number from 1 to {MAX_FLOORS}, or left out")
        numeral = lot_d.get("numeral")
        if numeral is not None:
            if not isinstance(numeral, str):
                raise TypeError("'numeral' is text such as \"V///\"")
            roman_pieces(numeral)
        card = _mm(lot_d.get("card_mm", CARD_MM), "'card_mm'")
        if card <= 0:
            raise ValueError("'card_mm' is more than 0")
        outline = lot_d.get("outline", 0)
        if isinstance(outline, bool) or not isinstance(outline, int):
            raise TypeError("'outline' is a whole number")
        b = cls(Lot(outlines, floors, numeral, card), outline, pieces=pieces or catalogue())
        placed = scene.get("pieces", [])
        if not isinstance(placed, list) or not all(isinstance(row, dict) for row in placed):
            raise TypeError("'pieces' is a list of objects")
        if len(placed) > len(b.pieces):
            raise ValueError(f"a scene has at most the {len(b.pieces)} pieces of the supply")
        for k, row in enumerate(placed, start=1):
            floor = row.get("floor", 1)
            if isinstance(floor, bool) or not isinstance(floor, int) or not FLOOR.low <= floor <= FLOOR.high:
                raise ValueError(f"piece {k}: 'floor' is a whole number from {FLOOR.low} to {FLOOR.high}")
            flip = row.get("flip", False)
            if not isinstance(flip, bool):
                raise TypeError(f"piece {k}: 'flip' is true or false")
            b.place(Placement(str(row["piece"]), _declared(row["x"], f"piece {k}: 'x'", X),
                              _declared(row["y"], f"piece {k}: 'y'", Y),
                              _declared(row.get("rotation", 0.0), f"piece {k}: 'rotation'", ROTATION), flip, floor))
        return b


MAX_FLOORS = 200      # a lot card asking more floors than this is a broken file
MAX_MM = 10_000.0     # a lot outline ten metres from the card: a broken file


def _number(value, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} is a number")
    value = float(value)
    if not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{what} is a number between {low:g} and {high:g}")
    return value


def _declared(value, what: str, field) -> float:
    """A placed piece's number within the bounds every placement is read with (physics.placement)."""
    return _number(value, what, field.low, field.high)


def _mm(value, what: str) -> float:
    return _number(value, what, -MAX_MM, MAX_MM)

