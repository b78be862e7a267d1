"""The `tokyo` command: the kiosk by default, and tools for operators and modders.

Every mistake on the command line is one line on stderr starting "tokyo: " and exit
code 2, never a traceback; a reader that stops early (`tokyo rules tsukiji | head`)
ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from core.errors import TokyoError
from core.words import count_words, score_words

MAX_GAMES = 100_000
MAX_WORKERS = 256
MAX_SEED = 2**64 - 1  # the generator keeps 64 bits of a seed: bigger ones repeat smaller ones


def _unusable_settings(e: Exception) -> TokyoError:
    return TokyoError(f"{e}; fix it, or remove the file to use the default settings")


def _cmd_kiosk(args) -> int:
    """The kiosk, once its data folder and settings are usable. If they are not, a locked
    kiosk rests (see kiosk.startup); a missing PIN is a setup mistake, one line either way."""
    from kiosk import startup
    from kiosk.config import ConfigError
    lock = getattr(args, "lock", False)
    try:
        config = startup.check_startup(lock=lock)
    except startup.PinMissing:
        raise
    except (ConfigError, startup.StartupError) as e:
        if lock:
            return startup.rest(str(e))
        if isinstance(e, ConfigError):
            raise _unusable_settings(e) from e
        raise
    from kiosk.app import run_kiosk
    run_kiosk(lock=lock, config=config)
    return 0


def _cmd_serve(args) -> int:
    from kiosk import startup
    from kiosk.config import ConfigError
    from kiosk.serve import serve
    try:
        startup.check_startup(lock=args.lock)
    except ConfigError as e:
        raise _unusable_settings(e) from e
    serve(args.host, args.port, lock=args.lock)
    return 0


def _cmd_list(args) -> int:
    from core import games
    infos = games.available()
    if not infos:
        print("No games are registered.")
    for info in infos:
        print(f"{info.name:<18} {info.title:<22} {_players(info)}  {info.summary}")
    for name, problem in games.problems().items():
        print(f"{name:<18} (cannot be listed: {problem})", file=sys.stderr)
    return 0


def _players(info) -> str:
    """'2–8 players', or '2 players' and '1 player' for a game of one count."""
    if info.min_players == info.max_players:
        return count_words(info.min_players, "player")
    return f"{info.min_players}–{info.max_players} players"


def _cmd_rules(args) -> int:
    from core import games
    game = games.load(args.game)
    print(game.rules.how_to_play or f"{game.info.title}: {game.info.summary}")
    if game.info.options:
        print(f"Options (tokyo simulate {game.name} --option NAME=VALUE):")
        for o in game.info.options:
            label = f"{o.label} ({o.name})" if o.label and o.label != o.name else o.name
            print(f"  {label}: {', '.join(map(str, o.choices))} (default {o.default})")
            if o.help:
                print(f"      {o.help}")
    from core.assets import override_dir
    print(f"\nNumbers the rulebook does not print are reconstructed; override them in {override_dir()}")
    return 0


def _parse_options(pairs: list[str] | None, info) -> dict:
    options = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise TokyoError(f"--option takes NAME=VALUE, not {pair!r} "
                             f"(tokyo rules {info.name} lists the options)")
        try:
            choices = info.option(name).choices
        except KeyError:
            known = ", ".join(o.name for o in info.options) or "none"
            raise TokyoError(f"{info.title} has no option {name!r} (its options: {known})") from None
        if name in options:
            raise TokyoError(f"--option {name} is given twice")
        match = [c for c in choices if str(c) == value]
        if not match:
            raise TokyoError(f"option {name} is one of {', '.join(map(str, choices))}, not {value!r}")
        options[name] = match[0]
    return options


def _bots(spec: str | None, game, players: int) -> list:
    """One bot name per seat from --bot (None: the game's strongest), every name checked."""
    from core.bots import bot_names, make_bot
    names = [None] if spec is None else spec.split(",")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise TokyoError(f"--bot takes one bot for every seat or one per seat: "
                         f"{count_words(players, 'player')}, {count_words(len(names), 'bot')} in {spec!r}")
    for name in dict.fromkeys(names):
        if name is not None and not name.strip():
            raise TokyoError(f"--bot has an empty name in {spec!r}; {game.info.title}'s bots: "
                             f"{', '.join(bot_names(game))}")
        try:
            make_bot(game, name)
        except ValueError as e:
            raise TokyoError(str(e)) from e
    return names


def _study_setup(args):
    """The game, its options and the runner arguments that simulate and tournament share."""
    from core import games
    game = games.load(args.game)
    options = _parse_options(args.option, game.info)
    try:
        game.info.settle_options(args.players, options)
    except ValueError as e:
        raise TokyoError(str(e)) from e
    if args.ray is not None and args.workers is not None:
        raise TokyoError("--workers and --ray do not go together: on Ray the cluster's CPUs play "
                         "the games")
    return game, options, {"workers": args.workers or 1, "cluster": args.ray}


class _Progress:
    """Games done, as a bar on stderr while a study runs, only when stderr is a terminal: a
    log or a pipe gets no progress (and --json, whose reader wants stdout alone, none)."""

    def __init__(self, args, title: str):
        self.bar = None
        if not args.json and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress
            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.task = self.bar.add_task(title, total=args.games)

    def __enter__(self):
        if self.bar is None:
            return None
        self.bar.start()
        return self.update

    def update(self, n: int) -> None:
        self.bar.update(self.task, completed=n)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()


def _cmd_simulate(args) -> int:
    from core.simulate import simulate
    game, options, run = _study_setup(args)
    bots = _bots(args.bot, game, args.players)
    report = _study(args, game.info.title,
                    lambda progress: simulate(game, args.players, args.games, args.seed, bots, options,
                                              progress, **run))
    if report is None:
        return 0
    print(f"{game.info.title}: {count_words(report['games'], 'game')}, {count_words(args.players, 'player')}, "
          f"seed {args.seed}, bots {', '.join(report['bots'])}")
    print(f"finished {report['finished']} of {report['games']}")
    for seat in range(args.players):
        wins, share = report["wins"][seat], report["win_share"][seat]
        mean = report["mean_score"][seat]
        mean_s = score_words(mean, report["unit"]) if mean is not None else "–"
        print(f"  seat {seat + 1}: {count_words(wins, 'win')} ({_percent(share)}), mean final {mean_s}")
    speed = report["moves_per_second"]
    speed = "–" if speed is None else f"{speed:,}"
    print(f"mean moves per game {report['mean_moves']}, {speed} moves per second")
    return 0


def _study(args, title: str, play):
    """Play a study with its progress shown; with --json print it and give None, else the
    report for the table."""
    try:
        with _Progress(args, title) as progress:
            report = play(progress)
    except ValueError as e:
        raise TokyoError(str(e)) from e
    if args.json:
        print(json.dumps(report, separators=(",", ":")))
        return None
    return report


def _percent(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def _cmd_tournament(args) -> int:
    from core.tournament import lineup, tournament
    game, options, run = _study_setup(args)
    bots = args.bots.split(",")
    try:
        lineup(game, bots, args.players)
    except ValueError as e:
        raise TokyoError(f"--bots {args.bots!r}: {e}") from e
    report = _study(args, f"{game.info.title} tournament",
                    lambda progress: tournament(game, args.players, bots, args.games, args.seed, options,
                                                progress, **run))
    if report is None:
        return 0
    print(f"{game.info.title} tournament: {count_words(report['games'], 'game')}, "
          f"{count_words(args.players, 'player')}, seed {args.seed}, the seats turning by one each game")
    print(f"lineup of the first game: {', '.join(report['lineup'])}")
    if report["finished"] < report["games"]:
        print(f"finished {report['finished']} of {report['games']} (only finished games count)")
    width = max(len("bot"), *(len(b["bot"]) for b in report["bots"]))
    scores = ["–" if b["mean_score"] is None else score_words(b["mean_score"], report["unit"])
              for b in report["bots"]]
    swidth = max(len("mean score"), *(len(x) for x in scores))
    print(f"  {'bot':<{width}}  seats  games     wins  win rate  95 % interval    chance  ratio  "
          f"{'mean score':>{swidth}}")
    for b, score in zip(report["bots"], scores):
        interval = "–" if b["low"] is None else f"{100 * b['low']:.1f}–{100 * b['high']:.1f} %"
        ratio = "–" if b["ratio"] is None else f"{b['ratio']:.2f}"
        print(f"  {b['bot']:<{width}}  {b['seats']:>5}  {b['games']:>5}  {b['wins']:>7g}  "
              f"{_percent(b['win_rate']):>8}  {interval:<15}  {_percent(b['chance']):>6}  {ratio:>5}  "
              f"{score:>{swidth}}")
    return 0


def seat_names(meta, players: int) -> list[str | None]:
    """The names a save's meta gives its seats (kiosk.session writes them), as the kiosk
    shows them; None for a seat the meta does not name (an old or a damaged save, or one
    written by a script). Two seats of one name are told apart by their numbers."""
    from kiosk.session import NAME_MAX
    raw = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(raw, list) or len(raw) != players:
        raw = [{}] * players
    names = []
    for entry in raw:
        name = entry.get("name") if isinstance(entry, dict) else None
        names.append(" ".join(name.split())[:NAME_MAX].strip() or None if isinstance(name, str) else None)
    return [f"{n} (seat {i + 1})" if n is not None and names.count(n) > 1 else n for i, n in enumerate(names)]


def _cmd_replay(args) -> int:
    from core import games, saves

    from .words import SEAT
    try:
        with open(args.file, "rb") as f:
            data = f.read(saves.MAX_BYTES + 1)
    except OSError as e:
        raise TokyoError(f"{args.file} cannot be read: {e.strerror or e}") from e
    try:
        log = saves.load_log(data)
        final, meta = saves.load(data, with_meta=True)
    except TokyoError as e:
        raise TokyoError(f"{args.file}: {e}") from e
    game = games.load(log["game"])
    moves = log["moves"]
    given = seat_names(meta, log["players"])
    names = [n or f"seat {s + 1}" for s, n in enumerate(given)]

    def named(text: str) -> str:
        """A game's "seat N" (or "Seat N") as the name the save gives that seat."""
        return SEAT.sub(lambda m: (given[int(m[1]) - 1] if 1 <= int(m[1]) <= len(given) else None)
                        or m[0], text)

    upto = len(moves) if args.to is None else min(args.to, len(moves))
    interactive = args.step and sys.stdin.isatty()
    # Until the match is over a replay shows what a spectator saw: a sealed decision by the
    # game's words for it (Rules.sealed), never what was chosen; events are for everyone. The
    # seed, which tells every draw still to come, waits for the end too.
    secret = not final.over
    table = f"{game.info.title}, {count_words(log['players'], 'player')}"
    if any(given):
        table += f" ({', '.join(names)})"
    if secret:
        print(f"{table}, {count_words(len(moves), 'move')}; the game is not over, "
              "so this is what a spectator saw (no sealed decisions, no seed)")
    else:
        print(f"{table}, seed {log['seed']}, {count_words(len(moves), 'move')}")
    match = game.replay(dict(log, moves=[]))
    for i, (seat, key, *data) in enumerate(moves[:upto], start=1):
        action = next((a for a in match.legal(seat) if a.key == key), None)
        text = key if action is None else action.text
        words = game.rules.sealed(match.state, seat, action) if secret and action is not None else ""
        try:
            events = match.play(seat, key, *data)
        except TokyoError as e:
            raise TokyoError(f"{args.file}: move {i} cannot be replayed: {e}") from e
        if words:
            text = words
        print(f"{i:>4}. {names[seat]}: {named(text)}")
        for ev in events:
            print(f"        {named(ev.text)}")
        if interactive:
            try:
                answer = input("      [Enter: next, q: stop] ")
            except EOFError:
                print()
                break
            if answer.strip().lower() == "q":
                break
    if match.over:
        res = match.result()
        print("Result:", ", ".join(f"{names[s]} {res.score_text(s)}" for s in range(len(res.scores))))
        print("Ranking:", " > ".join("=".join(names[s] for s in g) for g in res.ranking))
    if upto == len(moves) and game.rules.dump(match.state) != game.rules.dump(final.state):
        print("Warning: the saved position differs from the one its moves lead to.", file=sys.stderr)
        return 1
    return 0


# ---- the parser ------------------------------------------------------------------------

def whole_number(option: str, low: int | None = None, high: int | None = None, what: str = "",
                 span: str | None = None):
    """An argparse type: a whole number in [low, high], or one line naming the option."""
    if span is not None:
        span = f" {span}"
    elif low is not None and high is not None:
        span = f" from {low} to {high}"
    elif low is not None:
        span = f", {low} or more"
    else:
        span = ""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or (low is not None and value < low) or (high is not None and value > high):
            shown = text if re.fullmatch(r"[+-]?\d+", text.strip()) else repr(text)
            raise argparse.ArgumentTypeError(f"{option} is a whole number{span}{what}, not {shown}")
        return value

    return parse


def _host(text: str) -> str:
    if not text.strip() or any(c.isspace() for c in text):
        raise argparse.ArgumentTypeError(
            f"--host is an address of this computer, such as 127.0.0.1 or 0.0.0.0, not {text!r}")
    return text


def _nearest(path: Path) -> Path:
    """The path itself or its nearest ancestor that exists (the current folder at worst)."""
    for p in (path, *path.parents):
        if os.path.lexists(p):
            return p
    return Path(".")


def file_problem(option: str, text: str, what: str = "", make_folders: bool = False) -> str | None:
    """Why the command could not write the file `text` it is given with `option`, in words
    starting with the option; None when it can try. `make_folders`: missing folders on the
    way are made (else a missing folder is a mistake)."""
    kind = f"{what} file" if what else "file"
    if not text.strip():
        return f"{option} names the {kind} to write, not {text!r}"
    path = Path(text)
    if path.is_dir():
        return f"{option} names the {kind} to write, not a folder ({text!r})"
    near = _nearest(path)
    if near != path and not near.is_dir():
        return f"{option} {text} cannot be written: {near} is a file, not a folder"
    if near != path and near != path.parent and not make_folders:
        return f"{option} {text} cannot be written: there is no folder {path.parent}"
    if not os.access(near, os.W_OK):
        where = "it is read-only" if near == path else f"the folder {near} is not writable"
        return f"{option} {text} cannot be written: {where}"
    return None


def folder_problem(option: str, text: str, what: str) -> str | None:
    """Why the command could not write into the folder `text` (made when missing), in words
    starting with the option; None when it can try."""
    if not text.strip():
        return f"{option} names the folder {what}, not {text!r}"
    path = Path(text)
    near = _nearest(path)
    if near == path and not path.is_dir():
        return f"{option} {text} is a file, not a folder: {option} names the folder {what}"
    if not near.is_dir():
        return f"{option} {text} cannot be made: {near} is a file, not a folder"
    if not os.access(near, os.W_OK):
        return f"{option} {text} cannot be written: the folder {near} is not writable"
    return None


def write_error(path, e: Exception) -> TokyoError:
    """One line for a write that failed after the checks (a full disk, /proc, a race)."""
    reason = getattr(e, "strerror", None) or str(e).removeprefix(f"Couldn't open {path}: ")
    return TokyoError(f"{path} cannot be written: {reason}")


_ARGUMENT = re.compile(r"argument (?P<name>\S+): (?P<rest>.*)", re.S)
_REQUIRED = "the following arguments are required: "
_CHOICE = re.compile(r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)", re.S)


def _plain(message: str, prog: str) -> str:
    """argparse's message as words: without 'argument X:' where the rest already names X."""
    if message.startswith(_REQUIRED):
        return f"{prog.removeprefix('tokyo ')} needs {message[len(_REQUIRED):]}"
    m = _ARGUMENT.fullmatch(message)
    if not m:
        return message
    name, rest = m["name"], m["rest"]
    if rest.startswith(name):
        return rest
    if rest == "expected one argument":
        return f"{name} needs a value"
    choice = _CHOICE.fullmatch(rest)
    if choice:
        return f"{choice['value']} is not a {name.lower()}; choose from {choice['choices']}"
    return f"{name}: {rest}"


class _Parser(argparse.ArgumentParser):
    """Usage mistakes in one line: 'tokyo: what is wrong (see tokyo … --help)', exit 2."""

    def error(self, message: str):
        self.exit(2, f"tokyo: {_plain(message, self.prog)} (see {self.prog} --help)\n")


def installed_version() -> str:
    """The installed tokyo-kiosk's version; from pyproject.toml in a checkout that is not installed."""
    from importlib import metadata
    try:
        return metadata.version("tokyo-kiosk")
    except metadata.PackageNotFoundError:
        pass
    import tomllib
    try:
        with open(Path(__file__).resolve().parents[1] / "pyproject.toml", "rb") as f:
            return f"{tomllib.load(f)['project']['version']} (not installed)"
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        return "unknown (not installed)"


class _Version(argparse.Action):
    """--version, looked up only when asked (importlib.metadata is slow to import)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"tokyo {installed_version()}")
        parser.exit()


def _study_arguments(s) -> None:
    """The arguments of a study of bot games (simulate, tournament)."""
    s.add_argument("game", help="the game's name, as tokyo list shows it (e.g. chocolate_milk)")
    s.add_argument("--players", type=whole_number("--players", what=" (how many seats)"), required=True,
                   metavar="N", help="how many seats; each game has its own range (tokyo list)")
    s.add_argument("--games", type=whole_number("--games", 1, MAX_GAMES), default=100, metavar="K",
                   help=f"how many games to play, 1-{MAX_GAMES} (default 100)")
    s.add_argument("--seed", type=whole_number("--seed", 0, MAX_SEED, span="from 0 to 2**64-1"),
                   default=1, metavar="S",
                   help="where the randomness starts, a whole number 0 or more (default 1): the same "
                        "seed gives the same games")
    s.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="set one of the game's options, e.g. money=hidden; repeat for more. "
                        "tokyo rules GAME lists the names and values")
    s.add_argument("--workers", type=whole_number("--workers", 1, MAX_WORKERS), default=None, metavar="N",
                   help=f"play the games on N processes of this computer, 1-{MAX_WORKERS} (default 1); "
                        "the results are the same for any N")
    s.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                   help="play the games on the Ray cluster at ADDRESS (auto: the one started on this "
                        "computer; alone: a new Ray on this computer), with the same results; needs "
                        "the cluster extra (docs/cluster.md)")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tokyo", description="Tokyo Series Kiosk: Jordan Draper's Tokyo board games on "
                "one shared screen. Without a command it opens the kiosk.")
    p.add_argument("--version", action=_Version, help="print the installed version and stop")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    k = sub.add_parser("kiosk", help="open the kiosk (the default)")
    k.add_argument("--lock", action="store_true",
                   help="for a shared display: no quit keys; the operator leaves with ctrl+o and the PIN "
                        "from kiosk.toml. If the kiosk cannot start it shows a 'resting' screen and exits "
                        "with 3, for a supervisor to restart it")
    k.set_defaults(func=_cmd_kiosk)
    sv = sub.add_parser("serve", help="the kiosk in a web browser (textual-serve)")
    sv.add_argument("--port", type=whole_number("--port", 1, 65535), default=8000,
                    help="TCP port to listen on, 1-65535 (default 8000)")
    sv.add_argument("--host", type=_host, default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every "
                         "network this computer is on)")
    sv.add_argument("--lock", action="store_true",
                    help="every browser tab gets the locked kiosk (see tokyo kiosk --help)")
    sv.set_defaults(func=_cmd_serve)
    sub.add_parser("list", help="list the registered games").set_defaults(func=_cmd_list)
    r = sub.add_parser("rules", help="a game's rules in short, and its options")
    r.add_argument("game", help="the game's name, as tokyo list shows it (e.g. tsukiji)")
    r.set_defaults(func=_cmd_rules)
    s = sub.add_parser("simulate", help="play bot games and report")
    _study_arguments(s)
    s.add_argument("--bot", default=None, metavar="NAME",
                   help="bot for every seat (default: the game's strongest), or one per seat, "
                        "comma-separated (dealer,random); an unknown name lists the game's bots")
    s.add_argument("--json", action="store_true",
                   help="print one JSON object (every game's seed, moves and result) instead of the table")
    s.set_defaults(func=_cmd_simulate)
    tn = sub.add_parser("tournament", help="bots against each other, the seats turning from game to game")
    _study_arguments(tn)
    tn.add_argument("--bots", required=True, metavar="A,B[,C...]",
                    help="two bots or more, comma-separated: the first takes one seat, the next ones "
                         "a seat each, the last every seat left; each game turns the seats by one")
    tn.add_argument("--json", action="store_true",
                    help="print one JSON object (each bot's wins and every game's result) instead of "
                         "the table")
    tn.set_defaults(func=_cmd_tournament)
    rp = sub.add_parser("replay", help="step through a saved match")
    rp.add_argument("file", help="a save file (the kiosk's autosaves are in $TOKYO_DATA/saves)")
    rp.add_argument("--to", type=whole_number("--to", 0), default=None, metavar="N",
                    help="stop after this many moves, 0 or more (default: every move)")
    rp.add_argument("--step", action="store_true",
                    help="wait for Enter after each move (q and Enter stops); only at a terminal")
    rp.set_defaults(func=_cmd_replay)
    from physics.cli import register as register_practice
    register_practice(sub)
    from tts.cli import register as register_tts
    register_tts(sub)
    return p


def _quiet_stdout() -> None:
    """The reader of stdout has gone: point stdout at devnull so the exit flush is silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # no real file descriptor behind stdout (tests): nothing will be flushed


def main(argv: list[str] | None = None) -> int:
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as e:  # --help, --version or a usage mistake, already printed
            sys.stdout.flush()
            return e.code if isinstance(e.code, int) else 2
        func = getattr(args, "func", _cmd_kiosk)
        try:
            code = func(args) or 0
        except TokyoError as e:
            print(f"tokyo: {e}", file=sys.stderr)
            code = 2
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
