"""What both practice screens in the kiosk share: the picture, the animation timer, leaving."""

from __future__ import annotations

from textual.screen import Screen

from ..widgets.pixels import PixelCanvas

FPS = 30


class BenchScreen(Screen):
    """A practice bench on a PixelCanvas, animated at FPS frames a second while it moves.

    A subclass draws in `redraw` and says what a frame does in `_tick`; Esc leaves.
    """

    CSS_PATH = "practice.tcss"

    def __init__(self):
        super().__init__()
        self._timer = None

    def on_mount(self) -> None:
        self.query_one(PixelCanvas).focus()
        self.refresh_all()

    def on_unmount(self) -> None:
        self._stop_timer()

    def refresh_all(self) -> None:
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def on_pixel_canvas_resized(self, _message: PixelCanvas.Resized) -> None:
        self.redraw()

    def _start_timer(self) -> None:
        if self._timer is None:
            self._timer = self.set_interval(1 / FPS, self._tick, name=type(self).__name__)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        raise NotImplementedError

    def action_leave(self) -> None:
        self.dismiss()
