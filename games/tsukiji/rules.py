"""TOKYO TSUKIJI MARKET (000:1-372): the rules, readable beside the rulebook.

The turn is a state machine of small decisions (phases):

    start   the start of a turn: use a cool box, buy your own spoiled fugu, or let the
            fish spoil (000:109, 000:214, 000:329)
    main    choose the next action (fishing, buying, a market) or a free action: open a
            berth, return a licence, move barrels to the barge, use a hand cart, and
            before the first action dump barrels at sea (000:99-107, 000:147-150)
    fish    one fishing action: each boat launches, catches or docks once; unloaded
            barrels are priced one by one; prices may be changed (000:111-158)
    buy     one buying action: barrels and takoyaki from other harbours (000:159-167)
    market  one visit: the market's own interactions, then leave (000:169-349)
    bid     a sealed bid (King Crab, Tuna, Auction, Barter): every bidder at once,
            then the active player breaks ties or picks a bid (core.bids.SealedBid)

The markets live in games/tsukiji/markets/, one module per tableau; state.py holds the
table; persist.py saves, restores and shows it; scoring.py ends the game.
"""

from __future__ import annotations

from core.bids import SealedBid
from core.components import Bag
from core.errors import IllegalMove
from core.game import Action, Event, Rules
from core.rng import Rng

from . import persist, scoring
from .bot import FishmongerBot
from .data import ASSET_FILES, BAG_FISH, EXTERNAL, FISH, Data, count
from .markets import MARKETS
from .state import BERTHS, ROW_LETTER, State, acct, add, barge_at_sea, berth_room, new_seat, pay, ships_at_sea_with, yen

RULE_TURN = "Tsukiji, the turn (000:99-103)"
RULE_SPOIL = "Tsukiji, spoilage (000:109)"
RULE_BERTH = "Tsukiji, opening berths (000:105-107)"
RULE_FISHING = "Tsukiji, fishing (000:111-125)"
RULE_CATCH = "Tsukiji, catching (000:127-133)"
RULE_EMPTY = "Tsukiji, catching with an empty ship (000:129)"
RULE_LICENCE = "Tsukiji, fishing licences (000:143-147)"
RULE_DOCK = "Tsukiji, docking and unloading (000:137-141)"
RULE_PRICE = "Tsukiji, pricing (000:139-141, 000:151-153)"
RULE_BARGE = "Tsukiji, transfers to the barge (000:149)"
RULE_DUMP = "Tsukiji, dumping barrels (000:150, 000:357)"
RULE_BUY = "Tsukiji, buying (000:159-167)"
RULE_MARKETS = "Tsukiji, markets (000:169-191)"
RULE_FREE_MARKET = "Tsukiji, markets without an entry cost (000:181)"
RULE_INTERACT = "Tsukiji, interacting with a market (000:185)"
RULE_COOLBOX = "Tsukiji, cool boxes (000:329)"
RULE_CART = "Tsukiji, hand carts (000:329)"
RULE_FUGU = "Tsukiji, Fugu (000:214)"
RULE_SALMON = "Tsukiji, Salmon (000:252)"
RULE_AUCTION_BID = "Tsukiji, sealed bids (000:266, 000:309, 000:325)"
RULE_END = "Tsukiji, the end of the game (000:359-365)"

BID_NAMES = {"king_crab": "King Crab auction", "tuna": "Tuna auction", "auction": "auction",
             "barter": "barter"}


