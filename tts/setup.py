"""`tokyo tts export GAME` without --players: one save for every player count the game allows.

Each count is laid out exactly as `tokyo tts export GAME --players N` lays it out
(tts.export.build); the save holds none of them on the table, only a set-up panel (a
locked tile) and, for the games built against the clock, TTS's Digital_Clock. Its global
script (tts/lua/global.lua) puts a button on the panel for each count; pressing one spawns
that count's objects as they were laid out, with its snap points, turn order and notebook.
The building games then get their round clock on the panel: Countdown's floors against the
timer (games/countdown/clock.py), a stopwatch for Tokyo Jutaku and Bottle Bonus, and a
button for each seat to call its Stop! at the clock's time.

The script's data is the save's LuaScriptState: JSON computed here, read by the script's
onLoad. The options given are the same for every count (the panel says which).
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources

from core import games
from core.words import count_words

from . import draw
from .draw import pygame  # as draw sets it up (no banner)
from .export import Export, build, new_match
from .table import TABLE_Y, LayoutError, Table, walk

#: the panel: its size (units across and deep) and its centre, in the corner at White's
#: right, clear of every game's layout at every count (tests/test_tts_lua.py checks it)
PANEL_SIZE = (6.0, 4.0)
PANEL_AT = (30.5, -21.6)
#: the panel image's pixels a unit
PANEL_PPU = 150
#: where the buttons go on the panel, as the reader sees it: left, top, width, depth in units
#: from the panel's top left corner; the script lays them out in a grid of BUTTON_GRID
#: (columns, rows): the counts take two rows (up to 7), the clock's rounds one and the seats'
#: calls two (up to 8 seats)
BUTTONS = (0.2, 1.25, 5.6, 2.6)
BUTTON_GRID = (4, 3)
#: where the round clock sits on the panel (units right of and above its centre): its top right
CLOCK_AT = (1.9, 1.5)


def note_for(players: int, seed: int) -> str:
    """The save's note for a count laid out by the rules."""
    return f"Set up by the rules for {count_words(players, 'player')}, seed {seed}."


def options_text(options: dict) -> str:
    """The options as the panel and the note say them."""
    if not options:
        return "Options: as the rules set them"
    return "Options: " + ", ".join(f"{k}={v}" for k, v in sorted(options.items()))


def script() -> str:
    """The save's global script."""
    return resources.files("tts").joinpath("lua", "global.lua").read_text(encoding="utf-8")


def round_clock(game) -> dict | None:
    """What the round clock offers, or None for a game that is not built against the clock:
    Countdown's floors each with its seconds (its own clock.py), the others' one round
    timed by a stopwatch until the Stop! calls."""
    kind = game.info.kind
    if not (kind.building and kind.simultaneous):
        return None                         # Izakaya builds one piece a turn, untimed
    if game.info.name == "countdown":
        from games.countdown.clock import FIRST_FLOORS, countdown_seconds
        rounds = []
        for floor in range(1, len(FIRST_FLOORS) + 2):
            seconds = countdown_seconds(floor)
            later = floor > len(FIRST_FLOORS)
            label = f"Floor {floor}{' on' if later else ''}: {seconds:g} s"
            rounds.append({"label": label, "seconds": seconds,
                           "said": f"Floor {floor}{' and every floor after' if later else ''}: "
                                   f"{seconds:g} seconds. Build!"})
        return {"rounds": rounds, "call": "floor built", "said": "%s: floor built with %s s left"}
    return {"rounds": [{"label": "Start the round", "said": "The round is on: build! (the clock counts up)"}],
            "call": "Stop!", "said": "%s: Stop! at %s s"}


def build_every_count(game_name: str, seed: int, options: dict, *, base_url: str | None = None,
                      out=None) -> Export:
    """The one save for every player count the game allows (those it refuses left out), with
    the files of them all; LayoutError when no count can be laid out, or when two counts
    draw a file of one name differently (the save could name only one of them)."""
    game = games.load(game_name)
    exports = count_exports(game, seed, options, base_url=base_url, out=out)
    files = every_count_files(exports)
    e = every_count_save(game, options, exports, base_url=base_url, out=out)
    for name, data in e.files.items():
        _add_file(files, name, data)
    return Export(e.save, files)


def count_exports(game, seed: int, options: dict, *, base_url=None, out=None) -> dict[int, Export]:
    """Each player count's export, as `tokyo tts export GAME --players N` makes it."""
    info = game.info
    exports, refused = {}, []
    for players in range(info.min_players, info.max_players + 1):
        try:
            settled = info.settle_options(players, options)
            match = new_match(info.name, players, seed, settled)
        except ValueError as e:
            refused.append(f"{players}: {e}")
            continue
        exports[players] = build(match, base_url=base_url, out=out, note=note_for(players, seed))
    if not exports:
        raise LayoutError(f"{info.title} cannot be laid out for any number of players with these options "
                          f"({'; '.join(refused)})")
    return exports


def every_count_files(exports: dict[int, Export]) -> dict[str, bytes]:
    """Every count's files; one name must be the same bytes in every count (the save names
    each file once)."""
    files: dict[str, bytes] = {}
    first: dict[str, int] = {}
    for players in sorted(exports):
        for name, data in exports[players].files.items():
            if name in files and files[name] != data:
                raise LayoutError(f"two different files called {name}: the layout makes it otherwise for "
                                  f"{players} players than for {first[name]}, and one save can name only one; "
                                  f"export the table for one count with --players N")
            files[name] = data
            first.setdefault(name, players)
    return files


