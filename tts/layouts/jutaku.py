"""Tokyo Jutaku (004:1-60) on the TTS table, as the match stands: what lies where as the rules'
`table` says it (games/building/lots.py), never the position itself.

The 32 lot cards of the plan lie in their 6x6 places (blue side up, snap points on every
place; the centre 4 places hold the round's board, 004:21); the 69 pieces are models at
their real size: those in the middle stand in two rows of shelves either side of the plan
(each piece at its own home place, so a piece taken leaves a gap), those on a lot stand on
it where the state places them. Every seat has, in front of its colour: the lot card it
builds on (the side up the state says), its architect (on the plan where it stands, here
before the start), the lots it completed fanned to its right, its yen as chips to count
with, and a plate naming the seat. What is not in play stays in the box: the architects of
empty seats in a bag, the 4 lot cards not in the plan as a face-down deck.

Countdown and Bottle Bonus reuse the pieces, the lot cards, the seats and the plates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from core.components import ARCHITECTS
from core.words import count_words
from games.building.cards import CENTRE, SIZE
from games.building.placing import placed
from physics.building import CARD_MM, Placement

from .. import draw
from ..picture import SEAT_COLOURS
from ..table import CHIPS, COLOURS, TABLE_Y, LayoutError, Table, reconstructed, seat as seat_at
from ..units import CARD, CHIP, MM_PER_UNIT, units
from .common import architect, lot_cards, lot_description, lot_sides, lots, piece, table_of

#: a lot card's side in TTS units: the cards are square (88 mm, CARD_MM), so TTS's card is
#: scaled across and along to that square
LOT = units(CARD_MM)
#: a lot card's scale: its faces are square (draw.LOT_PX), so TTS makes the card square
#: (units.CARD: a card takes its sheet's cell shape, its width kept), 88 mm a side
LOT_SCALE = (round(LOT / CARD[0], 4), round(LOT / CARD[0], 4))
GAP = 0.3
STEP = LOT + GAP
#: the plan's half width (from its centre to the outer edge of the outer cards)
HALF = 3 * STEP - GAP / 2
#: in front of each seat (local: dx to the player's right, dz towards the centre)
LOT_AT = (-1.2, 3.8)              # the lot card being built on
FAN_AT = (LOT_AT[0] + LOT + 0.4, LOT_AT[1])   # the first completed lot; the others fan right
FAN_STEP = 1.35
CHIPS_AT = (-7.2, 2.8)            # the yen, one stack a chip value, going right
PLATE_AT = (-5.5, 4.9)            # the seat's name plate
PLATE_W = 3.6
#: shelves for the pieces in the middle: rows of pieces standing up, left to right
PIECE_GAP = 0.14
ROW_GAP = 0.3
CARD_TOP = 0.25                   # the height above the table a piece on a card starts at
SIZE_NOTE = reconstructed("the card's size, 88 mm square", "physics/building.py CARD_MM")
PLACE_NOTE = reconstructed("which district lies where in the plan", "assets/jutaku_lots.toml, layout")


def grid_place(r: int, c: int) -> tuple[float, float]:
    """The centre of the plan's place (row r, column c); row 0 is the far side from White."""
    return (c - (SIZE - 1) / 2) * STEP, ((SIZE - 1) / 2 - r) * STEP


# ---- lot cards ----------------------------------------------------------------------------

@dataclass
class LotCard:
    """One lot card to put on the table: where, which side up, and what it says."""
    card: str
    white: bool
    x: float
    z: float
    rot: float
    nickname: str
    description: str
    tags: tuple
    y: float = TABLE_Y + 0.2
    face_down: bool = False


def _square(t: Table, o: dict, rot: float | None = None, y: float | None = None, face_down=None) -> dict:
    tr = o["Transform"]
    tr["scaleX"], tr["scaleZ"] = LOT_SCALE
    if rot is not None:
        tr["rotY"] = round(rot % 360, 4)
    if y is not None:
        tr["posY"] = round(y, 4)
    if face_down is not None:
        tr["rotZ"] = 180.0 if face_down else 0.0
    for c in o.get("ContainedObjects", []):
        c["Transform"]["scaleX"], c["Transform"]["scaleZ"] = LOT_SCALE
    return o


def card_words(card: dict, white: bool) -> str:
    side = card.get("back", card) if white else card
    return (f"{'white' if white else 'blue'} side: {count_words(side['floors'], 'floor')}, {side['numeral']}, "
            f"¥{int(side['yen']):,}")


