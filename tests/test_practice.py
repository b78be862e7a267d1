"""The practice screens in pygame, headless: what they draw, what they do with input, the command."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
import math  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tokyo.cli import main  # noqa: E402
from physics import vending, window, world  # noqa: E402
from physics.building import R_INSIDE, R_PIECES, R_SUPPORT, Placement  # noqa: E402
from physics.practice.build import BuildPractice  # noqa: E402
from physics.practice.presets import preset_lots  # noqa: E402
from physics.practice.vending import VendingPractice  # noqa: E402
from physics.scenes import load_scene  # noqa: E402
from physics.stability import judged, settle  # noqa: E402
from physics.vending import random_drinks  # noqa: E402
from physics.window import render  # noqa: E402
from physics.window.build import BuildWindow  # noqa: E402
from physics.window.vending import VendingWindow  # noqa: E402

HOUSE = Path(__file__).resolve().parent.parent / "assets" / "scenes" / "house-3-floors.json"

# A beam balanced far off its two cubes: it tips, and it breaks two rules on the way.
TIPPING = """
[lot]
outlines = [[0, 88]]
floors = 2
numeral = "V"

[[pieces]]
piece = "cube-20-1"
x = 30
y = 0

[[pieces]]
piece = "cube-20-2"
x = 50
y = 0

[[pieces]]
piece = "beam-100x10-1"
x = 35
y = 20
floor = 2
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def key(k, shift=False):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_SHIFT if shift else 0, unicode="")


def pixel(image, view, x, y):
    px, py = view.px(x, y)
    return tuple(image.get_at((int(px), int(py))))[:3]


def tipping(tmp_path):
    scene_file = tmp_path / "tipping.toml"
    scene_file.write_text(TIPPING)
    return scene_file


def inside(bench, i, x, y, depth=3.0) -> bool:
    """Whether (x, y) mm lies at least `depth` inside piece i as the bench shows it now."""
    from physics import geometry
    return any(geometry.penetration(part, [(x - depth, y - depth), (x + depth, y - depth),
                                           (x + depth, y + depth), (x - depth, y + depth)]) >= 2 * depth - 1e-9
               for part in bench.pieces_now()[i])


# ---- drawing matches the simulation ------------------------------------------------------

def test_png_of_a_standing_building_shows_each_piece_at_the_verdicts_pose(tmp_path, capsys):
    png = tmp_path / "house.png"
    code, out, _ = run(capsys, "practice", "build", "--scene", str(HOUSE), "--json", "--png", str(png), "--physics")
    data = json.loads(out)
    assert code == 0 and data["passes"] is True and data["verdict"]["ended"] == "asleep"
    image = pygame.image.load(str(png))
    assert image.get_size() == window.SIZE

    bench = BuildPractice(load_scene(str(HOUSE)))
    bench.stop(physics=True)
    bench.finish()
    view = BuildWindow(bench).view()
    for pose in data["verdict"]["poses"]:
        i, x, y = pose["piece"], pose["x"], pose["y"]
        assert inside(bench, i, x, y), "sample well inside the piece"
        assert pixel(image, view, x, y) == render.piece_colour(i), f"piece {i + 1}"
    for x, y in ((44, 75), (44, 110), (-6, 30), (96, 30), (44, 66)):
        assert pixel(image, view, x, y) == render.BACKGROUND, (x, y)
    assert pixel(image, view, 100, -10) == render.TABLE


