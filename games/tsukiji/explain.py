"""Why a key is refused: a clear reason and the rule it breaks, for every move the
legal list does not offer (Rules.why_illegal).

The key is read once, by moves.read (where keys are written), into its kind and fields; the
reasons work from those. What the action in progress forbids comes first, then what the kind
of move needs (`BY_KIND`, and in a fishing action `IN_FISHING`); a market explains its own keys
(its `explain`), and a licence what it cannot catch (its `explain_catch`, `too_many`)."""

from __future__ import annotations

from core.errors import IllegalMove

from .citations import (
    RULE_AUCTION_BID, RULE_BARGE, RULE_BERTH, RULE_BUY, RULE_CART, RULE_CATCH, RULE_COOLBOX, RULE_DOCK,
    RULE_DUMP, RULE_EMPTY, RULE_END, RULE_FISHING, RULE_FREE_MARKET, RULE_FUGU, RULE_INTERACT, RULE_LICENCE,
    RULE_MARKETS, RULE_PRICE, RULE_SALMON, RULE_SPOIL, RULE_TURN, rule)
from .data import FISH
from .markets.himono import RULE_HIMONO_CATCH, RULE_HIMONO_SEA  # noqa: F401  (still importable here)
from .markets.horse_mackerel import RULE_HORSE_CATCH  # noqa: F401
from .moves import Said, read
from .persist import FOREIGN, NUMBERED_LICENCES, _catchable
from .state import BERTHS, State, barges_at_sea, barrel_fish, barrel_licence, is_barge, ships_at_sea_with
from .turn import FREE_MOVES

# The expansion's rules these reasons name (000:392-628). They belong in citations.py, with
# the others; until they are there, they are made here the same way (citations.rule).
RULE_BLUE = rule("the Blue Ship", "000:448", "als es 2 Fischereilizenzen gleichzeitig nutzen darf")
RULE_BLUE_KINDS = rule("the Blue Ship's two kinds of fish", "000:448",
                       "als es 2 Fischereilizenzen gleichzeitig nutzen darf",
                       ("000:132",
                        "darfst du nur Fisch derselben Art fangen wie die bereits auf dem Schiff befindlichen"))
RULE_BARREL_ENTRY = rule("barrels as entry costs", "000:436",
                         "können bei manchen Märkten nun Teil der Eintrittskosten sein")
RULE_BARGES = rule("the 4-hold barges", "000:440",
                   "Es ist erlaubt, dass ein Spieler beide 4-Laderaum-Lastkähne besitzt")
RULE_FOREIGN = rule("the Foreign Market", "000:547", "Dieser Markt kann nur besucht werden")
RULE_FOREIGN_BOATS = rule("boats at the Foreign Market", "000:551",
                          "Deine am Auslandsmarkt angelegten Boote bleiben dort")
RULE_BUYER = rule("buyer markers", "000:564", "Jeder Käufer-Marker belegt ein Lizenzfeld auf deinem Hafentableau")
RULE_NO_ENTRY = rule("markets that cannot be entered", "000:574", "Du kannst diesen Markt nicht betreten")
RULE_RENTED = rule("rented ships", "000:580",
                   "Du kannst keine Fässer von gemieteten Schiffen auf einen Lastkahn umladen")
RULE_CLOSED = rule("closed markets", "000:598", "kann der Markt für den Rest des Spiels weder besucht werden")

# ==== why a key is refused ==============================================================================

def why_illegal(rules, s: State, seat: int, key: str) -> IllegalMove:
    if s.over:
        return IllegalMove("the game is over", RULE_END)
    said = read(key)
    why = _action_in_progress(rules, s, seat, said)
    if why is None and said.kind in BY_KIND:
        why = BY_KIND[said.kind](rules, s, seat, said)
    if why is None and s.phase == "fish":
        why = _in_fishing(rules, s, seat, said)
    if why is None and said.kind == "price":
        why = IllegalMove("there is nothing to price now", RULE_PRICE)
    if why is None and s.phase == "market":
        why = _in_market(rules, s, seat, said)
    if why is None and said.kind == "end":
        why = IllegalMove("a turn ends when its 2 action points are spent; 'end' only gives up hand-cart points",
                          RULE_TURN)
    if why is None:
        why = IllegalMove(f"{said.key[:60]!r} is not a legal action now (phase: {s.phase})", RULE_TURN)
    return why


