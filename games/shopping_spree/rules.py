"""The architect's Shopping Spree: the rules, readable beside 004:183-227.

A shop floor of Tokyo Jutaku's lot cards with goods from the other boxes on its shelves:
Coin Laundry's machines, clothing, detergent and magazines, Tsukiji's tuna, crabs and
salmon, Jidohanbaiki's drinks and its vending machine. Each turn a shopper walks 1-3 steps
along the aisles and takes one good from a card beside them (or tips the black crate
through the vending machine); twice a game they leave through the double aisles in the
middle and are paid for their crate at the market prices, which then fall by ¥100: one
price a colour card of drinks and one a stack of laundry price cards (004:193-196).

In the dexterity variant (004:203) the crate is pushed: every move of a loaded crate is
simulated (physics.crate) and what falls out is lost.

The state is plain data (a dict): `dump` is a copy and `restore` checks every value.
"""

from __future__ import annotations

from collections import Counter

from core.components import SALMON_SIDES, Bag, DrinkSet, FishToken, LaundryBox, fish_tokens
from core.errors import IllegalMove
from core.game import Action, Event, Result, Rules, rank_by
from core.payload import copy_plain
from core.rng import Rng
from core.yen import SUPPLY, Payment, counted

from .constants import DEXTERITY, ECONOMIC, FIRST, PUSH_LEVELS, TRIPS  # noqa: F401  (their home is constants.py)
from .floor import MACHINE, OUT, Floor

R_SETUP = "Shopping Spree, set-up (004:185-201)"
R_VARIANT = "Shopping Spree, dexterity or not (004:203)"
R_MOVE = "Shopping Spree, moving 1-3 steps (004:205)"
R_TAKE = "Shopping Spree, taking one good from a card you stand in front of (004:205)"
R_LEAVE = "Shopping Spree, leaving through the double aisles in the middle (004:207)"
R_DETERGENT = "Shopping Spree, detergent (004:215)"
R_CRAB = "Shopping Spree, crabs (004:217)"
R_TUNA = "Shopping Spree, tuna (004:219)"
R_SALMON = "Shopping Spree, salmon (004:221)"
R_MACHINE = "Shopping Spree, the vending machine (004:223)"
R_END = "Shopping Spree, the end (004:225-227)"
R_FIRST = "Shopping Spree, who begins (004:205)"
R_CLOSING = "Shopping Spree, closing time (kiosk house rule, off unless chosen)"
R_PAID = "Shopping Spree, paid for each good at its market price on leaving (004:207)"
R_FALL = "Shopping Spree, each price card paid from falls by ¥100, once (004:207)"


HOW_TO_PLAY = """\
The architect's Shopping Spree — grab the priciest goods and get out (004:183-227).

Set-up (004:185-201): Tokyo Jutaku's lot cards make a shop floor with aisles (our plan:
the blue dots of the rulebook's picture are reconstructed in shopping_spree.toml). On
the top row: tuna (left; a '15' tuna shows the price, the rest are in the bag), two
washing machines and a dryer (middle), crabs (right; a '4' crab shows, the rest in the
bag). The second row: five random drinks on each card, the vending machine in the middle
with a crate of the 6 black drinks. Salmon (5 on each of two middle cards), detergent
(where it lies is our reconstruction), magazines/newspapers on the bottom middle card
and one clothing item on each of the 16 lower outer cards. Everyone starts outside at
the bottom edge with an empty crate and no yen.

Prices (004:189, 193-196): the laundry price cards lie in four stacks, one pile of yen on
each stack: washing machine and dryer ¥500; bed sheet and pillowcase ¥400; shirt and
trousers ¥300; bra, underpants and socks ¥200. Every good of a stack pays what lies on
that stack. Each drink colour card holds ¥300, the black one ¥200.

Who begins (004:205): the player who went shopping last; the players say who at set-up
(the option "Who went shopping last? They begin"). Then clockwise, seat after seat.

Your turn (004:205-207): move 1-3 steps from dot to dot (a U-turn is a step, but you may
not end where you began), then take one good from a card beside your dot, or tip the
black crate into the vending machine from one of its two dots: keep what comes out,
stuck drinks go back to the crate (004:223). Enter and leave only through the two middle
aisles at the bottom. Leaving twice is the game: when you leave, take a mackerel barrel
and ¥ for each good at its price; then every colour card and laundry stack you were
paid from falls by ¥100 once, however many of its goods you sold: trousers sold, a
shirt pays ¥100 less too. A price falls to ¥0 and no lower, and a good of an empty
stack or card pays nothing (our reading: the yen lies on the card, and none can be
taken from an empty one). Drinks you sell go into the vending machine's crate (beside
it once it holds 6; our ruling: they fill it again after a pour). Re-enter on your next
turn.

Special goods (004:211-223):
- Magazines/newspapers pay nothing; the most of them wins every tie.
- Detergent doubles the pay of one clothing item, never two on one item. You would always
  double your dearest items, so the kiosk does that for you. The example (004:215) pays
  a bra ¥300 → ¥600 where the set-up prices bras at ¥200: we read it as a slip and pay a
  bra its market price (¥200, doubled ¥400).
- Crabs: draw one from the bag; a crab pays ¥100 per point printed on it.
- Tuna: pay the bank ¥500 first (¥1,000 for your second tuna, +¥500 each further one),
  then draw a tuna from the bag; it pays ¥100 per point.
- Salmon: ¥500 each for the first player to leave with salmon (the fresh side up),
  ¥400 each after that (the '4' side up), even for that same player.

Dexterity (004:203): goods go into your crate and may not be touched; your architect
pushes the crate. Choose how hard you push (1 gently … 5 hard): the crate's load and
the push decide what falls out, simulated in 2-D physics. Lost goods are discarded;
lost drinks go into the vending machine's crate. In the economic variant nothing falls.

End (004:225-227): as soon as all but one player have left twice, the game ends at once;
the one still inside is paid nothing for their crate. Most yen wins; a tie goes to the
most magazines/newspapers; still tied, you all share it.
Kiosk house rule, off unless chosen: a closing time after a number of rounds, when
everyone still inside goes home unpaid.
"""


