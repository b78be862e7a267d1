"""What several layouts share: drinks, Jutaku pieces, lot cards, architect markers, yen.

Every maker takes the Table, a place (x, z) and the usual object keywords (rot, put,
nickname, description, tags, locked) and returns the object it made. Drinks and pieces
are models of the physics' own profiles; lot cards are drawn from assets/jutaku_lots.toml.
"""

from __future__ import annotations

from functools import lru_cache

from core import assets
from core.components import ARCHITECTS, DrinkSet, roman_pieces
from core.words import count_words
from physics.practice.palette import DRINK_FILL, WOOD

from .. import draw
from ..table import Table, reconstructed

#: architect marker colours, in ARCHITECTS' order (ours: the box's markers are not described)
ARCHITECT_COLOURS = ((200, 60, 60), (60, 110, 200), (230, 200, 60), (70, 160, 90),
                     (150, 80, 170), (240, 140, 40), (240, 240, 240), (60, 60, 60))


def table_of(match) -> dict:
    """What lies where in `match`, all of it, as its rules' `table` says (plain data of its own,
    documented there): the one place a layout reads the match's position."""
    return match.rules.table(match.state)


@lru_cache(maxsize=1)
def drink_set() -> DrinkSet:
    return DrinkSet.from_asset(assets.load("drinks.toml"))


@lru_cache(maxsize=1)
def drink_depth() -> float:
    return float(assets.load("drinks.toml").get("depth_mm", 14))


def drink(t: Table, index: int, x: float, z: float, **kw) -> dict:
    """Drink `index` (colour*6 + shape) as a model of its shape, tinted its colour."""
    from physics.vending import machine
    ds = drink_set()
    c, s = divmod(index, 6)
    body = machine().drinks[s]
    depth = drink_depth()
    kw.setdefault("nickname", f"{ds.label(index)} ({ds.code(index)})")
    kw.setdefault("description", "A JIDOHANBAIKI drink. " + reconstructed(
        "its size and shape", "assets/drinks.toml"))
    kw.setdefault("tags", ("drink", ds.colours[c].id, ds.shapes[s].id))
    return t.model(f"drink-{ds.shapes[s].id}", body.parts(), depth, x, z, colour=DRINK_FILL[c],
                   mass_g=body.mass, **kw)


def piece(t: Table, piece_id: str, x: float, z: float, *, tint: int = 0, **kw) -> dict:
    """A wooden Jutaku piece as a model of its physics profile."""
    from physics.pieces import catalogue
    cat = catalogue()
    p = cat[piece_id]
    kw.setdefault("nickname", f"{p.kind} {piece_id}")
    kw.setdefault("description", "A TOKYO JUTAKU wooden piece. " + reconstructed(
        "its shape, size and mass", "assets/jutaku_pieces.toml"))
    kw.setdefault("tags", ("piece", p.kind))
    return t.model(f"piece-{piece_id}", [list(part) for part in p.parts], cat.depth, x, z,
                   colour=WOOD[tint % len(WOOD)], mass_g=p.mass_g, **kw)


def architect(t: Table, index: int, x: float, z: float, **kw) -> dict:
    """Architect marker `index` (004:12-19) as a round token with the architect's initials."""
    name = ARCHITECTS[index]
    initials = "".join(w[0] for w in name.split())
    kw.setdefault("nickname", name)
    kw.setdefault("description", f"The architect marker of {name} (004:12-19). "
                  + reconstructed("its colour", "tts/layouts/common.py"))
    kw.setdefault("tags", ("architect",))
    return t.token(f"architect-{index}", draw.disc(initials, ARCHITECT_COLOURS[index]), x, z, 1.0, **kw)


@lru_cache(maxsize=1)
def lots() -> dict:
    return assets.load("jutaku_lots.toml")


def lot_lines(side: dict) -> list[str]:
    outlines = ", ".join(f"{a}-{b} mm" for a, b in side.get("outlines", []))
    return [count_words(side["floors"], "floor"), f"{side['numeral']} = {roman_pieces(side['numeral'])} pieces",
            f"¥{int(side['yen']):,}", f"lot: {outlines}"]


def lot_face(card: dict, *, white: bool = False, square: bool = False):
    """A lot card's side as drawn for the mod: its blue side, or its white side (`back`);
    `square`: as the card is (88 × 88 mm, draw.LOT_PX), its outlines drawn along the bottom, for a
    card laid square (Tokyo Jutaku, Countdown, Bottle Bonus); else card-shaped (250 × 350 px)."""
    side = card.get("back", card) if white else card
    colour, band = ((250, 250, 250), (110, 110, 110)) if white else ((210, 226, 246), (50, 90, 170))
    footer = "Roppongi" if card.get("roppongi") else ""
    if square:
        return draw.lot_card(card["district"].title(), lot_lines(side)[:3],
                             [(float(a), float(b)) for a, b in side.get("outlines", [])],
                             colour=colour, band=band, footer=footer)
    return draw.card(card["district"].title(), lot_lines(side), colour=colour, band=band, footer=footer)


def lot_sides(card: dict, *, white: bool = False, square: bool = False):
    """(the side up, the side down) of a lot card: a card has both its sides drawn, so turning
    it over shows its other side (Bottle Bonus's black drink: 004:83)."""
    return lot_face(card, white=white, square=square), lot_face(card, white=not white, square=square)


def lot_description(card: dict) -> str:
    source = str(card.get("source", "reconstructed"))
    words = f"Lot card {card['id']} ({card['district']}). Source: {source}."
    if "reconstructed" in source:
        words += " " + reconstructed("its floors, pieces, yen and outlines", "assets/jutaku_lots.toml")
    return words


def lot_cards(ids: list[str]) -> list[dict]:
    by_id = {c["id"]: c for c in lots()["cards"]}
    return [by_id[i] for i in ids]
