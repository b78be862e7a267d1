"""A seat's build bench in a match: the bench of build practice with the match as the judge.

The same bench as build practice (physics.practice.build), but every drop, take-back,
outline change and Stop! is a move of the match (a placement carries its data,
core.payload), so the rules of the game decide, not the screen; the bench mirrors what the
match accepted. A move is played on the match itself (`play`, the session's), or, in a
building round everyone builds at once, on the seat's `turn` (a rehearsal of the round,
core.hotseat, or its live part, core.session.LiveTurn), with the second of the builder's
clock it is made at. The kiosk's build screen (kiosk.practice.turn) and a phone's hand
(kiosk.phones.building) both work a bench.
"""

from __future__ import annotations

import re

from core.errors import IllegalMove
from core.game import Match, Move
from games.building.placing import building, payload
from games.building.rounds import RoundKind
from physics.building import Building, Lot, Placement
from physics.practice.build import DROP_RULES, BuildPractice, Held

from ..words import named


def lot_in(view: dict, seat: int, kind: RoundKind) -> Lot:
    """The seat's lot as its view shows it, by the kind of round its rules declare
    (`rules.round_kind`: its lot card's side, or the card's own edge in a floor round)."""
    return kind.lot(view, seat)


def seat_building(view: dict, seat: int, pieces, kind: RoundKind) -> Building:
    """The seat's building as its view shows it: its lot (see `lot_in`, by the round's `kind`
    its rules declare) and pieces."""
    me = view["seats"][seat]
    return building(lot_in(view, seat, kind), me.get("outline", 0), me["building"], pieces)


