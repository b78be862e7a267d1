"""The `tokyo` command: the kiosk by default, and tools for operators and modders."""

from __future__ import annotations

import argparse
import json
import sys

from core.errors import TokyoError


def _cmd_kiosk(args) -> int:
    from kiosk.app import run_kiosk
    from kiosk.config import ConfigError, config_path, load_config
    lock = getattr(args, "lock", False)
    try:
        config = load_config()
    except ConfigError as e:
        if lock:
            raise TokyoError(f"{e}; a locked kiosk needs working settings") from e
        config = None  # the kiosk says so on screen and uses the defaults
    if lock and not config.pin:
        raise TokyoError(f"a locked kiosk needs an operator PIN: put pin = \"1234\" (4–12 digits) "
                         f"in {config_path()}")
    run_kiosk(lock=lock, config=config)
    return 0


def _cmd_serve(args) -> int:
    from kiosk.serve import serve
    serve(args.host, args.port, lock=args.lock)
    return 0


def _cmd_list(args) -> int:
    from core import games
    infos = games.available()
    if not infos:
        print("No games are registered.")
    for info in infos:
        print(f"{info.name:<18} {info.title:<22} {info.min_players}–{info.max_players} players  {info.summary}")
    for name, problem in games.problems().items():
        print(f"{name:<18} (cannot be listed: {problem})", file=sys.stderr)
    return 0


def _cmd_rules(args) -> int:
    from core import games
    game = games.load(args.game)
    print(game.rules.how_to_play or f"{game.info.title}: {game.info.summary}")
    if game.info.options:
        print("Options:")
        for o in game.info.options:
            print(f"  {o.label or o.name}: {', '.join(map(str, o.choices))} (default {o.default})")
            if o.help:
                print(f"      {o.help}")
    from core.assets import override_dir
    print(f"\nNumbers the rulebook does not print are reconstructed; override them in {override_dir()}")
    return 0


def _parse_options(pairs: list[str] | None, info) -> dict:
    options = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise TokyoError(f"--option takes NAME=VALUE, not {pair!r}")
        try:
            choices = info.option(name).choices
        except KeyError:
            raise TokyoError(f"{info.title} has no option {name!r}") from None
        match = [c for c in choices if str(c) == value]
        if not match:
            raise TokyoError(f"option {name} is one of {', '.join(map(str, choices))}")
        options[name] = match[0]
    return options


def _cmd_simulate(args) -> int:
    from core import games
    from core.simulate import simulate
    game = games.load(args.game)
    options = _parse_options(args.option, game.info)
    progress = None
    bar = None
    if not args.json and sys.stderr.isatty():
        from rich.progress import Progress
        bar = Progress(transient=True)
        task = bar.add_task(f"{game.info.title}", total=args.games)
        bar.start()
        progress = lambda n: bar.update(task, completed=n)  # noqa: E731
    elif not args.json:
        step = max(1, args.games // 20)

        def progress(n):
            if n % step == 0 or n == args.games:
                print(f"\r{n}/{args.games} games", end="", file=sys.stderr, flush=True)
    try:
        bots = args.bot.split(",") if args.bot and "," in args.bot else args.bot
        report = simulate(game, args.players, args.games, args.seed, bots, options, progress)
    except ValueError as e:
        raise TokyoError(str(e)) from e
    finally:
        if bar:
            bar.stop()
        elif not args.json:
            print(file=sys.stderr)
    if args.json:
        print(json.dumps(report, separators=(",", ":")))
        return 0
    print(f"{game.info.title}: {report['games']} games, {args.players} players, seed {args.seed}, "
          f"bots {', '.join(report['bots'])}")
    print(f"finished {report['finished']} of {report['games']}")
    for seat in range(args.players):
        wins = report["wins"][seat]
        mean = report["mean_final_yen"][seat]
        pct = 100 * wins / report["games"] if report["games"] else 0
        mean_s = f"¥{mean:,.0f}" if mean is not None else "–"
        print(f"  seat {seat + 1}: {wins} wins ({pct:.1f} %), mean final {mean_s}")
    print(f"mean moves per game {report['mean_moves']}, {report['moves_per_second']:,} moves per second")
    return 0


def _cmd_replay(args) -> int:
    from core import games, saves
    try:
        with open(args.file, "rb") as f:
            data = f.read(saves.MAX_BYTES + 1)
    except OSError as e:
        raise TokyoError(f"{args.file} cannot be read: {e.strerror or e}") from e
    log = saves.load_log(data)
    final = saves.load(data)
    game = games.load(log["game"])
    moves = log["moves"]
    upto = len(moves) if args.to is None else max(0, min(args.to, len(moves)))
    interactive = args.step and sys.stdin.isatty()
    print(f"{game.info.title}, {log['players']} players, seed {log['seed']}, {len(moves)} moves")
    match = game.replay(dict(log, moves=[]))
    for i, (seat, key) in enumerate(moves[:upto], start=1):
        text = next((a.text for a in match.legal(seat) if a.key == key), key)
        events = match.play(seat, key)
        print(f"{i:>4}. seat {seat + 1}: {text}")
        for ev in events:
            print(f"        {ev.text}")
        if interactive:
            if input("      [Enter: next, q: stop] ").strip().lower() == "q":
                break
    if match.over:
        res = match.result()
        print("Result:", ", ".join(f"seat {s + 1} ¥{y:,}" for s, y in enumerate(res.final_yen)))
        print("Ranking:", " > ".join("=".join(f"seat {s + 1}" for s in g) for g in res.ranking))
    if upto == len(moves) and game.rules.dump(match.state) != game.rules.dump(final.state):
        print("Warning: the saved position differs from the one its moves lead to.", file=sys.stderr)
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tokyo", description="Tokyo Series Kiosk")
    sub = p.add_subparsers(dest="command")
    k = sub.add_parser("kiosk", help="open the kiosk (the default)")
    k.add_argument("--lock", action="store_true",
                   help="kiosk mode: no quit keys; the operator leaves with ctrl+o and the PIN")
    k.set_defaults(func=_cmd_kiosk)
    sv = sub.add_parser("serve", help="the kiosk in a web browser (textual-serve)")
    sv.add_argument("--port", type=int, default=8000)
    sv.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this computer only)")
    sv.add_argument("--lock", action="store_true", help="serve the locked kiosk")
    sv.set_defaults(func=_cmd_serve)
    sub.add_parser("list", help="list the registered games").set_defaults(func=_cmd_list)
    r = sub.add_parser("rules", help="a game's rules in short")
    r.add_argument("game")
    r.set_defaults(func=_cmd_rules)
    s = sub.add_parser("simulate", help="play bot games and report")
    s.add_argument("game")
    s.add_argument("--players", type=int, required=True)
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--bot", default=None,
                   help="bot for every seat (default: the game's strongest), or one per seat, comma-separated")
    s.add_argument("--option", action="append", metavar="NAME=VALUE")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=_cmd_simulate)
    rp = sub.add_parser("replay", help="step through a saved match")
    rp.add_argument("file")
    rp.add_argument("--to", type=int, default=None, help="stop after this many moves")
    rp.add_argument("--step", action="store_true", help="wait for Enter after each move")
    rp.set_defaults(func=_cmd_replay)
    from physics.cli import register as register_practice
    register_practice(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", _cmd_kiosk)
    try:
        return func(args) or 0
    except TokyoError as e:
        print(f"tokyo: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
