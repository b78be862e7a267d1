"""The pixel raster and the half-block canvas the physics practice screens draw on."""

from __future__ import annotations

import math
import random

import pytest
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from kiosk.widgets.pixels import HALF_BLOCK, PixelCanvas
from kiosk.widgets.raster import Raster, pack, unpack
from tests.kiosk_support import sync, wait_for

BLACK = (0, 0, 0)
RED = (255, 0, 0)
GREEN = (0, 200, 0)
BLUE = (0, 0, 255)
WHITE = (255, 255, 255)
SKY = (10, 20, 30)


def lit(raster: Raster, colour=None) -> set[tuple[int, int]]:
    """The pixels that are not background (or, given `colour`, that have it)."""
    if colour is None:
        off = raster.background_packed
        return {(i, j) for j, row in enumerate(raster.rows) for i, c in enumerate(row) if c != off}
    want = pack(colour)
    return {(i, j) for j, row in enumerate(raster.rows) for i, c in enumerate(row) if c == want}


def centre_inside(points, x: float, y: float) -> bool:
    """Reference even-odd test of one point, written independently of the scanline fill."""
    inside = False
    for k in range(len(points)):
        (ax, ay), (bx, by) = points[k - 1], points[k]
        if (ay <= y < by) or (by <= y < ay):
            if x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
    return inside


def reference_fill(points, width: int, height: int) -> set[tuple[int, int]]:
    return {(i, j) for j in range(height) for i in range(width) if centre_inside(points, i + 0.5, j + 0.5)}


def box(i0: int, i1: int, j0: int, j1: int) -> set[tuple[int, int]]:
    """Pixels i0..i1-1 × j0..j1-1."""
    return {(i, j) for i in range(i0, i1) for j in range(j0, j1)}


# -- raster: colours and basics ------------------------------------------------------

def test_colours_pack_and_unpack_and_bad_ones_are_refused():
    assert pack((1, 2, 3)) == 0x010203 and unpack(0x010203) == (1, 2, 3)
    assert pack(0xABCDEF) == 0xABCDEF
    for bad in ((256, 0, 0), (0, -1, 0), 0x1000000):
        with pytest.raises(ValueError):
            pack(bad)


def test_clear_get_set_and_resize_in_place():
    r = Raster(4, 3, SKY)
    assert (r.width, r.height) == (4, 3) and r.get(3, 2) == SKY
    r.set(1, 1, RED)
    r.set(9, 9, RED)
    assert r.get(1, 1) == RED and lit(r) == {(1, 1)}
    r.clear(BLUE)
    assert r.count(BLUE) == 12
    r.clear()
    assert r.count(SKY) == 12
    rows_before = r.rows
    r.resize(6, 2)
    assert (r.width, r.height) == (6, 2) and r.count(SKY) == 12 and r.rows is not rows_before
    with pytest.raises(IndexError):
        r.get(6, 0)
    with pytest.raises(IndexError):
        r.get(0, -1)


# -- raster: polygons ----------------------------------------------------------------

def test_rectangle_with_fractional_edges_covers_exactly_the_pixels_whose_centres_are_inside():
    r = Raster(12, 8)
    r.polygon([(2.3, 1.5), (7.6, 1.5), (7.6, 4.49), (2.3, 4.49)], RED)
    # x centres 2.5 .. 7.5 are inside 2.3 .. 7.6; y centre 1.5 is on the top edge (inside), 4.5 is past 4.49.
    assert lit(r) == box(2, 8, 1, 4)


def test_centres_on_left_and_top_edges_are_inside_on_right_and_bottom_outside():
    r = Raster(12, 8)
    r.polygon([(2.5, 1.5), (7.5, 1.5), (7.5, 4.5), (2.5, 4.5)], RED)
    assert lit(r) == box(2, 7, 1, 4)
    r.clear()
    r.rect(2.5, 1.5, 7.5, 4.5, RED)
    assert lit(r) == box(2, 7, 1, 4)
    r.clear()
    r.rect(7.5, 4.5, 2.5, 1.5, RED)
    assert lit(r) == box(2, 7, 1, 4), "corners given in either order"


