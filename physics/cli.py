"""`tokyo practice build` and `tokyo practice vending`: the practice screens, or their answers as JSON.

pygame is imported only when a window opens or a PNG is drawn, so `--json` runs (and
importing this module) need no display and no pygame (nor, until a command runs, pymunk).
The few pygame-free pieces the screens share with the command (the preset lots, the
seeded choice of drinks) live here.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from core.errors import TokyoError


def register(sub) -> None:
    """Add the `practice` command to the `tokyo` argument parser."""
    p = sub.add_parser("practice", help="practise the dexterity games on screen")
    ps = p.add_subparsers(dest="screen", required=True)
    b = ps.add_parser("build", help="build a house on a lot and call Stop! (Tokyo Jutaku, Countdown)")
    b.add_argument("--scene", metavar="FILE",
                   help="a building as JSON or TOML (as Building.to_scene() writes it), "
                        "or the name of a shipped example such as house-3-floors")
    b.add_argument("--json", action="store_true", help="no window: print the check and the settle verdict")
    b.add_argument("--png", metavar="FILE", help="no window: draw the settled building into a PNG")
    b.add_argument("--fullscreen", action="store_true", help="fill the screen (otherwise a resizable window)")
    b.set_defaults(func=_cmd_build)
    v = ps.add_parser("vending", help="pour drinks through the JIDOHANBAIKI vending machine")
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--drinks", type=int, default=6, help="how many different drinks, chosen at random (1-36)")
    v.add_argument("--json", action="store_true", help="no window: pour and print which came out and which stuck")
    v.add_argument("--png", metavar="FILE", help="no window: draw the machine after the pour into a PNG")
    v.add_argument("--fullscreen", action="store_true", help="fill the screen (otherwise a resizable window)")
    v.set_defaults(func=_cmd_vending)


def preset_lots() -> tuple:
    """The lot cards the build screen cycles through (L): Jutaku cards, then Countdown's card edge."""
    from physics.building import CARD_MM, Lot
    return (Lot(((0.0, CARD_MM),), 3, "V///"),
            Lot(((0.0, CARD_MM),), 2, "V"),
            Lot(((0.0, 56.0), (24.0, CARD_MM)), 2, "V/"),
            Lot.card_edge())


def load_scene(name: str):
    """A Building from a scene file (JSON or TOML), or from a shipped example by name."""
    from core import assets
    from physics.building import Building
    path = Path(name)
    if path.is_file():
        where = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise TokyoError(f"{where} cannot be read: {e}") from e
    else:
        shipped = assets.shipped_path(f"scenes/{path.stem if path.suffix else name}.json")
        if path.suffix not in ("", ".json") or not shipped.is_file():
            raise TokyoError(f"there is no scene file {name!r}")
        where, text = f"assets/scenes/{shipped.name}", shipped.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        kind = "TOML" if path.suffix.lower() == ".toml" else "JSON"
        raise TokyoError(f"{where} is not valid {kind}: {e}") from e
    if not isinstance(data, dict):
        raise TokyoError(f"{where}: a scene is an object with 'lot' and 'pieces'")
    try:
        return Building.from_scene(data)
    except KeyError as e:
        raise TokyoError(f"{where}: a piece lacks the field {e}") from e
    except (ValueError, TypeError, AttributeError) as e:
        raise TokyoError(f"{where}: {e}") from e


def _cmd_build(args) -> int:
    from physics.building import Building
    from physics.stability import settle
    building = load_scene(args.scene) if args.scene else None
    if not args.json and not args.png:
        from physics import practice
        practice.run(practice.BuildPractice(building), fullscreen=args.fullscreen, caption="Tokyo build practice")
        return 0
    if building is None:
        building = Building(preset_lots()[0])
    if args.png:
        from physics import practice
        screen = practice.BuildPractice(building)
        screen.stop()
        screen.finish()
        violations, verdict = screen.violations, screen.verdict
        _write_png(practice, screen, args.png)
    else:
        violations, verdict = building.check(), settle(building)
    if args.json:
        print(json.dumps({"check": [v.as_dict() for v in violations],
                          "passes": not violations and verdict.stands is True,
                          "verdict": verdict.as_dict()}))
    return 0


def _cmd_vending(args) -> int:
    if not 1 <= args.drinks <= 36:
        raise TokyoError("--drinks is between 1 and 36 (JIDOHANBAIKI has 36 drinks)")
    if not args.json and not args.png:
        from physics import practice
        practice.run(practice.VendingPractice(args.seed, args.drinks), fullscreen=args.fullscreen,
                     caption="Tokyo vending practice")
        return 0
    from core import assets
    from core.components import DrinkSet
    from physics import vending
    drinks = vending.random_drinks(args.seed, args.drinks)
    result = vending.pour(drinks, args.seed)
    if args.png:
        from physics import practice
        screen = practice.VendingPractice(args.seed, args.drinks)
        screen.pour = result
        _write_png(practice, screen, args.png)
    if args.json:
        ds = DrinkSet.from_asset(assets.load("drinks.toml"))
        print(json.dumps(result.as_dict([ds.code(i) for i in range(36)])))
    return 0


def _write_png(practice, screen, path) -> None:
    try:
        practice.snapshot(screen, path)
    except OSError as e:
        raise TokyoError(f"{path} cannot be written: {e}") from e
