"""Set the table: player count, a name and a human or computer player per seat (at one
of three levels), options.

Everything on this screen comes from the game's GameInfo and the computer's levels
(core.bots.LEVELS), so a new game needs no set-up code of its own. It is made for a
keyboard as much as a touch: focus starts on the player count, Tab visits each visible
control once, F2 starts.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from core.bots import LEVELS
from core.game import Game

from ..widgets.keybar import KeyBar
from . import Seat

HUMAN = "human"
PHONE = "phone"


#: the level a seat switched to the computer gets first (the game's own heuristic)
DEFAULT_LEVEL = "normal"
#: what each level means, under the seats
LEVEL_HELP = "Computer: easy makes mistakes; normal plays well; hard thinks ahead."


def kind_choices() -> list[tuple[str, str]]:
    """Human first, then the computer's levels with the default first (one key from
    Human, as the default bot was before levels). The game's own named bots, the random
    player and the bare search stay off this list: saves that name them still load
    (kiosk.session), but a person chooses how hard, not which program. Last, a person
    playing on their own phone (kiosk.phones)."""
    levels = sorted(LEVELS, key=lambda n: n != DEFAULT_LEVEL)
    return ([("Human", HUMAN)] + [(f"Computer · {n}", f"bot:{n}") for n in levels]
            + [("Phone", PHONE)])


class FormScroll(VerticalScroll, can_focus=False):
    """A scrolling part of the form that is no Tab stop: focus goes to its controls, and
    the screen scrolls the focused one into view."""


class SetupScreen(Screen):
    """The set-up form for one game; Start (or F2) opens the play screen.

    Side by side (seats, options) where the screen is wide enough, one column below that;
    the classes come from the screen's width.
    """

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#player-count"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (96, "-wide")]

    BINDINGS = [
        Binding("f2", "start", "Start"),
        Binding("f1", "rules", "How to play"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self, game: Game):
        super().__init__()
        self.game = game
        self._boxes: dict[str, Vertical] = {}      # option name -> its box, once made
        self._lists: dict[str, Select] = {}        # option name -> its list, once made

    def compose(self) -> ComposeResult:
        info = self.game.info
        kinds = kind_choices()
        yield Static(Content(f"{info.title} — set up the table"), id="setup-title")
        yield Static(Content(info.summary), id="setup-summary")
        with FormScroll(id="setup-body"):
            with FormScroll(id="setup-seats"):
                with Horizontal(classes="setup-row"):
                    yield Label("Players", classes="setup-label")
                    yield Select([(str(n), n) for n in range(info.min_players, info.max_players + 1)],
                                 value=info.min_players, allow_blank=False, id="player-count")
                for seat in range(info.max_players):
                    with Horizontal(classes="setup-row seat-row", id=f"seat-{seat}"):
                        yield Label(f"Seat {seat + 1}", classes="setup-label")
                        yield Input(value=f"Player {seat + 1}", max_length=16,
                                    placeholder=f"Player {seat + 1}", id=f"seat-name-{seat}")
                        yield Select(kinds, value=kinds[0 if seat == 0 else 1][1],
                                     allow_blank=False, id=f"seat-kind-{seat}")
                yield Static(Content(LEVEL_HELP), id="setup-levels")
            with FormScroll(id="setup-options"):
                defaults = {o.name: o.default for o in info.options}
                for option in info.options:
                    if option.applies(defaults):
                        yield self._option_box(option, info.min_players)
        with Horizontal(id="setup-actions"):
            yield Button("Start", id="start", variant="primary")
            yield Static("Tab: next field · Enter: open a list · F2: start", id="setup-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_seats(self.players)
        self._show_options()

    @property
    def players(self) -> int:
        return self.query_one("#player-count", Select).value

    def _show_seats(self, players: int) -> None:
        """Rows of seats beyond the player count are hidden, and so out of the Tab order."""
        for seat in range(self.game.info.max_players):
            self.query_one(f"#seat-{seat}").set_class(seat >= players, "-unused")
        self._offer_seats(players)

    def _seat_name(self, seat: int) -> str:
        try:
            return self.query_one(f"#seat-name-{seat}", Input).value.strip() or f"Player {seat + 1}"
        except NoMatches:       # while composing: the inputs come later
            return f"Player {seat + 1}"

    def _choices(self, option, players: int) -> list[tuple[str, object]]:
        """An option's choices as a list offers them: a seats option names the seats there are."""
        if option.seats:
            return [(self._seat_name(k), c) for k, c in enumerate(option.offered(players))]
        return [(option.word(c), c) for c in option.choices]

    def _offer_seats(self, players: int) -> None:
        """Seats options (who begins) offer the seats at the table, by the names typed; a
        choice beyond them goes back to the default."""
        for o in self.game.info.options:
            select = self._lists.get(o.name) if o.seats else None
            if select is None:
                continue
            value = select.value
            select.set_options(self._choices(o, players))
            select.value = value if value in o.offered(players) else o.default

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("seat-name-"):
            self._offer_seats(self.players)

    def _option_box(self, option, players: int) -> Vertical:
        """An option's label, list and help, in one box the form shows or hides."""
        chosen = self._lists[option.name] = Select(self._choices(option, players), value=option.default,
                                                   allow_blank=False, id=f"option-{option.name}")
        parts = [Label(option.label or option.name, classes="option-label"), chosen]
        if option.help:
            parts.append(Static(Content(option.help), classes="option-help"))
        box = self._boxes[option.name] = Vertical(*parts, classes="setup-option", id=f"option-box-{option.name}")
        return box

    def _show_options(self) -> None:
        """Options that apply only with another option's value (the expansion's 28 markets)
        are hidden, and so out of the Tab order, until that value is chosen. Their boxes are
        made only when they first apply: Tsukiji's set-up opens with 11 option lists instead
        of 39 (290 widgets instead of 420, 0.6 s of the kiosk's time instead of 0.85 s); once
        made, a box keeps what was chosen in it while hidden."""
        values = self._values()
        form = self.query_one("#setup-options", FormScroll)
        before = None
        for o in self.game.info.options:
            box = self._boxes.get(o.name)
            applies = o.applies(values)
            if box is None and applies:
                box = self._option_box(o, self.players)
                if before is not None:
                    form.mount(box, after=before)
                elif form.children:
                    form.mount(box, before=0)
                else:
                    form.mount(box)
            if box is not None:
                box.set_class(not applies, "-unused")
                before = box

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "player-count":
            self._show_seats(event.value)
        elif (event.select.id or "").startswith("option-"):
            self._show_options()

    def seats(self) -> list[Seat]:
        """The seats as set now; an empty name falls back to 'Player N'."""
        out = []
        for seat in range(self.players):
            name = self.query_one(f"#seat-name-{seat}", Input).value.strip() or f"Player {seat + 1}"
            kind = self.query_one(f"#seat-kind-{seat}", Select).value
            if kind == PHONE:
                out.append(Seat(name, phone=True))
            else:
                out.append(Seat(name, None if kind == HUMAN else kind.removeprefix("bot:")))
        return out

    def _values(self) -> dict:
        """Each option's value as chosen; an option whose box is not made yet keeps its default."""
        return {o.name: self._lists[o.name].value if o.name in self._lists else o.default
                for o in self.game.info.options}

    def options(self) -> dict:
        """The options as set; one that does not apply keeps its default."""
        values = self._values()
        return {o.name: values[o.name] if o.applies(values) else o.default for o in self.game.info.options}

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        problem = self.app.start_match(self.game, self.seats(), self.options())
        if problem:
            self.notify(problem, title="This table cannot start", severity="error")

    def action_rules(self) -> None:
        from .rules import RulesScreen
        self.app.push_screen(RulesScreen(self.game))
