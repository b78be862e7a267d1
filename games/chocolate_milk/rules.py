"""Chocolate Milk: the rules, readable beside 004:247-269.

One place for the constants, the setup, the state, the legal moves, applying a move,
the views and the scoring. Drinks are numbered colour*6 + shape, colours and shapes
in their cards' order from the left (assets/drinks.toml).
"""

from __future__ import annotations

from itertools import product

from core.components import ArchitectMarker, DrinkSet
from core.errors import IllegalMove
from core.game import Action, Event, Result, Rules, rank_by
from core.payload import copy_plain
from core.rng import Rng
from core.yen import SUPPLY, Payment, Treasury

from .bot import DealerBot

RULE_MOVE = "Chocolate Milk, move and buy (004:253)"
RULE_SELL = "Chocolate Milk, sell (004:255)"
RULE_CRATE = "Chocolate Milk, crates (004:259)"
RULE_RAISE = "Chocolate Milk, ¥100 on the drink's colour card and on its shape card (004:253)"
RULE_EMPTY = "Chocolate Milk, the card's yen back to the bank after a sale (004:255, 257)"
RULE_END = "Chocolate Milk, end of the game (004:265)"
RULE_PASS = "Chocolate Milk, passing (kiosk house rule: only when no action is possible)"

GRID = 3
CENTRE = 4
CARD_NAMES = ("top left", "top", "top right", "left", "centre", "right",
              "bottom left", "bottom", "bottom right")


def _neighbours(card: int) -> tuple[int, ...]:
    """004:253 — one space, straight or diagonal."""
    r, c = divmod(card, GRID)
    return tuple((r + dr) * GRID + c + dc
                 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < GRID and 0 <= c + dc < GRID)


NEIGHBOURS = tuple(_neighbours(i) for i in range(GRID * GRID))


#: A Chocolate Milk position, declared once: every field of `State`, what it holds and its value
#: in an empty State. `State` has exactly these (its slots); `table` hands them out. A drink is
#: a number 0-35 (colour × 6 + shape, core.components.DrinkSet); a lot card a number 0-8, row by
#: row from the top left (CARD_NAMES).
FIELDS = {
    "players": ("how many seats", lambda: 0),
    "boxes": ("the JIDOHANBAIKI boxes on the table (the option, 004:249)", lambda: 1),
    "refill": ("how a card is refilled: dice or draw (the option, 004:261)", lambda: "dice"),
    "vending": ("whether a bought drink goes through the vending machine (the variant, 004:253)", lambda: False),
    "grid": ("the drinks on each of the 9 lot cards", list),
    "at": ("each seat's architect: the lot card it stands on", list),
    "crates": ("each seat's crates, each the drinks in it (004:259)", list),
    "supply": ("how many of each of the 36 drinks are in the box (004:261)", list),
    "treasury": ("every yen by account: each seat's (seat0, ...), each colour and shape card's (card:<id>), "
                 "the bank's (core.yen)", Treasury),
    "crates_left": ("the crates not yet bought (004:259)", lambda: 0),
    "turn": ("the seat to act", lambda: 0),
    "passes": ("how many seats in a row have passed (kiosk house rule)", lambda: 0),
    "over": ("whether the game has ended", lambda: False),
    "reason": ("why the game ended; '' while it goes on", lambda: ""),
}


class State:
    """Everything on the table, as FIELDS declares it. Plain data; the rules below are the only writers."""

    __slots__ = tuple(FIELDS)

    def __init__(self):
        for name, (_, empty) in FIELDS.items():
            setattr(self, name, empty())


def seat_account(seat: int) -> str:
    return f"seat{seat}"


