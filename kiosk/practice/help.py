"""F1 on a build screen: every key the screen takes, and the building rules it enforces, in the
same words as the README's "At the screen" table and the games' rules texts. Here, and in
`tokyo rules`, a rule may name its rulebook lines."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

KEYS = """\
Tab / Shift+Tab (or ↑ ↓ with nothing in hand): highlight the next / previous piece in the list
Enter or Space: pick up the highlighted piece; with a piece in hand, set it down
X or Delete (or a right click): put the piece in hand back in the middle
← → ↑ ↓: move the piece in hand 1 mm (with Shift, 10 mm); the mouse moves it too
R / E: turn it 15° either way (Shift+R / Shift+E: 90°) · F: flip it · the wheel turns it
1-9: the floor the piece is meant for · 0: the floor follows what lies under it · G: snap on/off
Backspace: take back the last piece placed; again, the one before it, down to an empty lot
F1: this help · Esc: close it"""

RULES = """\
The building rules (004:37-54): every piece inside the lot's dark outline; pieces on one \
floor each touch another piece of it; nothing reaches outside the floor below or lies over \
a gap. A piece may not pass through another, nor float: such a drop is refused, and the line \
above the keys says which rule refuses it. A piece that breaks one of the other rules may lie \
where you set it until you call Stop!: it is outlined in red and the line says which rule it \
breaks; a Stop! does not pass until it is mended.

Taking back (004:50): instead of placing a new piece you may put the last piece placed back \
in the middle; one by one, every piece may go back."""

PRACTICE = """\
S: Stop! — the rule check and the physics verdict, drawn as it happens · P: play on after the \
verdict · L: another lot card · O: the other outline of a card with two"""

JUTAKU = """\
S: Stop! — your building is checked at your clock's time; if it keeps every rule and stands \
(the physics verdict), your round ends there and the fastest Stop! that passes wins the lot \
(004:56). If it does not pass you build on, your clock running. · O: the other outline of a card \
with two (004:37) · Esc: give up this round (your pieces go back to the middle) · D: spend a \
drink (Bottle Bonus) · W: with the red drink, move a placed piece together with a new one

Everyone builds at once from one middle (004:29, 004:39). When people share this screen they \
build one after another, each on their own clock from "go!", and the middle they see is the \
middle as it stood at that second. When another builder's Stop! has passed at a second your \
clock reaches, the round is theirs: your turn ends there, and the screen says so."""

COUNTDOWN = """\
S or Esc: end your floor now (the screen says first what that means). The floor's clock counts \
down 60, 45, 30, then 15 seconds (004:70-73); when it is up your turn ends by itself, and a \
piece still in your hand is not placed. A floor with no piece added puts you out, scoring every \
piece of your tower (004:75). Our ruling: when your floor ends, your tower must stand (the same \
physics verdict as a Tokyo Jutaku Stop!), or you are out with the pieces that stood before; a \
piece of this floor that breaks a building rule when the time is up is taken back (the last \
placed first)."""


def building_help(game: str = "") -> str:
    """The keys and the rules of a build screen: practice (""), "jutaku" or "countdown"."""
    extra = {"jutaku": JUTAKU, "countdown": COUNTDOWN}.get(game, PRACTICE)
    return f"{KEYS}\n{extra}\n\n{RULES}"


class BuildHelpScreen(ModalScreen[None]):
    """The help over the build screen; F1, Esc or the button closes it."""

    CSS_PATH = "../screens/modals.tcss"
    BINDINGS = [Binding("escape,f1", "close", "Close")]

    def __init__(self, title: str, text: str):
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box"):
            yield Static(Content(self.title_text), id="rules-title")
            with VerticalScroll(id="rules-scroll"):
                yield Static(Content(self.text), id="rules-text")
            yield Button("Close (Esc)", id="rules-close")

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
