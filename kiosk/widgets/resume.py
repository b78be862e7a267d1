"""The menu's list of unfinished games: game, seats, move number and when it was saved.

Filled from the saves' envelopes only (no game is imported), one entry per match. Games
that could not be opened are listed underneath as notes in players' words (the game and
when it was saved); the file names and errors are in the operator's log, not here.
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..store import SaveEntry, SaveNotice

SHOWN_PROBLEMS = 2  # each may take three lines of a narrow list


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


def notice_words(notice: SaveNotice, now: float | None = None) -> str:
    """'Chocolate Milk (today 14:02) could not be opened; an earlier copy was used and
    1 move was lost.' or '… could not be opened and was set aside.'"""
    game = f"{notice.title} ({when(notice.saved_at, now)})"
    if notice.moves_lost is None:
        return f"{game} could not be opened and was set aside."
    n = notice.moves_lost
    lost = "no moves were lost" if n == 0 else "1 move was lost" if n == 1 else f"{n} moves were lost"
    return f"{game} could not be opened; an earlier copy was used and {lost}."


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

    def show(self, entries: list[SaveEntry], installed: set[str], problems: list[SaveNotice]) -> None:
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
        lines = [f"⚠ {notice_words(p)}" for p in problems[-SHOWN_PROBLEMS:]]
        if len(problems) > SHOWN_PROBLEMS:
            lines.append(f"⚠ … and {len(problems) - SHOWN_PROBLEMS} more.")
        notes.update(Content("\n".join(lines)))
        notes.display = bool(problems)
