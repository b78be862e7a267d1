"""A picture of an exported layout seen from above, drawn from the save file alone (and
the images and models it names), so it shows what TTS will be given.

White's side of the table is at the bottom. Tiles, tokens and cards are drawn with their
own images, turned as they lie; chips are coloured by value, models are the footprints of
their parts (a piece's attached parts too) in their colour, bags a circle. A seat's hand
zone is a thin outline in its colour, a hidden zone a hatched one.

Every name is written in a dark box placed where it covers nothing: no two labels touch,
and a label keeps off the table's things where it can; when there is no room beside its
object it goes further out with a line to what it names.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

from . import draw
from .table import CHIPS
from .units import BAG, CARD, CHIP, TILE_WIDTH, TOKEN_WIDTH

import pygame  # noqa: E402  (draw sets pygame's environment first)

CHIP_COLOURS = {1000: (200, 170, 60), 500: (140, 60, 160), 100: (40, 90, 200), 50: (40, 150, 70), 10: (220, 220, 220)}
SEAT_COLOURS = {"White": (250, 250, 250), "Red": (220, 40, 40), "Yellow": (240, 210, 40), "Green": (40, 170, 60),
                "Blue": (40, 90, 220), "Purple": (140, 50, 170), "Orange": (240, 130, 30), "Pink": (240, 120, 180),
                "Teal": (30, 170, 160), "Brown": (120, 80, 40), "Black": (20, 20, 20)}
FELT = (70, 90, 80)
ZONES = ("HandTrigger", "FogOfWarTrigger")
#: a label's text size and the widest a line of it may run (px), and the room kept round it
LABEL_SIZE, LABEL_WIDTH, LABEL_PAD = 20, 130, 3
#: how far (px) from its object a label is looked for a free place; the first few places
#: tried are right by it
SEARCH, NEAR = 420, 4
TITLE_H = 40


class Files:
    """Finds a URL of the save among the exported files."""

    def __init__(self, out: Path, base_url: str | None = None):
        self.out, self.base_url = Path(out), base_url
        self._images: dict[str, "pygame.Surface"] = {}
        self._models: dict[str, list[tuple[float, float]]] = {}

    def path(self, url: str) -> Path:
        if self.base_url and url.startswith(self.base_url.rstrip("/") + "/"):
            return self.out / url[len(self.base_url.rstrip("/")) + 1:]
        p = urlparse(url)
        if p.scheme == "file":
            return Path(unquote(p.path))
        raise ValueError(f"{url} is neither a file:/// URL nor under the base URL")

    def image(self, url: str) -> "pygame.Surface":
        if url not in self._images:
            self._images[url] = pygame.image.load(str(self.path(url)))
        return self._images[url]

    def model(self, url: str) -> list[tuple[float, float]]:
        """The (x, z) of an OBJ's vertices: what it covers seen from above."""
        if url not in self._models:
            pts = []
            for row in self.path(url).read_text(encoding="utf-8").splitlines():
                if row.startswith("v "):
                    _, x, _, z = row.split()[:4]
                    pts.append((float(x), float(z)))
            if not pts:
                raise ValueError(f"{url} holds no vertices")
            self._models[url] = pts
        return self._models[url]


def _model_box(files: Files, url: str) -> tuple[float, float, float, float]:
    """(min x, min z, max x, max z) of a model on its own axes."""
    pts = files.model(url)
    xs, zs = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(zs), max(xs), max(zs)


def _model_size(files: Files, url: str) -> tuple[float, float]:
    x0, z0, x1, z1 = _model_box(files, url)
    return x1 - x0, z1 - z0


