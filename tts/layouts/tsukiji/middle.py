"""The middle rows between the fish and the external markets: the decks of markets not in play
(face down, or face up in the open order), the auction bag(s), the place of a lot up for
auction, the collapse markers, the general supply of yen and the box (a bag per kind of piece).
"""

from __future__ import annotations

from games.tsukiji.data import BASE_EXTERNAL, BASE_FISH, BOAT_TYPES, EXTERNAL, FISH
from games.tsukiji.state import BERTHS

from ... import draw
from ..tsukiji_pieces import STATIC
from .placing import fail
from .words import Words

BAG_ROOM = 4.4                     # a bag's width in the middle rows (its name shows beneath it in the picture)


class Middle:
    """Mixed into layout.Layout."""

    # ---- the middle: markets not in play, bags, the supply, the box -------------------------

    def market_card(self, mid: str, n: int | None):
        w = Words(self.R, mid)
        kind = "fish" if mid in FISH else "external"
        lines = [f"{kind} market", w.data.get("german", ""), w.entry()]
        nick = w.data["name"] if n is None else f"{n}. {w.data['name']}"
        desc = f"The {w.data['name']} {kind} market, not in play: it comes in as the rules say (000:355)."
        if n is not None:
            desc += f" Open market order: it comes {n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }."
        face = draw.card(w.data["name"], lines, band=(50, 110, 160) if kind == "fish" else (150, 100, 50),
                         colour=(236, 244, 250) if kind == "fish" else (248, 240, 226))
        return face, nick, desc, ("market card", mid, f"{kind} market")

    def deck(self, deck_id: int, name: str, faces, x: float, z: float, *, face_down: bool, description: str,
             tags) -> dict:
        o = self.t.deck(deck_id, name.replace(" ", "-"), faces, draw.back("Tsukiji market"), x, z,
                        face_down=face_down, description=description, tags=tags)
        if o["Name"] == "DeckCustom":
            o["Nickname"] = name.capitalize()
        return o

    def middle_items(self) -> list:
        """What lies between the fish and the external markets: (width, maker(x, z))."""
        tab, t = self.tab, self.t
        row1, row2 = [], []
        for deck_id, kind, pool in ((10, "fish", FISH if tab["expansion"] else BASE_FISH),
                                    (20, "external", EXTERNAL if tab["expansion"] else BASE_EXTERNAL)):
            live = tab["pool"][kind]
            rest = [m for m in pool if m not in tab["fish"] and m not in tab["ext"]]
            if tab["order"] is not None:
                order = [m for m in tab["order"].get(kind, []) if m in live]
                order += [m for m in live if m not in order]
            else:
                order = live
            faces = [self.market_card(m, i + 1 if tab["order"] is not None else None) for i, m in enumerate(order)]
            if faces:
                name = f"{kind} markets not in play"
                row1.append((3.0, lambda x, z, faces=faces, name=name, deck_id=deck_id, kind=kind: self.deck(
                    deck_id, name, faces, x, z, face_down=tab["order"] is None,
                    description=("Face up, in the order they come into play (000:628)." if tab["order"] is not None
                                 else "Face down: a new one is drawn at random when needed (000:355)."),
                    tags=("market deck", kind))))
            unused = [m for m in rest if m not in live]
            if unused:
                faces = [self.market_card(m, None) for m in unused]
                row1.append((3.0, lambda x, z, faces=faces, deck_id=deck_id: self.deck(
                    deck_id + 5, "markets not used in this game", faces, x, z, face_down=False,
                    description="Not used with this many players: the Auction needs at least 3 (000:23).",
                    tags=("market deck", "unused"))))
        for f in FISH:
            if f in tab["bags"] or (f in tab["fish"] and self.markets[f]["bag"]):
                items = list(tab["bags"].get(f, []))
                name = self.P.fish_name(f)
                row1.append((BAG_ROOM, lambda x, z, items=items, name=name, f=f: t.bag(
                    f"Auction bag: {name}", [self.P.token(k, put=False) for k in items], x, z,
                    tags=("auction bag", f), colour=(40, 60, 120),
                    description=f"The {name} tokens in the auction bag (000:40, 000:414). In the box they "
                                "share one bag; here each fish has its own, so that a random draw of that "
                                "fish's token works.")))
        if tab["bid"] and tab["bid"].get("lot"):
            row1.append((3.2, self.lot_place))  # the lot up for auction: laid by lay_in_progress
        for value in (1000, 500, 100):
            row2.append((BAG_ROOM, lambda x, z, value=value: t.yen_supply(x, z, values=(value,))))
        box = tab["box"]
        P = self.P
        contents = {
            "barrels": [P.barrel(f, put=False) for f in FISH for _ in range(box["barrels"].get(f, 0))],
            "fish tokens": [P.token(k, put=False) for k in sorted(box["tokens"], key=lambda k: self.kind_order.get(
                k, 999)) for _ in range(box["tokens"][k])],
            "licences": [P.licence(f, put=False) for f in FISH for _ in range(box["licences"].get(f, 0))],
            "boats": [P.boat(b, put=False) for b in BOAT_TYPES for _ in range(box["boats"].get(b, 0))],
            "other pieces": [P.static(k, put=False) for k in STATIC for _ in range(
                box.get(k, 0))],
        }
        for key in ("barrels", "tokens", "licences", "boats"):
            unknown = set(box[key]) - set(FISH if key != "tokens" else self.kind_order) if key != "boats" else \
                set(box[key]) - set(BOAT_TYPES)
            if any(box[key].get(k) for k in unknown):
                fail(f"the box holds {key} of {sorted(unknown)[0]!r}")
        markers = []
        for f in ("eel", "swordfish"):
            if f not in tab["fish"] and (f in BASE_FISH or tab["expansion"]):
                markers.append(P.marker("value marker", "V", (235, 225, 200), put=False,
                                        nickname=f"value marker of {P.fish_name(f)}",
                                        description="For its market's value track, when it comes into play.",
                                        extra=(f,)))
        if tab["expansion"] or tab["collapse"]:  # the expansion's collapse markers: a supply when the variant is played
            n = self.box_numbers["collapse_markers"] - len(tab["collapsed"])
            collapse = [P.marker("collapse marker", "COLLAPSE", (200, 60, 60), put=False, size=1.0, square=True,
                                 nickname="collapse marker", description="For a market that collapses (000:594).")
                        for _ in range(max(0, n))]
            if tab["collapse"] and collapse:
                row1.append((BAG_ROOM, lambda x, z: t.bag(
                    "Collapse markers", collapse, x, z, tags=("collapse markers",), colour=(150, 50, 50),
                    description="The collapse markers' supply beside the markets (000:592); one goes on each "
                                "market that collapses (000:594).")))
            else:
                markers += collapse
        covers = []
        for k, berth in enumerate(BERTHS[1:], start=1):
            used = sum(1 for st in tab["seats"] if st["berths"] <= k)
            covers += [self.cover(berth, put=False, nickname=f"{berth} berth cover", description="Not in use.",
                                  extra=(berth,))
                       for _ in range(max(0, self.box_numbers["harbours"] - used))]
        contents["markers, covers"] = markers + covers
        for name, items in contents.items():
            if items:
                row2.append((BAG_ROOM, lambda x, z, name=name, items=items: t.bag(
                    f"Box: {name}", items, x, z, tags=("box", name), colour=(120, 100, 70),
                    description=f"The {name} not in play (in the box). Pieces go here when the rules say "
                                "they go into the box.")))
        return row1 + row2

    def lot_place(self, x: float, z: float) -> None:
        self.lot_xz = (x, z)
