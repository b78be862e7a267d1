"""Why a key is refused: a clear reason and the rule it breaks, for every move the
legal list does not offer (Rules.why_illegal)."""

from __future__ import annotations

from core.errors import IllegalMove

from .citations import (
    RULE_AUCTION_BID, RULE_BARGE, RULE_BERTH, RULE_BUY, RULE_CART, RULE_CATCH, RULE_COOLBOX, RULE_DOCK,
    RULE_DUMP, RULE_EMPTY, RULE_END, RULE_FISHING, RULE_FREE_MARKET, RULE_FUGU, RULE_INTERACT, RULE_LICENCE,
    RULE_MARKETS, RULE_PRICE, RULE_SALMON, RULE_SPOIL, RULE_TURN)
from .data import FISH
from .state import BERTHS, State, ships_at_sea_with

# ==== why a key is refused ==============================================================================

def why_illegal(rules, s: State, seat: int, key: str) -> IllegalMove:
    if s.over:
        return IllegalMove("the game is over", RULE_END)
    parts = key.split(":") if isinstance(key, str) else [""]
    head = parts[0]
    ph = s.phase
    me = s.seats[seat]
    if ph == "bid":
        if head == "bid":
            return IllegalMove("a bid is a whole multiple of ¥100 from ¥0 up to the yen you have, once",
                               RULE_AUCTION_BID)
        if head in ("winner", "accept", "reject"):
            return IllegalMove("only the active player decides, once every bid is in", RULE_AUCTION_BID)
        return IllegalMove("a sealed bid is in progress: every bidder bids first", RULE_AUCTION_BID)
    if ph == "start" and head not in ("coolbox", "fugu", "spoil"):
        return IllegalMove("first finish the start of your turn: use a cool box, buy back your own spoiled "
                           "fugu, or let the fish spoil", RULE_SPOIL)
    if (key in ("fish", "buy") or head == "enter") and ph != "main":
        return IllegalMove("finish the action in progress before starting another", RULE_TURN)
    if key == "fish":
        return IllegalMove("no action points are left for fishing (hand carts are for markets only)", RULE_TURN)
    if key == "buy" and ph == "main":
        if s.ap < 1:
            return IllegalMove("no action points are left for buying", RULE_TURN)
        return IllegalMove("no other harbour offers anything you can afford and take a token for", RULE_BUY)
    if head == "buy" and ph == "buy" and len(parts) == 5:
        try:
            o = int(parts[1]) - 1
        except ValueError:
            return IllegalMove(f"{key!r} does not name a seat", RULE_BUY)
        if o == seat:
            return IllegalMove("you never buy from your own harbour (only your own spoiled fugu at the start of "
                               "your turn)", RULE_BUY)
        if not 0 <= o < s.players:
            return IllegalMove(f"there is no seat {parts[1]}", RULE_BUY)
        return IllegalMove("that barrel is not for sale there, costs more than you have, or its market has no "
                           "token left", RULE_BUY)
    if head == "enter" and len(parts) >= 3:
        mid = parts[1]
        if mid not in s.fish and mid not in s.ext:
            return IllegalMove(f"the {mid} market is not in play", RULE_MARKETS)
        why = rules.entry_refusal(s, seat, mid)
        if why:
            rule = RULE_FREE_MARKET if "once per turn" in why else rules.m[mid].rule
            return IllegalMove(why, rule)
        return IllegalMove("you cannot pay that entry cost now, or could do nothing there after paying",
                           RULE_INTERACT if s.ap + s.cart_ap else RULE_TURN)
    if head == "berth":
        if me["berths"] >= len(BERTHS):
            return IllegalMove("all your berths are open", RULE_BERTH)
        return IllegalMove(f"opening a berth costs ¥{rules.d.berth_cost:,}", RULE_BERTH)
    if head == "return":
        return IllegalMove("you return only a licence you hold, during your turn", RULE_LICENCE)
    if head == "dump":
        if s.acted or ph != "main":
            return IllegalMove("barrels may be thrown back only at the start of your turn, before any action",
                               RULE_DUMP)
        return IllegalMove("throw back only a barrel on one of your boats at sea", RULE_DUMP)
    if head == "transfer":
        return IllegalMove("barrels move from a ship at sea to your barge at sea with room (one salmon at most); "
                           "never back", RULE_BARGE)
    if head == "cart":
        return IllegalMove("use a hand cart you hold, between actions", RULE_CART)
    if head == "coolbox":
        return IllegalMove("a cool box is used at the start of your turn, instead of spoilage", RULE_COOLBOX)
    if head in ("fugu", "spoil"):
        return IllegalMove("that happens only at the start of your turn", RULE_SPOIL if head == "spoil" else RULE_FUGU)
    if ph == "fish":
        ctx = s.ctx
        if ctx["pending"] and head != "price":
            return IllegalMove("price the unloaded barrels first", RULE_PRICE)
        if head in ("launch", "catch", "dock") and len(parts) >= 2:
            try:
                i = int(parts[1]) - 1
            except ValueError:
                return IllegalMove(f"{parts[1]!r} is not a boat number", RULE_FISHING)
            if not 0 <= i < len(me["boats"]):
                return IllegalMove(f"you have no boat {parts[1]}", RULE_FISHING)
            b = me["boats"][i]
            if i in ctx["boats"]:
                return IllegalMove("each boat does one thing per fishing action", RULE_FISHING)
            if head == "launch":
                return IllegalMove("that boat is already at sea", RULE_FISHING)
            if head == "catch":
                return _why_catch(rules, s, seat, i, parts[2] if len(parts) > 2 else "")
            if b["at"] != "sea":
                return IllegalMove("only a boat at sea can dock", RULE_DOCK)
            return IllegalMove("that berth is covered or full; only the right berth takes the barge or 2 ships",
                               RULE_DOCK)
        if head in ("reprice", "price"):
            return IllegalMove("each barrel gets one new price per fishing action, in a column that exists "
                               f"(??? from ¥{rules.d.free_min} to ¥{rules.d.free_cap:,})", RULE_PRICE)
    if head == "price":
        return IllegalMove("there is nothing to price now", RULE_PRICE)
    if ph == "market":
        if head == "leave":
            return IllegalMove("interact with the market at least once before leaving", RULE_INTERACT)
        mk = rules.m[s.ctx["market"]]
        why = mk.explain(s, seat, key)
        if why is not None:
            return why
        return IllegalMove(f"{key!r} is not something you can do at the {mk.name} market now", mk.rule)
    if head == "end":
        return IllegalMove("a turn ends when its 2 action points are spent; 'end' only gives up hand-cart points",
                           RULE_TURN)
    return IllegalMove(f"{key!r} is not a legal action now (phase: {ph})", RULE_TURN)