def LOT_BACK():
    """The hidden card's face of a lot-card sheet (never a card's own back: each has its other side)."""
    return draw.back("Tokyo Jutaku lot", size=(draw.LOT_PX, draw.LOT_PX))


def put_lot_cards(t: Table, entries: list[LotCard], deck_id: int = 1) -> list[dict]:
    """The lot cards on the table, each at its place, 88 mm square, the side asked up."""
    if not entries:
        return []
    by_id = {c["id"]: c for c in lots()["cards"]}
    faces = [(up, e.nickname, e.description, e.tags, down)
             for e in entries for up, down in [lot_sides(by_id[e.card], white=e.white, square=True)]]
    out = t.cards(deck_id, "lots", faces, LOT_BACK(), [(e.x, e.z) for e in entries])
    for o, e in zip(out, entries):
        _square(t, o, rot=e.rot, y=e.y, face_down=e.face_down)
    return out


def box_deck(t: Table, ids: list[str], x: float, z: float, *, nickname: str, why: str, deck_id: int = 2,
             rot: float = 180.0) -> dict | None:
    """Lot cards not in play, face down in one deck (blue side as their face)."""
    if not ids:
        return None
    faces = [(up, f"{c['district'].title()} ({c['id']})", f"{lot_description(c)} {why} {SIZE_NOTE}",
              ("lot card", "box"), down) for c in lot_cards(ids) for up, down in [lot_sides(c, square=True)]]
    d = t.deck(deck_id, "lots-box", faces, LOT_BACK(), x, z, face_down=True, rot=rot,
               description=why, tags=("lot card", "box"))
    d["Nickname"] = nickname if d["Name"] == "DeckCustom" else d["Nickname"]
    return _square(t, d)


# ---- pieces -------------------------------------------------------------------------------

def piece_width(rules_pieces, pid: str) -> float:
    xs = [x for part in rules_pieces[pid].parts for x, _ in part]
    return units(max(xs) - min(xs))


def shelf_homes(rules_pieces, regions: list[tuple[float, float, float, float]]) -> dict[str, tuple[float, float]]:
    """Every piece's home in the middle: the catalogue in order, standing in rows left to right,
    filling the regions (x0, z_top, width, depth) one after the other (the last one grows
    if the catalogue holds more than they do)."""
    depth = units(rules_pieces.depth)
    homes, ids = {}, rules_pieces.ids()
    k, region = 0, 0
    x0, ztop, width, deep = regions[0]
    x, z = 0.0, ztop - depth / 2
    while k < len(ids):
        pid = ids[k]
        w = piece_width(rules_pieces, pid)
        if x > 0 and x + w > width:
            x, z = 0.0, z - depth - ROW_GAP
            if z - depth / 2 < ztop - deep - 1e-9 and region + 1 < len(regions):
                region += 1
                x0, ztop, width, deep = regions[region]
                z = ztop - depth / 2
            continue
        homes[pid] = (x0 + x + w / 2, z)
        x += w + PIECE_GAP
        k += 1
    return homes


def supply_pieces(t: Table, rules_pieces, supply: list[str], homes, *, where: str) -> None:
    order = {pid: i for i, pid in enumerate(rules_pieces.ids())}
    for pid in supply:
        x, z = homes[pid]
        p = rules_pieces[pid]
        piece(t, pid, x, z, tint=order[pid], rot=0.0, y=TABLE_Y + 0.1, tags=("piece", p.kind, "supply"),
              description=f"In the middle: {where}. A TOKYO JUTAKU wooden piece. "
              + reconstructed("its shape, size and mass", "assets/jutaku_pieces.toml"))


def placements(rows: list[dict]) -> list[Placement]:
    """A building's placed pieces as the table writes them (games/building/placing.py `written`)."""
    return [placed(row) for row in rows]


