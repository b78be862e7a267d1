"""What every market tableau shares (000:169-191).

A market knows its own pieces, what a visitor may do there (its interactions, each one
a legal action of the market phase), and how to check its part of a saved position. What
a market changes in the common rules it declares here too, and the phases ask it without
naming it: what its licence catches and how (`catch_grabs`, `numbered_licences`,
`one_kind_aboard`, `unload_caught`), whether its barrels spoil (`spoils`), what the start
of a turn does with its pieces (`turn_start`), what it keeps on a seat (`seat_field`), who
pays what when its sealed bid is won (`award`).
Entering (paying the cost printed on the left of the tableau, licence income) is done
by the rules for every market alike; see rules.py.
"""

from __future__ import annotations

from core.errors import IllegalMove
from core.game import Action, Event

from ..citations import RULE_CATCH
from ..data import count
from ..state import add, pay, slots_used, yen

RULE_MARKETS = "Tsukiji, markets (000:169-191)"


def whole(v, what: str, low: int = 0) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise ValueError(f"{what} must be a whole number ≥ {low}, not {v!r}")
    return v


def token_counts(v, kinds, what: str) -> dict:
    """A {kind: n} mapping of fish tokens, checked."""
    if not isinstance(v, dict):
        raise ValueError(f"{what} maps token kinds to counts")
    out = {}
    for k, n in v.items():
        if k not in kinds:
            raise ValueError(f"{what}: {k!r} is not a kind of fish token ({', '.join(kinds)})")
        n = whole(n, f"{what}: {k}")
        if n:
            out[k] = n
    return out


