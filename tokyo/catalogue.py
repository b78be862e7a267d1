"""`tokyo list` and `tokyo rules`: which games there are, and a game's rules and options."""

from __future__ import annotations

import sys

from core.words import count_words


def register(sub) -> None:
    sub.add_parser("list", help="list the registered games").set_defaults(func=_cmd_list)
    r = sub.add_parser("rules", help="a game's rules in short, and its options")
    r.add_argument("game", help="the game's name, as tokyo list shows it (e.g. tsukiji)")
    r.set_defaults(func=_cmd_rules)


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
