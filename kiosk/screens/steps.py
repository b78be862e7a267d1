"""The play screen's steps (core.session), but for the moves offered to a person, which are the
play screen's own: the curtain before a private view, a computer moving
(kiosk.screens.computers), phones to wait for, a person about to build (the hand-over,
kiosk.screens.ready) and building (kiosk.practice.turn), a round built live with phones
(kiosk.screens.live), what a phase came to (kiosk.screens.result), the end. Mixed into
PlayScreen, whose `_push` shows a screen of the flow and goes on when it is dismissed."""

from __future__ import annotations

from core.session import Announce, Build, Computer, Curtain, Live, Over, Phones, Ready

from ..widgets.actions import ActionPicker
from .waiting import live_words, phone_words


class Steps:
    """The play screen's steps (see the module's words)."""

    def _on_ready(self, step: Ready) -> None:
        from .ready import ReadyScreen
        seat, name = step.seat, self.seats[step.seat].name
        self.query_one(ActionPicker).wait(f"{name} builds next…")
        where = ("This building turn is made here, at the kiosk's screen, not on the phone."
                 if self.seats[seat].phone else "")
        lot = self.board_cls.turn_words(self.game, self.match.view(seat), seat)
        ready = ReadyScreen(self.game.info.title, name, lot, step.deadline[1] if step.deadline else "", step.why,
                            step.start, self.names(), where)
        self._push(ready, lambda go: self._start_build(step) if go else self.call_later(self.action_leave))

    def _start_build(self, step: Ready) -> None:
        self._build(self.session.start(step.seat), step.deadline)

    def _on_build(self, step: Build) -> None:
        self._build(step, None)

    def _build(self, build: Build, deadline) -> None:
        name = self.seats[build.seat].name
        self.query_one(ActionPicker).wait(f"{name} is building…")
        screen = self.board_cls.turn_screen(self.match, build.seat, name, self.app.clock, self.names(), turn=build.turn,
                                            start=build.start, why=build.why, deadline=deadline,
                                            after=lambda: self._after_building(build.seat))
        self._push(screen, lambda ended_at: self.session.built(build.seat, ended_at))

    def _after_building(self, seat: int) -> str:
        """What comes after a person's building turn at one screen, in words."""
        waiting = [self.seats[s].name for s in self.session.still_to_build(seat)]
        if waiting:
            return f"Next, {' and '.join(waiting)} build{'s' if len(waiting) == 1 else ''} at this screen."
        return "Next, the round's result."

    def _on_live(self, step: Live) -> None:
        from .live import LiveRound
        if self.live is None:
            self.live = LiveRound(self, self.session, self.app.clock, self.phones, self.advance)
        self.query_one(ActionPicker).wait(live_words(self.seats, step.seats),
                                          "Everyone builds at once: the first to reach for a piece gets it.")
        if step.person is not None:
            name = self.seats[step.person].name
            screen = self.board_cls.turn_screen(self.match, step.person, name, self.app.clock, self.names(),
                                                turn=self.session.live_turn(step.person), start=self.live.clock(),
                                                live=True)
            screen.bench.message = ("Everyone builds now, the phones too: the first to set a piece down gets it. "
                                    "Tab: next piece, Enter: pick it up.")
            self._push(screen, lambda _: None)

    def _on_announce(self, step: Announce) -> None:
        from .result import ResultScreen
        names = self.names()
        pictures = self.board_cls.result_pictures(self.game, step.announcement, names)
        self.query_one("#board").keep_result(step.announcement, pictures)
        after = None if step.wait else self.app.bot_delay * 6
        self._push(ResultScreen(self.game.info.title, step.announcement, names, pictures, after),
                   lambda _: self.session.seen())

    def _on_curtain(self, step: Curtain) -> None:
        from .curtain import CurtainScreen
        self.query_one(ActionPicker).wait(f"Waiting for {self.seats[step.seat].name} to take the screen…")
        self._push(CurtainScreen(self.seats[step.seat].name, self.game.info.title),
                   lambda _: self.session.taken(step.seat))

    def _on_computer(self, step: Computer) -> None:
        seats = [step.seat] if step.seat is not None else [s for s in self.match.to_act() if self.seats[s].computer]
        who = " and ".join(self.seats[s].name for s in seats)
        if step.thinks:
            self.query_one(ActionPicker).wait(f"{who} (computer) is thinking…",
                                              "The hard computer thinks ahead: a moment a move.")
        elif step.seat is None:
            self.query_one(ActionPicker).wait(f"{who} (computer) building…", "Everyone builds at once.")
        else:
            self.query_one(ActionPicker).wait(f"{who} (computer) is choosing…", "Please wait for the computer's move.")
        self.computers.start(step)
        self.show_header()                    # "… is thinking…" once it does

    def _on_phones(self, step: Phones) -> None:
        self.query_one(ActionPicker).wait(phone_words(self.phones, self.seats, step.seats),
                                          "Players choose on their phones; P shows the codes to join.")

    def _on_over(self, step: Over) -> None:
        from .end import EndScreen
        self.flow = "over"
        if self.phones is not None:     # the result to every phone, then their links die
            self.phones.server.push()
            self.run_worker(self.phones.stop("The game is over: the result is on the kiosk's screen."),
                            exit_on_error=False)
        if self.slot is not None:
            self.app.store.discard(self.slot)
        self.query_one(ActionPicker).wait("The game is over.")
        self.app.push_screen(EndScreen(self.game, self.match, self.seats,
                                       after=None if self.session.people_here else 60.0))