class TurnBench(BuildPractice):
    """The build bench of one seat in a match; `clock()` gives the seconds of its turn."""

    def __init__(self, match: Match, seat: int, clock, names: list[str] | None = None, turn=None, play=None):
        self.turn = turn                            # the seat's part of a building round (see the module)
        self.match = match if turn is None else turn.match
        #: how a move outside a round is played: the session's (core.session.Session.play)
        self.mover = play or (lambda seat, move: self.match.play(seat, move))
        match = self.match
        self.seat = seat
        self.clock = clock
        self.names = names or []
        #: what its rules say the building is (a lot round, a floor round, one piece on a lot)
        self.kind: RoundKind = match.rules.round_kind
        self.countdown = self.kind.by_floor
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
        return seat_building(self.view(), self.seat, self.match.rules.pieces, self.kind)

    def finished(self) -> bool:
        """This seat builds no more in this turn: its round is over, or its part in it."""
        match = self.match
        return (self.done or match.over or self.seat not in match.to_act()
                or self.view()["round"] != self.round or not any(a.takes for a in match.legal(self.seat)))

    def resync(self) -> None:
        """The bench as the match has it now (after a drink, a mint call, a reload); a seat
        that builds no more keeps its bench as it last was."""
        if self.finished():
            return
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

    def play_move(self, key: str, payload=None) -> bool:
        """Play a move of the match; a refused one says why (`refusal`) and changes nothing.
        In a rehearsal every move names the second of the clock it is made at."""
        try:
            if self.turn is None:
                events = self.mover(self.seat, key if payload is None else Move(key, payload))
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
            self.refuse(IllegalMove(f"this round builds floor {self.floor_now()}, not floor {floor}", self.kind.rule))

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
        seconds = round(self.clock(), 1) if self.countdown or self.turn is not None else None
        if self.lifted is not None and self.pending is None:
            # red drink: the lifted piece waits where it is held, for the next new piece
            self.pending, self.pending_moved = p, True
            self.held, self.lifted = None, None
            self.message = (f"The {self.piece_name(p.piece)} waits there: it moves together with the next "
                            "piece you take")
            self._redraw()
            return None
        if self.pending is not None:
            if self.lifted is None and not self.pending_moved:
                self.message = ("One new piece at a time: with the red drink, W lifts a piece of your "
                                "building to set down with the waiting one")
                return None
            new, other = (p, self.pending) if self.pending_moved else (self.pending, p)
            data = payload(new, **{"with": payload(other)})
        else:
            data = payload(p)
        if seconds is not None:
            data["seconds"] = seconds
        if not self.play_move("place", data):
            return None
        self.held = None
        self.pending, self.pending_moved, self.lifted = None, False, None
        self.building = self._mirror()
        self._changed()
        placed = len(self.building.placements) - 1
        self.refusal = self.placed_warning(placed)
        return placed

    def placed_warning(self, index: int) -> str:
        """A piece the rules let lie where it breaks a building rule until Stop! (outside the
        outline, touching nothing of its floor): it is outlined, and this line says so."""
        broken = next((v for v in self.violations if index in v.pieces and v.rule not in DROP_RULES), None)
        if broken is None:
            return ""
        why = re.sub(r"\bpiece \d+ \(the ([^)]*)\)", r"the \1", broken.message)
        why = re.sub(rf"\bpiece {index + 1}\b", "this piece", why)
        return (f"Placed, but it breaks a building rule: {why} ({plain_rule(broken.rule)}). Your Stop! will not "
                "pass until that is mended; Backspace takes the piece back.")

    def piece_name(self, piece: str) -> str:
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
            self.message = (f"The {self.piece_name(self.pending.piece)} waits there: W lifts a piece of your "
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
        self.message = (f"The {self.piece_name(p['piece'])} of your building is in your hand: move it and press "
                        "Enter (W: the piece before)")
        self._redraw()

    def take_back(self) -> None:
        if self.pending is not None or self.lifted is not None:
            self.message = "The red drink's pair is undone: nothing was set down"
            self.held = None
            self.pending, self.pending_moved, self.lifted = None, False, None
            self._redraw()
            return
        if self.play_move("take_back"):
            self.building = self._mirror()
            self._changed()

    def next_lot(self, step: int = 1) -> None:
        self.message = "You build on your own lot card."

    def next_outline(self) -> None:
        other = [k for k in self.legal_keys() if k.startswith("outline:")]
        if not other:
            self.message = "This lot card has one outline."
            return
        if self.play_move(other[0]):
            self.resync()

    def stop(self) -> None:
        """Stop! (Jutaku, with the clock's time) or the end of the round (Countdown); the
        match judges, and the bench shows the same verdict drawn. In Countdown a piece in hand
        is not placed (`outcome` then says so), and a floor with no piece added is judged by
        nothing but the rule that puts its builder out (004:75): no verdict is drawn."""
        if self.pending is not None or self.lifted is not None:
            self.take_back()
        if self.countdown:
            held = self.held
            if not self.play_move("done"):
                return                          # refused: `refusal` says why, the piece stays in hand
            self.held = None
            added = any(p["floor"] == self.round for p in self.me()["building"])
            self.outcome = self.message + (f" The {self.piece_name(held.piece)} in your hand was not placed."
                                           if held is not None else "")
            if added:
                super().stop()
            return
        seconds = max(round(self.clock(), 1), self.me()["last_try"])
        if self.play_move("stop", {"seconds": seconds}):
            if self.done:
                self.outcome = f"Your Stop! at {seconds:.1f} s passes: the rules are kept and it stands."
            super().stop()

    #: Countdown: what ending the round came to, in words (`stop`)
    outcome = ""

    def report(self):
        """The verdict in words; in Countdown the floor's, as the rules took it."""
        items = super().report()
        if self.countdown and items and self.outcome:
            stands = self.verdict is not None and self.verdict.stands is True
            items[0] = type(items[0])("good" if stands else "alert",
                                      f"Floor {self.round} counts: the tower stands" if stands
                                      else "The tower does not stand: you are out (our ruling)")
        return items

    def give_up(self) -> bool:
        """Give the round up (Jutaku) or end it now (Countdown); when the match refuses,
        `refusal` says why. True when the match took it."""
        return self.play_move("done" if self.countdown else "give_up")

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
            return f"Clock {max(left, 0):.1f} s left"
        return f"Clock {t:.1f} s"


def plain_rule(rule: str) -> str:
    """A rule in words, its rulebook lines left to the rules help (F1): "inside the lot
    outline (004:37, 004:52)" reads "inside the lot outline"."""
    return re.sub(r"\s*\((?:[^()]*\d{3}:\d+[^()]*)\)", "", rule).strip()
