"""The Countdown table: every builder's tower in numbers and drawn, the round's floor and
its time. The towers grow on the shared screen as the pieces go down, whoever sets them.

A person's floor is built on the build screen (kiosk.practice.turn) with the round's
clock counting down (004:70-73).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from core.game import Game
from core.words import count_words
from physics.building import Building, Lot, Placement

from ..practice.buildings import Buildings
from ..practice.turn import seat_building
from .base import Board

STATUS = {"building": "building this floor", "waiting": "floor built", "out": "out"}


class CountdownBoard(Board):
    def compose(self) -> ComposeResult:
        yield Static(id="cd-round")
        yield Static(id="cd-towers")
        yield Buildings(len(self.seats), id="cd-buildings")

    def show(self, view: dict) -> None:
        self.query_one("#cd-round", Static).update(Content(
            f"Floor {view['floor']}: {view['seconds']:g} seconds (004:70-73) · "
            f"pieces in the middle: {len(view['supply'])}"))
        lines = []
        for s, entry in enumerate(view["seats"]):
            name = self.seats[s].name
            tower = f"{count_words(entry['floors'], 'floor')}, {count_words(entry['pieces'], 'piece')}"
            state = STATUS.get(entry["status"], entry["status"])
            if entry["status"] == "out":
                state += f" after floor {entry['out_round']}, scores {entry['score']}"
            v = entry["verdict"]
            verdict = "" if v is None else (" · stood" if v["stands"] else " · fell")
            lines.append(f"{s + 1} {name}: {tower} · {state}{verdict}")
        self.query_one("#cd-towers", Static).update(Content("\n".join(lines)))
        rules = self.game.rules
        pictures = []
        for s, entry in enumerate(view["seats"]):
            building = seat_building(view, s, rules.pieces, kind=rules.round_kind)
            v = entry["verdict"]
            moved = frozenset()
            if v is not None and not v["stands"]:
                moved = frozenset(i for i, p in enumerate(building.placements) if p.piece in set(v["moved"]))
            state = STATUS.get(entry["status"], entry["status"])
            if v is not None and v["round"] == view["round"] - 1 and entry["status"] != "out":
                state += f"; floor {v['round']} stood"
            elif v is not None and not v["stands"]:
                state = f"floor {v['round']} fell: out"
            pictures.append((building, f"{self.seats[s].name}: {count_words(entry['pieces'], 'piece')}, {state}",
                             moved))
        self.query_one(Buildings).show(pictures)

    @classmethod
    def seat_summary(cls, game: Game, view: dict, seat: int) -> str:
        entry = view["seats"][seat]
        return count_words(entry["pieces"], "piece") + (" (out)" if entry["status"] == "out" else "")

    @classmethod
    def result_pictures(cls, game: Game, announcement, names: list[str]) -> list:
        """Every tower as the floor left it, the pieces that moved when it fell outlined."""
        out = []
        for s, entry in enumerate(announcement.data.get("pictures", []) if announcement.kind == "round" else []):
            building = Building(Lot.card_edge(entry["card_mm"]), 0, pieces=game.rules.pieces)
            for p in entry["building"]:
                building.place(Placement(**p))
            moved = frozenset(i for i, p in enumerate(building.placements) if p.piece in set(entry["moved"]))
            name = names[s] if s < len(names) else f"Seat {s + 1}"
            score = f"out, scoring {count_words(entry['score'], 'piece')}" if entry.get("out") else \
                count_words(len(entry["building"]), "piece")
            out.append((building, f"{name}: {score}", moved))
        return out

    @classmethod
    def turn_words(cls, game: Game, view: dict, seat: int) -> str:
        entry = view["seats"][seat]
        return (f"Floor {view['floor']} of your tower, on the card's own edge. "
                f"Your tower has {count_words(entry['floors'], 'floor')} and "
                f"{count_words(entry['pieces'], 'piece')}; add at least one piece or you are out.")

    @classmethod
    def turn_screen(cls, match, seat: int, name: str, clock, names, **turn):
        from ..practice.turn import CountdownTurnScreen
        return CountdownTurnScreen(match, seat, name, clock, names, **turn)
