"""`tokyo`: the parser of every command, and the one place a mistake becomes one line.

Every mistake on the command line is one line on stderr starting "tokyo: " and exit
code 2, never a traceback; a reader that stops early (`tokyo rules tsukiji | head`)
ends the command quietly.
"""

from __future__ import annotations

import argparse
import os
import sys

from core.errors import TokyoError

from . import catalogue, play, practice, replay, study, tabletop
from .args import Parser, Version

#: The command families, in the order `tokyo --help` lists their commands.
FAMILIES = (play, catalogue, study, replay, practice, tabletop)


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="tokyo", description="Tokyo Series Kiosk: Jordan Draper's Tokyo board games on "
               "one shared screen. Without a command it opens the kiosk.")
    p.add_argument("--version", action=Version, help="print the installed version and stop")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for family in FAMILIES:
        family.register(sub)
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
        func = getattr(args, "func", play.cmd_kiosk)
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
