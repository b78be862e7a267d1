"""`PixelCanvas`: a Raster shown in the terminal (and in the browser) with half blocks.

Each cell shows two pixels with "▀": the foreground colour is the top pixel, the
background colour the bottom one, so a W × H-cell canvas is a W × 2H-pixel raster.
No graphical window is needed, which is what textual-serve and plain terminals offer.

How an owner uses it:

    canvas = PixelCanvas(background=(244, 239, 226))
    ...
    def on_pixel_canvas_resized(self, message):   # also sent once the canvas is laid out
        self.redraw()

    def redraw(self):
        raster = self.canvas.raster               # canvas.size.width × 2·canvas.size.height px
        raster.clear()
        raster.polygon(points, fill=WOOD, edge=EDGE)
        self.canvas.clear_labels()
        self.canvas.label(col, row, "K6", fg=INK)
        self.canvas.refresh()                     # repaint on the next idle

Mouse positions arrive as pixel coordinates of the cell's centre (see `Pointer`,
`Pressed`, `Scrolled`), in the raster's own coordinates, wherever the canvas sits.
"""

from __future__ import annotations

from itertools import compress, islice, repeat
from operator import lshift, ne, or_

from rich.cells import cell_len
from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from .raster import Colour, Raster, pack

HALF_BLOCK = "▀"
STYLE_CACHE_LIMIT = 8192
_PAIR_SHIFT = 24
_HIGH_SEVEN_BITS = 0xFEFEFE


