"""What every `tokyo` command shares: its argument types, the one-line refusal of a usage
mistake, the checks of files it is asked to write, a game's --option and --bot.

Every mistake on the command line is one line on stderr starting "tokyo: " and exit code
2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from core.errors import TokyoError
from core.words import count_words

MAX_GAMES = 100_000
MAX_WORKERS = 256
MAX_SEED = 2**64 - 1  # the generator keeps 64 bits of a seed: bigger ones repeat smaller ones


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


def host(text: str) -> str:
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


class Parser(argparse.ArgumentParser):
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


class Version(argparse.Action):
    """--version, looked up only when asked (importlib.metadata is slow to import)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"tokyo {installed_version()}")
        parser.exit()


def parse_options(pairs: list[str] | None, info) -> dict:
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


def seat_bots(spec: str | None, game, players: int) -> list:
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
