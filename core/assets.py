"""Asset files: the shipped data under assets/, overridable by the user's own copies.

A user who owns the boxes can correct any reconstructed value without touching code:
put a TOML file of the same name in the override folder (``TOKYO_ASSETS`` if set, else
``<user config dir>/tokyo-kiosk/assets``); its tables and values replace the shipped ones
key by key, lists as a whole.
"""

from __future__ import annotations

import os
import tomllib
from importlib import resources
from pathlib import Path

from .errors import AssetError


def override_dir() -> Path:
    env = os.environ.get("TOKYO_ASSETS")
    if env:
        return Path(env)
    from platformdirs import user_config_dir
    return Path(user_config_dir("tokyo-kiosk")) / "assets"


def shipped_path(name: str):
    return resources.files("assets").joinpath(name)


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def _parse(text: str, where: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise AssetError(f"{where} is not valid TOML: {e}") from e


def signature(name: str) -> tuple | None:
    """What identifies the user's override of `name` now (None: there is none), for caches."""
    user = override_dir() / name
    try:
        st = user.stat()
    except OSError:
        return None
    return str(user), st.st_mtime_ns, st.st_size


def load(name: str, *, use_override: bool = True) -> dict:
    """The asset `name` (e.g. 'drinks.toml'), shipped values merged with the user's."""
    shipped = shipped_path(name)
    try:
        data = _parse(shipped.read_text(encoding="utf-8"), f"assets/{name}")
    except FileNotFoundError as e:
        raise AssetError(f"the shipped asset {name!r} is missing") from e
    if use_override:
        user = override_dir() / name
        if user.is_file():
            data = _merge(data, _parse(user.read_text(encoding="utf-8"), str(user)))
    return data
