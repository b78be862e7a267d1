"""The Tokyo Jutaku and Bottle Bonus table: the 6×6 plan of lot cards, the architects on
it, and every seat's card, building and completed lots.

Each card cell reads without colour: district, floors and numeral (3F V///), yen, and
the architects standing there by initial and seat (A1). A person's building turn is the
build screen (kiosk.practice.turn), opened by the play screen when the match waits for
that person's placements.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid
from textual.content import Content
from textual.widgets import Static

from core.game import Game
from core.words import count_words

from .base import Board

STATUS = {"building": "building", "done": "Stop! passed", "out": "gave up", "waiting": ""}


def yen(n: int) -> str:
    return f"¥{n:,}"


def tag(seat: int, name: str) -> str:
    return f"{(name[:1] or '?').upper()}{seat + 1}"


class PlanCell(Static):
    """One place of the plan: a lot card, a gap, or the pieces in the middle."""


class JutakuBoard(Board):
    """The plan, redrawn from the public view after every move."""

    def compose(self) -> ComposeResult:
        with Grid(id="jt-plan"):
            for i in range(36):
                yield PlanCell(classes="jt-cell", id=f"jt-{i}")
        yield Static(id="jt-seats")

    def show(self, view: dict) -> None:
        standing = {}
        for s, entry in enumerate(view["seats"]):
            if entry["at"] is not None:
                standing.setdefault(tuple(entry["at"]), []).append(tag(s, self.seats[s].name))
        reach = set()
        for i, cell in enumerate(self.query(PlanCell)):
            r, c = divmod(i, 6)
            card = view["grid"][r][c]
            who = " ".join(standing.get((r, c), []))
            if card is None:
                middle = 2 <= r <= 3 and 2 <= c <= 3
                text = ("pieces" if middle else "—") + (f"\n{who}" if who else "")
            else:
                text = (f"{card['district'][:9]}\n{card['floors']}F {card['numeral']}\n"
                        f"{yen(card['yen'])}" + (f" {who}" if who else ""))
            cell.update(Content(text))
            cell.set_class(card is None, "-gap")
            cell.set_class(bool(who), "-here")
            cell.set_class((r, c) in reach, "-reach")
        self.query_one("#jt-seats", Static).update(self._seats(view))

    def _seats(self, view: dict) -> Content:
        lines = [f"Round {view['round']} · {view['phase']} · pieces in the middle: {len(view['supply'])}"]
        for s, entry in enumerate(view["seats"]):
            name = self.seats[s].name
            lot = entry["lot"]
            side = ", back side" if entry["side"] == "back" else ""
            card = (f"{entry['card_name']}{side}: {lot['floors']}F {lot['numeral']} "
                    f"= {lot['pieces']} pieces, {yen(lot['yen'])}") if lot else "no card"
            state = STATUS.get(entry["status"], entry["status"]) if view["phase"] == "build" else ""
            time = f" at {entry['stop']:.1f} s" if entry["stop"] is not None else ""
            built = f", {len(entry['building'])} placed" if entry["building"] else ""
            won = f" · {count_words(len(entry['won']), 'lot')} {yen(entry['yen'])}"
            drinks = f" · drinks {' '.join(entry['drinks'])}" if entry.get("drinks") else ""
            lines.append(f"{tag(s, name)} {name}: {card}{built} {state}{time}{won}{drinks}".rstrip())
        if view.get("tray"):
            lines.append("Out of the machine: " + " ".join(view["tray"]))
        return Content("\n").join(Content(line) for line in lines)

    @classmethod
    def seat_summary(cls, game: Game, view: dict, seat: int) -> str:
        entry = view["seats"][seat]
        return f"{count_words(len(entry['won']), 'lot')}, {yen(entry['yen'])}"

    @classmethod
    def turn_screen(cls, match, seat: int, name: str, clock, names, **turn):
        from ..practice.turn import BuildTurnScreen
        return BuildTurnScreen(match, seat, name, clock, names, **turn)
