"""Sizes on the Tabletop Simulator table, in one place.

TTS measures in units; its own documentation speaks of inches, so one unit is taken as
25.4 mm. The models are written in units (a 20 mm cube is 0.787 units a side) and placed
at scale 1, so their size in the mod is the physics' size.

Flat objects (tiles, cards, chips) are sized by TTS from their image and their scale;
the factors below are what TTS draws at scale 1 as far as we could tell (approximate:
check in TTS and correct them here if a board comes out too big or small). The picture
of a layout (`tts.picture`) uses the same figures, so it shows what the layout meant.
"""

from __future__ import annotations

MM_PER_UNIT = 25.4
#: a Custom_Tile at scale 1 spans this many units along its image's width (x); its depth (z)
#: follows the image's height to width ratio
TILE_WIDTH = 2.0
#: a card at scale 1: width and height in units (TTS's standard card). A card takes the shape
#: of its sheet's cells ("square or rectangular depending on the card sheet", TTS's Knowledge
#: Base, Custom Deck): a card of square cells is taken to keep the width, CARD[0] a side
#: (approximate, as the rest: check in TTS)
CARD = (2.2, 3.1)
#: a poker chip's diameter at scale 1
CHIP = 1.4
#: how high a stacked chip sits above the one below
CHIP_STEP = 0.12
#: a Custom_Token at scale 1 spans this many units along its image's width
TOKEN_WIDTH = 2.0
#: a bag's footprint at scale 1 (a square, for the layout and the picture)
BAG = 2.2


def units(mm: float) -> float:
    return mm / MM_PER_UNIT

#: TTS's Rigidbody mass per gram (see grams_to_mass)
MASS_PER_GRAM = 0.1


def grams_to_mass(grams: float) -> float:
    """A piece's mass in TTS's Rigidbody units, which TTS calls arbitrary (its objects weigh 1
    unless told, and masses should lie within 100 times of each other: TTS's Knowledge Base,
    Physics and Save File Format). One unit is taken as 10 g, so the wooden pieces (2-40 g)
    and the drinks weigh about what TTS's own objects do, in the physics' proportions."""
    return grams * MASS_PER_GRAM
