"""`tokyo tts export`: a game laid out as its rules set it up (or as a save stands),
written as a TTS save with its images and models.

Layouts are plugins in the entry-point group ``tokyo.tts`` (name = the game's name, value
= "module:function"); the function takes (match, table) and puts the match's components on
the `tts.table.Table`. They are listed without importing them; only the one asked for is
loaded, and a layout that fails to import or to lay out is one line of error with nothing
written. The files go to DIR/GAME.json and DIR/GAME/{images,models}/; each is written to a
temporary name first and renamed, the save last.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from core.entrypoints import entry_points

from .table import LayoutError, Table, dumps

GROUP = "tokyo.tts"


def layouts() -> dict[str, object]:
    """The registered layouts by game name (entry points, not imported)."""
    found = {}
    for ep in entry_points(GROUP):
        found.setdefault(ep.name, ep)
    return found


def layout_for(name: str):
    ep = layouts().get(name)
    if ep is None:
        raise LayoutError(f"{name} cannot be laid out for Tabletop Simulator yet: no layout is registered for it "
                          f"(entry-point group {GROUP})")
    try:
        return ep.load()
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
    return Export(table.save(seed_note=note), table.files)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
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
