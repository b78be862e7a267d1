"""`tokyo simulate` and `tokyo tournament`: studies of bot games, as a table or as JSON."""

from __future__ import annotations

import json
import sys

from core.errors import TokyoError
from core.words import count_words, score_words

from .args import MAX_GAMES, MAX_SEED, MAX_WORKERS, parse_options, seat_bots, whole_number


def register(sub) -> None:
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


def _study_setup(args):
    """The game, its options and the runner arguments that simulate and tournament share."""
    from core import games
    game = games.load(args.game)
    options = parse_options(args.option, game.info)
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
    seats = seat_bots(args.bot, game, args.players)
    report = _study(args, game.info.title,
                    lambda progress: simulate(game, args.players, args.games, args.seed, seats, options,
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
