"""The lot cards and the plan they lie in (assets/jutaku_lots.toml): Tokyo Jutaku's deck,
which Bottle Bonus plays, Izakaya lays out as its city and Countdown builds on the edge of.

Pure code: it is handed the parsed TOML dict (core.assets.load does the reading and the
user's override), checks every value a person may have edited, and says which card and
which field is wrong. 004:5-7 and 004:21 fix the counts and the 6x6 grid.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.components import roman_pieces
from physics.building import CARD_MM, Lot

SIZE = 6                                               # the grid is 6x6 (004:21)
CENTRE = {(r, c) for r in (2, 3) for c in (2, 3)}      # where the pieces lie (004:21)
PER_DISTRICT = 4
NORMAL_CARDS = 32                                      # 004:21
ROPPONGI_CARDS = 4                                     # 004:7
EMPTY = ("", "-")


@dataclass(frozen=True)
class Side:
    """One printed side of a lot card: what it asks (004:31-35) and where (004:37)."""
    floors: int
    numeral: str
    yen: int
    outlines: tuple[tuple[float, float], ...]

    @property
    def pieces(self) -> int:
        return roman_pieces(self.numeral)

    def lot(self) -> Lot:
        """The side as the building model's lot, for the rule check."""
        return Lot(self.outlines, self.floors, self.numeral)


@dataclass(frozen=True)
class Card:
    """A lot card: the simple blue front (004:103) and the harder white back (004:97)."""
    id: str
    district: str
    front: Side
    back: Side
    roppongi: bool = False


def _int(value, where: str, field: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{where}: {field} must be a whole number of at least {low}, not {value!r}")
    return value


def _side(row, where: str, prefix: str) -> Side:
    """One side from its table; `prefix` ('' or 'back.') names the fields in errors."""
    if not isinstance(row, dict):
        raise ValueError(f"{where}: {prefix or 'the card'} must be a table")
    for key in ("floors", "numeral", "yen", "outlines"):
        if key not in row:
            raise ValueError(f"{where}: {prefix}{key} is missing")
    floors = _int(row["floors"], where, prefix + "floors", 1)
    numeral = row["numeral"]
    try:
        if not isinstance(numeral, str):
            raise ValueError(numeral)
        pieces = roman_pieces(numeral)
    except ValueError:
        raise ValueError(f"{where}: {prefix}numeral {numeral!r} is not a piece count "
                         f"(I, V, X and / only, 004:34)") from None
    if pieces < floors:
        raise ValueError(f"{where}: {prefix}numeral {numeral!r} asks {pieces} pieces "
                         f"for {floors} floors; every floor needs a piece")
    yen = _int(row["yen"], where, prefix + "yen", 0)
    outs = row["outlines"]
    if not isinstance(outs, list) or not 1 <= len(outs) <= 2:
        raise ValueError(f"{where}: {prefix}outlines must be one or two [left, right] pairs (004:37)")
    outlines = []
    for pair in outs:
        ok = (isinstance(pair, list) and len(pair) == 2
              and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in pair))
        if not ok or not 0 <= pair[0] < pair[1] <= CARD_MM:
            raise ValueError(f"{where}: {prefix}outlines {pair!r} must be [left, right] "
                             f"with 0 <= left < right <= {CARD_MM:g} mm")
        outlines.append((float(pair[0]), float(pair[1])))
    if len(outlines) == 2 and outlines[0] == outlines[1]:
        raise ValueError(f"{where}: {prefix}outlines are the same twice; two outlines differ (004:37)")
    return Side(floors, numeral, yen, tuple(outlines))


