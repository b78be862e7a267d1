"""The play frame shared by every game: header, board, seats, actions and event log.

The match is driven by its session (core.session), which says what happens next as a step;
this screen shows the table and renders the step: moves offered to the person at the screen,
the curtain before a private view, a computer moving (kiosk.screens.computers), phones to
wait for, a person about to build (kiosk.screens.ready) and building (kiosk.practice.turn),
a round built live with phones (kiosk.screens.live), what a phase came to
(kiosk.screens.result), the end. Each screen it pushes hands its answer back as its result;
a board's own screens hand the move back through a MoveRequest. Every move is autosaved.

Anything a game raises (rules or board) ends the match politely: the app apologises and the
last autosave stays resumable.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from core.bots import seated
from core.errors import IllegalMove
from core.game import Event, Game, Match
from core.rng import Rng
from core.session import Announce, Choose, Over, Session

from ..boards import board_for
from ..boards.base import MoveRequest
from ..privacy import SecretWatch
from ..session import autosave, make_meta
from ..widgets import steady
from ..widgets.actions import ActionPicker
from ..widgets.eventlog import EventLog
from ..widgets.keybar import KeyBar
from ..words import named
from . import Seat
from .computers import ComputerTurns
from .phoneseats import PhoneSeats
from .steps import Steps
from .tablewords import header_words, seat_lines

NARROW = 110     # columns below which the board sits above the actions, not beside them
SHORT = 34       # rows below which the seats and the log share a column beside the actions


class PlayScreen(Steps, Screen):
    """One match in progress; see the module's words."""

    #: the frame's styles; the board's own come with it (Board.styles, added in __init__)
    CSS_PATH = "play.tcss"
    BINDINGS = [Binding("escape", "leave", "Leave game"), Binding("f1", "rules", "How to play"),
                Binding("u", "undo", "Take back"), Binding("p", "phones", "Phones")]

    def __init__(self, game: Game, match: Match, seats: list[Seat], *, slot: str | None = None,
                 bot_rngs: dict[int, Rng] | None = None):
        super().__init__()
        self.game, self.match, self.slot = game, match, slot
        self.board_cls = board_for(game.name)
        # the board brings its styles: read with the frame's when this screen is first shown
        self.css_path = [*self.css_path, *(p for p in self.board_cls.styles() if p not in self.css_path)]
        self.secrets = SecretWatch(game)
        self.session = Session(match, seats, seated(game, seats, match.log.seed, bot_rngs),
                               private=lambda seat: self.secrets.private(match, seat),
                               beyond_phone=lambda seat: self.phone_seats.beyond(seat),
                               phones_up=not any(seat.phone for seat in seats))
        self.phone_seats = PhoneSeats(self, self.session, self.board_cls, self.advance)
        self.session.listeners.append(self._heard)
        self.seats = self.session.seats
        self.human: int | None = None        # the seat whose moves are offered now
        self.viewer: int | None = None       # whose view the board shows (None: spectator)
        self.failed = False
        self.left = False                    # the screen is going: nothing moves its flow any more
        self.flow = None                     # the screen of the flow this one waits on
        self.live = None                     # kiosk.screens.live.LiveRound while one runs
        self.computers: ComputerTurns | None = None
        self._save_warned = False
        self._moved = False                  # moves heard, not yet saved and followed

    @property
    def bot_rngs(self) -> dict[int, Rng]:
        return self.session.computers.rngs

    @property
    def phones(self):
        """The match's phones (kiosk.phones.table.PhoneTable), once they can join; else None."""
        return self.phone_seats.table

    @property
    def thinking(self) -> int | None:
        return self.computers.thinking if self.computers is not None else None

    def compose(self) -> ComposeResult:
        yield Static(id="play-header")
        with Horizontal(id="play-main"):
            yield self.board_cls(self.game, self.seats, id="board")
            with Vertical(id="play-side"):
                yield ActionPicker(id="picker")
                with Vertical(id="side-info"):
                    yield Static(id="seats-panel")
                    yield EventLog(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#seats-panel").border_title = "Seats"
        self.query_one("#log", EventLog).border_title = "What happened"
        moves = len(self.match.log.moves)
        begun = "begins" if moves == 0 else f"resumes at move {moves + 1}"
        names = ", ".join(f"{i + 1} {s.name}" for i, s in enumerate(self.seats))
        self.query_one("#log", EventLog).add(f"{self.game.info.title} {begun}. Seats: {names}.")
        self._fit(self.size)
        self.computers = ComputerTurns(self, self.session, self.app.bot_delay, self.advance, self._fail)
        if any(seat.phone for seat in self.seats):
            self.run_worker(self.phone_seats.open(), group="phones", exit_on_error=False)
        self.advance()

    async def on_unmount(self) -> None:
        # Its widgets are gone by now; a phone that drops as its server stops (on_presence)
        # must not draw the table again (which failed, and apologised over the menu).
        self.left = True
        if self.live is not None:
            self.live.end()
        await self.phone_seats.close()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size) -> None:
        """Narrow: the board above the actions; short: log and seats share a column (play.tcss)."""
        self.set_class(size.width < NARROW, "-narrow")
        self.set_class(size.height < SHORT, "-short")

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    # ---- the flow ------------------------------------------------------------------------

    def advance(self) -> None:
        """Show the table as it stands and render what the session says happens next."""
        if self.failed or self.left or not self.is_attached:
            return
        try:
            self._advance()
        except Exception as error:  # the game's fault, whatever it is
            self._fail(error)

    def _fail(self, error: Exception) -> None:
        if not self.failed:
            self.failed = True
            self.app.game_failed(self, error)

    def _advance(self) -> None:
        step = self.session.next()
        self.human = step.seat if isinstance(step, Choose) else None
        self.viewer = step.seat if isinstance(step, Choose) and step.private else None
        self._show(step)
        if self.flow is not None:
            if isinstance(step, (Announce, Over)) and hasattr(self.flow, "round_over"):
                self.flow.round_over()        # live: the round is over for everyone
            return
        if self.live is not None and not self.live.open:
            self.live = None
        getattr(self, f"_on_{type(step).__name__.lower()}")(step)

    def _push(self, screen, then) -> None:
        """A screen of the flow; `then(result)` when it is dismissed, and the flow goes on."""
        self.flow = screen

        def back(result=None) -> None:
            self.flow = None
            if not self.failed:
                try:
                    then(result)
                except Exception as error:  # the game's fault, whatever it is
                    self._fail(error)
                    return
            self.advance()
        self.app.push_screen(screen, back)

    def _on_choose(self, step: Choose) -> None:
        seat, match = step.seat, self.match
        legal, name = match.legal(seat), self.seats[seat].name
        title = f"{name}, your move (↑ ↓ Enter, or touch):"
        if self.seats[seat].phone:      # only what the phone cannot give is made here
            legal, title = self.phone_seats.beyond(seat), f"{name}, this move is made here (the others on your phone):"
        in_picker = self.board_cls.data_in_picker
        if not in_picker and legal and all(a.takes for a in legal) and self.board_cls.turn_screen is not None:
            screen = self.board_cls.turn_screen(match, seat, name, self.app.clock, self.names(), play=self.session.play)
            if screen is not None:
                self._push(screen, lambda _: None)
                return
        offered = self.board_cls.offered(match, seat, legal if in_picker else [a for a in legal if not a.takes])
        self.query_one(ActionPicker).offer(title, offered, masked=self.secrets.hidden(match), words=self.names())

    # ---- showing the table ---------------------------------------------------------------

    def _show(self, step) -> None:
        view = self.match.view(self.viewer)
        self.query_one("#board").show(view)
        lines = seat_lines(self.board_cls, self.game, view, self.seats, self.match.to_act())
        steady.show(self.query_one("#seats-panel", Static), Content("\n".join(lines)))
        self.show_header()
        self.refresh_bindings()

    def show_header(self) -> None:
        header = self.query_one("#play-header", Static)
        header.set_class(self.viewer is not None, "-private")
        words = header_words(self.game.info.title, self.match, self.seats, self.thinking, self.viewer)
        steady.show(header, Content(words))

    def _heard(self, events: list[Event]) -> None:
        """Every move (session listener): logged now; autosaved, the flow on, once this moment's are in."""
        log, names = self.query_one("#log", EventLog), self.names()
        for event in events:
            log.add(named(event.text, names))
        if not self._moved:
            self._moved = True
            self.call_later(self._after_moves)

    def _after_moves(self) -> None:
        self._moved = False
        self._autosave()
        self.advance()

    def _autosave(self) -> None:
        """Save now; a full disk is reported once and play goes on."""
        problem = autosave(self.app.store, self.slot, self.match, make_meta(self.game, self.seats, self.bot_rngs))
        if problem and not self._save_warned:
            self._save_warned = True
            self.notify(f"This game cannot be saved ({problem}); play goes on.", title="Autosave failed",
                        severity="warning")

    # ---- what the person at the screen does ------------------------------------------------

    def on_action_picker_chosen(self, event: ActionPicker.Chosen) -> None:
        event.stop()
        seat = self.human
        if seat is None or self.flow is not None:
            return
        action = next((a for a in self.match.legal(seat) if a.key == event.key), None)
        request = MoveRequest(self.app, self.match, seat, event.key, self.names(), self.app.clock,
                              lambda move: self.session.play(seat, move), self._board_done)
        self.flow = "board"                             # until the board's own screens are done
        try:
            if action is not None and action.takes:
                self.board_cls.open_data(request)       # the board's own screens: a price, a lot
                return
            if self.board_cls.open_choice(request):
                return
            self.flow = None
            self.session.play(seat, event.key)
        except IllegalMove as e:
            self.flow = None
            self.notify(named(str(e), self.names()), title="Not allowed", severity="warning")
        except Exception as error:  # the game's fault, whatever it is
            self._fail(error)

    def _board_done(self) -> None:
        self.flow = None
        self.advance()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "undo":
            return self.human is not None and self.seats[self.human].human and not self.failed \
                and self.match.may_undo(self.human)
        if action == "phones":
            return self.phones is not None
        return True

    def action_undo(self) -> None:
        """Take back the last move of the person choosing now (core.game.Match.undo)."""
        seat = self.human
        if seat is None:
            return
        try:
            _, key = self.session.undo(seat)
        except IllegalMove as e:
            self.notify(named(f"That move stays: {e.reason}.", self.names()), title="No take-back", severity="warning")
            return
        text = next((a.text for a in self.match.legal(seat) if a.key == key), key)
        self._autosave()
        self.query_one("#log", EventLog).add(named(f"{self.seats[seat].name} takes back: {text}", self.names()))
        self.advance()

    def action_phones(self, first: bool = False) -> None:
        """The codes the phone seats join by (the operator's, on a locked kiosk), and handing a
        seat back to the kiosk."""
        from .phones import open_codes
        open_codes(self, first)

    def hand_seat(self, seat: int, bot: str | None) -> None:
        """A phone seat goes to the kiosk's screen (bot None) or to a computer level; its link dies."""
        self.phone_seats.hand(seat, bot)
        self._autosave()
        self.advance()

    def action_leave(self) -> None:
        from .leave import LeaveScreen
        self.app.push_screen(LeaveScreen(), lambda yes: self.app.back_to_menu() if yes else None)

    def action_rules(self) -> None:
        from .rules import RulesScreen
        self.app.push_screen(RulesScreen(self.game))
