"""The practice benches drawn as pixels on a PixelCanvas: the same picture as the pygame screens.

Coordinates come from physics.practice.view.View (mm to pixels, y mirrored); colours from
physics.practice.palette. Nothing here steps a simulation or reads input.
"""

from __future__ import annotations

from physics import crate, geometry
from physics.practice import palette as P
from physics.practice.build import BuildPractice
from physics.practice.push import MARKER_MM, PushPractice, fill, order
from physics.practice.vending import VendingPractice
from physics.practice.view import View

from ..widgets.pixels import PixelCanvas

MARGIN_PX = 2
EDGED_DRINK_PX = 6   # narrower drinks are drawn without an outline, or the outline is all one sees


def fit(canvas: PixelCanvas, x0: float, y0: float, x1: float, y1: float) -> View:
    """The largest view of the mm box on the canvas, with a small margin."""
    w, h = canvas.size_px
    return View.fit((MARGIN_PX, MARGIN_PX, max(1, w - 2 * MARGIN_PX), max(1, h - 2 * MARGIN_PX)), x0, y0, x1, y1)


def build_view(canvas: PixelCanvas, bench: BuildPractice) -> View:
    return fit(canvas, *bench.extent())


def _ground(canvas: PixelCanvas, view: View) -> None:
    """A clean picture with the table (or the shop floor) below y = 0."""
    r = canvas.raster
    r.clear(P.BACKGROUND)
    canvas.clear_labels()
    _, ground_y = view.px(0, 0)
    r.rect(0, ground_y, r.width, r.height, P.TABLE)
    r.line((0, ground_y), (r.width, ground_y), P.TABLE_EDGE)


def draw_build(canvas: PixelCanvas, bench: BuildPractice, view: View) -> None:
    """Table, card, outlines, the pieces as shown now, and the held piece with where it lands."""
    r = canvas.raster
    _ground(canvas, view)
    (cx0, cy0), (cx1, cy1) = view.px(0, 0), view.px(bench.lot.card_mm, -2.0)
    r.rect(cx0, cy0, cx1, max(cy1, cy0 + 1), P.CARD)
    for k, (left, right) in enumerate(bench.lot.outlines):
        chosen = k == bench.building.outline
        (lx, ly), (rx, _) = view.px(left, 0), view.px(right, 0)
        band_y = ly + 1 + (0 if chosen else 2)
        r.rect(lx, band_y, max(rx, lx + 1), band_y + 1, P.OUTLINE_ON if chosen else P.OUTLINE_OFF)
        if chosen:
            for x in (lx, rx):
                r.dashed((x, ly), (x, 0), P.OUTLINE_ON, 2)
    highlight = bench.highlighted()
    pieces = bench.pieces_now()
    for i, parts in enumerate(pieces):
        edge = P.ALERT if i in highlight else P.PIECE_EDGE
        for part in parts:
            r.polygon(view.points(part), P.piece_colour(i), edge)
    if bench.held is not None and bench.scene is None:
        for part in bench.landing_polygons():
            r.polygon(view.points(part), P.GHOST, P.FAINT)
        if abs(bench.held.y - bench.placement().y) > 0.5:
            for part in bench.held_polygons():
                r.polygon(view.points(part), None, P.FAINT)
    for i, parts in enumerate(pieces):
        _number(canvas, view, parts, i, P.ALERT if i in highlight else P.INK)
    canvas.refresh()


