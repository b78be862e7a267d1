"""The play frame shared by every game: header, board, seats, actions and event log.

People choose from the legal actions of the seat to act; computer seats move by
themselves after the app's bot delay, each with its own seeded random stream. Where
several seats act at once (a building round) their moves go by time (kiosk.screens.together). A bot
that searches (the hard level) thinks on a copy of the match in a thread, so the screen
answers keys meanwhile; its move is played on the match only if nothing was played in
between (else it thinks again). Every other bot moves at once, on the UI thread. The
match is autosaved after every move.

In a game with secrets (see kiosk.privacy) the board shows the acting person's own
view while they choose when it holds something of theirs alone, the spectator view
otherwise, and the screen is handed over behind a curtain only when such a private
view of a different person comes next. Anything a
game raises (rules or board) ends the match politely: the app apologises and the
last autosave stays resumable.
"""

from __future__ import annotations

import asyncio

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from core.bots import decide, make_bot, play_choice, play_turn
from core.errors import IllegalMove
from core.game import Event, Game, Match
from core.rng import Rng

from ..boards import board_for
from ..privacy import SecretWatch, private_for
from ..session import make_meta
from ..widgets.actions import ActionPicker
from ..widgets.eventlog import EventLog
from ..widgets.keybar import KeyBar
from ..words import named
from . import Seat

BOT_STREAM = 1000
NARROW = 110     # columns below which the board sits above the actions, not beside them
SHORT = 34       # rows below which the seats and the log share a column beside the actions