def test_png_of_a_fall_shows_the_verdicts_moment_and_where_it_comes_to_rest(tmp_path, capsys):
    png = tmp_path / "tip.png"
    code, out, _ = run(capsys, "practice", "build", "--scene", str(tipping(tmp_path)), "--json", "--png", str(png))
    verdict = json.loads(out)["verdict"]
    assert code == 0 and verdict["stands"] is False
    image = pygame.image.load(str(png))

    bench = BuildPractice(load_scene(str(tipping(tmp_path))))
    bench.stop()
    bench.finish()
    assert bench.at_verdict
    lay = window.layout(window.SIZE)
    left = lay["play"].copy()
    left.width //= 2
    right = left.move(left.width, 0)
    screen = BuildWindow(bench)
    at_verdict = screen.view(left)
    beam = verdict["poses"][2]
    assert beam["degrees"] < -2, "the beam has started to tip at the verdict"
    assert inside(bench, 2, beam["x"], beam["y"], depth=2)
    assert pixel(image, at_verdict, beam["x"], beam["y"]) == render.piece_colour(2)

    bench.play_on()
    bench.finish()
    settled = screen.view(right)
    body = bench.scene.bodies[2]
    assert bench.scene.asleep() and math.degrees(body.angle) < beam["degrees"] - 5, "it tipped on"
    end = body.local_to_world((95, 5))          # near the beam's right end, on its middle line
    assert inside(bench, 2, *end, depth=2)
    assert pixel(image, settled, *end) == render.piece_colour(2), "the right half: where the beam lies at rest"


def test_the_stop_animation_waits_at_the_verdicts_moment_then_plays_on(tmp_path):
    screen = BuildWindow(BuildPractice(load_scene(str(tipping(tmp_path)))))
    bench = screen.bench
    screen.handle(key(pygame.K_s))
    assert bench.phase == "settling" and bench.verdict.ended == "moved"
    assert bench.title()[0].startswith("Stop! Settling")
    for _ in range(50):
        screen.update()
    assert bench.frame == bench.verdict.steps and bench.phase == "verdict", "waits at the verdict"
    shown = [(x, y, math.degrees(a)) for x, y, a in map(bench.scene.pose, range(3))]
    assert shown == bench.verdict.poses, "the picture is the verdict's moment, bit for bit"
    moved = {i for i, (d, t) in enumerate(bench.scene.movements()) if d > 2 or t > 2}
    assert moved == {m["piece"] for m in bench.verdict.moved} == {2}
    assert any("moment of the verdict" in item.heading for item in bench.report())

    surface = pygame.Surface(window.SIZE)
    screen.draw(surface)
    view = screen.view()
    for body in bench.scene.bodies:             # every piece named by a rule or moved: outlined red
        assert pixel(surface, view, *body.local_to_world((10, 0))) == render.ALERT
    assert {R_SUPPORT, R_INSIDE, R_PIECES} <= {v.rule for v in bench.violations}

    screen.handle(key(pygame.K_p))
    frames = 0
    while not bench.scene.asleep() and frames < 400:
        screen.update()
        frames += 1
    assert bench.frame > bench.verdict.steps and bench.scene.asleep()
    assert any("the verdict was at" in item.heading for item in bench.report())
    screen.draw(surface)
    x, y, _ = bench.scene.pose(2)
    assert pixel(surface, screen.view(), x, y) == render.piece_colour(2)


def test_stop_on_an_empty_lot_says_nothing_built(capsys, tmp_path):
    bench = BuildPractice()
    bench.stop()
    assert bench.phase == "verdict" and bench.title() == ("Nothing built", "alert")
    assert bench.report()[0].heading == "Does not pass"
    surface = pygame.Surface(window.SIZE)
    BuildWindow(bench).draw(surface)
    empty = tmp_path / "empty.json"
    empty.write_text('{"lot": {"outlines": [[0, 88]]}, "pieces": []}')
    code, out, _ = run(capsys, "practice", "build", "--scene", str(empty), "--json")
    data = json.loads(out)
    assert code == 0 and data["passes"] is False
    assert data["verdict"]["stands"] is None and data["verdict"]["summary"] == "nothing built"


# ---- the command ----------------------------------------------------------------------------