def _number(canvas: PixelCanvas, view: View, parts, i: int, colour) -> None:
    """The piece's number at its middle, where the piece is at least a few cells wide and 2 tall."""
    x0, y0, x1, y1 = geometry.bounds(parts)
    (px0, py1), (px1, py0) = view.px(x0, y0), view.px(x1, y1)
    label = str(i + 1)
    if px1 - px0 < len(label) + 2 or py1 - py0 < 4:
        return
    part = max(parts, key=lambda p: abs(geometry.area(p)))
    cx = sum(x for x, _ in part) / len(part)
    cy = sum(y for _, y in part) / len(part)
    col, row = canvas.cell_of(*view.px(cx, cy))
    canvas.label(col - len(label) // 2, row, label, colour)


def machine_extent(m) -> tuple[float, float, float, float]:
    """The mm box around the machine, its hopper and its outlet."""
    return -10, -14, m.width + 10, max(m.height, m.hopper_y + 60)


def machine_view(canvas: PixelCanvas, bench: VendingPractice) -> View:
    return fit(canvas, *machine_extent(bench.machine))


def draw_vending(canvas: PixelCanvas, bench: VendingPractice, view: View) -> None:
    """The machine's walls, shelves and pegs, the hopper and outlet, and the drinks inside."""
    r = canvas.raster
    m = bench.machine
    r.clear(P.BACKGROUND)
    canvas.clear_labels()
    width = max(1.0, 2 * view.scale)
    for a, b in m.walls + m.shelves:
        r.line(view.px(*a), view.px(*b), P.MACHINE, width)
    for x, y, radius in m.pegs:
        r.circle(*view.px(x, y), max(0.6, radius * view.scale), P.MACHINE)
    x0, x1 = m.outlet_x
    r.dashed(view.px(x0, m.outlet_below), view.px(x1, m.outlet_below), P.GOOD, 2)
    h0, h1 = m.hopper_x
    r.dashed(view.px(h0, m.hopper_y), view.px(h1, m.hopper_y), P.FAINT, 2)
    pour = bench.pour
    if pour is not None:
        for k, body in pour.bodies.items():
            d = pour.drinks[k]
            shape_kind = m.drinks[d % 6]
            edge = P.INK if shape_kind.width * view.scale >= EDGED_DRINK_PX else None
            for shape in body.shapes:
                r.polygon([view.px(*body.local_to_world(v)) for v in shape.get_vertices()], P.DRINK_FILL[d // 6], edge)
            code = bench.codes[d]
            if shape_kind.width * view.scale >= len(code) + 1 and shape_kind.height * view.scale >= 4:
                col, row = canvas.cell_of(*view.px(*body.position))
                canvas.label(col - len(code) // 2, row, code, P.DRINK_TEXT[d // 6], P.DRINK_FILL[d // 6])
    canvas.refresh()


EDGED_GOOD_PX = 3          # goods thinner than this are outlined in their own colour, not in ink
WHOLE_CRATE_PX = 24        # the whole push is shown when the crate is at least this wide


def push_view(canvas: PixelCanvas, bench: PushPractice) -> View:
    """The whole push, floor at the foot, when the crate still shows WHOLE_CRATE_PX wide at
    that size; else the crate and its pile as large as the height allows, following it."""
    w, h = canvas.size_px
    w, h = max(1, w - 2 * MARGIN_PX), max(1, h - 2 * MARGIN_PX)
    x0, y0, x1, y1 = bench.extent()
    whole = min(w / (x1 - x0), h / (y1 - y0)) * bench.crate.inner_width >= WHOLE_CRATE_PX
    return fit(canvas, *bench.frame(w / h, whole=whole))


def draw_push(canvas: PixelCanvas, bench: PushPractice, view: View) -> None:
    """The floor with a dot at every step (the last one larger), the crate, the goods in it
    (further rows paler, the fallen outlined in red), and the architect marker behind it."""
    r = canvas.raster
    push = bench.shown()
    c = push.crate
    _ground(canvas, view)
    for k in range(push.steps + 1):
        x, y = view.px(k * crate.STEP_MM + c.inner_width / 2, 0)
        r.circle(x, y + 2, 1.5 if k == push.steps else 0.6, P.DOT)
    for part in push.crate_polygons():
        r.polygon(view.points(part), P.CRATE, None)
    mx = push.marker_x()
    mw, mh = MARKER_MM
    r.polygon(view.points([(mx - mw, 0), (mx, 0), (mx, mh), (mx - mw, mh)]), P.MARKER, None)
    for i in order(push):
        colour, size = fill(push, i), c.kind(push.load[i])
        small = min(size.width, size.height) * view.scale < EDGED_GOOD_PX
        edge = P.ALERT if i in push.fallen else (colour if small else P.INK)
        for part in push.polygons(i):
            r.polygon(view.points(part), colour, edge)
    canvas.refresh()
