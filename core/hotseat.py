"""People building at once, one after another on one shared screen, with no gain from the order.

At the table everyone builds at the same moment and whoever reaches first for a piece gets
it (004:29, 004:39). On one screen people build one after another instead. So that nobody
gains from building first or last:

- Each person builds against the middle as it stands at each second of their own clock
  (a `Rehearsal`, on a copy of the match at "go!"): the computers' moves and the moves of the
  people who built before them are played as this person's clock passes their moments, so
  what was in someone's hands at that second is gone, and what was put back is free again.
- When everyone has built, all their moves and the computers' are played together in the
  order of their moments (core.simultaneous): a piece wanted by two buildings goes to whoever
  took it earlier on their own clock. A person whose move cannot stand there (the piece went
  to someone who took it earlier, a "put it back!" reached them, or their turn ended at a
  Stop! of someone else's that no longer stands) goes back to that second, with their
  building as it stood then, and builds on from there against the table as it then is.
  Each return begins no earlier than the one before, so the round comes to an end; after
  `MAX_RETURNS` the person's part ends there (`Rules.leave`).
- The match itself sees nothing until everyone is done: then every move in its order
  (`commit`), as if it had been played live, and the computer seats go on as they played.

Phones (several people truly at once) need none of this: they play live through one Table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .computers import Computers
from .errors import IllegalMove
from .game import Event, Match, Move
from .simultaneous import EPSILON, Table, key_and_payload

#: returns after which a person's part in the round ends where the last one found it
MAX_RETURNS = 12


@dataclass
class Recording:
    """One person's moves in the round, each with its moment; `until`: the second their turn
    ended without a move that ends their part (someone else's Stop! had passed, or the screen
    was left), so that what follows it is theirs to decide, should that change."""
    seat: int
    moves: list[tuple[Any, float]] = field(default_factory=list)
    until: float | None = None

    def last_moment(self) -> float:
        return max((m for _, m in self.moves), default=0.0)


class _Playback:
    """A recording played back in a merge: its next move, and where it could not go on."""

    def __init__(self, recording: Recording):
        self.recording = recording
        self.index = 0
        self.broken: float | None = None
        self.why = ""

    def peek(self):
        if self.broken is not None or self.index >= len(self.recording.moves):
            return None
        return self.recording.moves[self.index][0]

    def moment(self) -> float:
        if self.index < len(self.recording.moves):
            return self.recording.moves[self.index][1]
        return self.recording.until if self.recording.until is not None else self.recording.last_moment()

    def brake(self, moment: float, why: str) -> None:
        if self.broken is None:
            self.broken, self.why = moment, why


@dataclass
class Return:
    """Who builds next and from which second of the round, with words saying why."""
    seat: int
    moment: float
    why: str = ""


class _Run:
    """The round played on a copy of the match: the computers (copies of them and of their
    random streams) and the given recordings, by time, up to where it cannot go on."""

    def __init__(self, start: Match, computers: Computers, recordings: dict[int, Recording]):
        self.match = start.clone()
        rules = self.match.rules
        self.phase = rules.simultaneous(self.match.state)
        self.computers = computers.forked(self.match.to_act(), rules)
        self.playbacks = {s: _Playback(r) for s, r in recordings.items()}
        self.table = Table(self.match, self._decide, self._refused, self._heard)

    def open(self) -> bool:
        m = self.match
        return not m.over and m.rules.simultaneous(m.state) == self.phase

    def _decide(self, seat: int):
        if seat in self.playbacks:
            return self.playbacks[seat].peek()
        if seat not in self.computers:
            return None
        return self.computers.decide(self.match, seat)

    def _refused(self, seat: int, move, error: IllegalMove) -> list[Event]:
        playback = self.playbacks.get(seat)
        if playback is not None:
            playback.brake(playback.moment(), f"by then {error.reason if hasattr(error, 'reason') else error}")
            return []
        return self.computers.instead(self.match, seat, move, error)

    def _heard(self, seat: int, move, events: list[Event]) -> None:
        playback = self.playbacks.get(seat)
        if playback is not None and move is playback.peek():
            playback.index += 1
        waiting = self.match.to_act()
        for e in events:
            other = self.playbacks.get(e.seat) if e.seat != seat else None
            if other is not None and e.seat in waiting:
                other.brake(self.table.now or 0.0, e.text)

    def run(self, stop_at: float | None = None, live: int | None = None) -> None:
        """Play on while the round is open: up to `stop_at` for a person building live at
        `live` (their moves are theirs to play), else as far as the moves go."""
        while self.open():
            if self.table.step(stop_at, live) is None:
                if not self._leave_decided(live):
                    return

    def _leave_decided(self, live: int | None) -> bool:
        """A person whose recording has run out at a second where the round is already
        decided for them leaves it there (Rules.leave); True when one did."""
        m = self.match
        rules = m.rules
        for seat in m.to_act():
            playback = self.playbacks.get(seat)
            if seat == live or playback is None or playback.peek() is not None or playback.broken is not None:
                continue
            at = playback.moment()
            if m.game.info.kind.simultaneous and rules.decided(m.state, seat, at):
                for move in rules.leaving(m.state, seat, at):
                    self.table.played(seat, at, m.play(seat, move))
                return True
        return False

    def stuck(self) -> Return | None:
        """The person the round waits for, the earliest first; None when it is over."""
        if not self.open():
            return None
        found = []
        for seat in self.match.to_act():
            playback = self.playbacks.get(seat)
            if playback is None:
                continue
            if playback.broken is not None:
                found.append(Return(seat, playback.broken, playback.why))
            elif playback.peek() is None:
                found.append(Return(seat, playback.moment(), "the round goes on after your turn ended"))
        return min(found, key=lambda r: (r.moment, r.seat), default=None)


class Rehearsal:
    """One person's turn at the screen: a copy of the match at "go!", where the computers and
    the people who built before play their moves as this person's clock passes them. The
    person's own moves are played here and recorded, each at its second."""

    def __init__(self, hotseat: "HotSeat", seat: int, start: float, earlier: Recording | None):
        self.seat = seat
        self.start = start
        others = {s: r for s, r in hotseat.recordings.items() if s != seat}
        own = Recording(seat, [(mv, t) for mv, t in earlier.moves if t < start - EPSILON]) \
            if earlier is not None else Recording(seat)
        self.recording = Recording(seat, list(own.moves))
        self.run = _Run(hotseat.match, hotseat.computers, {**others, seat: own})
        self.run.run(start - EPSILON)
        del self.run.playbacks[seat]                 # from here on, this person plays live
        self.run.table.forget(seat)

    @property
    def match(self) -> Match:
        return self.run.match

    @property
    def open(self) -> bool:
        return self.run.open() and self.seat in self.match.to_act()

    def advance(self, moment: float) -> None:
        """Play the others' moves up to this second of the person's clock."""
        if self.run.open():
            self.run.run(moment, live=self.seat)

    def play(self, move, moment: float) -> list[Event]:
        """The person's move at `moment`: the others' moves before it first; IllegalMove (and
        nothing recorded) when the match refuses it."""
        self.advance(moment)
        if not self.open:
            raise IllegalMove("this round is over", "the building round")
        events = self.match.play(self.seat, move)
        self.run.table.played(self.seat, moment, events)
        key, payload = key_and_payload(move)
        self.recording.moves.append((Move(key, payload), moment))
        return events

    def decided(self, moment: float) -> bool:
        """Nothing this person does from `moment` on can change how the round ends for them."""
        return self.open and self.match.rules.decided(self.match.state, self.seat, moment)

    def end(self, moment: float | None = None) -> Recording:
        """The turn ends (after the person's last move, or at `moment` without one)."""
        if moment is not None and self.open:
            self.recording.until = moment
        return self.recording


