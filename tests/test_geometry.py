"""Plane geometry under the building rule check: the gap between pieces, the touch test and
the box shortcuts agree with plain truths and with a brute-force reference."""

import math

import pytest

from core.rng import Rng
from physics import geometry

SQUARE = ((0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0))


def moved(poly, dx=0.0, dy=0.0, degrees=0.0):
    return geometry.transform(poly, degrees=degrees, dx=dx, dy=dy)


def brute_gap(a, b) -> float:
    """The least distance between points 1/40 of an edge apart along each outline (no shortcut)."""
    def along(poly):
        out = []
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            out += [(x0 + (x1 - x0) * k / 40, y0 + (y1 - y0) * k / 40) for k in range(40)]
        return out
    return min(math.hypot(px - qx, py - qy) for px, py in along(a) for qx, qy in along(b))


def unit(rng: Rng) -> float:
    return rng.below(1 << 20) / (1 << 20)


def random_convex(rng: Rng, cx: float, cy: float):
    """A convex polygon: 3-7 points on an ellipse around (cx, cy), in order."""
    n = 3 + rng.below(5)
    angles = sorted(unit(rng) * 2 * math.pi for _ in range(n))
    rx, ry = 5 + 20 * unit(rng), 5 + 20 * unit(rng)
    return tuple((cx + rx * math.cos(t), cy + ry * math.sin(t)) for t in angles)


def test_side_by_side_squares_are_their_gap_apart():
    for gap in (0.0, 0.3, 1.0, 7.5):
        assert geometry.distance(SQUARE, moved(SQUARE, dx=20 + gap)) == pytest.approx(gap)


def test_a_corner_turned_towards_a_face_is_the_diagonal_short():
    diamond = moved(SQUARE, degrees=45, dx=30 + 10 * math.sqrt(2), dy=10 - 10 * math.sqrt(2))
    assert geometry.distance(SQUARE, diamond) == pytest.approx(10.0)


def test_overlapping_pieces_have_no_gap():
    assert geometry.distance(SQUARE, moved(SQUARE, dx=5, dy=5)) == 0.0
    assert geometry.within(SQUARE, moved(SQUARE, dx=5, dy=5), 0.0)


def test_the_gap_and_the_touch_test_agree_with_brute_force_on_random_polygons():
    rng = Rng(7)
    for _ in range(150):
        a = random_convex(rng, 0, 0)
        b = random_convex(rng, 60 * unit(rng) - 30, 60 * unit(rng) - 30)
        gap = geometry.distance(a, b)
        if gap > 0:
            assert gap == pytest.approx(brute_gap(a, b), abs=1.0)
        else:
            assert geometry.penetration(a, b) > 0 or brute_gap(a, b) < 1.0
        for tol in (0.0, 0.5, 2.0, gap, gap * 1.01 + 1e-9, gap * 0.99):
            assert geometry.within(a, b, tol) == (gap <= tol), (a, b, tol)


def test_the_box_shortcuts_never_refuse_what_the_polygons_would_allow():
    """Boxes further apart than a touch hold pieces further apart; boxes that overlap by no
    more than a depth hold pieces that overlap by no more."""
    rng = Rng(11)
    for _ in range(400):
        a = random_convex(rng, 0, 0)
        b = random_convex(rng, 50 * unit(rng) - 25, 50 * unit(rng) - 25)
        box_a, box_b = geometry.bounds((a,)), geometry.bounds((b,))
        for tol in (0.5, 3.0):
            if not geometry.boxes_within(box_a, box_b, tol):
                assert geometry.distance(a, b) > tol
            if not geometry.boxes_overlap(box_a, box_b, tol):
                assert geometry.penetration(a, b) <= tol + 1e-9
