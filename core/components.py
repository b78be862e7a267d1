"""Physical components shared by the Tokyo games.

Each is a small object with the behaviour the boxes give it: a bag is drawn from
blind, a supply is counted and runs out, a drink has a colour and a shape, a lot card
states its floors in digits and its piece count in Roman numerals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Hashable, Iterable, TypeVar

from .errors import IllegalMove
from .rng import Rng

T = TypeVar("T", bound=Hashable)

# 004:12-19 — the eight architects of Tokyo Jutaku, exactly as the box lists them.
ARCHITECTS = (
    "Toyo Ito", "Tadao Ando", "Shigeru Ban", "Kengo Kuma",
    "Makoto Yokomizo", "Ryuji Fujimura", "Sou Fujimoto", "Go Hasegawa",
)


@dataclass(frozen=True)
class ArchitectMarker:
    """A round player marker; it stands on a lot card or beside a board."""
    architect: str

    @staticmethod
    def for_seats(count: int) -> tuple["ArchitectMarker", ...]:
        if not 1 <= count <= len(ARCHITECTS):
            raise ValueError(f"there are {len(ARCHITECTS)} architect markers, not {count}")
        return tuple(ArchitectMarker(a) for a in ARCHITECTS[:count])


class CountedSupply(Generic[T]):
    """A supply of identical pieces by kind, with a fixed stock that runs out."""

    __slots__ = ("counts",)

    def __init__(self, counts: dict[T, int] | None = None):
        self.counts: dict[T, int] = dict(counts or {})

    def __getitem__(self, kind: T) -> int:
        return self.counts.get(kind, 0)

    def take(self, kind: T, n: int = 1, rule: str | None = None) -> None:
        have = self.counts.get(kind, 0)
        if n > have:
            raise IllegalMove(f"the supply has {have} {kind}, not {n}", rule)
        self.counts[kind] = have - n

    def put(self, kind: T, n: int = 1) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + n

    def total(self) -> int:
        return sum(self.counts.values())


class Bag(Generic[T]):
    """A cloth bag: pieces go in, come out at random by the match's seeded RNG."""

    __slots__ = ("items",)

    def __init__(self, items: Iterable[T] = ()):
        self.items: list[T] = list(items)

    def __len__(self) -> int:
        return len(self.items)

    def put(self, item: T) -> None:
        self.items.append(item)

    def draw(self, rng: Rng, rule: str | None = None) -> T:
        if not self.items:
            raise IllegalMove("the bag is empty", rule)
        i = rng.below(len(self.items))
        self.items[i], self.items[-1] = self.items[-1], self.items[i]
        return self.items.pop()

    def contents(self) -> dict[T, int]:
        """What is in the bag by kind: public when the game says so."""
        out: dict[T, int] = {}
        for item in self.items:
            out[item] = out.get(item, 0) + 1
        return out


@dataclass(frozen=True)
class DrinkKind:
    """One colour or one shape of the JIDOHANBAIKI drinks, with its card position."""
    id: str
    name: str
    letter: str
    position: int


@dataclass(frozen=True)
class Drink:
    """A drink: one of 6 colours by one of 6 shapes; `index` is colour*6 + shape."""
    colour: int
    shape: int

    @property
    def index(self) -> int:
        return self.colour * 6 + self.shape


class DrinkSet:
    """The 36 drinks of one JIDOHANBAIKI box, with the colour and shape cards' order."""

    def __init__(self, colours: list[DrinkKind], shapes: list[DrinkKind]):
        if len(colours) != 6 or len(shapes) != 6:
            raise ValueError("JIDOHANBAIKI has 6 colour cards and 6 shape cards")
        self.colours = tuple(sorted(colours, key=lambda k: k.position))
        self.shapes = tuple(sorted(shapes, key=lambda k: k.position))
        self.drinks = tuple(Drink(c, s) for c in range(6) for s in range(6))

    @classmethod
    def from_asset(cls, data: dict) -> "DrinkSet":
        def kinds(rows):
            return [DrinkKind(r["id"], r["name"], r["letter"], int(r["position"])) for r in rows]
        return cls(kinds(data["colours"]), kinds(data["shapes"]))

    def label(self, index: int) -> str:
        """Short words for people: 'black short can'."""
        c, s = divmod(index, 6)
        return f"{self.colours[c].name} {self.shapes[s].name}"

    def code(self, index: int) -> str:
        """Two letters, colour then shape, readable without colour vision."""
        c, s = divmod(index, 6)
        return self.colours[c].letter + self.shapes[s].letter

    def attribute_ids(self) -> list[str]:
        return [k.id for k in self.colours] + [k.id for k in self.shapes]


