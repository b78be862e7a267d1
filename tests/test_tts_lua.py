"""The TTS save for every player count (tts/setup.py) and its global script
(tts/lua/global.lua), run in Lua 5.2 (the Lua of TTS's MoonSharp, through lupa) against a
stand-in of the TTS functions it calls.

For every game and every count, pressing "N players" must spawn exactly the objects that
`tts.export.build` lays out for N players, in order, with its snap points, seats and
notebook; the round clock's buttons must start Countdown's floors with the seconds of
games/countdown/clock.py and time the Stop! calls of Tokyo Jutaku and Bottle Bonus.
"""

from __future__ import annotations

import json
import math

import pytest
from lupa import lua52 as lupa

from core import games
from tokyo.cli import main
from tts import setup
from tts.export import build, layouts, new_match
from tts.table import LayoutError, walk

SEED = 1
BASE_URL = "https://example.org/tokyo"
BUILDING_AGAINST_THE_CLOCK = {"countdown", "jutaku", "bottle_bonus"}

#: the TTS functions the script calls, recording what it does; the Digital_Clock's Clock
#: behaves as behavior/clock.md says, on a fake time `now` (seconds)
STAND_IN = r"""
now = 0
objects, spawned, said = {}, {}, {}
snap_points, notes, tabs = nil, nil, {}
Turns = {}
Global = {setSnapPoints = function(points) snap_points = points return true end}
Notes = {
  setNotes = function(text) notes = text return true end,
  getNotebookTabs = function()
    local out = {}
    for i, t in ipairs(tabs) do out[i] = {index = i - 1, title = t.title, body = t.body, color = t.color} end
    return out
  end,
  removeNotebookTab = function(index) table.remove(tabs, index + 1) return true end,
  addNotebookTab = function(t) tabs[#tabs + 1] = t return #tabs - 1 end,
}
function spawnObjectData(p) spawned[#spawned + 1] = p.data return {} end
function broadcastToAll(message, tint) said[#said + 1] = {message = message, tint = tint} return true end
function getObjectFromGUID(guid) return objects[guid] end

function new_panel(guid)
  local o = {buttons = {}}
  o.createButton = function(b) o.buttons[#o.buttons + 1] = b return true end
  o.clearButtons = function() o.buttons = {} return true end
  objects[guid] = o
end

function new_clock(guid)
  local c = {mode = "current time", value = 0, since = 0, paused = true}
  local function elapsed() if c.paused then return 0 end return now - c.since end
  c.getValue = function()
    if c.mode == "stopwatch" then return c.value + elapsed() end
    if c.mode == "timer" then return math.max(0, c.value - elapsed()) end
    return 0
  end
  c.setValue = function(seconds)          -- the timer, paused, its time set
    c.mode, c.value, c.paused = "timer", seconds, true
    return true
  end
  c.startStopwatch = function()           -- the stopwatch at 0 (left paused: the worse case)
    c.mode, c.value, c.paused = "stopwatch", 0, true
    return true
  end
  c.pauseStart = function()
    if c.mode == "current time" then return false end
    if c.paused then c.since = now else c.value = c.getValue() end
    c.paused = not c.paused
    return true
  end
  objects[guid] = {Clock = c}
end

function reset()
  spawned, said, snap_points, notes, tabs, Turns = {}, {}, nil, nil, {{title = "old", body = "old"}}, {}
end
"""


# ---- the stand-in ----------------------------------------------------------------------------------

class Table:
    """A TTS table in Lua with the every-count save loaded: its script run, its objects made."""

    def __init__(self, save: dict):
        self.lua = lupa.LuaRuntime(unpack_returned_tuples=True)
        self.save = save
        self._decoded = {}
        self.lua.execute(STAND_IN)
        self.g = self.lua.globals()
        self.g.JSON = self.lua.table_from({"decode": self._decode, "encode": self._encode})
        for o in save["ObjectStates"]:
            if o["Name"] == "Digital_Clock":
                self.g.new_clock(o["GUID"])
            else:
                self.g.new_panel(o["GUID"])
        self.lua.execute(save["LuaScript"])

    def _decode(self, text):
        """JSON.decode: a Lua table built once per text (the whole state is MBs), handed out
        as a fresh top-level table each time, as the script only changes the top level."""
        if text not in self._decoded:
            self._decoded[text] = self.lua.table_from(json.loads(text), recursive=True)
        return self.lua.eval("function(t) local c = {} for k, v in pairs(t) do c[k] = v end return c end")(
            self._decoded[text])

    def _encode(self, table):
        return json.dumps(plain(table))

    def load(self, state: str | None = None) -> None:
        self.g.reset()
        self.g.onLoad(self.save["LuaScriptState"] if state is None else state)

    def panel(self):
        return next(self.g.objects[o["GUID"]] for o in self.save["ObjectStates"] if o["Name"] != "Digital_Clock")

    def clock(self):
        return next((self.g.objects[o["GUID"]].Clock for o in self.save["ObjectStates"]
                     if o["Name"] == "Digital_Clock"), None)

    def buttons(self) -> dict:
        """The panel's buttons by label: their click function's name and the button."""
        return {b.label: b for b in self.panel().buttons.values()}

    def press(self, label: str, colour: str = "White") -> None:
        b = self.buttons()[label]
        self.g[b.click_function](self.panel(), colour, False)

    def said(self) -> list[str]:
        return [m.message for m in self.g.said.values()]