#: A Shopping Spree position, declared once: every field, what it holds, and its value at the
#: start for n players (None: `setup` gives it, from the options, the rng or the boxes). `setup`
#: builds a position of exactly these fields, in this order; persist.py checks that a saved one
#: has exactly these (`ShoppingSpree.fields`); `table` hands them out. A good is its name: a
#: laundry good's id, "drink:<0-35>", "tuna_15", "crab_4", "salmon" ("salmon:fresh"/"salmon:4"
#: once sold, the side up, 004:221).
FIELDS = {
    "players": ("how many seats", None),
    "variant": ("economic or dexterity (004:203)", None),
    "closing": ("the round after which the shop closes (kiosk house rule); 0: never", None),
    "round": ("the round, from 1", lambda n: 1),
    "first": ("the seat that went shopping last and began (004:205)", None),
    "seat": ("the seat to act", None),
    "phase": ("move, take or over", lambda n: "move"),
    "pos": ("each seat's architect: a dot of the floor (floor.py), or outside the shop", lambda n: [OUT] * n),
    "trips": ("how often each seat has left the shop (004:207)", lambda n: [0] * n),
    "crates": ("the goods in each seat's crate, not yet paid (004:201)", lambda n: [[] for _ in range(n)]),
    "before": ("the goods laid before each seat once paid (004:207)", lambda n: [[] for _ in range(n)]),
    "shelves": ("the goods on each shelf: {card: [goods]} (004:188-199)", None),
    "bag": ("the tuna and crab tokens in their bags: {tuna: [...], crab: [...]} (004:197, 199)", None),
    "prices": ("the yen on each price card or stack: {colour or stack: yen} (004:189, 193-196)", None),
    "yen": ("each seat's yen", lambda n: [0] * n),
    "bank": ("the bank's balance: minus every yen it has paid out", None),
    "tuna_bought": ("how many tuna each seat has bought (004:219)", lambda n: [0] * n),
    "salmon_sold": ("whether someone has left with salmon: then ¥400 each (004:221)", lambda n: False),
    "machine": ("the drinks in the vending machine's crate (004:187, 223)", None),
    "beside": ("the drinks standing beside its full crate (004:223)", lambda n: []),
    "lost": ("the goods fallen out of a crate, discarded (004:203)", lambda n: []),
    "mackerel": ("the mackerel barrels left in the supply (004:200)", None),
    "push": ("the last push of a crate: {seat, load, level, steps, seed, fallen}; None", lambda n: None),
    "pour": ("the last tip into the vending machine: {seat, poured, out, stuck, seed}; None", lambda n: None),
    "reason": ("why the game ended; '' while it goes on", lambda n: ""),
    "moves": ("how many moves have been played", lambda n: 0),
}


