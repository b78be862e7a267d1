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
