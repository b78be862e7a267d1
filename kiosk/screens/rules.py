"""How to play: the game's own rules text over the current screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from core.game import Game


def reflow(text: str) -> str:
    """Join the hard-wrapped lines of each paragraph so the text wraps to the screen.

    Blank lines and lines starting with a bullet keep their breaks.
    """
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("•", "-", "*")) or not out or not out[-1]:
            out.append(stripped)
        else:
            out[-1] += " " + stripped
    return "\n".join(out)


class RulesScreen(ModalScreen):
    """Shows `rules.how_to_play`; Escape or the button closes it."""

    CSS_PATH = "modals.tcss"

    BINDINGS = [Binding("escape", "app.pop_screen", "Close")]

    def __init__(self, game: Game):
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        text = reflow(self.game.rules.how_to_play.strip()) or "This game has no rules text yet."
        with Vertical(id="rules-box"):
            yield Static(Content(f"How to play {self.game.info.title}"), id="rules-title")
            with VerticalScroll(id="rules-scroll"):
                yield Static(Content(text), id="rules-text")
            yield Button("Close", id="rules-close")

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rules-close":
            self.app.pop_screen()