def _action_in_progress(rules, s, seat, said: Said) -> IllegalMove | None:
    """What the phase in progress allows first: a sealed bid, the start of a turn, a group
    docking at the Foreign Market, a buyer marker's buying action, an action under way."""
    ph, kind = s.phase, said.kind
    if ph == "bid":
        if kind == "bid":
            return IllegalMove("a bid is a whole multiple of ¥100 from ¥0 up to the yen you have, once",
                               RULE_AUCTION_BID)
        if kind in ("winner", "accept", "reject"):
            return IllegalMove("only the active player decides, once every bid is in", RULE_AUCTION_BID)
        return IllegalMove("a sealed bid is in progress: every bidder bids first", RULE_AUCTION_BID)
    if ph == "start" and kind not in ("coolbox", "fugu", "spoil"):
        return IllegalMove("first finish the start of your turn: use a cool box, buy back your own spoiled "
                           "fugu, or let the fish spoil", RULE_SPOIL)
    if (ph == "fish" and s.ctx.get("foreign") is not None and kind != "foreign"
            and not (kind == "dock" and said.get("abroad"))):
        return IllegalMove("a group of your boats is docking at the Foreign Market: first dock more boats there or "
                           "auction its lot ('foreign:auction')", RULE_FOREIGN)
    if ph == "buy" and s.ctx and s.ctx.get("buyer") is not None and kind in FREE_MOVES:
        return IllegalMove("a buyer marker's buying action, after another player's turn, is only for buying",
                           RULE_BUYER)
    if ((kind in ("fish", "buy") and not said.arity) or kind == "enter") and ph != "main":
        return IllegalMove("finish the action in progress before starting another", RULE_TURN)
    return None


# ==== by the kind of move ===============================================================================

def _why_fish(rules, s, seat, said: Said) -> IllegalMove | None:
    if said.arity:
        return None
    return IllegalMove("no action points are left for fishing (hand carts are for markets only)", RULE_TURN)


def _why_buy(rules, s, seat, said: Said) -> IllegalMove | None:
    """buy (the action, 000:159) or buy:<seat>:<U|L>:<column>:<fish> (a purchase, 000:163-165)."""
    if not said.arity and s.phase == "main":
        if s.ap < 1:
            return IllegalMove("no action points are left for buying", RULE_TURN)
        return IllegalMove("no other harbour offers anything you can afford and take a token for", RULE_BUY)
    if said.arity != 4 or s.phase != "buy":
        return None
    o = said.get("seat")
    if o is None:
        return IllegalMove(f"{said.key[:60]!r} does not name a seat", RULE_BUY)
    if o == seat:
        return IllegalMove("you never buy from your own harbour (only your own spoiled fugu at the start of "
                           "your turn)", RULE_BUY)
    if not 0 <= o < s.players:
        return IllegalMove(f"there is no seat {said.get('seat_text')[:20]}", RULE_BUY)
    return IllegalMove("that barrel is not for sale there, costs more than you have, or its market has no "
                       "token left", RULE_BUY)


def _why_berth(rules, s, seat, said: Said) -> IllegalMove:
    if s.seats[seat]["berths"] >= len(BERTHS):
        return IllegalMove("all your berths are open", RULE_BERTH)
    return IllegalMove(f"opening a berth costs ¥{rules.d.berth_cost:,}", RULE_BERTH)


def _why_return(rules, s, seat, said: Said) -> IllegalMove:
    return IllegalMove("you return only a licence you hold, during your turn", RULE_LICENCE)


def _why_dump(rules, s, seat, said: Said) -> IllegalMove:
    if s.acted or s.phase != "main":
        return IllegalMove("barrels may be thrown back only at the start of your turn, before any action", RULE_DUMP)
    return IllegalMove("throw back only a barrel on one of your boats at sea", RULE_DUMP)


def _why_cart(rules, s, seat, said: Said) -> IllegalMove:
    return IllegalMove("use a hand cart you hold, between actions", RULE_CART)


def _why_coolbox(rules, s, seat, said: Said) -> IllegalMove:
    return IllegalMove("a cool box is used at the start of your turn, instead of spoilage", RULE_COOLBOX)


def _why_start(rules, s, seat, said: Said) -> IllegalMove:
    return IllegalMove("that happens only at the start of your turn", RULE_SPOIL if said.kind == "spoil" else RULE_FUGU)


def _market_says(mk, s, seat, key) -> IllegalMove | None:
    """A market module's own reason, if it gives one (never a crash: a reason is always given)."""
    try:
        return mk.explain(s, seat, key)
    except Exception:                                 # noqa: BLE001 - a reason is wanted, not an error
        return None