def _why_catch(rules, s, seat, i, fish) -> IllegalMove:
    me = s.seats[seat]
    b = me["boats"][i]
    if b["type"] == "barge":
        return IllegalMove("the barge never catches; it only launches and docks", RULE_BARGE)
    if b["at"] != "sea":
        return IllegalMove("a ship catches only at sea: launch it first", RULE_CATCH)
    if fish not in FISH:
        return IllegalMove(f"{fish!r} is not a fish", RULE_CATCH)
    if len(b["load"]) >= rules.d.holds(b["type"]):
        return IllegalMove("that ship has no empty hold", RULE_CATCH)
    st = s.fish.get(fish)
    if st is None:
        return IllegalMove(f"{fish} is not in play", RULE_CATCH)
    if st["barrels"] <= 0:
        return IllegalMove(f"no {fish} barrel is left to catch (overfishing, 000:353)", RULE_CATCH)
    lic = me["licences"].get(fish, 0)
    if lic == 0:
        return IllegalMove(f"you hold no {fish} licence", RULE_LICENCE)
    if lic - s.ctx["lic"].get(fish, 0) <= 0:
        return IllegalMove(f"each licence is used once per fishing action; your {lic} {fish} licence"
                           f"{'s are' if lic > 1 else ' is'} used", RULE_LICENCE)
    if b["load"]:
        if b["load"][0] != fish:
            return IllegalMove("a partly loaded ship catches only the fish it already carries", RULE_CATCH)
        return IllegalMove("a boat carries only one salmon barrel at a time", RULE_SALMON)
    return IllegalMove(f"an empty ship needs more {fish} licences ({lic}) than ships at sea carrying {fish} "
                       f"({ships_at_sea_with(me, fish)})", RULE_EMPTY)

