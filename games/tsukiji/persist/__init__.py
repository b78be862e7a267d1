"""Saving, restoring, showing and checking a Tsukiji table.

`dump` gives readable plain data (msgpack-able); `restore` accepts it, or a shorter
hand-written position for scenarios, validates everything and raises ValueError saying
what is wrong. `view` is what one seat may see: with hidden money (000:92) no other
seat's yen, and never a sealed bid before everyone has bid. `scramble` re-deals exactly
those secrets (and the order inside the auction bag).

A hand-written position (game.scenario) needs only:

    {"players": 3, "options": {...},
     "markets": {"fish": {"mackerel": "setup", "eel": {"barrels": 6, "tokens": 13, "licences": 3,
                                                      "value": 6}},
                 "external": {"ships": "setup", "bank": {"loans": 3, "shares": 2}}},
     "seats": [{"licences": {"mackerel": 1}, "boats": [{"type": "2", "at": "sea", "load": ["eel"]}],
                "tokens": {"eel": 2}, "harbour": [["eel", "upper", "c3"]], "berths": 2}, ...],
     "yen": [2000, 2000, 2000], "turn": 0}

A market written "setup" is set up as at the start of the game from the pieces not found
elsewhere in the position. An omitted seat field is empty, not its starting value: no
licences, rentals, tokens, boats or harbour items, one open berth, no loans or shares (a
seat as set up, 000:62, is written out: {"licences": {"mackerel": 1}, "boats":
[{"type": "1", "at": "left"}]}); with the expansion, one empty list per Himono licence and
no buyer markers. A boat's "at" defaults to the left berth and its load to nothing. The
phase defaults to "main" with 2 action points; the box (pieces not in play) and the
general supply's yen are derived. Anything else that `dump` writes may be given as well.

The expansion (option expansion=on, 000:392-628) adds, and only then are they written (a
base game saves exactly as it always did):

    "expansion": true, "collapse": bool     the collapsing variant (000:592)
    "collapsed": {market: "collapsed"|"closed"}        markers on collapsed markets (000:596-598)
    "buyers": [[owner, target], ...]        Influence buyer markers given to others (000:564)
    seat himono: [["b:mackerel", "t:sardines"], []]    one list per Himono licence, at most 2
                                            barrels ("b:") and tokens ("t:") on each (000:474)
    seat buyers: n                          buyer markers on its licence spaces (000:564)
                                            (each a market's `seat_field`, checked by the market)
    boat "type" "blue" / "barge4", "at" "foreign" (docked at the Foreign Market, 000:551),
    "rented" "ships" / "used_ships" (Ship Rental, 000:578); a barrel caught with another
    fish's licence is "fish/licence": "mackerel/horse_mackerel" (000:489), "sardines/himono:1"
    (the second Himono licence, 000:468-470)

and with open market order (000:628, also without the expansion) "order": {"fish": [...],
"external": [...]}, the markets not in play in the order they will come (omitted: as
printed). Whatever comes in is first checked for its shape (plain values only, bounded
depth and size), so damaged or hostile data is refused with a ValueError, never a crash.

The package is split by part of the table, each module checking one part and importing only
the modules below it (no cycles, and nothing from rules.py, which imports this package):

    shape        the names of a position's parts and its shape (plain data, bounded), checked first
    canonical    `dump`: the whole table in one canonical order
    pieces       counting pieces (`conserved`, `totals`) and the box
    seats        the seats: licences, rentals, tokens, boats and their loads, berths, harbour
    markets      the markets in play, the bag, the variants (expansion, collapse, open order)
    turn         yen, turn, phase, action points and the end of the game
    action       the action in progress and a sealed bid interrupting it
    restoring    `restore`: the parts read in order
    hidden       `view` and `scramble`: what one seat may see, and re-dealing the rest

Every name the single module had is still importable from here.
"""

from __future__ import annotations

# every name the single module had (and the new helpers), for its importers: rules.py, explain.py,
# tts/layouts/tsukiji/ (under_way.py)
from .action import _bid, _ctx, _ctx_for, _index_list, _licence_uses  # noqa: F401
from .canonical import (  # noqa: F401
    _boat_dump, _by_fish, _canon, _ctx_dump, _make_ranker, _market_dump, _ranker, _seat_dump, _tokens, dump,
)
from .hidden import _deep, copy_state, scramble, view  # noqa: F401
from .markets import (  # noqa: F401
    _always, _bags, _collapsed_and_buyers, _collapses, _fish_market, _markets, _order, _variants,
)
from .pieces import (  # noqa: F401
    _auctioned_fish, _box, _count_box, _counted_fields, _piece_name, _settle_pieces, conserved, placed, totals,
)
from .restoring import _restore, restore  # noqa: F401
from .seats import (  # noqa: F401
    EXPANSION_SEAT_KEYS, SEAT_KEYS, _barrel, _boats_at_the_foreign_market, _catchable, _never_for_sale,
    _numbered_names, _seat, _seats,
)
from .shape import (  # noqa: F401
    EXPANSION_BOATS, EXPANSION_KEYS, FISH_KEYS, FOREIGN, LOT_MARKETS, MAX_DEPTH, MAX_TEXT, MAX_VALUES,
    NUMBERED_LICENCES, STATIC_KEYS, _bool, _ext_key, _fish_name, _lic_key, _market_name, _numbered, _plain,
)
from .turn import _points_left, _turn, _yen  # noqa: F401
