"""Build practice inside the kiosk: the building bench drawn in half-block pixels.

The same bench (physics.practice.build) as the pygame window, so the same keys mostly do
the same things: Tab moves the highlight over the pieces in the middle, Enter picks the
highlighted one up and sets the one in hand down, X puts it back, F1 shows every key and
the building rules. The mouse moves the piece in hand over the picture, a click drops it,
the wheel turns it, a right click puts it back. Esc always leaves. A drop the rules refuse
(the same as in a match) leaves the piece in hand, and the line above the keys says which
rule refuses it.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from physics import world
from physics.practice import palette as P
from physics.practice.build import BuildPractice

from ..widgets.keybar import KeyBar
from ..widgets.pixels import PixelCanvas
from . import draw
from .base import FPS, BenchScreen

STEPS_PER_TICK = round(1 / (FPS * world.STEP))
KIND_STYLE = {"good": "bold $success", "alert": "bold $error", "info": "bold"}


class SupplyList(OptionList, can_focus=False):
    """The pieces not yet built with, the cursor's one highlighted; a click takes one."""


class BuildPracticeScreen(BenchScreen):
    """The build bench in the kiosk; see the module docstring."""

    # The key bar shows them in this order, as many as fit: the ones a builder needs first.
    BINDINGS = [
        Binding("tab", "choose(1, False, True)", "Next piece"),
        Binding("shift+tab", "choose(-1, False, True)", "Previous piece", show=False),
        Binding("enter,space", "pick_or_drop", "Pick up/set down"),
        Binding("s", "stop", "Stop!"),
        Binding("f1", "help", "Help"),
        Binding("backspace", "take_back", "Take back"),
        Binding("x,delete", "put_back", "Put back"),
        Binding("r", "turn(15)", "Turn"),
        Binding("f", "flip", "Flip"),
        Binding("escape", "leave", "Leave"),
        Binding("e", "turn(-15)", "Turn back", show=False),
        Binding("R", "turn(90)", "Turn 90°", show=False),
        Binding("E", "turn(-90)", "Turn back 90°", show=False),
        Binding("p", "play_on", "Play on"),
        Binding("l", "lot(1)", "Lot"),
        Binding("L", "lot(-1)", "Previous lot", show=False),
        Binding("o", "outline", "Outline", show=False),
        Binding("g", "snap", "Snap", show=False),
        Binding("left", "nudge(-1, 0)", show=False),
        Binding("right", "nudge(1, 0)", show=False),
        Binding("up", "nudge(0, 1)", show=False),
        Binding("down", "nudge(0, -1)", show=False),
        Binding("shift+left", "nudge(-10, 0)", show=False),
        Binding("shift+right", "nudge(10, 0)", show=False),
        Binding("shift+up", "nudge(0, 10)", show=False),
        Binding("shift+down", "nudge(0, -10)", show=False),
        Binding("pageup", "choose(-10, False)", show=False),
        Binding("pagedown", "choose(10, False)", show=False),
        *[Binding(str(n), f"floor({n})", show=False) for n in range(10)],
    ]

    def __init__(self, bench: BuildPractice | None = None):
        super().__init__()
        self.bench = bench or BuildPractice()
        self.view = None
        self._shown_supply: list[str] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="practice-title", classes="practice-line")
        yield Static(id="practice-state", classes="practice-line")
        with Horizontal(id="practice-body"):
            yield PixelCanvas(P.BACKGROUND, id="practice-canvas")
            with Vertical(id="practice-side"):
                yield Static(id="practice-side-title")
                yield SupplyList(id="practice-supply")
                with VerticalScroll(id="practice-report"):
                    yield Static(id="practice-report-text")
        yield Static(id="practice-refusal")
        yield Static(id="practice-holding", classes="practice-line")
        yield KeyBar()

    # ---- showing the bench ------------------------------------------------------------

    def refresh_all(self) -> None:
        """Words and picture from the bench as it is now."""
        b = self.bench
        lot_line, state, alert = b.header()
        self.query_one("#practice-title", Static).update(Content.from_markup(
            "[bold]Build practice[/] — $lot", lot=lot_line))
        self.query_one("#practice-state", Static).update(
            Content.styled(state, "$error" if alert else ""))
        self.query_one("#practice-holding", Static).update(Content(b.hand_line()))
        self._show_refusal()
        building = b.phase == "build"
        supply = self.query_one(SupplyList)
        report = self.query_one("#practice-report")
        supply.display = building
        report.display = not building
        title = self.query_one("#practice-side-title", Static)
        if building:
            shelf = b.shelf()
            title.update(Content.from_markup("[bold]Pieces in the middle[/] — $n", n=len(b.supply())))
            if shelf != self._shown_supply:
                supply.set_options([Option(f"{words} ×{n}" if n > 1 else words, id=pid)
                                    for pid, words, n in shelf])
                self._shown_supply = shelf
            if shelf:
                supply.highlighted = min(b.cursor, len(shelf) - 1)
        else:
            self._shown_supply = None
            headline, kind = b.title()
            title.update(Content.styled(headline, KIND_STYLE[kind]))
            self.query_one("#practice-report-text", Static).update(self._report())
        self.redraw()
        self.refresh_bindings()

    def _show_refusal(self) -> None:
        """Why the last drop or move was refused, in its own line(s) until the next action
        (not twice: with nothing in hand the holding line may already say it)."""
        b = self.bench
        line = self.query_one("#practice-refusal", Static)
        shown = bool(b.refusal) and b.refusal != b.hand_line()
        line.update(Content(b.refusal if shown else ""))
        line.display = shown

    def _report(self) -> Content:
        parts = []
        for item in self.bench.report():
            parts.append(Content.styled(item.heading, KIND_STYLE[item.kind]))
            parts += [Content("  " + line) for line in item.lines]
            parts.append(Content(""))
        return Content("\n").join(parts)

    def redraw(self) -> None:
        canvas = self.query_one(PixelCanvas)
        if canvas.size_px[0] < 1 or canvas.size_px[1] < 1:
            return
        self.view = draw.build_view(canvas, self.bench)
        draw.draw_build(canvas, self.bench, self.view)

    # ---- time ------------------------------------------------------------------------

    def _tick(self) -> None:
        """One frame of the Stop! animation (1/30 s of simulated time)."""
        b = self.bench
        before = (b.frame, b.phase)
        b.advance(STEPS_PER_TICK)
        if (b.frame, b.phase) == before:
            self._stop_timer()
        self.refresh_all()

    # ---- input -----------------------------------------------------------------------

    def _building(self) -> BuildPractice:
        """The bench, back to building if Stop! was called."""
        self.bench.editing()
        if self.bench.phase == "build":
            self._stop_timer()
        return self.bench

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "play_on":
            v = self.bench.verdict
            return self.bench.phase == "verdict" and bool(v and v.moved) and self.bench.hold
        if action in ("put_back", "turn", "flip"):
            return self.bench.held is not None          # only with a piece in hand: shown then
        return True

    def action_choose(self, step: int, hold: bool = False, wrap: bool = False) -> None:
        """Tab: the highlight to the next piece of the list, round to the first after the last
        (Enter picks it up)."""
        self._building().choose(step, hold=hold, wrap=wrap)
        self.refresh_all()

    def action_put_back(self) -> None:
        self._building().put_back()
        self.refresh_all()

    def action_help(self) -> None:
        from .help import BuildHelpScreen
        self.app.push_screen(BuildHelpScreen(self.help_title(), self.help_text()))

    def help_title(self) -> str:
        return "Build practice: the keys and the building rules"

    def help_text(self) -> str:
        from .help import building_help
        return building_help()

    def action_pick_or_drop(self) -> None:
        self._building().pick_or_drop()
        self.refresh_all()

    def action_turn(self, degrees: float) -> None:
        self._building().rotate(degrees)
        self.refresh_all()

    def action_flip(self) -> None:
        self._building().flip()
        self.refresh_all()

    def action_nudge(self, dx: float, dy: float) -> None:
        b = self._building()
        if b.held:
            b.nudge(dx, dy)
        elif dy:
            b.choose(-1 if dy > 0 else 1)
        self.refresh_all()

    def action_floor(self, floor: int) -> None:
        self._building().set_floor(floor or None)
        self.refresh_all()

    def action_snap(self) -> None:
        self._building().toggle_snap()
        self.refresh_all()

    def action_take_back(self) -> None:
        self._building().take_back()
        self.refresh_all()

    def action_lot(self, step: int) -> None:
        self._building().next_lot(step)
        self.refresh_all()

    def action_outline(self) -> None:
        self._building().next_outline()
        self.refresh_all()

    def action_stop(self) -> None:
        """Stop!: the rule check and the verdict; the animation runs to the verdict's moment."""
        self.bench.stop()
        self._start_timer()
        self.refresh_all()

    def action_play_on(self) -> None:
        self.bench.play_on()
        self._start_timer()
        self.refresh_all()

    @on(SupplyList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        b = self._building()
        if event.option.id in b.supply():
            b.pick(event.option.id)
            if self.view is not None:
                canvas = self.query_one(PixelCanvas)
                b.move_to(*self.view.mm(canvas.size_px[0] / 2, canvas.size_px[1] / 3))
        self.query_one(PixelCanvas).focus()
        self.refresh_all()

    def on_pixel_canvas_pointer(self, event: PixelCanvas.Pointer) -> None:
        b = self.bench
        if b.phase == "build" and b.held and self.view is not None:
            b.move_to(*self.view.mm(event.x_px, event.y_px))
            self.refresh_all()

    def on_pixel_canvas_pressed(self, event: PixelCanvas.Pressed) -> None:
        b = self._building()
        if event.button == 3:
            b.put_back()
        elif b.held and self.view is not None:
            b.move_to(*self.view.mm(event.x_px, event.y_px))
            b.drop()
        self.refresh_all()

    def on_pixel_canvas_scrolled(self, event: PixelCanvas.Scrolled) -> None:
        b = self.bench
        if b.held:
            self._building().rotate(15 * event.delta)
        else:
            b.choose(-event.delta)
        self.refresh_all()
