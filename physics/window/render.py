"""Drawing the physics onto a pygame Surface: lots, pieces, the vending machine, drinks.

Pure drawing: nothing here steps a simulation or reads input, and nothing needs a
window, so the same code paints the practice screens and headless PNG snapshots.
The simulation works in mm with y up; `View` maps that onto pixels with y down.
The colours are physics.practice.palette's, re-exported here for the screens.
"""

from __future__ import annotations

import math
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ..building import Building, Lot  # noqa: E402
from ..practice.palette import (ALERT, BACKGROUND, BUTTON, CARD, DRINK_FILL, DRINK_TEXT, FAINT,  # noqa: E402,F401
                                GHOST, GOOD, INK, MACHINE, OUTLINE_OFF, OUTLINE_ON, PANEL, PIECE_EDGE,
                                TABLE, TABLE_EDGE, WOOD, piece_colour)
from ..practice.view import View  # noqa: E402
from ..vending import Machine  # noqa: E402


class Text:
    """Fonts and rendered lines, cached: a frame redraws the same words many times.

    Sizes are given as at 1280×800; `scale` enlarges them all for larger screens.
    """

    def __init__(self, scale: float = 1.0):
        if not pygame.font.get_init():
            pygame.font.init()
        self.scale = scale
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._lines: dict[tuple, pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(1, round(size * self.scale)), bold)
        if key not in self._fonts:
            f = pygame.font.Font(None, key[0])
            f.bold = bold
            self._fonts[key] = f
        return self._fonts[key]

    def render(self, text: str, size: int = 20, colour=INK, bold: bool = False) -> pygame.Surface:
        key = (text, max(1, round(size * self.scale)), bold, tuple(colour))
        surf = self._lines.get(key)
        if surf is None:
            if len(self._lines) > 2000:
                self._lines.clear()
            surf = self.font(size, bold).render(text, True, colour)
            self._lines[key] = surf
        return surf

    def draw(self, surface, text: str, pos, size: int = 20, colour=INK, bold: bool = False,
             anchor: str = "topleft") -> pygame.Rect:
        surf = self.render(text, size, colour, bold)
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(surf, rect)
        return rect

    def wrap(self, text: str, width: int, size: int = 20, bold: bool = False) -> list[str]:
        """Words split into lines no wider than `width` pixels."""
        font = self.font(size, bold)
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        if line:
            lines.append(line)
        return lines


def polygon(surface, view: View, poly, fill, edge=PIECE_EDGE, width: int = 1) -> None:
    """A polygon in mm, filled (unless `fill` is None) and outlined `width` pixels wide."""
    pts = view.points(poly)
    if fill is not None:
        pygame.draw.polygon(surface, fill, pts)
    if width > 0 and edge is not None:
        pygame.draw.polygon(surface, edge, pts, width)


def draw_table(surface, view: View, lot: Lot, outline: int = 0, text: Text | None = None) -> None:
    """The table at y = 0, the lot card lying on it, its outlines (the chosen one in green)."""
    w, h = surface.get_size()
    _, y0 = view.px(0, 0)
    pygame.draw.rect(surface, TABLE, (0, round(y0), w, h - round(y0)))
    pygame.draw.line(surface, TABLE_EDGE, (0, round(y0)), (w, round(y0)), 2)
    cx0, cy0 = view.px(0, 0)
    cx1, cy1 = view.px(lot.card_mm, -2.0)
    pygame.draw.rect(surface, CARD, pygame.Rect(round(cx0), round(cy0), round(cx1 - cx0), max(3, round(cy1 - cy0))))
    band = max(4, round(3 * view.scale))
    for k, (left, right) in enumerate(lot.outlines):
        chosen = k == outline
        colour = OUTLINE_ON if chosen else OUTLINE_OFF
        (lx, _), (rx, _) = view.px(left, 0), view.px(right, 0)
        top = round(y0) + 3 + (0 if chosen else band + 2)
        pygame.draw.rect(surface, colour, pygame.Rect(round(lx), top, max(1, round(rx - lx)), band))
        if chosen:
            for x in (lx, rx):
                _dashed(surface, colour, (x, y0), (x, 0), 6)
    if text is not None:
        x, y = view.px(lot.card_mm / 2, 0)
        text.draw(surface, "lot card", (x, y + 2 * band + 10), 16, INK, anchor="midtop")


def _dashed(surface, colour, a, b, dash: int) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(t + dash, length)
        pygame.draw.line(surface, colour, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e), 1)
        t += 2 * dash


def body_polygons(body) -> list[list[tuple[float, float]]]:
    """A pymunk body's polygon shapes at the body's current pose, in mm."""
    return [[body.local_to_world(v) for v in shape.get_vertices()]
            for shape in body.shapes if hasattr(shape, "get_vertices")]


