"""Himono (000:468-485) — the expansion.

• Catching: a Himono licence catches mackerel, horse mackerel or sardine barrels, from
  those of these markets that are in play and not overfished; himono barrels only when
  none of the three is available (000:468). The barrel on the boat is written
  "mackerel/himono:0" (caught with the first Himono licence); a ship using a Himono
  licence carries one kind only (000:468, fishing.py).
• At most 2 barrels caught with the same Himono licence at sea at once, on ships or barges;
  then that licence catches nothing more until you dock and unload (or dump) one of them
  (000:470). The face-down reminder of the card is not stored: it is read from the boats.
• Docking: barrels caught with a Himono licence are not put up for sale; they go onto your
  Himono licences where there is room, the rest back to their markets (000:472; `dry`).
  Each Himono licence holds up to 2 barrels or tokens, in any mix (000:474). Ruling: the
  kiosk lays each one on a licence that already holds one, if any, else on an empty one —
  the same room either way, and a pair is completed as soon as possible.
• Drying, free at any time in your turn: a mackerel, horse mackerel or sardine barrel
  from your harbour (either row), or such a token from your supply, onto a Himono licence
  with room (000:474; "free:himono:..." actions).
• At the start of your turn every Himono licence holding 2 items gives them back to their
  markets, then you take a himono barrel from the Himono market (while any is left) and
  put it up for sale at a price of your choice (000:476; `turn_start`). Himono barrels never
  spoil (000:432; `spoils = false` in himono.toml) and stay until bought; unsold they are
  worth nothing.
• Returning a Himono licence, for whatever reason, gives what lies on it back to the
  markets unpaid (000:478). Ruling: the licence returned is the one holding the fewest
  items (the later one among equals) — the one a player would choose; barrels at sea
  caught with it keep their Himono tag ("mackerel/himono") but count against no licence.
  What lies on a licence at the end is worth nothing (not a token).
• Licences ¥400, at most 1 per visit, laid face up (000:482). Tokens cannot be sold back
  (000:483). Each himono token is worth 5 resources (000:485).

Seat field (`seat_field`): one list per Himono licence held, items "b:mackerel" (a
barrel) or "t:sardines" (a token); `validate_seat`, `dump_seat` and `count_seat` save it.
What the rest of the rules ask of a market, Himono answers here: its licences are told apart
(`numbered_licences`) and fill a ship with one kind (`one_kind_aboard`), their catch is laid on
them (`unload_caught`), the start of a turn turns pairs into himono (`turn_start`).
"""

from __future__ import annotations

from core.errors import IllegalMove
from core.game import Action, Event

from .. import moves
from ..citations import rule
from ..state import LETTER_ROW, ROW_LETTER, add, barrel_fish
from .base import FishMarket

RULE_HIMONO_CATCH = rule("Himono, catching", "000:468", "Du darfst eine Himono-Lizenz nutzen")
RULE_HIMONO_SEA = rule("Himono, at sea", "000:470",
                       "niemals mehr als 2 Fässer, die mit derselben Himono-Fischereilizenz gefangen wurden")
RULE_HIMONO_DRY = rule("Himono, drying", "000:474", "Fisch in Himono umwandeln")


