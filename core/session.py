"""One match driven for its seats: what happens next, as plain steps, and the moves taken back.

Every surface that plays a match drives it through a `Session`: the kiosk's play screen, the
phones' table, `tokyo simulate` and `tokyo tournament`, the search's playouts. So a computer
seat, a building round and the end of a phase work the same everywhere:

- `next()` says what happens now, as a Step: a person to offer moves to (`Choose`), the
  screen handed to someone first (`Curtain`), a computer to move (`Computer`), phones to wait
  for (`Phones`), a person about to build (`Ready`) or building (`Build`), a round built live
  with phones (`Live`), what a phase came to (`Announce`), the end (`Over`).
- Moves come back through `play` (a person's or a phone's), `computer` (decided here, with
  the seat's own random stream, and something else played when the match refuses it:
  `Computers`, the one place for that), `think`/`thought` (a searching computer on a copy, in
  a thread), `start`/`built` (a person's turn of a building round) and `tick` (a live
  round's clock, which the caller keeps: the session holds no clock and draws nothing).
- Seats that act at once go by their clocks (core.simultaneous): computers alone by one
  `Table`, people at one screen one after another (core.hotseat), phones live.
- `listeners` hear every move's events (the kiosk's log, autosave and phones). A phase
  that ends (a building round, bids revealed) is held as an `Announcement` until `seen()`:
  when people sit at the screen, until one of them has read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .announce import Announcement
from .baseline import decide
from .computers import BOT_STREAM, Computers  # noqa: F401  (read from here too)
from .errors import IllegalMove
from .game import Event, Match, Result
from .hotseat import HotSeat, Rehearsal
from .rng import Rng
from .seats import Seat
from .simultaneous import Table

# ---- what happens next ---------------------------------------------------------------------

@dataclass(frozen=True)
class Choose:
    """A person chooses among `seat`'s moves (at the shared screen; for a phone seat, the
    moves its phone cannot make). `private`: the seat's own view shows a secret."""
    seat: int
    private: bool = False


@dataclass(frozen=True)
class Curtain:
    """The screen goes to `seat`'s person before their private view is drawn."""
    seat: int


@dataclass(frozen=True)
class Computer:
    """A computer moves: `computer()` now (after a pause for the eye), or `think()` in a thread
    when it searches. `seat` None: the earliest computer by time in a round built at once."""
    seat: int | None
    thinks: bool = False


@dataclass(frozen=True)
class Phones:
    """Nothing for the shared screen to do: the phones of `seats` move."""
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Ready:
    """`seat`'s person builds next, from the second `start` of the round (`why` they go back
    there, "" at a first turn); their clock starts when they say so (`start()`).
    `deadline`: what is already decided for them, (second, words), or None."""
    seat: int
    start: float
    why: str
    deadline: tuple[float, str] | None


@dataclass(frozen=True)
class Build:
    """`seat`'s person builds now on `turn` (a core.hotseat Rehearsal, or a LiveTurn), from the
    second `start`; `built()` when their turn ends."""
    seat: int
    turn: Any
    start: float
    why: str = ""


@dataclass(frozen=True)
class Live:
    """A round built live on the caller's clock: phones and computers at once, and `person`
    at the shared screen (one at most, None when nobody builds there now)."""
    seats: tuple[int, ...]
    person: int | None


@dataclass(frozen=True)
class Announce:
    """What a phase came to; `wait`: people sit at the screen, so it stays until `seen()`."""
    announcement: Announcement
    wait: bool


@dataclass(frozen=True)
class Over:
    result: Result


Step = Choose | Curtain | Computer | Phones | Ready | Build | Live | Announce | Over


@dataclass
class Thinking:
    """A searching computer's question, for a thread: `run()` answers it on a copy of the match
    with a copy of its random stream; `Session.thought` plays the answer if nothing moved."""
    seat: int
    bot: Any
    copy: Match
    rng: Rng
    moves: list

    def run(self):
        return decide(self.bot, self.copy, self.seat, self.copy.legal(self.seat), self.rng)


