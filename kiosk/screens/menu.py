"""The menu: every installed game (read from its info file, not imported), the practice
screens, and the unfinished games to resume."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core import games
from core.errors import PluginError
from core.game import GameInfo

from .. import practice
from ..widgets.keybar import KeyBar
from ..widgets.resume import ResumeList


def players_text(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return f"{info.min_players} players"
    return f"{info.min_players}–{info.max_players} players"


def game_prompt(info: GameInfo) -> Content:
    return Content.assemble((info.title, "bold"), f"  ·  {players_text(info)}\n{info.summary}")


class MenuScreen(Screen):
    """Pick a game (loaded only once chosen), a practice screen, or a game to resume."""


    BINDINGS = [
        Binding("f1,h", "rules", "How to play"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        self.infos = games.available()
        yield Static("Tokyo Series Kiosk", id="menu-title")
        yield Static("Choose with ↑ ↓ and Enter, or touch.  Tab: new games ↔ saved games.  "
                     "F1: how to play." if self.infos else "No games are installed.", id="menu-hint")
        with Horizontal(id="menu-body"):
            with Vertical(id="menu-left"):
                yield OptionList(*self._options(), id="menu-games")
            with Vertical(id="menu-right"):
                yield ResumeList(id="resume")
        yield Static(id="menu-status")
        yield KeyBar()

    def _options(self) -> list[Option | None]:
        options = [Option(Content("New game"), disabled=True)]
        for info in self.infos:
            options += [Option(game_prompt(info), id=f"game:{info.name}"), None]
        options.append(Option(Content("Dexterity practice"), disabled=True))
        for screen in practice.SCREENS:
            options.append(Option(Content(screen.label), id=f"practice:{screen.key}"))
        return options

    def on_mount(self) -> None:
        self.query_one("#menu-left").border_title = "Play"
        self.query_one("#menu-right").border_title = "Resume a game"
        games_list = self.query_one("#menu-games", OptionList)
        games_list.highlighted = 1 if self.infos else None
        games_list.focus()

    def on_screen_resume(self) -> None:
        """Shown (first time, or back from a game): the saves may have changed."""
        self.refresh_saves()
        self.query_one("#menu-games", OptionList).focus()

    def refresh_saves(self) -> None:
        store = self.app.store
        entries = store.entries()
        self.query_one(ResumeList).show(entries, {i.name for i in self.infos}, store.problems)

    def say(self, text: str) -> None:
        """A line under the lists that stays until the next message (unlike a toast)."""
        self.query_one("#menu-status", Static).update(Content(text))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id or ""
        if event.option_list.id == "resume-list":
            problem = self.app.resume(choice)
            if problem:
                self.say(problem)
                self.refresh_saves()
            return
        kind, _, name = choice.partition(":")
        if kind == "practice":
            problem = self.app.open_practice(name)
            if problem:
                self.say(problem)
        elif kind == "game":
            game = self._load(name)
            if game is not None:
                from .setup import SetupScreen
                self.app.push_screen(SetupScreen(game))

    def _load(self, name: str):
        try:
            return games.load(name)
        except PluginError as e:
            self.say(f"This game cannot start: {e}")
            return None

    def _highlighted_game(self) -> str | None:
        focused = self.app.focused
        if isinstance(focused, OptionList) and focused.highlighted is not None:
            option = focused.get_option_at_index(focused.highlighted)
            if focused.id == "resume-list" and option.id:
                entry = next((e for e in self.app.store.entries() if e.slot == option.id), None)
                return entry.game if entry else None
            if (option.id or "").startswith("game:"):
                return option.id.removeprefix("game:")
        return self.infos[0].name if self.infos else None

    def action_rules(self) -> None:
        name = self._highlighted_game()
        game = self._load(name) if name else None
        if game is not None:
            from .rules import RulesScreen
            self.app.push_screen(RulesScreen(game))
