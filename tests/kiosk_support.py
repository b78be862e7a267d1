"""What the kiosk's Pilot tests share: running them, and waiting for the app."""

from __future__ import annotations

import asyncio
import functools


def sync(test):
    """Run an async test in its own event loop (the project has no async pytest plugin)."""
    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))
    return run


async def wait_for(pilot, condition, what: str, limit: int = 300) -> None:
    """Let the app process messages until `condition()` holds; fail after `limit` rounds."""
    for _ in range(limit):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what}")


async def choose_action(pilot, play, key: str) -> None:
    """Choose `key` in the play screen's action list by keys, as a person would: arrows to
    it, then Enter."""
    from textual.widgets import OptionList
    options = play.query_one("#actions", OptionList)
    index = next(i for i in range(options.option_count) if options.get_option_at_index(i).id == key)
    options.focus()
    for _ in range(options.option_count):
        if options.highlighted == index:
            break
        await pilot.press("down" if (options.highlighted or 0) < index else "up")
    await pilot.press("enter")


async def table(pilot, app):
    """The play screen once a match has started (a curtain may lie over it)."""
    from kiosk.screens.play import PlayScreen
    await wait_for(pilot, lambda: any(isinstance(s, PlayScreen) for s in app.screen_stack), "the table")
    return next(s for s in app.screen_stack if isinstance(s, PlayScreen))


async def curtain_then(pilot, play, seat: int) -> None:
    """Lift the curtain for `seat` (Space), as its player would, and wait for their turn."""
    from kiosk.screens.curtain import CurtainScreen
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen), f"the curtain for seat {seat + 1}")
    await pilot.press("space")
    await wait_for(pilot, lambda: pilot.app.screen is play and play.human == seat, f"seat {seat + 1}'s turn")


def screen_lines(app) -> str:
    """What the app's screen shows, line by line as its SVG export draws it (each line's
    spans joined as they stand, so words split by style still read whole)."""
    import html
    import re
    lines: dict[float, list[str]] = {}
    for y, text in re.findall(r'<text [^>]*?y="([0-9.]+)"[^>]*>(.*?)</text>', app.export_screenshot()):
        lines.setdefault(float(y), []).append(html.unescape(text).replace("\xa0", " "))
    return "\n".join("".join(parts) for _, parts in sorted(lines.items()))


async def results_seen(pilot, app) -> None:
    """Go on past what a phase came to (kiosk.screens.result), as a person at the screen does
    once they have read it: Enter, as often as results come."""
    from kiosk.screens.result import ResultScreen
    for _ in range(20):
        await pilot.pause()
        if not isinstance(app.screen, ResultScreen):
            return
        await pilot.press("enter")


async def turn_of(pilot, app, play, seat: int, what: str = "", limit: int = 300) -> None:
    """Wait for `seat`'s move on the play screen, going on past each phase's result on the way
    (Enter, as a person does once they have read it)."""
    from kiosk.screens.result import ResultScreen
    for _ in range(limit):
        if app.screen is play and play.human == seat:
            return
        if isinstance(app.screen, ResultScreen):
            await pilot.press("enter")
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what or f'seat {seat + 1}'}")


async def reach_build(pilot, app, what: str = "the build screen", limit: int = 900):
    """Up to a person's build screen, as that person gets there: through the hand-over before
    it (Space, when they are ready) and past each phase's result on the way (Enter)."""
    from kiosk.practice.turn import BuildTurnScreen
    from kiosk.screens.ready import ReadyScreen
    from kiosk.screens.result import ResultScreen
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, BuildTurnScreen) and screen.is_mounted and screen.query("#practice-supply") \
                and screen.started is not None:
            return screen
        if isinstance(screen, ReadyScreen) and screen.is_mounted:
            await pilot.press("space")
        elif isinstance(screen, ResultScreen) and screen.is_mounted:
            await pilot.press("enter")
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what}")