def test_neighbouring_rectangles_neither_overlap_nor_leave_a_gap():
    r = Raster(20, 6)
    r.polygon([(1.2, 1), (8.7, 1), (8.7, 5), (1.2, 5)], RED)
    r.polygon([(8.7, 1), (15.3, 1), (15.3, 5), (8.7, 5)], BLUE)
    reds, blues = lit(r, RED), lit(r, BLUE)
    assert reds | blues == box(1, 15, 1, 5) and not reds & blues
    assert reds == box(1, 9, 1, 5)


def test_triangle_pixel_count_matches_its_area_and_the_reference_fill():
    rng = random.Random(7)
    for _ in range(20):
        points = [(rng.uniform(0, 60), rng.uniform(0, 40)) for _ in range(3)]
        r = Raster(60, 40)
        r.polygon(points, RED)
        area = abs((points[1][0] - points[0][0]) * (points[2][1] - points[0][1])
                   - (points[2][0] - points[0][0]) * (points[1][1] - points[0][1])) / 2
        perimeter = sum(math.dist(points[k - 1], points[k]) for k in range(3))
        # Only pixels the boundary crosses can be miscounted, each by less than one.
        assert abs(r.count(RED) - area) <= perimeter + 3
        assert lit(r) == reference_fill(points, 60, 40)
    big = [(5.0, 5.0), (55.0, 8.0), (20.0, 38.0)]
    r = Raster(60, 40)
    r.polygon(big, RED)
    assert abs(r.count(RED) - 787.5) < 0.05 * 787.5


def test_concave_l_shape_leaves_its_notch_empty():
    shape = [(1, 1), (11, 1), (11, 4), (4, 4), (4, 9), (1, 9)]
    r = Raster(14, 11)
    r.polygon(shape, RED)
    assert lit(r) == box(1, 11, 1, 4) | box(1, 4, 4, 9)
    assert lit(r) == reference_fill(shape, 14, 11)


def test_concave_star_matches_the_reference_fill():
    star = []
    for k in range(10):
        radius = 18 if k % 2 == 0 else 7
        angle = math.pi * k / 5 + 0.1
        star.append((25.3 + radius * math.cos(angle), 20.1 + radius * math.sin(angle)))
    r = Raster(50, 40)
    r.polygon(star, RED)
    assert lit(r) == reference_fill(star, 50, 40)
    assert r.get(25, 20) == RED and r.get(25 + 12, 20 + 5) != RED


def test_outline_on_pixel_boundaries_stays_on_the_inside_pixels():
    r = Raster(12, 10)
    r.polygon([(2, 2), (8, 2), (8, 6), (2, 6)], RED, edge=BLUE)
    assert lit(r) == box(2, 8, 2, 6), "the outline must not spill past the fill"
    assert lit(r, RED) == box(3, 7, 3, 5)


def test_a_polygon_smaller_than_a_pixel_still_shows_with_an_edge():
    r = Raster(10, 10)
    tiny = [(5.2, 3.1), (5.5, 3.1), (5.5, 3.3), (5.2, 3.3)]
    r.polygon(tiny, RED)
    assert lit(r) == set(), "no pixel centre is inside it"
    r.polygon(tiny, RED, edge=BLUE)
    assert lit(r) == {(5, 3)}


def test_a_piece_one_pixel_tall_never_vanishes_with_an_edge():
    beam = [(2.2, 4.6), (20.8, 4.6), (20.8, 5.4), (2.2, 5.4)]
    r = Raster(24, 10)
    r.polygon(beam, RED)
    assert r.count(RED) == 0, "the beam misses every row of centres"
    r.polygon(beam, RED, edge=BLUE)
    columns = {i for i, _ in lit(r)}
    assert columns == set(range(2, 21))
    assert {j for _, j in lit(r)} <= {4, 5}


def test_outline_only_and_thick_outline():
    r = Raster(20, 20)
    r.polygon([(3, 3), (15, 3), (15, 15), (3, 15)], None, edge=BLUE)
    assert lit(r) == box(3, 15, 3, 15) - box(4, 14, 4, 14)
    r.clear()
    r.polygon([(3, 3), (15, 3), (15, 15), (3, 15)], None, edge=BLUE, edge_width=3)
    # A band 3 px wide centred on each side (on the inside of a tie): one pixel out, two in.
    assert lit(r) == box(2, 16, 2, 16) - box(5, 13, 5, 13)


