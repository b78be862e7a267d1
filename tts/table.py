"""A TTS save under construction: objects, images, models, snap points, notebook tabs.

A game's layout (see `tts.layouts`) puts things on a `Table`; the Table names every file
it will write (images/…png, models/…obj), hands out GUIDs in a fixed order (the same
game gives the same save, byte for byte) and builds the save as TTS reads it. Every
object carries Tags: its component kind first ("yen", "lot card", "piece", …), so the
tests and a player's search in TTS find the same things; reconstructed values are said
in each object's Description.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from physics.world import ELASTICITY, WOOD_ON_WOOD

from . import draw, models
from .units import CHIP, CHIP_STEP, TILE_WIDTH, TOKEN_WIDTH, grams_to_mass

#: TTS player colours, in the order seats take them
COLOURS = ("White", "Red", "Yellow", "Green", "Blue", "Purple", "Orange", "Pink", "Teal", "Brown")
#: TTS's poker chips by value (their Name), the largest first
CHIPS = ((1000, "Chip_1000"), (500, "Chip_500"), (100, "Chip_100"), (50, "Chip_50"), (10, "Chip_10"))
TABLE_Y = 1.0                     # the table top (objects rest a little above it and drop)
RX, RZ = 30.0, 21.0               # the ellipse the seats sit on
#: a seat's hand zone (TTS's HandTrigger: where the seat's private cards are, and the seat
#: itself): behind the seat's things, on the seat's local axes (Seat.at), and its size
HAND_AT = (-1.5, -4.7)
HAND_SIZE = (9.0, 5.0, 2.6)       # width across, height, depth (units)
#: a seat's hidden zone for a sealed decision (a bid, a sealed price): beside its hand
SECRET_AT = (5.5, -4.7)
SECRET_SIZE = (4.0, 3.0, 2.6)
#: the most pixels an image may span either way (TTS's Knowledge Base, Asset Creation: 4096)
SHEET_PX = 4096
#: a character a file name may hold: TTS loads files by URL, and these need no escaping
URL_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


class LayoutError(Exception):
    """A game that cannot be laid out (yet): one line for the user, nothing written."""


@dataclass(frozen=True)
class Seat:
    """A seat's place at the table: local x to the player's right, z towards the centre."""
    index: int
    colour: str
    x: float
    z: float
    angle: float                  # of the seat on the ellipse, degrees

    def at(self, dx: float, dz: float) -> tuple[float, float, float]:
        """World x, z and the rotation (rotY) that faces this player, for a local place."""
        t = math.radians(self.angle)
        ux, uz = -math.cos(t), -math.sin(t)      # towards the centre
        rx, rz = uz, -ux                         # the player's right
        return self.x + dx * rx + dz * ux, self.z + dx * rz + dz * uz, (90.0 - self.angle) % 360


def seat(index: int, players: int) -> Seat:
    angle = -90.0 - index * 360.0 / players
    t = math.radians(angle)
    return Seat(index, COLOURS[index], RX * math.cos(t), RZ * math.sin(t), angle)


def safe_name(name: str) -> str:
    """A file name TTS can load from a URL without escaping: "¥1,000 (general supply)" becomes
    "yen1000-general-supply"; letters, digits, "-", "_" and "." stay."""
    out, dash = [], False
    for ch in name.replace("¥", "yen"):
        if ch in URL_SAFE:
            out.append(ch)
            dash = False
        elif ch in " /()[],+":
            if out and not dash and ch != ",":
                out.append("-")
                dash = True
    return "".join(out).strip("-") or "image"


def physics_material() -> dict:
    """The wood's surface in TTS (Unity's PhysicMaterial): the physics' wood-on-wood friction
    (physics.world.WOOD_ON_WOOD) still and sliding, no bounce (physics.world.ELASTICITY). Two
    pieces average their friction (FrictionCombine 0, Unity's Average), so wood on wood is
    exactly the physics' value."""
    return {"StaticFriction": WOOD_ON_WOOD, "DynamicFriction": WOOD_ON_WOOD, "Bounciness": ELASTICITY,
            "FrictionCombine": 0, "BounceCombine": 0}


def reconstructed(what: str, where: str) -> str:
    """The line that marks a value as ours, not printed in the rulebook."""
    return f"RECONSTRUCTED: {what} (the rulebook does not print it; see {where})."


@dataclass
class Table:
    game: str
    title: str
    players: int
    base_url: str | None = None
    out: Path | None = None
    objects: list[dict] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)
    snaps: list[dict] = field(default_factory=list)
    tabs: list[tuple[str, str]] = field(default_factory=list)
    #: the seat to move (the save's TurnColor)
    turn: int = 0
    _meshes: dict[str, tuple] = field(default_factory=dict)
    _images: dict[str, tuple] = field(default_factory=dict)
    #: the flat boards laid (Custom_Tile objects): their object, centre, turn, scale and half sizes
    _boards: list[tuple] = field(default_factory=list)
    #: the custom deck ids given out, with the deck (its name) each belongs to
    _deck_ids: dict[int, str] = field(default_factory=dict)
    _n: int = 0

    # ---- names and files ------------------------------------------------------------------

    def guid(self) -> str:
        self._n += 1
        return hashlib.sha1(f"{self.game}:{self._n}".encode()).hexdigest()[:6]

    def url(self, name: str) -> str:
        if self.base_url:
            return self.base_url.rstrip("/") + "/" + name
        where = (self.out or Path(".")).resolve() / name
        return where.as_uri()

    def file(self, name: str, data: bytes) -> str:
        """A file the save names (once, however often it is used); its URL."""
        if name in self.files and self.files[name] != data:
            raise ValueError(f"two different files called {name}")
        self.files[name] = data
        return self.url(name)

    def image(self, name: str, surface) -> str:
        """The PNG of `surface`, encoded once however often the same image is named. The file
        is called `name` made URL-safe (safe_name) and a digest of its pixels: the same name
        drawn otherwise (a board for 5 players, not 2) is another file, so the saves of every
        player count can share one folder (tts.setup)."""
        name = safe_name(name)
        key = draw.pixels(surface)
        have = self._images.get((name, key))
        if have is not None:
            return have
        url = self.file(f"{self.game}/images/{name}-{key[3].hex()[:8]}.png", draw.png(surface, key))
        self._images[name, key] = url
        return url

    # ---- objects ---------------------------------------------------------------------------

    def _base(self, name: str, x: float, z: float, *, y: float = TABLE_Y + 0.2, rot: float = 180.0,
              scale=(1.0, 1.0, 1.0), nickname: str = "", description: str = "", tags=(), colour=None,
              locked: bool = False, face_down: bool = False) -> dict:
        o = {"GUID": self.guid(), "Name": name,
             "Transform": {"posX": round(x, 4), "posY": round(y, 4), "posZ": round(z, 4),
                           "rotX": 0.0, "rotY": round(rot % 360, 4), "rotZ": 180.0 if face_down else 0.0,
                           "scaleX": scale[0], "scaleY": scale[1], "scaleZ": scale[2]},
             "Nickname": nickname, "Description": description, "GMNotes": "",
             "Tags": list(tags), "Locked": locked, "Grid": False, "Snap": True, "Tooltip": True}
        if colour is not None:
            r, g, b = colour
            o["ColorDiffuse"] = {"r": round(r / 255, 4), "g": round(g / 255, 4), "b": round(b / 255, 4)}
        return o

    def put(self, o: dict) -> dict:
        self.objects.append(o)
        return o

    def tile(self, image: str, surface, x: float, z: float, width: float, *, thickness: float = 0.1,
             put: bool = True, snaps=(), **kw) -> dict:
        """A flat custom tile (a board, a tableau, a counter) `width` units wide."""
        w, h = surface.get_size()
        s = width / TILE_WIDTH
        o = self._base("Custom_Tile", x, z, scale=(s, 1.0, s), **kw)
        o["CustomImage"] = {"ImageURL": self.image(image, surface), "ImageSecondaryURL": "",
                            "CustomTile": {"Type": 0, "Thickness": thickness, "Stackable": False, "Stretch": True}}
        for px, pz, what in snaps:
            o.setdefault("AttachedSnapPoints", []).append(
                {"Position": {"x": round(px / s, 4), "y": 0.1, "z": round(pz / s, 4)},
                 "Rotation": {"x": 0.0, "y": 0.0, "z": 0.0}, "Tags": [what]})
        if put:
            self._boards.append((o, x, z, o["Transform"]["rotY"], s, width / 2, width * h / w / 2))
        return self.put(o) if put else o

    def token(self, image: str, surface, x: float, z: float, width: float, *, put: bool = True,
              thickness: float = 0.2, **kw) -> dict:
        """A custom token (its shape cut from the image's transparency) `width` units wide."""
        w, h = surface.get_size()
        s = width / TOKEN_WIDTH
        o = self._base("Custom_Token", x, z, scale=(s, 1.0, s), **kw)
        o["CustomImage"] = {"ImageURL": self.image(image, surface),
                            "CustomToken": {"Thickness": thickness, "MergeDistancePixels": 15.0,
                                            "StandUp": False, "Stackable": True}}
        return self.put(o) if put else o

    def model(self, mesh: str, parts, depth_mm: float, x: float, z: float, *, colour=None, put: bool = True,
              y: float = TABLE_Y + 0.5, rot: float = 180.0, mass_g: float | None = None, **kw) -> dict:
        """A custom model made from physics profile parts (mm): one object a convex part, the
        first part the object itself and the others attached to it (TTS's ChildObjects), so
        that every collider is convex (TTS: a loose object's collider must be) and the piece
        still collides as its shape (an L as an L). Every part's mesh is drawn on the whole
        piece's axes (its origin the piece's middle across, its bottom), so the parts sit at
        the object's own origin; each is written once however many twins use it. `mass_g`
        and the wood's friction come from the physics (physics.world)."""
        parts = [[(float(a), float(b)) for a, b in p] for p in parts]
        made = self._meshes.setdefault(mesh, (parts, depth_mm))
        if made != (parts, depth_mm):
            raise ValueError(f"two different models called {mesh}")
        at = models.origin(parts)
        share = (mass_g / len(parts)) if mass_g is not None else None
        objects = []
        for k, part in enumerate(parts):
            url = self._part_mesh(part, depth_mm, at)
            if k == 0:
                o = self._base("Custom_Model", x, z, y=y, rot=rot, colour=colour, **kw)
            else:
                # attached to the first part: its Transform on the first's axes, where it already is
                o = self._base("Custom_Model", 0.0, 0.0, y=0.0, rot=0.0, colour=colour,
                               nickname=kw.get("nickname", ""), tags=("attached part",),
                               description="Part of the piece it is attached to (a convex part of its shape).")
            o["CustomMesh"] = {"MeshURL": url, "DiffuseURL": "", "NormalURL": "", "ColliderURL": url,
                               "Convex": True, "MaterialIndex": 1, "TypeIndex": 0, "CastShadows": True}
            o["PhysicsMaterial"] = physics_material()
            if share is not None:
                o["Rigidbody"] = {"Mass": round(grams_to_mass(share), 6), "Drag": 0.1, "AngularDrag": 0.1,
                                  "UseGravity": True}
            objects.append(o)
        head = objects[0]
        if len(objects) > 1:
            head["ChildObjects"] = objects[1:]
        return self.put(head) if put else head

    def _part_mesh(self, part, depth_mm: float, at) -> str:
        """The URL of one convex part's closed mesh on its piece's axes (origin `at`), written
        once: its file is named by what it is (a hash of its corners on those axes and the
        depth), so the twins of a piece share their files."""
        corners = tuple((round(px - at[0], 6) + 0.0, round(py - at[1], 6) + 0.0) for px, py in part)
        key = hashlib.sha1(repr((corners, round(depth_mm, 6))).encode()).hexdigest()[:10]
        name = f"{self.game}/models/part-{key}.obj"
        if name not in self.files:
            self.file(name, models.to_obj(models.extrude([part], depth_mm, at), f"part-{key}").encode())
        return self.url(name)

    def yen(self, amount: int, x: float, z: float, *, owner: str, put: bool = True, rot: float = 180.0,
            description: str = "") -> list[dict]:
        """`amount` yen as TTS poker chips (¥1,000, ¥500, ¥100, ¥50, ¥10), one stack a value,
        the stacks side by side around (x, z), running to the right of whoever the chips face."""
        r = math.radians(rot - 180.0)
        step = CHIP + 0.2
        spots = [(x + (k - 2) * step * math.cos(r), z - (k - 2) * step * math.sin(r)) for k in range(len(CHIPS))]
        return self._stacks(amount, spots, owner, rot, description, put)

    def yen_stacks(self, amount: int, spots, *, owner: str, rot: float = 180.0, why: str = "") -> list[dict]:
        """`amount` as chips, one stack a value (the largest first), the stacks at `spots`
        (world x, z) in turn."""
        return self._stacks(amount, spots, owner, rot, f"{owner}: {why}" if why else "", True)

    def _stacks(self, amount: int, spots, owner: str, rot: float, description: str, put: bool) -> list[dict]:
        if amount < 0 or amount % 10:
            raise LayoutError(f"¥{amount:,} for {owner} cannot be paid in chips of ¥10 and more")
        stacks, left = [], amount
        for value, name in CHIPS:
            n, left = divmod(left, value)
            if n:
                stacks.append((value, name, n))
        if len(stacks) > len(spots):
            raise LayoutError(f"¥{amount:,} for {owner} needs more stacks than there are places")
        out = []
        for (value, name, n), (x, z) in zip(stacks, spots):
            for j in range(n):
                o = self._base(name, x, z, y=TABLE_Y + 0.2 + j * CHIP_STEP, rot=rot, nickname=f"¥{value:,}",
                               description=description or f"{owner}: ¥{value:,}", tags=("yen", f"¥{value}"))
                o["Value"] = value
                out.append(self.put(o) if put else o)
        return out

    def _sheets(self, deck_id: int, name: str, faces, back):
        """(deck id, its CustomDeck entry, index of its first face, its faces) for each sheet: up
        to 10 × 7 places and SHEET_PX on a side. A hidden card shows its back (BackIsHidden); the
        sheet's last place, which TTS would show instead without it, holds the back all the same. A face given
        with its own back (a fifth item: a lot card's other side) makes the sheet two-sided:
        a sheet of backs in the same places (UniqueBack), so turning a card shows its own back."""
        w, h = faces[0][0].get_size()
        across, down = min(10, SHEET_PX // w), min(7, SHEET_PX // h)
        per_sheet = across * down - 1
        for start in range(0, len(faces), per_sheet):
            chunk = faces[start:start + per_sheet]
            did = deck_id + start // per_sheet
            while self._deck_ids.setdefault(did, name) != name:   # a further sheet: the next free id
                did += 1
            images = [f[0] for f in chunk] + [back]
            columns = min(across, len(images))
            rows = -(-len(images) // columns)
            unique = any(len(f) > 4 for f in chunk)
            if unique:
                backs = [f[4] if len(f) > 4 else back for f in chunk] + [back]
                back_url = self.image(f"{name}-backs-{did}", draw.sheet(backs, columns))
            else:
                back_url = self.image(f"{name}-back", back)
            custom = {"FaceURL": self.image(f"{name}-faces-{did}", draw.sheet(images, columns)),
                      "BackURL": back_url, "NumWidth": columns, "NumHeight": rows,
                      "BackIsHidden": True, "UniqueBack": unique, "Type": 0}
            yield did, custom, start, chunk

    def _card(self, did: int, custom: dict, i: int, face, x: float, z: float, scale: float, **kw) -> dict:
        nick, desc, tags = face[1:4]
        c = self._base("CardCustom", x, z, scale=(scale, 1.0, scale), nickname=nick, description=desc, tags=tags, **kw)
        c["CardID"] = did * 100 + i
        c["CustomDeck"] = {str(did): custom}
        c["Hands"] = True
        return c

    def deck(self, deck_id: int, name: str, faces: list[tuple["object", str, str, tuple]], back, x: float,
             z: float, *, face_down: bool = False, scale: float = 1.0, put: bool = True, **kw) -> dict:
        """Cards as a custom deck: faces are (surface, nickname, description, tags); one sheet
        of up to 10×7 cards per deck id (a bigger deck takes the next ids). A single card is a
        card, not a deck."""
        if not faces:
            raise LayoutError(f"{name}: a deck of no cards")
        cards, custom = [], {}
        for did, sheet, _, chunk in self._sheets(deck_id, name, faces, back):
            custom[str(did)] = sheet
            cards += [self._card(did, sheet, i, face, x, z, scale, face_down=face_down) for i, face in enumerate(chunk)]
        if len(cards) == 1:
            c = cards[0]
            if "rot" in kw:
                c["Transform"]["rotY"] = round(kw["rot"] % 360, 4)
            c["Locked"] = kw.get("locked", False)
            return self.put(c) if put else c
        d = self._base("DeckCustom", x, z, scale=(scale, 1.0, scale), nickname=name, face_down=face_down, **kw)
        d["DeckIDs"] = [c["CardID"] for c in cards]
        d["CustomDeck"] = custom
        d["ContainedObjects"] = cards
        return self.put(d) if put else d

    def cards(self, deck_id: int, name: str, faces: list[tuple["object", str, str, tuple]], back,
              places: list[tuple[float, float]], *, face_down: bool = False, scale: float = 1.0, put: bool = True,
              rot: float = 180.0, locked: bool = False) -> list[dict]:
        """Cards from one sheet laid out one at a place (a grid of lot cards, a row of price cards)."""
        if len(faces) != len(places) or not faces:
            raise LayoutError(f"{name}: {len(faces)} cards for {len(places)} places")
        out = []
        for did, sheet, start, chunk in self._sheets(deck_id, name, faces, back):
            for i, (face, (x, z)) in enumerate(zip(chunk, places[start:start + len(chunk)])):
                c = self._card(did, sheet, i, face, x, z, scale, rot=rot, face_down=face_down, locked=locked)
                out.append(self.put(c) if put else c)
        return out

    def die(self, x: float, z: float, **kw) -> dict:
        """A standard six-sided die."""
        o = self._base("Die_6", x, z, **kw)
        return self.put(o)

    def bag(self, nickname: str, contents: list[dict], x: float, z: float, *, put: bool = True,
            infinite: bool = False, colour=(90, 70, 50), **kw) -> dict:
        """A TTS bag holding exactly `contents` (objects made with put=False)."""
        o = self._base("Infinite_Bag" if infinite else "Bag", x, z, nickname=nickname, colour=colour, **kw)
        if not infinite:
            o["Bag"] = {"Order": 2}                 # random order: drawn blind
        elif len(contents) != 1:
            raise LayoutError(f"{nickname}: an infinite bag holds one object, not {len(contents)}")
        o["ContainedObjects"] = contents
        return self.put(o) if put else o

    def yen_supply(self, x: float, z: float, *, values=(1000, 500, 100), rot: float = 180.0) -> list[dict]:
        """The general supply of yen: an infinite bag for each chip value (TTS's infinite bag
        holds one object and gives copies of it without end)."""
        out = []
        for k, value in enumerate(values):
            chip = self.yen(value, 0, 0, owner="the general supply", put=False)[0]
            out.append(self.bag(f"¥{value:,} (general supply)", [chip], x + 3.4 * k, z, infinite=True, rot=rot,
                                tags=("yen supply",), colour=(60, 60, 70),
                                description=f"The general supply: take ¥{value:,} chips as the rules pay out."))
        return out

    def snap(self, x: float, z: float, rot: float = 0.0, *, what) -> None:
        """A snap point for `what`: the component tag (or tags) of what goes there ("lot card",
        ("colour card", "action disc"), …); TTS's snap point then pulls in only objects
        carrying one of them. One that lies on a board (a Custom_Tile) is attached to that
        board when the save is made, so it moves with it; the others stay on the table."""
        tags = [what] if isinstance(what, str) else list(what)
        self.snaps.append({"Position": {"x": round(x, 4), "y": TABLE_Y, "z": round(z, 4)},
                           "Rotation": {"x": 0.0, "y": round(rot % 360, 4), "z": 0.0}, "Tags": tags})

    def zone(self, kind: str, seat_index: int, x: float, z: float, rot: float, size, *, nickname: str,
             description: str) -> dict:
        """A seat's zone: "HandTrigger" (its hand: where TTS seats the player, and what lies in
        it only its owner sees) or "FogOfWarTrigger" (a hidden zone: only the seat's colour
        sees what lies inside). `size` is (across, high, deep) in units. A zone carries no tags:
        a tagged zone acts only on objects sharing one of its tags (TTS's Knowledge Base, Tags),
        and every card and chip must go into it."""
        colour = COLOURS[seat_index]
        o = self._base(kind, x, z, y=TABLE_Y + size[1] / 2, rot=rot, scale=tuple(float(v) for v in size),
                       nickname=nickname, description=description, locked=True)
        o["FogColor"] = colour
        if kind == "FogOfWarTrigger":
            o.update({"FogHidePointers": True, "FogReverseHiding": False, "FogSeethrough": False})
        return self.put(o)

    def secret(self, seat_index: int, what: str, description: str, *, at=SECRET_AT, size=SECRET_SIZE) -> dict:
        """A hidden zone before a seat for what it decides in secret (a bid, a sealed price):
        only that seat's colour sees what is put there, until it is taken out to show."""
        place = seat(seat_index, self.players)
        x, z, rot = place.at(*at)
        return self.zone("FogOfWarTrigger", seat_index, x, z, rot, size,
                         nickname=f"{place.colour}'s {what}", description=description)

    def hands(self) -> None:
        """A hand zone for every seat, in its colour, behind its things (HAND_AT)."""
        for i in range(self.players):
            place = seat(i, self.players)
            x, z, rot = place.at(*HAND_AT)
            self.zone("HandTrigger", i, x, z, rot, HAND_SIZE, nickname=f"{place.colour}'s hand",
                      description=f"{place.colour}'s hand: sit here to play {place.colour}; cards and chips "
                                  "in it only you see.")

    def _attach_snaps(self) -> list[dict]:
        """The snap points that lie on a board, attached to it (on its axes, over its scale); the
        rest, for the table."""
        left = []
        for sp in self.snaps:
            x, z = sp["Position"]["x"], sp["Position"]["z"]
            under = [b for b in self._boards if _inside(b, x, z)]
            if not under:
                left.append(sp)
                continue
            o, bx, bz, rot, s, _, _ = min(under, key=lambda b: b[5] * b[6])
            t = math.radians(rot)
            dx, dz = x - bx, z - bz
            lx, lz = dx * math.cos(t) - dz * math.sin(t), dx * math.sin(t) + dz * math.cos(t)
            o.setdefault("AttachedSnapPoints", []).append(
                {"Position": {"x": round(lx / s, 4), "y": 0.1, "z": round(lz / s, 4)},
                 "Rotation": {"x": 0.0, "y": round((sp["Rotation"]["y"] - rot) % 360, 4), "z": 0.0},
                 "Tags": list(sp["Tags"])})
        return left

    def note(self, title: str, body: str) -> None:
        """A notebook tab (TTS's Notebook: the rules summary, the set-up, what is ours)."""
        self.tabs.append((title, body))

    # ---- the save ----------------------------------------------------------------------------

    def save(self, *, seed_note: str = "") -> dict:
        """The save as TTS reads it; the seats' hand zones are added, and the snap points on
        boards attached to them, the first time it is made."""
        if not any(o["Name"] == "HandTrigger" for o in self.objects):
            self.hands()
            self.snaps = self._attach_snaps()
        grey = {"r": 0.5, "g": 0.5, "b": 0.5}
        tabs = {str(i): {"title": t, "body": b, "color": "Grey", "visibleColor": grey, "id": str(i)}
                for i, (t, b) in enumerate(self.tabs)}
        order = [COLOURS[i] for i in range(self.players)]
        return {
            "SaveName": self.title, "EpochTime": 0, "Date": "", "VersionNumber": "v13.2.2",
            "GameMode": self.title, "GameType": "Game", "GameComplexity": "",
            "PlayingTime": [0, 0], "PlayerCounts": [self.players, self.players], "Tags": ["Tokyo Series Kiosk"],
            "Gravity": 0.5, "PlayArea": 0.5, "Table": "Table_Rectangle", "Sky": "Sky_Museum", "SkyURL": "",
            "Note": seed_note, "TabStates": tabs,
            "MusicPlayer": {"RepeatSong": False, "PlaylistEntry": -1, "CurrentAudioTitle": "", "CurrentAudioURL": "",
                            "AudioLibrary": []},
            "Grid": {"Type": 0, "Lines": False, "Color": {"r": 0.0, "g": 0.0, "b": 0.0}, "Opacity": 0.75,
                     "ThickLines": False, "Snapping": False, "Offset": False, "BothSnapping": False,
                     "xSize": 2.0, "ySize": 2.0, "PosOffset": {"x": 0.0, "y": 1.0, "z": 0.0}},
            "Lighting": {"LightIntensity": 0.54, "LightColor": {"r": 1.0, "g": 0.9804, "b": 0.8902},
                         "AmbientIntensity": 1.3, "AmbientType": 0, "AmbientSkyColor": grey,
                         "AmbientEquatorColor": grey, "AmbientGroundColor": grey, "ReflectionIntensity": 1.0,
                         "LutIndex": 0, "LutContribution": 1.0, "LutURL": ""},
            "Hands": {"Enable": True, "DisableUnused": False, "Hiding": 0},
            "ComponentTags": {"labels": [{"displayed": t, "normalized": t.lower().replace(" ", "_")}
                                         for t in sorted({t for o in _walk(self.objects) for t in o["Tags"]})]},
            "Turns": {"Enable": False, "Type": 0, "TurnOrder": order, "Reverse": False, "SkipEmpty": False,
                      "DisableInteractions": False, "PassTurns": True, "TurnColor": order[self.turn]},
            "DecalPallet": [], "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "CustomUIAssets": [],
            "SnapPoints": self.snaps,
            "ObjectStates": self.objects,
        }


def _inside(board: tuple, x: float, z: float) -> bool:
    """Whether (x, z) lies on the board (its footprint, turned as it lies)."""
    _, bx, bz, rot, _, hw, hd = board
    t = math.radians(rot)
    dx, dz = x - bx, z - bz
    lx, lz = dx * math.cos(t) - dz * math.sin(t), dx * math.sin(t) + dz * math.cos(t)
    return abs(lx) <= hw and abs(lz) <= hd


def _walk(objects):
    for o in objects:
        yield o
        yield from _walk(o.get("ContainedObjects", []))
        yield from _walk(o.get("ChildObjects", []))


def walk(save: dict):
    """Every object of a save, those inside bags and decks and those attached to another
    (a piece's further convex parts) included."""
    yield from _walk(save["ObjectStates"])


def dumps(save: dict) -> str:
    return json.dumps(save, indent=2, ensure_ascii=False) + "\n"
