"""Vending practice inside the kiosk: pour drinks through JIDOHANBAIKI, drawn in half-block pixels.

The same bench (physics.practice.vending) as the pygame window: + and - choose how many
drinks at random, 1-6 a colour's six drinks, P pours, C clears stuck drinks (004:223),
N takes the next seed. Esc always leaves.
"""

from __future__ import annotations

import math

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from physics import world
from physics.practice import palette as P
from physics.practice.vending import VendingPractice

from ..widgets.keybar import KeyBar
from ..widgets.pixels import PixelCanvas
from . import draw
from .base import FPS, BenchScreen

STEPS_PER_TICK = round(1 / (FPS * world.POUR_STEP))


def hex_colour(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def drink_chip(code: str, drink: int) -> Content:
    """A drink's code on its own colour, as on the pygame panel."""
    colour = drink // 6
    return Content.styled(f" {code} ", f"bold {hex_colour(P.DRINK_TEXT[colour])} on {hex_colour(P.DRINK_FILL[colour])}")


class VendingPracticeScreen(BenchScreen):
    """The vending bench in the kiosk; see the module docstring."""

    BINDINGS = [
        Binding("escape", "leave", "Leave"),
        Binding("p", "pour", "Pour"),
        Binding("c", "clear", "Clear stuck"),
        Binding("plus,equals_sign", "count(1)", "More"),
        Binding("minus", "count(-1)", "Fewer"),
        Binding("n", "seed", "New seed"),
        *[Binding(str(n), f"colour({n - 1})", show=False) for n in range(1, 7)],
    ]

    def __init__(self, bench: VendingPractice | None = None):
        super().__init__()
        self.bench = bench or VendingPractice()

    def compose(self) -> ComposeResult:
        yield Static(id="practice-title", classes="practice-line")
        yield Static(id="practice-state", classes="practice-line")
        with Horizontal(id="practice-body"):
            yield PixelCanvas(P.BACKGROUND, id="practice-canvas", classes="machine")
            with VerticalScroll(id="practice-side"):
                yield Static(id="practice-drinks")
        yield Static("+/- how many at random · 1-6: a colour's six drinks · P pour · C clear stuck · N new seed",
                     id="practice-holding", classes="practice-line")
        yield KeyBar()

    def refresh_all(self) -> None:
        b = self.bench
        self.query_one("#practice-title", Static).update(Content.from_markup(
            "[bold]Vending practice (JIDOHANBAIKI)[/] — seed $seed", seed=b.seed))
        self.query_one("#practice-state", Static).update(Content(b.status()))
        self.query_one("#practice-drinks", Static).update(self._drinks())
        self.redraw()

    def _drinks(self) -> Content:
        b = self.bench
        colours = Content(" ").join(
            Content.assemble(drink_chip(c.letter, i * 6),
                             Content.styled(f" {i + 1}", "bold" if i in b.colours else "dim"))
            for i, c in enumerate(b.drinkset.colours))
        parts = [Content.from_markup("[bold]Drinks:[/] $what", what=b.choice_text()),
                 Content("colours (1-6):"), colours, Content("")]
        for title, items in b.sections():
            parts.append(Content.from_markup("[bold]$title[/] ($n)", title=title, n=len(items)))
            parts.append(Content(" ").join(drink_chip(b.codes[d], d) for d in items) if items else Content("–"))
            parts.append(Content(""))
        return Content("\n").join(parts)

    def redraw(self) -> None:
        canvas = self.query_one(PixelCanvas)
        if canvas.size_px[0] < 1 or canvas.size_px[1] < 1:
            return
        draw.draw_vending(canvas, self.bench, draw.machine_view(canvas, self.bench))

    def on_resize(self, _event) -> None:
        """The machine is tall and narrow: the picture takes the width its height needs, the
        lists the rest."""
        body = self.query_one("#practice-body")
        m = self.bench.machine
        x0, y0, x1, y1 = draw.machine_extent(m)
        wanted = math.ceil(2 * max(1, body.size.height) * (x1 - x0) / (y1 - y0)) + 2 * draw.MARGIN_PX
        self.query_one(PixelCanvas).styles.width = max(12, min(wanted, self.size.width - 28))

    def _tick(self) -> None:
        """One frame of the pour (1/30 s of simulated time)."""
        self.bench.advance(STEPS_PER_TICK)
        if self.bench.pour is None or self.bench.pour.done:
            self._stop_timer()
        self.refresh_all()

    def action_pour(self) -> None:
        self.bench.start()
        self._start_timer()
        self.refresh_all()

    def action_clear(self) -> None:
        self.bench.clear()
        self.refresh_all()

    def action_count(self, step: int) -> None:
        self.bench.set_count(self.bench.count + step)
        self._stop_timer()
        self.refresh_all()

    def action_seed(self) -> None:
        self.bench.new_seed()
        self._stop_timer()
        self.refresh_all()

    def action_colour(self, colour: int) -> None:
        self.bench.toggle_colour(colour)
        self._stop_timer()
        self.refresh_all()
