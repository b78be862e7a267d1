"""A person's building turn in a match: the build bench, with the match as the judge.

The same bench and screen as build practice, but every drop, take-back, outline change
and Stop! is a move of the match (a placement carries its data, core.payload), so the
rules of the game decide, not the screen; the screen mirrors what the match accepted.
A clock runs from the moment the builder takes the screen: in Tokyo Jutaku it is the
build time the Stop! claims (004:56), in Countdown it counts down the round (004:70-73).

Where everyone builds at once (a building round), the turn is a rehearsal of the round
(core.hotseat): every move carries the second of the builder's clock it is made at, and
the others' moves are played as the clock passes theirs, so the middle on the screen is
the middle as it stands at that second. When someone else's Stop! has already won the
round, the turn ends there.
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

from core.errors import IllegalMove
from core.game import Match, Move
from physics.building import Building, Lot, Placement
from physics.practice.build import DROP_RULES, BuildPractice, Held

from ..words import named
from .build import BuildPracticeScreen


def lot_in(view: dict, seat: int) -> Lot:
    """The seat's lot as its view shows it: its card's side, or Countdown's card edge."""
    if "card_mm" in view:
        return Lot.card_edge(view["card_mm"])
    lot = view["seats"][seat]["lot"]
    return Lot(tuple(tuple(o) for o in lot["outlines"]), lot["floors"], lot["numeral"])


def seat_building(view: dict, seat: int, pieces) -> Building:
    """The seat's building as its view shows it: its lot (or Countdown's card) and pieces."""
    me = view["seats"][seat]
    building = Building(lot_in(view, seat), me.get("outline", 0), pieces=pieces)
    for p in me["building"]:
        building.place(Placement(**p))
    return building


def _payload(p: Placement) -> dict:
    return {"piece": p.piece, "x": p.x, "y": p.y, "rotation": p.rotation, "flip": p.flip, "floor": p.floor}


