"""The kiosk at a real venue: setting up a game with the keyboard alone at any screen size,
and the operator's PIN, whose wrong tries lock PIN entry for a while."""

from __future__ import annotations

import pytest
from textual.widgets import Select, Static

from core import games
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens.menu import MenuScreen
from kiosk.screens.pin import MAX_LOCKOUT, OPERATOR_LOG_MAX, PinGuard, PinScreen
from kiosk.screens.play import PlayScreen
from kiosk.screens.rules import RulesScreen
from kiosk.screens.setup import FormScroll, SetupScreen
from kiosk.widgets.keybar import KeyBar
from tests.kiosk_support import sync, wait_for
from tests.test_kiosk_unattended import FakeClock

SEED = 2024
GAMES = ["chocolate_milk", "tsukiji"]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((100, 30), id="100x30"),
         pytest.param((200, 60), id="200x60")]


def kiosk(**kw) -> TokyoKiosk:
    kw.setdefault("config", KioskConfig(idle_seconds=0))
    return TokyoKiosk(bot_delay=0, seed=SEED, **kw)


async def open_setup(pilot, name: str) -> SetupScreen:
    """The set-up screen of one game, opened from the menu."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    app.push_screen(SetupScreen(games.load(name)))
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.focused is not None,
                   "the set-up screen")
    await pilot.pause()
    return app.screen


def expected_order(name: str, players: int | None = None) -> list[str]:
    """The Tab order the form should have, from the game's own description."""
    info = games.load(name).info
    seats = [f"seat-{part}-{s}" for s in range(players or info.min_players) for part in ("name", "kind")]
    defaults = {o.name: o.default for o in info.options}
    return ["player-count", *seats, *(f"option-{o.name}" for o in info.options if o.applies(defaults)), "start"]


def shown(screen, widget) -> bool:
    """The widget lies wholly on the screen and inside every scrolling part of the form."""
    region = widget.region
    return screen.region.contains_region(region) and all(
        a.region.contains_region(region) for a in widget.ancestors if isinstance(a, FormScroll))


def named_by_label(screen, widget) -> bool:
    """The control and the label beside or above it (Start has none) can both be seen."""
    return shown(screen, widget) and all(
        shown(screen, label) for label in widget.parent.query(".setup-label, .option-label"))


async def tab_to(pilot, widget_id: str, key: str = "tab", limit: int = 60) -> int:
    """Press Tab until `widget_id` has the focus; how many presses it took."""
    for presses in range(1, limit + 1):
        await pilot.press(key)
        if pilot.app.focused.id == widget_id:
            return presses
    raise AssertionError(f"{key} never reached #{widget_id}")


async def choose_by_keys(pilot, steps_down: int) -> None:
    """On a focused Select: Enter opens it, arrows move, Enter takes the choice."""
    select = pilot.app.focused
    await pilot.press("enter")
    await wait_for(pilot, lambda: select.expanded, "the list to open")
    await pilot.press(*["down"] * steps_down, "enter")
    await wait_for(pilot, lambda: not select.expanded, "the list to close")


# ---- set-up by keyboard -------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@sync
async def test_focus_starts_on_the_player_count_and_enter_opens_it(name):
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await open_setup(pilot, name)
        count = setup.query_one("#player-count", Select)
        assert app.focused is count
        await pilot.press("enter")
        await wait_for(pilot, lambda: count.expanded, "the player count's list")
        assert app.screen is setup
        await pilot.press("escape")
        await wait_for(pilot, lambda: not count.expanded, "the list to close")
        assert app.screen is setup and app.focused is count


# Every size for the short form; Tsukiji's long one (two dozen options) at the smallest screen,
# where scrolling matters most (the visibility check below covers its scrolled-away case).
TAB_WALKS = [pytest.param("chocolate_milk", size.values[0], id=f"chocolate_milk-{size.id}") for size in SIZES] + [
    pytest.param("tsukiji", (80, 24), id="tsukiji-80x24")]


@pytest.mark.parametrize("name,size", TAB_WALKS)
@sync
async def test_tab_visits_each_visible_control_once_in_view_and_shift_tab_goes_back(name, size):
    app = kiosk()
    async with app.run_test(size=size) as pilot:
        setup = await open_setup(pilot, name)
        order = expected_order(name)
        forward, out_of_view = [], []
        for _ in order:
            await pilot.press("tab")
            await pilot.pause()
            forward.append(app.focused.id)
            if not named_by_label(setup, app.focused):
                out_of_view.append((app.focused.id, app.focused.region))
        assert forward == order[1:] + order[:1]
        assert out_of_view == []
        # back round the wrap: Tsukiji's long form only far enough to scroll from its top to its
        # bottom and up again (every step of it costs half a second; the order is the same code)
        back = order if name != "tsukiji" else order[:6]
        backward = []
        for _ in back:
            await pilot.press("shift+tab")
            await pilot.pause()
            backward.append(app.focused.id)
            assert shown(setup, app.focused), app.focused.id
        assert backward == list(reversed(order))[:len(back)]