def _why_enter(rules, s, seat, said: Said) -> IllegalMove | None:
    """enter:<market>:<option>[:<source>]: a market closed or never entered, its refusal, the
    cost option, the takoyaki or barrel from your harbour that pays it (000:173-179, 000:436)."""
    if said.arity < 2:
        return None
    mid = said.get("market")
    if mid not in s.fish and mid not in s.ext:
        return IllegalMove(f"the {mid[:40]} market is not in play", RULE_MARKETS)
    why = _why_not_this_entry(rules, s, seat, mid, said)
    if why is not None:
        return why
    return IllegalMove("you cannot pay that entry cost now, or could do nothing there after paying",
                       RULE_INTERACT if s.ap + s.cart_ap else RULE_TURN)


def _why_not_this_entry(rules, s, seat, mid: str, said: Said) -> IllegalMove | None:
    mk = rules.m[mid]
    spec = rules.d.market[mid]
    if s.collapsed.get(mid) == "closed":
        return IllegalMove(f"the {mk.name} market has collapsed and is closed for the rest of the game", RULE_CLOSED)
    if spec.get("enterable") is False:
        return IllegalMove(f"nobody enters the {mk.name} market: it only adds a step to the final scoring",
                           RULE_NO_ENTRY)
    if spec.get("docking_only"):
        return IllegalMove("the Foreign Market is visited only by docking boats there in a fishing action "
                           "('dock:<boat>:foreign')", RULE_FOREIGN)
    why = rules.entry_refusal(s, seat, mid)
    if why:
        return IllegalMove(why, RULE_FREE_MARKET if "once per turn" in why else mk.rule)
    options = rules._entry_options(mid)
    k = said.get("option_text")
    if not 1 <= (said.get("option") or 0) <= len(options):
        return IllegalMove(f"the {mk.name} market's entry costs are options 1 to {len(options)}"
                           if len(options) > 1 else f"the {mk.name} market has one entry cost: 'enter:{mid}:1'",
                           RULE_MARKETS)
    cost = options[said.get("option") - 1]
    me = s.seats[seat]
    if cost.get("barrels"):
        (fish, _), = cost["barrels"].items()
        what = "any barrel" if fish == "any" else f"a {rules.m[fish].name} barrel"
        if said.arity != 4:
            return IllegalMove(f"this entry costs {what} from your harbour: say which, as "
                               f"'enter:{mid}:{k}:<u or l><column>:<fish>' (for example 'enter:{mid}:{k}:uc3:"
                               f"{'mackerel' if fish == 'any' else fish}')", RULE_BARREL_ENTRY)
        src, kind = said.get("source"), said.get("source_fish")
        row, col = said.get("source_row"), said.get("source_col")
        if row is None or len(src) > 12 or not rules.d.valid_column(col):
            return IllegalMove(f"{src!r} is not a row and column such as 'uc3' (upper row, column 3) or 'lq1200'",
                               RULE_BARREL_ENTRY)
        if kind == "takoyaki" or kind not in FISH or (fish != "any" and kind != fish):
            return IllegalMove(f"the {mk.name} market's entry takes {what} from your harbour, not "
                               f"{kind.replace('_', ' ')[:40]}", RULE_BARREL_ENTRY)
        if [kind, row, col] not in me["harbour"]:
            return IllegalMove(f"you have no {kind.replace('_', ' ')} barrel for sale in your {row} row at "
                               f"{rules.col_name(col)}", RULE_BARREL_ENTRY)
    elif said.arity > 2 and not cost["takoyaki"]:
        return IllegalMove(f"entry option {k} of the {mk.name} market is paid from your supply: 'enter:{mid}:{k}'",
                           RULE_MARKETS)
    return None


