"""`tokyo tts export`: a game laid out as its rules set it up (or as a save stands),
written as a TTS save with its images and models.

A game's layout is one of the parts its single registration names (its info.toml's
`[parts] tts = "module:function"`, core.games); the function takes (match, table) and puts
the match's components on the `tts.table.Table`. Layouts are listed without importing them;
only the one asked for is loaded, and a layout that fails to import or to lay out is one
line of error with nothing written, and so is a save that would break the Knowledge Base's
rules for custom content (tts.checks: every export is checked). The files go to DIR/GAME.json and
DIR/GAME/{images,models}/; each is written to a temporary name first and renamed, the save
last.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from core import games
from core.entrypoints import resolve

from . import checks
from .table import LayoutError, Table, dumps


def layouts() -> dict[str, str]:
    """The registered games that name a layout, with its "module:function" (not imported)."""
    return {info.name: info.parts.tts for info in games.available() if info.parts.tts}


def layout_for(name: str):
    """The layout function of game `name`, imported now; LayoutError when it names none or
    it cannot be imported."""
    where = layouts().get(name)
    if where is None:
        raise LayoutError(f"{name} cannot be laid out for Tabletop Simulator yet: its info.toml names no layout "
                          f"([parts] tts = \"module:function\")")
    try:
        return resolve(where)
    except Exception as e:
        raise LayoutError(f"the Tabletop Simulator layout of {name} failed to import: {type(e).__name__}: {e}") from e


@dataclass
class Export:
    save: dict
    files: dict[str, bytes]
    path: Path | None = None


def rules_text(match) -> str:
    """The notebook's first tab: the rules in short, the options as set, the seed."""
    game = match.game
    rows = [game.rules.how_to_play or f"{game.info.title}: {game.info.summary}", ""]
    if match.options:
        rows.append("Options: " + ", ".join(f"{k}={v}" for k, v in sorted(match.options.items())))
    rows.append(f"Laid out by Tokyo Series Kiosk for {match.players} players (tokyo tts export).")
    return "\n".join(rows)


def build(match, *, base_url: str | None = None, out: Path | None = None, note: str = "") -> Export:
    """The save and its files, in memory."""
    name = match.game.name
    lay_out = layout_for(name)
    table = Table(name, f"{match.game.info.title} ({match.players} players)", match.players,
                  base_url=base_url, out=out)
    table.note("Rules", rules_text(match))
    waiting = match.to_act()
    # the one seat to move; when several act at once (sealed bids) none is named, so that who
    # has bid already does not show
    table.turn = waiting[0] if len(waiting) == 1 else 0
    try:
        lay_out(match, table)
    except LayoutError:
        raise
    except Exception as e:
        raise LayoutError(f"the Tabletop Simulator layout of {name} failed: {type(e).__name__}: {e}") from e
    save = table.save(seed_note=note)
    found = checks.problems(save, table.files, base_url=base_url)
    if found:
        raise LayoutError(f"the Tabletop Simulator save of {name} would break TTS's rules for custom content "
                          f"(tts/checks.py): {found[0]}" + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
    return Export(save, table.files)


def write_file(path: Path, data: bytes) -> None:
    """One file of an export, written atomically and readable by all (0644)."""
    _write(path, data)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        # readable by everyone (a web server serving DIR runs as another user), as any
        # exported file is meant to be shared; mkstemp made it the owner's only
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write(export: Export, out: Path, game: str) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    for rel, data in sorted(export.files.items()):
        _write(out / rel, data)
    path = out / f"{game}.json"
    _write(path, dumps(export.save).encode("utf-8"))
    export.path = path
    return path


def new_match(game_name: str, players: int, seed: int, options: dict):
    from core import games
    game = games.load(game_name)
    return game.new(players, seed=seed, options=options)


def export(match, out: Path, *, base_url: str | None = None, note: str = "") -> Export:
    """Lay `match` out and write it under `out`; nothing is written when it cannot be laid out."""
    out = Path(out)
    e = build(match, base_url=base_url, out=out, note=note)
    write(e, out, match.game.name)
    return e
