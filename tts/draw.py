"""Images for the mod, drawn with pygame from the games' data: card faces and backs,
boards with their spaces named, token faces. No display is needed (plain Surfaces)."""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
import weakref
from collections import OrderedDict
from functools import lru_cache, wraps

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

Colour = tuple[int, int, int]

PAPER: Colour = (244, 238, 224)
INK: Colour = (34, 34, 40)
LINE: Colour = (120, 110, 96)


@lru_cache(maxsize=16)
def font(size: int) -> "pygame.font.Font":
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


#: encoded PNGs by their pixels: most images of an export (card faces, tokens, boards) are
#: the same in the next export of the same game, and encoding is most of an export's time
_PNGS: OrderedDict[tuple, bytes] = OrderedDict()
PNG_CACHE_BYTES = 64 * 1024 * 1024
_png_bytes = 0


#: the pixels() of the drawings `kept` returns, by the drawing itself: they are never drawn on
_DIGESTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
#: the drawings `kept` and `sheet` have handed out
_KEPT: "weakref.WeakSet" = weakref.WeakSet()


def kept(draw_it):
    """A drawing function remembered by its arguments (which must be hashable; lists become
    tuples): an export draws the same faces as the export before it, and the copy it hands
    out is the same Surface, which nobody draws on (copy it first), so its pixels() are
    remembered too. A card is drawn, hashed and encoded once a process."""
    def frozen(v):
        return tuple(frozen(x) for x in v) if isinstance(v, list) else v

    cached = lru_cache(maxsize=2048)(draw_it)

    @wraps(draw_it)
    def drawn(*args, **kw):
        surface = cached(*(frozen(a) for a in args), **{k: frozen(v) for k, v in kw.items()})
        _KEPT.add(surface)
        return surface
    drawn.cache_clear = cached.cache_clear
    return drawn


def pixels(surface: "pygame.Surface") -> tuple:
    """What tells one picture from another: its size, pixel format and a digest of its pixels
    (read in place, not copied: a sheet of cards is tens of megabytes); remembered for a
    drawing `kept` or `sheet` hands out."""
    known = _DIGESTS.get(surface)
    if known is not None:
        return known
    key = _pixels(surface)
    if surface in _KEPT:
        _DIGESTS[surface] = key
    return key


def _pixels(surface: "pygame.Surface") -> tuple:
    try:
        digest = hashlib.sha1(surface.get_view("0")).digest()
    except (ValueError, BufferError):
        digest = hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).digest()
    return surface.get_size(), surface.get_bitsize(), surface.get_masks(), digest


def png(surface: "pygame.Surface", key: tuple | None = None) -> bytes:
    """The surface as PNG bytes; the same pixels are encoded once a process (`key`: its
    `pixels`, when the caller has them)."""
    global _png_bytes
    key = key or pixels(surface)
    data = _PNGS.get(key)
    if data is not None:
        _PNGS.move_to_end(key)
        return data
    data = _encode_png(surface)
    _PNGS[key] = data
    _png_bytes += len(data)
    while _png_bytes > PNG_CACHE_BYTES:
        _, old = _PNGS.popitem(last=False)
        _png_bytes -= len(old)
    return data


def _encode_png(surface: "pygame.Surface") -> bytes:
    """8-bit RGB (RGBA where the surface has alpha) PNG, each row unfiltered, deflated at
    zlib's default level: for an export's 77 images (14 Mpx) 0.19 s and 599 kB, where
    pygame's `image.save` took 0.37 s for 687 kB."""
    alpha = surface.get_masks()[3] != 0
    fmt, colour_type = ("RGBA", 6) if alpha else ("RGB", 2)
    w, h = surface.get_size()
    raw = memoryview(pygame.image.tobytes(surface, fmt))
    stride = w * len(fmt)
    rows = b"".join(b"\0" + raw[y * stride:(y + 1) * stride] for y in range(h))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def wrap(words: list[str], f: "pygame.font.Font", width: int) -> list[str]:
    """The words in rows no wider than `width` in font `f`, as many on a row as fit (a word
    wider than the width on a row of its own); the last row always, even when empty."""
    out, row = [], ""
    for word in words:
        trial = f"{row} {word}".strip()
        if f.size(trial)[0] <= width or not row:
            row = trial
        else:
            out.append(row)
            row = word
    return out + [row]