def test_build_json_gives_the_check_and_the_verdict(capsys, tmp_path):
    code, out, _ = run(capsys, "practice", "build", "--scene", str(HOUSE), "--json")
    assert code == 0
    assert json.loads(out) == {"check": [], "passes": True,
                               "verdict": judged(load_scene(str(HOUSE))).as_dict()}
    assert json.loads(out)["verdict"]["ended"] == "statics", "the house needs no settle"
    code, out, _ = run(capsys, "practice", "build", "--scene", str(HOUSE), "--json", "--physics")
    assert json.loads(out) == {"check": [], "passes": True,
                               "verdict": settle(load_scene(str(HOUSE))).as_dict()}
    assert json.loads(out)["verdict"]["ended"] == "asleep"

    code, out, _ = run(capsys, "practice", "build", "--scene", str(tipping(tmp_path)), "--json")
    data = json.loads(out)
    assert code == 0 and data["passes"] is False
    assert data["verdict"]["stands"] is False and [m["id"] for m in data["verdict"]["moved"]] == ["beam-100x10-1"]
    assert data["verdict"]["moved"][0]["against"] in (0, 1)
    inside_rule = [v for v in data["check"] if v["rule"] == R_INSIDE]
    assert inside_rule and inside_rule[0]["pieces"] == [2] and "35.0–135.0 mm" in inside_rule[0]["message"]

    code, out, _ = run(capsys, "practice", "build", "--scene", "house-3-floors", "--json")
    assert code == 0 and json.loads(out)["passes"] is True


@pytest.mark.parametrize("content, message", [
    ("{not json", "is not valid JSON"),
    ('{"lot": {}, "pieces": [{"piece": "cube-20-1", "y": 0}]}', "lacks the field 'x'"),
    ('{"pieces": [{"piece": "teapot", "x": 0, "y": 0}]}', "there is no piece 'teapot'"),
    ('{"lot": {"outlines": [[50, 10]]}}', "left < right"),
    ("[1, 2]", "a scene is an object"),
    ('{"pieces": [{"piece": "cube-20-1", "x": NaN, "y": 0}]}', "piece 1: 'x' is a number between"),
    ('{"pieces": [{"piece": "cube-20-1", "x": 1e308, "y": 0}]}', "piece 1: 'x' is a number between"),
    ('{"pieces": [{"piece": "cube-20-1", "x": "4", "y": 0}]}', "piece 1: 'x' is a number"),
    ('{"pieces": [{"piece": "cube-20-1", "x": 4, "y": 0, "floor": true}]}', "'floor' is a whole number"),
    ('{"pieces": [{"piece": "cube-20-1", "x": 4, "y": 0, "flip": "yes"}]}', "'flip' is true or false"),
    ('{"pieces": [{"piece": "cube-20-1", "x": 4, "y": 0, "rotation": Infinity}]}', "'rotation' is a number"),
    ('{"lot": {"numeral": "Q"}}', "'Q' is not a piece count"),
    ('{"lot": {"floors": 0}}', "'floors' is a whole number"),
    ('{"lot": [], "pieces": []}', "'lot' is an object"),
    ('{"pieces": {"piece": "cube-20-1"}}', "'pieces' is a list"),
    ('{"lot": {}, "roof": 1}', "only 'lot' and 'pieces'"),
])
def test_a_bad_scene_file_is_a_one_line_error(capsys, tmp_path, content, message):
    scene_file = tmp_path / "bad.json"
    scene_file.write_text(content)
    code, out, err = run(capsys, "practice", "build", "--scene", str(scene_file), "--json")
    assert code == 2 and out == "" and message in err and str(scene_file) in err
    assert err.count("\n") == 1, err


def test_missing_scene_and_bad_drink_count_are_clear_errors(capsys):
    code, _, err = run(capsys, "practice", "build", "--scene", "no-such-scene.json", "--json")
    assert code == 2 and "no scene file 'no-such-scene.json'" in err and "house-3-floors" in err
    code, _, err = run(capsys, "practice", "vending", "--drinks", "37", "--json")
    assert code == 2 and "between 1 and 36" in err
    code, _, err = run(capsys, "practice", "vending", "--png", "/no/such/folder/pour.png")
    assert code == 2 and "/no/such/folder/pour.png cannot be written" in err


