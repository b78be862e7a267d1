"""Every seat's building on the shared screen, side by side, as the table sees them.

While a building round lasts each picture grows with every piece set down, whoever sets
it (a phone, a computer, a person at the kiosk), and its caption says how the builder
stands: building, Stop! and its verdict, gave up. When the round ends the rules clear the
lots, but the pictures stay as they were at the end, each with its verdict (the pieces
that moved outlined in red), until the next round's building begins.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.widgets import Static

from physics import geometry
from physics.building import Building
from physics.practice import palette as P
from physics.practice.build import BuildPractice

from ..widgets.pixels import PixelCanvas
from . import draw

#: a picture shows the building and this much above it, and at least up to LOWEST_TOP_MM:
#: the small pictures of the shared screen spend no rows on empty sky
ROOM_ABOVE_MM = 25.0
LOWEST_TOP_MM = 50.0


@dataclass(frozen=True)
class Picture:
    """One seat's picture: its building, the words under it, and the pieces to outline
    (those that moved when its Stop! was judged)."""

    building: Building
    caption: str
    moved: frozenset = frozenset()


class BuildingPicture(Vertical):
    """A caption above a canvas with one building drawn as the build screens draw it."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.picture: Picture | None = None
        self._bench: BuildPractice | None = None

    def compose(self) -> ComposeResult:
        yield Static(classes="bd-caption")
        yield PixelCanvas(background=P.BACKGROUND, classes="bd-canvas")

    def show(self, picture: Picture) -> None:
        if picture == self.picture:
            return
        if self.picture is None or picture.building is not self.picture.building:
            building = picture.building
            self._bench = BuildPractice(building, lots=[building.lot])
        self.picture = picture
        self.query_one(".bd-caption", Static).update(Content(picture.caption))
        self.redraw()

    def on_pixel_canvas_resized(self, message: PixelCanvas.Resized) -> None:
        self.redraw()

    def redraw(self) -> None:
        canvas = self.query_one(PixelCanvas)
        bench, picture = self._bench, self.picture
        if bench is None or picture is None or canvas.size_px[0] < 4 or canvas.size_px[1] < 4:
            return
        x0, y0, x1, y1 = bench.extent()
        tops = [geometry.bounds(parts)[3] for parts in bench.pieces_now() if parts]
        y1 = min(y1, max(LOWEST_TOP_MM, max(tops, default=0.0) + ROOM_ABOVE_MM))    # no empty sky
        draw.draw_build(canvas, _Outlined(bench, picture.moved), draw.fit(canvas, x0, y0, x1, y1))


class _Outlined:
    """A bench as the drawing reads it, with the moved pieces outlined."""

    def __init__(self, bench: BuildPractice, moved: frozenset):
        self._bench = bench
        self._moved = moved

    def __getattr__(self, name):
        return getattr(self._bench, name)

    def highlighted(self) -> set[int]:
        return set(self._moved) | {i for v in self._bench.violations for i in v.pieces}


#: pictures side by side at most; more seats go on a second row
ACROSS = 4


class Buildings(Grid):
    """One picture a seat, ACROSS to a row; `show(pictures)` with None for a seat shows
    nothing for it."""

    def __init__(self, seats: int, **kw):
        super().__init__(**kw)
        self.seats = seats
        self.styles.grid_size_columns = min(seats, ACROSS)
        self._buildings: list[Building | None] = [None] * seats
        self._keys: list[tuple | None] = [None] * seats

    def compose(self) -> ComposeResult:
        for s in range(self.seats):
            yield BuildingPicture(classes="bd-picture", id=f"bd-{s}")

    def show(self, pictures: list[tuple[Building, str, frozenset] | None]) -> None:
        for s, picture in enumerate(pictures):
            widget = self.query_one(f"#bd-{s}", BuildingPicture)
            widget.display = picture is not None
            if picture is None:
                continue
            building, caption, moved = picture
            key = (building.lot, building.outline, tuple(building.placements))
            if key != self._keys[s]:
                self._keys[s], self._buildings[s] = key, building
            widget.show(Picture(self._buildings[s], caption, moved))
