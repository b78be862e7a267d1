"""Izakaya (004:95-133) on the TTS table, as the match stands: what lies where as the rules'
`table` says it (games/izakaya/rules.py), never the position itself.

The lot cards in their k×k grid, harder white side up (the centre card blue for 2-3
players), at the size of a Jutaku card (88 mm across) so the buildings on them stand at
the physics' size and place; a bottle on every corner the state fills, claim discs on the
edges, pyramids on the claimed cards. Left of the grid: the blue lot card of the claim
action, the turn-order track and the bid pile. Right of it: every piece of the supply and
the architect marker of the build action. Below it: the six colour cards with their yen,
a crate of each colour's bottles below each, and the face-down shape card of the price
action. Every seat's yen, pyramids, claim discs and action discs lie in front of it; the
discs already played this round lie on their action spaces (read from the move log; where
the log does not tell, in front of their seat).

A sealed bid in progress is never shown: the table is laid out as of the bid round's
start, as a kiosk save is written (the bids do not leave the seats' yen until all are in).
"""

from __future__ import annotations

import pygame

from core import assets
from games.izakaya.rules import THRESHOLD, edges as all_edges
from physics import geometry
from physics.building import CARD_MM, Building, Lot, Placement
from physics.pieces import catalogue
from physics.practice.palette import DRINK_FILL

from .. import draw
from ..table import COLOURS, TABLE_Y, LayoutError, Table, reconstructed, seat as seat_at
from ..units import CARD, units
from .common import (architect, drink, drink_set, lot_cards, lot_description, lot_face, lots, piece,
                     table_of)

#: a lot card is 88 mm across (physics.building.CARD_MM): the scale of a TTS card that wide
LOT_SCALE = units(CARD_MM) / CARD[0]
CW, CH = CARD[0] * LOT_SCALE, CARD[1] * LOT_SCALE
GAP = 0.12
PX, PZ = CW + GAP, CH + GAP
GZ = 1.5                          # the grid's centre (z)
#: where on a lot card the buildings stand: this far below its centre (towards White), the
#: line its face draws the outlines on
BUILD_DZ = 1.55
FACE = (250 * draw.CARD_RES, 350 * draw.CARD_RES)   # draw.card's size in pixels
BUILD_PX = FACE[1] / 2 + BUILD_DZ / CH * FACE[1]
SEAT_RGB = {"White": (245, 245, 245), "Red": (210, 40, 40), "Yellow": (235, 205, 40), "Green": (40, 160, 60),
            "Blue": (40, 90, 215), "Purple": (140, 50, 170)}
DISC = 0.75
OURS = "tts/layouts/izakaya.py"


# ---- drawing ---------------------------------------------------------------------------------

def _ink(rgb):
    return (20, 20, 20) if sum(rgb) > 450 else (255, 255, 255)


def disc_face(label: str, rgb):
    return draw.disc(label, rgb, ink=_ink(rgb))


def pyramid_face(rgb):
    s = pygame.Surface((128, 120), pygame.SRCALPHA)
    pts = [(64, 4), (124, 116), (4, 116)]
    pygame.draw.polygon(s, rgb + (255,), pts)
    pygame.draw.polygon(s, (30, 30, 30, 255), pts, 4)
    pygame.draw.line(s, (30, 30, 30, 255), (64, 4), (64, 116), 2)
    return s


