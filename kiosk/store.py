"""Autosaves: the last few copies of each match in the data folder, each written atomically.

Every autosave writes a new copy, `<slot>.m<moves>.save`, and only then drops the oldest,
so a match always has a copy that loads. Resuming opens the newest copy that loads and
mends what it can: a damaged position is rebuilt from the copy's move log, a damaged log
from the copy one move older (core.saves). When moves are lost, players are told how many
in their own words (a `SaveNotice`); the file names and the errors go to errors.log in
the data folder for the operator.

Listing reads only each copy's envelope (no game is imported), so the menu stays quick,
and shows one entry per match. A copy that cannot be opened is renamed to `*.damaged`
and never stops the kiosk. Only the newest `KEEP` matches (all their copies together)
and set-aside files are kept, so a screen that runs all day does not fill its disk.
"""

from __future__ import annotations

import os
import re
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from core import saves
from core.errors import PluginError, SaveError, TokyoError
from core.words import count_words

SUFFIX = ".save"
DAMAGED = ".damaged"
KEEP = 24
COPIES = 3
STALE_TMP_SECONDS = 3600
LOG_NAME = "errors.log"
LOG_MAX = 256 * 1024
TITLE_MAX = 40
NAME_MAX = 16
_COPY = re.compile(r"(?P<slot>.+)\.m(?P<moves>\d{1,9})")
_SLOT_GAME = re.compile(r"\d{8}-\d{6}-(?P<game>.+)-[0-9a-f]{6}")


class SaveMissing(TokyoError):
    """The save was removed (finished elsewhere, or pruned) since the list was shown."""


class GameMissing(TokyoError):
    """The save's game is not installed; the file is kept for when it is back."""


@dataclass(frozen=True)
class SaveNotice:
    """What players are told about a saved game that did not open as it was saved:
    `moves_lost` when an earlier copy was used, None when no copy opened and the game
    was set aside. Put in words by kiosk.widgets.resume.notice_words."""
    title: str
    saved_at: float
    moves_lost: int | None


class SaveSetAside(SaveError):
    """No copy of a match could be opened; every one was set aside."""

    def __init__(self, notice: SaveNotice, detail: str):
        super().__init__(detail)
        self.notice = notice


@dataclass(frozen=True)
class SaveEntry:
    """One resumable match as the resume list shows it."""
    slot: str
    game: str
    title: str
    seats: tuple[str, ...]
    moves: int
    saved_at: float


@dataclass(frozen=True)
class Copy:
    """One file of a match: `moves` from its name, -1 for a save from before copies."""
    path: Path
    slot: str
    moves: int


@dataclass(frozen=True)
class Opened:
    """A match resumed: from which copy, the notice for players when moves were lost, and
    whether a damaged copy was mended (rebuilt from its log or from the copy before it)."""
    match: object
    meta: dict
    copy: str
    notice: SaveNotice | None = None
    mended: bool = False