def _layout(rows) -> dict[str, list[tuple[int, int]]]:
    """District -> its cells in row-major order, checked: 6x6, centre empty, groups of 4."""
    if not (isinstance(rows, list) and len(rows) == SIZE
            and all(isinstance(r, list) and len(r) == SIZE for r in rows)):
        raise ValueError("layout: must be 6 rows of 6 district names (004:21)")
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, name in enumerate(row):
            if not isinstance(name, str):
                raise ValueError(f"layout: row {r} column {c} must be a district name, not {name!r}")
            if ((r, c) in CENTRE) != (name in EMPTY):
                raise ValueError(f"layout: row {r} column {c} is {name!r}; exactly the centre 4 "
                                 f"places are empty (\"\"), the pieces lie there (004:21)")
            if name not in EMPTY:
                cells.setdefault(name, []).append((r, c))
    for name, places in cells.items():
        if len(places) != PER_DISTRICT:
            raise ValueError(f"layout: district {name!r} has {len(places)} places, not {PER_DISTRICT}")
        seen, todo = set(), [places[0]]
        while todo:
            r, c = todo.pop()
            if (r, c) not in seen:
                seen.add((r, c))
                todo += [p for p in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if p in places]
        if len(seen) != len(places):
            raise ValueError(f"layout: district {name!r} is not one connected group "
                             f"(cards are grouped by district, 004:21)")
    return cells


class Deck:
    """All 36 lot cards and the grid they are laid out in."""

    def __init__(self, cards: list[Card], cells: dict[str, list[tuple[int, int]]]):
        self.cards = {c.id: c for c in cards}
        self._cells = cells

    @classmethod
    def from_asset(cls, data: dict) -> "Deck":
        """The deck from the parsed jutaku_lots.toml; any bad value is a ValueError naming it."""
        cells = _layout(data.get("layout"))
        rows = data.get("cards")
        if not isinstance(rows, list):
            raise ValueError("cards: the asset has no [[cards]] list")
        cards: list[Card] = []
        for n, row in enumerate(rows, 1):
            if not isinstance(row, dict) or not isinstance(row.get("id"), str) or not row["id"]:
                raise ValueError(f"lot card #{n}: id is missing")
            where = f"lot card {row['id']!r}"
            if any(c.id == row["id"] for c in cards):
                raise ValueError(f"{where}: id is used twice")
            district = row.get("district")
            roppongi = row.get("roppongi", False)
            if not isinstance(roppongi, bool):
                raise ValueError(f"{where}: roppongi must be true or false, not {roppongi!r}")
            if not isinstance(district, str) or not district:
                raise ValueError(f"{where}: district is missing")
            if not roppongi and district not in cells:
                raise ValueError(f"{where}: district {district!r} is not in the layout")
            if roppongi and district in cells:
                raise ValueError(f"{where}: a Roppongi card replaces a district; "
                                 f"{district!r} is one of the layout's own")
            front = _side(row, where, "")
            back = _side(row.get("back"), where, "back.")
            cards.append(Card(row["id"], district, front, back, roppongi))
        extra = [c for c in cards if c.roppongi]
        if len(cards) - len(extra) != NORMAL_CARDS:
            raise ValueError(f"cards: {len(cards) - len(extra)} district cards, "
                             f"the grid holds {NORMAL_CARDS} (004:21)")
        if len(extra) != ROPPONGI_CARDS:
            raise ValueError(f"cards: {len(extra)} Roppongi cards, the box has {ROPPONGI_CARDS} (004:7)")
        for name in cells:
            count = sum(1 for c in cards if c.district == name and not c.roppongi)
            if count != PER_DISTRICT:
                raise ValueError(f"cards: district {name!r} has {count} cards, not {PER_DISTRICT}")
        return cls(cards, cells)

    def card(self, card_id: str) -> Card:
        try:
            return self.cards[card_id]
        except KeyError:
            raise KeyError(f"there is no lot card {card_id!r}") from None

    def districts(self) -> tuple[str, ...]:
        """The layout's districts in reading order (Roppongi is not one of them)."""
        return tuple(self._cells)

    def grid(self, replace: str | None = None) -> tuple[tuple[str | None, ...], ...]:
        """6 rows of 6 card ids, None in the centre 4 (004:21).

        Each district's cards fill its cells in id order; with `replace` the Roppongi
        cards take that district's cells instead (004:7).
        """
        if replace is not None and replace not in self._cells:
            raise ValueError(f"{replace!r} is not a district of the layout; "
                             f"Roppongi replaces one of {', '.join(self._cells)}")
        out: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]
        for name, places in self._cells.items():
            if name == replace:
                ids = sorted(c.id for c in self.cards.values() if c.roppongi)
            else:
                ids = sorted(c.id for c in self.cards.values() if c.district == name and not c.roppongi)
            for (r, c), card_id in zip(places, ids):
                out[r][c] = card_id
        return tuple(tuple(row) for row in out)