class ChocolateMilk(Rules):
    assets = ("drinks.toml", "chocolate_milk.toml")
    bots = {"dealer": DealerBot}
    default_bot = "dealer"
    how_to_play = """\
Chocolate Milk — a drinks market on nine lot cards.

Set-up: nine lot cards in a 3×3 grid. One random drink stands on every outer card, two on
the centre card, and every architect starts on the centre. Everyone has ¥500 and one crate.
The six colour cards and six shape cards start at ¥0.

On your turn do one of three things:
 • Move and buy: move your architect one space (straight or diagonal), pay ¥100 and take a
   drink from that card into one of your crates (a crate holds 6). The bank then puts ¥100
   on that drink's colour card and ¥100 on its shape card. The card is refilled at once:
   roll a die for the colour and one for the shape (cards counted from the left); if that
   colour or shape is sold out, take the next one to the right.
 • Sell: pick one colour or shape card. Sell any of your drinks that match it; each earns
   the card's price. The drinks go back to the supply and the card's yen go to the bank.
 • Buy a crate: pay ¥200 for another crate, while the stock lasts (fewer for more players).

The game ends at once when someone has 6 drinks of one colour or one shape in a crate, or
has ¥2,000 or more. Each crate then scores for one colour or one shape of your choice:
the number of matching drinks squared, times ¥100 (5 mint drinks: ¥2,500). Add your yen.
Most yen wins; equal totals share the win.

Vending-machine variant: the drink you buy is thrown into the JIDOHANBAIKI machine and is
yours only if it comes out; a drink that sticks goes back to the supply (your ¥100 is spent)
and the cards' prices stay as they were.

Kiosk rule: if you can do none of the three, you pass; if everyone passes in a row the game
ends and is scored.
"""


    def code_folders(self):
        """Its own package, and the physics that decides its play."""
        import physics
        return [*super().code_folders(), physics.FOLDER]

    def __init__(self, info, assets):
        super().__init__(info, assets)
        drinks = DrinkSet.from_asset(assets["drinks.toml"])
        self.drinks = drinks
        n = assets["chocolate_milk.toml"]
        self.start_yen = int(n["start_yen"])
        self.price = int(n["drink_price"])
        self.raise_by = int(n["card_raise"])
        self.crate_price = int(n["crate_price"])
        self.capacity = int(n["crate_capacity"])
        self.crates_per_box = int(n["crates_per_box"])
        self.per_box = int(n["drinks_per_box"])
        self.end_yen = int(n["end_yen"])
        self.end_same = int(n["end_same"])
        self.unit = int(n["score_unit"])
        self.outer_drinks = int(n["outer_drinks"])
        self.centre_drinks = int(n["centre_drinks"])
        if self.per_box % 36:
            raise ValueError("drinks_per_box must be a multiple of 36 (6 colours × 6 shapes)")
        self.codes = tuple(drinks.code(i) for i in range(36))
        self.code_index = {c: i for i, c in enumerate(self.codes)}
        self.labels = tuple(drinks.label(i) for i in range(36))
        # Attribute cards: 0-5 colours, 6-11 shapes, left to right.
        self.attr_ids = tuple(drinks.attribute_ids())
        self.attr_names = tuple(k.name for k in drinks.colours) + tuple(k.name for k in drinks.shapes)
        self.attr_accounts = tuple(f"card:{a}" for a in self.attr_ids)
        self.attr_index = {a: i for i, a in enumerate(self.attr_ids)}
        self.matching = tuple(
            frozenset(i for i in range(36) if (i // 6 == a if a < 6 else i % 6 == a - 6))
            for a in range(12))
        self._buy_cache: dict[tuple[int, int, int], Action] = {}

    # ---- set-up (004:249) -------------------------------------------------------------

    def drink_boxes(self, players: int, boxes: int) -> int:
        """7–8 players use the drinks of a single box (004:249)."""
        return 1 if players > 6 else boxes

    def crate_boxes(self, players: int, boxes: int) -> int:
        """Crates come from every box on the table; 7–8 players need a second box for them."""
        need = -(-players // self.crates_per_box)
        return max(boxes, need)

    def total_crates(self, players: int, boxes: int) -> int:
        return self.crate_boxes(players, boxes) * self.crates_per_box

    def setup(self, players: int, options: dict, rng: Rng) -> State:
        s = State()
        s.players = players
        s.boxes = options["boxes"]
        s.refill = options["refill"]
        s.vending = options["variant"] == "vending"
        ArchitectMarker.for_seats(players)
        copies = self.drink_boxes(players, s.boxes) * self.per_box // 36
        s.supply = [copies] * 36
        s.treasury = Treasury()
        for seat in range(players):
            s.treasury.open(seat_account(seat), self.start_yen)
        for acct in self.attr_accounts:
            s.treasury.open(acct)
        s.crates = [[[]] for _ in range(players)]
        s.crates_left = self.total_crates(players, s.boxes) - players
        s.grid = [[] for _ in range(GRID * GRID)]
        for card in range(GRID * GRID):
            for _ in range(self.centre_drinks if card == CENTRE else self.outer_drinks):
                self._draw_at_random(s, card, rng)
        s.at = [CENTRE] * players
        # "Whoever last used a vending machine starts" (004:251): the kiosk cannot ask, so a die decides.
        s.turn = rng.below(players)
        return s

    # ---- refilling (004:261-263) ------------------------------------------------------

    def _draw_at_random(self, s: State, card: int, rng: Rng) -> int | None:
        total = sum(s.supply)
        if not total:
            return None
        r = rng.below(total)
        for i, n in enumerate(s.supply):
            if r < n:
                s.supply[i] -= 1
                s.grid[card].append(i)
                return i
            r -= n
        raise AssertionError("unreachable")

    def roll_refill(self, supply: list[int], colour_roll: int, shape_roll: int) -> int | None:
        """The drink the dice give: colour then shape, each moving right past sold-out cards."""
        for dc in range(6):
            c = (colour_roll - 1 + dc) % 6
            if any(supply[c * 6:c * 6 + 6]):
                break
        else:
            return None
        for ds in range(6):
            sh = (shape_roll - 1 + ds) % 6
            if supply[c * 6 + sh]:
                return c * 6 + sh
        raise AssertionError("unreachable")

    def _refill(self, s: State, card: int, rng: Rng, refill: str) -> Event | None:
        if not any(s.supply):
            return Event("refill", f"The supply is empty; {CARD_NAMES[card]} stays short.")
        if refill == "draw":
            drink = self._draw_at_random(s, card, rng)
            return Event("refill", f"{CARD_NAMES[card].capitalize()} is refilled with the "
                                   f"{self.labels[drink]} ({self.codes[drink]}).", data={"card": card, "drink": self.codes[drink]})
        c_roll, s_roll = rng.die(), rng.die()
        drink = self.roll_refill(s.supply, c_roll, s_roll)
        s.supply[drink] -= 1
        s.grid[card].append(drink)
        return Event("refill", f"Dice {c_roll} and {s_roll}: {CARD_NAMES[card]} is refilled with the "
                               f"{self.labels[drink]} ({self.codes[drink]}).",
                     data={"card": card, "dice": [c_roll, s_roll], "drink": self.codes[drink]})

    def _comes_out(self, drink: int, rng: Rng) -> bool:
        """004:253 — the bought drink is thrown into the vending machine; kept only if it comes out."""
        from physics.vending import pour
        return bool(pour([drink], seed=rng.next32()).out)

    # ---- turn --------------------------------------------------------------------------

    def to_act(self, s: State) -> tuple[int, ...]:
        return () if s.over else (s.turn,)

    def is_over(self, s: State) -> bool:
        return s.over

    def _buy_actions(self, s: State, seat: int) -> list[Action]:
        if s.treasury.balances[seat_account(seat)] < self.price:
            return []
        open_crates = [i for i, c in enumerate(s.crates[seat]) if len(c) < self.capacity]
        if not open_crates:
            return []
        out = []
        cache = self._buy_cache
        for dest in NEIGHBOURS[s.at[seat]]:
            for drink in sorted(set(s.grid[dest])):
                for crate in open_crates:
                    action = cache.get((dest, drink, crate))
                    if action is None:
                        action = cache[(dest, drink, crate)] = self._buy_action(dest, drink, crate)
                    out.append(action)
        return out

    def _buy_action(self, dest: int, drink: int, crate: int) -> Action:
        """Actions are immutable, so each (card, drink, crate) is built once and reused."""
        code, label = self.codes[drink], self.labels[drink]
        return Action(f"buy:{dest + 1}:{code}:{crate + 1}",
                      f"Move to {CARD_NAMES[dest]}, buy the {label} ({code}) into crate {crate + 1}",
                      "Move and buy", ("buy", dest, drink, crate))

    def _sell_actions(self, s: State, seat: int) -> list[Action]:
        held: dict[tuple[int, int], int] = {}
        for ci, crate in enumerate(s.crates[seat]):
            for d in crate:
                held[(ci, d)] = held.get((ci, d), 0) + 1
        if not held:
            return []
        by_attr: list[list[tuple[int, int]]] = [[] for _ in range(12)]
        for item in sorted(held):
            by_attr[item[1] // 6].append(item)
            by_attr[6 + item[1] % 6].append(item)
        out = []
        bal = s.treasury.balances
        codes = self.codes
        tags = {k: (f"{k[0] + 1}{codes[k[1]]}", codes[k[1]]) for k in held}
        for a, items in enumerate(by_attr):
            if not items:
                continue
            price = bal[self.attr_accounts[a]]
            head = f"sell:{self.attr_ids[a]}:"
            name = self.attr_names[a]
            for counts in product(*(range(held[k] + 1) for k in items)):
                chosen = tuple(k for k, c in zip(items, counts) for _ in range(c))
                n = len(chosen)
                if not n:
                    continue
                out.append(Action(
                    head + "+".join([tags[k][0] for k in chosen]),
                    f"Sell {n} {name} ({', '.join([tags[k][1] for k in chosen])}) "
                    f"at ¥{price:,}: ¥{price * n:,}",
                    "Sell", ("sell", a, chosen)))
        return out

    def legal(self, s: State, seat: int) -> list[Action]:
        if s.over or seat != s.turn:
            return []
        out = self._buy_actions(s, seat)
        out += self._sell_actions(s, seat)
        if s.crates_left > 0 and s.treasury.balances[seat_account(seat)] >= self.crate_price:
            out.append(Action("crate", f"Buy a crate for ¥{self.crate_price}", "Crate", ("crate",)))
        if not out:
            out.append(Action("pass", "Pass: nothing else is possible", "Pass", ("pass",)))
        return out

    def why_illegal(self, s: State, seat: int, key: str) -> IllegalMove:
        parts = key.split(":")
        yen = s.treasury.balances[seat_account(seat)]
        if parts[0] == "buy" and len(parts) == 4:
            try:
                dest, drink, crate = int(parts[1]) - 1, self.code_index[parts[2]], int(parts[3]) - 1
            except (ValueError, KeyError):
                return IllegalMove(f"{key!r} does not name a lot card, a drink and a crate", RULE_MOVE)
            if yen < self.price:
                return IllegalMove(f"a drink costs ¥{self.price} and seat {seat + 1} has ¥{yen}", RULE_MOVE)
            if dest not in NEIGHBOURS[s.at[seat]]:
                return IllegalMove("the architect moves exactly one space, straight or diagonal", RULE_MOVE)
            if drink not in s.grid[dest]:
                return IllegalMove(f"the {self.labels[drink]} is not on the {CARD_NAMES[dest]} card", RULE_MOVE)
            if not 0 <= crate < len(s.crates[seat]):
                return IllegalMove(f"seat {seat + 1} has no crate {crate + 1}", RULE_CRATE)
            return IllegalMove(f"crate {crate + 1} is full: a crate holds {self.capacity} drinks", RULE_CRATE)
        if parts[0] == "sell" and len(parts) == 3:
            if parts[1] not in self.attr_index:
                return IllegalMove(f"there is no colour or shape card {parts[1]!r}", RULE_SELL)
            return IllegalMove("you sell only drinks you own that all match the one card you chose",
                               RULE_SELL)
        if key == "crate":
            if s.crates_left <= 0:
                return IllegalMove("no crates are left to buy at this player count", RULE_CRATE)
            return IllegalMove(f"a crate costs ¥{self.crate_price} and seat {seat + 1} has ¥{yen}", RULE_CRATE)
        if key == "pass":
            return IllegalMove("you may pass only when no action is possible", RULE_PASS)
        return IllegalMove(f"{key!r} is not an action of Chocolate Milk")

    def apply(self, s: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        kind = action.data[0]
        acct = seat_account(seat)
        t = s.treasury
        events: list[Event] = []
        if kind == "buy":
            _, dest, drink, crate = action.data
            t.pay(acct, SUPPLY, self.price, RULE_MOVE)
            s.at[seat] = dest
            s.grid[dest].remove(drink)
            bought = f"the {self.labels[drink]} ({self.codes[drink]})"
            if s.vending and not self._comes_out(drink, rng):
                s.supply[drink] += 1
                events.append(Event("stuck", f"Seat {seat + 1} moves to {CARD_NAMES[dest]}, pays ¥{self.price} "
                                             f"and throws {bought} into the vending machine: it sticks and "
                                             f"goes back to the supply.", seat,
                                    {"card": dest, "drink": self.codes[drink], "out": False}))
            else:
                s.crates[seat][crate].append(drink)
                t.pay(SUPPLY, self.attr_accounts[drink // 6], self.raise_by)
                t.pay(SUPPLY, self.attr_accounts[6 + drink % 6], self.raise_by)
                how = " It comes out of the vending machine." if s.vending else ""
                events.append(Event("buy", f"Seat {seat + 1} moves to {CARD_NAMES[dest]} and buys "
                                           f"{bought} for ¥{self.price}.{how}",
                                    seat, {"card": dest, "drink": self.codes[drink], "crate": crate, "out": True}))
            ev = self._refill(s, dest, rng, s.refill)
            if ev:
                events.append(ev)
        elif kind == "sell":
            _, a, chosen = action.data
            price = t.balances[self.attr_accounts[a]]
            for ci, d in chosen:
                s.crates[seat][ci].remove(d)
                s.supply[d] += 1
            t.pay(SUPPLY, acct, price * len(chosen))
            t.empty_into(self.attr_accounts[a], SUPPLY)
            events.append(Event("sell", f"Seat {seat + 1} sells {len(chosen)} {self.attr_names[a]} "
                                        f"for ¥{price:,} each; the card goes back to ¥0.",
                                seat, {"card": self.attr_ids[a], "count": len(chosen), "price": price}))
        elif kind == "crate":
            t.pay(acct, SUPPLY, self.crate_price, RULE_CRATE)
            s.crates_left -= 1
            s.crates[seat].append([])
            events.append(Event("crate", f"Seat {seat + 1} buys crate {len(s.crates[seat])} "
                                         f"for ¥{self.crate_price}.", seat))
        else:
            s.passes += 1
            events.append(Event("pass", f"Seat {seat + 1} cannot act and passes.", seat))
            if s.passes >= s.players:
                s.over = True
                s.reason = "no one could act"
                events.append(Event("end", "Nobody can act any more: the game ends.", None))
            else:
                s.turn = (s.turn + 1) % s.players
            return events
        s.passes = 0
        reason = self._end_reason(s, seat)
        if reason:
            s.over = True
            s.reason = reason
            events.append(Event("end", f"The game ends: {reason}.", seat))
        else:
            s.turn = (s.turn + 1) % s.players
        return events

    def _end_reason(self, s: State, seat: int) -> str:
        """004:265 — 6 of one colour or shape in one crate, or at least ¥2,000."""
        for ci, crate in enumerate(s.crates[seat]):
            if len(crate) >= self.end_same:
                best, name = self._best(crate)
                if best >= self.end_same:
                    return f"seat {seat + 1} has {best} {name} drinks in crate {ci + 1}"
        yen = s.treasury.balances[seat_account(seat)]
        if yen >= self.end_yen:
            return f"seat {seat + 1} has ¥{yen:,}"
        return ""

    # ---- scoring (004:267-269) ------------------------------------------------------------

    def _best(self, crate: list[int]) -> tuple[int, str]:
        """The colour or shape that scores best in one crate, and its count."""
        counts = [0] * 12
        for d in crate:
            counts[d // 6] += 1
            counts[6 + d % 6] += 1
        best = max(range(12), key=lambda a: (counts[a], -a))
        return counts[best], self.attr_names[best] if crate else ""

    def crate_score(self, crate: list[int]) -> dict:
        n, name = self._best(crate)
        return {"drinks": [self.codes[d] for d in crate], "scored": name, "count": n,
                "payout": n * n * self.unit}

    def result(self, s: State) -> Result:
        finals, breakdown = [], []
        for seat in range(s.players):
            yen = s.treasury.balances[seat_account(seat)]
            crates = [self.crate_score(c) for c in s.crates[seat]]
            total = yen + sum(c["payout"] for c in crates)
            finals.append(total)
            breakdown.append({"yen": yen, "crates": crates, "total": total})
        ranking = rank_by([(f,) for f in finals], range(s.players))
        return Result(tuple(finals), ranking, tuple(breakdown), s.reason)

    def conserved(self, s: State) -> dict[str, int]:
        """Every drink by kind, every crate, every architect, and where every yen lies: each
        seat, each colour and shape card and the bank (`yen:supply`, minus what it paid out:
        the rules set no limit to it, 004:249-259), for the random-play check's ledger with
        `payments_due`."""
        counts = {f"drink:{c}": n for c, n in zip(self.codes, s.supply)}
        for d in [d for card in s.grid for d in card] + [d for cs in s.crates for c in cs for d in c]:
            counts[f"drink:{self.codes[d]}"] += 1
        counts["crates"] = s.crates_left + sum(len(c) for c in s.crates)
        counts["architects"] = len(s.at)
        counts.update(s.treasury.counted())
        return counts

    def payments_due(self, before: dict, after: dict, seat: int, action: Action, events) -> list[Payment]:
        """The yen a move must move, from the rulebook's numbers (chocolate_milk.toml) and the
        position before it (`before`, a dump), written apart from `apply`: a drink ¥100 to
        the bank, then ¥100 from the bank on its colour card and on its shape card unless it
        stuck in the vending machine (004:253; `events` say which); a sale the card's price
        for each drink sold, then the card's yen back to the bank (004:255, 257); a crate
        ¥200 (004:259)."""
        me = seat_account(seat)
        kind = action.data[0]
        if kind == "buy":
            drink = action.data[2]
            due = [Payment(me, SUPPLY, self.price, RULE_MOVE)]
            if not any(e.kind == "stuck" for e in events):
                due += [Payment(SUPPLY, f"card:{self.attr_ids[drink // 6]}", self.raise_by, RULE_RAISE),
                        Payment(SUPPLY, f"card:{self.attr_ids[6 + drink % 6]}", self.raise_by, RULE_RAISE)]
            return due
        if kind == "sell":
            _, card, sold = action.data
            account = f"card:{self.attr_ids[card]}"
            price = before["cards"][self.attr_ids[card]]
            return [Payment(SUPPLY, me, price * len(sold), RULE_SELL), Payment(account, SUPPLY, price, RULE_EMPTY)]
        if kind == "crate":
            return [Payment(me, SUPPLY, self.crate_price, RULE_CRATE)]
        return []

    # ---- views, dump, restore ---------------------------------------------------------------

    def view(self, s: State, seat: int | None) -> dict:
        """Chocolate Milk hides nothing: money is open and the grid is public."""
        d = self.dump(s)
        d.pop("bank", None)
        d["viewer"] = seat
        d["to_act"] = list(self.to_act(s))
        d["crate_scores"] = [[self.crate_score(c)["payout"] for c in crates] for crates in s.crates]
        return d

    def table(self, s: State) -> dict:
        """What lies where, all of it (for a picture of the whole table: the Tabletop Simulator
        export of a save), as plain data of its own: every field of the position as FIELDS
        documents it, drinks by number, but the treasury, which comes as the yen it holds:
        "yen", each seat's, and "cards", the yen on each colour then shape card, left to right
        (004:249, 004:253)."""
        bal = s.treasury.balances
        out = {k: copy_plain(getattr(s, k)) for k in FIELDS if k != "treasury"}
        out["yen"] = [bal[seat_account(i)] for i in range(s.players)]
        out["cards"] = [bal[acct] for acct in self.attr_accounts]
        return out

    def dump(self, s: State) -> dict:
        bal = s.treasury.balances
        return {
            "grid": [[self.codes[d] for d in card] for card in s.grid],
            "architects": list(s.at),
            "crates": [[[self.codes[d] for d in c] for c in crates] for crates in s.crates],
            "yen": [bal[seat_account(i)] for i in range(s.players)],
            "cards": {a: bal[acct] for a, acct in zip(self.attr_ids, self.attr_accounts)},
            "bank": bal[SUPPLY],
            "supply": {self.codes[i]: n for i, n in enumerate(s.supply) if n},
            "crates_left": s.crates_left,
            "turn": s.turn,
            "passes": s.passes,
            "over": s.over,
            "reason": s.reason,
        }

    def restore(self, data: dict, players: int, options: dict) -> State:
        def drink(code):
            if code not in self.code_index:
                raise ValueError(f"{code!r} is not a drink (colour letter + shape number, e.g. 'K6')")
            return self.code_index[code]

        def whole(v, what, low=0):
            if not isinstance(v, int) or isinstance(v, bool) or v < low:
                raise ValueError(f"{what} must be a whole number ≥ {low}, not {v!r}")
            return v

        s = State()
        s.players = players
        s.boxes = options["boxes"]
        s.refill = options["refill"]
        s.vending = options["variant"] == "vending"
        grid = data["grid"]
        if not isinstance(grid, list) or len(grid) != 9:
            raise ValueError("the grid has 9 lot cards")
        s.grid = []
        for i, card in enumerate(grid):
            cap = self.centre_drinks if i == CENTRE else self.outer_drinks
            if not isinstance(card, list) or len(card) > cap:
                raise ValueError(f"the {CARD_NAMES[i]} card holds at most {cap} drinks")
            s.grid.append([drink(c) for c in card])
        at = data["architects"]
        if not isinstance(at, list) or len(at) != players:
            raise ValueError("one architect per seat")
        s.at = [whole(a, "an architect's card") for a in at]
        if any(a > 8 for a in s.at):
            raise ValueError("architects stand on cards 0–8")
        crates = data["crates"]
        if not isinstance(crates, list) or len(crates) != players:
            raise ValueError("one list of crates per seat")
        total_crates = self.total_crates(players, s.boxes)
        s.crates = []
        for seat, cs in enumerate(crates):
            if not isinstance(cs, list) or not cs:
                raise ValueError(f"seat {seat + 1} must own at least one crate")
            own = []
            for c in cs:
                if not isinstance(c, list) or len(c) > self.capacity:
                    raise ValueError(f"a crate holds at most {self.capacity} drinks")
                own.append([drink(x) for x in c])
            s.crates.append(own)
        owned = sum(len(c) for c in s.crates)
        s.crates_left = whole(data.get("crates_left", total_crates - owned), "crates left")
        if owned + s.crates_left != total_crates:
            raise ValueError(f"{owned} crates owned and {s.crates_left} left make not {total_crates}")
        copies = self.drink_boxes(players, s.boxes) * self.per_box // 36
        placed = [0] * 36
        for d in [d for card in s.grid for d in card] + [d for cs in s.crates for c in cs for d in c]:
            placed[d] += 1
        if "supply" in data:
            sup = data["supply"]
            if not isinstance(sup, dict):
                raise ValueError("the supply maps drinks to counts")
            s.supply = [0] * 36
            for code, n in sup.items():
                s.supply[drink(code)] = whole(n, "a supply count")
        else:
            s.supply = [copies - p for p in placed]
        for i in range(36):
            if placed[i] > copies or placed[i] + s.supply[i] != copies:
                raise ValueError(f"there are {copies} of the {self.labels[i]}, "
                                 f"not {max(placed[i], placed[i] + s.supply[i])}")
        yen = data["yen"]
        if not isinstance(yen, list) or len(yen) != players:
            raise ValueError("one yen amount per seat")
        balances = {seat_account(i): whole(y, "yen") for i, y in enumerate(yen)}
        cards = data.get("cards", {})
        if not isinstance(cards, dict) or set(cards) - set(self.attr_ids):
            raise ValueError(f"cards are named {', '.join(self.attr_ids)}")
        for a, acct in zip(self.attr_ids, self.attr_accounts):
            balances[acct] = whole(cards.get(a, 0), f"the {a} card's yen")
        issued = sum(balances.values())
        bank = data.get("bank", -issued)
        if bank != -issued:
            raise ValueError("the bank's balance does not match the yen on the table")
        balances[SUPPLY] = bank
        s.treasury = Treasury.restore(balances)
        s.turn = whole(data.get("turn", 0), "turn")
        if s.turn >= players:
            raise ValueError("turn names a seat that is not playing")
        s.passes = whole(data.get("passes", 0), "passes")
        if s.passes >= players:
            raise ValueError("too many passes in a row")
        s.over = data.get("over", False)
        if not isinstance(s.over, bool):
            raise ValueError("over is true or false")
        s.reason = data.get("reason", "")
        if not isinstance(s.reason, str):
            raise ValueError("reason is text")
        if not s.over:
            for seat in range(players):
                if self._end_reason(s, seat):
                    raise ValueError(f"the game should have ended: {self._end_reason(s, seat)}")
        return s
