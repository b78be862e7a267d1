"""Izakaya: the rules, readable beside 004:95-133.

A city of corner shops: sealed bids for turn order, then three action discs each on the
action spaces — a colour bottle onto a corner where cards meet, a price change between
colour cards, a lot claimed by an edge disc and a pyramid, or a piece built by Tokyo
Jutaku's rules (004:37-54) and judged by the physics verdict. Buildings score the yen of
every bottle touching their card times their floors (004:129-131).

The state is plain data (a dict): `dump` is a copy and `restore` checks every value.
"""

from __future__ import annotations

from core.bids import SealedBid
from core.components import DrinkSet
from core.errors import IllegalMove
from core.game import Action, Event, Result, Rules, rank_by
from core.payload import copy_plain
from core.rng import Rng
from core.words import count_words
from core.yen import Payment, counted
from games.building import FOLDER
from games.building.cards import Deck
from games.building.placing import building, in_middle, placed, written
from games.building.rounds import PIECE_ON_A_LOT
from physics import geometry
from physics.building import R_OVERLAP, Building, Lot, Placement
from physics.pieces import Catalogue
from physics.placement import CARD, OUTLINE, placement
from physics.stability import judged
from physics.world import TOUCH_MM

from .constants import (  # noqa: F401  (their home is constants.py)
    ACTION_DISCS,
    BOTTLES_PER_COLOUR,
    CLAIM_DISCS,
    PYRAMIDS,
    SIZES,
    START_PRICES,
    START_YEN,
    THRESHOLD,
    edges,
)

R_SETUP = "Izakaya, set-up (004:97-107)"
R_BID = "Izakaya, bidding for turn order (004:111)"
R_BOTTLE = "Izakaya, colour bottles (004:115)"
R_PRICE = "Izakaya, price adjustment (004:117)"
R_CLAIM = "Izakaya, claiming a lot (004:119-121)"
R_BUILD = "Izakaya, building (004:123, Tokyo Jutaku 004:52-54)"
R_END = "Izakaya, the end (004:127)"
R_PASS = "Izakaya, passing (kiosk house rule: only when no action space can be used)"

