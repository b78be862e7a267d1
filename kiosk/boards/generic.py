"""The fallback board: any game's `view()` as readable lines, for games without a board.

Flat values stay on one line ("Round: 2", "Yen: Aiko 1,500 · Bo 900", wrapped by the
screen when long); nested ones become headings with indented entries. Seat numbers in well-known places (per-seat
lists, the seats of a bid) are shown as names, and a value the viewer may not see
(None) reads "hidden". The frame shows whose turn it is, so `viewer` and `to_act`
are left out.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from .base import Board, plain

HIDDEN = {"viewer", "to_act"}
# Keys whose list holds one entry per seat, and keys whose list holds seat numbers.
PER_SEAT = {"yen", "money", "score", "scores", "crates", "hand", "hands", "seats", "players",
            "points", "crate_scores"}
SEAT_LISTS = {"bidders", "done", "waiting", "passed", "winners", "order", "turn_order"}


def label(key) -> str:
    text = str(key).replace("_", " ")
    return text[:1].upper() + text[1:]


def scalar(value) -> str:
    if value is None:
        return "hidden"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value) or "–"


def is_scalar(value) -> bool:
    return not isinstance(value, (dict, list, tuple))


def is_flat(value, depth: int = 2) -> bool:
    """A scalar, or lists of scalars nested at most `depth` deep (crates of drinks)."""
    if is_scalar(value):
        return True
    return depth > 0 and isinstance(value, (list, tuple)) and all(is_flat(v, depth - 1) for v in value)


def compact(value) -> str:
    return scalar(value) if is_scalar(value) else (plain(value) or "–")


class ViewText:
    """Turns a view into (indent, text, is_heading) lines, knowing the seat names."""

    def __init__(self, names: list[str]):
        self.names = names

    def seat(self, value) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(self.names):
            return self.names[value]
        if isinstance(value, str) and value.isdigit() and int(value) < len(self.names):
            return self.names[int(value)]
        return compact(value)

    def inline(self, key, value) -> str | None:
        """The value on one line (the screen wraps it), or None when it needs lines of its own."""
        if is_scalar(value):
            return scalar(value)
        if isinstance(value, dict):
            if not all(is_scalar(v) for v in value.values()):
                return None
            seats = all(isinstance(k, str) and k.isdigit() for k in value)
            return ", ".join(f"{self.seat(k) if seats else label(k)} {scalar(v)}"
                             for k, v in value.items()) or "none"
        if key in SEAT_LISTS and all(is_scalar(v) for v in value):
            return " · ".join(self.seat(v) for v in value) or "none"
        if key in PER_SEAT and len(value) == len(self.names) and all(is_flat(v) for v in value):
            return " · ".join(f"{n} {compact(v)}" for n, v in zip(self.names, value))
        if all(is_scalar(v) for v in value):
            return " · ".join(scalar(v) for v in value) or "none"
        return None

    def lines(self, view: dict, depth: int = 0) -> list[tuple[int, str, bool]]:
        out = []
        for key, value in view.items():
            if depth == 0 and key in HIDDEN:
                continue
            text = self.inline(key, value)
            if text is not None:
                out.append((depth, f"{label(key)}: {text}", False))
                continue
            out.append((depth, label(key), True))
            if isinstance(value, dict):
                out += self.lines(value, depth + 1)
            else:
                per_seat = key in PER_SEAT and len(value) == len(self.names)
                items = {(self.names[i] if per_seat else f"#{i + 1}"): v for i, v in enumerate(value)}
                out += self.lines(items, depth + 1)
        return out


class GenericBoard(Board):
    """Shows every entry of the view, nested entries indented under their heading."""

    COMPONENT_CLASSES = {"generic--heading"}

    def compose(self) -> ComposeResult:
        yield Static(id="generic-view")

    def show(self, view: dict) -> None:
        rows = ViewText([s.name for s in self.seats]).lines(view)
        heading = self.get_visual_style("generic--heading")
        lines = [Content.assemble("  " * depth, (text, heading) if is_heading else text)
                 for depth, text, is_heading in rows]
        self.query_one("#generic-view", Static).update(Content("\n").join(lines))