def every_count_save(game, options: dict, exports: dict[int, Export], *, base_url=None, out=None) -> Export:
    """The set-up table holding the laid-out `exports` (one a player count) for its script,
    with the files it adds (the panel's face)."""
    info = game.info
    counts = sorted(exports)
    taken = {o["GUID"] for e in exports.values() for o in walk(e.save)}
    t = Table(info.name, info.title, counts[0], base_url=base_url, out=out)
    clock = round_clock(game)
    panel = t.tile("set-up panel", _panel_image(info.title, counts, options, clock is not None),
                   PANEL_AT[0], PANEL_AT[1], PANEL_SIZE[0], put=False, locked=True,
                   nickname=f"{info.title}: set-up panel",
                   description="Press how many play: the table is laid out for them. "
                               + options_text(options) + ".",
                   tags=("set-up panel",))
    panel["GUID"] = _free_guid(f"{info.name}:set-up panel", taken)
    objects = [panel]
    if clock is not None:
        clock["guid"] = _free_guid(f"{info.name}:round clock", taken | {panel["GUID"]})
        objects.append(_clock_object(clock["guid"], clock["call"]))
    state = {
        "game": info.title,
        "panel": {"guid": panel["GUID"], "scale": panel["Transform"]["scaleX"],
                  "buttons": dict(zip(("left", "top", "width", "depth"), BUTTONS)),
                  "columns": BUTTON_GRID[0], "rows": BUTTON_GRID[1], "size": list(PANEL_SIZE)},
        "counts": [_count_state(n, exports[n].save) for n in counts],
    }
    if clock is not None:
        state["clock"] = clock
    save = dict(exports[counts[0]].save)
    save.update({
        "SaveName": info.title, "GameMode": info.title, "PlayerCounts": [counts[0], counts[-1]],
        "Note": f"Press how many play on the set-up panel: the table is laid out for them. "
                f"{options_text(options)}.",
        "LuaScript": script(),
        "LuaScriptState": json.dumps(state, ensure_ascii=False, separators=(",", ":")),
        "SnapPoints": [], "ObjectStates": objects,
    })
    # the tags of every count's objects, so that TTS's tag list knows them before a count is laid out
    tags = {tag for e in exports.values() for o in walk(e.save) for tag in o.get("Tags", [])}
    tags |= {tag for o in objects for tag in o["Tags"]}
    save["ComponentTags"] = {"labels": [{"displayed": tag, "normalized": tag.lower().replace(" ", "_")}
                                        for tag in sorted(tags)]}
    return Export(save, dict(t.files))


def _count_state(players: int, save: dict) -> dict:
    """What the script needs to lay one count out: its objects exactly as placed, the table's
    snap points, the seats' colours and who moves, the note and the notebook."""
    turns = save["Turns"]
    return {"players": players, "objects": save["ObjectStates"], "snap_points": save["SnapPoints"],
            "seats": turns["TurnOrder"], "turn": turns["TurnColor"], "note": save["Note"],
            "tabs": [{"title": tab["title"], "body": tab["body"], "color": tab["color"]}
                     for _, tab in sorted(save["TabStates"].items(), key=lambda kv: int(kv[0]))]}


def _add_file(files: dict, name: str, data: bytes) -> None:
    """The panel's face among the counts' files (its name is none of theirs)."""
    if name in files and files[name] != data:
        raise LayoutError(f"the set-up panel's file {name} is also a file of the layout")
    files[name] = data


def _free_guid(seed: str, taken: set) -> str:
    """A GUID no count's object has (the counts' GUIDs are the layouts' own)."""
    k = 0
    while True:
        guid = hashlib.sha1(f"{seed}:{k}".encode()).hexdigest()[:6]
        if guid not in taken:
            return guid
        k += 1


def _clock_object(guid: str, call: str) -> dict:
    """TTS's Digital_Clock, locked on the panel, a stopwatch at 0 until a round starts."""
    x, z = PANEL_AT[0] + CLOCK_AT[0], PANEL_AT[1] + CLOCK_AT[1]
    return {"GUID": guid, "Name": "Digital_Clock",
            "Transform": {"posX": x, "posY": TABLE_Y + 0.4, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
                          "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
            "Nickname": "Round clock", "GMNotes": "", "Tags": ["round clock"], "Locked": True,
            "Description": f"The round's clock: the set-up panel's buttons start it and time each seat's call ({call})",
            "Grid": False, "Snap": False, "Tooltip": True,
            # Mode 2 is the stopwatch (ClockMode in the community's declarations of the save)
            "Clock": {"Mode": 2, "SecondsPassed": 0, "Paused": True}}


def _panel_image(title: str, counts: list[int], options: dict, has_clock: bool) -> "pygame.Surface":
    """The panel's face: the game, what to press, the options; the buttons' place left free."""
    w, h = (round(v * PANEL_PPU) for v in PANEL_SIZE)
    s = pygame.Surface((w, h))
    s.fill(draw.PAPER)
    left = w - (round(2.2 * PANEL_PPU) if has_clock else 0)   # the clock sits at the top right
    draw.text_block(s, [title], (16, 12, left - 32, 60), size=56)
    lines = [f"Press how many play ({counts[0]} to {counts[-1]}): the table is laid out for them."
             + (" Then the round clock's buttons show here." if has_clock else ""), options_text(options) + "."]
    draw.text_block(s, lines, (16, 74, left - 32, 110), size=30)
    x, y, bw, bd = (round(v * PANEL_PPU) for v in BUTTONS)
    pygame.draw.rect(s, draw.LINE, (x, y, bw, bd), 2)
    pygame.draw.rect(s, draw.LINE, (0, 0, w, h), 4)
    return s
