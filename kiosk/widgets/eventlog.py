"""The event log of a match: what happened, wrapped to the width the log has now.

Textual's RichLog wraps a line once, at the width it has when the line is written, so a
log first laid out narrow keeps its short lines in a wide box. This one keeps the
texts (a bounded number) and writes them again whenever its width changes.
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual import events
from textual.widgets import RichLog

MAX_LINES = 1000


class EventLog(RichLog):
    """A RichLog of plain texts that re-wraps on resize."""

    def __init__(self, **kw):
        super().__init__(max_lines=MAX_LINES, wrap=True, min_width=1, **kw)
        self.texts: deque[str] = deque(maxlen=MAX_LINES)
        self._width = 0

    def add(self, text: str) -> None:
        self.texts.append(text)
        self.write(Text(text))

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if width and width != self._width:
            self._width = width
            self.clear()
            for text in self.texts:
                self.write(Text(text))
