"""The menu's list of unfinished games: game, seats, move number and when it was saved.

Filled from the saves' envelopes only (no game is imported). Saves found damaged are
listed underneath as notes, so the operator learns of them and players are not
bothered by them again.
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..store import SaveEntry

SHOWN_PROBLEMS = 3


def when(saved_at: float, now: float | None = None) -> str:
    """'today 14:02', 'yesterday 09:15' or 'Tue 3 Mar 18:40'."""
    now = time.time() if now is None else now
    t, today = time.localtime(saved_at), time.localtime(now)
    clock = time.strftime("%H:%M", t)
    days = (time.mktime(today[:3] + (0, 0, 0, 0, 0, -1)) - time.mktime(t[:3] + (0, 0, 0, 0, 0, -1))) // 86400
    if days == 0:
        return f"today {clock}"
    if days == 1:
        return f"yesterday {clock}"
    return time.strftime("%a %-d %b %H:%M", t)


def entry_prompt(entry: SaveEntry, installed: bool) -> Content:
    seats = ", ".join(entry.seats)
    tail = "" if installed else "\n(this game is not installed now)"
    return Content.assemble((entry.title, "bold"), f" · {when(entry.saved_at)}\n"
                            f"move {entry.moves + 1} · {seats}{tail}")


class ResumeList(Vertical):
    """Saved games newest first; an option's id is its slot."""

    def compose(self) -> ComposeResult:
        yield OptionList(id="resume-list")
        yield Static(id="resume-notes")

    def show(self, entries: list[SaveEntry], installed: set[str], problems: list[str]) -> None:
        games = self.query_one("#resume-list", OptionList)
        keep = games.highlighted
        games.clear_options()
        if entries:
            games.add_options(Option(entry_prompt(e, e.game in installed), id=e.slot,
                                     disabled=e.game not in installed) for e in entries)
            games.highlighted = 0 if keep is None else min(keep, len(entries) - 1)
        else:
            games.add_option(Option(Content("No unfinished games."), disabled=True))
        notes = self.query_one("#resume-notes", Static)
        notes.update(Content("\n".join(f"⚠ {p}" for p in problems[-SHOWN_PROBLEMS:])))
        notes.display = bool(problems)
