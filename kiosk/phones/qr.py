"""A seat's link as a QR code drawn with block characters, for the terminal (and for the
browser through tokyo serve, which shows the same terminal)."""

from __future__ import annotations

import segno

QUIET = 2     # modules of light border round the code; scanners need some


def qr_lines(text: str) -> list[str]:
    """The code of `text`, two rows of modules a line. Light modules are the ink: on a
    kiosk's light-on-dark terminal the code reads as printed, dark on light."""
    code = segno.make(text, error="m", micro=False)
    rows = [[bool(v) for v in row] for row in code.matrix]
    size = len(rows)
    light = [False] * (size + 2 * QUIET)
    rows = [light] * QUIET + [[False] * QUIET + r + [False] * QUIET for r in rows] + [light] * QUIET
    if len(rows) % 2:
        rows.append(light)
    glyph = {(False, False): "█", (True, False): "▄", (False, True): "▀", (True, True): " "}
    return ["".join(glyph[(top, bottom)] for top, bottom in zip(rows[i], rows[i + 1]))
            for i in range(0, len(rows), 2)]