# -- raster: clipping ----------------------------------------------------------------

def test_shapes_partly_off_the_canvas_draw_only_the_part_inside_without_wrapping():
    r = Raster(20, 10)
    r.polygon([(-10, -10), (5, -10), (5, 5), (-10, 5)], RED, edge=BLUE)
    assert lit(r) == box(0, 5, 0, 5)
    r.clear()
    r.rect(15, 7, 40, 30, RED)
    assert lit(r) == box(15, 20, 7, 10)
    r.clear()
    r.line((-30.5, 2.5), (4.5, 2.5), RED)
    assert lit(r) == box(0, 5, 2, 3), "negative columns must not wrap to the right edge"
    r.clear()
    r.circle(-2, 5, 4, RED)
    assert lit(r) and all(i < 2 for i, _ in lit(r))


def test_shapes_wholly_off_the_canvas_or_absurd_draw_nothing_and_never_raise():
    r = Raster(20, 10)
    r.polygon([(-50, -50), (-30, -50), (-30, -30)], RED, edge=BLUE)
    r.polygon([(1e12, 1e12), (2e12, 1e12), (2e12, 2e12)], RED, edge=BLUE)
    r.polygon([(float("nan"), 1), (5, 5), (1, 5)], RED, edge=BLUE)
    r.polygon([], RED, edge=BLUE)
    r.line((-1e15, 400), (1e15, 400), RED, width=5)
    r.line((float("inf"), 0), (3, 3), RED)
    r.dashed((-1e9, -3), (1e9, -3), RED, 2)
    r.circle(500, 500, 20, RED)
    r.circle(5, 5, float("nan"), RED)
    r.rect(-9, -9, -1, -1, RED, fill=False)
    assert lit(r) == set()
    Raster(0, 0).polygon([(0, 0), (3, 0), (3, 3)], RED, edge=BLUE)
    Raster(0, 5).line((0, 0), (4, 4), RED)


def test_a_very_long_line_across_the_canvas_is_clipped_not_walked():
    r = Raster(20, 10)
    r.line((-1e9, 5.5), (1e9, 5.5), RED)
    assert lit(r) == box(0, 20, 5, 6)


# -- raster: lines, dashes, circles --------------------------------------------------

def test_horizontal_vertical_and_diagonal_lines_set_one_pixel_per_step():
    r = Raster(12, 12)
    r.line((0.5, 2.5), (9.5, 2.5), RED)
    assert lit(r) == box(0, 10, 2, 3)
    r.clear()
    r.line((3.5, 9.5), (3.5, 1.5), RED)
    assert lit(r) == box(3, 4, 1, 10)
    r.clear()
    r.line((0.5, 0.5), (9.5, 9.5), RED)
    assert lit(r) == {(k, k) for k in range(10)}


def test_sloped_lines_are_connected_one_pixel_per_major_step_with_both_ends():
    rng = random.Random(3)
    for _ in range(50):
        a = (rng.uniform(0, 40), rng.uniform(0, 30))
        b = (rng.uniform(0, 40), rng.uniform(0, 30))
        r = Raster(40, 30)
        r.line(a, b, RED)
        pixels = lit(r)
        assert (int(a[0]), int(a[1])) in pixels and (int(b[0]), int(b[1])) in pixels
        major = 0 if abs(b[0] - a[0]) >= abs(b[1] - a[1]) else 1
        steps = sorted(pixels, key=lambda p: p[major])
        span = abs(int(b[major]) - int(a[major])) + 1
        if span > 1:
            assert len(pixels) == span
            for p, q in zip(steps, steps[1:]):
                assert abs(p[0] - q[0]) <= 1 and abs(p[1] - q[1]) <= 1


def test_a_wide_line_covers_its_band():
    r = Raster(14, 12)
    r.line((0, 5), (10, 5), RED, width=3)
    assert box(0, 10, 3, 6) <= lit(r)
    assert {j for _, j in lit(r)} == {3, 4, 5}


def test_dashed_line_alternates_dashes_and_gaps():
    r = Raster(30, 4)
    r.dashed((0.0, 1.5), (24.0, 1.5), RED, 3)
    row = [r.get(i, 1) == RED for i in range(30)]
    assert row[0:3] == [True] * 3 and row[4:6] == [False] * 2 and row[6:9] == [True] * 3
    runs = sum(1 for i in range(30) if row[i] and (i == 0 or not row[i - 1]))
    assert runs == 4
    assert {j for _, j in lit(r)} == {1}
    with pytest.raises(ValueError):
        r.dashed((0, 0), (5, 5), RED, 0)


