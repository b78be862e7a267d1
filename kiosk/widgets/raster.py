"""A pixel buffer with the few drawing primitives the physics practice screens need.

Pure Python and free of Textual, so it can be drawn into and tested on its own;
`kiosk.widgets.pixels.PixelCanvas` shows one in the terminal.

Coordinates are floats in pixels, x to the right and y DOWN. Pixel (i, j) covers
[i, i+1) × [j, j+1) and its centre is (i + 0.5, j + 0.5). Filled shapes set exactly
the pixels whose centre lies inside them (a centre on a left or top boundary is
inside, on a right or bottom boundary outside), so shapes that share an edge
neither overlap nor leave a gap. Outlines and lines set the pixels they pass
through, one per column or row, so thin things never vanish.

Every drawing call is clipped to the canvas: shapes partly or wholly outside are
drawn where they overlap it and never raise. Shapes with a non-finite coordinate
(NaN, infinity) draw nothing.

A colour is an (r, g, b) tuple of ints 0-255; a packed 0xRRGGBB int (see `pack`)
is accepted too and saves the packing when one colour is used many times. Pixels
are stored packed, one list of ints per row (`Raster.rows`).
"""

from __future__ import annotations

import math
from typing import Sequence, Union

Colour = Union[tuple[int, int, int], int]
Point = tuple[float, float]

ceil = math.ceil
floor = math.floor
isfinite = math.isfinite

OUTLINE_INSET = 1e-4
"""How far (px) outlines are pulled into the shape before rasterising: a boundary
lying on a pixel edge (or a hair past it, from rounding) then marks the pixel on
the inside, not the one beyond."""


def pack(colour: Colour) -> int:
    """0xRRGGBB for an (r, g, b) tuple (a packed int is returned as it is)."""
    if isinstance(colour, int):
        if not 0 <= colour <= 0xFFFFFF:
            raise ValueError(f"packed colour out of range: {colour!r}")
        return colour
    r, g, b = colour
    if not (0 <= r <= 255 and 0 <= g <= 255 and 0 <= b <= 255):
        raise ValueError(f"colour channels must be 0-255: {colour!r}")
    return (int(r) << 16) | (int(g) << 8) | int(b)


def unpack(packed: int) -> tuple[int, int, int]:
    """The (r, g, b) tuple of a packed 0xRRGGBB int."""
    return (packed >> 16) & 0xFF, (packed >> 8) & 0xFF, packed & 0xFF


