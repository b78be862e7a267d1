"""`tokyo practice push`: the crate's push as JSON or a PNG, the same push as physics.crate.push."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tokyo.cli import main  # noqa: E402
from physics import crate, window  # noqa: E402
from physics.practice import palette  # noqa: E402
from physics.practice.push import MARKER_MM, PushPractice, fill, order  # noqa: E402
from physics.window.push import PushWindow  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TALL = "sheets,shirt,trousers,bra,tuna,salmon,crab,magazine,pillowcase,washer,dryer,washer"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_the_push_physics_crate_gives(capsys):
    code, out, _ = run(capsys, "practice", "push", "--goods", TALL, "--level", "5", "--steps", "2",
                       "--seed", "1", "--json")
    assert code == 0
    data = json.loads(out)
    load = TALL.split(",")
    expected = crate.push(load, 5, 2, 1)
    assert data == {**expected.as_dict(), "lost": [load[i] for i in expected.fallen]}
    assert "washer" in data["lost"], "seed 1 throws a washer out, so what fell is compared too"
    assert sorted(data["fallen"] + data["kept"]) == list(range(len(load)))


def test_without_goods_a_random_load_of_count_for_the_seed(capsys):
    _, out, _ = run(capsys, "practice", "push", "--seed", "9", "--count", "8", "--json")
    data = json.loads(out)
    assert data["load"] == crate.random_load(9, 8) and (data["level"], data["steps"], data["seed"]) == (3, 2, 9)
    _, empty, _ = run(capsys, "practice", "push", "--count", "0", "--level", "5", "--json")
    assert json.loads(empty)["fallen"] == [] and json.loads(empty)["load"] == []


def test_json_is_byte_identical_in_another_process(capsys):
    argv = ["practice", "push", "--goods", TALL, "--level", "4", "--steps", "3", "--seed", "5", "--json"]
    other = subprocess.run([sys.executable, "-m", "tokyo", *argv], cwd=ROOT, capture_output=True,
                           timeout=120, check=True)
    assert main(argv) == 0
    assert other.stdout == capsys.readouterr().out.encode()


def test_png_draws_the_crate_at_the_dot_with_the_marker_and_the_fallen_goods(capsys, tmp_path):
    png = tmp_path / "push.picture"
    code, out, _ = run(capsys, "practice", "push", "--goods", TALL, "--level", "5", "--steps", "2",
                       "--seed", "1", "--png", str(png))
    assert code == 0 and out == ""
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "a PNG whatever the file is called"
    image = pygame.image.load(str(png), "x.png")
    bench = PushPractice(TALL.split(","), 5, 2, 1)
    bench.start()
    bench.finish()
    p = bench.push
    view = PushWindow(bench).view()

    def at(x, y):
        px, py = view.px(x, y)
        return tuple(image.get_at((int(px), int(py))))[:3]

    assert abs(p.travelled - 2 * crate.STEP_MM) < 5, "goods sliding into the front wall push it on a little"
    assert at(p.marker_x() - MARKER_MM[0] / 2, MARKER_MM[1] / 2) == palette.MARKER
    assert at(2 * crate.STEP_MM + p.crate.inner_width / 2, -3.2) == palette.DOT, "the dot it stops at"
    i = [k for k in order(p) if k in p.result.fallen][-1]       # no fallen good drawn over it
    assert p.centre(i)[1] < 15 and not 0 < p.body.world_to_local(p.centre(i))[0] < p.crate.inner_width
    (cx, cy), (vx, vy) = p.centre(i), p.polygons(i)[0][0]
    assert at(cx + 0.6 * (vx - cx), cy + 0.6 * (vy - cy)) == fill(p, i)


@pytest.mark.parametrize("argv, words", [
    (["--goods", "shirt,piano"], "piano is not one"),
    (["--level", "6"], "--level is a whole number between 1 and 5"),
    (["--steps", "4"], "--steps is a whole number between 1 and 3"),
    (["--count", "17"], "--count is a whole number between 0 and 16"),
    (["--png", "/no/such/folder/push.png"], "there is no folder /no/such/folder"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, "practice", "push", *argv, "--json")
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tokyo: ") and words in lines[0], err


def test_without_a_display_the_window_says_why_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(window, "display_problem", lambda: "there is no graphical display here")
    monkeypatch.setattr(window, "run", lambda *a, **k: pytest.fail("no window without a display"))
    code, out, err = run(capsys, "practice", "push", "--count", "3")
    assert code == 2 and out == ""
    assert err.startswith("tokyo: there is no graphical display here") and "--json or --png" in err


def test_with_a_display_the_window_opens_on_the_chosen_push(capsys, monkeypatch):
    opened = []
    monkeypatch.setattr(window, "display_problem", lambda: None)
    monkeypatch.setattr(window, "run", lambda screen, **k: opened.append((screen, k)))
    assert main(["practice", "push", "--goods", "washer,shirt", "--level", "2", "--steps", "1", "--seed", "4"]) == 0
    (screen, options), = opened
    assert isinstance(screen, PushWindow) and options["caption"] == "Tokyo crate practice"
    b = screen.bench
    assert (b.load, b.level, b.steps, b.seed, b.push) == (["washer", "shirt"], 2, 1, 4, None)


def test_the_window_pushes_by_keys_and_clicks():
    screen = PushWindow(PushPractice([], 3, 2, 1))
    b = screen.bench
    surface = pygame.Surface(window.SIZE)
    keys = [pygame.K_RIGHT, pygame.K_a, pygame.K_a, pygame.K_BACKSPACE, pygame.K_5, pygame.K_s]
    for k in keys:
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    assert b.load == [b.catalogue[1]] and b.level == 5 and b.steps == 3
    rect = next(r for r, label, _ in screen.buttons() if label == "1")
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    assert b.level == 1
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode=""))
    while not b.push.done:
        screen.update()
    screen.draw(surface)
    assert b.push.result == crate.push(b.load, 1, 3, 1)
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert screen.quit
