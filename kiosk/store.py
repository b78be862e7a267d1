"""Autosaves: one file per match in the data folder, written atomically after every move.

Listing reads only each file's envelope (no game is imported), so the menu stays quick.
A file that cannot be a save is renamed to `*.damaged`, reported once, and never
stops the kiosk. Only the newest `KEEP` saves are kept, so a screen that runs all day
does not fill its disk.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from core import saves
from core.errors import PluginError, SaveError, TokyoError

SUFFIX = ".save"
KEEP = 24
STALE_TMP_SECONDS = 3600


class SaveMissing(TokyoError):
    """The save was removed (finished elsewhere, or pruned) since the list was shown."""


class GameMissing(TokyoError):
    """The save's game is not installed; the file is kept for when it is back."""


@dataclass(frozen=True)
class SaveEntry:
    """One resumable match as the resume list shows it."""
    slot: str
    game: str
    title: str
    seats: tuple[str, ...]
    moves: int
    saved_at: float


def seat_words(seat: dict) -> str:
    """'Aiko' for a person, 'Bo (computer)' for a computer seat."""
    name = str(seat.get("name", "?"))[:16]
    return name if seat.get("bot") is None else f"{name} (computer)"


class SaveStore:
    """The saves folder: autosave, list, load, discard, and set damaged files aside."""

    def __init__(self, root: str | os.PathLike):
        self.dir = Path(root) / "saves"
        self.problems: list[str] = []

    def path(self, slot: str) -> Path:
        if not slot or "/" in slot or "\\" in slot or slot.startswith("."):
            raise ValueError(f"not a save slot: {slot!r}")
        return self.dir / f"{slot}{SUFFIX}"

    def new_slot(self, game: str) -> str:
        """A fresh slot name that sorts by time; makes room by pruning the oldest saves."""
        self._prune(KEEP - 1)
        return f"{time.strftime('%Y%m%d-%H%M%S')}-{game}-{os.urandom(3).hex()}"

    def autosave(self, slot: str, match, meta: dict) -> None:
        """Replace the slot's file with the match as it is now (old or new, never half)."""
        saves.write_atomic(self.path(slot), saves.dump_match(match, meta))

    def discard(self, slot: str) -> None:
        try:
            self.path(slot).unlink()
        except FileNotFoundError:
            pass

    def entries(self) -> list[SaveEntry]:
        """Every readable save, newest first; damaged files are set aside and reported."""
        out = []
        for path in self._files():
            try:
                doc = self._read(path)
                out.append(self._entry(path, doc))
            except SaveError as e:
                self.set_aside(path, str(e))
            except OSError:
                continue  # removed or unreadable for a moment; next listing tries again
        return sorted(out, key=lambda e: (e.saved_at, e.slot), reverse=True)

    def load(self, slot: str):
        """(match, meta) of a slot. SaveError (file set aside), GameMissing or SaveMissing."""
        path = self.path(slot)
        try:
            doc = self._read(path)
            try:
                from core import games
                games.load(doc["game"])
            except PluginError as e:
                raise GameMissing(f"this save is of a game that cannot start now: {e}") from e
            with open(path, "rb") as f:
                return saves.load(f.read(saves.MAX_BYTES + 1), with_meta=True)
        except FileNotFoundError as e:
            raise SaveMissing("this save is no longer there") from e
        except OSError as e:
            raise SaveError(f"the file cannot be read: {e.strerror or e}") from e
        except SaveError as e:
            self.set_aside(path, str(e))
            raise

    def set_aside(self, path: Path, reason: str) -> str:
        """Rename a damaged file to *.damaged so it is kept for a look but never listed again."""
        target = path.with_name(path.name + ".damaged")
        n = 1
        while target.exists():
            target = path.with_name(f"{path.name}.{n}.damaged")
            n += 1
        try:
            path.rename(target)
            where = f"set aside as {target.name}"
        except OSError as e:
            where = f"could not be set aside ({e.strerror or e})"
        message = f"{path.name} is damaged ({reason}); {where}."
        self.problems.append(message)
        return message

    # ---- inside ---------------------------------------------------------------------

    def _files(self) -> list[Path]:
        try:
            names = list(self.dir.iterdir())
        except FileNotFoundError:
            return []
        now = time.time()
        files = []
        for p in names:
            if p.name.startswith(".") and p.name.endswith(".tmp"):
                self._remove_stale(p, now)
            elif p.suffix == SUFFIX and not p.name.startswith(".") and p.is_file():
                files.append(p)
        return files

    @staticmethod
    def _remove_stale(path: Path, now: float) -> None:
        """A temporary file left by a writer killed mid-save; old enough to be nobody's."""
        try:
            if now - path.stat().st_mtime > STALE_TMP_SECONDS:
                path.unlink()
        except OSError:
            pass

    @staticmethod
    def _read(path: Path) -> dict:
        size = path.stat().st_size
        if size > saves.MAX_BYTES:
            raise SaveError(f"{size:,} bytes; a save is at most {saves.MAX_BYTES:,}")
        with open(path, "rb") as f:
            data = f.read(saves.MAX_BYTES + 1)
        return saves.read_document(data)

    @staticmethod
    def _entry(path: Path, doc: dict) -> SaveEntry:
        log, meta = doc["log"], doc["meta"]
        moves, players = log.get("moves"), log.get("players")
        if not isinstance(moves, list) or not isinstance(players, int) or not 1 <= players <= 64:
            raise SaveError("its move log is damaged")
        seats = meta.get("seats")
        if not (isinstance(seats, list) and len(seats) == players and all(isinstance(s, dict) for s in seats)):
            seats = [{"name": f"Player {i + 1}"} for i in range(players)]
        title = meta.get("title") if isinstance(meta.get("title"), str) else doc["game"]
        saved_at = meta.get("saved_at")
        if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool):
            saved_at = path.stat().st_mtime
        return SaveEntry(path.name[:-len(SUFFIX)], doc["game"], title[:40],
                         tuple(seat_words(s) for s in seats), len(moves), float(saved_at))

    def _prune(self, keep: int) -> None:
        def age(p: Path) -> float:
            try:
                return p.stat().st_mtime
            except OSError:
                return 0.0
        files = sorted(self._files(), key=age, reverse=True)
        for p in files[keep:]:
            try:
                p.unlink()
            except OSError:
                pass
