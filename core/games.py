"""Plugin discovery: one entry point a game, in the group ``tokyo.games``.

The entry's value names the game's package (``jutaku = "games.jutaku"``); the package's
``info.toml`` says everything else: what the menu shows, what kind of game it is (`[kind]`)
and where its parts are (`[parts]`: rules, kiosk board, Tabletop Simulator layout, as
"module:attr" strings). Listing reads the info.toml files without importing any game;
`load` imports one game's rules, checks them against their declared kind and turns any
failure into a PluginError that says what went wrong; `part` imports one other part (the
kiosk's board, a layout) when it is wanted.

An older entry whose value names the rules class itself (``"pkg.rules:Class"``) still
works: its info.toml is the one beside that module, and the class is its rules.
"""

from __future__ import annotations

import importlib.util
import tomllib
from functools import lru_cache
from pathlib import Path

from . import assets as asset_files
from .entrypoints import EntryPoint, entry_points, resolve
from .errors import AssetError, PluginError
from .game import DECLARED, Game, GameInfo, Rules

GROUP = "tokyo.games"


def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(GROUP):
        found.setdefault(ep.name, ep)
    return found


def _package_dir(ep: EntryPoint) -> Path:
    """The folder of the plugin's package, found without running the plugin's code: the
    package the entry names, or (an older entry naming a class) the one holding its module."""
    module = ep.module
    package = module if ep.attr is None else (module.rpartition(".")[0] or module)
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


def _entry(name: str) -> EntryPoint:
    eps = _entry_points()
    ep = eps.get(name)
    if ep is None:
        known = ", ".join(sorted(eps)) or "none"
        raise PluginError(f"there is no game called {name!r} (registered: {known})")
    return ep


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


def info(name: str) -> GameInfo:
    """One registered game's info, its code not imported; PluginError if unknown or broken."""
    return _read_info(name, _entry(name))


def part(name: str, which: str):
    """The object a game's `[parts]` names for `which` ("board", "tts"), imported now; None
    when the game names none. PluginError if it cannot be imported."""
    value = getattr(info(name).parts, which)
    if not value:
        return None
    try:
        return resolve(value)
    except Exception as e:
        raise PluginError(f"game {name!r}: its {which} {value!r} failed to import: {type(e).__name__}: {e}") from e


def check_kind(info: GameInfo, rules_cls: type) -> None:
    """PluginError naming the game when its rules do not agree with its declared kind: a
    capability declared whose hooks it does not write, or hooks written for one it does not
    declare (core.game.DECLARED). Nothing to compare for a kind nobody declared."""
    kind = info.kind
    if not kind.said:
        return
    for group in DECLARED:
        declared = getattr(kind, group.kind)
        written = [n for n in (*group.must, *group.may) if getattr(rules_cls, n) is not getattr(group.part, n)]
        missing = [n for n in group.must if n not in written]
        if declared and missing:
            raise PluginError(f"game {info.name!r} declares {group.kind} = true in [kind] but its rules do not "
                              f"write {', '.join(missing)}")
        if not declared and written:
            raise PluginError(f"game {info.name!r} writes {', '.join(written)} but does not declare "
                              f"{group.kind} = true in [kind]")
    if bool(rules_cls.leave) != kind.simultaneous:
        raise PluginError(f"game {info.name!r}: a `leave` move is for simultaneous phases; its [kind] says "
                          f"simultaneous = {str(kind.simultaneous).lower()}, its rules leave = {rules_cls.leave!r}")
    if rules_cls.takes_data and not kind.data:
        raise PluginError(f"game {info.name!r}: its rules say takes_data but its [kind] does not say data = true")


@lru_cache(maxsize=None)
def load(name: str) -> Game:
    """Import one game plugin and build it; PluginError if unknown, broken, or its rules do
    not agree with what its info.toml declares."""
    ep = _entry(name)
    info = _read_info(name, ep)
    where = ep.value if ep.attr is not None else info.parts.rules
    if not where:
        raise PluginError(f"game {name!r}: its info.toml names no rules ([parts] rules = \"module:Class\")")
    try:
        rules_cls = ep.load() if ep.attr is not None else resolve(where)
    except Exception as e:
        raise PluginError(f"game {name!r} failed to import: {type(e).__name__}: {e}") from e
    if not (isinstance(rules_cls, type) and issubclass(rules_cls, Rules)):
        raise PluginError(f"game {name!r}: {where} is not a core.game.Rules subclass")
    check_kind(info, rules_cls)
    try:
        data = {a: asset_files.load(a) for a in rules_cls.assets}
    except AssetError as e:
        raise PluginError(f"game {name!r}: {e}") from e
    try:
        rules = rules_cls(info, data)
    except Exception as e:
        raise PluginError(f"game {name!r} could not start: {type(e).__name__}: {e}") from e
    return Game(info, rules)
