"""The verdict's watch and its limit against physics: a slow fall is still a fall, and a piece
that slid a few millimetres has moved.

004:56 asks whether a building "stands". The verdict (physics.stability.settle) watches it
for world.WINDOW_S after Stop! and calls it fallen when a piece moved more than
world.MOVE_LIMIT_MM or turned more than world.TURN_LIMIT_DEG against what it rests on.
Each test here is a physical truth that holds only if the watch is long enough for a slow
topple and the limit small enough for a short slide:

- a tall body tips slowly: an inverted pendulum of height h turns away from its balance
  with the time constant sqrt(I / (m g r)), about 0.2 s for a column 580 mm tall, so one
  whose centre of mass lies 1 mm past the edge it stands on needs some 0.6 s to turn 2°
  (θ0 cosh(t/τ) with θ0 = 1 mm / 290 mm), where a lone block past its tipping point shows
  within 0.1 s;
- a block on a slope steeper than its friction angle slides (the wedge's face is
  atan(20/40) = 26.6°, wood's friction angle atan(0.45) = 24.2°) until something stops it:
  laid on the wedge's face d mm above the table, it slides d mm and stops, without turning.
"""

from __future__ import annotations

import math

import pytest

from core import assets
from physics import world
from physics.building import Building, Lot, Placement
from physics.pieces import Catalogue
from physics.stability import build_scene, settle

L, H = 40.0, 20.0                  # the identical blocks of the columns, as the catalogue's block-40x20
WIDE = Lot(((0.0, 400.0),))


@pytest.fixture(scope="module")
def pieces() -> Catalogue:
    """The shipped pieces and 30 identical 40×20 blocks more (a user's extra blocks)."""
    shipped = assets.load("jutaku_pieces.toml", use_override=False)
    extra = [{"id": f"test-block-{i}", "kind": "block", "mass_g": 9.6, "parts": [[[0, 0], [L, 0], [L, H], [0, H]]]}
             for i in range(1, 31)]
    return Catalogue({**shipped, "pieces": list(shipped["pieces"]) + extra})


def column_on_a_block(pieces, n: int, overhang: float) -> Building:
    """A block on the table and an aligned column of n - 1 blocks on it, shifted `overhang`
    of a block's length out: the column's centre of mass lies (overhang - 1/2) L past the
    bottom block's edge (inside it where negative)."""
    b = Building(WIDE, pieces=pieces)
    b.place(Placement("test-block-1", 24.0, 0.0))
    for k in range(1, n):
        b.place(Placement(f"test-block-{k + 1}", 24.0 + overhang * L, H * k, floor=k + 1))
    return b


# ---- a slow topple: the watch must be long enough -------------------------------------------

@pytest.mark.parametrize("n", [20, 30])
def test_a_tall_column_past_the_edge_it_stands_on_topples_slowly_and_is_seen(pieces, n):
    """A column 0.8 mm past the edge of the block under it tips over: not at once, since a tall
    body tips slowly (the module's docstring), but within the watch."""
    v = settle(column_on_a_block(pieces, n, 0.52))
    assert v.stands is False and v.ended == "moved"
    assert v.seconds > 0.3, "a tall body tips slowly: it takes the verdict longer than 0.3 s to see it"
    assert v.seconds < world.WINDOW_S
    assert [m["piece"] for m in v.moved] == [1], "the column turns on the bottom block's edge"


def test_the_same_column_4_mm_inside_the_edge_stands_the_whole_watch(pieces):
    v = settle(column_on_a_block(pieces, 30, 0.40))
    assert v.stands is True, v.moved


# ---- a short slide: the limit must be small enough ---------------------------------------------

WEDGE = "wedge-40x20-1"            # (0, 0), (40, 0), (0, 20): its face falls to the right


def on_the_wedge(pieces, piece: str, d: float) -> Building:
    """`piece` lying on the wedge's sloping face, its lower corner d mm up the face from
    where the face meets the table."""
    b = Building(WIDE, pieces=pieces)
    b.place(Placement(WEDGE, 20.0, 0.0))
    w, h = pieces[WEDGE].width, pieces[WEDGE].height
    slope = math.atan2(h, w)
    foot = (20.0 + w - d * math.cos(slope), d * math.sin(slope))        # where the lower corner lies
    c, s = math.cos(-slope), math.sin(-slope)
    pw, ph = pieces[piece].width, pieces[piece].height
    corners = [(x * c - y * s, x * s + y * c) for x, y in ((0, 0), (pw, 0), (pw, ph), (0, ph))]
    dx, dy = foot[0] - corners[1][0], foot[1] - corners[1][1]           # corner (pw, 0) is the lower one
    b.place(Placement(piece, min(x for x, _ in corners) + dx, min(y for _, y in corners) + dy,
                      rotation=-math.degrees(slope), floor=2))
    return b


def watched(building: Building) -> list[tuple[float, float]]:
    """How far (mm) and by how much (degrees) each piece moved against what it rests on over
    the whole watch, however small."""
    scene = build_scene(building)
    settle(building, early_exit=False, scene=scene)
    return scene.movements()


@pytest.mark.parametrize("piece", ["cube-20-1", "block-40x20-1"])
@pytest.mark.parametrize("d", [4.0, 8.0, 12.0])
def test_a_block_that_slides_a_few_mm_down_a_wedge_has_moved(pieces, piece, d):
    """Laid d mm up the wedge's face, the block slides those d mm to the table and stops there,
    not turning: it has moved (more than world.MOVE_LIMIT_MM, far less than its own size), so
    the building does not stand."""
    building = on_the_wedge(pieces, piece, d)
    assert building.supports() == [None, 0], "the block rests on the wedge"
    wedge, block = watched(building)
    assert wedge[0] < 0.1, "the wedge stays put"
    assert d - 0.5 <= block[0] <= 1.15 * d, "it slid down to the table (no further than a bump) and stopped"
    assert block[1] < 1.0, "it slid without turning"
    v = settle(building)
    assert v.stands is False and v.ended == "moved" and [m["piece"] for m in v.moved] == [1]


@pytest.mark.parametrize("piece", ["cube-20-1", "block-40x20-1"])
def test_a_block_on_the_wedge_that_the_table_already_stops_stands(pieces, piece):
    """The same block with its lower corner on the table: it cannot slide, nothing moves."""
    building = on_the_wedge(pieces, piece, 0.0)
    assert max(dist for dist, _ in watched(building)) < 0.5
    v = settle(building)
    assert v.stands is True and v.moved == []
