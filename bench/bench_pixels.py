"""Pixel canvas figures: drawing into a Raster, and turning it into half-block lines.

    python bench/bench_pixels.py [--repeats 41]

Drawing: clear + 40 tilted wooden pieces (~20 × 10 px, edged) + 10 lines, on a
160 × 96 and a 240 × 140 raster. Rendering: `render_line` for every row of a
160 × 48- and a 240 × 70-cell PixelCanvas showing a busy picture, with the picture
moved between frames (no row is served from the canvas's row cache) and unmoved
(every row is). Goal: drawing plus rendering a whole 250 × 70-cell frame well under
30 ms. Figures are medians; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from textual.app import App  # noqa: E402

from kiosk.widgets.pixels import PixelCanvas  # noqa: E402
from kiosk.widgets.raster import Raster  # noqa: E402

BACKGROUND = (244, 239, 226)
WOOD = ((222, 184, 135), (205, 160, 105), (232, 200, 150), (190, 145, 95), (215, 175, 120), (200, 170, 130))
EDGE = (70, 45, 25)
TABLE = (178, 140, 100)
INK = (40, 34, 28)


def median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def scene(width: int, height: int, seed: int = 1):
    """40 tilted 20 × 10 px pieces and 10 lines spread over the canvas."""
    rng = random.Random(seed)
    pieces = []
    for k in range(40):
        cx, cy = rng.uniform(10, width - 10), rng.uniform(8, height - 8)
        angle = rng.uniform(-0.6, 0.6)
        c, s = math.cos(angle), math.sin(angle)
        corners = [(cx + dx * c - dy * s, cy + dx * s + dy * c)
                   for dx, dy in ((-10, -5), (10, -5), (10, 5), (-10, 5))]
        pieces.append((corners, WOOD[k % len(WOOD)]))
    lines = [((rng.uniform(0, width), rng.uniform(0, height)),
              (rng.uniform(0, width), rng.uniform(0, height))) for _ in range(10)]
    return pieces, lines


def draw(raster: Raster, pieces, lines, shift: float = 0.0) -> None:
    raster.clear()
    raster.rect(0, raster.height * 0.8, raster.width, raster.height, TABLE)
    for corners, wood in pieces:
        raster.polygon([(x + shift, y) for x, y in corners], wood, edge=EDGE)
    for a, b in lines:
        raster.line(a, b, INK)


class CanvasApp(App):
    CSS = "PixelCanvas { width: 100%; height: 100%; }"

    def compose(self):
        yield PixelCanvas(BACKGROUND)


async def render_figures(cells: tuple[int, int], repeats: int) -> tuple[float, float, float]:
    """(moving render ms, unmoved render ms, draw + moving render ms) for a canvas of `cells`."""
    app = CanvasApp()
    async with app.run_test(size=cells) as pilot:
        await pilot.pause()
        canvas = app.query_one(PixelCanvas)
        raster = canvas.raster
        width, height = canvas.size_px
        assert (width, height) == (cells[0], 2 * cells[1]), (width, height)
        pieces, lines = scene(width, height)
        for k in range(0, 40, 4):
            corners, _ = pieces[k]
            col, row = canvas.cell_of(*corners[0])
            canvas.label(col, row, str(k + 1), INK)

        def render_all() -> None:
            for y in range(cells[1]):
                canvas.render_line(y)

        frame = [0]
        moving_times = []
        for _ in range(repeats):
            frame[0] += 1
            draw(raster, pieces, lines, shift=frame[0] % 7)
            start = time.perf_counter()
            render_all()
            moving_times.append(time.perf_counter() - start)
        moving = statistics.median(moving_times) * 1e3
        unmoved = median_ms(render_all, repeats)

        def whole_frame() -> None:
            frame[0] += 1
            draw(raster, pieces, lines, shift=frame[0] % 7)
            render_all()

        whole = median_ms(whole_frame, repeats)
    return moving, unmoved, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=41)
    args = parser.parse_args()

    for width, height in ((160, 96), (240, 140)):
        raster = Raster(width, height, BACKGROUND)
        pieces, lines = scene(width, height)
        ms = median_ms(lambda: draw(raster, pieces, lines), args.repeats)
        print(f"draw {width}×{height} px (clear + 40 pieces + 10 lines): median {ms:.2f} ms")

    for cells in ((160, 48), (240, 70), (250, 70)):
        moving, unmoved, whole = asyncio.run(render_figures(cells, args.repeats))
        print(f"render {cells[0]}×{cells[1]} cells, every line: median {moving:.2f} ms "
              f"(picture moved each frame), {unmoved:.2f} ms (unmoved)")
        if cells == (250, 70):
            print(f"whole frame 250×70 cells (draw + render): median {whole:.2f} ms (goal well under 30 ms)")


if __name__ == "__main__":
    main()