def _why_transfer(rules, s, seat, said: Said) -> IllegalMove:
    """transfer:<ship>[:<barge>]: barrels from a ship at sea onto a barge at sea with room, one at a
    time, never back, never from a rented ship, one salmon a barge (000:147, 000:251, 000:440, 000:580)."""
    me = s.seats[seat]
    barges = barges_at_sea(me)
    if not barges:
        return IllegalMove("barrels move onto a barge at sea, and none of yours is at sea", RULE_BARGE)
    if not said.get("plain"):
        return IllegalMove("a transfer is 'transfer:<ship>' (with two barges at sea, 'transfer:<ship>:<barge>')",
                           RULE_BARGE)
    ship = said.get("ship_text")
    if said.arity == 1 and len(barges) > 1:
        return IllegalMove("two of your barges are at sea: say which takes the barrel, 'transfer:<ship>:<barge>'",
                           RULE_BARGES)
    if said.arity == 2 and len(barges) == 1:
        return IllegalMove(f"only one barge of yours is at sea: 'transfer:{ship}'", RULE_BARGE)
    i = said.get("ship")
    j = said.get("barge") if said.arity == 2 else barges[0]
    if not 0 <= i < len(me["boats"]):
        return IllegalMove(f"you have no boat {ship}", RULE_BARGE)
    b = me["boats"][i]
    if is_barge(b["type"]):
        return IllegalMove("barrels move from a ship onto a barge, never off a barge", RULE_BARGE)
    if b["at"] != "sea" or not b["load"]:
        return IllegalMove("barrels move from a ship at sea with barrels on it", RULE_BARGE)
    if b.get("rented"):
        return IllegalMove("no barrel moves from a rented ship onto a barge", RULE_RENTED)
    if j not in barges:
        return IllegalMove(f"boat {j + 1} is not a barge of yours at sea", RULE_BARGE)
    barge = me["boats"][j]
    if len(barge["load"]) >= rules.d.holds(barge["type"]):
        return IllegalMove("that barge is full", RULE_BARGE)
    if barrel_fish(b["load"][-1]) == "salmon" and any(barrel_fish(x) == "salmon" for x in barge["load"]):
        return IllegalMove("a barge carries only one salmon barrel at a time", RULE_SALMON)
    return IllegalMove("barrels move from a ship at sea to your barge at sea with room; never back", RULE_BARGE)


def _why_free(rules, s, seat, said: Said) -> IllegalMove:
    """free:<market>:...: a market's free action in your turn (Himono drying 000:474, buyer
    markers 000:564), offered between actions; the market says what is wrong with it."""
    mid = said.get("market")
    if mid not in rules.m or (mid not in s.fish and mid not in s.ext):
        return IllegalMove(f"the {mid[:40].replace('_', ' ') or '(unnamed)'} market is not in play", RULE_MARKETS)
    mk = rules.m[mid]
    if s.collapsed.get(mid) == "closed":
        return IllegalMove(f"the {mk.name} market has collapsed and is closed for the rest of the game", RULE_CLOSED)
    if s.phase != "main":
        return IllegalMove(f"the {mk.name} market's free actions are taken between your actions, not during one",
                           mk.rule)
    why = _market_says(mk, s, seat, said.key)
    if why is not None:
        return why
    return IllegalMove(f"{said.key[:60]!r} is not something you can do with the {mk.name} market now", mk.rule)


#: the reasons by the kind of move that do not depend on the action in progress (beyond what
#: `_action_in_progress` says first); each may pass (None) to what follows
BY_KIND = {"fish": _why_fish, "buy": _why_buy, "enter": _why_enter, "berth": _why_berth, "return": _why_return,
           "dump": _why_dump, "transfer": _why_transfer, "free": _why_free, "cart": _why_cart,
           "coolbox": _why_coolbox, "fugu": _why_start, "spoil": _why_start}


# ==== in a fishing action ===============================================================================

def _in_fishing(rules, s, seat, said: Said) -> IllegalMove | None:
    if s.ctx["pending"] and said.kind != "price":
        return IllegalMove("price the unloaded barrels first", RULE_PRICE)
    if said.kind == "foreign" or (said.kind == "dock" and said.get("abroad")):
        return _why_abroad(rules, s, seat, said)
    how = IN_FISHING.get(said.kind)
    return how(rules, s, seat, said) if how else None


def _why_abroad(rules, s, seat, said: Said) -> IllegalMove:
    """dock:<boat>:foreign, foreign:auction: the Foreign Market explains (000:547-551)."""
    if "foreign_market" not in s.ext:
        return IllegalMove("the Foreign Market is not in play", RULE_FOREIGN)
    why = _market_says(rules.m["foreign_market"], s, seat, said.key)
    if why is not None:
        return why
    return IllegalMove("that is not possible at the Foreign Market now", RULE_FOREIGN)


