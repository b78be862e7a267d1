"""TOKYO TSUKIJI MARKET (000:1-372): the rules, readable beside the rulebook.

The turn is a state machine of small decisions (phases):

    start   the start of a turn: use a cool box, buy your own spoiled fugu, or let the
            fish spoil (000:105, 000:212, 000:329)
    main    choose the next action (fishing, buying, a market) or a free action: open a
            berth, return a licence, move barrels to the barge, use a hand cart, and
            before the first action dump barrels at sea (000:101-109, 000:145-149)
    fish    one fishing action: each boat launches, catches or docks once; unloaded
            barrels are priced one by one; prices may be changed (000:111-157)
    buy     one buying action: barrels and takoyaki from other harbours (000:159-167)
    market  one visit: the market's own interactions, then leave (000:169-349)
    bid     a sealed bid (King Crab, Tuna, Auction, Barter): every bidder at once,
            then the active player breaks ties or picks a bid (core.bids.SealedBid)

Each phase is a module of its own, mixed into `Tsukiji`: preparation.py (set-up),
turn.py (start, spoilage, main choices, free actions, end), fishing.py, buying.py,
entering.py (markets phase), bidding.py, overfishing.py. Each declares its moves once, a table
from a move's kind (its data's first part) to the method applying it; `PHASES` below puts
them together with the method listing each phase's legal moves. The markets live in markets/,
one module per tableau; state.py holds the table; citations.py the rule names;
persist (a package, by part of the table) saves, restores and shows it; explain.py says why a key is refused;
scoring.py ends the game. Nothing imports rules.py but the plugin entry point.
"""

from __future__ import annotations

from typing import NamedTuple

from core.errors import IllegalMove
from core.payload import Field, Shape, copy_plain
from core.game import Action, Event, Rules
from core.rng import Rng

from . import explain, persist, scoring
from .bidding import BID_MOVES, Bidding
from .bot import FishmongerBot
from .buying import BUYING_MOVES, Buying
from .citations import RULE_PRICE
from .data import ASSET_FILES, BAG_FISH, EXTERNAL, FISH, Data
from .entering import MARKET_MOVES, Entering
from .fishing import FISHING_MOVES, Fishing
from .markets import MARKETS
from .overfishing import Overfishing
from .preparation import Preparation
from .state import State, acct, add, is_barge
from .turn import FREE_MOVES, MAIN_MOVES, START_MOVES, Turn


#: what the ??? column's action carries (000:138)


class Phase(NamedTuple):
    """A phase of the turn: the method listing its legal moves, and its moves by kind (the
    method applying each); `free`: the turn's free actions may be taken in it too (FREE_MOVES);
    `other`: the method applying any other kind (a market's own interactions)."""
    legal: str
    moves: dict
    free: bool = True
    other: str | None = None


#: the phases of a turn (see the module's text), each with its moves
PHASES = {
    "start": Phase("_start_actions", START_MOVES),
    "main": Phase("_main_actions", MAIN_MOVES),
    "fish": Phase("_fish_actions", FISHING_MOVES),
    "buy": Phase("_buy_actions", BUYING_MOVES),
    "market": Phase("_market_actions", MARKET_MOVES, other="_interact"),
    "bid": Phase("_bid_actions", BID_MOVES, free=False),
}


