"""The architect's Shopping Spree (004:183-227) on the TTS table, as the match stands.

The shop floor of shopping_spree.toml as a board: its aisles with the blue dots and the
steps between them, the two exits of the double aisles in the middle and the entrance
below; a Tokyo Jutaku lot card on every shelf cell with the goods the rules' `table` has on it
(drinks as models, laundry goods, salmon and the '15' tuna and '4' crab on show as
tokens), and the vending machine with its crate of drinks (and any standing beside it).
Left of the floor the laundry price cards in their four stacks, one pile of yen on each
stack (004:193-196), right of it the six colour cards (004:189), each with its yen; above
it the tuna bag and the crab bag (004:197, 199), below it the mackerel barrels (004:200), the discarded goods and the
general supply of yen. Every architect marker stands on its dot (or at the entrance);
every seat's crate with its goods, the goods laid before it, its barrels and its yen lie
in front of its colour.

Nothing in the game is hidden; the bags hold their tokens in sorted order, as the view
shows them (how many of each, not the order they would be drawn in).
"""

from __future__ import annotations

import pygame

from core import assets
from core.components import ARCHITECTS, FishToken
from games.shopping_spree.floor import DOT, EXIT, MACHINE, NOTHING, OUT
from physics.practice.palette import CRATE, DOT as DOT_RGB, GOOD_FILL

from .. import draw
from ..table import COLOURS, LayoutError, Table, reconstructed, seat as seat_at
from ..units import CARD
from .common import drink, drink_set, table_of

SCALE = 0.9                                  # the lot cards on the floor
CW, CH = CARD[0] * SCALE, CARD[1] * SCALE
PX, PZ = CW + 0.32, CH + 0.26                # one cell of the floor
FZ = 1.0                                     # the floor's centre (z)
GOOD = 0.7                                   # a good's token
PPU = 40                                     # the floor board's pixels a unit
BELOW = 3.6                                  # the board's margin below the floor: the entrance
OURS = "tts/layouts/shopping_spree.py"
FLOOR_SOURCE = "assets/shopping_spree.toml"
SEAT_RGB = {"White": (245, 245, 245), "Red": (210, 40, 40), "Yellow": (235, 205, 40), "Green": (40, 160, 60),
            "Blue": (40, 90, 215), "Purple": (140, 50, 170)}
SHORT = {"washer": "Washer", "dryer": "Dryer", "sheets": "Sheet", "pillowcase": "Pillow", "shirt": "Shirt",
         "trousers": "Trousers", "bra": "Bra", "underpants": "Pants", "socks": "Socks", "detergent": "Soap",
         "magazine": "Mag."}


# ---- the floor's geometry -------------------------------------------------------------------------

class Geometry:
    def __init__(self, floor):
        self.floor = floor
        self.rows, self.cols = len(floor.rows), len(floor.rows[0])
        self.width, self.depth = self.cols * PX, self.rows * PZ

    def cell(self, r: int, c: int) -> tuple[float, float]:
        return -self.width / 2 + PX * (c + 0.5), FZ + self.depth / 2 - PZ * (r + 0.5)

    def node(self, node: str) -> tuple[float, float]:
        r, c = self.floor.cell(node)
        return self.cell(r, c)

    @property
    def bottom(self) -> float:
        return FZ - self.depth / 2

    @property
    def top(self) -> float:
        return FZ + self.depth / 2

    def entrance(self) -> tuple[float, float]:
        xs = [self.node(e)[0] for e in self.floor.exits]
        return sum(xs) / len(xs), self.bottom - 1.3