def _why_boat(rules, s, seat, said: Said) -> IllegalMove | None:
    """launch:<boat>, catch:<boat>:..., dock:<boat>:<berth>: each boat one thing (000:121-125)."""
    if not said.arity:
        return None
    me = s.seats[seat]
    i, text = said.get("boat"), said.get("boat_text")
    if i is None:
        return IllegalMove(f"{text[:20]!r} is not a boat number", RULE_FISHING)
    if not 0 <= i < len(me["boats"]):
        return IllegalMove(f"you have no boat {text[:20]}", RULE_FISHING)
    b = me["boats"][i]
    if i in s.ctx["boats"]:
        return IllegalMove("each boat does one thing per fishing action", RULE_FISHING)
    if said.kind == "launch":
        return IllegalMove("that boat is already at sea", RULE_FISHING)
    if said.kind == "catch":
        return _why_catch(rules, s, seat, i, said.get("catch"))
    if b["at"] == FOREIGN:
        return IllegalMove("that boat lies at the Foreign Market: launch it in a fishing action first",
                           RULE_FOREIGN_BOATS)
    if b["at"] != "sea":
        return IllegalMove("only a boat at sea can dock", RULE_DOCK)
    if said.get("berth") not in BERTHS:
        return IllegalMove("a boat docks at your left, middle or right berth"
                           + (" or at the Foreign Market ('dock:<boat>:foreign')" if "foreign_market" in s.ext
                              else ""), RULE_DOCK)
    return IllegalMove("that berth is covered or full; only the right berth takes the barge or 2 ships", RULE_DOCK)


def _why_price(rules, s, seat, said: Said) -> IllegalMove:
    return IllegalMove("each barrel gets one new price per fishing action, in a column that exists "
                       f"(??? from ¥{rules.d.free_min} to ¥{rules.d.free_cap:,})", RULE_PRICE)


#: the reasons in a fishing action, by the kind of move
IN_FISHING = {"launch": _why_boat, "catch": _why_boat, "dock": _why_boat, "reprice": _why_price,
              "price": _why_price}


def _in_market(rules, s, seat, said: Said) -> IllegalMove:
    if said.kind == "leave":
        return IllegalMove("interact with the market at least once before leaving", RULE_INTERACT)
    mk = rules.m[s.ctx["market"]]
    why = _market_says(mk, s, seat, said.key)
    if why is not None:
        return why
    return IllegalMove(f"{said.key[:60]!r} is not something you can do at the {mk.name} market now", mk.rule)


# ==== a catch ==========================================================================================

def _why_catch(rules, s, seat, i, catches: tuple) -> IllegalMove:
    """catch:<boat>:<barrel>[*n][+<barrel>[*n]]: each barrel "fish" or "fish/licence" (fishing.py)."""
    me = s.seats[seat]
    b = me["boats"][i]
    if is_barge(b["type"]):
        return IllegalMove("a barge never catches; it only launches and docks", RULE_BARGE)
    if b["at"] == FOREIGN:
        return IllegalMove("that boat lies at the Foreign Market: launch it first", RULE_FOREIGN_BOATS)
    if b["at"] != "sea":
        return IllegalMove("a ship catches only at sea: launch it first", RULE_CATCH)
    if len(catches) > 1 and b["type"] != "blue":
        return IllegalMove("only the Blue Ship uses two licences in one catch", RULE_BLUE)
    if len(catches) > rules.d.blue_licences:
        return IllegalMove(f"the Blue Ship uses at most {rules.d.blue_licences} licences at once", RULE_BLUE)
    room = rules.d.holds(b["type"]) - len(b["load"])
    if room <= 0:
        return IllegalMove("that ship has no empty hold", RULE_CATCH)
    got = []                                          # (barrel on the boat, fish, licence kind, use, n)
    for part in catches:
        if part.n is None:
            return IllegalMove(f"{part.text[:40]!r}: '*<n>' counts two barrels or more", RULE_CATCH)
        if part.fish not in FISH:
            return IllegalMove(f"{part.fish[:40]!r} is not a fish", RULE_CATCH)
        if part.licence not in FISH:
            return IllegalMove(f"{part.use[:40]!r} is not a fishing licence", RULE_LICENCE)
        why = _why_use(rules, s, seat, part)
        if why is not None:
            return why
        got.append((part.tag, part.fish, part.licence, part.use, part.n))
    if len(got) == 2 and got[0][3] == got[1][3]:
        kind = got[0][2]
        if kind in NUMBERED_LICENCES or me["licences"].get(kind, 0) - s.ctx["lic"].get(kind, 0) < 2:
            return IllegalMove("each licence is used once per fishing action: two catches need two licences",
                               RULE_LICENCE)
    total = sum(x[4] for x in got)
    if total > room:
        return IllegalMove(f"that ship has {room} empty hold{'s' if room != 1 else ''}, not {total}", RULE_CATCH)
    on_board = set(b["load"])
    tags = {x[0] for x in got}
    caught_with = {barrel_licence(t) for t in tags | on_board if "/" in t}
    kinds_rule = next((rules.m[f].catch_rule for f in FISH if f in caught_with and rules.m[f].catch_rule),
                      RULE_CATCH)
    if b["type"] == "blue":
        if len(on_board | tags) > rules.d.blue_licences:
            return IllegalMove(f"the Blue Ship carries at most {rules.d.blue_licences} kinds of barrel",
                               RULE_BLUE_KINDS)
    elif on_board and not tags <= on_board:
        return IllegalMove("a partly loaded ship catches only the fish it already carries, with the same kind of "
                           "licence", kinds_rule)
    salmon = sum(x[4] for x in got if x[1] == "salmon")
    if salmon and (salmon > 1 or any(barrel_fish(x) == "salmon" for x in on_board)):
        return IllegalMove("a boat carries only one salmon barrel at a time", RULE_SALMON)
    if not on_board:
        for x in got:
            kind = x[2]
            if me["licences"].get(kind, 0) <= ships_at_sea_with(me, kind):
                return IllegalMove(f"an empty ship needs more {kind.replace('_', ' ')} licences "
                                   f"({me['licences'].get(kind, 0)}) than ships at sea carrying barrels caught with "
                                   f"them ({ships_at_sea_with(me, kind)})", RULE_EMPTY)
        if len(got) == 2 and got[0][2] == got[1][2]:
            kind = got[0][2]
            return IllegalMove(f"an empty Blue Ship using two {kind.replace('_', ' ')} licences counts as two ships "
                               f"starting out: that needs {ships_at_sea_with(me, kind) + 2} of them, you hold "
                               f"{me['licences'].get(kind, 0)}", RULE_EMPTY)
    return IllegalMove("that catch is not possible now", RULE_CATCH)