class PlayScreen(Screen):
    """One match in progress; pushes the end screen when it is over."""

    CSS_PATH = ["play.tcss", "../boards/chocolate_milk.tcss", "../boards/tsukiji.tcss", "../boards/jutaku.tcss",
                "../boards/izakaya.tcss", "../boards/shopping_spree.tcss"]

    BINDINGS = [
        Binding("escape", "leave", "Leave game"),
        Binding("f1", "rules", "How to play"),
        Binding("u", "undo", "Take back"),
        Binding("p", "phones", "Phones"),
    ]

    def __init__(self, game: Game, match: Match, seats: list[Seat], *, slot: str | None = None,
                 bot_rngs: dict[int, Rng] | None = None):
        super().__init__()
        self.game = game
        self.match = match
        self.seats = seats
        self.slot = slot
        self.board_cls = board_for(game.name)
        self.bots = {s: make_bot(game, seat.bot) for s, seat in enumerate(seats) if seat.computer}
        self.bot_rngs = bot_rngs or {s: Rng(match.log.seed, stream=BOT_STREAM + s) for s in self.bots}
        self.secrets = SecretWatch(game)
        self.human_seats = sum(seat.human for seat in seats)
        self.human: int | None = None        # the seat whose actions are offered now
        self.viewer: int | None = None       # whose view the board shows (None: spectator)
        self.revealed_to: int | None = None  # the person who last took the screen
        self.curtain_for: int | None = None
        self.failed = False
        self._bot_pending = False
        self.thinking: int | None = None     # the searching seat whose thread runs now
        self._ended = False
        self._save_warned = False
        self.turn_open = False               # a person's building turn screen is up
        self.together = None                 # the round where several seats act at once
        self.phones = None                   # kiosk.phones.table.PhoneTable when seats are phones
        self.live = None                     # a building round built live on phones (screens/live.py)

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
        names = ", ".join(f"{i + 1} {s.name}" for i, s in enumerate(self.seats))
        moves = len(self.match.log.moves)
        begun = "begins" if moves == 0 else f"resumes at move {moves + 1}"
        self.query_one("#log", EventLog).add(f"{self.game.info.title} {begun}. Seats: {names}.")
        self._fit(self.size)
        if any(seat.phone for seat in self.seats):
            self.run_worker(self._open_phones(), group="phones", exit_on_error=False)
        self.advance()

    async def _open_phones(self) -> None:
        """The phones' server for this match, then the codes to join by."""
        from ..phones.table import PhoneTable
        table = PhoneTable(self.game, self.match, self.names(), [s for s, seat in enumerate(self.seats) if seat.phone],
                           self._moved, host=self.app.phone_host, port=self.app.phone_port)
        try:
            await table.start()
        except OSError as e:
            self.notify(f"The phones cannot join: {e.strerror or e}. Hand their seats to the kiosk screen.",
                        title="No phones", severity="error")
            return
        self.phones = table
        self.refresh_bindings()
        self.action_phones()
        self.advance()

    async def on_unmount(self) -> None:
        if self.phones is not None:
            await self.phones.stop("The kiosk has closed this game.")

    def action_phones(self) -> None:
        """The codes the phone seats join by, and handing a seat back to the kiosk."""
        if self.phones is None:
            return
        from .phones import PhonesScreen
        self.app.push_screen(PhonesScreen(self))

    def hand_seat(self, seat: int, bot: str | None) -> None:
        """A phone seat goes to the kiosk's screen (bot None) or to a computer level; its
        link dies."""
        self.seats[seat] = Seat(self.seats[seat].name, bot)
        if bot is not None:
            self.bots[seat] = make_bot(self.game, bot)
            self.bot_rngs.setdefault(seat, Rng(self.match.log.seed, stream=BOT_STREAM + seat))
        self.human_seats = sum(s.human for s in self.seats)
        if self.phones is not None:
            self.phones.hub.release(seat)
            self.run_worker(self.phones.server.kick(seat, "Your seat is played at the kiosk now."),
                            exit_on_error=False)
        self._autosave()
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size) -> None:
        """Below NARROW columns the board goes above the actions; below SHORT rows the log
        and seats share the space beside them (play.tcss says how)."""
        self.set_class(size.width < NARROW, "-narrow")
        self.set_class(size.height < SHORT, "-short")

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    # ---- the flow ------------------------------------------------------------------------

    def guarded(self, step, *args) -> None:
        """Run a step that calls into the game; a game's exception ends the match politely."""
        if self.failed:
            return
        try:
            step(*args)
        except Exception as error:  # the game's fault, whatever it is
            self._fail(error)

    def _fail(self, error: Exception) -> None:
        self.failed = True
        self.app.game_failed(self, error)

    def advance(self) -> None:
        """Redraw everything from the match, then wait for a person or start a bot."""
        self.guarded(self._advance)

    def _advance(self) -> None:
        match = self.match
        to_act = match.to_act()
        hidden = self.secrets.hidden(match)
        humans = [s for s in to_act if self._at_screen(s)]
        person = humans[0] if humans else None
        private = hidden and person is not None and not match.over and private_for(match, person)
        hand_over = private and self.human_seats > 1 and person != self.revealed_to
        self.human = None if hand_over else person
        if self.human is not None:
            self.revealed_to = self.human      # whoever plays now is at the screen
        self.viewer = self.human if private else None
        view = match.view(self.viewer)
        self.query_one("#board").show(view)
        self._show_seats(view, to_act)
        self._show_header(to_act)
        self.refresh_bindings()
        if match.over:
            self._finish()
            return
        if self._together(to_act):
            return
        picker = self.query_one(ActionPicker)
        if hand_over:
            name = self.seats[person].name
            picker.wait(f"Waiting for {name} to take the screen…")
            self._hand_over(person)
        elif self.human is None and any(self.seats[s].phone for s in to_act):
            picker.wait(self._phone_waiting(to_act), "Players choose on their phones; P shows the codes to join.")
        elif self.human is None:
            waiting = " and ".join(self.seats[s].name for s in to_act)
            if any(getattr(self.bots.get(s), "searches", False) for s in to_act):
                picker.wait(f"{waiting} (computer) is thinking…",
                            "The hard computer thinks ahead: a moment a move.")
            else:
                picker.wait(f"{waiting} (computer) is choosing…", "Please wait for the computer's move.")
        else:
            name = self.seats[self.human].name
            legal = match.legal(self.human)
            in_picker = getattr(self.board_cls, "data_in_picker", False)
            if any(a.takes for a in legal) and not in_picker and self._take_turn(self.human, to_act):
                return
            if self.turn_open:
                return
            title = f"{name}, your move (↑ ↓ Enter, or touch):"
            if self.seats[self.human].phone:      # only what the phone cannot give is made here
                legal = self._beyond_the_phone(self.human, legal)
                title = f"{name}, this move is made here (the others on your phone):"
            offered = self.board_cls.offered(match, self.human, legal if in_picker else
                                             [a for a in legal if not a.takes])
            picker.offer(title, offered, masked=hidden, words=self.names())
        self._start_bot(to_act)

    def _at_screen(self, seat: int) -> bool:
        """A person plays this move at the kiosk's screen: a kiosk seat, or a phone seat
        whose moves take data its phone cannot give (a building; an amount it can)."""
        spot = self.seats[seat]
        if spot.human:
            return True
        return spot.phone and (self.phones is None or bool(self._beyond_the_phone(seat, self.match.legal(seat))))

    def _beyond_the_phone(self, seat: int, legal: list) -> list:
        """The moves of `legal` whose data no phone gives: neither an amount on its pad nor
        one piece on a lot it chooses (Board.phone_lots)."""
        match = self.match
        view = match.view(seat)
        return [a for a in legal if a.takes and match.rules.amount(match.state, seat, a) is None
                and self.board_cls.phone_lots(self.game, view, seat, a.key) is None]

    def _phone_waiting(self, to_act: tuple[int, ...]) -> str:
        parts = []
        for s in to_act:
            if not self.seats[s].phone:
                continue
            phone = self.phones.hub.seats.get(s) if self.phones is not None else None
            joined = phone is not None and phone.connections > 0
            parts.append(f"{self.seats[s].name}'s phone" + ("" if joined else " (not joined yet)"))
        return f"Waiting for {' and '.join(parts)}…"

    def _together(self, to_act: tuple[int, ...]) -> bool:
        """A round where several seats act at once (Rules.simultaneous): the computers' moves
        by time, or the people's turns at the build screen (kiosk.screens.together). True when
        the round took the screen's flow."""
        from .together import Together
        match = self.match
        phase = match.rules.simultaneous(match.state)
        if phase is None or getattr(self.board_cls, "turn_screen", None) is None:
            self.together = None
            return False
        if self._live_round(phase, to_act):
            return True
        if self.together is None or self.together.phase != phase:
            self.together = Together(self, phase, to_act)
        together = self.together
        picker = self.query_one(ActionPicker)
        if together.hotseat is None:
            waiting = " and ".join(self.seats[s].name for s in to_act)
            picker.wait(f"{waiting} (computer) building…", "Everyone builds at once.")
            self._start_table()
            return True
        if self.turn_open:
            return True
        back = together.hotseat.next()
        if back is None:
            events = together.hotseat.commit()
            together.adopt(self)
            self.together = None
            self._moved(events)
            return True
        seat = back.seat
        turn = together.hotseat.rehearse(seat, back.moment)
        screen = self.board_cls.turn_screen(match, seat, self.seats[seat].name, self.app.clock, self.names(),
                                            turn=turn, start=back.moment, why=back.why)
        self.turn_open = True
        self.human = None
        picker.wait(f"{self.seats[seat].name} is building…")

        def done(_=None) -> None:
            together.hotseat.keep(turn.end(screen.ended_at))
            self.turn_open = False
            self.advance()

        self.app.push_screen(screen, done)
        return True

    def _live_round(self, phase, to_act: tuple[int, ...]) -> bool:
        """A round where phones build, with one person at most at the kiosk's screen: built
        live, every phone and the kiosk's build screen at once, by the kiosk's clock
        (screens/live.py). Two people or more at the one screen take turns at it instead, each
        against the middle as it stood at each second (core.hotseat). True while it runs."""
        if self.live is not None and self.live.phase == phase:
            self._live_waiting(to_act)
            self.live.open_kiosk_turn()
            return True
        if self.live is not None:
            self.live.end()
            self.live = None
        if self.phones is None or not any(self.seats[s].phone for s in to_act) \
                or sum(self.seats[s].human for s in to_act) > 1:
            return False
        from .live import LiveRound
        self.live = LiveRound(self, phase, to_act)
        self._live_waiting(to_act)
        self.phones.server.push()
        self.live.open_kiosk_turn()
        return True

    def _live_waiting(self, to_act: tuple[int, ...]) -> None:
        seats = [self.seats[s] for s in to_act]
        parts = [" and ".join(s.name for s in seats if s.phone) + " building on their phones"]
        parts += [f"{s.name} here" for s in seats if s.human]
        parts += [f"{s.name} (computer)" for s in seats if s.computer]
        line = ", ".join(parts) + "…"
        self.query_one(ActionPicker).wait(line, "Everyone builds at once: the first to reach for a piece gets it.")

    def _start_table(self) -> None:
        """The next computer move of the round, after the bot delay."""
        if self._bot_pending:
            return
        self._bot_pending = True
        delay = self.app.bot_delay
        if delay > 0:
            self.set_timer(delay, lambda: self.guarded(self._table_move))
        else:
            self.call_later(self.guarded, self._table_move)

    def _table_move(self) -> None:
        self._bot_pending = False
        together = self.together
        if together is None or together.table is None or self._ended:
            self.advance()
            return
        played = together.table.step()
        self._moved(played[1] if played else [])

    def _take_turn(self, seat: int, to_act: tuple[int, ...]) -> bool:
        """A person whose actions take data (a building turn) gets the board's screen for it,
        once the computer seats acting too have moved (they build first: a person then
        knows the time to beat). True when the picker is not needed now."""
        screen_for = getattr(self.board_cls, "turn_screen", None)
        if screen_for is None or self.turn_open:
            return self.turn_open
        picker = self.query_one(ActionPicker)
        if any(self.seats[s].computer for s in to_act):
            picker.wait("The computer architects build first…", "Your turn comes when they are done.")
            self.human = None
            self._start_bot(to_act)
            return True
        screen = screen_for(self.match, seat, self.seats[seat].name, self.app.clock, self.names())
        if screen is None:
            return False
        self.turn_open = True
        picker.wait(f"{self.seats[seat].name} is building…")

        def back(_=None) -> None:
            self.turn_open = False
            self._autosave()
            self.advance()

        self.app.push_screen(screen, back)
        return True

    def _start_bot(self, to_act) -> None:
        bots = [s for s in to_act if self.seats[s].computer]
        if bots and not self._bot_pending:
            self._bot_pending = True
            delay = self.app.bot_delay
            if delay > 0:
                self.set_timer(delay, lambda: self.guarded(self._bot_move, bots[0]))
            else:  # Textual timers cannot have a zero interval
                self.call_later(self.guarded, self._bot_move, bots[0])

    def _hand_over(self, seat: int) -> None:
        """Curtain between two people: nothing private is drawn until `seat` says so."""
        if self.curtain_for is not None:
            return
        from .curtain import CurtainScreen
        self.curtain_for = seat

        def taken(_: bool | None) -> None:
            self.curtain_for = None
            self.revealed_to = seat
            self.advance()

        self.app.push_screen(CurtainScreen(self.seats[seat].name, self.game.info.title), taken)

    def _show_header(self, to_act: tuple[int, ...]) -> None:
        title = self.game.info.title
        if self.match.over:
            text = f"{title}  ·  the game is over"
        else:
            names = " and ".join(self.seats[s].name for s in to_act)
            text = f"{title}  ·  move {len(self.match.log.moves) + 1}  ·  {names} to play"
            if self.thinking is not None:
                text += f"  ·  {self.seats[self.thinking].name} is thinking…"
        if self.viewer is not None:
            text += f"  ·  {self.seats[self.viewer].name}'s private view"
        header = self.query_one("#play-header", Static)
        header.set_class(self.viewer is not None, "-private")
        header.update(Content(text))

    def _show_seats(self, view: dict, to_act: tuple[int, ...]) -> None:
        lines = []
        for s, seat in enumerate(self.seats):
            marker = "▶" if s in to_act else " "
            summary = self.board_cls.seat_summary(self.game, view, s)
            lines.append(f"{marker} {s + 1} {seat.name} · {seat.kind}" + (f" · {summary}" if summary else ""))
        self.query_one("#seats-panel", Static).update(Content("\n".join(lines)))

    # ---- moves ---------------------------------------------------------------------------

    def on_action_picker_chosen(self, event: ActionPicker.Chosen) -> None:
        event.stop()
        if self.human is None:
            return
        action = next((a for a in self.match.legal(self.human) if a.key == event.key), None)
        if action is not None and action.takes:
            # the board's own screens supply the data (Izakaya: a lot, then the piece)
            self.guarded(self.board_cls.open_data, self, self.human, action.key)
            return
        self.guarded(self._choose, self.human, event.key)

    def _choose(self, seat: int, key: str) -> None:
        if not self.board_cls.open_choice(self, seat, key):
            self._play(seat, key)

    def _play(self, seat: int, key: str) -> None:
        try:
            events = self.match.play(seat, key)
        except IllegalMove as e:
            self.notify(named(str(e), self.names()), title="Not allowed", severity="warning")
            return
        self._moved(events)

    def _bot_move(self, seat: int) -> None:
        if seat in self.match.to_act() and getattr(self.bots[seat], "searches", False):
            self._think(seat)   # still pending: no other bot starts while it thinks
            return
        self._bot_pending = False
        if seat in self.match.to_act():
            self._moved(play_turn(self.match, seat, self.bots[seat], self.bot_rngs[seat]))
        else:
            self.advance()

    def _think(self, seat: int) -> None:
        """Start a searching bot on a copy of the match, with a copy of its random stream,
        in a thread; `_thought` takes its move back on the UI thread. The worker belongs to
        this screen: leaving it cancels the wait (the thread ends on its own budget)."""
        self.thinking = seat
        self._show_header(self.match.to_act())
        copy, rng = self.match.clone(), Rng.restore(self.bot_rngs[seat].dump())
        moves = list(self.match.log.moves)
        self.run_worker(self._await_thought(seat, copy, rng, moves), group="think", exit_on_error=False)

    async def _await_thought(self, seat: int, copy: Match, rng: Rng, moves: list) -> None:
        try:
            choice = await asyncio.to_thread(decide, self.bots[seat], copy, seat, copy.legal(seat), rng)
        except Exception as error:  # the game's fault (or the search's), whatever it is
            if self._live() and not self.failed:
                self._fail(error)
            return
        if self._live():
            self.guarded(self._thought, seat, choice, rng, moves)

    def _live(self) -> bool:
        """Still a screen of the app (not left, not torn down)."""
        return self.is_attached and self in self.app.screen_stack

    def _thought(self, seat: int, choice, rng: Rng, moves: list) -> None:
        """Play what the bot thought of, if the match is where it was; else think anew."""
        self.thinking = None
        self._bot_pending = False
        if self._ended or self.match.log.moves != moves or seat not in self.match.to_act():
            self.advance()
            return
        self.bot_rngs[seat] = rng   # the stream goes on where the thinking left it
        self._moved(play_choice(self.match, seat, choice, self.match.legal(seat), rng))

    def _moved(self, events: list[Event]) -> None:
        self._autosave()
        if self.phones is not None:
            self.phones.moved(events)
        log = self.query_one("#log", EventLog)
        names = self.names()
        for event in events:
            log.add(named(event.text, names))
        self.advance()

    def _autosave(self) -> None:
        """Save now; a full disk is reported once and play goes on."""
        if self.slot is None or self.match.over:
            return
        meta = make_meta(self.game, self.seats, self.bot_rngs)
        try:
            self.app.store.autosave(self.slot, self.match, meta)
        except OSError as e:
            if not self._save_warned:
                self._save_warned = True
                self.notify(f"This game cannot be saved ({e.strerror or e}); play goes on.",
                            title="Autosave failed", severity="warning")

    def _finish(self) -> None:
        if self._ended:
            return
        self._ended = True
        if self.phones is not None:     # the result to every phone, then their links die
            self.phones.server.push()
            self.run_worker(self.phones.stop("The game is over: the result is on the kiosk's screen."),
                            exit_on_error=False)
        from .end import EndScreen
        if self.slot is not None:
            self.app.store.discard(self.slot)
        self.query_one(ActionPicker).wait("The game is over.")
        self.app.push_screen(EndScreen(self.game, self.match, self.seats))

    # ---- keys ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "undo":
            return self.human is not None and self.seats[self.human].human and not self.failed \
                and self.match.may_undo(self.human)
        if action == "phones":
            return self.phones is not None
        return True

    def action_undo(self) -> None:
        """Take back the last move of the person choosing now (core.game.Match.undo)."""
        self.guarded(self._undo)

    def _undo(self) -> None:
        seat = self.human
        if seat is None:
            return
        try:
            _, key = self.match.undo(seat)
        except IllegalMove as e:
            self.notify(named(f"That move stays: {e.reason}.", self.names()), title="No take-back",
                        severity="warning")
            return
        text = next((a.text for a in self.match.legal(seat) if a.key == key), key)
        self._autosave()
        self.query_one("#log", EventLog).add(named(f"{self.seats[seat].name} takes back: {text}", self.names()))
        self.advance()

    def action_leave(self) -> None:
        from .leave import LeaveScreen

        def leave(yes: bool | None) -> None:
            if yes:
                self.app.back_to_menu()

        self.app.push_screen(LeaveScreen(), leave)

    def action_rules(self) -> None:
        from .rules import RulesScreen
        self.app.push_screen(RulesScreen(self.game))
