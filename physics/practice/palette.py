"""The practice screens' colours, (r, g, b), shared by the pygame and the terminal drawing."""

BACKGROUND = (244, 239, 226)
INK = (40, 34, 28)
FAINT = (150, 140, 125)
TABLE = (178, 140, 100)
TABLE_EDGE = (120, 88, 58)
CARD = (250, 250, 246)
OUTLINE_ON = (36, 140, 70)
OUTLINE_OFF = (190, 185, 170)
PIECE_EDGE = (70, 45, 25)
ALERT = (215, 30, 30)
GOOD = (30, 130, 60)
GHOST = (214, 200, 170)
MACHINE = (60, 66, 80)
PANEL = (232, 226, 210)
BUTTON = (250, 246, 236)

WOOD = ((222, 184, 135), (205, 160, 105), (232, 200, 150), (190, 145, 95),
        (215, 175, 120), (200, 170, 130))

# The six drink colours in card order (white, mint, black, blue, red, purple).
DRINK_FILL = ((246, 246, 240), (152, 232, 200), (34, 34, 38), (52, 96, 214), (214, 48, 48), (140, 72, 184))
DRINK_TEXT = (INK, INK, (250, 250, 250), (250, 250, 250), (250, 250, 250), (250, 250, 250))


def piece_colour(i: int) -> tuple[int, int, int]:
    """The fill of the i-th placed piece: wood tones in turn, so neighbours differ."""
    return WOOD[i % len(WOOD)]


# The Shopping Spree's crate and goods (physics.crate); drinks keep DRINK_FILL.
CRATE = (70, 110, 160)
CRATE_EDGE = (36, 60, 96)
MARKER = (92, 76, 64)
DOT = (30, 90, 200)
GOOD_FILL = {
    "washer": (236, 238, 242), "dryer": (206, 214, 228),
    "sheets": (250, 250, 252), "pillowcase": (200, 226, 250), "shirt": (120, 180, 230),
    "trousers": (70, 90, 150), "bra": (240, 150, 190), "underpants": (250, 210, 120),
    "socks": (160, 200, 120), "detergent": (250, 140, 40), "magazine": (226, 214, 180),
    "tuna": (196, 56, 72), "crab": (232, 104, 56), "salmon": (246, 150, 120),
}


def good_colour(kind: str) -> tuple[int, int, int]:
    """The fill of a good of this kind (physics.crate): drinks in their colour."""
    if kind.startswith("drink:"):
        return DRINK_FILL[int(kind[6:]) // 6]
    return GOOD_FILL.get(kind, GHOST)


def faded(colour, share: float, towards=BACKGROUND) -> tuple[int, int, int]:
    """`colour` moved `share` (0-1) of the way to `towards`: goods further back in the crate."""
    return tuple(round(c + (t - c) * share) for c, t in zip(colour, towards))
