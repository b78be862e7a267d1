"""The menu: every installed game (read from its info file, not imported), the practice
screens, and the unfinished games to resume.

Everything there is to start is on the first screen from 80×24 up. Where the games'
summaries fit in the list (a large screen) each game shows its own; where they do not, a
game takes one line and what the highlighted entry is about is told under the list, so
the dexterity practice below the games is never below the fold."""

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
from core.words import count_words

from .. import practice
from ..widgets.keybar import KeyBar
from ..widgets.resume import ResumeList

#: What each practice screen is for, told under the list when it is highlighted.
PRACTICE_ABOUT = {
    "build": "Build a house on a lot card piece by piece and call Stop!: the rule check and the "
             "physics verdict of Tokyo Jutaku, Countdown and Bottle Bonus.",
    "vending": "Pour drinks through the JIDOHANBAIKI vending machine and see which come out and "
               "which stick (Bottle Bonus, Chocolate Milk's vending-machine variant).",
    "push": "Put goods in the crate and push it along the aisles: what stays in and what falls out "
            "(the Shopping Spree's dexterity variant).",
}


def players_text(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return count_words(info.min_players, "player")
    return f"{info.min_players}–{info.max_players} players"


def game_prompt(info: GameInfo, summary: bool = False) -> Content:
    """A game in the menu: its title and player count on one line; with `summary`, its
    summary under them and a blank line."""
    line = Content.assemble((info.title, "bold"), f"  ·  {players_text(info)}")
    return Content.assemble(line, f"\n{info.summary}\n ") if summary else line


class PlayPanel(Vertical):
    """The list of games and practice screens, with the words about the highlighted one;
    the list's entries take as many lines as the panel has room for (MenuScreen.fit)."""

    def on_resize(self) -> None:
        self.screen.fit()


class MenuScreen(Screen):
    """Pick a game (loaded only once chosen), a practice screen, or a game to resume."""

    BINDINGS = [
        Binding("f1,h", "rules", "How to play"),
        Binding("q", "app.quit", "Quit"),
    ]

    roomy = False   # the games with their summaries in the list (and no words under it)

    def compose(self) -> ComposeResult:
        self.infos = games.available()
        yield Static("Tokyo Series Kiosk", id="menu-title")
        yield Static("↑ ↓ and Enter, or touch.  Tab: new games ↔ saved games.  F1: how to play."
                     if self.infos else "No games are installed.", id="menu-hint")
        with Horizontal(id="menu-body"):
            with PlayPanel(id="menu-left"):
                yield OptionList(*self._options(), id="menu-games")
                yield Static(id="menu-about")
            with Vertical(id="menu-right"):
                yield ResumeList(id="resume")
        yield Static(id="menu-status")
        yield KeyBar()

    def _options(self) -> list[Option | None]:
        options = [Option(Content("New game"), disabled=True)]
        options += [Option(game_prompt(info), id=f"game:{info.name}") for info in self.infos]
        options.append(Option(Content("Dexterity practice"), disabled=True))
        for screen in practice.SCREENS:
            options.append(Option(Content(screen.label), id=f"practice:{screen.key}"))
        return options

    def fit(self) -> None:
        """Each game with its summary when every entry fits in the panel that way, else
        one line a game and the summary of the highlighted one under the list."""
        panel = self.query_one("#menu-left")
        width = panel.content_size.width - 2      # an entry's padding (kiosk.tcss)
        if width <= 0 or not self.infos:
            return
        rows = 2 + len(practice.SCREENS)           # the two headings and the practice screens
        for info in self.infos:
            rows += sum(len(part.wrap(width)) for part in (game_prompt(info), Content(info.summary))) + 1
        roomy = rows <= panel.content_size.height
        if roomy == self.roomy:
            return
        self.roomy = roomy
        games_list = self.query_one("#menu-games", OptionList)
        for info in self.infos:
            games_list.replace_option_prompt(f"game:{info.name}", game_prompt(info, roomy))
        self.query_one("#menu-about", Static).display = not roomy

    def about(self, choice: str) -> str:
        """What a game or practice screen of the list is, in a line or two."""
        kind, _, name = choice.partition(":")
        if kind == "game":
            return next((i.summary for i in self.infos if i.name == name), "")
        return PRACTICE_ABOUT.get(name, "") if kind == "practice" else ""

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "menu-games":
            self.query_one("#menu-about", Static).update(Content(self.about(event.option.id or "")))

    def on_mount(self) -> None:
        self.query_one("#menu-left").border_title = "Play"
        self.query_one("#menu-right").border_title = "Resume a game"
        games_list = self.query_one("#menu-games", OptionList)
        games_list.highlighted = 1 if self.infos else None
        if self.infos:
            self.query_one("#menu-about", Static).update(Content(self.infos[0].summary))
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
        status = self.query_one("#menu-status", Static)
        status.update(Content(text))
        status.display = bool(text)

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