def plain(value):
    """A Lua value as Python: a table with keys 1..n a list, another a dict."""
    if lupa.lua_type(value) != "table":
        return value
    keys = list(value.keys())
    if keys and all(isinstance(k, int) for k in keys) and sorted(keys) == list(range(1, len(keys) + 1)):
        return [plain(value[k]) for k in range(1, len(keys) + 1)]
    return {k: plain(v) for k, v in value.items()}


def same(a, b) -> bool:
    """Equal as data once through Lua: an empty list and an empty object are both an empty
    table there, and numbers are numbers."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if a in ({}, []) and b in ({}, []):
        return True
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool) and not isinstance(b, bool):
        return a == b
    return type(a) is type(b) and a == b


# ---- each count's export, built once ------------------------------------------------------------

_EXPORTS: dict[str, dict] = {}


def exports_of(name: str) -> dict:
    """Each player count's export of `name`, built here as `tokyo tts export --players N` does."""
    if name not in _EXPORTS:
        info = games.load(name).info
        out = {}
        for n in range(info.min_players, info.max_players + 1):
            try:
                match = new_match(name, n, SEED, info.settle_options(n, {}))
            except ValueError:
                continue
            out[n] = build(match, base_url=BASE_URL, note=setup.note_for(n, SEED))
        _EXPORTS[name] = out
    return _EXPORTS[name]


def every_count(name: str) -> dict:
    return setup.every_count_save(games.load(name), {}, exports_of(name), base_url=BASE_URL).save


GAMES = sorted(layouts())


def test_tts_lua_the_script_compiles_in_lua_52():
    lua = lupa.LuaRuntime()
    lua.compile(setup.script())     # a syntax error raises here
    assert "JSON.decode" in setup.script()


@pytest.mark.parametrize("name", GAMES)
def test_tts_lua_every_count_lays_out_as_the_export_does(name):
    """Every count's button spawns that count's export, object for object, with its snap
    points, seats and notebook; every count shares one folder of files; nothing lands on the
    panel."""
    exports = exports_of(name)
    info = games.load(name).info
    assert exports and min(exports) == info.min_players
    save = every_count(name)
    assert save["PlayerCounts"] == [min(exports), max(exports)] and str(min(exports)) not in save["SaveName"]
    names = [o["Name"] for o in save["ObjectStates"]]
    assert names == (["Custom_Tile", "Digital_Clock"] if name in BUILDING_AGAINST_THE_CLOCK else ["Custom_Tile"])
    assert save["ObjectStates"][0]["Locked"] and save["SnapPoints"] == []
    table = Table(save)
    for n, export in sorted(exports.items()):
        table.load()
        assert sorted(table.buttons()) == sorted(f"{k} players" for k in exports)
        table.press(f"{n} players")
        want = export.save["ObjectStates"]
        got = plain(table.g.spawned)
        assert [o["Name"] for o in got] == [o["Name"] for o in want]
        for g, w in zip(got, want):
            assert (g["Nickname"], g["Transform"]) == (w["Nickname"], w["Transform"]), w["Nickname"]
            assert same(g, w), f"{name} at {n}: {w['Name']} {w['Nickname']!r} spawned otherwise"
        points = plain(table.g.snap_points) or []
        assert len(points) == len(export.save["SnapPoints"])
        for p, w in zip(points, export.save["SnapPoints"]):
            assert p["position"] == {"x": w["Position"]["x"], "y": w["Position"]["y"], "z": w["Position"]["z"]}
            assert p["rotation"] == w["Rotation"] and p["rotation_snap"] is True
            assert p["tags"] == w["Tags"]
        assert plain(table.g.Turns) == {"order": export.save["Turns"]["TurnOrder"],
                                        "turn_color": export.save["Turns"]["TurnColor"]}
        assert table.g.notes == export.save["Note"] == setup.note_for(n, SEED)
        assert [(t["title"], t["body"]) for t in plain(table.g.tabs)] == \
            [(t["title"], t["body"]) for t in export.save["TabStates"].values()]
        assert table.said()[-1] == f"Laid out for {n} players"
        assert not any(label.endswith(" players") for label in table.buttons()), "a table is laid out once"
        table.g[f"lay_out_for_{n}"](table.panel(), "White", False)
        assert len(table.g.spawned) == len(want), "laid out twice"
    # the game's every-count checks here, where its counts' exports are built (one worker builds them)
    every_count_shares_its_files(name)
    the_panel_lies_clear_of_every_count(name)


