"""Countdown (004:62-75) on the TTS table: one tower each on a lot card's real edge, a
floor a round against the clock.

In the middle: the timer stage (the floors' times of 004:70-73, the round in play
marked) and the 69 pieces on shelves below it, each at its own home place. In front of
each seat: the lot card it builds on, face down (the print is ignored, only the card's
edge counts, 004:64, 004:68; any card will do, these are the first of the plan), its
tower where the rules' `table` has it, and a plate with its status and score (pieces, 004:75).
The other lot cards and the 8 architect markers stay in the box (Countdown uses neither).
"""

from __future__ import annotations

from core.words import count_words
from games.building.cards import Deck
from games.countdown.clock import countdown_seconds

from ..table import COLOURS, Table, reconstructed, seat as seat_at
from . import jutaku as J
from .common import lots, table_of

TIMER_AT = (0.0, 5.6)
TIMER_W = 8.0
SHELVES = (-10.5, 2.6, 21.0, 10.0)    # x0, z top, width, depth of the pieces' shelves


def check(rules, tab) -> None:
    n = tab["players"]
    J.need(all(len(tab[k]) == n for k in ("built", "status", "score", "out_round", "stood")),
           "the seats' lists are not one entry a seat")
    J.need(all(st in ("building", "waiting", "out") for st in tab["status"]), "a status is building, waiting or out")
    J.need(all(p["floor"] <= tab["round"] for b in tab["built"] for p in b), "a piece lies above the round's floor")
    J.check_pieces(rules.pieces, tab["supply"], tab["built"])


def tower_cards(players: int) -> list[str]:
    """The card each seat builds on: any card will do (004:64); ours are the plan's first."""
    deck = Deck.from_asset(lots())
    return [cid for row in deck.grid() for cid in row if cid is not None][:players]


def seat_words(tab, i) -> list[str]:
    pieces = len(tab["built"][i])
    floors = len({p["floor"] for p in tab["built"][i]})
    st = tab["status"][i]
    if st == "out":
        first = f"out in round {tab['out_round'][i]}: scores {count_words(tab['score'][i], 'piece')}"
    elif st == "waiting":
        first = f"floor {tab['round']} done, waits for the others"
    else:
        first = f"builds floor {tab['round']}"
    tower = f"tower: {count_words(pieces, 'piece')} on {count_words(floors, 'floor')}"
    return [first, f"{tower}; {tab['stood'][i]} stood last round"]


def timer_lines(tab) -> tuple[list[str], int | None]:
    lines = [f"Floor {f}: {countdown_seconds(f):g} seconds" for f in (1, 2, 3)] + [
        f"Floor 4 and up: {countdown_seconds(4):g} seconds each"]
    over = all(st == "out" for st in tab["status"])
    mark = None if over else min(tab["round"], 4) - 1
    return lines, mark


def lay_out(match, t: Table) -> None:
    rules = match.rules
    tab = table_of(match)
    n = tab["players"]
    check(rules, tab)
    by_id = {c["id"]: c for c in lots()["cards"]}
    # the timer stage (004:70-73)
    lines, mark = timer_lines(tab)
    over = mark is None
    now = ("every builder is out: the most pieces wins (004:75)" if over else
           f"round {tab['round']}: floor {tab['round']} in {countdown_seconds(tab['round']):g} s; building: "
           + (", ".join(COLOURS[i] for i in range(n) if tab["status"][i] == "building") or "nobody"))
    t.tile("timer", J.board_image("Countdown: a floor a round", lines + [now], size=(800, 440), highlight=mark,
                                  note="004:70-73; a builder who adds no piece is out (004:75)"),
           *TIMER_AT, TIMER_W, nickname="the timer stage", description=" · ".join(lines + [now]),
           tags=("timer", "board"), locked=True)
    # the pieces in the middle
    homes = J.shelf_homes(rules.pieces, [SHELVES])
    J.supply_pieces(t, rules.pieces, tab["supply"], homes, where="the pieces every builder takes from (004:66)")
    # the seats: the card, the tower, the plate
    ids = tower_cards(n)
    entries = []
    for i in range(n):
        place = seat_at(i, n)
        x, z, rot = place.at(*J.LOT_AT)
        card = by_id[ids[i]]
        entries.append(J.LotCard(ids[i], False, x, z, rot, f"{place.colour}'s tower card",
                                 f"{place.colour} builds a tower on this card, face down: the print is ignored, "
                                 "the card's own edge is the lot (004:64, 004:68); any card will do. "
                                 f"{J.lot_description(card)} {J.SIZE_NOTE}", ("lot card", "tower"),
                                 face_down=True))
        t.snap(x, z, rot, what="lot card")
    J.put_lot_cards(t, entries)
    for i in range(n):
        if tab["built"][i]:
            J.building_pieces(t, rules.pieces, J.placements(tab["built"][i]), seat_at(i, n), owner=COLOURS[i],
                              where="on the card's edge, 004:68")
        J.plate(t, i, n, f"{COLOURS[i]}", seat_words(tab, i), tags=("seat", "score"))
    # the box
    rest = [cid for cid in by_id if cid not in set(ids)]
    J.box_deck(t, rest, -TIMER_W / 2 - 2.6, TIMER_AT[1], nickname="lot cards in the box",
               why="Not used: Countdown needs one lot card a builder (004:64).")
    J.architects_in_box(t, 0, TIMER_W / 2 + 2.0, TIMER_AT[1],
                        why="Countdown uses no architect markers (004:62-75); all 8 stay in the box.")
    t.note("Set-up", f"Countdown, {n} players (004:62-75). Everyone takes any lot card and builds on its real "
                     "edge, the printed outline ignored (004:64, 004:68); here the cards lie face down. The 69 "
                     "pieces in the middle (the same as Tokyo Jutaku's). Round 1 builds floor 1 in 60 seconds, "
                     "round 2 floor 2 in 45, round 3 in 30, every later floor in 15 (004:70-73); whoever adds no "
                     "piece in a round is out and scores every piece of their tower (004:75). Our ruling: a tower "
                     "that falls at the end of its round puts its builder out with the pieces that stood the round "
                     "before. " + reconstructed("the card's size, 88 mm square", "physics/building.py"))
    rows = [now] + [f"{COLOURS[i]}: " + "; ".join(seat_words(tab, i)) for i in range(n)]
    rows.append(f"Pieces in the middle: {len(tab['supply'])} of {len(rules.pieces)}.")
    t.note("Position", "\n".join(rows))
