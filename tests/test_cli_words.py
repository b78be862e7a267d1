"""The `tokyo` command's words as a player or an operator reads them: the seats by the
names the save gives them, counts with their nouns ("1 win", "2 wins"), progress only on
a terminal, and every file to write checked before anything is written.
"""

from __future__ import annotations

import dataclasses
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from core import saves
from core.bots import make_bot
from core.rng import Rng
from core.session import Session
from kiosk.screens import Seat
from kiosk.session import make_meta
from tokyo.cli import main

TOKYO = str(Path(sys.executable).parent / "tokyo")
SEAT_NUMBER = re.compile(r"\b[Ss]eat \d")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(capsys, *argv: str) -> str:
    """`tokyo ARGV` fails as every mistake does: exit 2, one 'tokyo: ' line, no traceback."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert len(err.splitlines()) == 1 and err.startswith("tokyo: "), err
    return err.strip()


def finished_match(game, seed: int = 8):
    """A 2-player match the dealer bot played to the end (the session, seat s on stream s)."""
    match = game.new(2, seed=seed)
    bots = [make_bot(game, "dealer") for _ in range(2)]
    Session.of_computers(match, bots, [Rng(seed, stream=s) for s in range(2)]).run()
    assert match.over
    return match


def first_moves(game, moves: int, seed: int = 8):
    match = game.new(2, seed=seed)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.play(seat, match.legal(seat)[-1])
    return match


def kiosk_save(path: Path, match, seats: list[Seat]) -> Path:
    """A save as the kiosk writes it: the match and the meta of kiosk.session."""
    saves.save_file(match, path, make_meta(match.game, seats, {}))
    return path


# ---- tokyo replay: the seats by their names ------------------------------------------------

def test_replay_names_the_seats_as_the_kiosk_did(capsys, tmp_path, chocolate_milk):
    path = kiosk_save(tmp_path / "named.tokyo", finished_match(chocolate_milk), [Seat("Aiko"), Seat("Bo", "normal")])
    code, out, _ = run(capsys, "replay", path)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Chocolate Milk, 2 players (Aiko, Bo), seed 8, ")
    moves = [line.strip() for line in lines if re.match(r"\s+\d+\. ", line)]
    assert moves and all(re.match(r"\d+\. (Aiko|Bo): ", m) for m in moves)
    assert not SEAT_NUMBER.search(out), [line for line in lines if SEAT_NUMBER.search(line)]
    assert re.search(r"^Result: Aiko ¥[\d,]+, Bo ¥[\d,]+$", out, re.M)
    assert re.search(r"^Ranking: (Aiko > Bo|Bo > Aiko|Aiko=Bo)$", out, re.M)


def test_replay_of_an_unfinished_game_names_the_seats_too(capsys, tmp_path, chocolate_milk):
    path = kiosk_save(tmp_path / "half.tokyo", first_moves(chocolate_milk, 1), [Seat("Aiko"), Seat("Bo")])
    code, out, _ = run(capsys, "replay", path)
    assert code == 0
    assert out.startswith("Chocolate Milk, 2 players (Aiko, Bo), 1 move; the game is not over")
    assert not SEAT_NUMBER.search(out)


def test_replay_says_seat_n_only_where_the_save_has_no_name(capsys, tmp_path, chocolate_milk):
    match = first_moves(chocolate_milk, 4)
    bare = tmp_path / "bare.tokyo"
    saves.save_file(match, bare)                                 # no meta: a script's save
    code, out, _ = run(capsys, "replay", bare)
    assert code == 0 and out.startswith("Chocolate Milk, 2 players, 4 moves;")
    assert re.search(r"^\s+1\. seat \d: ", out, re.M)

    half = tmp_path / "half-named.tokyo"                         # one seat named, one not
    saves.save_file(match, half, {"seats": [{"name": "Aiko", "bot": None}, {"name": "  ", "bot": None}]})
    _, out, _ = run(capsys, "replay", half)
    assert out.startswith("Chocolate Milk, 2 players (Aiko, seat 2),")
    assert {m for m in re.findall(r"^\s+\d+\. ([^:]+):", out, re.M)} == {"Aiko", "seat 2"}


def test_replay_tells_two_seats_of_one_name_apart(capsys, tmp_path, chocolate_milk):
    path = kiosk_save(tmp_path / "twins.tokyo", first_moves(chocolate_milk, 4), [Seat("Aiko"), Seat("Aiko")])
    _, out, _ = run(capsys, "replay", path)
    assert "(Aiko (seat 1), Aiko (seat 2))" in out.splitlines()[0]
    assert {m for m in re.findall(r"^\s+\d+\. ([^:]+):", out, re.M)} == {"Aiko (seat 1)", "Aiko (seat 2)"}


# ---- counts with their nouns ----------------------------------------------------------------

def test_one_game_one_win_one_move(capsys, tmp_path, chocolate_milk):
    code, out, _ = run(capsys, "simulate", "chocolate_milk", "--players", "2", "--games", "1", "--seed", "3")
    assert code == 0 and out.startswith("Chocolate Milk: 1 game, 2 players, seed 3,")
    wins = re.findall(r"seat \d: (\d+ wins?) ", out)
    assert sorted(wins) == ["0 wins", "1 win"], out
    code, out, _ = run(capsys, "tournament", "chocolate_milk", "--players", "2", "--bots", "dealer,random",
                       "--games", "1")
    assert code == 0 and out.startswith("Chocolate Milk tournament: 1 game, 2 players,")
    path = kiosk_save(tmp_path / "one.tokyo", first_moves(chocolate_milk, 1), [Seat("Aiko"), Seat("Bo")])
    _, out, _ = run(capsys, "replay", path)
    assert ", 1 move;" in out and "1 moves" not in out
    code, out, _ = run(capsys, "tts", "export", "--from", path, "--out", tmp_path / "tts")
    assert code == 0 and re.match(r"wrote \S+ and \d+ files? under ", out)
    note = (tmp_path / "tts" / "chocolate_milk.json").read_text(encoding="utf-8")
    assert "after 1 move." in note and "after 1 moves" not in note


def test_a_game_of_one_player_count_says_player_or_players(capsys, monkeypatch):
    from core import games
    from kiosk.screens.menu import players_text
    real = games.available()
    solo = dataclasses.replace(real[0], min_players=1, max_players=1)
    pair = dataclasses.replace(real[0], min_players=2, max_players=2)
    assert (players_text(solo), players_text(pair)) == ("1 player", "2 players")
    monkeypatch.setattr(games, "available", lambda: [solo])
    monkeypatch.setattr(games, "problems", lambda: {})
    _, out, _ = run(capsys, "list")
    assert " 1 player  " in out and "1 players" not in out and "1–1" not in out


# ---- progress only on a terminal --------------------------------------------------------------

@pytest.mark.parametrize("argv", [["simulate", "chocolate_milk", "--players", "2", "--games", "40"],
                                  ["tournament", "chocolate_milk", "--players", "2", "--bots", "dealer,random",
                                   "--games", "40"]], ids=["simulate", "tournament"])
def test_a_study_writes_no_progress_into_a_log(tmp_path, argv):
    """stderr to a file, as under cron or a supervisor: the log holds no "\\r1/20 games"."""
    log = tmp_path / "study.log"
    with open(log, "w") as err:
        done = subprocess.run([TOKYO, *argv], stdout=subprocess.PIPE, stderr=err, text=True, timeout=300)
    assert done.returncode == 0 and "40 games" in done.stdout
    assert log.read_text() == ""


def test_a_study_draws_its_progress_on_a_terminal(tmp_path):
    """stderr a terminal (stdout a file): the bar is drawn there, and the table is unchanged."""
    import pty
    master, slave = pty.openpty()
    out = tmp_path / "table.txt"
    with open(out, "w") as table:
        proc = subprocess.Popen([TOKYO, "simulate", "chocolate_milk", "--players", "2", "--games", "60"],
                                stdout=table, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    seen = b""
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                seen += data
            elif proc.poll() is not None:
                break
    finally:
        os.close(master)
        proc.wait(timeout=300)
    assert proc.returncode == 0
    assert b"Chocolate Milk" in seen and b"%" in seen          # the bar, with its title
    assert out.read_text().startswith("Chocolate Milk: 60 games, 2 players")


# ---- files to write ----------------------------------------------------------------------------

def test_tts_export_into_an_existing_file_writes_nothing(capsys, tmp_path):
    target = tmp_path / "already-there.json"
    target.write_text("keep me")
    line = one_line(capsys, "tts", "export", "chocolate_milk", "--players", "2", "--out", target)
    assert line == (f"tokyo: --out {target} is a file, not a folder: --out names the folder that "
                    "GAME.json and GAME/ go into")
    assert target.read_text() == "keep me" and sorted(p.name for p in tmp_path.iterdir()) == ["already-there.json"]


def test_tts_export_where_its_save_would_go_is_a_folder(capsys, tmp_path):
    (tmp_path / "out" / "chocolate_milk.json").mkdir(parents=True)
    line = one_line(capsys, "tts", "export", "chocolate_milk", "--players", "2", "--out", tmp_path / "out")
    assert line == f"tokyo: {tmp_path / 'out' / 'chocolate_milk.json'} cannot be written: Is a directory"


def test_tts_export_into_a_read_only_folder(capsys, tmp_path, monkeypatch):
    """A folder this user may not write into. Root may write anywhere, so as root (CI) the
    folder is made read-only for the command's own check of it (os.access), the one thing
    that sees the permission before writing."""
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    if os.geteuid() == 0:
        from tokyo import args
        real = os.access
        monkeypatch.setattr(args.os, "access", lambda p, mode, **kw: False if Path(p) == locked and
                            mode & os.W_OK else real(p, mode, **kw))
    try:
        line = one_line(capsys, "tts", "export", "chocolate_milk", "--players", "2", "--out", locked / "tts")
        assert line == f"tokyo: --out {locked / 'tts'} cannot be written: the folder {locked} is not writable"
        line = one_line(capsys, "practice", "vending", "--png", locked / "pour.png")
        assert f"--png {locked / 'pour.png'} cannot be written: the folder {locked} is not writable" in line
    finally:
        locked.chmod(0o755)


@pytest.mark.parametrize("argv", [
    ["tts", "export", "chocolate_milk", "--players", "2", "--out", "/proc/tokyo-export"],
    ["tts", "picture", "{save}", "--out", "/proc/tokyo.png"],
    ["practice", "vending", "--png", "/proc/tokyo.png"],
    ["practice", "push", "--count", "2", "--png", "/proc/tokyo.png"],
], ids=lambda a: " ".join(a[:2]))
def test_a_place_nobody_can_write_is_one_line(capsys, tmp_path, argv):
    """/proc takes no new files, not even from root: the write itself fails. (The kiosk runs
    on Debian, as CI does; there is no other machine this test needs to pass on.)"""
    if "{save}" in argv:
        assert main(["tts", "export", "chocolate_milk", "--players", "2", "--out", str(tmp_path)]) == 0
        capsys.readouterr()
        argv = [a.replace("{save}", str(tmp_path / "chocolate_milk.json")) for a in argv]
    line = one_line(capsys, *argv)
    assert re.fullmatch(r"tokyo: /proc/tokyo[-.\w]* cannot be written: .+", line), line
    assert "Errno" not in line and "Couldn't open" not in line


def test_tts_picture_writes_a_new_png_and_replaces_an_old_one(capsys, tmp_path):
    assert main(["tts", "export", "chocolate_milk", "--players", "2", "--out", str(tmp_path / "tts")]) == 0
    capsys.readouterr()
    png = tmp_path / "pictures" / "table.png"
    for _ in range(2):
        code, out, err = run(capsys, "tts", "picture", tmp_path / "tts" / "chocolate_milk.json", "--out", png)
        assert (code, err) == (0, "") and out == f"drew {png}\n"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
