"""The practice screens: build a house on a lot and shout "Stop!", or pour drinks.

Each screen is a small state object driven by pygame events (`handle`), advanced one
frame at a time (`update`: four fixed physics steps of 1/240 s) and painted onto any
Surface (`draw`), so tests and headless snapshots use exactly what the window shows.
`run` owns the window and the 60 fps loop. The physics itself lives in the
pygame-free modules; a Stop! verdict always comes from `stability.settle`, and the
animation replays the same deterministic steps for people to watch.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from dataclasses import dataclass

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from core import assets  # noqa: E402
from core.components import DrinkSet  # noqa: E402

from . import geometry, render, vending, world  # noqa: E402
from .building import Building, Lot, Placement  # noqa: E402
from .cli import preset_lots  # noqa: E402
from .vending import random_drinks  # noqa: E402
from .stability import build_scene, settle  # noqa: E402
from .world import TOUCH_MM  # noqa: E402

FPS = 60
STEPS_PER_FRAME = round(1 / (FPS * world.STEP))
SIZE = (1280, 800)
SHOW_SECONDS = 3.0      # how long a collapse stays animated after Stop!
EPS = 1e-6
PRESET_LOTS = preset_lots()


def lot_label(lot: Lot) -> str:
    """How a lot card reads: floors, numeral and piece count, or Countdown's card edge."""
    if lot.floors is None and lot.numeral is None:
        return f"card edge (Countdown), {lot.card_mm:g} mm"
    parts = []
    if lot.floors is not None:
        parts.append(f"{lot.floors} floor{'s' if lot.floors != 1 else ''}")
    if lot.numeral is not None:
        parts.append(f"{lot.numeral} ({lot.pieces} pieces)")
    return ", ".join(parts)


def _ui(size) -> float:
    """How much larger than at 1280×800 words and panels are drawn (never smaller)."""
    return max(1.0, min(size[0] / SIZE[0], size[1] / SIZE[1]))


def _layout(size) -> dict[str, pygame.Rect]:
    w, h = size
    u = _ui(size)
    panel = int(max(300 * u, min(440 * u, w * 0.3)))
    header = footer = int(70 * u)
    return {"play": pygame.Rect(0, header, w - panel, h - header - footer),
            "header": pygame.Rect(0, 0, w - panel, header),
            "footer": pygame.Rect(0, h - footer, w - panel, footer),
            "panel": pygame.Rect(w - panel, 0, panel, h)}


BUILD_HELP = (
    "Mouse: move · click: drop · wheel: turn · right-click: put back · Tab / Up-Down: choose · "
    "Enter: pick or drop · L: lot",
    "Arrows: move 1 mm (Shift 10) · R / E: turn 15° (Shift 90°) · F: flip · 1-9: floor · G: snap · "
    "Backspace: take back · S: Stop! · Esc: quit",
)

_BUILD_KEYS = frozenset([pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP,
                         pygame.K_PAGEDOWN, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_r,
                         pygame.K_e, pygame.K_f, pygame.K_g, pygame.K_BACKSPACE, pygame.K_l, pygame.K_o,
                         *range(pygame.K_0, pygame.K_9 + 1)])


def _key(event) -> tuple[int, bool]:
    return getattr(event, "key", 0), bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)


# ---- landing: where a held piece comes to rest when let go ---------------------------

def _span(poly, x: float):
    """The vertical extent of a convex polygon on the line through x, or None."""
    ys = []
    n = len(poly)
    for k in range(n):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % n]
        if min(x0, x1) - EPS <= x <= max(x0, x1) + EPS:
            if abs(x1 - x0) < EPS:
                ys += [y0, y1]
            else:
                ys.append(y0 + (x - x0) / (x1 - x0) * (y1 - y0))
    return (min(ys), max(ys)) if ys else None


def fall_distance(a, b) -> float:
    """How far convex `a` can move straight down before it touches convex `b` (inf: never).

    The first contact of two convex polygons sliding vertically is a vertex of one on
    an edge of the other, so casting every vertex is exact.
    """
    ax0, _, ax1, _ = geometry.bounds([a])
    bx0, _, bx1, _ = geometry.bounds([b])
    if ax1 <= bx0 + EPS or bx1 <= ax0 + EPS:
        return math.inf
    best = math.inf
    for vx, vy in a:
        s = _span(b, vx)
        if s and s[1] <= vy + EPS:
            best = min(best, vy - s[1])
    for wx, wy in b:
        s = _span(a, wx)
        if s and s[0] >= wy - EPS:
            best = min(best, s[0] - wy)
    return max(best, 0.0)


