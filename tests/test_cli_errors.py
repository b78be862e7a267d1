"""Mistakes at the `tokyo` command line and at a venue: one line on stderr, a clear exit code.

Bad arguments end with exit code 2 and one line starting "tokyo: ", never a traceback;
a reader that closes stdout early ends the command quietly; a data folder or kiosk.toml
the kiosk cannot use stops it before it opens (a locked kiosk rests on screen and
exits with 3 for its supervisor).
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import msgpack
import pytest
from textual.app import App

from kiosk import startup
from tokyo.cli import main

TOKYO = str(Path(sys.executable).parent / "tokyo")
TRACEBACK = "Traceback (most recent call last)"


def one_line_error(capsys, *argv: str) -> str:
    """Run `tokyo ARGV` in this process; assert exit 2 and one 'tokyo: ' line; return it."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert code == 2, (code, out, err)
    assert len(lines) == 1 and lines[0].startswith("tokyo: "), err
    assert TRACEBACK not in err
    return lines[0]


@pytest.fixture
def kiosk_never_opens(monkeypatch):
    """Fails the test if the real kiosk (or the web server) would start."""
    started = []
    import textual_serve.server

    import kiosk.app
    monkeypatch.setattr(kiosk.app, "run_kiosk", lambda **kw: started.append(("kiosk", kw)))
    monkeypatch.setattr(textual_serve.server, "Server", lambda *a, **kw: started.append(("serve", a, kw)))
    yield started
    assert started == []


# ---- bad arguments ---------------------------------------------------------------------------

