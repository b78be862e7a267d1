"""Plane geometry for side profiles: convex polygons in mm, y up.

Only what the rule checks need: transforms, bounds, distance and overlap of convex
polygons (separating axes), merging intervals.
"""

from __future__ import annotations

import math

Point = tuple[float, float]
Polygon = tuple[Point, ...]


def transform(poly, *, flip: bool = False, degrees: float = 0.0, dx: float = 0.0, dy: float = 0.0) -> Polygon:
    """Mirror (about x = 0) if `flip`, then rotate about the origin, then move."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    out = []
    for x, y in poly:
        if flip:
            x = -x
        out.append((x * c - y * s + dx, x * s + y * c + dy))
    if flip:
        out.reverse()
    return tuple(out)


def bounds(polys) -> tuple[float, float, float, float]:
    xs = [x for p in polys for x, _ in p]
    ys = [y for p in polys for _, y in p]
    return min(xs), min(ys), max(xs), max(ys)


def boxes_within(a, b, tol: float) -> bool:
    """Whether two boxes (x0, y0, x1, y1) lie within `tol` of each other: their gap along
    x and along y is at most `tol` (a lower bound of the pieces' gap)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3]) <= tol


def boxes_overlap(a, b, depth: float) -> bool:
    """Whether two boxes overlap by more than `depth` along both x and y: pieces whose
    boxes do not can overlap by no more (the least push that parts the boxes parts them)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > depth and min(a[3], b[3]) - max(a[1], b[1]) > depth


def area(poly) -> float:
    a = 0.0
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        a += x0 * y1 - x1 * y0
    return a / 2


def ccw(poly) -> Polygon:
    return tuple(poly) if area(tuple(poly)) >= 0 else tuple(reversed(poly))


def is_convex(poly) -> bool:
    n = len(poly)
    if n < 3:
        return False
    sign = 0
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n], poly[(i + 2) % n]
        cross = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
        if abs(cross) < 1e-9:
            continue
        if sign == 0:
            sign = 1 if cross > 0 else -1
        elif (cross > 0) != (sign > 0):
            return False
    return sign != 0


def _axes(poly):
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        nx, ny = y0 - y1, x1 - x0
        length = math.hypot(nx, ny)
        if length > 1e-12:
            yield nx / length, ny / length


def _project(poly, ax, ay):
    dots = [x * ax + y * ay for x, y in poly]
    return min(dots), max(dots)


def penetration(a, b) -> float:
    """How deep two convex polygons overlap (0 or less: they do not)."""
    depth = math.inf
    for ax, ay in list(_axes(a)) + list(_axes(b)):
        a0, a1 = _project(a, ax, ay)
        b0, b1 = _project(b, ax, ay)
        overlap = min(a1, b1) - max(a0, b0)
        if overlap <= 0:
            return overlap
        depth = min(depth, overlap)
    return depth


def _vertex_edge_sq(a, b) -> float:
    """The least squared distance from a vertex of `a` to an edge of `b` (the rule check's
    innermost loop: comparisons written out, a third of the time of min and max calls)."""
    best = math.inf
    for (rx, ry), (sx, sy) in zip(b, b[1:] + b[:1]):
        dx, dy = sx - rx, sy - ry
        length_sq = dx * dx + dy * dy
        for px, py in a:
            t = 0.0 if length_sq == 0 else ((px - rx) * dx + (py - ry) * dy) / length_sq
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            ex, ey = px - rx - t * dx, py - ry - t * dy
            d = ex * ex + ey * ey
            if d < best:
                best = d
    return best


def distance(a, b) -> float:
    """Gap between two convex polygons; 0 when they touch or overlap.

    Two convex polygons that do not overlap are closest at a vertex of one and an edge of
    the other, so the vertex-to-edge distances both ways are enough.
    """
    if penetration(a, b) > 0:
        return 0.0
    return math.sqrt(min(_vertex_edge_sq(a, b), _vertex_edge_sq(b, a)))


def within(a, b, tol: float) -> bool:
    """Whether two convex polygons lie within `tol` of each other: `distance(a, b) <= tol`,
    asking the vertices of `a`, then those of `b`, then the overlap, each only if the ones
    before did not show it."""
    return (math.sqrt(_vertex_edge_sq(a, b)) <= tol or math.sqrt(_vertex_edge_sq(b, a)) <= tol
            or penetration(a, b) > 0)


def contact_length(a, b, tol: float) -> float:
    """Length along which two polygons' edges lie within `tol` of each other (side contact).

    For each edge of `a`, the union of the stretches of `b`'s parallel edges (within 1°)
    that lie within `tol` of its line, projected onto it.
    """
    edges = []
    for (rx, ry), (sx, sy) in zip(b, b[1:] + b[:1]):
        fx, fy = sx - rx, sy - ry
        fl = math.hypot(fx, fy)
        if fl >= 1e-9:
            edges.append((rx, ry, sx, sy, fx / fl, fy / fl))
    total = 0.0
    for (px, py), (qx, qy) in zip(a, a[1:] + a[:1]):
        ex, ey = qx - px, qy - py
        length = math.hypot(ex, ey)
        if length < 1e-9:
            continue
        ux, uy = ex / length, ey / length
        lo, hi = math.inf, -math.inf
        for rx, ry, sx, sy, fx, fy in edges:
            if abs(ux * fy - uy * fx) > 0.02:
                continue
            if abs((rx - px) * -uy + (ry - py) * ux) > tol:
                continue
            t0 = (rx - px) * ux + (ry - py) * uy
            t1 = (sx - px) * ux + (sy - py) * uy
            t0, t1 = max(0.0, min(t0, t1)), min(length, max(t0, t1))
            if t1 > t0:
                lo, hi = min(lo, t0), max(hi, t1)
        if hi > lo:
            total += hi - lo
    return total


def merge_intervals(intervals, gap: float = 0.0) -> list[tuple[float, float]]:
    """Union of [a, b] intervals; ones closer than `gap` join."""
    out: list[list[float]] = []
    for a, b in sorted(intervals):
        if out and a <= out[-1][1] + gap:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


EPS = 1e-6


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
    ax0, _, ax1, _ = bounds([a])
    bx0, _, bx1, _ = bounds([b])
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


def inset(poly, r: float) -> Polygon:
    """A convex counter-clockwise polygon with every edge moved `r` inwards.

    With pymunk's rounding radius r around it, the inset polygon is the original with its
    corners rounded: the same outline but for the corners.
    """
    n = len(poly)
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        lines.append(((x0 - dy / length * r, y0 + dx / length * r), (dx, dy)))
    out = []
    for i in range(n):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        t = ((qx - px) * ey - (qy - py) * ex) / (dx * ey - dy * ex)
        out.append((px + dx * t, py + dy * t))
    return tuple(out)