def _cell_shape(o: dict, files: Files) -> float:
    """A card's depth over its width: its sheet's cell's (units.CARD)."""
    card = o["ContainedObjects"][0] if o["Name"] == "DeckCustom" else o
    deck = card["CustomDeck"][str(card["CardID"] // 100)]
    sheet = files.image(deck["FaceURL"])
    return (sheet.get_height() / deck["NumHeight"]) / (sheet.get_width() / deck["NumWidth"])


def footprint(o: dict, files: Files) -> tuple[float, float]:
    """Width (x) and depth (z) an object covers on the table, in units, before it is turned."""
    t = o["Transform"]
    name = o["Name"]
    if name in ("Custom_Tile", "Custom_Token"):
        img = files.image(o["CustomImage"]["ImageURL"])
        w = (TILE_WIDTH if name == "Custom_Tile" else TOKEN_WIDTH) * t["scaleX"]
        return w, w * img.get_height() / img.get_width()
    if name in ("CardCustom", "DeckCustom"):
        return CARD[0] * t["scaleX"], CARD[0] * _cell_shape(o, files) * t["scaleZ"]
    if name.startswith("Chip_"):
        return CHIP, CHIP
    if name.startswith("Die_"):
        return 1.0, 1.0
    if name == "Custom_Model":
        w, d = _model_size(files, o["CustomMesh"]["MeshURL"])
        return w * t["scaleX"], d * t["scaleZ"]
    if name in ZONES:
        return t["scaleX"], t["scaleZ"]
    return BAG, BAG


def _turn(rot_y: float, x: float, z: float) -> tuple[float, float]:
    """A local (x, z) on the table's axes for an object turned rot_y degrees about y (TTS's
    turn: local x goes to (cos, -sin))."""
    t = math.radians(rot_y)
    return x * math.cos(t) + z * math.sin(t), -x * math.sin(t) + z * math.cos(t)


def _attached(parent: dict, child: dict) -> dict:
    """An attached object (ChildObjects) placed on the table: its Transform is on its
    parent's axes, scaled by the parent's scale."""
    p, c = parent["Transform"], child["Transform"]
    dx, dz = _turn(p["rotY"], c["posX"] * p["scaleX"], c["posZ"] * p["scaleZ"])
    t = dict(c, posX=p["posX"] + dx, posY=p["posY"] + c["posY"] * p["scaleY"], posZ=p["posZ"] + dz,
             rotY=(p["rotY"] + c["rotY"]) % 360, scaleX=c["scaleX"] * p["scaleX"],
             scaleY=c["scaleY"] * p["scaleY"], scaleZ=c["scaleZ"] * p["scaleZ"])
    return dict(child, Transform=t)


def lying(objects: list[dict]):
    """Every object on the table: those of the save and, placed, the parts attached to them
    (not what lies inside bags and decks)."""
    for o in objects:
        yield o
        yield from lying([_attached(o, c) for c in o.get("ChildObjects", [])])


def pieces(objects: list[dict]):
    """What to draw, each with its parts: a model with the parts attached to it is one piece
    (drawn as one shape); anything else attached to an object is drawn on its own."""
    for o in objects:
        if o["Name"] == "Custom_Model":
            yield o, list(lying([o]))
        else:
            yield o, [o]
            yield from pieces([_attached(o, c) for c in o.get("ChildObjects", [])])


def _card_face(o: dict, files: Files) -> "pygame.Surface":
    card = o["ContainedObjects"][0] if o["Name"] == "DeckCustom" else o
    deck = card["CustomDeck"][str(card["CardID"] // 100)]
    if o["Transform"].get("rotZ") == 180.0:
        return files.image(deck["BackURL"])
    sheet = files.image(deck["FaceURL"])
    w, h = sheet.get_width() // deck["NumWidth"], sheet.get_height() // deck["NumHeight"]
    i = card["CardID"] % 100
    return sheet.subsurface(((i % deck["NumWidth"]) * w, (i // deck["NumWidth"]) * h, w, h))


def _rgb(c: dict) -> tuple[int, int, int]:
    return int(c["r"] * 255), int(c["g"] * 255), int(c["b"] * 255)


def _corners(t: dict, w: float, d: float, centre=(0.0, 0.0)) -> list[tuple[float, float]]:
    """The table (x, z) corners of a w × d rectangle centred at `centre` on an object's axes."""
    out = []
    for sx, sz in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        dx, dz = _turn(t["rotY"], centre[0] + sx * w / 2, centre[1] + sz * d / 2)
        out.append((t["posX"] + dx, t["posZ"] + dz))
    return out


def _model_parts(o: dict, files: Files) -> tuple[float, float, tuple[float, float]]:
    """A model's width, depth and the centre of its box on its own axes (scaled)."""
    t = o["Transform"]
    x0, z0, x1, z1 = _model_box(files, o["CustomMesh"]["MeshURL"])
    return ((x1 - x0) * t["scaleX"], (z1 - z0) * t["scaleZ"],
            ((x0 + x1) / 2 * t["scaleX"], (z0 + z1) / 2 * t["scaleZ"]))


def _piece_outline(o: dict, parts: list[dict], files: Files) -> list[tuple[float, float]]:
    """The table (x, z) corners of what a piece covers: the box, on the piece's own axes,
    round all its parts."""
    if len(parts) == 1:
        return _outline(o, files)
    t = o["Transform"]
    local = [_turn(-t["rotY"], x - t["posX"], z - t["posZ"]) for part in parts for x, z in _outline(part, files)]
    lx0, lx1 = min(p[0] for p in local), max(p[0] for p in local)
    lz0, lz1 = min(p[1] for p in local), max(p[1] for p in local)
    return _corners(t, lx1 - lx0, lz1 - lz0, ((lx0 + lx1) / 2, (lz0 + lz1) / 2))


def _outline(o: dict, files: Files) -> list[tuple[float, float]]:
    """The table (x, z) corners of what an object covers."""
    if o["Name"] == "Custom_Model":
        w, d, centre = _model_parts(o, files)
        return _corners(o["Transform"], w, d, centre)
    w, d = footprint(o, files)
    return _corners(o["Transform"], w, d)          # a round thing: its square


@dataclass
class Label:
    """A name to write: its lines, the box (px) of what it names, its border colour."""
    lines: list[str]
    target: "pygame.Rect"
    border: tuple[int, int, int] = (200, 200, 200)
    #: a zone's outline (px corners, in order): its name goes inside when it fits
    shape: list[tuple[int, int]] | None = None


def _within(shape: list[tuple[int, int]], p: tuple[int, int]) -> bool:
    """Whether point p lies in the convex polygon `shape` (its edge included)."""
    signs = set()
    for (ax, ay), (bx, by) in zip(shape, shape[1:] + shape[:1]):
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if cross:
            signs.add(cross > 0)
    return len(signs) <= 1


def _wrap(text: str, f: "pygame.font.Font", width: int) -> list[str]:
    """The text in as few lines as `width` allows, made as even as they can be (so "Auction
    bag: King Crab" reads "Auction bag:" over "King Crab", not a lone word below)."""
    rows = _greedy(text, f, width)
    low, high = 1, width
    while low < high:
        mid = (low + high) // 2
        if len(_greedy(text, f, mid)) <= len(rows):
            high = mid
        else:
            low = mid + 1
    return _greedy(text, f, low)


def _greedy(text: str, f: "pygame.font.Font", width: int) -> list[str]:
    rows = draw.wrap(text.split(), f, width)
    return [] if rows == [""] else rows


def bag_words(o: dict) -> list[str]:
    """What a bag's label says: its name (a part in brackets on a line of its own, so
    "¥1,000 (general supply)" reads as two short lines) and what it holds."""
    name = o.get("Nickname", "") or o["Name"]
    head, _, rest = name.partition(" (")
    lines = [head] + ([rest.rstrip(")")] if rest else [])
    if o["Name"] == "Infinite_Bag":
        lines.append("endless")
    else:
        n = len(o.get("ContainedObjects", []))
        lines.append(f"{n} inside")
    return lines


class Labels:
    """Places labels where they overlap nothing already placed, nor (where it can) the
    table's things."""

    def __init__(self, surface: "pygame.Surface", obstacles: list["pygame.Rect"], top: int):
        self.s = surface
        self.area = pygame.Rect(0, top, surface.get_width(), surface.get_height() - top)
        self.obstacles = obstacles
        self.placed: list["pygame.Rect"] = []
        self.leaders: list[tuple[tuple[int, int], tuple[int, int]]] = []
        #: the boxes of everything named, so that a label right beside two of them gets a line
        self.targets: list["pygame.Rect"] = []
        self.f = draw.font(LABEL_SIZE)

    def reserve(self, rect: "pygame.Rect") -> None:
        self.placed.append(rect.inflate(2 * LABEL_PAD, 2 * LABEL_PAD))

    def _size(self, rows: list[str]) -> tuple[int, int]:
        return (max(self.f.size(r)[0] for r in rows) + 8, len(rows) * self.f.get_linesize() + 4)

    def _covered(self, r: "pygame.Rect", own: "pygame.Rect") -> int:
        """How many pixels of the table's things (a zone's box among them, but not the one
        the label names) the rect hides."""
        hits = (self.obstacles[i] for i in r.collidelistall(self.obstacles))
        return sum(r.clip(ob).width * r.clip(ob).height for ob in hits if ob is not own)

    def _candidates(self, w: int, h: int, t: "pygame.Rect", inside: bool):
        """Rects to try, best first, each with whether it needs a leader line: inside (a
        zone's name), right under, over or beside its object (NEAR of them), then every spot
        round it, nearest first."""
        if inside:
            yield pygame.Rect(t.centerx - w // 2, t.centery - h // 2, w, h), False
            return
        yield pygame.Rect(t.centerx - w // 2, t.bottom + 2, w, h), False
        yield pygame.Rect(t.centerx - w // 2, t.top - 2 - h, w, h), False
        yield pygame.Rect(t.right + 2, t.centery - h // 2, w, h), False
        yield pygame.Rect(t.left - 2 - w, t.centery - h // 2, w, h), False
        spots = []
        for dx in range(-SEARCH, SEARCH + 1, 10):
            for dy in range(-SEARCH, SEARCH + 1, 10):
                r = pygame.Rect(t.centerx + dx - w // 2, t.centery + dy - h // 2, w, h)
                if not r.colliderect(t):
                    gx = max(t.left - r.right, r.left - t.right, 0)
                    gy = max(t.top - r.bottom, r.top - t.bottom, 0)
                    spots.append((math.hypot(gx, gy), r))
        for _, r in sorted(spots, key=lambda g: g[0]):
            yield r, True

    def place(self, label: Label) -> None:
        """Writes the label at the best free place: inside its zone when it fits there,
        else right by its object, else further out with a leader line; nowhere over another
        label or line, and over the table's things only when nothing else is left."""
        rows = [r for line in label.lines for r in _wrap(line, self.f, LABEL_WIDTH)]
        options = [([r for line in label.lines for r in _wrap(line, self.f, width)], True)
                   for width in (LABEL_WIDTH, 100, 80, 60, 45)] if label.shape else []
        options.append((rows, False))
        best, n = None, 0
        for rows_now, inside in options:
            w, h = self._size(rows_now)
            for r, far in self._candidates(w, h, label.target, inside):
                n += 1
                if inside and not all(_within(label.shape, p) for p in (r.topleft, r.topright,
                                                                        r.bottomleft, r.bottomright)):
                    continue
                if not self.area.contains(r) or r.inflate(2 * LABEL_PAD, 2 * LABEL_PAD).collidelist(self.placed) >= 0:
                    continue
                if any(r.clipline(a, b) for a, b in self.leaders):
                    continue
                # right beside another named thing too, a label reads as that thing's
                beside = not inside and any(t != label.target and r.inflate(16, 16).colliderect(t)
                                            for t in self.targets)
                far = far or beside
                if far and self._crossing(self._line(r, label.target), label.target):
                    continue
                cost = self._covered(r, label.target)
                score = (cost > 0, beside, far, cost, n)
                if best is None or score < best[0]:
                    best = (score, r, rows_now, far)
                if cost == 0 and not beside and (inside or not far or n > NEAR):
                    break            # the candidates come best first: the first free one will do
            if best is not None and best[0][0] is False:
                break
        if best is None:             # nowhere free: the last resort, below the object
            w, h = self._size(rows)
            best = (None, pygame.Rect(label.target.centerx - w // 2, label.target.bottom + 2, w, h), rows, False)
        _, r, rows_now, far = best
        if far:
            self._leader(r, label.target)
        self._box(r, rows_now, label.border)
        self.reserve(r)

    def _crossing(self, line, own: "pygame.Rect") -> bool:
        """Whether a leader line would cross a label, or pass over another named thing."""
        return (any(p.clipline(*line) for p in self.placed)
                or any(t != own and t.inflate(-4, -4).clipline(*line) for t in self.targets))

    @staticmethod
    def _line(r: "pygame.Rect", t: "pygame.Rect") -> tuple[tuple[int, int], tuple[int, int]]:
        """A leader's ends: the label's edge nearest what it names, and the rim of that thing
        (its box's inscribed circle) towards the label."""
        a = (min(max(t.centerx, r.left), r.right), min(max(t.centery, r.top), r.bottom))
        dx, dy = a[0] - t.centerx, a[1] - t.centery
        n = math.hypot(dx, dy) or 1.0
        rim = min(t.width, t.height) / 2
        return a, (round(t.centerx + dx * rim / n), round(t.centery + dy * rim / n))

    def _leader(self, r: "pygame.Rect", t: "pygame.Rect") -> None:
        """A line from the label to what it names."""
        a, b = self._line(r, t)
        pygame.draw.line(self.s, (235, 235, 235), a, b, 1)
        pygame.draw.circle(self.s, (235, 235, 235), b, 3)
        self.leaders.append((a, b))

    def _box(self, r: "pygame.Rect", rows: list[str], border) -> None:
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        box.fill((20, 24, 22, 215))
        self.s.blit(box, r.topleft)
        pygame.draw.rect(self.s, border, r, 1)
        for i, row in enumerate(rows):
            img = self.f.render(row, True, (255, 255, 255))
            self.s.blit(img, (r.x + (r.width - img.get_width()) // 2, r.y + 2 + i * self.f.get_linesize()))


def _zone(s: "pygame.Surface", o: dict, pts: list[tuple[int, int]]) -> None:
    """A hand zone: a thin outline in its seat's colour; a hidden zone: tinted, hatched and
    outlined in the colour that sees inside."""
    colour = SEAT_COLOURS.get(o.get("FogColor", ""), (200, 200, 200))
    box = pygame.Rect(min(p[0] for p in pts), min(p[1] for p in pts), 1, 1)
    box.width, box.height = max(p[0] for p in pts) - box.x + 1, max(p[1] for p in pts) - box.y + 1
    if o["Name"] == "FogOfWarTrigger":
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in pts]
        pygame.draw.polygon(layer, colour + (55,), local)
        hatch = pygame.Surface(box.size, pygame.SRCALPHA)
        for k in range(-box.height, box.width, 9):
            pygame.draw.line(hatch, colour + (150,), (k, box.height), (k + box.height, 0), 2)
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        layer.blit(hatch, (0, 0))
        s.blit(layer, box.topleft)
        pygame.draw.polygon(s, colour, pts, 2)
    else:
        pygame.draw.polygon(s, colour, pts, 2)


def draw_save(save: dict, files: Files, *, width: int = 1600, title: str = "") -> "pygame.Surface":
    drawn = list(pieces(save["ObjectStates"]))
    objs = [o for o, _ in drawn]
    outlines = [_piece_outline(o, parts, files) for o, parts in drawn]
    xs = [x for pts in outlines for x, _ in pts]
    zs = [z for pts in outlines for _, z in pts]
    margin = 3.0
    x0, x1, z0, z1 = min(xs) - margin, max(xs) + margin, min(zs) - margin, max(zs) + margin
    ppu = width / (x1 - x0)
    height = int((z1 - z0) * ppu) + TITLE_H
    s = pygame.Surface((width, height))
    s.fill(FELT)

    def px(x: float, z: float) -> tuple[int, int]:
        return int((x - x0) * ppu), int(TITLE_H + (z1 - z) * ppu)

    def rect_of(pts) -> "pygame.Rect":
        p = [px(x, z) for x, z in pts]
        left, top = min(q[0] for q in p), min(q[1] for q in p)
        return pygame.Rect(left, top, max(q[0] for q in p) - left + 1, max(q[1] for q in p) - top + 1)

    if title:
        draw.text_block(s, [title], (10, 8, width - 240, 30), size=30, colour=(255, 255, 255))
    labels: list[Label] = []
    counts: list[tuple["pygame.Rect", str]] = []
    obstacles: list["pygame.Rect"] = []
    # zones first (they are outlines round what lies in them), then the rest lowest first,
    # so what lies on top is drawn last
    order = sorted(range(len(objs)), key=lambda i: (objs[i]["Name"] not in ZONES, objs[i]["Transform"]["posY"]))
    for i in order:
        o, pts = objs[i], outlines[i]
        t = o["Transform"]
        w, d = footprint(o, files)
        cx, cy = px(t["posX"], t["posZ"])
        angle = -(t["rotY"] - 180.0)
        name = o["Name"]
        box = rect_of(pts)
        if name in ZONES:
            _zone(s, o, [px(x, z) for x, z in pts])
            obstacles.append(box)
            labels.append(Label([o.get("Nickname") or name], box,
                                SEAT_COLOURS.get(o.get("FogColor", ""), (200, 200, 200)),
                                shape=[px(x, z) for x, z in pts]))
            continue
        obstacles.append(box)
        if name in ("Custom_Tile", "Custom_Token", "CardCustom", "DeckCustom"):
            img = (files.image(o["CustomImage"]["ImageURL"]) if name.startswith("Custom_T") else _card_face(o, files))
            if not img.get_flags() & pygame.SRCALPHA:          # turned, its corners must stay clear
                alpha = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                alpha.blit(img, (0, 0))
                img = alpha
            img = pygame.transform.smoothscale(img, (max(1, int(w * ppu)), max(1, int(d * ppu))))
            img = pygame.transform.rotate(img, angle)
            s.blit(img, img.get_rect(center=(cx, cy)))
            if name == "DeckCustom":
                counts.append((box, f"{len(o['ContainedObjects'])}"))
        elif name.startswith("Chip_"):
            value = o.get("Value") or dict((n, v) for v, n in CHIPS)[name]
            r = max(2, int(CHIP * ppu / 2))
            pygame.draw.circle(s, CHIP_COLOURS.get(value, (200, 200, 200)), (cx, cy), r)
            pygame.draw.circle(s, (20, 20, 20), (cx, cy), r, 1)
        elif name.startswith("Die_"):
            r = pygame.Rect(0, 0, max(3, int(ppu)), max(3, int(ppu)))
            r.center = (cx, cy)
            pygame.draw.rect(s, (250, 250, 250), r)
            pygame.draw.rect(s, (20, 20, 20), r, 1)
        elif name == "Custom_Model":
            for part in drawn[i][1]:          # each part in its colour, the piece outlined as one
                c = _rgb(part.get("ColorDiffuse", {"r": 0.8, "g": 0.65, "b": 0.45}))
                pygame.draw.polygon(s, c, [px(x, z) for x, z in _outline(part, files)])
            pygame.draw.polygon(s, (20, 20, 20), [px(x, z) for x, z in pts], 1)
        else:
            c = _rgb(o.get("ColorDiffuse", {"r": 0.35, "g": 0.27, "b": 0.2}))
            rad = max(3, int(BAG * ppu / 2))
            pygame.draw.circle(s, c, (cx, cy), rad)
            pygame.draw.circle(s, (20, 20, 20), (cx, cy), rad, 1)
            labels.append(Label(bag_words(o), box))
    places = Labels(s, obstacles, TITLE_H)
    f = draw.font(LABEL_SIZE)
    legend = pygame.Rect(width - 110, 8, 100, 22 * len(save["Turns"]["TurnOrder"]))
    places.reserve(legend)
    places.reserve(pygame.Rect(0, 0, width, TITLE_H))
    for box, text in counts:               # a deck's count, on the deck
        w, h = f.size(text)[0] + 10, f.get_linesize() + 4
        r = pygame.Rect(box.centerx - w // 2, box.centery - h // 2, w, h)
        places._box(r, [text], (230, 230, 230))
        places.reserve(r)
    # the zones' names first (they belong inside their outlines), then the rest
    places.targets = [lb.target for lb in labels]
    for label in sorted(labels, key=lambda lb: (lb.shape is None, lb.target.top, lb.target.left)):
        places.place(label)
    for i, colour in enumerate(save["Turns"]["TurnOrder"]):
        draw.text_block(s, [colour], (width - 110, 8 + i * 22, 100, 22), size=22,
                        colour=SEAT_COLOURS.get(colour, (255, 255, 255)))
    return s


def picture(save_path: Path, out_png: Path, *, base_url: str | None = None, width: int = 1600) -> Path:
    save = json.loads(Path(save_path).read_text(encoding="utf-8"))
    surface = draw_save(save, Files(Path(save_path).parent, base_url), width=width, title=save["SaveName"])
    out_png.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out_png))
    return out_png


#: the side of the thumbnail written beside a save (a square, as the Workshop and TTS's save
#: list show one)
THUMBNAIL_PX = 512


def thumbnail(save: dict, folder: Path, *, base_url: str | None = None) -> bytes:
    """The PNG of a save's table seen from above, fitted into a THUMBNAIL_PX square: TTS shows
    the picture beside a save in its Saves folder (GAME.png beside GAME.json), and a Workshop
    upload needs one. `folder` is where the export's files lie. A save laid out by its script
    (one for every player count) shows its smallest count's table, from the script's state."""
    if not any(o["Name"] == "HandTrigger" for o in save["ObjectStates"]) and save.get("LuaScriptState"):
        state = json.loads(save["LuaScriptState"])
        save = {**save, "ObjectStates": save["ObjectStates"] + state["counts"][0]["objects"]}
    drawn = draw_save(save, Files(Path(folder), base_url), width=1200, title=save["SaveName"])
    w, h = drawn.get_size()
    k = THUMBNAIL_PX / max(w, h)
    small = pygame.transform.smoothscale(drawn, (max(1, round(w * k)), max(1, round(h * k))))
    square = pygame.Surface((THUMBNAIL_PX, THUMBNAIL_PX))
    square.fill(drawn.get_at((0, 0)))
    square.blit(small, ((THUMBNAIL_PX - small.get_width()) // 2, (THUMBNAIL_PX - small.get_height()) // 2))
    from .draw import png
    return png(square)