class Market:
    """One tableau. Subclasses set `lines` (their rule text) and implement the interactions."""

    kind = "external"
    lines = "000:169-191"
    quote = "MÄRKTE"
    #: the text says this market may be visited once per turn whatever it costs
    once_per_turn = False
    #: visiting pays every holder of its licences ¥100 each (000:181; not Horse Mackerel, 000:487)
    licence_income = True
    #: what this market keeps on each seat of an expansion game, saved under this name
    #: (Himono's licences' contents, Influence's buyer markers); None: nothing
    seat_field: str | None = None
    #: the active player may accept any bid of this market's sealed bid, not only the highest
    #: (Barter, 000:325)
    picks_a_bid = False

    def __init__(self, rules, data: dict):
        self.R = rules
        self.d = rules.d
        self.data = data
        self.id = data["id"]
        self.name = data["name"]
        self.entry = data["entry"]
        self.rule = f"Tsukiji, {self.name} ({self.lines})"
        if "once_per_turn" in data:
            self.once_per_turn = bool(data["once_per_turn"])
        if "licence_income" in data:
            self.licence_income = bool(data["licence_income"])

    # ---- entering -----------------------------------------------------------------------

    @property
    def free(self) -> bool:
        """No entry cost printed: free, but once per turn (000:179)."""
        return not self.entry

    def refuse_entry(self, s, seat) -> str | None:
        """A reason this market cannot be entered now beyond its cost (None: it can)."""
        return None

    # ---- the visit ------------------------------------------------------------------------

    def actions(self, s, seat: int, ctx: dict) -> list[Action]:
        return []

    def possible(self, s, seat: int, ctx: dict) -> bool:
        """Whether at least one interaction is possible (000:183: you must interact once)."""
        return bool(self.actions(s, seat, ctx))

    def apply(self, s, seat: int, data: tuple, rng, ev: list) -> None:
        raise NotImplementedError

    def entry_warning(self, s, seat: int, ctx: dict) -> str:
        """What a visitor would have to give up, when every interaction still possible here
        loses something: said in the entry move's own words, since once in, the market must
        be interacted with before leaving (000:183). "" when there is a choice worth having."""
        return ""

    def explain(self, s, seat: int, key: str) -> IllegalMove | None:
        return None

    def award(self, s, winner: int, amount: int, ev: list) -> None:
        """This market's sealed bid is won: the lot is the winner's already (bidding.py); the
        payment, and whatever else the market does then."""
        raise NotImplementedError(self.id)

    # ---- pieces -----------------------------------------------------------------------------

    def setup(self, s) -> dict:
        return {}

    def validate(self, d: dict, players: int) -> dict:
        if d not in ({}, None):
            raise ValueError(f"the {self.name} market keeps no pieces")
        return {}

    def count_pieces(self, d: dict, counts: dict) -> None:
        pass

    def view(self, s, d: dict) -> dict:
        return dict(d)

    # ---- what a seat keeps of this market (`seat_field`) ------------------------------------------

    def seat_empty(self):
        """The field on a new seat."""
        return None

    def validate_seat(self, s, d: dict, st: dict, where: str):
        """The field as saved on seat `d`, checked against the seat `st` read so far (its
        licences); ValueError if wrong."""
        return d.get(self.seat_field)

    def dump_seat(self, v):
        return v

    def count_seat(self, v, counts: dict) -> None:
        """The pieces lying in the field, for conservation."""

    # ---- the expansion ---------------------------------------------------------------------------

    def free_actions(self, s, seat: int) -> list[Action]:
        """Things done at any time in your turn at no cost, keyed "free:<market>:..." (000:474, 000:564)."""
        return []

    def apply_free(self, s, seat: int, data: tuple, rng, ev: list) -> None:
        raise NotImplementedError(data)

    def end_scoring(self, s, seat: int) -> int:
        """Yen this market adds to (or takes from) a seat's final score, before loans (000:574-576)."""
        return 0

    def collapses(self, s) -> bool:
        """Whether this external market's collapse condition holds now (000:602-626)."""
        return False

    def on_overfished(self, s, rng, ev: list) -> None:
        """What happens when this fish market becomes overfished, besides 000:353-355."""

    def settle(self, s, ev: list) -> None:
        """Payments due for an overfishing, made once no buying action is in progress (000:493, 000:504)."""

    # ---- building a lot of tokens (Auction, Barter, Trade) --------------------------------------

    def lot_actions(self, s, seat: int, ctx: dict) -> list[Action]:
        out = []
        tokens = s.seats[seat]["tokens"]
        for kind in self.d.token_kinds:
            if tokens.get(kind):
                out.append(Action(f"lot:add:{kind}", f"Add a {kind.replace('_', ' ')} token to the lot",
                                  self.name, ("lot", "add", kind)))
        if ctx.get("lot"):
            out.append(Action("lot:clear", "Take the lot back", self.name, ("lot", "clear")))
        return out

    def apply_lot(self, s, seat: int, data: tuple, ev: list) -> bool:
        if data[0] != "lot":
            return False
        ctx = s.ctx
        tokens = s.seats[seat]["tokens"]
        if data[1] == "add":
            add(tokens, data[2], -1)
            lot = ctx.setdefault("lot", {})
            add(lot, data[2])
        else:
            for k, n in (ctx.get("lot") or {}).items():
                add(tokens, k, n)
            ctx["lot"] = {}
        return True