class HotSeat:
    """A round of simultaneous building with people at one screen (see the module's words).

    `match` is the real match at the round's start; `people` the seats built at the screen, in
    the order they build; `computers` the computer seats (core.computers). Ask `next()` who
    builds now and from when, give that person a `rehearse()`, `keep()` their recording when
    they are done, and `commit()` when `next()` says nobody."""

    def __init__(self, match: Match, people: list[int], computers: Computers):
        self.match = match
        self.people = list(people)
        self.computers = computers
        self.recordings: dict[int, Recording] = {}
        self.returns = 0
        self._done: _Run | None = None


    def next(self) -> Return | None:
        for seat in self.people:
            if seat not in self.recordings:
                return Return(seat, 0.0)
        run = _Run(self.match, self.computers, self.recordings)
        run.run()
        stuck = run.stuck()
        if stuck is not None and self.returns >= MAX_RETURNS:
            self._leave(run, stuck)
            return self.next()
        if stuck is None:
            self._done = run
        return stuck

    def _leave(self, run: _Run, stuck: Return) -> None:
        """Too many returns: the person's part ends where the last one found it."""
        recording = self.recordings[stuck.seat]
        kept = [(mv, t) for mv, t in recording.moves if t < stuck.moment - EPSILON]
        leaving = run.match.rules.leaving(run.match.state, stuck.seat, stuck.moment)
        self.recordings[stuck.seat] = Recording(stuck.seat, kept + [(move, stuck.moment) for move in leaving])

    def others_built(self, seat: int) -> Match | None:
        """The round with the moves of the people who built before `seat` alone (no computer):
        what they have settled already (a Stop! that passed); None when nobody has built yet."""
        others = {s: r for s, r in self.recordings.items() if s != seat}
        if not others:
            return None
        run = _Run(self.match, Computers({}, {}), others)
        run.run()
        return run.match

    def rehearse(self, seat: int, start: float = 0.0) -> Rehearsal:
        if seat in self.recordings:
            self.returns += 1
        return Rehearsal(self, seat, start, self.recordings.get(seat))

    def keep(self, recording: Recording) -> None:
        self.recordings[recording.seat] = recording
        self._done = None

    def commit(self) -> list[Event]:
        """Play the round on the real match, every move in its order; the computer seats go on
        as they played it (their copies and streams replace theirs in `computers`)."""
        run = self._done
        if run is None:
            if self.next() is not None:
                raise RuntimeError("the round still waits for someone to build")
            run = self._done
        events: list[Event] = []
        start = len(self.match.log.moves)
        for move in run.match.log.moves[start:]:
            events += self.match.play(*move)
        self.computers.adopt(run.computers)
        return events
