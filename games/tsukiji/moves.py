"""How a move is written: the keys of the moves, made and read in this module only.

A key is the move's kind, then its fields, joined by ":" ("dock:2:left"). The phases make
their actions' keys with the writers below; explain.py reads a refused key with `read`, once,
into a `Said` (its kind and fields), and never splits a key itself. A field that cannot be
read is None, beside its text as given, which a reason quotes back.

    launch:<boat>                         catch:<boat>:<barrel>[*<n>][+<barrel>[*<n>]]
    dock:<boat>:<berth | foreign>         transfer:<ship>[:<barge>]
    buy:<seat>:<U|L>:<column>:<fish>      enter:<market>:<option>[:<u|l><column>[:<fish>]]
    free:<market>:...                     (boats and seats count from 1; a barrel caught with
                                          another fish's licence is "<fish>/<licence>")
"""

from __future__ import annotations

from typing import NamedTuple

from .state import LETTER_ROW, ROW_LETTER


def key(kind: str, *fields) -> str:
    return ":".join((kind,) + tuple(str(f) for f in fields))


def number(x: str) -> int | None:
    """A short whole number written plainly ("3", not "03" or a thousand digits), else None."""
    return int(x) if x.isascii() and x.isdigit() and len(x) < 7 and str(int(x)) == x else None


def _counted(x: str | None) -> int | None:
    """A boat or seat counted from 1 ("2" → 1), as int() reads it; None if it is not a number."""
    if x is None:
        return None
    try:
        return int(x) - 1
    except ValueError:
        return None


# ==== writing =============================================================================================

def launch(i: int) -> str:
    return key("launch", i + 1)


def dock(i: int, berth: str) -> str:
    """At a berth of yours, or "foreign": at the Foreign Market (000:547)."""
    return key("dock", i + 1, berth)


def catch(i: int, catch_: tuple) -> str:
    """One barrel (or n, "*n") caught with each licence used: (barrel, fish, n, licence use)."""
    return key("catch", i + 1, "+".join(tag + (f"*{n}" if n > 1 else "") for tag, _fish, n, _use in catch_))


def transfer(i: int, j: int, barges: int) -> str:
    """The barge is named only when two of yours are at sea (000:440)."""
    return key("transfer", i + 1) if barges == 1 else key("transfer", i + 1, j + 1)


def purchase(o: int, row: str, col: str, kind: str) -> str:
    return key("buy", o + 1, ROW_LETTER[row], col, kind)


def entry(mid: str, k: int, src: str) -> str:
    """Entry cost option k; paid from the supply, or with the takoyaki ("uc3") or barrel
    ("uc3:eel") from your harbour (000:173-179, 000:436)."""
    return key("enter", mid, k + 1) + ("" if src == "supply" else f":{src}")


def free(mid: str, *fields) -> str:
    """A market's free action in your turn (000:474, 000:564)."""
    return key("free", mid, *fields)


# ==== reading =============================================================================================

class CatchPart(NamedTuple):
    """One licence's share of a catch key, as written: "mackerel/himono:0", "mackerel/horse_mackerel*2"."""
    text: str            # as written
    tag: str             # the barrel as the boat carries it
    n: int | None        # how many barrels; None when "*<n>" is not 2 or more
    fish: str
    tagged: bool         # caught with another fish's licence
    use: str             # the licence used: "eel", "himono:0"
    licence: str         # its kind: himono
    numbered: bool       # a licence told apart ("himono:0")
    number_text: str     # its number as written
    number: int | None   # its number, if plainly written


class Said(NamedTuple):
    """What a key says: its kind (the first part), how many parts follow, its fields as read."""
    kind: str
    arity: int
    fields: dict
    key: str

    def get(self, name: str, default=None):
        return self.fields.get(name, default)


def _boat(parts: list[str]) -> dict:
    text = parts[0] if parts else None
    return {"boat_text": text, "boat": _counted(text)}


def _catch_part(text: str) -> CatchPart:
    tag, star, n = text.partition("*")
    count = number(n) if star else 1
    if star and not (count or 0) >= 2:
        count = None
    fish, tagged, use = tag.partition("/")
    licence = use.partition(":")[0] if tagged else fish
    numbered = ":" in use
    k = use.partition(":")[2]
    return CatchPart(text, tag, count, fish, bool(tagged), use if tagged else fish, licence, numbered, k, number(k))


def _read_catch(parts: list[str]) -> dict:
    out = _boat(parts)
    out["catch"] = tuple(_catch_part(x) for x in ":".join(parts[1:]).split("+"))
    return out


def _read_dock(parts: list[str]) -> dict:
    out = _boat(parts)
    out["berth"] = parts[1] if len(parts) > 1 else None
    out["abroad"] = bool(parts) and parts[-1] == "foreign"      # at the Foreign Market (000:547)
    return out


def _read_transfer(parts: list[str]) -> dict:
    ok = len(parts) in (1, 2) and all(number(x) is not None for x in parts)
    return {"ship_text": parts[0] if parts else None, "plain": ok,
            "ship": number(parts[0]) - 1 if ok else None,
            "barge": number(parts[1]) - 1 if ok and len(parts) == 2 else None}


def _read_purchase(parts: list[str]) -> dict:
    if len(parts) != 4:
        return {}
    return {"seat_text": parts[0], "seat": _counted(parts[0]), "row": LETTER_ROW.get(parts[1]), "col": parts[2],
            "fish": parts[3]}


def _read_entry(parts: list[str]) -> dict:
    out = {"market": parts[0] if parts else None, "option_text": parts[1] if len(parts) > 1 else None,
           "option": number(parts[1]) if len(parts) > 1 else None}
    if len(parts) > 2:
        src = parts[2]
        out.update(source=src, source_row={"u": "upper", "l": "lower"}.get(src[:1]), source_col=src[1:])
    if len(parts) > 3:
        out["source_fish"] = parts[3]
    return out


def _read_free(parts: list[str]) -> dict:
    return {"market": parts[0] if parts else ""}


#: how the fields of each kind are read (the kinds not here have no fields worth reading)
READERS = {"launch": _boat, "catch": _read_catch, "dock": _read_dock, "transfer": _read_transfer,
           "buy": _read_purchase, "enter": _read_entry, "free": _read_free}


def read(k) -> Said:
    """What a key says, read once: its kind and fields (any text is read; nothing is refused here)."""
    parts = k.split(":") if isinstance(k, str) else [""]
    head, rest = parts[0], parts[1:]
    reader = READERS.get(head)
    return Said(head, len(rest), reader(rest) if reader else {}, k if isinstance(k, str) else "")