def test_disc_and_ring():
    r = Raster(30, 30)
    r.circle(15.0, 15.0, 8.0, RED)
    pixels = lit(r)
    assert abs(len(pixels) - math.pi * 64) < 2 * math.pi * 8
    assert pixels == {(i, j) for i in range(30) for j in range(30)
                      if (i + 0.5 - 15) ** 2 + (j + 0.5 - 15) ** 2 <= 64}
    r.clear()
    r.circle(15.0, 15.0, 8.0, RED, fill=False)
    ring = lit(r)
    assert (15, 15) not in ring and (7, 15) in ring and (22, 15) in ring and (15, 7) in ring
    assert ring < pixels
    r.clear()
    r.circle(3.7, 4.9, 0.2, RED)
    assert lit(r) == {(3, 4)}, "a circle smaller than a pixel still shows"


# -- the canvas widget ---------------------------------------------------------------

class CanvasApp(App):
    """A canvas below a header strip and right of a side column, recording what it posts."""

    CSS = """
    #side { width: 7; }
    #head { height: 3; }
    """
    BINDINGS = [Binding("x", "mark", "mark")]

    def __init__(self, canvas_css: str = ""):
        super().__init__()
        self.canvas_css = canvas_css
        self.posted: list = []
        self.marks = 0

    def compose(self):
        with Horizontal():
            yield Static("side", id="side")
            with Vertical():
                yield Static("head", id="head")
                yield PixelCanvas(SKY, id="canvas")

    def on_mount(self) -> None:
        if self.canvas_css:
            self.query_one(PixelCanvas).set_styles(self.canvas_css)

    def action_mark(self) -> None:
        self.marks += 1

    def on_pixel_canvas_resized(self, message: PixelCanvas.Resized) -> None:
        self.posted.append(("resized", message.width_px, message.height_px, message.control))

    def on_pixel_canvas_pointer(self, message: PixelCanvas.Pointer) -> None:
        self.posted.append(("pointer", message.x_px, message.y_px, message.control))

    def on_pixel_canvas_pressed(self, message: PixelCanvas.Pressed) -> None:
        self.posted.append(("pressed", message.x_px, message.y_px, message.button, message.control))

    def on_pixel_canvas_scrolled(self, message: PixelCanvas.Scrolled) -> None:
        self.posted.append(("scrolled", message.x_px, message.y_px, message.delta, message.control))


def styles_of(strip):
    return [(seg.text, seg.style.color.triplet, seg.style.bgcolor.triplet) for seg in strip]


def wheel(app, kind, x: int, y: int):
    """A wheel event at screen cell (x, y), posted to the app as the driver posts it (the Pilot has no wheel)."""
    app.post_message(kind(None, x, y, 0, 0, 0, False, False, False, screen_x=x, screen_y=y))


@sync
async def test_canvas_keeps_a_raster_of_width_by_twice_height_and_posts_resized():
    app = CanvasApp()
    async with app.run_test(size=(40, 14)) as pilot:
        canvas = app.query_one(PixelCanvas)
        await wait_for(pilot, lambda: app.posted, "the first Resized")
        assert canvas.size == (33, 11)
        assert app.posted == [("resized", 33, 22, canvas)]
        assert canvas.size_px == (33, 22) and (canvas.raster.width, canvas.raster.height) == (33, 22)
        raster = canvas.raster
        raster.rect(0, 0, 33, 22, RED)
        await pilot.resize_terminal(50, 20)
        await wait_for(pilot, lambda: len(app.posted) == 2, "the second Resized")
        assert app.posted[1] == ("resized", 43, 34, canvas)
        assert canvas.raster is raster and (raster.width, raster.height) == (43, 34)
        assert raster.count(SKY) == 43 * 34, "a resized raster starts as background"
        assert len(canvas.render_line(16)) == 1 and canvas.render_line(16).cell_length == 43