@dataclass
class Held:
    """The piece in hand: lower-left corner of its bounding box (mm), turn, flip, floor."""
    piece: str
    x: float
    y: float
    rotation: float = 0.0
    flip: bool = False
    floor: int | None = None     # None: the floor it lands on


class BuildPractice:
    """The build screen's state: lot, building, the piece in hand, and Stop!'s verdict."""

    def __init__(self, building: Building | None = None, size=SIZE, lots=PRESET_LOTS):
        self.lots = list(lots)
        if building is None:
            building = Building(self.lots[0])
        elif building.lot not in self.lots:
            self.lots.insert(0, building.lot)
        self.building = building
        self.size = tuple(size)
        self.held: Held | None = None
        self.cursor = 0
        self.snap = True
        self.quit = False
        self.phase = "build"          # build, settling (verdict not known yet), verdict
        self.message = ""
        self.violations: list = []
        self.verdict = None
        self.scene = None
        self.frame = 0
        self.text = render.Text()
        self._shapes: dict = {}
        self._icons: dict = {}
        self._version = 0
        self._landing: tuple = (None, None)
        self._changed()

    # ---- reading the state --------------------------------------------------------

    @property
    def lot(self) -> Lot:
        return self.building.lot

    def supply(self) -> list[str]:
        """Piece ids not yet in the building, in catalogue order."""
        used = {p.piece for p in self.building.placements}
        return [pid for pid in self.building.pieces.ids() if pid not in used]

    def view(self) -> render.View:
        """The play area's view: the card with room around it, and the whole building."""
        x0, y0, x1, y1 = -12.0, -16.0, self.lot.card_mm + 12.0, 130.0
        if self._polys:
            bx0, _, bx1, by1 = geometry.bounds([p for ps in self._polys for p in ps])
            x0, x1, y1 = min(x0, bx0 - 12), max(x1, bx1 + 12), max(y1, by1 + 45)
        return render.View.fit(_layout(self.size)["play"].inflate(-24, -16), x0, y0, x1, y1)

    def shape(self, piece: str, rotation: float, flip: bool):
        """A piece's parts turned and flipped, moved so its bounding box starts at 0, 0."""
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
        falls = [(fall_distance(a, q), i) for a in here for i, q in near]
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

    # ---- actions (events map onto these; tests may call them too) ------------------

    def pick(self, piece: str) -> None:
        """Take a piece from the supply into the hand (the one held before goes back)."""
        supply = self.supply()
        if piece not in supply:
            raise ValueError(f"{piece!r} is not in the supply")
        self.cursor = supply.index(piece)
        if self.held is not None:
            x, y = self.held.x, self.held.y
        else:
            top = max((e[3] for e in self._ext), default=0.0)
            x, y = self.lot.card_mm / 2 - self.shape(piece, 0.0, False)[1] / 2, top + 20
        self.held = Held(piece, x, y)

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
        """Turn the held piece about the centre of its bounding box."""
        if self.held:
            self._keep_centre(lambda h: setattr(h, "rotation", (h.rotation + degrees) % 360))

    def flip(self) -> None:
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
        if self.held:
            self.held.floor = floor

    def drop(self) -> int | None:
        """Put the held piece into the building (Building.place); returns its number."""
        if not self.held:
            return None
        p = self.placement()
        i = self.building.place(p)
        self.held = None
        self.cursor = min(self.cursor, max(0, len(self.supply()) - 1))
        self.message = f"placed piece {i + 1} ({p.piece}) on floor {p.floor}"
        self._changed()
        return i

    def put_back(self) -> None:
        self.held = None

    def take_back(self) -> None:
        """004:50 — the last piece placed goes back to the supply."""
        if not self.building.placements:
            self.message = "there is no piece to take back"
            return
        p = self.building.take_back()
        self.message = f"took back {p.piece}"
        self._changed()

    def next_lot(self, step: int = 1) -> None:
        """Change lot card, keeping what is built (the checks will judge it on the new lot)."""
        k = (self.lots.index(self.lot) + step) % len(self.lots)
        self.building = Building(self.lots[k], 0, self.building.placements, self.building.pieces)
        self._changed()

    def next_outline(self) -> None:
        n = len(self.lot.outlines)
        self.building = Building(self.lot, (self.building.outline + 1) % n, self.building.placements,
                                 self.building.pieces)
        self._changed()

    def stop(self) -> None:
        """Stop! Check the rules, get the settle verdict, and start the animation of it."""
        self.held = None
        self.violations = self.building.check()
        self.verdict = settle(self.building)
        self.scene = build_scene(self.building)
        self.frame = 0
        self.phase = "settling"
        self._advance(0)

    def finish(self) -> None:
        """Run the Stop! animation to its end at once (headless snapshots)."""
        while self.scene is not None and not self._animation_over():
            self._advance(STEPS_PER_FRAME)

    def back_to_building(self) -> None:
        self.phase = "build"
        self.scene = None
        self.verdict = None
        self._changed()

    def _changed(self) -> None:
        self._version += 1
        n = len(self.building.placements)
        self._polys = [self.building.polygons(i) for i in range(n)]
        self._ext = [geometry.bounds(p) for p in self._polys]
        self.violations = self.building.check(complete=False)
        self.cursor = min(self.cursor, max(0, len(self.supply()) - 1))

    # ---- time ----------------------------------------------------------------------

    def _animation_over(self) -> bool:
        if self.frame < self.verdict.steps:
            return False
        limit = max(self.verdict.steps, round(SHOW_SECONDS / world.STEP))
        return self.frame >= limit or all(b.is_sleeping for b in self.scene.bodies)

    def _advance(self, steps: int) -> None:
        for _ in range(steps):
            if self._animation_over():
                break
            self.scene.step()
            self.frame += 1
        if self.frame >= self.verdict.steps:
            self.phase = "verdict"

    def update(self) -> None:
        """One frame: four physics steps while the Stop! animation runs."""
        if self.scene is not None:
            self._advance(STEPS_PER_FRAME)

    # ---- input ---------------------------------------------------------------------

    def handle(self, event) -> None:
        """React to one pygame event."""
        t = event.type
        if t == pygame.QUIT:
            self.quit = True
        elif t == pygame.VIDEORESIZE:
            self.size = (event.w, event.h)
        elif t == pygame.KEYDOWN:
            self._key(*_key(event))
        elif t == pygame.MOUSEMOTION:
            if self.phase == "build" and _layout(self.size)["play"].collidepoint(event.pos):
                self.move_to(*self.view().mm(*event.pos))
        elif t == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._click(event.pos, event.button)
        elif t == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", None)
            if pos is None and pygame.display.get_init():
                pos = pygame.mouse.get_pos()
            over_panel = pos is not None and _layout(self.size)["panel"].collidepoint(pos)
            if self.held is None or over_panel:
                self._move_cursor(-event.y)
            else:
                self._editing()
                self.rotate(15 * event.y)

    def _editing(self) -> None:
        if self.phase != "build":
            self.back_to_building()

    def _key(self, key: int, shift: bool) -> None:
        K = pygame
        if key == K.K_ESCAPE:
            self.quit = True
            return
        if key == K.K_s:
            self.stop()
            return
        if key not in _BUILD_KEYS:
            return
        self._editing()
        step = 10.0 if shift else 1.0
        if key == K.K_TAB:
            self._move_cursor(-1 if shift else 1, hold=True)
        elif key in (K.K_UP, K.K_DOWN, K.K_LEFT, K.K_RIGHT) and self.held:
            self.nudge({K.K_LEFT: -step, K.K_RIGHT: step}.get(key, 0.0),
                       {K.K_UP: step, K.K_DOWN: -step}.get(key, 0.0))
        elif key in (K.K_UP, K.K_DOWN):
            self._move_cursor(-1 if key == K.K_UP else 1)
        elif key in (K.K_PAGEUP, K.K_PAGEDOWN):
            self._move_cursor(-10 if key == K.K_PAGEUP else 10)
        elif key in (K.K_RETURN, K.K_KP_ENTER, K.K_SPACE):
            if self.held:
                self.drop()
            elif self.supply():
                self.pick(self.supply()[self.cursor])
        elif key == K.K_r:
            self.rotate(90 if shift else 15)
        elif key == K.K_e:
            self.rotate(-90 if shift else -15)
        elif key == K.K_f:
            self.flip()
        elif K.K_1 <= key <= K.K_9:
            self.set_floor(key - K.K_0)
        elif key == K.K_0:
            self.set_floor(None)
        elif key == K.K_g:
            self.snap = not self.snap
        elif key == K.K_BACKSPACE:
            self.take_back()
        elif key == K.K_l:
            self.next_lot(-1 if shift else 1)
        elif key == K.K_o:
            self.next_outline()

    def _move_cursor(self, step: int, hold: bool = False) -> None:
        supply = self.supply()
        if not supply:
            return
        if not hold:
            self.cursor = max(0, min(len(supply) - 1, self.cursor + step))
            return
        if self.held is not None:
            self.cursor = (self.cursor + step) % len(supply)
        self.pick(supply[self.cursor])

    def _click(self, pos, button: int) -> None:
        lay = _layout(self.size)
        if button == 3:
            self.put_back()
            return
        if lay["panel"].collidepoint(pos):
            if self.phase != "build":
                return
            for rect, i in self.supply_rows():
                if rect.collidepoint(pos):
                    self.pick(self.supply()[i])
                    self.move_to(*self.view().mm(*lay["play"].center))
                    return
        elif lay["play"].collidepoint(pos):
            self._editing()
            if self.held:
                self.move_to(*self.view().mm(*pos))
                self.drop()

    def supply_rows(self) -> list[tuple[pygame.Rect, int]]:
        """The supply rows on screen now, as (rect, index into the supply)."""
        panel = _layout(self.size)["panel"]
        u = _ui(self.size)
        top, row = panel.y + round(52 * u), round(26 * u)
        visible = max(1, (panel.bottom - top - 8) // row)
        n = len(self.supply())
        first = max(0, min(self.cursor - visible // 2, n - visible))
        return [(pygame.Rect(panel.x + 8, top + k * row, panel.width - 16, row - 2), first + k)
                for k in range(min(visible, n - first))]

    # ---- drawing -------------------------------------------------------------------

    def draw(self, surface) -> None:
        """Paint the whole screen onto `surface` (any size; the layout follows it)."""
        self.size = surface.get_size()
        self.text.scale = _ui(self.size)
        lay = _layout(self.size)
        surface.fill(render.BACKGROUND)
        view = self.view()
        surface.set_clip(lay["play"])
        render.draw_table(surface, view, self.lot, self.building.outline, self.text)
        if self.scene is not None:
            render.draw_bodies(surface, view, self.scene.bodies, self.highlighted(), self.text)
        else:
            render.draw_pieces(surface, view, self._polys, self.highlighted(), self.text)
            if self.held:
                self._draw_held(surface, view)
        surface.set_clip(None)
        self._draw_header(surface, lay["header"])
        self._draw_footer(surface, lay["footer"])
        pygame.draw.rect(surface, render.PANEL, lay["panel"])
        if self.phase == "build":
            self._draw_supply(surface, lay["panel"])
        else:
            self._draw_verdict(surface, lay["panel"])

    def _draw_held(self, surface, view) -> None:
        p = self.placement()
        parts, _, _ = self.shape(p.piece, p.rotation, p.flip)
        for part in parts:
            render.polygon(surface, view, geometry.transform(part, dx=p.x, dy=p.y), render.GHOST)
        if abs(self.held.y - p.y) > 0.5:
            for poly in self.held_polygons():
                render.polygon(surface, view, poly, None, render.FAINT, 1)

    def _draw_header(self, surface, rect) -> None:
        t, u = self.text, self.text.scale
        b = self.building
        n = len(self.lot.outlines)
        outlines = f" — outline {b.outline + 1} of {n} (O)" if n > 1 else ""
        t.draw(surface, f"Build practice — lot: {lot_label(self.lot)}{outlines}   (L: next lot)",
               (rect.x + 12 * u, rect.y + 10 * u), 24, bold=True)
        floors = len(b.floors())
        want_f = f" of {self.lot.floors}" if self.lot.floors else ""
        want_p = f" of {self.lot.pieces}" if self.lot.pieces else ""
        placing = self.violations if self.phase == "build" else []
        if self.phase != "build":
            state = "Stop! called: the verdict is on the right"
        elif not placing:
            state = "placing rules: fine"
        else:
            more = f" (+{len(placing) - 1} more)" if len(placing) > 1 else ""
            state = f"placing rules: {placing[0].message}{more}"
        colour = render.INK if not placing else render.ALERT
        t.draw(surface, f"{len(b.placements)}{want_p} pieces, {floors}{want_f} floors — {state}",
               (rect.x + 12 * u, rect.y + 40 * u), 20, colour)

    def _draw_footer(self, surface, rect) -> None:
        t, u = self.text, self.text.scale
        if self.held:
            h = self.held
            p = self.placement()
            floor = f"floor {p.floor}" + ("" if h.floor else " (auto; 1-9 to choose)")
            line = (f"Holding {h.piece}: turned {h.rotation:g}°{', flipped' if h.flip else ''}, {floor}, "
                    f"at x {p.x:g} mm, y {p.y:g} mm — snap {'on' if self.snap else 'off'} (G)")
        elif self.phase != "build":
            line = "S: check again · Backspace: take back · Tab: pick a piece and build on · Esc: quit"
        else:
            line = self.message or "Pick a piece from the supply (click, or Tab / Up-Down and Enter)."
        t.draw(surface, line, (rect.x + 12 * u, rect.y + 4 * u), 18)
        for k, help_line in enumerate(BUILD_HELP):
            size = 16 if t.font(16).size(help_line)[0] <= rect.width - 24 * u else 14
            t.draw(surface, help_line, (rect.x + 12 * u, rect.y + (28 + 18 * k) * u), size, render.FAINT)

    def _draw_supply(self, surface, panel) -> None:
        t, u = self.text, self.text.scale
        supply = self.supply()
        t.draw(surface, f"Supply — {len(supply)} pieces", (panel.x + 12 * u, panel.y + 14 * u), 24, bold=True)
        for rect, i in self.supply_rows():
            pid = supply[i]
            held = self.held is not None and self.held.piece == pid
            if i == self.cursor or held:
                pygame.draw.rect(surface, (250, 246, 236) if not held else render.GHOST, rect, border_radius=4)
                pygame.draw.rect(surface, render.INK, rect, 1, border_radius=4)
            icon = self._icon(pid, u)
            surface.blit(icon, icon.get_rect(midleft=(rect.x + 4 * u, rect.centery)))
            t.draw(surface, pid, (rect.x + 64 * u, rect.centery), 19, anchor="midleft")

    def _icon(self, pid: str, u: float) -> pygame.Surface:
        """A small picture of a piece for the supply list."""
        key = (pid, u)
        if key not in self._icons:
            parts, w, h = self.shape(pid, 0.0, False)
            icon = pygame.Surface((round(52 * u), round(20 * u)))
            icon.fill(render.PANEL)
            view = render.View.fit(icon.get_rect().inflate(-2, -2), 0, 0, max(w, 1), max(h, 1))
            for part in parts:
                render.polygon(icon, view, part, render.WOOD[0], render.PIECE_EDGE, 1)
            self._icons[key] = icon
        return self._icons[key]

    def _draw_verdict(self, surface, panel) -> None:
        t, u = self.text, self.text.scale
        x, y, width = panel.x + 14 * u, panel.y + 14 * u, panel.width - 28 * u
        if self.phase == "settling":
            t.draw(surface, f"Stop! Settling… {self.frame * world.STEP:.2f} s", (x, y), 26, bold=True)
            return
        v = self.verdict
        passes = v.stands and not self.violations
        t.draw(surface, "It stands" if v.stands else "It falls", (x, y), 32,
               render.GOOD if v.stands else render.ALERT, True)
        y += 38 * u
        t.draw(surface, "Passes: rules kept and it stands" if passes else "Does not pass", (x, y), 20,
               render.GOOD if passes else render.ALERT, True)
        y += 30 * u
        items = [(f"Broken rule: {viol.rule}", viol.message) for viol in self.violations]
        if v.moved:
            items.append((f"Moved past {world.MOVE_LIMIT_MM:g} mm or {world.TURN_LIMIT_DEG:g}° within "
                          f"{v.seconds:.2f} s: {len(v.moved)} piece{'s' if len(v.moved) > 1 else ''}",
                          [f"piece {m['piece'] + 1} ({m['id']}) moved {m['moved_mm']:.1f} mm, "
                           f"turned {m['turned_deg']:.1f}°" for m in v.moved]))
        if not self.violations:
            items.insert(0, ("Rule check", "every rule of 004:37-54 is kept"))
        line_h = t.font(18).get_linesize()
        for head, body in items:
            for line in t.wrap(head, width, 18, True):
                if y > panel.bottom - 24 * u:
                    return
                t.draw(surface, line, (x, y), 18, render.ALERT if head != "Rule check" else render.GOOD, True)
                y += line_h
            for para in [body] if isinstance(body, str) else body:
                for line in t.wrap(para, width - 8 * u, 18):
                    if y > panel.bottom - 24 * u:
                        return
                    t.draw(surface, line, (x + 8 * u, y), 18)
                    y += line_h
            y += 8 * u


# ---- vending ------------------------------------------------------------------------

class VendingPractice:
    """The vending screen's state: which drinks to pour, the pour under way, its result."""

    def __init__(self, seed: int = 1, count: int = 6, size=SIZE):
        self.seed = seed
        self.count = count
        self.colours: set[int] = set()
        self.size = tuple(size)
        self.pour: vending.Pour | None = None
        self.cleared: list[int] = []
        self.quit = False
        self.machine = vending.machine()
        ds = DrinkSet.from_asset(assets.load("drinks.toml"))
        self.drinkset = ds
        self.codes = [ds.code(i) for i in range(36)]
        self.text = render.Text()

    def chosen(self) -> list[int]:
        """The chosen colours' drinks, or else `count` random ones for this seed."""
        if self.colours:
            return [c * 6 + s for c in sorted(self.colours) for s in range(6)]
        return random_drinks(self.seed, self.count)

    def start(self) -> None:
        """P: throw the chosen drinks into the machine (animated by `update`)."""
        self.pour = vending.start_pour(self.chosen(), self.seed, self.machine)
        self.cleared = []

    def finish(self) -> None:
        """Run the pour to its end at once (headless snapshots)."""
        while self.pour is not None and not self.pour.done:
            self.update()

    def clear(self) -> None:
        """C: take the stuck drinks out of the machine (004:223)."""
        if self.pour is not None and self.pour.done:
            self.cleared = self.pour.clear_stuck()

    def update(self) -> None:
        """One frame: four fixed steps of the pour; past the machine's time limit it ends."""
        p = self.pour
        if p is None or p.done:
            return
        limit = round(self.machine.seconds / world.STEP)
        for _ in range(STEPS_PER_FRAME):
            if p.done or p.steps >= limit:
                break
            p.step()
        if not p.done and p.steps >= limit:
            p.run()

    def toggle_colour(self, colour: int) -> None:
        self.colours ^= {colour}
        self.pour = None

    def set_count(self, count: int) -> None:
        self.count = max(1, min(36, count))
        self.colours.clear()
        self.pour = None

    def new_seed(self) -> None:
        self.seed += 1
        self.pour = None

    # ---- input ---------------------------------------------------------------------

    def handle(self, event) -> None:
        """React to one pygame event."""
        t = event.type
        if t == pygame.QUIT:
            self.quit = True
        elif t == pygame.VIDEORESIZE:
            self.size = (event.w, event.h)
        elif t == pygame.KEYDOWN:
            self._key(*_key(event), getattr(event, "unicode", ""))
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self.buttons():
                if rect.collidepoint(event.pos):
                    action()
                    return

    def _key(self, key: int, shift: bool, char: str) -> None:
        K = pygame
        letters = {getattr(K, f"K_{k.letter.lower()}", None): c for c, k in enumerate(self.drinkset.colours)}
        if key == K.K_ESCAPE:
            self.quit = True
        elif char == "+" or key in (K.K_PLUS, K.K_KP_PLUS, K.K_EQUALS):
            self.set_count(self.count + 1)
        elif char == "-" or key in (K.K_MINUS, K.K_KP_MINUS):
            self.set_count(self.count - 1)
        elif K.K_1 <= key <= K.K_6:
            self.toggle_colour(key - K.K_1)
        elif shift and key in letters:
            self.toggle_colour(letters[key])
        elif key == K.K_p:
            self.start()
        elif key == K.K_c:
            self.clear()
        elif key == K.K_n:
            self.new_seed()

    def buttons(self):
        """Clickable areas of the panel as (rect, action)."""
        panel = _layout(self.size)["panel"]
        u = _ui(self.size)
        x, y = panel.x + round(14 * u), panel.y + round(110 * u)
        out = []
        for c in range(6):
            out.append((pygame.Rect(x + round(c * 46 * u), y, round(40 * u), round(30 * u)),
                        lambda c=c: self.toggle_colour(c)))
        y += round(44 * u)
        labels = (("−", lambda: self.set_count(self.count - 1)), ("+", lambda: self.set_count(self.count + 1)),
                  ("Pour (P)", self.start), ("Clear (C)", self.clear), ("Seed (N)", self.new_seed))
        bx = x
        for label, action in labels:
            w = round((34 if len(label) == 1 else 84) * u)
            if bx + w > panel.right - 8:
                bx, y = x, y + round(38 * u)
            out.append((pygame.Rect(bx, y, w, round(30 * u)), action))
            bx += w + round(6 * u)
        return out

    # ---- drawing -------------------------------------------------------------------

    def view(self) -> render.View:
        m = self.machine
        return render.View.fit(_layout(self.size)["play"].inflate(-24, -24), -10, -14, m.width + 10,
                               max(m.height, m.hopper_y + 60))

    def draw(self, surface) -> None:
        self.size = surface.get_size()
        t = self.text
        t.scale = u = _ui(self.size)
        lay = _layout(self.size)
        surface.fill(render.BACKGROUND)
        view = self.view()
        surface.set_clip(lay["play"])
        render.draw_machine(surface, view, self.machine, t)
        if self.pour is not None:
            render.draw_drinks(surface, view, self.pour, self.codes, t)
        surface.set_clip(None)
        head = lay["header"]
        t.draw(surface, f"Vending practice (JIDOHANBAIKI) — seed {self.seed}", (head.x + 12 * u, head.y + 10 * u),
               24, bold=True)
        t.draw(surface, self._status(), (head.x + 12 * u, head.y + 40 * u), 20)
        foot = lay["footer"]
        t.draw(surface, "+/- how many at random · 1-6 or Shift+W M K B R P: a colour's six drinks · "
                        "P pour · C clear stuck · N new seed · Esc quit", (foot.x + 12 * u, foot.y + 18 * u), 16,
               render.FAINT)
        self._draw_panel(surface, lay["panel"])

    def _status(self) -> str:
        p = self.pour
        if p is None:
            return "Press P to pour."
        if not p.done:
            return f"Pouring… {p.seconds:.2f} s, {len(p.out)} out so far"
        return (f"Done after {p.seconds:.2f} s: {len(p.out)} came out, {len(p.stuck)} stuck"
                + (f", {len(self.cleared)} cleared" if self.cleared else ""))

    def _draw_panel(self, surface, panel) -> None:
        t, u = self.text, self.text.scale
        pygame.draw.rect(surface, render.PANEL, panel)
        x, y = panel.x + 14 * u, panel.y + 14 * u
        what = (f"the {', '.join(self.drinkset.colours[c].name for c in sorted(self.colours))} drinks"
                if self.colours else f"{self.count} at random")
        t.draw(surface, f"Drinks: {what}", (x, y), 24, bold=True)
        t.draw(surface, f"seed {self.seed} (N: next) · +/-: how many at random", (x, y + 32 * u), 18)
        t.draw(surface, "colours (click or 1-6):", (x, y + 70 * u), 18, render.FAINT)
        buttons = self.buttons()
        for c, (rect, _) in enumerate(buttons[:6]):
            chip = render.drink_chip(surface, t, rect.topleft, c * 6, self.drinkset.colours[c].letter, 22)
            if c in self.colours:
                pygame.draw.rect(surface, render.GOOD, chip.inflate(6, 6), 3, border_radius=6)
        labels = ("−", "+", "Pour (P)", "Clear (C)", "Seed (N)")
        for (rect, _), label in zip(buttons[6:], labels):
            pygame.draw.rect(surface, (250, 246, 236), rect, border_radius=5)
            pygame.draw.rect(surface, render.INK, rect, 1, border_radius=5)
            t.draw(surface, label, rect.center, 20, anchor="center")
        y = buttons[-1][0].bottom + 18 * u
        p = self.pour
        drinks = p.drinks if p is not None else self.chosen()
        sections = [("Poured" if p is not None else "Will pour", drinks)]
        if p is not None and p.done:
            sections += [("Came out", p.out), ("Stuck", p.stuck)]
            if self.cleared:
                sections.append(("Cleared from the machine", self.cleared))
        elif p is not None:
            sections.append(("Out so far", p.out))
        for title, items in sections:
            t.draw(surface, f"{title} ({len(items)})", (x, y), 20, bold=True)
            y += 24 * u
            cx = x
            for d in items:
                if cx + 40 * u > panel.right - 8:
                    cx, y = x, y + 30 * u
                cx = render.drink_chip(surface, t, (cx, y), d, self.codes[d]).right + 4 * u
            y += 40 * u


# ---- window loop, snapshots and the benchmark ----------------------------------------

def run(screen, *, fullscreen: bool = False, size=SIZE, caption: str = "Tokyo practice") -> None:
    """Open a window (or the full screen) and run `screen` at 60 fps until it quits."""
    pygame.display.init()
    pygame.font.init()
    try:
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        display = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        pygame.display.set_caption(caption)
        pygame.key.set_repeat(300, 40)
        clock = pygame.time.Clock()
        while not screen.quit:
            for event in pygame.event.get():
                screen.handle(event)
            screen.update()
            screen.draw(display)
            pygame.display.flip()
            clock.tick(FPS)
    finally:
        pygame.display.quit()


def snapshot(screen, path, size=SIZE) -> None:
    """Paint `screen` onto an off-screen Surface and save it as a PNG (OSError if it cannot)."""
    surface = pygame.Surface(size)
    screen.draw(surface)
    try:
        render.save_png(surface, path)
    except pygame.error as e:
        raise OSError(str(e)) from e


def bench_building(pieces: int = 40) -> Building:
    """A tower of `pieces` pieces for the benchmark.

    Pieces of one height are laid side by side in rows no wider than the card edge;
    the rows are stacked widest first and centred, so every row rests on a wider one.
    Rectangles come first; other shapes (needed past 43 pieces) go on top.
    """
    cat = Building(PRESET_LOTS[0]).pieces
    rects = [pid for pid in cat.ids() if len(cat[pid].parts) == 1 and len(cat[pid].parts[0]) == 4]
    order = rects + [pid for pid in cat.ids() if pid not in rects]
    if not 0 <= pieces <= len(order):
        raise ValueError(f"there are {len(order)} pieces")
    width = 110.0
    rows: list[list[str]] = []
    for pid in sorted(order[:pieces], key=lambda p: (p not in rects, cat[p].height)):
        row = rows[-1] if rows else None
        if (row is None or cat[row[0]].height != cat[pid].height or pid not in rects
                or sum(cat[q].width for q in row) + cat[pid].width > width):
            rows.append([pid])
        else:
            row.append(pid)
    rows.sort(key=lambda r: (r[0] not in rects, -sum(cat[q].width for q in r)))
    b = Building(Lot.card_edge(width))
    y = 0.0
    for floor, row in enumerate(rows, start=1):
        x = (width - sum(cat[q].width for q in row)) / 2
        for pid in row:
            b.place(Placement(pid, x, y, 0.0, False, floor))
            x += cat[pid].width
        y += max(cat[q].height for q in row)
    return b


def frame_time(pieces: int = 40, frames: int = 60) -> float:
    """Median seconds per frame (4 physics steps + the full build-screen draw), headless.

    Measured after Stop!, with the verdict panel up and the scene stepped every frame
    whether or not its bodies have gone to sleep.
    """
    bp = BuildPractice(bench_building(pieces))
    surface = pygame.Surface(SIZE)
    bp.stop()
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        for _ in range(STEPS_PER_FRAME):
            bp.scene.step()
        bp.frame += STEPS_PER_FRAME
        bp.draw(surface)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)
