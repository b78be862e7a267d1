"""Entry points of one group, read straight from the installed distributions' metadata.

`importlib.metadata` answers the same question, but importing it costs the kiosk a good
part of its start (it brings in email, zipfile and csv); the menu only needs names and
"module:attr" values. This reads each `*.dist-info`/`*.egg-info` folder on `sys.path`
in order, the first distribution of a name winning as in importlib.metadata, and falls
back to importlib.metadata itself when `sys.path` holds something else (a zip file).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from dataclasses import dataclass

_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
_INFO = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class EntryPoint:
    """What importlib.metadata.EntryPoint offers the plugin loaders: name, value, module, load()."""

    name: str
    value: str
    group: str

    @property
    def module(self) -> str:
        match = _VALUE.match(self.value)
        return match.group("module") if match else self.value

    @property
    def attr(self) -> str | None:
        match = _VALUE.match(self.value)
        return match.group("attr") if match else None

    def load(self):
        """Import the module and return the named object (ImportError, AttributeError)."""
        target = importlib.import_module(self.module)
        for part in self.attr.split(".") if self.attr else ():
            target = getattr(target, part)
        return target


def resolve(value: str):
    """The object a "module:attr" string names, its module imported now (ImportError,
    AttributeError): how a game's info.toml names its parts (core.games.part)."""
    return EntryPoint("", value, "").load()


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _distributions(paths: list[str]):
    """(normalised name, metadata folder) for each distribution, in sys.path order."""
    for entry in paths:
        try:
            with os.scandir(entry or ".") as it:
                names = sorted(e.name for e in it if e.name.endswith(_INFO) and e.is_dir())
        except OSError:
            continue
        for folder in names:
            stem = folder.rsplit(".", 1)[0]
            yield _normal(stem.split("-")[0]), os.path.join(entry or ".", folder)


def parse(text: str, group: str) -> list[EntryPoint]:
    """The entries of `group` in an entry_points.txt (INI: [group], then name = value)."""
    found, current = [], None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
            continue
        if current == group and "=" in line:
            name, _, value = line.partition("=")
            found.append(EntryPoint(name.strip(), value.strip(), group))
    return found


def entry_points(group: str, paths: list[str] | None = None) -> list[EntryPoint]:
    """Every entry point of `group`, as importlib.metadata.entry_points(group=...) lists them."""
    paths = list(sys.path if paths is None else paths)
    if any(os.path.isfile(p) for p in paths if p):
        from importlib import metadata
        return [EntryPoint(ep.name, ep.value, group) for ep in metadata.entry_points(group=group)]
    seen: set[str] = set()
    found: list[EntryPoint] = []
    for name, folder in _distributions(paths):
        if name in seen:
            continue
        seen.add(name)
        try:
            with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError):
            continue
        found += parse(text, group)
    return found