def _why_use(rules, s, seat, part) -> IllegalMove | None:
    """Why one use of a licence cannot catch `part.n` barrels of `part.fish` now, if it cannot."""
    me = s.seats[seat]
    fish, kind, use, n, tagged = part.fish, part.licence, part.use, part.n, part.tagged
    mk = rules.m[kind]
    name, kname = fish.replace("_", " "), mk.name
    if kind not in s.fish:
        return IllegalMove(f"{kname} is not in play", RULE_CATCH)
    if fish not in s.fish:
        return IllegalMove(f"{name} is not in play", RULE_CATCH)
    if tagged and fish == kind and kind not in NUMBERED_LICENCES:
        return IllegalMove(f"a {name} barrel caught with a {kname} licence is written '{fish}'", RULE_CATCH)
    if tagged and fish not in _catchable(rules, kind):
        return IllegalMove(f"a {kname} licence never catches {name}", mk.catch_rule or RULE_LICENCE)
    held = me["licences"].get(kind, 0)
    if held == 0:
        return IllegalMove(f"you hold no {kname} licence", RULE_LICENCE)
    used = s.ctx["lic"]
    if kind in NUMBERED_LICENCES and part.numbered:
        k = part.number
        if k is None or k >= held:
            return IllegalMove(f"you hold {held} {kname} licence{'s' if held > 1 else ''}, numbered 0 to {held - 1}",
                               mk.numbered_rule)
        if used.get(use):
            return IllegalMove(f"{kname} licence {k + 1} is used in this fishing action already", RULE_LICENCE)
    elif kind in NUMBERED_LICENCES and fish != kind:
        return IllegalMove(f"say which {kname} licence catches it: '{fish}/{kind}:0' to '{fish}/{kind}:{held - 1}'",
                           mk.numbered_rule)
    elif held - used.get(kind, 0) <= 0:
        return IllegalMove(f"each licence is used once per fishing action; your {held} {kname} licence"
                           f"{'s are' if held > 1 else ' is'} used", RULE_LICENCE)
    why = mk.too_many(n, tagged)
    if why is not None:
        return why
    st = s.fish[fish]
    if st["overfished"] or st["barrels"] < n:
        return IllegalMove(f"no {name} barrel is left to catch (overfishing, 000:353)" if st["barrels"] <= 0 else
                           f"only {st['barrels']} {name} barrel{'s are' if st['barrels'] > 1 else ' is'} left",
                           RULE_CATCH)
    try:
        return mk.explain_catch(s, seat, use, fish)
    except Exception:                                 # noqa: BLE001 - a reason is wanted, not an error
        return None