@sync
async def test_render_line_shows_top_pixel_as_foreground_and_bottom_as_background():
    app = CanvasApp("width: 10; height: 4;")
    async with app.run_test(size=(40, 14)) as pilot:
        canvas = app.query_one(PixelCanvas)
        await wait_for(pilot, lambda: canvas.size_px == (10, 8), "the canvas size")
        raster = canvas.raster
        raster.rect(0, 0, 10, 1, RED)
        raster.rect(0, 1, 10, 2, BLUE)
        for i in range(10):
            raster.set(i, 2, GREEN if i % 2 else WHITE)
            raster.set(i, 3, BLACK)
        canvas.refresh()
        line0 = canvas.render_line(0)
        assert styles_of(line0) == [(HALF_BLOCK * 10, RED, BLUE)]
        assert line0.cell_length == 10
        line1 = canvas.render_line(1)
        assert [s[0] for s in styles_of(line1)] == [HALF_BLOCK] * 10
        assert [s[1] for s in styles_of(line1)] == [GREEN if i % 2 else WHITE for i in range(10)]
        assert {s[2] for s in styles_of(line1)} == {BLACK}
        assert styles_of(canvas.render_line(3)) == [(HALF_BLOCK * 10, SKY, SKY)]
        await pilot.pause()


@sync
async def test_runs_of_equal_cells_merge_into_one_segment_with_one_cached_style():
    app = CanvasApp("width: 30; height: 4;")
    async with app.run_test(size=(40, 14)) as pilot:
        canvas = app.query_one(PixelCanvas)
        await wait_for(pilot, lambda: canvas.size_px == (30, 8), "the canvas size")
        raster = canvas.raster
        raster.rect(0, 0, 30, 8, RED)
        raster.rect(10, 2, 20, 4, BLUE)
        uniform = list(canvas.render_line(0))
        assert len(uniform) == 1 and uniform[0].text == HALF_BLOCK * 30
        three = styles_of(canvas.render_line(1))
        assert three == [(HALF_BLOCK * 10, RED, RED), (HALF_BLOCK * 10, BLUE, BLUE), (HALF_BLOCK * 10, RED, RED)]
        styles = [seg.style for seg in canvas.render_line(1)]
        assert styles[0] is styles[2], "one Style object per colour pair"
        assert list(canvas.render_line(2))[0].style is uniform[0].style
        raster.set(29, 0, GREEN)
        changed = styles_of(canvas.render_line(0))
        assert changed == [(HALF_BLOCK * 29, RED, RED), (HALF_BLOCK, GREEN, RED)], "a changed row is not served stale"


@sync
async def test_labels_appear_over_the_pixels_and_clear():
    app = CanvasApp("width: 12; height: 3;")
    async with app.run_test(size=(40, 14)) as pilot:
        canvas = app.query_one(PixelCanvas)
        await wait_for(pilot, lambda: canvas.size_px == (12, 6), "the canvas size")
        raster = canvas.raster
        raster.rect(0, 2, 12, 3, (200, 100, 50))
        raster.rect(0, 3, 12, 4, (100, 50, 0))
        canvas.label(3, 1, "K6", WHITE)
        canvas.label(8, 1, "7", BLACK, bg=GREEN)
        canvas.label(10, 1, "xyz", WHITE)
        canvas.label(-1, 0, "ab", WHITE)
        segments = styles_of(canvas.render_line(1))
        text = "".join(s[0] for s in segments)
        assert text == HALF_BLOCK * 3 + "K6" + HALF_BLOCK * 3 + "7" + HALF_BLOCK + "xy"
        by_text = {s[0]: s for s in segments}
        assert by_text["K"][1:] == (WHITE, (150, 75, 25)), "default background: the cell's average pixel"
        assert by_text["7"][1:] == (BLACK, GREEN)
        assert "".join(s[0] for s in styles_of(canvas.render_line(0))) == "b" + HALF_BLOCK * 11
        assert canvas.render_line(1).cell_length == 12
        canvas.label(3, 2, "東", WHITE)
        wide = canvas.render_line(2)
        assert "".join(seg.text for seg in wide) == HALF_BLOCK * 3 + "東" + HALF_BLOCK * 7
        assert wide.cell_length == 12
        canvas.clear_labels()
        assert "".join(s[0] for s in styles_of(canvas.render_line(1))) == HALF_BLOCK * 12
        await pilot.pause()