class Himono(FishMarket):
    lines = "000:468-485"
    quote = "Du darfst eine Himono-Lizenz nutzen"
    #: each licence is used on its own and has its own limit at sea (000:470)
    numbered_licences = True
    #: a ship using a Himono licence carries one kind of fish (000:468)
    one_kind_aboard = True
    catch_rule = RULE_HIMONO_CATCH
    numbered_rule = RULE_HIMONO_SEA
    #: its catch dries on the licences (000:472)
    lays_catch = True
    #: what lies on each licence, saved on the seat under this name (000:474)
    seat_field = "himono"

    # ---- the licences' contents ------------------------------------------------------------------

    @property
    def holds(self) -> int:
        return int(self.data["licence_holds"])

    @property
    def kinds(self) -> tuple[str, ...]:
        """What a Himono licence catches and dries: mackerel, horse mackerel, sardines (000:468, 000:474)."""
        return tuple(self.data["catches"])

    @property
    def catches_with_licence(self) -> tuple[str, ...]:
        """Written "<fish>/himono:<n>" on a boat: the three, or himono itself (000:468)."""
        return self.kinds + (self.id,)

    @property
    def at_sea_limit(self) -> int:
        """Barrels caught with one Himono licence at sea at once, at most (000:470)."""
        return int(self.data["caught_at_sea_limit"])

    def spaces(self, me: dict) -> list[list[str]]:
        """One list per Himono licence held (kept in step with the licences)."""
        lists = me.setdefault(self.seat_field, [])
        n = me["licences"].get(self.id, 0)
        while len(lists) < n:
            lists.append([])
        return lists

    def room(self, me: dict) -> int:
        return sum(self.holds - len(x) for x in self.spaces(me))

    def _place(self, me: dict, item: str) -> bool:
        """Lay an item on a licence with room: one already holding something first."""
        lists = self.spaces(me)
        open_ = [k for k, x in enumerate(lists) if len(x) < self.holds]
        if not open_:
            return False
        k = max(open_, key=lambda j: (len(lists[j]), -j))
        lists[k].append(item)
        return True

    def _give_back(self, s, items: list[str]) -> None:
        for item in items:
            what, kind = item.split(":", 1)
            if what == "b":
                self.R.barrels_home(s, kind, 1)
            else:
                self.R.tokens_home(s, kind, 1)

    @staticmethod
    def item_text(items: list[str]) -> str:
        if not items:
            return "nothing"
        return ", ".join(f"a {k.replace('_', ' ')} {'barrel' if w == 'b' else 'token'}"
                         for w, k in (x.split(":", 1) for x in items))

    # ---- catching (000:468-470) --------------------------------------------------------------------

    def available(self, s) -> list[str]:
        """Fish a Himono licence may catch now (000:468)."""
        return self.catches_from(s.fish)

    def catches_from(self, fish: dict) -> list[str]:
        """The three that are in play and not overfished, else himono itself (000:468)."""
        out = [f for f in self.kinds if f in fish and not fish[f].get("overfished") and fish[f].get("barrels", 0) > 0]
        if any(f in fish and not fish[f].get("overfished") for f in self.kinds):
            return out
        st = fish.get(self.id)
        return [self.id] if st and not st.get("overfished") and st.get("barrels", 0) > 0 else []

    def at_sea(self, me: dict) -> list[int]:
        """Barrels at sea caught with each Himono licence (000:470), barges included."""
        n = me["licences"].get(self.id, 0)
        out = [0] * n
        loose = 0
        for b in me["boats"]:
            if b["at"] != "sea":
                continue
            for item in b["load"]:
                if "/" in item:
                    use = item.split("/", 1)[1]
                    if use.startswith(self.id + ":"):
                        k = use.split(":", 1)[1]
                        if k.isdigit() and int(k) < n:
                            out[int(k)] += 1
                elif item == self.id:
                    loose += 1                 # a himono barrel written without its licence
        for k in range(n):
            take = min(loose, max(0, self.data["caught_at_sea_limit"] - out[k]))
            out[k] += take
            loose -= take
        return out

    def catch_grabs(self, s, seat, use):
        me = s.seats[seat]
        k = int(use.split(":", 1)[1]) if ":" in use else 0
        sea = self.at_sea(me)
        if k >= len(sea) or sea[k] >= int(self.data["caught_at_sea_limit"]):
            return []                                          # 000:470: unload or dump one first
        return [(f, 1) for f in self.available(s)]

    def explain_catch(self, s, seat, use: str, fish: str) -> IllegalMove | None:
        """Why a Himono licence catches no `fish` now (for explain.py)."""
        me = s.seats[seat]
        k = int(use.split(":", 1)[1]) if ":" in use else 0
        sea = self.at_sea(me)
        if k < len(sea) and sea[k] >= int(self.data["caught_at_sea_limit"]):
            return IllegalMove(f"Himono licence {k + 1} already has {sea[k]} barrels at sea: dock and unload "
                               "(or dump) one before it catches again", RULE_HIMONO_SEA)
        if not self.available(s):
            return IllegalMove("nothing a Himono licence catches is left", RULE_HIMONO_CATCH)
        if fish not in self.available(s):
            return IllegalMove("a Himono licence catches himono only while no mackerel, horse mackerel or sardine "
                               "barrel can be caught", RULE_HIMONO_CATCH)
        return None

    # ---- docking (000:472) ----------------------------------------------------------------------------

    def unload_caught(self, s, seat, fish: str, ev: list) -> bool:
        """Not for sale: it dries on a licence, or goes back (000:472)."""
        self.dry(s, seat, fish, ev)
        return True

    def dry(self, s, seat, fish: str, ev: list) -> None:
        """A barrel caught with a Himono licence is unloaded at your berth (000:472)."""
        me = s.seats[seat]
        if self.id in s.fish and self._place(me, f"b:{fish}"):
            ev.append(Event("himono", f"Seat {seat + 1} lays the {fish.replace('_', ' ')} barrel on a Himono "
                                      "licence to dry.", seat, {"market": self.id}))
        else:
            self.R.barrels_home(s, fish, 1)
            ev.append(Event("himono", f"No Himono licence of seat {seat + 1} has room: the "
                                      f"{fish.replace('_', ' ')} barrel goes back to its market.", seat,
                            {"market": self.id}))

    # ---- drying at any time in your turn (000:474) -------------------------------------------------------

    def free_actions(self, s, seat):
        if seat != s.turn or self.id not in s.fish:
            return []
        me = s.seats[seat]
        if not me["licences"].get(self.id) or self.room(me) <= 0:
            return []
        out = []
        seen = set()
        for kind, row, col in me["harbour"]:
            if kind in self.kinds and (kind, row, col) not in seen:
                seen.add((kind, row, col))
                out.append(Action(moves.free(self.id, "barrel", ROW_LETTER[row], col, kind),
                                  f"Lay the {kind.replace('_', ' ')} barrel from your {row} row "
                                  f"({self.R.col_name(col)}) on a Himono licence to dry", "Free",
                                  ("free", self.id, "barrel", row, col, kind)))
        for kind in self.kinds:
            if me["tokens"].get(kind):
                out.append(Action(moves.free(self.id, "token", kind),
                                  f"Lay a {kind.replace('_', ' ')} token on a Himono licence to dry", "Free",
                                  ("free", self.id, "token", kind)))
        return out

    def apply_free(self, s, seat, data, rng, ev):
        me = s.seats[seat]
        if data[0] == "barrel":
            _, row, col, kind = data
            me["harbour"].remove([kind, row, col])
            self._place(me, f"b:{kind}")
            what = f"the {kind.replace('_', ' ')} barrel from the {row} row"
        else:
            kind = data[1]
            add(me["tokens"], kind, -1)
            self._place(me, f"t:{kind}")
            what = f"a {kind.replace('_', ' ')} token"
        ev.append(Event("himono", f"Seat {seat + 1} lays {what} on a Himono licence to dry.", seat,
                        {"market": self.id}))

    # ---- the start of your turn (000:476) ----------------------------------------------------------------

    def turn_start(self, s, seat, ev) -> list[str]:
        return self.convert(s, seat, ev)

    def brings_at_turn_start(self, s, me) -> int:
        """One himono barrel at most per Himono licence (000:476)."""
        return me["licences"].get(self.id, 0)

    def convert(self, s, seat, ev) -> list[str]:
        """Licences holding 2 items give them back; each then brings a himono barrel to price."""
        me = s.seats[seat]
        if not me.get(self.seat_field):
            return []
        out = []
        for items in self.spaces(me):
            if len(items) < self.holds:
                continue
            self._give_back(s, items)
            text = f"Seat {seat + 1}'s Himono licence gives back {self.item_text(items)}"
            items.clear()
            st = s.fish.get(self.id)
            if st is not None and st["barrels"] > 0:
                st["barrels"] -= 1
                out.append(self.id)
                text += " and brings a himono barrel to put up for sale."
            else:
                text += "; no himono barrel is left on the market."
            ev.append(Event("himono", text, seat, {"market": self.id}))
        return out

    # ---- licences (000:478, 000:482) -----------------------------------------------------------------------

    def on_licence_taken(self, s, seat, ev):
        me = s.seats[seat]
        lists = me.setdefault(self.seat_field, [])
        n = me["licences"].get(self.id, 0)
        while len(lists) < n:
            lists.append([])

    def on_licence_returned(self, s, seat, ev):
        """The emptiest licence (the later among equals) goes back; its items go back unpaid (000:478)."""
        me = s.seats[seat]
        lists = me.setdefault(self.seat_field, [])
        n = me["licences"].get(self.id, 0)               # already one fewer
        if len(lists) <= n:
            return
        j = min(range(len(lists)), key=lambda k: (len(lists[k]), -k))
        items = lists.pop(j)
        while len(lists) > n:                            # never more lists than licences
            items += lists.pop()
        if items:
            self._give_back(s, items)
            ev.append(Event("himono", f"Seat {seat + 1}'s returned Himono licence gives back "
                                      f"{self.item_text(items)} unpaid.", seat, {"market": self.id}))
        # licences after j move one place down; barrels caught with j lose their licence
        for b in me["boats"]:
            b["load"] = [self._retag(x, j) for x in b["load"]]
        ctx = s.ctx
        if ctx and ctx.get("kind") == "fish":
            lic = {}
            for use, used in ctx["lic"].items():
                if use.startswith(self.id + ":"):
                    k = int(use.split(":", 1)[1])
                    if k == j:
                        continue
                    use = f"{self.id}:{k - 1 if k > j else k}"
                lic[use] = used
            ctx["lic"] = lic

    def _retag(self, item: str, j: int) -> str:
        if "/" not in item:
            return item
        fish, use = item.split("/", 1)
        if not use.startswith(self.id + ":"):
            return item
        k = int(use.split(":", 1)[1])
        if k == j:
            return f"{fish}/{self.id}"
        return f"{fish}/{self.id}:{k - 1}" if k > j else item

    # ---- saves ----------------------------------------------------------------------------------------------

    def seat_empty(self) -> list:
        return []

    def validate_seat(self, s, d: dict, st: dict, where: str) -> list[list[str]]:
        """What lies on each of a seat's Himono licences: at most 2 barrels ("b:<fish>") and
        tokens ("t:<kind>") each (000:472-474)."""
        v = d.get(self.seat_field)
        n = st["licences"].get(self.id, 0)
        if v is None:
            return [[] for _ in range(n)]
        if not isinstance(v, list) or any(not isinstance(x, list) for x in v):
            raise ValueError(f"{where}: himono is one list per Himono licence, such as [['b:mackerel', 't:sardines'], []]")
        if len(v) != n:
            raise ValueError(f"{where} holds {n} Himono licence{'' if n == 1 else 's'}, but himono lists {len(v)}: "
                             "one list (of what lies on it) per licence (000:474)")
        hold = int(self.data.get("licence_holds", 2))
        catches = tuple(self.data.get("catches", ()))
        allowed = {"b": catches + (self.id,), "t": catches}
        for k, space in enumerate(v):
            if len(space) > hold:
                raise ValueError(f"{where}: Himono licence {k + 1} holds at most {hold} barrels or tokens, not "
                                 f"{len(space)} (000:474)")
            for item in space:
                what, sep, kind = item.partition(":") if isinstance(item, str) else ("", "", "")
                if not sep or what not in allowed or kind not in allowed[what]:
                    raise ValueError(f"{where}: {item!r:.40} on Himono licence {k + 1} is neither a barrel "
                                     f"'b:<fish>' of {', '.join(allowed['b'])} nor a token 't:<kind>' of "
                                     f"{', '.join(allowed['t'])} (000:472-474)")
                if kind not in s.fish:
                    raise ValueError(f"{where}: {item!r} on Himono licence {k + 1}, but the {self.R.m[kind].name} "
                                     "market is not in play")
        return [list(x) for x in v]

    def dump_seat(self, v) -> list:
        return [list(h) for h in v]

    def count_seat(self, v, counts: dict) -> None:
        """Barrels and tokens lying on the licences (000:474)."""
        for space in v:
            for item in space:
                what, _, kind = item.partition(":")
                if what == "b":
                    counts[f"barrels:{kind}"] = counts.get(f"barrels:{kind}", 0) + 1
                else:
                    self.R.count_tokens({kind: 1}, counts)

    def check_ship_load(self, load: list, where: str) -> None:
        if len({barrel_fish(x) for x in load}) > 1:
            raise ValueError(f"{where}: a ship using a Himono licence carries one kind of fish (000:468)")

    def check_boats(self, st: dict, where: str) -> None:
        """Never more than 2 barrels caught with one Himono licence at sea (000:470)."""
        limit = int(self.data.get("caught_at_sea_limit", 2))
        per: dict = {}
        for b in st["boats"]:
            for x in b["load"]:
                use = x.partition("/")[2]
                if ":" in use:
                    per[use] = per.get(use, 0) + 1
        for use, n in sorted(per.items()):
            if n > limit:
                raise ValueError(f"{where} has {n} barrels at sea caught with Himono licence "
                                 f"{int(use.split(':')[1]) + 1}; never more than {limit} (000:470)")

    # ---- explanations ---------------------------------------------------------------------------------------

    def explain(self, s, seat, key):
        if isinstance(key, str) and key.startswith("free:himono:"):
            me = s.seats[seat]
            parts = key.split(":")
            if seat != s.turn:
                return IllegalMove("you dry fish only in your own turn", RULE_HIMONO_DRY)
            if not me["licences"].get(self.id):
                return IllegalMove("you hold no Himono licence", RULE_HIMONO_DRY)
            if self.room(me) <= 0:
                return IllegalMove(f"each Himono licence holds up to {self.holds} barrels or tokens, and yours "
                                   "are full", RULE_HIMONO_DRY)
            kind = parts[-1]
            if kind not in self.kinds:
                return IllegalMove("only mackerel, horse mackerel and sardines are dried into himono",
                                   RULE_HIMONO_DRY)
            if len(parts) >= 3 and parts[2] == "barrel":
                row = LETTER_ROW.get(parts[3]) if len(parts) > 3 else None
                if row is None or len(parts) != 6 or [kind, row, parts[4]] not in me["harbour"]:
                    return IllegalMove(f"there is no such {kind.replace('_', ' ')} barrel on your harbour",
                                       RULE_HIMONO_DRY)
            elif not me["tokens"].get(kind):
                return IllegalMove(f"you have no {kind.replace('_', ' ')} token", RULE_HIMONO_DRY)
            return IllegalMove("fish are dried between actions in your turn", RULE_HIMONO_DRY)
        return super().explain(s, seat, key)

