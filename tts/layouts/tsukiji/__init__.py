"""Tokyo Tsukiji Market (000:15-86) on the TTS table, as set up or as a match stands.

In the middle: every market in play as a board drawn from its asset file (entry cost,
licence price, spaces and their numbers; a star marks a reconstructed value, and the
description says which), with its barrels, tokens, licences, boats, loans and markers on
its spaces; fish markets above, external markets below, and between them the markets not
in play (a deck per kind: face down, or face up in the open order), the auction bag(s),
anything up for auction, the general supply of yen and the box (a bag per kind of piece).
In front of every seat: its harbour tableau (the sea, the three berths with their covers,
the upper and lower sale rows with barrels at their prices, the four licence spaces with
licences, rentals and buyer markers), its boats with their loads, its fish tokens, loans
and shares, and its yen (in a bag of its own with hidden money).

The layout only reads the state. Before it returns, it counts the table in the rules' own
terms (`rules.conserved`) and every seat's yen and boats; a position it cannot show
raises LayoutError (one line), so nothing is half exported.

The package is split by board, each module importing only the modules above it in this list
(no cycles); the Layout is one class, its parts mixed in from the modules that lay out each
board (as rules.Tsukiji is made of its parts):

    plan           the geometry every board shares: a plan of spaces, its image, places on it
    words          the words on a market board, from its asset file
    placing        `fail`, frames, piles on a space, snap points, token groups
    harbours       in front of every seat: the harbour tableau, boats and loads, tokens, yen
    market_boards  what a fish or an external market board shows, and the pieces on it
    centre         the markets arranged in the middle, every board laid with its pieces
    middle         the middle rows: decks of markets not in play, auction bags, supply, box
    under_way      what an action under way has moved, and the lot up for auction
    notebook       the notebook's Set-up and Reconstructed tabs
    layout         the table assembled and counted; `lay_out`, the entry point

The pieces themselves (barrels, tokens, licences, boats, markers) are drawn by
tts/layouts/tsukiji_pieces.py. Every name the single module had is still importable from here.
"""

from __future__ import annotations

from .centre import GAP, MAX_BOARD, MIDDLE_ROW, ROOM  # noqa: F401
from .harbours import HARBOUR_PX, HARBOUR_W, HARBOUR_Z, PRINTED_COLUMNS, SEAT_TINT  # noqa: F401
from .layout import Layout, lay_out  # noqa: F401
from .middle import BAG_ROOM  # noqa: F401
from .placing import HERE, PILE, fail  # noqa: F401
from .plan import BOARD_PX, TOP_PX, Plan, grid, label_height  # noqa: F401
from .words import MONEY_WORDS, NOT_FACTS, STATIC_SPACES, Words, fmt, money_key  # noqa: F401
