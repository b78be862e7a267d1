"""Computer seats on the play screen: each move a moment after the last, so people watching
can follow (the app's bot delay), and a searching computer (the hard level) thinking in a
thread meanwhile, so the screen keeps answering keys. The moves themselves are the
session's (core.session): decided there, with the seat's own random stream."""

from __future__ import annotations

import asyncio
from typing import Callable

from core.session import Computer, Session


class ComputerTurns:
    """Plays the computers' moves of `session` on `screen` (a Textual screen, for its timers and
    workers); `after()` is called when no move came of it (a thought came too late: the flow
    goes on; a move played reaches the screen through the session's listeners), and
    `failed(error)` when the game or the search raised."""

    def __init__(self, screen, session: Session, delay: float, after: Callable[[], None],
                 failed: Callable[[Exception], None]):
        self.screen = screen
        self.session = session
        self.delay = delay
        self.after = after
        self.failed = failed
        self.pending = False
        #: the searching seat whose thread runs now (the header says so)
        self.thinking: int | None = None

    def start(self, step: Computer) -> None:
        """The computer of `step` moves once the delay has passed (or thinks, if it searches)."""
        if self.pending:
            return
        self.pending = True
        if step.thinks:
            self.thinking = step.seat
            self.screen.run_worker(self._think(step.seat), group="think", exit_on_error=False)
        elif self.delay > 0:
            self.screen.set_timer(self.delay, self._move)
        else:                      # Textual timers cannot have a zero interval
            self.screen.call_later(self._move)

    def _move(self) -> None:
        self.pending = False
        try:
            played = self.session.computer()
        except Exception as error:  # the game's fault, whatever it is
            self.failed(error)
            return
        if played is None:
            self.after()           # nothing played (the session's listeners hear every move that is)

    async def _think(self, seat: int) -> None:
        """A copy of the match and of the seat's stream, in a thread; the answer is played only
        if nothing was played meanwhile (else the seat thinks again)."""
        thinking = self.session.think(seat)
        try:
            choice = await asyncio.to_thread(thinking.run)
        except Exception as error:  # the game's fault (or the search's), whatever it is
            self.thinking, self.pending = None, False
            if self._live():
                self.failed(error)
            return
        self.thinking, self.pending = None, False
        if not self._live():
            return                 # the table was left meanwhile: nothing is played into it
        try:
            played = self.session.thought(thinking, choice)
        except Exception as error:
            self.failed(error)
            return
        if played is None:
            self.after()           # the match moved meanwhile: the seat thinks again

    def _live(self) -> bool:
        """The screen is still one of the app's (not left, not torn down)."""
        screen = self.screen
        return screen.is_attached and screen in screen.app.screen_stack
