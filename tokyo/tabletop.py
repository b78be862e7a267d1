"""`tokyo tts export` and `tokyo tts picture`: Tabletop Simulator saves from the kiosk's data."""

from __future__ import annotations

from pathlib import Path

from core.errors import TokyoError
from core.words import count_words

from .args import MAX_SEED, file_problem, folder_problem, parse_options, whole_number, write_error

OUT_FOLDER = "that GAME.json and GAME/ go into"


def _check_out(args) -> None:
    """Every file argument checked before anything is laid out or written: one line for
    an --out that is a file or cannot be made or written, a PNG that is a folder."""
    problem = folder_problem("--out", args.out, OUT_FOLDER) if args.tts_command == "export" \
        else file_problem("--out", args.out, "PNG", make_folders=True)
    if problem is None and getattr(args, "picture", None) is not None:
        problem = file_problem("--picture", args.picture, "PNG", make_folders=True)
    if problem:
        raise TokyoError(problem)


def _draw(save: Path, png: Path, base_url: str | None) -> Path:
    """The picture of an exported save written to png; one line when it cannot be."""
    from tts.picture import picture, pygame  # pygame as the drawing sets it up (no banner)
    try:
        return picture(save, png, base_url=base_url)
    except pygame.error as e:
        raise write_error(png, e) from e
    except OSError as e:
        if e.filename is not None and Path(e.filename) in (png, *png.parents):
            raise write_error(png, e) from e
        raise TokyoError(f"{save} cannot be drawn: {e.strerror or e}") from e
    except (ValueError, KeyError, TypeError) as e:
        raise TokyoError(f"{save} cannot be drawn: {type(e).__name__}: {e}") from e


def _cmd_export(args) -> int:
    from core import games, saves
    from tts.export import export
    from tts.table import LayoutError
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
        note = f"From the save {Path(args.from_save).name}, after {count_words(len(match.log.moves), 'move')}."
    else:
        if not args.game or args.players is None:
            raise TokyoError("tokyo tts export needs GAME and --players N (or --from SAVE)")
        game = games.load(args.game)
        options = parse_options(args.option, game.info)
        try:
            options = game.info.settle_options(args.players, options)
        except ValueError as e:
            raise TokyoError(str(e)) from e
        seed = 1 if args.seed is None else args.seed
        try:
            match = game.new(args.players, seed=seed, options=options)
        except ValueError as e:       # the game refuses the table (who begins beyond the seats)
            raise TokyoError(str(e)) from e
        note = f"Set up by the rules for {count_words(args.players, 'player')}, seed {seed}."
    _check_out(args)
    try:
        e = export(match, Path(args.out), base_url=args.base_url, note=note)
    except LayoutError as err:
        raise TokyoError(str(err)) from err
    except OSError as err:
        raise write_error(err.filename2 or err.filename or args.out, err) from err
    print(f"wrote {e.path} and {count_words(len(e.files), 'file')} under {Path(args.out) / match.game.name}")
    if args.picture:
        print(f"drew {_draw(e.path, Path(args.picture), args.base_url)}")
    return 0


def _cmd_picture(args) -> int:
    import json
    _check_out(args)
    try:
        json.loads(Path(args.save).read_text(encoding="utf-8"))
    except OSError as e:
        raise TokyoError(f"{args.save} cannot be read: {e.strerror or e}") from e
    except ValueError as e:  # not UTF-8, not JSON
        raise TokyoError(f"{args.save} is not a save that tokyo tts export wrote ({e})") from e
    print(f"drew {_draw(Path(args.save), Path(args.out), args.base_url)}")
    return 0


def register(sub) -> None:
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
    e.add_argument("--picture", metavar="PNG", help="also draw the layout seen from above into PNG (missing "
                   "folders are made; an existing file is replaced)")
    e.set_defaults(func=_cmd_export)
    p = tsub.add_parser("picture", help="draw an exported save seen from above")
    p.add_argument("save", help="the GAME.json that tokyo tts export wrote")
    p.add_argument("--out", required=True, metavar="PNG",
                   help="the PNG file to write (missing folders are made; an existing file is replaced)")
    p.add_argument("--base-url", metavar="URL", help="the --base-url the save was exported with, if any")
    p.set_defaults(func=_cmd_picture)

