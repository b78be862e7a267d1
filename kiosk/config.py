"""Where the kiosk keeps its files, and the operator's settings from kiosk.toml.

Saves go to the per-user data folder (`TOKYO_DATA` overrides it, for tests and for
operators who want them elsewhere). The settings file is
`<user config dir>/kiosk.toml` (`TOKYO_CONFIG` names another file), for example:

    pin = "4321"          # the operator PIN that leaves a locked kiosk (ctrl+o)
    idle_seconds = 300    # quiet time before the attract screen; 0 turns it off
    bot_delay = 0.4       # seconds a computer seat waits before it moves
    seed = 7              # every match dealt the same way (a demonstration table); none: from the clock
    key_pause = 0.4       # seconds after a screen appears by itself before its keys count
    phone_certificate = "kiosk.pem"   # serve the phones over HTTPS/WSS with this certificate (PEM) ...
    phone_key = "kiosk.key"           # ... and its private key (relative names: beside this file)
    phone_name = "kiosk.lan"          # the host name the phones' links carry (the certificate's name)
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from core.errors import TokyoError

APP_NAME = "tokyo-kiosk"
DEFAULT_IDLE = 300.0
DEFAULT_BOT_DELAY = 0.4


class ConfigError(TokyoError):
    """kiosk.toml exists but cannot be used; the message says which line or value."""


def data_dir() -> Path:
    """The kiosk's own data folder (saves, the error log)."""
    override = os.environ.get("TOKYO_DATA")
    if override:
        return Path(override)
    from platformdirs import user_data_dir
    return Path(user_data_dir(APP_NAME))


def config_path() -> Path:
    override = os.environ.get("TOKYO_CONFIG")
    if override:
        return Path(override)
    from platformdirs import user_config_dir
    return Path(user_config_dir(APP_NAME)) / "kiosk.toml"


@dataclass(frozen=True)
class KioskConfig:
    """The operator's settings. An empty PIN means none is set."""
    pin: str = ""
    idle_seconds: float = DEFAULT_IDLE
    bot_delay: float = DEFAULT_BOT_DELAY
    #: the seed every match is dealt from; None: a new one from the clock for each match
    seed: int | None = None
    #: seconds after a screen appears by itself before keys count there (kiosk.guard); None:
    #: the kiosk's own pause
    key_pause: float | None = None
    #: the phones' server's certificate and key (PEM files): HTTPS and WSS; None: plain HTTP
    phone_certificate: str | None = None
    phone_key: str | None = None
    #: the host name in the phones' links (one the certificate is for); None: the address
    phone_name: str | None = None
    source: str = ""

    @classmethod
    def from_data(cls, data: dict, source: str = "") -> "KioskConfig":
        unknown = set(data) - set(KNOWN)
        if unknown:
            raise ConfigError(f"{source}: unknown setting {sorted(unknown)[0]!r} (known: {', '.join(KNOWN)})")
        pin = data.get("pin", "")
        if isinstance(pin, int) and not isinstance(pin, bool):
            pin = str(pin)
        if not isinstance(pin, str) or (pin and not (pin.isdigit() and 4 <= len(pin) <= 12)):
            raise ConfigError(f"{source}: pin is 4 to 12 digits in quotes, e.g. pin = \"4321\"")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63):
            raise ConfigError(f"{source}: seed is a whole number from 0 to 2**63-1, e.g. seed = 7")
        pause = _seconds(data, "key_pause", 0.0, source) if "key_pause" in data else None
        if pause is not None and pause > 5:
            raise ConfigError(f"{source}: key_pause is a short pause, 0 to 5 seconds")
        certificate, key = _file(data, "phone_certificate", source), _file(data, "phone_key", source)
        if key is not None and certificate is None:
            raise ConfigError(f"{source}: phone_key needs phone_certificate, the certificate it belongs to")
        name = data.get("phone_name")
        if name is not None and not _host_name(name):
            raise ConfigError(f"{source}: phone_name is a host name such as \"kiosk.lan\" (letters, digits, "
                              "dots and hyphens)")
        return cls(pin=pin, idle_seconds=_seconds(data, "idle_seconds", DEFAULT_IDLE, source),
                   bot_delay=_seconds(data, "bot_delay", DEFAULT_BOT_DELAY, source), seed=seed,
                   key_pause=pause, phone_certificate=certificate, phone_key=key,
                   phone_name=name.lower() if name else None, source=source)


KNOWN = ("pin", "idle_seconds", "bot_delay", "seed", "key_pause", "phone_certificate", "phone_key", "phone_name")


def _file(data: dict, key: str, source: str) -> str | None:
    """A PEM file the setting names, relative to the settings file's folder; it must exist."""
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{source}: {key} is the path of a file, in quotes")
    path = Path(value).expanduser()
    if not path.is_absolute() and source:
        path = Path(source).parent / path
    if not path.is_file():
        raise ConfigError(f"{source}: {key}: there is no file {str(path)!r}")
    return str(path)


def _host_name(name) -> bool:
    if not isinstance(name, str) or not 0 < len(name) <= 253:
        return False
    labels = name.rstrip(".").split(".")
    return all(0 < len(label) <= 63 and label[0] != "-" and label[-1] != "-"
               and all(c.isascii() and (c.isalnum() or c == "-") for c in label) for label in labels)


def _seconds(data: dict, key: str, default: float, source: str) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value < 0:
        raise ConfigError(f"{source}: {key} is a number of seconds, 0 or more")
    return float(value)


def load_config(path: Path | None = None) -> KioskConfig:
    """The settings from kiosk.toml; defaults when there is no such file."""
    path = path or config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return KioskConfig(source=str(path))
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"{path} cannot be read: {getattr(e, 'strerror', None) or e}") from e
    import tomllib  # only when there are settings to read: the kiosk starts quicker
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path} is not valid TOML: {e}") from e
    return KioskConfig.from_data(data, str(path))