def text_block(surface, lines, rect, *, size: int = 28, colour: Colour = INK, centre: bool = False) -> None:
    """Lines of text, wrapped to the rect's width and cut at its bottom."""
    x, y, w, h = rect
    f = font(size)
    out = [row for line in lines for row in wrap(str(line).split(" "), f, w)]
    step = f.get_linesize()
    for i, row in enumerate(out):
        if (i + 1) * step > h:
            break
        img = f.render(row, True, colour)
        dx = (w - img.get_width()) // 2 if centre else 0
        surface.blit(img, (x + dx, y + i * step))


#: cards are drawn at this many pixels a point of their 250 × 350 layout: 500 × 700 px, so
#: that a TTS card (2.2 × 3.1 units) held up to read on a 1080p screen is not blown up
CARD_RES = 2


@kept
def card(title: str, lines: list[str], *, size=(250, 350), colour: Colour = PAPER, band: Colour = (60, 90, 150),
         footer: str = "") -> "pygame.Surface":
    """A card face: a coloured band with the title, the lines below, a footer (e.g. "reconstructed");
    `size` is the layout's, drawn CARD_RES times as fine."""
    r = CARD_RES
    w, h = size[0] * r, size[1] * r
    s = pygame.Surface((w, h))
    s.fill(colour)
    pygame.draw.rect(s, band, (0, 0, w, 56 * r))
    text_block(s, [title], (8 * r, 12 * r, w - 16 * r, 40 * r), size=34 * r, colour=(255, 255, 255), centre=True)
    text_block(s, lines, (12 * r, 68 * r, w - 24 * r, h - 110 * r), size=28 * r)
    if footer:
        text_block(s, [footer], (8 * r, h - 34 * r, w - 16 * r, 30 * r), size=20 * r, colour=LINE, centre=True)
    pygame.draw.rect(s, LINE, (0, 0, w, h), 3 * r)
    return s


#: a square lot card's face (88 × 88 mm): 400 px, about 4.5 px a mm, so its words read at a
#: card's size on a 1080p screen
LOT_PX = 400


@kept
def lot_card(title: str, lines: list[str], outlines: list[tuple[float, float]], *, card_mm: float = 88.0,
             colour: Colour = PAPER, band: Colour = (60, 90, 150), footer: str = "") -> "pygame.Surface":
    """A square lot card: the title band, the lines, and along its bottom edge the lot's
    outlines drawn as dark boxes where they lie across the card (mm from its left edge)."""
    w = h = LOT_PX
    s = pygame.Surface((w, h))
    s.fill(colour)
    pygame.draw.rect(s, band, (0, 0, w, 70))
    text_block(s, [title], (10, 14, w - 20, 50), size=44, colour=(255, 255, 255), centre=True)
    text_block(s, lines, (18, 86, w - 36, h - 200), size=36)
    px = (w - 24) / card_mm
    for a, b in outlines:
        rect = (12 + round(a * px), h - 96, max(4, round((b - a) * px)), 46)
        pygame.draw.rect(s, (40, 40, 40), rect)
        pygame.draw.rect(s, (250, 250, 250), rect, 3)
    if footer:
        text_block(s, [footer], (10, h - 44, w - 20, 36), size=26, colour=LINE, centre=True)
    pygame.draw.rect(s, LINE, (0, 0, w, h), 4)
    return s


