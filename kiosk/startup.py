"""What the kiosk checks before it starts, and the screen a locked kiosk shows when it cannot.

A kiosk that would fail at its first autosave (a data folder that is a file, cannot be
created or cannot be written) or that cannot read its settings is stopped before it
opens. An operator at a terminal gets one line and exit code 2. A locked kiosk on a
shared display, restarted by a supervisor, shows people a short apology instead for
`REST_SECONDS`, then exits with `EXIT_RESTING` so the supervisor tries again.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from core.errors import TokyoError

from .config import KioskConfig, config_path, data_dir, load_config

REST_SECONDS = 30.0
EXIT_RESTING = 3


class StartupError(TokyoError):
    """The kiosk cannot start here; the message says what to fix, in one line."""


class PinMissing(StartupError):
    """`--lock` without a PIN in kiosk.toml: nobody could ever leave the kiosk."""


def _data_words(folder: Path) -> str:
    """'the data folder X', naming TOKYO_DATA when that is where X comes from."""
    source = " (TOKYO_DATA)" if os.environ.get("TOKYO_DATA") else ""
    return f"the data folder {folder}{source}"


def _writable_folder(folder: Path, words: str) -> None:
    """`folder` is a directory (made if missing) in which a file can be made and removed."""
    if folder.exists() and not folder.is_dir():
        raise StartupError(f"{words} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        blocker = next((p for p in folder.parents if p.exists()), None)
        if blocker is not None and not blocker.is_dir():
            raise StartupError(f"{words} cannot be created: {blocker} is a file, not a folder") from e
        raise StartupError(f"{words} cannot be created: {e.strerror or e}") from e
    if not folder.is_dir():
        raise StartupError(f"{words} is not a folder")
    try:
        fd, probe = tempfile.mkstemp(prefix=".probe-", suffix=".tmp", dir=folder)
    except OSError as e:
        raise StartupError(f"{words} cannot be written: {e.strerror or e}") from e
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(b"tokyo-kiosk write probe\n")
    except OSError as e:
        raise StartupError(f"{words} cannot be written: {e.strerror or e}") from e
    finally:
        try:
            os.unlink(probe)
        except OSError:
            pass


def check_data_dir(root: str | os.PathLike | None = None) -> Path:
    """The data folder and its saves folder exist (or are made) and can be written."""
    root = data_dir() if root is None else Path(root)
    _writable_folder(root, _data_words(root))
    _writable_folder(root / "saves", f"the saves folder {root / 'saves'}")
    return root


def check_startup(*, lock: bool) -> KioskConfig:
    """The settings a kiosk can start with; StartupError or ConfigError (one line) if none.

    A damaged kiosk.toml stops the kiosk, locked or not: carrying on with the defaults
    would quietly drop the operator's PIN and timings."""
    check_data_dir()
    config = load_config()
    if lock and not config.pin:
        raise PinMissing(f"a locked kiosk needs an operator PIN: put pin = \"1234\" (4–12 digits) "
                         f"in {config_path()}")
    return config


def _unusable_settings(e: Exception) -> TokyoError:
    return TokyoError(f"{e}; fix it, or remove the file to use the default settings")


def open_kiosk(*, lock: bool, **phones) -> int:
    """The kiosk, once its data folder and settings are usable. If they are not, a locked
    kiosk rests (see `rest`); a missing PIN is a setup mistake, one line either way.
    `phones`: phone_host and phone_port for the phones' server (kiosk.phones)."""
    from .config import ConfigError
    try:
        config = check_startup(lock=lock)
    except PinMissing:
        raise
    except (ConfigError, StartupError) as e:
        if lock:
            return rest(str(e))
        if isinstance(e, ConfigError):
            raise _unusable_settings(e) from e
        raise
    from .app import run_kiosk
    run_kiosk(lock=lock, config=config, **phones)
    return 0


def check_served(*, lock: bool) -> None:
    """What `tokyo serve` checks before it listens: the settings every served kiosk reads."""
    from .config import ConfigError
    try:
        check_startup(lock=lock)
    except ConfigError as e:
        raise _unusable_settings(e) from e


def rest(reason: str) -> int:
    """A locked kiosk that cannot start: say why on stderr (for the operator's log), show
    the apology for REST_SECONDS, and return EXIT_RESTING for the supervisor."""
    print(f"tokyo: {reason}; the kiosk shows “resting” for {REST_SECONDS:g} s, then exits with "
          f"{EXIT_RESTING}", file=sys.stderr, flush=True)
    try:
        RestingKiosk(reason).run()
    except Exception as e:  # nothing to draw on: the line above has said it all
        print(f"tokyo: the resting screen could not be shown: {e}", file=sys.stderr)
    return EXIT_RESTING


class RestingKiosk(App[int]):
    """The apology for the people at the screen, with the reason small for the operator.
    No key ends it: it closes itself after REST_SECONDS (or when the supervisor stops it)."""

    CSS = """
    Screen { align: center middle; }
    #resting-box { width: 80%; max-width: 90; height: auto; padding: 1 2; border: round $accent; }
    #resting-title { text-style: bold; content-align: center middle; width: 100%; }
    #resting-reason { color: $text-muted; margin-top: 2; width: 100%; }
    """
    TITLE = "Tokyo Series Kiosk"
    ENABLE_COMMAND_PALETTE = False
    LOCKED_ACTIONS = {"quit", "help_quit", "suspend_process", "command_palette"}

    def __init__(self, reason: str, seconds: float | None = None):
        super().__init__()
        self.reason = reason
        self.seconds = REST_SECONDS if seconds is None else seconds

    def compose(self) -> ComposeResult:
        with Vertical(id="resting-box"):
            yield Static("This kiosk is resting — please tell the staff", id="resting-title")
            yield Static(self.reason, id="resting-reason", markup=False)

    def on_mount(self) -> None:
        self.set_timer(self.seconds, self.done, name="resting")

    def done(self) -> None:
        self.exit(EXIT_RESTING, return_code=EXIT_RESTING)

    def check_action(self, action: str, parameters) -> bool | None:
        return action not in self.LOCKED_ACTIONS