class FishMarket(Market):
    """A fish market: barrels, tokens, licences; buying licences and selling tokens (000:187-189)."""

    kind = "fish"
    #: its tokens live in the auction bag (000:40)
    bag = False
    #: its licences are told apart and used one by one, "<fish>:0", "<fish>:1" (Himono, 000:470)
    numbered_licences = False
    #: a ship using its licence carries one kind of fish only (Himono, 000:468)
    one_kind_aboard = False
    #: other fish its licence may catch, written "<fish>/<licence>" on the boat (000:468, 000:489)
    catches_with_licence: tuple = ()
    #: the rule a refused catch with its licence cites (None: the fishing licences' rule)
    catch_rule: str | None = None
    #: barrels caught with its licence are laid on it, not sold (Himono, 000:472; `unload_caught`)
    lays_catch = False
    #: the rule that tells its licences apart, where they are (`numbered_licences`)
    numbered_rule: str | None = None

    def __init__(self, rules, data):
        super().__init__(rules, data)
        self.licence_price = int(data["licence_price"])
        self.per_visit = data.get("licences_per_visit")
        #: its barrels spoil in the lower row (000:105); Himono's never do (000:432)
        self.spoils = bool(data.get("spoils", True))

    # ---- set-up (000:33-43) and pieces ---------------------------------------------------

    def setup(self, s) -> dict:
        box = s.box
        P = s.players
        st = {"barrels": self._take(box["barrels"], count(self.data["barrels"], P)),
              "licences": self._take(box["licences"], count(self.data["licences"], P)),
              "overfished": False}
        if self.bag:
            bag = s.bags.setdefault(self.id, [])
            for kind in self.d.token_kinds:
                if self.d.kind_fish[kind] == self.id:
                    n = box["tokens"].get(kind, 0)
                    add(box["tokens"], kind, -n)
                    bag.extend([kind] * n)
        else:
            st["tokens"] = self._take_tokens(box, self.id, count(self.data["tokens"], P))
        self.setup_extra(s, st)
        return st

    def _take(self, where: dict, n: int) -> int:
        n = min(n, where.get(self.id, 0))
        add(where, self.id, -n)
        return n

    def _take_tokens(self, box: dict, kind: str, n: int) -> int:
        n = min(n, box["tokens"].get(kind, 0))
        add(box["tokens"], kind, -n)
        return n

    def setup_extra(self, s, st: dict) -> None:
        pass

    def tokens_left(self, s) -> int:
        """Tokens on the tableau (or in the bag); takoyaki do not count (000:351)."""
        if self.bag:
            return len(s.bags.get(self.id, ()))
        return s.fish[self.id]["tokens"]

    def validate(self, d: dict, players: int) -> dict:
        if not isinstance(d, dict):
            raise ValueError(f"the {self.name} market is a mapping")
        allowed = {"barrels", "licences", "overfished"} | ({"tokens"} if not self.bag else set()) | self.extra_keys()
        if set(d) - allowed:
            raise ValueError(f"the {self.name} market has no {sorted(set(d) - allowed)[0]!r}")
        out = {"barrels": whole(d.get("barrels", 0), f"{self.name} barrels"),
               "licences": whole(d.get("licences", 0), f"{self.name} licences"),
               "overfished": d.get("overfished", False)}
        if not isinstance(out["overfished"], bool):
            raise ValueError(f"{self.name} overfished is true or false")
        if out["overfished"] and out["barrels"]:
            raise ValueError(f"an overfished market keeps no barrels (000:353): {self.name}")
        if not self.bag:
            out["tokens"] = whole(d.get("tokens", 0), f"{self.name} tokens")
        self.validate_extra(d, out, players)
        return out

    def extra_keys(self) -> set:
        return set()

    def validate_extra(self, d: dict, out: dict, players: int) -> None:
        pass

    def count_pieces(self, d: dict, counts: dict) -> None:
        counts[f"barrels:{self.id}"] = counts.get(f"barrels:{self.id}", 0) + d["barrels"]
        counts[f"licences:{self.id}"] = counts.get(f"licences:{self.id}", 0) + d["licences"]
        if not self.bag:
            counts[f"tokens:{self.id}"] = counts.get(f"tokens:{self.id}", 0) + d["tokens"]

    # ---- fishing ---------------------------------------------------------------------------------

    def catch_grabs(self, s, seat: int, use: str) -> list[tuple[str, int]]:
        """What one use of this market's licence catches: [(fish, barrels)] (000:129)."""
        st = s.fish.get(self.id)
        if st is None or st["overfished"] or st["barrels"] <= 0:
            return []
        return [(self.id, 1)]

    def catches_from(self, fish: dict) -> list[str]:
        """The fish one use of its licence may catch, read from the fish markets' state
        (the table's, or a seat's view of it): its own while any is left."""
        st = fish.get(self.id)
        return [self.id] if st and not st.get("overfished") and st.get("barrels", 0) > 0 else []

    def explain_catch(self, s, seat: int, use: str, fish: str) -> IllegalMove | None:
        """Why one use of its licence catches no `fish` now, beyond the common rules (explain.py)."""
        return None

    def too_many(self, n: int, tagged: bool) -> IllegalMove | None:
        """Why one use of its licence does not catch `n` barrels at once: one licence, one
        barrel (000:129); `tagged`: of another fish."""
        if n > 1:
            return IllegalMove("one licence catches one barrel", RULE_CATCH)
        return None

    def mixes_badly(self, tags, fishes) -> bool:
        """Whether barrels caught with its licence may not lie on one ship with these barrels
        (`tags`) of these fish (Horse Mackerel, 000:489)."""
        return False

    def check_ship_load(self, load: list, where: str) -> None:
        """A saved ship's load holding barrels caught with its licence, checked (000:468, 000:489)."""

    def check_boats(self, st: dict, where: str) -> None:
        """A saved seat's boats, checked against this licence's limits at sea (Himono, 000:470)."""

    def on_licence_taken(self, s, seat: int, ev: list) -> None:
        """A seat has just bought (or taken) one of this market's licences."""

    def on_licence_returned(self, s, seat: int, ev: list) -> None:
        """A seat has just given one of this market's licences back (000:145, 000:478)."""

    def unload_caught(self, s, seat: int, fish: str, ev: list) -> bool:
        """A barrel caught with this market's licence is unloaded at your berth: True when the
        licence takes it instead of a sale (Himono, 000:472)."""
        return False

    def on_unload(self, s, seat: int, item: str, ev: list) -> bool:
        """A barrel of this fish unloaded at your berth; True when it is not put up for sale."""
        return False

    def on_priced(self, s, seat: int, ev: list) -> None:
        """A barrel of this fish has just been put up for sale on a harbour (Eel, 000:208)."""

    def turn_start(self, s, seat: int, ev: list) -> list[str]:
        """What happens to this market's pieces at the start of a seat's turn; the barrels it
        brings to be put up for sale first (Himono, 000:476)."""
        return []

    def brings_at_turn_start(self, s, me: dict) -> int:
        """How many barrels at most the start of a turn brings of this fish (saves)."""
        return 0

    # ---- buying (000:163-165) -----------------------------------------------------------------------

    def token_for_barrel(self, s) -> bool:
        """Whether a barrel of this fish bought from a harbour can bring its token now."""
        return s.fish.get(self.id) is not None and s.fish[self.id].get("tokens", 0) > 0

    def take_token_for_barrel(self, s, seat: int, row: str, rng, ev: list) -> str:
        """The token the buyer of a barrel takes from this market (000:163)."""
        s.fish[self.id]["tokens"] -= 1
        if self.id == "salmon" and row == "lower":                 # 000:253
            return "salmon_spoiled"
        return self.id

    # ---- values ---------------------------------------------------------------------------------

    def unit_value(self, s, kind: str) -> int:
        """Resources one token of `kind` is worth now (fugu: see lot_value)."""
        return int(self.data.get("token_value", 0))

    # ---- the visit --------------------------------------------------------------------------------

    @property
    def a_licence(self) -> str:
        """ "an Eel licence", "a Fugu licence" """
        return f"{'an' if self.name[0] in 'AEIOU' else 'a'} {self.name} licence"

    def licence_cost(self, s) -> int:
        """What the next licence costs (Sardines: ¥500, then ¥300 for the last, 000:521)."""
        return self.licence_price

    def licence_refusal(self, s, seat: int, ctx: dict, slots: bool = True) -> str | None:
        st = s.fish[self.id]
        me = s.seats[seat]
        if st["licences"] <= 0:
            return f"no {self.name} licence is left on the market"
        if ctx.get("returned"):
            return (f"a {self.name} licence was handed back in this visit; taking one again would only "
                    "undo that (Tsukiji, fishing licences (000:140-145))")
        if self.per_visit is not None and ctx.get("licences", 0) >= self.per_visit:
            return f"at most {self.per_visit} {self.name} licence per visit"
        if slots and slots_used(me) >= self.d.max_licences:
            return (f"all {self.d.max_licences} licence spaces are full; return a licence first "
                    "(Tsukiji, fishing licences (000:140-145))")
        if yen(s, seat) < self.licence_cost(s):
            return f"a {self.name} licence costs ¥{self.licence_cost(s):,}"
        return None

    def actions(self, s, seat: int, ctx: dict) -> list[Action]:
        out = []
        if self.licence_refusal(s, seat, ctx) is None:
            price = f"¥{self.licence_cost(s):,}" if self.licence_cost(s) else "free"
            out.append(Action("licence", f"Buy {self.a_licence} ({price})", self.name, ("licence",)))
        out += self.sell_actions(s, seat, ctx)
        return out

    def sell_actions(self, s, seat: int, ctx: dict) -> list[Action]:
        return []

    def entry_warning(self, s, seat: int, ctx: dict) -> str:
        if self.actions(s, seat, ctx):
            return ""
        return (f"your {self.d.max_licences} licence spaces are full: there you can only buy {self.a_licence}, "
                "after returning a licence of another fish")

    def possible(self, s, seat: int, ctx: dict) -> bool:
        """A licence counts as possible when returning one you hold would make room (000:145):
        one of another fish, since this market's own licence, handed back in the visit, is
        not taken again in it (`licence_refusal`)."""
        if self.actions(s, seat, ctx):
            return True
        others = any(n for f, n in s.seats[seat]["licences"].items() if f != self.id)
        return others and self.licence_refusal(s, seat, ctx, slots=False) is None

    def apply(self, s, seat: int, data: tuple, rng, ev: list) -> None:
        if data[0] == "licence":
            st = s.fish[self.id]
            price = self.licence_cost(s)
            pay(s, seat, None, price, self.rule)
            st["licences"] -= 1
            add(s.seats[seat]["licences"], self.id)
            self.on_licence_taken(s, seat, ev)
            s.ctx["licences"] = s.ctx.get("licences", 0) + 1
            ev.append(Event("licence", f"Seat {seat + 1} takes {self.a_licence}"
                            + (f" for ¥{price:,}." if price else " for free."), seat, {"market": self.id}))
            return
        self.apply_special(s, seat, data, rng, ev)

    def apply_special(self, s, seat: int, data: tuple, rng, ev: list) -> None:
        raise NotImplementedError(data)

    def explain(self, s, seat: int, key: str) -> IllegalMove | None:
        if key == "licence" and s.ctx and s.ctx.get("market") == self.id:
            why = self.licence_refusal(s, seat, s.ctx)
            if why:
                return IllegalMove(why, self.rule)
        if key.startswith("sell") and s.ctx and s.ctx.get("market") == self.id:
            return IllegalMove(f"you cannot sell that to the {self.name} market now", self.rule)
        return None

    def view(self, s, d: dict) -> dict:
        out = dict(d)
        if self.bag:
            out["tokens_in_bag"] = len(s.bags.get(self.id, ()))
        return out


class PaysOnOverfishing(FishMarket):
    """A fish market whose overfishing pays (Horse Mackerel, 000:493) or charges (Nori,
    000:504) its tokens' holders — once no buying action is in progress, so the market
    keeps "to_settle" until then; `settle` makes the payments."""

    #: the line of the payment rule
    settle_line = ""

    def setup_extra(self, s, st):
        st["to_settle"] = False

    def extra_keys(self):
        return {"to_settle"}

    def validate_extra(self, d, out, players):
        v = d.get("to_settle", False)
        if not isinstance(v, bool):
            raise ValueError(f"{self.name}'s to_settle is true or false ({self.settle_line})")
        if v and not out["overfished"]:
            raise ValueError(f"payments for {self.name.lower()} tokens are due only once it is overfished "
                             f"({self.settle_line})")
        out["to_settle"] = v

    def on_overfished(self, s, rng, ev):
        s.fish[self.id]["to_settle"] = True