@kept
def back(title: str, *, size=None, colour: Colour = (60, 90, 150)) -> "pygame.Surface":
    """A card's back: its colour and a title; a card's size (CARD_RES) unless told."""
    r = CARD_RES if size is None else max(1, round(size[0] / 250))
    w, h = size or (250 * r, 350 * r)
    s = pygame.Surface((w, h))
    s.fill(colour)
    pygame.draw.rect(s, (255, 255, 255), (10 * r, 10 * r, w - 20 * r, h - 20 * r), 3 * r)
    text_block(s, [title], (16 * r, h // 2 - 40 * r, w - 32 * r, 90 * r), size=40 * r, colour=(255, 255, 255),
               centre=True)
    return s


@kept
def board(title: str, spaces: list[tuple[str, tuple[float, float, float, float]]], *, size=(1200, 800),
          colour: Colour = PAPER, note: str = "") -> "pygame.Surface":
    """A board: the title at the top, and each space as a labelled box at (x, y, w, h) given
    as fractions of the area below the title."""
    w, h = size
    s = pygame.Surface(size)
    s.fill(colour)
    text_block(s, [title], (16, 10, w - 32, 50), size=48, centre=True)
    top = 64
    area_h = h - top - (30 if note else 8)
    for label, (fx, fy, fw, fh) in spaces:
        r = (int(8 + fx * (w - 16)), int(top + fy * area_h), int(fw * (w - 16)), int(fh * area_h))
        pygame.draw.rect(s, LINE, r, 2)
        text_block(s, [label], (r[0] + 4, r[1] + 4, r[2] - 8, r[3] - 8), size=24)
    if note:
        text_block(s, [note], (16, h - 28, w - 32, 26), size=20, colour=LINE, centre=True)
    pygame.draw.rect(s, LINE, (0, 0, w, h), 4)
    return s


@kept
def disc(label: str, colour: Colour, *, size: int = 128, ink: Colour = (255, 255, 255)) -> "pygame.Surface":
    """A round token face with a short label (transparent outside the circle)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(s, colour + (255,), (size // 2, size // 2), size // 2 - 2)
    pygame.draw.circle(s, (30, 30, 30, 255), (size // 2, size // 2), size // 2 - 2, 3)
    text_block(s, [label], (8, size // 2 - 20, size - 16, 44), size=36, colour=ink, centre=True)
    return s


@kept
def square(label: str, colour: Colour, *, size=(160, 160), ink: Colour = INK) -> "pygame.Surface":
    s = pygame.Surface(size)
    s.fill(colour)
    pygame.draw.rect(s, LINE, (0, 0, *size), 3)
    text_block(s, [label], (8, 8, size[0] - 16, size[1] - 16), size=30, colour=ink, centre=True)
    return s


#: sheets of kept faces, by the faces (held, so that their ids stay theirs) and the columns
_SHEETS: OrderedDict = OrderedDict()


def sheet(faces: list["pygame.Surface"], columns: int) -> "pygame.Surface":
    """Card faces on one sheet, `columns` wide, in reading order (TTS's deck layout); a
    sheet of faces that `kept` drew is remembered, as they are."""
    if all(f in _KEPT for f in faces):
        key = (tuple(id(f) for f in faces), columns)
        have = _SHEETS.get(key)
        if have is not None:
            _SHEETS.move_to_end(key)
            return have[1]
        made = _sheet(faces, columns)
        _KEPT.add(made)
        _SHEETS[key] = (tuple(faces), made)
        if len(_SHEETS) > 256:
            _SHEETS.popitem(last=False)
        return made
    return _sheet(faces, columns)


def _sheet(faces: list["pygame.Surface"], columns: int) -> "pygame.Surface":
    w, h = faces[0].get_size()
    rows = -(-len(faces) // columns)
    s = pygame.Surface((w * columns, h * rows))
    s.fill((0, 0, 0))
    for i, f in enumerate(faces):
        s.blit(f, ((i % columns) * w, (i // columns) * h))
    return s