class LiveTurn:
    """A person's or a phone's part of a round built live: each move played on the match at
    once, at the second of the round's clock it names."""

    def __init__(self, session: "Session", seat: int):
        self.session = session
        self.seat = seat
        self.phase = session.phase
        #: why the round ended for this seat before it ended it itself (Rules.deadline's words)
        self.why = ""

    @property
    def match(self) -> Match:
        return self.session.match

    def play(self, move, at: float) -> list[Event]:
        return self.session.play(self.seat, move)

    def advance(self, now: float) -> None:
        """The others' moves are played by the round itself (`Session.tick`) as they happen."""

    def decided(self, now: float) -> bool:
        """The round is over, or this seat builds no more in it."""
        match = self.match
        return (match.over or match.rules.simultaneous(match.state) != self.phase
                or self.seat not in match.to_act())


# ---- the session -----------------------------------------------------------------------------

class Session:
    """One match and its seats; see the module's words.

    `private(seat)`: whether the seat's view now shows a secret (the kiosk's privacy rule;
    default never). `beyond_phone(seat)`: the moves of a phone seat its phone cannot make,
    which a person makes at the shared screen instead (default none). `phones_up`: whether
    the phones can be reached at all (else phone seats wait); a driver whose phones are not
    reachable yet says so from the start, so that a match that opens with a round played at
    once (Countdown) does not open it live before its phones' server is up."""

    def __init__(self, match: Match, seats: list[Seat], computers: Computers, *, announce: bool = True,
                 private: Callable[[int], bool] | None = None,
                 beyond_phone: Callable[[int], list] | None = None, phones_up: bool = True):
        self.match = match
        self.rules = match.rules
        self.seats = list(seats)
        self.computers = computers
        self.announce = announce
        self.private = private or (lambda seat: False)
        self.beyond_phone = beyond_phone or (lambda seat: [])
        self.phones_up = phones_up
        self.listeners: list[Callable[[list[Event]], None]] = []
        self.table = Table(match, self._decide, self._instead)
        self.pending: Announcement | None = None
        self.revealed_to: int | None = None    # the person who last took the screen
        #: the simultaneous phase open now (Rules.simultaneous), how it is driven ("table":
        #: computers alone, "hotseat": people at one screen in turn, "live": phones at once)
        #: and its events so far (what the rules word its end from)
        self.phase = None
        self.mode: str | None = None
        self.phase_events: list[Event] = []
        self.hotseat: HotSeat | None = None
        self._ready: Ready | None = None
        self.building: Build | None = None
        self.live_turns: dict[int, LiveTurn] = {}
        self._open_phase()

    @classmethod
    def of_computers(cls, match: Match, bots: list, rngs: list[Rng] | None = None) -> "Session":
        """A match of computer seats only (simulations, tournaments): one bot per seat, each
        with its stream (fresh from the match's seed when not given); nothing announced."""
        rngs = rngs or [Rng(match.log.seed, stream=BOT_STREAM + s) for s in range(match.players)]
        computers = Computers(dict(enumerate(bots)), dict(enumerate(rngs)))
        seats = [Seat(f"Seat {s + 1}", getattr(b, "name", "bot") or "bot") for s, b in enumerate(bots)]
        return cls(match, seats, computers, announce=False)

    # ---- who sits where --------------------------------------------------------------------

    def at_screen(self, seat: int) -> bool:
        """A person makes this seat's move at the shared screen: a kiosk seat, or a phone seat
        whose move its phone cannot make (or whose phone cannot be reached)."""
        spot = self.seats[seat]
        return spot.human or (spot.phone and bool(self.beyond_phone(seat)))

    @property
    def people_here(self) -> int:
        """How many people sit at the shared screen."""
        return sum(seat.human for seat in self.seats)

    def hand(self, seat: int, to: Seat, bot=None) -> None:
        """`seat` changes hands (a phone's seat to the kiosk's screen or to a computer `bot`)."""
        self.seats[seat] = to
        if bot is not None:
            self.computers.seat(seat, bot, Rng(self.match.log.seed, stream=BOT_STREAM + seat))
        else:
            self.computers.unseat(seat)
        self.table.forget(seat)

    # ---- what happens next -----------------------------------------------------------------

    def next(self) -> Step:
        """What happens now. Asking again without a move in between gives the same answer."""
        match = self.match
        if self.pending is not None:
            return Announce(self.pending, self.people_here > 0)
        if match.over:
            return Over(match.result())
        self._open_phase()
        if self.phase is None and self.rules.simultaneous(match.state) is not None:
            return Phones(tuple(s for s in match.to_act() if self.seats[s].phone))   # not reachable yet
        if self.mode == "hotseat":
            return self._hotseat_step()
        to_act = match.to_act()
        if self.mode == "live":
            person = next((s for s in to_act if self.seats[s].human), None)
            return Live(to_act, person)
        if self.mode == "table":
            return Computer(None)
        computers = [s for s in to_act if s in self.computers]
        if computers:
            return Computer(computers[0], self.computers.searches(computers[0]))
        people = [s for s in to_act if self.at_screen(s)]
        if people:
            seat = people[0]
            private = self.private(seat)
            if private and self.people_here > 1 and seat != self.revealed_to:
                return Curtain(seat)
            return Choose(seat, private)
        return Phones(tuple(s for s in to_act if self.seats[s].phone))

    def _open_phase(self) -> None:
        """Notice a simultaneous phase beginning (or ending) and choose how it is driven."""
        phase = None if self.match.over else self.rules.simultaneous(self.match.state)
        if phase == self.phase:
            return
        to_act = self.match.to_act()
        people = [s for s in to_act if self.seats[s].human]
        phones = [s for s in to_act if self.seats[s].phone]
        if phase is not None and phones and not self.phones_up:
            return               # the phones' seats cannot be reached yet: the round waits
        self.phase, self.phase_events = phase, []
        self.hotseat, self._ready, self.building = None, None, None
        self.live_turns: dict[int, LiveTurn] = {}
        self.mode = None
        if phase is None:
            return
        if not people and not phones:
            self.mode = "table"
        elif phones and len(people) <= 1 and self.phones_up:
            self.mode = "live"
        else:        # people take turns at the one screen (a phone seat's person too)
            self.hotseat = HotSeat(self.match, people + phones, self.computers)
            self.mode = "hotseat"

    # ---- people --------------------------------------------------------------------------

    def taken(self, seat: int) -> None:
        """`seat`'s person has taken the screen (the curtain is lifted)."""
        self.revealed_to = seat

    def play(self, seat: int, move) -> list[Event]:
        """A person's move (at the screen or on a phone): IllegalMove naming the rule when the
        match refuses it, and nothing changes."""
        moment = self.table.moment(seat, move)
        events = self.match.play(seat, move)
        if self.seats[seat].human:
            self.revealed_to = seat
        self._moved(events, seat, moment)
        return events

    def undo(self, seat: int) -> tuple:
        """Take back `seat`'s last move (core.game.Match.undo); the move taken back."""
        taken = self.match.undo(seat)
        self.table.forget()
        return taken

    def seen(self) -> None:
        """The announcement has been seen: play goes on."""
        self.pending = None

    # ---- computers -------------------------------------------------------------------------

    def _decide(self, seat: int):
        if seat not in self.computers:
            return None          # a person or a phone: their moves come as they make them
        return self.computers.decide(self.match, seat)

    def _instead(self, seat: int, move, error: IllegalMove) -> list[Event]:
        return self.computers.instead(self.match, seat, move, error)

    def computer(self, until: float | None = None) -> list[Event] | None:
        """The next computer move (the earliest by time where seats act at once, none after
        `until`): decided, played, heard; None when no computer has one to make."""
        played = self.table.step(until)
        if played is None:
            return None
        self._moved(played[1])
        return played[1]

    def run(self, limit: int | None = None) -> int:
        """Play on while computers move (all of them, in a match of computers only) or until
        `limit` moves; how many were played."""
        everyone = all(s in self.computers for s in range(self.match.players))
        if everyone and not self.listeners and not self.announce:
            return self.table.run(limit=limit)        # nobody to tell: the quickest way
        played = 0
        while (limit is None or played < limit) and not self.match.over:
            if everyone and self.pending is None:
                moved = self.computer()                # computers alone: no step but theirs
            else:
                moved = self.computer() if isinstance(self.next(), Computer) else None
            if moved is None:
                break
            played += 1
        return played

    def think(self, seat: int) -> Thinking:
        """A searching computer's question, to answer away from the screen (a thread)."""
        m = self.match
        return Thinking(seat, self.computers.bots[seat], m.clone(), Rng.restore(self.computers.rngs[seat].dump()),
                        list(m.log.moves))

    def thought(self, thinking: Thinking, choice) -> list[Event] | None:
        """Play a searching computer's answer; None when the match moved meanwhile (ask again)."""
        seat, m = thinking.seat, self.match
        if m.over or m.log.moves != thinking.moves or seat not in m.to_act() or seat not in self.computers:
            return None
        self.computers.rngs[seat] = thinking.rng      # the stream goes on where the thinking left it
        events = self.computers.play(m, seat, choice)
        self._moved(events, seat)
        return events

    # ---- a building round with people at one screen (core.hotseat) --------------------------

    def _hotseat_step(self) -> Step:
        if self.building is not None:
            return self.building
        if self._ready is None:
            back = self.hotseat.next()
            if back is None:
                self._commit()
                return self.next()
            before = self.hotseat.others_built(back.seat)       # what the people before settled
            deadline = self.rules.deadline((before or self.match).state, back.seat)
            self._ready = Ready(back.seat, back.moment, back.why, deadline)
        return self._ready

    def start(self, seat: int) -> Build:
        """The person whose turn is `Ready` starts building: their turn, a rehearsal of the round."""
        ready = self._hotseat_step()
        if not isinstance(ready, Ready) or ready.seat != seat:
            raise IllegalMove(f"it is not seat {seat + 1}'s turn to build", "the building round")
        self.building = Build(seat, self.hotseat.rehearse(seat, ready.start), ready.start, ready.why)
        self._ready = None
        return self.building

    def built(self, seat: int, ended_at: float | None = None) -> None:
        """The person's building turn is over (`ended_at`: the second it ended at without a move
        of theirs that ends their part: someone else's Stop! had passed, or they left)."""
        build = self.building
        if build is None or build.seat != seat:
            return
        self.building = None
        if isinstance(build.turn, Rehearsal):
            self.hotseat.keep(build.turn.end(ended_at))

    def still_to_build(self, seat: int) -> list[int]:
        """The people of this round at one screen who have not built yet, `seat` apart."""
        if self.hotseat is None:
            return []
        return [s for s in self.hotseat.people if s != seat and s not in self.hotseat.recordings]

    def _commit(self) -> None:
        """Everyone has built: the round is played on the match, every move in its order."""
        hotseat = self.hotseat
        events = hotseat.commit()          # the computers go on as they played the round
        self.table.forget()
        self._moved(events)

    # ---- a round built live (phones) ---------------------------------------------------------

    def live_turn(self, seat: int) -> LiveTurn:
        """The part of `seat` (the person at the screen, or a phone) in the live round."""
        turn = self.live_turns[seat] = LiveTurn(self, seat)
        return turn

    def tick(self, now: float) -> bool:
        """The live round's clock reads `now` (seconds since it began): the computers' moves due
        by then are played, and whoever builds no more because the round is decided for them
        (another's Stop! passed, the time is up) leaves it (Rules.leaving). True when a move
        was played."""
        if self.mode != "live" or self.match.over:
            return False
        moved = False
        while self.mode == "live" and self.computer(until=now) is not None:
            moved = True
            self._open_phase()
        for seat in self.match.to_act() if self.mode == "live" else ():
            if seat in self.computers or not self.rules.decided(self.match.state, seat, now):
                continue
            why = self.rules.deadline(self.match.state, seat)
            if seat in self.live_turns and why is not None:
                self.live_turns[seat].why = why[2]
            for move in self.rules.leaving(self.match.state, seat, round(now, 1)):
                self.play(seat, move)
            moved = True
            self._open_phase()
            if self.mode != "live":
                break
        return moved

    # ---- after every move -------------------------------------------------------------------

    def _moved(self, events: list[Event], seat: int | None = None, moment: float | None = None) -> None:
        """Every move, whoever made it: the table hears it, a phase that ended is worded, the
        listeners are told."""
        if seat is not None:
            self.table.played(seat, moment, events)
        if self.announce:            # else nothing is worded: the phase is noticed when next() asks
            phase = None if self.match.over else self.rules.simultaneous(self.match.state)
            announcement = None
            if self.phase is not None:
                self.phase_events += events
                if phase != self.phase:
                    announcement = self.rules.announce(self.match.state, self.phase_events)
            else:
                announcement = self.rules.announce(self.match.state, events)
            if announcement is not None:
                self.pending = announcement
            if phase != self.phase:
                self._open_phase()
        for listener in list(self.listeners):
            listener(events)

