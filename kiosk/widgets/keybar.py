"""The key bar at the bottom of every screen: its keys, each one clickable or touchable.

A light stand-in for Textual's Footer: one widget redrawn when the screen's bindings
change, instead of a widget per key composed again each time (which cost the menu a
good part of its start-up time). A click or touch on a key presses that key.
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget


class KeyBar(Widget):
    """'f1 How to play  esc Leave game' for the bindings the screen shows now."""

    COMPONENT_CLASSES = {"keybar--key"}

    def __init__(self, **kw):
        super().__init__(**kw)
        self.keys = Content("")

    def render(self) -> Content:
        return self.keys

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self._changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, screen) -> None:
        if screen is not self.screen:
            return
        key_style = self.get_visual_style("keybar--key")
        parts: list = []
        seen = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if not binding.show or not active.enabled or binding.action in seen:
                continue
            seen.add(binding.action)
            click = f"app.press_key({binding.key.split(',')[0]!r})"
            label = Content.assemble((f" {self.app.get_key_display(binding)} ", key_style),
                                     f"{binding.description} ")
            parts += [label.stylize(f"@click={click}"), " "]
        keys = Content.assemble(*parts)
        if keys.spans != self.keys.spans or keys.plain != self.keys.plain:
            self.keys = keys
            self.refresh()  # one line of fixed size: no new layout needed