@sync
async def test_mouse_move_click_and_wheel_report_pixel_coordinates_of_the_cell_centre():
    app = CanvasApp("border: solid red;")
    async with app.run_test(size=(40, 14)) as pilot:
        canvas = app.query_one(PixelCanvas)
        await wait_for(pilot, lambda: app.posted, "the first Resized")
        assert canvas.region.offset == (7, 3) and canvas.content_region.offset == (8, 4)
        app.posted.clear()
        # Pilot offsets are from the widget's outer corner; the border takes one cell each way.
        await pilot.hover(canvas, offset=(5, 2))
        await wait_for(pilot, lambda: app.posted, "a Pointer")
        assert app.posted[-1] == ("pointer", 4.5, 3.0, canvas)
        await pilot.click(canvas, offset=(6, 3))
        await wait_for(pilot, lambda: any(p[0] == "pressed" for p in app.posted), "a Pressed")
        assert [p for p in app.posted if p[0] == "pressed"] == [("pressed", 5.5, 5.0, 1, canvas)]
        await pilot.click(canvas, offset=(1, 1), button=3)
        await wait_for(pilot, lambda: len([p for p in app.posted if p[0] == "pressed"]) == 2, "a right press")
        assert [p for p in app.posted if p[0] == "pressed"][-1] == ("pressed", 0.5, 1.0, 3, canvas)
        x, y = canvas.region.x + 4, canvas.region.y + 2
        wheel(app, events.MouseScrollUp, x, y)
        wheel(app, events.MouseScrollDown, x + 1, y + 1)
        await wait_for(pilot, lambda: len([p for p in app.posted if p[0] == "scrolled"]) == 2, "two Scrolled")
        assert [p for p in app.posted if p[0] == "scrolled"] == [
            ("scrolled", 3.5, 3.0, 1, canvas), ("scrolled", 4.5, 5.0, -1, canvas)]


@sync
async def test_mouse_on_the_border_or_elsewhere_posts_nothing():
    app = CanvasApp("border: solid red;")
    async with app.run_test(size=(40, 14)) as pilot:
        canvas = app.query_one(PixelCanvas)
        await wait_for(pilot, lambda: app.posted, "the first Resized")
        app.posted.clear()
        await pilot.click(canvas, offset=(0, 0))
        await pilot.hover("#side")
        await pilot.click("#head")
        await pilot.pause()
        assert app.posted == []


@sync
async def test_canvas_takes_focus_and_lets_keys_it_does_not_handle_through():
    app = CanvasApp()
    async with app.run_test(size=(40, 14)) as pilot:
        canvas = app.query_one(PixelCanvas)
        await wait_for(pilot, lambda: app.posted, "the first Resized")
        await pilot.click(canvas, offset=(3, 3))
        assert app.focused is canvas
        await pilot.press("x")
        await wait_for(pilot, lambda: app.marks == 1, "the app's binding")


class ScrollingApp(App):
    """A canvas at the top of a scrolling column taller than the screen."""

    CSS = "#canvas { height: 6; } #filler { height: 60; }"

    def __init__(self):
        super().__init__()
        self.wheels: list[int] = []

    def compose(self):
        with VerticalScroll():
            yield PixelCanvas(SKY, id="canvas")
            yield Static("filler", id="filler")

    def on_pixel_canvas_scrolled(self, message: PixelCanvas.Scrolled) -> None:
        self.wheels.append(message.delta)


@sync
async def test_the_wheel_over_the_canvas_is_the_canvas_s_and_does_not_scroll_its_container():
    app = ScrollingApp()
    async with app.run_test(size=(40, 14)) as pilot:
        column = app.query_one(VerticalScroll)
        canvas = app.query_one(PixelCanvas)
        await pilot.pause()
        wheel(app, events.MouseScrollDown, canvas.region.x + 2, canvas.region.y + 2)
        await wait_for(pilot, lambda: app.wheels == [-1], "the canvas's Scrolled")
        await pilot.pause()
        assert column.scroll_y == 0
        filler = app.query_one("#filler")
        wheel(app, events.MouseScrollDown, filler.region.x + 2, filler.region.y + 2)
        await wait_for(pilot, lambda: column.scroll_y > 0, "the column to scroll under the filler")
        assert app.wheels == [-1]