def test_vending_json_is_reproducible_and_accounts_for_every_drink(capsys):
    argv = ("practice", "vending", "--seed", "3", "--drinks", "6", "--json")
    code, first, _ = run(capsys, *argv)
    _, second, _ = run(capsys, *argv)
    assert code == 0 and first == second
    data = json.loads(first)
    assert data["seed"] == 3 and len(data["poured"]) == len(set(data["poured"])) == 6
    assert sorted(data["out"] + data["stuck"]) == sorted(data["poured"])
    bench = VendingPractice(3, 6)
    assert data["poured"] == [bench.codes[d] for d in random_drinks(3, 6)]
    _, other, _ = run(capsys, "practice", "vending", "--seed", "4", "--drinks", "6", "--json")
    assert json.loads(other)["poured"] != data["poured"]


def test_vending_png_shows_the_stuck_drinks_in_their_colours(capsys, tmp_path):
    seed = next(s for s in range(1, 200) if vending.pour(random_drinks(s, 12), s).stuck)
    png = tmp_path / "pour.snapshot"
    code, out, _ = run(capsys, "practice", "vending", "--seed", str(seed), "--drinks", "12", "--png", str(png))
    assert code == 0 and "{" not in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "a PNG whatever the file is called"
    image = pygame.image.load(str(png), "x.png")
    result = vending.pour(random_drinks(seed, 12), seed)
    assert result.stuck
    view = VendingWindow(VendingPractice(seed, 12)).view()
    for k, body in result.bodies.items():
        shape = vending.machine().drinks[result.drinks[k] % 6]
        corner = body.local_to_world((-shape.width / 2 + 2.5, -shape.height / 2 + 2.5))
        assert pixel(image, view, *corner) == render.DRINK_FILL[result.drinks[k] // 6]


def test_same_scene_and_same_pour_give_byte_identical_json_in_another_process(capsys, tmp_path):
    """Each run's JSON, byte for byte, from this process and from a fresh one; each is the
    JSON of its kind (a building's verdict with the poses, a pour with what stuck)."""
    scene = str(tipping(tmp_path))
    for argv, kind in ((["practice", "build", "--scene", scene, "--json"], "poses"),
                       (["practice", "build", "--scene", str(HOUSE), "--json"], "poses"),
                       (["practice", "vending", "--seed", "5", "--drinks", "7", "--json"], "stuck")):
        _, here, _ = run(capsys, *argv)
        there = subprocess.run([sys.executable, "-m", "tokyo", *argv], capture_output=True, text=True,
                               timeout=60, check=True).stdout
        assert there == here, argv
        assert f'"{kind}"' in here, argv


def test_json_runs_never_import_pygame():
    code = ("import sys; from tokyo.cli import main; "
            f"main(['practice', 'build', '--scene', {str(HOUSE)!r}, '--json']); "
            "main(['practice', 'vending', '--drinks', '2', '--json']); "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    startup = subprocess.run([sys.executable, "-c", "import sys, tokyo.cli; tokyo.cli.build_parser(); "
                              "print(sorted(m for m in ('pygame', 'pymunk') if m in sys.modules))"],
                             capture_output=True, text=True, timeout=60)
    assert startup.stdout.strip() == "[]", startup.stderr
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count('"verdict"') == 1 and done.stdout.count('"stuck"') == 1


def test_the_command_and_the_screens_import_each_other_in_one_direction_only():
    probe = ("import sys, importlib; importlib.import_module({m!r}); "
             "print(sorted(k for k in sys.modules if k.startswith('physics.')))")
    screens = subprocess.run([sys.executable, "-c", probe.format(m="physics.window.build")],
                             capture_output=True, text=True, timeout=60, check=True).stdout
    assert "physics.window.vending" not in screens
    command = subprocess.run([sys.executable, "-c", probe.format(m="tokyo.practice")],
                             capture_output=True, text=True, timeout=60, check=True).stdout
    assert "physics.window" not in command and "physics.practice" not in command


def no_display_env():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_RUNTIME_DIR"] = ""
    return env


@pytest.mark.parametrize("screen", ["build", "vending"])
@pytest.mark.parametrize("driver", [None, "dummy"])
def test_without_a_display_practice_says_why_in_one_line_and_fails_within_seconds(screen, driver):
    env = no_display_env()
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    tokyo = Path(sys.executable).parent / "tokyo"
    started = time.monotonic()
    done = subprocess.run([str(tokyo), "practice", screen], capture_output=True, text=True, timeout=30,
                          env=env, stdin=subprocess.DEVNULL)
    assert time.monotonic() - started < 30
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tokyo: there is no graphical display here"), done.stderr
    assert "--json or --png" in lines[0]


# ---- the build screen driven by events ----------------------------------------------------

def test_build_screen_pick_move_turn_flip_drop_take_back_and_stop():
    screen = BuildWindow()
    bench = screen.bench
    surface = pygame.Surface(window.SIZE)
    screen.draw(surface)
    view = screen.view()

    def point(x, y):
        return tuple(round(v) for v in view.px(x, y))

    screen.handle(key(pygame.K_RETURN))          # Enter: the highlighted piece into the hand
    assert bench.held.piece == "cube-20-1"
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=point(30, 50), rel=(0, 0), buttons=(0, 0, 0)))
    assert bench.held.x == 20
    screen.handle(key(pygame.K_RIGHT))
    screen.handle(key(pygame.K_RIGHT, shift=True))
    screen.handle(key(pygame.K_RETURN))
    assert bench.building.placements == [Placement("cube-20-1", 31.0, 0.0, 0.0, False, 1)]
    assert "cube-20-1" not in bench.supply() and bench.held is None

    row = next(rect for rect, i in screen.supply_rows() if bench.supply()[i] == "block-40x20-1")
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
    assert bench.held.piece == "block-40x20-1"
    view = screen.view()
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=point(41, 80), rel=(0, 0), buttons=(0, 0, 0)))
    screen.handle(key(pygame.K_r))
    assert bench.held.rotation == 15
    screen.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, pos=point(41, 80)))
    assert bench.held.rotation == 0
    screen.handle(key(pygame.K_r, shift=True))
    screen.handle(key(pygame.K_f))
    assert (bench.held.rotation, bench.held.flip) == (90, True)
    screen.handle(key(pygame.K_3))
    assert bench.placement().floor == 3
    screen.handle(key(pygame.K_0))
    x_before = bench.held.x
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point(41, 80), button=1))
    assert bench.building.placements[1] == Placement("block-40x20-1", x_before, 20.0, 90.0, True, 2)
    screen.draw(surface)

    screen.handle(key(pygame.K_BACKSPACE))
    assert [p.piece for p in bench.building.placements] == ["cube-20-1"]
    assert "block-40x20-1" in bench.supply()

    screen.handle(key(pygame.K_s))
    assert bench.verdict.stands and bench.verdict.ended == "statics", "a cube on the card: nothing can move"
    assert bench.phase == "verdict" and bench.frame == bench.verdict.steps == 0
    assert {v.rule for v in bench.violations} >= {R_PIECES}
    screen.draw(surface)
    before = bench.cursor
    screen.handle(key(pygame.K_TAB))             # Tab: back to building, the highlight on the next piece
    assert bench.phase == "build" and bench.held is None and bench.cursor == (before + 1) % len(bench.shelf())
    screen.handle(key(pygame.K_RETURN))
    assert bench.held is not None
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point(60, 60), button=3))
    assert bench.held is None
    screen.handle(key(pygame.K_ESCAPE))
    assert screen.quit


