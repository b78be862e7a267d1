"""The dexterity practice screens in the kiosk: drawn inside it, or in a window of their own.

Inside the kiosk (a terminal, or a browser through `tokyo serve`) the benches of
physics.practice are drawn in half-block pixels (`build.BuildPracticeScreen`,
`vending.VendingPracticeScreen`). On a machine with a display of its own the kiosk hands
the screen to the pygame windows of physics.window, full screen when locked. Which one
is the app's choice (TokyoKiosk.open_practice); everything here turns a missing or
broken module into PracticeUnavailable with words for the person at the screen.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from core.errors import TokyoError


class PracticeUnavailable(TokyoError):
    """A practice screen cannot run here; the message says why."""


@dataclass(frozen=True)
class PracticeScreen:
    key: str
    label: str
    screen: str      # module:class of the Textual screen in this package
    window: str      # module:class of the pygame window in physics.window
    caption: str


SCREENS = (
    PracticeScreen("build", "Practice: building", "build:BuildPracticeScreen", "build:BuildWindow",
                   "Tokyo build practice"),
    PracticeScreen("vending", "Practice: vending machine", "vending:VendingPracticeScreen",
                   "vending:VendingWindow", "Tokyo vending practice"),
    PracticeScreen("push", "Practice: pushing the crate", "push:PushScreen", "push:PushWindow",
                   "Tokyo crate practice"),
)


def screen(key: str) -> PracticeScreen:
    return next(s for s in SCREENS if s.key == key)


def _load(package: str, target: str, label: str):
    module_name, _, name = target.partition(":")
    try:
        module = importlib.import_module(f"{package}.{module_name}")
    except ImportError as e:
        raise PracticeUnavailable(f"{label} is not installed in this kiosk ({e}).") from e
    except Exception as e:  # a broken module must not take the kiosk down
        raise PracticeUnavailable(f"{label} could not be loaded ({type(e).__name__}: {e}).") from e
    found = getattr(module, name, None)
    if found is None:
        raise PracticeUnavailable(f"{label} is not ready yet in this kiosk.")
    return found


def textual_screen(key: str):
    """The practice screen drawn inside the kiosk, ready to push."""
    info = screen(key)
    return _load(__name__, info.screen, info.label)()


def window_problem() -> str | None:
    """Why no practice window could be seen here (physics.window.display_problem), or None."""
    try:
        from physics import window
    except Exception as e:  # pygame missing or broken: the kiosk draws practice itself
        return f"the practice windows cannot load ({type(e).__name__}: {e})"
    return window.display_problem()


def run_window(key: str, *, fullscreen: bool = False) -> None:
    """Open the practice window and return when it is closed."""
    info = screen(key)
    factory = _load("physics.window", info.window, info.label)
    from physics import window
    try:
        window.run(factory(), fullscreen=fullscreen, caption=info.caption)
    except Exception as e:  # pygame.error when the display goes away, and anything else
        raise PracticeUnavailable(f"{info.label} could not open its window ({type(e).__name__}: {e}).") from e