BAD_ARGUMENTS = [
    (["serve", "--port", "99999"], "--port is a whole number from 1 to 65535, not 99999"),
    (["serve", "--port", "0"], "from 1 to 65535, not 0"),
    (["serve", "--port", "-1"], "from 1 to 65535, not -1"),
    (["serve", "--port", "eighty"], "not 'eighty'"),
    (["serve", "--port"], "--port needs a value"),
    (["serve", "--host", ""], "--host is an address of this computer"),
    (["serve", "--host", "999.1.1.1"], "cannot listen on 999.1.1.1:8000"),
    (["serve", "--host", "192.0.2.1"], "cannot listen on 192.0.2.1:8000"),
    (["serve", "--colour", "red"], "unrecognized arguments: --colour red"),
    (["simulate", "chocolate_milk", "--players", "2", "--games", "-5"],
     "--games is a whole number from 1 to 100000, not -5"),
    (["simulate", "chocolate_milk", "--players", "2", "--games", "0"], "from 1 to 100000, not 0"),
    (["simulate", "chocolate_milk", "--players", "2", "--games", "100001"], "not 100001"),
    (["simulate", "chocolate_milk", "--players", "2", "--games", "1e3"], "not '1e3'"),
    (["simulate", "chocolate_milk", "--players", "-2"], "Chocolate Milk is for 2–8 players, not -2"),
    (["simulate", "chocolate_milk", "--players", "0"], "Chocolate Milk is for 2–8 players, not 0"),
    (["simulate", "tsukiji", "--players", "99"], "Tsukiji Market is for 2–6 players, not 99"),
    (["simulate", "chocolate_milk", "--players", "two"], "--players is a whole number"),
    (["simulate", "chocolate_milk"], "simulate needs --players"),
    (["simulate", "--players", "2"], "simulate needs game"),
    (["simulate", "pachinko", "--players", "2"], "no game called 'pachinko'"),
    (["simulate", "chocolate_milk", "--players", "2", "--seed", "-1"], "--seed is a whole number"),
    (["simulate", "chocolate_milk", "--players", "2", "--seed", "x"], "--seed is a whole number"),
    (["simulate", "chocolate_milk", "--players", "2", "--bot", ","], "--bot has an empty name"),
    (["simulate", "chocolate_milk", "--players", "2", "--bot", "dealer,dealer,dealer"],
     "2 players, 3 bots"),
    (["simulate", "chocolate_milk", "--players", "2", "--bot", "oracle,dealer"], "no bot 'oracle'"),
    (["simulate", "tsukiji", "--players", "4", "--option", "money"],
     "--option takes NAME=VALUE, not 'money' (tokyo rules tsukiji"),
    (["simulate", "tsukiji", "--players", "4", "--option", "=hidden"], "--option takes NAME=VALUE"),
    (["simulate", "tsukiji", "--players", "4", "--option", "colour=red"], "no option 'colour'"),
    (["simulate", "tsukiji", "--players", "4", "--option", "money=lots"],
     "option money is one of open, hidden, not 'lots'"),
    (["simulate", "tsukiji", "--players", "4", "--option", "money=open", "--option", "money=hidden"],
     "--option money is given twice"),
    (["simulate", "tsukiji", "--players", "4", "--option"], "--option needs a value"),
    (["simulate", "tsukiji", "--players", "4", "--money", "hidden"], "unrecognized arguments"),
    (["rules", "pachinko"], "no game called 'pachinko'"),
    (["rules"], "rules needs game"),
    (["rules", "tsukiji", "extra"], "unrecognized arguments: extra"),
    (["list", "--all"], "unrecognized arguments: --all"),
    (["replay"], "replay needs file"),
    (["replay", "no-such-file.tokyo"], "no-such-file.tokyo cannot be read: No such file"),
    (["replay", "{tmp}"], "cannot be read: Is a directory"),
    (["replay", "{readme}"], "README.md: the file is not a readable save"),
    (["replay", "{match}", "--to", "-1"], "--to is a whole number, 0 or more, not -1"),
    (["replay", "{match}", "--to", "all"], "--to is a whole number, 0 or more, not 'all'"),
    (["kiosk", "--pin", "1234"], "unrecognized arguments: --pin 1234"),
    (["frob"], "'frob' is not a command; choose from 'kiosk'"),
    (["--lock"], "unrecognized arguments: --lock"),
    (["practice"], "practice needs SCREEN"),
    (["practice", "juggle"], "'juggle' is not a screen; choose from 'build', 'vending'"),
    (["practice", "vending", "--drinks", "0", "--json"], "--drinks is a whole number between 1 and 36"),
    (["practice", "vending", "--drinks", "37", "--json"], "between 1 and 36"),
    (["practice", "vending", "--drinks", "six", "--json"], "not 'six'"),
    (["practice", "vending", "--seed", "-3", "--json"], "--seed is a whole number from 0"),
    (["practice", "vending", "--png", "{tmp}"], "--png names the PNG file to write, not a folder"),
    (["practice", "vending", "--png", "/no/such/folder/pour.png"],
     "/no/such/folder/pour.png cannot be written"),
    (["practice", "build", "--scene", "", "--json"], "--scene names a scene file"),
    (["practice", "build", "--scene", "no-such-scene.json", "--json"], "no scene file 'no-such-scene.json'"),
    (["practice", "build", "--json", "--png"], "--png needs a value"),
    # Every file a command writes: an existing file where a folder is wanted, a folder where a
    # file is wanted, a folder on the way that is a file, a missing folder, an empty name.
    (["practice", "build", "--json", "--png", "{match}/house.png"],
     "--png {match}/house.png cannot be written: {match} is a file, not a folder"),
    (["practice", "push", "--png", "{tmp}"], "--png names the PNG file to write, not a folder"),
    (["practice", "push", "--png", ""], "--png names the PNG file to write, not ''"),
    (["tts", "export", "chocolate_milk", "--players", "2", "--out", "{match}"],
     "--out {match} is a file, not a folder: --out names the folder that GAME.json and GAME/ go into"),
    (["tts", "export", "chocolate_milk", "--players", "2", "--out", "{match}/tts"],
     "--out {match}/tts cannot be made: {match} is a file, not a folder"),
    (["tts", "export", "chocolate_milk", "--players", "2", "--out", ""], "--out names the folder"),
    (["tts", "export", "chocolate_milk", "--players", "2", "--out", "{tmp}/tts", "--picture", "{tmp}"],
     "--picture names the PNG file to write, not a folder"),
    (["tts", "export", "chocolate_milk", "--players", "2", "--out", "{tmp}/tts", "--picture", "{match}/a.png"],
     "--picture {match}/a.png cannot be written: {match} is a file, not a folder"),
    (["tts", "export", "--from", "{tmp}", "--out", "{tmp}/tts"], "cannot be read: Is a directory"),
    (["tts", "picture", "{match}", "--out", "{tmp}"], "--out names the PNG file to write, not a folder"),
    (["tts", "picture", "{match}", "--out", "{match}/a.png"], "{match} is a file, not a folder"),
    (["tts", "picture", "no-such-save.json", "--out", "{tmp}/a.png"],
     "no-such-save.json cannot be read: No such file or directory"),
    (["tts", "picture", "{tmp}", "--out", "{tmp}/a.png"], "cannot be read: Is a directory"),
    (["tts", "picture", "{readme}", "--out", "{tmp}/a.png"], "README.md is not a save that tokyo tts export wrote"),
]


