"""The fallback board: the public view, one line per entry, for games without a board yet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from .base import Board, plain

HIDDEN = {"viewer", "to_act"}


class GenericBoard(Board):
    """Shows every entry of the view as 'key: value'."""

    def compose(self) -> ComposeResult:
        yield Static(id="generic-view")

    def show(self, view: dict) -> None:
        lines = [f"{k}: {plain(v)}" for k, v in view.items() if k not in HIDDEN]
        self.query_one("#generic-view", Static).update(Content("\n".join(lines)))