def white_face(card: dict, blue: bool = False):
    """A lot card's face as Izakaya uses it: the white side with its outlines drawn where the
    buildings stand (x across the card in mm, 004:37); the blue centre card blue side up."""
    s = lot_face(card, white=not blue).copy()
    if blue:
        r = draw.CARD_RES
        draw.text_block(s, ["unusable (004:99)"], (8 * r, 300 * r, FACE[0] - 16 * r, 30 * r), size=24 * r,
                        colour=(150, 30, 30),
                        centre=True)
        return s
    side = card.get("back", card)
    rows = side.get("outlines", [])
    r = draw.CARD_RES
    y, h = int(BUILD_PX) - 22 * r, 44 * r
    for n, (a, b) in enumerate(rows):
        x0, x1 = int(a / CARD_MM * FACE[0]), int(b / CARD_MM * FACE[0])
        band = (y + n * h // len(rows), h // len(rows))
        pygame.draw.rect(s, (60, 60, 60), (x0, band[0], max(2, x1 - x0), band[1] - 2), 3 * r)
        if len(rows) > 1:
            draw.text_block(s, [str(n + 1)], (x0 + 4 * r, band[0], 20 * r, band[1]), size=20 * r,
                            colour=(60, 60, 60))
    return s


# ---- yen -------------------------------------------------------------------------------------

# ---- the grid's geometry -----------------------------------------------------------------------

def card_at(k: int, r: int, c: int) -> tuple[float, float]:
    return -k * PX / 2 + PX * (c + 0.5), GZ + k * PZ / 2 - PZ * (r + 0.5)


def corner_at(k: int, i: int, j: int) -> tuple[float, float]:
    return -k * PX / 2 + PX * j, GZ + k * PZ / 2 - PZ * i


def edge_at(k: int, edge: str) -> tuple[float, float]:
    kind, r, c = edge.split(":")
    r, c = int(r), int(c)
    if kind == "v":
        return -k * PX / 2 + PX * (c + 1), card_at(k, r, c)[1]
    return card_at(k, r, c)[0], GZ + k * PZ / 2 - PZ * (r + 1)


def piece_pose(b: Building, i: int) -> tuple[float, float, float, bool]:
    """Where piece i's model pivot lies in the lot's mm (x from the card's left edge, y up)
    and its turn (degrees, counter-clockwise as White sees it) and flip: the model's pivot
    is its unturned profile's bottom centre (tts.models), moved as physics.building moves
    the parts."""
    p = b.placements[i]
    raw = b.pieces[p.piece].parts
    xs = [x for part in raw for x, _ in part]
    ys = [y for part in raw for _, y in part]
    pivot = ((min(xs) + max(xs)) / 2, min(ys))
    parts = [geometry.transform(part, flip=p.flip, degrees=p.rotation) for part in raw]
    x0 = min(x for q in parts for x, _ in q)
    y0 = min(y for q in parts for _, y in q)
    (px, py), = geometry.transform([pivot], flip=p.flip, degrees=p.rotation)
    return px + p.x - x0, py + p.y - y0, p.rotation, p.flip


# ---- the action discs of this round ----------------------------------------------------------------

def played_this_round(match, tab: dict) -> list[tuple[int, str]] | None:
    """(seat, action space) of every disc laid this round, in order, from the move log; []
    in the bidding; None where the log does not match the table (a position loaded mid-round)."""
    if tab["phase"] == "bid":
        return []
    placed = tab["turn"] + (1 if tab["phase"] == "bonus" else 0)
    moves = []
    for m in reversed(match.log.moves):
        seat, key = m[0], m[1]
        if key.startswith("bid:"):
            break
        if key not in ("bonus", "bonus:none"):
            moves.append((seat, key))
    moves.reverse()
    if len(moves) != placed or [m[0] for m in moves] != tab["turns"][:placed]:
        return None
    out = []
    for seat, key in moves:
        kind = key.split(":")[0]
        if kind == "bottle":
            out.append((seat, "colour:" + key.split(":")[1]))
        elif kind in ("price", "claim", "build", "pass"):
            out.append((seat, kind))
        else:
            return None
    colours = [sp[7:] for _, sp in out if sp.startswith("colour:")]
    if sorted(colours) != sorted(tab["used"]["colours"]) or ("price" in [sp for _, sp in out]) != tab["used"]["price"]:
        return None
    return out


def _marked(text: str, source: str, what: str, where: str) -> str:
    return text + (" " + reconstructed(what, where) if "reconstructed" in source else "")


# ---- the layout ----------------------------------------------------------------------------------

def lay_out(match, t: Table) -> None:
    rules = match.game.rules
    tab = table_of(match)
    n, k = tab["players"], tab["k"]
    if tab["k"] != len(tab["grid"]):
        raise LayoutError(f"an Izakaya grid of {len(tab['grid'])} rows for k = {k} cannot be laid out")
    ds = drink_set()
    drinks_asset = assets.load("drinks.toml")
    colour_rows = sorted(drinks_asset["colours"], key=lambda c: c["position"])
    colours = list(rules.colours)
    seats = [seat_at(i, n) for i in range(n)]
    rgb = [SEAT_RGB[p.colour] for p in seats]
    blue = {(r, c) for r, c in tab["blue"]}
    grid_w, grid_h = k * PX, k * PZ
    left, right = -grid_w / 2, grid_w / 2
    bottom, top = GZ - grid_h / 2, GZ + grid_h / 2

    # -- the grid of lot cards (004:97-101)
    ids = [cid for row in tab["grid"] for cid in row]
    cards = lot_cards(ids)
    faces, places = [], []
    for idx, card in enumerate(cards):
        r, c = divmod(idx, k)
        is_blue = (r, c) in blue
        side = "blue side up: it cannot be used (004:99)" if is_blue else "white side up (004:97)"
        faces.append((white_face(card, is_blue), f"lot {r + 1},{c + 1}" + (" (blue, unusable)" if is_blue else ""),
                      f"Row {r + 1}, column {c + 1} of the grid, {side}. " + lot_description(card),
                      ("lot card",), lot_face(card, white=is_blue)))
        places.append(card_at(k, r, c))
    t.cards(1, "lots", faces, draw.back("TOKYO JUTAKU"), places, scale=LOT_SCALE, locked=True)
    for x, z in places:
        t.snap(x, z, what="lot card")
    for i in range(k + 1):
        for j in range(k + 1):
            if len([1 for r in (i - 1, i) for c in (j - 1, j) if 0 <= r < k and 0 <= c < k]) > 1:
                t.snap(*corner_at(k, i, j), what="drink")
    for e in all_edges(k):
        t.snap(*edge_at(k, e), what="claim disc")

    # -- bottles on the corners (004:115): only the colour counts; the shapes are dealt here
    used_shapes = {c: 0 for c in colours}
    for key in sorted(tab["corners"], key=lambda kk: tuple(int(v) for v in kk.split(":"))):
        colour = tab["corners"][key]
        if colour not in colours:
            raise LayoutError(f"a bottle of the unknown colour {colour!r}")
        ci = colours.index(colour)
        shape = used_shapes[colour]
        used_shapes[colour] += 1
        if shape >= 6:
            raise LayoutError(f"more than six {colour} bottles")
        i, j = (int(v) for v in key.split(":"))
        x, z = corner_at(k, i, j)
        drink(t, ci * 6 + shape, x, z, nickname=f"{colour} bottle on corner {i},{j}",
              description=f"A {colour} bottle on corner {i},{j}: it adds its colour card's yen to every building on "
                          "the cards it touches (004:129). " + reconstructed(
                              "its size and shape (in Izakaya only its colour counts)", "assets/drinks.toml"),
              tags=("drink", colour, ds.shapes[shape].id, "bottle"))

    # -- claim discs on edges, pyramids on claimed cards (004:119)
    for e, owner in sorted(tab["edges"].items()):
        x, z = edge_at(k, e)
        t.token(f"claim-disc-{COLOURS[owner]}", disc_face("", rgb[owner]), x, z, DISC,
                nickname=f"{COLOURS[owner]}'s claim disc on edge {e}",
                description=f"{COLOURS[owner]}'s claim disc on the edge {e} (004:119). "
                            + reconstructed("its look (a METRO disc)", OURS),
                tags=("claim disc", COLOURS[owner]))
    for key, owner in sorted(tab["owner"].items()):
        r, c = (int(v) for v in key.split(":"))
        x, z = card_at(k, r, c)
        t.token(f"pyramid-{COLOURS[owner]}", pyramid_face(rgb[owner]), x + 1.0, z + 0.55, 0.8,
                nickname=f"{COLOURS[owner]}'s pyramid on lot {r + 1},{c + 1}",
                description=f"{COLOURS[owner]} has claimed lot {r + 1},{c + 1} (004:119). "
                            + reconstructed("its look (a METRO pyramid)", OURS),
                tags=("pyramid", COLOURS[owner]))

    # -- buildings: every piece where the building rules placed it (004:123)
    cat = catalogue()
    for key in sorted(tab["buildings"]):
        r, c, o = (int(v) for v in key.split(":"))
        if not (0 <= r < k and 0 <= c < k):
            raise LayoutError(f"a building on lot {r + 1},{c + 1} outside the {k}×{k} grid")
        outlines = tuple(tuple(ol) for ol in tab["outlines"][r][c])
        b = Building(Lot(outlines), o, [Placement(**p) for p in tab["buildings"][key]], pieces=cat)
        owner = tab["owner"].get(f"{r}:{c}")
        whose = f"{COLOURS[owner]}'s" if owner is not None else "an unclaimed"
        cx, cz = card_at(k, r, c)
        for i, p in enumerate(b.placements):
            mx, my, deg, flip = piece_pose(b, i)
            o_ = piece(t, p.piece, cx - CW / 2 + units(mx), cz - BUILD_DZ, put=False,
                       y=TABLE_Y + 0.05 + units(my), rot=180.0 if flip else 0.0, tint=i,
                       nickname=f"{p.piece} (lot {r + 1},{c + 1}, floor {p.floor})",
                       description=f"Piece {i + 1} of {whose} building on lot {r + 1},{c + 1}"
                                   f"{f', outline {o + 1}' if len(outlines) > 1 else ''}: floor {p.floor}, "
                                   f"{p.x:g} mm from the card's left edge, turned {p.rotation:g}°"
                                   f"{', flipped' if flip else ''}. " + reconstructed(
                                       "its shape, size and mass", "assets/jutaku_pieces.toml"),
                       tags=("piece", cat[p.piece].kind, "built"))
            o_["Transform"]["rotZ"] = round((-deg if flip else deg) % 360, 4)
            t.put(o_)

    # -- the piece supply (004:103) and the architect of the build action (004:123), right of the grid
    sx0, sx1 = right + 1.6, right + 1.6 + (11.5 if k >= 5 else 13.5)
    rows, x = [[]], sx0
    for pid in tab["supply"]:
        if pid not in cat:
            raise LayoutError(f"the supply holds {pid!r}, which is not a Jutaku piece")
        w = units(max(px for part in cat[pid].parts for px, _ in part)
                  - min(px for part in cat[pid].parts for px, _ in part))
        if x + w > sx1 and rows[-1]:
            rows.append([])
            x = sx0
        rows[-1].append((pid, x + w / 2))
        x += w + 0.3
    z0 = GZ + (len(rows) - 1) * 1.25 / 2
    for m, row in enumerate(rows):
        for pid, x in row:
            piece(t, pid, x, z0 - 1.25 * m, tint=0, nickname=f"{pid} ({cat[pid].kind}, in the supply)",
                  description="A TOKYO JUTAKU wooden piece in the supply (004:103). " + reconstructed("its shape, size and mass", "assets/jutaku_pieces.toml"),
                  tags=("piece", cat[pid].kind, "supply"))
    ax, az = sx0 + 0.6, z0 + 1.6
    architect(t, 0, ax, az, nickname="the build action (architect marker)",
              description="The build action space (004:123): lay a disc beside the architect marker, then take one "
                          "piece (chosen first, not tried) and build it. " + reconstructed("its colour", OURS),
              tags=("architect", "action space"))
    t.snap(ax, az, what="action disc")

    # -- the colour cards with their yen, a crate of bottles below each (004:103-105), the
    #    face-down shape card of the price action to their right (004:105, 117)
    row_z = bottom - 0.4 - CARD[1] / 2
    spots = [(-7.8 + 2.6 * ci, row_z) for ci in range(6)]
    faces = []
    for ci, (colour, row) in enumerate(zip(colours, colour_rows)):
        kind = ds.colours[ci]
        faces.append((draw.card(kind.name.capitalize(), [f"colour card {ci + 1}", f"letter {kind.letter}",
                                                         f"start ¥{(100, 100, 200, 200, 300, 300)[ci]}"],
                                band=_band(ci)),
                      f"{kind.name} (colour card)",
                      _marked(f"The {kind.name} colour card: the yen on it is a {kind.name} bottle's worth "
                              "(004:105, 129); lay a disc here to stand a bottle (004:115).",
                              row.get("source", ""), "its position and letter", "assets/drinks.toml"),
                      ("colour card", colour, "action space")))
    t.cards(3, "colour-cards", faces, draw.back("JIDOHANBAIKI"), spots, locked=True)
    for ci, ((x, z), colour) in enumerate(zip(spots, colours)):
        t.snap(x, z, what=("colour card", "action disc"))
        t.yen_stacks(tab["prices"][ci], [(x, z - 0.75), (x, z + 0.35)], owner=f"the {colour} card")
        cz = row_z - CARD[1] / 2 - 1.5
        t.tile(f"crate-{colour}", draw.square(f"{colour} crate", ds_rgb(ci), ink=_ink(ds_rgb(ci))), x, cz, 2.4, thickness=0.3,
               nickname=f"the {colour} crate", description=f"The crate of {colour} bottles below the {colour} card "
               f"(004:103): {tab['crates'][ci]} left. " + reconstructed("its look", OURS),
               tags=("crate", colour))
        if not 0 <= tab["crates"][ci] <= 6 - used_shapes[colour]:
            raise LayoutError(f"{tab['crates'][ci]} {colour} bottles in the crate and {used_shapes[colour]} on corners")
        for m in range(tab["crates"][ci]):
            shape = used_shapes[colour] + m
            drink(t, ci * 6 + shape, x - 0.75 + 0.75 * (m % 3), cz + 0.35 - 0.7 * (m // 3),
                  nickname=f"{colour} bottle (in its crate)",
                  description=f"A {colour} bottle in its crate (004:103). " + reconstructed(
                      "its size and shape (in Izakaya only its colour counts)", "assets/drinks.toml"),
                  tags=("drink", colour, ds.shapes[shape].id, "bottle"))
    px_, pz_ = -7.8 + 2.6 * 6 + 0.4, row_z
    shape0 = ds.shapes[0]
    t.cards(4, "price-action", [(draw.card(shape0.name.capitalize(), ["shape card", "the price action"]),
                                 "the price action (face-down shape card)",
                                 "The price adjustment action space (004:105, 117): lay a disc here and move one "
                                 "¥100 from one colour card to another, once a round.",
                                 ("shape card", "action space"))],
            draw.back("JIDOHANBAIKI"), [(px_, pz_)], face_down=True, locked=True)

    # -- left of the grid: the claim action's blue lot card (004:103), the turn-order track
    #    (004:105, 111) and the bid pile (004:111)
    spare = next(c for c in _all_lots() if c["id"] not in ids and not c.get("roppongi"))
    lx, lz = left - 1.4 - CW / 2, top - CH / 2
    t.cards(2, "claim-action", [(lot_face(spare), "the claim action (blue lot card)",
                                 "The claim action space (004:119): lay a disc here, then a claim disc on a free edge "
                                 "and a pyramid on a free card beside it. " + lot_description(spare),
                                 ("lot card", "action space"), lot_face(spare, white=True))],
            draw.back("TOKYO JUTAKU"), [(lx, lz)], scale=LOT_SCALE, locked=True)
    size = (300, 94 + 100 * n)
    board = draw.board("Turn order", [(f"{p + 1}.", (0.05, p / n, 0.9, 1 / n)) for p in range(n)], size=size,
                       note="004:105, 111")
    bw = 2.8
    bh = bw * size[1] / size[0]
    bz = lz - CH / 2 - 0.5 - bh / 2
    area = size[1] - 64 - 30
    slots = [(lx + 0.3, bz + bh / 2 - (64 + (p + 0.5) / n * area) / size[1] * bh) for p in range(n)]
    t.tile("turn-order", board, lx, bz, bw, locked=True,
           nickname="the turn-order track", description="The turn order (004:105): the highest bid first (004:111).",
           tags=("board", "turn order"))
    for place, who in enumerate(tab["order"]):
        x, z = slots[place]
        t.token(f"order-disc-{COLOURS[who]}", disc_face(str(place + 1), rgb[who]), x, z, DISC,
                nickname=f"{COLOURS[who]}: turn order {place + 1}",
                description=f"{COLOURS[who]} plays {_nth(place + 1)} this round (004:111). "
                            + reconstructed("its look (a METRO disc)", OURS),
                tags=("order disc", COLOURS[who]))
    for x, z in slots:
        t.snap(x, z, what="order disc")
    pile_z = bz - bh / 2 - 1.3
    t.yen_stacks(tab["pile"],
                 [(lx - 0.8, pile_z), (lx + 0.8, pile_z), (lx - 0.8, pile_z - 1.6), (lx + 0.8, pile_z - 1.6)],
                 owner="the bid pile")

    # -- the discs played this round, on their action spaces (004:113-125)
    played = played_this_round(match, tab)
    in_hand = [3] * n if tab["phase"] == "bid" else [0] * n
    if tab["phase"] != "bid":
        placed = tab["turn"] + (1 if tab["phase"] == "bonus" else 0)
        for p in range(n):
            in_hand[p] = tab["turns"][placed:].count(p)
    laid = {"claim": 0, "build": 0, "pass": 0, "price": 0}
    for ci, colour in enumerate(colours):
        laid[f"colour:{colour}"] = 0
    fallback = [0] * n
    for who, space in (played or []):
        if space.startswith("colour:"):
            x, z = spots[colours.index(space[7:])]
            x, z = x + 0.55, z + 1.0
        elif space == "price":
            x, z = px_, pz_
        elif space == "claim":
            m = laid["claim"]
            x, z = lx - 1.2 + 0.8 * (m % 4), lz + 1.3 - 0.8 * (m // 4)
        elif space == "build":
            m = laid["build"]
            x, z = ax + 1.0 + 0.8 * (m % 6), az - 0.8 * (m // 6)
        else:
            m = laid["pass"]
            x, z = lx - 1.2 + 0.8 * (m % 4), lz - CH / 2 - 0.6
        laid[space] = laid.get(space, 0) + 1
        what = {"price": "the price action", "claim": "the claim action", "build": "the build action",
                "pass": "laid aside: no action space could be used (kiosk house rule)"}.get(
            space, f"the {space[7:]} colour card")
        _action_disc(t, who, rgb[who], x, z, f"played this round on {what}")
    if played is None:
        placed = tab["turn"] + (1 if tab["phase"] == "bonus" else 0)
        for who in tab["turns"][:placed]:
            x, z, rot = seats[who].at(-3.4 + 0.85 * fallback[who], 0.3)
            fallback[who] += 1
            _action_disc(t, who, rgb[who], x, z, "played this round (on which action space, the position "
                                                 "does not say: see the notebook)", rot=rot)

    # -- the seats: yen (004:105), pyramids and discs in hand; the sealed bid (004:111) is
    #    made in a hidden zone only its seat sees into, and shown by taking it out
    for p in range(n):
        place = seats[p]
        rot = place.at(0, 0)[2]
        t.secret(p, "sealed bid", f"{place.colour}'s bid for the turn order (004:111): put the yen you bid "
                                  f"here; only {place.colour} sees it. When everyone has bid, all take "
                                  "their bids out at once.")
        t.yen_stacks(tab["yen"][p], [place.at(-5.0, 1.2)[:2], place.at(-5.0, 2.7)[:2], place.at(-6.5, 1.9)[:2]],
               owner=place.colour, rot=rot)
        for m in range(in_hand[p]):
            x, z, _ = place.at(-3.4 + 0.85 * m, 1.2)
            _action_disc(t, p, rgb[p], x, z, "an action disc in hand (004:107)", rot=rot)
        for m in range(tab["claim_discs"][p]):
            x, z, _ = place.at(-0.8 + 0.85 * m, 1.2)
            t.token(f"claim-disc-{place.colour}", disc_face("", rgb[p]), x, z, DISC, rot=rot,
                    nickname=f"{place.colour}'s claim disc",
                    description=f"One of {place.colour}'s claim discs in hand (004:105, 119). "
                                + reconstructed("its look (a METRO disc)", OURS),
                    tags=("claim disc", place.colour))
        for m in range(tab["pyramids"][p]):
            x, z, _ = place.at(-2.4 + 0.95 * m, 2.3)
            t.token(f"pyramid-{place.colour}", pyramid_face(rgb[p]), x, z, 0.8, rot=rot,
                    nickname=f"{place.colour}'s pyramid",
                    description=f"One of {place.colour}'s pyramids in hand (004:105). "
                                + reconstructed("its look (a METRO pyramid)", OURS),
                    tags=("pyramid", place.colour))

    t.yen_supply(px_ + 2.8, pz_)
    t.note("Set-up", _setup_text(tab, colours, played))


def _action_disc(t: Table, who: int, rgb, x: float, z: float, where: str, rot: float = 180.0) -> None:
    t.token(f"action-disc-{COLOURS[who]}", disc_face("A", rgb), x, z, DISC, rot=rot,
            nickname=f"{COLOURS[who]}'s action disc", tags=("action disc", COLOURS[who]),
            description=f"One of {COLOURS[who]}'s three action discs (004:107), {where}. "
                        + reconstructed("its look (a METRO disc)", OURS))


def _all_lots() -> list[dict]:
    return lots()["cards"]


def ds_rgb(ci: int):
    return DRINK_FILL[ci]


def _band(ci: int):
    c = ds_rgb(ci)
    return tuple(max(0, int(v * 0.7)) for v in c)


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def _setup_text(tab, colours, played) -> str:
    n, k = tab["players"], tab["k"]
    rows = [f"{n} players: a {k}x{k} grid of Tokyo Jutaku lot cards, white side up"
            + (", the centre card turned blue (unusable)" if tab["blue"] else "") + " (004:97-101). "
            "Left of the grid a lot card blue side up (the claim action), the turn-order track and the bid pile; "
            "right of it every Jutaku piece and an architect marker (the build action); below it the six colour "
            "cards with ¥100, ¥100, ¥200, ¥200, ¥300, ¥300 and a crate of six bottles below each, and a shape card "
            "face down (the price action) (004:103-105). Everyone: ¥1,000, 6 pyramids, 3 action discs and 6 claim "
            "discs (004:105-107).",
            "",
            f"Round {tab['round']}. The game ends after the action round in which the bid pile reaches "
            f"¥{THRESHOLD[n]:,} (004:127); the pile holds ¥{tab['pile']:,}"
            + (" - this is the last action round." if tab["last"] else ".")]
    order = ", ".join(COLOURS[p] for p in tab["order"])
    if tab["phase"] == "bid":
        rows.append(f"Now: everyone bids for the turn order in secret, yen in a closed fist (004:111). "
                    f"Track before the bid: {order}. (Laid out as of the bid round's start: no bid is shown.)")
    elif tab["phase"] in ("actions", "bonus"):
        placed = tab["turn"] + (1 if tab["phase"] == "bonus" else 0)
        nxt = COLOURS[tab["turns"][tab["turn"]]] if tab["phase"] == "actions" else COLOURS[tab["bonus"]]
        used = ", ".join(tab["used"]["colours"]) or "none"
        rows.append(f"Now: the action round, turn order {order}; {placed} of {len(tab['turns'])} discs are laid. "
                    f"Colours used this round: {used}; the price action "
                    f"{'is used' if tab['used']['price'] else 'is free'}.")
        if tab["phase"] == "bonus":
            rows.append(f"{nxt} has three claim discs in a straight line and builds a free piece now (004:121).")
        else:
            rows.append(f"{nxt} lays the next disc.")
        if played is None:
            rows.append("The discs laid this round lie in front of their seats: the position does not say on "
                        "which action spaces they went.")
    else:
        sc = tab["scores"]
        rows.append("The game is over (004:127). Scores (buildings: bottles' yen x floors, plus yen, 004:129-131): "
                    + "; ".join(f"{COLOURS[p]} ¥{sc[p]['total']:,}" for p in range(n)) + ".")
    if tab["lines"]:
        rows.append("Straight lines of three claim discs already rewarded: "
                    + "; ".join(" ".join(line) for line in tab["lines"]) + ".")
    rows.append("Buildings stand on the lower half of their card, along the outlines drawn there; a bottle's "
                "shape is ours (only its colour counts). " + reconstructed(
                    "the size of a lot card (88 mm) and the look of discs, pyramids and crates", OURS))
    return "\n".join(rows)
