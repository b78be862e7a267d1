"""The dexterity practice screens (pygame windows) behind one small adapter.

`physics.practice` is imported only when someone picks a practice entry, and anything
missing or failing becomes a PracticeUnavailable with words for the person at the
screen, so the kiosk works while that module is absent or cannot open a window.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import TokyoError


class PracticeUnavailable(TokyoError):
    """A practice screen cannot run here; the message says why."""


@dataclass(frozen=True)
class PracticeScreen:
    key: str
    label: str
    class_name: str
    caption: str


SCREENS = (
    PracticeScreen("build", "Practice: building", "BuildPractice", "Tokyo build practice"),
    PracticeScreen("vending", "Practice: vending machine", "VendingPractice", "Tokyo vending practice"),
)
WEB_NOTE = "The practice screens open a window, so they need the kiosk's own display, not a browser."


def screen(key: str) -> PracticeScreen:
    return next(s for s in SCREENS if s.key == key)


def load():
    """The physics.practice module, or PracticeUnavailable saying what is missing."""
    try:
        import physics.practice as module
    except ImportError as e:
        raise PracticeUnavailable(
            f"The practice screens are not installed in this kiosk ({e}).") from e
    except Exception as e:  # a broken module must not take the kiosk down
        raise PracticeUnavailable(
            f"The practice screens could not be loaded ({type(e).__name__}: {e}).") from e
    return module


def prepare(key: str):
    """What `run` needs, checked before the kiosk hands the terminal over."""
    info = screen(key)
    module = load()
    factory = getattr(module, info.class_name, None)
    runner = getattr(module, "run", None)
    if factory is None or runner is None:
        raise PracticeUnavailable(f"{info.label} is not ready yet in this kiosk.")
    return info, factory, runner


def run(key: str) -> None:
    """Open the practice window and return when it is closed."""
    info, factory, runner = prepare(key)
    try:
        runner(factory(), caption=info.caption)
    except Exception as e:  # pygame.error when there is no display, and anything else
        raise PracticeUnavailable(
            f"{info.label} could not open its window ({type(e).__name__}: {e}). "
            "It needs a local graphical display.") from e
