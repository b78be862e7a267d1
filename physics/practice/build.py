"""The build bench: a lot card, the building on it, the piece in hand, and Stop!'s verdict.

Everything a build practice screen shows and does, with no drawing and no input: the
screens turn keys and clicks into these calls and draw what `pieces_now()` and the
report say. After Stop! the verdict is the games' own (`stability.judged`); the animation steps a
second scene of the same building through the same deterministic steps, stops at the
moment the verdict was decided (so the picture shows what the numbers describe) and,
on `play_on()`, goes on to show where the pieces end up.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from core.errors import IllegalMove

from .. import geometry, world
from ..building import R_OVERLAP, R_RESTS, Building, Lot, Placement, Violation
from ..stability import Scene, Verdict, build_scene, judged, settle
from ..world import TOUCH_MM
from .presets import lot_label, preset_lots

SHOW_SECONDS = 3.0      # how long after Stop! a collapse is shown when played on
EPS = geometry.EPS
#: the rules a drop is refused by, in a match (games/jutaku, games/countdown) and here alike:
#: a piece passing through another, or resting on nothing of the floor below; the others
#: are judged at Stop!
DROP_RULES = (R_OVERLAP, R_RESTS)
#: how the games' refusal of a drop begins
NOT_THERE = "that piece cannot lie there: "


def drop_problem(building: Building, placements) -> Violation | None:
    """The first broken rule that refuses putting `placements` into `building`, as the games
    refuse a placement (the rule check's first violation of DROP_RULES naming a new piece);
    None when the drop is accepted. The building is not changed."""
    trial = Building(building.lot, building.outline, list(building.placements), building.pieces)
    first = len(trial.placements)
    for p in placements:
        trial.place(p)
    return next((v for v in trial.check(complete=False)
                 if v.rule in DROP_RULES and any(i >= first for i in v.pieces)), None)


def rule_words(rule: str) -> str:
    """A rule as a reference in brackets reads it: "words (004:54)" becomes "words, 004:54"."""
    m = re.fullmatch(r"(.*\S)\s*\(([^()]*)\)", rule)
    return f"{m.group(1)}, {m.group(2)}" if m else rule


def refusal_words(error: IllegalMove, placing: bool = False, piece: int | None = None, hint: str = "") -> str:
    """A refused move in a player's words: what is wrong, and the rule that refuses it.

    `placing`: the move was a drop ("Not placed"); `piece`: the number the piece in hand
    would have had, so the rule check's "piece N" reads "the piece in hand"; `hint`: what to
    do instead.
    """
    reason = error.reason.removeprefix(NOT_THERE) if placing else error.reason
    if piece is not None:
        reason = re.sub(rf"\bpieces (\d+) and {piece}\b", r"piece \1 and the piece in hand", reason)
        reason = re.sub(rf"\bpiece {piece}\b", "the piece in hand", reason)
    text = f"{'Not placed' if placing else 'Not allowed'}: {reason}"
    if error.rule:
        text += f" ({rule_words(error.rule)})"
    return f"{text}. {hint}" if hint else text


@dataclass
class Held:
    """The piece in hand: lower-left corner of its bounding box (mm), turn, flip, floor."""
    piece: str
    x: float
    y: float
    rotation: float = 0.0
    flip: bool = False
    floor: int | None = None     # None: the floor it lands on


@dataclass(frozen=True)
class ReportItem:
    """One block of the verdict report: `kind` is "good", "alert" or "info"."""
    kind: str
    heading: str
    lines: tuple[str, ...] = ()


class BuildPractice:
    """The build bench's state; see the module docstring."""

    def __init__(self, building: Building | None = None, lots=None):
        self.lots = list(lots or preset_lots())
        if building is None:
            building = Building(self.lots[0])
        elif building.lot not in self.lots:
            self.lots.insert(0, building.lot)
        self.building = building
        self.held: Held | None = None
        self.cursor = 0
        self.snap = True
        self.phase = "build"          # build, settling (verdict not reached yet), verdict
        self.message = ""
        self.refusal = ""             # why the last drop (or move) was refused, until the next action
        self.violations: list = []
        self.verdict: Verdict | None = None
        self.scene: Scene | None = None
        self.frame = 0                # steps of the Stop! animation so far
        self.hold = True              # the animation waits at the verdict's moment
        self._shapes: dict = {}
        self._shown: tuple | None = None      # the box shown so far during the Stop! animation
        self._version = 0
        self._landing: tuple = (None, None)
        self._changed()

    # ---- reading the state --------------------------------------------------------

    @property
    def lot(self) -> Lot:
        return self.building.lot

    def lot_label(self) -> str:
        return lot_label(self.lot)

    def supply(self) -> list[str]:
        """Piece ids not yet in the building, in catalogue order."""
        used = {p.piece for p in self.building.placements}
        return [pid for pid in self.building.pieces.ids() if pid not in used]

    def shelf(self) -> list[tuple[str, str, int]]:
        """The supply as a person sees it: each shape once, in catalogue order, as (the piece a
        hand takes: its first free copy, its words "tall column, 10×60 mm", how many are left)."""
        cat = self.building.pieces
        out: dict[tuple, list] = {}
        for pid in self.supply():
            bp = cat[pid]
            entry = out.setdefault((bp.parts, bp.mass_g), [pid, f"{cat.name(pid)}, {cat.size(pid)}", 0])
            entry[2] += 1
        return [tuple(e) for e in out.values()]

    def shelf_index(self, piece: str) -> int:
        """Where the piece's shape stands on the shelf."""
        cat = self.building.pieces
        shape = (cat[piece].parts, cat[piece].mass_g)
        for i, (pid, _, _) in enumerate(self.shelf()):
            if (cat[pid].parts, cat[pid].mass_g) == shape:
                return i
        return 0

    def extent(self) -> tuple[float, float, float, float]:
        """The mm box a screen shows: the card with room around it, and the whole building.

        While Stop! is animated the box only grows (as pieces fall beyond it), so the
        picture does not zoom back and forth with every frame.
        """
        x0, y0, x1, y1 = -12.0, -16.0, self.lot.card_mm + 12.0, 130.0
        polys = [p for ps in self._polys for p in ps]
        if self.scene is not None:
            polys += [p for ps in self.pieces_now() for p in ps]
        if self.held is not None:
            polys += self.held_polygons()
        if polys:
            bx0, _, bx1, by1 = geometry.bounds(polys)
            x0, x1, y1 = min(x0, bx0 - 12), max(x1, bx1 + 12), max(y1, by1 + 45)
        if self.scene is not None:
            if self._shown is not None:
                sx0, sy0, sx1, sy1 = self._shown
                x0, y0, x1, y1 = min(x0, sx0), min(y0, sy0), max(x1, sx1), max(y1, sy1)
            self._shown = (x0, y0, x1, y1)
        return x0, y0, x1, y1

    def pieces_now(self) -> list[list[geometry.Polygon]]:
        """Each piece's convex parts (mm) as shown now: placed, or moved by the Stop! animation."""
        if self.scene is None:
            return self._polys
        return [self.scene.outline(i) for i in range(len(self.scene.bodies))]

    def shape(self, piece: str, rotation: float, flip: bool):
        """A piece's parts turned and flipped, moved so its bounding box starts at 0, 0; and its size."""
        key = (piece, rotation, flip)
        if key not in self._shapes:
            parts = [geometry.transform(p, flip=flip, degrees=rotation) for p in self.building.pieces[piece].parts]
            x0, y0, x1, y1 = geometry.bounds(parts)
            self._shapes[key] = ([geometry.transform(p, dx=-x0, dy=-y0) for p in parts], x1 - x0, y1 - y0)
        return self._shapes[key]

    def held_polygons(self):
        """The held piece's parts where the hand holds it (not where it would land)."""
        h = self.held
        parts, _, _ = self.shape(h.piece, h.rotation, h.flip)
        return [geometry.transform(p, dx=h.x, dy=h.y) for p in parts]

    def landing_polygons(self):
        """The held piece's parts where letting go now would put it."""
        p = self.placement()
        parts, _, _ = self.shape(p.piece, p.rotation, p.flip)
        return [geometry.transform(q, dx=p.x, dy=p.y) for q in parts]

    def landing(self) -> tuple[float, int]:
        """Where the held piece comes to rest if let go straight down, and on which floor.

        A piece held inside others is lifted above them first: solid pieces cannot pass
        through each other.
        """
        h = self.held
        key = (h.piece, h.x, h.y, h.rotation, h.flip, self._version)
        if self._landing[0] != key:
            self._landing = (key, self._land(h))
        return self._landing[1]

    def _land(self, h: Held) -> tuple[float, int]:
        parts, w, _ = self.shape(h.piece, h.rotation, h.flip)
        y = max(h.y, 0.0)
        near = [(i, q) for i, ps in enumerate(self._polys) for q in ps
                if self._ext[i][0] < h.x + w - EPS and self._ext[i][2] > h.x + EPS]
        here = [geometry.transform(p, dx=h.x, dy=y) for p in parts]
        if any(geometry.penetration(a, q) > EPS for a in here for _, q in near):
            y = max(y, max(self._ext[i][3] for i, _ in near))
            here = [geometry.transform(p, dx=h.x, dy=y) for p in parts]
        falls = [(geometry.fall_distance(a, q), i) for a in here for i, q in near]
        drop = min([y] + [d for d, _ in falls])
        under = [i for d, i in falls if d <= drop + TOUCH_MM]
        on_table = y - drop <= TOUCH_MM
        floor = 1 if on_table or not under else 1 + max(self.building.placements[i].floor for i in under)
        return math.ceil((y - drop) * 100 - 1e-6) / 100, floor

    def placement(self) -> Placement:
        """The placement letting go of the held piece now would make."""
        h = self.held
        land_y, floor = self.landing()
        return Placement(h.piece, h.x, land_y if self.snap else h.y, h.rotation, h.flip, h.floor or floor)

    def highlighted(self) -> set[int]:
        """Pieces to outline in red: named by a broken rule, or moved in the settle."""
        out = {i for v in self.violations for i in v.pieces}
        if self.verdict is not None and self.phase == "verdict":
            out |= {m["piece"] for m in self.verdict.moved}
        return out

    @property
    def seconds(self) -> float:
        """Time shown by the Stop! animation."""
        return self.frame * world.STEP

    # ---- actions (screens map keys and clicks onto these) -------------------------

    def pick(self, piece: str) -> None:
        """Take a piece from the supply into the hand (the one held before goes back)."""
        supply = self.supply()
        if piece not in supply:
            raise ValueError(f"{piece!r} is not in the supply")
        self.cursor = self.shelf_index(piece)
        if self.held is not None:
            x, y = self.held.x, self.held.y
        else:
            top = max((e[3] for e in self._ext), default=0.0)
            x, y = self.lot.card_mm / 2 - self.shape(piece, 0.0, False)[1] / 2, top + 20
        self.held = Held(piece, x, y)
        self.refusal = ""

    def choose(self, step: int, hold: bool = False, wrap: bool = False) -> None:
        """Move the cursor over the shelf (each shape once), round from the last to the first
        with `wrap` (Tab); with `hold`, take a piece of the shape under it into the hand
        (wrapping)."""
        shelf = self.shelf()
        if not shelf:
            return
        if not hold:
            if wrap:
                self.cursor = (self.cursor + step) % len(shelf)
            else:
                self.cursor = max(0, min(len(shelf) - 1, self.cursor + step))
            return
        if self.held is not None:
            self.cursor = (self.cursor + step) % len(shelf)
        self.pick(shelf[min(self.cursor, len(shelf) - 1)][0])

    def pick_or_drop(self) -> None:
        """Enter: drop the piece in hand, or pick one of the shape under the cursor."""
        if self.held:
            self.drop()
        elif self.supply():
            shelf = self.shelf()
            self.pick(shelf[min(self.cursor, len(shelf) - 1)][0])

    def move_to(self, x: float, y: float) -> None:
        """Hold the piece with the centre of its bounding box at (x, y) mm, x on a 0.5 mm grid."""
        if self.held:
            _, w, h = self.shape(self.held.piece, self.held.rotation, self.held.flip)
            self.held.x = round((x - w / 2) * 2) / 2
            self.held.y = max(0.0, y - h / 2)

    def nudge(self, dx: float, dy: float) -> None:
        if self.held:
            self.held.x += dx
            self.held.y = max(0.0, self.held.y + dy)

    def rotate(self, degrees: float) -> None:
        """Turn the held piece about the centre of its bounding box (004:41)."""
        if self.held:
            self._keep_centre(lambda h: setattr(h, "rotation", (h.rotation + degrees) % 360))

    def flip(self) -> None:
        """Turn the held piece over (004:41)."""
        if self.held:
            self._keep_centre(lambda h: setattr(h, "flip", not h.flip))

    def _keep_centre(self, change) -> None:
        h = self.held
        _, w, hh = self.shape(h.piece, h.rotation, h.flip)
        cx, cy = h.x + w / 2, h.y + hh / 2
        change(h)
        _, w, hh = self.shape(h.piece, h.rotation, h.flip)
        h.x, h.y = round((cx - w / 2) * 2) / 2, max(0.0, cy - hh / 2)

    def set_floor(self, floor: int | None) -> None:
        """The floor keys: 1-9 choose the held piece's floor, 0 (None) lets it follow what
        lies under the piece again."""
        if self.held:
            self.held.floor = floor
            self.refusal = ""

    def toggle_snap(self) -> None:
        self.snap = not self.snap
        self.refusal = ""

    def drop(self) -> int | None:
        """Put the held piece into the building (Building.place); returns its number.

        A drop a match would refuse (DROP_RULES) is refused here too, in the same words:
        the piece stays in hand and `refusal` says which rule refuses it.
        """
        if not self.held:
            return None
        p = self.placement()
        problem = drop_problem(self.building, [p])
        if problem is not None:
            self.refuse(IllegalMove(NOT_THERE + problem.message, problem.rule), placing=True)
            return None
        i = self.building.place(p)
        self.held = None
        self.refusal = ""
        self.message = f"placed piece {i + 1} (a {self.building.pieces.name(p.piece)}) on floor {p.floor}"
        self._changed()
        return i

    def refuse(self, error: IllegalMove, placing: bool = False) -> None:
        """Say why a move was refused (`refusal`, and `message` for when nothing is held)."""
        hint = self.drop_hint(error) if placing and self.held else ""
        piece = len(self.building.placements) + 1 if placing else None
        self.refusal = self.message = refusal_words(error, placing, piece, hint)

    def drop_hint(self, error: IllegalMove) -> str:
        """What to do instead of a refused drop of the held piece ("" when nothing to add)."""
        if error.rule not in DROP_RULES:
            return ""
        if not self.snap:
            return "Snap is off (G): the piece is let go where it is held"
        h, lies = self.held, self.landing()[1]
        if h.floor and h.floor != lies:
            return (f"You chose floor {h.floor}, but here it lies on floor {lies}: "
                    "press 0 and its floor follows what lies under it")
        return ""

    def put_back(self) -> None:
        """The piece in hand goes back to the supply."""
        self.held = None
        self.refusal = ""

    def take_back(self) -> None:
        """004:50 — the last piece placed goes back to the supply."""
        if not self.building.placements:
            self.message = "there is no piece to take back"
            return
        p = self.building.take_back()
        self.message = f"took back the {self.building.pieces.name(p.piece)}"
        self.refusal = ""
        self._changed()

    def next_lot(self, step: int = 1) -> None:
        """Change lot card, keeping what is built (the checks will judge it on the new lot)."""
        k = (self.lots.index(self.lot) + step) % len(self.lots)
        self.building = Building(self.lots[k], 0, self.building.placements, self.building.pieces)
        self._changed()

    def next_outline(self) -> None:
        """004:37 — on a card with two outlines, build on the other one."""
        n = len(self.lot.outlines)
        self.building = Building(self.lot, (self.building.outline + 1) % n, self.building.placements,
                                 self.building.pieces)
        self._changed()

    def stop(self, physics: bool = False) -> None:
        """Stop! Check the rules, get the games' verdict (with `physics`: the settle's, even
        where statics alone decide), and start the animation of it."""
        self.held = None
        self.refusal = ""
        self.violations = self.building.check()
        self.verdict = (settle if physics else judged)(self.building)
        self.scene = build_scene(self.building) if self.building.placements else None
        self._shown = None
        self.frame = 0
        self.hold = True
        self.phase = "settling"
        self.advance(0)

    def finish(self) -> None:
        """Run the Stop! animation at once to where it waits: the verdict's moment, or the end."""
        while self.scene is not None and not self._waiting():
            self.advance(world.CHECK_STEPS)
        self.advance(0)

    def play_on(self) -> None:
        """After the verdict: let the animation go on to show where the pieces end up."""
        if self.phase == "verdict":
            self.hold = False

    def back_to_building(self) -> None:
        self.phase = "build"
        self.scene = None
        self.verdict = None
        self._changed()

    def editing(self) -> None:
        """Any building action after Stop! returns to building first."""
        if self.phase != "build":
            self.back_to_building()

    def _changed(self) -> None:
        self._version += 1
        n = len(self.building.placements)
        self._polys = [list(self.building.polygons(i)) for i in range(n)]
        self._ext = [geometry.bounds(p) for p in self._polys]
        self.violations = self.building.check(complete=False)
        self.cursor = min(self.cursor, max(0, len(self.shelf()) - 1))

    # ---- time ----------------------------------------------------------------------

    def _waiting(self) -> bool:
        """Whether the animation has nothing more to show until asked."""
        if self.scene is None:
            return True
        if self.frame < self.verdict.steps:
            return False
        if self.hold:
            return True
        limit = max(self.verdict.steps, round(SHOW_SECONDS / world.STEP))
        return self.frame >= limit or self.scene.asleep()

    @property
    def at_verdict(self) -> bool:
        """Whether the picture shows the moment the verdict was decided."""
        return self.verdict is not None and (self.scene is None or self.frame == self.verdict.steps)

    def advance(self, steps: int) -> None:
        """Step the Stop! animation up to `steps` fixed steps, never past where it waits."""
        if self.verdict is None:
            return
        for _ in range(steps):
            if self._waiting():
                break
            self.scene.step()
            self.frame += 1
        if self.frame >= self.verdict.steps:
            self.phase = "verdict"

    # ---- words the screens show --------------------------------------------------------

    def header(self) -> tuple[str, str, bool]:
        """The lot line, the count-and-rules line, and whether the second is an alert."""
        b = self.building
        n = len(self.lot.outlines)
        outlines = f" — outline {b.outline + 1} of {n} (O)" if n > 1 else ""
        floors = len(b.floors())
        want_f = f" of {self.lot.floors}" if self.lot.floors else ""
        want_p = f" of {self.lot.pieces}" if self.lot.pieces else ""
        placing = self.violations if self.phase == "build" else []
        if self.phase != "build":
            state = "Stop! called: see the verdict"
        elif not placing:
            state = "placing rules: fine"
        else:
            more = f" (+{len(placing) - 1} more)" if len(placing) > 1 else ""
            state = f"placing rules: {placing[0].message}{more}"
        return (f"Lot: {self.lot_label()}{outlines}",
                f"{len(b.placements)}{want_p} pieces, {floors}{want_f} floors — {state}", bool(placing))

    def holding(self) -> str:
        """What the hand holds, or what to do next; after a refused drop, why first."""
        line = self.hand_line()
        return f"{self.refusal} · {line}" if self.refusal and self.refusal != line else line

    def floor_words(self) -> str:
        """The held piece's floor: where it lies (auto), or the floor chosen and, when it lies
        on another floor there, that too."""
        h = self.held
        lies = self.landing()[1]
        if not h.floor:
            return f"floor {lies} (auto; 1-9 to choose)"
        if h.floor != lies:
            return f"floor {h.floor} (chosen, but it lies on floor {lies} here; 0: auto)"
        return f"floor {h.floor} (chosen; 0: auto)"

    def hand_line(self) -> str:
        """What the hand holds, or what to do next (the refusal apart)."""
        if self.held:
            h = self.held
            p = self.placement()
            return (f"Holding a {self.building.pieces.name(h.piece)}: turned {h.rotation:g}°{', flipped' if h.flip else ''}, "
                    f"{self.floor_words()}, at x {p.x:g} mm, y {p.y:g} mm — snap {'on' if self.snap else 'off'} (G)")
        if self.phase != "build":
            return "S: check again · Backspace: take back · Tab, then Enter: pick a piece and build on"
        return self.message or "Choose a piece in the list (Tab or Up/Down), then Enter picks it up (or click it)."

    def title(self) -> tuple[str, str]:
        """The verdict's headline and its kind: while settling, it stands, it falls, nothing built."""
        v = self.verdict
        if v is None:
            return "", "info"
        if self.phase == "settling":
            return f"Stop! Settling… {self.seconds:.2f} s", "info"
        if v.stands is None:
            return "Nothing built", "alert"
        return ("It stands", "good") if v.stands else ("It falls", "alert")

    def report(self) -> list[ReportItem]:
        """The verdict in words: passes or not, every broken rule, what moved and when."""
        v = self.verdict
        if v is None or self.phase == "settling":
            return []
        passes = v.stands is True and not self.violations
        items = [ReportItem("good" if passes else "alert",
                            "Passes: rules kept and it stands" if passes else "Does not pass")]
        if v.stands is None:
            items.append(ReportItem("alert", "There is no piece on the lot",
                                    ("Place pieces first, then call Stop!",)))
            return items
        if not self.violations:
            items.append(ReportItem("good", "Rule check", ("every rule of 004:37-54 is kept",)))
        items += [ReportItem("alert", f"Broken rule: {viol.rule}", (viol.message,)) for viol in self.violations]
        if v.moved:
            n = len(v.moved)
            lines = []
            for m in v.moved:
                against = "the table" if m["against"] == "table" else f"piece {m['against'] + 1}"
                name = self.building.pieces.name(m["id"])
                lines.append(f"piece {m['piece'] + 1} (the {name}) moved {m['moved_mm']:.1f} mm and turned "
                             f"{m['turned_deg']:.1f}° against {against}")
            items.append(ReportItem("alert", f"At {v.seconds:.2f} s {n} piece{'s' if n > 1 else ''} had moved past "
                                             f"{world.MOVE_LIMIT_MM:g} mm or {world.TURN_LIMIT_DEG:g}°",
                                    tuple(lines)))
        elif v.ended == "statics":
            items.append(ReportItem("good", "Nothing can move", (
                "every piece lies wholly on the flat top below it, every load inside what holds it",)))
        else:
            why = {"asleep": "every piece came to rest", "time": "the whole watch"}.get(v.ended, v.ended)
            items.append(ReportItem("good", f"Nothing moved past {world.MOVE_LIMIT_MM:g} mm or "
                                            f"{world.TURN_LIMIT_DEG:g}°", (f"watched {v.seconds:.2f} s: {why}",)))
        if v.ended == "statics":
            shown = "The picture shows the building as it was placed: it stands as it is"
        elif self.at_verdict:
            shown = f"The picture shows the moment of the verdict, {v.seconds:.2f} s after Stop!"
            if v.moved:
                shown += " — P: play on"
        else:
            shown = f"The picture shows {self.seconds:.2f} s after Stop!; the verdict was at {v.seconds:.2f} s"
        items.append(ReportItem("info", shown))
        return items