def model_pose(p: Placement, rules_pieces) -> tuple[float, float, float, float]:
    """Where a placed piece puts its model: (x, y) of the model's origin in lot mm (the model
    stands on y = 0, centred across), its turn in the lot's plane (degrees, counter-clockwise
    as the builder sees it) and whether it is flipped."""
    parts = rules_pieces[p.piece].parts
    xs = [x for part in parts for x, _ in part]
    ys = [y for part in parts for _, y in part]
    ox, oy = (min(xs) + max(xs)) / 2, min(ys)
    c, s = math.cos(math.radians(p.rotation)), math.sin(math.radians(p.rotation))

    def turn(x, y):
        if p.flip:
            x = -x
        return x * c - y * s, x * s + y * c

    moved = [turn(x, y) for part in parts for x, y in part]
    dx = p.x - min(x for x, _ in moved)
    dy = p.y - min(y for _, y in moved)
    qx, qy = turn(ox, oy)
    return qx + dx, qy + dy, p.rotation, p.flip


def building_pieces(t: Table, rules_pieces, built: list[Placement], place, *, owner: str, where: str) -> None:
    """The pieces of a building (`built`, in the order placed) standing on its lot card, seen
    from its builder: lot x runs
    to the builder's right from the card's left edge, y up; a turn is a turn about the axis
    pointing away from the builder, a flip a half turn about the vertical."""
    order = {pid: i for i, pid in enumerate(rules_pieces.ids())}
    card_dx, card_dz = LOT_AT
    left = card_dx - LOT / 2
    for p in built:
        mx, my, turn, flip = model_pose(p, rules_pieces)
        x, z, rot = place.at(left + mx / MM_PER_UNIT, card_dz)
        kind = rules_pieces[p.piece].kind
        o = piece(t, p.piece, x, z, tint=order[p.piece], y=TABLE_Y + CARD_TOP + my / MM_PER_UNIT,
                  rot=rot + (0.0 if flip else 180.0), tags=("piece", kind, "built"),
                  description=(f"{owner}'s building, floor {p.floor}: x {p.x:g} mm, y {p.y:g} mm, turned "
                               f"{p.rotation:g}°{', flipped' if p.flip else ''} ({where}). A TOKYO JUTAKU "
                               "wooden piece. " + reconstructed("its shape, size and mass",
                                                                "assets/jutaku_pieces.toml")))
        o["Transform"]["rotZ"] = round((-turn if flip else turn) % 360, 4)


# ---- yen, plates, architects -------------------------------------------------------------------

def chips(t: Table, amount: int, place, *, owner: str, why: str, at=CHIPS_AT) -> None:
    """`amount` as chips in front of a seat: one stack a chip value, going to the right."""
    spots = [place.at(at[0] + k * (CHIP + 0.15), at[1]) for k in range(len(CHIPS))]
    t.yen_stacks(amount, [(x, z) for x, z, _ in spots], owner=owner, rot=spots[0][2], why=why)


def plate_image(colour: str, title: str, lines: list[str], *, size=(480, 200)) -> "pygame.Surface":
    w, h = size
    s = pygame.Surface(size)
    s.fill(draw.PAPER)
    band = SEAT_COLOURS.get(colour, (120, 120, 120))
    pygame.draw.rect(s, band, (0, 0, w, 52))
    ink = draw.INK if sum(band) > 500 else (255, 255, 255)
    draw.text_block(s, [title], (10, 10, w - 20, 40), size=38, colour=ink, centre=True)
    draw.text_block(s, lines, (12, 60, w - 24, h - 66), size=30)
    pygame.draw.rect(s, draw.LINE, (0, 0, w, h), 4)
    return s


def plate(t: Table, seat: int, players: int, title: str, lines: list[str], *, tags=("seat",)) -> dict:
    place = seat_at(seat, players)
    x, z, rot = place.at(*PLATE_AT)
    return t.tile(f"seat-{seat}", plate_image(place.colour, title, lines), x, z, PLATE_W, rot=rot,
                  nickname=f"{place.colour}: {title}", description="; ".join(lines), tags=tags, locked=True)


