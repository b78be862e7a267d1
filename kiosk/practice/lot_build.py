"""Building one piece on a lot of a shared grid (Izakaya's build action, 004:123).

The person first chooses the lot (a card, and which outline on a card with two), then
places the one piece on the build screen: the piece is chosen before it is tried, so
the drop is final and is the game's move; the verdict is then shown as the game judged
it. Esc before the drop goes back to the table without building.
"""

from __future__ import annotations

from textual.binding import Binding

from physics.building import Building, Lot, Placement
from physics.practice.build import BuildPractice

from .turn import BuildTurnScreen, ChoiceMenu, TurnBench, _payload


def lots_of(view: dict) -> list[tuple[str, str]]:
    """(id, words) of every lot a piece may go on: each usable card, each outline."""
    out = []
    for r, row in enumerate(view["cards"]):
        for c, card in enumerate(row):
            if card["blue"]:
                continue
            for o in range(len(card["outlines"])):
                placed = view["buildings"].get(f"{r}:{c}:{o}", [])
                floors = max((p["floor"] for p in placed), default=0)
                owner = "free" if card["owner"] is None else f"seat {card['owner'] + 1}'s"
                which = f", outline {o + 1}" if len(card["outlines"]) > 1 else ""
                out.append((f"{r}:{c}:{o}", f"card {r + 1},{c + 1}{which} — {owner}, {floors} floor(s)"))
    return out


class LotChoice(ChoiceMenu):
    """Which lot the piece goes on."""

    def __init__(self, choices: list[tuple[str, str]]):
        super().__init__("Build on which lot?", choices, "lot-choice")


class LotBench(TurnBench):
    """The bench for one piece on one lot of the grid; the drop is the game's move."""

    def __init__(self, match, seat, clock, names, lot_key: str, action: str):
        self.lot_key = lot_key
        self.action = action
        super().__init__(match, seat, clock, names)
        self.message = "Choose your piece (Tab), then place it: it cannot be tried first (004:123)."

    def _mirror(self) -> Building:
        view = self.view()
        r, c, o = (int(v) for v in self.lot_key.split(":"))
        card = view["cards"][r][c]
        b = Building(Lot(tuple(tuple(x) for x in card["outlines"])), o, pieces=self.match.rules.pieces)
        for p in view["buildings"].get(self.lot_key, []):
            b.place(Placement(**p))
        return b

    def drop(self) -> int | None:
        if not self.held or self.done:
            return None
        p = self.placement()
        r, c, o = (int(v) for v in self.lot_key.split(":"))
        payload = dict(_payload(p), card=[r, c], outline=o)
        if not self._play(self.action, payload):
            return None
        self.held = None
        self.done = True
        self.building.place(p)
        self._changed()
        BuildPractice.stop(self)          # the verdict the game took, drawn
        return len(self.building.placements) - 1

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
    """One piece on a chosen lot; Esc before placing goes back without building."""

    BINDINGS = [Binding("escape", "give_up", "Back")]

    def __init__(self, match, seat, name, clock, names, lot_key: str, action: str):
        self.started = clock()
        self.white_from = None
        self.bench_clock = lambda: clock() - self.started
        BuildPracticeInit = super(BuildTurnScreen, self).__init__
        BuildPracticeInit(LotBench(match, seat, self.bench_clock, names, lot_key, action))
        self.person = name
        self._clock_timer = None
        self._white_count = 0

    def action_give_up(self) -> None:
        self.dismiss(self.bench.done)

    def action_pick_or_drop(self) -> None:
        super().action_pick_or_drop()
        if self.bench.phase == "settling":
            self._start_timer()              # the game's verdict, drawn

    def on_pixel_canvas_pressed(self, event) -> None:
        super().on_pixel_canvas_pressed(event)
        if self.bench.phase == "settling":
            self._start_timer()

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("drinks", "pair", "lot", "outline", "take_back", "stop"):
            return False
        return super().check_action(action, parameters)


def open_lot_build(play, seat: int, key: str) -> None:
    """From the play screen: choose the lot, then place the piece; the table is redrawn after."""
    match = play.match

    def built(_=None) -> None:
        play.turn_open = False
        play._autosave()
        play.advance()

    def chosen(lot_key: str | None) -> None:
        if lot_key is None:
            built()
            return
        play.app.push_screen(LotBuildScreen(match, seat, play.seats[seat].name, play.app.clock, play.names(),
                                            lot_key, key), built)

    play.turn_open = True
    play.app.push_screen(LotChoice(lots_of(match.view(seat))), chosen)
