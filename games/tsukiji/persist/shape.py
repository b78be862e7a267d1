"""The names of a position's parts, and its shape: checked first, before any part of the table.

Whatever comes in to `restore` may be damaged or hostile, so `_plain` refuses anything that is
not plain data of bounded depth and size before a single field is read; the small checks here
(true/false, a fish's name, a licence's number) and the orders keys are written in are shared
by every other part of the package, which is why they live at its bottom and import nothing of it.
"""

from __future__ import annotations

from ..data import EXTERNAL, FISH
from ..markets import MARKETS

STATIC_KEYS = ("loans", "shares", "coolboxes", "carts")
#: the expansion's markers, kept and counted like the static pieces (000:400)
EXPANSION_KEYS = ("buyers", "expansion_markers", "ship_rental_markers")
#: boats that come with the expansion (000:394)
EXPANSION_BOATS = ("blue", "barge4")
#: the fields of a fish market's state written first, in this order (as always)
FISH_KEYS = ("barrels", "tokens", "licences", "takoyaki", "value", "overfished")
#: markets whose visit builds a lot of tokens (000:307, 000:325, 000:339, 000:582)
LOT_MARKETS = ("auction", "barter", "trade", "sushi_shop")
#: licences told apart, used one by one as "himono:0", "himono:1" ... (000:470), as their market says
NUMBERED_LICENCES = tuple(f for f in FISH if MARKETS[f].numbered_licences)
#: where a boat docked at the Foreign Market is (000:551)
FOREIGN = "foreign"
#: the shape of a position: anything deeper, larger or of another type is not one
MAX_DEPTH, MAX_VALUES, MAX_TEXT = 16, 100_000, 4000


def _bool(v, what):
    if not isinstance(v, bool):
        raise ValueError(f"{what} is true or false, not {v!r}")
    return v


def _fish_name(v, what):
    if v not in FISH:
        raise ValueError(f"{what}: {v!r:.60} is not a fish ({', '.join(FISH)})")
    return v


def _plain(data) -> None:
    """The shape of a position, checked before anything is read: mappings with text keys,
    lists, text, whole numbers, true/false and null only, at most MAX_DEPTH deep and
    MAX_VALUES values in all. Anything else is not a position (a damaged or hostile one)."""
    stack = [(data, 1, "the position")]
    n = 0
    while stack:
        v, depth, where = stack.pop()
        n += 1
        if n > MAX_VALUES:
            raise ValueError(f"the position holds more than {MAX_VALUES:,} values; no table does")
        if depth > MAX_DEPTH:
            raise ValueError(f"{where} nests deeper than {MAX_DEPTH} levels; no table does")
        if isinstance(v, dict):
            for k, x in v.items():
                if not isinstance(k, str) or len(k) > 100:
                    raise ValueError(f"{where}: {k!r:.40} is not a name (a mapping's keys are short text)")
                stack.append((x, depth + 1, f"{where} → {k}"))
        elif isinstance(v, (list, tuple)):
            stack.extend((x, depth + 1, f"{where} → {i + 1}") for i, x in enumerate(v))
        elif isinstance(v, str):
            if len(v) > MAX_TEXT:
                raise ValueError(f"{where}: a text of {len(v):,} characters; none is longer than {MAX_TEXT:,}")
        elif isinstance(v, bool) or v is None:
            pass
        elif isinstance(v, int):
            if not -2 ** 63 <= v < 2 ** 64:
                raise ValueError(f"{where}: {v} is beyond any number a table holds")
        else:
            raise ValueError(f"{where}: a {type(v).__name__} ({v!r:.40}) is not part of any position")


def _market_name(rules, mid: str) -> str:
    return rules.m[mid].name if mid in rules.m else str(mid)


def _numbered(k: str, rules) -> bool:
    return k.isdigit() and str(int(k)) == k and int(k) < rules.d.max_licences


def _lic_key(k: str):
    """"eel" before "himono:0" before "himono:1": fish in their order, numbered licences by number."""
    fish, _, n = k.partition(":")
    return (FISH.index(fish) if fish in FISH else len(FISH), int(n) if n.isdigit() else -1, k)


def _ext_key(e) -> tuple:
    return (EXTERNAL.index(e), "") if e in EXTERNAL else (len(EXTERNAL), str(e))