@pytest.mark.parametrize("argv, words", BAD_ARGUMENTS, ids=[" ".join(a) for a, _ in BAD_ARGUMENTS])
def test_every_bad_argument_is_one_line_and_exit_2(capsys, tmp_path, match_file, argv, words,
                                                   kiosk_never_opens):
    readme = Path(__file__).resolve().parents[1] / "README.md"
    argv = [a.format(tmp=tmp_path, readme=readme, match=match_file) for a in argv]
    line = one_line_error(capsys, *argv)
    assert words.format(tmp=tmp_path, match=match_file) in line


def test_simulate_with_negative_games_plays_nothing_and_prints_no_table(capsys):
    code = main(["simulate", "chocolate_milk", "--players", "2", "--games", "-5"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "finished" not in err


def test_a_damaged_move_in_a_save_is_one_line(capsys, tmp_path, match_file):
    doc = msgpack.unpackb(match_file.read_bytes(), raw=False, strict_map_key=False)
    doc["log"]["moves"][2][1] = "nonsense"
    bad = tmp_path / "tampered.tokyo"
    bad.write_bytes(msgpack.packb(doc))
    code = main(["replay", str(bad)])
    _, err = capsys.readouterr()
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"tokyo: {bad}: ")
    assert "'nonsense' is not an action of Chocolate Milk" in lines[0]


def test_replay_to_zero_shows_no_moves(capsys, match_file):
    assert main(["replay", str(match_file), "--to", "0"]) == 0
    out = capsys.readouterr().out
    assert "6 moves" in out and "1. seat" not in out


# ---- --version and the help texts -----------------------------------------------------------

def test_version_prints_the_installed_version(capsys):
    from importlib.metadata import version
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"tokyo {version('tokyo-kiosk')}\n"


def test_version_without_an_installed_package_says_so(capsys, monkeypatch):
    from importlib import metadata

    def missing(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(r"tokyo \d+\.\d+\.\d+ \(not installed\)\n", out), out


def help_entries(text: str) -> dict[str, str]:
    """{'--port': 'its help words', ...} from argparse's --help output."""
    entries: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        m = re.match(r"^  (-\S.*?)(?:  +(\S.*))?$", line)
        if m:
            names = re.findall(r"(--?[\w-]+)", m[1].split("  ")[0])
            current = names[-1]
            entries[current] = [m[2] or ""]
        elif current and re.match(r"^ {4,}\S", line):
            entries[current].append(line.strip())
        else:
            current = None
    return {k: " ".join(v).strip() for k, v in entries.items()}


EXPECTED_OPTIONS = {
    (): ["--version"],
    ("kiosk",): ["--lock"],
    ("serve",): ["--port", "--host", "--lock"],
    ("simulate",): ["--players", "--games", "--seed", "--bot", "--option", "--json"],
    ("replay",): ["--to", "--step"],
    ("practice", "build"): ["--scene", "--json", "--png", "--fullscreen"],
    ("practice", "vending"): ["--seed", "--drinks", "--json", "--png", "--fullscreen"],
    ("practice", "push"): ["--seed", "--goods", "--count", "--level", "--steps", "--json", "--png", "--fullscreen"],
    ("tournament",): ["--players", "--games", "--seed", "--bots", "--option", "--json"],
    ("tts", "export"): ["--players", "--seed", "--option", "--from", "--out", "--base-url", "--picture"],
    ("tts", "picture"): ["--out", "--base-url"],
}


@pytest.mark.parametrize("command", list(EXPECTED_OPTIONS), ids=lambda c: " ".join(c) or "tokyo")
def test_every_option_has_help_words(capsys, command):
    assert main([*command, "--help"]) == 0
    entries = help_entries(capsys.readouterr().out)
    assert set(EXPECTED_OPTIONS[command]) <= set(entries), entries
    for option, words in entries.items():
        assert len(words.split()) >= 3, f"{' '.join(command)} {option} has no help: {words!r}"


def test_the_option_help_names_the_form_and_where_the_names_are(capsys):
    main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "--option NAME=VALUE" in out and "tokyo rules GAME" in help_entries(out)["--option"]
    main(["rules", "tsukiji"])
    out = capsys.readouterr().out
    assert "tokyo simulate tsukiji --option NAME=VALUE" in out and "Money (money): open, hidden" in out


def test_help_entries_notices_an_option_without_help():
    text = "options:\n  -h, --help  show this help message and exit\n  --games GAMES\n  --json      print one\n"
    entries = help_entries(text)
    assert entries == {"--help": "show this help message and exit", "--games": "", "--json": "print one"}


# ---- a reader that stops early --------------------------------------------------------------

@pytest.mark.parametrize("argv", [["rules", "tsukiji"], ["list"], ["--help"],
                                  ["simulate", "chocolate_milk", "--players", "2", "--games", "3"],
                                  ["simulate", "chocolate_milk", "--players", "2", "--games", "3", "--json"],
                                  ["replay", "{match}"]],
                         ids=lambda a: " ".join(a))
def test_a_closed_stdout_ends_the_command_quietly(match_file, argv):
    """stdout is a pipe whose reader has already gone (as `| head` after its lines)."""
    argv = [a.format(match=match_file) for a in argv]
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([TOKYO, *argv], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert "BrokenPipe" not in done.stderr and "Exception ignored" not in done.stderr
    assert TRACEBACK not in done.stderr
    assert [line for line in done.stderr.splitlines() if not re.fullmatch(r"[\d/ games]*", line)] == []
    assert done.returncode in (0, 1)


def test_a_reader_that_closes_after_a_few_bytes(match_file):
    proc = subprocess.Popen([TOKYO, "rules", "tsukiji"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.read(40)
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode in (0, 1) and err == b""


# ---- tokyo serve ------------------------------------------------------------------------------

def test_serve_on_a_port_in_use_is_one_line_before_the_banner():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([TOKYO, "serve", "--port", str(port)], capture_output=True, text=True,
                              timeout=60)
    assert done.returncode == 2, done
    assert done.stderr.splitlines() == [
        f"tokyo: cannot listen on 127.0.0.1:{port}: Address already in use "
        f"(another program has port {port}; choose another with --port)"]
    assert done.stdout == ""


def test_serve_checks_the_address_as_the_server_will(capsys, kiosk_never_opens):
    from kiosk.serve import check_listen
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_error(capsys, "serve", "--port", str(port), "--host", "localhost")
    assert f"cannot listen on localhost:{port}: Address already in use" in line
    check_listen("127.0.0.1", port)  # free again: no error


# ---- the data folder and kiosk.toml ---------------------------------------------------------

def bad_data_folders(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    saves_file = tmp_path / "saves-is-a-file"
    saves_file.mkdir()
    (saves_file / "saves").write_text("")
    return {
        "a file": (a_file, f"the data folder {a_file} (TOKYO_DATA) is a file, not a folder"),
        "under a file": (a_file / "data", f"the data folder {a_file / 'data'} (TOKYO_DATA) cannot be created: "
                                          f"{a_file} is a file, not a folder"),
        "saves is a file": (saves_file, f"the saves folder {saves_file / 'saves'} is a file, not a folder"),
    }


@pytest.mark.parametrize("case", ["a file", "under a file", "saves is a file"])
@pytest.mark.parametrize("argv", [[], ["kiosk"], ["serve"], ["serve", "--lock"]],
                         ids=lambda a: " ".join(a) or "tokyo")
def test_a_bad_data_folder_stops_the_kiosk_before_it_opens(capsys, tmp_path, monkeypatch, kiosk_never_opens,
                                                          case, argv):
    folder, words = bad_data_folders(tmp_path)[case]
    monkeypatch.setenv("TOKYO_DATA", str(folder))
    assert one_line_error(capsys, *argv) == f"tokyo: {words}"


def test_an_unwritable_data_folder_stops_the_kiosk(capsys, tmp_path, monkeypatch, kiosk_never_opens):
    import tempfile

    def refuse(*a, **kw):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    line = one_line_error(capsys, "kiosk")
    folder = tmp_path / "data"
    assert line == f"tokyo: the data folder {folder} (TOKYO_DATA) cannot be written: Permission denied"


def test_a_good_data_folder_is_made_and_left_without_a_probe(tmp_path):
    root = tmp_path / "new" / "data"
    assert startup.check_data_dir(root) == root
    assert sorted(p.name for p in root.rglob("*")) == ["saves"]


def test_python_m_tokyo_kiosk_refuses_a_bad_data_folder(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    env = dict(os.environ, TOKYO_DATA=str(a_file))
    done = subprocess.run([sys.executable, "-m", "tokyo", "kiosk"], env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"tokyo: the data folder {a_file} (TOKYO_DATA) is a file, not a folder"]


@pytest.mark.parametrize("argv", [[], ["kiosk"], ["serve"]], ids=lambda a: " ".join(a) or "tokyo")
def test_a_damaged_kiosk_toml_stops_the_kiosk(capsys, tmp_path, kiosk_never_opens, argv):
    (tmp_path / "kiosk.toml").write_text("pin = \n")
    line = one_line_error(capsys, *argv)
    assert "kiosk.toml is not valid TOML" in line and "fix it, or remove the file" in line


def test_serve_lock_without_a_pin_refuses_up_front(capsys, kiosk_never_opens):
    assert "a locked kiosk needs an operator PIN" in one_line_error(capsys, "serve", "--lock")


# ---- a locked kiosk that cannot start rests ---------------------------------------------------

@pytest.fixture
def quick_rest(monkeypatch):
    """The resting screen for a moment and headless, so the test neither waits nor draws."""
    monkeypatch.setattr(startup, "REST_SECONDS", 0.3)
    monkeypatch.setattr(startup.RestingKiosk, "run", lambda self, **kw: App.run(self, headless=True, **kw))


@pytest.mark.parametrize("problem", ["data folder", "kiosk.toml"])
def test_a_locked_kiosk_that_cannot_start_rests_and_exits_3(capsys, tmp_path, monkeypatch, quick_rest,
                                                           kiosk_never_opens, problem):
    if problem == "data folder":
        (tmp_path / "a-file").write_text("")
        monkeypatch.setenv("TOKYO_DATA", str(tmp_path / "a-file"))
        (tmp_path / "kiosk.toml").write_text('pin = "4321"\n')
        reason = f"the data folder {tmp_path / 'a-file'} (TOKYO_DATA) is a file, not a folder"
    else:
        (tmp_path / "kiosk.toml").write_text('pin = "4321"\nidle_seconds = -5\n')
        reason = f"{tmp_path / 'kiosk.toml'}: idle_seconds is a number of seconds, 0 or more"
    started = time.monotonic()
    code = main(["kiosk", "--lock"])
    took = time.monotonic() - started
    err = capsys.readouterr().err
    assert code == startup.EXIT_RESTING == 3
    assert err.splitlines() == [f"tokyo: {reason}; the kiosk shows “resting” for 0.3 s, then exits with 3"]
    assert 0.3 <= took < 20


def test_the_resting_screen_apologises_ignores_keys_and_ends_itself():
    assert 20 <= startup.REST_SECONDS <= 60

    async def scenario():
        app = startup.RestingKiosk("the data folder /srv/x is a file, not a folder [bold]", seconds=1.5)
        async with app.run_test() as pilot:
            title = str(app.query_one("#resting-title").render())
            reason = str(app.query_one("#resting-reason").render())
            assert title == "This kiosk is resting — please tell the staff"
            assert reason == "the data folder /srv/x is a file, not a folder [bold]"
            for key in ("ctrl+q", "ctrl+c", "escape", "q", "enter"):
                await pilot.press(key)
            await pilot.pause()
            assert app.return_code is None and app.is_running
            deadline = time.monotonic() + 20
            while app.is_running and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
        return app.return_code

    assert asyncio.run(scenario()) == 3


def test_a_locked_kiosk_rests_on_a_real_terminal_and_exits_3(tmp_path):
    """The whole way: a terminal, the screen drawn, keys that do not end it, exit code 3."""
    import pty
    import select
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    code = ("import sys, kiosk.startup as s; s.REST_SECONDS = 2.0; "
            "from tokyo.cli import main; sys.exit(main(['kiosk', '--lock']))")
    pid, fd = pty.fork()
    if pid == 0:  # the child: a kiosk on a terminal of its own
        os.environ.update(TOKYO_DATA=str(a_file), TERM="xterm-256color")
        os.execv(sys.executable, [sys.executable, "-c", code])
    seen, sent, started = b"", False, time.monotonic()
    try:
        while time.monotonic() - started < 60:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                seen += data
            if not sent and b"please tell the staff" in seen:  # drawn: the terminal is in raw mode
                os.write(fd, b"\x11\x03q\x1b")  # ctrl+q, ctrl+c, q, escape
                sent = True
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    text = re.sub(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]", "", seen.decode("utf-8", "replace"))
    assert os.waitstatus_to_exitcode(status) == 3 and sent
    assert "This kiosk is resting" in text and "please tell the staff" in text
    assert time.monotonic() - started >= 2.0