def board_image(title: str, lines: list[str], *, size=(700, 700), highlight: int | None = None,
                note: str = "") -> "pygame.Surface":
    """A plain board: a title and lines (one of them highlighted)."""
    w, h = size
    s = pygame.Surface(size)
    s.fill(draw.PAPER)
    draw.text_block(s, [title], (16, 12, w - 32, 52), size=46, centre=True)
    f = draw.font(34)
    y = 72
    for i, line in enumerate(lines):
        rows = max(1, -(-f.size(line)[0] // (w - 48)))
        hgt = rows * f.get_linesize() + 8
        if i == highlight:
            pygame.draw.rect(s, (250, 220, 120), (14, y - 4, w - 28, hgt))
            pygame.draw.rect(s, draw.LINE, (14, y - 4, w - 28, hgt), 2)
        draw.text_block(s, [line], (24, y, w - 48, hgt), size=34)
        y += hgt + 6
    if note:
        draw.text_block(s, [note], (16, h - 58, w - 32, 54), size=24, colour=draw.LINE, centre=True)
    pygame.draw.rect(s, draw.LINE, (0, 0, w, h), 5)
    return s


def architects_in_box(t: Table, used: int, x: float, z: float, *, why: str) -> None:
    """The architect markers no seat plays with, in a bag (004:12-19: the box has 8)."""
    if used >= len(ARCHITECTS):
        return
    contents = [architect(t, i, 0, 0, put=False) for i in range(used, len(ARCHITECTS))]
    t.bag("architects in the box", contents, x, z, tags=("bag", "architect supply"), colour=(120, 100, 80),
          description=why)


def seat_lot_place(seat: int, players: int):
    """(x, z, rot) of the lot card a seat builds on."""
    return seat_at(seat, players).at(*LOT_AT)


# ---- checks ---------------------------------------------------------------------------------------

def need(ok: bool, what: str) -> None:
    if not ok:
        raise LayoutError(f"this position cannot be laid out: {what}")


def check_pieces(rules_pieces, supply, built) -> None:
    ids = set(rules_pieces.ids())
    seen = list(supply) + [p["piece"] for b in built for p in b]
    need(all(p in ids for p in seen), "a piece is not in the catalogue")
    need(len(seen) == len(set(seen)), "a piece lies in two places at once")
    need(set(seen) == ids, f"pieces nowhere, {len(ids) - len(set(seen))} of them (in the middle or on a lot)")


def check_jutaku(rules, tab) -> list[str]:
    """The lot cards in play on the table (`rules.table`), checked (each once, known, where a seat stands); the ids of
    the box's cards (those not in play)."""
    n = tab["players"]
    need(len(tab["grid"]) == SIZE and all(len(row) == SIZE for row in tab["grid"]), "the plan is not 6x6")
    seen = [cid for row in tab["grid"] for cid in row if cid is not None]
    need(all(tab["grid"][r][c] is None for r, c in CENTRE), "a lot card lies in the centre of the plan")
    seen += [h for h in tab["hand"] if h is not None] + [cid for w in tab["won"] for cid, _ in w]
    need(all(cid in rules.deck.cards for cid in seen), "an unknown lot card")
    need(len(seen) == len(set(seen)), "a lot card lies in two places at once")
    for i in range(n):
        need(tab["side"][i] in ("front", "back"), f"seat {i + 1}'s card has no side up")
        need(all(sd in ("front", "back") for _, sd in tab["won"][i]), f"seat {i + 1} completed a lot on no side")
        need(tab["hand"][i] is None or tab["at"][i] is not None, f"seat {i + 1} holds a card but stands nowhere")
        need(not tab["built"][i] or tab["hand"][i] is not None, f"seat {i + 1} builds without a lot card")
        if tab["at"][i] is not None:
            r, c = tab["at"][i]
            need(0 <= r < SIZE and 0 <= c < SIZE, f"seat {i + 1} stands off the plan")
    spots = [tuple(a) for a in tab["at"] if a is not None]
    need(len(spots) == len(set(spots)), "two architects stand on one place")
    check_pieces(rules.pieces, tab["supply"], tab["built"])
    return [cid for cid in rules.deck.cards if cid not in set(seen)]


# ---- the layout -----------------------------------------------------------------------------------

def lay_out_plan(match, t: Table, *, game_words: str = "Tokyo Jutaku") -> dict:
    """Everything of a Tokyo Jutaku position but the drinks; returns the places the caller
    may use (the centre of the plan is free for the round's board and whatever the game adds)."""
    rules = match.rules
    tab = table_of(match)
    n = tab["players"]
    box_ids = check_jutaku(rules, tab)
    by_id = {c["id"]: c for c in lots()["cards"]}
    entries: list[LotCard] = []
    # the plan (004:21): blue side up, snap points on all 32 places
    for r in range(SIZE):
        for c in range(SIZE):
            if (r, c) in CENTRE:
                continue
            x, z = grid_place(r, c)
            t.snap(x, z, 180.0, what="lot card")
            cid = tab["grid"][r][c]
            if cid is None:
                continue
            card = by_id[cid]
            entries.append(LotCard(cid, False, x, z, 180.0, f"{card['district'].title()} ({cid})",
                                   f"{lot_description(card)} On the plan, row {r + 1}, column {c + 1} "
                                   f"({card_words(card, False)}). {PLACE_NOTE} {SIZE_NOTE}",
                                   ("lot card", "plan")))
    # the seats: the lot card built on, the lots completed (004:29, 004:56)
    for i in range(n):
        place = seat_at(i, n)
        who = place.colour
        cid = tab["hand"][i]
        if cid is not None:
            white = tab["side"][i] == "back"
            card = by_id[cid]
            x, z, rot = place.at(*LOT_AT)
            entries.append(LotCard(cid, white, x, z, rot, f"{who}'s lot: {card['district'].title()} ({cid})",
                                   f"{who} builds on this lot card, its {'white' if white else 'blue'} side up "
                                   f"({card_words(card, white)}; outline {tab['outline'][i] + 1}). "
                                   f"{lot_description(card)} {SIZE_NOTE}", ("lot card", "building")))
        for k, (won, side) in enumerate(tab["won"][i]):
            white = side == "back"
            card = by_id[won]
            x, z, rot = place.at(FAN_AT[0] + k * FAN_STEP, FAN_AT[1])
            entries.append(LotCard(won, white, x, z, rot, f"{who} completed {card['district'].title()} ({won})",
                                   f"{who} completed this lot, {'white' if white else 'blue'} side "
                                   f"({card_words(card, white)}): its yen count at the end (004:56, 004:60). "
                                   f"{lot_description(card)} {SIZE_NOTE}", ("lot card", "completed"),
                                   y=TABLE_Y + 0.2 + 0.03 * k))
    put_lot_cards(t, entries)
    for i in range(n):
        place = seat_at(i, n)
        t.snap(*place.at(*LOT_AT), what="lot card")
    # the architects: on the plan where they stand, in front of their seat before the start
    for i in range(n):
        place = seat_at(i, n)
        at = tab["at"][i]
        if at is None:
            x, z, rot = place.at(*LOT_AT)
            where = f"{place.colour}'s architect, not yet on the plan: start on a lot card at its outer edge (004:27)"
        else:
            x, z = grid_place(*at)
            rot = 180.0
            where = (f"{place.colour}'s architect, on the plan at row {at[0] + 1}, column {at[1] + 1}: "
                     "the marker stays where the card was taken (004:29)")
        architect(t, i, x, z, rot=rot, description=f"{where}. The marker of {ARCHITECTS[i]} (004:12-19). "
                  + reconstructed("its colour", "tts/layouts/common.py"))
    # the buildings on the lots, the pieces in the middle
    for i in range(n):
        if tab["built"][i]:
            building_pieces(t, rules.pieces, placements(tab["built"][i]), seat_at(i, n), owner=COLOURS[i],
                            where=f"on its lot card, outline {tab['outline'][i] + 1}")
    x0 = HALF + 1.0
    width = 8.8
    homes = shelf_homes(rules.pieces, [(-x0 - width, 5.2, width, 10.6), (x0, 5.2, width, 10.6)])
    supply_pieces(t, rules.pieces, tab["supply"], homes,
                  where="the rules put the pieces where the centre 4 cards would lie (004:21); "
                        "here they stand either side of the plan, so each can be seen and taken")
    # yen and plates
    for i in range(n):
        place = seat_at(i, n)
        chips(t, tab["yen"][i], place, owner=place.colour,
              why="the yen of the lots completed (004:60), as chips to count with (the box has no money)")
        plate(t, i, n, f"{place.colour} · {ARCHITECTS[i]}", seat_lines(rules, tab, i))
    # the box: the lot cards not in the plan, the architects of empty seats
    why = ("Roppongi cards, for experienced players (004:7)" if all(by_id[c].get("roppongi") for c in box_ids)
           else f"the cards of {by_id[box_ids[0]]['district'].title()}, replaced by Roppongi (004:7)"
           if box_ids else "")
    box_deck(t, box_ids, -HALF - 5.4, -8.2, nickname="lot cards in the box",
             why=f"Not in play: {why}.")
    architects_in_box(t, n, -HALF - 1.8, -8.2,
                      why=f"The architect markers of the seats nobody takes ({len(ARCHITECTS) - n} of 8).")
    t.note("Set-up", setup_text(match, game_words))
    t.note("Position", position_text(match, tab))
    return {"centre": (0.0, 0.0)}


def seat_lines(rules, tab, i) -> list[str]:
    """A seat's plate: its yen and lots, its card, its building or the phase, its drinks."""
    phase, status = tab["phase"], tab["status"][i]
    cid = tab["hand"][i]
    out = [f"¥{tab['yen'][i]:,} · {len(tab['won'][i])} lot(s) completed"]
    if cid is None:
        out.append("no lot card" if tab["at"][i] is not None else "architect not yet on the plan")
    else:
        lot = tab["lots"][i]
        out.append(f"{cid}, {'white' if tab['side'][i] == 'back' else 'blue'} side, outline {tab['outline'][i] + 1}: "
                   f"{lot['floors']} fl, {lot['numeral']}")
    if phase == "build":
        tries = len(tab["tries"][i])
        out.append(f"{status}: {count_words(len(tab['built'][i]), 'piece')}" + (f", {tries} Stop!" if tries else ""))
    elif phase != "start":
        out.append(phase)
    if rules.bottle:
        codes = " ".join(rules.drinks.code(d) for d in tab["held"][i]) or "none"
        spent = ", ".join(tab["spent"][i])
        out.append(f"drinks: {codes}" + (f"; spent {spent}" if spent else "")
                   + (f"; not {tab['barred'][i]}" if tab["barred"][i] else ""))
    return out


def setup_text(match, game_words: str) -> str:
    n = match.players
    seats = ", ".join(f"{COLOURS[i]}: {ARCHITECTS[i]}" for i in range(n))
    replace = match.options.get("roppongi", "off")
    plan = ("the 4 Roppongi cards stay in the box (004:7)" if replace == "off"
            else f"the 4 Roppongi cards take the places of {replace} (004:7); its cards stay in the box")
    return (f"{game_words}, {n} players (004:21-29).\n"
            f"The 32 lot cards lie in a 6x6 plan grouped by district, blue side up, the centre 4 places "
            f"empty; {plan}. The 69 wooden pieces belong in the middle (004:21); here they stand either side "
            f"of the plan, each at its own place, so every piece can be seen.\n"
            f"Architects: {seats}. Each in turn puts their marker on a free lot card at the plan's outer "
            f"edge and takes that card in front of them; the marker stays (004:27-29). Then everyone builds "
            f"at once (004:39).\n"
            f"Yen: the lots completed are worth their printed yen (004:60); the chips in front of each seat "
            f"count them (the box has no money).\n"
            "Lot cards are 88 mm square here; " + reconstructed("the card's size", "physics/building.py"))


def position_text(match, tab: dict) -> str:
    rules = match.rules
    rows = [f"Round {tab['round']}, phase: {tab['phase']}."]
    if tab["phase"] == "over":
        rows.append(f"The game is over: {tab['reason']}.")
    else:
        rows.append("To act: " + (", ".join(COLOURS[i] for i in match.to_act()) or "nobody") + ".")
    for i in range(tab["players"]):
        rows.append(f"{COLOURS[i]} ({ARCHITECTS[i]}): " + "; ".join(seat_lines(rules, tab, i)))
    rows.append(f"Pieces in the middle: {len(tab['supply'])} of {len(rules.pieces)}.")
    return "\n".join(rows)


def round_board(t: Table, match, x: float, z: float, width: float, *, extra: list[str] = (),
                size=(700, 440)) -> dict:
    tab = table_of(match)
    lines = [f"Round {tab['round']}: {tab['phase']}"]
    if tab["phase"] == "over":
        lines.append(tab["reason"])
    else:
        lines.append("to act: " + (", ".join(COLOURS[i] for i in match.to_act()) or "nobody"))
    lines += list(extra)
    lines.append(f"{len(tab['supply'])} of {len(match.rules.pieces)} pieces in the middle")
    return t.tile("round", board_image("The middle of the plan", lines, size=size,
                                       note="004:21: the pieces' place; they stand either side here"),
                  x, z, width, nickname="the round", description=" · ".join(lines), tags=("board", "round"),
                  locked=True)


def lay_out(match, t: Table) -> None:
    lay_out_plan(match, t)
    round_board(t, match, 0.0, 0.0, 2 * LOT + GAP - 0.4, size=(700, 700))