class Tsukiji(Preparation, Turn, Fishing, Buying, Entering, Bidding, Overfishing, Rules):
    assets = ASSET_FILES
    takes_data = True
    # a ??? price is all the data a move carries, and restore checks every price on a harbour
    restore_checks_data = True
    bots = {"fishmonger": FishmongerBot}
    default_bot = "fishmonger"
    # The search's playouts stop where a turn begins two rounds on (search_horizon), about 60
    # moves at four seats; this many moves at most, for a round of unusually long turns.
    search_depth = 160
    # Uniformly random players spend their money and stall the economy; the generic check
    # gives them the kiosk's last-round house rule so that every random game ends.
    random_play_options = {"round_limit": 40}
    #: what the table sees ended before play goes on: sealed bids shown and won, yen shown for
    #: the check (000:366), a market closed (000:574-576, 000:600-628), the end coming (000:359)
    phase_ends = {"reveal": "Shown to everyone", "won": "The bidding is decided",
                  "collapse": "A market collapses", "end": "The end of the game"}
    how_to_play = """\
Tokyo Tsukiji Market — run a fishing company in a market the players make.

Set-up: Mackerel and Ships are always on the table, plus more fish and external markets
by player count. Everyone starts with ¥2,000, a mackerel licence, a 1-hold ship at the
left berth of a harbour, and two covered berths (¥500 each to open, left to right).

Your turn: first any barrels in your lower sale row spoil (back to their market) and the
upper row slides down. Then spend exactly 2 action points:
 • Fishing (1): each boat does one thing — launch, catch one barrel (needs a licence not
   yet used in this action; an empty ship needs more licences of that fish than you
   have ships at sea carrying it), or dock and unload. Unloaded barrels are priced into
   a column of your upper row (or "???" at any price); every 2 unloaded pay ¥100. King
   crab (2 barrels) and tuna (3) are auctioned instead, sealed bids by everyone; those
   still unloaded short of an auction when the fishing action ends go back unpaid
   (000:266, 000:286), and the dock and end moves say so before you choose them. A
   fishing action may also just change prices.
 • Buying (1): buy barrels and takoyaki from other harbours at their prices; each fish
   barrel goes back to its market and you take one of its tokens.
 • A market (its cost in points, yen or tokens): fish markets pay ¥100 per licence to
   every holder when entered; buy licences (4 at most, with rented items) and sell
   tokens; external markets trade boats, loans, shares, rentals, auctions and more.
   Once in a market you must do something there before you leave (000:183): when all
   you could do is sell a boat, take a loan, or buy a licence after returning one, the
   entry move says so.
Free at any time: open a berth, return a licence, move barrels onto your barge at sea;
at the start only, dump barrels at sea.

Tokens are worth resources (¥100 each at the end). A fish market whose barrels or tokens
run out is overfished and a new one is drawn. At the start of a turn, a player with
¥5,000 who is not alone at the bottom in resources, or with 50 resources who is not alone
at the bottom in yen, triggers the end: everyone gets one more turn. Then the most
resources earn ¥1,000 (the fewest pay ¥500; ties ¥500 / ¥300), loans are repaid with
interest to the shareholders, tokens are turned into yen. Most yen wins.

Kiosk notes: the numbers printed on the tableaus are reconstructed (assets/tsukiji/,
which you can correct from your own box). Within one fishing action each barrel is given
its new price once (the end result of any re-pricing, 000:151-153). A "???" price is any
multiple of ¥100: you type it. As printed, there is no last round; the kiosk's "Last
round" option (off by default) can make one, for a café that must close. The start
player is drawn at random.

The expansion (option "Expansion"): six fish markets (Clams & Oysters, Himono, Horse
Mackerel, Nori, Sardines, Swordfish) and six external markets (Foreign Market, Influence,
New Aquarium, Overfishing, Ship Rental, Sushi Shop) join the draw; Horse Mackerel may
replace Mackerel on the table (then nobody starts with a licence); the Aquarium and the
New Aquarium always come together; himono never spoils; some markets take a barrel from
your harbour as their entry cost; optional Blue Ship (two licences at once, two kinds)
and two 4-hold barges instead of the 6-hold barge. Variants: more markets than the
table, collapsing external markets, open market order.

How the kiosk reads the expansion where the rulebook leaves room:
 • The Blue Ship catches one barrel with each licence it uses, two licences at once
   (000:448): two licences of one fish bring two barrels of it in one catch, two Horse
   Mackerel licences up to four mackerel (000:448, 000:489). Empty, it uses two licences
   of one fish only while you hold two more of them than ships at sea carrying that fish
   (000:131, read for each licence): with 2 eel licences and another ship at sea carrying
   eel, it takes one eel.
 • A Blue Ship carrying one kind of fish may take a second kind in a later fishing
   action: it carries up to 2 kinds at once (000:448).
 • Himono at sea: the base rule on empty ships still holds, and the Himono limit comes on
   top of it ("Außerdem", 000:470; 000:430 keeps all regular rules). An empty ship
   catches with a Himono licence only while you hold more Himono licences than ships at
   sea carrying barrels caught with them (000:131, barges not counted), and never more
   than 2 barrels caught with one Himono licence are at sea, barges included (000:470).
   So with one Himono licence and its barrel on one ship, a second, empty ship cannot
   use it: the first ship may take a second barrel, or dock first.
 • Barrels caught with a Himono licence count for the ¥100 per 2 barrels unloaded: they
   are unloaded, only not put up for sale (000:136, 000:472).
 • A sardine caught with a Himono licence brings no sardine tokens: those come with a
   sardine put up for sale (000:517), and this one lies on the licence (000:472).
 • Sardines are overfished once the tokens on the market run out, even with canned
   sardines left on Iwashi: those are not the market's supply (000:351, 000:415).
 • The swordfish value stops at the ends of its track: 2 up from 12 ends on 13, 2 down
   from 2 ends on 1 (000:538), as on the Eel track (000:208).
 • The Blue Ship may go onto the berth the ship traded in for it leaves (000:333,
   000:444).
 • A rented boat docked at the Foreign Market stays rented: its trip ends only when it
   docks at one of your berths (000:551, 000:578).
 • Collapsing markets: renting the last boat off Ships collapses Ships, as buying it
   would, since no boat is left on the tableau (000:614); Ships stays open (000:596).
"""

    def __init__(self, info, assets):
        super().__init__(info, assets)
        self.d = Data(assets)
        self.m = {mid: MARKETS[mid](self, self.d.market[mid]) for mid in FISH + EXTERNAL}
        #: what stays on a harbour when fish spoil: takoyaki (000:232-240) and the barrels of
        #: markets that never spoil (Himono, 000:432)
        self.never_spoil = frozenset(("takoyaki",) + tuple(f for f in FISH if not self.m[f].spoils))
        #: the markets that keep something on each seat of an expansion game, in the save's order
        self.seat_keepers = tuple(self.m[mid] for mid in MARKETS if self.m[mid].seat_field)
        self._price_cache: dict[tuple, list[Action]] = {}
        self.col_keys = tuple(self.d.columns_keys())
        self.kind_order = {k: i for i, k in enumerate(self.d.token_kinds)}
        #: the ??? price a player says: any multiple of ¥100 up to the cap (000:138)
        self.free_price = Shape("price", (Field("yen", int, self.d.free_min, self.d.free_cap, words="Price",
                                                step=self.d.free_step, yen=True),),
                                rule=RULE_PRICE, words="a ??? price")

    # ==== small helpers used by the markets =============================================

    @staticmethod
    def illegal(reason: str, rule: str | None = None) -> IllegalMove:
        return IllegalMove(reason, rule)

    @staticmethod
    def boat_name(i: int, b: dict) -> str:
        if is_barge(b["type"]):
            return f"the barge (boat {i + 1})" if b["type"] == "barge4" else "the barge"
        if b["type"] == "blue":
            return f"boat {i + 1} (the Blue Ship)"
        return f"boat {i + 1} ({b['type']}-hold)"

    def col_name(self, col: str) -> str:
        if col[0] == "c":
            return f"column {col[1:]}, ¥{self.d.price_of(col):,}"
        return f"??? at ¥{int(col[1:]):,}"

    def token_unit(self, s: State, kind: str) -> int:
        return self.m[self.d.kind_fish[kind]].unit_value(s, kind)

    def lot_value(self, s: State, tokens: dict) -> int:
        """Resources of a group of tokens now; n fugu are worth n × n together (000:221);
        each nori is worth a tenth of the other tokens, rounded down (000:511)."""
        total = 0
        for kind, n in tokens.items():
            if n <= 0 or kind == "nori":
                continue
            if kind == "fugu":
                total += n * n
            else:
                total += n * self.token_unit(s, kind)
        if tokens.get("nori", 0) > 0:
            total += tokens["nori"] * (total // int(self.d.market["nori"]["value_divisor"]))
        return total

    def resources(self, s: State, seat: int) -> int:
        return self.lot_value(s, s.seats[seat]["tokens"])

    def salmon_held(self, s: State) -> int:
        """Salmon tokens held by players now, fresh and spoiled (000:260)."""
        n = 0
        for st in s.seats:
            n += st["tokens"].get("salmon", 0) + st["tokens"].get("salmon_spoiled", 0)
        if s.ctx and s.ctx.get("lot"):
            n += s.ctx["lot"].get("salmon", 0) + s.ctx["lot"].get("salmon_spoiled", 0)
        return n

    def lot_text(self, tokens: dict) -> str:
        parts = [f"{n} {k.replace('_', ' ')}" for k, n in sorted(tokens.items()) if n]
        return ", ".join(parts) if parts else "nothing"

    def count_tokens(self, tokens: dict, counts: dict) -> None:
        for k, n in tokens.items():
            g = "salmon" if k == "salmon_spoiled" else k
            counts[f"tokens:{g}"] = counts.get(f"tokens:{g}", 0) + n

    def barrels_home(self, s: State, fish: str, n: int = 1) -> None:
        """Barrels go back to their market, or into the box once it is overfished (000:353)."""
        if n <= 0:
            return
        st = s.fish.get(fish)
        if st is None or st["overfished"]:
            add(s.box["barrels"], fish, n)
        else:
            st["barrels"] += n

    def tokens_home(self, s: State, kind: str, n: int = 1) -> None:
        """Tokens go back to their tableau (or the bag, for King Crab and Tuna)."""
        fish = self.d.kind_fish[kind]
        st = s.fish.get(fish)
        if st is None:
            add(s.box["tokens"], "salmon" if kind == "salmon_spoiled" else kind, n)
        elif self.m[fish].bag:
            s.bags.setdefault(fish, []).extend([kind] * n)
        elif kind == "takoyaki":
            st["takoyaki"] += n
        else:
            st["tokens"] += n

    def licence_home(self, s: State, fish: str) -> None:
        st = s.fish.get(fish)
        if st is None:
            add(s.box["licences"], fish)
        else:
            st["licences"] += 1

    def price_actions(self, kind: str, group: str) -> list[Action]:
        """Put one barrel (or takoyaki) up for sale: a printed column, or ??? at any multiple
        of ¥100 the player says (000:136-138)."""
        key = (kind, group)
        cached = self._price_cache.get(key)
        if cached is None:
            name = kind.replace("_", " ")
            cached = [Action(f"price:{col}", f"Put the {name} up for sale in {self.col_name(col)}", group,
                             ("price", col)) for col in self.col_keys]
            cached.append(Action("price:q", f"Put the {name} up for sale in ??? at a price you say", group,
                                 ("price", None), takes=self.free_price))
            self._price_cache[key] = cached
        return cached

    def accept(self, s: State, seat: int, action: Action, payload) -> Action:
        """The ??? price a player says, already read by its shape (`free_price`): its column."""
        if action.data[0] not in ("price", "reprice") or not action.takes:
            raise IllegalMove(f"{action.key!r} takes no data")
        col = f"q{payload['yen']}"
        if action.data[0] == "price":
            return Action(action.key, action.text, action.group, ("price", col))
        _, kind, row, old, _ = action.data
        if old == col:
            raise IllegalMove(f"that barrel is already for sale at ¥{payload['yen']:,}", RULE_PRICE)
        return Action(action.key, action.text, action.group, ("reprice", kind, row, old, col))

    # ==== who acts ===========================================================================

    def to_act(self, s: State) -> tuple[int, ...]:
        if s.over:
            return ()
        if s.phase == "bid" and s.bid["stage"] == "bidding":
            return s.bid["sealed"].waiting()
        if s.phase == "buy" and s.ctx.get("buyer") is not None:        # 000:564: a buyer marker
            return (s.ctx["buyer"],)
        return (s.turn,)

    def is_over(self, s: State) -> bool:
        return s.over

    # ==== legal, apply =================================================================================

    def legal(self, s: State, seat: int) -> list[Action]:
        if s.over or seat not in self.to_act(s):
            return []
        phase = PHASES.get(s.phase)
        return getattr(self, phase.legal)(s, seat) if phase else []

    def apply(self, s: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        data = action.data
        ev: list[Event] = []
        phase = PHASES[s.phase]
        kind = data[0]
        how = (phase.free and FREE_MOVES.get(kind)) or phase.moves.get(kind) or phase.other
        getattr(self, how)(s, seat, data, rng, ev)
        self._overfishing(s, rng, ev)
        if not s.over and s.phase == "main" and s.ap == 0 and s.cart_ap == 0:
            self._end_turn(s, rng, ev)
        return ev

    # ==== explanations for refused keys =================================================================

    def why_illegal(self, s: State, seat: int, key: str) -> IllegalMove:
        return explain.why_illegal(self, s, seat, key)

    # ==== what lies where: for the screens and the Tabletop Simulator export =============================
    # Plain data of their own, each a copy: whoever shows the table reads these, never `d`, `m`
    # or the State itself.

    def table(self, s: State) -> dict:
        """What lies where, all of it, secrets too (for a picture of the whole table: the Tabletop
        Simulator export of a save; a seat's screen reads its `view`). The table as state.py
        writes it, each part in the order the position holds it:

            players, hidden, expansion, collapse     the seats and the options in play
            seats        each seat as state.py describes one (licences, rentals, tokens, boats,
                         berths, harbour, loans, shares, and the expansion's fields)
            yen          each seat's yen
            fish, ext    the markets in play: {market: what lies on its tableau}
            bags         the auction bags' tokens: {fish: [kind, ...]}
            box          what is in the box: {barrels, tokens, licences, boats: {kind: n}, ...}
            pool         the markets of each kind still in the box: {fish: [...], external: [...]}
            collapsed    the collapsed markets: {market: collapsed | closed} (000:596-598)
            order        the open market order, {fish: [...], external: [...]}; None (000:628)
            buyers       Influence buyer markers given to others: [[owner, target], ...] (000:564)
            turn, phase, ap, turns     whose turn, its phase, action points left, turns begun
            action       the action under way (its kind, pending barrels, a lot, ...); None
            bid          the sealed bid under way, its lot and stage, without the bids; None
            triggered    the seat that triggered the end, None; final_left: turns left then
            over, reason                             the end
            counted      what the rules count (`conserved`): every piece by kind, yen by account
        """
        bid = None
        if s.bid is not None:
            bid = copy_plain({k: v for k, v in s.bid.items() if k != "sealed"})
        return {
            "players": s.players, "hidden": s.hidden, "expansion": s.expansion, "collapse": s.collapse,
            "seats": copy_plain(s.seats),
            "yen": [s.treasury.balances.get(acct(i), 0) for i in range(s.players)],
            "fish": copy_plain(s.fish), "ext": copy_plain(s.ext), "bags": copy_plain(s.bags),
            "box": copy_plain(s.box),
            "pool": {"fish": self.market_pool(s, "fish"), "external": self.market_pool(s, "external")},
            "collapsed": dict(s.collapsed), "order": copy_plain(s.order), "buyers": copy_plain(s.buyers),
            "turn": s.turn, "phase": s.phase, "ap": s.ap, "turns": s.turns,
            "action": copy_plain(s.ctx), "bid": bid,
            "triggered": None if s.triggered < 0 else s.triggered, "final_left": s.final_left,
            "over": s.over, "reason": s.reason,
            "counted": self.conserved(s),
        }

    def market_name(self, mid: str) -> str | None:
        """A market's name as its tableau prints it ("King Crab"); None for no market of the game."""
        m = self.m.get(mid)
        return None if m is None else m.name

    def market_info(self, mid: str) -> dict | None:
        """What a market's tableau says, whether in play or not: {"id", "name", "kind" (fish or
        external), "lines" (its rules' lines), "bag" (its tokens are drawn from an auction bag),
        "auctioned" (its unloaded barrels wait for an auction, never for sale: King Crab and
        Tuna, 000:262, 000:282; Swordfish, 000:527), "data" (its printed numbers as the rules
        read them from assets/tsukiji/<mid>.toml: name, entry costs, licence price, ...)};
        None for no market of the game."""
        m = self.m.get(mid)
        if m is None:
            return None
        return {"id": mid, "name": m.name, "kind": "fish" if mid in FISH else "external", "lines": m.lines,
                "bag": bool(getattr(m, "bag", False)),
                "auctioned": mid in BAG_FISH or bool(getattr(m, "unload_auction", False)),
                "data": copy_plain(self.d.market[mid])}

    def holds(self, boat_type: str) -> int:
        """How many barrels a boat of this type holds ("1".."4", "blue", "barge", "barge4")."""
        return self.d.holds(boat_type)

    def column_price(self, col) -> int | None:
        """The price of a harbour's sale column: "c3" the third printed column, "q1200" the ???
        column at ¥1,200 (000:136-138); None for no column of the harbour."""
        return self.d.price_of(col) if self.d.valid_column(col) else None

    def harbour_numbers(self) -> dict:
        """A harbour tableau's printed numbers (assets/tsukiji/harbour.toml, components.toml):
        {"columns": the sale columns' prices left to right, "berth_cost": opening a berth,
        "right_berth_ships": ships the right berth holds, "max_licences": licence spaces}."""
        d = self.d
        return {"columns": list(d.columns), "berth_cost": d.berth_cost, "right_berth_ships": d.right_berth_ships,
                "max_licences": d.max_licences}

    def box_numbers(self) -> dict:
        """What the box holds besides the markets' pieces (components.toml, expansion.toml):
        {"start_yen": everyone's yen at the start, "harbours": harbour tableaus, "boats": {type:
        n} of the base game, "blue_price": the Blue Ship's price, "collapse_markers": the
        expansion's collapse markers}."""
        d = self.d
        return {"start_yen": d.start_yen, "harbours": int(d.components.get("harbours", 6)),
                "boats": dict(d.boats_total), "blue_price": int(d.expansion["blue_price"]),
                "collapse_markers": int(d.expansion.get("collapse_markers", 12))}

    def token_kinds(self) -> dict:
        """Every kind of fish token a player can hold, in the printed order of the fish: {kind:
        {"fish": its market, "bag": drawn from the clams and oysters' bag}} ("king_crab_6",
        "takoyaki", "salmon_spoiled", "clam", ...)."""
        d = self.d
        return {k: {"fish": d.kind_fish[k], "bag": k in d.bag_kinds} for k in d.token_kinds}

    # ==== end, views, saves ==============================================================================

    def result(self, s: State):
        return scoring.result(self, s)

    def standing(self, s: State) -> list[float]:
        return scoring.standing(self, s)

    def search_horizon(self, s: State, start: State) -> bool:
        """A playout stops as the turn begins that follows two more rounds (every seat has
        played two whole turns after the one decided in), and is scored there by `standing`:
        every candidate is judged at the same point of the turn order, whatever number of
        moves its own turn took."""
        return s.turns > start.turns + 2 * s.players

    def view(self, s: State, seat: int | None) -> dict:
        return persist.view(self, s, seat)

    def dump(self, s: State) -> dict:
        return persist.dump(self, s)

    def restore(self, data: dict, players: int, options: dict) -> State:
        return persist.restore(self, data, players, options)

    def conserved(self, s: State) -> dict[str, int]:
        return persist.conserved(self, s)

    def scramble(self, s: State, seat: int | None, rng: Rng, players: int, options: dict) -> State:
        return persist.scramble(self, s, seat, rng, players, options)