@sync
async def test_the_visibility_check_sees_a_control_scrolled_away():
    """At 80×24 Tsukiji's form is taller than the screen: Start lies below it until the
    form scrolls, and `shown` says so."""
    app = kiosk()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "tsukiji")
        last = setup.query_one("#option-round_limit")
        assert not shown(setup, last)
        body = setup.query_one("#setup-body")
        body.scroll_to_widget(last, animate=False)   # the Tab walk above reaches it by keys; here the check matters
        await pilot.pause()
        assert named_by_label(setup, last)
        assert body.scroll_y > 0
        body.scroll_home(animate=False)
        await pilot.pause()
        assert not shown(setup, last)


async def seats_laid_out(pilot, setup, players: int) -> None:
    """Rows just shown take their places at the next layout; until then Textual's focus order,
    which follows the places on the screen, puts them first."""
    await wait_for(pilot, lambda: all(setup.query_one(f"#seat-name-{s}").virtual_region.height
                                      for s in range(players)), f"{players} seat rows in their places")


@sync
async def test_hidden_seats_are_skipped_and_join_the_order_when_the_count_grows():
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await open_setup(pilot, "chocolate_milk")
        chain = lambda: [w.id for w in setup.focus_chain]
        assert chain() == expected_order("chocolate_milk", 2)
        assert "seat-name-2" not in chain() and setup.query_one("#seat-name-2")  # there, hidden
        await choose_by_keys(pilot, 2)                    # 2 → 4 players
        assert setup.players == 4
        await seats_laid_out(pilot, setup, 4)
        assert chain() == expected_order("chocolate_milk", 4)
        assert await tab_to(pilot, "seat-kind-3") == 8
        await pilot.press("tab")
        assert app.focused.id == "option-variant"
        await tab_to(pilot, "player-count", "shift+tab")
        await choose_by_keys(pilot, 4)                    # 4 → 8 players
        await seats_laid_out(pilot, setup, 8)
        assert chain() == expected_order("chocolate_milk", 8)
        await pilot.press("enter", "up", "up", "up", "up", "up", "enter")
        await wait_for(pilot, lambda: setup.players == 3, "three players")
        assert chain() == expected_order("chocolate_milk", 3)


@sync
async def test_f2_starts_the_game_with_the_settings_chosen_by_keys():
    app = kiosk()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, "chocolate_milk")
        await choose_by_keys(pilot, 1)                    # 3 players
        await tab_to(pilot, "seat-kind-1")
        await pilot.press("enter", "up", "enter")         # Human
        await tab_to(pilot, "seat-name-2")
        await pilot.press("ctrl+u", *"Aiko")
        await tab_to(pilot, "option-refill")
        await choose_by_keys(pilot, 1)                    # draw
        await pilot.press("tab")
        assert app.focused.id == "option-boxes"           # F2 starts from any field
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        play = app.screen
        assert [(s.name, s.bot) for s in play.seats] == [("Player 1", None), ("Player 2", None),
                                                         ("Aiko", "normal")]
        assert play.match.players == 3
        assert play.match.options == {"variant": "strategic", "refill": "draw", "boxes": 1}


@sync
async def test_enter_on_start_starts_and_start_is_one_shift_tab_from_the_player_count():
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot, "tsukiji")
        await pilot.press("shift+tab")
        assert app.focused.id == "start"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        assert [s.bot for s in app.screen.seats] == [None, "normal"]
        assert app.screen.match.players == 2


@sync
async def test_the_key_bar_shows_f2_start_and_f1_and_escape_still_work():
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await open_setup(pilot, "chocolate_milk")
        bar = setup.query_one(KeyBar).render().plain
        assert "f2 Start" in bar and "f1 How to play" in bar and "esc Back" in bar
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "how to play")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is setup, "the set-up screen again")
        assert app.focused.id == "player-count"
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")


@sync
async def test_touching_f2_on_the_key_bar_starts():
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await open_setup(pilot, "chocolate_milk")
        bar = setup.query_one(KeyBar)
        await pilot.click(KeyBar, offset=(bar.render().plain.index("f2"), 0))
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")


# ---- the operator's PIN ------------------------------------------------------------------------

PIN = "482916"
WRONG = ["97531", "86420", "13579", "24680", "75319", "64208", "35791", "46802", "57913", "68024"]


def locked_kiosk(clock) -> TokyoKiosk:
    return kiosk(lock=True, config=KioskConfig(pin=PIN, idle_seconds=0), clock=clock)


async def open_pin(pilot) -> PinScreen:
    await pilot.press("ctrl+o")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PinScreen), "the PIN prompt")
    return pilot.app.screen


async def type_pin(pilot, pin: str) -> None:
    await pilot.press(*pin, "enter")
    await pilot.pause()


def message(screen) -> str:
    screen.show_status()
    return screen.query_one("#pin-message", Static).visual.plain


