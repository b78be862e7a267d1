"""Bottle Bonus (004:77-93) on the TTS table: Tokyo Jutaku's plan, pieces, seats and box
(tts.layouts.jutaku) and the 36 JIDOHANBAIKI drinks where the rules' `table` has them.

The drinks still in the box are a bag beside the vending machine in the middle of the
plan (the round's winner draws from it, 004:79); drinks that came out of the machine and
wait to be taken lie on its tray; each seat's drinks (its one-shot powers, 004:81-93)
stand in front of it, a blue drink spent this round beside the lot it builds on, and
the blue drinks kept for +¥200 beside its completed lots (004:89).
"""

from __future__ import annotations

from ..table import COLOURS, Table, reconstructed, seat as seat_at
from . import jutaku as J
from .common import drink, drink_set, table_of

HELD_AT = (-4.4, 7.4)             # the first drink a seat holds; the others go right (nearer its own seat than the next, at 8 seats)
HELD_STEP = 0.85
HELD_ROW = 6
KEPT_AT = (J.FAN_AT[0] - 0.9, 1.5)  # the blue drinks kept, below the completed lots
STAKED_AT = (J.LOT_AT[0], J.LOT_AT[1] + J.LOT / 2 + 0.7)
MACHINE_AT = (-2.3, -1.5)
BOX_AT = (2.2, -0.9)
TRAY_AT = (-0.6, -2.55)           # the tray's first drink; four a row
HOLE = 2 * J.LOT + J.GAP          # the centre of the plan, across


def check_drinks(tab) -> None:
    n = tab["players"]
    every = (list(tab["box"]) + list(tab["tray"]) + [d for h in tab["held"] for d in h]
             + [d for k in tab["kept"] for d in k] + [d for d in tab["staked"] if d is not None])
    J.need(all(isinstance(d, int) and 0 <= d < 36 for d in every), "a drink that is not one of the 36")
    J.need(len(every) == len(set(every)), "a drink lies in two places at once")
    J.need(len(every) == 36, f"{36 - len(set(every))} drink(s) are nowhere")
    J.need(len(tab["held"]) == len(tab["kept"]) == len(tab["staked"]) == n, "the drinks are not one list a seat")


def tags(index: int, where: str) -> tuple:
    ds = drink_set()
    c, sh = divmod(index, 6)
    return ("drink", ds.colours[c].id, ds.shapes[sh].id, where)


def seat_drinks(t: Table, tab, i: int) -> None:
    n = tab["players"]
    place = seat_at(i, n)
    who = place.colour
    ds = drink_set()
    for k, d in enumerate(tab["held"][i]):
        x, z, rot = place.at(HELD_AT[0] + (k % HELD_ROW) * HELD_STEP, HELD_AT[1] + 0.9 * (k // HELD_ROW))
        colour = ds.colours[d // 6].id
        drink(t, d, x, z, rot=rot, tags=tags(d, "held"),
              description=f"{who} holds this drink: spend it for its power ({colour}, 004:81-93). "
              + reconstructed("its size and shape", "assets/drinks.toml"))
    for k, d in enumerate(tab["kept"][i]):
        x, z, rot = place.at(KEPT_AT[0] + k * HELD_STEP, KEPT_AT[1])
        drink(t, d, x, z, rot=rot, tags=tags(d, "kept"),
              description=f"{who} kept this blue drink beside their lots: +¥200 at the end (004:89). "
              + reconstructed("its size and shape", "assets/drinks.toml"))
    d = tab["staked"][i]
    if d is not None:
        x, z, rot = place.at(*STAKED_AT)
        drink(t, d, x, z, rot=rot, tags=tags(d, "staked"),
              description=f"{who} spent this blue drink before the round: win it and keep the drink for "
              "+¥200, else it is lost (004:89). " + reconstructed("its size and shape", "assets/drinks.toml"))


def machine(t: Table, x: float, z: float, tab) -> dict:
    lines = ["drinks go in at the top, all at once (004:79)", "they come out here, or stick"]
    if tab["last_pour"]:
        lp = tab["last_pour"]
        lines.append(f"last pour: {COLOURS[lp['seat']]}, {len(lp['poured'])} in, {len(lp['out'])} out")
    return t.tile("vending-machine", J.board_image("JIDOHANBAIKI", lines, size=(300, 420)), x, z, 2.5,
                  thickness=0.3, nickname="the vending machine",
                  description="The JIDOHANBAIKI vending machine the round's winner pours the drinks through "
                  "(004:79). " + reconstructed("its size and its inside", "assets/vending_machine.toml"),
                  tags=("vending machine",), locked=True)


def pour_words(tab) -> list[str]:
    out = []
    if tab["phase"] == "pour" and tab["pourer"] is not None:
        out.append(f"{COLOURS[tab['pourer']]} pours {min(tab['players'] - 1, len(tab['box']))} drink(s) (004:79)")
    if tab["phase"] == "take":
        rest = tab["takers"][tab["take_turn"]:]
        out.append("taking from the tray: " + ", ".join(COLOURS[i] for i in rest))
    return out


def lay_out(match, t: Table) -> None:
    tab = table_of(match)
    check_drinks(tab)
    J.lay_out_plan(match, t, game_words="Bottle Bonus (Tokyo Jutaku with JIDOHANBAIKI drinks, 004:77-93)")
    J.round_board(t, match, 0.0, HOLE / 2 - 1.55, HOLE - 0.4, extra=pour_words(tab), size=(700, 300))
    machine(t, *MACHINE_AT, tab)
    for k, d in enumerate(tab["tray"]):
        x, z = TRAY_AT[0] + (k % 4) * 0.95, TRAY_AT[1] - 0.8 * (k // 4)
        drink(t, d, x, z, tags=tags(d, "tray"),
              description="Out of the vending machine: every other player, clockwise, may take one (004:79). "
              + reconstructed("its size and shape", "assets/drinks.toml"))
    contents = [drink(t, d, 0, 0, put=False, tags=tags(d, "box")) for d in tab["box"]]
    t.bag("drinks in the box", contents, *BOX_AT, tags=("bag", "drink supply"), colour=(70, 110, 160),
          description="The drinks in the box: the round's winner draws as many at random as there are other "
                      "players and pours them through the machine (004:79); drinks spent or stuck come back here.")
    for i in range(tab["players"]):
        seat_drinks(t, tab, i)
    words = ", ".join(f"{COLOURS[i]}: " + (" ".join(drink_set().code(d) for d in tab["held"][i]) or "none")
                      for i in range(tab["players"]))
    t.note("Drinks", f"In the box: {len(tab['box'])}. On the tray: {len(tab['tray'])}. Held: {words}. "
                     f"Kept blue: {sum(len(k) for k in tab['kept'])}; spent blue this round: "
                     f"{sum(d is not None for d in tab['staked'])}. Powers: black turns your lot card over, white "
                     "places 1 piece first, mint puts everyone else's last piece back, blue +¥200 if you win, "
                     "red 2 pieces at once, purple moves anywhere (004:83-93).")