def draw_pieces(surface, view: View, polygons, highlight=(), text: Text | None = None,
                numbers: bool = True) -> None:
    """Pieces given as one list of convex parts per piece (placement order).

    Pieces in `highlight` get a thick red outline; with `numbers` each piece carries
    its number (as the rule check's messages count them) in its upper-left corner.
    """
    highlight = set(highlight)
    for i, parts in enumerate(polygons):
        fill = piece_colour(i)
        for part in parts:
            polygon(surface, view, part, fill, PIECE_EDGE, 1)
    for i, parts in enumerate(polygons):
        if i in highlight:
            for part in parts:
                polygon(surface, view, part, None, ALERT, max(2, round(view.scale * 0.8)))
    if numbers and text is not None:
        for i, parts in enumerate(polygons):
            _number(surface, view, parts, i, text, ALERT if i in highlight else INK)


def _number(surface, view: View, parts, i: int, text: Text, colour) -> None:
    """The piece number towards the top-left of its largest part, if the part is big enough.

    Kept off the part's middle so the piece's own colour shows at its centre.
    """
    part = max(parts, key=lambda p: abs(_area(p)))
    pts = view.points(part)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    label = text.render(str(i + 1), 15, colour, True)
    lw, lh = label.get_size()
    if max(xs) - min(xs) < 2.5 * lw + 8 or max(ys) - min(ys) < 2.5 * lh + 4:
        return
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    corner = min(pts, key=lambda p: p[0] + p[1])
    x = corner[0] + (cx - corner[0]) * 0.4
    y = corner[1] + (cy - corner[1]) * 0.4
    surface.blit(label, label.get_rect(center=(round(x), round(y))))


def _area(poly) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, list(poly[1:]) + list(poly[:1]))) / 2


def draw_building(surface, view: View, building: Building, highlight=(), text: Text | None = None) -> None:
    """A building's pieces where they were placed."""
    draw_pieces(surface, view, [building.polygons(i) for i in range(len(building.placements))],
                highlight, text)


def draw_bodies(surface, view: View, bodies, highlight=(), text: Text | None = None) -> None:
    """A scene's bodies (placement order) at their current simulated pose."""
    draw_pieces(surface, view, [body_polygons(b) for b in bodies], highlight, text)


def draw_machine(surface, view: View, m: Machine, text: Text | None = None) -> None:
    """Walls, shelves, pegs, the hopper at the top and the outlet at the bottom right."""
    width = max(2, round(2 * view.scale))
    for a, b in m.walls + m.shelves:
        pygame.draw.line(surface, MACHINE, view.px(*a), view.px(*b), width)
        for p in (a, b):
            pygame.draw.circle(surface, MACHINE, view.px(*p), width / 2)
    for x, y, r in m.pegs:
        pygame.draw.circle(surface, MACHINE, view.px(x, y), max(2, r * view.scale))
    x0, x1 = m.outlet_x
    (ax, ay), (bx, _) = view.px(x0, m.outlet_below), view.px(x1, m.outlet_below)
    _dashed(surface, GOOD, (ax, ay), (bx, ay), 4)
    hx0, hx1 = m.hopper_x
    (px0, py), (px1, _) = view.px(hx0, m.hopper_y), view.px(hx1, m.hopper_y)
    _dashed(surface, FAINT, (px0, py), (px1, py), 4)
    if text is not None:
        text.draw(surface, "drinks in", ((px0 + px1) / 2, py - 4), 16, FAINT, anchor="midbottom")
        text.draw(surface, "out", ((ax + bx) / 2, ay + 4), 16, GOOD, bold=True, anchor="midtop")


def draw_drink(surface, view: View, parts_mm, drink: int, code: str, text: Text | None, centre_mm) -> None:
    """One drink: filled in its colour, outlined, and labelled with its code (e.g. 'K6')."""
    colour = drink // 6
    for part in parts_mm:
        polygon(surface, view, part, DRINK_FILL[colour], INK, 1)
    if text is not None:
        size = max(12, min(20, round(view.scale * 9 / text.scale)))
        text.draw(surface, code, view.px(*centre_mm), size, DRINK_TEXT[colour], True, anchor="center")


def draw_drinks(surface, view: View, pour, codes, text: Text | None = None) -> None:
    """The drinks still inside the machine at their current pose."""
    for k, body in pour.bodies.items():
        d = pour.drinks[k]
        draw_drink(surface, view, body_polygons(body), d, codes[d], text, body.position)


def drink_chip(surface, text: Text, pos, drink: int, code: str, size: int = 18) -> pygame.Rect:
    """A small labelled swatch of a drink's colour for lists on a panel."""
    colour = drink // 6
    label = text.render(code, size, DRINK_TEXT[colour], True)
    pad = round(5 * text.scale)
    rect = pygame.Rect(round(pos[0]), round(pos[1]), label.get_width() + 2 * pad, label.get_height() + pad)
    pygame.draw.rect(surface, DRINK_FILL[colour], rect, border_radius=4)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
    surface.blit(label, label.get_rect(center=rect.center))
    return rect


def save_png(surface, path) -> None:
    """Write the surface as a PNG whatever the file is called (works without any window)."""
    with open(path, "wb") as f:
        pygame.image.save(surface, f, "png")
