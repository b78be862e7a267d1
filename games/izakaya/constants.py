"""Izakaya's numbers in one place (with the rulebook's lines), and the edges of its grid
of lot cards: rules.py and persist.py both read them here."""

from __future__ import annotations

SIZES = {2: 3, 3: 3, 4: 4, 5: 5}                      # 004:99-101
THRESHOLD = {2: 1500, 3: 2300, 4: 3000, 5: 4000}       # 004:127
START_PRICES = (100, 100, 200, 200, 300, 300)          # 004:105, colour cards from the left
START_YEN = 1000                                       # 004:105
PYRAMIDS = 6                                           # 004:105
ACTION_DISCS = 3                                       # 004:107
CLAIM_DISCS = 6                                        # 004:105-107, 119: nine discs, three for actions
BOTTLES_PER_COLOUR = 6                                 # 004:103


def edges(k: int) -> list[str]:
    """Every edge between two neighbouring cards: v:r:c between (r, c) and (r, c+1),
    h:r:c between (r, c) and (r+1, c)."""
    return ([f"v:{r}:{c}" for r in range(k) for c in range(k - 1)]
            + [f"h:{r}:{c}" for r in range(k - 1) for c in range(k)])