def every_count_shares_its_files(name):
    """One file name, one file: the save's objects name files, and each count must draw a
    file of a name as the others do (otherwise the every-count save is refused)."""
    exports = exports_of(name)
    files = setup.every_count_files(exports)           # raises LayoutError on a clash
    urls = {o["CustomImage"]["ImageURL"] for e in exports.values() for o in walk(e.save) if "CustomImage" in o}
    assert {u.removeprefix(BASE_URL + "/") for u in urls} <= set(files)


def test_tts_lua_the_command_writes_one_save_for_every_count(tmp_path, capsys):
    """`tokyo tts export GAME` without --players: the save as build_every_count makes it from
    each count's export, the options the same for every count and said on the panel."""
    options = {"variant": "vending"}
    assert main(["tts", "export", "chocolate_milk", "--seed", "3", "--option", "variant=vending",
                 "--base-url", BASE_URL, "--out", str(tmp_path)]) == 0
    assert "2 to 8 players" in capsys.readouterr().out
    written = json.loads((tmp_path / "chocolate_milk.json").read_text(encoding="utf-8"))
    game = games.load("chocolate_milk")
    info = game.info
    exports = {n: build(new_match("chocolate_milk", n, 3, info.settle_options(n, options)), base_url=BASE_URL,
                        note=setup.note_for(n, 3)) for n in range(info.min_players, info.max_players + 1)}
    state = json.loads(written["LuaScriptState"])
    assert [c["players"] for c in state["counts"]] == list(exports)
    for c in state["counts"]:
        assert c["objects"] == exports[c["players"]].save["ObjectStates"]
        assert c["snap_points"] == exports[c["players"]].save["SnapPoints"]
        assert "variant=vending" in c["tabs"][0]["body"]
    assert "Options: variant=vending" in written["ObjectStates"][0]["Description"]
    files = setup.every_count_files(exports)
    for rel, data in files.items():
        assert (tmp_path / rel).read_bytes() == data
    assert list((tmp_path / "chocolate_milk" / "images").glob("set-up-panel-*.png"))
    assert not list(tmp_path.rglob(".*")), "a temporary file is left"


def test_tts_lua_the_every_count_save_draws_no_picture(tmp_path, capsys):
    assert main(["tts", "export", "jutaku", "--out", str(tmp_path / "o"), "--picture", str(tmp_path / "p.png")]) == 2
    assert "--players" in capsys.readouterr().err and not (tmp_path / "o").exists()


# ---- the round clock ---------------------------------------------------------------------------

def test_tts_lua_countdown_floors_run_the_timer():
    from games.countdown.clock import countdown_seconds
    table = Table(every_count("countdown"))
    table.load()
    table.press("4 players")
    labels = list(table.buttons())
    floors = [label for label in labels if label.startswith("Floor")]
    assert floors == ["Floor 1: 60 s", "Floor 2: 45 s", "Floor 3: 30 s", "Floor 4 on: 15 s"]
    assert [label for label in labels if not label.startswith("Floor")] == \
        [f"{c}: floor built" for c in ("White", "Red", "Yellow", "Green")]
    clock = table.clock()
    for floor, label in enumerate(floors, 1):
        table.g.now = 100.0 * floor
        table.press(label)
        assert clock.mode == "timer" and not clock.paused
        assert clock.getValue() == countdown_seconds(floor)
        table.g.now += 3.5
        assert clock.getValue() == countdown_seconds(floor) - 3.5
        table.press("Green: floor built", "Red")
        assert table.said()[-1] == f"Green: floor built with {countdown_seconds(floor) - 3.5:g} s left"
    assert countdown_seconds(9) == 15


