"""`tokyo tts export` and `tokyo tts picture`: Tabletop Simulator saves from the kiosk's data."""

from __future__ import annotations

import sys
from pathlib import Path

from core.errors import TokyoError


def _cmd_export(args) -> int:
    from core import games, saves
    from kiosk.cli import _parse_options

    from .export import export
    from .table import LayoutError
    if args.from_save:
        if args.game or args.players or args.seed is not None or args.option:
            raise TokyoError("--from SAVE takes the game, players, seed and options from the save; "
                             "give none of GAME, --players, --seed, --option with it")
        try:
            data = Path(args.from_save).read_bytes()[: saves.MAX_BYTES + 1]
        except OSError as e:
            raise TokyoError(f"{args.from_save} cannot be read: {e.strerror or e}") from e
        try:
            match = saves.load(data)
        except TokyoError as e:
            raise TokyoError(f"{args.from_save}: {e}") from e
        note = f"From the save {Path(args.from_save).name}, after {len(match.log.moves)} moves."
    else:
        if not args.game or args.players is None:
            raise TokyoError("tokyo tts export needs GAME and --players N (or --from SAVE)")
        game = games.load(args.game)
        options = _parse_options(args.option, game.info)
        try:
            options = game.info.settle_options(args.players, options)
        except ValueError as e:
            raise TokyoError(str(e)) from e
        seed = 1 if args.seed is None else args.seed
        match = game.new(args.players, seed=seed, options=options)
        note = f"Set up by the rules for {args.players} players, seed {seed}."
    try:
        e = export(match, Path(args.out), base_url=args.base_url, note=note)
    except LayoutError as err:
        raise TokyoError(str(err)) from err
    print(f"wrote {e.path} and {len(e.files)} files under {Path(args.out) / match.game.name}")
    if args.picture:
        from .picture import picture
        png = picture(e.path, Path(args.picture), base_url=args.base_url)
        print(f"drew {png}")
    return 0


def _cmd_picture(args) -> int:
    from .picture import picture
    try:
        png = picture(Path(args.save), Path(args.out), base_url=args.base_url)
    except (OSError, ValueError, KeyError) as e:
        raise TokyoError(f"{args.save} cannot be drawn: {e}") from e
    print(f"drew {png}")
    return 0


def register(sub) -> None:
    from kiosk.cli import MAX_SEED, whole_number
    t = sub.add_parser("tts", help="Tabletop Simulator: export a game as a TTS save (tokyo tts export --help)")
    tsub = t.add_subparsers(dest="tts_command", metavar="COMMAND", required=True)
    e = tsub.add_parser("export", help="write a TTS save of a game set up for N players (or of a kiosk save)")
    e.add_argument("game", nargs="?", help="the game's name, as tokyo list shows it (e.g. tsukiji)")
    e.add_argument("--players", type=whole_number("--players", what=" (how many seats)"), metavar="N",
                   help="how many seats; each game has its own range (tokyo list)")
    e.add_argument("--seed", type=whole_number("--seed", 0, MAX_SEED, span="from 0 to 2**64-1"), default=None,
                   metavar="S", help="the set-up's randomness (default 1): the same seed, the same table")
    e.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="one of the game's options (tokyo rules GAME); repeat for more")
    e.add_argument("--from", dest="from_save", metavar="SAVE",
                   help="lay out a kiosk save as it stands, to go on playing it in TTS")
    e.add_argument("--out", required=True, metavar="DIR",
                   help="where GAME.json and the folder GAME/ of its images and models go")
    e.add_argument("--base-url", metavar="URL",
                   help="where you will upload DIR (e.g. https://example.org/tokyo): the save names "
                        "URL/GAME/images/... instead of file:/// paths into DIR")
    e.add_argument("--picture", metavar="PNG", help="also draw the layout seen from above into PNG")
    e.set_defaults(func=_cmd_export)
    p = tsub.add_parser("picture", help="draw an exported save seen from above")
    p.add_argument("save", help="the GAME.json that tokyo tts export wrote")
    p.add_argument("--out", required=True, metavar="PNG")
    p.add_argument("--base-url", metavar="URL", help="the --base-url the save was exported with, if any")
    p.set_defaults(func=_cmd_picture)


if __name__ == "__main__":
    from kiosk.cli import main
    sys.exit(main(["tts", *sys.argv[1:]]))
