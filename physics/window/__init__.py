"""The practice screens in a pygame window, or painted into a PNG without any window.

`build.BuildWindow`, `vending.VendingWindow` and `push.PushWindow` turn pygame events into the benches'
actions (physics.practice) and paint them with `render`; `run` owns the window and the
60 fps loop. What they share lives here: the layout, key reading, the loop, snapshots,
and the question whether a window can be seen at all (`display_problem`).
"""

from __future__ import annotations

import os
import subprocess
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from .. import world  # noqa: E402
from . import render  # noqa: E402

FPS = 60
BUILD_STEPS_PER_FRAME = round(1 / (FPS * world.STEP))
POUR_STEPS_PER_FRAME = round(1 / (FPS * world.POUR_STEP))
SIZE = (1280, 800)
# SDL drivers that draw into memory only: a window "opens" and nobody can see it.
INVISIBLE_DRIVERS = frozenset({"offscreen", "dummy"})
PROBE_SECONDS = 10.0


def ui(size) -> float:
    """How much larger than at 1280×800 words and panels are drawn (never smaller)."""
    return max(1.0, min(size[0] / SIZE[0], size[1] / SIZE[1]))


def layout(size) -> dict[str, pygame.Rect]:
    """The play area, its header and footer, and the panel on the right."""
    w, h = size
    u = ui(size)
    panel = int(max(300 * u, min(440 * u, w * 0.3)))
    header = footer = int(70 * u)
    return {"play": pygame.Rect(0, header, w - panel, h - header - footer),
            "header": pygame.Rect(0, 0, w - panel, header),
            "footer": pygame.Rect(0, h - footer, w - panel, footer),
            "panel": pygame.Rect(w - panel, 0, panel, h)}


def key_of(event) -> tuple[int, bool]:
    """The key and whether Shift is held."""
    return getattr(event, "key", 0), bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)


_PROBE = ("import os; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'; import pygame; "
          "pygame.display.init(); print(pygame.display.get_driver())")


def display_problem() -> str | None:
    """Why no window a person could see can open here, in one line; None when one can.

    SDL falls back to an off-screen driver without an error when there is no display, so
    a window would open in memory and wait for keys nobody can press. The question is
    asked in a child process: SDL writes its own complaints to stderr, which would land in
    the middle of a terminal screen, and a broken video driver cannot take the caller down.
    """
    try:
        done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                              timeout=PROBE_SECONDS, env=os.environ.copy())
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"no window can open here (the display check failed: {type(e).__name__})"
    driver = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    if done.returncode != 0 or not driver:
        last = (done.stderr.strip().splitlines() or ["no video driver"])[-1]
        return f"no window can open here ({last})"
    if driver in INVISIBLE_DRIVERS:
        return f"there is no graphical display here (SDL found only its '{driver}' video driver)"
    return None


def run(screen, *, fullscreen: bool = False, size=SIZE, caption: str = "Tokyo practice") -> None:
    """Open a window (or the full screen) and run `screen` at 60 fps until it quits."""
    pygame.display.init()
    pygame.font.init()
    try:
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        display = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        pygame.display.set_caption(caption)
        pygame.key.set_repeat(300, 40)
        clock = pygame.time.Clock()
        while not screen.quit:
            for event in pygame.event.get():
                screen.handle(event)
            screen.update()
            screen.draw(display)
            pygame.display.flip()
            clock.tick(FPS)
    finally:
        pygame.display.quit()


def snapshot(screen, path, size=SIZE, **draw) -> None:
    """Paint `screen` onto an off-screen Surface and save it as a PNG (OSError if it cannot)."""
    surface = pygame.Surface(size)
    screen.draw(surface, **draw)
    try:
        render.save_png(surface, path)
    except pygame.error as e:
        raise OSError(str(e)) from e
