"""Building on a phone: the seat's build bench kept in the kiosk, the phone a thin hand.

Two kinds: a building round where everyone builds at once (`live_bench`: Tokyo Jutaku,
Bottle Bonus, Countdown), and one piece on a lot the player chose on the phone (the board's
`phone_bench`: Izakaya's build), whose drop is the move and closes the bench.

The phone shows what the bench draws (the lot, the building, the piece in hand and where
it would land, in mm) and sends what the finger does: pick a piece, move it, turn, flip,
set down, take back, Stop!. The bench is the kiosk's own (kiosk.practice.turn.TurnBench),
so the geometry and the rules' refusals are the kiosk's, and every move is a move of the
match, made at the second of the kiosk's clock it arrives at (never the phone's clock):
two phones reaching for one piece, the first to arrive gets it, the other is told. A piece
set down is written as the building kit writes every placement (games.building.placing)
and refused as the match refuses it: a finger may drag a piece far off the card (MAX_MM),
and the placement's declared bounds (physics.placement) then say so.
"""

from __future__ import annotations

from ..practice.turn import TurnBench

#: the commands a phone's finger sends, and the bench method each calls
COMMANDS = {"pick", "move", "turn", "flip", "drop", "put_back", "take_back", "outline", "stop", "give_up"}
#: what a finger may do while placing one piece on a chosen lot ("cancel" closes the bench)
LOT_COMMANDS = {"pick", "move", "turn", "flip", "drop", "put_back", "cancel"}
MAX_MM = 2000.0


def live_bench(session, seat: int, clock, names: list[str]) -> "PhoneBench":
    """One phone seat's bench in a building round where everyone builds at once: its moves
    played by the session at once (core.session.LiveTurn), on the round's clock."""
    bench = PhoneBench(TurnBench(session.match, seat, clock, names, turn=session.live_turn(seat)))
    bench.bench.message = "Everyone builds now: pick a piece below, move it with your finger, set it down."
    return bench


class PhoneBench:
    """A seat's bench as a phone works it; `key` is the move a one-piece bench makes (None in
    a building round)."""

    def __init__(self, bench, key: str | None = None):
        self.bench = bench
        self.key = key

    @property
    def lot_build(self) -> bool:
        return self.key is not None

    def hand_back(self) -> None:
        """The seat has a new code: the old phone's piece in hand goes back to the middle, so
        the new phone starts from the building as it stands."""
        b = self.bench
        if b.held is not None:
            b.put_back()
        b.message = "A new phone holds this seat: the building stands as it was left."

    def resync(self) -> None:
        """Someone else moved: the middle may have changed (a piece taken, a drink). A seat that
        builds no more (its round is over) keeps its bench as it was until the bench closes."""
        b = self.bench
        if b.finished():
            return
        held = b.held
        b.resync()
        if held is not None and held.piece not in b.view()["supply"]:
            b.held = None
            b.message = "Someone took that piece first: pick another."
        else:
            b.held = held

    def command(self, msg: dict) -> None:
        """Do what the finger did; a wrong message raises ValueError with the words to send."""
        b = self.bench
        do = msg.get("do")
        if do not in (LOT_COMMANDS if self.lot_build else COMMANDS):
            raise ValueError("That could not be read.")
        if do == "pick":
            piece = msg.get("piece")
            if not isinstance(piece, str) or piece not in b.supply():
                raise ValueError("That piece is not in the middle now.")
            b.pick(piece)
            lot = b.lot
            b.move_to(lot.card_mm / 2 - 10, max(40.0, b.extent()[3] - 50))
        elif do == "move":
            x, y = msg.get("x"), msg.get("y")
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) <= MAX_MM
                       for v in (x, y)):
                raise ValueError("That could not be read.")
            if b.held is not None:
                b.move_to(float(x), float(y))
        elif do == "turn":
            if b.held is not None:
                b.rotate(90)
        elif do == "flip":
            if b.held is not None:
                b.flip()
        elif do == "drop":
            if b.held is None:
                b.message = "Pick a piece first."
            else:
                b.drop()
        elif do == "put_back":
            b.put_back()
        elif do == "take_back":
            b.take_back()
        elif do == "outline":
            b.next_outline()
        elif do == "stop":
            b.stop()
        elif do == "give_up":
            b.give_up()

    def frame(self) -> dict:
        """What the phone draws now, in mm (y up), and the words under it."""
        b = self.bench
        lot = b.lot
        held = b.held is not None
        return {
            "extent": list(b.extent()),
            "card": lot.card_mm,
            "outlines": [list(o) for o in lot.outlines],
            "pieces": [[list(map(list, part)) for part in parts] for parts in b.pieces_now()],
            "held": [list(map(list, part)) for part in b.held_polygons()] if held else [],
            "landing": [list(map(list, part)) for part in b.landing_polygons()] if held else [],
            "shelf": [[piece, words, count] for piece, words, count in b.shelf()],
            "lot": b.header()[0],
            "state": b.header()[1],
            "clock": b.clock_line(),
            "message": b.refusal or b.message,
            "holding": held,
            "lot_build": self.lot_build,
            "outlines_to_choose": len(lot.outlines) > 1 and not self.lot_build and not b.finished(),
            "finished": b.finished(),
        }
