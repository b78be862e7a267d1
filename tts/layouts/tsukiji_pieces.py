"""Tokyo Tsukiji Market's pieces for the TTS table: barrels, fish tokens, licences, boats,
the Bank's loans and shares, rentals, markers and berth covers, as custom tokens drawn here.

Every piece carries Tags: its kind first ("barrel", "fish token", "licence", "boat", ...),
then what it is (the fish, the token kind, the boat type) and, for a seat's pieces, the
seat's colour. `KEYS` says which of `rules.conserved()`'s counts each kind is, so the
layout (and its tests) count the table in the rules' own terms. The looks (colours,
shapes, sizes) are ours: the rulebook shows the pieces but gives no sizes or colours.
"""

from __future__ import annotations

import copy
from functools import lru_cache

import pygame

from .. import draw
from ..table import TABLE_Y, LayoutError, Table, reconstructed

WHERE = "tts/layouts/tsukiji_pieces.py"
LOOK = reconstructed("its look and size", WHERE)

FISH_COLOURS = {
    "mackerel": (70, 110, 170), "eel": (120, 90, 50), "fugu": (225, 195, 70), "octopus": (190, 80, 130),
    "red_snapper": (205, 55, 50), "salmon": (240, 140, 100), "king_crab": (180, 60, 30),
    "squid": (215, 215, 230), "tuna": (40, 60, 120), "clams_oysters": (170, 160, 140),
    "himono": (200, 160, 90), "horse_mackerel": (90, 150, 160), "nori": (40, 90, 50),
    "sardines": (140, 165, 195), "swordfish": (80, 80, 105),
}
SHORT = {
    "mackerel": "MAC", "eel": "EEL", "fugu": "FUGU", "octopus": "OCT", "red_snapper": "SNAP", "salmon": "SALM",
    "king_crab": "CRAB", "squid": "SQID", "tuna": "TUNA", "clams_oysters": "C&O", "himono": "HIMO",
    "horse_mackerel": "HMAC", "nori": "NORI", "sardines": "SARD", "swordfish": "SWRD",
}
#: the kinds of the rules' static pieces (state keys) and their tag, name and colour
STATIC = {
    "loans": ("loan", "loan", (200, 80, 60)), "shares": ("share", "share", (70, 140, 80)),
    "coolboxes": ("cool box", "cool box", (90, 170, 220)), "carts": ("hand cart", "hand cart", (170, 120, 70)),
    "buyers": ("buyer marker", "buyer marker", (230, 190, 40)),
    "expansion_markers": ("expansion marker", "expansion marker", (150, 90, 190)),
    "ship_rental_markers": ("ship rental marker", "ship rental marker", (60, 150, 150)),
}
#: a piece's first tag → the key of rules.conserved() it counts for (with its second tag)
KEYS = {"barrel": "barrels:{}", "fish token": "tokens:{}", "licence": "licences:{}", "boat": "boats:{}",
        **{tag: key for key, (tag, _, _) in STATIC.items()}}

SIZES = {"barrel": 0.46, "fish token": 0.52, "licence": 1.05, "static": 0.72, "marker": 0.55}
STEP = 0.1                     # how high a token sits on the one below in a pile


def ink_for(colour) -> tuple[int, int, int]:
    return (20, 20, 20) if sum(colour) > 420 else (255, 255, 255)


# ---- faces -------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def barrel_face(fish: str) -> "pygame.Surface":
    c = FISH_COLOURS.get(fish, (150, 150, 150))
    s = pygame.Surface((100, 120), pygame.SRCALPHA)
    pygame.draw.ellipse(s, c + (255,), (4, 4, 92, 112))
    pygame.draw.ellipse(s, (40, 30, 20, 255), (4, 4, 92, 112), 3)
    for y in (32, 86):
        pygame.draw.line(s, (60, 45, 30, 255), (10, y), (90, y), 4)
    draw.text_block(s, [SHORT.get(fish, fish[:4].upper())], (6, 46, 88, 30), size=30, colour=ink_for(c),
                    centre=True)
    return s


@lru_cache(maxsize=None)
def token_face(fish: str, label: str, spoiled: bool = False) -> "pygame.Surface":
    c = FISH_COLOURS.get(fish, (150, 150, 150))
    if spoiled:
        c = (120, 130, 100)
    return draw.disc(label, c, ink=ink_for(c))


@lru_cache(maxsize=None)
def licence_face(fish: str, name: str) -> "pygame.Surface":
    c = FISH_COLOURS.get(fish, (150, 150, 150))
    s = pygame.Surface((210, 120), pygame.SRCALPHA)
    pygame.draw.rect(s, (245, 240, 225, 255), (0, 0, 210, 120), border_radius=10)
    pygame.draw.rect(s, c + (255,), (0, 0, 210, 40), border_top_left_radius=10, border_top_right_radius=10)
    pygame.draw.rect(s, (40, 40, 40, 255), (0, 0, 210, 120), 3, border_radius=10)
    draw.text_block(s, [name], (6, 8, 198, 30), size=28, colour=ink_for(c), centre=True)
    draw.text_block(s, ["licence"], (6, 62, 198, 30), size=30, centre=True)
    return s