def _either(words: list[str]) -> str:
    """Words joined for people: a; a or b; a, b or c."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class ShoppingSpree(Rules):
    """The architect's Shopping Spree (004:183-227); see the module docstring."""

    assets = ("shopping_spree.toml", "coin_laundry.toml", "drinks.toml", "tsukiji/tuna.toml",
              "tsukiji/king_crab.toml", "tsukiji/salmon.toml", "tsukiji/mackerel.toml")
    default_bot = "shopper"
    how_to_play = HOW_TO_PLAY
    #: random shoppers end by the printed rules (004:225): a random walk reaches the way out
    #: again and again, and all but one leave twice (tests/test_shopping_spree_random.py)
    random_play_options: dict = {}
    #: the fields of a position (FIELDS): setup builds them, persist.py checks them, `table` hands them out
    fields = FIELDS

    def code_folders(self):
        """Its own package, and the physics that decides its play."""
        import physics
        return [*super().code_folders(), physics.FOLDER]

    def __init__(self, info, assets):
        super().__init__(info, assets)
        spree = assets["shopping_spree.toml"]
        self.floor = Floor.from_rows(list(spree["floor"]["rows"]))
        self.laundry = LaundryBox.from_asset(assets["coin_laundry.toml"])
        self.drinks = DrinkSet.from_asset(assets["drinks.toml"])
        self.colours = tuple(k.id for k in self.drinks.colours)
        self.black = self.colours.index("black")
        self.shelves = {}
        for card, spec in spree["shelves"].items():
            if card not in self.floor.cards:
                raise ValueError(f"shopping_spree.toml: shelf {card!r} is not a card on the floor")
            self.shelves[card] = (str(spec["goods"]), int(spec.get("count", 1)))
        f = spree["fish"]
        self.yen_per_point = int(f["yen_per_point"])
        self.tuna_cost, self.tuna_rise = int(f["tuna_cost"]), int(f["tuna_rise"])
        self.salmon_first, self.salmon_later = int(f["salmon_first"]), int(f["salmon_later"])
        self.machine_crate = int(spree["machine"]["crate"])
        self.mackerel_per_player = int(spree["mackerel"]["per_player"])
        self.tuna = [t.id for t in fish_tokens("tuna", assets["tsukiji/tuna.toml"])]
        self.crabs = [t.id for t in fish_tokens("crab", assets["tsukiji/king_crab.toml"])]
        self.shown = {"tuna": [f"tuna_{f['tuna_shown']}"] * self._count("tuna"),
                      "crab": [f"crab_{f['crab_shown']}"] * self._count("crab")}
        for fish, tokens in (("tuna", self.tuna), ("crab", self.crabs)):
            for t in self.shown[fish]:
                if tokens.count(t) < self.shown[fish].count(t):
                    raise ValueError(f"the Tsukiji box has too few {t} tokens to show on the shelves")
        self.salmon_tokens = int(assets["tsukiji/salmon.toml"]["pieces"]["tokens"])
        self.mackerel_barrels = int(assets["tsukiji/mackerel.toml"]["pieces"]["barrels"])
        self._check_box()
        p = spree["prices"]
        self.stacks, self.stack_of, self.start_prices = self._read_stacks(spree.get("stacks", {}), p)
        for ci, colour in enumerate(self.colours):
            if colour in self.start_prices:
                raise ValueError(f"shopping_spree.toml: the stack {colour!r} has the name of a drink colour")
            self.start_prices[colour] = int(p["black"] if ci == self.black else p["drink"])
        self.lower_by = int(p["lower_by"])
        from .bot import ShopperBot
        self.bots = {"shopper": ShopperBot}

    def _read_stacks(self, stacks: dict, prices: dict) -> tuple[dict, dict, dict]:
        """004:193-196 — the laundry price cards as stacks, one pile of yen a stack: (stack ->
        its goods, good -> its stack, stack -> its yen at the start)."""
        priced = [g.id for g in self.laundry.goods.values() if g.kind in ("machine", "clothing")]
        stale = [g for g in priced if g in prices]
        if stale:
            raise ValueError(f"shopping_spree.toml: the laundry is priced by stack in [stacks] (004:193-196), "
                             f"not card by card in [prices] ({', '.join(stale)})")
        cards, of, yen = {}, {}, {}
        for sid, spec in stacks.items():
            if sid == "source":
                continue
            try:
                goods = tuple(str(g) for g in spec["cards"])
                yen[sid] = int(spec["yen"])
            except (KeyError, TypeError, ValueError) as e:
                raise ValueError(f"shopping_spree.toml: the stack {sid!r} needs its cards and its yen ({e})") from e
            if not goods or yen[sid] < 0:
                raise ValueError(f"shopping_spree.toml: the stack {sid!r} needs cards and ¥0 or more")
            for g in goods:
                if g not in priced:
                    raise ValueError(f"shopping_spree.toml: the stack {sid!r} names {g!r}, which is no machine or "
                                     "clothing of coin_laundry.toml")
                if g in of:
                    raise ValueError(f"shopping_spree.toml: the {g} card lies in two stacks, {of[g]!r} and {sid!r}")
                of[g] = sid
            cards[sid] = goods
        missing = [g for g in priced if g not in of]
        if missing:
            raise ValueError(f"shopping_spree.toml: no price stack holds the {', '.join(missing)} card (004:193-196)")
        return cards, of, yen

    def _count(self, goods: str) -> int:
        return sum(n for g, n in self.shelves.values() if g == goods)

    def _check_box(self) -> None:
        clothing = self.laundry.items("clothing")
        if len(clothing) != self._count("clothing"):
            raise ValueError(f"coin_laundry.toml has {len(clothing)} clothing items for "
                             f"{self._count('clothing')} clothing shelves (004:192)")
        for kind in ("machine", "detergent", "reading"):
            for g in self.laundry.of_kind(kind):
                if self._count(g.id) > g.count:
                    raise ValueError(f"the shelves want {self._count(g.id)} {g.name}, the box has {g.count}")
        if self._count("salmon") > self.salmon_tokens:
            raise ValueError("the shelves want more salmon than the Tsukiji box holds")
        if self._count("drinks") != 30:
            raise ValueError("the drink shelves hold the 30 drinks that are not black (004:188)")
        if self.mackerel_per_player * self.info.max_players > self.mackerel_barrels:
            raise ValueError("too few mackerel barrels for the most players (004:200)")

    # ---- setup ---------------------------------------------------------------------

    def setup(self, players: int, options: dict, rng: Rng):
        black = [self.black * 6 + k for k in range(6)]
        others = [d for d in range(36) if d not in black]
        rng.shuffle(others)
        clothing = self.laundry.items("clothing")
        rng.shuffle(clothing)
        shelves = {}
        for card, (goods, count) in self.shelves.items():
            if goods == "drinks":
                shelves[card] = sorted(f"drink:{others.pop()}" for _ in range(count))
            elif goods == "clothing":
                shelves[card] = [clothing.pop() for _ in range(count)]
            elif goods in ("tuna", "crab"):
                shelves[card] = []
            else:
                shelves[card] = [goods] * count
        bag = {"tuna": list(self.tuna), "crab": list(self.crabs)}
        for fish in bag:
            for t in self.shown[fish]:
                bag[fish].remove(t)
        prices = dict(self.start_prices)
        first = self.first_seat(players, options)
        given = {"players": players, "variant": options.get("variant", ECONOMIC),
                 "closing": int(options.get("closing", 0)), "first": first, "seat": first, "shelves": shelves,
                 "bag": bag, "prices": prices, "bank": -sum(prices.values()),
                 "machine": [f"drink:{d}" for d in black], "mackerel": self.mackerel_per_player * players}
        return {k: given[k] if start is None else start(players) for k, (_, start) in self.fields.items()}

    def first_seat(self, players: int, options: dict) -> int:
        """004:205 — the player who went shopping last begins: the players say who (the option
        `first`, "player 1" … "player 6"); a player beyond the table is refused."""
        choices = self.info.option(FIRST).choices
        choice = options.get(FIRST, self.info.option(FIRST).default)
        here = _either([str(c) for c in choices[:players]])
        if choice not in choices:
            raise ValueError(f"who went shopping last and begins is {here}, not {choice!r} — {R_FIRST}")
        seat = choices.index(choice)
        if seat >= players:
            raise ValueError(f"there is no {choice} at a table of {players} players: who went shopping last and "
                             f"begins is {here} — {R_FIRST}")
        return seat

    # ---- who acts ------------------------------------------------------------------

    def to_act(self, s) -> tuple[int, ...]:
        return () if s["phase"] == "over" else (s["seat"],)

    # ---- legal actions -------------------------------------------------------------

    def pushes(self, s, seat) -> bool:
        """004:203 — in the dexterity variant a loaded crate is pushed, and may spill."""
        return s["variant"] == DEXTERITY and bool(s["crates"][seat])

    def legal(self, s, seat) -> list[Action]:
        if s["phase"] == "move":
            return self._moves(s, seat)
        if s["phase"] == "take":
            return self._takes(s, seat)
        return []

    def _moves(self, s, seat) -> list[Action]:
        out = []
        levels = PUSH_LEVELS if self.pushes(s, seat) else (None,)
        goods = len(s["crates"][seat])
        for node, steps in self.floor.destinations(s["pos"][seat]).items():
            if node != OUT:
                where = self.floor.label(node)
                what = ", ".join(self.shelf_words(s, c) for c in self.floor.facing[node]) or "no shelf"
            for level in levels:
                push = "" if level is None else f", pushing {level} of 5"
                if node == OUT:
                    key = "leave" if level is None else f"leave:{level}"
                    out.append(Action(key, f"Leave the shop with {goods} good(s) ({steps} step(s){push})",
                                      "Leave", (node, steps, level)))
                else:
                    key = f"walk:{node}" if level is None else f"walk:{node}:{level}"
                    out.append(Action(key, f"Walk to {where} ({steps} step(s){push}): {what}",
                                      "Walk", (node, steps, level)))
        return out

    def tuna_price(self, s, seat) -> int:
        """004:219 — ¥500 for your first tuna, +¥500 for each further one."""
        return self.tuna_cost + self.tuna_rise * s["tuna_bought"][seat]

    def _takes(self, s, seat) -> list[Action]:
        out = []
        for card in self.floor.facing[s["pos"][seat]]:
            if card == MACHINE:
                if s["machine"]:
                    out.append(Action("machine", f"Tip the crate of {len(s['machine'])} drink(s) into the "
                                                 "vending machine", "Vending machine"))
                continue
            if card not in self.shelves:
                continue
            goods = self.shelves[card][0]
            if goods == "tuna":
                price = self.tuna_price(s, seat)
                if s["bag"]["tuna"] and s["yen"][seat] >= price:
                    out.append(Action(f"take:{card}", f"Pay ¥{price:,} and draw a tuna from the bag", "Take"))
            elif goods == "crab":
                if s["bag"]["crab"]:
                    out.append(Action(f"take:{card}", "Draw a crab from the bag", "Take"))
            elif goods == "drinks":
                for d in sorted(set(s["shelves"][card])):
                    out.append(Action(f"take:{card}:{d}", f"Take the {self.good_name(d)} "
                                      f"(¥{self.price_of(s, d):,} now)", "Take"))
            elif s["shelves"][card]:
                g = s["shelves"][card][0]
                price = f" (¥{self.price_of(s, g):,} now)" if self.price_of(s, g) is not None else ""
                out.append(Action(f"take:{card}", f"Take the {self.good_name(g)}{price}", "Take"))
        out.append(Action("pass", "Take nothing", "Take"))
        return out

    def why_illegal(self, s, seat, key) -> IllegalMove:
        if s["phase"] == "over":
            return IllegalMove("the shopping is over", R_END)
        if s["phase"] == "move":
            if key.startswith("leave"):
                return IllegalMove("you leave only through the double aisles in the middle, within 1-3 steps",
                                   R_LEAVE)
            if key.startswith("walk:") and s["variant"] == DEXTERITY and key.count(":") == 2 \
                    and self.pushes(s, seat):
                return IllegalMove("a loaded crate is pushed: say how hard, from 1 (gently) to 5 (hard)",
                                   R_VARIANT)
            return IllegalMove("move 1-3 steps from dot to dot, never ending where you began", R_MOVE)
        if key == "machine":
            return IllegalMove("the vending machine is used from one of its two dots, while its crate holds "
                               "drinks", R_MACHINE)
        if key.startswith("take:") and key.split(":")[1] in self.shelves \
                and self.shelves[key.split(":")[1]][0] == "tuna":
            return IllegalMove("first own the tuna's price and pay it to the bank; the bag must hold a tuna",
                               R_TUNA)
        return IllegalMove("take one good from a card you stand in front of, or nothing", R_TAKE)

    # ---- words ---------------------------------------------------------------------

    def good_name(self, g: str) -> str:
        if g.startswith("drink:"):
            return self.drinks.label(int(g[6:])) + " drink"
        if g.startswith("salmon"):
            side = g.partition(":")[2]
            return "salmon" + (f" ({side} side up)" if side else "")
        if g.startswith(("tuna_", "crab_")):
            t = FishToken.parse(g)
            return f"'{t.value}' {t.fish}"
        return self.laundry.goods[g].name

    def known_goods(self) -> set[str]:
        """Every good's name the boxes can put in a crate."""
        return ({f"drink:{d}" for d in range(36)} | set(self.tuna) | set(self.crabs) | {"salmon"}
                | set(self.laundry.goods))

    def shelf_words(self, s, card: str) -> str:
        if card == MACHINE:
            return f"the vending machine ({len(s['machine'])} in its crate)"
        goods = self.shelves.get(card, ("", 0))[0]
        if goods == "tuna":
            return f"tuna ({len(s['bag']['tuna'])} in the bag)"
        if goods == "crab":
            return f"crabs ({len(s['bag']['crab'])} in the bag)"
        items = s["shelves"].get(card, [])
        if not items:
            kind = {"drinks": "drink", "clothing": "clothing"}.get(
                goods, self.good_name(goods) if goods in self.laundry.goods else goods)
            return f"an empty {kind} shelf"
        if goods == "drinks":
            return f"{len(items)} drinks"
        return f"{len(items)} × {self.good_name(items[0])}"

    # ---- prices and pay ------------------------------------------------------------

    def price_card(self, g: str) -> str | None:
        """The colour card or laundry stack a good is paid from (004:189, 193-196), or None for
        goods paid by their face."""
        if g.startswith("drink:"):
            return self.colours[int(g[6:]) // 6]
        return self.stack_of.get(g)

    def price_words(self, card: str) -> str:
        """A colour card or a laundry stack in words: "red drinks", "shirt and trousers"."""
        if card in self.stacks:
            names = [self.laundry.goods[g].name for g in self.stacks[card]]
            return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{self.drinks.colours[self.colours.index(card)].name} drinks"

    def price_of(self, s, g: str) -> int | None:
        card = self.price_card(g)
        return s["prices"][card] if card else None

    def payout(self, s, goods: list[str]) -> dict:
        """What a crate pays on leaving now (004:207-221), line by line, without changing `s`.

        Detergent doubles the dearest clothing items, one each (004:215); salmon pays ¥500 for
        the first crate of salmon out of the shop and ¥400 after (004:221)."""
        lines, cards = [], []
        clothing = []
        for i, g in enumerate(goods):
            card = self.price_card(g)
            if card is not None:
                yen = s["prices"][card]
                lines.append({"good": g, "yen": yen, "card": card})
                if card not in cards:
                    cards.append(card)
                if g in self.laundry.goods and self.laundry.goods[g].kind == "clothing":
                    clothing.append(len(lines) - 1)
            elif g.startswith(("tuna_", "crab_")):
                lines.append({"good": g, "yen": FishToken.parse(g).value * self.yen_per_point})
            elif g == "salmon":
                lines.append({"good": g, "yen": self.salmon_later if s["salmon_sold"] else self.salmon_first,
                              "side": SALMON_SIDES[1] if s["salmon_sold"] else SALMON_SIDES[0]})
            else:
                lines.append({"good": g, "yen": 0})
        detergent = goods.count("detergent")
        for i in sorted(clothing, key=lambda i: -lines[i]["yen"])[:detergent]:
            lines[i]["doubled"] = True
            lines[i]["yen"] *= 2
        return {"lines": lines, "total": sum(line["yen"] for line in lines), "lowered": cards}

    # ---- apply ---------------------------------------------------------------------

    def apply(self, s, seat, action, rng) -> list[Event]:
        key = action.key
        s["moves"] += 1
        s["push"] = s["pour"] = None
        if key.startswith(("walk", "leave")):
            node, steps, level = action.data
            events = self._push(s, seat, steps, level, rng) if level is not None else []
            if node == OUT:
                return events + self._leave(s, seat, steps)
            s["pos"][seat] = node
            s["phase"] = "take"
            events.append(Event("walk", f"Seat {seat + 1} walks {steps} step(s) to "
                                        f"{self.floor.label(node)}", seat))
            if len(self._takes(s, seat)) == 1:
                events.append(Event("nothing", "Nothing to take there", seat))
            return events
        if key == "machine":
            events = self._machine(s, seat, rng)
        elif key.startswith("take:"):
            events = self._take(s, seat, key.split(":", 2), rng)
        else:
            events = [Event("pass", f"Seat {seat + 1} takes nothing", seat)]
        return events + self._next_turn(s)

    def _push(self, s, seat, steps, level, rng) -> list[Event]:
        """004:203 — push the loaded crate; what falls out is lost (drinks to the machine)."""
        from physics import crate
        load = list(s["crates"][seat])
        seed = rng.below(2 ** 31)
        result = crate.push([self.crate_kind(g) for g in load], level, steps, seed)
        fallen = [load[i] for i in result.fallen]
        s["crates"][seat] = [load[i] for i in result.kept]
        for g in fallen:
            if g.startswith("drink:"):
                self._to_machine(s, g)
            else:
                s["lost"].append(g)
        s["push"] = {"seat": seat, "load": load, "level": level, "steps": steps, "seed": seed,
                     "fallen": list(result.fallen)}
        if not fallen:
            return [Event("push", f"Seat {seat + 1} pushes the crate ({level} of 5): nothing falls", seat)]
        words = ", ".join(self.good_name(g) for g in fallen)
        return [Event("spill", f"Seat {seat + 1} pushes the crate ({level} of 5) and loses {words}", seat)]

    @staticmethod
    def crate_kind(g: str) -> str:
        """The good's kind as physics.crate knows it: 'tuna_20' is a tuna token."""
        if g.startswith(("tuna_", "crab_")):
            return g.partition("_")[0]
        return g

    def _to_machine(self, s, drink: str) -> None:
        """004:223 — paid-out and fallen drinks go into the machine's crate, beside it once full."""
        (s["machine"] if len(s["machine"]) < self.machine_crate else s["beside"]).append(drink)

    def _take(self, s, seat, parts, rng) -> list[Event]:
        card = parts[1]
        goods = self.shelves[card][0]
        if goods == "tuna":
            price = self.tuna_price(s, seat)
            s["yen"][seat] -= price
            s["bank"] += price
            s["tuna_bought"][seat] += 1
            g = self._draw(s, "tuna", rng)
            text = f"pays ¥{price:,} and draws a '{FishToken.parse(g).value}' tuna from the bag"
        elif goods == "crab":
            g = self._draw(s, "crab", rng)
            text = f"draws a '{FishToken.parse(g).value}' crab from the bag"
        else:
            g = parts[2] if goods == "drinks" else s["shelves"][card][0]
            s["shelves"][card].remove(g)
            text = f"takes the {self.good_name(g)}"
        s["crates"][seat].append(g)
        return [Event("take", f"Seat {seat + 1} {text}", seat)]

    @staticmethod
    def _draw(s, fish, rng) -> str:
        bag = Bag(s["bag"][fish])
        g = bag.draw(rng)
        s["bag"][fish] = bag.items
        return g

    def _machine(self, s, seat, rng) -> list[Event]:
        from physics import vending
        drinks = [int(g[6:]) for g in s["machine"]]
        seed = rng.below(2 ** 31)
        poured = vending.pour(drinks, seed)
        out = [f"drink:{d}" for d in poured.out]
        s["crates"][seat].extend(out)
        s["machine"] = [f"drink:{d}" for d in poured.stuck]
        while s["beside"] and len(s["machine"]) < self.machine_crate:
            s["machine"].append(s["beside"].pop(0))
        s["pour"] = {"seat": seat, "poured": drinks, "out": list(poured.out), "stuck": list(poured.stuck),
                     "seed": seed}
        words = ", ".join(self.good_name(g) for g in out) or "nothing"
        events = [Event("pour", f"Seat {seat + 1} tips {len(drinks)} drink(s) into the vending machine: out "
                                f"come {words}", seat)]
        if poured.stuck:
            events.append(Event("stuck", f"{len(poured.stuck)} stuck and go back to the crate", seat))
        return events

    def _leave(self, s, seat, steps) -> list[Event]:
        goods = s["crates"][seat]
        pay = self.payout(s, goods)
        s["yen"][seat] += pay["total"]
        s["bank"] -= pay["total"]
        for line in pay["lines"]:
            g = line["good"]
            if g.startswith("drink:"):
                self._to_machine(s, g)
            elif g == "salmon":
                s["before"][seat].append(f"salmon:{line['side']}")
            else:
                s["before"][seat].append(g)
        if any(g == "salmon" for g in goods):
            s["salmon_sold"] = True
        fell = []
        for card in pay["lowered"]:
            cut = min(self.lower_by, s["prices"][card])
            s["prices"][card] -= cut
            s["bank"] += cut
            fell.append(f"{self.price_words(card)} fall to ¥{s['prices'][card]:,}" if cut else
                        f"{self.price_words(card)} stay at ¥0")
        s["crates"][seat] = []
        s["pos"][seat] = OUT
        s["trips"][seat] += 1
        s["mackerel"] -= 1
        words = ", ".join(f"{self.good_name(line['good'])} ¥{line['yen']:,}"
                          + (" (doubled by detergent)" if line.get("doubled") else "")
                          for line in pay["lines"]) or "nothing"
        events = [Event("leave", f"Seat {seat + 1} leaves the shop ({steps} step(s)) and takes a mackerel barrel: "
                                 f"{words} — ¥{pay['total']:,}", seat,
                        {"total": pay["total"]})]
        if fell:
            events.append(Event("prices", "Prices: " + "; ".join(fell), seat))
        done = sum(1 for t in s["trips"] if t >= TRIPS)
        if done >= s["players"] - 1:
            inside = [i for i in range(s["players"]) if s["trips"][i] < TRIPS]
            s["phase"] = "over"
            s["reason"] = "all but one player have left the shop twice"
            words = (f"; seat {inside[0] + 1} is still inside and is paid nothing for their crate"
                     if inside else "")
            return events + [Event("over", f"The game ends at once{words}")]
        return events + self._next_turn(s)

    def _next_turn(self, s) -> list[Event]:
        n = s["players"]
        order = [(s["first"] + k) % n for k in range(n)]
        at = order.index(s["seat"])
        for k in range(1, n + 1):
            nxt = order[(at + k) % n]
            if s["trips"][nxt] < TRIPS:
                break
        events = []
        if order.index(nxt) <= at:
            s["round"] += 1
            if s["closing"] and s["round"] > s["closing"]:
                s["phase"] = "over"
                s["reason"] = f"the shop closed after round {s['closing']} (kiosk house rule)"
                return [Event("over", f"Closing time after round {s['closing']}: everyone still inside goes "
                                      "home unpaid (kiosk house rule)")]
        s["seat"] = nxt
        s["phase"] = "move"
        return events

    # ---- end -----------------------------------------------------------------------

    def is_over(self, s) -> bool:
        return s["phase"] == "over"

    def reading(self, s, seat) -> int:
        """Magazines and newspapers laid before a seat: the tie-break (004:213, 227)."""
        return sum(1 for g in s["before"][seat] if self.laundry.goods.get(g) and
                   self.laundry.goods[g].kind == "reading")

    def result(self, s) -> Result:
        n = s["players"]
        totals = tuple(s["yen"])
        ranking = rank_by([(s["yen"][i], self.reading(s, i)) for i in range(n)], range(n))
        details = tuple({"yen": s["yen"][i], "trips": s["trips"][i], "reading": self.reading(s, i),
                         "unpaid": len(s["crates"][i])} for i in range(n))
        return Result(totals, ranking, details, s["reason"] + "; the most yen wins, a tie to the most "
                                                              "magazines/newspapers, still tied it is shared")

    # ---- views and saves -------------------------------------------------------------

    def view(self, s, seat) -> dict:
        v = copy_plain(s)
        v["bag"] = {fish: {t: items.count(t) for t in sorted(set(items))} for fish, items in s["bag"].items()}
        v["viewer"] = seat
        v["to_act"] = list(self.to_act(s))
        v["reading"] = [self.reading(s, i) for i in range(s["players"])]
        v["tuna_price"] = [self.tuna_price(s, i) for i in range(s["players"])]
        return v

    def table(self, s) -> dict:
        """What lies where, all of it (for a picture of the whole table: the Tabletop Simulator
        export of a save), as plain data of its own: every field of the position as FIELDS
        documents it (the goods on the "shelves", in the "bag" in its order, in each seat's
        "crates" and laid "before" it, in the vending "machine"'s crate and "beside" it, the
        yen on the price cards as "prices", the architects' "pos", ...), and, worked out from
        them, "tuna_price": what each seat's next tuna costs (004:219)."""
        out = copy_plain({k: s[k] for k in self.fields})
        out["tuna_price"] = [self.tuna_price(s, i) for i in range(s["players"])]
        return out

    def dump(self, s) -> dict:
        return copy_plain(s)

    def scenario_setup(self, data: dict) -> tuple[int, dict]:
        """A position carries its own variant, closing time and first player."""
        first, choices = data.get("first", 0), self.info.option(FIRST).choices
        begins = choices[first] if isinstance(first, int) and not isinstance(first, bool) \
            and 0 <= first < min(len(choices), data["players"]) else self.info.option(FIRST).default
        return data["players"], {"variant": data.get("variant", ECONOMIC), "closing": data.get("closing", 0),
                                 FIRST: begins}

    def restore(self, data, players, options):
        from .persist import check_state
        return check_state(self, data, players)

    @staticmethod
    def goods_everywhere(s) -> list[str]:
        """Every good on the table, wherever it is (a salmon's side left off)."""
        return ([g for items in s["shelves"].values() for g in items] + [g for c in s["crates"] for g in c]
                + [g.partition(":")[0] if g.startswith("salmon") else g for b in s["before"] for g in b]
                + s["machine"] + s["beside"] + s["lost"] + [g for items in s["bag"].values() for g in items])

    def conserved(self, s) -> dict:
        """Every good by kind ("drink", "tuna", ...; each laundry good by name) and each drink
        and fish token by name ("good:drink:7", "good:tuna_15"), the mackerel barrels, the
        architects, and where every yen lies: each seat, each colour card and laundry stack,
        and the general supply (`yen:supply`, minus what it paid out: it never runs out,
        004:201), for the random-play check's ledger with `payments_due`."""
        places = Counter(self.goods_everywhere(s))
        out = {"mackerel": s["mackerel"] + sum(s["trips"]), "seats": s["players"]}
        for kind in ("drink", "tuna", "crab", "salmon"):
            out[kind] = sum(n for g, n in places.items() if g.startswith(kind))
        for g in self.laundry.goods:
            out[g] = places.get(g, 0)
        out.update({f"good:{g}": n for g, n in places.items() if g.startswith(("drink:", "tuna_", "crab_"))})
        out.update(self.accounts(s))
        return out

    @staticmethod
    def accounts(s) -> dict:
        """Where yen lie, as conserved() lists them: seats, price cards, the general supply."""
        return counted({**{f"seat{i}": y for i, y in enumerate(s["yen"])},
                        **{f"card:{c}": y for c, y in s["prices"].items()}, SUPPLY: s["bank"]})

    def payments_due(self, before, after, seat, action, events) -> list[Payment]:
        """The yen a move must move, from the rulebook's numbers (shopping_spree.toml and the
        Tsukiji tokens' printed values) and the position before it (`before`: the state is
        plain data, its dump is the state), written apart from `apply` and `payout`: a tuna
        ¥500 to the bank, ¥500 more for each one bought before (004:219); leaving, each good
        still in the crate (`after`'s push says what fell out on the way, 004:203) paid from
        the bank at its card's or stack's price before the fall, a crab or tuna ¥100 a
        point, a salmon ¥500 while nobody has left with salmon and ¥400 after (004:207-209,
        217, 221), each detergent doubling one of the dearest clothing items (004:215); then
        each card or stack paid from gives ¥100 back to the bank, once, or what it still
        holds (004:207)."""
        me = f"seat{seat}"
        key = action.key
        if key.startswith("take:"):
            if self.shelves[key.split(":")[1]][0] != "tuna":
                return []
            return [Payment(me, SUPPLY, self.tuna_cost + self.tuna_rise * before["tuna_bought"][seat], R_TUNA)]
        if not key.startswith("leave"):
            return []
        goods = list(before["crates"][seat])
        if after["push"] is not None:
            fell = set(after["push"]["fallen"])
            goods = [g for i, g in enumerate(goods) if i not in fell]
        prices = before["prices"]
        due, cards, clothing = [], [], []
        for g in goods:
            card = self.colours[int(g[6:]) // 6] if g.startswith("drink:") else self.stack_of.get(g)
            if card is not None:
                due.append(Payment(SUPPLY, me, prices[card], R_PAID))
                cards += [card] if card not in cards else []
                if not g.startswith("drink:") and self.laundry.goods[g].kind == "clothing":
                    clothing.append(prices[card])
            elif g.startswith(("tuna_", "crab_")):
                value = FishToken.parse(g).value
                due.append(Payment(SUPPLY, me, value * self.yen_per_point, R_CRAB if g.startswith("crab") else R_TUNA))
            elif g == "salmon":
                due.append(Payment(SUPPLY, me, self.salmon_later if before["salmon_sold"] else self.salmon_first,
                                   R_SALMON))
        for yen in sorted(clothing, reverse=True)[:goods.count("detergent")]:
            due.append(Payment(SUPPLY, me, yen, R_DETERGENT))
        due += [Payment(f"card:{c}", SUPPLY, min(self.lower_by, prices[c]), R_FALL) for c in cards]
        return due
