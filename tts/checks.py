"""The rules the Tabletop Simulator Knowledge Base gives for custom content, checked on an
export: `problems(save, files)` lists, in plain English, every place where the save or its
files break one, so that an export TTS would load wrongly (a deck cut into the wrong cards,
a piece that falls through the table, an image other players never see) is caught before a
player meets it.

Each rule names its source: the Knowledge Base's pages (repository
Berserk-Games/Tabletop-Simulator-Knowledge-Base, folder docs/) as "KB page.md", and where the
Knowledge Base is silent, the community's declarations of the save format
(@typed-tabletop-simulator/declaration 2.2.1, tests/tts/node_modules) or the standard named.
"""

from __future__ import annotations

import re
import struct
from collections import Counter
from functools import lru_cache
from urllib.parse import unquote, urlparse

from .table import COLOURS

# ---- limits, each with where it is written ------------------------------------------------

#: a deck's sheet is cut into at most 10 cards across and 7 down (KB custom-content/custom-deck.md:
#: the sheet's Width and Height, as the Deck Builder and templates in Modding/Deck Templates
#: make them; TTS's deck import takes 1 to 10 across and 1 to 7 down)
MAX_COLUMNS, MAX_ROWS = 10, 7
#: an image's sides in pixels (KB custom-content/asset-creation.md, "Max Resolution": keep
#: images under 4096 × 4096; its decks are 4096 wide)
MAX_IMAGE_PX = 4096
#: a model's vertices: fewer than 25,000, or it may not import or may crash the game
#: (KB custom-content/asset-creation.md, "Model Resolution"; custom-model.md, "Model Tips")
MAX_MODEL_VERTICES = 25_000
#: a collider's triangles: fewer than 256, or the collider fails (KB asset-creation.md)
MAX_COLLIDER_TRIANGLES = 256
#: CustomMesh.MaterialIndex: 0 plastic, 1 wood, 2 metal (KB custom-content/save-file-format.md),
#: 3 cardboard, 4 glass (the declarations' MaterialType)
MATERIALS = range(0, 5)
#: CustomMesh.TypeIndex: generic, figurine, dice, coin, board, chip, bag, infinite
#: (KB custom-content/custom-model.md, "Model Type"; save-file-format.md numbers the first six)
MODEL_TYPES = range(0, 8)
#: PhysicsMaterial's FrictionCombine and BounceCombine: one of Unity's four ways (KB
#: save-file-format.md, PhysicsMaterialState)
COMBINES = range(0, 4)
#: a Rigidbody's mass should be within 100 times every other's (KB save-file-format.md,
#: RigidbodyState.Mass; an object without one weighs the default, 1)
MASS_SPREAD = 100.0
#: the colours a seat can have (the declarations' PlayerColor; KB getting-started/player-roles.md:
#: Black is the Game Master, Grey a spectator)
PLAYER_COLOURS = frozenset({"White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple",
                            "Pink", "Grey", "Black"})
#: a file name every URL can carry as it is: RFC 3986's unreserved characters and "/"
URL_SAFE = re.compile(r"[A-Za-z0-9._/-]+")
ZONES = ("HandTrigger", "FogOfWarTrigger")


def problems(save: dict, files: dict[str, bytes], *, base_url: str | None = None) -> list[str]:
    """Every break of the Knowledge Base's rules in an export (its save and the files it
    names, by their names under the export's folder), one plain sentence each; none for a
    good export. `base_url`: the address the files were exported for (`--base-url`), when
    one was."""
    c = _Checker(save, files, base_url)
    c.run()
    return c.found


