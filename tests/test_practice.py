"""The practice screens, headless: what they draw, what they do with input, the command."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from kiosk.cli import main  # noqa: E402
from physics import practice, render, vending  # noqa: E402
from physics.building import R_INSIDE, R_PIECES, R_SUPPORT, Placement  # noqa: E402
from physics.cli import load_scene  # noqa: E402
from physics.vending import random_drinks  # noqa: E402
from physics.stability import build_scene, settle  # noqa: E402

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


def centre(body):
    return tuple(body.local_to_world(body.center_of_gravity))


# ---- drawing matches the simulation ------------------------------------------------------

def test_png_of_a_settled_building_shows_each_piece_where_the_simulation_has_it(tmp_path, capsys):
    png = tmp_path / "house.png"
    code, out, _ = run(capsys, "practice", "build", "--scene", str(HOUSE), "--json", "--png", str(png))
    assert code == 0 and json.loads(out)["passes"] is True
    image = pygame.image.load(str(png))
    assert image.get_size() == practice.SIZE

    building = load_scene(str(HOUSE))
    scene = build_scene(building)
    assert settle(building, scene=scene).ended == "asleep"
    view = practice.BuildPractice(building).view()
    for i, body in enumerate(scene.bodies):
        x, y = centre(body)
        assert min(s.point_query((x, y)).distance for s in body.shapes) < -3, "sample well inside the piece"
        assert pixel(image, view, x, y) == render.piece_colour(i), f"piece {i + 1}"
    for x, y in ((44, 75), (44, 110), (-6, 30), (96, 30), (44, 66)):
        assert pixel(image, view, x, y) == render.BACKGROUND, (x, y)
    assert pixel(image, view, 100, -10) == render.TABLE


def test_the_stop_animation_replays_the_verdict_and_draws_the_fallen_pieces(tmp_path):
    scene_file = tmp_path / "tipping.toml"
    scene_file.write_text(TIPPING)
    screen = practice.BuildPractice(load_scene(str(scene_file)))
    screen.handle(key(pygame.K_s))
    assert screen.phase == "settling" and screen.verdict.ended == "moved"
    while screen.frame < screen.verdict.steps:
        screen.update()
    assert screen.frame == screen.verdict.steps and screen.phase == "verdict"
    moved = {i for i in range(3) if screen.scene.movement(i)[0] > 2 or screen.scene.movement(i)[1] > 2}
    assert moved == {m["piece"] for m in screen.verdict.moved} == {2}

    screen.finish()
    surface = pygame.Surface(practice.SIZE)
    screen.draw(surface)
    view = screen.view()
    beam = screen.scene.bodies[2]
    x, y = 35 + 50, 20 + 5             # the beam's centre where it was put
    right_end = (x + 45, y)
    assert min(s.point_query(right_end).distance for b in screen.scene.bodies for s in b.shapes) > 2, \
        "the beam's right end has left the place it was put"
    assert pixel(surface, view, *right_end) == render.BACKGROUND
    for i, body in enumerate(screen.scene.bodies):
        assert pixel(surface, view, *centre(body)) == render.piece_colour(i)
    # every piece named by a broken rule or moved is outlined in red, along its edges
    for body in screen.scene.bodies:
        assert pixel(surface, view, *body.local_to_world((10, 0))) == render.ALERT
    rules = {v.rule for v in screen.violations}
    assert {R_SUPPORT, R_INSIDE, R_PIECES} <= rules


# ---- the command ----------------------------------------------------------------------------

def test_build_json_gives_the_check_and_the_verdict(capsys, tmp_path):
    code, out, _ = run(capsys, "practice", "build", "--scene", str(HOUSE), "--json")
    assert code == 0
    assert json.loads(out) == {"check": [], "passes": True,
                               "verdict": settle(load_scene(str(HOUSE))).as_dict()}

    scene_file = tmp_path / "tipping.toml"
    scene_file.write_text(TIPPING)
    code, out, _ = run(capsys, "practice", "build", "--scene", str(scene_file), "--json")
    data = json.loads(out)
    assert code == 0 and data["passes"] is False
    assert data["verdict"]["stands"] is False and [m["id"] for m in data["verdict"]["moved"]] == ["beam-100x10-1"]
    inside = [v for v in data["check"] if v["rule"] == R_INSIDE]
    assert inside and inside[0]["pieces"] == [2] and "35.0–135.0 mm" in inside[0]["message"]

    code, out, _ = run(capsys, "practice", "build", "--scene", "house-3-floors", "--json")
    assert code == 0 and json.loads(out)["passes"] is True


@pytest.mark.parametrize("content, message", [
    ("{not json", "is not valid JSON"),
    ('{"lot": {}, "pieces": [{"piece": "cube-20-1", "y": 0}]}', "lacks the field 'x'"),
    ('{"pieces": [{"piece": "teapot", "x": 0, "y": 0}]}', "there is no piece 'teapot'"),
    ('{"lot": {"outlines": [[50, 10]]}}', "left < right"),
    ("[1, 2]", "a scene is an object"),
])
def test_a_bad_scene_file_is_a_clear_error(capsys, tmp_path, content, message):
    scene_file = tmp_path / "bad.json"
    scene_file.write_text(content)
    code, out, err = run(capsys, "practice", "build", "--scene", str(scene_file), "--json")
    assert code == 2 and out == "" and message in err and str(scene_file) in err


def test_missing_scene_and_bad_drink_count_are_clear_errors(capsys):
    code, _, err = run(capsys, "practice", "build", "--scene", "no-such-scene.json", "--json")
    assert code == 2 and "no scene file 'no-such-scene.json'" in err
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
    screen = practice.VendingPractice(3, 6)
    assert data["poured"] == [screen.codes[d] for d in random_drinks(3, 6)]
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
    view = practice.VendingPractice(seed, 12).view()
    for k, body in result.bodies.items():
        shape = vending.machine().drinks[result.drinks[k] % 6]
        corner = body.local_to_world((-shape.width / 2 + 2.5, -shape.height / 2 + 2.5))
        assert pixel(image, view, *corner) == render.DRINK_FILL[result.drinks[k] // 6]


def test_json_runs_never_import_pygame():
    code = ("import sys; from kiosk.cli import main; "
            f"main(['practice', 'build', '--scene', {str(HOUSE)!r}, '--json']); "
            "main(['practice', 'vending', '--drinks', '2', '--json']); "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    startup = subprocess.run([sys.executable, "-c", "import sys, kiosk.cli; kiosk.cli.build_parser(); "
                              "print(sorted(m for m in ('pygame', 'pymunk') if m in sys.modules))"],
                             capture_output=True, text=True, timeout=60)
    assert startup.stdout.strip() == "[]", startup.stderr
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count('"verdict"') == 1 and done.stdout.count('"stuck"') == 1


# ---- the build screen driven by events ----------------------------------------------------

def test_build_screen_pick_move_turn_flip_drop_take_back_and_stop():
    screen = practice.BuildPractice()
    surface = pygame.Surface(practice.SIZE)
    screen.draw(surface)
    view = screen.view()

    def point(x, y):
        return tuple(round(v) for v in view.px(x, y))

    screen.handle(key(pygame.K_TAB))
    assert screen.held.piece == "cube-20-1"
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=point(30, 50), rel=(0, 0), buttons=(0, 0, 0)))
    assert screen.held.x == 20
    screen.handle(key(pygame.K_RIGHT))
    screen.handle(key(pygame.K_RIGHT, shift=True))
    screen.handle(key(pygame.K_RETURN))
    assert screen.building.placements == [Placement("cube-20-1", 31.0, 0.0, 0.0, False, 1)]
    assert "cube-20-1" not in screen.supply() and screen.held is None

    row = next(rect for rect, i in screen.supply_rows() if screen.supply()[i] == "block-40x20-1")
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
    assert screen.held.piece == "block-40x20-1"
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=point(41, 80), rel=(0, 0), buttons=(0, 0, 0)))
    screen.handle(key(pygame.K_r))
    assert screen.held.rotation == 15
    screen.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, pos=point(41, 80)))
    assert screen.held.rotation == 0
    screen.handle(key(pygame.K_r, shift=True))
    screen.handle(key(pygame.K_f))
    assert (screen.held.rotation, screen.held.flip) == (90, True)
    screen.handle(key(pygame.K_3))
    assert screen.placement().floor == 3
    screen.handle(key(pygame.K_0))
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point(41, 80), button=1))
    assert screen.building.placements[1] == Placement("block-40x20-1", 31.0, 20.0, 90.0, True, 2)
    screen.draw(surface)

    screen.handle(key(pygame.K_BACKSPACE))
    assert [p.piece for p in screen.building.placements] == ["cube-20-1"]
    assert "block-40x20-1" in screen.supply()

    screen.handle(key(pygame.K_s))
    assert screen.phase == "settling" and screen.verdict.stands
    while screen.phase == "settling":
        screen.update()
    assert screen.frame == screen.verdict.steps
    assert {v.rule for v in screen.violations} >= {R_PIECES}
    screen.draw(surface)
    screen.handle(key(pygame.K_TAB))
    assert screen.phase == "build" and screen.held is not None
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point(60, 60), button=3))
    assert screen.held is None
    screen.handle(key(pygame.K_ESCAPE))
    assert screen.quit


def test_a_held_piece_lands_on_what_is_below_it():
    screen = practice.BuildPractice(load_scene(str(HOUSE)))
    screen.pick("beam-80x10-1")
    screen.move_to(44, 150)
    assert screen.placement().y == 60.0 and screen.placement().floor == 4
    screen.pick("cube-20-5")
    screen.move_to(14, 150)             # over the left slope: its corner rests on the flipped wedge
    assert (screen.placement().x, screen.placement().y) == (4.0, 50.0)
    screen.move_to(150, 150)            # beside the house: on the table
    assert (screen.placement().y, screen.placement().floor) == (0.0, 1)
    screen.move_to(30, 10)              # inside the house: lifted out, then down onto the slope
    assert (screen.placement().y, screen.placement().floor) == (58.0, 4)
    screen.handle(key(pygame.K_g))      # snap off: let go where it is held
    screen.move_to(150, 55)
    assert screen.placement().y == 45.0


def test_lots_and_outlines_cycle_and_keep_the_building():
    screen = practice.BuildPractice(load_scene(str(HOUSE)))
    assert screen.lot == practice.PRESET_LOTS[0]
    screen.handle(key(pygame.K_l))
    assert screen.lot == practice.PRESET_LOTS[1] and len(screen.building.placements) == 8
    screen.handle(key(pygame.K_l))
    assert len(screen.lot.outlines) == 2 and screen.building.outline == 0
    screen.handle(key(pygame.K_o))
    assert screen.building.outline == 1
    screen.handle(key(pygame.K_l))
    assert screen.lot.floors is None and screen.lot.numeral is None
    screen.handle(key(pygame.K_l, shift=True))
    assert len(screen.lot.outlines) == 2


# ---- the vending screen ------------------------------------------------------------------

def test_vending_screen_pours_reports_and_clears():
    screen = practice.VendingPractice(seed=3, count=6)
    screen.handle(key(pygame.K_PLUS))
    screen.handle(key(pygame.K_MINUS))
    assert screen.count == 6
    screen.handle(key(pygame.K_p))
    surface = pygame.Surface(practice.SIZE)
    frames = 0
    while not screen.pour.done:
        screen.update()
        frames += 1
        if frames == 20:
            screen.draw(surface)
    expected = vending.pour(random_drinks(3, 6), 3)
    assert screen.pour.as_dict(screen.codes) == expected.as_dict(screen.codes)
    assert frames == -(-expected.steps // practice.STEPS_PER_FRAME)
    screen.draw(surface)
    stuck = list(screen.pour.stuck)
    screen.handle(key(pygame.K_c))
    assert screen.cleared == stuck and screen.pour.stuck == [] and not screen.pour.bodies

    screen.handle(key(pygame.K_3))
    screen.handle(key(pygame.K_b, shift=True))
    assert screen.chosen() == list(range(12, 24)) and screen.pour is None
    screen.handle(key(pygame.K_k, shift=True))
    assert screen.chosen() == list(range(18, 24))
    screen.handle(key(pygame.K_n))
    assert screen.seed == 4
    button = screen.buttons()[8][0]            # "Pour (P)"
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    screen.finish()
    assert sorted(screen.pour.out + screen.pour.stuck) == list(range(18, 24))
    screen.handle(key(pygame.K_ESCAPE))
    assert screen.quit


def test_the_window_loop_runs_headless():
    class ThreeFrames(practice.VendingPractice):
        def update(self):
            super().update()
            self.frames = getattr(self, "frames", 0) + 1
            self.quit = self.frames >= 3

    screen = ThreeFrames(seed=1, count=3)
    screen.start()
    practice.run(screen)
    assert screen.frames == 3 and screen.pour.steps == 3 * practice.STEPS_PER_FRAME


def test_frame_time_of_a_40_piece_building():
    seconds = practice.frame_time(40, 10)
    assert 0 < seconds < 0.05
