"""Words for people: a game's "seat 2" becomes the name sitting there.

Games write seats as "seat N" or "Seat N" (1-based; docs/plugins.md asks plugins to),
because the rules know no names. Everything the kiosk shows a person goes through
`named`, so logs, headers and end screens say "Bo has bid", not "Seat 2 has bid".
"""

from __future__ import annotations

import re

SEAT = re.compile(r"\b[Ss]eat (\d+)\b")


def named(text: str, names: list[str]) -> str:
    """`text` with every "seat N" that names a seat at this table replaced by its name."""
    def name(m: re.Match) -> str:
        n = int(m.group(1))
        return names[n - 1] if 1 <= n <= len(names) else m.group(0)
    return SEAT.sub(name, text)
