"""Building one piece on a lot of a shared grid (Izakaya's build action, 004:123).

The person first chooses the lot (a card, and which outline on a card with two), then
places the one piece on the build screen: the piece is chosen before it is tried, so
the drop is final and is the game's move; the verdict is then shown as the game judged
it. Esc before the drop goes back to the table without building.
"""

from __future__ import annotations

from textual.binding import Binding

from games.building.placing import building, payload
from physics.building import Building, Lot
from physics.practice.build import BuildPractice

from ..words import named
from .bench import TurnBench
from .turn import BuildTurnScreen, ChoiceMenu


def lots_of(view: dict, deck) -> list[tuple[str, str]]:
    """(id, words) of every lot a piece may go on: each usable card, each outline (a card
    with two holds two buildings, 004:123), with the floors built of those its white side
    allows (`deck`: the game's lot cards)."""
    out = []
    for r, row in enumerate(view["cards"]):
        for c, card in enumerate(row):
            if card["blue"]:
                continue
            side = deck.card(card["id"]).back
            for o in range(len(card["outlines"])):
                placed = view["buildings"].get(f"{r}:{c}:{o}", [])
                floors = max((p["floor"] for p in placed), default=0)
                owner = "unclaimed" if card["owner"] is None else f"seat {card['owner'] + 1}'s"
                which = f", building {o + 1} of 2" if len(card["outlines"]) > 1 else ""
                most = f"{floors} of {side.floors} floor{'s' if side.floors != 1 else ''}"
                out.append((f"{r}:{c}:{o}", f"card {r + 1},{c + 1}{which} — {owner}, {most}"))
    return out


class LotChoice(ChoiceMenu):
    """Which lot the piece goes on."""

    def __init__(self, choices: list[tuple[str, str]]):
        super().__init__("Build on which lot?", choices, "lot-choice")


class LotBench(TurnBench):
    """The bench for one piece on one lot of the grid; the drop is the game's move."""

    def __init__(self, match, seat, clock, names, lot_key: str, action: str, play=None):
        self.lot_key = lot_key
        self.action = action
        super().__init__(match, seat, clock, names, play=play)
        self.message = "Choose your piece (Tab), then place it: it cannot be tried first."

    def _mirror(self) -> Building:
        view = self.view()
        r, c, o = (int(v) for v in self.lot_key.split(":"))
        card = view["cards"][r][c]
        return building(Lot(tuple(tuple(x) for x in card["outlines"])), o, view["buildings"].get(self.lot_key, []),
                        self.match.rules.pieces)

    def drop(self) -> int | None:
        if not self.held or self.done:
            return None
        p = self.placement()
        r, c, o = (int(v) for v in self.lot_key.split(":"))
        if not self.play_move(self.action, payload(p, card=[r, c], outline=o)):
            return None
        self.held = None
        self.done = True
        self.building.place(p)
        self._changed()
        BuildPractice.stop(self)          # the verdict the game took, drawn
        return len(self.building.placements) - 1

    def where(self) -> tuple[int, int, int]:
        r, c, o = (int(v) for v in self.lot_key.split(":"))
        return r, c, o

    def side(self):
        """The white side of the chosen card (004:97): what it allows."""
        r, c, _ = self.where()
        return self.match.rules.deck.card(self.view()["cards"][r][c]["id"]).back

    def lot_label(self) -> str:
        """The lot in Izakaya's words: the card of the grid, its white side's limits."""
        r, c, o = self.where()
        side = self.side()
        which = f", building {o + 1} of 2" if len(self.lot.outlines) > 1 else ""
        return (f"card {r + 1},{c + 1}{which}, white side: at most {side.floors} "
                f"floor{'s' if side.floors != 1 else ''} and {side.pieces} pieces ({side.numeral})")

    def header(self) -> tuple[str, str, bool]:
        """The card and what its white side allows; the pieces and floors so far of those."""
        _, counts, alert = super().header()
        state = counts.split(" — ", 1)[-1]
        side, b = self.side(), self.building
        return (f"Lot: {self.lot_label()}",
                f"{len(b.placements)} of {side.pieces} pieces, {len(b.floors())} of {side.floors} floors — {state}",
                alert)

    def take_back(self) -> None:
        self.message = "A piece placed stays (004:123)."

    def next_outline(self) -> None:
        self.message = "The lot was chosen before the piece."

    def stop(self) -> None:
        self.message = "Gravity judges the moment you place the piece."

    def clock_line(self) -> str:
        r, c, _ = (int(v) for v in self.lot_key.split(":"))
        return f"Card {r + 1},{c + 1}"


class LotBuildScreen(BuildTurnScreen):
    """One piece on a chosen lot; Esc before placing goes back without building. The drop is
    the move: the screen then shows the verdict the game took, and Enter goes back."""

    BINDINGS = [Binding("escape", "give_up", "Back to the table")]

    def __init__(self, request, lot_key: str):
        bench = LotBench(request.match, request.seat, lambda: 0.0, request.names, lot_key, request.key,
                         play=lambda seat, move: request.play(move))
        super().__init__(request.match, request.seat, request.name, request.clock, request.names, bench=bench)

    def action_give_up(self) -> None:
        if self.ended is None:
            self.dismiss(None)               # nothing was built

    def action_pick_or_drop(self) -> None:
        super().action_pick_or_drop()
        if self.bench.phase == "settling":
            self._start_timer()              # the game's verdict, drawn

    def on_pixel_canvas_pressed(self, event) -> None:
        super().on_pixel_canvas_pressed(event)
        if self.bench.phase == "settling":
            self._start_timer()

    def help_text(self) -> str:
        from .help import building_help
        return ("Izakaya's build (004:123): one piece on the lot you chose, by Tokyo Jutaku's building "
                "rules; it cannot be tried first, and it stays where you set it.\n\n" + building_help())

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("drinks", "pair", "lot", "outline", "take_back", "stop"):
            return False
        return super().check_action(action, parameters)


def open_lot_build(request) -> None:
    """From the play screen (a kiosk.boards.base.MoveRequest): choose the lot, then place the
    piece; `request.done()` when the screens are closed, built or not."""
    def chosen(lot_key: str | None) -> None:
        if lot_key is None:
            request.done()
            return
        request.app.push_screen(LotBuildScreen(request, lot_key), lambda _=None: request.done())

    lots = [(key, named(words, request.names)) for key, words in lots_of(request.match.view(request.seat),
                                                                          request.match.rules.deck)]
    request.app.push_screen(LotChoice(lots), chosen)