class Tsukiji(Rules):
    assets = ASSET_FILES
    bots = {"fishmonger": FishmongerBot}
    default_bot = "fishmonger"
    # Uniformly random players spend their money and stall the economy; the generic check
    # gives them the kiosk's last-round house rule so that every random game ends.
    random_play_options = {"round_limit": 40}
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
   crab (2 barrels) and tuna (3) are auctioned instead, sealed bids by everyone. A
   fishing action may also just change prices.
 • Buying (1): buy barrels and takoyaki from other harbours at their prices; each fish
   barrel goes back to its market and you take one of its tokens.
 • A market (its cost in points, yen or tokens): fish markets pay ¥100 per licence to
   every holder when entered; buy licences (4 at most, with rented items) and sell
   tokens; external markets trade boats, loans, shares, rentals, auctions and more.
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
its new price once (the end result of any re-pricing). "???" prices go up to ¥5,000. By
default round 40 is the last (a kiosk safety rule; set "Last round" to 0 to play as
printed). The start player is drawn at random.
"""

    def __init__(self, info, assets):
        super().__init__(info, assets)
        self.d = Data(assets)
        self.m = {mid: MARKETS[mid](self, self.d.market[mid]) for mid in FISH + EXTERNAL}
        self._price_cache: dict[tuple, list[Action]] = {}
        self.col_keys = tuple(self.d.columns_keys())
        self.kind_order = {k: i for i, k in enumerate(self.d.token_kinds)}

    # ==== small helpers used by the markets =============================================

    @staticmethod
    def illegal(reason: str, rule: str | None = None) -> IllegalMove:
        return IllegalMove(reason, rule)

    def col_name(self, col: str) -> str:
        if col[0] == "c":
            return f"column {col[1:]}, ¥{self.d.price_of(col):,}"
        return f"??? at ¥{int(col[1:]):,}"

    def token_unit(self, s: State, kind: str) -> int:
        return self.m[self.d.kind_fish[kind]].unit_value(s, kind)

    def lot_value(self, s: State, tokens: dict) -> int:
        """Resources of a group of tokens now; n fugu are worth n × n together (000:220)."""
        total = 0
        for kind, n in tokens.items():
            if n <= 0:
                continue
            if kind == "fugu":
                total += n * n
            else:
                total += n * self.token_unit(s, kind)
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
        """Barrels go back to their market, or into the box once it is overfished (000:355)."""
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
        elif fish in BAG_FISH:
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
        """Put one barrel (or takoyaki) up for sale: a printed column or ??? (000:139-141)."""
        key = (kind, group)
        cached = self._price_cache.get(key)
        if cached is None:
            name = kind.replace("_", " ")
            cached = [Action(f"price:{col}", f"Put the {name} up for sale in {self.col_name(col)}", group,
                             ("price", col)) for col in self.col_keys]
            self._price_cache[key] = cached
        return cached

    # ==== set-up (000:15-86) ==============================================================

    def full_box(self) -> dict:
        d = self.d
        return {"barrels": {f: d.pieces[f]["barrels"] for f in FISH},
                "tokens": {k: d.piece_total("tokens", k) for k in d.token_kinds if d.piece_total("tokens", k)},
                "licences": {f: d.pieces[f]["licences"] for f in FISH},
                "boats": dict(d.boats_total),
                "loans": d.total_loans, "shares": d.total_shares,
                "coolboxes": d.total_coolboxes, "carts": d.total_carts}

    def select_markets(self, players: int, options: dict, rng: Rng) -> tuple[list[str], list[str]]:
        """000:17-31: Mackerel and Ships, then more drawn at random by player count.

        Options may force a market in or out; "newcomer" takes the hinted first markets
        (000:20) and leaves out Tuna (000:21) while others are left. The Auction is never
        used with fewer than 3 players (000:22).
        """
        d = self.d
        auction_ok = players >= d.auction_min_players
        if options.get("auction") == "in" and not auction_ok:
            raise ValueError("the Auction is not used with fewer than 3 players (000:22)")
        chosen = []
        for kind, pool, extra in (("fish", FISH, d.extra_fish), ("external", EXTERNAL, d.extra_external)):
            base = [m for m in pool if m in d.always]
            forced = [m for m in pool if m not in d.always and options.get(m) == "in"]
            free = [m for m in pool if m not in d.always and options.get(m, "auto") == "auto"
                    and (m != "auction" or auction_ok)]
            want = max(0, extra[players] - len(forced))
            rng.shuffle(free)
            if kind == "fish" and options.get("selection") == "newcomer":
                first = [m for m in d.newcomer_fish if m in free]
                last = [m for m in free if m in d.not_for_newcomers]
                free = first + [m for m in free if m not in first and m not in last] + last
            picked = base + forced + free[:want]
            chosen.append([m for m in pool if m in picked])
        return chosen[0], chosen[1]

    def setup(self, players: int, options: dict, rng: Rng) -> State:
        d = self.d
        s = State()
        s.players = players
        s.hidden = options.get("money") == "hidden"
        s.round_limit = int(options.get("round_limit", 0) or 0)
        s.box = self.full_box()
        fish, ext = self.select_markets(players, options, rng)
        # 000:44 — set aside one mackerel licence per player first; 000:48 — and one 1-hold ship.
        aside = min(count(d.market["mackerel"]["set_aside_licences"], players), s.box["licences"]["mackerel"])
        s.box["licences"]["mackerel"] -= aside
        ships = min(players, s.box["boats"][d.start_ship])
        s.box["boats"][d.start_ship] -= ships
        if aside < players or ships < players:
            raise ValueError("not enough mackerel licences or 1-hold ships for every player")
        for f in fish:
            s.fish[f] = self.m[f].setup(s)
        for e in ext:
            s.ext[e] = self.m[e].setup(s)
        # 000:58-62 — each player's harbour.
        for seat in range(players):
            s.treasury.open(acct(seat), d.start_yen)
            st = new_seat()
            st["licences"] = {d.start_licence: 1}
            st["boats"] = [{"type": d.start_ship, "at": "left", "load": []}]
            s.seats.append(st)
        # 000:94 — "whoever last drank water starts": the kiosk cannot ask, so the dice decide.
        s.turn = rng.below(players)
        self._begin_turn(s, rng, [])
        return s

    # ==== who acts ===========================================================================

    def to_act(self, s: State) -> tuple[int, ...]:
        if s.over:
            return ()
        if s.phase == "bid" and s.bid["stage"] == "bidding":
            return s.bid["sealed"].waiting()
        return (s.turn,)

    def is_over(self, s: State) -> bool:
        return s.over

    # ==== the turn: start, spoilage, end (000:94-109, 000:359-365) ==============================

    def end_trigger(self, s: State, seat: int) -> str:
        """000:96-97 / 000:361-363, checked at the start of each turn."""
        y, r = yen(s, seat), self.resources(s, seat)
        others = [o for o in range(s.players) if o != seat]
        sole_lowest_res = all(self.resources(s, o) > r for o in others)
        sole_lowest_yen = all(yen(s, o) > y for o in others)
        why = []
        if y >= self.d.end_yen and not sole_lowest_res:
            shown = f"at least ¥{self.d.end_yen:,}" if s.hidden else f"¥{y:,}"
            why.append(f"{shown} and is not alone with the fewest resources")
        if r >= self.d.end_resources and not sole_lowest_yen:
            why.append(f"{r} resources and is not alone with the least yen")
        return " and ".join(why)

    def _announce(self, s: State, seat: int, ev: list) -> None:
        """000:366 — with hidden money, a seat with ¥5,000 or 50 resources says so; at 50
        resources everyone shows their yen so the check can be made in the open."""
        rich = yen(s, seat) >= self.d.end_yen
        r = self.resources(s, seat)
        if not rich and r < self.d.end_resources:
            return
        said = " and ".join(x for x in (f"at least ¥{self.d.end_yen:,}" if rich else "",
                                         f"{r} resources" if r >= self.d.end_resources else "") if x)
        ev.append(Event("announce", f"Seat {seat + 1} announces {said} (000:366).", seat))
        if r >= self.d.end_resources:
            shown = ", ".join(f"seat {o + 1} ¥{yen(s, o):,}" for o in range(s.players))
            ev.append(Event("reveal", f"Everyone shows their yen for the check: {shown}.", None,
                            {"yen": [yen(s, o) for o in range(s.players)]}))

    @staticmethod
    def round(s: State) -> int:
        """The round being played: every seat has one turn per round."""
        return (max(s.turns, 1) - 1) // s.players + 1

    @staticmethod
    def round_limit(s: State) -> int:
        return s.round_limit

    def _begin_turn(self, s: State, rng: Rng, ev: list) -> None:
        seat = s.turn
        s.turns += 1
        s.ap, s.cart_ap, s.acted, s.once, s.ctx, s.bid = self.d.action_points, 0, False, [], None, None
        if s.triggered < 0 and self.round_limit(s) and self.round(s) >= self.round_limit(s) \
                and (s.turns - 1) % s.players == 0:
            s.triggered = seat
            s.final_left = s.players
            s.why = f"the kiosk's round limit: round {self.round(s)} is the last"
            ev.append(Event("end", f"Round {self.round(s)} begins: by the kiosk's round limit this is the last "
                                   "round.", seat))
        if s.triggered < 0:
            if s.hidden:
                self._announce(s, seat, ev)
            why = self.end_trigger(s, seat)
            if why:
                s.triggered = seat
                s.final_left = s.players
                s.why = f"seat {seat + 1} has {why}"
                ev.append(Event("end", f"Seat {seat + 1} has {why}: the end is triggered. Seat {seat + 1} plays "
                                       "this turn and everyone else one last turn.", seat))
        if self._start_choices(s, seat):
            s.phase = "start"
            s.ctx = {"kind": "start", "fugu": 0}
        else:
            self._spoil(s, seat, ev)
            s.phase = "main"

    def _end_turn(self, s: State, rng: Rng, ev: list) -> None:
        s.ctx = None
        s.phase = "main"
        if s.triggered >= 0:
            s.final_left -= 1
            if s.final_left <= 0:
                s.over = True
                s.phase = "over"
                s.reason = f"{s.why}; everyone has had a last turn"
                ev.append(Event("end", "Everyone has had a last turn: the game ends.", None))
                return
        s.turn = (s.turn + 1) % s.players
        self._begin_turn(s, rng, ev)

    def _perishable(self, seat: dict) -> bool:
        return any(k != "takoyaki" for k, _, _ in seat["harbour"])

    def _start_choices(self, s: State, seat: int) -> bool:
        me = s.seats[seat]
        if any(item == "coolbox" for item, _ in me["rentals"]) and self._perishable(me):
            return True
        return bool(self._own_fugu(s, seat))

    def _own_fugu(self, s: State, seat: int) -> list[str]:
        """000:214 — spoiled fugu in your lower row, which you may buy yourself now."""
        st = s.fish.get("fugu")
        if st is None or st["tokens"] <= 0:
            return []
        y = yen(s, seat)
        cols = []
        for kind, row, col in s.seats[seat]["harbour"]:
            if kind == "fugu" and row == "lower" and col not in cols and self.d.price_of(col) <= y:
                cols.append(col)
        return cols

    def _spoil(self, s: State, seat: int, ev: list) -> None:
        """000:109 — the lower row goes back to the markets unpaid; the upper row slides down."""
        me = s.seats[seat]
        kept, gone = [], {}
        for kind, row, col in me["harbour"]:
            if kind == "takoyaki":
                kept.append([kind, row, col])
            elif row == "lower":
                self.barrels_home(s, kind, 1)
                add(gone, kind)
            else:
                kept.append([kind, "lower", col])
        moved = sum(1 for k, r, _ in me["harbour"] if k != "takoyaki" and r == "upper")
        me["harbour"] = kept
        if gone or moved:
            ev.append(Event("spoil", f"Seat {seat + 1}'s fish spoil: {self.lot_text(gone)} back to the markets, "
                                     f"{moved} barrel{'s' if moved != 1 else ''} slide to the lower row.", seat))

    def _start_actions(self, s: State, seat: int) -> list[Action]:
        me = s.seats[seat]
        out = []
        if not s.ctx.get("fugu") and self._perishable(me):
            for uses in sorted({u for item, u in me["rentals"] if item == "coolbox"}):
                out.append(Action(f"coolbox:{uses}", f"Use a cool box ({uses} use{'s' if uses > 1 else ''} left): "
                                                     "nothing spoils this turn", "Start", ("coolbox", uses)))
        for col in self._own_fugu(s, seat):
            out.append(Action(f"fugu:{col}", f"Buy your own spoiled fugu ({self.col_name(col)}), paying the supply",
                              "Start", ("fugu", col)))
        out.append(Action("spoil", "Let the fish spoil and begin your actions", "Start", ("spoil",)))
        return out

    def _use_rental(self, s: State, seat: int, item: str, uses: int) -> None:
        me = s.seats[seat]
        i = me["rentals"].index([item, uses])
        if uses <= 1:
            del me["rentals"][i]
            key = "coolboxes" if item == "coolbox" else "carts"
            if "rental" in s.ext:
                s.ext["rental"][key] += 1
            else:
                s.box[key] += 1
        else:
            me["rentals"][i] = [item, uses - 1]

    # ==== main phase ================================================================================

    def _main_actions(self, s: State, seat: int) -> list[Action]:
        out = []
        if s.ap >= 1:
            out.append(Action("fish", "Fishing (1 action point)", "Fishing", ("fish",)))
            if self._buy_actions(s, seat, probe=True):
                out.append(Action("buy", "Buying (1 action point)", "Buying", ("buy",)))
        for mid in FISH + EXTERNAL:
            if mid in s.fish or mid in s.ext:
                out += self._entry_actions(s, seat, mid)
        if s.ap == 0 and s.cart_ap > 0:
            out.append(Action("end", f"End the turn, leaving {s.cart_ap} hand-cart point"
                                     f"{'s' if s.cart_ap > 1 else ''} unused", "Turn", ("end",)))
        out += self._free_actions(s, seat, main=True)
        return out

    def _free_actions(self, s: State, seat: int, main: bool = False) -> list[Action]:
        """Things done at any time in your turn, outside the actions (000:105, 000:147-150, 000:329)."""
        me = s.seats[seat]
        out = []
        if me["berths"] < len(BERTHS) and yen(s, seat) >= self.d.berth_cost:
            out.append(Action("berth", f"Open your {BERTHS[me['berths']]} berth for ¥{self.d.berth_cost:,}",
                              "Free", ("berth",)))
        for f in FISH:                       # 000:147 — free, at any time in your turn
            if me["licences"].get(f):
                out.append(Action(f"return:{f}", f"Return a {self.m[f].name} licence to its market", "Free",
                                  ("return", f)))
        bi = barge_at_sea(me)
        if bi is not None:
            barge = me["boats"][bi]
            if len(barge["load"]) < self.d.holds("barge"):
                salmon_on = "salmon" in barge["load"]
                for i, b in enumerate(me["boats"]):
                    if b["type"] != "barge" and b["at"] == "sea" and b["load"]:
                        if b["load"][0] == "salmon" and salmon_on:
                            continue
                        out.append(Action(f"transfer:{i + 1}", f"Move a {b['load'][0].replace('_', ' ')} barrel "
                                                               f"from boat {i + 1} to the barge", "Free",
                                          ("transfer", i)))
        if main:
            if not s.acted:
                for i, b in enumerate(me["boats"]):
                    if b["at"] == "sea":
                        for f in sorted(set(b["load"]), key=FISH.index):
                            out.append(Action(f"dump:{i + 1}:{f}", f"Throw a {f.replace('_', ' ')} barrel from boat "
                                                                    f"{i + 1} back into the sea", "Free",
                                              ("dump", i, f)))
            for uses in sorted({u for item, u in me["rentals"] if item == "cart"}):
                out.append(Action(f"cart:{uses}", f"Use a hand cart ({uses} use{'s' if uses > 1 else ''} left): "
                                                  "+1 action point for markets", "Free", ("cart", uses)))
        return out

    def _apply_free(self, s: State, seat: int, data: tuple, ev: list) -> None:
        me = s.seats[seat]
        op = data[0]
        if op == "berth":
            pay(s, seat, None, self.d.berth_cost, RULE_BERTH)
            me["berths"] += 1
            ev.append(Event("berth", f"Seat {seat + 1} opens the {BERTHS[me['berths'] - 1]} berth for "
                                     f"¥{self.d.berth_cost:,}.", seat))
        elif op == "return":
            f = data[1]
            add(me["licences"], f, -1)
            self.licence_home(s, f)
            if s.ctx and s.ctx.get("kind") == "fish" and s.ctx["lic"].get(f):
                add(s.ctx["lic"], f, -1)
            ev.append(Event("return", f"Seat {seat + 1} returns a {self.m[f].name} licence.", seat))
        elif op == "transfer":
            i = data[1]
            f = me["boats"][i]["load"].pop()
            me["boats"][barge_at_sea(me)]["load"].append(f)
            ev.append(Event("transfer", f"Seat {seat + 1} moves a {f.replace('_', ' ')} barrel onto the barge.", seat))
        elif op == "dump":
            _, i, f = data
            me["boats"][i]["load"].remove(f)
            self.barrels_home(s, f, 1)
            ev.append(Event("dump", f"Seat {seat + 1} throws a {f.replace('_', ' ')} barrel back.", seat))
        elif op == "cart":
            self._use_rental(s, seat, "cart", data[1])
            s.cart_ap += 1
            ev.append(Event("cart", f"Seat {seat + 1} uses a hand cart: +1 action point for markets.", seat))

    # ==== fishing (000:111-158) =======================================================================

    def _catchable(self, s: State, seat: int, i: int) -> list[str]:
        me = s.seats[seat]
        b = me["boats"][i]
        if b["type"] == "barge" or b["at"] != "sea" or len(b["load"]) >= self.d.holds(b["type"]):
            return []
        used = s.ctx["lic"]
        if b["load"]:
            f = b["load"][0]
            candidates = [] if f == "salmon" else [f]     # 000:252: one salmon per boat
        else:
            candidates = [f for f in FISH if me["licences"].get(f)]
        out = []
        for f in candidates:
            st = s.fish.get(f)
            if st is None or st["barrels"] <= 0:
                continue
            lic = me["licences"].get(f, 0)
            if lic - used.get(f, 0) <= 0:
                continue
            if not b["load"] and lic <= ships_at_sea_with(me, f):
                continue
            out.append(f)
        return out

    def _reprice_groups(self, s: State, seat: int) -> list[tuple[str, str, str]]:
        fixed = set(s.ctx["fixed"])
        seen = []
        for j, (kind, row, col) in enumerate(s.seats[seat]["harbour"]):
            if j not in fixed and (kind, row, col) not in seen:
                seen.append((kind, row, col))
        return seen

    def _fish_actions(self, s: State, seat: int) -> list[Action]:
        ctx = s.ctx
        if ctx["pending"]:
            return self.price_actions(ctx["pending"][0], "Fishing")
        me = s.seats[seat]
        out = []
        for i, b in enumerate(me["boats"]):
            if i in ctx["boats"]:
                continue
            name = "the barge" if b["type"] == "barge" else f"boat {i + 1} ({b['type']}-hold)"
            if b["at"] != "sea":
                out.append(Action(f"launch:{i + 1}", f"Launch {name} from the {b['at']} berth", "Fishing",
                                  ("launch", i)))
                continue
            for f in self._catchable(s, seat, i):
                out.append(Action(f"catch:{i + 1}:{f}", f"{name.capitalize()} catches a {f.replace('_', ' ')} barrel",
                                  "Fishing", ("catch", i, f)))
            for berth in berth_room(me, b["type"], self.d.right_berth_ships):
                load = f" and unload {self.lot_text(_counts(b['load']))}" if b["load"] else ""
                out.append(Action(f"dock:{i + 1}:{berth}", f"Dock {name} at the {berth} berth{load}", "Fishing",
                                  ("dock", i, berth)))
        for kind, row, col in self._reprice_groups(s, seat):
            head = f"reprice:{ROW_LETTER[row]}:{col}:{kind}:"
            what = f"Move the {kind.replace('_', ' ')} in your {row} row from {self.col_name(col)} to "
            for target in self.col_keys:
                if target != col:
                    out.append(Action(head + target, what + self.col_name(target), "Prices",
                                      ("reprice", kind, row, col, target)))
        out.append(Action("done", "End the fishing action", "Fishing", ("done",)))
        out += self._free_actions(s, seat)
        return out

    def _apply_fishing(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        op = data[0]
        ctx = s.ctx
        me = s.seats[seat]
        if op == "launch":
            i = data[1]
            me["boats"][i]["at"] = "sea"
            ctx["boats"].append(i)
            ev.append(Event("launch", f"Seat {seat + 1} launches boat {i + 1}.", seat))
        elif op == "catch":
            _, i, f = data
            s.fish[f]["barrels"] -= 1
            me["boats"][i]["load"].append(f)
            ctx["boats"].append(i)
            add(ctx["lic"], f)
            ev.append(Event("catch", f"Seat {seat + 1}'s boat {i + 1} catches a {f.replace('_', ' ')} barrel.", seat))
        elif op == "dock":
            _, i, berth = data
            b = me["boats"][i]
            b["at"] = berth
            ctx["boats"].append(i)
            load, b["load"] = b["load"], []
            ev.append(Event("dock", f"Seat {seat + 1} docks boat {i + 1} at the {berth} berth"
                                    + (f" and unloads {self.lot_text(_counts(load))}." if load else "."), seat))
            for f in load:
                ctx["unloaded"] += 1
                if ctx["unloaded"] % self.d.unload_per == 0:      # 000:139
                    pay(s, None, seat, self.d.unload_yen)
                if f == "fugu" and me["licences"].get("fugu"):      # 000:216
                    add(me["licences"], "fugu", -1)
                    self.licence_home(s, "fugu")
                    if ctx["lic"].get("fugu"):
                        add(ctx["lic"], "fugu", -1)
                    ev.append(Event("fugu", f"Seat {seat + 1} unloads fugu: the fugu licence goes back.", seat))
                if f in BAG_FISH:
                    ctx[f] += 1
                else:
                    ctx["pending"].append(f)
            if len(load) >= self.d.unload_per:
                ev.append(Event("unload", f"Seat {seat + 1} has unloaded {ctx['unloaded']} barrels in this action.",
                                seat))
            self._continue_fishing(s, rng, ev)
        elif op == "reprice":
            _, kind, row, col, target = data
            fixed = set(ctx["fixed"])
            for j, item in enumerate(me["harbour"]):
                if j not in fixed and item == [kind, row, col]:
                    item[2] = target
                    ctx["fixed"].append(j)
                    break
            ev.append(Event("price", f"Seat {seat + 1} moves a {kind.replace('_', ' ')} to {self.col_name(target)}.",
                            seat))
        elif op == "done":
            for f in BAG_FISH:
                if ctx[f]:
                    self.barrels_home(s, f, ctx[f])             # 000:268, 000:288
                    ev.append(Event("leftover", f"{ctx[f]} unloaded {f.replace('_', ' ')} barrel"
                                                f"{'s go' if ctx[f] > 1 else ' goes'} back unpaid.", seat))
            s.ctx = None
            s.phase = "main"

    def _continue_fishing(self, s: State, rng: Rng, ev: list) -> None:
        """King Crab (2 barrels) and Tuna (3) unloads start auctions at once (000:264, 000:284)."""
        ctx = s.ctx
        for f in BAG_FISH:
            per = int(self.d.market[f]["barrels_per_auction"])
            while ctx[f] >= per:
                ctx[f] -= per
                self.barrels_home(s, f, per)
                bag = Bag()
                bag.items = s.bags.setdefault(f, [])
                if not bag.items:
                    ev.append(Event("auction", f"No {self.m[f].name} token is left in the bag: no auction.", s.turn))
                    continue
                kind = bag.draw(rng)
                ev.append(Event("auction", f"{per} {self.m[f].name} barrels go back; a {self.m[f].name} "
                                           f"token worth {self.token_unit(s, kind)} is drawn from the bag and "
                                           "auctioned: everyone bids in secret.", s.turn))
                self.start_bid(s, f, list(range(s.players)), {kind: 1}, {})
                return

    def _price(self, s: State, seat: int, col: str, ev: list) -> None:
        ctx = s.ctx
        kind = ctx["pending"].pop(0)
        me = s.seats[seat]
        me["harbour"].append([kind, "upper", col])
        if "fixed" in ctx:
            ctx["fixed"].append(len(me["harbour"]) - 1)
        if kind == "eel" and "eel" in s.fish:                     # 000:208
            self.m["eel"].move(s, self.d.market["eel"]["value_rise_per_barrel"])
        ev.append(Event("price", f"Seat {seat + 1} puts a {kind.replace('_', ' ')} up for sale in "
                                 f"{self.col_name(col)}.", seat))

    # ==== buying (000:159-167) ==================================================================

    def _buy_actions(self, s: State, seat: int, probe: bool = False) -> list[Action]:
        y = yen(s, seat)
        out = []
        for o in range(s.players):
            if o == seat:
                continue
            seen = set()
            for kind, row, col in s.seats[o]["harbour"]:
                if (kind, row, col) in seen:
                    continue
                seen.add((kind, row, col))
                price = self.d.price_of(col)
                if price > y:
                    continue
                if kind != "takoyaki":
                    st = s.fish.get(kind)
                    if st is None or st["tokens"] <= 0:
                        continue
                if probe:
                    return [True]
                out.append(Action(f"buy:{o + 1}:{ROW_LETTER[row]}:{col}:{kind}",
                                  f"Buy seat {o + 1}'s {kind.replace('_', ' ')} ({row} row) for ¥{price:,}", "Buying",
                                  ("purchase", o, kind, row, col)))
        if probe:
            return out
        out.append(Action("done", "End the buying action", "Buying", ("done",)))
        out += self._free_actions(s, seat)
        return out

    def _purchase(self, s: State, seat: int, data: tuple, ev: list) -> None:
        _, o, kind, row, col = data
        price = self.d.price_of(col)
        s.seats[o]["harbour"].remove([kind, row, col])
        pay(s, seat, o, price, RULE_BUY)
        me = s.seats[seat]
        if kind == "takoyaki":
            add(me["tokens"], "takoyaki")
            got = "the takoyaki"
        else:
            self.barrels_home(s, kind, 1)
            s.fish[kind]["tokens"] -= 1
            token = kind
            if kind == "salmon" and row == "lower":               # 000:254
                token = "salmon_spoiled"
            add(me["tokens"], token)
            got = f"a {token.replace('_', ' ')} token"
        ev.append(Event("buy", f"Seat {seat + 1} buys seat {o + 1}'s {kind.replace('_', ' ')} for ¥{price:,} "
                               f"and takes {got}.", seat, {"from": o, "price": price}))

    # ==== markets (000:169-191) ======================================================================

    def _entry_options(self, mid: str) -> list[dict]:
        return self.m[mid].entry or [{"ap": 0, "yen": 0, "takoyaki": 0, "tokens": {}}]

    def entry_refusal(self, s: State, seat: int, mid: str) -> str | None:
        mk = self.m[mid]
        if (mk.free or mk.once_per_turn) and mid in s.once:
            return f"the {mk.name} market may be entered only once per turn"
        return mk.refuse_entry(s, seat)

    def _affordable(self, s: State, seat: int, cost: dict) -> list[str] | None:
        """Sources of payment for a cost option: ["supply"] or takoyaki columns; None if unaffordable."""
        me = s.seats[seat]
        if cost["ap"] > s.ap + s.cart_ap or yen(s, seat) < cost["yen"]:
            return None
        if any(me["tokens"].get(f, 0) < n for f, n in cost["tokens"].items()):
            return None
        if cost["takoyaki"]:
            srcs = ["supply"] if me["tokens"].get("takoyaki", 0) >= cost["takoyaki"] else []
            if cost["takoyaki"] == 1:
                for kind, row, col in me["harbour"]:
                    if kind == "takoyaki" and f"{row[0]}{col}" not in srcs:
                        srcs.append(f"{row[0]}{col}")
            return srcs or None
        return ["supply"]

    def _cost_text(self, cost: dict) -> str:
        parts = []
        if cost["ap"]:
            parts.append(f"{cost['ap']} action point{'s' if cost['ap'] > 1 else ''}")
        if cost["yen"]:
            parts.append(f"¥{cost['yen']:,}")
        if cost["takoyaki"]:
            parts.append(f"{cost['takoyaki']} takoyaki")
        for f, n in cost["tokens"].items():
            parts.append(f"{n} {f.replace('_', ' ')} token{'s' if n > 1 else ''}")
        return " + ".join(parts) or "free, once per turn"

    def _entry_actions(self, s: State, seat: int, mid: str) -> list[Action]:
        if self.entry_refusal(s, seat, mid):
            return []
        mk = self.m[mid]
        out = []
        for k, cost in enumerate(self._entry_options(mid)):
            srcs = self._affordable(s, seat, cost)
            if not srcs:
                continue
            for src in srcs:
                if not self._can_interact_after(s, seat, mid, cost, src):
                    continue
                key = f"enter:{mid}:{k + 1}" + ("" if src == "supply" else f":{src}")
                how = self._cost_text(cost)
                if src != "supply":
                    how += f" (the takoyaki from your harbour, {self.col_name(src[1:])})"
                out.append(Action(key, f"Enter the {mk.name} market: {how}", "Markets", ("enter", mid, k, src)))
        return out

    def _pay_entry(self, s: State, seat: int, mid: str, cost: dict, src: str) -> None:
        me = s.seats[seat]
        if cost["yen"]:
            pay(s, seat, None, cost["yen"], RULE_MARKETS)
        for f, n in cost["tokens"].items():
            add(me["tokens"], f, -n)
            self.tokens_home(s, f, n)
        if cost["takoyaki"]:
            if src == "supply":
                add(me["tokens"], "takoyaki", -cost["takoyaki"])
            else:
                me["harbour"].remove(["takoyaki", "upper" if src[0] == "u" else "lower", src[1:]])
            self.tokens_home(s, "takoyaki", cost["takoyaki"])

    def _can_interact_after(self, s: State, seat: int, mid: str, cost: dict, src: str) -> bool:
        """000:185 — you must interact at least once: enter only where that is possible
        after paying (tried on the real table and put back exactly)."""
        mk = self.m[mid]
        if not (cost["yen"] or cost["tokens"] or cost["takoyaki"]):
            # Paying action points only: licence income can only add yen, and more yen never
            # makes an interaction impossible, so what is possible now stays possible.
            probe = {"kind": "market", "market": mid, "n": 0}
            saved_ctx = s.ctx
            s.ctx = probe
            try:
                if mk.possible(s, seat, probe):
                    return True
            finally:
                s.ctx = saved_ctx
            if mid not in s.fish or not s.seats[seat]["licences"].get(mid):
                return False
        me = s.seats[seat]
        saved = (dict(s.treasury.balances), {k: dict(v) if isinstance(v, dict) else v for k, v in me.items()},
                 [list(x) for x in me["harbour"]], s.ctx, s.phase)
        saved_fish = {f: dict(v) for f, v in s.fish.items()}
        saved_bags = {f: list(v) for f, v in s.bags.items()}
        try:
            self._pay_entry(s, seat, mid, cost, src)
            if mid in s.fish:
                n = me["licences"].get(mid, 0)
                if n:
                    pay(s, None, seat, self.d.licence_income * n)
            s.ctx = {"kind": "market", "market": mid, "n": 0}
            return mk.possible(s, seat, s.ctx)
        finally:
            s.treasury.balances = saved[0]
            for k, v in saved[1].items():
                me[k] = v
            me["harbour"] = saved[2]
            s.ctx, s.phase = saved[3], saved[4]
            s.fish = saved_fish
            s.bags = saved_bags

    def _enter(self, s: State, seat: int, data: tuple, ev: list) -> None:
        _, mid, k, src = data
        cost = self._entry_options(mid)[k]
        mk = self.m[mid]
        use = min(s.cart_ap, cost["ap"])
        s.cart_ap -= use
        s.ap -= cost["ap"] - use
        self._pay_entry(s, seat, mid, cost, src)
        s.acted = True
        if mk.free or mk.once_per_turn:
            s.once.append(mid)
        ev.append(Event("enter", f"Seat {seat + 1} enters the {mk.name} market ({self._cost_text(cost)}).", seat,
                        {"market": mid}))
        if mid in s.fish:                                            # 000:183
            paid = []
            for o in range(s.players):
                n = s.seats[o]["licences"].get(mid, 0)
                if n:
                    pay(s, None, o, self.d.licence_income * n)
                    paid.append(f"seat {o + 1} ¥{self.d.licence_income * n:,}")
            if paid:
                ev.append(Event("income", f"{mk.name} licence income: {', '.join(paid)}.", seat))
        s.phase = "market"
        s.ctx = {"kind": "market", "market": mid, "n": 0}

    def _market_actions(self, s: State, seat: int) -> list[Action]:
        ctx = s.ctx
        if ctx.get("pending"):
            return self.price_actions(ctx["pending"][0], "Markets")
        mk = self.m[ctx["market"]]
        out = mk.actions(s, seat, ctx)
        if not ctx.get("lot"):
            if ctx["n"] >= 1 or not mk.possible(s, seat, ctx):
                out.append(Action("leave", f"Leave the {mk.name} market", "Markets", ("leave",)))
            out += self._free_actions(s, seat)
        return out

    # ==== sealed bids (core.bids.SealedBid) ==========================================================

    def start_bid(self, s: State, kind: str, bidders: list[int], lot: dict, extra: dict) -> None:
        resume = s.phase
        caps = {b: yen(s, b) for b in bidders}
        sealed = SealedBid(bidders, minimum=0, caps=caps, step=100, label=BID_NAMES[kind])
        s.bid = {"kind": kind, "sealed": sealed, "lot": lot, "stage": "bidding", "tied": [], "resume": resume}
        s.bid.update(extra)
        s.phase = "bid"

    def _bid_actions(self, s: State, seat: int) -> list[Action]:
        b = s.bid
        if b["stage"] == "bidding":
            what = self.lot_text(b["lot"])
            return [Action(f"bid:{a}", f"Bid ¥{a:,} for {what}", "Bid", ("bid", a))
                    for a in b["sealed"].allowed(seat)]
        bids = b["sealed"].bids
        if b["stage"] == "tie":
            return [Action(f"winner:{o + 1}", f"Seat {o + 1} wins the tie at ¥{bids[o]:,}", "Bid", ("winner", o))
                    for o in b["tied"]]
        out = [Action(f"accept:{o + 1}", f"Accept seat {o + 1}'s bid of ¥{bids[o]:,}", "Bid", ("accept", o))
               for o in b["sealed"].bidders]
        out.append(Action("reject", "Refuse every bid and take the tokens back", "Bid", ("reject",)))
        return out

    def _apply_bid(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        b = s.bid
        op = data[0]
        if op == "bid":
            b["sealed"].submit(seat, data[1])
            ev.append(Event("bid", f"Seat {seat + 1} has bid.", seat))
            if not b["sealed"].complete:
                return
            order = [(s.turn + i) % s.players for i in range(s.players)]
            ranked = b["sealed"].reveal(order)
            ev.append(Event("reveal", "The bids: " + ", ".join(f"seat {o + 1} ¥{a:,}" for o, a in
                                                               sorted(b["sealed"].bids.items())) + ".", None,
                            {"bids": {str(o): a for o, a in b["sealed"].bids.items()}}))
            if b["kind"] == "barter":
                b["stage"] = "choose"
                return
            top = ranked[0][1]
            tied = [o for o, a in ranked if a == top]
            if len(tied) > 1:
                b["stage"] = "tie"
                b["tied"] = sorted(tied)
                return
            self._award(s, tied[0], rng, ev)
        elif op == "winner":
            self._award(s, data[1], rng, ev)
        elif op == "accept":
            self._award(s, data[1], rng, ev)
        else:
            for k, n in b["lot"].items():
                add(s.seats[s.turn]["tokens"], k, n)
            ev.append(Event("barter", f"Seat {s.turn + 1} refuses every bid and takes the tokens back.", s.turn))
            self._finish_bid(s, rng, ev)

    def _award(self, s: State, winner: int, rng: Rng, ev: list) -> None:
        b = s.bid
        active = s.turn
        amount = b["sealed"].bids[winner]
        for k, n in b["lot"].items():
            add(s.seats[winner]["tokens"], k, n)
        what = self.lot_text(b["lot"])
        if b["kind"] in BAG_FISH:                                       # 000:266
            if winner == active:
                pay(s, winner, None, amount)
                ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}, paid to the supply.", winner))
            else:
                pay(s, winner, active, amount)
                ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}, paid to seat {active + 1}.",
                                winner))
        elif b["kind"] == "auction":                                    # 000:309
            pay(s, winner, active, amount)
            pay(s, None, active, amount)
            ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}; the market adds as much: "
                                   f"seat {active + 1} takes ¥{2 * amount:,}.", winner))
        else:                                                           # 000:325
            pay(s, winner, active, amount)
            ev.append(Event("won", f"Seat {active + 1} accepts seat {winner + 1}'s ¥{amount:,} for {what}.", winner))
        self._finish_bid(s, rng, ev)

    def _finish_bid(self, s: State, rng: Rng, ev: list) -> None:
        resume = s.bid["resume"]
        s.bid = None
        s.phase = resume
        if resume == "fish":
            self._continue_fishing(s, rng, ev)

    # ==== overfishing (000:351-357) ===================================================================

    def _overfishing(self, s: State, rng: Rng, ev: list) -> None:
        again = True
        while again:
            again = False
            for f in FISH:
                st = s.fish.get(f)
                if st is None or st["overfished"]:
                    continue
                if st["barrels"] > 0 and self.m[f].tokens_left(s) > 0:
                    continue
                st["overfished"] = True
                add(s.box["barrels"], f, st["barrels"])
                st["barrels"] = 0
                ev.append(Event("overfished", f"{self.m[f].name} is overfished: its last barrels go into the box.",
                                None, {"market": f}))
                pool = [g for g in FISH if g not in s.fish]
                if pool:
                    g = pool[rng.below(len(pool))]
                    s.fish[g] = self.m[g].setup(s)
                    s.fish = {h: s.fish[h] for h in FISH if h in s.fish}
                    ev.append(Event("new_market", f"A new fish market is drawn from the box: {self.m[g].name}.",
                                    None, {"market": g}))
                again = True

    # ==== legal, apply =================================================================================

    def legal(self, s: State, seat: int) -> list[Action]:
        if s.over or seat not in self.to_act(s):
            return []
        ph = s.phase
        if ph == "bid":
            return self._bid_actions(s, seat)
        if ph == "start":
            return self._start_actions(s, seat)
        if ph == "main":
            return self._main_actions(s, seat)
        if ph == "fish":
            return self._fish_actions(s, seat)
        if ph == "buy":
            return self._buy_actions(s, seat)
        if ph == "market":
            return self._market_actions(s, seat)
        return []

    def apply(self, s: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        data = action.data
        op = data[0]
        ev: list[Event] = []
        ph = s.phase
        if ph == "bid":
            self._apply_bid(s, seat, data, rng, ev)
        elif op in ("berth", "return", "transfer", "dump", "cart"):
            self._apply_free(s, seat, data, ev)
        elif ph == "start":
            if op == "coolbox":
                self._use_rental(s, seat, "coolbox", data[1])
                ev.append(Event("coolbox", f"Seat {seat + 1} uses a cool box: nothing spoils this turn.", seat))
                s.ctx = None
                s.phase = "main"
            elif op == "fugu":
                col = data[1]
                me = s.seats[seat]
                me["harbour"].remove(["fugu", "lower", col])
                pay(s, seat, None, self.d.price_of(col), RULE_FUGU)
                self.barrels_home(s, "fugu", 1)
                s.fish["fugu"]["tokens"] -= 1
                add(me["tokens"], "fugu")
                s.ctx["fugu"] += 1
                ev.append(Event("fugu", f"Seat {seat + 1} buys back a spoiled fugu for ¥{self.d.price_of(col):,} "
                                        "and takes a fugu token.", seat))
                if not self._own_fugu(s, seat):
                    s.ctx = None
                    self._spoil(s, seat, ev)
                    s.phase = "main"
            else:
                s.ctx = None
                self._spoil(s, seat, ev)
                s.phase = "main"
        elif ph == "main":
            if op == "fish":
                s.ap -= 1
                s.acted = True
                s.phase = "fish"
                s.ctx = {"kind": "fish", "boats": [], "lic": {}, "unloaded": 0, "king_crab": 0, "tuna": 0,
                         "pending": [], "fixed": []}
                ev.append(Event("action", f"Seat {seat + 1} goes fishing.", seat))
            elif op == "buy":
                s.ap -= 1
                s.acted = True
                s.phase = "buy"
                s.ctx = {"kind": "buy"}
                ev.append(Event("action", f"Seat {seat + 1} goes buying.", seat))
            elif op == "enter":
                self._enter(s, seat, data, ev)
            elif op == "end":
                ev.append(Event("turn", f"Seat {seat + 1} ends the turn.", seat))
                s.cart_ap = 0
        elif ph == "fish":
            if op == "price":
                self._price(s, seat, data[1], ev)
            else:
                self._apply_fishing(s, seat, data, rng, ev)
        elif ph == "buy":
            if op == "purchase":
                self._purchase(s, seat, data, ev)
            else:
                s.ctx = None
                s.phase = "main"
        elif ph == "market":
            if op == "price":
                self._price(s, seat, data[1], ev)
            elif op == "leave":
                ev.append(Event("leave", f"Seat {seat + 1} leaves the {self.m[s.ctx['market']].name} market.", seat))
                s.ctx = None
                s.phase = "main"
            else:
                mk = self.m[s.ctx["market"]]
                if op != "lot":
                    s.ctx["n"] += 1
                mk.apply(s, seat, data, rng, ev)
        self._overfishing(s, rng, ev)
        if not s.over and s.phase == "main" and s.ap == 0 and s.cart_ap == 0:
            self._end_turn(s, rng, ev)
        return ev

    # ==== explanations for refused keys =================================================================

    def why_illegal(self, s: State, seat: int, key: str) -> IllegalMove:
        return persist.why_illegal(self, s, seat, key)

    # ==== end, views, saves ==============================================================================

    def result(self, s: State):
        return scoring.result(self, s)

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


def _counts(items: list[str]) -> dict:
    out: dict = {}
    for x in items:
        add(out, x)
    return out

