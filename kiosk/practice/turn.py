"""A person's building turn in a match: the build bench (kiosk.practice.bench) on the screen,
with the match as the judge.

A clock runs from the moment the builder first sees the screen: in Tokyo Jutaku it is the
build time a Stop! claims (004:56), in Countdown it counts down the floor (004:70-73).

Where everyone builds at once (a building round), the turn is the person's part of the round:
a rehearsal of it (core.hotseat) when people take turns at one screen, every move carrying
the second of the builder's clock it is made at and the others' moves played as the clock
passes theirs; or the live round itself (core.session.LiveTurn) when phones build too.

A turn ends in one of three ways, and the screen says which and what comes next, its clock
stopped and nothing offered that no longer applies: the builder's own move ends it (a Stop!
that passes, giving up, Countdown's end of the floor); the round is decided for them at a
second of their clock (another's Stop! passed; the floor's time is up); or, live, the round
ends. People taking turns go on with Enter (or a touch); live, the result replaces it.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from core.game import Match
from games.building.placing import payload
from games.building.rounds import LOT

from ..guard import guard
from ..widgets.keybar import KeyBar
from ..words import named
from .bench import TurnBench, lot_in, seat_building  # noqa: F401  (read from here too)
from .build import BuildPracticeScreen


class ChoiceMenu(ModalScreen[str | None]):
    """A short list to choose one from, by keys or touch; Esc chooses nothing."""

    CSS_PATH = "../screens/modals.tcss"
    BINDINGS = [Binding("escape", "dismiss_none", "Close")]

    def __init__(self, title: str, choices: list[tuple[str, str]], list_id: str):
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.list_id = list_id

    def compose(self) -> ComposeResult:
        with Vertical(id="leave-box"):
            yield Static(Content(self.title_text), id="leave-title")
            yield OptionList(*[Option(text, id=key) for key, text in self.choices], id=self.list_id)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class DrinkMenu(ChoiceMenu):
    """The drinks a builder may spend now (Bottle Bonus, 004:81-93)."""

    def __init__(self, choices: list[tuple[str, str]]):
        super().__init__("Spend a drink", choices, "drink-menu")


class GiveUp(ModalScreen[bool]):
    """Giving up the round (Jutaku) or ending it now (Countdown): asked once, with what it means."""

    CSS_PATH = "../screens/modals.tcss"
    BINDINGS = [Binding("escape", "no", "Keep building"), Binding("y", "yes", "Yes")]

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="leave-box"):
            yield Static(Content(self.question), id="leave-title")
            with Horizontal(id="leave-buttons"):
                yield Button("Yes (Y)", id="yes", variant="error")
                yield Button("Keep building (Esc)", id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


#: the build screen's actions that build (none of them once the turn has ended)
BUILDING = {"choose", "pick_or_drop", "turn", "flip", "stop", "play_on", "take_back", "put_back", "lot",
            "outline", "snap", "nudge", "floor", "drinks", "pair", "give_up"}


class BuildTurnScreen(BuildPracticeScreen):
    """One person's building turn; see the module's words. It dismisses with the second of the
    round the turn ended at without a move of the person's (the round decided for them), or
    None."""

    # A subclass's bindings of a key replace its parent's (Textual), so Enter names both: the one
    # that applies (check_action) takes the key.
    BINDINGS = [
        Binding("enter,space", "pick_or_drop", "Pick up/set down"),
        Binding("enter,space", "go_on", "Continue"),
        Binding("escape", "give_up", "Give up"),
        Binding("d", "drinks", "Drinks", show=False),
        Binding("w", "pair", "Red: with a placed piece", show=False),
    ]

    def __init__(self, match: Match, seat: int, name: str, clock, names: list[str] | None = None,
                 turn=None, start: float | None = None, why: str = "", deadline=None, live: bool = False,
                 play=None, bench: TurnBench | None = None, after=None):
        if start is None:
            start = (match.view(seat)["seats"][seat].get("last_try", 0.0) or 0.0) if bench is None else 0.0
        self.kiosk_clock = clock
        self.start = start
        self.started: float | None = None           # the clock starts when the screen is first seen
        self.white_from: float | None = None        # white drink: the clock waits for the free piece
        self.frozen: float | None = None            # the second the turn ended at: the clock stops
        if bench is not None:
            bench.clock = self.bench_clock
        super().__init__(bench or TurnBench(match, seat, self.bench_clock, names, turn, play=play))
        self.person = name
        self.turn = turn
        self.live = live
        self.deadline = deadline
        #: what comes after this turn at one screen, in words (who builds next, or the result)
        self.after = after or (lambda: "")
        #: how the turn ended: None while it runs, "own" (the builder's move), "decided"
        self.ended: str | None = None
        self.ended_at: float | None = None
        self.ended_words = ""
        self._clock_timer = None
        self._white_count = 0
        self._heard = len(self.bench.match.log.moves)
        if why:
            self.bench.message = named(f"Back to {start:.1f} s: {why}. Your building is as it was then; "
                                       "build on.", self.bench.names)
        elif turn is not None and not live:
            self.bench.message = ("Everyone builds at once: the middle is as it stands at each second "
                                  "of your clock. Tab: next piece, Enter: pick it up.")

    def bench_clock(self) -> float:
        """The seconds of this builder's clock: from `start`, running once the screen is seen,
        held while a white drink's free piece is placed, stopped when the turn has ended."""
        if self.frozen is not None:
            return self.frozen
        if self.started is None:
            return self.start
        now = self.white_from if self.white_from is not None else self.kiosk_clock()
        return self.start + now - self.started

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, KeyBar):
                yield Static(id="turn-ended")
            yield widget

    def on_mount(self) -> None:
        self.started = self.kiosk_clock()
        super().on_mount()
        self._clock_timer = self.set_interval(0.2, self._show_clock, name="build clock")
        self.query_one("#turn-ended").display = False

    def on_unmount(self) -> None:
        super().on_unmount()
        if self._clock_timer is not None:
            self._clock_timer.stop()
            self._clock_timer = None

    # ---- the clock and the others ------------------------------------------------------------

    def _show_clock(self) -> None:
        if self.ended is None and self.turn is not None:
            self._follow_the_others()
        if self.ended is not None and self.live:
            self._say_ended()                 # how many still build, live
        self.query_one("#practice-holding", Static).update(Content(self._holding_line()))

    def _follow_the_others(self) -> None:
        """The others' moves up to this second of the clock (core.hotseat): the middle, their
        buildings and, after a "put it back!", this one change as at the table. When the round
        is decided for this builder (another's Stop! passed, the floor's time is up), the turn
        ends there."""
        b = self.bench
        now = b.clock()
        self.turn.advance(now)
        log = b.match.log.moves
        if len(log) != self._heard:
            notes = [named(e, b.names) for e in self._news(log[self._heard:])]
            self._heard = len(log)
            mine = b.me()["building"] if not b.finished() else None
            if mine is not None and [payload(p) for p in b.building.placements] != mine \
                    and b.pending is None and b.lifted is None:
                b.resync()
            if b.held is not None and b.held.piece not in b.view()["supply"]:
                b.held = None
                notes.append("the piece you held was taken first by someone else")
            if notes:
                b.message = " · ".join(notes)
            self.refresh_all()
        self._check_end()

    def _news(self, moves) -> list[str]:
        """Words for the others' moves that matter to a builder: Stop! calls, giving up."""
        out = []
        names = self.bench.names
        for seat, key, *data in moves:
            if seat == self.bench.seat:
                continue
            who = names[seat] if seat < len(names) else f"Seat {seat + 1}"
            if key == "stop":
                out.append(f"{who} calls Stop! at {data[0]['seconds']:.1f} s")
            elif key in ("give_up", "done"):
                out.append(f"{who} is done with this round")
            elif key == "drink:mint":
                out.append(f"{who}: put it back!")
        return out

    # ---- the end of the turn -------------------------------------------------------------------

    def _end(self, how: str, at: float | None = None) -> None:
        """The turn is over (`how`: "own" or "decided"): the clock stops, the screen says why and
        what comes next, and keys count again only a moment later (kiosk.guard)."""
        b = self.bench
        self.frozen = b.clock()
        self.ended = how
        held = b.held
        b.held = None
        if how == "decided":
            self.ended_at = at
            words = getattr(self.turn, "why", "") or (self.deadline[2] if self.deadline else "The round is over")
            match = b.match
            if b.seat in match.to_act() and not match.over:
                ahead = match.rules.deadline(match.state, b.seat)
                words = ahead[2] if ahead else words
            if held is not None:
                words += f". The {b.piece_name(held.piece)} in your hand was not placed"
            self.ended_words = named(words + ".", b.names)
        else:
            self.ended_words = named(b.outcome or b.message or "Your turn is over.", b.names)
        guard(self)
        self._say_ended()
        self.refresh_all()

    def _say_ended(self) -> None:
        line = self.query_one("#turn-ended", Static)
        if self.live:
            building = [s for s in self.bench.match.to_act()]
            next_words = (f"Waiting for the others — {len(building)} still building" if building
                          else "The round is over")
        else:
            next_words = " ".join(w for w in (self.after(), "Enter (or a touch on this line): continue") if w)
        line.update(Content(f"{self.ended_words} {next_words}."))
        line.display = True

    def on_click(self, event) -> None:
        if self.ended is not None and event.widget is not None and event.widget.id == "turn-ended":
            self.action_go_on()

    def round_over(self) -> None:
        """Live: the round is over for everyone; its result replaces this screen."""
        if self.is_attached:
            self.dismiss(self.ended_at)

    def action_go_on(self) -> None:
        if self.ended is not None and not self.live:
            self.dismiss(self.ended_at)

    # ---- showing -------------------------------------------------------------------------------

    def _holding_line(self) -> str:
        if self.ended is not None:
            return f"{self.bench.clock_line()} — the clock has stopped"
        return f"{self.bench.clock_line()} · {self.bench.hand_line()}"

    def refresh_all(self) -> None:
        super().refresh_all()
        b = self.bench
        self.query_one("#practice-title", Static).update(Content.from_markup(
            "[bold]$name builds[/] — $lot$beat", name=self.person, lot=b.header()[0], beat=self._to_beat()))
        self.query_one("#practice-holding", Static).update(Content(self._holding_line()))
        if self.white_from is not None and len(b.building.placements) > self._white_count:
            self.started += self.kiosk_clock() - self.white_from     # 004:85: that piece took no time
            self.white_from = None
        self._check_end()

    def _check_end(self) -> None:
        """Has the turn ended: by the builder's own move, or decided for them by the round?"""
        if self.ended is not None or self.started is None:
            return
        b = self.bench
        now = b.clock()
        if b.done:
            self._end("own")
        elif (self.turn is not None and self.turn.decided(now)) or b.finished():
            self._end("decided", now)

    def _to_beat(self) -> str:
        """Tokyo Jutaku: the fastest Stop! that passed this round, the time to beat (004:56)."""
        if self.bench.kind.name != LOT:
            return ""
        seats = self.bench.view()["seats"]
        times = [(e["stop"], i) for i, e in enumerate(seats) if e["stop"] is not None and i != self.bench.seat]
        if not times:
            return ""
        best, who = min(times)
        name = self.bench.names[who] if who < len(self.bench.names) else f"seat {who + 1}"
        return f" · to beat: {name} {best:.1f} s"

    # ---- keys ----------------------------------------------------------------------------------

    def help_title(self) -> str:
        return f"{self.person} builds: the keys and the rules"

    def help_text(self) -> str:
        from .help import building_help
        return building_help("countdown" if self.bench.countdown else "jutaku")

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "go_on":
            return self.ended is not None and not self.live
        if self.ended is not None and action in BUILDING:
            return False
        if action == "lot":
            return False
        if action == "drinks":
            return any(k.startswith("drink:") for k in self.bench.legal_keys()) or None
        if action == "pair":
            return "red" in (self.bench.me().get("spent") or []) or None
        return super().check_action(action, parameters)

    def action_give_up(self) -> None:
        if self.ended is not None:
            return
        self.app.push_screen(GiveUp("Give up this round? Your pieces go back to the middle, and the round "
                                    "goes on without you."), self._give_up_answer)

    def _give_up_answer(self, yes: bool | None) -> None:
        if yes and self.bench.give_up():
            if not self.bench.outcome:
                self.bench.outcome = "You gave up this round: your pieces are back in the middle."
        self.refresh_all()                   # refused or not: the bench says why

    def action_drinks(self) -> None:
        drinks = sorted((a.key, a.text) for a in self.bench.match.legal(self.bench.seat) if a.key.startswith("drink:"))
        choices = [(key, f"{key[6:]}: {words}") for key, words in drinks]      # the rules' words for each

        def spend(key: str | None) -> None:
            if key and self.bench.play_move(key):
                self.bench.resync()
                if key == "drink:white":
                    self.white_from = self.kiosk_clock()
                    self._white_count = len(self.bench.building.placements)
                    self.bench.message = "White drink: place your free piece; your clock waits for it (004:85)"
            self.refresh_all()
        self.app.push_screen(DrinkMenu(choices), spend)

    def action_pair(self) -> None:
        self._building().pair()
        self.refresh_all()


