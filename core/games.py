"""Plugin discovery: games register in the entry-point group ``tokyo.games``.

Listing reads each plugin's ``info.toml`` beside its package without importing the
game's code; loading imports exactly one plugin and turns any failure into a
PluginError that says what went wrong.
"""

from __future__ import annotations

import importlib
import importlib.util
import tomllib
from functools import lru_cache
from pathlib import Path

from . import assets as asset_files
from .entrypoints import EntryPoint, entry_points
from .errors import AssetError, PluginError
from .game import Game, GameInfo, Rules

GROUP = "tokyo.games"


def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(GROUP):
        found.setdefault(ep.name, ep)
    return found


def _package_dir(ep: EntryPoint) -> Path:
    """The folder of the plugin's package, found without running the plugin's code."""
    module = ep.module
    package = module.rpartition(".")[0] or module
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError) as e:
        raise PluginError(f"game {ep.name!r}: package {package!r} cannot be found ({e})") from e
    if spec is None:
        raise PluginError(f"game {ep.name!r}: package {package!r} is not installed")
    if spec.submodule_search_locations:
        return Path(list(spec.submodule_search_locations)[0])
    if spec.origin:
        return Path(spec.origin).parent
    raise PluginError(f"game {ep.name!r}: package {package!r} has no folder")


def _read_info(name: str, ep: EntryPoint) -> GameInfo:
    path = _package_dir(ep) / "info.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as e:
        raise PluginError(f"game {name!r}: {path} is missing") from e
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise PluginError(f"game {name!r}: {path} cannot be read ({e})") from e
    return GameInfo.from_data(name, data)


def available() -> list[GameInfo]:
    """Every registered game's info, in title order; broken entries are left out."""
    infos = []
    for name, ep in _entry_points().items():
        try:
            infos.append(_read_info(name, ep))
        except PluginError:
            continue
    return sorted(infos, key=lambda i: i.title.lower())


def problems() -> dict[str, str]:
    """Registered games that cannot even be listed, with the reason (for `tokyo list`)."""
    out = {}
    for name, ep in _entry_points().items():
        try:
            _read_info(name, ep)
        except PluginError as e:
            out[name] = str(e)
    return out


@lru_cache(maxsize=None)
def load(name: str) -> Game:
    """Import one game plugin and build it; PluginError if unknown or broken."""
    eps = _entry_points()
    ep = eps.get(name)
    if ep is None:
        known = ", ".join(sorted(eps)) or "none"
        raise PluginError(f"there is no game called {name!r} (registered: {known})")
    info = _read_info(name, ep)
    try:
        rules_cls = ep.load()
    except Exception as e:
        raise PluginError(f"game {name!r} failed to import: {type(e).__name__}: {e}") from e
    if not (isinstance(rules_cls, type) and issubclass(rules_cls, Rules)):
        raise PluginError(f"game {name!r}: {ep.value} is not a core.game.Rules subclass")
    try:
        data = {a: asset_files.load(a) for a in rules_cls.assets}
    except AssetError as e:
        raise PluginError(f"game {name!r}: {e}") from e
    try:
        rules = rules_cls(info, data)
    except Exception as e:
        raise PluginError(f"game {name!r} could not start: {type(e).__name__}: {e}") from e
    return Game(info, rules)
