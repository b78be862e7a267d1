"""Chocolate Milk (004:247-269) on the TTS table: nine lot cards in a 3×3 grid with their
drinks, the architects on the centre card, the six colour and six shape cards in two rows
with the yen on each, every player's yen and crate in front of them, the drinks not on the
table in the box's bag, the crates left in the box, and the two dice for refills: what lies where as
the rules' `table` says it (games/chocolate_milk/rules.py), never the position itself."""

from __future__ import annotations

from .. import draw
from ..table import COLOURS, Table, reconstructed, seat as seat_at
from .common import architect, drink, drink_set, lot_cards, lot_description, lot_sides, lots, table_of

CARD_STEP = 3.4


def crate(t: Table, x: float, z: float, **kw) -> dict:
    kw.setdefault("nickname", "crate")
    kw.setdefault("description", "A JIDOHANBAIKI crate: holds 6 drinks (004:259). "
                  + reconstructed("its look", "tts/layouts/chocolate_milk.py"))
    kw.setdefault("tags", ("crate",))
    return t.tile("crate", draw.square("crate", (170, 130, 80)), x, z, 2.4, thickness=0.3, **kw)


def lay_out(match, t: Table) -> None:
    tab = table_of(match)
    ds = drink_set()
    # the 3×3 grid (004:249): any nine lot cards, blue side up
    grid = lot_cards([c["id"] for c in lots()["cards"]][:9])
    places = [((i % 3 - 1) * CARD_STEP, (1 - i // 3) * CARD_STEP * 1.3) for i in range(9)]
    t.cards(1, "lots", [(up, f"lot {i + 1}", lot_description(c), ("lot card",), down)
                        for i, c in enumerate(grid) for up, down in [lot_sides(c)]], draw.back("lot"), places)
    for x, z in places:
        t.snap(x, z, 180.0, what="lot card")
    for card, drinks in enumerate(tab["grid"]):
        x, z = places[card]
        for k, d in enumerate(drinks):
            drink(t, d, x - 0.6 + k * 1.2, z - 0.6)
    for seat, card in enumerate(tab["at"]):
        x, z = places[card]
        architect(t, seat, x - 0.8 + 0.55 * (seat % 4), z + 0.7 + 0.5 * (seat // 4))
    # the colour cards and the shape cards (004:249) with the yen on them (004:253)
    kinds = list(ds.colours) + list(ds.shapes)
    faces, spots = [], []
    for i, kind in enumerate(kinds):
        row = "colour" if i < 6 else "shape"
        faces.append((draw.card(kind.name, [f"{row} card", f"letter {kind.letter}", f"place {kind.position}"]),
                      f"{kind.name} ({row} card)", f"The {row} card {kind.name}; ¥ on it pays its sellers (004:255).",
                      (f"{row} card",)))
        x, z = -13.0 + (i % 6) * 2.6, (12.0 if i < 6 else 8.2)
        spots.append((x, z))
    t.cards(3, "attribute-cards", faces, draw.back("JIDOHANBAIKI"), spots)
    for x, z in spots:
        t.snap(x, z, 180.0, what=("colour card", "shape card"))
    for (x, z), on_card, kind in zip(spots, tab["cards"], kinds):
        if on_card:
            t.yen(on_card, x, z - 2.2, owner=f"the {kind.name} card")
    # the players: yen and crates (004:249, 004:259)
    for seat in range(tab["players"]):
        place = seat_at(seat, tab["players"])
        spots = [place.at(-2.5 - 1.6 * k, 2.0) for k in range(5)]
        t.yen_stacks(tab["yen"][seat], [(x, z) for x, z, _ in spots], owner=place.colour, rot=spots[0][2])
        for k, held in enumerate(tab["crates"][seat]):
            cx, cz, crot = place.at(2.0 + 2.8 * k, 2.5)
            crate(t, cx, cz, rot=crot, description=f"{place.colour}'s crate {k + 1}. "
                  + reconstructed("its look", "tts/layouts/chocolate_milk.py"))
            for j, d in enumerate(held):
                dx, dz, _ = place.at(1.4 + 2.8 * k + 0.5 * (j % 3), 2.0 + 0.6 * (j // 3))
                drink(t, d, dx, dz, rot=crot)
    # the box: drinks not in play (drawn at random for refills, 004:261) and the crates left
    supply = [t_ for i, n in enumerate(tab["supply"]) for t_ in [i] * n]
    contents = [drink(t, d, 0, 0, put=False) for d in supply]
    t.bag("drinks in the box", contents, 16.0, 0.0, tags=("bag", "drink supply"),
          description="Every drink not on a card or in a crate; refills come from here (004:261-263).")
    t.bag("crates in the box", [crate(t, 0, 0, put=False) for _ in range(tab["crates_left"])], 16.0, 4.0,
          tags=("bag", "crate supply"), description="The crates not yet bought (004:259).")
    t.yen_supply(-19.0, 0.0)
    if tab["refill"] == "dice":
        for k, what in enumerate(("colour", "shape")):
            t.die(13.0 + 1.6 * k, -4.0, nickname=f"{what} die",
                  description=f"The {what} die for refills (004:261-263).", tags=("die",))
    t.note("Set-up", f"{tab['players']} players. Nine lot cards in a 3x3 grid; one drink on each outer card, two "
                     "on the centre (004:249). Everyone: ¥500 and one crate, architect on the centre card. "
                     f"{COLOURS[tab['turn']]} starts (a die decided: whoever last used a vending machine, 004:251).")
