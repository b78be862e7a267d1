"""Setting up the table (000:15-86)."""

from __future__ import annotations

from core.rng import Rng


from .data import BASE_EXTERNAL, BASE_FISH, EXTERNAL, FISH, count
from .overfishing import PAIRED
from .state import State, acct, add, new_seat


class Preparation:
    """Mixed into rules.Tsukiji."""

    # ==== set-up (000:15-86) ==============================================================

    def full_box(self, expansion: bool = False) -> dict:
        """Every piece of the game (000:5-13), and of the expansion when it is played (000:394-401)."""
        d = self.d
        fish = FISH if expansion else BASE_FISH
        kinds = [k for k in d.token_kinds if d.kind_fish[k] in fish and d.piece_total("tokens", k)]
        box = {"barrels": {f: d.pieces[f]["barrels"] for f in fish},
               "tokens": {k: d.piece_total("tokens", k) for k in kinds},
               "licences": {f: d.pieces[f]["licences"] for f in fish},
               "boats": dict(d.boats_total),
               "loans": d.total_loans, "shares": d.total_shares,
               "coolboxes": d.total_coolboxes, "carts": d.total_carts}
        if expansion:
            box["boats"].update(d.expansion_boats)
            for k in ("buyers", "expansion_markers", "ship_rental_markers"):
                box[k] = int(d.expansion[k])
        return box

    def select_markets(self, players: int, options: dict, rng: Rng) -> tuple[list[str], list[str]]:
        """000:17-31: Mackerel and Ships, then more drawn at random by player count.

        Options may force a market in or out; "newcomer" takes the hinted first markets
        (000:21) and leaves out Tuna (000:22) while others are left. The Auction is never
        used with fewer than 3 players (000:23).
        """
        d = self.d
        expansion = options.get("expansion") == "on"
        auction_ok = players >= d.auction_min_players
        if options.get("auction") == "in" and not auction_ok:
            raise ValueError("the Auction is not used with fewer than 3 players (000:23)")
        always = list(d.always)
        if expansion and options.get("table_mackerel") == "horse_mackerel":     # 000:405
            always = ["horse_mackerel" if m == "mackerel" else m for m in always]
        more = {"fish": int(options.get("more_fish", 0) or 0),                  # 000:590
                "external": int(options.get("more_external", 0) or 0)}
        chosen = []
        for kind, pool, extra in (("fish", FISH if expansion else BASE_FISH, d.extra_fish),
                                  ("external", EXTERNAL if expansion else BASE_EXTERNAL, d.extra_external)):
            base = [m for m in pool if m in always]
            forced = [m for m in pool if m not in always and options.get(m) == "in"]
            free = [m for m in pool if m not in always and options.get(m, "auto") == "auto"
                    and (m != "auction" or auction_ok)]
            want = max(0, extra[players] + more[kind] - len(forced))
            rng.shuffle(free)
            if kind == "fish" and options.get("selection") == "newcomer":
                first = [m for m in d.newcomer_fish if m in free]
                last = [m for m in free if m in d.not_for_newcomers]
                free = first + [m for m in free if m not in first and m not in last] + last
            picked = base + forced + free[:want]
            rest = free[want:]
            if expansion and kind == "external":                                # 000:409
                pair = [m for m in PAIRED if m in picked]
                if len(pair) == 1:
                    other = PAIRED[1 - PAIRED.index(pair[0])]
                    if options.get(other, "auto") != "out":
                        picked.append(other)
                        if other in rest:
                            rest.remove(other)
                elif len(pair) == 2 and rest:
                    extra_one = next((m for m in rest if m not in PAIRED), None)
                    if extra_one:
                        picked.append(extra_one)
                        rest.remove(extra_one)
            chosen.append([m for m in pool if m in picked])
            chosen.append(rest)
        return chosen[0], chosen[2], {"fish": chosen[1], "external": chosen[3]}

    def setup(self, players: int, options: dict, rng: Rng) -> State:
        d = self.d
        s = State.for_table(players, options)
        s.box = self.full_box(s.expansion)
        fish, ext, rest = self.select_markets(players, options, rng)
        if options.get("order") == "open":                          # 000:628
            s.order = rest
        # 000:39 — set aside one mackerel licence per player first; 000:45 — and one 1-hold ship.
        # Not when Horse Mackerel is on the table from the start (000:413, 000:428).
        horse = "horse_mackerel" in fish
        aside = 0 if horse else min(count(d.market["mackerel"]["set_aside_licences"], players),
                                    s.box["licences"]["mackerel"])
        s.box["licences"]["mackerel"] -= aside
        ships = min(players, s.box["boats"][d.start_ship])
        s.box["boats"][d.start_ship] -= ships
        if (aside < players and not horse) or ships < players:
            raise ValueError("not enough mackerel licences or 1-hold ships for every player")
        for f in fish:
            s.fish[f] = self.m[f].setup(s)
        for e in ext:
            s.ext[e] = self.m[e].setup(s)
        if s.expansion:
            self._expansion_boats(s, options)
        # 000:62 — each player's harbour.
        for seat in range(players):
            s.treasury.open(acct(seat), d.start_yen)
            st = new_seat()
            if s.expansion:                          # what markets keep on a seat (000:474, 000:564)
                for mk in self.seat_keepers:
                    st[mk.seat_field] = mk.seat_empty()
            st["licences"] = {} if horse else {d.start_licence: 1}
            st["boats"] = [{"type": d.start_ship, "at": "left", "load": []}]
            s.seats.append(st)
        # 000:94 — "whoever last drank water starts": the kiosk cannot ask, so the dice decide.
        s.turn = rng.below(players)
        self._begin_turn(s, rng, [])
        return s

    def _expansion_boats(self, s: State, options: dict) -> None:
        """000:420-421: the Blue Ship beside the 4-hold ship if chosen; the two 4-hold barges or
        the 6-hold barge on the Ships market, the other back in the box."""
        offer = s.ext["ships"]["boats"]
        if options.get("blue_ship") == "on" and s.box["boats"].get("blue"):
            s.box["boats"]["blue"] -= 1
            add(offer, "blue")
        if options.get("barges") == "two_four":
            n = offer.pop("barge", 0)
            add(s.box["boats"], "barge", n)
            k = min(2, s.box["boats"].get("barge4", 0))
            s.box["boats"]["barge4"] -= k
            add(offer, "barge4", k)
