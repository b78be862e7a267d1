"""Screenshots of the kiosk at the smallest supported size and a roomy one.

Regenerate after a deliberate change with
`.venv/bin/pytest tests/test_kiosk_snapshots.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import pytest

from kiosk.app import TokyoKiosk
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.screens.setup import SetupScreen

SEED = 2024
SIZES = [pytest.param((100, 30), id="100x30"), pytest.param((140, 45), id="140x45")]


async def wait_for(pilot, condition, what: str, limit: int = 200) -> None:
    for _ in range(limit):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what}")


async def to_menu(pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")


async def to_setup(pilot) -> None:
    await to_menu(pilot)
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SetupScreen), "the set-up screen")


async def to_play(pilot) -> None:
    """Start the default table (seat 1 human, seat 2 the dealer) and wait for seat 1's turn."""
    await to_setup(pilot)
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen)
                   and pilot.app.screen.human == 0, "seat 1's turn")


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, size):
    assert snap_compare(TokyoKiosk(bot_delay=0, seed=SEED), terminal_size=size, run_before=to_menu)


@pytest.mark.parametrize("size", SIZES)
def test_setup(snap_compare, size):
    assert snap_compare(TokyoKiosk(bot_delay=0, seed=SEED), terminal_size=size, run_before=to_setup)


@pytest.mark.parametrize("size", SIZES)
def test_chocolate_milk_play(snap_compare, size):
    assert snap_compare(TokyoKiosk(bot_delay=0, seed=SEED), terminal_size=size, run_before=to_play)