BOAT_COLOURS = {"blue": (50, 90, 200), "barge": (130, 95, 60), "barge4": (150, 110, 70)}


def boat_holds(boat_type: str, rules) -> int:
    return rules.holds(boat_type)


def boat_label(boat_type: str, holds: int) -> str:
    if boat_type == "blue":
        return "Blue Ship (4 holds, 2 licences)"
    if boat_type in ("barge", "barge4"):
        return f"{holds}-hold barge"
    return f"{holds}-hold ship"


@lru_cache(maxsize=None)
def boat_face(boat_type: str, holds: int) -> "pygame.Surface":
    w, h = 60 + 50 * holds, 70
    c = BOAT_COLOURS.get(boat_type, (225, 220, 205))
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    if boat_type in ("barge", "barge4"):
        pts = [(4, 6), (w - 4, 6), (w - 4, h - 6), (4, h - 6)]
    else:
        pts = [(4, 6), (w - 34, 6), (w - 4, h // 2), (w - 34, h - 6), (4, h - 6)]
    pygame.draw.polygon(s, c + (255,), pts)
    pygame.draw.polygon(s, (30, 30, 30, 255), pts, 3)
    for k in range(holds):
        pygame.draw.rect(s, (90, 80, 70, 255), (16 + 50 * k, 18, 40, h - 36), 2)
    return s


def with_alpha(surface: "pygame.Surface") -> "pygame.Surface":
    """The same picture on a surface with an alpha channel (all opaque), so that turned at any
    angle (the seats of 3, 5 and 6 players) its corners stay clear in the picture from above."""
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


@lru_cache(maxsize=None)
def square_face(label: str, colour, size=(120, 120)) -> "pygame.Surface":
    return with_alpha(draw.square(label, colour, size=size, ink=ink_for(colour)))


# ---- the maker ----------------------------------------------------------------------------------

class Pieces:
    """Makes Tsukiji's pieces on a Table: each call one object (put=False: for a bag)."""

    def __init__(self, t: Table, rules):
        self.t, self.R = t, rules
        self.kinds = rules.token_kinds()   # every token kind: its fish, whether it is bagged
        self._made: dict = {}              # image name -> the first token made with it

    def fish_name(self, fish: str) -> str:
        return self.R.market_name(fish) or fish.replace("_", " ").title()

    @staticmethod
    def _tags(*tags, owner=None) -> tuple:
        out = []
        for x in tags + ((owner,) if owner else ()):
            if x not in out:
                out.append(x)
        return tuple(out)

    def _token(self, image, face, x, z, width, *, rot, y, put, nickname, description, tags):
        """t.token, once per image; later tokens of that image are copies of the first with their
        own GUID, place, name and tags (so a face is drawn and encoded once, not once a piece)."""
        first = self._made.get(image)
        if first is None or first[1] != width:
            o = self.t.token(image, face, x, z, width, rot=rot, y=y, put=put, nickname=nickname,
                             description=description, tags=tags, thickness=0.1)
            self._made[image] = (copy.deepcopy(o), width)
            return o
        o = copy.deepcopy(first[0])
        o["GUID"] = self.t.guid()
        tr = o["Transform"]
        tr["posX"], tr["posY"], tr["posZ"], tr["rotY"] = round(x, 4), round(y, 4), round(z, 4), round(rot % 360, 4)
        o["Nickname"], o["Description"], o["Tags"] = nickname, description, list(tags)
        return self.t.put(o) if put else o

    def barrel(self, item: str, x=0.0, z=0.0, *, rot=180.0, y=TABLE_Y + 0.25, put=True, owner=None, note=""):
        """A barrel; `item` is its fish, or "fish/licence" as on a boat (caught with another fish's licence)."""
        fish = item.split("/", 1)[0]
        caught = ""
        if "/" in item:
            lic = item.split("/", 1)[1]
            name, _, n = lic.partition(":")
            caught = f" Caught with {self.fish_name(name)} licence {int(n) + 1}." if n.isdigit() else \
                f" Caught with a {self.fish_name(name)} licence."
        return self._token(f"barrel-{fish}", barrel_face(fish), x, z, SIZES["barrel"], rot=rot, y=y, put=put,
                           nickname=f"{self.fish_name(fish)} barrel",
                           description=f"A {self.fish_name(fish)} barrel.{caught} {note}".strip() + " " + LOOK,
                           tags=self._tags("barrel", fish, owner=owner))

    def token(self, kind: str, x=0.0, z=0.0, *, rot=180.0, y=TABLE_Y + 0.25, put=True, owner=None, note="",
              canned=False):
        """A fish token of `kind` (a token kind of the rules: "eel", "king_crab_6", "takoyaki", "clam",
        "salmon_spoiled" = a salmon token turned to its spoiled side)."""
        fish = self.kinds.get(kind, {}).get("fish")
        if fish is None:
            raise LayoutError(f"Tsukiji: {kind!r} is no fish token the layout knows")
        spoiled = kind == "salmon_spoiled"
        group = "salmon" if spoiled else kind
        if kind == "takoyaki":
            label, name = "TAKO", "takoyaki"
        elif self.kinds[kind]["bag"]:
            label, name = kind.upper(), kind
        elif fish in ("king_crab", "tuna"):
            v = kind.rsplit("_", 1)[1]
            label, name = f"{SHORT[fish]} {v}", f"{self.fish_name(fish)} ({v})"
        else:
            label, name = SHORT.get(fish, fish[:4].upper()), self.fish_name(fish)
        if spoiled:
            label, name = "SALM spoilt", "Salmon (spoiled side up)"
        if canned:
            name += ", canned (Iwashi)"
        tags = self._tags("fish token", group, fish, *(("spoiled",) if spoiled else ()), owner=owner)
        face = token_face(fish, label, spoiled)
        return self._token(f"token-{kind}", face, x, z, SIZES["fish token"], rot=rot, y=y, put=put,
                           nickname=f"{name} token", description=f"A {name} token. {note}".strip() + " " + LOOK,
                           tags=tags)

    def licence(self, fish: str, x=0.0, z=0.0, *, rot=180.0, y=TABLE_Y + 0.22, put=True, owner=None, note=""):
        name = self.fish_name(fish)
        return self._token(f"licence-{fish}", licence_face(fish, name), x, z, SIZES["licence"], rot=rot, y=y,
                           put=put, nickname=f"{name} licence",
                           description=f"A {name} fishing licence. {note}".strip() + " " + LOOK,
                           tags=self._tags("licence", fish, owner=owner))

    def boat_length(self, boat_type: str) -> float:
        return 0.5 + 0.42 * boat_holds(boat_type, self.R)

    def boat_depth(self, boat_type: str, length: float | None = None) -> float:
        w, h = boat_face(boat_type, boat_holds(boat_type, self.R)).get_size()
        return (length or self.boat_length(boat_type)) * h / w

    def boat(self, boat_type: str, x=0.0, z=0.0, *, rot=180.0, y=TABLE_Y + 0.2, put=True, owner=None, note="",
             length: float | None = None):
        holds = boat_holds(boat_type, self.R)
        label = boat_label(boat_type, holds)
        return self._token(f"boat-{boat_type}", boat_face(boat_type, holds), x, z,
                           length or self.boat_length(boat_type),
                           rot=rot, y=y, put=put, nickname=label,
                           description=f"A {label}. {note}".strip() + " " + LOOK,
                           tags=self._tags("boat", boat_type, owner=owner))

    def static(self, key: str, x=0.0, z=0.0, *, rot=180.0, y=TABLE_Y + 0.22, put=True, owner=None, note="",
               label: str = ""):
        """A loan, share, cool box, hand cart, buyer, expansion or ship rental marker (state keys)."""
        tag, name, colour = STATIC[key]
        label = label or name.upper()
        return self._token(f"{tag.replace(' ', '-')}-{label.replace(' ', '-').lower()}",
                           square_face(label, colour), x, z, SIZES["static"], rot=rot, y=y, put=put,
                           nickname=name if not label or label == name.upper() else f"{name} ({label.lower()})",
                           description=f"A {name}. {note}".strip() + " " + LOOK,
                           tags=self._tags(tag, owner=owner))

    def marker(self, tag: str, label: str, colour, x=0.0, z=0.0, *, rot=180.0, y=TABLE_Y + 0.3, put=True,
               nickname: str, description: str, size: float | None = None, square=False, extra=()):
        """A marker the rules do not count as a piece (value markers, collapse markers, berth covers);
        round, or `square` (True, or the image's (width, height) in pixels)."""
        if square:
            face = square_face(label, colour, size=square if isinstance(square, tuple) else (200, 120))
        else:
            face = draw.disc(label, colour, ink=ink_for(colour))
        image = f"{tag.replace(' ', '-')}-{label.replace(' ', '-').replace('/', '-').lower()}"
        return self._token(image, face, x, z, size or SIZES["marker"], rot=rot, y=y, put=put, nickname=nickname,
                           description=description + " " + LOOK, tags=(tag, *extra))

    # ---- what a save holds ---------------------------------------------------------------------

    @staticmethod
    def key(o: dict) -> str | None:
        """The rules.conserved() key an object counts for, or None."""
        tags = o.get("Tags", [])
        if not tags or tags[0] not in KEYS:
            return None
        pattern = KEYS[tags[0]]
        return pattern.format(tags[1]) if "{}" in pattern else pattern