def test_a_held_piece_lands_on_what_is_below_it():
    bench = BuildPractice(load_scene(str(HOUSE)))
    bench.pick("beam-80x10-1")
    bench.move_to(44, 150)
    assert bench.placement().y == 60.0 and bench.placement().floor == 4
    bench.pick("cube-20-5")
    bench.move_to(14, 150)             # over the left slope: its corner rests on the flipped wedge
    assert (bench.placement().x, bench.placement().y) == (4.0, 50.0)
    bench.move_to(150, 150)            # beside the house: on the table
    assert (bench.placement().y, bench.placement().floor) == (0.0, 1)
    bench.move_to(30, 10)              # inside the house: lifted out, then down onto the slope
    assert (bench.placement().y, bench.placement().floor) == (58.0, 4)
    bench.toggle_snap()                # snap off: let go where it is held
    bench.move_to(150, 55)
    assert bench.placement().y == 45.0


def test_lots_and_outlines_cycle_and_keep_the_building():
    screen = BuildWindow(BuildPractice(load_scene(str(HOUSE))))
    bench, lots = screen.bench, preset_lots()
    assert bench.lot == lots[0]
    screen.handle(key(pygame.K_l))
    assert bench.lot == lots[1] and len(bench.building.placements) == 8
    screen.handle(key(pygame.K_l))
    assert len(bench.lot.outlines) == 2 and bench.building.outline == 0
    screen.handle(key(pygame.K_o))
    assert bench.building.outline == 1
    screen.handle(key(pygame.K_l))
    assert bench.lot.floors is None and bench.lot.numeral is None
    screen.handle(key(pygame.K_l, shift=True))
    assert len(bench.lot.outlines) == 2


