"""What a game says about itself in its `info.toml`, read without importing its code.

Three things, each said once: what the menu shows (`GameInfo`: title, summary, options), what
kind of game it is (`Kind`, the `[kind]` table: player counts, simultaneous phases,
secrets, sealed decisions, chance, building, moves with data, dexterity) and where its parts
are (`Parts`, the `[parts]` table: rules, kiosk board and Tabletop Simulator layout as
"module:attr" strings, so that a game names a board without importing the kiosk).
`core.game` re-exports these; `core.games` reads the files and checks the rules agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import PluginError


@dataclass(frozen=True)
class Option:
    """A setup choice: its name, the allowed values, the default and words for people."""
    name: str
    choices: tuple
    default: Any
    label: str = ""
    help: str = ""
    #: used only when these other options have these values, e.g. (("expansion", "on"),);
    #: otherwise it keeps its default and the set-up screen does not show it
    when: tuple = ()
    #: the choices stand for the seats, in order ("player 1", "player 2", ...): at a table
    #: of N players only the first N are offered (who begins, say)
    seats: bool = False
    #: how a player reads each choice, in the order of `choices` (the set-up screen shows
    #: these); empty: the choices read as they are. The choices stay the names of `--option`
    words: tuple = ()

    def word(self, choice) -> str:
        """`choice` as a player reads it."""
        return self.words[self.choices.index(choice)] if self.words else str(choice)

    def applies(self, values: dict) -> bool:
        return all(values.get(k) == v for k, v in self.when)

    def offered(self, players: int) -> tuple:
        """The choices at a table of `players`: all of them, or the first `players` of a
        seats option."""
        return self.choices[:players] if self.seats else self.choices

    def check(self, value):
        if value not in self.choices:
            raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {value!r}")
        return value


@dataclass(frozen=True)
class Kind:
    """What kind of game it is, as its `info.toml` declares it in `[kind]` (like OpenSpiel's
    GameType): the core, the kiosk and the tests read this instead of guessing from which
    methods a game overrode or what its views show. `core.games.load` checks that the rules
    agree (a game saying `sealed` writes `sealed` and `sealed_pending`; one that does not,
    neither), so the declaration cannot drift from the code.

    `said` is False for a kind nobody declared (a GameInfo built in code, an info.toml of
    an older plugin without `[kind]`): everything the core guards against is then assumed
    (secrets, sealed decisions, data, timing, chance), so nothing is skipped, and the load
    check has nothing to compare."""

    #: (fewest, most) players; on a GameInfo, always its min_players and max_players
    players: tuple[int, int] | None = None
    #: phases in which several seats act at once, each on its own clock (a building round):
    #: Rules.moment, simultaneous, decided, deadline and a `leave` move (core.simultaneous)
    simultaneous: bool = False
    #: some seat may know what another does not (hidden money, a hand, a bid in): the kiosk
    #: hands the screen over behind a curtain; Rules.scramble re-deals what a seat cannot see
    secrets: bool = False
    #: decisions revealed together (sealed bids): Rules.sealed and sealed_pending keep them
    #: out of saves and replays until revealed
    sealed: bool = False
    #: dice, draws, shuffles or pours: the RNG decides something of the play
    chance: bool = False
    #: seats build with Tokyo Jutaku's pieces, judged by the physics (a building round, or a
    #: piece on a lot)
    building: bool = False
    #: some moves carry data the seat supplies (Action.takes: a placement, a price): Rules.accept
    data: bool = False
    #: a dexterity game in the box (hands, steadiness): the kiosk simulates it with physics
    dexterity: bool = False
    said: bool = True

    #: the `[kind]` keys that are capabilities, true or false
    FLAGS = ("simultaneous", "secrets", "sealed", "chance", "building", "data", "dexterity")

    @classmethod
    def assumed(cls, players: tuple[int, int] | None = None, **known: bool) -> "Kind":
        """The kind of a game that has not declared one: every capability the core guards
        against assumed (checks run, secrets are kept), but for what is `known`."""
        careful = dict(simultaneous=True, secrets=True, sealed=True, chance=True, data=True)
        return cls(players=players, said=False, **{**careful, **known})

    @classmethod
    def from_table(cls, table: dict) -> "Kind":
        """A `[kind]` table read: `players = [2, 8]` and each capability true or false (a key
        left out is false); ValueError naming a key that is unknown or of the wrong kind."""
        unknown = sorted(set(table) - {"players", *cls.FLAGS})
        if unknown:
            raise ValueError(f"[kind] has no key {unknown[0]!r} (it has players, {', '.join(cls.FLAGS)})")
        for key in cls.FLAGS:
            if not isinstance(table.get(key, False), bool):
                raise ValueError(f"[kind] {key} is true or false, not {table[key]!r}")
        players = table.get("players")
        if not (isinstance(players, list) and len(players) == 2 and all(
                isinstance(p, int) and not isinstance(p, bool) and p >= 1 for p in players)
                and players[0] <= players[1]):
            raise ValueError(f"[kind] players is [fewest, most], two whole numbers, not {players!r}")
        return cls(players=(players[0], players[1]), **{k: table.get(k, False) for k in cls.FLAGS})

    def words(self) -> list[str]:
        """The capabilities it has, in words (`tokyo rules`)."""
        return [f.name for f in fields(self) if f.name in self.FLAGS and getattr(self, f.name)]


#: "module:attr", the form of every part (a dotted module, a dotted attribute)
_PART = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")


@dataclass(frozen=True)
class Parts:
    """Where a game's parts are, as "module:attr" strings (`info.toml`'s `[parts]`), imported
    only when asked for: the rules (`core.games.load`), the kiosk's board (`kiosk.boards`)
    and the Tabletop Simulator layout (`tts.export`). Strings, so that a game names a board
    without importing a layer above its own. Empty: the game has none (the kiosk then shows
    its generic board, and `tokyo tts export` refuses it)."""
    rules: str = ""
    board: str = ""
    tts: str = ""

    @classmethod
    def from_table(cls, table: dict) -> "Parts":
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(table) - names)
        if unknown:
            raise ValueError(f"[parts] has no key {unknown[0]!r} (it has {', '.join(sorted(names))})")
        for key, value in table.items():
            if not (isinstance(value, str) and _PART.match(value)):
                raise ValueError(f"[parts] {key} is \"module:attr\", not {value!r}")
        return cls(**table)


@dataclass(frozen=True)
class GameInfo:
    """What the menu shows about a game, what kind of game it is and where its parts are,
    read without importing its module."""
    name: str
    title: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[Option, ...] = ()
    #: None: not declared (Kind.assumed); its `players` always mirror min_players, max_players
    kind: Kind | None = None
    parts: Parts = Parts()

    def __post_init__(self):
        players = (self.min_players, self.max_players)
        kind = self.kind or Kind.assumed()
        if kind.players != players:
            kind = replace(kind, players=players)
        object.__setattr__(self, "kind", kind)

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)

    def settle_options(self, players: int, options: dict | None) -> dict:
        """Defaults filled in, unknown names and values refused."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players!r}")
        options = dict(options or {})
        unknown = set(options) - {o.name for o in self.options}
        if unknown:
            raise ValueError(f"{self.title} has no option {sorted(unknown)[0]!r}")
        out = {o.name: o.check(options.get(o.name, o.default)) for o in self.options}
        for o in self.options:
            if not o.applies(out):
                if o.name in options and options[o.name] != o.default:
                    needs = ", ".join(f"{k}={v}" for k, v in o.when)
                    raise ValueError(f"option {o.name!r} is used only with {needs}")
                out[o.name] = o.default
            elif out[o.name] not in o.offered(players):
                raise ValueError(f"option {o.name!r} is one of {', '.join(map(str, o.offered(players)))} at a "
                                 f"table of {players} players, not {out[o.name]!r}")
        return out

    @classmethod
    def from_data(cls, name: str, data: dict) -> "GameInfo":
        """An info.toml read. The kind comes from `[kind]`; an older file without it is still
        read (top-level min_players, max_players, dexterity, hidden_information), its kind
        then assumed (Kind.assumed) but for what those keys say."""
        try:
            opts = tuple(
                Option(o["name"], tuple(o["choices"]), o["default"], o.get("label", o["name"]),
                       o.get("help", ""), tuple(sorted(dict(o.get("when", {})).items())),
                       bool(o.get("seats", False)), tuple(str(w) for w in o.get("words", ())))
                for o in data.get("options", []))
            kind = _kind(data)
            info = cls(name=name, title=data["title"], min_players=kind.players[0],
                       max_players=kind.players[1], summary=data["summary"], options=opts, kind=kind,
                       parts=Parts.from_table(dict(data.get("parts", {}))))
        except (KeyError, TypeError, ValueError) as e:
            raise PluginError(f"game {name!r}: its info.toml is incomplete or wrong ({e})") from e
        names = {o.name: o for o in opts}
        for o in opts:
            if o.default not in o.offered(info.min_players):
                raise PluginError(f"game {name!r}: option {o.name!r} defaults to a value it does not offer")
            if o.words and len(o.words) != len(o.choices):
                raise PluginError(f"game {name!r}: option {o.name!r} has {len(o.words)} words for "
                                  f"{len(o.choices)} choices")
            if o.seats and len(o.choices) < info.max_players:
                raise PluginError(f"game {name!r}: option {o.name!r} names fewer seats than {info.max_players}")
            for k, v in o.when:
                if k not in names or v not in names[k].choices:
                    raise PluginError(f"game {name!r}: option {o.name!r} depends on {k}={v!r}, which is not offered")
        return info


#: top-level keys of older info.toml files, now said in [kind]
_OLD_KEYS = ("min_players", "max_players", "dexterity", "hidden_information")


def _kind(data: dict) -> Kind:
    """The kind an info.toml declares: its `[kind]` table, or what an older file's top-level
    keys say (the rest assumed)."""
    if "kind" in data:
        twice = [k for k in _OLD_KEYS if k in data]
        if twice:
            raise ValueError(f"{twice[0]} is said in [kind] (players, dexterity, secrets), not beside it")
        return Kind.from_table(dict(data["kind"]))
    known = {"dexterity": bool(data.get("dexterity", False))}
    if data.get("hidden_information") is not None:
        known["secrets"] = bool(data["hidden_information"])
    return Kind.assumed((int(data["min_players"]), int(data["max_players"])), **known)
