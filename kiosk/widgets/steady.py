"""Text that is redrawn only when it changes, and laid out again only when its size may.

Every move redraws the play screen; with eight phones moving back to back, redraws are
where the kiosk spends its time, and a line that reads as it did costs a layout of the
whole screen all the same (Static.update). `show` updates a Static only when its words or
their styles differ from what it shows, and asks for a new layout only when the number of
lines changes or a line is too long for the width it has (it would wrap).
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


def show(static: Static, content: Content) -> bool:
    """Put `content` in `static` unless it shows exactly that already; True when it changed."""
    old = static.content
    if isinstance(old, Content) and old.plain == content.plain and old.spans == content.spans:
        return False
    width = static.content_region.width
    same_size = (isinstance(old, Content) and width > 0 and old.plain.count("\n") == content.plain.count("\n")
                 and max(map(len, old.plain.split("\n"))) <= width
                 and max(map(len, content.plain.split("\n"))) <= width)
    static.update(content, layout=not same_size)
    return True