class CountdownTurnScreen(BuildTurnScreen):
    """A Countdown builder's floor: S or Esc ends it early, after saying what that means
    (004:70-75); when the floor's time is up the turn ends by itself."""

    BINDINGS = [
        Binding("s", "give_up", "End floor"),
        Binding("escape", "give_up", "End floor", show=False),
    ]

    def action_stop(self) -> None:
        self.action_give_up()

    def action_give_up(self) -> None:
        if self.ended is not None:
            return
        b = self.bench
        added = [p for p in b.me()["building"] if p["floor"] == b.round]
        me = b.me()
        if added:
            question = (f"End your floor now? Floor {b.round} counts with "
                        f"{len(added)} piece{'s' if len(added) != 1 else ''}, if the tower stands.")
        else:
            floors = me["floors"]
            question = (f"End your floor now? You added no piece to floor {b.round}: you are out with "
                        f"{floors} floor{'s' if floors != 1 else ''}, scoring {me['pieces']} "
                        f"piece{'s' if me['pieces'] != 1 else ''}.")
        if b.held is not None:
            question += f" The {b.piece_name(b.held.piece)} in your hand is not placed."

        def answer(yes: bool | None) -> None:
            if yes:
                b.stop()
                if b.verdict is not None:
                    self._start_timer()           # the floor's verdict, drawn
            self.refresh_all()
        self.app.push_screen(GiveUp(question), answer)
