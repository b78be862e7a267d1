"""`tokyo tts export` and `tokyo tts picture`: Tabletop Simulator saves from the kiosk's data.

`tokyo tts export GAME` writes one save for every player count the game allows, laid out in
TTS by a set-up panel (tts.setup); with --players N, a table ready laid out for N; with
--from SAVE, a kiosk save as it stands."""

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


def _write_thumbnail(export, out: Path, name: str, base_url: str | None) -> None:
    """DIR/GAME.png beside the save: TTS shows it in its save list, and a Workshop upload asks
    for it (docs/tts.md)."""
    from tts.export import write_file
    from tts.picture import pygame, thumbnail  # pygame as the drawing sets it up (no banner)
    try:
        data = thumbnail(export.save, out, base_url=base_url)
    except pygame.error as e:
        raise write_error(out / f"{name}.png", e) from e
    try:
        write_file(out / f"{name}.png", data)
    except OSError as e:
        raise write_error(out / f"{name}.png", e) from e


def _cmd_export(args) -> int:
    from core import games, saves
    from tts.export import export, write
    from tts.setup import build_every_count, note_for
    from tts.table import LayoutError
    every_count = False
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
        if not args.game:
            raise TokyoError("tokyo tts export needs GAME (with --players N for one table ready laid out), "
                             "or --from SAVE")
        game = games.load(args.game)
        options = parse_options(args.option, game.info)
        seed = 1 if args.seed is None else args.seed
        if args.players is None:
            every_count = True
            if args.picture:
                raise TokyoError("--picture draws a table laid out for one count: give --players N with it")
        else:
            try:
                settled = game.info.settle_options(args.players, options)
                match = game.new(args.players, seed=seed, options=settled)
            except ValueError as e:   # a count or option it refuses, or who begins beyond the seats
                raise TokyoError(str(e)) from e
            note = note_for(args.players, seed)
    _check_out(args)
    out = Path(args.out)
    try:
        if every_count:
            e = build_every_count(game.info.name, seed, options, base_url=args.base_url, out=out)
            write(e, out, game.info.name)
        else:
            e = export(match, out, base_url=args.base_url, note=note)
    except LayoutError as err:
        raise TokyoError(str(err)) from err
    except OSError as err:
        raise write_error(err.filename2 or err.filename or args.out, err) from err
    name = game.info.name if every_count else match.game.name
    _write_thumbnail(e, out, name, args.base_url)
    lo, hi = e.save["PlayerCounts"]
    what = f" (a set-up panel for {lo} to {hi} players: press how many play in TTS)" if every_count else ""
    print(f"wrote {e.path}{what} and {count_words(len(e.files), 'file')} under {out / name}")
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
    e = tsub.add_parser("export", help="write a TTS save of a game: one for every player count with a set-up "
                        "panel, one set up for N players, or a kiosk save")
    e.add_argument("game", nargs="?", help="the game's name, as tokyo list shows it (e.g. tsukiji)")
    e.add_argument("--players", type=whole_number("--players", what=" (how many seats)"), metavar="N",
                   help="how many seats, for a table ready laid out; each game has its own range (tokyo "
                        "list). Without it the save holds every count the game allows: a set-up panel in "
                        "TTS lays the table out for the count pressed, with a round clock for the games "
                        "built against the clock")
    e.add_argument("--seed", type=whole_number("--seed", 0, MAX_SEED, span="from 0 to 2**64-1"), default=None,
                   metavar="S", help="the set-up's randomness (default 1): the same seed, the same table")
    e.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="one of the game's options (tokyo rules GAME); repeat for more. Without --players "
                        "they hold for every count")
    e.add_argument("--from", dest="from_save", metavar="SAVE",
                   help="lay out a kiosk save as it stands, to go on playing it in TTS")
    e.add_argument("--out", required=True, metavar="DIR",
                   help="where GAME.json and the folder GAME/ of its images and models go")
    e.add_argument("--base-url", metavar="URL",
                   help="where you will upload DIR (e.g. https://example.org/tokyo): the save names "
                        "URL/GAME/images/... instead of file:/// paths into DIR")
    e.add_argument("--picture", metavar="PNG", help="also draw the layout seen from above into PNG (missing "
                   "folders are made; an existing file is replaced); with --players N only, as the save "
                   "for every count has no table laid out yet")
    e.set_defaults(func=_cmd_export)
    p = tsub.add_parser("picture", help="draw an exported save seen from above")
    p.add_argument("save", help="the GAME.json that tokyo tts export wrote")
    p.add_argument("--out", required=True, metavar="PNG",
                   help="the PNG file to write (missing folders are made; an existing file is replaced)")
    p.add_argument("--base-url", metavar="URL", help="the --base-url the save was exported with, if any")
    p.set_defaults(func=_cmd_picture)

