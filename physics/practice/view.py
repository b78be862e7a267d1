"""Millimetres (y up) to pixels (y down), for any surface: a window, a PNG or terminal cells."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class View:
    """pixel = origin + scale * mm, with y mirrored."""
    scale: float = 4.0
    ox: float = 0.0
    oy: float = 0.0

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.scale, self.oy - y * self.scale

    def mm(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.ox) / self.scale, (self.oy - py) / self.scale

    def points(self, poly) -> list[tuple[float, float]]:
        return [self.px(x, y) for x, y in poly]

    @classmethod
    def fit(cls, rect, x0: float, y0: float, x1: float, y1: float) -> "View":
        """The largest view showing the mm box (x0, y0)-(x1, y1) inside rect (x, y, w, h), centred."""
        rx, ry, rw, rh = rect
        scale = min(rw / max(x1 - x0, 1e-6), rh / max(y1 - y0, 1e-6))
        ox = rx + rw / 2 - (x0 + x1) / 2 * scale
        oy = ry + rh / 2 + (y0 + y1) / 2 * scale
        return cls(scale, ox, oy)
