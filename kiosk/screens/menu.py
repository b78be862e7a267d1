"""The menu: every installed game, read from its info file without importing it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core import games
from core.errors import PluginError
from core.game import GameInfo


def players_text(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return f"{info.min_players} players"
    return f"{info.min_players}–{info.max_players} players"


def game_prompt(info: GameInfo) -> Content:
    return Content.assemble((info.title, "bold"), "  ", (players_text(info), "italic"),
                            "\n", info.summary)


class MenuScreen(Screen):
    """Pick a game; it is loaded only once chosen."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        infos = games.available()
        yield Static("Tokyo Series Kiosk", id="menu-title")
        yield Static("Choose a game with ↑ ↓ and Enter, or click it." if infos
                     else "No games are installed.", id="menu-hint")
        yield OptionList(*(Option(game_prompt(i), id=i.name) for i in infos), id="menu-games")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu-games", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.query_one("#menu-games", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from .setup import SetupScreen
        try:
            game = games.load(event.option.id)
        except PluginError as e:
            self.notify(str(e), title="This game cannot start", severity="error")
            return
        self.app.push_screen(SetupScreen(game))
