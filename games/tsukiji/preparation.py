"""Setting up the table (000:15-86)."""

from __future__ import annotations

from core.rng import Rng


from .data import EXTERNAL, FISH, count
from .state import (State, acct, new_seat)


class Preparation:
    """Mixed into rules.Tsukiji."""

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
