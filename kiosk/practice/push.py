"""Pushing the crate inside the kiosk (the Shopping Spree's dexterity variant, 004:203).

One screen, three uses:

- practice (`PushScreen()`): the bench of physics.practice.push: ←/→ choose a good, A puts
  it in, Backspace takes the last out, X empties the crate, R a random load, 1-5 or +/-
  how hard, S how many steps, P pushes, Space runs the push to its end, N the next seed;
- choosing (`PushScreen(load=..., steps=n, choose=True)`): the loaded crate standing; 1-5,
  +/- or a click on a level choose how hard to push; Enter dismisses with the level (int),
  Esc with None;
- showing (`PushScreen(load=..., steps=n, level=L, seed=S)`): plays exactly that push
  (physics.crate.push gives the same) and says what fell; Enter first runs it to its end,
  then Enter, Esc or a click dismisses with the PushResult.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static

from physics import crate
from physics.practice import palette as P
from physics.practice.push import PushPractice

from ..widgets.keybar import KeyBar
from ..widgets.pixels import PixelCanvas
from . import draw
from .base import FPS, BenchScreen

STEPS_PER_TICK = round(1 / (FPS * crate.STEP))
ACTIONS = {   # which actions each use of the screen offers
    "practice": {"leave", "confirm", "level", "level_step", "choose", "add", "remove", "empty", "random",
                 "steps", "push", "finish", "seed"},
    "choose": {"leave", "confirm", "level", "level_step"},
    "show": {"leave", "confirm", "finish"},
}
TITLES = {"practice": "Practice: pushing the crate", "choose": "How hard do you push your crate?",
          "show": "Your crate is pushed"}


def hex_colour(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


class LevelButton(Button, can_focus=False):
    """One level of the push (1 gently ... 5 hard); a click chooses it."""


class PushButton(Button, can_focus=False):
    """Push / cancel / continue, for the mouse: the same as Enter and Esc."""


class PushScreen(BenchScreen):
    """The crate: practised, a level chosen for it, or a given push shown; see the module docstring."""

    CSS_PATH = ["practice.tcss", "push.tcss"]
    BINDINGS = [
        Binding("escape", "leave", "Leave"),
        Binding("enter", "confirm", "OK"),
        *[Binding(str(n), f"level({n})", show=False) for n in crate.LEVELS],
        Binding("plus,equals_sign", "level_step(1)", "Harder"),
        Binding("minus", "level_step(-1)", "Gentler"),
        Binding("left", "choose(-1)", "Good", show=False),
        Binding("right", "choose(1)", show=False),
        Binding("a", "add", "Add"),
        Binding("backspace", "remove", "Take out"),
        Binding("x", "empty", "Empty", show=False),
        Binding("r", "random", "Random", show=False),
        Binding("s", "steps", "Steps"),
        Binding("p", "push", "Push"),
        Binding("space", "finish", "To the end"),
        Binding("n", "seed", "New seed", show=False),
    ]

    def __init__(self, load=None, steps: int = 2, *, level: int | None = None, seed: int = 1,
                 choose: bool = False, title: str | None = None, bench: PushPractice | None = None):
        super().__init__()
        if bench is not None:
            self.mode = "practice"
        elif choose:
            self.mode = "choose"
        elif level is not None:
            self.mode = "show"
        else:
            self.mode = "practice"
        self.bench = bench or PushPractice(load, 3 if level is None else level, steps, seed)
        self.title_text = title or TITLES[self.mode]
        self.view = None

    # ---- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="practice-title", classes="practice-line")
        yield Static(id="practice-state", classes="practice-line")
        with Horizontal(id="practice-body"):
            yield PixelCanvas(P.BACKGROUND, id="practice-canvas")
            with VerticalScroll(id="practice-side"):
                if self.mode != "show":
                    yield Static("[b]How hard?[/]", id="push-levels-title")
                    with Vertical(id="push-levels"):
                        for n in crate.LEVELS:
                            yield LevelButton(self.bench.level_text(n), id=f"push-level-{n}",
                                              classes="push-level", compact=True)
                if self.mode == "choose":
                    yield PushButton("Push (Enter)", id="push-go", classes="push-action", compact=True)
                    yield PushButton("Cancel (Esc)", id="push-cancel", classes="push-action", compact=True)
                elif self.mode == "show":
                    yield PushButton("Continue (Enter)", id="push-go", classes="push-action", compact=True)
                yield Static(id="push-goods")
        yield Static(id="practice-holding", classes="practice-line")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.mode == "show":
            self.bench.start()
            self._start_timer()
        super().on_mount()

    # ---- showing the bench ---------------------------------------------------------------

    def refresh_all(self) -> None:
        b = self.bench
        self.query_one("#practice-title", Static).update(Content.from_markup(
            "[bold]$title[/] — $what", title=self.title_text, what=self._what()))
        self.query_one("#practice-state", Static).update(Content(self._state()))
        self.query_one("#practice-holding", Static).update(Content(self._help()))
        self.query_one("#push-goods", Static).update(self._goods())
        for n in crate.LEVELS if self.mode != "show" else ():
            self.query_one(f"#push-level-{n}", LevelButton).set_class(n == b.level, "-chosen")
        self.redraw()

    def _what(self) -> str:
        b = self.bench
        steps = f"{b.steps} step" + ("" if b.steps == 1 else "s")
        if self.mode == "choose":
            return f"{len(b.load)} goods, {steps}"
        return f"{len(b.load)} goods, {b.level_text()}, {steps}" + (f", seed {b.seed}" if self.mode == "practice"
                                                                      else "")

    def _state(self) -> str:
        b = self.bench
        if self.mode == "choose":
            lv = b.crate.level(b.level)
            return (f"Push {b.level_text()}: up to {lv.speed:.0f} mm/s. Whatever falls out of the crate is lost. "
                    "Enter pushes, Esc goes back.")
        if self.mode == "show":
            p = b.push
            if p is None or not p.done:
                return "Pushing… (Enter: to the end)"
            return f"{b.outcome(p.result).capitalize()}. Enter to continue."
        return b.status()

    def _help(self) -> str:
        if self.mode == "choose":
            return "1-5 or +/-: how hard (or click a level) · Enter push · Esc back"
        if self.mode == "show":
            return "Enter: to the end, then continue · Esc continue"
        return ("←/→ good · A add · Backspace take out · X empty · R random · 1-5 or +/- how hard · "
                "S steps · P push · Space to the end · N seed")

    def _goods(self) -> Content:
        b = self.bench
        shown = b.shown()
        parts = []
        if self.mode == "practice":
            kind = b.chosen_kind
            parts += [Content.assemble(Content.from_markup("[bold]Add (←/→, A):[/] "), self._chip(kind),
                                       Content(f" {b.name(kind)}")), Content("")]
        for title, items in b.sections():
            parts.append(Content.from_markup("[bold]$title[/] ($n)", title=title, n=len(items)))
            for i in items:
                lost = i in shown.fallen
                parts.append(Content.assemble(self._chip(b.load[i]), Content.styled(
                    f" {i + 1}. {b.name(b.load[i])}", "$error" if lost else "")))
            if not items:
                parts.append(Content("–"))
            parts.append(Content(""))
        return Content("\n").join(parts)

    def _chip(self, kind: str) -> Content:
        return Content.styled("  ", f"on {hex_colour(P.good_colour(kind))}")

    def redraw(self) -> None:
        canvas = self.query_one(PixelCanvas)
        if canvas.size_px[0] < 1 or canvas.size_px[1] < 1:
            return
        self.view = draw.push_view(canvas, self.bench)
        draw.draw_push(canvas, self.bench, self.view)

    # ---- time ------------------------------------------------------------------------

    def _tick(self) -> None:
        """One frame of the push (1/30 s of simulated time)."""
        self.bench.advance(STEPS_PER_TICK)
        if self.bench.push is None or self.bench.push.done:
            self._stop_timer()
        self.refresh_all()

    # ---- input -----------------------------------------------------------------------

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ACTIONS["practice"] | ACTIONS["choose"] | ACTIONS["show"]:
            return action in ACTIONS[self.mode]
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        name = event.button.id or ""
        if name.startswith("push-level-"):
            self.action_level(int(name.rsplit("-", 1)[1]))
        elif name == "push-go":
            self.action_confirm()
        elif name == "push-cancel":
            self.action_leave()

    def on_pixel_canvas_pressed(self, event: PixelCanvas.Pressed) -> None:
        if self.mode == "show":
            self.action_confirm()

    def _result(self) -> crate.PushResult:
        self.bench.finish()
        self._stop_timer()
        return self.bench.push.result

    def action_leave(self) -> None:
        if self.mode == "show":
            self.dismiss(self._result())
        else:
            self.dismiss(None)

    def action_confirm(self) -> None:
        if self.mode == "choose":
            self.dismiss(self.bench.level)
        elif self.mode == "show":
            if self.bench.push.done:
                self.dismiss(self.bench.push.result)
            else:
                self._result()
                self.refresh_all()
        else:
            self.action_push()

    def action_level(self, level: int) -> None:
        self.bench.set_level(level)
        self._changed()

    def action_level_step(self, step: int) -> None:
        self.action_level(self.bench.level + step)

    def action_choose(self, step: int) -> None:
        self.bench.choose(step)
        self.refresh_all()

    def action_add(self) -> None:
        self.bench.add()
        self._changed()

    def action_remove(self) -> None:
        self.bench.remove()
        self._changed()

    def action_empty(self) -> None:
        self.bench.clear()
        self._changed()

    def action_random(self) -> None:
        self.bench.random()
        self._changed()

    def action_steps(self) -> None:
        self.bench.set_steps(self.bench.steps % 3 + 1)
        self._changed()

    def action_seed(self) -> None:
        self.bench.new_seed()
        self._changed()

    def action_push(self) -> None:
        self.bench.start()
        self._start_timer()
        self.refresh_all()

    def action_finish(self) -> None:
        if self.bench.push is not None:
            self.bench.finish()
            self._stop_timer()
            self.refresh_all()

    def _changed(self) -> None:
        self._stop_timer()
        self.refresh_all()
