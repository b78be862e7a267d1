"""A picture of an exported layout seen from above, drawn from the save file alone (and
the images and models it names), so it shows what TTS will be given.

White's side of the table is at the bottom. Tiles, tokens and cards are drawn with their
own images, turned as they lie; chips are coloured by value, models are their footprint
in their colour, bags a labelled circle.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from urllib.parse import unquote, urlparse

from . import draw
from .table import CHIPS
from .units import BAG, CARD, CHIP, TILE_WIDTH, TOKEN_WIDTH

import pygame  # noqa: E402  (draw sets pygame's environment first)

CHIP_COLOURS = {1000: (200, 170, 60), 500: (140, 60, 160), 100: (40, 90, 200), 50: (40, 150, 70), 10: (220, 220, 220)}
SEAT_COLOURS = {"White": (250, 250, 250), "Red": (220, 40, 40), "Yellow": (240, 210, 40), "Green": (40, 170, 60),
                "Blue": (40, 90, 220), "Purple": (140, 50, 170), "Orange": (240, 130, 30), "Pink": (240, 120, 180),
                "Teal": (30, 170, 160), "Brown": (120, 80, 40)}


class Files:
    """Finds a URL of the save among the exported files."""

    def __init__(self, out: Path, base_url: str | None = None):
        self.out, self.base_url = Path(out), base_url
        self._images: dict[str, "pygame.Surface"] = {}

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


def _model_size(files: Files, url: str) -> tuple[float, float]:
    xs, zs = [], []
    for row in files.path(url).read_text(encoding="utf-8").splitlines():
        if row.startswith("v "):
            _, x, _, z = row.split()[:4]
            xs.append(float(x))
            zs.append(float(z))
    return max(xs) - min(xs), max(zs) - min(zs)


def footprint(o: dict, files: Files) -> tuple[float, float]:
    t = o["Transform"]
    name = o["Name"]
    if name in ("Custom_Tile", "Custom_Token"):
        img = files.image(o["CustomImage"]["ImageURL"])
        w = (TILE_WIDTH if name == "Custom_Tile" else TOKEN_WIDTH) * t["scaleX"]
        return w, w * img.get_height() / img.get_width()
    if name in ("CardCustom", "DeckCustom"):
        return CARD[0] * t["scaleX"], CARD[1] * t["scaleZ"]
    if name.startswith("Chip_"):
        return CHIP, CHIP
    if name.startswith("Die_"):
        return 1.0, 1.0
    if name == "Custom_Model":
        w, d = _model_size(files, o["CustomMesh"]["MeshURL"])
        return w * t["scaleX"], d * t["scaleZ"]
    return BAG, BAG


def _card_face(o: dict, files: Files) -> "pygame.Surface":
    card = o["ContainedObjects"][0] if o["Name"] == "DeckCustom" else o
    deck = card["CustomDeck"][str(card["CardID"] // 100)]
    if o["Transform"].get("rotZ") == 180.0:
        return files.image(deck["BackURL"])
    sheet = files.image(deck["FaceURL"])
    w, h = sheet.get_width() // deck["NumWidth"], sheet.get_height() // deck["NumHeight"]
    i = card["CardID"] % 100
    return sheet.subsurface(((i % deck["NumWidth"]) * w, (i // deck["NumWidth"]) * h, w, h))


def draw_save(save: dict, files: Files, *, width: int = 1600, title: str = "") -> "pygame.Surface":
    objs = save["ObjectStates"]
    boxes = []
    for o in objs:
        w, d = footprint(o, files)
        t = o["Transform"]
        r = math.hypot(w, d) / 2
        boxes.append((t["posX"] - r, t["posZ"] - r, t["posX"] + r, t["posZ"] + r))
    x0 = min(b[0] for b in boxes) - 2
    z0 = min(b[1] for b in boxes) - 2
    x1 = max(b[2] for b in boxes) + 2
    z1 = max(b[3] for b in boxes) + 2
    ppu = width / (x1 - x0)
    height = int((z1 - z0) * ppu) + 40
    s = pygame.Surface((width, height))
    s.fill((70, 90, 80))

    def px(x: float, z: float) -> tuple[int, int]:
        return int((x - x0) * ppu), int(40 + (z1 - z) * ppu)

    if title:
        draw.text_block(s, [title], (10, 8, width - 20, 30), size=30, colour=(255, 255, 255))
    # lowest first, so what lies on top is drawn last
    for o in sorted(objs, key=lambda o: o["Transform"]["posY"]):
        t = o["Transform"]
        w, d = footprint(o, files)
        cx, cy = px(t["posX"], t["posZ"])
        angle = -(t["rotY"] - 180.0)
        name = o["Name"]
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
                draw.text_block(s, [f"{len(o['ContainedObjects'])}"], (cx - 20, cy - 12, 40, 24), size=24,
                                colour=(255, 255, 255), centre=True)
        elif name.startswith("Chip_"):
            value = o.get("Value") or dict((n, v) for v, n in CHIPS)[name]
            pygame.draw.circle(s, CHIP_COLOURS.get(value, (200, 200, 200)), (cx, cy), max(2, int(CHIP * ppu / 2)))
            pygame.draw.circle(s, (20, 20, 20), (cx, cy), max(2, int(CHIP * ppu / 2)), 1)
        elif name.startswith("Die_"):
            r = pygame.Rect(0, 0, max(3, int(ppu)), max(3, int(ppu)))
            r.center = (cx, cy)
            pygame.draw.rect(s, (250, 250, 250), r)
            pygame.draw.rect(s, (20, 20, 20), r, 1)
        elif name == "Custom_Model":
            c = o.get("ColorDiffuse", {"r": 0.8, "g": 0.65, "b": 0.45})
            rect = pygame.Surface((max(1, int(w * ppu)), max(1, int(d * ppu))), pygame.SRCALPHA)
            rect.fill((int(c["r"] * 255), int(c["g"] * 255), int(c["b"] * 255), 255))
            pygame.draw.rect(rect, (20, 20, 20, 255), rect.get_rect(), 1)
            rect = pygame.transform.rotate(rect, angle)
            s.blit(rect, rect.get_rect(center=(cx, cy)))
        else:
            c = o.get("ColorDiffuse", {"r": 0.35, "g": 0.27, "b": 0.2})
            rad = max(3, int(BAG * ppu / 2))
            pygame.draw.circle(s, (int(c["r"] * 255), int(c["g"] * 255), int(c["b"] * 255)), (cx, cy), rad)
            label = f"{o.get('Nickname', '')} ({len(o.get('ContainedObjects', []))})"
            draw.text_block(s, [label], (cx - rad * 2, cy + rad, rad * 4, 40), size=20, colour=(255, 255, 255),
                            centre=True)
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
