"""A kiosk left running all day: idle to the attract screen, the lock and its PIN, an
apology when a game breaks, and the settings file (the practice screens: test_kiosk_practice)."""

from __future__ import annotations


import pytest
from textual.widgets import Input, OptionList, Static

from kiosk.app import TokyoKiosk
from kiosk.boards import GenericBoard
from kiosk.config import ConfigError, KioskConfig, load_config
from kiosk.screens import Seat
from kiosk.screens.apology import ApologyScreen
from kiosk.screens.attract import AttractScreen, parade_line
from kiosk.screens.menu import MenuScreen
from kiosk.screens.pin import PinScreen
from kiosk.screens.play import PlayScreen
from tests.kiosk_support import sync

SIZE = (100, 30)


async def wait_for(pilot, condition, what: str, limit: int = 200, delay: float | None = None) -> None:
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(delay)
    raise AssertionError(f"timed out waiting for {what}")


async def at_menu(pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")


async def first_save(pilot):
    """The top entry of the menu's resume list, once the list has been read."""
    resume = pilot.app.screen.query_one("#resume-list", OptionList)
    await wait_for(pilot, lambda: resume.get_option_at_index(0).id, "a saved game in the list")
    return resume.get_option_at_index(0)


def menu_status(app) -> str:
    return app.screen.query_one("#menu-status", Static).visual.plain


class FakeClock:
    """Monotonic time the test moves by hand, so idle tests wait for nothing."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ---- idle and the attract screen --------------------------------------------------------

@sync
async def test_keys_and_clicks_reset_the_idle_time():
    clock = FakeClock()
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=60), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        clock.now += 50
        app.idle_tick()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("down")          # a key: 50 more seconds are not yet idle
        clock.now += 50
        app.idle_tick()
        assert isinstance(app.screen, MenuScreen)
        await pilot.click("#menu-games")   # a touch: again
        clock.now += 50
        app.idle_tick()
        assert isinstance(app.screen, MenuScreen)
        clock.now += 11                    # 61 s since the touch
        app.idle_tick()
        await wait_for(pilot, lambda: isinstance(app.screen, AttractScreen), "the attract screen")
        await pilot.press("x")             # any key: back to the menu, the key is not passed on
        await at_menu(pilot)
        assert len(app.screen_stack) == 1


@sync
async def test_idle_during_a_game_shows_attract_and_the_game_stays_resumable(chocolate_milk):
    clock = FakeClock()
    app = TokyoKiosk(bot_delay=0, seed=11, config=KioskConfig(idle_seconds=60), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        app.start_match(chocolate_milk, [Seat("Aiko"), Seat("Bo", "dealer")], {})
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.human == 0,
                       "Aiko's turn")
        play = app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: play.human == 0 and len(play.match.log.moves) >= 2, "a round")
        moves = len(play.match.log.moves)
        # Nobody touches anything for a minute: the kiosk's own timer brings up the attract screen.
        clock.now += 61
        await wait_for(pilot, lambda: isinstance(app.screen, AttractScreen) and app.screen.query("#attract-hint"),
                       "the attract screen", limit=60, delay=0.05)
        assert not any(isinstance(s, PlayScreen) for s in app.screen_stack)
        shown = app.screen.query_one("#attract-hint", Static).visual.plain
        assert "press any key" in shown
        await pilot.click("#attract-title")
        await at_menu(pilot)
        entry = await first_save(pilot)
        assert f"move {moves + 1}" in str(entry.prompt)
        app.screen.query_one("#resume-list").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the resumed game")
        assert app.screen.match.log.moves == play.match.log.moves
        assert [s.name for s in app.screen.seats] == ["Aiko", "Bo"]
        assert app.screen.seats[1].bot == "dealer"


def test_the_attract_parade_carries_letters_as_well_as_colours():
    line = parade_line(0, width=500).plain
    for letter, name in (("W", "white"), ("K", "black"), ("T", "tuna"), ("S", "salmon")):
        assert f"{letter} {name}" in line
    assert parade_line(1, width=500).plain != line


# ---- the lock and the operator's PIN ------------------------------------------------------

@sync
async def test_locked_kiosk_ignores_quit_keys_and_exits_only_with_the_pin():
    app = TokyoKiosk(bot_delay=0, lock=True, config=KioskConfig(pin="4321", idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        footer_keys = {b.binding.action for b in app.screen.active_bindings.values()
                       if b.enabled and b.binding.show}
        assert "app.quit" not in footer_keys
        for key in ("q", "ctrl+q", "ctrl+c", "ctrl+p"):
            await pilot.press(key)
            await pilot.pause()
            assert app.is_running and isinstance(app.screen, MenuScreen), key

        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, PinScreen), "the PIN prompt")
        field = app.screen.query_one("#pin", Input)
        assert field.password and app.focused is field
        await pilot.press(*"1234", "enter")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, PinScreen)
        assert field.value == ""
        assert "not right" in app.screen.query_one("#pin-message", Static).visual.plain
        await pilot.press("escape")
        await at_menu(pilot)

        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, PinScreen), "the PIN prompt again")
        await pilot.press(*"4321", "enter")
        await wait_for(pilot, lambda: not app.is_running, "the kiosk to close")
    assert app.return_code == 0


@sync
async def test_unlocked_kiosk_quits_with_q_and_has_no_pin_prompt():
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(pin="4321", idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running, "the kiosk to quit")


def test_settings_file(tmp_path, monkeypatch):
    path = tmp_path / "kiosk.toml"
    assert load_config(path) == KioskConfig(source=str(path))
    path.write_text('pin = "4321"\nidle_seconds = 120\nbot_delay = 0\n')
    assert (load_config(path).pin, load_config(path).idle_seconds, load_config(path).bot_delay) == ("4321", 120, 0)
    path.write_text("pin = 98765\n")
    assert load_config(path).pin == "98765" and load_config(path).seed is None
    path.write_text("seed = 7\n")
    assert load_config(path).seed == 7
    assert [TokyoKiosk(config=load_config(path)).new_seed() for _ in range(2)] == [7, 7]
    assert TokyoKiosk(config=KioskConfig()).new_seed() != TokyoKiosk(config=KioskConfig()).new_seed()
    for bad, words in (('pin = "12"', "4 to 12 digits"), ("idle_seconds = -1", "0 or more"),
                       ("colour = 1", "unknown setting"), ("seed = -1", "whole number"),
                       ('seed = "7"', "whole number"), ("seed = 1.5", "whole number"), ("seed = true", "whole number"),
                       ("pin = ", "not valid TOML")):
        path.write_text(bad + "\n")
        with pytest.raises(ConfigError, match=words):
            load_config(path)
    monkeypatch.setenv("TOKYO_CONFIG", str(path))
    app = TokyoKiosk()
    assert app.config == KioskConfig() and "not valid TOML" in app.config_problem


def test_lock_without_a_pin_refuses_to_start(tmp_path, monkeypatch, capsys):
    from tokyo.cli import main
    monkeypatch.setenv("TOKYO_CONFIG", str(tmp_path / "none.toml"))
    assert main(["kiosk", "--lock"]) == 2
    assert "needs an operator PIN" in capsys.readouterr().err


# ---- a game that breaks ---------------------------------------------------------------------

async def start_cm(pilot, game) -> PlayScreen:
    await at_menu(pilot)
    pilot.app.start_match(game, [Seat("Aiko"), Seat("Bo", "dealer")], {})
    await wait_for(pilot, lambda: any(isinstance(s, PlayScreen) for s in pilot.app.screen_stack), "play")
    return next(s for s in pilot.app.screen_stack if isinstance(s, PlayScreen))


@sync
async def test_rules_raising_apologises_and_keeps_the_last_autosave(chocolate_milk, monkeypatch, tmp_path):
    real_apply = chocolate_milk.rules.apply
    calls = []

    def apply_once_broken(state, seat, action, rng):
        calls.append(seat)
        if len(calls) == 4:
            raise RuntimeError("the vending machine is jammed")
        return real_apply(state, seat, action, rng)

    monkeypatch.setattr(chocolate_milk.rules, "apply", apply_once_broken)
    app = TokyoKiosk(bot_delay=0, seed=3, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        play = await start_cm(pilot, chocolate_milk)
        while not isinstance(app.screen, ApologyScreen):
            await wait_for(pilot, lambda: play.human == 0 or isinstance(app.screen, ApologyScreen),
                           "Aiko's turn or the apology")
            if play.human == 0 and not isinstance(app.screen, ApologyScreen):
                await pilot.press("enter")
        good = list(play.match.log.moves)
        assert len(good) == 3
        text = " ".join(w.visual.plain for w in app.screen.query(Static))
        assert "Sorry" in text and "Resume" in text
        assert "jammed" not in text  # the details go to the operator's log
        errors = (tmp_path / "data" / "errors.log").read_text()
        assert "RuntimeError: the vending machine is jammed" in errors
        await pilot.press("enter")  # a stray Enter does not skip the apology
        assert isinstance(app.screen, ApologyScreen)
        await pilot.press("m")
        await at_menu(pilot)
        entry = await first_save(pilot)
        assert "move 4" in str(entry.prompt)
        assert app.resume(entry.id) is None
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the resumed game")
        assert app.screen.match.log.moves == good


class ShowBreaks(GenericBoard):
    def show(self, view):
        raise KeyError("a view key the board expected")


class ComposeBreaks(GenericBoard):
    def compose(self):
        raise ValueError("the board cannot be drawn")
        yield


@pytest.mark.parametrize("board", [ShowBreaks, ComposeBreaks])
@sync
async def test_a_board_raising_apologises(board, chocolate_milk, monkeypatch):
    monkeypatch.setattr("kiosk.screens.play.board_for", lambda name: board)
    app = TokyoKiosk(bot_delay=0, seed=3, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        await start_cm(pilot, chocolate_milk)
        await wait_for(pilot, lambda: isinstance(app.screen, ApologyScreen), "the apology")
        await pilot.click("#apology-ok")
        await at_menu(pilot)
        assert app.is_running
        assert "Chocolate Milk" in str((await first_save(pilot)).prompt)