def floor_board(geo: Geometry) -> "pygame.Surface":
    """The aisles: a blue dot on every place an architect may stand, a line for every step
    between two (004:205), the exits of the double aisles and the entrance below (004:207)."""
    w, h = int(geo.width * PPU), int((geo.depth + BELOW) * PPU)
    s = pygame.Surface((w, h))
    s.fill((228, 222, 206))
    ox, oy = w / 2, (geo.top - FZ) * PPU     # world (0, FZ) sits at (ox, oy + FZ*PPU - FZ*PPU)

    def px(x: float, z: float) -> tuple[int, int]:
        return int(ox + x * PPU), int(oy - (z - FZ) * PPU)

    fl = geo.floor
    for r, row in enumerate(fl.rows):
        for c, cell in enumerate(row):
            x, z = geo.cell(r, c)
            if cell not in (DOT, EXIT, NOTHING):
                cx, cy = px(x, z)
                rect = pygame.Rect(0, 0, int(CW * PPU) + 6, int(CH * PPU) + 6)
                rect.center = (cx, cy)
                pygame.draw.rect(s, (190, 180, 160), rect)
                pygame.draw.rect(s, (120, 110, 96), rect, 2)
                draw.text_block(s, [cell], (rect.x + 4, rect.bottom - 26, rect.w - 8, 24), size=22,
                                colour=(90, 80, 70))
    done = set()
    for a, near in fl.steps.items():
        if a == OUT:
            continue
        for b in near:
            if b == OUT or (b, a) in done:
                continue
            done.add((a, b))
            pygame.draw.line(s, (120, 150, 210), px(*geo.node(a)), px(*geo.node(b)), 5)
    ex, ez = geo.entrance()
    for e in fl.exits:
        pygame.draw.line(s, (40, 150, 70), px(*geo.node(e)), px(ex, ez), 7)
    for d in fl.dots:
        x, z = geo.node(d)
        pygame.draw.circle(s, DOT_RGB, px(x, z), 13 if d in fl.exits else 10)
        if d in fl.exits:
            pygame.draw.circle(s, (40, 150, 70), px(x, z), 16, 4)
    cx, cy = px(ex, ez)
    box = pygame.Rect(0, 0, int(6.5 * PPU), int(1.6 * PPU))
    box.center = (cx, cy + int(1.3 * PPU))
    pygame.draw.rect(s, (40, 150, 70), box, 0, 12)
    draw.text_block(s, ["ENTRANCE / EXIT (004:207)"], (box.x, box.y + 8, box.w, box.h - 10), size=28,
                    colour=(255, 255, 255), centre=True)
    draw.text_block(s, ["Shopping Spree: the shop floor", "(a reconstructed plan)"],
                    (12, 12, int(1.75 * PX * PPU), 80), size=26, colour=(120, 110, 96))
    pygame.draw.rect(s, (120, 110, 96), (0, 0, w, h), 4)
    return s


# ---- goods ----------------------------------------------------------------------------------------

class Goods:
    """Makes the object of a good as the state names it."""

    def __init__(self, t: Table, rules):
        self.t, self.rules = t, rules
        laundry = assets.load("coin_laundry.toml")
        self.laundry_source = {g["id"]: str(g.get("source", "")) for g in laundry["goods"]}
        self.fish_source = {}
        for fish, name in (("tuna", "tuna"), ("crab", "king_crab"), ("salmon", "salmon")):
            src = assets.load(f"tsukiji/{name}.toml").get("sources", {})
            self.fish_source[fish] = " ".join(str(v) for v in src.values())

    def make(self, g: str, x: float, z: float, where: str, *, put: bool = True, rot: float = 180.0,
             extra: tuple = ()) -> dict:
        t, rules = self.t, self.rules
        if g.startswith("drink:"):
            index = int(g[6:])
            if not 0 <= index < 36:
                raise LayoutError(f"there is no drink {g!r}")
            o = drink(t, index, x, z, put=False, rot=rot,
                      description=f"A JIDOHANBAIKI drink, {where}. "
                                  + reconstructed("its size and shape", "assets/drinks.toml"))
            o["Tags"] = o["Tags"] + list(extra)
        elif g.startswith(("tuna_", "crab_")):
            tok = FishToken.parse(g)
            rgb = GOOD_FILL[tok.fish]
            text = (f"A '{tok.value}' {'tuna' if tok.fish == 'tuna' else 'king crab'} token of TSUKIJI, {where}: "
                    f"pays ¥{tok.value * rules.yen_per_point:,} (¥100 a point, 004:209).")
            if "reconstructed" in self.fish_source[tok.fish]:
                text += " " + reconstructed("how many of each value the box holds",
                                            f"assets/tsukiji/{'tuna' if tok.fish == 'tuna' else 'king_crab'}.toml")
            o = t.token(f"{g}", draw.disc(f"{tok.fish[:4]} {tok.value}", rgb), x, z, GOOD, put=False, rot=rot,
                        nickname=f"'{tok.value}' {tok.fish}", description=text,
                        tags=("fish token", tok.fish, g) + tuple(extra))
        elif g.startswith("salmon"):
            side = g.partition(":")[2] or "fresh"
            if side not in ("fresh", "4"):
                raise LayoutError(f"a salmon lies fresh or '4' side up, not {side!r}")
            label = "salmon f" if side == "fresh" else "salmon 4"
            o = t.token(f"salmon-{side}", draw.disc(label, GOOD_FILL["salmon"] if side == "fresh" else (170, 120, 100)),
                        x, z, GOOD, put=False, rot=rot, nickname=f"salmon ({side} side up)",
                        description=f"A salmon token of TSUKIJI, {where}, {side} side up: ¥500 each for the first "
                                    "player to leave with salmon, ¥400 after (004:221). "
                                    + reconstructed("its look", OURS),
                        tags=("fish token", "salmon", side) + tuple(extra))
        elif g in rules.laundry.goods:
            good = rules.laundry.goods[g]
            rgb = GOOD_FILL.get(g, (200, 200, 200))
            ink = (20, 20, 20) if sum(rgb) > 400 else (255, 255, 255)
            face = (draw.square(SHORT.get(g, g), rgb, size=(128, 128), ink=ink) if good.kind == "machine"
                    else draw.disc(SHORT.get(g, g), rgb, ink=ink))
            text = f"A COIN LAUNDRY {good.name}, {where}."
            stack = rules.price_card(g)
            paid = (f" Paid the yen on its stack of price cards ({rules.price_words(stack)}, "
                    f"{_stack_line(stack)})" if stack else "")
            text += {"machine": paid + ".",
                     "clothing": paid + "; one detergent doubles it (004:192, 215).",
                     "detergent": " Doubles the pay of one clothing item (004:215).",
                     "reading": " Pays nothing; the most of them win every tie (004:213)."}[good.kind]
            text += " " + reconstructed("its look" + (" and how many the box holds"
                                                      if "reconstructed" in self.laundry_source.get(g, "") else ""),
                                        "assets/coin_laundry.toml")
            o = t.token(f"laundry-{g}", face, x, z, GOOD if good.kind != "machine" else 0.85, put=False, rot=rot,
                        nickname=good.name, description=text, tags=("laundry good", g, good.kind) + tuple(extra))
        else:
            raise LayoutError(f"the good {g!r} is in no box this layout knows")
        return t.put(o) if put else o


