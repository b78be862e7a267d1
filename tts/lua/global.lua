--[[ Tokyo Series Kiosk: the set-up panel and the round clock (the save's global script).

`tokyo tts export GAME` (tts/setup.py) lays the game out for every player count it allows
and puts those tables in this script's state (the save's LuaScriptState, JSON): for each
count its objects exactly as placed, the table's snap points, the seats, the note and the
notebook; and for the games built against the clock, the clock's rounds. onLoad puts a
button on the set-up panel for each count; pressing one spawns that count's table. The
building games then get their round clock on the panel.

The TTS API used, as Berserk-Games/Tabletop-Simulator-API documents it (docs/):
  events.md   onLoad(script_state), onSave() returning the state to keep
  json.md     JSON.decode, JSON.encode
  base.md     getObjectFromGUID, spawnObjectData{data = ...}, broadcastToAll(message, tint)
  object.md   createButton{click_function, label, position, ...} (the click function a
              global of this script, called with the object, the clicker's colour and
              alt_click), clearButtons(), Global.setSnapPoints{{position, rotation,
              rotation_snap, tags}}
  turns.md    Turns.order, Turns.turn_color
  notes.md    Notes.setNotes, getNotebookTabs, removeNotebookTab, addNotebookTab
  behavior/clock.md  the Digital_Clock's Clock: setValue(seconds) "switches clock to timer
              and sets countdown time ... This will not start the countdown on its own";
              pauseStart() "pauses/resumes a Clock in stopwatch or timer mode";
              startStopwatch() "switches clock to stopwatch, setting time to 0";
              getValue() "current time in stopwatch or timer mode"; paused.
]]

-- TTS sizes a button relative to its object without saying how many of its units make
-- one of the object's: this is our guess (correct it here if the buttons come out too big
-- or too small in TTS).
local BUTTON_UNITS = 500

local state = nil   -- the decoded state
local kept = ""     -- the state as loaded: handed back by onSave until a table is laid out

function onLoad(script_state)
    kept = script_state or ""
    if kept == "" then return end
    state = JSON.decode(kept)
    if state.laid_out then show_clock() else show_counts() end
end

function onSave()
    if state == nil or not state.laid_out then return kept end
    -- laid out: only what the clock's buttons need, not every count's table again
    return JSON.encode({game = state.game, panel = state.panel, clock = state.clock,
                        laid_out = state.laid_out, seats = state.seats})
end

-- A button on the panel in the cell (row, column) of its grid of buttons, counted from the
-- top left as the players read the panel. The panel lies turned to face White (rotY 180),
-- so the reader's right is the panel's -x and the reader's down its +z; positions and
-- sizes are in the panel's own units (its scale divided out).
local function button(label, click, row, column, colour)
    local p = state.panel
    local b, s = p.buttons, p.scale
    local width, depth = b.width / p.columns, b.depth / p.rows
    local right = b.left + (column - 0.5) * width - p.size[1] / 2
    local down = b.top + (row - 0.5) * depth - p.size[2] / 2
    local dark = colour ~= nil and colour ~= "White" and colour ~= "Yellow"
    getObjectFromGUID(p.guid).createButton({
        click_function = click, label = label, tooltip = label,
        position = {x = -right / s, y = 0.2, z = down / s},
        width = 0.92 * width / s * BUTTON_UNITS, height = 0.85 * depth / s * BUTTON_UNITS,
        font_size = 0.4 * depth / s * BUTTON_UNITS,
        color = colour or {0.93, 0.9, 0.82}, font_color = dark and "White" or "Black",
    })
end

-- Buttons call global functions by name: one made for each button.
local function on_click(name, action)
    _G[name] = function() action() end
    return name
end

function show_counts()
    local panel = getObjectFromGUID(state.panel.guid)
    if panel == nil then return end
    panel.clearButtons()
    for i, count in ipairs(state.counts) do
        local click = on_click("lay_out_for_" .. count.players, function() lay_out(count) end)
        button(string.format("%d players", count.players), click, math.floor((i - 1) / state.panel.columns) + 1,
               (i - 1) % state.panel.columns + 1)
    end
end

-- The table's snap points as setSnapPoints takes them (the save writes them as
-- Position, Rotation, Tags; one with a Rotation turns what snaps to it).
local function snap_points(saved)
    local out = {}
    for i, sp in ipairs(saved) do
        local p, r = sp.Position, sp.Rotation
        out[i] = {position = {x = p.x, y = p.y, z = p.z}, rotation = r and {x = r.x, y = r.y, z = r.z},
                  rotation_snap = r ~= nil, tags = sp.Tags or {}}
    end
    return out
end

-- Lays the table out for one count: its objects as placed, its snap points, its seats in
-- turn order, its note and notebook. Once: the count buttons go.
function lay_out(count)
    if state.laid_out then return end
    for _, data in ipairs(count.objects) do
        spawnObjectData({data = data})
    end
    Global.setSnapPoints(snap_points(count.snap_points))
    Turns.order = count.seats
    Turns.turn_color = count.turn
    Notes.setNotes(count.note)
    for i = #Notes.getNotebookTabs(), 1, -1 do
        Notes.removeNotebookTab(i - 1)
    end
    for _, tab in ipairs(count.tabs) do
        Notes.addNotebookTab({title = tab.title, body = tab.body, color = tab.color})
    end
    state.laid_out = count.players
    state.seats = count.seats
    show_clock()
    broadcastToAll(string.format("Laid out for %d players", count.players))
end

-- ---- the round clock -----------------------------------------------------------------------

-- The Digital_Clock's Clock, or nil (and a word to all) when it has been deleted.
local function clock()
    local o = getObjectFromGUID(state.clock.guid)
    if o == nil then broadcastToAll("The round clock is gone from the table.") return nil end
    return o.Clock
end

-- Seconds as said: whole ones bare, others to a tenth.
local function seconds_text(seconds)
    if seconds == math.floor(seconds) then return string.format("%d", seconds) end
    return string.format("%.1f", seconds)
end

-- A round starts: Countdown's floor counts its seconds down on the timer, the others' round
-- counts up on the stopwatch.
function start_round(round)
    local c = clock()
    if c == nil then return end
    if round.seconds then
        c.setValue(round.seconds)   -- the timer, set and waiting
        c.pauseStart()              -- and running
    else
        c.startStopwatch()          -- from 0
        if c.paused then c.pauseStart() end
    end
    broadcastToAll(round.said)
end

-- A seat's call (Stop!, or Countdown's floor built) at the clock's time.
function announce_call(colour)
    local c = clock()
    if c == nil then return end
    broadcastToAll(string.format(state.clock.said, colour, seconds_text(c.getValue())), colour)
end

function show_clock()
    local panel = getObjectFromGUID(state.panel.guid)
    if panel == nil then return end
    panel.clearButtons()
    if state.clock == nil then return end
    for i, round in ipairs(state.clock.rounds) do
        button(round.label, on_click("start_round_" .. i, function() start_round(round) end), 1, i)
    end
    for i, colour in ipairs(state.seats) do
        local click = on_click("call_" .. colour, function() announce_call(colour) end)
        button(colour .. ": " .. state.clock.call, click, math.floor((i - 1) / state.panel.columns) + 2,
               (i - 1) % state.panel.columns + 1, colour)
    end
end