class PixelCanvas(Widget, can_focus=True):
    """A widget whose content is `raster`, kept at (width) × (2 · height) pixels of its content area.

    Draw into `raster`, then call `refresh()`. On a change of size the raster is
    resized in place (cleared to its background; labels are kept) and
    `PixelCanvas.Resized` is posted so the owner redraws. The canvas can take focus;
    it binds no keys itself, so every key goes on to the owner's bindings. Wheel
    turns over the canvas become `Scrolled` and do not also scroll a container
    around it; mouse moves and presses bubble on as usual.
    """

    DEFAULT_CSS = """
    PixelCanvas {
        width: 1fr;
        height: 1fr;
    }
    """

    class Resized(Message):
        """The raster now has `width_px` × `height_px` pixels (all background): draw it again."""

        def __init__(self, canvas: "PixelCanvas", width_px: int, height_px: int) -> None:
            super().__init__()
            self.canvas = canvas
            self.width_px = width_px
            self.height_px = height_px

        @property
        def control(self) -> "PixelCanvas":
            return self.canvas

    class Pointer(Message):
        """The mouse moved over the canvas, now at pixel (x_px, y_px): the centre of its cell."""

        def __init__(self, canvas: "PixelCanvas", x_px: float, y_px: float) -> None:
            super().__init__()
            self.canvas = canvas
            self.x_px = x_px
            self.y_px = y_px

        @property
        def control(self) -> "PixelCanvas":
            return self.canvas

    class Pressed(Message):
        """A mouse button went down at pixel (x_px, y_px); `button` as Textual numbers them
        (1 left, 2 middle, 3 right)."""

        def __init__(self, canvas: "PixelCanvas", x_px: float, y_px: float, button: int) -> None:
            super().__init__()
            self.canvas = canvas
            self.x_px = x_px
            self.y_px = y_px
            self.button = button

        @property
        def control(self) -> "PixelCanvas":
            return self.canvas

    class Scrolled(Message):
        """The wheel turned over pixel (x_px, y_px): `delta` +1 for up, -1 for down."""

        def __init__(self, canvas: "PixelCanvas", x_px: float, y_px: float, delta: int) -> None:
            super().__init__()
            self.canvas = canvas
            self.x_px = x_px
            self.y_px = y_px
            self.delta = delta

        @property
        def control(self) -> "PixelCanvas":
            return self.canvas

    def __init__(self, background: Colour = (0, 0, 0), *, name: str | None = None,
                 id: str | None = None, classes: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.raster = Raster(0, 0, background)
        self._labels: dict[int, dict[int, tuple[str, int, int | None, int]]] = {}
        self._styles: dict[int, Style] = {}
        self._strips: dict[int, tuple[list[int], Strip]] = {}

    # -- size ----------------------------------------------------------------------

    @property
    def size_px(self) -> tuple[int, int]:
        """The raster's size in pixels: (content width, 2 × content height)."""
        return self.raster.width, self.raster.height

    @staticmethod
    def cell_of(x_px: float, y_px: float) -> tuple[int, int]:
        """The (column, row) of the cell showing pixel coordinates (x_px, y_px): where to put a label."""
        return int(x_px // 1), int(y_px // 2)

    def _sync_raster(self) -> bool:
        """Resize the raster to the content area if they differ; True if it was resized."""
        width, height = self.size
        if self.raster.width == width and self.raster.height == 2 * height:
            return False
        self.raster.resize(width, 2 * height)
        self._strips.clear()
        return True

    def _announce_size(self) -> None:
        self.post_message(self.Resized(self, self.raster.width, self.raster.height))

    def on_resize(self, event: events.Resize) -> None:
        if self._sync_raster():
            self._announce_size()

    # -- labels --------------------------------------------------------------------

    def label(self, col: int, row: int, text: str, fg: Colour, bg: Colour | None = None) -> None:
        """Write `text` into the cells from (col, row) rightwards, over the pixels.

        `bg` None shows, behind each character, the average of the two pixels of its
        cell (worked out when drawn, so it follows the picture). Characters two cells
        wide take two cells; parts off the canvas are dropped. Labels stay until
        `clear_labels()`; call `refresh()` to show them.
        """
        if row < 0:
            return
        fg_packed = pack(fg)
        bg_packed = None if bg is None else pack(bg)
        cells = self._labels.setdefault(row, {})
        for char in text:
            cell_width = 1 if char.isascii() and char.isprintable() else cell_len(char)
            if cell_width == 0:
                continue
            if col >= 0:
                self._put(cells, col, (char, fg_packed, bg_packed, cell_width))
            elif col + cell_width > 0:
                self._put(cells, 0, (" ", fg_packed, bg_packed, 1))
            col += cell_width
        if not cells:
            del self._labels[row]
        self._strips.pop(row, None)

    @staticmethod
    def _put(cells: dict, col: int, cell: tuple[str, int, int | None, int]) -> None:
        """Store one label cell, blanking the other half of any wide character it cuts."""
        left = cells.get(col - 1)
        if left is not None and left[3] == 2:
            cells[col - 1] = (" ", left[1], left[2], 1)
        if cell[3] == 2:
            right = cells.pop(col + 1, None)
            if right is not None and right[3] == 2:
                cells[col + 2] = (" ", right[1], right[2], 1)
        cells[col] = cell

    def clear_labels(self) -> None:
        """Remove every label."""
        for row in self._labels:
            self._strips.pop(row, None)
        self._labels.clear()

    # -- rendering -----------------------------------------------------------------

    def _style(self, pair: int) -> Style:
        """The Style with foreground pair >> 24 and background pair & 0xFFFFFF, cached."""
        style = self._styles.get(pair)
        if style is None:
            if len(self._styles) >= STYLE_CACHE_LIMIT:
                self._styles.clear()
            top, bottom = pair >> _PAIR_SHIFT, pair & 0xFFFFFF
            style = Style.from_color(
                Color.from_rgb(top >> 16, (top >> 8) & 0xFF, top & 0xFF),
                Color.from_rgb(bottom >> 16, (bottom >> 8) & 0xFF, bottom & 0xFF),
            )
            self._styles[pair] = style
        return style

    def render_line(self, y: int) -> Strip:
        """Content line y: cells of "▀" coloured top pixel / bottom pixel, equal neighbours merged."""
        if self._sync_raster():
            # Painting can come before the Resize event; announce from the canvas's own
            # queue, so the message is sent by the canvas and bubbles all the way up.
            self.call_later(self._announce_size)
        raster = self.raster
        width = raster.width
        if width == 0:
            return Strip([], 0)
        rows = raster.rows
        if 0 <= y and 2 * y + 1 < raster.height:
            top, bottom = rows[2 * y], rows[2 * y + 1]
        else:
            top = bottom = [raster.background_packed] * width
        pairs = list(map(or_, map(lshift, top, repeat(_PAIR_SHIFT)), bottom))
        labels = self._labels.get(y)
        if labels is None:
            cached = self._strips.get(y)
            if cached is not None and cached[0] == pairs:
                return cached[1]
        ends = list(compress(range(1, width), map(ne, pairs, islice(pairs, 1, None))))
        if labels:
            ends = self._label_ends(ends, labels, width)
        ends.append(width)
        style_of = self._styles.get
        segments = []
        add = segments.append
        start = 0
        for end in ends:
            pair = pairs[start]
            if labels and start in labels:
                add(self._label_segment(labels[start], pair, width - start))
            else:
                style = style_of(pair)
                if style is None:
                    style = self._style(pair)
                add(Segment(HALF_BLOCK * (end - start), style))
            start = end
        strip = Strip(segments, width)
        if labels is None:
            self._strips[y] = (pairs, strip)
        return strip

    @staticmethod
    def _label_ends(ends: list[int], labels: dict, width: int) -> list[int]:
        """Run ends with every label cell made a run of its own."""
        cut = set(ends)
        for col, cell in labels.items():
            if col < width:
                cut.add(col)
                cut.add(min(col + cell[3], width))
        cut.discard(0)
        cut.discard(width)
        return sorted(cut)

    def _label_segment(self, cell: tuple[str, int, int | None, int], pair: int, room: int) -> Segment:
        char, fg, bg, cell_width = cell
        if cell_width > room:
            char = " "
        if bg is None:
            top, bottom = pair >> _PAIR_SHIFT, pair & 0xFFFFFF
            bg = (top & bottom) + (((top ^ bottom) & _HIGH_SEVEN_BITS) >> 1)
        return Segment(char, self._style((fg << _PAIR_SHIFT) | bg))

    # -- mouse ---------------------------------------------------------------------

    def _pixel_of(self, event: events.MouseEvent) -> tuple[float, float] | None:
        """The pixel coordinates of the centre of the cell under the mouse, None off the content area.

        While this canvas has captured the mouse, positions outside it are reported too
        (they may be negative or past the edge).
        """
        if self.app.mouse_captured is self:
            offset = event.get_content_offset_capture(self)
        else:
            offset = event.get_content_offset(self)
        if offset is None:
            return None
        return offset.x + 0.5, 2 * offset.y + 1.0

    def on_mouse_move(self, event: events.MouseMove) -> None:
        pixel = self._pixel_of(event)
        if pixel is not None:
            self.post_message(self.Pointer(self, *pixel))

    def on_mouse_down(self, event: events.MouseDown) -> None:
        pixel = self._pixel_of(event)
        if pixel is not None:
            self.post_message(self.Pressed(self, *pixel, event.button))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scrolled(event, +1)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scrolled(event, -1)

    def _scrolled(self, event: events.MouseEvent, delta: int) -> None:
        """Report the wheel, and keep it from scrolling a container the canvas sits in."""
        pixel = self._pixel_of(event)
        if pixel is not None:
            event.stop()
            self.post_message(self.Scrolled(self, *pixel, delta))