# ---- the vending screen ------------------------------------------------------------------

def test_vending_screen_pours_reports_and_clears():
    screen = VendingWindow(VendingPractice(seed=3, count=6))
    bench = screen.bench
    screen.handle(key(pygame.K_PLUS))
    screen.handle(key(pygame.K_MINUS))
    assert bench.count == 6
    screen.handle(key(pygame.K_p))
    surface = pygame.Surface(window.SIZE)
    frames = 0
    while not bench.pour.done:
        screen.update()
        frames += 1
        if frames == 20:
            screen.draw(surface)
    expected = vending.pour(random_drinks(3, 6), 3)
    assert bench.pour.as_dict(bench.codes) == expected.as_dict(bench.codes)
    assert frames == -(-expected.steps // window.POUR_STEPS_PER_FRAME)
    screen.draw(surface)
    stuck = list(bench.pour.stuck)
    screen.handle(key(pygame.K_c))
    assert bench.cleared == stuck and bench.pour.stuck == [] and not bench.pour.bodies

    screen.handle(key(pygame.K_3))
    screen.handle(key(pygame.K_b, shift=True))
    assert bench.chosen() == list(range(12, 24)) and bench.pour is None
    screen.handle(key(pygame.K_k, shift=True))
    assert bench.chosen() == list(range(18, 24))
    screen.handle(key(pygame.K_n))
    assert bench.seed == 4
    button = screen.buttons()[8][0]            # "Pour (P)"
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    bench.finish()
    assert sorted(bench.pour.out + bench.pour.stuck) == list(range(18, 24))
    screen.handle(key(pygame.K_ESCAPE))
    assert screen.quit


def test_the_window_loop_runs_headless():
    class ThreeFrames(VendingWindow):
        def update(self):
            super().update()
            self.frames = getattr(self, "frames", 0) + 1
            self.quit = self.frames >= 3

    screen = ThreeFrames(VendingPractice(seed=1, count=3))
    screen.bench.start()
    window.run(screen)
    assert screen.frames == 3 and screen.bench.pour.steps == 3 * window.POUR_STEPS_PER_FRAME
    assert window.BUILD_STEPS_PER_FRAME * world.STEP == pytest.approx(1 / window.FPS)


def test_the_scene_format_documented_in_docs_runs_as_documented(capsys, tmp_path):
    text = (Path(__file__).resolve().parent.parent / "docs" / "scenes.md").read_text(encoding="utf-8")
    blocks = {}
    for lang in ("json", "toml"):
        blocks[lang] = [b.split("```")[0] for b in text.split(f"```{lang}\n")[1:]]
    scene_json, printed = blocks["json"]
    (tmp_path / "doc.json").write_text(scene_json)
    (tmp_path / "doc.toml").write_text(blocks["toml"][0])
    for name in ("doc.json", "doc.toml"):
        code, out, _ = run(capsys, "practice", "build", "--scene", str(tmp_path / name), "--json")
        assert code == 0 and json.loads(out) == json.loads(printed), name
    assert "tokyo: bad.json: piece 1: 'x' is a number between -400 and 400" in text
    bad = json.loads(scene_json)
    bad["pieces"][0]["x"] = 400.5
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    code, _, err = run(capsys, "practice", "build", "--scene", str(tmp_path / "bad.json"), "--json")
    assert code == 2 and "piece 1: 'x' is a number between -400 and 400" in err, err