class TurnBench(BuildPractice):
    """The build bench of one seat in a match; `clock()` gives the seconds of its turn."""

    def __init__(self, match: Match, seat: int, clock, names: list[str] | None = None, turn=None):
        self.turn = turn                            # a rehearsal of a building round (core.hotseat)
        self.match = match if turn is None else turn.match
        match = self.match
        self.seat = seat
        self.clock = clock
        self.names = names or []
        self.countdown = "card_mm" in match.view(seat)
        self.pending: Placement | None = None      # red drink: waits to be set down with the other
        self.pending_moved = False                  # ... and it is a piece of the building, moved
        self.lifted: int | None = None              # red drink: the building's piece held (its index)
        self.done = False
        self.round = self.view()["round"]           # the turn ends with its round
        super().__init__(self._mirror(), lots=[self._mirror().lot])
        self.message = "Your clock runs: pick a piece (Tab) and build."

    # ---- the match -------------------------------------------------------------------

    def view(self) -> dict:
        return self.match.view(self.seat)

    def me(self) -> dict:
        return self.view()["seats"][self.seat]

    def _mirror(self) -> Building:
        return seat_building(self.view(), self.seat, self.match.rules.pieces)

    def resync(self) -> None:
        """The bench as the match has it now (after a drink, a mint call, a reload)."""
        self.building = self._mirror()
        self.lots = [self.building.lot]
        self.pending, self.pending_moved, self.lifted = None, False, None
        self._changed()

    def _redraw(self) -> None:
        """The building as the hands leave it: a lifted piece out of it, a waiting one in."""
        b = self._mirror()
        if self.lifted is not None or (self.pending is not None and self.pending_moved):
            index = self.lifted if self.lifted is not None else self._moved_index()
            del b.placements[index]
        if self.pending is not None:
            b.place(self.pending)
        self.building = b
        self._changed()

    def _moved_index(self) -> int:
        return next(i for i, p in enumerate(self.me()["building"]) if p["piece"] == self.pending.piece)

    def _play(self, key: str, payload=None) -> bool:
        """Play a move of the match; a refused one says why (`refusal`) and changes nothing.
        In a rehearsal every move names the second of the clock it is made at."""
        try:
            if self.turn is None:
                events = self.match.play(self.seat, key, payload)
            else:
                at = round(self.clock(), 1)
                if isinstance(payload, dict):
                    at = payload.setdefault("seconds", at)
                elif payload is None:
                    payload = {"seconds": at}
                events = self.turn.play(Move(key, payload), at)
        except IllegalMove as e:
            self.refuse(e, placing=isinstance(payload, dict) and ("piece" in payload or "pieces" in payload))
            return False
        self.refusal = ""
        self.message = named(" · ".join(e.text for e in events), self.names) if events else ""
        self.done = (self.view()["round"] != self.round or self.seat not in self.match.to_act()
                     or not any(a.takes for a in self.match.legal(self.seat)))
        return True

    def refuse(self, error: IllegalMove, placing: bool = False) -> None:
        super().refuse(error, placing)
        self.refusal = self.message = named(self.refusal, self.names)

    def legal_keys(self) -> set[str]:
        return {a.key for a in self.match.legal(self.seat)}

    def supply(self) -> list[str]:
        taken = {self.pending.piece} if self.pending else set()
        return [p for p in self.view()["supply"] if p not in taken]

    def floor_now(self) -> int | None:
        return self.view()["round"] if self.countdown else None

    def pick(self, piece: str) -> None:
        lifted = self.lifted is not None
        super().pick(piece)
        if lifted:                     # the lifted piece goes back to its place on the building
            self.lifted = None
            self._redraw()
        if self.countdown:
            self.held.floor = self.floor_now()

    def put_back(self) -> None:
        super().put_back()
        if self.lifted is not None:
            self.lifted = None
            self._redraw()

    def set_floor(self, floor: int | None) -> None:
        """Countdown: the floor is the round's (004:70-73), the floor keys only say so."""
        if not self.countdown:
            super().set_floor(floor)
        elif self.held and floor not in (None, self.floor_now()):
            from games.countdown.rules import R_ROUND
            self.refuse(IllegalMove(f"this round builds floor {self.floor_now()}, not floor {floor}", R_ROUND))

    def floor_words(self) -> str:
        if not self.countdown:
            return super().floor_words()
        floor, lies = self.floor_now(), self.landing()[1]
        if lies != floor:
            return f"floor {floor}, this round's (but it lies on floor {lies} here)"
        return f"floor {floor}, this round's"

    def drop_hint(self, error: IllegalMove) -> str:
        """Countdown: where a piece of this round's floor goes instead."""
        if not self.countdown or not self.snap or error.rule not in DROP_RULES:
            return super().drop_hint(error)
        floor, lies = self.floor_now(), self.landing()[1]
        where = "on the card" if floor == 1 else f"on a piece of floor {floor - 1}"
        here = f", and here it would lie on floor {lies}" if lies != floor else ""
        return f"Countdown builds floor {floor} this round{here}: put the piece where it rests {where}"

    # ---- moves -----------------------------------------------------------------------

    def drop(self) -> int | None:
        if not self.held:
            return None
        p = self.placement()
        payload = _payload(p)
        if self.countdown or self.turn is not None:
            payload["seconds"] = round(self.clock(), 1)
        seconds = payload.pop("seconds", None)
        if self.lifted is not None and self.pending is None:
            # red drink: the lifted piece waits where it is held, for the next new piece
            self.pending, self.pending_moved = p, True
            self.held, self.lifted = None, None
            self.message = (f"The {self._name(p.piece)} waits there: it moves together with the next "
                            "piece you take")
            self._redraw()
            return None
        if self.pending is not None:
            if self.lifted is None and not self.pending_moved:
                self.message = ("One new piece at a time: with the red drink, W lifts a piece of your "
                                "building to set down with the waiting one")
                return None
            new, other = (payload, _payload(self.pending)) if self.pending_moved else (_payload(self.pending), payload)
            payload = dict(new, **{"with": other})
        if seconds is not None:
            payload["seconds"] = seconds
        if not self._play("place", payload):
            return None
        self.held = None
        self.pending, self.pending_moved, self.lifted = None, False, None
        self.building = self._mirror()
        self._changed()
        return len(self.building.placements) - 1

    def _name(self, piece: str) -> str:
        return self.match.rules.pieces.name(piece)

    def pair(self) -> None:
        """Red drink (004:91): one new piece at a time, set down together with a piece already
        on the building. W with a new piece in hand: it waits where it is held. W with an empty
        hand (or a lifted piece): lift the building's last piece (again: the one before), to
        move it and set it down with the new one (Enter)."""
        built = self.me()["building"]
        if self.held is not None and self.lifted is None:
            if self.pending is not None:
                return
            self.pending, self.pending_moved = self.placement(), False
            self.held = None
            self.message = (f"The {self._name(self.pending.piece)} waits there: W lifts a piece of your "
                            "building to set down with it")
            self._redraw()
            return
        if self.pending is not None and self.pending_moved:
            return
        index = len(built) - 1 if self.lifted is None else self.lifted - 1
        if index < 0:
            self.message = "No piece of your building to lift" if not built else "No piece before it"
            return
        p = built[index]
        self.lifted = index
        self.held = Held(p["piece"], p["x"], p["y"], p["rotation"], p["flip"], None)
        self.message = (f"The {self._name(p['piece'])} of your building is in your hand: move it and press "
                        "Enter (W: the piece before)")
        self._redraw()

    def take_back(self) -> None:
        if self.pending is not None or self.lifted is not None:
            self.message = "The red drink's pair is undone: nothing was set down"
            self.held = None
            self.pending, self.pending_moved, self.lifted = None, False, None
            self._redraw()
            return
        if self._play("take_back"):
            self.building = self._mirror()
            self._changed()

    def next_lot(self, step: int = 1) -> None:
        self.message = "You build on your own lot card."

    def next_outline(self) -> None:
        other = [k for k in self.legal_keys() if k.startswith("outline:")]
        if not other:
            self.message = "This lot card has one outline."
            return
        if self._play(other[0]):
            self.resync()

    def stop(self) -> None:
        """Stop! (Jutaku, with the clock's time) or the end of the round (Countdown); the
        match judges, and the bench shows the same verdict drawn."""
        if self.pending is not None or self.lifted is not None:
            self.take_back()
        if self.countdown:
            if self._play("done"):
                self.building = self._mirror() if not self.done else self.building
            refusal = self.refusal
            super().stop()
            self.refusal = refusal              # a refused end of the round still says why
            return
        seconds = max(round(self.clock(), 1), self.me()["last_try"])
        if self._play("stop", {"seconds": seconds}):
            super().stop()

    def give_up(self) -> bool:
        """Give the round up (Jutaku) or end it now (Countdown); when the match refuses,
        `refusal` says why. True when the match took it."""
        return self._play("done" if self.countdown else "give_up")

    # ---- words -----------------------------------------------------------------------

    def header(self) -> tuple[str, str, bool]:
        lot_line, state, alert = super().header()
        if self.countdown:
            lot_line = f"the card's own edge — floor {self.view()['round']}"
        return lot_line, state, alert

    def clock_line(self) -> str:
        t = self.clock()
        if self.countdown:
            left = self.view()["seconds"] - t
            return f"Clock {max(left, 0):.1f} s left" if left > 0 else "Time! End your round (S)"
        return f"Clock {t:.1f} s"


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
    """Giving up the round (Jutaku) or ending it now (Countdown): asked once."""

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