#: An Izakaya position, declared once: every field, what it holds, and its value at the start
#: for n players (None: `setup` gives it, from the rng or the catalogue). `setup` builds a
#: position of exactly these fields, in this order; persist.py checks that a saved one has
#: exactly these (`Izakaya.fields`); `table` hands them out. Colours are in the colour cards'
#: order (`Izakaya.colours`); a card is "r:c", a corner "i:j", an edge "v:r:c" or "h:r:c".
FIELDS = {
    "players": ("how many seats", None),
    "k": ("the grid's size: k×k lot cards (004:99-101)", lambda n: SIZES[n]),
    "grid": ("the lot cards, k rows of k card ids, white side up (004:97)", None),
    "blue": ("the cards turned blue, unusable: [[row, column]] (the centre for 2-3 players, 004:99)",
             lambda n: [[SIZES[n] // 2, SIZES[n] // 2]] if n <= 3 else []),
    "round": ("the round, from 1", lambda n: 1),
    "phase": ("bid, actions, bonus (a free piece, 004:121) or over", lambda n: "bid"),
    "yen": ("each seat's yen (004:105)", lambda n: [START_YEN] * n),
    "pile": ("the yen in the bid pile (004:111)", lambda n: 0),
    "prices": ("the yen on each colour card (004:105, 117)", lambda n: list(START_PRICES)),
    "crates": ("the bottles left in each colour's crate (004:103)", lambda n: [BOTTLES_PER_COLOUR] * 6),
    "corners": ("the bottles standing on corners: {corner: colour} (004:115)", lambda n: {}),
    "edges": ("the claim discs on edges: {edge: seat} (004:119)", lambda n: {}),
    "owner": ("the pyramids on cards: {card: seat} (004:119)", lambda n: {}),
    "pyramids": ("each seat's pyramids in hand (004:105)", lambda n: [PYRAMIDS] * n),
    "claim_discs": ("each seat's claim discs in hand (004:105-107)", lambda n: [CLAIM_DISCS] * n),
    "buildings": ("the buildings: {'r:c:outline': its placed pieces} (004:123)", lambda n: {}),
    "supply": ("the pieces not built, by id (004:103)", None),
    "order": ("the turn-order track, seats first to last (004:105, 111)", None),
    "bid": ("the round's sealed turn-order bid (core.bids.SealedBid, dumped; 004:111)",
            lambda n: SealedBid(list(range(n)), minimum=0, caps={i: START_YEN for i in range(n)},
                                step=100, label="turn-order bid").dump()),
    "turns": ("the action round's discs in the order they are laid, by seat (004:113)", lambda n: []),
    "turn": ("how many of `turns` have been laid", lambda n: 0),
    "used": ("the action spaces used this round: {colours: [...], price: bool} (004:115-117)",
             lambda n: {"colours": [], "price": False}),
    "lines": ("the straight lines of three claim discs already rewarded, by their edges (004:121)", lambda n: []),
    "bonus": ("the seat that builds a free piece now (004:121); None", lambda n: None),
    "last": ("whether this is the last action round (004:127)", lambda n: False),
    "collapses": ("how many buildings have collapsed (our ruling for a fall)", lambda n: 0),
    "reason": ("why the game ended; '' while it goes on", lambda n: ""),
}

#: a build (and the free piece, 004:121): a piece on an outline of a lot card of the grid
BUILD = placement(R_BUILD, "a placement on a lot: card [row, column], outline, the piece", before=(CARD, OUTLINE))


HOW_TO_PLAY = """\
Izakaya — corner shops in a small city (004:95-133).

Set-up (004:97-107): Tokyo Jutaku lot cards, harder white side up, in a 3×3 grid for 2-3
players (the centre card turned blue: unusable), 4×4 for 4, 5×5 for 5. The six colour
cards lie below with six bottles each, priced ¥100, ¥100, ¥200, ¥200, ¥300, ¥300 from
the left. Everyone has ¥1,000, 6 pyramids, 3 action discs and 6 claim discs. The turn
order starts at random.

Each round:
1. Bidding (004:111): everyone bids yen in secret (the screen is passed behind a curtain);
   the highest bid plays first, and so on. The bids go to a pile of their own. Players
   with equal bids swap places: our reading is that tied players take the places their
   bid earns in the reverse of their order on the track before the bid.
2. Actions (004:113-125): in turn order, one disc at a time, three each:
   - Colour bottle: one disc per colour each round; take that colour's bottle and stand
     it on a free corner where cards meet. Every corner where 4 cards meet must hold a
     bottle before a corner where 2 meet may be used; never a lone outer corner.
   - Price adjustment: one disc each round: move ¥100 from one colour card to another.
   - Claim a lot: put one of your six claim discs on a free edge between two cards and a
     pyramid on a free card beside it; one player per card. Three of your claim discs in
     a straight line (edges between neighbouring cards of one row or one column, which
     only a 4×4 or 5×5 grid has room for) earn a free piece, built at once.
   - Build: choose one piece (no trying it first) and place it on any lot by Tokyo
     Jutaku's building rules — inside the outline, no more floors and no more pieces than
     the card's white side asks (004:45-46, our reading); a card with two outlines holds
     two buildings. Builds are
     not limited per round. Our ruling for a fall: the piece is placed, then gravity
     judges; if the building does not stand, it collapses and all its pieces go back
     to the supply.
   If none of the action spaces can be used, the disc is laid aside (kiosk house rule).
3. End (004:127): once the bid pile reaches ¥1,500 / 2,300 / 3,000 / 4,000 (2 / 3 / 4 / 5
   players), one more action round is played.

Scoring (004:129-133): each of your buildings scores the yen of every bottle on its
card's corners times its floors (3 floors and bottles of ¥200, ¥200, ¥300: ¥2,100); add
your yen. The most wins; a tie goes to whoever kept more of their starting yen.
"""


def corner_cards(k: int, i: int, j: int) -> list[tuple[int, int]]:
    """The cards meeting at lattice point (i, j) of a k×k grid."""
    return [(r, c) for r in (i - 1, i) for c in (j - 1, j) if 0 <= r < k and 0 <= c < k]


def card_corners(r: int, c: int) -> list[tuple[int, int]]:
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


def edge_cards(edge: str) -> tuple[tuple[int, int], tuple[int, int]]:
    kind, r, c = edge.split(":")
    r, c = int(r), int(c)
    return ((r, c), (r, c + 1)) if kind == "v" else ((r, c), (r + 1, c))


SIDES = {("v", 0): "right", ("v", 1): "left", ("h", 0): "bottom", ("h", 1): "top"}


def edge_words(edge: str, r: int, c: int) -> str:
    """Where the claim disc of `edge` lies, as a player finds it on the board: which side of
    card (r, c) it is on and the card beyond it ("its left edge, beside card 1,1")."""
    kind = edge.split(":")[0]
    a, b = edge_cards(edge)
    here, there = (0, b) if (r, c) == a else (1, a)
    return f"its {SIDES[(kind, here)]} edge, beside card {there[0] + 1},{there[1] + 1}"


def lines_through(edge: str) -> list[tuple[str, str, str]]:
    """The straight lines of three edges containing `edge` (004:121): neighbouring edges of
    one row (v) or of one column (h)."""
    kind, r, c = edge.split(":")
    r, c = int(r), int(c)
    out = []
    for start in range(-2, 1):
        if kind == "v":
            out.append(tuple(f"v:{r}:{c + start + d}" for d in range(3)))
        else:
            out.append(tuple(f"h:{r + start + d}:{c}" for d in range(3)))
    return out


class Izakaya(Rules):
    """Izakaya (004:95-133); see the module docstring."""

    assets = ("jutaku_lots.toml", "jutaku_pieces.toml", "drinks.toml")
    takes_data = True
    default_bot = "innkeeper"
    #: one piece on a lot chosen on the grid, no building round (004:123)
    round_kind = PIECE_ON_A_LOT
    how_to_play = HOW_TO_PLAY
    #: a lead of a few hundred yen is not yet a win: a bottle or a price moves that much
    standing_scale = 300.0
    #: what the table sees ended before play goes on: the sealed bids shown (004:111)
    phase_ends = {"bids": "The bids are revealed", "last": "The last action round comes"}
    #: the fields of a position (FIELDS): setup builds them, persist.py checks them, `table` hands them out
    fields = FIELDS

    def code_folders(self):
        """Its own package, the building kit it draws on, and the physics that decides its play."""
        import physics
        return [*super().code_folders(), FOLDER, physics.FOLDER]

    def __init__(self, info, assets):
        super().__init__(info, assets)
        self.deck = Deck.from_asset(assets["jutaku_lots.toml"])
        self.pieces = Catalogue(assets["jutaku_pieces.toml"])
        self.drinks = DrinkSet.from_asset(assets["drinks.toml"])
        self.colours = tuple(k.id for k in self.drinks.colours)
        from .bot import InnkeeperBot
        self.bots = {"innkeeper": InnkeeperBot}

    # ---- setup ---------------------------------------------------------------------

    def setup(self, players: int, options: dict, rng: Rng):
        """A position of exactly the declared FIELDS, each at its start."""
        k = SIZES[players]
        ids = sorted(c.id for c in self.deck.cards.values() if not c.roppongi)
        rng.shuffle(ids)
        grid = [[ids[r * k + c] for c in range(k)] for r in range(k)]
        order = list(range(players))
        rng.shuffle(order)                                          # 004:105
        given = {"players": players, "grid": grid, "supply": self.pieces.ids(), "order": order}
        return {key: given[key] if start is None else start(players) for key, (_, start) in self.fields.items()}

    # ---- helpers -------------------------------------------------------------------

    def colour_name(self, colour: str) -> str:
        """A colour as its card names it ("mint")."""
        return self.drinks.colours[self.colours.index(colour)].name

    def piece_name(self, piece: str) -> str:
        """What a player calls a piece ("tall column"), never its id."""
        return self.pieces.name(piece)

    @staticmethod
    def _cell(s, r, c) -> bool:
        return 0 <= r < s["k"] and 0 <= c < s["k"]

    @staticmethod
    def _is_blue(s, r, c) -> bool:
        return [r, c] in s["blue"]

    def side(self, s, r, c):
        """The harder white side of the card at (r, c) (004:97)."""
        return self.deck.card(s["grid"][r][c]).back

    def _corners_free(self, s) -> list[tuple[int, int]]:
        """Where a bottle may stand now (004:115): free corners where 4 cards meet, and only
        once those are full, free corners where 2 meet; never a lone outer corner."""
        k = s["k"]
        free4, free2 = [], []
        for i in range(k + 1):
            for j in range(k + 1):
                n = len(corner_cards(k, i, j))
                if f"{i}:{j}" in s["corners"] or n == 1:
                    continue
                (free4 if n == 4 else free2).append((i, j))
        return free4 if free4 else free2

    def building(self, s, r, c, outline) -> Building:
        return building(Lot(self.side(s, r, c).outlines), outline, s["buildings"].get(f"{r}:{c}:{outline}", []),
                        self.pieces)

    def crowds(self, buildings: dict, r: int, c: int, outlines, outline: int, p: Placement) -> str | None:
        """004:123 — a card with two outlines holds two buildings side by side on one card,
        and where the outlines overlap a piece may not pass through a piece of the other
        building: why `p` cannot go there, or None. `buildings` as in the state or a view."""
        lot = Lot(tuple(tuple(o) for o in outlines))
        mine = Building(lot, outline, [p], pieces=self.pieces).polygons(0)
        for o in range(len(lot.outlines)):
            if o == outline:
                continue
            other = Building(lot, o, [Placement(**q) for q in buildings.get(f"{r}:{c}:{o}", [])],
                             pieces=self.pieces)
            for i, q in enumerate(other.placements):
                depth = max((geometry.penetration(a, b) for a in mine for b in other.polygons(i)), default=0)
                if depth > TOUCH_MM:
                    return (f"the {self.piece_name(p.piece)} would pass {depth:.1f} mm into the "
                            f"{self.piece_name(q.piece)} of the card's other building (outline {o + 1})")
        return None

    # ---- who acts ------------------------------------------------------------------

    def to_act(self, s) -> tuple[int, ...]:
        if s["phase"] == "bid":
            return SealedBid.restore(s["bid"]).waiting()
        if s["phase"] == "bonus":
            return (s["bonus"],)
        if s["phase"] == "actions":
            return (s["turns"][s["turn"]],)
        return ()

    # ---- legal actions -------------------------------------------------------------

    def legal(self, s, seat) -> list[Action]:
        if s["phase"] == "bid":
            bid = SealedBid.restore(s["bid"])
            return [Action(f"bid:{a}", f"Bid ¥{a:,}", "Bid") for a in bid.allowed(seat)]
        if s["phase"] == "bonus":
            return [Action("bonus", "Build the free piece", "Free piece", takes=BUILD),
                    Action("bonus:none", "Take no free piece", "Free piece")]
        out = []
        free = self._corners_free(s)
        for ci, colour in enumerate(self.colours):
            if colour in s["used"]["colours"] or s["crates"][ci] == 0:
                continue
            for i, j in free:
                out.append(Action(f"bottle:{colour}:{i}:{j}",
                                  f"{self.colour_name(colour).capitalize()} bottle (¥{s['prices'][ci]}) "
                                  f"on corner {i},{j}", "Bottles"))
        if not s["used"]["price"]:
            for a, ca in enumerate(self.colours):
                if s["prices"][a] < 100:
                    continue
                for b, cb in enumerate(self.colours):
                    if a != b:
                        out.append(Action(f"price:{ca}:{cb}", f"Move ¥100 from {self.colour_name(ca)} to "
                                                              f"{self.colour_name(cb)}", "Prices"))
        if s["claim_discs"][seat] > 0 and s["pyramids"][seat] > 0:
            for e in edges(s["k"]):
                if e in s["edges"]:
                    continue
                for r, c in edge_cards(e):
                    if f"{r}:{c}" not in s["owner"] and not self._is_blue(s, r, c):
                        out.append(Action(f"claim:{e}:{r}:{c}", f"Claim card {r + 1},{c + 1}: a disc on "
                                                                f"{edge_words(e, r, c)}", "Claim"))
        if not out:
            out.append(Action("pass", "Lay the disc aside (no action space can be used)", "Pass"))
        if s["supply"]:
            out.append(Action("build", "Build a piece", "Build", takes=BUILD))
        return out

    def why_illegal(self, s, seat, key) -> IllegalMove:
        if s["phase"] == "bid":
            return IllegalMove("a bid is a sealed amount of your own yen in steps of ¥100", R_BID)
        if key.startswith("bottle:"):
            return IllegalMove("one disc per colour each round, while bottles are left; every corner where "
                               "4 cards meet is filled before one where 2 meet, and never a lone outer corner",
                               R_BOTTLE)
        if key.startswith("price:"):
            return IllegalMove("one price adjustment each round: ¥100 from a colour card that has it", R_PRICE)
        if key.startswith("claim:"):
            return IllegalMove("a free edge, and a pyramid on a free card beside it (one player per card)",
                               R_CLAIM)
        if key == "pass":
            return IllegalMove("a disc is laid aside only when no action space can be used", R_PASS)
        return IllegalMove(f"{key!r} is not a legal action now")

    # ---- payloads ------------------------------------------------------------------

    def accept(self, s, seat, action, payload) -> Action:
        """A build read against the position (its data already read by its declaration,
        physics.placement, in the core): a usable card
        of the grid, one of its outlines, a piece from the middle, within what the card's white
        side allows, keeping every building rule at once (004:123)."""
        if action.key not in ("build", "bonus"):
            raise IllegalMove(f"{action.key!r} takes no data")
        r, c = payload["card"]
        if not self._cell(s, r, c):
            raise IllegalMove(f"there is no lot card at {r + 1},{c + 1}", R_BUILD)
        if self._is_blue(s, r, c):
            raise IllegalMove("the blue centre card cannot be used (004:99)", R_BUILD)
        side = self.side(s, r, c)
        outline = payload["outline"]
        if outline >= len(side.outlines):
            raise IllegalMove(f"card {r + 1},{c + 1} has {count_words(len(side.outlines), 'outline')}; "
                              f"outline {outline} is not one of them", R_BUILD)
        in_middle(payload["piece"], s["supply"], self.pieces, R_BUILD)
        p = placed(payload)
        b = self.building(s, r, c, outline)
        if p.floor > side.floors:
            raise IllegalMove(f"this lot allows {count_words(side.floors, 'floor')}; a building has no more floors "
                              "than its card asks (004:45)", R_BUILD)
        if len(b.placements) >= side.pieces:
            raise IllegalMove(f"this lot allows {count_words(side.pieces, 'piece')} ({side.numeral}); a building has "
                              "no more pieces than its card asks (004:46)", R_BUILD)
        b.place(p)
        new = len(b.placements) - 1
        problems = [v for v in b.check(complete=False) if new in v.pieces]
        if problems:
            raise IllegalMove(f"that piece breaks a building rule: {problems[0].message}", problems[0].rule)
        crowded = self.crowds(s["buildings"], r, c, side.outlines, outline, p)
        if crowded:
            raise IllegalMove(f"that piece breaks a building rule: {crowded}", R_OVERLAP)
        return action._replace(data=(r, c, outline, p))

    def sample_payload(self, view, action, rng):
        """A random piece on a random card, on its first floor or the next: mostly refused."""
        k = view["k"]
        r, c = rng.below(k), rng.below(k)
        b = view["buildings"].get(f"{r}:{c}:0", [])
        floor = 1 + max((p["floor"] for p in b), default=0) if b and rng.below(2) else 1
        top = max((p["y"] + 10 for p in b if p["floor"] == floor - 1), default=0.0)
        return BUILD.sample(rng, among={"piece": view["supply"], "x": [float(10 + n) for n in range(50)]},
                            fixed={"card": [r, c], "outline": 0, "y": top if floor > 1 else 0.0, "rotation": 0.0,
                                   "flip": False, "floor": floor})

    # ---- apply ---------------------------------------------------------------------

    def apply(self, s, seat, action, rng) -> list[Event]:
        key = action.key
        if key.startswith("bid:"):
            return self._bid(s, seat, int(key[4:]))
        if key in ("bonus", "bonus:none"):
            events = (self._build(s, seat, action.data, free=True) if key == "bonus"
                      else [Event("bonus", f"Seat {seat + 1} takes no free piece", seat)])
            s["bonus"] = None
            s["phase"] = "actions"
            return events + self._next_turn(s)
        if key.startswith("bottle:"):
            _, colour, i, j = key.split(":")
            ci = self.colours.index(colour)
            s["crates"][ci] -= 1
            s["corners"][f"{i}:{j}"] = colour
            s["used"]["colours"].append(colour)
            events = [Event("bottle", f"Seat {seat + 1} stands a {self.colour_name(colour)} bottle on corner "
                                      f"{i},{j}", seat)]
        elif key.startswith("price:"):
            _, a, b = key.split(":")
            s["prices"][self.colours.index(a)] -= 100
            s["prices"][self.colours.index(b)] += 100
            s["used"]["price"] = True
            events = [Event("price", f"Seat {seat + 1} moves ¥100 from {self.colour_name(a)} to "
                                     f"{self.colour_name(b)}", seat)]
        elif key.startswith("claim:"):
            events = self._claim(s, seat, key)
            if s["bonus"] is not None:
                return events
        elif key == "build":
            events = self._build(s, seat, action.data)
        else:
            events = [Event("pass", f"Seat {seat + 1} lays a disc aside", seat)]
        return events + self._next_turn(s)

    def _bid(self, s, seat, amount):
        bid = SealedBid.restore(s["bid"])
        bid.submit(seat, amount)
        s["bid"] = bid.dump()
        if not bid.complete:
            return [Event("bid", f"Seat {seat + 1} has bid", seat)]
        before = list(s["order"])
        # 004:111 — highest first; equal bids swap places: tied seats in the reverse of
        # their order on the track before the bid.
        rank = {p: i for i, p in enumerate(before)}
        ranked = sorted(bid.bids.items(), key=lambda sb: (-sb[1], -rank[sb[0]]))
        s["order"] = [p for p, _ in ranked]
        for p, a in bid.bids.items():
            s["yen"][p] -= a
            s["pile"] += a
        words = ", ".join(f"seat {p + 1} ¥{a:,}" for p, a in ranked)
        events = [Event("bids", f"The bids: {words}. Turn order: "
                                + ", ".join(f"seat {p + 1}" for p in s["order"]), None)]
        if not s["last"] and s["pile"] >= THRESHOLD[s["players"]]:
            s["last"] = True
            events.append(Event("last", f"The bids add up to ¥{s['pile']:,}: one more action round"))
        s["phase"] = "actions"
        s["turns"] = [p for _ in range(ACTION_DISCS) for p in s["order"]]
        s["turn"] = 0
        s["used"] = {"colours": [], "price": False}
        return events

    def _claim(self, s, seat, key):
        _, kind, er, ec, r, c = key.split(":")
        edge = f"{kind}:{er}:{ec}"
        s["edges"][edge] = seat
        s["owner"][f"{r}:{c}"] = seat
        s["claim_discs"][seat] -= 1
        s["pyramids"][seat] -= 1
        events = [Event("claim", f"Seat {seat + 1} claims card {int(r) + 1},{int(c) + 1} with a disc on "
                                 f"{edge_words(edge, int(r), int(c))}", seat)]
        if s["players"] >= 4:                                       # 004:121
            for line in lines_through(edge):
                if all(s["edges"].get(e) == seat for e in line) and list(line) not in s["lines"]:
                    s["lines"].append(list(line))
                    if s["supply"]:
                        s["bonus"] = seat
                        s["phase"] = "bonus"
                        events.append(Event("line", f"Seat {seat + 1} has three discs in a straight line: "
                                                    "a free piece", seat))
                    break
        return events

    def _build(self, s, seat, data, free=False):
        r, c, outline, p = data
        key = f"{r}:{c}:{outline}"
        s["supply"].remove(p.piece)
        s["buildings"].setdefault(key, []).append(written(p))
        verdict = judged(self.building(s, r, c, outline))
        name = self.piece_name(p.piece)
        what = f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}" + (" (the free piece)" if free else "")
        if verdict.stands:
            floors = max(q["floor"] for q in s["buildings"][key])
            return [Event("build", f"Seat {seat + 1} builds {what} on card {r + 1},{c + 1}: "
                                   f"{count_words(floors, 'floor')}, it stands", seat)]
        fallen = s["buildings"].pop(key)
        order = {pid: i for i, pid in enumerate(self.pieces.ids())}
        s["supply"] = sorted(s["supply"] + [q["piece"] for q in fallen], key=order.__getitem__)
        s["collapses"] += 1
        return [Event("collapse", f"Seat {seat + 1} builds {what} on card {r + 1},{c + 1}, and the building "
                                  f"falls: its {count_words(len(fallen), 'piece')} go back to the supply "
                                  "(our ruling)", seat)]

    def _next_turn(self, s) -> list[Event]:
        s["turn"] += 1
        if s["turn"] < len(s["turns"]):
            return []
        if s["last"]:
            s["phase"] = "over"
            s["reason"] = f"the bids reached ¥{THRESHOLD[s['players']]:,} and one more action round was played"
            return [Event("over", "The game ends: buildings are scored")]
        s["round"] += 1
        s["phase"] = "bid"
        s["bid"] = SealedBid(list(range(s["players"])), minimum=0,
                             caps={i: s["yen"][i] for i in range(s["players"])}, step=100,
                             label="turn-order bid").dump()
        return [Event("round", f"Round {s['round']}: bid for the turn order")]

    # ---- scoring -------------------------------------------------------------------

    def scores(self, s) -> list[dict]:
        """Each seat's buildings: bottles touching the card × floors (004:129-131)."""
        out = [{"yen": s["yen"][i], "buildings": [], "total": s["yen"][i]} for i in range(s["players"])]
        for key, pieces in sorted(s["buildings"].items()):
            r, c, _ = (int(v) for v in key.split(":"))
            owner = s["owner"].get(f"{r}:{c}")
            if owner is None or not pieces:
                continue
            bottles = [s["corners"][f"{i}:{j}"] for i, j in card_corners(r, c) if f"{i}:{j}" in s["corners"]]
            worth = sum(s["prices"][self.colours.index(b)] for b in bottles)
            floors = max(p["floor"] for p in pieces)
            out[owner]["buildings"].append({"card": key, "floors": floors, "bottles": bottles,
                                            "bottle_yen": worth, "scored": worth * floors})
            out[owner]["total"] += worth * floors
        return out

    def search_horizon(self, s, start) -> bool:
        """The search's playouts play out the round it decides in and the next, then stop
        and score the yen and buildings as they stand: every piece an innkeeper builds is a
        physics verdict, and a whole game of them is too dear to play per candidate."""
        return s["round"] >= start["round"] + 2

    def is_over(self, s) -> bool:
        return s["phase"] == "over"

    def result(self, s) -> Result:
        sc = self.scores(s)
        n = s["players"]
        totals = tuple(e["total"] for e in sc)
        # 004:133 — a tie goes to whoever kept most of the starting yen
        ranking = rank_by([(totals[i], s["yen"][i]) for i in range(n)], range(n))
        return Result(totals, ranking, tuple(sc), s["reason"] + "; the most yen wins, a tie to whoever kept more "
                                                                "of their starting yen (004:133)")

    # ---- views and saves -------------------------------------------------------------

    def view(self, s, seat) -> dict:
        bid = SealedBid.restore(s["bid"])
        k = s["k"]
        cards = [[{"id": s["grid"][r][c], "blue": self._is_blue(s, r, c),
                   "outlines": [list(o) for o in self.side(s, r, c).outlines],
                   "owner": s["owner"].get(f"{r}:{c}")} for c in range(k)] for r in range(k)]
        return {"viewer": seat, "k": k, "cards": cards, "round": s["round"], "phase": s["phase"],
                "yen": list(s["yen"]), "pile": s["pile"], "threshold": THRESHOLD[s["players"]], "last": s["last"],
                "prices": dict(zip(self.colours, s["prices"])), "crates": dict(zip(self.colours, s["crates"])),
                "corners": dict(s["corners"]), "edges": dict(s["edges"]), "buildings": copy_plain(s["buildings"]),
                "supply": list(s["supply"]), "pyramids": list(s["pyramids"]), "claim_discs": list(s["claim_discs"]),
                "order": list(s["order"]), "turns": list(s["turns"]), "turn": s["turn"],
                "used": copy_plain(s["used"]), "bid": bid.view(seat), "to_act": list(self.to_act(s)),
                "lines": copy_plain(s["lines"]), **self._bid_form(s, bid, seat)}

    @staticmethod
    def _bid_form(s, bid, seat) -> dict:
        """A bidder's own sealed-bid form (004:111): the range it may bid and, once made, its
        bid. Only that seat sees it, so the kiosk hands the screen over for it."""
        if seat is None or s["phase"] != "bid":
            return {}
        allowed = bid.allowed(seat)
        return {"my_bid": {"own": bid.bids.get(seat), "from": allowed.start, "to": allowed[-1]}}

    def sealed(self, s, seat, action) -> str:
        """A turn-order bid is sealed until everyone has bid (004:111)."""
        return "A sealed bid for the turn order" if s["phase"] == "bid" and action.key.startswith("bid:") else ""

    def sealed_pending(self, s) -> bool:
        return s["phase"] == "bid" and bool(s["bid"]["bids"])

    def table(self, s) -> dict:
        """What lies where, all of it (for a picture of the whole table: the Tabletop Simulator
        export of a save), as plain data of its own: every field of the position as FIELDS
        documents it (the "grid" of lot cards, the colour cards' "prices", the bottles on
        "corners", the claim discs on "edges", the pyramids as "owner", the "buildings", the
        turn-order track as "order", ...; the sealed "bid" as it stands, bids and all), and,
        worked out from them, "outlines": the outlines of each card's white side, k rows of k
        (004:37, 004:97), and "scores": each seat's buildings and total as they stand
        (`scores`, 004:129-131)."""
        out = copy_plain({key: s[key] for key in self.fields})
        out["outlines"] = [[[list(o) for o in self.side(s, r, c).outlines] for c in range(s["k"])]
                           for r in range(s["k"])]
        out["scores"] = self.scores(s)
        return out

    def dump(self, s) -> dict:
        return copy_plain(s)

    def restore(self, data, players, options):
        from .persist import check_state
        return check_state(self, data, players)

    def scramble(self, s, seat, rng, players, options):
        """Other seats' sealed bids re-dealt among what they could have bid."""
        t = self.dump(s)
        if t["phase"] == "bid":
            bid = SealedBid.restore(t["bid"])
            for other in list(bid.bids):
                if other != seat:
                    allowed = bid.allowed(other)
                    bid.bids[other] = allowed[rng.below(len(allowed))]
            t["bid"] = bid.dump()
        return self.restore(t, players, options)

    def conserved(self, s) -> dict:
        n = s["players"]
        bottles = sum(s["crates"]) + len(s["corners"])
        pieces = len(s["supply"]) + sum(len(b) for b in s["buildings"].values())
        out = {"bottles": bottles, "pieces": pieces, "pyramids": sum(s["pyramids"]) + len(s["owner"]),
               "claim_discs": sum(s["claim_discs"]) + len(s["edges"]), "seats": n,
               "yen": START_YEN * n + sum(START_PRICES)}          # 004:105: the yen in the box
        out.update(counted({**{f"seat{i}": y for i, y in enumerate(s["yen"])}, "pile": s["pile"],
                            **{f"card:{c}": p for c, p in zip(self.colours, s["prices"])}}))
        return out

    def payments_due(self, before, after, seat, action, events) -> list[Payment]:
        """What a move pays, from the position before it: the bids go to the pile once the
        last is in (004:111); a price adjustment moves ¥100 between colour cards (004:117)."""
        key = action.key
        if key.startswith("bid:"):
            bid = SealedBid.restore(before["bid"])
            bids = {**bid.bids, seat: int(key[4:])}
            if len(bids) < len(bid.bidders):
                return []
            return [Payment(f"seat{p}", "pile", a, R_BID) for p, a in bids.items()]
        if key.startswith("price:"):
            _, a, b = key.split(":")
            return [Payment(f"card:{a}", f"card:{b}", 100, R_PRICE)]
        return []
