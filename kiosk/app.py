"""The Textual kiosk: a menu of games, set-up, play and the final scores on one screen."""

from __future__ import annotations

import time

from textual.app import App
from textual.screen import Screen

from .screens.menu import MenuScreen


class TokyoKiosk(App):
    """The shared-screen kiosk; the menu is the bottom screen every game returns to."""

    CSS_PATH = "kiosk.tcss"
    TITLE = "Tokyo Series Kiosk"
    # People at a café should not wander into themes and system commands.
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, *, bot_delay: float = 0.4, seed: int | None = None):
        super().__init__()
        self.bot_delay = bot_delay
        self.fixed_seed = seed

    def get_default_screen(self) -> Screen:
        return MenuScreen()

    def new_seed(self) -> int:
        """The seed of the next match: the fixed one for tests, otherwise from the clock."""
        if self.fixed_seed is not None:
            return self.fixed_seed
        return time.time_ns() & ((1 << 63) - 1)

    def back_to_menu(self) -> None:
        """Close every screen above the menu."""
        while len(self.screen_stack) > 1:
            self.pop_screen()


def run_kiosk(**kw) -> None:
    """Run the kiosk in the terminal until someone quits."""
    TokyoKiosk(**kw).run()
