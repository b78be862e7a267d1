"""The geometry every board shares, market boards and harbours alike: a plan of spaces, the
image draw.board makes of it, and places on it (a point, the room a space's label leaves,
slots for piles of pieces).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ... import draw

BOARD_PX = (840, 600)
TOP_PX = 64                        # draw.board's title band


@dataclass
class Plan:
    title: str
    spaces: list                   # (key, label, (fx, fy, fw, fh)) as draw.board takes them
    size: tuple = BOARD_PX
    note: str = ""
    rects: dict = field(init=False)

    def __post_init__(self):
        self.rects = {k: r for k, _, r in self.spaces}
        self.labels = {k: lab for k, lab, _ in self.spaces}

    def surface(self, colour=draw.PAPER):
        return draw.board(self.title, [(lab, r) for _, lab, r in self.spaces], size=self.size, colour=colour,
                          note=self.note)

    def px(self, key: str) -> tuple[float, float, float, float]:
        w, h = self.size
        area = h - TOP_PX - (30 if self.note else 8)
        fx, fy, fw, fh = self.rects[key]
        return 8 + fx * (w - 16), TOP_PX + fy * area, fw * (w - 16), fh * area

    def local(self, width: float, px: float, py: float) -> tuple[float, float]:
        """A pixel of the image as a place on the board: (dx to the right, dz away from the reader)."""
        w, h = self.size
        return (px / w - 0.5) * width, (0.5 - py / h) * width * h / w

    def point(self, key: str, width: float, u: float = 0.5, v: float = 0.5) -> tuple[float, float]:
        x, y, rw, rh = self.px(key)
        return self.local(width, x + u * rw, y + v * rh)

    def free_px(self, key: str) -> tuple[float, float, float, float]:
        """The part of a space its label leaves free (x, y, w, h in pixels)."""
        x, y, rw, rh = self.px(key)
        if rw > 2.5 * rh:                  # a strip: its label on the left, the pieces right of it
            label_w = min(draw.font(24).size(self.labels[key])[0] + 14, rw * 0.6)
            return x + label_w, y + 2, rw - label_w - 4, rh - 4
        label_h = label_height(self.labels[key], rw - 8) + 8
        return x + 4, y + label_h, rw - 8, rh - label_h - 4

    def room(self, key: str, width: float) -> tuple[float, float]:
        """The free part of a space in table units (width, depth)."""
        _, _, uw, uh = self.free_px(key)
        ppu = self.size[0] / width
        return uw / ppu, uh / ppu

    def slots(self, key: str, width: float, n: int, piece) -> list[tuple[float, float, int]]:
        """n places for piles of pieces `piece` wide (or (wide, deep)) in a space, below its label:
        (dx, dz, level); when the space is full, the next piles go on top of the first (level 1, 2, ...)."""
        ppu = self.size[0] / width
        pw, pd = piece if isinstance(piece, tuple) else (piece, piece)
        ux, uy, uw, uh = self.free_px(key)
        px_, py_ = pw * ppu * 1.12, pd * ppu * 1.12
        cols = max(1, int(uw // px_))
        rows = max(1, int(uh // py_))
        out = []
        for k in range(n):
            level, i = divmod(k, cols * rows)
            r, c = divmod(i, cols)
            left = n - level * cols * rows
            used_c = min(cols, left - r * cols) if left < cols * rows else cols
            used_r = min(rows, math.ceil(left / cols))
            cx = ux + uw / 2 + (c - (used_c - 1) / 2) * px_
            cy = uy + uh / 2 + (r - (used_r - 1) / 2) * py_
            dx, dz = self.local(width, cx, cy)
            out.append((dx, dz, level))
        return out


def label_height(label: str, width_px: float) -> int:
    f = draw.font(24)
    lines, row = 1, ""
    for word in label.split(" "):
        trial = f"{row} {word}".strip()
        if f.size(trial)[0] <= width_px or not row:
            row = trial
        else:
            lines += 1
            row = word
    return lines * f.get_linesize()


def grid(region, n: int) -> list[tuple[float, float, float, float]]:
    """n rects filling region (fx, fy, fw, fh) in rows."""
    if n <= 0:
        return []
    cols = {1: 1, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 3, 10: 5}.get(n, math.ceil(n / 3))
    rows = math.ceil(n / cols)
    fx, fy, fw, fh = region
    return [(fx + (i % cols) * fw / cols, fy + (i // cols) * fh / rows, fw / cols, fh / rows) for i in range(n)]