def _clip_segment(x0: float, y0: float, x1: float, y1: float,
                  xmin: float, ymin: float, xmax: float, ymax: float):
    """Liang-Barsky: the parameters (t0, t1) of the part of a segment inside a box, or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = x1 - x0, y1 - y0
    for p, q in ((-dx, x0 - xmin), (dx, xmax - x0), (-dy, y0 - ymin), (dy, ymax - y0)):
        if p == 0:
            if q < 0:
                return None
        else:
            t = q / p
            if p < 0:
                if t > t1:
                    return None
                if t > t0:
                    t0 = t
            else:
                if t < t0:
                    return None
                if t < t1:
                    t1 = t
    return t0, t1


class Raster:
    """A width × height grid of pixels, filled with `background` to begin with."""

    def __init__(self, width: int, height: int, background: Colour = (0, 0, 0)):
        self.width = 0
        self.height = 0
        self.rows: list[list[int]] = []
        """The pixels, packed 0xRRGGBB, rows[y][x]: read them to render, draw with the methods.
        `resize()` replaces this list, so look it up again after one."""
        self._background = pack(background)
        self.resize(width, height)

    @property
    def background(self) -> tuple[int, int, int]:
        """The colour `clear()` and `resize()` fill with."""
        return unpack(self._background)

    @background.setter
    def background(self, colour: Colour) -> None:
        self._background = pack(colour)

    @property
    def background_packed(self) -> int:
        """The background as a packed 0xRRGGBB int."""
        return self._background

    def resize(self, width: int, height: int) -> None:
        """Change the size in place (references to this raster stay valid); all pixels become background."""
        if width < 0 or height < 0:
            raise ValueError(f"raster size must not be negative: {width}×{height}")
        self.width, self.height = int(width), int(height)
        blank = [self._background] * self.width
        self.rows = [blank[:] for _ in range(self.height)]

    def clear(self, colour: Colour | None = None) -> None:
        """Every pixel to `colour` (the background if None)."""
        blank = [self._background if colour is None else pack(colour)] * self.width
        for row in self.rows:
            row[:] = blank

    def get(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour of pixel (x, y); IndexError outside the canvas."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"pixel ({x}, {y}) is outside the {self.width}×{self.height} raster")
        return unpack(self.rows[y][x])

    def set(self, x: int, y: int, colour: Colour) -> None:
        """Pixel (x, y) to `colour`; nothing happens outside the canvas."""
        if 0 <= x < self.width and 0 <= y < self.height:
            self.rows[y][x] = pack(colour)

    def count(self, colour: Colour) -> int:
        """How many pixels have `colour`."""
        packed = pack(colour)
        return sum(row.count(packed) for row in self.rows)

    # -- filled shapes -------------------------------------------------------------

    def polygon(self, points: Sequence[Point], fill: Colour | None,
                edge: Colour | None = None, edge_width: float = 1) -> None:
        """A polygon: pixels whose centre is inside get `fill` (even-odd rule), then its outline in `edge`.

        The fill is exact for any simple polygon, convex or concave (and even-odd for
        self-intersecting ones). The outline marks the pixels the boundary passes
        through, `edge_width` px wide; with it a polygon smaller than a pixel still
        sets the pixel containing it. `fill` None draws the outline only.
        """
        if len(points) < 1:
            return
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        if not isfinite(sum(xs) + sum(ys)):
            return
        if fill is not None and len(points) >= 3:
            self._fill_polygon(xs, ys, pack(fill))
        if edge is not None:
            self._outline(xs, ys, pack(edge), edge_width)

    def _fill_polygon(self, xs: list[float], ys: list[float], colour: int) -> None:
        height, width = self.height, self.width
        j_first = max(0, ceil(min(ys) - 0.5))
        j_last = min(height, ceil(max(ys) - 0.5))
        if j_first >= j_last or width == 0:
            return
        if max(xs) < 0 or min(xs) > width:
            return
        edges = []
        x_prev, y_prev = xs[-1], ys[-1]
        for x, y in zip(xs, ys):
            if y != y_prev:
                if y < y_prev:
                    edges.append((y, y_prev, x, (x_prev - x) / (y_prev - y)))
                else:
                    edges.append((y_prev, y, x_prev, (x - x_prev) / (y - y_prev)))
            x_prev, y_prev = x, y
        rows = self.rows
        run_cache: dict[int, list[int]] = {}
        for j in range(j_first, j_last):
            yc = j + 0.5
            crossings = [xa + (yc - ya) * slope for ya, yb, xa, slope in edges if ya <= yc < yb]
            if len(crossings) < 2:
                continue
            crossings.sort()
            row = rows[j]
            for k in range(0, len(crossings) - 1, 2):
                i0 = ceil(crossings[k] - 0.5)
                i1 = ceil(crossings[k + 1] - 0.5)
                if i0 < 0:
                    i0 = 0
                if i1 > width:
                    i1 = width
                n = i1 - i0
                if n > 0:
                    run = run_cache.get(n)
                    if run is None:
                        run = run_cache[n] = [colour] * n
                    row[i0:i1] = run

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: Colour,
             fill: bool = True) -> None:
        """The axis-aligned box between corners (x0, y0) and (x1, y1): filled, or outlined 1 px."""
        if not isfinite(x0 + y0 + x1 + y1):
            return
        if x0 > x1:
            x0, x1 = x1, x0
        if y0 > y1:
            y0, y1 = y1, y0
        if not fill:
            self.polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), None, colour)
            return
        i0 = max(0, ceil(x0 - 0.5))
        i1 = min(self.width, ceil(x1 - 0.5))
        j0 = max(0, ceil(y0 - 0.5))
        j1 = min(self.height, ceil(y1 - 0.5))
        if i1 <= i0:
            return
        run = [pack(colour)] * (i1 - i0)
        rows = self.rows
        for j in range(j0, j1):
            rows[j][i0:i1] = run

    def circle(self, cx: float, cy: float, r: float, colour: Colour, fill: bool = True) -> None:
        """A disc (pixels whose centre is within r), or with `fill` False a ring about 1 px wide.

        A disc, and a ring smaller than a pixel, always set the pixel containing the
        centre, so a small circle stays visible.
        """
        if not isfinite(cx + cy + r):
            return
        packed = pack(colour)
        width, height, rows = self.width, self.height, self.rows
        r = abs(r)
        r2 = r * r
        inner = max(r - 1.0, 0.0)
        inner2 = inner * inner
        for j in range(max(0, ceil(cy - r - 0.5)), min(height, floor(cy + r - 0.5) + 1)):
            dy = j + 0.5 - cy
            reach2 = r2 - dy * dy
            if reach2 < 0:
                continue
            half = math.sqrt(reach2)
            i0 = max(0, ceil(cx - half - 0.5))
            i1 = min(width, floor(cx + half - 0.5) + 1)
            if i1 <= i0:
                continue
            row = rows[j]
            hole2 = inner2 - dy * dy
            if fill or hole2 <= 0:
                row[i0:i1] = [packed] * (i1 - i0)
                continue
            hole = math.sqrt(hole2)
            h0 = max(i0, ceil(cx - hole - 0.5))
            h1 = min(i1, floor(cx + hole - 0.5) + 1)
            if h1 <= h0:
                row[i0:i1] = [packed] * (i1 - i0)
            else:
                row[i0:h0] = [packed] * (h0 - i0)
                row[h1:i1] = [packed] * (i1 - h1)
        if fill or r < 1:
            self.set(floor(cx), floor(cy), packed)

    # -- lines ---------------------------------------------------------------------

    def line(self, a: Point, b: Point, colour: Colour, width: float = 1) -> None:
        """A segment from a to b: 1 px wide (one pixel per column or row, ends included), or `width` px wide."""
        x0, y0 = a
        x1, y1 = b
        if not isfinite(x0 + y0 + x1 + y1):
            return
        packed = pack(colour)
        if width > 1:
            self._thick(x0, y0, x1, y1, packed, width, cap=False)
        self._thin(x0, y0, x1, y1, packed)

    def dashed(self, a: Point, b: Point, colour: Colour, dash: float,
               gap: float | None = None) -> None:
        """A 1 px line from a to b drawn as dashes `dash` px long with gaps `gap` px (default: dash)."""
        gap = dash if gap is None else gap
        if not dash > 0 or not gap >= 0:
            raise ValueError(f"dash must be > 0 and gap >= 0, not {dash!r} and {gap!r}")
        x0, y0 = a
        x1, y1 = b
        if not isfinite(x0 + y0 + x1 + y1 + dash + gap):
            return
        packed = pack(colour)
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            self._thin(x0, y0, x1, y1, packed)
            return
        inside = _clip_segment(x0, y0, x1, y1, -1.0, -1.0, self.width + 1.0, self.height + 1.0)
        if inside is None:
            return
        start, stop = inside[0] * length, inside[1] * length
        period = dash + gap
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        s = floor(start / period) * period
        while s < stop:
            e = min(s + dash, stop)
            s0 = max(s, start)
            if e > s0:
                self._thin(x0 + ux * s0, y0 + uy * s0, x0 + ux * e, y0 + uy * e, packed)
            s += period

    def _thin(self, x0: float, y0: float, x1: float, y1: float, colour: int) -> None:
        width, height, rows = self.width, self.height, self.rows
        inside = _clip_segment(x0, y0, x1, y1, -1.0, -1.0, width + 1.0, height + 1.0)
        if inside is None:
            return
        t0, t1 = inside
        dx, dy = x1 - x0, y1 - y0
        if t1 < 1.0:
            x1, y1 = x0 + dx * t1, y0 + dy * t1
        if t0 > 0.0:
            x0, y0 = x0 + dx * t0, y0 + dy * t0
        for x, y in ((x0, y0), (x1, y1)):
            i, j = floor(x), floor(y)
            if 0 <= i < width and 0 <= j < height:
                rows[j][i] = colour
        if abs(dx) >= abs(dy):
            if x0 > x1:
                x0, y0, x1, y1 = x1, y1, x0, y0
            first, stop = max(floor(x0) + 1, 0), min(floor(x1), width)
            if first >= stop:
                return
            slope = dy / dx
            if slope == 0:
                j = floor(y0)
                if 0 <= j < height:
                    rows[j][first:stop] = [colour] * (stop - first)
                return
            base = y0 + (0.5 - x0) * slope
            for i in range(first, stop):
                j = floor(base + i * slope)
                if 0 <= j < height:
                    rows[j][i] = colour
        else:
            if y0 > y1:
                x0, y0, x1, y1 = x1, y1, x0, y0
            first, stop = max(floor(y0) + 1, 0), min(floor(y1), height)
            if first >= stop:
                return
            slope = dx / dy
            base = x0 + (0.5 - y0) * slope
            for j in range(first, stop):
                i = floor(base + j * slope)
                if 0 <= i < width:
                    rows[j][i] = colour

    def _thick(self, x0: float, y0: float, x1: float, y1: float, colour: int,
               width: float, cap: bool) -> None:
        """The rectangle `width` wide around a segment (its ends pushed out by width/2 with `cap`)."""
        length = math.hypot(x1 - x0, y1 - y0)
        half = width / 2
        if length == 0:
            self.rect(x0 - half, y0 - half, x0 + half, y0 + half, colour)
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy * half, ux * half
        if cap:
            x0, y0 = x0 - ux * half, y0 - uy * half
            x1, y1 = x1 + ux * half, y1 + uy * half
        self._fill_polygon([x0 + nx, x1 + nx, x1 - nx, x0 - nx],
                           [y0 + ny, y1 + ny, y1 - ny, y0 - ny], colour)

    def _outline(self, xs: list[float], ys: list[float], colour: int, width: float) -> None:
        count = len(xs)
        area2 = sum(xs[k - 1] * ys[k] - xs[k] * ys[k - 1] for k in range(count))
        if area2 != 0 and count >= 3:
            xs, ys = self._inset(xs, ys, 1.0 if area2 > 0 else -1.0)
        if count == 1:
            self._thin(xs[0], ys[0], xs[0], ys[0], colour)
            return
        x_prev, y_prev = xs[-1], ys[-1]
        for x, y in zip(xs, ys):
            if width > 1:
                self._thick(x_prev, y_prev, x, y, colour, width, cap=True)
            self._thin(x_prev, y_prev, x, y, colour)
            x_prev, y_prev = x, y

    @staticmethod
    def _inset(xs: list[float], ys: list[float], side: float):
        """The vertices moved OUTLINE_INSET towards the inside, along the sum of the two edge normals."""
        count = len(xs)
        normals = []
        for k in range(count):
            dx, dy = xs[(k + 1) % count] - xs[k], ys[(k + 1) % count] - ys[k]
            length = math.hypot(dx, dy)
            if length == 0:
                normals.append((0.0, 0.0))
            else:
                scale = side * OUTLINE_INSET / length
                normals.append((-dy * scale, dx * scale))
        inset_xs, inset_ys = [], []
        for k in range(count):
            (ax, ay), (bx, by) = normals[k - 1], normals[k]
            inset_xs.append(xs[k] + ax + bx)
            inset_ys.append(ys[k] + ay + by)
        return inset_xs, inset_ys