class _Checker:
    def __init__(self, save: dict, files: dict[str, bytes], base_url: str | None):
        self.save, self.files, self.base_url = save, files, base_url
        self.found: list[str] = []
        self._seen: set = set()
        #: every object (bags' and decks' contents and attached parts too), with where it is
        #: and whether it moves (neither it nor what it is attached to is locked)
        self.objects: list[tuple[dict, str, bool]] = []
        self._walk(save.get("ObjectStates", []), "", True)

    def say(self, text: str) -> None:
        if text not in self._seen:
            self._seen.add(text)
            self.found.append(text)

    def _walk(self, objects: list[dict], inside: str, loose: bool) -> None:
        for o in objects:
            name = o.get("Nickname") or o.get("Name", "?")
            where = f"{inside}{name} ({o.get('Name', '?')} {o.get('GUID', '')})".replace(" )", ")")
            moves = loose and not o.get("Locked", False)
            self.objects.append((o, where, moves))
            self._walk(o.get("ContainedObjects", []), f"{where} › ", True)
            self._walk(o.get("ChildObjects", []), f"{where} › ", moves)

    def run(self) -> None:
        self.file_names()
        self.urls()
        for o, where, moves in self.objects:
            self.tags(o, where)
            if o.get("Name") in ("CardCustom", "DeckCustom"):
                self.cards(o, where)
            if "CustomMesh" in o:
                self.model(o, where, moves)
            self.physics(o, where)
        self.masses()
        self.snap_points()
        self.seats()
        self.zone_tags()

    # ---- files and addresses -----------------------------------------------------------------

    def file_names(self) -> None:
        """Every file's name is one a URL carries as it is (RFC 3986, section 2.3: letters,
        digits, "-", ".", "_", "~"; and "/" between folders): a space or a "¥" is escaped
        differently by different programs, and a name escaped once too often names nothing."""
        for name in sorted(self.files):
            if not URL_SAFE.fullmatch(name):
                bad = "".join(sorted({ch for ch in name if not URL_SAFE.fullmatch(ch)}))
                self.say(f"The file {name!r} has characters a web address must escape ({bad!r}): "
                         "name files with letters, digits, '.', '_', '-' and '/' only.")

    def file_of(self, url: str) -> str | None:
        """The exported file a URL names (by its name under the export's folder), or None."""
        if self.base_url and url.startswith(self.base_url.rstrip("/") + "/"):
            path = url[len(self.base_url.rstrip("/")) + 1:]
        else:
            p = urlparse(url)
            path = unquote(p.path) if p.scheme == "file" else unquote(p.path).lstrip("/")
        parts = path.split("/")
        for k in range(len(parts)):
            if "/".join(parts[k:]) in self.files:
                return "/".join(parts[k:])
        return None

    def every_url(self):
        """(url, what names it) for every address in the save."""
        for o, where, _ in self.objects:
            ci, cm = o.get("CustomImage") or {}, o.get("CustomMesh") or {}
            for key in ("ImageURL", "ImageSecondaryURL"):
                if ci.get(key):
                    yield ci[key], f"{where}'s {key}", "image"
            for key, kind in (("MeshURL", "model"), ("ColliderURL", "model"), ("DiffuseURL", "image"),
                              ("NormalURL", "image")):
                if cm.get(key):
                    yield cm[key], f"{where}'s {key}", kind
            for did, deck in (o.get("CustomDeck") or {}).items():
                for key in ("FaceURL", "BackURL"):
                    if deck.get(key):
                        yield deck[key], f"{where}'s deck {did} {key}", "image"
        for key in ("TableURL", "SkyURL"):
            if self.save.get(key):
                yield self.save[key], f"the save's {key}", "image"
        if (self.save.get("Lighting") or {}).get("LutURL"):
            yield self.save["Lighting"]["LutURL"], "the save's lighting LutURL", "image"

    def urls(self) -> None:
        """Every address names an exported file of the right kind. With a base URL every
        address is under it: a file:/// address is a file on the exporting computer, which
        other players cannot see (KB custom-content/asset-importing.md, "Local Files"). Images
        are PNG or JPG (KB asset-creation.md, "Image File Type"; custom-model.md, "Valid File
        Formats"), models OBJ (KB asset-creation.md, "Model File Type")."""
        base = self.base_url.rstrip("/") + "/" if self.base_url else None
        named: dict[tuple[str, str], list[str]] = {}
        for url, what, kind in self.every_url():
            named.setdefault((url, kind), []).append(what)
        outside = [(url, whats[0]) for (url, _), whats in named.items() if base and not url.startswith(base)]
        if outside:
            local = sum(1 for url, _ in outside if url.startswith("file:"))
            self.say(f"{len(outside)} addresses are not under the base URL {self.base_url}"
                     + (f", {local} of them files on this computer (file:///), which other players cannot load"
                        if local else "") + f": e.g. {outside[0][1]} is {outside[0][0]}.")
        for (url, kind), whats in named.items():
            what = whats[0] if len(whats) == 1 else f"{whats[0]} (and {len(whats) - 1} more)"
            name = self.file_of(url)
            if name is None:
                self.say(f"{what} names {url}, which is not one of the exported files.")
                continue
            if kind == "image":
                self.image(name, what)
            elif not name.lower().endswith(".obj"):
                self.say(f"{what} names {name}, which is not an OBJ model (TTS loads models as .obj only).")

    def image(self, name: str, what: str) -> None:
        data = self.files[name]
        size = image_size(data)
        if size is None:
            self.say(f"{name} ({what}) is not a PNG or JPG image: TTS loads only those.")
            return
        w, h, cmyk = size
        if cmyk:
            self.say(f"{name} is a CMYK JPG: TTS shows only RGB images.")
        if max(w, h) > MAX_IMAGE_PX:
            self.say(f"{name} is {w} × {h} pixels: keep images within {MAX_IMAGE_PX} × {MAX_IMAGE_PX} "
                     f"(TTS's Knowledge Base, Asset Creation).")

    # ---- cards ---------------------------------------------------------------------------------

    def cards(self, o: dict, where: str) -> None:
        """A custom deck's sheet is a grid of at most 10 × 7 cards; a card's CardID is its deck
        id × 100 + its place on the sheet (KB custom-content/save-file-format.md: "Key matches
        the hundreth place of the id"), a place the sheet has; unless BackIsHidden, the sheet's
        last place is the face every hidden card shows, so no card may be it (KB custom-deck.md:
        the last image is the "hidden" image; Back is Hidden uses the card's back instead);
        UniqueBack means the back is a sheet of backs in the same grid as the faces (KB
        custom-deck.md, "Unique Backs")."""
        decks = o.get("CustomDeck") or {}
        for did, deck in decks.items():
            self.sheet(str(did), deck, where)
        cards = o.get("ContainedObjects", []) if o.get("Name") == "DeckCustom" else [o]
        if o.get("Name") == "DeckCustom":
            ids = [c.get("CardID") for c in cards]
            if o.get("DeckIDs") != ids:
                self.say(f"{where}: its DeckIDs {o.get('DeckIDs')} are not the CardIDs of the cards in it {ids}.")
        for card in cards:
            cid = card.get("CardID")
            label = where if card is o else f"{where} › {card.get('Nickname') or 'a card'}"
            if not isinstance(cid, int) or cid < 100:
                self.say(f"{label}: its CardID {cid!r} is not a deck id × 100 + a place on the sheet.")
                continue
            did, place = str(cid // 100), cid % 100
            deck = (card.get("CustomDeck") or {}).get(did) or decks.get(did)
            if deck is None:
                self.say(f"{label}: its CardID {cid} is of deck {did}, which its CustomDeck does not hold.")
                continue
            cells = deck.get("NumWidth", 0) * deck.get("NumHeight", 0)
            if place >= cells:
                self.say(f"{label}: its CardID {cid} is place {place} of deck {did}, whose "
                         f"{deck.get('NumWidth')} × {deck.get('NumHeight')} sheet has {cells} places.")
            elif place == cells - 1 and not deck.get("BackIsHidden", False):
                self.say(f"{label}: its CardID {cid} is the last place of deck {did}'s sheet, the face TTS shows "
                         "for every hidden card of the deck (BackIsHidden is off).")

    def sheet(self, did: str, deck: dict, where: str) -> None:
        key = ("sheet", did, deck.get("FaceURL"), deck.get("BackURL"))
        if key in self._seen:
            return
        self._seen.add(key)
        cols, rows = deck.get("NumWidth"), deck.get("NumHeight")
        if not (isinstance(cols, int) and isinstance(rows, int) and 1 <= cols <= MAX_COLUMNS
                and 1 <= rows <= MAX_ROWS):
            self.say(f"{where}: deck {did}'s sheet is {cols} × {rows} cards; TTS cuts a sheet into at most "
                     f"{MAX_COLUMNS} across and {MAX_ROWS} down.")
            return
        face = self._size(deck.get("FaceURL", ""))
        if face and (face[0] % cols or face[1] % rows):
            self.say(f"{where}: deck {did}'s face sheet is {face[0]} × {face[1]} pixels, which does not cut into "
                     f"{cols} × {rows} whole cards.")
        if deck.get("UniqueBack"):
            back = self._size(deck.get("BackURL", ""))
            if face and back and abs(back[0] / back[1] - face[0] / face[1]) > 0.01 * face[0] / face[1]:
                self.say(f"{where}: deck {did} has a back for every card (UniqueBack), but its back sheet "
                         f"({back[0]} × {back[1]}) is not in the grid of its face sheet ({face[0]} × {face[1]}, "
                         f"{cols} × {rows}).")
            elif back and (back[0] % cols or back[1] % rows):
                self.say(f"{where}: deck {did}'s back sheet is {back[0]} × {back[1]} pixels, which does not cut "
                         f"into {cols} × {rows} whole backs.")

    def _size(self, url: str) -> tuple[int, int] | None:
        name = self.file_of(url) if url else None
        size = image_size(self.files[name]) if name else None
        return size[:2] if size else None

    # ---- models --------------------------------------------------------------------------------

    def model(self, o: dict, where: str, moves: bool) -> None:
        """A custom model's mesh is an OBJ of fewer than 25,000 vertices; its collider, when it
        names one, fewer than 256 triangles (KB asset-creation.md, "Model Resolution"). A
        non-convex collider works only on a locked object (KB custom-model.md, "Non-Convex
        Tips"), so a model that moves has Convex set; and a convex collider fills in every
        hollow of its mesh, so each mesh of the collider (an OBJ may hold several: a compound
        collider, custom-model.md) must itself be convex for the piece to collide as its shape.
        MaterialIndex and TypeIndex are ones TTS has (KB save-file-format.md, custom-model.md)."""
        cm = o["CustomMesh"]
        if cm.get("MaterialIndex", 0) not in MATERIALS:
            self.say(f"{where}: its MaterialIndex {cm.get('MaterialIndex')} is none of TTS's materials (0 to 4).")
        if cm.get("TypeIndex", 0) not in MODEL_TYPES:
            self.say(f"{where}: its TypeIndex {cm.get('TypeIndex')} is none of TTS's model types (0 to 7).")
        mesh = self.file_of(cm.get("MeshURL", "")) if cm.get("MeshURL") else None
        if not cm.get("MeshURL"):
            self.say(f"{where}: it names no mesh (MeshURL), which a custom model needs.")
        elif mesh and mesh.lower().endswith(".obj"):
            obj = read_obj(self.files[mesh])
            if obj.vertices >= MAX_MODEL_VERTICES:
                self.say(f"{mesh} has {obj.vertices:,} vertices: TTS imports models of fewer than "
                         f"{MAX_MODEL_VERTICES:,}.")
        collider = self.file_of(cm.get("ColliderURL", "")) if cm.get("ColliderURL") else None
        if moves and not cm.get("Convex", True):
            self.say(f"{where} moves but its collider is marked non-convex: TTS gives a non-convex collider "
                     "only to locked objects (use convex parts: a compound collider).")
        if collider and collider.lower().endswith(".obj"):
            obj = read_obj(self.files[collider])
            if obj.triangles >= MAX_COLLIDER_TRIANGLES:
                self.say(f"{collider} (a collider) has {obj.triangles} triangles: a collider needs fewer than "
                         f"{MAX_COLLIDER_TRIANGLES}.")
            if cm.get("Convex", True):
                for part in obj.concave_parts():
                    self.say(f"{where}: its collider {collider} is marked convex, but its mesh {part!r} is not "
                             "convex, so it collides as that mesh's convex hull (its hollows filled in).")

    # ---- physics -------------------------------------------------------------------------------

    def physics(self, o: dict, where: str) -> None:
        """PhysicsMaterial's frictions are 0 and up (usually 0 to 1), its bounciness 0 to 1,
        and its combines one of Unity's four; a Rigidbody's mass is more than 0 (KB
        host-guides/physics.md; save-file-format.md, PhysicsMaterialState and RigidbodyState)."""
        pm = o.get("PhysicsMaterial")
        if pm is not None:
            for key in ("StaticFriction", "DynamicFriction"):
                if not isinstance(pm.get(key), (int, float)) or pm[key] < 0:
                    self.say(f"{where}: its {key} {pm.get(key)!r} is not a friction (0 or more).")
            if not isinstance(pm.get("Bounciness"), (int, float)) or not 0 <= pm["Bounciness"] <= 1:
                self.say(f"{where}: its Bounciness {pm.get('Bounciness')!r} is not between 0 and 1.")
            for key in ("FrictionCombine", "BounceCombine"):
                if pm.get(key) not in COMBINES:
                    self.say(f"{where}: its {key} {pm.get(key)!r} is none of 0 to 3.")
        rb = o.get("Rigidbody")
        if rb is not None and (not isinstance(rb.get("Mass"), (int, float)) or rb["Mass"] <= 0):
            self.say(f"{where}: its mass {rb.get('Mass')!r} is not more than 0.")

    def masses(self) -> None:
        """Masses within 100 times of each other, the default mass 1 counted (KB
        save-file-format.md: "You should not make masses more or less than 100 times that of
        other Rigidbodies")."""
        masses = [(rb["Mass"], where) for o, where, _ in self.objects
                  if isinstance((rb := o.get("Rigidbody") or {}).get("Mass"), (int, float)) and rb["Mass"] > 0]
        if not masses:
            return
        (light, lw), (heavy, hw) = min(masses), max(masses)
        if light > 1.0:
            light, lw = 1.0, "an object of the default mass"
        if heavy < 1.0:
            heavy, hw = 1.0, "an object of the default mass"
        if heavy / light > MASS_SPREAD:
            self.say(f"Masses run from {light:g} ({lw}) to {heavy:g} ({hw}): keep them within "
                     f"{MASS_SPREAD:g} times of each other.")

    # ---- tags, snap points, seats -----------------------------------------------------------------

    def tags(self, o: dict, where: str) -> None:
        """Every object carries tags, its component kind first: a snap point or zone that has
        tags acts only on objects sharing one (KB game-tools/object-tags.md), and a player
        finds the kinds in the host's Tags window. Zones are the features those rules are
        about, so they are checked by zone_tags instead."""
        if o.get("Name") in ZONES:
            return
        if not o.get("Tags"):
            self.say(f"{where} has no tags.")

    def snap_points(self) -> None:
        """Every snap point has tags, and shares one with some object: a snap point with tags
        attracts only objects sharing one (KB object-tags.md, "Standard Interaction Rules"),
        so one whose tags nothing carries attracts nothing."""
        carried = {t for o, _, _ in self.objects if o.get("Name") not in ZONES for t in o.get("Tags", [])}
        groups: dict[tuple, list[dict]] = {}
        for p in self.save.get("SnapPoints", []):
            groups.setdefault(("on the table", tuple(p.get("Tags") or ())), []).append(p)
        for o, where, _ in self.objects:
            for p in o.get("AttachedSnapPoints", []):
                groups.setdefault((f"on {where}", tuple(p.get("Tags") or ())), []).append(p)
        for (on, tags), points in groups.items():
            at = points[0].get("Position", {})
            some = (f"{len(points)} snap points {on} (one at ({at.get('x', 0):.2f}, {at.get('z', 0):.2f}))"
                    if len(points) > 1 else f"The snap point {on} at ({at.get('x', 0):.2f}, {at.get('z', 0):.2f})")
            if not tags:
                self.say(f"{some} have no tags, so they pull in anything dropped near them.")
            elif not set(tags) & carried:
                self.say(f"{some} are tagged {list(tags)}, which no object carries, so they pull in nothing.")

    def seats(self) -> None:
        """One hand zone for every seat the save is for (up to PlayerCounts' largest, in the
        seat order of tts.table.COLOURS) and for every colour of the turn order, each in a
        player colour: a hand zone is a seat (KB game-tools/zone-tools.md, "Hand Zone";
        host-guides/player-hands.md). A hidden zone is in a player colour too (zone-tools.md,
        "Hidden Zone": its colour is who sees inside)."""
        hands = Counter(o.get("FogColor") for o, _, _ in self.objects if o.get("Name") == "HandTrigger")
        counts = self.save.get("PlayerCounts") or [0, 0]
        most = max(counts) if counts else 0
        seats = list(COLOURS[:most])
        seats += [c for c in (self.save.get("Turns") or {}).get("TurnOrder", []) if c not in seats]
        for colour in seats:
            if hands[colour] == 0:
                self.say(f"{colour} has no hand zone: a seat is where its hand zone is, so no one can sit as {colour}.")
            elif hands[colour] > 1:
                self.say(f"{colour} has {hands[colour]} hand zones; a seat has one.")
        for colour in sorted(set(hands) - set(seats), key=str):
            self.say(f"There is a hand zone for {colour}, which is no seat of this save.")
        for o, where, _ in self.objects:
            if o.get("Name") in ZONES:
                if o.get("FogColor") not in PLAYER_COLOURS:
                    self.say(f"{where}: its colour {o.get('FogColor')!r} is no player colour.")
                t = o.get("Transform", {})
                if min(t.get("scaleX", 0), t.get("scaleY", 0), t.get("scaleZ", 0)) <= 0:
                    self.say(f"{where} has no size (its Transform's scale is its size).")

    def zone_tags(self) -> None:
        """A hand or hidden zone that has tags acts only on objects sharing one (KB
        object-tags.md: Hand Zones and Hidden Zones are features that use tags), so every card
        a hand must hide, and every card and chip a hidden zone must hide, shares a tag with
        it, or the zone has none."""
        things = [(o, where) for o, where, _ in self.objects
                  if o.get("Name") in ("CardCustom", "Card") or str(o.get("Name", "")).startswith("Chip_")]
        for o, where, _ in self.objects:
            if o.get("Name") not in ZONES or not o.get("Tags"):
                continue
            kinds = ("CardCustom", "Card") if o["Name"] == "HandTrigger" else None
            left = [w for t, w in things if (kinds is None or t.get("Name") in kinds)
                    and not set(t.get("Tags", [])) & set(o["Tags"])]
            if left:
                what = "cards" if kinds else "cards and chips"
                self.say(f"{where} is tagged {o['Tags']}, so it acts only on objects sharing one of those tags; "
                         f"{len(left)} {what} share none (e.g. {left[0]}), and it would not hide them.")


# ---- reading the files -----------------------------------------------------------------------------

def image_size(data: bytes) -> tuple[int, int, bool] | None:
    """(width, height, whether it is CMYK) of a PNG or JPG; None for anything else."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack(">II", data[16:24])
        return w, h, False
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker = data[i + 1]
            length = struct.unpack(">H", data[i + 2:i + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return w, h, data[i + 9] == 4
            i += 2 + length
    return None


class Obj:
    """An OBJ's vertices, its faces as triangles, and its meshes (its "o" groups)."""

    def __init__(self):
        self.points: list[tuple[float, float, float]] = []
        self.groups: dict[str, list[list[int]]] = {}

    @property
    def vertices(self) -> int:
        return len(self.points)

    @property
    def triangles(self) -> int:
        return sum(len(f) - 2 for faces in self.groups.values() for f in faces)

    def concave_parts(self, tolerance: float = 1e-6) -> list[str]:
        """The meshes that are not convex: some face's plane has corners of the same mesh on
        both of its sides (worked out once an OBJ: read_obj hands out the same Obj for the
        same bytes)."""
        known = self.__dict__.setdefault("_concave", {})
        if tolerance not in known:
            known[tolerance] = self._concave_parts(tolerance)
        return list(known[tolerance])

    def _concave_parts(self, tolerance: float) -> list[str]:
        out = []
        for name, faces in self.groups.items():
            used = sorted({i for f in faces for i in f})
            pts = [self.points[i] for i in used]
            for f in faces:
                a, b, c = (self.points[i] for i in f[:3])
                n = _cross(_sub(b, a), _sub(c, a))
                size = sum(x * x for x in n) ** 0.5
                if size == 0:
                    continue
                sides = [_dot(n, _sub(p, a)) / size for p in pts]
                if min(sides) < -tolerance and max(sides) > tolerance:
                    out.append(name)
                    break
        return out


@lru_cache(maxsize=4096)
def read_obj(data: bytes) -> Obj:
    """The OBJ in `data`, read once a process for the same bytes (an export names the same
    part meshes for every twin, and the next export the same again): not for changing."""
    obj, group = Obj(), "(unnamed)"
    for row in data.decode("utf-8", "replace").splitlines():
        parts = row.split()
        if not parts:
            continue
        if parts[0] == "v":
            obj.points.append(tuple(float(v) for v in parts[1:4]))
        elif parts[0] in ("o", "g"):
            group = " ".join(parts[1:]) or group
        elif parts[0] == "f":
            idx = []
            for p in parts[1:]:
                k = int(p.split("/")[0])
                idx.append(k - 1 if k > 0 else len(obj.points) + k)
            obj.groups.setdefault(group, []).append(idx)
    return obj


def _sub(a, b):
    return a[0] - b[0], a[1] - b[1], a[2] - b[2]


def _cross(a, b):
    return a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
