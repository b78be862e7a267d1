"""Scene files: a building written down as JSON or TOML (docs/scenes.md), or a shipped example."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from core import assets
from core.errors import TokyoError

from .building import Building


def shipped() -> list[str]:
    """The names of the example scenes under assets/scenes."""
    folder = assets.shipped_path("scenes")
    return sorted(p.name.removesuffix(".json") for p in folder.iterdir() if p.name.endswith(".json"))


def load_scene(name: str) -> Building:
    """A Building from a scene file (JSON, or TOML by its suffix), or from a shipped example by name.

    Anything wrong with the file is a TokyoError of one line naming the file.
    """
    path = Path(name)
    if path.is_file():
        where = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise TokyoError(f"{where} cannot be read: {e}") from e
    else:
        example = assets.shipped_path(f"scenes/{path.stem if path.suffix else name}.json")
        if path.suffix not in ("", ".json") or not example.is_file():
            raise TokyoError(f"there is no scene file {name!r} (shipped examples: {', '.join(shipped())})")
        where, text = f"assets/scenes/{example.name}", example.read_text(encoding="utf-8")
    toml = path.suffix.lower() == ".toml"
    try:
        data = tomllib.loads(text) if toml else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        raise TokyoError(f"{where} is not valid {'TOML' if toml else 'JSON'}: {e}") from e
    if not isinstance(data, dict):
        raise TokyoError(f"{where}: a scene is an object with 'lot' and 'pieces'")
    try:
        return Building.from_scene(data)
    except KeyError as e:
        raise TokyoError(f"{where}: a piece lacks the field {e}") from e
    except (ValueError, TypeError, AttributeError) as e:
        raise TokyoError(f"{where}: {e}") from e
