"""The end of a match: the ranking with final scores, shared wins, and how everyone scored."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from core.game import Game, Match

from ..boards import board_for
from ..widgets.keybar import KeyBar
from ..words import named
from . import Seat


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ranking_lines(result, seats: list[Seat]) -> list[str]:
    """'1st  Alice  ¥3,400' (or '15 pieces' where the game scores pieces), with tie groups
    sharing a place."""
    rows = []
    place = 1
    for group in result.ranking:
        shared = " (shared)" if len(group) > 1 else ""
        rows += [(f"{ordinal(place)}{shared}", seats[s].name, result.score_text(s)) for s in group]
        place += len(group)
    w0, w1 = (max(len(r[i]) for r in rows) for i in (0, 1))
    return [f"{p:<{w0}}  {name:<{w1}}  {yen}" for p, name, yen in rows]


def winner_line(result, seats: list[Seat]) -> str:
    winners = [seats[s].name for s in result.winners]
    if len(winners) == 1:
        return f"{winners[0]} wins!"
    return f"Shared win: {', '.join(winners[:-1])} and {winners[-1]}!"


class EndScreen(Screen):
    """Final scores; 'm' or the button goes back to the menu."""

    CSS_PATH = "end.tcss"

    BINDINGS = [Binding("m", "menu", "Back to the menu")]

    def __init__(self, game: Game, match: Match, seats: list[Seat], after: float | None = None):
        super().__init__()
        self.game = game
        self.result = match.result()
        self.seats = seats
        #: nobody at the screen (computers and phones only): back to the menu by itself after so long
        self.after = after

    def compose(self) -> ComposeResult:
        result, seats = self.result, self.seats
        board_cls = board_for(self.game.name)
        yield Static(Content(f"{self.game.info.title}  ·  game over"), id="end-title")
        yield Static(Content(winner_line(result, seats)), id="end-winner")
        names = [seat.name for seat in seats]
        if result.reason:
            yield Static(Content(named(f"The game ended because {result.reason}.", names)), id="end-reason")
        with VerticalScroll(id="end-body"):
            yield Static(Content("\n".join(ranking_lines(result, seats))), id="end-ranking")
            for group in result.ranking:
                for s in group:
                    lines = [named(line, names) for line in board_cls.breakdown_lines(self.game, result.breakdown[s])]
                    box = Static(Content("\n".join(lines)), classes="end-breakdown")
                    box.border_title = Content(f"{seats[s].name} (seat {s + 1})")
                    yield box
        yield Button("Back to the menu (m)", id="to-menu", variant="primary")
        yield KeyBar()

    def on_mount(self) -> None:
        # Not the button: an Enter still pressed for the last move must not skip the scores.
        self.query_one("#end-body").focus()
        if self.after is not None:
            self.set_timer(self.after, self.action_menu, name="back to the menu")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "to-menu":
            self.action_menu()

    def action_menu(self) -> None:
        self.app.back_to_menu()