@sync
async def test_five_wrong_pins_lock_pin_entry_for_a_minute_then_two(tmp_path):
    clock = FakeClock()
    app = locked_kiosk(clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        pin = await open_pin(pilot)
        for n, wrong in enumerate(WRONG[:4]):
            await type_pin(pilot, wrong)
            assert f"not right ({4 - n} {'try' if n == 3 else 'tries'} left)" in message(pin)
        await type_pin(pilot, WRONG[4])
        assert app.screen is pin and app.is_running
        assert "PIN entry is locked for 1 min." in message(pin)
        assert pin.query_one("#pin-ok").disabled
        clock.now += 2
        assert "PIN entry is locked for 58 s." in message(pin)

        await type_pin(pilot, PIN)                        # the right PIN, but too soon
        assert app.is_running and app.screen is pin
        assert "locked for 58 s" in message(pin)
        await pilot.press("escape")                       # closing and opening keeps the lockout
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        clock.now += 57.5
        pin = await open_pin(pilot)
        assert "PIN entry is locked for 1 s." in message(pin)
        await type_pin(pilot, PIN)
        assert app.is_running and app.screen is pin

        clock.now += 0.5                                  # the minute is over: 5 more tries
        assert message(pin) == "" and not pin.query_one("#pin-ok").disabled
        for wrong in WRONG[5:9]:
            await type_pin(pilot, wrong)
        assert "1 try left" in message(pin)
        await type_pin(pilot, WRONG[9])
        assert "PIN entry is locked for 2 min." in message(pin)
        clock.now += 119
        await pilot.press("escape")
        pin = await open_pin(pilot)
        assert "locked for 1 s" in message(pin)
        await type_pin(pilot, PIN)
        assert app.is_running and app.screen is pin
        clock.now += 1
        await type_pin(pilot, PIN)
        await wait_for(pilot, lambda: not app.is_running, "the kiosk to close")
    assert app.return_code == 0

    log = (tmp_path / "data" / "operator.log").read_text().splitlines()
    assert len(log) == 14
    assert [("right" in line, "refused" in line, "wrong" in line) for line in log] == (
        [(False, False, True)] * 5 + [(False, True, False)] * 2 + [(False, False, True)] * 5
        + [(False, True, False), (True, False, False)])
    assert "locked for 1 min" in log[4] and "locked for 2 min" in log[11]
    for typed in WRONG + [PIN]:
        assert all(typed not in line for line in log), typed


@sync
async def test_the_right_pin_after_the_lockout_closes_the_kiosk():
    clock = FakeClock()
    app = locked_kiosk(clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        pin = await open_pin(pilot)
        for wrong in WRONG[:5]:
            await type_pin(pilot, wrong)
        assert "locked" in message(pin)
        clock.now += 60
        await type_pin(pilot, PIN)
        await wait_for(pilot, lambda: not app.is_running, "the kiosk to close")
    assert app.return_code == 0


@sync
async def test_wrong_tries_count_across_prompts_and_an_empty_field_is_no_try():
    clock = FakeClock()
    app = locked_kiosk(clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        for n, wrong in enumerate(WRONG[:5]):
            pin = await open_pin(pilot)
            left = f"{5 - n} {'try' if n == 4 else 'tries'} left"
            assert message(pin) == (f"{left.capitalize()} before PIN entry is locked." if n else "")
            await pilot.press("enter")                     # nothing typed
            await type_pin(pilot, wrong)
            assert ("not right" if n < 4 else "locked for 1 min") in message(pin)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        pin = await open_pin(pilot)
        assert "PIN entry is locked for 1 min." in message(pin)
        await type_pin(pilot, PIN)
        assert app.is_running and app.screen is pin


def test_a_right_pin_resets_the_count_and_lockouts_double_up_to_a_cap(tmp_path):
    clock = FakeClock()
    guard = PinGuard(clock, tmp_path / "operator.log")
    for _ in range(4):
        assert guard.attempt("1111", PIN) == "wrong"
    assert guard.attempt(PIN, PIN) == "right"
    assert guard.tries_left == 5
    lockouts = []
    for _ in range(8):
        for _ in range(4):
            assert guard.attempt("1111", PIN) == "wrong"
        assert guard.attempt("1111", PIN) == "locked"
        lockouts.append(guard.locked_for())
        assert guard.attempt(PIN, PIN) == "refused"
        clock.now += lockouts[-1]
    assert lockouts == [60, 120, 240, 480, 960, MAX_LOCKOUT, MAX_LOCKOUT, MAX_LOCKOUT]
    assert guard.attempt(PIN, PIN) == "right"
    for _ in range(4):
        guard.attempt("1111", PIN)
    assert guard.attempt("1111", PIN) == "locked" and guard.locked_for() == 60


def test_the_operator_log_stays_small(tmp_path):
    path = tmp_path / "operator.log"
    path.write_text("x" * (OPERATOR_LOG_MAX + 1))
    guard = PinGuard(FakeClock(), path)
    guard.attempt("1111", PIN)
    assert (tmp_path / "operator.log.old").stat().st_size == OPERATOR_LOG_MAX + 1
    assert path.read_text().count("\n") == 1 and "wrong PIN" in path.read_text()
