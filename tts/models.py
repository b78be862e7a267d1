"""3-D models of the wooden pieces and drinks: the physics' 2-D side profiles extruded to
the piece's depth, written as Wavefront OBJ in TTS units.

One source of truth: a Jutaku piece is `physics.pieces.catalogue()[id].parts`, a drink is
`physics.vending.machine().drinks[shape].parts()`; both are lists of convex polygons in mm
(x across, y up). The mesh is one closed shell: where two parts of a piece meet, their
shared edge is inside the piece and gets no wall, and a corner of one part that lies on
another's edge splits that edge, so every edge of the mesh has exactly two faces.
The model stands on y = 0, centred across (x) and in depth (z). A loose piece in TTS is
one object a convex part (tts.table.Table.model): each part's own mesh, which is its own
convex collider too.
"""

from __future__ import annotations

from .units import units

Point = tuple[float, float]
Q = 1e-6


def _key(p: Point) -> tuple[int, int]:
    return round(p[0] / Q), round(p[1] / Q)


def _on_segment(p: Point, a: Point, b: Point) -> float | None:
    """Where p lies strictly inside segment ab, as a fraction 0 < t < 1; None if not on it."""
    ax, ay = b[0] - a[0], b[1] - a[1]
    length2 = ax * ax + ay * ay
    if length2 == 0:
        return None
    t = ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / length2
    if not (1e-9 < t < 1 - 1e-9):
        return None
    cx, cy = a[0] + t * ax, a[1] + t * ay
    if (cx - p[0]) ** 2 + (cy - p[1]) ** 2 > 1e-12 * max(1.0, length2):
        return None
    return t


def _ccw(poly: list[Point]) -> list[Point]:
    s = sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1]
            for i in range(len(poly)))
    return poly if s > 0 else poly[::-1]


def refine(parts: list[list[Point]]) -> list[list[Point]]:
    """Each part with every corner of the others that lies on one of its edges inserted."""
    corners = [p for part in parts for p in part]
    out = []
    for part in parts:
        part = _ccw([tuple(map(float, p)) for p in part])
        ring = []
        for i, a in enumerate(part):
            b = part[(i + 1) % len(part)]
            ring.append(a)
            inner = sorted({(t, p) for p in corners if (t := _on_segment(p, a, b)) is not None})
            ring += [p for _, p in inner]
        dedup = []
        for p in ring:
            if not dedup or _key(dedup[-1]) != _key(p):
                dedup.append(p)
        if len(dedup) > 1 and _key(dedup[0]) == _key(dedup[-1]):
            dedup.pop()
        out.append(dedup)
    return out


def boundary(parts: list[list[Point]]) -> list[tuple[Point, Point]]:
    """The directed edges of the refined parts that no other part shares (the outline)."""
    edges = [(ring[i], ring[(i + 1) % len(ring)]) for ring in parts for i in range(len(ring))]
    have = {}
    for a, b in edges:
        have[(_key(a), _key(b))] = have.get((_key(a), _key(b)), 0) + 1
    return [(a, b) for a, b in edges if (_key(b), _key(a)) not in have]


class Mesh:
    """Vertices shared by position; faces as vertex index triples, wound outwards."""

    def __init__(self):
        self.vertices: list[tuple[float, float, float]] = []
        self._index: dict[tuple, int] = {}
        self.faces: list[tuple[int, int, int]] = []

    def v(self, x: float, y: float, z: float) -> int:
        k = (round(x / Q), round(y / Q), round(z / Q))
        if k not in self._index:
            self._index[k] = len(self.vertices)
            self.vertices.append((x, y, z))
        return self._index[k]

    def tri(self, a: int, b: int, c: int) -> None:
        self.faces.append((a, b, c))

    def bounds(self):
        xs, ys, zs = zip(*self.vertices)
        return (min(xs), min(ys), min(zs)), (max(xs), max(ys), max(zs))


def origin(parts: list[list[Point]]) -> Point:
    """Where a model's origin lies in its profile (mm): the middle across, the bottom."""
    xs = [float(p[0]) for part in parts for p in part]
    ys = [float(p[1]) for part in parts for p in part]
    return (min(xs) + max(xs)) / 2, min(ys)


def extrude(parts: list[list[Point]], depth_mm: float, at: Point | None = None) -> Mesh:
    """The closed mesh of convex profile parts (mm) extruded `depth_mm` deep, in TTS units,
    centred in z and, unless `at` gives the origin (a whole piece's, for one of its parts),
    standing on y = 0 and centred in x."""
    rings = refine(parts)
    cx, y0 = at if at is not None else origin(rings)
    h = units(depth_mm) / 2
    m = Mesh()

    def at(p: Point, z: float) -> int:
        return m.v(units(p[0] - cx), units(p[1] - y0), z)

    for ring in rings:
        c = (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))
        front, back = at(c, h), at(c, -h)
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            m.tri(front, at(a, h), at(b, h))                 # +z cap, counter-clockwise from +z
            m.tri(back, at(b, -h), at(a, -h))                # -z cap, the other way round
    for a, b in boundary(rings):
        af, bf, bb, ab = at(a, h), at(b, h), at(b, -h), at(a, -h)
        m.tri(af, bb, bf)
        m.tri(af, ab, bb)
    return m


def to_obj(mesh: Mesh, name: str) -> str:
    """Wavefront OBJ text: one object, planar texture coordinates from the front (x, y)."""
    (x0, y0, _), (x1, y1, _) = mesh.bounds()
    w, hgt = (x1 - x0) or 1.0, (y1 - y0) or 1.0
    rows = [f"# {name}: made by tts.models from the physics profile (TTS units, 1 unit = 25.4 mm)", f"o {name}"]
    rows += [f"v {x:.6f} {y:.6f} {z:.6f}" for x, y, z in mesh.vertices]
    rows += [f"vt {(x - x0) / w:.6f} {(y - y0) / hgt:.6f}" for x, y, _ in mesh.vertices]
    rows += [f"f {a + 1}/{a + 1} {b + 1}/{b + 1} {c + 1}/{c + 1}" for a, b, c in mesh.faces]
    return "\n".join(rows) + "\n"


def size_units(parts: list[list[Point]], depth_mm: float) -> tuple[float, float, float]:
    """The model's width, height and depth in TTS units."""
    xs = [float(p[0]) for part in parts for p in part]
    ys = [float(p[1]) for part in parts for p in part]
    return units(max(xs) - min(xs)), units(max(ys) - min(ys)), units(depth_mm)