@pytest.mark.parametrize("name", ["jutaku", "bottle_bonus"])
def test_tts_lua_the_stopwatch_times_the_stop_calls(name):
    table = Table(every_count(name))
    table.load()
    table.press("3 players")
    assert list(table.buttons()) == ["Start the round", "White: Stop!", "Red: Stop!", "Yellow: Stop!"]
    b = table.buttons()["Red: Stop!"]
    assert b.color == "Red" and b.font_color == "White"
    table.g.now = 50
    table.press("Start the round")
    clock = table.clock()
    assert clock.mode == "stopwatch" and not clock.paused
    table.g.now = 62.3
    table.press("Yellow: Stop!")
    table.g.now = 70
    table.press("White: Stop!")
    assert table.said()[-2:] == ["Yellow: Stop! at 12.3 s", "White: Stop! at 20 s"]
    assert table.g.said[len(table.g.said)].tint == "White"


@pytest.mark.parametrize("name", ["izakaya", "tsukiji"])
def test_tts_lua_games_without_a_clock_get_none(name):
    table = Table(every_count(name))
    table.load()
    table.press("2 players")
    assert table.clock() is None and list(table.buttons()) == []


def test_tts_lua_a_saved_game_keeps_its_table_and_its_clock():
    """onSave: before a count is pressed the whole state again; after, only what the clock
    needs, and loading that shows the clock's buttons, not the counts."""
    save = every_count("jutaku")
    table = Table(save)
    table.load()
    assert table.g.onSave() == save["LuaScriptState"]
    table.press("4 players")
    kept = table.g.onSave()
    assert len(kept) < 2000 and json.loads(kept)["laid_out"] == 4
    again = Table(save)
    again.load(kept)
    assert list(again.buttons()) == ["Start the round"] + [f"{c}: Stop!" for c in ("White", "Red", "Yellow", "Green")]
    assert len(again.g.spawned) == 0


# ---- the panel on the table ----------------------------------------------------------------------

def _corners(x, z, across, deep, rot):
    t = math.radians(rot)
    return [(x + a * math.cos(t) + d * math.sin(t), z - a * math.sin(t) + d * math.cos(t))
            for a, d in ((-across / 2, -deep / 2), (across / 2, -deep / 2), (across / 2, deep / 2),
                         (-across / 2, deep / 2))]


def _apart(p, q) -> bool:
    """Two convex outlines that do not overlap (a line between them: separating axes)."""
    for poly in (p, q):
        for (ax, az), (bx, bz) in zip(poly, poly[1:] + poly[:1]):
            nx, nz = bz - az, ax - bx
            a = [nx * x + nz * z for x, z in p]
            b = [nx * x + nz * z for x, z in q]
            if max(a) <= min(b) or max(b) <= min(a):
                return True
    return False


def the_panel_lies_clear_of_every_count(name):
    """Nothing any count lays out lands on the panel: the seats' zones by their outline,
    everything else by its centre with a margin."""
    panel = _corners(*setup.PANEL_AT, *setup.PANEL_SIZE, 0.0)
    grown = _corners(*setup.PANEL_AT, setup.PANEL_SIZE[0] + 2.0, setup.PANEL_SIZE[1] + 2.0, 0.0)
    for n, export in exports_of(name).items():
        for o in export.save["ObjectStates"]:
            t = o["Transform"]
            if o["Name"] in ("HandTrigger", "FogOfWarTrigger"):
                zone = _corners(t["posX"], t["posZ"], t["scaleX"], t["scaleZ"], t["rotY"])
                assert _apart(zone, panel), f"{name} at {n}: {o['Nickname']} lies on the set-up panel"
            else:
                dot = _corners(t["posX"], t["posZ"], 0.01, 0.01, 0.0)
                assert _apart(dot, grown), f"{name} at {n}: {o['Name']} {o['Nickname']!r} is on the panel"


def test_tts_lua_the_buttons_fit_on_the_panel_apart():
    """The most buttons the panel shows (Countdown at 8: four floors and eight seats) lie on
    it, none over another, none over the clock (the panel's own units: its scale divided out)."""
    save = every_count("countdown")
    table = Table(save)
    table.load()
    table.press("8 players")
    scale = save["ObjectStates"][0]["Transform"]["scaleX"]
    w, d = setup.PANEL_SIZE
    cells = []
    for b in table.buttons().values():
        right, down = -b.position.x * scale, b.position.z * scale
        cells.append((right, down))
        assert abs(right) < w / 2 and abs(down) < d / 2, b.label
    assert len(cells) == 12 and len(set(cells)) == 12
    clock = save["ObjectStates"][1]["Transform"]
    cx, cz = clock["posX"] - setup.PANEL_AT[0], clock["posZ"] - setup.PANEL_AT[1]
    assert abs(cx) < w / 2 and abs(cz) < d / 2
    assert all(abs(-down - cz) >= 1.0 or abs(right - cx) >= 1.2 for right, down in cells), "a button under the clock"