_ROMAN = {"I": 1, "V": 5, "X": 10, "/": 1}


def roman_pieces(numeral: str) -> int:
    """A lot card's piece count. 004:34 — 'V///' is five and three ones: eight."""
    if not numeral or any(ch not in _ROMAN for ch in numeral):
        raise ValueError(f"{numeral!r} is not a piece count as lot cards print it")
    total = 0
    values = [_ROMAN[ch] for ch in numeral]
    for i, v in enumerate(values):
        if i + 1 < len(values) and values[i + 1] > v and numeral[i] != "/":
            total -= v
        else:
            total += v
    return total


@dataclass(frozen=True)
class LotCard:
    """A Tokyo Jutaku lot card: district, floors (digit), pieces (numeral), value, outlines.

    Each outline is a lot boundary as (left, right) in mm across the card's side view;
    004:37 allows two, of which the builder picks one.
    """
    id: str
    district: str
    floors: int
    numeral: str
    yen: int
    outlines: tuple[tuple[float, float], ...] = field(default=((0.0, 0.0),))
    roppongi: bool = False

    @property
    def pieces(self) -> int:
        return roman_pieces(self.numeral)


@dataclass(frozen=True)
class BuildingPiece:
    """A wooden Jutaku piece as a 2-D side profile made of convex polygons (mm)."""
    id: str
    kind: str
    parts: tuple[tuple[tuple[float, float], ...], ...]
    mass_g: float
    name: str = ""           # what a player calls it ("tall column"); pieces of a shape share it

    def bounds(self) -> tuple[float, float, float, float]:
        xs = [x for p in self.parts for x, _ in p]
        ys = [y for p in self.parts for _, y in p]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def width(self) -> float:
        x0, _, x1, _ = self.bounds()
        return x1 - x0

    @property
    def height(self) -> float:
        _, y0, _, y1 = self.bounds()
        return y1 - y0


@dataclass(frozen=True)
class FishToken:
    """A TSUKIJI fish marker with its printed resource value: a '15' tuna, a '6' crab."""
    fish: str
    value: int

    @property
    def id(self) -> str:
        return f"{self.fish}_{self.value}"

    @classmethod
    def parse(cls, token: str) -> "FishToken":
        fish, _, value = token.rpartition("_")
        if not fish or not value.isdigit():
            raise ValueError(f"{token!r} is not a fish token such as 'tuna_15'")
        return cls(fish, int(value))


def fish_tokens(fish: str, market: dict) -> list[FishToken]:
    """Every token of one fish in the box, from its Tsukiji market file's `token_values`."""
    values = market.get("token_values") or {}
    return [FishToken(fish, int(v)) for v, n in sorted(values.items(), key=lambda kv: int(kv[0]))
            for _ in range(int(n))]


#: 000:253, 260 — a salmon marker lies with its fresh side or its spoiled "4" side up
SALMON_SIDES = ("fresh", "4")


@dataclass(frozen=True)
class LaundryGood:
    """One kind of COIN LAUNDRY good: a machine, a clothing item, detergent or reading."""
    id: str
    name: str
    kind: str
    count: int


LAUNDRY_KINDS = ("machine", "clothing", "detergent", "reading")


class LaundryBox:
    """The COIN LAUNDRY goods by kind, as coin_laundry.toml lists them."""

    def __init__(self, goods: list[LaundryGood]):
        ids = [g.id for g in goods]
        if len(set(ids)) != len(ids):
            raise ValueError("a laundry good is listed twice")
        for g in goods:
            if g.kind not in LAUNDRY_KINDS or g.count < 0:
                raise ValueError(f"laundry good {g.id!r}: kind is one of {LAUNDRY_KINDS}, count >= 0")
        self.goods = {g.id: g for g in goods}

    @classmethod
    def from_asset(cls, data: dict) -> "LaundryBox":
        try:
            return cls([LaundryGood(str(g["id"]), str(g["name"]), str(g["kind"]), int(g["count"]))
                        for g in data["goods"]])
        except (KeyError, TypeError) as e:
            raise ValueError(f"coin_laundry.toml: each [[goods]] has id, name, kind, count ({e})") from e

    def of_kind(self, kind: str) -> list[LaundryGood]:
        return [g for g in self.goods.values() if g.kind == kind]

    def items(self, kind: str) -> list[str]:
        """Every piece of that kind, one id per piece, in the file's order."""
        return [g.id for g in self.of_kind(kind) for _ in range(g.count)]
