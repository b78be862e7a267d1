"""The play frame shared by every game: header, board, seats, actions and event log.

People choose from the legal actions of the seat to act; computer seats move by
themselves after the app's bot delay, each with its own seeded random stream.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from core.bots import make_bot, play_turn
from core.errors import IllegalMove
from core.game import Action, Event, Game, Match
from core.rng import Rng

from ..boards import board_for
from . import Seat

BOT_STREAM = 1000


def grouped(legal: list[Action]) -> list[Option]:
    """The actions under their group headings, groups in order of first appearance."""
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.group or "Actions", []).append(action)
    options = []
    for group, actions in groups.items():
        options.append(Option(Content(group), disabled=True))
        options += [Option(Content(a.text), id=a.key) for a in actions]
    return options


class PlayScreen(Screen):
    """One match in progress; pushes the end screen when it is over."""

    BINDINGS = [
        Binding("escape", "leave", "Leave game"),
        Binding("f1", "rules", "How to play"),
    ]

    def __init__(self, game: Game, match: Match, seats: list[Seat]):
        super().__init__()
        self.game = game
        self.match = match
        self.seats = seats
        self.board_cls = board_for(game.name)
        self.bots = {s: make_bot(game, seat.bot) for s, seat in enumerate(seats) if not seat.human}
        self.bot_rngs = {s: Rng(match.log.seed, stream=BOT_STREAM + s) for s in self.bots}
        self.human: int | None = None
        self._bot_pending = False
        self._ended = False

    def compose(self) -> ComposeResult:
        yield Static(id="play-header")
        with Horizontal(id="play-main"):
            yield self.board_cls(self.game, self.seats, id="board")
            with Vertical(id="play-side"):
                yield Static(id="seats-panel")
                yield Static(id="actions-title")
                yield OptionList(id="actions")
                yield RichLog(id="log", max_lines=1000, wrap=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#seats-panel").border_title = "Seats"
        self.query_one("#log", RichLog).border_title = "What happened"
        names = ", ".join(f"{i + 1} {s.name}" for i, s in enumerate(self.seats))
        self.query_one("#log", RichLog).write(Text(f"{self.game.info.title} begins. Seats: {names}."))
        self.query_one("#actions", OptionList).focus()
        self.advance()

    def advance(self) -> None:
        """Redraw everything from the match, then wait for a person or start a bot."""
        view = self.match.view(None)
        to_act = self.match.to_act()
        self.query_one("#board").show(view)
        self._show_seats(view, to_act)
        self._show_header(to_act)
        if self.match.over:
            self._finish()
            return
        humans = [s for s in to_act if self.seats[s].human]
        self.human = humans[0] if humans else None
        self._show_actions(to_act)
        bots = [s for s in to_act if not self.seats[s].human]
        if bots and not self._bot_pending:
            self._bot_pending = True
            delay = self.app.bot_delay
            if delay > 0:
                self.set_timer(delay, lambda: self._bot_move(bots[0]))
            else:  # Textual timers cannot have a zero interval
                self.call_later(self._bot_move, bots[0])

    def _show_header(self, to_act: tuple[int, ...]) -> None:
        title = self.game.info.title
        if self.match.over:
            text = f"{title}  ·  the game is over"
        else:
            names = " and ".join(self.seats[s].name for s in to_act)
            text = f"{title}  ·  move {len(self.match.log.moves) + 1}  ·  {names} to play"
        self.query_one("#play-header", Static).update(Content(text))

    def _show_seats(self, view: dict, to_act: tuple[int, ...]) -> None:
        lines = []
        for s, seat in enumerate(self.seats):
            marker = "▶" if s in to_act else " "
            summary = self.board_cls.seat_summary(self.game, view, s)
            lines.append(f"{marker} {s + 1} {seat.name} · {seat.kind}" + (f" · {summary}" if summary else ""))
        self.query_one("#seats-panel", Static).update(Content("\n".join(lines)))

    def _show_actions(self, to_act: tuple[int, ...]) -> None:
        actions = self.query_one("#actions", OptionList)
        title = self.query_one("#actions-title", Static)
        actions.clear_options()
        if self.human is None:
            waiting = " and ".join(self.seats[s].name for s in to_act)
            title.update(Content(f"{waiting} (computer) is choosing…"))
            actions.add_option(Option(Content("Please wait for the computer's move."), disabled=True))
            return
        title.update(Content(f"{self.seats[self.human].name}, choose your move (↑ ↓ Enter, or click):"))
        actions.add_options(grouped(self.match.legal(self.human)))
        actions.action_first()
        actions.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.human is None or event.option.id is None:
            return
        self._play(self.human, event.option.id)

    def _play(self, seat: int, key: str) -> None:
        try:
            events = self.match.play(seat, key)
        except IllegalMove as e:
            self.notify(str(e), title="Not allowed", severity="warning")
            return
        self._log(events)
        self.advance()

    def _bot_move(self, seat: int) -> None:
        self._bot_pending = False
        if seat in self.match.to_act():
            self._log(play_turn(self.match, seat, self.bots[seat], self.bot_rngs[seat]))
        self.advance()

    def _log(self, events: list[Event]) -> None:
        log = self.query_one("#log", RichLog)
        for event in events:
            log.write(Text(event.text))

    def _finish(self) -> None:
        if self._ended:
            return
        self._ended = True
        from .end import EndScreen
        self.query_one("#actions-title", Static).update(Content("The game is over."))
        self.query_one("#actions", OptionList).clear_options()
        self.app.push_screen(EndScreen(self.game, self.match, self.seats))

    def action_leave(self) -> None:
        from .leave import LeaveScreen

        def leave(yes: bool | None) -> None:
            if yes:
                self.app.back_to_menu()

        self.app.push_screen(LeaveScreen(), leave)

    def action_rules(self) -> None:
        from .rules import RulesScreen
        self.app.push_screen(RulesScreen(self.game))
