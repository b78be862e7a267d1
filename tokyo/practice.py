"""`tokyo practice build`, `vending` and `push`: the practice screens, or their answers as JSON.

pygame is imported only when a window opens or a PNG is drawn, so `--json` runs (and
importing this module) need no display and no pygame (nor, until a command runs, pymunk).
Before a window opens, `physics.window.display_problem` asks whether anybody could see
it; when nobody could, the command says why in one line and fails instead of waiting
for keys that cannot come.
"""

from __future__ import annotations

import argparse
import json

from core.errors import TokyoError

from .args import MAX_SEED, file_problem, whole_number, write_error

NO_WINDOW = ("{problem}; use --json or --png here, or the practice screens inside the kiosk "
             "(tokyo kiosk, tokyo serve)")


def _whole(option: str, low: int, high: int, what: str = "", span: str | None = None):
    """A whole number from low to high, said as "between low and high" unless told otherwise."""
    return whole_number(option, low, high, what, span or f"between {low} and {high}")


def _png(text: str) -> str:
    """--png FILE: a file (new, or one to replace) in a folder that exists and can be written."""
    problem = file_problem("--png", text, "PNG")
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def _scene(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("--scene names a scene file or a shipped example such as "
                                         "house-3-floors, not ''")
    return text


def _goods(text: str) -> list[str]:
    """--goods KINDS: kind ids separated by commas, each one crate.toml knows."""
    from physics import crate
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in crate.crate().kinds]
    if unknown:
        raise argparse.ArgumentTypeError(f"--goods takes kind ids such as washer, shirt, tuna or drink:14; "
                                         f"{', '.join(unknown)} is not one")
    if len(kinds) > 16:
        raise argparse.ArgumentTypeError(f"--goods takes at most 16 goods, not {len(kinds)}")
    return kinds


def register(sub) -> None:
    """Add the `practice` command to the `tokyo` argument parser."""
    p = sub.add_parser("practice", help="practise the dexterity games on screen")
    ps = p.add_subparsers(dest="screen", required=True, metavar="SCREEN")
    b = ps.add_parser("build", help="build a house on a lot and call Stop! (Tokyo Jutaku, Countdown)")
    b.add_argument("--scene", metavar="FILE", type=_scene,
                   help="a building as JSON or TOML (docs/scenes.md), or the name of a shipped example "
                        "such as house-3-floors")
    b.add_argument("--json", action="store_true", help="no window: print the check and the verdict")
    b.add_argument("--physics", action="store_true",
                   help="the physics' verdict of every building, even one that statics alone show standing "
                        "(the games take statics first there)")
    b.add_argument("--png", metavar="FILE", type=_png,
                   help="no window: draw the building at the verdict's moment (and, if it fell, where it "
                        "comes to rest) into a PNG")
    b.add_argument("--fullscreen", action="store_true", help="fill the screen (otherwise a resizable window)")
    b.set_defaults(func=_cmd_build)
    v = ps.add_parser("vending", help="pour drinks through the JIDOHANBAIKI vending machine")
    v.add_argument("--seed", type=_whole("--seed", 0, MAX_SEED, span="from 0 to 2**64-1"), default=1,
                   help="which drinks and which pour, a whole number 0 or more (default 1): the same seed "
                        "pours the same way")
    v.add_argument("--drinks", type=_whole("--drinks", 1, 36, " (JIDOHANBAIKI has 36 drinks)"), default=6,
                   help="how many different drinks, chosen at random (1-36, default 6)")
    v.add_argument("--json", action="store_true", help="no window: pour and print which came out and which stuck")
    v.add_argument("--png", metavar="FILE", type=_png,
                   help="no window: draw the machine after the pour into a PNG")
    v.add_argument("--fullscreen", action="store_true", help="fill the screen (otherwise a resizable window)")
    v.set_defaults(func=_cmd_vending)
    c = ps.add_parser("push", help="put goods in the crate and push it (the Shopping Spree's dexterity variant)")
    c.add_argument("--seed", type=_whole("--seed", 0, MAX_SEED, span="from 0 to 2**64-1"), default=1,
                   help="which random load and where each good is let go, a whole number 0 or more "
                        "(default 1): the same seed pushes the same way")
    c.add_argument("--goods", metavar="KINDS", type=_goods,
                   help="the load in the order put in, kind ids separated by commas (washer, shirt, tuna, "
                        "drink:14, ...; see assets/crate.toml); otherwise --count goods at random")
    c.add_argument("--count", type=_whole("--count", 0, 16), default=6,
                   help="how many goods at random when --goods is not given (0-16, default 6)")
    c.add_argument("--level", type=_whole("--level", 1, 5, " (1 gently ... 5 hard)"), default=3,
                   help="how hard the architect pushes, 1 gently ... 5 hard (default 3)")
    c.add_argument("--steps", type=_whole("--steps", 1, 3, " (a move is 1-3 steps)"), default=2,
                   help="how many steps along the aisles the crate is pushed (1-3, default 2)")
    c.add_argument("--json", action="store_true", help="no window: push and print what fell out and what stayed")
    c.add_argument("--png", metavar="FILE", type=_png, help="no window: draw the crate after the push into a PNG")
    c.add_argument("--fullscreen", action="store_true", help="fill the screen (otherwise a resizable window)")
    c.set_defaults(func=_cmd_push)