class BuildTurnScreen(BuildPracticeScreen):
    """One person's building turn; it closes when the match no longer waits for them."""

    turn = None              # the rehearsal of a round everyone builds in at once (core.hotseat)
    ended_at: float | None = None

    BINDINGS = [
        Binding("escape", "give_up", "Give up"),
        Binding("d", "drinks", "Drinks", show=False),
        Binding("w", "pair", "Red: with a placed piece", show=False),
        Binding("enter", "pick_or_drop", "Pick/drop"),
    ]

    def __init__(self, match: Match, seat: int, name: str, clock, names: list[str] | None = None,
                 turn=None, start: float | None = None, why: str = ""):
        self.started = clock()
        self.white_from: float | None = None       # white drink: the clock waits for the free piece
        if start is None:
            start = match.view(seat)["seats"][seat].get("last_try", 0.0) or 0.0
        self.bench_clock = lambda: start + (self.white_from if self.white_from is not None else clock()) - self.started
        super().__init__(TurnBench(match, seat, self.bench_clock, names, turn))
        self.person = name
        self.turn = turn
        #: the second of the round the turn ended at without a move of the person's (someone
        #: else's Stop! won the round first): what the rehearsal records as its end
        self.ended_at: float | None = None
        self._clock_timer = None
        self._white_count = 0
        self._heard = len(self.bench.match.log.moves)
        if why:
            self.bench.message = named(f"Back to {start:.1f} s: {why}. Your building is as it was then; "
                                       "build on.", self.bench.names)
        elif turn is not None:
            self.bench.message = ("Everyone builds at once: the middle is as it stands at each second "
                                  "of your clock. Pick a piece (Tab) and build.")

    def on_mount(self) -> None:
        super().on_mount()
        self._clock_timer = self.set_interval(0.2, self._show_clock, name="build clock")

    def on_unmount(self) -> None:
        super().on_unmount()
        if self._clock_timer is not None:
            self._clock_timer.stop()
            self._clock_timer = None

    def _show_clock(self) -> None:
        if self.turn is not None and not self.bench.done:
            self._follow_the_others()
        self.query_one("#practice-holding", Static).update(Content(self._holding_line()))

    def _follow_the_others(self) -> None:
        """The others' moves up to this second of the clock (core.hotseat): the middle, their
        buildings and, after a "put it back!", this one change as at the table. When another
        builder's Stop! has already won the round, this turn ends there."""
        b = self.bench
        now = b.clock()
        self.turn.advance(now)
        log = b.match.log.moves
        if len(log) != self._heard:
            notes = [named(e, b.names) for e in self._news(log[self._heard:])]
            self._heard = len(log)
            mine = b.me()["building"]
            if [_payload(p) for p in b.building.placements] != mine and b.pending is None and b.lifted is None:
                b.resync()
            if b.held is not None and b.held.piece not in b.view()["supply"]:
                b.held = None
                notes.append("the piece you held was taken first by someone else")
            if notes:
                b.message = " · ".join(notes)
            self.refresh_all()
        if self.turn.decided(now) and self.is_current:
            self.ended_at = now
            b.done = True
            b.message = f"{self._to_beat().strip(' ·') or 'Another Stop!'} has won this round."
            self.dismiss(True)

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

    def _holding_line(self) -> str:
        return f"{self.bench.clock_line()} · {self.bench.hand_line()}"

    def refresh_all(self) -> None:
        super().refresh_all()
        b = self.bench
        self.query_one("#practice-title", Static).update(Content.from_markup(
            "[bold]$name builds[/] — $lot$beat", name=self.person, lot=b.header()[0], beat=self._to_beat()))
        self.query_one("#practice-holding", Static).update(Content(self._holding_line()))
        if self.white_from is not None and len(b.building.placements) > self._white_count:
            self.started += self.app.clock() - self.white_from     # 004:85: that piece took no time
            self.white_from = None
        if b.done and b.phase == "build":
            self.dismiss(True)

    def _to_beat(self) -> str:
        """Tokyo Jutaku: the fastest Stop! that passed this round, the time to beat (004:56)."""
        seats = self.bench.view().get("seats")
        if self.bench.countdown or not seats or "stop" not in seats[0]:
            return ""
        times = [(e["stop"], i) for i, e in enumerate(seats) if e["stop"] is not None and i != self.bench.seat]
        if not times:
            return ""
        best, who = min(times)
        name = self.bench.names[who] if who < len(self.bench.names) else f"seat {who + 1}"
        return f" · to beat: {name} {best:.1f} s"

    def _tick(self) -> None:
        super()._tick()
        if self.bench.done and self.bench.phase == "verdict" and self._timer is None:
            self.bench.message = "Enter: back to the table"

    def action_pick_or_drop(self) -> None:
        if self.bench.done:
            self.dismiss(True)
            return
        super().action_pick_or_drop()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "lot":
            return False
        if action == "drinks":
            return any(k.startswith("drink:") for k in self.bench.legal_keys()) or None
        if action == "pair":
            return "red" in (self.bench.me().get("spent") or []) or None
        return super().check_action(action, parameters)

    def action_give_up(self) -> None:
        if self.bench.done:
            self.dismiss(True)
            return
        question = ("End your round now?" if self.bench.countdown
                    else "Give up this round? Your pieces go back to the middle.")

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            if self.bench.give_up() and self.bench.done:
                self.dismiss(True)           # in one step, from the verdict view too
                return
            self.refresh_all()               # refused or not over yet: the bench says why
        self.app.push_screen(GiveUp(question), answer)

    def action_drinks(self) -> None:
        from games.jutaku.rules import POWER_WORDS
        keys = sorted(k for k in self.bench.legal_keys() if k.startswith("drink:"))
        choices = [(k, f"{k[6:]}: {POWER_WORDS[k[6:]]}") for k in keys]

        def spend(key: str | None) -> None:
            if key and self.bench._play(key):
                self.bench.resync()
                if key == "drink:white":
                    self.white_from = self.app.clock()
                    self._white_count = len(self.bench.building.placements)
                    self.bench.message = "White drink: place your free piece; your clock waits for it (004:85)"
            self.refresh_all()
        self.app.push_screen(DrinkMenu(choices), spend)

    def action_pair(self) -> None:
        self._building().pair()
        self.refresh_all()


class CountdownTurnScreen(BuildTurnScreen):
    """A Countdown builder's floor: S and Esc end the round (004:70-75)."""

    BINDINGS = [
        Binding("escape", "give_up", "End round"),
        Binding("s", "stop", "End round", show=False),
    ]