def shorten(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, cut at a word boundary with '…'."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    if " " in cut and text[limit - 1] != " ":
        cut = cut[:cut.rindex(" ")]
    return cut.rstrip(" ,;:-·") + "…"


def seat_words(seat: dict) -> str:
    """'Aiko' for a person, 'Bo (hard computer)' for a computer seat at a level, 'Bo
    (computer)' for one a save names by its bot."""
    from core.bots import LEVELS
    name = shorten(str(seat.get("name", "?")), NAME_MAX)
    bot = seat.get("bot")
    if bot is None:
        return name
    return f"{name} ({bot} computer)" if bot in LEVELS else f"{name} (computer)"


def append_log(path: Path, entry: str, limit: int = LOG_MAX) -> None:
    """Append to a log for the operator, starting it afresh (the last one kept as .old)
    when it has grown past `limit` bytes; never raises."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > limit:
            path.replace(path.with_suffix(path.suffix + ".old"))
        with open(path, "a", encoding="utf-8") as f:
            f.write(entry)
    except OSError:
        pass


def _why(error: BaseException) -> str:
    """An error and its cause in one line, for the log."""
    text = f"{type(error).__name__}: {error}"
    cause = error.__cause__
    return f"{text} (from {type(cause).__name__}: {cause})" if cause is not None else text


class SaveStore:
    """The saves folder: autosave, list, resume, discard, and set damaged copies aside."""

    def __init__(self, root: str | os.PathLike):
        self.dir = Path(root) / "saves"
        self.log_path = Path(root) / LOG_NAME
        self.problems: list[SaveNotice] = []

    # ---- names ----------------------------------------------------------------------

    @staticmethod
    def _check_slot(slot: str) -> str:
        if (not isinstance(slot, str) or not slot or "/" in slot or "\\" in slot
                or slot.startswith(".") or _COPY.fullmatch(slot)):
            raise ValueError(f"not a save slot: {slot!r}")
        return slot

    def copy_path(self, slot: str, moves: int) -> Path:
        return self.dir / f"{self._check_slot(slot)}.m{moves:04d}{SUFFIX}"

    def path(self, slot: str) -> Path:
        """The file of the slot's newest copy (its name from before copies when it has none)."""
        copies = self.copies(slot)
        return copies[0].path if copies else self.dir / f"{self._check_slot(slot)}{SUFFIX}"

    def copies(self, slot: str) -> list[Copy]:
        """The slot's copies, newest first."""
        self._check_slot(slot)
        return self._matches().get(slot, [])

    def new_slot(self, game: str) -> str:
        """A fresh slot name that sorts by time; makes room by pruning the oldest matches."""
        self._prune(KEEP - 1)
        return f"{time.strftime('%Y%m%d-%H%M%S')}-{game}-{os.urandom(3).hex()}"

    # ---- writing --------------------------------------------------------------------

    def autosave(self, slot: str, match, meta: dict) -> None:
        """Write the match as it is now as a new copy, then drop the copies beyond the
        newest COPIES (and any ahead of this one, left from before a resume that could
        not open them): at every moment the match has a whole copy.

        While a round of sealed bids is open the copy is of the moment it began (core.saves:
        no file holds a bid not yet revealed), named by the moves it holds; the copy of
        that moment is written again until the round is complete."""
        data = saves.dump_match(match, meta)
        moves = match.sealed_from()
        moves = len(match.log.moves) if moves is None else moves
        saves.write_atomic(self.copy_path(slot, moves), data)
        copies = self.copies(slot)
        older = [c for c in copies if c.moves < moves]
        ahead = [c for c in copies if c.moves > moves]
        for c in ahead + older[COPIES - 1:][::-1]:
            self._unlink(c.path)

    def discard(self, slot: str) -> None:
        """Remove every copy of a finished match, the oldest first."""
        for c in reversed(self.copies(slot)):
            self._unlink(c.path)

    # ---- listing --------------------------------------------------------------------

    def entries(self) -> list[SaveEntry]:
        """Every resumable match, newest first, from its newest copy whose envelope reads;
        a match none of whose copies read is set aside and reported."""
        out = []
        for slot, copies in self._matches().items():
            try:
                entry = self._entry(slot, copies)
            except OSError:
                continue  # removed or unreadable for a moment; next listing tries again
            if entry is not None:
                out.append(entry)
        return sorted(out, key=lambda e: (e.saved_at, e.slot), reverse=True)

    def _entry(self, slot: str, copies: list[Copy]) -> SaveEntry | None:
        first = named = None
        failures = []
        for c in copies:
            try:
                envelope = saves.read_envelope(self._read(c.path))
            except FileNotFoundError:
                continue
            except SaveError as e:
                failures.append((c, e))
                continue
            if first is None:
                first = (c, envelope)
            if envelope.meta_sound:
                named = envelope
                break
        if first is None:
            if failures:
                self._lost(slot, failures)
            return None
        c, envelope = first
        meta = (named or envelope).meta
        players = envelope.log["players"]
        seats = meta.get("seats")
        if not (isinstance(seats, list) and len(seats) == players and all(isinstance(s, dict) for s in seats)):
            seats = [{"name": f"Player {i + 1}"} for i in range(players)]
        title = meta.get("title") if isinstance(meta.get("title"), str) else envelope.game
        return SaveEntry(slot, envelope.game, shorten(title, TITLE_MAX),
                         tuple(seat_words(s) for s in seats), envelope.moves,
                         self._saved_at(meta, c.path))

    # ---- resuming -------------------------------------------------------------------

    def load(self, slot: str):
        """(match, meta) of a slot, as `open_match`."""
        opened = self.open_match(slot)
        return opened.match, opened.meta

    def open_match(self, slot: str) -> Opened:
        """The match from the newest copy that opens, mended by the newer copies that can be.

        Copies that cannot be opened are set aside; SaveSetAside when none opens,
        GameMissing (every copy kept) or SaveMissing."""
        copies = self.copies(slot)
        failed: list[tuple[Copy, bytes | None, SaveError]] = []
        loaded = used = None
        metas: list[dict] = []
        for c in copies:
            data = None
            try:
                data = self._read(c.path)
                envelope = saves.read_envelope(data)
                if envelope.meta_sound:
                    metas.append(envelope.meta)
                self._installed(envelope)
                loaded, used = saves.open_save(data), c
                break
            except FileNotFoundError:
                continue
            except OSError as e:
                failed.append((c, data, SaveError(f"the file cannot be read: {e.strerror or e}")))
            except SaveError as e:
                failed.append((c, data, e))
        if loaded is None:
            if not failed:
                raise SaveMissing("this save is no longer there")
            notice = self._lost(slot, [(c, e) for c, _, e in failed], metas, report=False)
            raise SaveSetAside(notice, f"no copy of {slot} could be opened")
        repairs = [(used, loaded)] if loaded.rebuilt else []
        if loaded.rebuilt:
            self._note(f"{used.path.name}: its stored position was damaged; rebuilt from its move log")
        unopened = []
        for c, data, e in reversed(failed):  # the copy just newer than the one opened first
            newer = None
            if data is not None and not unopened:
                try:
                    newer = saves.open_save(data, earlier=loaded.match)
                except SaveError:
                    pass
            if newer is None:
                unopened.append((c, e))
                continue
            self._note(f"{c.path.name}: {_why(e)}; mended with {used.path.name}")
            repairs.append((c, newer))
            loaded, used = newer, c
        meta = loaded.meta if loaded.meta_sound else self._sound_meta(copies, used) or loaded.meta
        for c, recovered in repairs:
            self._repair(c, recovered.match, recovered.meta if recovered.meta_sound else meta)
        for c, e in unopened:
            self.set_aside(c.path, _why(e))
        moves = len(loaded.match.log.moves)
        notice = None
        if unopened:
            lost = max(0, max(c.moves for c, _ in unopened) - moves)
            notice = SaveNotice(self._title(slot, [meta]), self._saved_at(meta, used.path), lost)
            self._note(f"{slot}: resumed from {used.path.name} after {count_words(moves, 'move')}; {lost} lost")
        return Opened(loaded.match, meta, used.path.name, notice, bool(repairs))

    def _installed(self, envelope) -> None:
        from core import games
        try:
            games.load(envelope.game)
        except PluginError as e:
            raise GameMissing(f"this save is of a game that cannot start now: {e}") from e

    def _sound_meta(self, copies: list[Copy], but: Copy) -> dict | None:
        for c in copies:
            if c == but:
                continue
            try:
                envelope = saves.read_envelope(self._read(c.path))
            except (OSError, SaveError):
                continue
            if envelope.meta_sound:
                return envelope.meta
        return None

    def _repair(self, c: Copy, match, meta: dict) -> None:
        """Keep a damaged copy's bytes aside and write the recovered match in its place
        (atomically: the place holds the damaged copy or the mended one, never nothing)."""
        try:
            data = c.path.read_bytes()
            aside = self._aside_name(c.path)
            saves.write_atomic(aside, data)
            place = self.copy_path(c.slot, len(match.log.moves))
            saves.write_atomic(place, saves.dump_match(match, meta))
            if place != c.path:
                c.path.unlink()
            self._note(f"{c.path.name}: the damaged file is kept as {aside.name}")
        except OSError as e:
            self._note(f"{c.path.name}: could not be repaired ({e.strerror or e})")

    # ---- damage ---------------------------------------------------------------------

    def set_aside(self, path: Path, reason: str) -> str | None:
        """Rename a damaged file to *.damaged so it is kept for a look but never listed
        again; the reason goes to the log. The new name, or None when it cannot be renamed."""
        target = self._aside_name(path)
        try:
            path.rename(target)
        except OSError as e:
            self._note(f"{path.name} is damaged ({reason}); could not be set aside ({e.strerror or e})")
            return None
        self._note(f"{path.name} is damaged ({reason}); set aside as {target.name}")
        return target.name

    @staticmethod
    def _aside_name(path: Path) -> Path:
        target = path.with_name(path.name + DAMAGED)
        n = 1
        while target.exists():
            target = path.with_name(f"{path.name}.{n}{DAMAGED}")
            n += 1
        return target

    def _lost(self, slot: str, failures: list[tuple[Copy, SaveError]], metas: list[dict] = (),
              report: bool = True) -> SaveNotice:
        """No copy of a match opens: set them all aside and log why; the notice for players
        (named from `metas` where they read) is kept in `problems` when `report`."""
        newest = failures[0][0].path
        saved_at = self._saved_at(metas[0], newest) if metas else self._mtime(newest)
        notice = SaveNotice(self._title(slot, list(metas)), saved_at, None)
        for c, e in failures:
            self.set_aside(c.path, _why(e))
        if report:
            self.problems.append(notice)
        return notice

    def _title(self, slot: str, metas: list[dict]) -> str:
        for meta in metas:
            if isinstance(meta.get("title"), str) and meta["title"].strip():
                return shorten(meta["title"], TITLE_MAX)
        found = _SLOT_GAME.fullmatch(slot)
        if found:
            from core import games
            for info in games.available():
                if info.name == found["game"]:
                    return shorten(info.title, TITLE_MAX)
        return "A saved game"

    def _note(self, text: str) -> None:
        append_log(self.log_path, f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} saves: {text}\n")

    def log_error(self, what: str, error: BaseException) -> None:
        """The traceback of an error, for the operator."""
        text = "".join(traceback.format_exception(error))
        append_log(self.log_path, f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} {what}\n{text}\n")

    # ---- inside ---------------------------------------------------------------------

    def _matches(self) -> dict[str, list[Copy]]:
        """Every match's copies, newest first (a save from before copies is the oldest)."""
        out: dict[str, list[Copy]] = {}
        for c in self._files():
            out.setdefault(c.slot, []).append(c)
        for copies in out.values():
            copies.sort(key=lambda c: c.moves, reverse=True)
        return out

    def _files(self) -> list[Copy]:
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
                stem = p.name[:-len(SUFFIX)]
                found = _COPY.fullmatch(stem)
                files.append(Copy(p, found["slot"], int(found["moves"])) if found else Copy(p, stem, -1))
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
    def _read(path: Path) -> bytes:
        size = path.stat().st_size
        if size > saves.MAX_BYTES:
            raise SaveError(f"{size:,} bytes; a save is at most {saves.MAX_BYTES:,}")
        with open(path, "rb") as f:
            return f.read(saves.MAX_BYTES + 1)

    @staticmethod
    def _mtime(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    def _saved_at(self, meta: dict, path: Path) -> float:
        saved_at = meta.get("saved_at")
        if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool) or not 0 < saved_at < 1e11:
            return self._mtime(path)
        return float(saved_at)

    @staticmethod
    def _unlink(path: Path) -> None:
        try:
            path.unlink()
        except OSError:
            pass

    def _prune(self, keep: int) -> None:
        """Keep the `keep` matches saved last, each with all its copies, and as many
        set-aside files."""
        matches = sorted(self._matches().values(),
                         key=lambda copies: max(self._mtime(c.path) for c in copies), reverse=True)
        for copies in matches[keep:]:
            for c in reversed(copies):
                self._unlink(c.path)
        try:
            damaged = [p for p in self.dir.iterdir() if p.name.endswith(DAMAGED) and p.is_file()]
        except OSError:
            return
        for p in sorted(damaged, key=self._mtime, reverse=True)[KEEP:]:
            self._unlink(p)