def _open_window(make, fullscreen: bool, caption: str) -> int:
    """Run a practice screen in a window, or fail in one line when no display can show it."""
    from physics import window
    problem = window.display_problem()
    if problem:
        raise TokyoError(NO_WINDOW.format(problem=problem))
    window.run(make(), fullscreen=fullscreen, caption=caption)
    return 0


def _cmd_build(args) -> int:
    from physics.building import Building
    from physics.practice.build import BuildPractice
    from physics.scenes import load_scene
    from physics.stability import judged, settle
    building = load_scene(args.scene) if args.scene else None
    if not args.json and not args.png:
        from physics.window.build import BuildWindow
        return _open_window(lambda: BuildWindow(BuildPractice(building)), args.fullscreen, "Tokyo build practice")
    if building is None:
        building = Building(BuildPractice().lot)
    violations, verdict = building.check(), (settle if args.physics else judged)(building)
    if args.png:
        from physics import window
        from physics.window.build import BuildWindow
        bench = BuildPractice(building)
        bench.stop(physics=args.physics)
        bench.finish()
        _write_png(window, BuildWindow(bench), args.png, settled_beside=True)
    if args.json:
        print(json.dumps({"check": [v.as_dict() for v in violations],
                          "passes": not violations and verdict.stands is True,
                          "verdict": verdict.as_dict()}))
    return 0


def _cmd_vending(args) -> int:
    if not 1 <= args.drinks <= 36:
        raise TokyoError("--drinks is between 1 and 36 (JIDOHANBAIKI has 36 drinks)")
    from physics.practice.vending import VendingPractice
    if not args.json and not args.png:
        from physics.window.vending import VendingWindow
        return _open_window(lambda: VendingWindow(VendingPractice(args.seed, args.drinks)), args.fullscreen,
                            "Tokyo vending practice")
    bench = VendingPractice(args.seed, args.drinks)
    bench.start()
    bench.finish()
    if args.png:
        from physics import window
        from physics.window.vending import VendingWindow
        _write_png(window, VendingWindow(bench), args.png)
    if args.json:
        print(json.dumps(bench.pour.as_dict(bench.codes)))
    return 0


def _cmd_push(args) -> int:
    from physics import crate
    from physics.practice.push import PushPractice
    load = args.goods if args.goods is not None else crate.random_load(args.seed, args.count)
    bench = PushPractice(load, args.level, args.steps, args.seed)
    if not args.json and not args.png:
        from physics.window.push import PushWindow
        return _open_window(lambda: PushWindow(bench), args.fullscreen, "Tokyo crate practice")
    bench.start()
    bench.finish()
    if args.png:
        from physics import window
        from physics.window.push import PushWindow
        _write_png(window, PushWindow(bench), args.png)
    if args.json:
        result = bench.push.result
        print(json.dumps({**result.as_dict(), "lost": [load[i] for i in result.fallen]}))
    return 0


def _write_png(window, screen, path, **draw) -> None:
    try:
        window.snapshot(screen, path, **draw)
    except OSError as e:
        raise write_error(path, e) from e
