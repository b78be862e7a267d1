"""The Tokyo Jutaku and Bottle Bonus table: the 6×6 plan of lot cards, the architects on
it, every seat's card, building and completed lots, and every seat's building drawn.

While everyone builds (004:29, 004:39) the plan steps aside for the buildings, which grow
on the shared screen as the pieces go down, whoever sets them; when the round is over the
last pictures stay under the plan with their verdicts until the next round's building.

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
from physics.building import Building, Lot, Placement

from ..practice.buildings import Buildings
from ..practice.turn import seat_building
from .base import Board

STATUS = {"building": "building", "done": "Stop! passed", "out": "out of the round", "waiting": ""}


def yen(n: int) -> str:
    return f"¥{n:,}"


def tag(seat: int, name: str) -> str:
    return f"{(name[:1] or '?').upper()}{seat + 1}"


def _moved(view: dict, seat: int, building) -> frozenset:
    """The pieces that moved when the seat's last Stop! was judged and the building fell."""
    verdict = view["seats"][seat]["verdict"]
    if not verdict or verdict.get("stands") is not False:
        return frozenset()
    ids = set(verdict.get("moved", []))
    return frozenset(i for i, p in enumerate(building.placements) if p.piece in ids)


def stopped_by(view: dict, seat: int) -> tuple[float, int] | None:
    """A seat out of the round that was still building when another's Stop! passed: that Stop!
    (its second, its seat); None for one that gave up (games/building/lot_result.py, from a view)."""
    seats = view["seats"]
    if seats[seat]["status"] != "out":
        return None
    return min(((e["stop"], i) for i, e in enumerate(seats) if i != seat and e["stop"] is not None
                and e["stop"] <= seats[seat]["clock"] + 1e-9), default=None)


class PlanCell(Static):
    """One place of the plan: a lot card, a gap, or the pieces in the middle."""


class JutakuBoard(Board):
    """The plan, redrawn from the public view after every move."""

    #: the round whose buildings are drawn, and its pictures (kept once the lots are cleared)
    last_round: tuple[int, list] | None = None

    def compose(self) -> ComposeResult:
        with Grid(id="jt-plan"):
            for i in range(36):
                yield PlanCell(classes="jt-cell", id=f"jt-{i}")
        yield Static(id="jt-seats")
        yield Buildings(len(self.seats), id="jt-buildings")

    def show(self, view: dict) -> None:
        self._show_plan(view)
        self.query_one("#jt-seats", Static).update(self._seats(view))
        self._show_buildings(view)

    def _show_buildings(self, view: dict) -> None:
        """While building: each seat's building now. After: the round's last pictures, each
        with what its builder's Stop! came to, until the next round's building begins."""
        building = view["phase"] == "build"
        self.set_class(building, "-building")
        rules = self.game.rules
        if building:
            self.last_round = (view["round"], [seat_building(view, s, rules.pieces, kind=rules.round_kind)
                                               if entry["lot"] else None for s, entry in enumerate(view["seats"])])
        strip = self.query_one(Buildings)
        strip.display = self.last_round is not None
        if self.last_round is None:
            return
        played, buildings = self.last_round
        strip.show([None if b is None else (b, self._caption(view, s, played), _moved(view, s, b))
                    for s, b in enumerate(buildings)])

    def _caption(self, view: dict, seat: int, played: int) -> str:
        entry = view["seats"][seat]
        name = self.seats[seat].name
        verdict = entry["verdict"]
        if view["phase"] != "build":
            history = view["history"][-1] if view["history"] else None
            if history is not None and history["round"] == played and seat in history["winners"]:
                return f"{name}: Stop! at {history['seconds']:.1f} s, the fastest: wins the lot"
        if entry["status"] == "done" and entry["stop"] is not None:
            return f"{name}: Stop! at {entry['stop']:.1f} s, keeps the rules and stands"
        if entry["status"] == "out":
            passed = stopped_by(view, seat)
            if passed is not None:
                return f"{name}: still building when {self.seats[passed[1]].name}'s Stop! passed"
            return f"{name}: gave up"
        if verdict is not None and not verdict["passes"]:
            why = (verdict["problems"][0] if verdict["problems"]
                   else "it does not stand" if verdict["stands"] is False else "nothing is built")
            return f"{name}: Stop! at {verdict['seconds']:.1f} s failed: {why}"
        if view["phase"] != "build":
            return f"{name}: no Stop! passed"
        return f"{name}: building, {count_words(len(entry['building']), 'piece')}"

    def _show_plan(self, view: dict) -> None:
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

    def keep_result(self, announcement, pictures: list) -> None:
        """The round's buildings as they stood at its end (built at one screen in turn, the
        table saw them only once the round was over, its lots already cleared)."""
        if announcement.kind == "round" and pictures:
            self.last_round = (announcement.data["round"], [None if p is None else p[0] for p in pictures])

    @classmethod
    def result_pictures(cls, game: Game, announcement, names: list[str]) -> list:
        """Each building as it stood when the round ended for its builder, the pieces that
        moved at a failed Stop! outlined; the winners' captions say so."""
        pictures = announcement.data.get("pictures", []) if announcement.kind == "round" else []
        winners = announcement.data.get("winners", [])
        out = []
        for s, entry in enumerate(pictures):
            if entry is None:
                out.append(None)
                continue
            lot = entry["lot"]
            building = Building(Lot(tuple(tuple(o) for o in lot["outlines"]), lot["floors"], lot["numeral"]),
                                entry["outline"], pieces=game.rules.pieces)
            for p in entry["building"]:
                building.place(Placement(**p))
            moved = frozenset(i for i, p in enumerate(building.placements) if p.piece in set(entry["moved"]))
            name = names[s] if s < len(names) else f"Seat {s + 1}"
            out.append((building, name + (": wins" if s in winners else ""), moved))
        return out

    @classmethod
    def turn_words(cls, game: Game, view: dict, seat: int) -> str:
        entry = view["seats"][seat]
        lot = entry["lot"]
        if lot is None:
            return ""
        side = ", back side" if entry["side"] == "back" else ""
        return (f"Your lot: {entry['card_name']}{side} — exactly {count_words(lot['floors'], 'floor')} and "
                f"{count_words(lot['pieces'], 'piece')} ({lot['numeral']}), worth {yen(lot['yen'])}.")

    @classmethod
    def turn_screen(cls, match, seat: int, name: str, clock, names, **turn):
        from ..practice.turn import BuildTurnScreen
        return BuildTurnScreen(match, seat, name, clock, names, **turn)
