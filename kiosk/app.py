"""The Textual kiosk: a menu of games, set-up, play and the final scores on one screen.

The app also keeps the kiosk running unattended: autosaves (kiosk.store), an idle
timeout to the attract screen, the lock (no quit keys; the operator leaves with a PIN),
the practice screens (drawn inside the kiosk, or in a pygame window through
`App.suspend()` where there is a display), and an apology instead of a crash when a
game raises.
"""

from __future__ import annotations

import time

from textual import events
from textual.app import App, SuspendNotSupported
from textual.binding import Binding
from textual.screen import Screen

from core.errors import TokyoError

from .config import ConfigError, KioskConfig, data_dir, load_config
from .guard import GUARDED, guard, guarded
from .guard import seconds as GUARD_SECONDS
from .screens.menu import MenuScreen
from .store import SaveStore
from .textual_memory import fix_styles_cache

# Input that counts as someone at the screen.
ACTIVITY = (events.Key, events.MouseDown, events.MouseScrollDown, events.MouseScrollUp)
LOCKED_ACTIONS = {"quit", "suspend_process", "command_palette", "help_quit"}
_UNASKED = object()


#: the phones' port unless told otherwise (0: any free port, as each served kiosk takes)
PHONE_PORT = 8765


class TokyoKiosk(App):
    """The shared-screen kiosk; the menu is the bottom screen every game returns to."""

    CSS_PATH = "kiosk.tcss"
    TITLE = "Tokyo Series Kiosk"
    # People at a café should not wander into themes and system commands.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+o", "operator", "Operator", show=False, priority=True)]

    def __init__(self, *, bot_delay: float | None = None, seed: int | None = None, lock: bool = False,
                 config: KioskConfig | None = None, data=None, clock=time.monotonic,
                 phone_host: str = "0.0.0.0", phone_port: int = PHONE_PORT):
        super().__init__()
        fix_styles_cache()       # a closed screen's drawn lines are not kept by Textual's colour cache
        #: where the phones' server listens when a match has phone seats (kiosk.phones)
        self.phone_host = phone_host
        self.phone_port = phone_port
        self.config_problem = ""
        if config is None:
            try:
                config = load_config()
            except ConfigError as e:
                config, self.config_problem = KioskConfig(), str(e)
        self.config = config
        self.bot_delay = config.bot_delay if bot_delay is None else bot_delay
        self.fixed_seed = config.seed if seed is None else seed
        self.lock = lock
        self.store = SaveStore(data_dir() if data is None else data)
        self.clock = clock
        self.last_input = clock()
        self.idle_resets = 0
        self._window_problem = _UNASKED

    def get_default_screen(self) -> Screen:
        return MenuScreen()

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        idle = self.config.idle_seconds
        if idle > 0:
            self.set_interval(min(1.0, idle / 4), self.idle_tick, name="idle")
        if self.config_problem:
            self.notify(f"{self.config_problem}. Using the default settings.",
                        title="Kiosk settings", severity="warning", timeout=15)

    def new_seed(self) -> int:
        """The seed of the next match: the fixed one (a test's, or kiosk.toml's `seed` for a
        demonstration table), otherwise from the clock."""
        if self.fixed_seed is not None:
            return self.fixed_seed
        return time.time_ns() & ((1 << 63) - 1)

    def back_to_menu(self) -> None:
        """Close every screen above the menu."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    # ---- matches ---------------------------------------------------------------------

    def start_match(self, game, seats, options: dict) -> str | None:
        """A new match from the set-up screen, saved at once in a fresh slot (so it can be
        resumed even if its board fails to draw); words for the set-up screen when the game
        refuses the table (a player who begins beyond the seats), and nothing starts."""
        from .screens.play import PlayScreen
        from .session import make_meta
        try:
            match = game.new(len(seats), seed=self.new_seed(), options=options)
        except ValueError as e:
            return str(e)
        play = PlayScreen(game, match, seats, slot=self.store.new_slot(game.name))
        try:
            self.store.autosave(play.slot, match, make_meta(game, seats, play.bot_rngs))
        except OSError:
            pass  # the play screen says so at its first autosave
        self.push_screen(play)
        return None

    def resume(self, slot: str) -> str | None:
        """Open a saved match; words for the menu when it cannot be resumed. When an earlier
        copy had to be used, players are told how many moves were lost."""
        from core.session import BOT_STREAM

        from .screens.play import PlayScreen
        from .session import bot_rngs_from_meta, seats_from_meta
        from .store import GameMissing, SaveMissing, SaveSetAside
        from .widgets.resume import notice_words
        try:
            opened = self.store.open_match(slot)
            match = opened.match
            seats = seats_from_meta(opened.meta, match.game, match.players)
            rngs = bot_rngs_from_meta(opened.meta, seats, match.log.seed, BOT_STREAM)
        except SaveSetAside as e:
            return notice_words(e.notice)
        except GameMissing as e:
            self.log_error(f"resume {slot}", e)
            return "This game cannot start on this kiosk now; it is kept for later."
        except SaveMissing:
            return "That game is no longer saved: it may have been finished on another screen."
        except (TokyoError, ValueError) as e:
            self.log_error(f"resume {slot}", e)
            return "That game could not be opened."
        self.push_screen(PlayScreen(match.game, match, seats, slot=slot, bot_rngs=rngs))
        if opened.notice is not None:
            self.notify(notice_words(opened.notice), title="Saved game", severity="warning", timeout=20)
        return None

    def game_failed(self, play, error: BaseException) -> None:
        """A game raised: log it for the operator, apologise, keep the last autosave."""
        from .screens.apology import ApologyScreen
        self.log_error(f"{play.game.info.title} (save {play.slot})", error)
        resumable = play.slot is not None and self.store.path(play.slot).exists()
        self.push_screen(ApologyScreen(play.game.info.title, resumable))

    def _handle_exception(self, error: Exception) -> None:
        """A game's board can also fail while Textual draws it: apologise rather than quit."""
        from .screens.play import PlayScreen
        play = next((s for s in reversed(self.screen_stack) if isinstance(s, PlayScreen)), None)
        if play is None or play.failed:
            super()._handle_exception(error)
            return
        play.failed = True
        self.call_later(self.game_failed, play, error)

    def log_error(self, what: str, error: BaseException) -> None:
        """Append the traceback to errors.log in the data folder (kept small), where the
        saves' details also go."""
        self.store.log_error(what, error)

    # ---- practice --------------------------------------------------------------------

    def open_practice(self, key: str) -> str | None:
        """A practice screen: in a window where this machine has a display of its own, else
        drawn inside the kiosk. A message for the menu when neither can open."""
        from . import practice
        note = None
        if not self.is_web and self.window_problem() is None:
            try:
                with self.suspend():
                    practice.run_window(key, fullscreen=self.lock)
                return None
            except practice.PracticeUnavailable as e:
                note = f"{e} It is shown inside the kiosk instead."
            except SuspendNotSupported:
                note = "This terminal cannot hand the screen to a practice window; it is shown inside the kiosk."
            finally:
                self.touch()
        try:
            self.push_screen(practice.textual_screen(key))
        except practice.PracticeUnavailable as e:
            return str(e)
        if note:
            self.notify(note, title="Practice", severity="warning", timeout=10)
        return None

    def window_problem(self) -> str | None:
        """Why practice cannot open a window here (asked once per kiosk), or None."""
        if self._window_problem is _UNASKED:
            from . import practice
            self._window_problem = practice.window_problem()
        return self._window_problem

    # ---- idle, attract and the lock ----------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, ACTIVITY):
            self.touch()
        if isinstance(event, GUARDED) and self.screen_stack and guarded(self.screen, event):
            return           # a key meant for the screen before this one (kiosk.guard)
        await super().on_event(event)

    def touch(self) -> None:
        """Someone is here: start the idle time again."""
        self.last_input = self.clock()
        self.idle_resets += 1

    def idle_tick(self) -> None:
        """After `idle_seconds` without input: the menu under the attract screen."""
        from .screens.attract import AttractScreen
        if self.clock() - self.last_input < self.config.idle_seconds:
            return
        if isinstance(self.screen, AttractScreen):
            return
        self.back_to_menu()
        self.push_screen(AttractScreen())

    def _screen_changed(self, screen: Screen) -> None:
        """Another screen is on top (pushed, or back after one was closed): for a moment its keys
        and clicks do not count (kiosk.guard), so none meant for the screen before plays there."""
        pause = self.config.key_pause
        guard(screen, GUARD_SECONDS() if pause is None else pause)

    def action_press_key(self, key: str) -> None:
        """A key touched on the key bar: as if it were pressed."""
        self.simulate_key(key)

    def check_action(self, action: str, parameters) -> bool | None:
        if self.lock and action in LOCKED_ACTIONS:
            return False
        if action == "operator" and not self.lock:
            return False
        return True

    def action_operator(self) -> None:
        """ctrl+o in a locked kiosk: the PIN prompt; the right PIN closes the kiosk."""
        from .screens.pin import PinScreen
        if isinstance(self.screen, PinScreen):
            return

        def done(ok: bool | None) -> None:
            if ok:
                self.exit(0)

        self.push_screen(PinScreen(self.config.pin), done)


def run_kiosk(**kw) -> None:
    """Run the kiosk in the terminal until someone quits (or the operator leaves)."""
    app = TokyoKiosk(**kw)
    settle_garbage_collector()
    app.run()


def settle_garbage_collector() -> None:
    """What is loaded by now (Textual, the games, the app) stays for the kiosk's life: move it
    out of the collector's sight, and let the collector run after 20,000 new objects, not
    700. Drawing a screen makes objects by the thousand, and each collection walked them all
    again: measured, a tenth of the kiosk's CPU."""
    import gc
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