def grid_spots(x: float, z: float, n: int, *, cols: int, dx: float, dz: float) -> list[tuple[float, float]]:
    """n places in rows of `cols`, centred on (x, z), the first row at the top (far side)."""
    rows = -(-n // cols) if n else 0
    out = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        out.append((x + (c - (in_row - 1) / 2) * dx, z + ((rows - 1) / 2 - r) * dz))
    return out


# ---- the layout ------------------------------------------------------------------------------------

def lay_out(match, t: Table) -> None:
    rules = match.game.rules
    tab = table_of(match)
    n = tab["players"]
    fl = rules.floor
    geo = Geometry(fl)
    spree = assets.load("shopping_spree.toml")
    goods = Goods(t, rules)
    seats = [seat_at(i, n) for i in range(n)]
    if set(tab["shelves"]) != set(rules.shelves):
        raise LayoutError("the shelves of this position are not the floor's shelves")

    # -- the floor board and the lot cards on it (004:185)
    board = floor_board(geo)
    bw = geo.width
    bh = bw * board.get_height() / board.get_width()
    t.tile("shop-floor", board, 0.0, geo.top - bh / 2, bw, thickness=0.05, locked=True,
           nickname="the shop floor", tags=("board", "shop floor"),
           description="The shop floor (004:185): lot cards as shelves, blue dots in the aisles (one step is a "
                       "line to the next dot, 004:205), the double aisles in the middle lead out (004:207). "
                       + reconstructed("the plan of page 24 and the dots of page 19", FLOOR_SOURCE))
    for d in fl.dots:
        t.snap(*geo.node(d), what=("architect", "crate"))
    names = sorted(c for c in fl.cards if c != MACHINE)
    faces, places = [], []
    for card in names:
        kind, count = rules.shelves.get(card, ("", 0))
        src = str(spree["shelves"].get(card, {}).get("source", "reconstructed"))
        faces.append((_shelf_face(card, kind, count, rules), f"shelf {card}",
                      f"Shelf {card}, a TOKYO JUTAKU lot card on the shop floor: {_shelf_words(kind, count, rules)} "
                      f"Source: {src}."
                      + (" " + reconstructed("what lies on it or where", FLOOR_SOURCE) if "reconstructed" in src else ""),
                      ("lot card", "shelf", card), draw.back(f"Shelf {card}", colour=(110, 110, 110))))
        places.append(geo.cell(*fl.cards[card]))
    t.cards(1, "shelves", faces, draw.back("TOKYO JUTAKU"), places, scale=SCALE, locked=True)
    for x, z in places:
        t.snap(x, z, what="shelf")

    # -- the goods on the shelves, the tuna and crabs on show (004:188-199)
    for card in names:
        if card not in rules.shelves:
            continue
        kind = rules.shelves[card][0]
        x, z = geo.cell(*fl.cards[card])
        items = list(tab["shelves"][card])
        if kind in ("tuna", "crab"):
            if items:
                raise LayoutError(f"shelf {card} holds {items}: a {kind} shelf shows its token, the rest are in the bag")
        for (gx, gz), g in zip(grid_spots(x, z - 0.2, len(items), cols=2 if len(items) <= 6 else 3, dx=0.85,
                                          dz=0.78), items):
            goods.make(g, gx, gz, f"on shelf {card}", extra=("shelf",))
    for fish in ("tuna", "crab"):
        cards = [c for c in names if rules.shelves.get(c, ("",))[0] == fish]
        for card, g in zip(cards, rules.shown[fish]):
            x, z = geo.cell(*fl.cards[card])
            goods.make(g, x, z - 0.3, f"on show on shelf {card}: the sign of the {fish} shelf; a taker draws from "
                                       f"the {fish} bag instead (004:197-199, 217-219)", extra=("on show",))

    # -- the vending machine and its crate of drinks (004:187, 223)
    vx, vz = geo.cell(*fl.cards[MACHINE])
    t.tile("vending-machine", _machine_face(), vx, vz + 0.55, CW, thickness=0.3, locked=True,
           nickname="the vending machine", tags=("vending machine",),
           description="The JIDOHANBAIKI vending machine (004:187): from one of its two dots, tip its whole crate in "
                       "and keep what comes out; stuck drinks go back to the crate (004:223). "
                       + reconstructed("its place on the floor", FLOOR_SOURCE))
    mz = vz - 0.75
    t.tile("machine-crate", draw.square("", CRATE, size=(160, 120)), vx, mz, CW, thickness=0.2,
           nickname="the vending machine's crate", tags=("crate", "machine crate"),
           description=f"The crate beside the vending machine: {len(tab['machine'])} drink(s); sold and fallen drinks "
                       "go in, beside it once it is full (004:187, 223). "
                       + reconstructed("that it holds 6", FLOOR_SOURCE))
    for (gx, gz), g in zip(grid_spots(vx, mz, len(tab["machine"]), cols=3, dx=0.62, dz=0.6), tab["machine"]):
        goods.make(g, gx, gz, "in the vending machine's crate", extra=("machine's crate",))
    for (gx, gz), g in zip(grid_spots(vx, vz + 1.0, len(tab["beside"]), cols=3, dx=0.62, dz=0.55), tab["beside"]):
        goods.make(g, gx, gz, "standing beside the vending machine's full crate (004:223)", extra=("beside",))

    # -- the price cards with their yen (004:189, 193-196): the laundry stacks left, colours right
    left = -geo.width / 2 - 0.8
    spots, owners = [], []
    for si, (stack, cards) in enumerate(rules.stacks.items()):
        x, z = left - CW / 2, FZ + 5.0 - (CH + 0.5) * si
        line = _stack_line(stack)
        words = rules.price_words(stack)
        faces = []
        for g in cards:
            if g not in rules.laundry.goods:
                raise LayoutError(f"no laundry good {g} for the {words} stack")
            name = rules.laundry.goods[g].name
            faces.append((draw.card(name.capitalize(), ["price card", f"in the stack: {words}",
                                                        f"start ¥{rules.start_prices[stack]} ({line})"],
                                    band=tuple(int(v * 0.6) for v in GOOD_FILL.get(g, (150, 150, 150)))),
                          f"{name} (price card)",
                          f"The {name} price card, in one stack with {_others(rules, cards, g)} ({line}): the yen on "
                          f"the stack is what each of its goods pays; it falls by ¥100 once when someone is paid "
                          "from the stack, however many of its goods were sold, and no lower than ¥0 (004:207).",
                          ("price card", stack, g)))
        d = t.deck(4 + si, f"price-stack-{stack}", faces, draw.back("PRICE"), x, z, scale=SCALE, locked=True,
                   put=False, tags=("price stack", stack))
        d["Nickname"] = f"{words} (a stack of price cards)"
        d["Description"] = (f"The price cards of {words} as one stack ({line}), one pile of yen on it: what each of "
                            "its goods pays; ¥100 off once when someone is paid from it (004:207).")
        t.put(d)
        spots.append((x, z))
        owners.append(stack)
    ds = drink_set()
    right = geo.width / 2 + 0.8
    colour_spots, faces = [], []
    for ci, colour in enumerate(rules.colours):
        colour_spots.append((right + CW / 2 + (CW + 0.25) * (ci % 3), FZ + 5.0 - (CH + 0.5) * (ci // 3)))
        kind = ds.colours[ci]
        faces.append((draw.card(kind.name.capitalize(), ["colour card", f"letter {kind.letter}",
                                                         f"start ¥{rules.start_prices[colour]}"],
                                band=tuple(int(v * 0.7) for v in _drink_rgb(ci))),
                      f"{kind.name} (colour card)",
                      f"The {kind.name} colour card of JIDOHANBAIKI (004:189): the yen on it is what a {kind.name} "
                      "drink pays; it falls by ¥100 when someone is paid for one (004:207).",
                      ("colour card", colour)))
        owners.append(colour)
    t.cards(3, "price-cards", faces, draw.back("PRICE"), colour_spots, scale=SCALE, locked=True)
    for (x, z), g in zip(spots + colour_spots, owners):
        t.snap(x, z, what="price card")
        if g not in tab["prices"]:
            raise LayoutError(f"no price for {g} in this position")
        t.yen_stacks(tab["prices"][g], [(x, z - 0.45), (x, z + 0.75)], owner=f"the {g} card")

    # -- the bags above the floor (004:197, 199), the barrels, the discarded goods and the bank below
    for fish, x in (("tuna", -6.5), ("crab", 6.5)):
        content = [goods.make(g, 0, 0, f"in the {fish} bag", put=False) for g in sorted(tab["bag"][fish])]
        t.bag(f"{fish} bag", content, x, geo.top + 1.6, colour=GOOD_FILL[fish], tags=("bag", f"{fish} bag"),
              description=f"The {fish} tokens not on show: a taker draws one at random "
                          f"({'004:219, after paying' if fish == 'tuna' else '004:217'}).")
    bx, bz = geo.width / 2 + 1.2, geo.bottom - 0.6
    for k, (x, z) in enumerate(grid_spots(bx + 3.0, bz, tab["mackerel"], cols=6, dx=0.95, dz=0.95)):
        _barrel(t, x, z, "in the supply beside the shop: one for each trip out (004:200, 207)")
    t.bag("discarded goods", [goods.make(g, 0, 0, "lost from a crate and discarded (004:203)", put=False)
                              for g in tab["lost"]], -geo.width / 2 - 3.0, geo.bottom - 1.2,
          tags=("bag", "discarded"), description="Goods that fell out of a crate: lost for good (004:203).")
    t.yen_supply(-geo.width / 2 - 9.5, geo.bottom - 3.6)

    # -- the shoppers: architects on the floor, crates, goods before them, barrels and yen
    at_node: dict[str, int] = {}
    ex, ez = geo.entrance()
    outside = [p for p in range(n) if tab["pos"][p] == OUT]
    for p in range(n):
        place = seats[p]
        node = tab["pos"][p]
        if node == OUT:
            m = outside.index(p)
            x, z = ex + (m - (len(outside) - 1) / 2) * 1.1, ez - 0.15
            where = "at the entrance, outside the shop (004:201, 207)"
        else:
            if node not in fl.steps:
                raise LayoutError(f"{place.colour} stands on {node!r}, which is no dot of the floor")
            m = at_node.get(node, 0)
            at_node[node] = m + 1
            x, z = geo.node(node)
            x, z = x + (0.0, 0.45, -0.45, 0.0, 0.45, -0.45)[m % 6], z + (0.0, 0.3, 0.3, -0.4, -0.4, -0.4)[m % 6]
            where = f"on the dot {fl.label(node)}"
        name = ARCHITECTS[p]
        rgb = SEAT_RGB[place.colour]
        t.token(f"architect-{place.colour}", draw.disc("".join(w[0] for w in name.split()), rgb,
                                                       ink=(20, 20, 20) if sum(rgb) > 450 else (255, 255, 255)),
                x, z, 1.0, nickname=f"{place.colour}'s architect ({name})", tags=("architect", place.colour),
                description=f"{place.colour}'s architect marker ({name}), {where}; it pushes {place.colour}'s "
                            "crate (004:201, 203). " + reconstructed("its colour: the seat's", OURS))
        rot = place.at(0, 0)[2]
        cx, cz, _ = place.at(2.6, 2.2)
        t.tile(f"crate-{place.colour}", draw.square(f"{place.colour}", CRATE, size=(160, 160),
                                                   ink=(255, 255, 255)), cx, cz, 2.6, thickness=0.3, rot=rot,
               nickname=f"{place.colour}'s crate", tags=("crate", place.colour),
               description=f"{place.colour}'s crate: {len(tab['crates'][p])} good(s), paid for on leaving "
                           f"(004:201, 207). " + reconstructed("its look", OURS))
        held = tab["crates"][p]
        cols = 3 if len(held) <= 9 else 4
        step = 0.8 if cols == 3 else 0.6
        for (lx, lz), g in zip(grid_spots(2.6, 2.2, len(held), cols=cols, dx=step, dz=step), held):
            gx, gz, _ = place.at(lx, lz)
            goods.make(g, gx, gz, f"in {place.colour}'s crate", rot=rot, extra=("crate", place.colour))
        before = tab["before"][p]
        for (lx, lz), g in zip(grid_spots(-2.2, 2.0, len(before), cols=6, dx=0.8, dz=0.8), before):
            gx, gz, _ = place.at(lx, lz)
            goods.make(g, gx, gz, f"laid before {place.colour} after leaving the shop (004:207)", rot=rot,
                       extra=("before", place.colour))
        for k in range(tab["trips"][p]):
            gx, gz, _ = place.at(5.0, 1.6 + 1.0 * k)
            _barrel(t, gx, gz, f"taken by {place.colour} on leaving the shop (trip {k + 1}, 004:207)", rot=rot,
                    extra=(place.colour,))
        t.yen_stacks(tab["yen"][p], [place.at(-6.6, 1.2)[:2], place.at(-6.6, 2.7)[:2], place.at(-8.1, 1.9)[:2]],
               owner=place.colour, rot=rot)
    t.note("Set-up", _setup_text(tab, rules))


def _barrel(t: Table, x: float, z: float, where: str, *, rot: float = 180.0, extra: tuple = ()) -> dict:
    face = pygame.Surface((100, 128), pygame.SRCALPHA)
    pygame.draw.ellipse(face, (150, 110, 70, 255), (4, 4, 92, 120))
    pygame.draw.ellipse(face, (60, 40, 20, 255), (4, 4, 92, 120), 4)
    for y in (34, 64, 94):
        pygame.draw.line(face, (60, 40, 20, 255), (10, y), (90, y), 3)
    draw.text_block(face, ["MAK"], (8, 44, 84, 30), size=26, colour=(255, 255, 255), centre=True)
    return t.token("mackerel-barrel", face, x, z, 0.75, rot=rot, nickname="mackerel barrel",
                   tags=("barrel", "mackerel") + tuple(extra),
                   description=f"A TSUKIJI mackerel barrel, {where}. " + reconstructed("its look", OURS))


def _stack_line(stack: str) -> str:
    """Where the text lays a stack out: 004:193-196, read from its source in the asset."""
    src = str(assets.load("shopping_spree.toml").get("stacks", {}).get(stack, {}).get("source", ""))
    return src.split(" (")[0].replace("text ", "") if src.startswith("text ") else "reconstructed"


def _others(rules, cards, g: str) -> str:
    names = [rules.laundry.goods[c].name for c in cards if c != g]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def _drink_rgb(ci: int):
    from physics.practice.palette import DRINK_FILL
    return DRINK_FILL[ci]


def _machine_face():
    s = pygame.Surface((200, 100))
    s.fill((60, 66, 80))
    pygame.draw.rect(s, (150, 200, 240), (12, 10, 120, 52))
    pygame.draw.rect(s, (20, 20, 24), (40, 72, 120, 20))
    draw.text_block(s, ["VM"], (136, 16, 60, 40), size=34, colour=(255, 255, 255), centre=True)
    pygame.draw.rect(s, (20, 20, 24), (0, 0, 200, 100), 3)
    return s


def _shelf_words(kind: str, count: int, rules) -> str:
    if kind == "drinks":
        return f"{count} drinks at the start, drawn at random (004:188); take one (004:205)."
    if kind == "clothing":
        return "one clothing item (004:192), paid at its price card."
    if kind == "tuna":
        return (f"pay ¥{rules.tuna_cost:,} (¥{rules.tuna_rise:,} more for each further tuna) and draw a tuna from "
                "the bag (004:197, 219).")
    if kind == "crab":
        return "draw a crab from the bag (004:199, 217)."
    if kind == "salmon":
        return (f"{count} salmon (004:198): ¥{rules.salmon_first} each for the first out with salmon, "
                f"¥{rules.salmon_later} after (004:221).")
    if kind in rules.laundry.goods:
        g = rules.laundry.goods[kind]
        return f"{count} × {g.name}" + (" (004:191)." if g.kind in ("machine", "reading") else ".")
    return "nothing."


def _shelf_face(card: str, kind: str, count: int, rules):
    title = {"drinks": "Drinks", "clothing": "Clothing", "tuna": "Tuna", "crab": "Crabs", "salmon": "Salmon"}.get(
        kind, rules.laundry.goods[kind].name.capitalize() if kind in rules.laundry.goods else kind)
    lines = [card]
    if kind == "tuna":
        lines += [f"pay ¥{rules.tuna_cost} (+¥{rules.tuna_rise} each)", "draw from the bag"]
    elif kind == "crab":
        lines += ["draw from the bag"]
    elif kind == "salmon":
        lines += [f"¥{rules.salmon_first} first out", f"¥{rules.salmon_later} later"]
    elif kind == "detergent":
        lines += ["doubles one clothing item"]
    elif kind == "magazine":
        lines += ["tie-break"]
    fill = GOOD_FILL.get(kind, (120, 140, 170))
    band = tuple(int(v * 0.6) for v in fill)
    return draw.card(title, lines, colour=(236, 240, 246), band=band, footer="Jutaku lot card")


def _setup_text(tab, rules) -> str:
    n = tab["players"]
    rows = [f"{n} players, the {tab['variant']} variant (004:203)"
            + (f", closing time after round {tab['closing']} (kiosk house rule)" if tab["closing"] else "") + ".",
            "Set-up (004:185-201): the shop floor of lot cards; the black drinks in the vending machine's crate; "
            "5 random drinks on each card of the second row; the colour cards with ¥300 (black ¥200); the laundry "
            "price cards in four stacks, one pile of yen on each stack: "
            + "; ".join(f"{rules.price_words(k)} ¥{rules.start_prices[k]}" for k in rules.stacks)
            + " (004:193-196); magazines, machines, salmon, "
            "detergent and clothing on their shelves; a '15' tuna and a '4' crab on show, the rest in the bags; "
            f"{rules.mackerel_per_player} mackerel barrels a player; everyone an empty crate and an architect "
            "at the entrance, no yen.",
            "",
            f"Round {tab['round']}; {COLOURS[tab['first']]} went shopping last and began, then clockwise (004:205).",
            ]
    if tab["phase"] == "over":
        rows.append("The game is over: " + (tab["reason"] or "") + ". Yen: "
                    + ", ".join(f"{COLOURS[p]} ¥{tab['yen'][p]:,}" for p in range(n)) + ".")
    else:
        who = COLOURS[tab["seat"]]
        rows.append(f"Now: {who} " + ("moves 1-3 steps (004:205)." if tab["phase"] == "move" else
                                      "has moved and takes one good from a card beside the dot, or nothing "
                                      "(004:205)."))
    rows.append("Salmon: " + ("someone has left with salmon: ¥400 each now ('4' side up)." if tab["salmon_sold"]
                              else "nobody has left with salmon yet: ¥500 each to the first (fresh side up)."))
    rows.append("Next tuna costs: " + ", ".join(f"{COLOURS[p]} ¥{tab['tuna_price'][p]:,}" for p in range(n))
                + " (004:219).")
    rows.append("Trips out: " + ", ".join(f"{COLOURS[p]} {tab['trips'][p]}" for p in range(n))
                + "; the game ends at once when all but one have left twice (004:225).")
    rows.append(reconstructed("the floor plan, the dots and where the detergent lies", FLOOR_SOURCE))
    return "\n".join(rows)
